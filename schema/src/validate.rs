use std::fmt;

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::{Nation, Scenario, Tape, TapeError, TapeJson};

/// The JSON Schema of the nation document generated from the IR (what `qm schema` writes).
pub fn generated_nation_schema() -> serde_json::Value {
    schema_value::<Nation>()
}

/// The JSON Schema of a resolved scenario generated from the IR.
pub fn generated_scenario_schema() -> serde_json::Value {
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
    let found = SchemaValidator::new(schema).map(|v| v.validate(doc, &mut Tape::new()));
    match found {
        Ok(Ok(found)) => found,
        Ok(Err(e)) => vec![SchemaViolation {
            instance_path: String::new(),
            message: e.to_string(),
        }],
        Err(e) => vec![e],
    }
}

/// A schema compiled once, for validating many documents (every vehicle of every nation).
///
/// Documents are validated as a [`Tape`], serialized straight from the IR: no
/// `serde_json::Value` is built unless a violation has to be described.
pub struct SchemaValidator(jsonschema::Validator<TapeJson>);

impl SchemaValidator {
    /// Compiles `schema`; a schema that does not compile is reported as a violation.
    ///
    /// The validator is given the schema with each `oneOf` of distinct string constants (an
    /// enum of documented unit variants) written as the `enum` it is equivalent to: exactly
    /// the same documents pass, with one lookup per value instead of a check per variant.
    pub fn new(schema: &serde_json::Value) -> Result<Self, SchemaViolation> {
        Self::prepared(&for_validation(schema))
    }

    /// Compiles `schema` as it is, already made for the validator
    /// ([`crate::for_validator`]: the schemas of [`crate::nation_validation_schemas`]).
    pub fn prepared(schema: &serde_json::Value) -> Result<Self, SchemaViolation> {
        jsonschema::options_for::<TapeJson>()
            .build(schema)
            .map(Self)
            .map_err(|e| SchemaViolation {
                instance_path: String::new(),
                message: format!("failed to compile the schema ({e})"),
            })
    }

    /// Every way `value`, as `serde_json` serializes it, breaks the schema. `tape` is scratch
    /// space, reused from call to call; an error is a value `serde_json` could not serialize
    /// either.
    pub fn validate<T: Serialize + ?Sized>(
        &self,
        value: &T,
        tape: &mut Tape,
    ) -> Result<Vec<SchemaViolation>, TapeError> {
        tape.fill(value)?;
        let Some(root) = tape.root() else {
            return Ok(Vec::new());
        };
        // Checking validity stops early and builds no error; the errors are collected only
        // for a document that has some (a bug).
        if self.0.is_valid(root) {
            return Ok(Vec::new());
        }
        Ok(self
            .0
            .iter_errors(root)
            .map(|e| SchemaViolation {
                instance_path: e.instance_path().to_string(),
                message: e.to_string(),
            })
            .collect())
    }
}

/// `schema` with every `oneOf` whose branches are distinct string constants replaced by the
/// equivalent `enum` (see [`SchemaValidator::new`]); everything else as it is.
pub(crate) fn for_validation(schema: &Value) -> Value {
    let mut schema = schema.clone();
    crate::validation_schema::enums_in_place(&mut schema);
    schema
}
