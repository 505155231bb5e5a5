//! The grammar of each ordnance cell kind, a pure function of one cell's text (after the
//! reader took off its spaces, daggers and trailing superscript), shared by the publication's
//! layout (`ordnance.tsv`) and VASL's (`ordnance.csv`). The Special column is
//! [`super::special`]'s.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, space0, space1};
use nom::combinator::{map, opt, recognize};
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use qm_schema::{Caliber, CaliberMark, GunRange, GunRof, GunTypeCode, GunTypes, Manhandling};

use crate::listing::cells::{run, signed_i8, uint, Problem};
use crate::listing::parts::dagger;

/// The combining overline a publication's text prints over a caliber's digits (`7̅5̅`).
pub(crate) const OVERLINE: char = '\u{305}';
/// The combining low line printed under a caliber's digits (`4̲7̲`).
pub(crate) const UNDERLINE: char = '\u{332}';

/// A cell printed `–` (or `-`): the column holds nothing for this gun.
pub(crate) fn is_none_mark(text: &str) -> bool {
    matches!(text, "–" | "-" | "—")
}

/// Type: a code of ASCII letters (`AT`, `MTR`, `INF`), or two split by a space or "/" (a gun
/// listed under two types). Which codes exist is the gun type registry's business.
pub(crate) fn gun_types(text: &str) -> Result<GunTypes, Problem> {
    let code = || {
        recognize((
            take_while1(|c: char| c.is_ascii_alphabetic()),
            take_while(|c: char| c.is_ascii_alphanumeric() || c == '-'),
        ))
    };
    let sep = alt((recognize((space0, char('/'), space0)), space1));
    run(
        text,
        map(separated_list1(sep, code()), |codes: Vec<&str>| GunTypes {
            codes: codes.into_iter().map(GunTypeCode::new).collect(),
        }),
    )
}

/// CSize: the caliber in mm (`75`, `12.7`), its digits maybe overlined or underlined with
/// combining marks (`7̅5̅`), the length letters (`L`, `LL`) and a `*`.
pub(crate) fn caliber(text: &str) -> Result<Caliber, Problem> {
    run(text, caliber_parser)
}

/// The caliber's parser, also read inside a limbered-firing bracket.
pub(crate) fn caliber_parser(i: &str) -> IResult<&str, Caliber> {
    let marked_digit = |i| {
        recognize((
            take_while1(|c: char| c.is_ascii_digit() || c == '.'),
            take_while(|c: char| c == OVERLINE || c == UNDERLINE),
        ))
        .parse(i)
    };
    let (rest, printed) = recognize(nom::multi::many1(marked_digit)).parse(i)?;
    let mm: String = printed
        .chars()
        .filter(|c| *c != OVERLINE && *c != UNDERLINE)
        .collect();
    if !mm.starts_with(|c: char| c.is_ascii_digit())
        || mm.ends_with('.')
        || mm.matches('.').count() > 1
    {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Digit,
        )));
    }
    let mut marks = Vec::new();
    if printed.contains(OVERLINE) {
        marks.push(CaliberMark::Overline);
    }
    if printed.contains(UNDERLINE) {
        marks.push(CaliberMark::Underline);
    }
    let (rest, length) = take_while(|c: char| c == 'L').parse(rest)?;
    let (rest, star) = opt(char('*')).parse(rest)?;
    Ok((
        rest,
        Caliber {
            mm,
            length: length.to_owned(),
            marks,
            star: star.is_some(),
        },
    ))
}

/// ROF (IFE): a rate of fire, maybe its IFE in parentheses (`3 (8)`) or another rate
/// (`1 (or 3)`).
pub(crate) fn rof(text: &str) -> Result<GunRof, Problem> {
    let ife = map(uint::<u8>, |n| (Some(n), None));
    let or = map(preceded((tag("or"), space1), uint::<u8>), |n| {
        (None, Some(n))
    });
    run(
        text,
        map(
            (
                uint::<u8>,
                opt(preceded(
                    space0,
                    delimited(char('('), alt((or, ife)), char(')')),
                )),
            ),
            |(rof, more)| {
                let (ife, or) = more.unwrap_or((None, None));
                GunRof { rof, ife, or }
            },
        ),
    )
}

/// Range: the maximum in hexes (`120`), or a minimum and maximum (`2-60`), the minimum maybe
/// in parentheses with its dagger (`(3)†-70`).
pub(crate) fn range(text: &str) -> Result<GunRange, Problem> {
    let bare = map(uint::<u16>, |n| (n, false));
    let paren = map(delimited(char('('), uint::<u16>, char(')')), |n| (n, true));
    let min = (alt((paren, bare)), dagger, char('-'));
    run(
        text,
        map((opt(min), uint::<u16>), |(min, max)| match min {
            Some(((n, parenthesized), dagger, _)) => GunRange {
                min: Some(n),
                min_parenthesized: parenthesized,
                min_dagger: dagger,
                max,
            },
            None => GunRange {
                min: None,
                min_parenthesized: false,
                min_dagger: None,
                max,
            },
        }),
    )
}

/// M#: a manhandling number, maybe negative; `**6**` is printed bold (VASL's `<b>6</b>`,
/// whose tags the CSV reader takes off and reports as bold).
pub(crate) fn manhandling(text: &str) -> Result<Manhandling, Problem> {
    run(text, manhandling_parser)
}

/// The M# parser, also read inside a limbered-firing bracket (`M4`).
pub(crate) fn manhandling_parser(i: &str) -> IResult<&str, Manhandling> {
    alt((
        map(delimited(tag("**"), signed_i8, tag("**")), |number| {
            Manhandling { number, bold: true }
        }),
        map(signed_i8, |number| Manhandling {
            number,
            bold: false,
        }),
    ))
    .parse(i)
}

/// TSize: a signed target size modifier (`+1`, `0`, `-1`).
pub(crate) fn target_size(text: &str) -> Result<i8, Problem> {
    run(text, signed_i8)
}
