//! "See also Italian Vehicle Notes A, B, E, N, and R." lines (the ordnance notes' "See also
//! Italian Ordnance Notes ..." alike), and their misprints: "See apical Italian Vehicle Note
//! C", "See also Arabian vehicle Note E", "Notes A, 1, N, and R", "Notes D, N, and AA ." Each
//! misprint is a warning; the intended reference is still read and marked `inferred`.

use super::syntax::{NoteTarget, SeeAlso, SeeAlsoRef};
use crate::{Diagnostic, FileId, Spanned, TextSpan};

/// The stable code of every See-also misprint.
pub(crate) const SEE_ALSO_TYPO: &str = "notes::see-also-typo";

/// A See-also line as read.
pub(crate) struct SeeAlsoLine {
    /// The syntax.
    pub(crate) see_also: SeeAlso,
    /// The nation word as printed ("Italian"), when the wording has one; checked against the
    /// other lines by the caller.
    pub(crate) nation: Option<Spanned<String>>,
    /// Misprints found in the line itself.
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// A word of the line with its byte range in the line.
struct Word<'a> {
    text: &'a str,
    start: usize,
}

/// Where a line lies in its file, to turn byte ranges in the line into spans.
struct LineAt {
    /// The file.
    file: FileId,
    /// The byte offset of the line in the file.
    base: usize,
}

impl LineAt {
    /// The span of `len` bytes at byte `start` of the line.
    fn span(&self, start: usize, len: usize) -> TextSpan {
        TextSpan::new(self.file, self.base + start..self.base + start + len)
    }

    /// The span of a word of the line.
    fn word(&self, w: &Word<'_>) -> TextSpan {
        self.span(w.start, w.text.len())
    }
}

/// Reads paragraph `p` (at byte `base` of `file`) as a See-also line; `None` when it is not
/// one (it does not start with "See" or names no "Note"/"Notes").
pub(crate) fn read_see_also(p: &str, base: usize, file: FileId) -> Option<SeeAlsoLine> {
    let at = LineAt { file, base };
    let words = words(p);
    if words.first()?.text != "See" {
        return None;
    }
    let note_at = words
        .iter()
        .take(7)
        .position(|w| matches!(w.text.to_ascii_lowercase().as_str(), "note" | "notes"))?;
    let mut diagnostics = Vec::new();
    let (nation, line_inferred) = wording(&words[1..note_at], &at, &mut diagnostics);
    let note_word = &words[note_at];
    let refs_start = note_word.start + note_word.text.len();
    let mut refs = references(p, refs_start, &at, &mut diagnostics);
    one_among_letters(&mut refs, &mut diagnostics);
    for r in &mut refs {
        r.inferred |= line_inferred;
    }
    Some(SeeAlsoLine {
        see_also: SeeAlso {
            span: at.span(0, p.len()),
            refs,
        },
        nation,
        diagnostics,
    })
}

/// The words between "See" and "Note(s)": "also <Nation> Vehicle", and the nation word as
/// printed. Also says whether the wording was misprinted (its references are then inferred).
fn wording(
    wording: &[Word<'_>],
    at: &LineAt,
    diagnostics: &mut Vec<Diagnostic>,
) -> (Option<Spanned<String>>, bool) {
    let [also, nation_word, vehicle] = wording else {
        let first = wording.first().map_or(0, |w| w.start);
        let last = wording.last().map_or(first, |w| w.start + w.text.len());
        diagnostics.push(
            Diagnostic::warning(
                SEE_ALSO_TYPO,
                "misprinted See-also line (the wording is not \"See also <Nation> Vehicle Notes\")",
                at.span(first, last - first),
            )
            .with_label("unexpected wording")
            .with_help("read the references after \"Note(s)\" as note letters and numbers"),
        );
        return (None, true);
    };
    let mut inferred = false;
    if !also.text.eq_ignore_ascii_case("also") {
        inferred = true;
        diagnostics.push(
            Diagnostic::warning(
                SEE_ALSO_TYPO,
                format!("misprinted See-also line (`{}` for `also`)", also.text),
                at.word(also),
            )
            .with_label("probably `also`")
            .with_help("read as \"See also ...\"; an erratum can correct the text"),
        );
    }
    // "See also German Ordnance Notes ..." in the ordnance notes.
    let kind_word = |w: &str| {
        ["vehicle", "ordnance"]
            .iter()
            .any(|k| w.eq_ignore_ascii_case(k))
    };
    if !kind_word(vehicle.text) {
        inferred = true;
        diagnostics.push(
            Diagnostic::warning(
                SEE_ALSO_TYPO,
                format!(
                    "misprinted See-also line (`{}` for `Vehicle`)",
                    vehicle.text
                ),
                at.word(vehicle),
            )
            .with_label("probably `Vehicle`")
            .with_help("read as \"... Vehicle Note(s) ...\""),
        );
    }
    let nation = Spanned {
        value: nation_word.text.to_string(),
        span: at.word(nation_word),
    };
    (Some(nation), inferred)
}

/// "Notes A, 1, N, and R": a lone "1" among letters is the letter I misread.
fn one_among_letters(refs: &mut [SeeAlsoRef], diagnostics: &mut Vec<Diagnostic>) {
    let has_letters = refs
        .iter()
        .any(|r| matches!(r.target, NoteTarget::Multi(_)));
    if !has_letters {
        return;
    }
    for r in refs.iter_mut() {
        if r.target == NoteTarget::Numbered(1) {
            r.target = NoteTarget::Multi("I".to_string());
            r.inferred = true;
            diagnostics.push(
                Diagnostic::warning(
                    SEE_ALSO_TYPO,
                    "misprinted See-also reference (`1` among note letters)",
                    r.span.clone(),
                )
                .with_label("probably the letter I")
                .with_help("read as multi-applicable note I; an erratum can correct the text"),
            );
        }
    }
}

/// The alphanumeric words of `p` (apostrophes kept inside words).
fn words(p: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in p.char_indices().chain(std::iter::once((p.len(), ' '))) {
        let in_word = c.is_alphanumeric() || c == '\'';
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push(Word {
                    text: &p[s..i],
                    start: s,
                });
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// The references after "Note(s)": letters and numbers separated by commas and "and", ended
/// by a full stop (or the end of the line).
fn references(
    p: &str,
    from: usize,
    at: &LineAt,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<SeeAlsoRef> {
    let mut refs = Vec::new();
    let rest = p.get(from..).unwrap_or("");
    let mut chars = rest.char_indices().peekable();
    let mut prev_ws: Option<(usize, usize)> = None;
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() || c == ',' {
            prev_ws = c.is_whitespace().then_some((from + i, c.len_utf8()));
            continue;
        }
        if c == '.' {
            full_stop(rest, from, i, prev_ws, at, diagnostics);
            break;
        }
        prev_ws = None;
        let mut end = i + c.len_utf8();
        while let Some(&(j, d)) = chars.peek() {
            if !d.is_alphanumeric() {
                break;
            }
            end = j + d.len_utf8();
            chars.next();
        }
        let token = &rest[i..end];
        if token == "and" {
            continue;
        }
        refs.extend(reference(
            token,
            at.span(from + i, token.len()),
            diagnostics,
        ));
    }
    refs
}

/// The full stop at byte `i` of `rest` (which starts at byte `from` of the line) that ends the
/// references: warns of a space before it (`prev_ws`, its line offset and length) and of any
/// text after it.
fn full_stop(
    rest: &str,
    from: usize,
    i: usize,
    prev_ws: Option<(usize, usize)>,
    at: &LineAt,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if let Some((ws_at, ws_len)) = prev_ws {
        diagnostics.push(
            Diagnostic::warning(
                SEE_ALSO_TYPO,
                "misprinted See-also line (a space before the full stop)",
                at.span(ws_at, ws_len),
            )
            .with_label("stray space")
            .with_help("read as if it were not there; an erratum can correct the text"),
        );
    }
    let after = &rest[i + 1..];
    if !after.trim().is_empty() {
        let lead = after.len() - after.trim_start().len();
        diagnostics.push(
            Diagnostic::warning(
                SEE_ALSO_TYPO,
                "misprinted See-also line (text after the full stop)",
                at.span(from + i + 1 + lead, after.trim().len()),
            )
            .with_label("ignored")
            .with_help("a See-also line ends with its last reference"),
        );
    }
}

/// One reference token: a note letter (up to two capitals) or a note number; else `None` and a
/// warning.
fn reference(token: &str, span: TextSpan, diagnostics: &mut Vec<Diagnostic>) -> Option<SeeAlsoRef> {
    let target = if token.len() <= 2 && token.chars().all(|c| c.is_ascii_uppercase()) {
        Some(NoteTarget::Multi(token.to_string()))
    } else if token.chars().all(|c| c.is_ascii_digit()) {
        token.parse().ok().map(NoteTarget::Numbered)
    } else {
        None
    };
    match target {
        Some(target) => Some(SeeAlsoRef {
            raw: token.to_string(),
            span,
            target,
            inferred: false,
        }),
        None => {
            diagnostics.push(
                Diagnostic::warning(
                    SEE_ALSO_TYPO,
                    format!("misprinted See-also line (`{token}` is no note reference)"),
                    span,
                )
                .with_label("not a note letter or number")
                .with_help("references are letters A-AA or note numbers"),
            );
            None
        }
    }
}
