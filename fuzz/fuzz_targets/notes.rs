//! Feeds arbitrary bytes (lossy UTF-8) to `parse_notes` and `parse_availability`: neither may
//! panic, and every span must be a slice of the text (in bounds, on char boundaries), so the
//! diagnostics printer can always show it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use qm_parser::{
    parse_availability, parse_notes, ClauseKind, Diagnostic, FileId, Source, TextSpan,
};

fn check(text: &str, span: &TextSpan) {
    let r = &span.range;
    assert!(
        r.start <= r.end && r.end <= text.len(),
        "span {r:?} outside {} bytes",
        text.len()
    );
    assert!(
        text.is_char_boundary(r.start) && text.is_char_boundary(r.end),
        "span {r:?} splits a char"
    );
}

fn check_all(text: &str, diagnostics: &[Diagnostic]) {
    for d in diagnostics {
        if let Some(s) = &d.span {
            check(text, s);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let source = Source::new(FileId(0), "fuzz/notes.md", text.as_ref());
    let notes = parse_notes(&source, None);
    check_all(&source.text, &notes.diagnostics);
    for note in &notes.value.notes {
        check(&source.text, &note.span);
        for q in &note.notations {
            check(&source.text, &q.span);
        }
        for rule in &note.rules {
            for c in &rule.availability {
                check(&source.text, &c.span);
            }
        }
    }

    // The same bytes as one availability sentence placed after a prefix, so spans must be
    // offset by the base.
    let prefix = "x ";
    let whole = format!("{prefix}{text}");
    let avail = parse_availability(&whole[prefix.len()..], prefix.len(), FileId(0), None);
    check_all(&whole, &avail.diagnostics);
    for c in &avail.value {
        check(&whole, &c.span);
        if let ClauseKind::Unreadable {
            stopped_at: Some(at),
        } = &c.kind
        {
            check(&whole, &at.span);
        }
    }
});
