//! Pass 4b: two RFs the notes state for the same months of one vehicle in one theater ("6-12/40
//! (1.5) and 6-12/40 (1.6)"; "RF is 1.6 in 1941. RF is 1.5 in 1941.") contradict each other:
//! an error naming both sentences, never two entries of which a query answers the first.

use qm_parser::{Diagnostic, SourceMap, TextSpan};

use super::stated::{Raw, Subject};

/// Every pair of stated entries (both blamed on note text) that overlap in one theater with
/// different RFs, reported once per pair of texts.
pub fn contradictions(subject: &Subject, raw: &[Raw], diags: &mut Vec<Diagnostic>) {
    let mut reported: Vec<(TextSpan, TextSpan)> = Vec::new();
    for (i, a) in raw.iter().enumerate() {
        let Some(sa) = &a.blame else { continue };
        for b in &raw[..i] {
            let Some(sb) = &b.blame else { continue };
            let clash = b.theater == a.theater && a.period.overlaps(&b.period) && a.rf != b.rf;
            if !clash || reported.iter().any(|(x, y)| x == sa && y == sb) {
                continue;
            }
            reported.push((sa.clone(), sb.clone()));
            let months = a.period.intersect(&b.period).unwrap_or(a.period);
            let d = Diagnostic::error(
                "notes::contradictory-rf",
                format!(
                    "failed to tell the RF of {} for {} in {} (the notes give {} and {})",
                    subject.item.name(),
                    months,
                    subject.rules.theaters.name(&a.theater),
                    b.rf,
                    a.rf
                ),
                sa.clone(),
            )
            .with_label(format!("RF {}", a.rf))
            .with_note(format!(
                "the other: `{}` (RF {})",
                text(subject.map, sb),
                b.rf
            ))
            .with_help("two RFs cannot both hold for one month; correct one with an erratum");
            diags.push(d);
        }
    }
}

/// The text under `span`, as read.
fn text(map: &SourceMap, span: &TextSpan) -> String {
    map.get(span.file)
        .and_then(|s| s.text.get(span.range.clone()))
        .unwrap_or("?")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
