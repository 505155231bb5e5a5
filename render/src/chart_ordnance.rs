//! The ordnance chart: a nation's guns as the publication's ordnance listing prints them
//! (Name, Type, CSize, ROF (IFE), B#, Range, M#, TSize, Dates, Special, BPV, RF, Notes),
//! grouped under the gun type registry's headings in its order. It is a [`ChartModel`] like
//! the vehicle chart's, drawn by the same templates and paginated the same way, into its own
//! files (`<nation>/chart/<nation>-ordnance.html` and `.pdf`).
//!
//! Each cell is its published text, the marks printed as the vehicle chart prints them (a
//! dagger, superscript characters; a caliber's line over or under its digits as the combining
//! character the publication's text uses, also for a caliber VASL's markup marks); a bold M#
//! is drawn bold.

use qm_registry::GunTypeRegistry;
use qm_resolve::colours::Palette;
use qm_schema::{Caliber, CaliberMark, Field, Nation, Ordnance};

use super::chart_fit::HtmlFit;
use super::chart_infantry::InfantrySection;
use super::chart_model::{
    by_heading, table_texts, without_empty_columns, Cell, ChartColours, ChartLink, ChartModel,
    Column, Group, NationRef, NoteLink, Row,
};

/// The ordnance chart's [`ChartModel::listing`].
pub const ORDNANCE_LISTING: &str = "ordnance listing";

/// The heading of guns whose type the registry lacks (a warning said so), charted last.
const OTHER_GROUP: &str = "Other guns";

/// The legend of the ordnance table.
pub const ORDNANCE_LEGEND: &str = "† a rule in the gun's note applies. A bold M#, a line over \
    or under a caliber and a superscript are printed as the listing prints them.";

/// The combining characters the publication's text prints a caliber's lines with.
const OVERLINE: char = '\u{305}';
const UNDERLINE: char = '\u{332}';

/// The ordnance chart's columns, in the publication's order.
pub fn ordnance_columns() -> Vec<Column> {
    let c = |key, label| Column {
        key,
        label,
        group: None,
    };
    vec![
        c("name", "Name"),
        c("type", "Type"),
        c("csize", "CSize"),
        c("rof", "ROF (IFE)"),
        c("breakdown", "B#"),
        c("range", "Range"),
        c("manhandling", "M#"),
        c("tsize", "TSize"),
        c("dates", "Dates"),
        c("special", "Special"),
        c("bpv", "BPV"),
        c("rf", "RF"),
        c("notes", "Notes"),
    ]
}

/// The nation's ordnance chart; `None` when it has no guns. Guns are grouped under the gun
/// type registry's headings (a gun of two types under its first's), a column no gun fills is
/// left out and the HTML table is set to fit its page, as the vehicle chart's. It is in the
/// colour registry's default colours until [`ChartModel::coloured`] gives it its nation's.
pub fn ordnance_chart_model(nation: &Nation, types: &GunTypeRegistry) -> Option<ChartModel> {
    if nation.ordnance.is_empty() {
        return None;
    }
    let (columns, groups) = without_empty_columns(ordnance_columns(), gun_groups(nation, types));
    let html = HtmlFit::choose(&table_texts(&columns, &groups));
    Some(ChartModel {
        nation: NationRef {
            id: nation.id.clone(),
            name: nation.name.clone(),
        },
        listing: ORDNANCE_LISTING,
        stem: "ordnance",
        see_also: Some(ChartLink {
            href: format!("{}-chart.html", nation.id),
            label: "Vehicle chart",
        }),
        columns,
        groups,
        notes: Vec::new(),
        multi_notes: Vec::new(),
        infantry: InfantrySection::none(),
        legend: ORDNANCE_LEGEND,
        colours: ChartColours::of(Palette::default().nation(&nation.id)),
        html,
    })
}

/// The guns under the registry's headings, in its order, then those whose type it lacks; a
/// heading without guns is left out.
fn gun_groups(nation: &Nation, types: &GunTypeRegistry) -> Vec<Group> {
    let first_code = |g: &Ordnance| {
        g.gun_type
            .as_ref()
            .and_then(|f| f.value.as_ref())
            .and_then(|t| t.codes.first())
            .map(|c| c.as_str().to_string())
    };
    let heading = |g: &Ordnance| {
        first_code(g)
            .and_then(|c| types.get(&c).map(|t| t.group.as_str()))
            .unwrap_or(OTHER_GROUP)
    };
    by_heading(&nation.ordnance, types.groups(), OTHER_GROUP, heading)
        .into_iter()
        .filter_map(|(label, members)| {
            let mut codes: Vec<String> = Vec::new();
            for code in members.iter().filter_map(|g| first_code(g)) {
                if !codes.contains(&code) {
                    codes.push(code);
                }
            }
            let first = members.first()?;
            Some(Group {
                id: if label == OTHER_GROUP {
                    "other".to_string()
                } else {
                    first_code(first).unwrap_or_default()
                },
                code: codes.join(", "),
                label: label.to_string(),
                rows: members.into_iter().map(gun_row).collect(),
            })
        })
        .collect()
}

/// One gun's row: each cell as published, in [`ordnance_columns`]' order.
fn gun_row(g: &Ordnance) -> Row {
    let bold_m = g
        .manhandling
        .as_ref()
        .and_then(|f| f.value)
        .is_some_and(|m| m.bold);
    let texts = [
        g.name_cell.raw.clone(),
        raw(&g.gun_type),
        g.caliber.as_ref().map_or(String::new(), caliber_text),
        raw(&g.rof),
        raw(&g.breakdown),
        raw(&g.range),
        raw(&g.manhandling),
        raw(&g.target_size),
        raw(&g.dates),
        raw(&g.special),
        raw(&g.bpv),
        raw(&g.rf),
    ];
    let mut cells: Vec<Cell> = texts
        .into_iter()
        .enumerate()
        .map(|(i, text)| cell(text, Vec::new(), i == 6 && bold_m))
        .collect();
    let refs: Vec<NoteLink> = g
        .note_refs
        .iter()
        .map(|f| NoteLink {
            label: f.raw.clone(),
            href: None,
        })
        .collect();
    let text = refs
        .iter()
        .map(|r| r.label.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    cells.push(cell(text, refs, false));
    Row {
        id: g.id.clone(),
        cells,
    }
}

fn cell(text: String, refs: Vec<NoteLink>, bold: bool) -> Cell {
    Cell {
        parts: text.split('†').map(str::to_string).collect(),
        // The ordnance notes are not linked yet.
        dagger_href: None,
        text,
        refs,
        bold,
    }
}

/// A cell's published text, the publication's `**bold**` marks taken off (a bold M# is the
/// cell's [`Cell::bold`]; bold inside the Special list is not drawn).
fn raw<T>(f: &Option<Field<T>>) -> String {
    f.as_ref()
        .map(|f| f.raw.replace("**", ""))
        .unwrap_or_default()
}

/// CSize as printed: the caliber's lines as combining characters over or under its digits,
/// as the publication's text prints them; a cell read from VASL's CSV (its lines in the
/// value, its text plain) gets them put back.
fn caliber_text(f: &Field<Caliber>) -> String {
    let text = f.raw.replace("**", "");
    let Some(c) = f.value.as_ref() else {
        return text;
    };
    if c.marks.is_empty() || text.contains([OVERLINE, UNDERLINE]) || !text.starts_with(&c.mm) {
        return text;
    }
    let lines: String = c
        .marks
        .iter()
        .map(|m| match m {
            CaliberMark::Overline => OVERLINE,
            CaliberMark::Underline => UNDERLINE,
        })
        .collect();
    let mut out = String::with_capacity(text.len() + c.mm.len() * 4);
    for ch in c.mm.chars() {
        out.push(ch);
        out.push_str(&lines);
    }
    out.push_str(&text[c.mm.len()..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(raw: &str, mm: &str, marks: Vec<CaliberMark>) -> Field<Caliber> {
        Field {
            value: Some(Caliber {
                mm: mm.into(),
                length: String::new(),
                marks,
                star: true,
            }),
            dagger: false,
            footnote: None,
            superscript: None,
            raw: raw.into(),
            span: qm_schema::Span {
                file: "x".into(),
                start: 0,
                end: 0,
                line: 1,
                col: 1,
            },
        }
    }

    #[test]
    fn a_calibers_lines_print_as_the_publications_text_prints_them() {
        let csv = field("81*", "81", vec![CaliberMark::Overline]);
        assert_eq!(caliber_text(&csv), "8\u{305}1\u{305}*");
        let tsv = field("8\u{305}1\u{305}*", "81", vec![CaliberMark::Overline]);
        assert_eq!(caliber_text(&tsv), "8\u{305}1\u{305}*");
        let plain = field("75L", "75", Vec::new());
        assert_eq!(caliber_text(&plain), "75L");
    }
}
