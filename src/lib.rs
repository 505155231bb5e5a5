//! Quartermaster (`qm`): a compiler for wargame order-of-battle data. This crate is the thin
//! binary: the command line ([`cli`]) and `qm watch` ([`watch`]) over the stage crates.
//!
//! # Steps
//! 1. **load** (crate `qm_load`, re-exported as [`load`], [`input`], [`diagnostics`], ...):
//!    every input read once within its caps, errata applied, every file given an id for spans.
//! 2. **parse** (`qm_parser`): listing rows and notes -> syntax with spans and diagnostics.
//! 3. **resolve** (`qm_resolve`, through [`nations`]): link rows to notes, derive availability,
//!    DVP, counter text; read `ob.toml`; lint.
//! 4. **validate** (crate `qm_compile`: [`compile`]): every JSON document against the committed
//!    JSON Schema; scenarios checked ([`scenario`]); each nation's vehicle art assigned.
//! 5. **render** (crate `qm_render`: [`render`], [`infantry`], [`templates`]): artifacts in
//!    memory, measured with crate `qm_layout` ([`layout`]: [`text`], [`fonts`], [`art`]), which
//!    the compiler's checks measure with too.
//! 6. **package** (crate `qm_export`: [`build`], [`vassal`], [`artifact`]): the module, and
//!    the output directory written at once.
//!
//! Each stage crate's modules are re-exported here under their old paths (`qm::load`,
//! `qm::render`, ...), which the tests, benches and fuzz targets name.

pub mod cli;
pub mod cli_build;
pub mod cli_explain;
pub mod cli_export;
pub mod cli_query;
pub mod cli_report;
pub mod cli_vassal;
pub mod keep_going;
pub mod memory;
pub mod progress;
pub mod watch;

pub use qm_compile::{compile, nations, printable, scenario, sizes, timings, views};
pub use qm_export::{artifact, build, render_cache, vasl_csv, vassal};
pub use qm_layout as layout;
pub use qm_layout::{art, fonts, text};
pub use qm_load::{characters, diagnostics, input, load};
pub use qm_render as render;
pub use qm_render::{budget, cache_key, infantry, memo, template_filters, templates};
pub use qm_resolve::query;
