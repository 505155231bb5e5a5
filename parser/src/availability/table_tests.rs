//! A maintainer's Markdown tables (issue 30), read as a layout: one test per layout of the
//! catalogue in docs/notes.md ("Tables"), each with the clauses a sentence of the same
//! meaning gives. Names are made up; nothing here is any nation's data.

use super::tests::read_with;
use crate::Lexicon;

fn lexicon() -> Lexicon {
    Lexicon::new(
        Some(crate::YearSpan {
            first: 1936,
            last: 1946,
        }),
        &["Tolk".to_string(), "Tolk C".to_string()],
        &[
            "the Lowlands".to_string(),
            "Lowlands".to_string(),
            "the Fens".to_string(),
            "Fens".to_string(),
            "Ardo".to_string(),
            "Serro".to_string(),
        ],
    )
}

fn read(text: &str) -> (Vec<String>, usize) {
    read_with(text, &lexicon())
}

fn lines(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

/// Rows about places: a section per place, "From"/"To" cells joined, a blank cell the one
/// above, "EOW" an open end, a row of "—" keeping the vehicle from its place.
#[test]
fn place_rows_make_one_schedule_and_dashes_keep_out() {
    let table = "| Theater | From | To | RF |\n|---|---|---|---|\n\
                 | Lowlands | 3/38 | 6/41 | 1.1 |\n| | 7/41 | 42 | 1.3 |\n\
                 | Ardo | 39 | EOW | 1.2 |\n| Serro | — | — | — |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "DatesAndRf | Lowlands: 3/38-6/41 (1.1), 7/41-12/42 (1.3) | Ardo: from 1-12/39 on (1.2)",
                "Limit Not [Place Serro]",
            ]),
            0
        )
    );
}

/// "all" is every place no other row names; a place whose rows are all "—" is not
/// available there, one with a row of its own is only left to that row.
#[test]
fn all_is_every_place_no_other_row_names() {
    let table = "| Area | Start | End | Rarity |\n|:--|:-:|:-:|--:|\n\
                 | all | 37 | end | 1.0 |\n| Fens | 9/39 | end | 1.2 |\n| Ardo | - | - | - |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "DatesAndRf | every theater [EXC Fens, NA Ardo]: from 1-12/37 on (1.0) | Fens: from 9/39 on (1.2)",
                "Limit Not [Place Ardo]",
            ]),
            0
        )
    );
}

/// Rows about no place: the dates and RFs wherever the line before the table says (its
/// vehicles and places), or anywhere; a "Period" cell is any period form.
#[test]
fn period_rows_under_a_lead_in_line() {
    let text = "Tolk, all theaters:\n\n| Period | RF |\n|---|---|\n| 40-41 | 1.5 |\n\
                | 42-EOW | 1.3 |";
    assert_eq!(
        read(text),
        (
            lines(&["<Tolk> DatesAndRf | anywhere: 1/40-12/41 (1.5), from 1-12/42 on (1.3)"]),
            0
        )
    );
    let text = "In the Fens and Ardo:\n| Years | RF |\n|---|---|\n| 1941 | .9 |";
    assert_eq!(
        read(text),
        (lines(&["DatesAndRf | the Fens/Ardo: 1-12/41 (0.9)"]), 0)
    );
}

/// A header naming vehicles: each column is that vehicle's RF by period; "—" is not
/// available then.
#[test]
fn vehicle_columns_scope_their_cells() {
    let table = "| Period | Tolk | Tolk C |\n|---|---|---|\n| 39-6/41 | 1.2 | 1.4 |\n\
                 | 43-EOW | 1.4 | — |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "<Tolk> DatesAndRf | anywhere: 1/39-6/41 (1.2), from 1-12/43 on (1.4)",
                "<Tolk C> DatesAndRf | anywhere: 1/39-6/41 (1.4)",
            ]),
            0
        )
    );
}

/// A header naming places: a section per place column; a blank cell repeats the one above,
/// "—" keeps the vehicle from that place in that row's months.
#[test]
fn place_columns_are_sections() {
    let table = "| Period | Lowlands | Ardo |\n|---|---|---|\n| 37-38 | 1.1 | — |\n\
                 | 39-40 | 1.2 | 1.4 |\n| 41 | — | |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "DatesAndRf | Lowlands: 1/37-12/38 (1.1), 1/39-12/40 (1.2) | Ardo: 1/39-12/40 (1.4), 1-12/41 (1.4)",
                "Limit Not [Place Lowlands] 1-12/41",
                "Limit Not [Place Ardo] 1/37-12/38",
            ]),
            0
        )
    );
}

/// A vehicle column: the rows under each vehicle are its own, with "all" and blank cells as
/// in any table.
#[test]
fn a_vehicle_column_splits_the_rows() {
    let table = "| Vehicle | Theater | From | To | RF |\n|---|---|---|---|---|\n\
                 | Tolk | all | 39 | EOW | 1.0 |\n| | Ardo | | | 1.3 |\n\
                 | Tolk C | Fens | 41 | EOW | 1.2 |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "<Tolk> DatesAndRf | every theater [EXC Ardo]: from 1-12/39 on (1.0) | Ardo: from 1-12/39 on (1.3)",
                "<Tolk C> DatesAndRf | Fens: from 1-12/41 on (1.2)",
            ]),
            0
        )
    );
}

/// Rows about factions: "—" keeps the faction from the vehicle, an RF is its own RF, months
/// are its own window, an amount is added to its RF; "others" is the RF of every side no row
/// names.
#[test]
fn faction_rows_change_that_factions_use() {
    let table = "| Faction | RF |\n|---|---|\n| Guard | 1.2 |\n| Militia | — |\n\
                 | others | 1.3 |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "RfByPeriod | anywhere: from 1/36 on (1.3)",
                "OwnRf [Faction Guard] =1.2",
                "Limit Not [Faction Militia]",
            ]),
            0
        )
    );
    let table = "| Faction | Notes |\n|---|---|\n| Guard | from 9/42 |\n\
                 | Legion | RF +.1 (maximum 1.5) |\n| Militia | 40-42, RF 1.4 |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "Limit Not [Faction Guard] until 8/42",
                "OwnRf [Faction Legion] +0.1 max 1.5",
                "OwnRf [Faction Militia] =1.4 1/40-12/42",
            ]),
            0
        )
    );
}

/// "others —": only the factions the table names may use the vehicle.
#[test]
fn others_dash_keeps_to_the_named_factions() {
    let table = "| Side | RF |\n|---|---|\n| Guard | 1.2 |\n| Legion | 1.4 |\n| others | — |";
    assert_eq!(
        read(table),
        (
            lines(&[
                "Limit Only [Faction Guard, Faction Legion]",
                "OwnRf [Faction Guard] =1.2",
                "OwnRf [Faction Legion] =1.4",
            ]),
            0
        )
    );
}

/// What a table says is never dropped: a header or a cell no reader takes is an error naming
/// it, and the prose around a table is read as prose.
#[test]
fn unreadable_cells_and_headers_are_errors() {
    let (clauses, errors) =
        read("| Theater | From | RF |\n|---|---|---|\n| Ardo | soonish | 1.2 |");
    assert_eq!((clauses.len(), errors), (1, 1), "{clauses:?}");
    assert!(clauses[0].starts_with("Unreadable"), "{clauses:?}");
    let (clauses, errors) = read("| Theater | RF | RF |\n|---|---|---|\n| Ardo | 1.1 | 1.2 |");
    assert_eq!((clauses.len(), errors), (1, 1), "{clauses:?}");
    let (clauses, errors) = read("| Theater | RF |\n|---|---|\n| Ardo | 1.1 | 1.2 |");
    assert_eq!(errors, 1, "{clauses:?}");
    let text =
        "Not used in Serro.\n\n| Period | RF |\n|---|---|\n| 41 | 1.1 |\n\nUsed only in 1941.";
    assert_eq!(
        read(text),
        (
            lines(&[
                "Limit Not [Place Serro]",
                "DatesAndRf | anywhere: 1-12/41 (1.1)",
                "Limit Only [] 1-12/41",
            ]),
            0
        )
    );
}

/// Lines of "|" without a delimiter row are no table: they stay prose (and a sentence of
/// prose with an RF it cannot read is an error, as ever).
#[test]
fn pipes_without_a_delimiter_row_stay_prose() {
    let (clauses, errors) = read("| Ardo | 1941 | 1.1 |");
    assert!(errors >= 1, "{clauses:?}");
}

/// A header of periods ("| Front | 1941 | 1942 |": years across the top): each cell is the RF
/// of its row's place in its column's months; the lead-in is the last sentence before the
/// table, not the history before it.
#[test]
fn period_columns_and_a_lead_in_sentence() {
    let text = "Built on the Tolk hull. Fronts down the side:\n\n| Front | 1941 | 1942 |\n\
                |---|---|---|\n| Ardo | 1.1 | 1.2 |\n| Fens | — | 1.4 |";
    assert_eq!(
        read(text),
        (
            lines(&[
                "DatesAndRf | Ardo: 1-12/41 (1.1), 1-12/42 (1.2) | Fens: 1-12/42 (1.4)",
                "Limit Not [Place Fens] 1-12/41",
            ]),
            0
        )
    );
}
