//! Heading lines: "**17. AS 42, AS 42 aa & AS 42 cc:**", "**A.**", "**Introduction:**" and
//! "## ITALIAN MULTI-APPLICABLE VEHICLE NOTES"; a note's heading may also be a markdown one
//! ("## 17. AS 42 & AS 42 aa", "### Note 17: AS 42", "## A."). Text may follow a bold heading
//! on the same line.

use std::ops::Range;

use nom::bytes::complete::{tag, tag_no_case, take_until, take_while_m_n};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{eof, opt};
use nom::{IResult, Parser};

/// A heading found at the start of a paragraph; ranges are relative to the paragraph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Heading {
    /// "## TITLE".
    Section {
        /// The title.
        title: Range<usize>,
    },
    /// "**Title:**".
    Named {
        /// The title.
        title: Range<usize>,
        /// Where the text after the heading starts.
        rest: usize,
    },
    /// "**N. Title:**".
    Numbered {
        /// The number, if it fits a u16.
        number: Option<u16>,
        /// The number's digits.
        number_range: Range<usize>,
        /// The title.
        title: Range<usize>,
        /// Where the text after the heading starts.
        rest: usize,
    },
    /// "**A.**".
    Multi {
        /// The letter(s).
        letter: Range<usize>,
        /// Where the text after the heading starts.
        rest: usize,
    },
}

/// What starts a paragraph: a heading, something that looks like one but is malformed, or
/// prose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Start {
    /// A heading.
    Heading(Heading),
    /// Starts with "**" but fits no heading form.
    Malformed,
    /// Ordinary text.
    Prose,
}

/// Classifies the start of paragraph `p`.
pub(crate) fn classify(p: &str) -> Start {
    let first_line = p.split('\n').next().unwrap_or("");
    // Every piece is a sub-slice of `first_line`; its offset is where its pointer lands.
    let at = |s: &str| (s.as_ptr() as usize).saturating_sub(first_line.as_ptr() as usize);
    if first_line.starts_with('#') {
        let after = first_line.trim_start_matches('#').trim_start();
        // A markdown heading's text ends its line: the note's text starts on the next one.
        let rest = (first_line.len() + 1).min(p.len());
        if let Some(heading) = markdown_note(after, at, rest) {
            return Start::Heading(heading);
        }
        let start = at(after);
        return Start::Heading(Heading::Section {
            title: start..start + after.trim_end().len(),
        });
    }
    if !first_line.starts_with("**") {
        return Start::Prose;
    }
    if let Ok((rest, (_, digits, _, _, title, _, _))) = (
        tag("**"),
        digit1,
        char('.'),
        space0,
        take_until(":**"),
        tag(":**"),
        space0,
    )
        .parse(first_line)
        .map_err(|_: nom::Err<nom::error::Error<&str>>| ())
    {
        let d = at(digits);
        let t = at(title);
        return Start::Heading(Heading::Numbered {
            number: digits.parse().ok(),
            number_range: d..d + digits.len(),
            title: t..t + title.trim_end().len(),
            rest: at(rest),
        });
    }
    let multi: IResult<&str, _> = (
        tag("**"),
        take_while_m_n(1, 2, |c: char| c.is_ascii_uppercase()),
        char('.'),
        tag("**"),
        space0,
    )
        .parse(first_line);
    if let Ok((rest, (_, letter, _, _, _))) = multi {
        let l = at(letter);
        return Start::Heading(Heading::Multi {
            letter: l..l + letter.len(),
            rest: at(rest),
        });
    }
    let named: IResult<&str, _> =
        (tag("**"), take_until(":**"), tag(":**"), space0).parse(first_line);
    if let Ok((rest, (_, title, _, _))) = named {
        let t = at(title);
        return Start::Heading(Heading::Named {
            title: t..t + title.trim_end().len(),
            rest: at(rest),
        });
    }
    Start::Malformed
}

/// A note's heading written as a markdown heading, after its `#`s: "17. AS 42 & AS 42 aa",
/// "17: AS 42", "Note 17. AS 42" (numbered), "A." (multi-applicable); `None` for a section's
/// title ("ITALIAN MULTI-APPLICABLE VEHICLE NOTES", "1941 and after").
fn markdown_note(after: &str, at: impl Fn(&str) -> usize, rest: usize) -> Option<Heading> {
    let line = after.trim_end();
    let numbered: IResult<&str, _> = (
        opt((tag_no_case("note"), space1)),
        digit1,
        one_of(".:"),
        space1,
    )
        .parse(line);
    if let Ok((title, (_, digits, _, _))) = numbered {
        let title = title.trim_end_matches(':').trim_end();
        if !title.is_empty() {
            let (d, t) = (at(digits), at(title));
            return Some(Heading::Numbered {
                number: digits.parse().ok(),
                number_range: d..d + digits.len(),
                title: t..t + title.len(),
                rest,
            });
        }
    }
    let multi: IResult<&str, _> = (
        opt((tag_no_case("note"), space1)),
        take_while_m_n(1, 2, |c: char| c.is_ascii_uppercase()),
        char('.'),
        eof,
    )
        .parse(line);
    let (_, (_, letter, _, _)) = multi.ok()?;
    let l = at(letter);
    Some(Heading::Multi {
        letter: l..l + letter.len(),
        rest,
    })
}
