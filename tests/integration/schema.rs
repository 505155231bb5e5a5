//! The committed JSON Schema files must match the code.

use crate::support::root;

#[test]
fn committed_schemas_are_current() {
    // The files a build writes and validates against are these, byte for byte.
    let generated = qm_export::build::schema_files();
    let names: Vec<&str> = generated.iter().map(|(n, _)| *n).collect();
    let built: Vec<&str> = qm_schema::SCHEMA_FILES.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, built);
    for ((name, schema), (_, built)) in generated.into_iter().zip(qm_schema::SCHEMA_FILES) {
        let path = root().join("schema/json").join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let current = String::from_utf8(qm_export::build::pretty(&schema).unwrap()).unwrap();
        assert!(
            committed == current && built == current,
            "{} is stale: run `cargo run -- schema --out-dir schema/json` and commit the result",
            path.display()
        );
    }
}

/// A build validates a nation without its vehicles, then each vehicle, against schemas made
/// from the committed nation schema for the validator (annotations out, only the definitions
/// each refers to): the IR of a nation, each value broken in turn, gets the same findings
/// from these two validators (each vehicle's at `/vehicles/<i>`) as from the whole generated
/// nation schema.
#[test]
fn the_validation_schemas_give_the_generated_schemas_verdicts() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let nation = compiled.nations.iter().find(|n| !n.vehicles.is_empty());
    let mut doc = serde_json::to_value(nation.unwrap()).unwrap();
    // Three vehicles are enough to break every kind of vehicle value, and keep the test short.
    doc["vehicles"].as_array_mut().unwrap().truncate(3);
    let whole = qm_schema::SchemaValidator::new(&qm_schema::generated_nation_schema()).unwrap();
    let (shell, vehicle) = qm_schema::nation_validation_schemas();
    let shell = qm_schema::SchemaValidator::prepared(&shell).unwrap();
    let vehicle = qm_schema::SchemaValidator::prepared(&vehicle).unwrap();
    let mut tape = qm_schema::Tape::new();
    let mut split = |doc: &serde_json::Value| {
        let mut doc = doc.clone();
        let vehicles = std::mem::replace(&mut doc["vehicles"], serde_json::json!([]));
        let mut found = shell.validate(&doc, &mut tape).unwrap();
        for (i, v) in vehicles.as_array().unwrap().iter().enumerate() {
            for mut f in vehicle.validate(v, &mut tape).unwrap() {
                f.instance_path = format!("/vehicles/{i}{}", f.instance_path);
                found.push(f);
            }
        }
        let mut found: Vec<String> = found.iter().map(ToString::to_string).collect();
        found.sort();
        found
    };
    let mut tape2 = qm_schema::Tape::new();
    let mut all = |doc: &serde_json::Value| {
        let mut found: Vec<String> = whole
            .validate(doc, &mut tape2)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect();
        found.sort();
        found
    };
    assert_eq!(split(&doc), Vec::<String>::new());
    assert_eq!(all(&doc), Vec::<String>::new());
    let mut broken = 0;
    for pointer in pointers(&doc) {
        for bad in [
            serde_json::json!("twenty"),
            serde_json::json!(-1),
            serde_json::json!({}),
        ] {
            let mut d = doc.clone();
            *d.pointer_mut(&pointer).unwrap() = bad;
            let (s, a) = (split(&d), all(&d));
            assert_eq!(s, a, "{pointer}");
            broken += usize::from(!a.is_empty());
        }
    }
    assert!(broken > 100, "{broken}");
}

/// The JSON pointer of every value of `doc` (every 5th, to keep the test short), the root
/// left out.
fn pointers(doc: &serde_json::Value) -> Vec<String> {
    fn walk(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    walk(
                        v,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    );
                }
            }
            serde_json::Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    walk(v, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(doc, String::new(), &mut out);
    out.into_iter().skip(1).step_by(5).collect()
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
    let (_, schema) = qm_schema::nation_validation_schemas();
    let validator = qm_schema::SchemaValidator::prepared(&schema).unwrap();
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
