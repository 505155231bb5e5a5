//! VASL's `limbered` column (`ordnance.csv`): `no_fire`, or `key=value` entries split at `|`
//! (`ma=<*>88L|mb=B11|rof=1|size=-1`), the values VASL's counter generator draws on the
//! gun's limbered piece instead of the front's. The keys and VASL's tokens are read as its
//! data instructions give them: `$$` is the front's value, `[*]` and `<*>` its five- and
//! six-lobed asterisks (a note mark before a value; after a caliber, `<*>` is its `*`), what
//! follows `@` its drawing directions (a place, a font size). An entry no form fits is blamed
//! by its own range.

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till1, take_while1};
use nom::character::complete::{char, space0};
use nom::combinator::{all_consuming, map, opt, rest, value};
use nom::multi::many0;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use qm_schema::{
    Caliber, CaliberMark, FrontOr, GunTypeCode, LimberedBreakdown, LimberedCaliber,
    LimberedOverride, LimberedRange, Manhandling, VaslLimbered, VaslStar,
};

use super::cells::{caliber_parser, range};
use crate::listing::cells::{signed_i8, uint, Problem, ProblemKind};

/// VASL's word for a limbered piece on which the gun cannot fire.
const NO_FIRE: &str = "no_fire";

/// The keys the column reads (VASL's override keys for a limbered piece).
const KEYS: [&str; 9] = [
    "ma", "mb", "rof", "ife", "range", "man", "size", "mount", "gt",
];

/// The `limbered` cell, read.
pub(crate) fn vasl_limbered(text: &str) -> Result<VaslLimbered, Problem> {
    if text.trim() == NO_FIRE {
        return Ok(VaslLimbered::NoFire);
    }
    let mut entries = Vec::new();
    let mut start = 0;
    for piece in text.split('|') {
        let range = start..start + piece.len();
        start += piece.len() + 1;
        entries.push(entry(piece).map_err(|kind| Problem {
            kind,
            range: Some(trimmed(text, range)),
        })?);
    }
    Ok(VaslLimbered::Overrides { entries })
}

/// `range` without the spaces around it.
fn trimmed(text: &str, range: Range<usize>) -> Range<usize> {
    let piece = &text[range.clone()];
    let lead = piece.len() - piece.trim_start().len();
    range.start + lead..range.start + lead + piece.trim().len()
}

/// One `key=value` entry.
fn entry(piece: &str) -> Result<LimberedOverride, ProblemKind> {
    let Some((key, v)) = piece.trim().split_once('=') else {
        return Err(ProblemKind::Syntax);
    };
    let read = |parsed: Option<LimberedOverride>| parsed.ok_or(ProblemKind::Syntax);
    match key.trim() {
        "ma" => read(whole(v, ma)),
        "mb" => read(whole(v, mb)),
        "rof" => read(whole(v, |i| {
            map(opt(uint::<u8>), |rof| LimberedOverride::Rof { rof }).parse(i)
        })),
        "ife" => read(whole(v, ife)),
        "range" => read(whole(v, range_entry)),
        "man" => read(whole(v, man)),
        "size" => read(whole(v, |i| {
            map(signed_i8, |size| LimberedOverride::Size { size }).parse(i)
        })),
        "mount" => read(whole(v, |i| {
            map(
                take_while1(|c: char| c.is_ascii_alphanumeric()),
                |c: &str| LimberedOverride::Mount { code: c.to_owned() },
            )
            .parse(i)
        })),
        "gt" => read(whole(v, |i| {
            map(take_while1(|c: char| c.is_ascii_uppercase()), |c: &str| {
                LimberedOverride::GunType {
                    code: GunTypeCode::new(c),
                }
            })
            .parse(i)
        })),
        other => Err(unknown_key(other, v)),
    }
}

/// A key the column does not read: a typo's hint when it is one letter off a key it does
/// whose form reads the value.
fn unknown_key(key: &str, v: &str) -> ProblemKind {
    let near = KEYS.iter().find(|k| {
        k.len() == key.len()
            && k.bytes().zip(key.bytes()).filter(|(a, b)| a != b).count() == 1
            && entry(&format!("{k}={v}")).is_ok()
    });
    match near {
        Some(k) => ProblemKind::Typo {
            hint: format!(
                "probably `{k}=`: VASL's counter generator knows no key `{key}=` and draws \
                 nothing for it"
            ),
        },
        None => ProblemKind::Syntax,
    }
}

/// `parser` over the whole value.
fn whole<'a>(
    v: &'a str,
    parser: impl Parser<&'a str, Output = LimberedOverride, Error = nom::error::Error<&'a str>>,
) -> Option<LimberedOverride> {
    all_consuming(parser).parse(v.trim()).ok().map(|(_, o)| o)
}

/// `[*]` or `<*>`.
fn star(i: &str) -> IResult<&str, VaslStar> {
    alt((
        value(VaslStar::FiveLobed, tag("[*]")),
        value(VaslStar::SixLobed, tag("<*>")),
    ))
    .parse(i)
}

/// `ma=`: a star, the front's caliber (`$$`) or one (maybe in VASL's over- or underline
/// span), a six-lobed star after it (the caliber's `*`).
fn ma(i: &str) -> IResult<&str, LimberedOverride> {
    let front = value(FrontOr::Front, tag("$$"));
    let given = map(alt((spanned_caliber, caliber_parser)), |value| {
        FrontOr::Given { value }
    });
    map(
        (opt(star), alt((front, given)), opt(tag("<*>"))),
        |(note, caliber, after)| LimberedOverride::Caliber {
            caliber: LimberedCaliber {
                note,
                caliber,
                star: after.is_some(),
            },
        },
    )
    .parse(i)
}

/// `<tspan style="text-decoration:overline">105</tspan>` (or `<span …>`), then the length.
fn spanned_caliber(i: &str) -> IResult<&str, Caliber> {
    let mark = alt((
        value(CaliberMark::Overline, tag("overline")),
        value(CaliberMark::Underline, tag("underline")),
    ));
    let open = (
        alt((tag("<tspan"), tag("<span"))),
        space0,
        tag("style=\"text-decoration:"),
        mark,
        tag("\">"),
    );
    let close = alt((tag("</tspan>"), tag("</span>")));
    map(
        (open, caliber_parser, close, take_while_l),
        |((_, _, _, mark, _), mut caliber, _, length)| {
            caliber.marks.push(mark);
            caliber.length.push_str(length);
            caliber
        },
    )
    .parse(i)
}

fn take_while_l(i: &str) -> IResult<&str, &str> {
    nom::bytes::complete::take_while(|c: char| c == 'L').parse(i)
}

/// `mb=B11`, `mb=[*]B10`, `mb=B<i>10</i>^1+`.
fn mb(i: &str) -> IResult<&str, LimberedOverride> {
    let italic = map(delimited(tag("<i>"), uint::<u8>, tag("</i>")), |n| {
        (n, true)
    });
    let plain = map(uint::<u8>, |n| (n, false));
    map(
        (
            opt(star),
            char('B'),
            alt((italic, plain)),
            opt(preceded(char('^'), rest)),
        ),
        |(note, _, (number, low_ammo), sup): (_, _, _, Option<&str>)| LimberedOverride::Breakdown {
            breakdown: LimberedBreakdown {
                note,
                number,
                low_ammo,
                superscript: sup.map(str::to_owned),
            },
        },
    )
    .parse(i)
}

/// `ife=(4)`, `ife=4`, `ife=` (none).
fn ife(i: &str) -> IResult<&str, LimberedOverride> {
    let number = alt((delimited(char('('), uint::<u8>, char(')')), uint::<u8>));
    map(opt(number), |ife| LimberedOverride::Ife { ife }).parse(i)
}

/// `man=12`, `man=<b>-4</b>` (bold: red).
fn man(i: &str) -> IResult<&str, LimberedOverride> {
    let bold = map(delimited(tag("<b>"), signed_i8, tag("</b>")), |number| {
        Manhandling { number, bold: true }
    });
    let plain = map(signed_i8, |number| Manhandling {
        number,
        bold: false,
    });
    map(alt((bold, plain)), |manhandling| {
        LimberedOverride::Manhandling { manhandling }
    })
    .parse(i)
}

/// `range=28`, `range=2-60`, `range=[16]TH@above_mgs@sz-2.5`.
fn range_entry(i: &str) -> IResult<&str, LimberedOverride> {
    let (i, printed) = take_till1(|c| c == '@').parse(i)?;
    let (i, drawing) = many0(preceded(char('@'), take_till1(|c| c == '@'))).parse(i)?;
    let (bracketed, body) = match printed.strip_prefix('[') {
        Some(inner) => match inner.split_once(']') {
            Some((n, after)) => (true, (n, after)),
            None => return fail(i),
        },
        None => {
            let digits = printed
                .find(|c: char| c.is_ascii_uppercase())
                .unwrap_or(printed.len());
            (false, (&printed[..digits], &printed[digits..]))
        }
    };
    let (number, after) = body;
    let Ok(gun_range) = range(number) else {
        return fail(i);
    };
    if !after.chars().all(|c| c.is_ascii_uppercase()) {
        return fail(i);
    }
    Ok((
        i,
        LimberedOverride::Range {
            range: LimberedRange {
                range: gun_range,
                bracketed,
                unexplained: (!after.is_empty()).then(|| after.to_owned()),
                drawing: drawing.into_iter().map(str::to_owned).collect(),
            },
        },
    ))
}

fn fail<T>(i: &str) -> IResult<&str, T> {
    Err(nom::Err::Error(nom::error::Error::new(
        i,
        nom::error::ErrorKind::Verify,
    )))
}

/// VASL's `limbered` column, for diagnostics.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LimberedColumn;

impl crate::listing::reader::ColumnText for LimberedColumn {
    fn label(self) -> &'static str {
        "limbered"
    }

    fn expected(self) -> &'static str {
        "`no_fire`, or `key=value` entries split by `|` (keys ma, mb, rof, ife, range, man, \
         size, mount, gt)"
    }

    fn examples(self) -> &'static str {
        "no_fire, ma=<*>88L|mb=B11|rof=1|size=-1 or ma=$$<*>|rof=|ife="
    }
}

#[cfg(test)]
mod tests {
    use qm_schema::{CaliberMark, FrontOr, LimberedOverride as O, VaslLimbered, VaslStar};

    use super::vasl_limbered;
    use crate::listing::cells::ProblemKind;

    fn entries(text: &str) -> Vec<O> {
        match vasl_limbered(text).unwrap() {
            VaslLimbered::Overrides { entries } => entries,
            VaslLimbered::NoFire => panic!("{text} read as no_fire"),
        }
    }

    #[test]
    fn no_fire_reads_as_its_own_form() {
        assert_eq!(vasl_limbered("no_fire").unwrap(), VaslLimbered::NoFire);
    }

    #[test]
    fn a_caliber_with_its_stars_and_the_fronts_value() {
        let e = entries("ma=<*>77L|mb=B9|rof=1");
        let O::Caliber { caliber } = &e[0] else {
            panic!()
        };
        assert_eq!(caliber.note, Some(VaslStar::SixLobed));
        let FrontOr::Given { value } = &caliber.caliber else {
            panic!()
        };
        assert_eq!((value.mm.as_str(), value.length.as_str()), ("77", "L"));
        assert!(!caliber.star);
        let e = entries("ma=$$<*>");
        let O::Caliber { caliber } = &e[0] else {
            panic!()
        };
        assert_eq!(
            (&caliber.caliber, caliber.note, caliber.star),
            (&FrontOr::Front, None, true)
        );
        let e = entries("ma=[*]21");
        let O::Caliber { caliber } = &e[0] else {
            panic!()
        };
        assert_eq!(caliber.note, Some(VaslStar::FiveLobed));
    }

    #[test]
    fn a_caliber_in_vasls_span_keeps_its_line() {
        let e = entries(
            "ma=<*><tspan style=\"text-decoration:overline\">107</tspan><*>|mb=B12|rof=2|mount=NT",
        );
        let O::Caliber { caliber } = &e[0] else {
            panic!()
        };
        let FrontOr::Given { value } = &caliber.caliber else {
            panic!()
        };
        assert_eq!(value.marks, [CaliberMark::Overline]);
        assert!(caliber.star);
        let e = entries("ma=<*><span style=\"text-decoration:underline\">41</span>L");
        let O::Caliber { caliber } = &e[0] else {
            panic!()
        };
        let FrontOr::Given { value } = &caliber.caliber else {
            panic!()
        };
        assert_eq!(
            (value.marks.as_slice(), value.length.as_str()),
            ([CaliberMark::Underline].as_slice(), "L")
        );
    }

    #[test]
    fn breakdown_rof_ife_and_their_empty_forms() {
        let e = entries("mb=[*]B<i>9</i>^2+|rof=|ife=|ife=(6)|ife=5|rof=3");
        let O::Breakdown { breakdown } = &e[0] else {
            panic!()
        };
        assert_eq!(breakdown.note, Some(VaslStar::FiveLobed));
        assert_eq!((breakdown.number, breakdown.low_ammo), (9, true));
        assert_eq!(breakdown.superscript.as_deref(), Some("2+"));
        assert_eq!(e[1], O::Rof { rof: None });
        assert_eq!(e[2], O::Ife { ife: None });
        assert_eq!(e[3], O::Ife { ife: Some(6) });
        assert_eq!(e[4], O::Ife { ife: Some(5) });
        assert_eq!(e[5], O::Rof { rof: Some(3) });
    }

    #[test]
    fn range_manhandling_size_mount_and_gun_type() {
        let e = entries("ma=$$|man=11|rof=1|range=27|gt=INF|size=-1|mount=NT|man=<b>-3</b>");
        assert!(
            matches!(&e[1], O::Manhandling { manhandling } if manhandling.number == 11 && !manhandling.bold)
        );
        let O::Range { range } = &e[3] else { panic!() };
        assert_eq!(
            (range.range.max, range.bracketed, range.drawing.len()),
            (27, false, 0)
        );
        assert!(matches!(&e[4], O::GunType { code } if code.as_str() == "INF"));
        assert_eq!(e[5], O::Size { size: -1 });
        assert!(matches!(&e[6], O::Mount { code } if code == "NT"));
        assert!(
            matches!(&e[7], O::Manhandling { manhandling } if manhandling.number == -3 && manhandling.bold)
        );
    }

    #[test]
    fn a_bracketed_range_keeps_its_letters_and_vasls_directions_unread() {
        let e = entries("mb=B12|rof=2|ife=(18)|range=[15]TH@above_mgs@sz-2.5");
        let O::Range { range } = &e[3] else { panic!() };
        assert_eq!(range.range.max, 15);
        assert!(range.bracketed);
        assert_eq!(range.unexplained.as_deref(), Some("TH"));
        assert_eq!(range.drawing, ["above_mgs", "sz-2.5"]);
    }

    #[test]
    fn an_entry_no_form_fits_is_blamed_by_its_range() {
        let text = "ma=<*>20|mg=[*]B10|rof=2";
        let problem = vasl_limbered(text).unwrap_err();
        assert_eq!(&text[problem.range.clone().unwrap()], "mg=[*]B10");
        assert!(matches!(problem.kind, ProblemKind::Typo { hint } if hint.contains("`mb=`")));
        let problem = vasl_limbered("rof=2|ife=(x)").unwrap_err();
        assert_eq!(
            (problem.kind, problem.range),
            (ProblemKind::Syntax, Some(6..13))
        );
        assert!(vasl_limbered("no_fire|rof=1").is_err());
        assert!(vasl_limbered("zz=1").is_err());
        assert!(vasl_limbered("rof").is_err());
    }
}
