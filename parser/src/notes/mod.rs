//! The vehicle notes file: introduction, numbered notes ("**1. L5/21 & L5/30:** ...") and
//! multi-applicable notes ("**A.** ..."), split into history, "†" rules, "See also" references,
//! counter notations and availability clauses.

mod headings;
mod notation;
mod paragraphs;
mod see_also;
mod syntax;
mod vehicles;

#[cfg(test)]
pub(crate) mod tests;

pub use syntax::*;

use rayon::prelude::*;
use std::collections::HashSet;
use std::ops::Range;

use crate::{
    parse_availability_with, AvailabilityClause, ClauseKind, Diagnostic, FileId, Lexicon, Parsed,
    Source, Spanned, TextSpan, YearSpan,
};
use headings::{classify, Heading, Start};
use paragraphs::{append, continues, paragraph_ranges, single};
use see_also::{read_see_also, SEE_ALSO_TYPO};

/// Splits a notes file into the introduction, the numbered notes and the multi-applicable
/// notes, and reads every rule's availability, every "See also" line and every counter
/// notation. `years` are the years the nation's data holds (a period outside them is an error;
/// `None`: any year reads). Never panics; whatever does not fit is reported and kept.
pub fn parse_notes(source: &Source, years: Option<YearSpan>) -> Parsed<NotesDoc> {
    parse_notes_with(source, &Lexicon::years(years))
}

/// [`parse_notes`] with the nation's words ([`Lexicon`]): its vehicle names, places and years.
pub fn parse_notes_with(source: &Source, lexicon: &Lexicon) -> Parsed<NotesDoc> {
    let mut builder = Builder {
        lexicon,
        text: &source.text,
        file: source.id,
        doc: NotesDoc::default(),
        diagnostics: Vec::new(),
        place: Place::Intro,
        last: None,
        nations: Vec::new(),
    };
    for range in paragraph_ranges(&source.text) {
        builder.paragraph(range);
    }
    builder.finish()
}

/// Which part of the file the reader is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Before the first numbered note.
    Intro,
    /// Inside numbered note `n` (an index into `doc.notes`).
    Note(usize),
    /// After the multi-applicable heading, before its first note.
    MultiHeading,
    /// Inside multi-applicable note `n`.
    Multi(usize),
}

/// The last prose paragraph read, which a broken-off next paragraph continues.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    Intro(usize),
    History(usize, usize),
    Rule(usize, usize),
    Multi(usize, usize),
    Stray(usize),
}

struct Builder<'a> {
    text: &'a str,
    file: FileId,
    /// The nation's words: vehicle names, places, the years its data holds.
    lexicon: &'a Lexicon,
    doc: NotesDoc,
    diagnostics: Vec<Diagnostic>,
    place: Place,
    last: Option<Last>,
    /// The nation word of each See-also line: (note index, line index, word).
    nations: Vec<(usize, usize, Spanned<String>)>,
}

impl Builder<'_> {
    fn span(&self, range: Range<usize>) -> TextSpan {
        TextSpan::new(self.file, range)
    }

    fn spanned(&self, range: Range<usize>) -> Spanned<String> {
        Spanned {
            value: self.text.get(range.clone()).unwrap_or_default().to_string(),
            span: self.span(range),
        }
    }

    /// Reads one paragraph (byte range of the file).
    fn paragraph(&mut self, range: Range<usize>) {
        let p = self.text.get(range.clone()).unwrap_or_default();
        let at = |r: Range<usize>| range.start + r.start..range.start + r.end;
        match classify(p) {
            // "# Morvanian Vehicle Notes" at the top, before any note: the document's title,
            // which the introduction follows (the multi-applicable notes' heading says so).
            Start::Heading(Heading::Section { title })
                if self.doc.notes.is_empty()
                    && self.doc.multi.is_empty()
                    && self.doc.intro.is_empty()
                    && self.doc.intro_heading.is_none()
                    && !p.to_ascii_lowercase().contains("multi") =>
            {
                self.doc.intro_heading = Some(self.spanned(at(title)));
                self.last = None;
            }
            Start::Heading(Heading::Section { title }) => {
                self.doc.multi_heading = Some(self.spanned(at(title)));
                self.place = Place::MultiHeading;
                self.last = None;
            }
            Start::Heading(Heading::Named { title, rest })
                if self.doc.notes.is_empty() && self.doc.intro_heading.is_none() =>
            {
                self.doc.intro_heading = Some(self.spanned(at(title)));
                self.last = None;
                self.rest(range, rest);
            }
            Start::Heading(Heading::Numbered {
                number: Some(number),
                number_range,
                title,
                rest,
            }) => {
                let title = self.spanned(at(title));
                let vehicles =
                    vehicles::title_vehicles(&title.value, title.span.range.start, self.file);
                self.doc.notes.push(NumberedNote {
                    number: Spanned {
                        value: number,
                        span: self.span(at(number_range)),
                    },
                    title,
                    vehicles,
                    history: Vec::new(),
                    rules: Vec::new(),
                    see_also: Vec::new(),
                    notations: Vec::new(),
                    span: self.span(range.clone()),
                });
                self.place = Place::Note(self.doc.notes.len() - 1);
                self.last = None;
                self.rest(range, rest);
            }
            Start::Heading(Heading::Multi { letter, rest }) => {
                self.doc.multi.push(MultiApplicableNote {
                    letter: self.spanned(at(letter)),
                    paragraphs: Vec::new(),
                    availability: Vec::new(),
                    notations: Vec::new(),
                    span: self.span(range.clone()),
                });
                self.place = Place::Multi(self.doc.multi.len() - 1);
                self.last = None;
                self.rest(range, rest);
            }
            Start::Heading(_) | Start::Malformed => {
                self.diagnostics.push(
                    Diagnostic::warning(
                        "notes::bad-heading",
                        "failed to read heading (it fits no heading form)",
                        self.span(range.clone()),
                    )
                    .with_label("read as an ordinary paragraph")
                    .with_help(
                        "headings are \"**N. Title:**\", \"**A.**\", \"**Title:**\" (the \
                         introduction, once), \"## N. Title\", \"## A.\" or \"## TITLE\"",
                    ),
                );
                self.body(range);
            }
            Start::Prose => self.body(range),
        }
    }

    /// Reads the text after a heading on the same line, if there is any.
    fn rest(&mut self, range: Range<usize>, rest: usize) {
        let start = range.start + rest;
        if start < range.end {
            self.body(start..range.end);
        }
    }

    /// Files a prose paragraph where it belongs.
    fn body(&mut self, range: Range<usize>) {
        let p = self.text.get(range.clone()).unwrap_or_default();
        let special = p.starts_with('†') || p.starts_with("See ");
        if let Some(last) = self.last {
            if !special && continues(self.last_text(last), p) {
                self.merge(last, range);
                return;
            }
        }
        match self.place {
            Place::Intro => {
                self.doc.intro.push(single(self.text, self.file, range));
                self.last = Some(Last::Intro(self.doc.intro.len() - 1));
            }
            Place::Note(n) => self.note_body(n, range),
            Place::Multi(m) => {
                let para = single(self.text, self.file, range.clone());
                let note = &mut self.doc.multi[m];
                note.paragraphs.push(para);
                note.span.range.end = note.span.range.end.max(range.end);
                self.last = Some(Last::Multi(m, note.paragraphs.len() - 1));
            }
            Place::MultiHeading => {
                self.diagnostics.push(
                    Diagnostic::warning(
                        "notes::stray-paragraph",
                        "failed to place paragraph (it belongs to no note)",
                        self.span(range.clone()),
                    )
                    .with_label("between the heading and the first multi-applicable note")
                    .with_help("start it with a \"**A.**\" heading, or move it"),
                );
                self.doc.stray.push(single(self.text, self.file, range));
                self.last = Some(Last::Stray(self.doc.stray.len() - 1));
            }
        }
    }

    /// A paragraph of numbered note `n`: a rule, a See-also line or history.
    fn note_body(&mut self, n: usize, range: Range<usize>) {
        let p = self.text.get(range.clone()).unwrap_or_default();
        self.doc.notes[n].span.range.end = self.doc.notes[n].span.range.end.max(range.end);
        if let Some(after) = p.strip_prefix('†') {
            let start = range.end - after.trim_start().len();
            let rule = Rule {
                dagger: true,
                paragraph: single(self.text, self.file, start..range.end),
                availability: Vec::new(),
            };
            self.doc.notes[n].rules.push(rule);
            self.last = Some(Last::Rule(n, self.doc.notes[n].rules.len() - 1));
            return;
        }
        if let Some(line) = read_see_also(p, range.start, self.file) {
            self.diagnostics.extend(line.diagnostics);
            let note = &mut self.doc.notes[n];
            note.see_also.push(line.see_also);
            if let Some(nation) = line.nation {
                self.nations.push((n, note.see_also.len() - 1, nation));
            }
            self.last = None;
            return;
        }
        let para = single(self.text, self.file, range);
        let note = &mut self.doc.notes[n];
        // After the first rule, a paragraph without "†" is still rules text (a lost "†" or a
        // rule's second paragraph), not history.
        if note.rules.is_empty() {
            note.history.push(para);
            self.last = Some(Last::History(n, note.history.len() - 1));
        } else {
            note.rules.push(Rule {
                dagger: false,
                paragraph: para,
                availability: Vec::new(),
            });
            self.last = Some(Last::Rule(n, note.rules.len() - 1));
        }
    }

    fn last_paragraph(&mut self, last: Last) -> Option<&mut Paragraph> {
        match last {
            Last::Intro(i) => self.doc.intro.get_mut(i),
            Last::History(n, i) => self.doc.notes.get_mut(n)?.history.get_mut(i),
            Last::Rule(n, i) => Some(&mut self.doc.notes.get_mut(n)?.rules.get_mut(i)?.paragraph),
            Last::Multi(m, i) => self.doc.multi.get_mut(m)?.paragraphs.get_mut(i),
            Last::Stray(i) => self.doc.stray.get_mut(i),
        }
    }

    fn last_text(&mut self, last: Last) -> &str {
        let text = self.text;
        self.last_paragraph(last)
            .and_then(|p| text.get(p.span.range.clone()))
            .unwrap_or_default()
    }

    /// Joins a paragraph the publication broke mid-sentence to the one before it.
    fn merge(&mut self, last: Last, range: Range<usize>) {
        let text = self.text;
        if let Some(p) = self.last_paragraph(last) {
            append(p, text, range.clone());
        }
        match last {
            Last::History(n, _) | Last::Rule(n, _) => {
                if let Some(note) = self.doc.notes.get_mut(n) {
                    note.span.range.end = note.span.range.end.max(range.end);
                }
            }
            Last::Multi(m, _) => {
                if let Some(note) = self.doc.multi.get_mut(m) {
                    note.span.range.end = note.span.range.end.max(range.end);
                }
            }
            Last::Intro(_) | Last::Stray(_) => {}
        }
    }

    /// Notes whose editor marks no rule with a "†" anywhere: nothing tells history from rules,
    /// so every paragraph of a note is read for availability (the reader keeps prose as prose),
    /// each a rule without a dagger.
    fn undaggered(&mut self) {
        if self.doc.notes.iter().any(|n| !n.rules.is_empty()) {
            return;
        }
        for note in &mut self.doc.notes {
            note.rules = std::mem::take(&mut note.history)
                .into_iter()
                .map(|paragraph| Rule {
                    dagger: false,
                    paragraph,
                    availability: Vec::new(),
                })
                .collect();
        }
    }

    /// A table right after a rule paragraph goes on with it: the prose before a table says
    /// what it is about ("In the Northern Plain from 1940 to 1944, ...", then a table of each
    /// faction's RF), as a sentence does for the next one of its paragraph.
    fn join_tables(&mut self) {
        let text = self.text;
        for note in &mut self.doc.notes {
            let rules = std::mem::take(&mut note.rules);
            for rule in rules {
                match note.rules.last_mut() {
                    Some(prev) if rule.paragraph.text.starts_with('|') => {
                        for piece in &rule.paragraph.pieces {
                            append(&mut prev.paragraph, text, piece.range.clone());
                        }
                    }
                    _ => note.rules.push(rule),
                }
            }
        }
    }

    /// Reads availability and notations, checks references, numbering and names.
    fn finish(mut self) -> Parsed<NotesDoc> {
        self.drop_repeated_numbers();
        self.undaggered();
        self.join_tables();
        let (text, file) = (self.text, self.file);
        // "early/mid/late = Jan-Apr / May-Aug / Sep-Dec" in the introduction: the notes' own
        // words for parts of a year, which their rules then use.
        let defined: Vec<_> = self
            .doc
            .intro
            .iter()
            .flat_map(|p| crate::year_parts_defined(&p.text))
            .collect();
        let with_parts =
            (!defined.is_empty()).then(|| self.lexicon.clone().with_year_parts(defined));
        let lexicon = with_parts.as_ref().unwrap_or(self.lexicon);
        // Each paragraph's availability is read on its own (nothing of one paragraph's reading
        // depends on another's), so all of them are read at once on every core; what they give
        // is taken back in the notes' order, the same with one thread or many.
        let rules = self
            .doc
            .notes
            .iter()
            .flat_map(|n| n.rules.iter().map(|r| &r.paragraph));
        let multis = self.doc.multi.iter().flat_map(|m| m.paragraphs.iter());
        let ranges: Vec<Range<usize>> = rules.chain(multis).map(|p| p.span.range.clone()).collect();
        let mut read = ranges
            .into_par_iter()
            .map(|range| {
                let at = text.get(range.clone()).unwrap_or_default();
                parse_availability_with(at, range.start, file, lexicon)
            })
            .collect::<Vec<_>>()
            .into_iter();
        for note in &mut self.doc.notes {
            for rule in &mut note.rules {
                let Some(parsed) = read.next() else { break };
                rule.availability = parsed.value;
                self.diagnostics.extend(parsed.diagnostics);
                for clause in &mut rule.availability {
                    resolve_vehicles(
                        clause,
                        &note.vehicles,
                        note.number.value,
                        &mut self.diagnostics,
                    );
                }
            }
            let paragraphs = note
                .history
                .iter()
                .chain(note.rules.iter().map(|r| &r.paragraph));
            let mut notations = Vec::new();
            for p in paragraphs {
                notations.extend(notations_of(text, file, p, &mut self.diagnostics));
            }
            note.notations = notations;
        }
        for multi in &mut self.doc.multi {
            for p in &multi.paragraphs {
                if let Some(parsed) = read.next() {
                    multi.availability.extend(parsed.value);
                    self.diagnostics.extend(parsed.diagnostics);
                }
                multi
                    .notations
                    .extend(notations_of(text, file, p, &mut self.diagnostics));
            }
        }
        link_note_antecedents(&mut self.doc, &mut self.diagnostics);
        self.check_nations();
        self.check_references();
        self.check_numbering();
        let mut diagnostics = self.diagnostics;
        diagnostics.sort_by_key(|d| d.span.as_ref().map(|s| s.range.start));
        Parsed {
            value: self.doc,
            diagnostics,
        }
    }

    /// A See-also line naming another nation's notes ("Arabian") is a misprint for the nation
    /// most lines name.
    fn check_nations(&mut self) {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for (_, _, n) in &self.nations {
            match counts.iter_mut().find(|(w, _)| *w == n.value) {
                Some((_, c)) => *c += 1,
                None => counts.push((n.value.clone(), 1)),
            }
        }
        let Some((majority, _)) = counts.iter().max_by_key(|(_, c)| *c).cloned() else {
            return;
        };
        for (n, line, nation) in &self.nations {
            if nation.value == majority {
                continue;
            }
            self.diagnostics.push(
                Diagnostic::warning(
                    SEE_ALSO_TYPO,
                    format!(
                        "misprinted See-also line (`{}` for `{majority}`)",
                        nation.value
                    ),
                    nation.span.clone(),
                )
                .with_label(format!("probably `{majority}`"))
                .with_help(format!(
                    "every other See-also line names the {majority} notes; read as a reference \
                     to them; an erratum can correct the text"
                )),
            );
            if let Some(see) = self
                .doc
                .notes
                .get_mut(*n)
                .and_then(|n| n.see_also.get_mut(*line))
            {
                for r in &mut see.refs {
                    r.inferred = true;
                }
            }
        }
    }

    /// Every See-also reference names a note that exists; an inferred letter gets a note
    /// saying why it fits when the letter's note names a vehicle of the referring note.
    fn check_references(&mut self) {
        for note in &self.doc.notes {
            for r in note.see_also.iter().flat_map(|s| &s.refs) {
                let exists = match &r.target {
                    NoteTarget::Multi(l) => self.doc.multi_note(l).is_some(),
                    NoteTarget::Numbered(n) => self.doc.note(*n).is_some(),
                };
                if !exists {
                    self.diagnostics.push(
                        Diagnostic::error(
                            "notes::unknown-reference",
                            format!(
                                "failed to resolve See-also reference `{}` (no such note)",
                                r.raw
                            ),
                            r.span.clone(),
                        )
                        .with_label("no such note")
                        .with_help(format!(
                            "the multi-applicable notes are {}",
                            self.doc
                                .multi
                                .iter()
                                .map(|m| m.letter.value.as_str())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )),
                    );
                    continue;
                }
                let NoteTarget::Multi(letter) = &r.target else {
                    continue;
                };
                if !(r.inferred && r.raw != *letter) {
                    continue;
                }
                let Some(multi) = self.doc.multi_note(letter) else {
                    continue;
                };
                let named = note.vehicles.iter().find(|v| {
                    multi
                        .paragraphs
                        .iter()
                        .any(|p| p.text.contains(v.value.as_str()))
                });
                if let (Some(v), Some(d)) = (
                    named,
                    self.diagnostics
                        .iter_mut()
                        .find(|d| d.code == SEE_ALSO_TYPO && d.span.as_ref() == Some(&r.span)),
                ) {
                    d.notes.push(format!(
                        "note {letter} names the {}, which this note covers",
                        v.value
                    ));
                }
            }
        }
    }

    /// Numbered notes run 1, 2, 3, ...; multi-applicable letters appear once each.
    /// A note number given twice is an error, and only its first note is read: rows refer to
    /// notes by number, so a second note 12 would add its rules to note 12's rows again (a
    /// notes file pasted twice doubled every rule and grew as the square of its length).
    fn drop_repeated_numbers(&mut self) {
        let mut seen = HashSet::new();
        let mut kept = Vec::with_capacity(self.doc.notes.len());
        for note in std::mem::take(&mut self.doc.notes) {
            let n = note.number.value;
            if seen.insert(n) {
                kept.push(note);
                continue;
            }
            self.diagnostics.push(
                Diagnostic::error(
                    "notes::repeated-note",
                    format!("failed to read a second note {n} (only the first note {n} is read)"),
                    note.number.span.clone(),
                )
                .with_label("repeated number")
                .with_help("renumber the note, or delete the copy (an erratum for published text)"),
            );
        }
        self.doc.notes = kept;
    }

    fn check_numbering(&mut self) {
        let mut expected = 1u32;
        for note in &self.doc.notes {
            let n = u32::from(note.number.value);
            if n != expected {
                self.diagnostics.push(
                    Diagnostic::warning(
                        "notes::numbering",
                        format!("failed to follow the note numbering (note {n} where {expected} was expected)"),
                        note.number.span.clone(),
                    )
                    .with_label("out of sequence")
                    .with_help("notes are numbered 1, 2, 3, ... in order"),
                );
            }
            expected = n + 1;
        }
        let mut letters = HashSet::new();
        for m in &self.doc.multi {
            if !letters.insert(m.letter.value.as_str()) {
                self.diagnostics.push(
                    Diagnostic::warning(
                        "notes::numbering",
                        format!(
                            "failed to follow the note lettering (note {} appears twice)",
                            m.letter.value
                        ),
                        m.letter.span.clone(),
                    )
                    .with_label("repeated letter")
                    .with_help("references to this letter go to its first note"),
                );
            }
        }
    }
}

/// Counter notations one paragraph may give: a counter side shows a handful (the reference
/// notes give at most three in a paragraph); reading each costs its paragraph's length.
pub const MAX_PARAGRAPH_NOTATIONS: usize = 64;

/// The counter notations of one paragraph, at most [`MAX_PARAGRAPH_NOTATIONS`] (more is an
/// error at the first one past the bound).
fn notations_of(
    text: &str,
    file: FileId,
    p: &Paragraph,
    diagnostics: &mut Vec<Diagnostic>,
) -> Vec<QuotedNotation> {
    let range = p.span.range.clone();
    let mut found = notation::notations(
        text.get(range.clone()).unwrap_or_default(),
        range.start,
        file,
    );
    if let Some(first_over) = found.get(MAX_PARAGRAPH_NOTATIONS) {
        diagnostics.push(
            Diagnostic::error(
                "notes::too-many-notations",
                format!(
                    "failed to read the counter notations of this paragraph ({} are quoted; a paragraph may give at most {MAX_PARAGRAPH_NOTATIONS})",
                    found.len()
                ),
                first_over.span.clone(),
            )
            .with_label("the first notation past the bound")
            .with_help("a counter side shows a few notations: split the list, or quote only what the counter prints"),
        );
        found.truncate(MAX_PARAGRAPH_NOTATIONS);
    }
    found
}

/// Links a clause's vehicle names (and those of its bracketed exceptions) to the title.
/// "Dates and RF are the same as in Note 3": the base is note 3's main vehicle (its title's
/// first); a note that is not there, or names no vehicle, is an error at the words.
fn link_note_antecedents(doc: &mut NotesDoc, diagnostics: &mut Vec<Diagnostic>) {
    let mains: Vec<(u16, Option<String>)> = doc
        .notes
        .iter()
        .map(|n| (n.number.value, n.vehicles.first().map(|v| v.value.clone())))
        .collect();
    let clauses = doc
        .notes
        .iter_mut()
        .flat_map(|n| &mut n.rules)
        .flat_map(|r| &mut r.availability);
    for clause in clauses {
        let ClauseKind::SameWithAddedRf {
            base: base @ None,
            note: Some(note),
            ..
        } = &mut clause.kind
        else {
            continue;
        };
        match mains.iter().find(|(n, _)| *n == note.value) {
            Some((_, Some(main))) => {
                *base = Some(crate::VehicleRef {
                    raw: main.clone(),
                    span: note.span.clone(),
                    title_index: None,
                });
            }
            found => diagnostics.push(
                Diagnostic::error(
                    "notes::unknown-note-reference",
                    format!(
                        "failed to find the vehicle of Note {} ({})",
                        note.value,
                        if found.is_some() {
                            "it names no vehicle"
                        } else {
                            "there is no such note"
                        }
                    ),
                    note.span.clone(),
                )
                .with_label("no vehicle to copy")
                .with_help("name the vehicle: \"the same as the X's\" (the rule is left out)"),
            ),
        }
    }
}

fn resolve_vehicles(
    clause: &mut AvailabilityClause,
    titles: &[Spanned<String>],
    note: u16,
    diagnostics: &mut Vec<Diagnostic>,
) {
    for v in &mut clause.vehicles {
        vehicles::resolve(v, titles, note, diagnostics);
    }
    if let ClauseKind::Otherwise { exceptions, .. } = &mut clause.kind {
        for e in exceptions {
            resolve_vehicles(e, titles, note, diagnostics);
        }
    }
}
