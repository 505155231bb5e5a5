//! The grammar's private nom error and input context. Neither leaves this crate: a failed parse
//! becomes an [`crate::Diagnostic`] at the sentence loop.

use nom::error::{ErrorKind, ParseError};

use std::ops::Range;

use super::lexicon::Lexicon;
use crate::{FileId, TextSpan};

/// Where a grammar branch stopped. Alternatives keep the one that got farthest, so an unreadable
/// sentence can say how much of it was understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GrammarError<'a> {
    /// The input left when the branch failed.
    pub(crate) at: &'a str,
}

impl<'a> ParseError<&'a str> for GrammarError<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Self { at: input }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }

    fn or(self, other: Self) -> Self {
        // Less input left means the branch read farther.
        if other.at.len() < self.at.len() {
            other
        } else {
            self
        }
    }
}

/// The result of every grammar function.
pub(crate) type Res<'a, O> = nom::IResult<&'a str, O, GrammarError<'a>>;

/// A recoverable failure at `at`.
pub(crate) fn fail<'a, O>(at: &'a str) -> Res<'a, O> {
    Err(nom::Err::Error(GrammarError { at }))
}

/// The text being parsed and where it lies in its source file, to turn sub-slices into spans.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ctx<'a> {
    /// The whole text handed to the parser.
    pub(crate) text: &'a str,
    /// Byte offset of `text` in the source.
    pub(crate) base: usize,
    /// The source file.
    pub(crate) file: FileId,
    /// The nation's words (names, places, years).
    pub(crate) lexicon: &'a Lexicon,
    /// Byte ranges of `text` whose full stops end no sentence (names, abbreviations).
    pub(crate) protected: &'a [Range<usize>],
    /// True while a sentence that does not read whole is read part by part
    /// (`sentences::comma_parts`): a comma then ends a clause as a full stop does.
    pub(crate) in_part: bool,
}

impl<'a> Ctx<'a> {
    /// True when `rest` ends a clause that must be whole: nothing, a full stop or a semicolon
    /// follows (or, while [`Ctx::in_part`], a comma).
    pub(crate) fn ends_here(&self, rest: &str) -> bool {
        let t = rest.trim_start();
        // A part's break as `lexeme::part_break` reads it (said here again: the lexemes use
        // this module).
        let dash = t.starts_with("-- ") || t.starts_with("— ");
        t.is_empty() || t.starts_with(['.', ';']) || (self.in_part && (t.starts_with(',') || dash))
    }

    /// Byte offset of `sub` (a slice of `text`) within `text`.
    pub(crate) fn offset(&self, sub: &str) -> usize {
        // Slices handed around are always sub-slices of `text`; anything else maps to its end
        // rather than panicking.
        let start = self.text.as_ptr() as usize;
        (sub.as_ptr() as usize)
            .checked_sub(start)
            .filter(|o| o + sub.len() <= self.text.len())
            .unwrap_or(self.text.len())
    }

    /// The source span of `sub`, a slice of `text`.
    pub(crate) fn span(&self, sub: &str) -> TextSpan {
        let o = self.base + self.offset(sub);
        TextSpan::new(self.file, o..o + sub.len())
    }

    /// The text consumed between `from` and `rest` (`rest` being a suffix of `from`).
    pub(crate) fn consumed(&self, from: &'a str, rest: &'a str) -> &'a str {
        from.get(..from.len().saturating_sub(rest.len()))
            .unwrap_or("")
    }

    /// The source span of the text consumed between `from` and `rest`.
    pub(crate) fn span_between(&self, from: &'a str, rest: &'a str) -> TextSpan {
        self.span(self.consumed(from, rest))
    }

    /// The words of `span`, a span of `text` (empty when it is not one).
    pub(crate) fn words(&self, span: &TextSpan) -> &'a str {
        let from = span.range.start.saturating_sub(self.base);
        let to = span.range.end.saturating_sub(self.base);
        self.text.get(from..to).unwrap_or("")
    }

    /// The span of `len` bytes starting at the beginning of `at`.
    pub(crate) fn span_at(&self, at: &'a str, len: usize) -> TextSpan {
        let o = self.base + self.offset(at);
        TextSpan::new(self.file, o..o + len.min(at.len()))
    }
}
