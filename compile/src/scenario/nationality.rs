//! A scenario side's nationality: a member of a nation group (`ob.toml` `[[nationality]]`),
//! named with or without the side's nation. A side naming one belongs to the nation holding it.

use qm_parser::{Diagnostic, FileId};
use qm_registry::spanned::span_of;
use qm_schema::{Nation, Nationality};
use toml::Spanned;

use super::file::SideEntry;
use qm_registry::names::did_you_mean;
use qm_resolve::query::{find_nationality, nations_of_nationality};

/// The nation id a side belongs to, as far as its file says: its `nation`, else the nation
/// holding its `nationality` (the first, when several do: the side's check reports that).
pub fn side_nation_id<'a>(side: &'a SideEntry, nations: &'a [Nation]) -> Option<&'a str> {
    match (&side.nation, &side.nationality) {
        (Some(n), _) => Some(n.get_ref().as_str()),
        (None, Some(x)) => nations_of_nationality(nations, x.get_ref())
            .first()
            .map(|(n, _)| n.id.as_str()),
        (None, None) => None,
    }
}

/// A side's nation and nationality: `nationality` looked up in the side's `nation` when it
/// names one (`nation` is what [`super::lookup`] found for it, `None` when unknown), else in
/// every nation's data. An unknown or ambiguous nationality is an error pointing at it (boxed:
/// a diagnostic is large beside the answer).
pub fn side_nationality<'a>(
    file: FileId,
    side: &SideEntry,
    nation: Option<&'a Nation>,
    nations: &'a [Nation],
) -> Result<(Option<&'a Nation>, Option<&'a Nationality>), Box<Diagnostic>> {
    let Some(want) = side.nationality.as_ref() else {
        return Ok((nation, None));
    };
    match nation {
        Some(n) => match find_nationality(n, want.get_ref()) {
            Ok(x) => Ok((Some(n), Some(x))),
            Err(close) => Err(Box::new(not_of_nation(file, want, n, &close))),
        },
        // The unknown nation is reported already.
        None if side.nation.is_some() => Ok((None, None)),
        None => match nations_of_nationality(nations, want.get_ref()).as_slice() {
            [(n, x)] => Ok((Some(*n), Some(*x))),
            [] => Err(Box::new(of_no_nation(file, want, nations))),
            several => Err(Box::new(
                unknown(file, want)
                    .with_label("a nationality of several nations")
                    .with_note(format!(
                        "it is a nationality of {}",
                        several
                            .iter()
                            .map(|(n, _)| n.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                    .with_help("add the side's `nation` to say which"),
            )),
        },
    }
}

fn unknown(file: FileId, want: &Spanned<String>) -> Diagnostic {
    Diagnostic::error(
        "scenario::unknown-nationality",
        format!("failed to find the nationality `{}`", want.get_ref()),
        span_of(file, want),
    )
}

/// A nationality the side's nation does not declare.
fn not_of_nation(file: FileId, want: &Spanned<String>, n: &Nation, close: &[&str]) -> Diagnostic {
    let names: Vec<&str> = n.nationalities.iter().map(|x| x.name.as_str()).collect();
    let d = unknown(file, want)
        .with_label(format!("not a nationality of {}", n.id))
        .with_note(if names.is_empty() {
            format!("{} declares no [[nationality]] in its ob.toml", n.id)
        } else {
            format!("nationalities of {}: {}", n.id, names.join(", "))
        });
    if close.is_empty() {
        d.with_help("remove `nationality`, or declare it in the nation's ob.toml")
    } else {
        with_suggestions(d, close)
    }
}

/// A nationality no nation's data declares.
fn of_no_nation(file: FileId, want: &Spanned<String>, nations: &[Nation]) -> Diagnostic {
    let all: Vec<(&Nation, &Nationality)> = nations
        .iter()
        .flat_map(|n| n.nationalities.iter().map(move |x| (n, x)))
        .collect();
    let d = unknown(file, want)
        .with_label("no nation's data has this nationality")
        .with_note(if all.is_empty() {
            "no nation of the data declares a [[nationality]]".to_string()
        } else {
            format!(
                "nationalities with data: {}",
                all.iter()
                    .map(|(n, x)| format!("{} ({})", x.name, n.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
    let close = did_you_mean(want.get_ref(), all.iter().map(|(_, x)| x.name.as_str()));
    if close.is_empty() {
        d.with_help("leave `nationality` out to give the side as a free list")
    } else {
        with_suggestions(d, &close)
    }
}

/// Adds "did you mean `a`, `b` or `c`?" to a diagnostic.
pub(super) fn with_suggestions(d: Diagnostic, close: &[&str]) -> Diagnostic {
    let quoted: Vec<String> = close.iter().map(|c| format!("`{c}`")).collect();
    match quoted.split_last() {
        None => d,
        Some((last, [])) => d.with_help(format!("did you mean {last}?")),
        Some((last, rest)) => d.with_help(format!("did you mean {} or {last}?", rest.join(", "))),
    }
}
