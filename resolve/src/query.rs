//! Questions asked of the IR: which vehicles exist where and when, and which one a user meant.

use qm_schema::{
    Availability, Nation, Nationality, Ordnance, Period, TheaterId, UnknownAvailability, Vehicle,
    YearMonth,
};

use crate::names::{did_you_mean, name_key};
use crate::registry::NationTheaters;

pub use crate::month::parse_month;

/// The vehicle's availability entry for a theater and month, if it is available then and
/// there. An entry for the theater itself wins over one for a containing or contained theater
/// (Tunisia in North Africa) and over an "Any" entry, which answers only for theaters the
/// nation fought in.
pub fn availability_at<'v>(
    v: &'v Vehicle,
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
) -> Option<&'v Availability> {
    entries_at(&v.availability, theater, month, nation)
}

/// The vehicle's entry for a theater and month that a side of `faction` (`None`: of no
/// faction) may use, where a faction has an RF of its own ("PTS: RF +.2": a month's entries
/// differ by who may use them); else the entry [`availability_at`] gives, which then says
/// whom it is not open to.
pub fn availability_for<'v>(
    v: &'v Vehicle,
    theater: &TheaterId,
    month: YearMonth,
    faction: Option<&str>,
    nation: &NationTheaters,
) -> Option<&'v Availability> {
    let open = |a: &Availability| a.open_to(faction);
    entry_where(&v.availability, place_of, theater, month, nation, open)
        .or_else(|| availability_at(v, theater, month, nation))
}

/// An entry's theaters and months.
fn place_of(a: &Availability) -> (&Vec<TheaterId>, Period) {
    (&a.theaters, a.period)
}

/// The entry of `entries` (a vehicle's or a gun's availability) for a theater and month,
/// matched like [`availability_at`].
pub fn entries_at<'a>(
    entries: &'a [Availability],
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
) -> Option<&'a Availability> {
    entry_at(entries, |a| (&a.theaters, a.period), theater, month, nation)
}

/// The vehicle's months at an RF the data does not give ([`Vehicle::availability_unknown`])
/// that cover `month` in `theater`, matched like [`availability_at`]: the answer is
/// "unknown", not "not available".
pub fn unknown_at<'v>(
    v: &'v Vehicle,
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
) -> Option<&'v UnknownAvailability> {
    unknown_entries_at(&v.availability_unknown, theater, month, nation)
}

/// The entry of `entries` (a vehicle's or a gun's months at an RF not known) for a theater
/// and month, matched like [`unknown_at`].
pub fn unknown_entries_at<'a>(
    entries: &'a [UnknownAvailability],
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
) -> Option<&'a UnknownAvailability> {
    entry_at(entries, |u| (&u.theaters, u.period), theater, month, nation)
}

/// Finds a gun by its whole name (ignoring case and spaces) or id, else the one gun whose
/// name starts with `name`; on failure, the closest names.
pub fn lookup_gun<'a>(nation: &'a Nation, name: &str) -> Result<&'a Ordnance, Vec<&'a str>> {
    let key = name_key(name);
    let id = name.to_ascii_lowercase();
    if let Some(g) = nation
        .ordnance
        .iter()
        .find(|g| name_key(&g.name) == key || g.id == id)
    {
        return Ok(g);
    }
    let starting: Vec<&Ordnance> = nation
        .ordnance
        .iter()
        .filter(|g| !key.is_empty() && name_key(&g.name).starts_with(&key))
        .collect();
    match starting.as_slice() {
        [one] => Ok(one),
        [] => Err(did_you_mean(
            name,
            nation.ordnance.iter().map(|g| g.name.as_str()),
        )),
        many => Err(many.iter().take(8).map(|g| g.name.as_str()).collect()),
    }
}

/// The first entry covering `month` in `theater` itself, else in a theater that matches it.
fn entry_at<'v, E>(
    entries: &'v [E],
    place: impl Fn(&E) -> (&Vec<TheaterId>, Period),
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
) -> Option<&'v E> {
    entry_where(entries, place, theater, month, nation, |_| true)
}

/// [`entry_at`] among the entries `keep` accepts.
fn entry_where<'v, E>(
    entries: &'v [E],
    place: impl Fn(&E) -> (&Vec<TheaterId>, Period),
    theater: &TheaterId,
    month: YearMonth,
    nation: &NationTheaters,
    keep: impl Fn(&E) -> bool,
) -> Option<&'v E> {
    let matching = |exact: bool| {
        entries.iter().find(|e| {
            let (theaters, period) = place(e);
            keep(e)
                && period.contains(month)
                && theaters.iter().any(|t| {
                    if exact {
                        t == theater
                    } else {
                        nation.matches(t, theater)
                    }
                })
        })
    };
    matching(true).or_else(|| matching(false))
}

/// Every vehicle available in `theater` in `month`, in listing order, with its entry.
pub fn available<'v>(
    nation: &'v Nation,
    theater: &TheaterId,
    month: YearMonth,
    theaters: &NationTheaters,
) -> Vec<(&'v Vehicle, &'v Availability)> {
    nation
        .vehicles
        .iter()
        .filter_map(|v| availability_at(v, theater, month, theaters).map(|a| (v, a)))
        .collect()
}

/// Finds a vehicle by its whole name, ignoring case and spaces ("l3/35", "L3 / 35"), or by
/// its id; on failure, the closest names. Data files (scenarios) name vehicles this way: a
/// prefix that is unique today could stop being so when a row is added.
pub fn find_vehicle<'a>(nation: &'a Nation, name: &str) -> Result<&'a Vehicle, Vec<&'a str>> {
    let key = name_key(name);
    let id = name.to_ascii_lowercase();
    nation
        .vehicles
        .iter()
        .find(|v| name_key(&v.name) == key || v.id == id)
        .or_else(|| {
            // "M3 MT": the name completed by the type, for names the listing repeats.
            nation
                .vehicles
                .iter()
                .find(|v| name_key(&crate::names::name_and_type(v)) == key)
        })
        .ok_or_else(|| did_you_mean(name, nation.vehicles.iter().map(|v| v.name.as_str())))
}

/// Finds a gun by its whole name, ignoring case and spaces, by its id, or by its name and
/// type ("47/32 AT": the name completed by the Type cell, as the listing prints it); on
/// failure, the closest names. Data files (scenarios) name guns this way, as vehicles
/// ([`find_vehicle`]): no prefix.
pub fn find_gun<'a>(nation: &'a Nation, name: &str) -> Result<&'a Ordnance, Vec<&'a str>> {
    let key = name_key(name);
    let id = name.to_ascii_lowercase();
    let typed = |g: &Ordnance| {
        g.gun_type
            .as_ref()
            .map(|t| name_key(&format!("{} {}", g.name, t.raw)))
    };
    nation
        .ordnance
        .iter()
        .find(|g| name_key(&g.name) == key || g.id == id)
        .or_else(|| {
            nation
                .ordnance
                .iter()
                .find(|g| typed(g).as_deref() == Some(key.as_str()))
        })
        .ok_or_else(|| did_you_mean(name, nation.ordnance.iter().map(|g| g.name.as_str())))
}

/// Finds a nationality of one nation by its name, ignoring case and spaces ("Rumanian",
/// "rumanian"), or by its id; on failure, the closest names.
pub fn find_nationality<'a>(
    nation: &'a Nation,
    name: &str,
) -> Result<&'a Nationality, Vec<&'a str>> {
    let key = name_key(name);
    nation
        .nationalities
        .iter()
        .find(|n| name_key(&n.name) == key || n.id == name)
        .ok_or_else(|| did_you_mean(name, nation.nationalities.iter().map(|n| n.name.as_str())))
}

/// The nations that have a nationality named `name` (as [`find_nationality`] reads it), with
/// it, in the order given.
pub fn nations_of_nationality<'a>(
    nations: &'a [Nation],
    name: &str,
) -> Vec<(&'a Nation, &'a Nationality)> {
    nations
        .iter()
        .filter_map(|n| find_nationality(n, name).ok().map(|x| (n, x)))
        .collect()
}

/// Why [`lookup_vehicle`] found no vehicle, with the names the user could mean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VehicleLookupError<'a> {
    /// No name is, or starts with, the text; the closest names by spelling.
    Unknown(Vec<&'a str>),
    /// Several names start with the text (up to 8 of them, in listing order), or several
    /// vehicles have the name (then their ids, which their types complete: `m3-lt`, `m3-mt`).
    Ambiguous(Vec<&'a str>),
    /// Several vehicles have the name and not even their ids tell them apart (the listing
    /// repeats a name and type, perhaps in another case: `lint::duplicate-name`): their names
    /// as printed, in listing order.
    Indistinct(Vec<&'a str>),
}

/// Finds a vehicle the way a person types it on the command line: its whole name or id as
/// [`find_vehicle`] does, else the one vehicle whose name starts with `name` ("Autocarro P"
/// finds "Autocarro P (Hvy)").
pub fn lookup_vehicle<'a>(
    nation: &'a Nation,
    name: &str,
) -> Result<&'a Vehicle, VehicleLookupError<'a>> {
    let same = same_name(nation, name);
    if same.len() > 1 {
        let mut ids: Vec<&str> = same.iter().map(|v| v.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() < same.len() {
            let names = same.iter().map(|v| v.name.as_str()).collect();
            return Err(VehicleLookupError::Indistinct(names));
        }
        let ids = same.iter().map(|v| v.id.as_str()).collect();
        return Err(VehicleLookupError::Ambiguous(ids));
    }
    let near = match find_vehicle(nation, name) {
        Ok(v) => return Ok(v),
        Err(near) => near,
    };
    let key = name_key(name);
    let starting: Vec<&Vehicle> = if key.is_empty() {
        Vec::new()
    } else {
        nation
            .vehicles
            .iter()
            .filter(|v| name_key(&v.name).starts_with(&key))
            .collect()
    };
    match starting.as_slice() {
        [one] => Ok(one),
        [] => Err(VehicleLookupError::Unknown(near)),
        many => Err(VehicleLookupError::Ambiguous(
            many.iter().take(8).map(|v| v.name.as_str()).collect(),
        )),
    }
}

/// The vehicles named `name` (ignoring case and spaces), in listing order.
fn same_name<'a>(nation: &'a Nation, name: &str) -> Vec<&'a Vehicle> {
    let key = name_key(name);
    nation
        .vehicles
        .iter()
        .filter(|v| name_key(&v.name) == key)
        .collect()
}
