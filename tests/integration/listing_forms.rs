//! `tests/fixtures-forms/frm`: a made-up nation whose listing holds a row of every cell form
//! the real listings print (issue 21's table) and no notes. What `avail`, `show` and the
//! counters make of it.

use qm_registry::NationRegistries;
use serde_json::Value;

use crate::support::{qm_on_data, root, run_qm};

/// `qm ARGS --data tests/fixtures-forms`: exit status and stdout.
fn qm(args: &[&str]) -> (i32, String) {
    let (code, stdout, _) = qm_on_data("tests/fixtures-forms", args);
    (code, stdout)
}

#[test]
fn the_forms_nation_checks_clean() {
    let data = root().join("tests/fixtures-forms");
    let out = run_qm(
        &["check", "--strict", "--data", data.to_str().unwrap()],
        &root(),
    );
    assert!(out.starts_with("exit: 0\n"), "{out}");
}

/// `qm avail frm --theater Any --date DATE --vehicle VEHICLE --json`: exit code and output.
fn avail_json(date: &str, vehicle: &str) -> (i32, String) {
    qm(&[
        "avail",
        "frm",
        "--theater",
        "Any",
        "--date",
        date,
        "--vehicle",
        vehicle,
        "--json",
    ])
}

/// A vehicle whose listing prints an RF range, in a nation without notes: the answer is
/// "unknown" with the reason, never an empty list that reads as "not available".
#[test]
fn avail_without_notes_says_unknown_with_the_reason() {
    let (code, json) = avail_json("3/42", "Ardent I");
    assert_eq!(code, 0, "{json}");
    let rows: Value = serde_json::from_str(&json).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{json}");
    let row = &rows[0];
    assert_eq!(row["vehicle"], "Ardent I");
    assert_eq!(row["rf"], Value::Null);
    assert_eq!(row["rf_range"]["text"], "1.2-1.4†");
    assert_eq!(row["rf_range"]["lower"], 1.2);
    assert_eq!(row["rf_range"]["upper"], 1.4);
    assert_eq!(row["period"]["text"], "1/41-12/43");
    assert_eq!(row["source"], "listing only: note 3 not in the data");
    let why = row["unknown"].as_str().unwrap();
    assert!(
        why.starts_with("RF unknown") && why.contains("1.2-1.4†"),
        "{why}"
    );

    // A vehicle with one RF answers with it, saying it is the listing's alone; its row has
    // no `unknown`.
    let (_, json) = avail_json("3/42", "Ardent V");
    let rows: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(rows[0]["rf"], 1.2);
    assert_eq!(rows[0]["source"], "listing only (the data has no notes)");
    assert!(rows[0].get("unknown").is_none(), "{json}");

    // Outside its DATES there is nothing to say: an empty answer.
    let (_, json) = avail_json("3/40", "Ardent I");
    assert_eq!(json.trim(), "[]");
}

#[test]
fn avail_show_and_explain_print_unknown_in_words() {
    let (code, table) = qm(&["avail", "frm", "--theater", "Any", "--date", "3/42"]);
    assert_eq!(code, 0, "{table}");
    assert!(
        table.starts_with(
            "frm vehicles available in any theater in 3/42: 6, and 1 more whose RF the data does not give (unknown, not unavailable)\n"
        ),
        "{table}"
    );
    let line = table
        .lines()
        .find(|l| l.starts_with("Ardent I "))
        .unwrap_or_else(|| panic!("{table}"));
    assert!(line.contains("  ?  1/41-12/43"), "{line}");
    assert!(
        line.contains("listing only: note 3 not in the data; RF unknown"),
        "{line}"
    );

    let (code, show) = qm(&["show", "frm", "Ardent I"]);
    assert_eq!(code, 0, "{show}");
    assert!(!show.contains("(none resolved)"), "{show}");
    assert!(
        show.contains("RF   ?  (listing only: note 3 not in the data; RF unknown"),
        "{show}"
    );
    let (_, json) = qm(&["show", "frm", "Ardent I", "--json"]);
    let view: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(view["availability"][0]["rf"], Value::Null);
    assert_eq!(view["availability"][0]["rf_range"]["text"], "1.2-1.4†");

    let (code, explain) = qm(&["explain", "frm", "Ardent I"]);
    assert_eq!(code, 0, "{explain}");
    assert!(
        explain.contains(
            "unknown: any theater 1/41-12/43 RF ? (the listing prints the range 1.2-1.4†"
        ),
        "{explain}"
    );
    assert!(explain.contains("notes the data lacks: 3"), "{explain}");
}

/// The forms nation as `qm build` sees it.
fn forms_nation() -> qm_schema::Nation {
    let compiled =
        qm_compile::pipeline::compile(&root().join("tests/fixtures-forms"), &Default::default());
    assert!(!compiled.failed(true), "the forms nation compiles");
    compiled.nations.into_iter().next().expect("frm")
}

/// Every vehicle's counter, front then back, as SVG: each form of the table drawn as the
/// listing prints it (a snapshot per vehicle, named by its id).
#[test]
fn counters_of_every_form() {
    use qm_render::{counter_svg, CounterOptions};
    use qm_schema::CounterSide;
    let t = qm_render::templates::Templates::new(None);
    let n = forms_nation();
    let opts = CounterOptions::default();
    for v in &n.vehicles {
        let sides: Vec<String> = [CounterSide::Front, CounterSide::Back]
            .into_iter()
            .map(|side| counter_svg(&n, v, side, &t, &opts).unwrap())
            .collect();
        insta::with_settings!({ filters => crate::support::DATA_URI_FILTERS.to_vec() }, {
            insta::assert_snapshot!(format!("forms_counter_{}", v.id), sides.join("\n"));
        });
    }
}

/// The text a counter side draws for an item (`data-item="KIND"`), as printed.
fn drawn(svg: &str, item: &str) -> Option<String> {
    let at = svg.find(&format!("data-item=\"{item}\""))?;
    let rest = &svg[at..];
    let start = rest.find("<tspan")?;
    let text_at = start + rest[start..].find('>')? + 1;
    let end = text_at + rest[text_at..].find("</tspan>")?;
    Some(rest[text_at..end].to_string())
}

/// A dagger is drawn after the part of the cell it follows, not after the whole value.
#[test]
fn a_dagger_is_drawn_on_the_part_it_follows() {
    use qm_render::{counter_svg, CounterOptions};
    use qm_schema::CounterSide;
    let t = qm_render::templates::Templates::new(None);
    let n = forms_nation();
    let opts = CounterOptions::default();
    let side = |id: &str, side: CounterSide| {
        let v = n.vehicles.iter().find(|v| v.id == id).unwrap();
        counter_svg(&n, v, side, &t, &opts).unwrap()
    };
    // `11†/4`: the front factor's.
    let front = side("ardent-i", CounterSide::Front);
    assert_eq!(
        drawn(&front, "armor_front").as_deref(),
        Some("11†"),
        "{front}"
    );
    assert_eq!(drawn(&front, "armor_side").as_deref(), Some("4"), "{front}");
    // `6†T/3†T`: each turret facing's.
    let front = side("ardent-iv", CounterSide::Front);
    assert_eq!(
        drawn(&front, "armor_front").as_deref(),
        Some("6†T"),
        "{front}"
    );
    assert_eq!(
        drawn(&front, "armor_side").as_deref(),
        Some("3†T"),
        "{front}"
    );
    // `9PP†/T8`: the passengers', not the towing's.
    let svgs = [
        side("ardent-iii", CounterSide::Front),
        side("ardent-iii", CounterSide::Back),
    ];
    let capacity = svgs
        .iter()
        .find_map(|s| drawn(s, "capacity"))
        .unwrap_or_else(|| panic!("{svgs:?}"));
    assert_eq!(capacity, "9PP†/T8");
    // `4×2†`: the coaxial MGs' cell, drawn as printed.
    let front = side("ardent-ii", CounterSide::Front);
    assert_eq!(drawn(&front, "mg_coax").as_deref(), Some("4×2†"), "{front}");
}

/// A parenthesized line without TYPE that prints its own BPV, RF and DATES is the vehicle
/// above's other configuration: on its chart row and its counter's back, not a vehicle.
#[test]
fn a_priced_second_line_is_the_vehicle_above() {
    let compiled =
        qm_compile::pipeline::compile(&root().join("tests/fixtures-forms"), &Default::default());
    assert!(!compiled.failed(true), "the forms nation compiles");
    let types = &compiled.loaded.registries_of("frm").types;
    let n = &compiled.nations[0];
    assert!(n.vehicles.iter().all(|v| !v.name.starts_with('(')));
    let wagon = n.vehicles.iter().find(|v| v.id == "flak-wagon").unwrap();
    let other = wagon.other_configuration.as_ref().expect("its second line");
    assert_eq!(other.bpv.as_ref().and_then(|f| f.value), Some(31));
    assert_eq!(other.rf.as_ref().unwrap().raw, "1.6†");
    assert_eq!(other.dates.as_ref().unwrap().raw, "45");
    // The line's RF and DATES give no availability: the vehicle's own DATES only.
    let own = wagon.dates.value.as_ref().unwrap();
    assert!(!wagon.availability.is_empty());
    assert!(
        wagon.availability.iter().all(|a| &a.period == own),
        "{:?}",
        wagon.availability
    );
    assert!(wagon.availability_unknown.is_empty());

    let chart = qm_render::chart_model(n, types);
    let row = chart
        .groups
        .iter()
        .flat_map(|g| &g.rows)
        .find(|r| r.id == "flak-wagon-other")
        .expect("a row under the vehicle");
    let texts: Vec<&str> = row.cells.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        texts[..8],
        ["(Without rails)", "", "5", "", "31", "", "1.6†", "45"]
    );
}
