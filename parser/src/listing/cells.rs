//! The grammar of each column's cells, applied to a cell's text after its spaces and daggers
//! are stripped (the cells of parts are read in [`super::parts`], the armament in
//! [`super::weapons`]). nom stays inside these modules: a grammar returns a [`Problem`].

use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit0, digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map, opt, recognize, value, verify};
use nom::error::{Error as NomError, ErrorKind};
use nom::multi::{many0, separated_list1};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use qm_schema::{
    BreakdownNumber, CrewSurvival, GroundPressure, IfMark, NoteRef, Period, Radioless, RateOfFire,
    RfRange, Tenths, Turret, TurretType, VehicleTypeCode,
};

use crate::period::{parse_period, PeriodErrorKind};

/// Why a cell's text fits no grammar of its column, and which part is to blame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// What is wrong.
    pub(crate) kind: ProblemKind,
    /// The offending bytes, relative to the grammar's input; `None` blames the whole cell.
    pub(crate) range: Option<Range<usize>>,
}

/// What is wrong with a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ProblemKind {
    /// The text fits no form of the column.
    Syntax,
    /// A number too large for the column's type.
    TooLarge,
    /// A month outside 1-12.
    BadMonth,
    /// A period that ends before it starts.
    BackwardsPeriod,
    /// A capacity part whose unit is none of `C`, `S`, `PP` (count first) or `T` (count after).
    UnknownCapacityUnit,
    /// A capacity part whose kind (passengers, PP, T) an earlier part of the cell already gave.
    RepeatedCapacityPart,
    /// A note id of another tool's own numbering (`85v`, `9va`, `g1`), not a listing's note.
    ForeignNoteId,
    /// Text no form reads that looks like a slip of a form that is read (`S8` for `s8`): still
    /// an error, its help saying what was probably meant.
    Typo {
        /// What was probably meant and why, for the help line.
        hint: String,
    },
}

impl Problem {
    pub(crate) fn whole(kind: ProblemKind) -> Self {
        Self { kind, range: None }
    }
}

/// Runs a nom parser over the whole text and converts its error at this one boundary.
pub(crate) fn run<'a, T>(
    text: &'a str,
    parser: impl Parser<&'a str, Output = T, Error = NomError<&'a str>>,
) -> Result<T, Problem> {
    match all_consuming(parser).parse(text) {
        Ok((_, v)) => Ok(v),
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) if e.code == ErrorKind::TooLarge => {
            // The error's input is the suffix starting at the number that overflowed.
            let start = text.len().saturating_sub(e.input.len());
            let digits = e.input.bytes().take_while(u8::is_ascii_digit).count();
            Err(Problem {
                kind: ProblemKind::TooLarge,
                range: Some(start..start + digits),
            })
        }
        Err(_) => Err(Problem::whole(ProblemKind::Syntax)),
    }
}

/// An unsigned decimal number; a number too large for `T` is a hard failure, not a mismatch.
pub(crate) fn uint<T: FromStr>(i: &str) -> IResult<&str, T> {
    let (rest, digits) = digit1(i)?;
    match digits.parse() {
        Ok(v) => Ok((rest, v)),
        Err(_) => Err(nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge))),
    }
}

/// A number with an optional `+` or `-` sign.
pub(crate) fn signed_i8(i: &str) -> IResult<&str, i8> {
    let (rest, text) = recognize((opt(one_of("+-")), digit1)).parse(i)?;
    match text.parse() {
        Ok(v) => Ok((rest, v)),
        Err(_) => Err(nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge))),
    }
}

/// A decimal with at most one fractional digit (`5.5`, `14`, `.9`), kept exact as tenths.
fn tenths(i: &str) -> IResult<&str, Tenths> {
    let (rest, (whole, fraction)) = (digit0, opt(preceded(char('.'), digit1))).parse(i)?;
    if whole.is_empty() && fraction.is_none() {
        return Err(nom::Err::Error(NomError::new(i, ErrorKind::Digit)));
    }
    let tenth = match fraction {
        None => 0,
        Some(f) if f.len() == 1 => u32::from(f.as_bytes()[0] - b'0'),
        // "1.25" is not exact in tenths; refuse it rather than round.
        Some(_) => return Err(nom::Err::Error(NomError::new(i, ErrorKind::Verify))),
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole
            .parse()
            .map_err(|_| nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge)))?
    };
    match whole.checked_mul(10).and_then(|w| w.checked_add(tenth)) {
        Some(t) => Ok((rest, Tenths(t))),
        None => Err(nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge))),
    }
}

/// NAME: any text; the resolver normalizes spacing ("L3 / 35" is "L3/35").
pub(crate) fn name(text: &str) -> Result<String, Problem> {
    Ok(text.to_owned())
}

/// ®: the radioless mark, maybe with a number after it (`®9`).
pub(crate) fn radioless(text: &str) -> Result<Radioless, Problem> {
    run(
        text,
        map(preceded(char('®'), opt(uint::<u8>)), |number| Radioless {
            number,
        }),
    )
}

/// WG T: tons, exact to the tenth.
pub(crate) fn weight(text: &str) -> Result<Tenths, Problem> {
    run(text, tenths)
}

/// TYPE: a type code as printed ("MT", "tr", "AG/TD", "AAh-d"): ASCII letters and digits
/// starting with a letter, a hyphen between two of them, parts joined by "/"; the code may be
/// printed in quotes (`“SC”`), which the raw text keeps. Which codes exist is the vehicle type
/// registry's business (the resolver warns about one it does not have); the grammar only
/// knows their shape.
pub(crate) fn vehicle_type(text: &str) -> Result<VehicleTypeCode, Problem> {
    let part = || {
        recognize((
            take_while1(|c: char| c.is_ascii_alphabetic()),
            many0(alt((
                take_while1(|c: char| c.is_ascii_alphanumeric()),
                recognize((char('-'), take_while1(|c: char| c.is_ascii_alphanumeric()))),
            ))),
        ))
    };
    let code = || recognize(separated_list1(char('/'), part()));
    run(
        text,
        map(
            alt((
                delimited(char('“'), code(), char('”')),
                delimited(char('"'), code(), char('"')),
                code(),
            )),
            VehicleTypeCode::new,
        ),
    )
}

/// BPV: a whole number.
pub(crate) fn bpv(text: &str) -> Result<u16, Problem> {
    run(text, uint::<u16>)
}

/// RF: one value or a range, printed in either order ("1.4-1.2" is 1.2 to 1.4).
pub(crate) fn rf(text: &str) -> Result<RfRange, Problem> {
    run(
        text,
        map(
            (tenths, opt(preceded(char('-'), tenths))),
            |(first, second)| RfRange::between(first, second.unwrap_or(first)),
        ),
    )
}

/// DATES: a period.
pub(crate) fn dates(text: &str) -> Result<Period, Problem> {
    parse_period(text).map_err(|e| Problem {
        kind: match e.kind {
            PeriodErrorKind::Syntax => ProblemKind::Syntax,
            PeriodErrorKind::BadMonth => ProblemKind::BadMonth,
            PeriodErrorKind::Backwards => ProblemKind::BackwardsPeriod,
        },
        range: Some(e.range),
    })
}

/// SZ: a signed size modifier.
pub(crate) fn size(text: &str) -> Result<i8, Problem> {
    run(text, signed_i8)
}

/// OT: the open-topped mark.
pub(crate) fn open_top(text: &str) -> Result<bool, Problem> {
    run(text, value(true, char('●')))
}

/// CS, MP: a small whole number.
pub(crate) fn small_number(text: &str) -> Result<u8, Problem> {
    run(text, uint::<u8>)
}

/// CS: a small whole number, or two split by "/" (`3/2`).
pub(crate) fn crew_survival(text: &str) -> Result<CrewSurvival, Problem> {
    run(
        text,
        map(
            (uint::<u8>, opt(preceded(char('/'), uint::<u8>))),
            |(number, second)| CrewSurvival { number, second },
        ),
    )
}

/// GP: `L` or `H`.
pub(crate) fn ground_pressure(text: &str) -> Result<GroundPressure, Problem> {
    run(
        text,
        alt((
            value(GroundPressure::Low, char('L')),
            value(GroundPressure::High, char('H')),
        )),
    )
}

/// T / Tur: one type (`1MT`, `ST`, `RST`, `NT`, `T`) or two joined by "-" (`T-NT`).
pub(crate) fn turret(text: &str) -> Result<Turret, Problem> {
    let kind = alt((
        value(TurretType::OneManTurret, tag("1MT")),
        value(TurretType::RestrictedSlowTurret, tag("RST")),
        value(TurretType::SlowTurret, tag("ST")),
        value(TurretType::NonTurreted, tag("NT")),
        value(TurretType::Turret, tag("T")),
    ));
    run(
        text,
        map(separated_list1(char('-'), kind), |types| Turret { types }),
    )
}

/// ROF: a number, maybe with a second one in parentheses (`1(4)`, `2 (6)`), or two rates
/// split by "or" (`1 or 2`).
pub(crate) fn rof(text: &str) -> Result<RateOfFire, Problem> {
    let paren = map(
        preceded(space0, delimited(char('('), uint::<u8>, char(')'))),
        |p| (Some(p), None),
    );
    let or = map(preceded((space1, tag("or"), space1), uint::<u8>), |o| {
        (None, Some(o))
    });
    run(
        text,
        map((uint::<u8>, opt(alt((paren, or)))), |(rof, more)| {
            let (paren, or) = more.unwrap_or((None, None));
            RateOfFire { rof, paren, or }
        }),
    )
}

/// B#: letters split at `/`, then the number (`11`, `B/X11`), maybe a second number after
/// `/` (`X12/9`).
pub(crate) fn breakdown(text: &str) -> Result<BreakdownNumber, Problem> {
    run(
        text,
        map(
            (
                many0(terminated(
                    take_while1(|c: char| c.is_ascii_uppercase()),
                    opt(char('/')),
                )),
                uint::<u8>,
                opt(preceded(char('/'), uint::<u8>)),
            ),
            |(letters, number, second): (Vec<&str>, u8, Option<u8>)| BreakdownNumber {
                letters: letters.into_iter().map(str::to_owned).collect(),
                number,
                second,
            },
        ),
    )
}

/// IF: the diamond.
pub(crate) fn if_mark(text: &str) -> Result<IfMark, Problem> {
    run(text, value(IfMark::Diamond, char('◆')))
}

/// True when a token of the merged `# / PP` + Notes cell is meant as a capacity: note
/// references are all digits (`13`) or all letters (`AA`), never a `/` or digits and capitals
/// together, so a malformed capacity is still blamed on the right column.
pub(crate) fn looks_like_capacity(text: &str) -> bool {
    text.contains('/')
        || text.contains(|c: char| c.is_ascii_digit())
            && text.contains(|c: char| c.is_ascii_uppercase())
}

/// Notes: one reference, a vehicle note number 1-999 (maybe with a decimal part, `9.1`), a
/// multi-applicable letter (`A`, `AA`) or a lower-case letter (`a`). Another tool's own note
/// ids (`85v`, `9va`, `g1`) are refused with their own problem.
pub(crate) fn note_ref(text: &str) -> Result<NoteRef, Problem> {
    if is_foreign_note_id(text) {
        return Err(Problem::whole(ProblemKind::ForeignNoteId));
    }
    let number = || verify(uint::<u16>, |n| (1..=999).contains(n));
    run(
        text,
        alt((
            map(recognize((number(), char('.'), digit1)), |s: &str| {
                NoteRef::Decimal(s.to_owned())
            }),
            map(number(), NoteRef::Vehicle),
            map(
                verify(take_while1(|c: char| c.is_ascii_uppercase()), |s: &str| {
                    let b = s.as_bytes();
                    // Letters run A..Z, then doubled: AA, BB, ...
                    b.len() == 1 || (b.len() == 2 && b[0] == b[1])
                }),
                |s: &str| NoteRef::Multi(s.to_owned()),
            ),
            map(
                verify(take_while1(|c: char| c.is_ascii_lowercase()), |s: &str| {
                    s.len() == 1
                }),
                |s: &str| NoteRef::Lower(s.to_owned()),
            ),
        )),
    )
}

/// True for a note id of VASL's numbering: a number followed by lower-case letters and digits
/// (`85v`, `9va`, `6va1`, `23g`; a listing's note number has none), or `g` or `s` and a
/// number (`g1`, `s12`: its generic and shared pieces).
pub(crate) fn is_foreign_note_id(text: &str) -> bool {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    if rest.len() < text.len() {
        return rest.starts_with(|c: char| c.is_ascii_lowercase())
            && rest
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
    }
    text.strip_prefix('g')
        .or_else(|| text.strip_prefix('s'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_schema::YearMonth;

    fn syntax<T: std::fmt::Debug>(r: Result<T, Problem>) -> bool {
        matches!(
            r,
            Err(Problem {
                kind: ProblemKind::Syntax,
                ..
            })
        )
    }

    fn too_large<T: std::fmt::Debug>(r: Result<T, Problem>) -> bool {
        matches!(
            r,
            Err(Problem {
                kind: ProblemKind::TooLarge,
                ..
            })
        )
    }

    #[test]
    fn weights_are_exact_tenths() {
        for (text, tenths) in [("5.5", 55), ("14", 140), ("6.5", 65), ("1", 10), (".5", 5)] {
            assert_eq!(weight(text), Ok(Tenths(tenths)), "{text}");
        }
        for text in ["", ".", "5.", "5.55", "5,5", "x", "-1", "5.5.5"] {
            assert!(syntax(weight(text)), "{text}");
        }
        assert!(too_large(weight("99999999999")));
        assert!(too_large(weight("429496729.6")));
        assert_eq!(weight("429496729.5"), Ok(Tenths(u32::MAX)));
    }

    #[test]
    fn vehicle_types_are_codes_of_any_registry() {
        for code in [
            "Tt", "Ttv", "LT", "MT", "tr", "SPAtr", "HT", "ht", "mc", "AG/TD", "TD/AA",
        ] {
            assert_eq!(vehicle_type(code), Ok(VehicleTypeCode::new(code)), "{code}");
        }
        // A code the registry lacks is still a code; the resolver warns about it.
        assert_eq!(vehicle_type("Lt"), Ok(VehicleTypeCode::new("Lt")));
        for text in ["", "1.5", "AG/", "/TD", "A G", "AG//TD", "7T", "L-", "-T"] {
            assert!(syntax(vehicle_type(text)), "{text}");
        }
    }

    #[test]
    fn bpv_is_a_whole_number() {
        assert_eq!(bpv("19"), Ok(19));
        assert_eq!(bpv("53"), Ok(53));
        assert!(syntax(bpv("")));
        assert!(syntax(bpv("1.5")));
        assert!(syntax(bpv("-3")));
        assert_eq!(
            bpv("70000"),
            Err(Problem {
                kind: ProblemKind::TooLarge,
                range: Some(0..5)
            })
        );
    }

    #[test]
    fn rf_ranges_read_in_either_order() {
        let r = |lower, upper| RfRange {
            lower: Tenths(lower),
            upper: Tenths(upper),
        };
        assert_eq!(rf("1.5"), Ok(r(15, 15)));
        assert_eq!(rf(".9-1.6"), Ok(r(9, 16)));
        assert_eq!(rf("1.0-1.6"), Ok(r(10, 16)));
        // High-to-low, as ASL-derived listings often print them.
        assert_eq!(rf("1.6-1.3"), Ok(r(13, 16)));
        assert_eq!(rf("1.4-1.2"), Ok(r(12, 14)));
        assert_eq!(rf("1.6-1.0"), Ok(r(10, 16)));
        assert_eq!(rf("1.3-.9"), Ok(r(9, 13)));
        assert_eq!(rf("1.3-1.3"), Ok(r(13, 13)));
        assert_eq!(rf("1.6-1.3").unwrap().as_single(), None);
        assert_eq!(rf("1.6").unwrap().as_single(), Some(Tenths(16)));
        for text in [
            "",
            "-",
            "1.6-",
            "-1.6",
            "1.6--1.3",
            "1.6-1.3-1.2",
            "1.66",
            "a",
        ] {
            assert!(syntax(rf(text)), "{text}");
        }
    }

    #[test]
    fn dates_map_period_errors() {
        assert_eq!(
            dates("6/40-2/41"),
            Ok(Period {
                from: YearMonth {
                    year: 1940,
                    month: 6
                },
                to: YearMonth {
                    year: 1941,
                    month: 2
                }
            })
        );
        assert_eq!(
            dates("13/43"),
            Err(Problem {
                kind: ProblemKind::BadMonth,
                range: Some(0..2)
            })
        );
        assert!(matches!(
            dates("12-5/45"),
            Err(Problem {
                kind: ProblemKind::BackwardsPeriod,
                ..
            })
        ));
        assert!(syntax(dates("soon")));
    }

    #[test]
    fn size_is_signed() {
        for (text, v) in [("+1", 1), ("-1", -1), ("0", 0), ("+2", 2), ("-128", -128)] {
            assert_eq!(size(text), Ok(v), "{text}");
        }
        for text in ["", "+", "1+", "+ 1", "++1"] {
            assert!(syntax(size(text)), "{text}");
        }
        assert!(too_large(size("+128")));
        assert!(too_large(size("-99999999999999999999999")));
    }

    #[test]
    fn small_numbers() {
        assert_eq!(small_number("2"), Ok(2));
        assert_eq!(small_number("34"), Ok(34));
        assert_eq!(small_number("255"), Ok(255));
        assert!(too_large(small_number("256")));
        assert!(too_large(small_number(&"9".repeat(1000))));
        assert!(syntax(small_number("")));
        assert!(syntax(small_number("3a")));
    }
}
