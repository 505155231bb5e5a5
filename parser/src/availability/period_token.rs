//! Periods as the notes print them: "6-12/40", "1/41", "12/41-6/42", "44-5/45", "6/40-41",
//! "42-9/43", "1944", "1942-43", "6/40–5/43" (en dash), and their misprints. Month names and
//! the words around a period are `when`'s.
//!
//! A period is lexed as one token (digits joined by "/", "-" or ".") and then read; a token that
//! is no period becomes an error value, so one misprint does not cost the rest of the sentence.

use qm_schema::{Period, YearMonth};

use super::grammar_error::{fail, Ctx, Res};
use super::syntax::{Misprint, MisprintAt, PrintedPeriod, PrintedPeriodError};

/// A printed period token at the start of `i`.
pub(crate) fn period<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    let b = i.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_digit) {
        return fail(i);
    }
    let digit_at = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    let mut end = 0;
    let mut clean = String::new();
    let mut typos = Vec::new();
    let mut group = 0; // digits in the current number
    loop {
        match b.get(end) {
            Some(d) if d.is_ascii_digit() => {
                clean.push(char::from(*d));
                group += 1;
                end += 1;
            }
            Some(&s @ (b'/' | b'-' | b'.')) if group > 0 && digit_at(end + 1) => {
                clean.push(char::from(s));
                group = 0;
                end += 1;
            }
            // "6/40–5/43": an en dash is a hyphen.
            Some(0xE2) if group > 0 && i[end..].starts_with('–') && digit_at(end + 3) => {
                clean.push('-');
                group = 0;
                end += '–'.len_utf8();
            }
            // "12/41- 8/42": a space after the hyphen.
            Some(b'-') if group > 0 && b.get(end + 1) == Some(&b' ') && digit_at(end + 2) => {
                clean.push('-');
                typos.push(MisprintAt {
                    kind: Misprint::StraySpace,
                    span: ctx.span_at(&i[end + 1..], 1),
                });
                group = 0;
                end += 2;
            }
            // "5/4 1-9/43", "3-1 1/41": one digit, a space, one more digit that ends the
            // number. Two one-digit numbers never stand side by side in a period otherwise.
            Some(b' ') if group == 1 && digit_at(end + 1) && !digit_at(end + 2) => {
                typos.push(MisprintAt {
                    kind: Misprint::StraySpace,
                    span: ctx.span_at(&i[end..], 1),
                });
                end += 1;
            }
            _ => break,
        }
    }
    let raw = &i[..end];
    let syntax = PrintedPeriod {
        raw: raw.to_string(),
        span: ctx.span(raw),
        value: read_period(&clean),
        typos,
    };
    Ok((&i[end..], syntax))
}

/// "6/40 to 5/43": two printed periods joined into one running from the first's start to the
/// second's end.
pub(crate) fn join(ctx: &Ctx<'_>, from: PrintedPeriod, to: PrintedPeriod) -> PrintedPeriod {
    let span = crate::TextSpan::new(ctx.file, from.span.range.start..to.span.range.end);
    let start = span.range.start.saturating_sub(ctx.base);
    let end = span.range.end.saturating_sub(ctx.base);
    let raw = ctx.text.get(start..end).unwrap_or_default().to_string();
    let ends = |v: &Result<Period, PrintedPeriodError>| match v {
        Ok(p) => Some((p.from, p.to)),
        Err(e) => e.literal(),
    };
    let is_short = |v: &Result<Period, PrintedPeriodError>| {
        matches!(v, Err(PrintedPeriodError::ShortYear { .. }))
    };
    let value = match (ends(&from.value), ends(&to.value)) {
        (Some((a, _)), Some((_, b))) => check(a, b, is_short(&from.value) || is_short(&to.value)),
        _ => Err(from
            .value
            .err()
            .or(to.value.err())
            .unwrap_or(PrintedPeriodError::Unreadable)),
    };
    let mut typos = from.typos;
    typos.extend(to.typos);
    PrintedPeriod {
        raw,
        span,
        value,
        typos,
    }
}

/// A year as printed.
enum Year {
    /// Two or four digits.
    Full(u16),
    /// One digit: read literally as 190x, but surely a misprint.
    Short(u16),
}

/// Reads a year: two-digit years are 19xx (the sources predate 2000); a four-digit year
/// starts with a digit other than 0. Which years the data may name is not the grammar's.
fn year(digits: &str) -> Option<Year> {
    let v: u16 = digits.parse().ok()?;
    match digits.len() {
        4 if !digits.starts_with('0') => Some(Year::Full(v)),
        2 => Some(Year::Full(1900 + v)),
        1 => Some(Year::Short(1900 + v)),
        _ => None,
    }
}

/// One side of a range: "5", "44", "5/41", "1944".
struct Part<'s>(
    /// The month before a "/", if any.
    Option<&'s str>,
    /// The number after the "/", or the whole side when there is none.
    &'s str,
);

/// Reads a cleaned token (stray spaces removed) into a period or an error value.
pub(crate) fn read_period(clean: &str) -> Result<Period, PrintedPeriodError> {
    if clean.contains('.') {
        return Err(PrintedPeriodError::Unreadable);
    }
    let parts = split_parts(clean).ok_or(PrintedPeriodError::Unreadable)?;
    let mut years = Years::default();
    let (from, to) = ends(&parts, &mut years)?;
    check(from, to, years.short)
}

/// The sides of a token around its "-", each split at its "/"; `None` when the token has more
/// than two sides or an empty number or month.
fn split_parts(clean: &str) -> Option<Vec<Part<'_>>> {
    let parts: Vec<Part<'_>> = clean
        .split('-')
        .map(|p| match p.split_once('/') {
            Some((m, n)) => Part(Some(m), n),
            None => Part(None, p),
        })
        .collect();
    let bad_shape = parts.len() > 2
        || parts
            .iter()
            .any(|Part(m, n)| n.is_empty() || n.contains('/') || m.is_some_and(str::is_empty));
    (!bad_shape).then_some(parts)
}

/// The first and last month of a token's sides, read literally (neither ordered nor
/// range-checked yet).
fn ends(
    parts: &[Part<'_>],
    years: &mut Years,
) -> Result<(YearMonth, YearMonth), PrintedPeriodError> {
    let at = |year: u16, month: u8| YearMonth { year, month };
    Ok(match parts {
        [Part(Some(m), y)] => {
            let ym = years.month_of(m, y)?;
            (ym, ym)
        }
        [Part(None, y)] if y.len() >= 2 => {
            let y = years.read(y)?;
            (at(y, 1), at(y, 12))
        }
        [Part(None, a), Part(Some(m), y)] => {
            let to = years.month_of(m, y)?;
            let from = if bare_is_year(a) {
                at(years.read(a)?, 1)
            } else {
                at(to.year, month(a)?)
            };
            (from, to)
        }
        [Part(Some(m), y), Part(None, b)] => (years.month_of(m, y)?, at(years.read(b)?, 12)),
        [Part(Some(m1), y1), Part(Some(m2), y2)] => {
            (years.month_of(m1, y1)?, years.month_of(m2, y2)?)
        }
        [Part(None, a), Part(None, b)] if a.len() >= 2 && b.len() >= 2 => {
            (at(years.read(a)?, 1), at(years.read(b)?, 12))
        }
        _ => return Err(PrintedPeriodError::Unreadable),
    })
}

/// A bare number before "-M/YY" is a year when it cannot be a month ("44-5/45").
fn bare_is_year(n: &str) -> bool {
    n.len() == 4 || (n.len() == 2 && n.parse::<u32>().is_ok_and(|v| v > 12))
}

/// A printed month number, 1-12.
fn month(m: &str) -> Result<u8, PrintedPeriodError> {
    let v: u32 = m.parse().map_err(|_| PrintedPeriodError::Unreadable)?;
    u8::try_from(v)
        .ok()
        .filter(|m| (1..=12).contains(m))
        .ok_or(PrintedPeriodError::BadMonth { month: v })
}

/// Reads the years of one token, remembering whether any was printed with one digit.
#[derive(Default)]
struct Years {
    /// A one-digit year was read: the whole token is a [`PrintedPeriodError::ShortYear`].
    short: bool,
}

impl Years {
    /// A printed year.
    fn read(&mut self, n: &str) -> Result<u16, PrintedPeriodError> {
        match year(n).ok_or(PrintedPeriodError::Unreadable)? {
            Year::Full(y) => Ok(y),
            Year::Short(y) => {
                self.short = true;
                Ok(y)
            }
        }
    }

    /// "M/YY": the year is read before the month, so a bad year is the error reported.
    fn month_of(&mut self, m: &str, y: &str) -> Result<YearMonth, PrintedPeriodError> {
        let year = self.read(y)?;
        Ok(YearMonth {
            year,
            month: month(m)?,
        })
    }
}

/// Orders a literal reading. Whether its years are the data's is checked after the whole text
/// is read ([`crate::YearSpan`]).
pub(crate) fn check(
    from: YearMonth,
    to: YearMonth,
    short: bool,
) -> Result<Period, PrintedPeriodError> {
    if short {
        return Err(PrintedPeriodError::ShortYear { from, to });
    }
    Period::new(from, to).ok_or(PrintedPeriodError::Backwards { from, to })
}
