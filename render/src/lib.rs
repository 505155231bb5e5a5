//! Stage 5, render: the IR -> the bytes of every artifact, in memory.
//!
//! # Steps
//! 1. [`CounterView`] groups a side's items by kind for the templates (the resolver formatted
//!    each value once, as the listing prints it; nothing is formatted here).
//! 2. A minijinja template (`templates/counter/`, `sheet/`, `chart/`, `scenario/`, overridable
//!    with `--templates`: [`templates`]) lays them out as SVG or HTML; it sizes text with
//!    `fit(...)` (`qm_layout::text`), which measures with the embedded font
//!    (`qm_layout::fonts`).
//! 3. usvg reads the SVG back with only that font; resvg rasterizes PNGs ([`render_png`]) and
//!    svg2pdf turns pages into vector PDF ([`drawing_pdf`]).
//!
//! Entry points take the IR and return bytes: [`each_side`] (the one walk over a nation's
//! counter sides, its vehicles' and guns' ([`CounterPiece`]), with [`render_side`]: SVG, PNG
//! and PDF form), [`counter_images`] (what the
//! VASSAL exporter uses),
//! [`counter_sheets`], [`vehicle_chart`] (and a nation's guns' [`ordnance_chart`]); infantry counters ([`infantry`]), scenario cards
//! ([`card`]) and the module's own images ([`module_images`]). A maintainer's art is made ready
//! by `qm_layout::art`. Each piece has a [`cache_key`]; every result is an [`artifact::Artifact`].

pub mod artifact;
pub mod cache_key;
pub mod card;
mod chart;
pub mod chart_fit;
mod chart_infantry;
mod chart_layout;
mod chart_model;
mod chart_ordnance;
pub mod chart_overflow;
mod counter;
mod counter_piece;
mod counter_view;
pub mod drawing;
mod error;
pub mod infantry;
pub mod memo;
pub mod module_images;
mod pdf;
mod pdf_canonical;
mod picture;
mod png;
#[doc(hidden)]
mod sheet;
mod template_fit;
pub mod template_xml;
pub mod templates;

/// The unit tests run with the render budget enforced, as the `qm` binary does.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: templates::budget::Budgeted<std::alloc::System> =
    templates::budget::Budgeted(std::alloc::System);

pub use chart::{
    chart_files, chart_key, chart_pages, model_pages, ordnance_chart, vehicle_chart, ChartFiles,
    CHART_HTML_TEMPLATE, CHART_PAGE_TEMPLATE,
};
pub use chart_infantry::{
    infantry_section, ClassGroup, InfantryRow, InfantrySection, ReplacementRow, RuleRow, UNKNOWN,
};
pub use chart_layout::{ChartPage, PageRow, PageTable, TextItem};
pub use chart_model::{
    chart_model, columns, Cell, ChartColours, ChartLink, ChartModel, Column, Group, NationRef,
    NoteLink, NoteView, Row, VEHICLE_LISTING,
};
pub use chart_ordnance::{
    ordnance_chart_model, ordnance_columns, ORDNANCE_LEGEND, ORDNANCE_LISTING,
};
pub use counter::{
    artifact_name, counter_image, counter_images, counter_key, counter_keys, counter_svg,
    each_side, kept_side, render_side, side_form, side_layout, side_name, sides, template_of,
    CounterImage, CounterOptions, RenderedSide, BACK_TEMPLATE, COUNTER_UNITS, FRONT_TEMPLATE,
};
pub use counter_piece::{pieces, CounterPiece, SIDES};
pub use counter_view::{CounterView, ItemView};
pub use error::{RenderError, RenderErrorKind};
pub use pdf::{drawing_pdf, svg_to_pdf, Converted};
pub use pdf_canonical::canonical as canonical_pdf;
pub use picture::{silhouette, silhouette_template, Picture, Pictures, SILHOUETTE_DIR};
pub use png::{encode_png, render_page_pixmap, render_page_png, render_pixmap, render_png};
pub use sheet::{
    counter_sheets, counter_sheets_with, printed_copies, sheet_layout, CounterSize, Paper,
    SheetLayout, SheetOptions, SheetSlot, SHEET_TEMPLATE,
};
// What is measured before drawing is `qm-layout`'s; the renderer's modules name it by these
// paths.
use qm_layout::svg::{parse as parse_svg, with_size as svg_with_size};
use qm_layout::{art, fonts, svg, svg_budget, text};
