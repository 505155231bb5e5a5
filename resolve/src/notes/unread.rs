//! Nothing dropped: a rule sentence that names one of the nation's factions (its `ob.toml`
//! words, in any inflection) where no reading uses it ("Free French use only" as a sentence of
//! its own, "only the Free French may use it") would restrict nothing and answer for every
//! faction. Each such mention is an error at its words.

use qm_parser::{AvailabilityClause, ClauseKind, Diagnostic, NotesDoc, SourceMap, TextSpan};

use crate::factions::Factions;

/// Every faction mention of the notes' rule paragraphs that no clause reads.
pub fn unread_factions(
    map: &SourceMap,
    doc: &NotesDoc,
    factions: &Factions,
    diags: &mut Vec<Diagnostic>,
) {
    let rules = doc.notes.iter().flat_map(|n| &n.rules);
    for rule in rules {
        let span = &rule.paragraph.span;
        let Some(text) = map
            .get(span.file)
            .and_then(|s| s.text.get(span.range.clone()))
        else {
            continue;
        };
        let mut used = Vec::new();
        read_spans(&rule.availability, &mut used);
        for (start, end) in factions.mentions(text) {
            let at = span.range.start + start..span.range.start + end;
            if used.iter().any(|u| u.start <= at.start && at.end <= u.end) {
                continue;
            }
            diags.push(
                Diagnostic::error(
                    "notes::unread-faction",
                    format!(
                        "failed to read the faction `{}` (no reading of this sentence uses it: it would restrict nothing)",
                        &text[start..end]
                    ),
                    TextSpan::new(span.file, at),
                )
                .with_label("faction not read")
                .with_help(
                    "word the restriction as the notes' forms do (\"(1.3; X use only)\", \"availability in 1945 is limited to X only\") with an erratum",
                ),
            );
        }
    }
}

/// The spans of the faction words the clauses read.
fn read_spans(clauses: &[AvailabilityClause], out: &mut Vec<std::ops::Range<usize>>) {
    for c in clauses {
        match &c.kind {
            ClauseKind::RestrictedUse { faction, .. } => out.push(faction.span.range.clone()),
            ClauseKind::Schedule(s) => {
                let qualifiers = s
                    .sections
                    .iter()
                    .flat_map(|s| &s.entries)
                    .flat_map(|e| &e.qualifiers);
                out.extend(qualifiers.map(|q| q.span.range.clone()));
            }
            ClauseKind::Otherwise { exceptions, .. } => read_spans(exceptions, out),
            _ => {}
        }
    }
}
