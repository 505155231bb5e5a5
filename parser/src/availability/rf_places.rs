//! An RF for each place, over the whole of the vehicle's DATES: "RF is 1.2 in the Isles and 1.4
//! on the Steppe", "RF is 1.2 for the Isles and 1.3 for the Steppe", "RF: Isles 1.2, Steppe
//! 1.4", "RF is 1.2 (Isles) and 1.4 (Steppe)", "RF is 1.2 on the Steppe, 1.5 elsewhere".
//!
//! After the RF word (and "is" or a colon), a list of two or more items, each an RF and the
//! place it is for in either order ("1.2 in the Isles", "1.2 (Isles)", "Isles 1.2", "Isles:
//! 1.2"), or an RF for the places not named ("1.5 elsewhere", "elsewhere 1.5", "1.5 in other
//! theaters"). An item with a period is not this form (`served` and the RF-by-period forms
//! read periods); each RF holds from the first month the nation's data holds (the DATES cut
//! it, [`super::when::whole_dates`]).

use nom::combinator::opt;
use nom::Parser;

use super::body::Body;
use super::grammar_error::{fail, Ctx, GrammarError, Res};
use super::lexeme::{ch, phrase, rf_word, ws0, ws1};
use super::parts::{determiner, elsewhere};
use super::rf_token::rf;
use super::syntax::{
    Area, ClauseKind, EntryWhen, PrintedRf, Schedule, ScheduleEntry, ScheduleForm, ScheduleSection,
};
use super::theater_names::known_area;

/// An RF for each place (the module's doc).
pub(crate) fn rf_by_place<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, Body> {
    let (i, _) = (determiner, rf_word).parse(start)?;
    let (mut i, _) = (ws1, phrase("is"), ws1)
        .map(|_| ())
        .or((ws0, ch(':'), ws0).map(|_| ()))
        .or(ws1.map(|_| ()))
        .parse(i)?;
    let mut items = Vec::new();
    loop {
        let (r, read) = item(ctx, i)?;
        items.push(read);
        i = r;
        let Ok((next, _)) = separator(i) else { break };
        // After a semicolon, an item that does not end there starts a clause of its own ("; in
        // Vorland it is 1.5 for all the sides except ..."): the list ends at the semicolon.
        let semicolon = i.trim_start().starts_with(';');
        match item(ctx, next) {
            Err(_) => break,
            Ok((after, _)) if semicolon && !(ctx.ends_here(after) || separator(after).is_ok()) => {
                break
            }
            Ok(_) => {}
        }
        i = next;
    }
    // One place alone is the RF-by-period forms' ("Its RF on the Steppe is 1.5"); one
    // "elsewhere" at most, and last.
    let elsewhere = items
        .iter()
        .filter(|(a, _, _)| matches!(a, Area::Elsewhere { .. }))
        .count();
    let last_elsewhere = matches!(items.last(), Some((Area::Elsewhere { .. }, _, _)));
    // One item names its months too ("RF is 1.2 in 1940-42 on the Isles"): no other form's.
    let dated = items.iter().any(|(_, _, w)| w.is_some());
    if (items.len() < 2 && !dated) || elsewhere > 1 || (elsewhere == 1 && !last_elsewhere) {
        return fail(start);
    }
    let mut sections = Vec::new();
    for (area, value, when) in items {
        let when = when
            .or_else(|| super::when::whole_dates(ctx, start, i))
            .ok_or(nom::Err::Error(GrammarError { at: start }))?;
        sections.push(ScheduleSection {
            span: value.span.clone(),
            area,
            entries: vec![ScheduleEntry {
                span: value.span.clone(),
                when,
                rf: Some(value),
                qualifiers: Vec::new(),
                typos: Vec::new(),
            }],
            typos: Vec::new(),
        });
    }
    Ok((
        i,
        ClauseKind::Schedule(Schedule {
            form: ScheduleForm::RfByPeriod,
            sections,
        })
        .into(),
    ))
}

/// ", ", "; ", " and ", ", and ".
fn separator(i: &str) -> Res<'_, ()> {
    (ws0, ch(',').or(ch(';')), ws0, opt((phrase("and"), ws1)))
        .map(|_| ())
        .or((ws1, phrase("and"), ws1).map(|_| ()))
        .parse(i)
}

/// One item: an RF and its place in either order, and the months it holds for when it names
/// them ("1.2 in 1940-42 on the Isles", "1.2 on the Isles in 1940-42").
fn item<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Item> {
    if let Ok((r, value)) = rf(ctx, i, false) {
        // "1.2 (Keshi units)": the place's units are the place.
        let units = opt((ws1, super::use_verbs::one_of(&super::lexeme::UNITS)));
        if let Ok((r, (_, _, _, area, _, _, _))) = (
            ws0,
            ch('('),
            ws0,
            |r| known_area(ctx, r),
            units,
            ws0,
            ch(')'),
        )
            .parse(r)
        {
            return Ok((r, (area, value, None)));
        }
        let (r, before) = opt(|r| months(ctx, r)).parse(r)?;
        let (r, (_, area)) = (ws1, |r| place_words(ctx, r)).parse(r)?;
        // "RF 1.4 in Kesh and on the Marsh Front, 7/42 through 6/44": the months after a
        // comma, bare (a decimal there is the next item's RF).
        let bare = |r: &'a str| {
            let (at, _) = (ch(','), ws1).parse(r)?;
            if super::rf_token::starts_with_decimal(at) {
                return fail(at);
            }
            super::when::when(ctx, at)
        };
        let (r, after) = match before {
            Some(_) => (r, None),
            None => opt(|r| months(ctx, r).or_else(|_| bare(r))).parse(r)?,
        };
        return Ok((r, (area, value, before.or(after))));
    }
    let (r, area) = place_words(ctx, i)?;
    let (r, _) = (ws0, ch(':'), ws0)
        .map(|_| ())
        .or((ws1, opt((phrase("it is"), ws1))).map(|_| ()))
        .parse(r)?;
    let (r, value) = rf(ctx, r, false)?;
    // "in the Steppe 1.4, from 1/43 onwards": the months after the RF, a comma between.
    let (r, after) = opt((opt(ch(',')), |r| months(ctx, r)))
        .map(|m| m.map(|(_, w)| w))
        .parse(r)?;
    Ok((r, (area, value, after)))
}

/// An item: its place, its RF, and its months when it names them.
type Item = (Area, PrintedRf, Option<EntryWhen>);

/// " in 1940-42", " during 1943", " from 1940 to 1942", " between 1940 and 1942": the months
/// of an item.
fn months<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    let (r, _) = ws1(i)?;
    // "from ..." and "between ..." are `when`'s own words.
    let lower = r.get(..8).unwrap_or(r).to_ascii_lowercase();
    if lower.starts_with("from ") || lower.starts_with("between ") {
        return super::when::when(ctx, r);
    }
    let (r, _) = (super::lexeme::period_preposition, ws1).parse(r)?;
    super::when::when(ctx, r)
}

/// A place with the words that say it scopes an RF: "in the Isles", "on the Steppe", "for the
/// Isles", "for Isles use", "the Isles", "in the Isles and on the Steppe"; or the places not named: "elsewhere", "everywhere
/// else", "otherwise", "in other theaters".
fn place_words<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, Area> {
    if let Ok(read) = elsewhere(i) {
        return Ok(read);
    }
    if let Ok((r, _)) = phrase("otherwise").parse(i) {
        return Ok((r, Area::Elsewhere { except: Vec::new() }));
    }
    let (r, _) = opt((place_lead, ws1)).parse(i)?;
    let (mut r, mut area) = known_area(ctx, r)?;
    // "in the Isles and on the Steppe": one RF for both places.
    while let Area::Theaters { theaters, except } = &mut area {
        let next = (ws1, phrase("and"), ws1, opt((place_lead, ws1)), |r| {
            known_area(ctx, r)
        })
            .parse(r);
        let Ok((
            r2,
            (
                _,
                _,
                _,
                _,
                Area::Theaters {
                    theaters: more,
                    except: none,
                },
            ),
        )) = next
        else {
            break;
        };
        // "1.1 on X and Y: .5": Y leads an item of its own.
        let own_rf = (ws0, ch(':'))
            .map(|_| ())
            .or((ws1, |r| rf(ctx, r, false)).map(|_| ()))
            .parse(r2)
            .is_ok();
        if !except.is_empty() || !none.is_empty() || own_rf {
            break;
        }
        theaters.extend(more);
        r = r2;
    }
    let (r, _) = opt((ws1, phrase("use"))).parse(r)?;
    Ok((r, area))
}

/// The words before a place an RF is for: "for use in", "in", "on", "for".
fn place_lead(i: &str) -> Res<'_, &str> {
    phrase("for use in")
        .or(phrase("for use on"))
        .or(phrase("in"))
        .or(phrase("on"))
        .or(phrase("for"))
        .parse(i)
}

#[cfg(test)]
mod tests {
    use crate::availability::tests::render;
    use crate::{parse_availability_with, FileId, Lexicon, YearSpan};

    fn read(text: &str) -> (Vec<String>, usize) {
        let lexicon = Lexicon::new(
            Some(YearSpan {
                first: 1938,
                last: 1945,
            }),
            &["Probe".to_string()],
            &["the Isles", "Isles", "the Steppe", "Steppe"].map(String::from),
        );
        let r = parse_availability_with(text, 0, FileId(0), &lexicon);
        (r.value.iter().map(render).collect(), r.diagnostics.len())
    }

    #[test]
    fn an_rf_for_each_place_reads_in_any_order_of_rf_and_place() {
        let both = "RfByPeriod | the Isles: from 1/38 on (1.2) | the Steppe: from 1/38 on (1.4)";
        for text in [
            "RF is 1.2 in the Isles and 1.4 on the Steppe.",
            "RF is 1.2 for the Isles and 1.4 for the Steppe.",
            "RF: the Isles 1.2, the Steppe 1.4.",
            "RF is 1.2 (the Isles) and 1.4 (the Steppe).",
            "Its RF is 1.2 for the Isles, 1.4 for the Steppe.",
        ] {
            assert_eq!(read(text), (vec![both.to_string()], 0), "{text}");
        }
        assert_eq!(
            read("RF is 1.2 on the Steppe, 1.5 elsewhere."),
            (
                vec![
                    "RfByPeriod | the Steppe: from 1/38 on (1.2) | elsewhere: from 1/38 on (1.5)"
                        .to_string()
                ],
                0
            )
        );
    }

    #[test]
    fn an_item_may_name_its_months() {
        assert_eq!(
            read("RF is 1.2 in 1940-42 on the Isles and 1.4 in 1943-45 on the Steppe."),
            (
                vec![
                    "RfByPeriod | the Isles: 1/40-12/42 (1.2) | the Steppe: 1/43-12/45 (1.4)"
                        .to_string()
                ],
                0
            )
        );
        assert_eq!(
            read("RF is 1.2 on the Isles in 1940-42."),
            (
                vec!["RfByPeriod | the Isles: 1/40-12/42 (1.2)".to_string()],
                0
            )
        );
    }

    #[test]
    fn an_rf_list_it_cannot_bind_is_an_error() {
        for text in [
            "RF is 1.2 elsewhere and 1.4 on the Steppe.",
            "RF is 1.2 in the Isles and 1.4 in 1942.",
            "RF is 1.2 in the Isles and 1.4.",
        ] {
            assert_eq!(read(text).1, 1, "{text}");
        }
    }
}
