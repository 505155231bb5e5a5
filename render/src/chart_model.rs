//! The vehicle chart's model: the listing's cells exactly as published (after errata), grouped
//! by vehicle type, with DVP added and every "†" linked to the vehicle's note; then the notes;
//! then the infantry OB and national rules ([`crate::chart_infantry`]). The HTML and the PDF
//! ([`crate::chart`]) are both drawn from it.

use qm_registry::{Colour, CounterColours, VehicleTypeRegistry};
use qm_resolve::colours::Palette;
use qm_schema::{Field, Nation, NoteRef, Vehicle};
use serde::Serialize;

use super::chart_fit::{HtmlFit, TableTexts};
use super::chart_infantry::{infantry_section, InfantrySection};

/// A column of the chart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Column {
    /// A stable key (`bpv`, `mg_aa`), used as the HTML class.
    pub key: &'static str,
    /// The header as the listing prints it ("BPV", "AA").
    pub label: &'static str,
    /// The spanning header above it, for the MG columns ("MG").
    pub group: Option<&'static str>,
}

/// Everything the chart shows: the vehicle chart, or the ordnance chart
/// ([`crate::chart_ordnance`]: the same model, its groups the guns').
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartModel {
    /// `{id, name}` of the nation.
    pub nation: NationRef,
    /// What the table lists, in the chart's title ([`VEHICLE_LISTING`], "ordnance listing").
    pub listing: &'static str,
    /// The name its files end in: `chart` (`ita-chart.html`) or `ordnance`.
    pub stem: &'static str,
    /// The nation's other listing chart, linked from this one's HTML: the ordnance chart
    /// from the vehicle chart of a nation with guns, and back.
    pub see_also: Option<ChartLink>,
    /// The columns some vehicle fills (the name always), in listing order with DVP after
    /// BPV.
    pub columns: Vec<Column>,
    /// Vehicle types in chart order, each with its rows in listing order.
    pub groups: Vec<Group>,
    /// The numbered vehicle notes (empty until the notes are resolved).
    pub notes: Vec<NoteView>,
    /// The multi-applicable notes.
    pub multi_notes: Vec<NoteView>,
    /// The infantry OB and national rules, printed after the vehicles.
    pub infantry: InfantrySection,
    /// What the table's marks and the DVP column mean, printed under the table (HTML) and at
    /// the foot of every table page (PDF).
    pub legend: &'static str,
    /// The nation's colours, for the headings of its vehicle types and infantry classes.
    pub colours: ChartColours,
    /// How the HTML listing table is set to fit its page.
    pub html: HtmlFit,
}

/// A link to another chart of the nation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChartLink {
    /// Relative to this chart's HTML (`frm-ordnance.html`).
    pub href: String,
    /// The link's text ("Ordnance listing").
    pub label: &'static str,
}

/// The vehicle chart's [`ChartModel::listing`].
pub const VEHICLE_LISTING: &str = "vehicle listing";

/// The colours a chart's headings are printed in: the nation's counter colours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChartColours {
    /// A heading's ground: the counters' front.
    pub background: Colour,
    /// A heading's text.
    pub text: Colour,
    /// True when the text is light (a template that prints the rest dark says so for it).
    pub light_text: bool,
}

impl ChartColours {
    /// A chart in `colours`, a nation's counter colours.
    pub fn of(colours: &CounterColours) -> Self {
        ChartColours {
            background: colours.background.clone(),
            text: colours.text.clone(),
            light_text: colours.text.is_light(),
        }
    }
}

impl ChartModel {
    /// The same chart in `colours` (a nation's counter colours: `qm build` gives each
    /// chart its nation's).
    pub fn coloured(self, colours: &CounterColours) -> Self {
        ChartModel {
            colours: ChartColours::of(colours),
            ..self
        }
    }
}

/// The legend of the table: the dagger, DVP (rule 177) and a variable DVP such as "2/2"
/// (177.2).
pub const LEGEND: &str = "† a rule in the vehicle's note applies. DVP: Desert VP, 10% of the \
    BPV rounded up (177). Two values (\"2/2\"): a variable DVP (177.2); the second is the DVP \
    while the removable MA is Removed or unloaded.";

/// The nation a chart is for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NationRef {
    /// `ita`
    pub id: String,
    /// "Italian"
    pub name: String,
}

/// The rows of one vehicle type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    /// An anchor for the group: the first of its vehicles' type codes ("MT"; "other" for the
    /// vehicles whose type the registry lacks).
    pub id: String,
    /// The type codes of its vehicles, in listing order ("MT"; "HT, HTv").
    pub code: String,
    /// Its heading, the registry's group ("Medium tanks").
    pub label: String,
    /// The vehicles.
    pub rows: Vec<Row>,
}

/// One vehicle's row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The vehicle id, used as the row's anchor.
    pub id: String,
    /// One cell per column.
    pub cells: Vec<Cell>,
}

/// One cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// The text as published ("1.0-1.6†").
    pub text: String,
    /// The text split at every "†" ("1.0-1.6", ""): a template joins the parts with a linked
    /// dagger.
    pub parts: Vec<String>,
    /// Where a "†" of this row links (`#note-8`), when the note is known.
    pub dagger_href: Option<String>,
    /// For the Notes column: each reference with its link.
    pub refs: Vec<NoteLink>,
    /// True when the listing prints the value bold (a gun's M#); the name column is bold
    /// anyway.
    pub bold: bool,
}

/// A note reference in the Notes column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NoteLink {
    /// As printed ("8", "N", "13†").
    pub label: String,
    /// `#note-8`, when the note's text is known.
    pub href: Option<String>,
}

/// A note's text for the chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NoteView {
    /// The HTML anchor (`note-8`, `note-N`).
    pub anchor: String,
    /// The number or letter.
    pub label: String,
    /// The title, when the note has one.
    pub title: Option<String>,
    /// Paragraphs, verbatim.
    pub paragraphs: Vec<String>,
    /// The "†" rules, verbatim.
    pub rules: Vec<String>,
}

/// The columns, in listing order, DVP after BPV.
pub fn columns() -> Vec<Column> {
    let c = |key, label| Column {
        key,
        label,
        group: None,
    };
    let mg = |key, label| Column {
        key,
        label,
        group: Some("MG"),
    };
    vec![
        c("name", "NAME"),
        c("radioless", "®"),
        c("weight", "WG T"),
        c("type", "TYPE"),
        c("bpv", "BPV"),
        c("dvp", "DVP"),
        c("rf", "RF"),
        c("dates", "DATES"),
        c("size", "SZ"),
        c("armor", "AF"),
        c("ta", "TA"),
        c("ot", "OT"),
        c("cs", "CS"),
        c("mp", "MP"),
        c("gp", "GP"),
        c("turret", "T"),
        c("ma", "MA"),
        c("rof", "ROF"),
        c("breakdown", "B#"),
        c("if", "IF"),
        mg("mg_b", "B"),
        mg("mg_c", "C"),
        mg("mg_aa", "AA"),
        c("sa", "SA"),
        c("ammo", "AM MO"),
        c("capacity", "# / PP"),
        c("notes", "Notes"),
    ]
}

/// The heading of vehicles whose type the registry lacks (a warning said so), charted last.
const OTHER_GROUP: &str = "Other vehicles";

/// Builds the chart's model from the IR; vehicles are grouped under the type registry's
/// headings, in its order; a column no vehicle fills is left out, and the HTML table is set
/// to fit its page ([`HtmlFit::choose`]). It is in the colour registry's default colours until
/// [`ChartModel::coloured`] gives it its nation's.
pub fn chart_model(nation: &Nation, types: &VehicleTypeRegistry) -> ChartModel {
    let (columns, groups) = without_empty_columns(columns(), vehicle_groups(nation, types));
    let html = HtmlFit::choose(&table_texts(&columns, &groups));
    ChartModel {
        nation: NationRef {
            id: nation.id.clone(),
            name: nation.name.clone(),
        },
        listing: VEHICLE_LISTING,
        stem: "chart",
        see_also: (!nation.ordnance.is_empty()).then(|| ChartLink {
            href: format!("{}-ordnance.html", nation.id),
            label: "Ordnance listing",
        }),
        columns,
        groups,
        notes: nation
            .notes
            .iter()
            .map(|n| NoteView {
                anchor: format!("note-{}", n.number),
                label: n.number.to_string(),
                title: Some(n.title.clone()),
                paragraphs: n.history.clone(),
                rules: n.rules.clone(),
            })
            .collect(),
        multi_notes: nation
            .multi_notes
            .iter()
            .map(|n| NoteView {
                anchor: format!("note-{}", n.letter),
                label: n.letter.clone(),
                title: None,
                paragraphs: vec![n.text.clone()],
                rules: Vec::new(),
            })
            .collect(),
        infantry: infantry_section(nation),
        legend: LEGEND,
        colours: ChartColours::of(Palette::default().nation(&nation.id)),
        html,
    }
}

impl ChartModel {
    /// The listing table's texts, as the HTML prints them (what [`HtmlFit`] measures).
    pub fn table_texts(&self) -> TableTexts<'_> {
        table_texts(&self.columns, &self.groups)
    }
}

pub(crate) fn table_texts<'a>(columns: &'a [Column], groups: &'a [Group]) -> TableTexts<'a> {
    TableTexts {
        columns: columns.iter().map(|c| (c.key, c.label)).collect(),
        rows: groups
            .iter()
            .flat_map(|g| &g.rows)
            .map(|r| r.cells.iter().map(|c| c.text.as_str()).collect())
            .collect(),
    }
}

/// The columns some row fills (the name always), and the rows' cells of those columns only:
/// a column no vehicle of the nation prints is left out of its chart.
pub(crate) fn without_empty_columns(
    columns: Vec<Column>,
    mut groups: Vec<Group>,
) -> (Vec<Column>, Vec<Group>) {
    let rows = || groups.iter().flat_map(|g| &g.rows);
    let keep: Vec<bool> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            c.key == "name" || rows().any(|r| r.cells.get(i).is_some_and(|x| !x.text.is_empty()))
        })
        .collect();
    for row in groups.iter_mut().flat_map(|g| &mut g.rows) {
        let mut k = keep.iter();
        row.cells.retain(|_| *k.next().unwrap_or(&true));
    }
    let mut k = keep.iter();
    let columns = columns
        .into_iter()
        .filter(|_| *k.next().unwrap_or(&true))
        .collect();
    (columns, groups)
}

/// Where a note reference links (`#note-8`), when the nation has the note's text.
fn note_href(nation: &Nation, r: &NoteRef) -> Option<String> {
    match r {
        NoteRef::Vehicle(n) => nation
            .notes
            .iter()
            .any(|note| note.number == *n)
            .then(|| format!("#note-{n}")),
        NoteRef::Multi(l) => nation
            .multi_notes
            .iter()
            .any(|note| &note.letter == l)
            .then(|| format!("#note-{l}")),
        // The notes grammar reads numbered and multi-applicable notes only.
        NoteRef::Decimal(_) | NoteRef::Lower(_) => None,
    }
}

/// The vehicles under the registry's headings, in its order, then those whose type it lacks;
/// a heading without vehicles is left out.
fn vehicle_groups(nation: &Nation, types: &VehicleTypeRegistry) -> Vec<Group> {
    let group_of = |v: &Vehicle| {
        v.vehicle_type
            .value
            .as_ref()
            .and_then(|c| types.group_of(c))
            .unwrap_or(OTHER_GROUP)
    };
    by_heading(&nation.vehicles, types.groups(), OTHER_GROUP, group_of)
        .into_iter()
        .filter_map(|(heading, members)| group(nation, heading, members))
        .collect()
}

/// `items` under `headings`, in their order, then under `other` those whose heading is none
/// of them; each heading with its items in their order, a heading without items left out.
pub(crate) fn by_heading<'a, 'h, T>(
    items: &'a [T],
    mut headings: Vec<&'h str>,
    other: &'h str,
    heading_of: impl Fn(&T) -> &'h str,
) -> Vec<(&'h str, Vec<&'a T>)> {
    headings.push(other);
    headings
        .into_iter()
        .map(|h| {
            (
                h,
                items
                    .iter()
                    .filter(|t| heading_of(t) == h)
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, members)| !members.is_empty())
        .collect()
}

/// The rows of the vehicles under one heading (each followed by its other configuration);
/// `None` when there are none.
fn group(nation: &Nation, heading: &str, members: Vec<&Vehicle>) -> Option<Group> {
    let mut codes: Vec<&str> = Vec::new();
    for v in &members {
        let code = v.vehicle_type.value.as_ref().map_or("", |c| c.as_str());
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    let first = codes.first()?;
    let note_href = |r: &NoteRef| note_href(nation, r);
    Some(Group {
        id: if heading == OTHER_GROUP {
            "other".to_string()
        } else {
            first.to_string()
        },
        code: codes.join(", "),
        label: heading.to_string(),
        rows: members
            .into_iter()
            .flat_map(|v| {
                let other = v.other_configuration.as_deref().map(|o| other_row(v, o));
                std::iter::once(row(v, &note_href)).chain(other)
            })
            .collect(),
    })
}

fn row(v: &Vehicle, note_href: &dyn Fn(&NoteRef) -> Option<String>) -> Row {
    // A "†" in a row refers to a rule of the vehicle's own (numbered) note.
    let dagger_href = v
        .values
        .note_refs
        .iter()
        .filter_map(|f| f.value.as_ref())
        .find(|r| matches!(r, NoteRef::Vehicle(_)))
        .and_then(note_href);
    let dvp = match v.dvp.variable {
        Some(var) => format!("{}/{var}", v.dvp.value),
        None => v.dvp.value.to_string(),
    };
    let texts = [
        v.name_cell.raw.clone(),
        raw(&v.lead.radioless),
        raw(&v.lead.weight),
        v.vehicle_type.raw.clone(),
        v.bpv.raw.clone(),
        dvp,
        v.rf.raw.clone(),
        v.dates.raw.clone(),
        raw(&v.values.size),
        raw(&v.values.armor),
        raw(&v.values.target_aspect),
        raw(&v.values.open_top),
        raw(&v.values.crew_survival),
        raw(&v.values.mp),
        raw(&v.values.ground_pressure),
        raw(&v.values.turret),
        raw(&v.values.main_armament),
        raw(&v.values.rof),
        raw(&v.values.breakdown),
        raw(&v.values.if_mark),
        raw(&v.values.mg_bow),
        raw(&v.values.mg_coax),
        raw(&v.values.mg_aa),
        raw(&v.values.secondary),
        raw(&v.values.ammo),
        raw(&v.values.capacity),
    ];
    let mut cells: Vec<Cell> = texts
        .into_iter()
        .map(|text| Cell {
            parts: text.split('†').map(str::to_string).collect(),
            dagger_href: dagger_href.clone(),
            text,
            refs: Vec::new(),
            bold: false,
        })
        .collect();
    let refs: Vec<NoteLink> = v
        .values
        .note_refs
        .iter()
        .map(|f| NoteLink {
            label: f.raw.clone(),
            href: f.value.as_ref().and_then(note_href),
        })
        .collect();
    let text = refs
        .iter()
        .map(|r| r.label.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    cells.push(Cell {
        parts: text.split('†').map(str::to_string).collect(),
        dagger_href: dagger_href.clone(),
        text,
        refs,
        bold: false,
    });
    Row {
        id: v.id.clone(),
        cells,
    }
}

/// A vehicle's second line, under its row: the other configuration's cells as published,
/// blank where the line prints nothing (TYPE and DVP are the vehicle's; BPV, RF and DATES
/// only when the line prints its own).
fn other_row(v: &Vehicle, o: &qm_schema::OtherConfiguration) -> Row {
    let texts = [
        o.name_cell.raw.clone(),
        raw(&o.lead.radioless),
        raw(&o.lead.weight),
        String::new(),
        raw(&o.bpv),
        String::new(),
        raw(&o.rf),
        raw(&o.dates),
        raw(&o.values.size),
        raw(&o.values.armor),
        raw(&o.values.target_aspect),
        raw(&o.values.open_top),
        raw(&o.values.crew_survival),
        raw(&o.values.mp),
        raw(&o.values.ground_pressure),
        raw(&o.values.turret),
        raw(&o.values.main_armament),
        raw(&o.values.rof),
        raw(&o.values.breakdown),
        raw(&o.values.if_mark),
        raw(&o.values.mg_bow),
        raw(&o.values.mg_coax),
        raw(&o.values.mg_aa),
        raw(&o.values.secondary),
        raw(&o.values.ammo),
        raw(&o.values.capacity),
        o.values
            .note_refs
            .iter()
            .map(|f| f.raw.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    ];
    let cells = texts
        .into_iter()
        .map(|text| Cell {
            parts: text.split('†').map(str::to_string).collect(),
            dagger_href: None,
            text,
            refs: Vec::new(),
            bold: false,
        })
        .collect();
    Row {
        id: format!("{}-other", v.id),
        cells,
    }
}

fn raw<T>(f: &Option<Field<T>>) -> String {
    f.as_ref().map(|f| f.raw.clone()).unwrap_or_default()
}
