//! The grammars of the cells made of parts: AF and TA (parts split at "/"), the MG columns
//! (a list of MGs), AM MO (entries split at ";") and # / PP (parts split at "/"). A dagger
//! belongs to the part it follows (`11†/4`, `9PP†/T8`), so these grammars read the daggers and
//! superscripts themselves.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while1};
use nom::character::complete::{char, digit1, one_of, space0, space1};
use nom::combinator::{map, opt, recognize, value};
use nom::error::{Error as NomError, ErrorKind};
use nom::multi::{many0, many1, separated_list1};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use qm_schema::{
    AmmoKind, Armor, ArmorPart, ArmorValue, Capacity, CapacityPart, CapacityValue, Dagger,
    Depletion, MgFactor, MgWeapon, Mount, PassengerUnit, Sign, SpecialAmmo, SpecialAmmoEntry,
    TargetAspect, TargetAspectPart,
};

use crate::listing::cells::{run, uint, Problem, ProblemKind};
use qm_schema::superscript;

/// The dagger printed after a part: one or two `†`, then maybe its footnote number (`†¹`).
pub(crate) fn dagger(i: &str) -> IResult<&str, Option<Dagger>> {
    opt(map(
        (many1(char('†')), opt(superscript_run)),
        |(_, footnote)| Dagger {
            footnote: footnote.as_deref().and_then(superscript_number),
        },
    ))
    .parse(i)
}

fn superscript_number(plain: &str) -> Option<u8> {
    plain
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| plain.parse().ok())
        .flatten()
}

/// A run of superscript characters, in plain characters ("³⁺" gives "3+").
pub(crate) fn superscript_run(i: &str) -> IResult<&str, String> {
    map(
        take_while1(superscript::is_superscript),
        superscript::to_plain,
    )
    .parse(i)
}

/// The "/" between parts, spaces allowed around it.
fn slash(i: &str) -> IResult<&str, ()> {
    value((), (space0, char('/'), space0)).parse(i)
}

/// AF: parts split at "/" (spaces allowed around it), maybe with a trailing "/". A part is a
/// factor, signed or not (`-4`, `11`), or the star `★`, then maybe `T` (the turret's) and its
/// dagger, in either order (`6†T`, `★T†`).
pub(crate) fn armor(text: &str, _leading_dagger: bool) -> Result<Armor, Problem> {
    run(
        text,
        map(
            (separated_list1(slash, armor_part), opt((space0, char('/')))),
            |(parts, trailing)| Armor {
                parts,
                trailing_slash: trailing.is_some(),
            },
        ),
    )
}

fn armor_part(i: &str) -> IResult<&str, ArmorPart> {
    let factor = map(
        (opt(one_of("+-")), uint::<i8>),
        |(sign, factor): (Option<char>, i8)| ArmorValue::Factor {
            factor: if sign == Some('-') { -factor } else { factor },
            signed: sign.is_some(),
        },
    );
    let star = value(ArmorValue::Star, char('★'));
    map(
        (alt((factor, star)), dagger, opt(char('T')), dagger),
        |(value, d1, turret, d2)| ArmorPart {
            value,
            turret: turret.is_some(),
            dagger_before_turret: turret.is_some() && d1.is_some(),
            dagger: d1.or(d2),
        },
    )
    .parse(i)
}

/// TA: parts split at "/": a sign then letter groups of F, S and R split at spaces (`+FS R`),
/// or the star `★`; each maybe followed by its dagger (`-F†/+SR`).
pub(crate) fn target_aspect(text: &str, _leading_dagger: bool) -> Result<TargetAspect, Problem> {
    let sign = alt((value(Sign::Plus, char('+')), value(Sign::Minus, char('-'))));
    let groups = separated_list1(space1, take_while1(|c| matches!(c, 'F' | 'S' | 'R')));
    let signed = map(
        (sign, groups, dagger),
        |(sign, groups, dagger): (Sign, Vec<&str>, _)| TargetAspectPart {
            sign: Some(sign),
            groups: groups.into_iter().map(str::to_owned).collect(),
            star: false,
            dagger,
        },
    );
    let star = map(preceded(char('★'), dagger), |dagger| TargetAspectPart {
        sign: None,
        groups: Vec::new(),
        star: true,
        dagger,
    });
    run(
        text,
        map(separated_list1(char('/'), alt((signed, star))), |parts| {
            TargetAspect { parts }
        }),
    )
}

/// MG B / C / AA: MGs one after another, or split at ";" (`6; Opt4`). An MG is `Opt` first
/// when optional (`Opt2`, `Opt 2`), `R` or `S` for a rear or sponson mount, its firepower,
/// `×` and a count (`2×2`), other firepowers after "or" (`4 or 6`) and its dagger. A "-" first
/// says the position itself has none (`-R2`).
pub(crate) fn mg(text: &str, _leading_dagger: bool) -> Result<MgFactor, Problem> {
    let separator = opt((space0, char(';'), space0));
    run(
        text,
        map(
            (
                opt((char('-'), space0)),
                mg_weapon,
                many0(preceded(separator, mg_weapon)),
            ),
            |(dash, first, rest)| {
                let mut weapons = vec![first];
                weapons.extend(rest);
                MgFactor {
                    weapons,
                    dash: dash.is_some(),
                }
            },
        ),
    )
}

fn mg_weapon(i: &str) -> IResult<&str, MgWeapon> {
    let optional = opt((tag("Opt"), space0));
    let mount = opt(alt((
        value(Mount::Rear, char('R')),
        value(Mount::Sponson, char('S')),
    )));
    let count = opt(preceded(char('×'), uint::<u8>));
    let alternatives = many0(preceded(
        (space1, tag("or"), space1, opt((tag("Opt"), space0))),
        uint::<u8>,
    ));
    map(
        (optional, mount, uint::<u8>, count, alternatives, dagger),
        |(optional, mount, fp, count, alternatives, dagger)| MgWeapon {
            optional: optional.is_some(),
            mount,
            fp,
            alternatives,
            count,
            dagger,
            raised: false,
        },
    )
    .parse(i)
}

/// AM MO: entries split at ";". An entry is a kind (`H`, `HE`, `AP`, `A`, `D`, `C`, `IR`),
/// maybe a superscript (`Aᴱ5`), its depletion numbers split at "/", each maybe with its year
/// or another superscript (`A4¹/5²`), maybe a number in brackets (`H6[9]`), and its dagger
/// (`H†`: a kind printed without a number).
pub(crate) fn ammo(text: &str, _leading_dagger: bool) -> Result<SpecialAmmo, Problem> {
    run(
        text,
        map(
            separated_list1((space0, char(';'), space0), ammo_entry),
            |entries| SpecialAmmo { entries },
        ),
    )
}

fn ammo_kind(i: &str) -> IResult<&str, AmmoKind> {
    alt((
        value(AmmoKind::He, tag("HE")),
        value(AmmoKind::Heat, char('H')),
        value(AmmoKind::Ap, tag("AP")),
        value(AmmoKind::Apcr, char('A')),
        value(AmmoKind::Apds, char('D')),
        value(AmmoKind::Canister, char('C')),
        value(AmmoKind::Infrared, tag("IR")),
    ))
    .parse(i)
}

/// One AM MO entry (`H6[9]`, `A4¹/5²`, `H†`); the ordnance Special column reads its ammunition
/// items with it.
pub(crate) fn ammo_entry(i: &str) -> IResult<&str, SpecialAmmoEntry> {
    let depletion = map(
        (uint::<u8>, opt(superscript_run)),
        |(number, superscript)| Depletion {
            number,
            superscript,
        },
    );
    let depletions = map(
        opt(separated_list1(char('/'), depletion)),
        Option::unwrap_or_default,
    );
    let bracket = opt((
        delimited(char('['), uint::<u8>, char(']')),
        opt(superscript_run),
    ));
    map(
        (ammo_kind, opt(superscript_run), depletions, bracket, dagger),
        |(kind, kind_superscript, depletions, bracket, dagger)| {
            let (bracketed, bracket_superscript) = match bracket {
                Some((n, s)) => (Some(n), s),
                None => (None, None),
            };
            SpecialAmmoEntry {
                kind,
                kind_superscript,
                depletions,
                bracketed,
                bracket_superscript,
                dagger,
            }
        },
    )
    .parse(i)
}

/// # / PP: parts separated by "/", each a count and a unit, then maybe a superscript and its
/// dagger: `1C/9PP`, `4PP`, `4PP/T10`, `9PP†/T8`, `13PP/T-4`, `6+8PP`, `4PP/T10⁴⁺†¹`. Every
/// part is read on its own, so a bad one is blamed by its own range; each kind at most once.
pub(crate) fn capacity(text: &str, leading_dagger: bool) -> Result<Capacity, Problem> {
    let mut capacity = Capacity {
        parts: Vec::new(),
        leading_dagger,
    };
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
        let same_kind = |p: &CapacityPart| {
            std::mem::discriminant(&p.value) == std::mem::discriminant(&part.value)
        };
        if capacity.parts.iter().any(same_kind) {
            return Err(Problem {
                kind: ProblemKind::RepeatedCapacityPart,
                range: Some(range),
            });
        }
        capacity.parts.push(part);
    }
    Ok(capacity)
}

/// Reads one part: a count then `C`, `S` or `PP` (counts of PP maybe summed with "+"), or `T`
/// then a count (maybe negative); then its superscript and dagger.
fn capacity_part(piece: &str) -> Result<CapacityPart, Problem> {
    let tail_start = piece
        .find(|c: char| c == '†' || superscript::is_superscript(c))
        .unwrap_or(piece.len());
    let (body, tail) = piece.split_at(tail_start);
    let (superscript, dagger) = run(tail, (opt(superscript_run), dagger))
        .map_err(|_| Problem::whole(ProblemKind::Syntax))?;
    let value = capacity_value(body)?;
    Ok(CapacityPart {
        value,
        superscript,
        dagger,
    })
}

fn capacity_value(body: &str) -> Result<CapacityValue, Problem> {
    let letters = |i| take_while1(|c: char| c.is_ascii_uppercase()).parse(i);
    let counts = || separated_list1(char('+'), uint::<u16>);
    let (counts, code) = match run(body, (counts(), letters)) {
        Ok(v) => v,
        Err(e) if e.kind == ProblemKind::TooLarge => return Err(e),
        Err(_) => return towing(body),
    };
    let digits = body.len() - code.len();
    if code == "PP" {
        return Ok(CapacityValue::Portage { points: counts });
    }
    let [count] = counts[..] else {
        return Err(Problem::whole(ProblemKind::Syntax));
    };
    let passengers = |unit| match u8::try_from(count) {
        Ok(count) => Ok(CapacityValue::Passengers { count, unit }),
        Err(_) => Err(Problem {
            kind: ProblemKind::TooLarge,
            range: Some(0..digits),
        }),
    };
    match code {
        "C" => passengers(PassengerUnit::C),
        "S" => passengers(PassengerUnit::S),
        "T" => Err(Problem::whole(ProblemKind::Syntax)),
        _ => Err(Problem {
            kind: ProblemKind::UnknownCapacityUnit,
            range: Some(digits..body.len()),
        }),
    }
}

/// `T10`, `T-4`: the towing figure; any other letters first are a syntax error ("PP9": a
/// known unit in the wrong place is not an unknown unit).
fn towing(body: &str) -> Result<CapacityValue, Problem> {
    let letters = |i| take_while1(|c: char| c.is_ascii_uppercase()).parse(i);
    match run(body, (letters, towing_number)) {
        Ok(("T", number)) => Ok(CapacityValue::Towing { number }),
        Ok(_) => Err(Problem::whole(ProblemKind::Syntax)),
        Err(e) => Err(e),
    }
}

/// A towing number, maybe negative (`-4`).
fn towing_number(i: &str) -> IResult<&str, i16> {
    let (rest, text) = recognize((opt(char('-')), digit1)).parse(i)?;
    match text.parse::<i16>() {
        Ok(v) => Ok((rest, v)),
        Err(_) => Err(nom::Err::Failure(NomError::new(i, ErrorKind::TooLarge))),
    }
}
