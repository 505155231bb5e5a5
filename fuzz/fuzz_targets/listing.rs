//! Feeds arbitrary bytes (lossily decoded) to `parse_listing` and checks what must hold for
//! any input: no panic, and every span is a slice of the text it points into.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qm_parser::{parse_listing, Cell, FileId, Source, TextSpan};

fn check_span(text: &str, span: &TextSpan) {
    assert!(
        text.get(span.range.clone()).is_some(),
        "span {:?} is not a slice of the text",
        span.range
    );
}

fn check_cell<T>(text: &str, cell: &Cell<T>) {
    check_span(text, &cell.span);
    assert_eq!(&text[cell.span.range.clone()], cell.raw);
}

fn check_opt<T>(text: &str, cell: &Option<Cell<T>>) {
    if let Some(c) = cell {
        check_cell(text, c);
    }
}

fuzz_target!(|data: &[u8]| {
    let source = Source::new(FileId(0), "fuzz", String::from_utf8_lossy(data));
    let text = source.text.as_str();
    let parsed = parse_listing(&source);
    for d in &parsed.diagnostics {
        if let Some(span) = &d.span {
            check_span(text, span);
        }
    }
    for h in &parsed.value.headers {
        check_span(text, &h.span);
    }
    for r in &parsed.value.rows {
        check_span(text, &r.span);
        check_cell(text, &r.name);
        check_opt(text, &r.radioless);
        check_opt(text, &r.weight);
        check_opt(text, &r.vehicle_type);
        check_opt(text, &r.bpv);
        check_opt(text, &r.rf);
        check_opt(text, &r.dates);
        check_opt(text, &r.size);
        check_opt(text, &r.armor);
        check_opt(text, &r.target_aspect);
        check_opt(text, &r.open_top);
        check_opt(text, &r.crew_survival);
        check_opt(text, &r.mp);
        check_opt(text, &r.ground_pressure);
        check_opt(text, &r.turret);
        check_opt(text, &r.main_armament);
        check_opt(text, &r.rof);
        check_opt(text, &r.breakdown);
        check_opt(text, &r.if_mark);
        check_opt(text, &r.mg_bow);
        check_opt(text, &r.mg_coax);
        check_opt(text, &r.mg_aa);
        check_opt(text, &r.secondary);
        check_opt(text, &r.ammo);
        check_opt(text, &r.capacity);
        for n in &r.note_refs {
            check_cell(text, n);
        }
        // A cell is an error exactly when a diagnostic was reported for it.
        if r.name.is_error() || r.bpv.as_ref().is_some_and(Cell::is_error) {
            assert!(parsed.has_errors());
        }
    }
});
