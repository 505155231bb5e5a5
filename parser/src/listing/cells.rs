//! The grammar of each column's cells, applied to a cell's text after its spaces and daggers
//! are stripped. nom stays inside this module: a grammar returns a [`Problem`].

use std::ops::Range;
use std::str::FromStr;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit0, digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map, opt, recognize, success, value, verify};
use nom::error::{Error as NomError, ErrorKind};
use nom::multi::{many0, separated_list1};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};
use qm_schema::{
    AmmoKind, Armor, BarrelLength, BreakdownNumber, Capacity, GroundPressure, IfMark, MainArmament,
    MgFactor, Mount, NoteRef, PassengerUnit, Period, RateOfFire, RfRange, SecondaryArmament, Sign,
    SpecialAmmo, TargetAspect, Tenths, TurretType, VehicleTypeCode, Weapon,
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
}

impl Problem {
    fn whole(kind: ProblemKind) -> Self {
        Self { kind, range: None }
    }
}

/// Runs a nom parser over the whole text and converts its error at this one boundary.
fn run<'a, T>(
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
fn uint<T: FromStr>(i: &str) -> IResult<&str, T> {
    let (rest, digits) = digit1(i)?;
    match digits.parse() {
        Ok(v) => Ok((rest, v)),
        Err(_) => Err(nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge))),
    }
}

/// A number with an optional `+` or `-` sign.
fn signed_i8(i: &str) -> IResult<&str, i8> {
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

fn mount(i: &str) -> IResult<&str, Mount> {
    alt((
        value(Mount::AntiAircraft, tag("AA")),
        value(Mount::Bow, char('B')),
        value(Mount::Turret, char('T')),
        value(Mount::Coaxial, char('C')),
    ))
    .parse(i)
}

/// NAME: any text; the resolver normalizes spacing ("L3 / 35" is "L3/35").
pub(crate) fn name(text: &str) -> Result<String, Problem> {
    Ok(text.to_owned())
}

/// ®: the radioless mark.
pub(crate) fn radioless(text: &str) -> Result<bool, Problem> {
    run(text, value(true, char('®')))
}

/// WG T: tons, exact to the tenth.
pub(crate) fn weight(text: &str) -> Result<Tenths, Problem> {
    run(text, tenths)
}

/// TYPE: a type code as printed ("MT", "tr", "AG/TD"): ASCII letters and digits starting with
/// a letter, parts joined by "/". Which codes exist is the vehicle type registry's business
/// (the resolver warns about one it does not have); the grammar only knows their shape.
pub(crate) fn vehicle_type(text: &str) -> Result<VehicleTypeCode, Problem> {
    let part = || {
        recognize((
            take_while1(|c: char| c.is_ascii_alphabetic()),
            take_while(|c: char| c.is_ascii_alphanumeric()),
        ))
    };
    run(
        text,
        map(
            recognize(separated_list1(char('/'), part())),
            |code: &str| VehicleTypeCode::new(code),
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

/// AF: factors split at `/` (spaces allowed around it), maybe with a trailing `/`.
pub(crate) fn armor(text: &str) -> Result<Armor, Problem> {
    let slash = || (space0, char('/'), space0);
    run(
        text,
        map(
            (
                signed_i8,
                many0(preceded(slash(), signed_i8)),
                opt((space0, char('/'))),
            ),
            |(first, rest, trailing)| {
                let mut factors = vec![first];
                factors.extend(rest);
                Armor {
                    factors,
                    trailing_slash: trailing.is_some(),
                }
            },
        ),
    )
}

/// TA: a sign, then groups of the letters F, S and R split at spaces.
pub(crate) fn target_aspect(text: &str) -> Result<TargetAspect, Problem> {
    run(
        text,
        map(
            (
                alt((value(Sign::Plus, char('+')), value(Sign::Minus, char('-')))),
                separated_list1(space1, take_while1(|c| matches!(c, 'F' | 'S' | 'R'))),
            ),
            |(sign, groups): (Sign, Vec<&str>)| TargetAspect {
                sign,
                groups: groups.into_iter().map(str::to_owned).collect(),
            },
        ),
    )
}

/// OT: the open-topped mark.
pub(crate) fn open_top(text: &str) -> Result<bool, Problem> {
    run(text, value(true, char('●')))
}

/// CS, MP: a small whole number.
pub(crate) fn small_number(text: &str) -> Result<u8, Problem> {
    run(text, uint::<u8>)
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

/// T / Tur: `1MT`, `ST`, `NT` or `T`.
pub(crate) fn turret(text: &str) -> Result<TurretType, Problem> {
    run(
        text,
        alt((
            value(TurretType::OneManTurret, tag("1MT")),
            value(TurretType::SlowTurret, tag("ST")),
            value(TurretType::NonTurreted, tag("NT")),
            value(TurretType::Turret, tag("T")),
        )),
    )
}

fn weapon(i: &str) -> IResult<&str, Weapon> {
    let length = alt((
        value(BarrelLength::VeryLong, tag("LL")),
        value(BarrelLength::Long, tag("L")),
        success(BarrelLength::Normal),
    ));
    alt((
        value(Weapon::MachineGun, tag("MG")),
        map(preceded(char('F'), uint::<u16>), |rating| {
            Weapon::Flamethrower { rating }
        }),
        map((uint::<u16>, length), |(caliber_mm, length)| Weapon::Gun {
            caliber_mm,
            length,
        }),
    ))
    .parse(i)
}

/// MA: an optional mount, the weapon, an optional `*` (limited ammunition).
pub(crate) fn main_armament(text: &str) -> Result<MainArmament, Problem> {
    run(
        text,
        map(
            (opt(mount), weapon, opt(char('*'))),
            |(mount, weapon, star)| MainArmament {
                mount,
                weapon,
                limited_ammo: star.is_some(),
            },
        ),
    )
}

/// ROF: a number, maybe with a second one in parentheses (`1(4)`).
pub(crate) fn rof(text: &str) -> Result<RateOfFire, Problem> {
    run(
        text,
        map(
            (uint::<u8>, opt(delimited(char('('), uint::<u8>, char(')')))),
            |(rof, paren)| RateOfFire { rof, paren },
        ),
    )
}

/// B#: letters split at `/`, then the number (`11`, `B/X11`).
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
            ),
            |(letters, number): (Vec<&str>, u8)| BreakdownNumber {
                letters: letters.into_iter().map(str::to_owned).collect(),
                number,
            },
        ),
    )
}

/// IF: the diamond.
pub(crate) fn if_mark(text: &str) -> Result<IfMark, Problem> {
    run(text, value(IfMark::Diamond, char('◆')))
}

/// MG B / C / AA: a firepower, a rear firepower after `R`, or both (`8R2`); `Opt` first for an
/// optional MG (`Opt2`).
pub(crate) fn mg(text: &str) -> Result<MgFactor, Problem> {
    run(
        text,
        map(
            (
                opt(tag("Opt")),
                alt((
                    map(
                        (uint::<u8>, opt(preceded(char('R'), uint::<u8>))),
                        |(fp, rear_fp)| (Some(fp), rear_fp),
                    ),
                    map(preceded(char('R'), uint::<u8>), |rear| (None, Some(rear))),
                )),
            ),
            |(optional, (fp, rear_fp))| MgFactor {
                optional: optional.is_some(),
                fp,
                rear_fp,
            },
        ),
    )
}

/// SA: `Opt` (optional), a mount, the number (`B37`, `Opt2`, `2`).
pub(crate) fn secondary(text: &str) -> Result<SecondaryArmament, Problem> {
    run(
        text,
        map(
            (opt(tag("Opt")), opt(mount), uint::<u16>),
            |(optional, mount, value)| SecondaryArmament {
                optional: optional.is_some(),
                mount,
                value,
            },
        ),
    )
}

/// AM MO: the ammunition kind and its depletion number (`H7`, `HE7`, `AP7`).
pub(crate) fn ammo(text: &str) -> Result<SpecialAmmo, Problem> {
    run(
        text,
        map(
            (
                alt((
                    value(AmmoKind::He, tag("HE")),
                    value(AmmoKind::Heat, char('H')),
                    value(AmmoKind::Ap, tag("AP")),
                )),
                uint::<u8>,
            ),
            |(kind, depletion)| SpecialAmmo { kind, depletion },
        ),
    )
}

/// # / PP: parts separated by "/", each a count and a unit: `1C/9PP`, `4PP`, `21PP`,
/// `4PP/T10`. Every part is read on its own, so a bad one is blamed by its own range.
pub(crate) fn capacity(text: &str) -> Result<Capacity, Problem> {
    let mut capacity = Capacity::default();
    let mut start = 0;
    for piece in text.split('/') {
        let range = start..start + piece.len();
        start = range.end + 1;
        let part = capacity_part(piece).map_err(|p| Problem {
            kind: p.kind,
            // Point into the part; an empty part ("1C//9PP") blames the whole cell.
            range: (!piece.is_empty()).then(|| match p.range {
                Some(r) => range.start + r.start..range.start + r.end,
                None => range.clone(),
            }),
        })?;
        let slot_taken = match part {
            CapacityPart::Passengers(n, unit) => {
                let taken = capacity.passengers.is_some();
                capacity.passengers = Some(n);
                capacity.unit = Some(unit);
                taken
            }
            CapacityPart::Portage(pp) => capacity.pp.replace(pp).is_some(),
            CapacityPart::Towing(t) => capacity.towing.replace(t).is_some(),
        };
        if slot_taken {
            return Err(Problem {
                kind: ProblemKind::RepeatedCapacityPart,
                range: Some(range),
            });
        }
    }
    Ok(capacity)
}

/// One part of a capacity cell.
enum CapacityPart {
    /// `1C`, `2S`: passengers and what they count.
    Passengers(u8, PassengerUnit),
    /// `9PP`: portage points.
    Portage(u16),
    /// `T10`: the towing figure (the letter comes first).
    Towing(u16),
}

/// Reads one part: a count then `C`, `S` or `PP`, or `T` then a count.
fn capacity_part(piece: &str) -> Result<CapacityPart, Problem> {
    let letters = |i| take_while1(|c: char| c.is_ascii_uppercase()).parse(i);
    let (count, code) = match run(piece, (uint::<u16>, letters)) {
        Ok(v) => v,
        Err(e) if e.kind == ProblemKind::TooLarge => return Err(e),
        Err(_) => match run(piece, (letters, uint::<u16>)) {
            Ok(("T", count)) => return Ok(CapacityPart::Towing(count)),
            // "PP9": a known unit in the wrong place is a syntax error, not an unknown unit.
            Ok(_) => return Err(Problem::whole(ProblemKind::Syntax)),
            Err(e) => return Err(e),
        },
    };
    let digits = piece.len() - code.len();
    let passengers = |unit| match u8::try_from(count) {
        Ok(n) => Ok(CapacityPart::Passengers(n, unit)),
        Err(_) => Err(Problem {
            kind: ProblemKind::TooLarge,
            range: Some(0..digits),
        }),
    };
    match code {
        "C" => passengers(PassengerUnit::C),
        "S" => passengers(PassengerUnit::S),
        "PP" => Ok(CapacityPart::Portage(count)),
        "T" => Err(Problem::whole(ProblemKind::Syntax)),
        _ => Err(Problem {
            kind: ProblemKind::UnknownCapacityUnit,
            range: Some(digits..piece.len()),
        }),
    }
}

/// True when a token of the merged `# / PP` + Notes cell is meant as a capacity: note
/// references are all digits (`13`) or all letters (`AA`), never a `/` or digits and capitals
/// together, so a malformed capacity is still blamed on the right column.
pub(crate) fn looks_like_capacity(text: &str) -> bool {
    text.contains('/')
        || text.contains(|c: char| c.is_ascii_digit())
            && text.contains(|c: char| c.is_ascii_uppercase())
}

/// Notes: one reference, a vehicle note number 1-99 or a multi-applicable letter (`A`, `AA`).
pub(crate) fn note_ref(text: &str) -> Result<NoteRef, Problem> {
    run(
        text,
        alt((
            map(
                verify(uint::<u16>, |n| (1..=99).contains(n)),
                NoteRef::Vehicle,
            ),
            map(
                verify(take_while1(|c: char| c.is_ascii_uppercase()), |s: &str| {
                    let b = s.as_bytes();
                    // Letters run A..Z, then doubled: AA, BB, ...
                    b.len() == 1 || (b.len() == 2 && b[0] == b[1])
                }),
                |s: &str| NoteRef::Multi(s.to_owned()),
            ),
        )),
    )
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
        for text in ["", "1.5", "AG/", "/TD", "A G", "AG//TD", "7T", "L-T"] {
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
    fn armor_factors() {
        let a = |factors: &[i8], trailing_slash| Armor {
            factors: factors.to_vec(),
            trailing_slash,
        };
        assert_eq!(armor("-4"), Ok(a(&[-4], false)));
        assert_eq!(armor("-4 / -5"), Ok(a(&[-4, -5], false)));
        assert_eq!(armor("+1 / -2"), Ok(a(&[1, -2], false)));
        assert_eq!(armor("-2/-2/"), Ok(a(&[-2, -2], true)));
        assert_eq!(armor("-5"), Ok(a(&[-5], false)));
        assert_eq!(armor("0"), Ok(a(&[0], false)));
        assert_eq!(armor("-2 /"), Ok(a(&[-2], true)));
        for text in ["", "/", "/-4", "-4 // -5", "-4 -5", "-4/ /"] {
            assert!(syntax(armor(text)), "{text}");
        }
        assert!(too_large(armor("-4 / -500")));
    }

    #[test]
    fn target_aspect_groups() {
        let ta = |sign, groups: &[&str]| TargetAspect {
            sign,
            groups: groups.iter().map(|s| s.to_string()).collect(),
        };
        assert_eq!(target_aspect("+F"), Ok(ta(Sign::Plus, &["F"])));
        assert_eq!(target_aspect("+FS R"), Ok(ta(Sign::Plus, &["FS", "R"])));
        assert_eq!(target_aspect("+SR"), Ok(ta(Sign::Plus, &["SR"])));
        assert_eq!(target_aspect("-F"), Ok(ta(Sign::Minus, &["F"])));
        for text in ["", "+", "F", "+X", "+F ", "+f", "+F  ", "++F"] {
            assert!(syntax(target_aspect(text)), "{text}");
        }
    }

    #[test]
    fn marks() {
        assert_eq!(radioless("®"), Ok(true));
        assert_eq!(open_top("●"), Ok(true));
        assert_eq!(if_mark("◆"), Ok(IfMark::Diamond));
        for text in ["R", "®®", "", "(R)"] {
            assert!(syntax(radioless(text)), "{text}");
        }
        assert!(syntax(open_top("o")));
        assert!(syntax(if_mark("◇")));
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

    #[test]
    fn ground_pressure_and_turret() {
        assert_eq!(ground_pressure("L"), Ok(GroundPressure::Low));
        assert_eq!(ground_pressure("H"), Ok(GroundPressure::High));
        assert!(syntax(ground_pressure("M")));
        assert!(syntax(ground_pressure("LH")));
        for (text, t) in [
            ("1MT", TurretType::OneManTurret),
            ("ST", TurretType::SlowTurret),
            ("NT", TurretType::NonTurreted),
            ("T", TurretType::Turret),
        ] {
            assert_eq!(turret(text), Ok(t), "{text}");
        }
        for text in ["", "2MT", "TT", "MT", "t"] {
            assert!(syntax(turret(text)), "{text}");
        }
    }

    #[test]
    fn main_armament_forms() {
        let gun = |mount, caliber_mm, length, limited_ammo| MainArmament {
            mount,
            weapon: Weapon::Gun { caliber_mm, length },
            limited_ammo,
        };
        let mg = |mount| MainArmament {
            mount,
            weapon: Weapon::MachineGun,
            limited_ammo: false,
        };
        use BarrelLength::*;
        use Mount::*;
        let cases = [
            ("T37", gun(Some(Turret), 37, Normal, false)),
            ("B20L", gun(Some(Bow), 20, Long, false)),
            ("T65*", gun(Some(Turret), 65, Normal, true)),
            ("T47L", gun(Some(Turret), 47, Long, false)),
            ("B75*", gun(Some(Bow), 75, Normal, true)),
            ("B105", gun(Some(Bow), 105, Normal, false)),
            ("T90L", gun(Some(Turret), 90, Long, false)),
            ("T20L", gun(Some(Turret), 20, Long, false)),
            ("B90L", gun(Some(Bow), 90, Long, false)),
            ("T75LL", gun(Some(Turret), 75, VeryLong, false)),
            ("T75L*", gun(Some(Turret), 75, Long, true)),
            ("CMG", mg(Some(Coaxial))),
            ("BMG", mg(Some(Bow))),
            ("MG", mg(None)),
            ("AAMG", mg(Some(AntiAircraft))),
            (
                "BF32",
                MainArmament {
                    mount: Some(Bow),
                    weapon: Weapon::Flamethrower { rating: 32 },
                    limited_ammo: false,
                },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(main_armament(text), Ok(want), "{text}");
        }
        for text in [
            "", "T", "X37", "T37LLL", "T37**", "MGG", "F", "T 37", "37mm",
        ] {
            assert!(syntax(main_armament(text)), "{text}");
        }
        assert!(too_large(main_armament("T70000")));
    }

    #[test]
    fn rof_and_breakdown() {
        assert_eq!(
            rof("2"),
            Ok(RateOfFire {
                rof: 2,
                paren: None
            })
        );
        assert_eq!(
            rof("1(4)"),
            Ok(RateOfFire {
                rof: 1,
                paren: Some(4)
            })
        );
        assert_eq!(
            rof("3(4)"),
            Ok(RateOfFire {
                rof: 3,
                paren: Some(4)
            })
        );
        for text in ["", "(4)", "1(4", "1()", "1(4)(5)"] {
            assert!(syntax(rof(text)), "{text}");
        }
        let b = |letters: &[&str], number| BreakdownNumber {
            letters: letters.iter().map(|s| s.to_string()).collect(),
            number,
        };
        assert_eq!(breakdown("11"), Ok(b(&[], 11)));
        assert_eq!(breakdown("B/X11"), Ok(b(&["B", "X"], 11)));
        assert_eq!(breakdown("B11"), Ok(b(&["B"], 11)));
        for text in ["", "B", "B//11", "/11", "11B", "b11"] {
            assert!(syntax(breakdown(text)), "{text}");
        }
        assert!(too_large(breakdown("B/X300")));
    }

    #[test]
    fn mg_factors() {
        let f = |fp, rear_fp| MgFactor {
            optional: false,
            fp,
            rear_fp,
        };
        assert_eq!(mg("4"), Ok(f(Some(4), None)));
        let opt = MgFactor {
            optional: true,
            ..f(Some(2), None)
        };
        assert_eq!(mg("Opt2"), Ok(opt));
        assert_eq!(mg("2"), Ok(f(Some(2), None)));
        assert_eq!(mg("R4"), Ok(f(None, Some(4))));
        assert_eq!(mg("8R2"), Ok(f(Some(8), Some(2))));
        assert_eq!(mg("R2"), Ok(f(None, Some(2))));
        for text in ["", "R", "8R", "r4", "4R4R4", "R-4", "Opt", "opt2", "Opt 2"] {
            assert!(syntax(mg(text)), "{text}");
        }
        assert!(too_large(mg("8R256")));
    }

    #[test]
    fn secondary_and_ammo() {
        let sa = |optional, mount, value| SecondaryArmament {
            optional,
            mount,
            value,
        };
        assert_eq!(secondary("B37"), Ok(sa(false, Some(Mount::Bow), 37)));
        assert_eq!(secondary("Opt2"), Ok(sa(true, None, 2)));
        assert_eq!(secondary("2"), Ok(sa(false, None, 2)));
        assert_eq!(secondary("Opt4"), Ok(sa(true, None, 4)));
        assert_eq!(secondary("Opt6"), Ok(sa(true, None, 6)));
        for text in ["", "Opt", "opt2", "X2", "Opt 2"] {
            assert!(syntax(secondary(text)), "{text}");
        }
        let am = |kind, depletion| SpecialAmmo { kind, depletion };
        assert_eq!(ammo("H7"), Ok(am(AmmoKind::Heat, 7)));
        assert_eq!(ammo("HE7"), Ok(am(AmmoKind::He, 7)));
        assert_eq!(ammo("AP7"), Ok(am(AmmoKind::Ap, 7)));
        for text in ["", "H", "7", "X7", "HEAT7", "h7"] {
            assert!(syntax(ammo(text)), "{text}");
        }
        assert!(too_large(ammo("H1000")));
    }

    #[test]
    fn capacities() {
        let c = |passengers: Option<(u8, PassengerUnit)>, pp, towing| Capacity {
            passengers: passengers.map(|p| p.0),
            unit: passengers.map(|p| p.1),
            pp,
            towing,
        };
        use PassengerUnit::*;
        for (text, expected) in [
            ("1C/9PP", c(Some((1, C)), Some(9), None)),
            ("1C/5PP", c(Some((1, C)), Some(5), None)),
            ("1S/7PP", c(Some((1, S)), Some(7), None)),
            ("2S/9PP", c(Some((2, S)), Some(9), None)),
            ("3S/13PP", c(Some((3, S)), Some(13), None)),
            ("4PP", c(None, Some(4), None)),
            ("21PP", c(None, Some(21), None)),
            ("1PP", c(None, Some(1), None)),
            ("4PP/T10", c(None, Some(4), Some(10))),
            ("1C", c(Some((1, C)), None, None)),
            ("T10", c(None, None, Some(10))),
            ("1C/9PP/T10", c(Some((1, C)), Some(9), Some(10))),
            ("9PP/1S", c(Some((1, S)), Some(9), None)),
        ] {
            assert_eq!(capacity(text), Ok(expected), "{text}");
            assert_eq!(expected.text().len(), text.len(), "{text}");
        }
        assert_eq!(capacity("4PP/T10").unwrap().text(), "4PP/T10");
        assert_eq!(capacity("9PP/1S").unwrap().text(), "1S/9PP");
        let problem = |text| capacity(text).unwrap_err();
        let at = |kind, range| Problem {
            kind,
            range: Some(range),
        };
        use ProblemKind::*;
        assert_eq!(problem("1C/9"), at(Syntax, 3..4));
        assert_eq!(problem("1C /9PP"), at(Syntax, 0..3));
        assert_eq!(problem("C/9PP"), at(Syntax, 0..1));
        assert_eq!(problem("1C/PP"), at(Syntax, 3..5));
        assert_eq!(problem("10T"), at(Syntax, 0..3));
        assert_eq!(problem("PP9"), at(Syntax, 0..3));
        assert_eq!(problem("1c/9pp"), at(Syntax, 0..2));
        assert_eq!(problem("1X/9PP"), at(UnknownCapacityUnit, 1..2));
        assert_eq!(problem("4PP/1HS"), at(UnknownCapacityUnit, 5..7));
        assert_eq!(problem("9PP/4PP"), at(RepeatedCapacityPart, 4..7));
        assert_eq!(problem("1C/2S/9PP"), at(RepeatedCapacityPart, 3..5));
        assert_eq!(problem("300C/9PP"), at(TooLarge, 0..3));
        assert_eq!(problem("4PP/T99999"), at(TooLarge, 5..10));
        for text in ["", "/", "1C/", "/9PP", "1C//9PP"] {
            assert_eq!(problem(text), Problem::whole(Syntax), "{text}");
        }
        assert!(looks_like_capacity("1C/9PP"));
        assert!(looks_like_capacity("1C9PP"));
        assert!(looks_like_capacity("4PP"));
        assert!(looks_like_capacity("T10"));
        assert!(!looks_like_capacity("17"));
        assert!(!looks_like_capacity("AA"));
    }

    #[test]
    fn note_refs() {
        assert_eq!(note_ref("1"), Ok(NoteRef::Vehicle(1)));
        assert_eq!(note_ref("13"), Ok(NoteRef::Vehicle(13)));
        assert_eq!(note_ref("99"), Ok(NoteRef::Vehicle(99)));
        assert_eq!(note_ref("A"), Ok(NoteRef::Multi("A".into())));
        assert_eq!(note_ref("Z"), Ok(NoteRef::Multi("Z".into())));
        assert_eq!(note_ref("AA"), Ok(NoteRef::Multi("AA".into())));
        for text in ["", "0", "100", "AB", "AAA", "a", "1A", "A1", "13,"] {
            assert!(syntax(note_ref(text)), "{text}");
        }
        assert!(too_large(note_ref("99999999")));
    }

    #[test]
    fn garbage_is_an_error_and_never_panics() {
        type Grammar = fn(&str) -> bool;
        let grammars: &[Grammar] = &[
            |t| radioless(t).is_ok(),
            |t| weight(t).is_ok(),
            |t| vehicle_type(t).is_ok(),
            |t| bpv(t).is_ok(),
            |t| rf(t).is_ok(),
            |t| dates(t).is_ok(),
            |t| size(t).is_ok(),
            |t| armor(t).is_ok(),
            |t| target_aspect(t).is_ok(),
            |t| open_top(t).is_ok(),
            |t| small_number(t).is_ok(),
            |t| ground_pressure(t).is_ok(),
            |t| turret(t).is_ok(),
            |t| main_armament(t).is_ok(),
            |t| rof(t).is_ok(),
            |t| breakdown(t).is_ok(),
            |t| if_mark(t).is_ok(),
            |t| mg(t).is_ok(),
            |t| secondary(t).is_ok(),
            |t| ammo(t).is_ok(),
            |t| capacity(t).is_ok(),
            |t| note_ref(t).is_ok(),
        ];
        let long_digits = "7".repeat(1 << 20);
        let long_garbage = "é/-(".repeat(1 << 18);
        for text in [
            "ŝ€𝄞",
            "١٢",
            "\u{0}",
            "/",
            "( )",
            long_digits.as_str(),
            long_garbage.as_str(),
        ] {
            for g in grammars {
                assert!(!g(text), "{text:.20}");
            }
        }
    }
}
