//! The schemas a build validates against, made from the committed schema files for the
//! validator alone: the same verdict on every document, less to compile.
//!
//! The committed nation schema is 200 KB, most of it descriptions, and holds the definitions of
//! the nation and of the vehicle together. The validator is given each schema read once,
//! changed in place (no copy of the whole), without its annotations (`description`, `title`,
//! `examples`, `default`: no document passes or fails by them) and, for the nation without
//! its vehicles and for one vehicle, with only the definitions each refers to.

use std::collections::BTreeSet;

use serde_json::{Map, Value};

/// The JSON Schema files as committed in `schema/json/`, byte for byte: what `qm build` writes
/// and validates against. A test keeps them equal to the schemas generated from the IR
/// ([`crate::generated_nation_schema`], `qm schema`), so a build neither generates nor pretty-prints
/// them (schemars and the printing of 200 KB cost many times reading them).
pub const SCHEMA_FILES: [(&str, &str); 3] = [
    (
        "nation.schema.json",
        include_str!("../json/nation.schema.json"),
    ),
    (
        "scenario.schema.json",
        include_str!("../json/scenario.schema.json"),
    ),
    (
        "scenario-file.schema.json",
        include_str!("../json/scenario-file.schema.json"),
    ),
];

/// Keywords that say something about a value and check nothing.
const ANNOTATIONS: [&str; 5] = ["description", "title", "examples", "default", "$comment"];

/// Keywords whose value is a map of names to schemas.
const SCHEMA_MAPS: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// Keywords whose value is a list of schemas.
const SCHEMA_LISTS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value is one schema (or, for `items` of older drafts, a list of them).
const SCHEMAS: [&str; 11] = [
    "items",
    "additionalItems",
    "additionalProperties",
    "unevaluatedItems",
    "unevaluatedProperties",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
];

/// The nation schema without its vehicles (`/properties/vehicles` an empty list) and the
/// schema of one vehicle (the nation schema's `Vehicle` definition), each with only the
/// definitions it refers to, for the validator ([`for_validator`]).
pub fn nation_validation_schemas() -> (Value, Value) {
    let mut nation: Value = serde_json::from_str(SCHEMA_FILES[0].1).unwrap_or(Value::Null);
    for_validator(&mut nation);
    let Some(root) = nation.as_object_mut() else {
        return (Value::Null, Value::Null);
    };
    let mut defs = match root.remove("$defs") {
        Some(Value::Object(defs)) => defs,
        _ => Map::new(),
    };
    if let Some(vehicles) = root
        .get_mut("properties")
        .and_then(|p| p.get_mut("vehicles"))
    {
        *vehicles = serde_json::json!({ "type": "array", "maxItems": 0 });
    }
    let mut vehicle = defs.remove("Vehicle").unwrap_or(Value::Null);
    let vehicle_defs = referred(&vehicle, &defs, Some("Vehicle"));
    let shell_defs = referred(&nation, &defs, None);
    let mut taken = |names: &BTreeSet<String>, other: &BTreeSet<String>| -> Map<String, Value> {
        let mut out = Map::new();
        // In the committed order, so that the validator meets them as the file has them.
        let order: Vec<String> = defs
            .keys()
            .filter(|k| names.contains(*k))
            .cloned()
            .collect();
        for name in order {
            let def = if other.contains(&name) {
                defs.get(&name).cloned()
            } else {
                defs.remove(&name)
            };
            if let Some(def) = def {
                out.insert(name, def);
            }
        }
        out
    };
    let vehicle_map = taken(&vehicle_defs, &shell_defs);
    let shell_map = taken(&shell_defs, &BTreeSet::new());
    let dialect = nation.get("$schema").cloned();
    if let Some(root) = nation.as_object_mut() {
        root.insert("$defs".into(), Value::Object(shell_map));
    }
    if let Some(v) = vehicle.as_object_mut() {
        if vehicle_defs.contains("Vehicle") {
            // Its own definition, for its references to itself.
            let mut with_self = vehicle_map.clone();
            with_self.insert("Vehicle".into(), Value::Object(v.clone()));
            v.insert("$defs".into(), Value::Object(with_self));
        } else {
            v.insert("$defs".into(), Value::Object(vehicle_map));
        }
        if let Some(d) = dialect {
            v.insert("$schema".into(), d);
        }
    }
    (nation, vehicle)
}

/// The committed scenario schema for the validator ([`for_validator`]).
pub fn scenario_validation_schema() -> Value {
    let mut scenario: Value = serde_json::from_str(SCHEMA_FILES[1].1).unwrap_or(Value::Null);
    for_validator(&mut scenario);
    scenario
}

/// Makes `schema` what the validator is given, in place: without annotations, and with each
/// `oneOf` of distinct string constants (an enum of documented unit variants) written as the
/// `enum` it is equivalent to (one lookup per value instead of a check per variant).
pub fn for_validator(schema: &mut Value) {
    strip_annotations(schema);
    enums_in_place(schema);
}

/// Takes the annotation keywords out of every schema inside `schema` (never a property that
/// happens to be named like one).
fn strip_annotations(schema: &mut Value) {
    let Value::Object(map) = schema else {
        return;
    };
    map.retain(|k, _| !ANNOTATIONS.contains(&k.as_str()));
    for (key, value) in map.iter_mut() {
        let key = key.as_str();
        if SCHEMA_MAPS.contains(&key) {
            if let Value::Object(m) = value {
                m.values_mut().for_each(strip_annotations);
            }
        } else if SCHEMA_LISTS.contains(&key) || SCHEMAS.contains(&key) {
            match value {
                Value::Array(items) => items.iter_mut().for_each(strip_annotations),
                other => strip_annotations(other),
            }
        }
    }
}

/// Each `oneOf` of distinct string constants written as an `enum`, in place.
pub(crate) fn enums_in_place(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            let consts = map
                .get("oneOf")
                .and_then(string_constants)
                .filter(|_| !map.contains_key("enum"));
            if let Some(consts) = consts {
                // The `enum` where the `oneOf` was.
                let old = std::mem::take(map);
                for (key, value) in old {
                    if key == "oneOf" {
                        map.insert("enum".into(), Value::Array(consts.clone()));
                    } else {
                        map.insert(key, value);
                    }
                }
            }
            map.values_mut().for_each(enums_in_place);
        }
        Value::Array(items) => items.iter_mut().for_each(enums_in_place),
        _ => {}
    }
}

/// The names of the definitions `schema` refers to (`"$ref": "#/$defs/<name>"`), directly or
/// through other definitions of `defs`; `itself` is the name `schema` has among them, if any.
/// A reference of any other form keeps every definition.
fn referred(schema: &Value, defs: &Map<String, Value>, itself: Option<&str>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut queue = Vec::new();
    refs(schema, &mut queue);
    while let Some(name) = queue.pop() {
        if name.is_empty() {
            return defs
                .keys()
                .cloned()
                .chain(itself.map(String::from))
                .collect();
        }
        if !found.insert(name.clone()) {
            continue;
        }
        if Some(name.as_str()) == itself {
            continue;
        }
        if let Some(def) = defs.get(&name) {
            refs(def, &mut queue);
        }
    }
    found
}

/// Every definition name `value` refers to by `$ref` (an empty name for a reference to
/// anything else than a whole definition).
fn refs(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                match (key.as_str(), v) {
                    ("$ref", Value::String(r)) => {
                        let name = r.strip_prefix("#/$defs/").unwrap_or_default();
                        let plain = !name.contains(['/', '~', '%']);
                        out.push(if plain {
                            name.to_string()
                        } else {
                            String::new()
                        });
                    }
                    _ => refs(v, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| refs(v, out)),
        _ => {}
    }
}

/// The constants of `oneOf` branches that each only say "the string X" (with a description
/// or title at most), when they are distinct: then exactly one branch holds for each of them
/// and none for anything else, which is what `enum` says.
fn string_constants(branches: &Value) -> Option<Vec<Value>> {
    let branches = branches.as_array()?;
    let mut consts: Vec<Value> = Vec::with_capacity(branches.len());
    for b in branches {
        let b = b.as_object()?;
        let only_annotations = b
            .keys()
            .all(|k| matches!(k.as_str(), "type" | "const" | "description" | "title"));
        let string_type = b.get("type").is_none_or(|t| t == "string");
        let c = b.get("const").filter(|c| c.is_string())?;
        if !only_annotations || !string_type || consts.contains(c) {
            return None;
        }
        consts.push(c.clone());
    }
    (!consts.is_empty()).then_some(consts)
}
