//! The tape holds what `serde_json::to_value` would, and validates like it.

use jsonschema::json::conformance;
use serde::Serialize;
use serde_json::{json, Value};

use crate::{SchemaValidator, Tape, TapeJson};

fn taped<T: Serialize + ?Sized>(value: &T) -> Value {
    let mut tape = Tape::new();
    tape.fill(value).unwrap();
    tape.to_value()
}

#[test]
fn the_tape_passes_the_validators_own_conformance_check() {
    let mut tape = Tape::new();
    tape.fill(&conformance::document()).unwrap();
    conformance::assert_conformance::<TapeJson>(&tape.root().unwrap());
}

#[derive(Serialize)]
enum Shape {
    Unit,
    Newtype(u8),
    Tuple(i8, String),
    Struct { a: bool },
}

#[derive(Serialize)]
#[serde(tag = "kind")]
enum Tagged {
    Gun { caliber: u16 },
}

#[derive(Serialize)]
struct Everything {
    text: String,
    ch: char,
    nothing: Option<u8>,
    some: Option<i64>,
    float: f64,
    infinite: f64,
    big: u128,
    shapes: Vec<Shape>,
    tagged: Tagged,
    map: std::collections::BTreeMap<u32, bool>,
    unit: (),
    tuple: (u8, &'static str),
}

#[test]
fn every_serde_form_is_written_as_serde_json_writes_it() {
    let value = Everything {
        text: "héllo \"x\"".into(),
        ch: 'é',
        nothing: None,
        some: Some(-3),
        float: 1.5,
        infinite: f64::INFINITY,
        big: 7,
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(4),
            Shape::Tuple(-1, "t".into()),
            Shape::Struct { a: true },
        ],
        tagged: Tagged::Gun { caliber: 47 },
        map: [(2, true), (10, false)].into_iter().collect(),
        unit: (),
        tuple: (1, "one"),
    };
    assert_eq!(taped(&value), serde_json::to_value(&value).unwrap());
    let nested = json!({"a": [[], {}, [1, [2, {"b": null}]], {"c": {"d": []}}], "e": "f"});
    assert_eq!(taped(&nested), nested);
}

#[test]
fn what_serde_json_refuses_the_tape_refuses() {
    let mut tape = Tape::new();
    assert!(tape.fill(&u128::MAX).is_err());
    let bad = [(vec![1u8], 1u8)]
        .into_iter()
        .collect::<std::collections::BTreeMap<_, _>>();
    assert!(tape.fill(&bad).is_err());
    assert!(serde_json::to_value(&bad).is_err());
}

#[test]
fn violations_carry_the_json_path_of_the_offending_value() {
    let schema = json!({
        "type": "object",
        "properties": {
            "list": {"type": "array", "items": {"type": "integer", "minimum": 5}},
            "name": {"enum": ["a", "b"]}
        },
        "required": ["name"]
    });
    let validator = SchemaValidator::new(&schema).unwrap();
    let mut tape = Tape::new();
    let ok = json!({"list": [5, 6], "name": "b"});
    assert_eq!(validator.validate(&ok, &mut tape).unwrap(), vec![]);
    let bad = json!({"list": [5, 4, "x"], "name": "c"});
    let found = validator.validate(&bad, &mut tape).unwrap();
    let paths: Vec<&str> = found.iter().map(|v| v.instance_path.as_str()).collect();
    assert_eq!(paths, ["/list/1", "/list/2", "/name"], "{found:?}");
    assert!(found[0].message.contains('4'), "{}", found[0].message);
    let missing = validator.validate(&json!({}), &mut tape).unwrap();
    assert_eq!(missing.len(), 1);
    assert!(
        missing[0].message.contains("name"),
        "{}",
        missing[0].message
    );
}

/// A `oneOf` of string constants is validated as the `enum` it is equivalent to: what passes
/// and what fails does not change, nor does a `oneOf` that is anything more.
#[test]
fn one_of_string_constants_validate_as_their_enum() {
    let schema = json!({
        "$defs": {
            "Side": {"oneOf": [
                {"description": "front", "type": "string", "const": "front"},
                {"type": "string", "const": "back"}
            ]},
            "Loose": {"oneOf": [{"type": "string"}, {"const": "x"}]}
        },
        "type": "object",
        "properties": {
            "side": {"$ref": "#/$defs/Side"},
            "loose": {"$ref": "#/$defs/Loose"}
        }
    });
    let simplified = super::validate::for_validation(&schema);
    assert_eq!(
        simplified["$defs"]["Side"],
        json!({"enum": ["front", "back"]})
    );
    assert_eq!(simplified["$defs"]["Loose"], schema["$defs"]["Loose"]);
    let validator = SchemaValidator::new(&schema).unwrap();
    let mut tape = Tape::new();
    let check = |doc: Value, tape: &mut Tape| validator.validate(&doc, tape).unwrap().len();
    assert_eq!(check(json!({"side": "back", "loose": "y"}), &mut tape), 0);
    assert_eq!(check(json!({"side": "wreck"}), &mut tape), 1);
    assert_eq!(check(json!({"side": 1}), &mut tape), 1);
    // "x" is a string and the constant: both branches, so `oneOf` fails.
    assert_eq!(check(json!({"loose": "x"}), &mut tape), 1);
}
