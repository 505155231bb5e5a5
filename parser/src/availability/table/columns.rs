//! What a table's columns hold, read from its header: a key (the place, faction or vehicle a
//! row is about), its months (one "Period" column, or "From" and "To"), its RF, free notes, or
//! — when the header cell is a name ("| Period | Zorin | Zorin C |", "| Period | Northern
//! Plain | Korra |") — the RF of that vehicle, place or faction.

use super::super::grammar_error::Ctx;

/// What one column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Column<'a> {
    /// The place a row is about ("Theater", "Area", "Front").
    Place,
    /// The faction a row is about ("Faction", "Side", "Users").
    Faction,
    /// The vehicle a row is about ("Vehicle", "Type", "Model").
    Vehicle,
    /// The first month ("From", "Start").
    From,
    /// The last month ("To", "Until", "End").
    To,
    /// The months ("Period", "Dates", "Years").
    Period,
    /// The RF ("RF", "Rarity").
    Rf,
    /// Free words about the row ("Notes", "Remarks"): months, RFs, amounts or "—".
    Notes,
    /// The RF of the vehicle, place or faction the header names.
    Of(Named<'a>),
    /// The RF in the months the header gives ("| Front | 1941 | 1942 |": years across the
    /// top).
    In(&'a str),
}

/// A name in a header cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named<'a> {
    /// A vehicle of the listing.
    Vehicle(&'a str),
    /// A place of the nation's registry.
    Place(&'a str),
    /// Anything else: a faction, as the nation's data will say (or report).
    Other(&'a str),
}

/// Header words and the column each names (any case; a trailing ":" or Markdown emphasis
/// aside).
const COLUMNS: [(&str, Column<'static>); 61] = [
    ("theater", Column::Place),
    ("theaters", Column::Place),
    ("theatre", Column::Place),
    ("theatres", Column::Place),
    ("area", Column::Place),
    ("areas", Column::Place),
    ("front", Column::Place),
    ("region", Column::Place),
    ("place", Column::Place),
    ("where", Column::Place),
    ("location", Column::Place),
    ("faction", Column::Faction),
    ("factions", Column::Faction),
    ("side", Column::Faction),
    ("user", Column::Faction),
    ("users", Column::Faction),
    ("used by", Column::Faction),
    ("operator", Column::Faction),
    ("operators", Column::Faction),
    ("who", Column::Faction),
    ("force", Column::Faction),
    ("forces", Column::Faction),
    ("vehicle", Column::Vehicle),
    ("vehicles", Column::Vehicle),
    ("type", Column::Vehicle),
    ("model", Column::Vehicle),
    ("variant", Column::Vehicle),
    ("version", Column::Vehicle),
    ("afv", Column::Vehicle),
    ("from", Column::From),
    ("start", Column::From),
    ("first", Column::From),
    ("since", Column::From),
    ("available from", Column::From),
    ("to", Column::To),
    ("until", Column::To),
    ("till", Column::To),
    ("end", Column::To),
    ("last", Column::To),
    ("through", Column::To),
    ("available to", Column::To),
    ("period", Column::Period),
    ("periods", Column::Period),
    ("dates", Column::Period),
    ("date", Column::Period),
    ("years", Column::Period),
    ("year", Column::Period),
    ("when", Column::Period),
    ("months", Column::Period),
    ("available", Column::Period),
    ("service", Column::Period),
    ("in service", Column::Period),
    ("rf", Column::Rf),
    ("rarity", Column::Rf),
    ("rarity factor", Column::Rf),
    ("notes", Column::Notes),
    ("note", Column::Notes),
    ("remarks", Column::Notes),
    ("comments", Column::Notes),
    ("details", Column::Notes),
    ("restrictions", Column::Notes),
];

/// The header cell without its dressing: emphasis marks, a trailing colon, surrounding space.
pub(crate) fn bare(cell: &str) -> &str {
    cell.trim()
        .trim_matches(|c| c == '*' || c == '_')
        .trim_end_matches(':')
        .trim()
}

/// What the column under `cell` holds; `None` for an empty header cell (nothing to read it
/// by).
pub(crate) fn column<'a>(ctx: &Ctx<'a>, cell: &'a str) -> Option<Column<'a>> {
    let name = bare(cell);
    if name.is_empty() {
        return None;
    }
    let lower = name.to_lowercase();
    let lower = lower.trim_end_matches('.');
    // "R.F." is "RF".
    let undotted = lower.replace('.', "");
    if let Some((_, c)) = COLUMNS.iter().find(|(w, _)| *w == lower || *w == undotted) {
        return Some(*c);
    }
    if let Ok((rest, _)) = super::super::when::when(ctx, name) {
        if rest.trim().is_empty() {
            return Some(Column::In(name));
        }
    }
    let whole = |n: Option<usize>| n == Some(name.len());
    Some(Column::Of(if whole(ctx.lexicon.vehicle_at(name)) {
        Named::Vehicle(name)
    } else if whole(ctx.lexicon.place_at(name)) {
        Named::Place(name)
    } else {
        Named::Other(name)
    }))
}
