//! Stage 6, render + package: counters, counter sheets and vehicle charts from the IR.
//!
//! # Steps
//! 1. [`CounterView`] formats a vehicle's values the way the listing prints them.
//! 2. A minijinja template (`templates/counter/`, `sheet/`, `chart/`) lays them out as SVG or
//!    HTML; it sizes text with `fit(...)` ([`crate::text`]), which measures with the embedded
//!    font ([`crate::fonts`]).
//! 3. usvg reads the SVG back with only that font; resvg rasterizes PNGs ([`png`]) and
//!    svg2pdf turns pages into vector PDF ([`pdf`]).
//!
//! Entry points take the IR and return bytes: [`counter_images`] (what the VASSAL exporter
//! uses), [`counter_sheets`], [`vehicle_chart`].

mod chart;
mod chart_infantry;
mod chart_layout;
mod chart_model;
mod counter;
mod counter_view;
pub mod drawing;
mod error;
mod pdf;
mod pdf_canonical;
mod picture;
mod png;
#[doc(hidden)]
mod sheet;
mod sides;
mod svg;

pub use chart::{
    chart_files, chart_key, chart_pages, vehicle_chart, ChartFiles, CHART_HTML_TEMPLATE,
    CHART_PAGE_TEMPLATE,
};
pub use chart_infantry::{
    infantry_section, ClassGroup, InfantryRow, InfantrySection, ReplacementRow, RuleRow, UNKNOWN,
};
pub use chart_layout::{ChartPage, PageRow, PageTable, TextItem};
pub use chart_model::{
    chart_model, columns, Cell, ChartModel, Column, Group, NationRef, NoteLink, NoteView, Row,
};
pub use counter::{
    artifact_name, counter_image, counter_images, counter_key, counter_svg, side_name, template_of,
    CounterImage, CounterOptions, BACK_TEMPLATE, COUNTER_UNITS, FRONT_TEMPLATE,
};
pub use counter_view::{CounterView, ItemView};
pub use error::{RenderError, RenderErrorKind};
pub use pdf::{drawing_pdf, Converted};
pub use pdf_canonical::canonical as canonical_pdf;
pub use picture::{silhouette, silhouette_template, Picture, Pictures, SILHOUETTE_DIR};
pub use png::{render_pixmap, render_png};
pub use sheet::{
    counter_sheets, counter_sheets_with, sheet_layout, CounterSize, Paper, SheetLayout,
    SheetOptions, SheetSlot, SHEET_TEMPLATE,
};
pub use sides::{render_side, render_sides, RenderedSide};
pub use svg::{options as svg_options, parse as parse_svg, with_size as svg_with_size};
