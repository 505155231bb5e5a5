//! The sentence an availability entry was read from, read again with the nation's words
//! ([`Lexicon`]): its clause, the typed pieces layer 1 cut it into and the rule of layer 2 that
//! bound them — the same reading `qm check` made, so a name with a full stop ("Cam. de Mitr.
//! CA") or a place leading without its comma reads here as there.

use qm_parser::{
    bound_by, parse_availability_with, pieces_with, Area, AvailabilityClause, ClauseKind, FileId,
    Lexicon, ScheduleForm, ScheduleSection, SourceMap,
};
use qm_schema::Span;

/// A sentence of the notes as the reader read it.
pub(super) struct Sentence {
    /// Its words as published, with the full stop or semicolon that ends it.
    pub(super) text: String,
    /// Its byte range in the file.
    pub(super) range: std::ops::Range<usize>,
    /// The clause read from it; `None` when the line reads no clause there.
    pub(super) clause: Option<AvailabilityClause>,
    /// The words of the clause read before it in its paragraph, if any.
    pub(super) before: Option<String>,
}

/// The sentence holding `span`: the clause of its line whose text holds the span's start, or
/// else the text between the full stops around it.
pub(super) fn sentence_of(map: &SourceMap, span: &Span, lexicon: &Lexicon) -> Sentence {
    let Some(text) = original(map, span) else {
        return Sentence {
            text: String::new(),
            range: 0..0,
            clause: None,
            before: None,
        };
    };
    let start = floor(text, span.start.min(text.len()));
    let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let to = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let clauses = parse_availability_with(&text[from..to], from, FileId(0), lexicon).value;
    let at = clauses.iter().position(|c| c.span.range.contains(&start));
    let before = at
        .and_then(|k| k.checked_sub(1))
        .and_then(|k| text.get(clauses[k].span.range.clone()))
        .map(str::to_string);
    let Some(clause) = at.map(|k| innermost(clauses[k].clone(), start)) else {
        let range = sentence_range(text, span);
        return Sentence {
            text: text[range.clone()].trim().to_string(),
            range,
            clause: None,
            before: None,
        };
    };
    let mut range = clause.span.range.clone();
    if text[range.end..].starts_with(['.', ';']) {
        range.end += 1;
    }
    Sentence {
        text: text[range.clone()].to_string(),
        range,
        clause: Some(clause),
        before,
    }
}

/// The bracketed exception of an "Otherwise ... [EXC: ...]" holding `at`, or the clause.
fn innermost(c: AvailabilityClause, at: usize) -> AvailabilityClause {
    let ClauseKind::Otherwise { exceptions, .. } = &c.kind else {
        return c;
    };
    match exceptions.iter().find(|e| e.span.range.contains(&at)) {
        Some(e) => innermost(e.clone(), at),
        None => c,
    }
}

/// The lines under a sentence: the typed pieces it was cut into ("[6-12/40 = 6-12/40] [(.9)
/// = RF 0.9]") and the rule that bound them.
pub(super) fn reading_lines(sentence: &Sentence, lexicon: &Lexicon) -> String {
    let items: Vec<String> = pieces_with(&sentence.text, lexicon)
        .iter()
        .map(|p| format!("[{} = {}]", p.text, p.meaning))
        .collect();
    let mut out = String::new();
    if !items.is_empty() {
        out.push_str(&format!("   pieces: {}\n", items.join(" ")));
    }
    if let Some(c) = &sentence.clause {
        out.push_str(&format!("   bound by: {}\n", bound_by(&c.kind)));
    }
    out
}

/// The schedule section of `sentence` an entry at `span` lies in (an "Otherwise"'s bracketed
/// exceptions included).
pub(super) fn section_at<'s>(sentence: &'s Sentence, span: &Span) -> Option<&'s ScheduleSection> {
    fn sections(c: &AvailabilityClause) -> Vec<&ScheduleSection> {
        match &c.kind {
            ClauseKind::Schedule(s) => s.sections.iter().collect(),
            ClauseKind::Otherwise { exceptions, .. } => {
                exceptions.iter().flat_map(sections).collect()
            }
            _ => Vec::new(),
        }
    }
    let all = sections(sentence.clause.as_ref()?);
    all.into_iter()
        .rfind(|s| s.entries.iter().any(|e| e.span.range.contains(&span.start)))
}

/// True when the sentence gives RFs only and names no place: its place and dates are those of
/// the sentence before it, read together.
pub(super) fn rates_the_sentence_before(sentence: &Sentence) -> bool {
    matches!(
        &sentence.clause,
        Some(AvailabilityClause { kind: ClauseKind::Schedule(s), .. })
            if s.form == ScheduleForm::RfByPeriod
                && s.sections.iter().all(|sec| sec.area == Area::Anywhere)
    )
}

/// The area of a section, `None` when it names none.
pub(super) fn area_of(section: &ScheduleSection) -> Option<&Area> {
    (section.area != Area::Anywhere).then_some(&section.area)
}

/// The published text of the file a span is in.
pub(super) fn original<'m>(map: &'m SourceMap, span: &Span) -> Option<&'m str> {
    map.iter()
        .find(|s| s.name == *span.file)
        .map(|s| s.original.as_str())
}

/// The byte range of the sentence holding a span when no clause reads there: from the full
/// stop, dagger or line start before it to the full stop or line end after it.
fn sentence_range(text: &str, span: &Span) -> std::ops::Range<usize> {
    let start = floor(text, span.start.min(text.len()));
    let end = floor(text, span.end.clamp(start, text.len()));
    let before = &text[..start];
    let line = before.rfind('\n').map_or(0, |i| i + 1);
    let from = [
        before[line..].rfind(". ").map(|i| line + i + 2),
        before[line..].rfind('†').map(|i| line + i + '†'.len_utf8()),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(line);
    let after = &text[end..];
    let line_end = after.find('\n').map_or(text.len(), |i| end + i);
    let to = text[end..line_end]
        .find(". ")
        .map_or(line_end, |i| end + i + 1);
    from..to
}

/// The nearest char boundary at or before `i`.
fn floor(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}
