//! The notes syntax tree: introduction, numbered vehicle notes and multi-applicable notes, every
//! fragment with its span.

use qm_schema::CounterSide;

use crate::{AvailabilityClause, Spanned, TextSpan};

/// A nation's vehicle notes file, split into its parts.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct NotesDoc {
    /// The introduction's heading ("Introduction"), if there is one.
    pub intro_heading: Option<Spanned<String>>,
    /// The introduction's paragraphs (everything before the first numbered note).
    pub intro: Vec<Paragraph>,
    /// The numbered notes, in source order.
    pub notes: Vec<NumberedNote>,
    /// The heading before the multi-applicable notes ("ITALIAN MULTI-APPLICABLE VEHICLE
    /// NOTES"), if there is one.
    pub multi_heading: Option<Spanned<String>>,
    /// The multi-applicable notes, in source order.
    pub multi: Vec<MultiApplicableNote>,
    /// Paragraphs that belong to no note (a diagnostic says where each is).
    pub stray: Vec<Paragraph>,
}

impl NotesDoc {
    /// The numbered note with this number.
    pub fn note(&self, number: u16) -> Option<&NumberedNote> {
        self.notes.iter().find(|n| n.number.value == number)
    }

    /// The multi-applicable note with this letter ("A" .. "AA").
    pub fn multi_note(&self, letter: &str) -> Option<&MultiApplicableNote> {
        self.multi.iter().find(|n| n.letter.value == letter)
    }
}

/// A paragraph of prose, verbatim. A paragraph the publication broke in two mid-sentence (the
/// second piece starting in lower case, or the first ending without punctuation) is one
/// paragraph of two pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// The text; pieces of a broken paragraph are joined with one space.
    pub text: String,
    /// From the first piece's start to the last piece's end.
    pub span: TextSpan,
    /// Each piece as it lies in the source.
    pub pieces: Vec<TextSpan>,
}

/// A numbered vehicle note ("**17. AS 42, AS 42 aa & AS 42 cc:** ...").
#[derive(Debug, Clone, PartialEq)]
pub struct NumberedNote {
    /// The note number.
    pub number: Spanned<u16>,
    /// The title as printed ("AS 42, AS 42 aa & AS 42 cc").
    pub title: Spanned<String>,
    /// The vehicle names the title lists, split at "," and "&", as printed ("AS 42",
    /// "AS 42 aa", "AS 42 cc"; "Semovente M40", "M41 da 75/18").
    pub vehicles: Vec<Spanned<String>>,
    /// The history paragraphs, verbatim.
    pub history: Vec<Paragraph>,
    /// The rules: "†" bullets, and paragraphs without a "†" that follow them.
    pub rules: Vec<Rule>,
    /// The "See also ..." lines.
    pub see_also: Vec<SeeAlso>,
    /// The notations the note says are printed on the counter, in source order.
    pub notations: Vec<QuotedNotation>,
    /// From the heading to the end of the note's last paragraph.
    pub span: TextSpan,
}

/// One rule paragraph of a numbered note.
#[derive(Debug, Clone, PartialEq)]
pub struct Rule {
    /// True when the paragraph starts with "†"; false for a rule paragraph printed without
    /// one (note 23's "(The optional AAMG ...", note 27's "It may fire only ...").
    pub dagger: bool,
    /// The text after the "†".
    pub paragraph: Paragraph,
    /// What the rule says about dates and RFs; empty for pure rules prose.
    pub availability: Vec<AvailabilityClause>,
}

/// A multi-applicable note ("**A.** text").
#[derive(Debug, Clone, PartialEq)]
pub struct MultiApplicableNote {
    /// The letter(s): "A" .. "AA".
    pub letter: Spanned<String>,
    /// The text, verbatim (one paragraph, unless the note runs on).
    pub paragraphs: Vec<Paragraph>,
    /// What the note says about dates, RFs, ammunition or where the vehicle was used.
    pub availability: Vec<AvailabilityClause>,
    /// The notations it says are printed on the counter.
    pub notations: Vec<QuotedNotation>,
    /// From the heading to the end of the text.
    pub span: TextSpan,
}

/// A "See also Italian Vehicle Notes A, B, and N." line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeeAlso {
    /// The line.
    pub span: TextSpan,
    /// The notes it refers to, in order.
    pub refs: Vec<SeeAlsoRef>,
}

/// One reference of a "See also" line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeeAlsoRef {
    /// The reference as printed ("A", "AA", "1").
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
    /// The note meant.
    pub target: NoteTarget,
    /// True when the target was read through a misprint ("1" for "I", "apical" for "also",
    /// "Arabian" for "Italian"); a warning says which.
    pub inferred: bool,
}

/// A note a reference points at.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NoteTarget {
    /// A multi-applicable note, by letter.
    Multi(String),
    /// A numbered note.
    Numbered(u16),
}

/// A quoted string the notes say is printed on the counter ("\*REVx4" on the reverse side).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuotedNotation {
    /// The notation with markdown escapes removed (`*REVx4`).
    pub text: String,
    /// The quoted text as it lies in the source (inside the quotes).
    pub span: TextSpan,
    /// The side the note names: `Back` for "reverse side", `Wreck` for "wreck side"; `None`
    /// when the note says only "on the counter".
    pub side: Option<CounterSide>,
    /// True when the note says it is printed "in red".
    pub red: bool,
    /// The condition it depends on, from an "If ..." sentence it belongs to ("If Stunned",
    /// "If this AFV is non-turreted").
    pub condition: Option<Spanned<String>>,
}
