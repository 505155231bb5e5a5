//! The period grammar shared by the listing's DATES column and the notes' date strings.
//!
//! A period is an inclusive range of months written in one of these forms:
//!
//! | form        | example     | meaning                              |
//! |-------------|-------------|--------------------------------------|
//! | `YY`        | `41`        | January to December 1941             |
//! | `M/YY`      | `9/43`      | September 1943                       |
//! | `M-M/YY`    | `7-8/43`    | July to August 1943                  |
//! | `YY-M/YY`   | `34-5/45`   | January 1934 to May 1945             |
//! | `M/YY-M/YY` | `6/40-2/41` | June 1940 to February 1941           |
//! | `M/YY-YY`   | `6/40-41`   | June 1940 to December 1941           |
//! | `YY-YY`     | `36-41`     | January 1936 to December 1941        |
//!
//! A year may also be written with four digits (`1935-36`); a first number printed with a
//! leading zero is a year (`06-3/45`: January 1906 to March 1945).

use std::fmt;
use std::ops::Range;

use nom::character::complete::{char, digit1};
use nom::combinator::{all_consuming, opt};
use nom::sequence::preceded;
use nom::{IResult, Parser};
use qm_schema::{Period, YearMonth};

/// Why a text is not a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodErrorKind {
    /// The text fits none of the period forms.
    Syntax,
    /// A month number outside 1-12 (`13/43`, `0-5/45`).
    BadMonth,
    /// The period ends before it starts (`12-5/45`).
    Backwards,
}

/// A text that is not a period: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeriodError {
    /// What is wrong.
    pub kind: PeriodErrorKind,
    /// The byte range of the offending part, relative to the parsed text.
    pub range: Range<usize>,
}

impl fmt::Display for PeriodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.kind {
            PeriodErrorKind::Syntax => "not a period",
            PeriodErrorKind::BadMonth => "a month must be 1-12",
            PeriodErrorKind::Backwards => "the period ends before it starts",
        })
    }
}

impl std::error::Error for PeriodError {}

/// One side of a `-`: a bare number, or a month with its year.
struct Point<'a> {
    /// The number before any `/`.
    number: &'a str,
    /// The year after the `/`, if any.
    year: Option<&'a str>,
}

fn point(i: &str) -> IResult<&str, Point<'_>> {
    let (i, number) = digit1(i)?;
    let (i, year) = opt(preceded(char('/'), digit1)).parse(i)?;
    Ok((i, Point { number, year }))
}

/// Parses a period (see the module docs for the forms). Never panics, on any input.
pub fn parse_period(text: &str) -> Result<Period, PeriodError> {
    let whole = 0..text.len();
    let (start, end) = match all_consuming((point, opt(preceded(char('-'), point)))).parse(text) {
        Ok((_, parsed)) => parsed,
        Err(_) => return Err(syntax(whole)),
    };
    let (from, to) = Tokens { text }.ends(start, end)?;
    Period::new(from, to).ok_or(PeriodError {
        kind: PeriodErrorKind::Backwards,
        range: whole,
    })
}

/// A syntax error over `range`.
fn syntax(range: Range<usize>) -> PeriodError {
    PeriodError {
        kind: PeriodErrorKind::Syntax,
        range,
    }
}

/// January of a year.
fn january(year: u16) -> YearMonth {
    YearMonth { year, month: 1 }
}

/// December of a year.
fn december(year: u16) -> YearMonth {
    YearMonth { year, month: 12 }
}

/// Reads the numbers of one parsed text, whose errors point into it.
struct Tokens<'t> {
    /// The whole text being parsed.
    text: &'t str,
}

impl Tokens<'_> {
    /// The first and last month of the period's points, read literally (not yet ordered).
    fn ends(
        &self,
        start: Point<'_>,
        end: Option<Point<'_>>,
    ) -> Result<(YearMonth, YearMonth), PeriodError> {
        let (year, month) = (|t| self.year(t), |t, y| self.month(t, y));
        Ok(
            match ((start.number, start.year), end.map(|p| (p.number, p.year))) {
                ((number, None), None) => {
                    let y = year(number)?;
                    (january(y), december(y))
                }
                ((number, Some(y)), None) => {
                    let m = month(number, year(y)?)?;
                    (m, m)
                }
                ((a, None), Some((m, Some(y)))) => {
                    let to = month(m, year(y)?)?;
                    // `7-8/43` is months, `34-5/45` is years: a first number that can be a month
                    // is one, unless printed with a leading zero (`06-3/45`, `00-8/43`: guns in
                    // service since 1906 or 1900; a month is never printed so).
                    let zero_led = a.len() == 2 && a.starts_with('0');
                    let from =
                        if !zero_led && a.len() <= 2 && a.parse::<u8>().is_ok_and(|n| n <= 12) {
                            month(a, to.year)?
                        } else {
                            january(year(a)?)
                        };
                    (from, to)
                }
                ((m1, Some(y1)), Some((m2, Some(y2)))) => {
                    (month(m1, year(y1)?)?, month(m2, year(y2)?)?)
                }
                ((m, Some(y1)), Some((y2, None))) => (month(m, year(y1)?)?, december(year(y2)?)),
                ((a, None), Some((b, None))) => (january(year(a)?), december(year(b)?)),
            },
        )
    }

    /// The byte range of `token`, a subslice of the text: where its pointer lands in it.
    fn at(&self, token: &str) -> Range<usize> {
        let offset = (token.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize);
        offset..offset + token.len()
    }

    /// A printed year.
    fn year(&self, token: &str) -> Result<u16, PeriodError> {
        let value: u16 = token.parse().map_err(|_| syntax(self.at(token)))?;
        match token.len() {
            // Two-digit years are 19xx: the sources predate 2000.
            2 => Ok(1900 + value),
            4 => Ok(value),
            _ => Err(syntax(self.at(token))),
        }
    }

    /// A printed month of `year`.
    fn month(&self, token: &str, year: u16) -> Result<YearMonth, PeriodError> {
        let bad = || PeriodError {
            kind: PeriodErrorKind::BadMonth,
            range: self.at(token),
        };
        if token.len() > 2 {
            return Err(syntax(self.at(token)));
        }
        let value: u8 = token.parse().map_err(|_| bad())?;
        YearMonth::new(year, value).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case_files::case_lines;

    /// One text read: its months, or its error with the text under the error's range.
    fn reading(text: &str) -> String {
        match parse_period(text) {
            Ok(p) => format!("{text:?} -> {} to {}", p.from, p.to),
            Err(e) => {
                let under = text.get(e.range.clone()).unwrap_or("<bad range>");
                format!("{text:?} -> {:?} at {:?} {under:?}", e.kind, e.range)
            }
        }
    }

    /// Every group of texts under `parser/tests/cases/periods/` (see [`crate::case_files`]),
    /// each its own snapshot of one line per text.
    #[test]
    fn period_cases() {
        insta::glob!("../tests/cases/periods", "*.txt", |path| {
            let text = std::fs::read_to_string(path).unwrap();
            let lines: Vec<String> = case_lines(&text).into_iter().map(reading).collect();
            insta::assert_snapshot!(lines.join("\n"));
        });
    }

    #[test]
    fn a_zero_led_first_number_is_a_year() {
        let p = parse_period("06-3/45").unwrap();
        assert_eq!(
            (p.from.year, p.from.month, p.to.year, p.to.month),
            (1906, 1, 1945, 3)
        );
        let p = parse_period("00-8/43").unwrap();
        assert_eq!((p.from.year, p.to.month), (1900, 8));
        assert_eq!(parse_period("6-9/50").unwrap().from.year, 1950);
    }

    #[test]
    fn error_ranges_are_inside_the_text() {
        for text in ["123-5/45", "6/404", "99999/41", "5/45-44"] {
            if let Err(e) = parse_period(text) {
                assert!(e.range.end <= text.len(), "{text}");
                assert!(text.get(e.range.clone()).is_some(), "{text}");
            }
        }
    }
}
