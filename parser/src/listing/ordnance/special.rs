//! The Special column: a comma list (commas inside a limbered-firing bracket do not split),
//! each item read into a typed [`SpecialItem`]; an item no form fits is blamed by its own
//! range.

use std::ops::Range;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{all_consuming, map, opt, recognize};
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use qm_schema::{LimberedItem, SmokeKind, SpecialItem};

use super::cells::{caliber_parser, manhandling_parser};
use crate::listing::cells::{signed_i8, uint, Problem, ProblemKind};
use crate::listing::parts::{ammo_entry, dagger, superscript_run};

/// The rule codes the Special column prints, longest first where one starts another.
const CODES: [&str; 9] = ["RFNM", "QSU", "NM", "NT", "ST", "T", "h-d", "IR", "no IF"];

/// The phrases the Special column prints as rule notes (a dagger and its note say more),
/// longest first where one starts another.
const PHRASES: [&str; 21] = [
    "uses APCR TK Table",
    "Air Bursts & Acq. NA",
    "Air Bursts NA",
    "APCR only",
    "no Gunshield",
    "No Gunshield",
    "no shield",
    "Towing NA",
    "Towing risk",
    "Unhooking risk",
    "Towed",
    "Acq. NA",
    "Acq NA",
    "no OBA",
    "OBA",
    "Low Ammo",
    "non-crewed",
    "crewed",
    "crew",
    "Blk TH",
    "Light AA fire",
];

/// Special: the comma list, each item in its typed form. `_leading_dagger` is the reader's
/// (a dagger before the list belongs to the cell).
pub(crate) fn special(text: &str, _leading_dagger: bool) -> Result<Vec<SpecialItem>, Problem> {
    let mut items = Vec::new();
    for range in split_items(text) {
        let item = &text[range.clone()];
        match special_item(item) {
            Some(v) => items.push(v),
            None => {
                let kind = super::typos::special(item, |i| special_item(i).is_some())
                    .map_or(ProblemKind::Syntax, |hint| ProblemKind::Typo { hint });
                return Err(Problem {
                    kind,
                    range: Some(range),
                });
            }
        }
    }
    Ok(items)
}

/// The trimmed ranges of the items of `text`: split at commas outside brackets.
fn split_items(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let push = |from: usize, to: usize, out: &mut Vec<Range<usize>>| {
        let piece = &text[from..to];
        let lead = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        out.push(from + lead..from + lead + trimmed.len());
    };
    for (i, c) in text.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                push(start, i, &mut out);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(start, text.len(), &mut out);
    out
}

/// One item in the first form that reads it whole; `None` when none does.
pub(crate) fn special_item(item: &str) -> Option<SpecialItem> {
    type Form = fn(&str) -> IResult<&str, SpecialItem>;
    const FORMS: [Form; 15] = [
        limbered,
        quoted,
        rule_ref,
        portage,
        tk_dr,
        smoke,
        code,
        phrase,
        ammo,
        breakdown,
        ap_tk,
        labelled,
        lone_dagger,
        breakdown_when,
        lettered,
    ];
    FORMS
        .iter()
        .find_map(|form| all_consuming(form).parse(item).ok().map(|(_, v)| v))
}

fn code(i: &str) -> IResult<&str, SpecialItem> {
    let (rest, code) = known(&CODES, i)?;
    let (rest, (superscript, dagger)) = (opt(superscript_run), dagger).parse(rest)?;
    Ok((
        rest,
        SpecialItem::Code {
            code: code.to_owned(),
            superscript,
            dagger,
        },
    ))
}

fn phrase(i: &str) -> IResult<&str, SpecialItem> {
    let (rest, text) = known(&PHRASES, i)?;
    // A phrase may end in a number or year ("Light AA fire in 44+").
    let (rest, tail) = opt(recognize((
        space1,
        tag("in"),
        space1,
        digit1,
        opt(char('+')),
    )))
    .parse(rest)?;
    let (rest, (superscript, dagger)) = (opt(superscript_run), dagger).parse(rest)?;
    let mut text = text.to_owned();
    text.push_str(tail.unwrap_or(""));
    if let Some(s) = superscript {
        // Kept with the phrase: which year or side it applies to is the note's.
        text.push('^');
        text.push_str(&s);
    }
    Ok((rest, SpecialItem::Phrase { text, dagger }))
}

/// The first of `words` that `i` starts with.
fn known<'a>(words: &[&'static str], i: &'a str) -> IResult<&'a str, &'static str> {
    words
        .iter()
        .find_map(|w| i.strip_prefix(w).map(|rest| (rest, *w)))
        .ok_or_else(|| nom::Err::Error(nom::error::Error::new(i, nom::error::ErrorKind::Tag)))
}

fn ammo(i: &str) -> IResult<&str, SpecialItem> {
    map(ammo_entry, |entry| SpecialItem::Ammo { entry }).parse(i)
}

/// `s8`, `WP7⁵`, `s†`.
fn smoke(i: &str) -> IResult<&str, SpecialItem> {
    let kind = alt((
        map(tag("WP"), |_| SmokeKind::WhitePhosphorus),
        map(char('s'), |_| SmokeKind::Smoke),
    ));
    map(
        (kind, opt(uint::<u8>), opt(superscript_run), dagger),
        |(kind, number, superscript, dagger)| SpecialItem::Smoke {
            kind,
            number,
            superscript,
            dagger,
        },
    )
    .parse(i)
}

/// `5PP`, `5PP dm`, `10PP (5PP dm)`.
fn portage(i: &str) -> IResult<&str, SpecialItem> {
    let dm_only = map((space1, tag("dm")), |_| (None, true));
    let both = map(
        preceded(
            space1,
            delimited(
                char('('),
                uint::<u8>,
                (tag("PP"), space1, tag("dm"), char(')')),
            ),
        ),
        |n| (Some(n), false),
    );
    map(
        (uint::<u8>, tag("PP"), opt(alt((dm_only, both))), dagger),
        |(pp, _, dm, dagger)| {
            let (dismantled, dismantled_only) = dm.unwrap_or((None, false));
            SpecialItem::Portage {
                pp,
                dismantled,
                dismantled_only,
                dagger,
            }
        },
    )
    .parse(i)
}

/// `4 TK DR†`.
fn tk_dr(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (signed_i8, space0, tag("TK DR"), dagger),
        |(number, _, _, dagger)| SpecialItem::TkDr { number, dagger },
    )
    .parse(i)
}

/// `B12³⁺†`.
fn breakdown(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (char('B'), uint::<u8>, opt(superscript_run), dagger),
        |(_, number, superscript, dagger)| SpecialItem::Breakdown {
            when: None,
            number,
            superscript,
            dagger,
        },
    )
    .parse(i)
}

/// `IFE=B10`, `H=B12`.
fn breakdown_when(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (
            take_while1(|c: char| c.is_ascii_uppercase()),
            space0,
            char('='),
            space0,
            char('B'),
            uint::<u8>,
            dagger,
        ),
        |(when, _, _, _, _, number, dagger)| SpecialItem::Breakdown {
            when: Some(when.to_owned()),
            number,
            superscript: None,
            dagger,
        },
    )
    .parse(i)
}

/// `AP TK#18†`, `TK#: 6†`, `“12” AP TK#†`.
fn ap_tk(i: &str) -> IResult<&str, SpecialItem> {
    let plain = map(
        preceded(
            alt((tag("AP TK#"), recognize((tag("TK#:"), space0)))),
            uint::<u8>,
        ),
        |n| (n, false),
    );
    let quoted = map(
        (
            alt((char('“'), char('"'))),
            uint::<u8>,
            alt((char('”'), char('"'))),
            space1,
            tag("AP TK#"),
        ),
        |(_, n, _, _, _)| (n, true),
    );
    map(
        (alt((plain, quoted)), dagger),
        |((number, quoted), dagger)| SpecialItem::ApTk {
            number,
            quoted,
            dagger,
        },
    )
    .parse(i)
}

/// `AA Fire ROF 2†`, `Road MP = 1†`.
fn labelled(i: &str) -> IResult<&str, SpecialItem> {
    const LABELS: [&str; 2] = ["AA Fire ROF", "Road MP"];
    let (rest, label) = known(&LABELS, i)?;
    map(
        (space0, opt((char('='), space0)), uint::<u8>, dagger),
        move |(_, _, number, dagger)| SpecialItem::Labelled {
            label: label.to_owned(),
            number,
            dagger,
        },
    )
    .parse(rest)
}

/// `“British”†`: a name in quotes (curly or straight), its dagger after the closing quote.
fn quoted(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (
            alt((char('“'), char('"'))),
            take_while1(|c: char| c.is_alphabetic() || c == ' ' || c == '-'),
            alt((char('”'), char('"'))),
            dagger,
        ),
        |(_, text, _, dagger)| SpecialItem::Quoted {
            text: text.to_owned(),
            dagger,
        },
    )
    .parse(i)
}

/// `B30.35†`: a rule's number (chapter letter, section, `.` subsection), which no B# prints
/// (a breakdown number has no point).
fn rule_ref(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (
            recognize((one_of("ABCDEFGHJ"), digit1, char('.'), digit1)),
            dagger,
        ),
        |(rule, dagger)| SpecialItem::RuleRef {
            rule: rule.to_owned(),
            dagger,
        },
    )
    .parse(i)
}

/// `R2`: a capital letter and a number that no other form reads, kept as printed (its meaning
/// is no source's we have). Not an item another form reads in the other case (`S8` is `s8`
/// mistyped: an error with that hint).
fn lettered(i: &str) -> IResult<&str, SpecialItem> {
    let lower = i.to_ascii_lowercase();
    if i.starts_with(|c: char| c.is_ascii_uppercase()) && special_item(&lower).is_some() {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Verify,
        )));
    }
    map(
        (
            recognize(one_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ")),
            uint::<u8>,
            opt(superscript_run),
            dagger,
        ),
        |(letter, number, superscript, dagger)| SpecialItem::Lettered {
            letter: letter.to_owned(),
            number,
            superscript,
            dagger,
        },
    )
    .parse(i)
}

/// `†` alone.
fn lone_dagger(i: &str) -> IResult<&str, SpecialItem> {
    let (rest, d) = dagger(i)?;
    match d {
        Some(dagger) => Ok((rest, SpecialItem::Dagger { dagger })),
        None => Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::Char,
        ))),
    }
}

/// `LF [88†, 1 ROF, B11, M4, -1]`, `LF† [INF]`.
fn limbered(i: &str) -> IResult<&str, SpecialItem> {
    map(
        (
            tag("LF"),
            dagger,
            space0,
            delimited(
                (char('['), space0),
                separated_list1((space0, char(','), space0), limbered_item),
                (space0, char(']')),
            ),
        ),
        |(_, dagger, _, items)| SpecialItem::Limbered { dagger, items },
    )
    .parse(i)
}

fn limbered_item(i: &str) -> IResult<&str, LimberedItem> {
    alt((
        map((uint::<u8>, space1, tag("ROF")), |(rof, _, _)| {
            LimberedItem::Rof { rof }
        }),
        map((uint::<u8>, space1, tag("IFE")), |(ife, _, _)| {
            LimberedItem::Ife { ife }
        }),
        map((char('B'), uint::<u8>, dagger), |(_, number, dagger)| {
            LimberedItem::Breakdown { number, dagger }
        }),
        map(
            alt((
                map(
                    delimited(tag("**"), preceded(char('M'), signed_i8), tag("**")),
                    |number| qm_schema::Manhandling { number, bold: true },
                ),
                preceded(char('M'), manhandling_parser),
            )),
            |manhandling| LimberedItem::Manhandling { manhandling },
        ),
        map(recognize((one_of("+-"), digit1)), |s: &str| {
            LimberedItem::TargetSize {
                size: s.parse().unwrap_or_default(),
            }
        }),
        map((caliber_parser, dagger), |(caliber, dagger)| {
            LimberedItem::Caliber { caliber, dagger }
        }),
        map(take_while1(|c: char| c.is_ascii_uppercase()), |c: &str| {
            LimberedItem::Code { code: c.to_owned() }
        }),
    ))
    .parse(i)
}
