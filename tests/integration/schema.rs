//! The committed JSON Schema files must match the code.

use crate::support::root;

#[test]
fn committed_schemas_are_current() {
    for (name, schema) in qm_export::build::schema_files() {
        let path = root().join("schema/json").join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let current = String::from_utf8(qm_export::build::pretty(&schema).unwrap()).unwrap();
        assert!(
            committed == current,
            "{} is stale: run `cargo run -- schema --out-dir schema/json` and commit the result",
            path.display()
        );
    }
}

/// The schema check reads the IR from a tape; the tape must hold exactly the JSON that
/// `serde_json` writes for it, vehicle by vehicle and for the nation around them.
#[test]
fn the_validated_tape_is_the_written_json() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let mut tape = qm_schema::Tape::new();
    for nation in &compiled.nations {
        tape.fill(nation).unwrap();
        assert_eq!(tape.to_value(), serde_json::to_value(nation).unwrap());
        for v in &nation.vehicles {
            tape.fill(v).unwrap();
            assert_eq!(
                tape.to_value(),
                serde_json::to_value(v).unwrap(),
                "{}",
                v.id
            );
        }
    }
    for s in &compiled.scenarios {
        tape.fill(s).unwrap();
        assert_eq!(tape.to_value(), serde_json::to_value(s).unwrap());
    }
}

/// A vehicle that breaks the schema (here: a BPV that is text) is reported with the JSON path
/// of the bad value, never accepted.
#[test]
fn a_vehicle_breaking_the_schema_is_reported_at_its_path() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let nation = compiled.nations.iter().find(|n| !n.vehicles.is_empty());
    let vehicle = &nation.unwrap().vehicles[0];
    let schema = qm_schema::schema_value::<qm_schema::Vehicle>();
    let validator = qm_schema::SchemaValidator::new(&schema).unwrap();
    let mut tape = qm_schema::Tape::new();
    assert_eq!(validator.validate(vehicle, &mut tape).unwrap(), vec![]);
    let mut broken = serde_json::to_value(vehicle).unwrap();
    broken["bpv"]["value"] = "twenty".into();
    broken["counter"] = serde_json::Value::Null;
    let found = validator.validate(&broken, &mut tape).unwrap();
    let paths: Vec<&str> = found.iter().map(|v| v.instance_path.as_str()).collect();
    assert!(paths.contains(&"/bpv/value"), "{found:?}");
    assert!(paths.contains(&"/counter"), "{found:?}");
}
