//! The scenario card's view and page layout: the blocks of one A4 page stacked top to bottom,
//! every paragraph wrapped with the embedded font's metrics, the content shrunk to fit one
//! page. `qm check` measures a card with it (a card must fit at a legible scale) and the
//! renderer fills the same view with the units' pictures.

use qm_schema::{CardNote, Scenario, ScenarioSide, ScenarioUnit};
use serde::Serialize;

use crate::text::wrap;

/// Page size and margins of the SVG card, in mm (A4 portrait).
const PAGE_W: f64 = 210.0;
const PAGE_H: f64 = 297.0;
const MARGIN: f64 = 10.0;
const TEXT_W: f64 = PAGE_W - 2.0 * MARGIN;
/// Font sizes in mm, shared with the template through the blocks.
const BODY: f64 = 3.0;
const SMALL: f64 = 2.5;
const HEADING: f64 = 3.8;
const LEADING: f64 = 1.3;
/// A unit cell of the OB grid.
const CELL_W: f64 = 26.0;
/// A vehicle (or Gun) counter's edge: 5/8 inch.
pub const VEHICLE_MM: f64 = 15.875;
/// An infantry counter's edge: 1/2 inch.
pub const INFANTRY_MM: f64 = 12.7;
/// Room above and left of every picture for the DVP badge on its upper-left corner.
const BADGE: f64 = 2.0;

/// One unit as the card shows it.
#[derive(Debug, Clone, Serialize)]
pub struct UnitView<'a> {
    /// The resolved unit.
    pub unit: &'a ScenarioUnit,
    /// Its counter picture: an SVG element (no XML declaration), sized in mm for HTML.
    pub picture: String,
    /// The same picture sized in user units, for nesting in the mm-based SVG page.
    pub picture_page: String,
    /// The picture's edge in mm (5/8" vehicles, 1/2" infantry).
    pub size_mm: f64,
    /// The DVP printed on the picture; `null` unless the scenario uses DVP and the unit is a
    /// Gun/vehicle with a known DVP.
    pub dvp: Option<u16>,
    /// The name split into lines that fit the cell.
    pub name_lines: Vec<String>,
    /// Position in the SVG page (mm), relative to its block.
    pub x: f64,
    /// Vertical position in its block (mm).
    pub y: f64,
}

/// One side as the card shows it.
#[derive(Debug, Clone, Serialize)]
pub struct SideView<'a> {
    /// The resolved side.
    pub side: &'a ScenarioSide,
    /// Its units with pictures.
    pub units: Vec<UnitView<'a>>,
    /// Per-unit facts: "M13/40: RF 1.3 (12/40, note 8); radioless ...".
    pub unit_notes: Vec<String>,
    /// Side-wide facts (national rules, 178).
    pub notes: Vec<String>,
}

/// A turn of the turn record track.
#[derive(Debug, Clone, Serialize)]
pub struct TurnView {
    /// The turn number.
    pub number: u8,
    /// Reinforcements entering then ("Italian: 2 M13/40").
    pub entries: Vec<String>,
}

/// A block of the SVG page, stacked top to bottom.
#[derive(Debug, Clone, Serialize)]
pub struct Block<'a> {
    /// `header`, `track`, `heading`, `text`, `units`, `bullets`, `numbered` (text already
    /// numbered).
    pub kind: &'static str,
    /// Top of the block (mm, inside the margins).
    pub y: f64,
    /// Font size (mm) of its text.
    pub size: f64,
    /// True for bold text.
    pub bold: bool,
    /// True for italic text.
    pub italic: bool,
    /// Its lines of text, wrapped; for `bullets`, one list of lines per bullet.
    pub lines: Vec<Vec<String>>,
    /// The units of a `units` block.
    pub units: Vec<UnitView<'a>>,
    /// Height (mm).
    pub height: f64,
}

/// Everything the card templates get.
#[derive(Debug, Clone, Serialize)]
pub struct CardView<'a> {
    /// The resolved scenario.
    pub scenario: &'a Scenario,
    /// The month as the sources write it ("12/40").
    pub date: String,
    /// The theater's name.
    pub theater: &'a str,
    /// The turn record track.
    pub turns: Vec<TurnView>,
    /// The side that moves first, if one is marked.
    pub moves_first: Option<&'a str>,
    /// The sides.
    pub sides: Vec<SideView<'a>>,
    /// Scenario-wide facts.
    pub notes: Vec<String>,
    /// The SVG page's blocks.
    pub blocks: Vec<Block<'a>>,
    /// Page width and height (mm).
    pub page: (f64, f64),
    /// Margin (mm).
    pub margin: f64,
    /// Scale applied to the content so it fits one page (1 when it fits).
    pub scale: f64,
    /// Width of a turn track box (mm).
    pub turn_box: f64,
    /// The room (mm) above and left of each unit picture, where the DVP badge sits.
    pub badge: f64,
    /// The height (mm) of a unit cell's picture row: a vehicle counter's edge (smaller
    /// pictures sit on its bottom line).
    pub picture_row: f64,
}

/// "RF 1.3 (12/40, note 8)" and friends, with the rule in brackets.
pub fn note_text(n: &CardNote) -> String {
    match &n.rule {
        Some(r) => format!("{} [{r}]", n.text),
        None => n.text.clone(),
    }
}

/// The least [`CardView::scale`] a card may need: its content at most twice a page, printed
/// at half size (body text 1.5 mm). Below that nothing on the card is legible, and the
/// templates' instruction budget runs out before the content does.
pub const MIN_CARD_SCALE: f64 = 0.5;

/// How much the card's content is shrunk to fit its one page (1 when it fits), found by the
/// same layout as the renderer's `card_view` without drawing a picture: `qm check` refuses a card below
/// [`MIN_CARD_SCALE`].
pub fn card_scale(scenario: &Scenario) -> f64 {
    let view = view_with::<std::convert::Infallible>(scenario, "", |_, u| {
        Ok(UnitView {
            unit: u,
            picture: String::new(),
            picture_page: String::new(),
            size_mm: VEHICLE_MM,
            dvp: None,
            name_lines: name_lines(u),
            x: 0.0,
            y: 0.0,
        })
    });
    view.map_or(1.0, |v| v.scale)
}

/// The view of a scenario's card with each unit's view made by `unit` (its side, the unit).
pub fn view_with<'a, E>(
    scenario: &'a Scenario,
    theater: &'a str,
    mut unit: impl FnMut(&'a ScenarioSide, &'a ScenarioUnit) -> Result<UnitView<'a>, E>,
) -> Result<CardView<'a>, E> {
    let mut sides = Vec::new();
    for side in &scenario.sides {
        let mut units = Vec::new();
        let mut unit_notes = Vec::new();
        for u in &side.units {
            units.push(unit(side, u)?);
            if !u.notes.is_empty() {
                let notes: Vec<String> = u.notes.iter().map(note_text).collect();
                unit_notes.push(format!("{}: {}", u.name, notes.join("; ")));
            }
        }
        sides.push(SideView {
            side,
            units,
            unit_notes,
            notes: side.notes.iter().map(note_text).collect(),
        });
    }
    let turns = (1..=scenario.turns)
        .map(|n| TurnView {
            number: n,
            entries: scenario
                .sides
                .iter()
                .flat_map(|s| {
                    s.units
                        .iter()
                        .filter(move |u| u.enters == Some(n))
                        .map(move |u| format!("{}: {} {}", s.name, u.count, u.name))
                })
                .collect(),
        })
        .collect();
    let mut view = CardView {
        scenario,
        date: scenario.date.to_string(),
        theater,
        turns,
        moves_first: scenario
            .sides
            .iter()
            .find(|s| s.moves_first)
            .map(|s| s.name.as_str()),
        sides,
        notes: scenario.notes.iter().map(note_text).collect(),
        blocks: Vec::new(),
        page: (PAGE_W, PAGE_H),
        margin: MARGIN,
        scale: 1.0,
        turn_box: (TEXT_W / f64::from(scenario.turns.max(1))).min(12.0),
        badge: BADGE,
        picture_row: VEHICLE_MM,
    };
    layout(&mut view);
    Ok(view)
}

/// A unit's name split into lines that fit its cell.
pub fn name_lines(u: &ScenarioUnit) -> Vec<String> {
    wrap(&u.name, CELL_W - 1.0, SMALL, false)
}

/// Blocks stacked top to bottom.
struct Stack<'a> {
    y: f64,
    blocks: Vec<Block<'a>>,
}

impl<'a> Stack<'a> {
    fn push(&mut self, mut b: Block<'a>, gap: f64) {
        b.y = self.y;
        self.y += b.height + gap;
        self.blocks.push(b);
    }
}

fn block<'a>(kind: &'static str, size: f64, height: f64) -> Block<'a> {
    Block {
        kind,
        y: 0.0,
        size,
        bold: false,
        italic: false,
        lines: Vec::new(),
        units: Vec::new(),
        height,
    }
}

fn text<'a>(kind: &'static str, s: &str, size: f64, bold: bool, italic: bool) -> Block<'a> {
    let lines = wrap(s, TEXT_W, size, bold);
    let height = lines.len() as f64 * size * LEADING;
    Block {
        bold,
        italic,
        lines: vec![lines],
        ..block(kind, size, height)
    }
}

fn bullets<'a>(kind: &'static str, items: &[String], size: f64) -> Block<'a> {
    let lines: Vec<Vec<String>> = items
        .iter()
        .map(|s| wrap(s, TEXT_W - 3.0, size, false))
        .collect();
    let height = lines
        .iter()
        .map(|l| l.len() as f64 * size * LEADING + 0.6)
        .sum::<f64>();
    Block {
        lines,
        ..block(kind, size, height)
    }
}

/// Stacks the page's blocks and wraps their text; shrinks the content to fit one page.
fn layout(view: &mut CardView<'_>) {
    let mut st = Stack {
        y: 0.0,
        blocks: Vec::new(),
    };
    st.push(block("header", BODY, 19.0), 2.0);
    // One line per turn with reinforcements, listed under the boxes.
    let entries = view.turns.iter().filter(|t| !t.entries.is_empty()).count() as f64;
    st.push(block("track", SMALL, 15.0 + entries * SMALL * LEADING), 3.0);
    if !view.notes.is_empty() {
        st.push(bullets("bullets", &view.notes, SMALL), 2.0);
    }
    st.push(
        text("heading", "VICTORY CONDITIONS", HEADING, true, false),
        0.8,
    );
    st.push(
        text("text", &view.scenario.victory, BODY, false, false),
        3.0,
    );
    for side in &view.sides {
        let mut title = side.side.name.clone();
        if side.side.moves_first {
            title.push_str(" (moves first)");
        }
        if let Some(d) = side.side.dvp_total {
            title.push_str(&format!(" — DVP total {d}"));
        }
        st.push(text("heading", &title, HEADING, true, false), 0.8);
        for s in [&side.side.setup, &side.side.entry].into_iter().flatten() {
            st.push(text("text", s, BODY, false, false), 1.0);
        }
        let per_row = (TEXT_W / CELL_W).floor().max(1.0) as usize;
        let mut units = side.units.clone();
        let mut top = 0.0;
        for row in units.chunks_mut(per_row) {
            let lines = row.iter().map(|u| u.name_lines.len()).max().unwrap_or(1) as f64;
            for (j, u) in row.iter_mut().enumerate() {
                u.x = j as f64 * CELL_W;
                u.y = top;
            }
            top += BADGE + VEHICLE_MM + 1.5 + lines * SMALL * LEADING + 1.0;
        }
        st.push(
            Block {
                units,
                ..block("units", SMALL, top)
            },
            1.0,
        );
        let notes: Vec<String> = side.notes.iter().chain(&side.unit_notes).cloned().collect();
        if !notes.is_empty() {
            st.push(bullets("bullets", &notes, SMALL), 3.0);
        }
    }
    if !view.scenario.ssrs.is_empty() {
        st.push(text("heading", "SPECIAL RULES", HEADING, true, false), 0.8);
        let ssrs: Vec<String> = view
            .scenario
            .ssrs
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{}. {s}", i + 1))
            .collect();
        st.push(bullets("numbered", &ssrs, BODY), 3.0);
    }
    if let Some(a) = &view.scenario.aftermath {
        st.push(text("heading", "AFTERMATH", HEADING, true, false), 0.8);
        st.push(text("text", a, BODY, false, true), 0.0);
    }
    let available = PAGE_H - 2.0 * MARGIN;
    view.scale = if st.y > available {
        available / st.y
    } else {
        1.0
    };
    view.blocks = st.blocks;
}
