//! The IR of the repository's data, and its independence from line endings and BOMs.

use serde_json::Value;

use crate::support::root;

/// Every vehicle's listing fields as `column: raw => value`, one per line, for reading against
/// the published listing row by row.
fn listing_view(nation: &qm_schema::Nation) -> String {
    let mut out = String::new();
    for v in &nation.vehicles {
        let json = serde_json::to_value(v).unwrap();
        out.push_str(&format!("{} [{}] line {}\n", v.name, v.id, v.row.line));
        for (key, field) in json.as_object().unwrap() {
            let show = |f: &Value| {
                let value = serde_json::to_string(&f["value"]).unwrap();
                let dagger = if f["dagger"] == Value::Bool(true) {
                    " †"
                } else {
                    ""
                };
                format!("{:?} => {value}{dagger}", f["raw"].as_str().unwrap_or(""))
            };
            match field {
                Value::Object(f) if f.contains_key("raw") => {
                    out.push_str(&format!("  {key}: {}\n", show(field)));
                }
                Value::Array(items) if key == "note_refs" => {
                    let refs: Vec<String> = items.iter().map(show).collect();
                    out.push_str(&format!("  {key}: {}\n", refs.join(", ")));
                }
                _ => {}
            }
        }
        out.push_str(&format!("  dvp: {:?}\n", v.dvp));
    }
    out
}

#[test]
fn listing_ir_of_every_vehicle() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    assert_eq!(ita.vehicles.len(), 41, "every row of the published listing");
    assert!(ita.vehicles.iter().any(|v| v.name == "L5/21"));
    assert!(ita.vehicles.iter().any(|v| v.name == "L5/30"));
    insta::assert_snapshot!(listing_view(ita));
}

/// The listing values shared by a row and its second line are flattened into the vehicle's
/// JSON: they read back into the same vehicle (a tool reading `out/<nation>.json` with the
/// schema crate's types gets what `qm` wrote).
#[test]
fn every_vehicle_reads_back_from_its_json() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    for nation in &compiled.nations {
        for v in &nation.vehicles {
            let json = serde_json::to_string(v).unwrap();
            let back: qm_schema::Vehicle = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, v, "{}", v.name);
        }
    }
}

/// The IR as JSON with byte offsets removed (they differ when CR bytes or a BOM are added).
fn without_offsets(nation: &qm_schema::Nation) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                m.remove("start");
                m.remove("end");
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(nation).unwrap();
    strip(&mut v);
    v
}

#[test]
fn crlf_and_bom_parse_exactly_like_the_original() {
    let fixtures = root().join("tests/fixtures");
    // Compare each fixture's listing IR with a copy holding the repository's listing as is.
    let plain = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(plain.path().join("ita")).unwrap();
    for f in ["listing.tsv", "errata.toml"] {
        let from = if f == "listing.tsv" {
            root().join("data-src/ita").join(f)
        } else {
            fixtures.join("ok_crlf/ita").join(f)
        };
        std::fs::copy(from, plain.path().join("ita").join(f)).unwrap();
    }
    let expected = qm_compile::pipeline::compile(plain.path(), &Default::default());
    assert!(
        expected.diagnostics.is_empty(),
        "{:?}",
        expected.diagnostics
    );
    for name in ["ok_crlf", "ok_bom"] {
        let got = qm_compile::pipeline::compile(&fixtures.join(name), &Default::default());
        assert!(got.diagnostics.is_empty(), "{name}: {:?}", got.diagnostics);
        assert_eq!(
            without_offsets(&got.nations[0]),
            without_offsets(&expected.nations[0]),
            "{name}"
        );
    }
}

/// Every vehicle's resolved availability, radio, HEAT, optional armament, DVP and counter back,
/// one line each, for reading against the notes.
fn resolved_view(nation: &qm_schema::Nation) -> String {
    let names = qm_load::data_dir::built_in_registries().unwrap().theaters;
    let mut out = String::new();
    for v in &nation.vehicles {
        out.push_str(&format!(
            "{} (RF {}, DATES {})\n",
            v.name, v.rf.raw, v.dates.raw
        ));
        for a in &v.availability {
            let theaters: Vec<&str> = a.theaters.iter().map(|t| names.name(t)).collect();
            let q: Vec<String> = a
                .qualifiers
                .iter()
                .map(|q| nation.qualifier_text(q))
                .collect();
            let q = if q.is_empty() {
                String::new()
            } else {
                format!(" [{}]", q.join(", "))
            };
            out.push_str(&format!(
                "  {:<14} {:<11} {}{}  <- {}\n",
                theaters.join("/"),
                a.period.to_string(),
                a.rf,
                q,
                qm_compile::answers::origin_text(a)
            ));
        }
        for r in &v.radio {
            out.push_str(&format!("  radio {}: {}\n", r.period, r.has_radio));
        }
        if let Some(h) = v.heat_from {
            out.push_str(&format!("  HEAT from {h}\n"));
        }
        for o in &v.optional_armament {
            out.push_str(&format!(
                "  optional {} RF {} always={} theaters=[{}] period={:?}\n",
                o.weapon,
                o.rf,
                o.always_available,
                o.theaters
                    .iter()
                    .map(|t| t.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                o.period.map(|p| p.to_string())
            ));
        }
        for r in &v.restricted_use {
            let f: Vec<String> = r.periods.iter().map(|p| p.to_string()).collect();
            let name = nation.faction_name(&r.faction);
            out.push_str(&format!("  {name} only: {}\n", f.join(", ")));
        }
        out.push_str(&format!(
            "  DVP {} variable {:?}\n",
            v.dvp.value, v.dvp.variable
        ));
        for n in &v.counter.notations {
            out.push_str(&format!(
                "  back ({:?}{}, note {}): {}\n",
                n.side,
                if n.red { ", red" } else { "" },
                n.note,
                n.text
            ));
        }
    }
    out
}

#[test]
fn resolved_availability_and_counter_backs_of_every_vehicle() {
    let compiled = qm_compile::pipeline::compile(&root().join("data-src"), &Default::default());
    assert!(
        compiled.diagnostics.is_empty(),
        "{:?}",
        compiled.diagnostics
    );
    let ita = compiled.nations.iter().find(|n| n.id == "ita").unwrap();
    assert!(
        ita.vehicles.iter().all(|v| !v.availability.is_empty()),
        "every vehicle is available somewhere"
    );
    insta::assert_snapshot!(resolved_view(ita));
}
