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

/// "A handful reached the Kesh Hills in 1945 (RF 1.6). From 1946 to 1948 it served there
/// with an RF of 1.3": an open end runs until a later statement of the notes gives the same
/// theater's months from then to its own end at another RF or for another faction; it stops
/// the month before them. A later period that ends before the open end does would leave
/// what follows it unsaid: the two stay, and contradict.
pub fn close_open_ends(raw: &mut [Raw]) {
    for i in 0..raw.len() {
        let (before, after) = raw.split_at_mut(i + 1);
        let a = &mut before[i];
        let Some(sa) = a.blame.clone().filter(|_| a.open) else {
            continue;
        };
        let later = after.iter().filter(|b| {
            b.theater == a.theater
                && b.blame.as_ref().is_some_and(|sb| {
                    sb.file == sa.file && sb.range.start >= sa.range.end && sb.range != sa.range
                })
                && b.period.from > a.period.from
                && b.period.from <= a.period.to
                && b.period.to >= a.period.to
                && (b.rf != a.rf || b.qualifiers != a.qualifiers)
        });
        if let Some(first) = later.map(|b| b.period.from).min() {
            a.period.to = first.pred();
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
