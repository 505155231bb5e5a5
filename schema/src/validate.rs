use std::fmt;

use schemars::JsonSchema;

use crate::{Nation, Scenario};

/// The JSON Schema of the nation document, as committed in `schema/nation.schema.json`.
pub fn nation_schema() -> serde_json::Value {
    schema_value::<Nation>()
}

/// The JSON Schema of a resolved scenario (`out/scenarios/<id>.json`).
pub fn scenario_schema() -> serde_json::Value {
    schema_value::<Scenario>()
}

/// The JSON Schema of any IR type, as a JSON value.
pub fn schema_value<T: JsonSchema>() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(T)).unwrap_or(serde_json::Value::Null)
}

/// One way a document breaks its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaViolation {
    /// JSON pointer to the offending value (e.g. `/vehicles/3/bpv`).
    pub instance_path: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SchemaViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.instance_path, self.message)
    }
}

/// Validates `doc` against `schema`; every violation is returned, none is fatal.
pub fn validate(schema: &serde_json::Value, doc: &serde_json::Value) -> Vec<SchemaViolation> {
    match SchemaValidator::new(schema) {
        Ok(v) => v.validate(doc),
        Err(e) => vec![e],
    }
}

/// A schema compiled once, for validating many documents (every vehicle of every nation).
pub struct SchemaValidator(jsonschema::Validator);

impl SchemaValidator {
    /// Compiles `schema`; a schema that does not compile is reported as a violation.
    pub fn new(schema: &serde_json::Value) -> Result<Self, SchemaViolation> {
        jsonschema::validator_for(schema)
            .map(Self)
            .map_err(|e| SchemaViolation {
                instance_path: String::new(),
                message: format!("failed to compile the schema ({e})"),
            })
    }

    /// Every way `doc` breaks the schema.
    pub fn validate(&self, doc: &serde_json::Value) -> Vec<SchemaViolation> {
        self.0
            .iter_errors(doc)
            .map(|e| SchemaViolation {
                instance_path: e.instance_path().to_string(),
                message: e.to_string(),
            })
            .collect()
    }
}
