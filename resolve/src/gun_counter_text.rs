//! A gun's counter text: what each side of a gun counter draws, item by item, formatted once
//! (as [`crate::counter_text`] decides it for the vehicles). Which side a value goes on is
//! decided here:
//! - the front holds the name and what a player reads in play: the ROF (its IFE or other rate
//!   apart), the caliber with its marks, B#, range, special ammunition, smoke, the Special
//!   codes and values, M# (red when the listing prints it bold), the target size;
//! - the back is the malfunctioned side: the name, the Special column's phrases
//!   (rules the gun's note states, "no Gunshield": the values the front has no room for, as on
//!   a vehicle's back) and the band's word;
//! - the limbered side, where the listing prints a limbered-firing bracket (`LF [...]`) or
//!   VASL's `limbered` column asks for one: the name, the bracket's values in the front's
//!   places (VASL's column's values over them: `gun_counter_text::vasl_limbered`), and its
//!   word.
//!
//! A cell holding only a "†", and a lone "†" of the Special list, print nothing (the chart
//! shows them).

use qm_schema::{
    BreakdownNumber, CounterItem, CounterItemKind as K, GunCounter, GunRange, LimberedItem,
    Ordnance, Runs, SpecialItem, VaslLimbered,
};

use crate::counter_text::{field, item, plain, text};
use qm_schema::signed;

/// The band's word of the malfunctioned side.
pub const MALFUNCTION_WORD: &str = "MALF";
/// The word of the limbered side.
pub const LIMBERED_WORD: &str = "LIMBERED";

/// The sides of `gun`'s counter.
pub fn gun_counter(gun: &Ordnance) -> GunCounter {
    let specials: &[SpecialItem] = gun
        .special
        .as_ref()
        .and_then(|f| f.value.as_deref())
        .unwrap_or_default();
    let mut counter = GunCounter {
        front: front(gun, specials),
        back: back(gun, specials),
        limbered: limbered(gun, specials),
    };
    counter.front.shrink_to_fit();
    counter.back.shrink_to_fit();
    counter.limbered.shrink_to_fit();
    counter
}

/// The front: the name, then the listing's values in the order the templates take them.
fn front(gun: &Ordnance, specials: &[SpecialItem]) -> Vec<CounterItem> {
    let mut out = vec![item(K::Name, None, plain(gun.name.clone()))];
    let mut push = |kind, value: Option<Runs>| {
        if let Some(value) = value {
            out.push(item(kind, None, value));
        }
    };
    let parenthesized = gun
        .rof
        .as_ref()
        .and_then(|f| f.value.as_ref())
        .and_then(|r| r.parenthesized());
    match parenthesized {
        // The cell's dagger and superscript follow what is printed last.
        Some(p) => {
            let rate = gun.rof.as_ref().and_then(|f| f.value.as_ref());
            push(K::Rof, rate.map(|r| plain(r.rate())));
            push(K::Ife, field(&gun.rof, |_| plain(p)));
        }
        None => push(K::Rof, text(&gun.rof, |r| r.rate())),
    }
    push(K::Caliber, field(&gun.caliber, |c| c.runs()));
    push(K::Breakdown, text(&gun.breakdown, BreakdownNumber::text));
    push(K::Range, text(&gun.range, GunRange::text));
    push(
        K::Ammo,
        joined(specials, |s| matches!(s, SpecialItem::Ammo { .. })),
    );
    push(
        K::Smoke,
        joined(specials, |s| matches!(s, SpecialItem::Smoke { .. })),
    );
    push(K::Special, joined(specials, on_front_as_special));
    out.extend(manhandling(gun));
    if let Some(size) = text(&gun.target_size, |s| signed(*s)) {
        out.push(item(K::Size, None, size));
    }
    out
}

/// The M#, red when printed bold.
fn manhandling(gun: &Ordnance) -> Option<CounterItem> {
    let value = text(&gun.manhandling, |m| m.number.to_string())?;
    let bold = gun
        .manhandling
        .as_ref()
        .and_then(|f| f.value)
        .is_some_and(|m| m.bold);
    Some(CounterItem {
        red: bold,
        ..item(K::Manhandling, None, value)
    })
}

/// The Special items the front prints among the codes: every item but the ammunition and
/// smoke (drawn apart), the phrases (on the back), a lone dagger and the limbered-firing
/// bracket (its own side).
fn on_front_as_special(s: &SpecialItem) -> bool {
    !matches!(
        s,
        SpecialItem::Ammo { .. }
            | SpecialItem::Smoke { .. }
            | SpecialItem::Phrase { .. }
            | SpecialItem::Quoted { .. }
            | SpecialItem::RuleRef { .. }
            | SpecialItem::Dagger { .. }
            | SpecialItem::Limbered { .. }
    )
}

/// The items `keep` takes, as printed, one space between them; `None` when there is none.
fn joined(specials: &[SpecialItem], keep: impl Fn(&SpecialItem) -> bool) -> Option<Runs> {
    let mut out = Runs::default();
    let mut any = false;
    for s in specials.iter().filter(|s| keep(s)) {
        if any {
            out.plain(" ");
        }
        out.extend(s.runs());
        any = true;
    }
    any.then_some(out)
}

/// The malfunctioned side: the name, the phrases, the band's word.
fn back(gun: &Ordnance, specials: &[SpecialItem]) -> Vec<CounterItem> {
    let mut out = vec![item(K::Name, None, plain(gun.name.clone()))];
    for s in specials {
        if is_notation(s) {
            out.push(item(K::Notation, None, plain(phrase_text(s))));
        }
    }
    out.push(item(
        K::Malfunction,
        None,
        plain(MALFUNCTION_WORD.to_string()),
    ));
    out
}

/// The items the back prints as notations, one a line: the rule phrases, a quoted name, a
/// rule cited by number.
fn is_notation(s: &SpecialItem) -> bool {
    matches!(
        s,
        SpecialItem::Phrase { .. } | SpecialItem::Quoted { .. } | SpecialItem::RuleRef { .. }
    )
}

/// A phrase as one line: a superscript the reader kept after `^` in Unicode's superscript
/// characters.
fn phrase_text(s: &SpecialItem) -> String {
    let text = s.runs().text();
    match text.split_once('^') {
        Some((phrase, rest)) => {
            let (sup, dagger) = match rest.strip_suffix('†') {
                Some(sup) => (sup, "†"),
                None => (rest, ""),
            };
            format!(
                "{phrase}{}{dagger}",
                qm_schema::superscript::to_superscript(sup)
            )
        }
        None => text,
    }
}

/// The limbered side, when the gun has one: the bracket's values in the places the front
/// gives them (VASL's `limbered` column over them, when it reads), then the word (the
/// bracket's dagger after it).
fn limbered(gun: &Ordnance, specials: &[SpecialItem]) -> Vec<CounterItem> {
    let bracket = specials.iter().find_map(|s| match s {
        SpecialItem::Limbered { dagger, items } => Some((dagger.is_some(), items.as_slice())),
        _ => None,
    });
    if bracket.is_none() && gun.vasl_limbered.is_none() {
        return Vec::new();
    }
    let (dagger, items) = bracket.unwrap_or((false, &[]));
    let vasl = gun
        .vasl_limbered_read
        .as_ref()
        .and_then(|f| f.value.as_ref());
    let mut out = match vasl {
        Some(VaslLimbered::NoFire) => vasl_limbered::no_fire(gun),
        // Without the bracket, VASL's generator starts the limbered piece from the gun's own
        // values and changes what the column names.
        Some(VaslLimbered::Overrides { entries }) if bracket.is_none() => {
            vasl_limbered::overridden(gun, &front(gun, specials), &[], entries)
        }
        Some(VaslLimbered::Overrides { entries }) => {
            vasl_limbered::overridden(gun, &[], items, entries)
        }
        None => bracket_values(gun, items),
    };
    let mut word = plain(LIMBERED_WORD.to_string());
    if dagger {
        word.plain("†");
    }
    out.push(item(K::Limbered, None, word));
    out
}

/// The name and the bracket's values, in its order (its codes together).
fn bracket_values(gun: &Ordnance, items: &[LimberedItem]) -> Vec<CounterItem> {
    let mut out = vec![item(K::Name, None, plain(gun.name.clone()))];
    let mut codes = Runs::default();
    for i in items {
        match i {
            LimberedItem::Code { code } => {
                if !codes.0.is_empty() {
                    codes.plain(" ");
                }
                codes.plain(code);
            }
            other => out.extend(limbered_item(other)),
        }
    }
    if !codes.0.is_empty() {
        out.push(item(K::Special, None, codes));
    }
    out
}

/// One value of the bracket as the front would print it.
fn limbered_item(i: &LimberedItem) -> Option<CounterItem> {
    let (kind, value) = match i {
        LimberedItem::Caliber { .. } => (K::Caliber, i.runs()),
        LimberedItem::Rof { rof } => (K::Rof, plain(rof.to_string())),
        LimberedItem::Ife { ife } => (K::Ife, plain(format!("({ife})"))),
        LimberedItem::Breakdown { .. } => (K::Breakdown, i.runs()),
        LimberedItem::Manhandling { manhandling } => {
            return Some(CounterItem {
                red: manhandling.bold,
                ..item(K::Manhandling, None, plain(manhandling.number.to_string()))
            })
        }
        LimberedItem::TargetSize { size } => (K::Size, plain(signed(*size))),
        LimberedItem::Code { .. } => return None,
    };
    Some(item(kind, None, value))
}

#[cfg(test)]
mod tests;
mod vasl_limbered;
