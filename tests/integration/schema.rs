//! The committed JSON Schema files must match the code.

use crate::support::root;

#[test]
fn committed_schemas_are_current() {
    for (name, schema) in qm::build::schema_files() {
        let path = root().join("schema/json").join(name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        let current = String::from_utf8(qm::build::pretty(&schema).unwrap()).unwrap();
        assert!(
            committed == current,
            "{} is stale: run `cargo run -- schema --out-dir schema/json` and commit the result",
            path.display()
        );
    }
}
