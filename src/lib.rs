//! Quartermaster (`qm`): a compiler for wargame order-of-battle data. This crate is the thin
//! binary: the command line ([`cli`]) and `qm watch` ([`watch`]) over the stage crates.
//!
//! # Steps
//! 1. **load** (crate [`qm_load`]): every input read once within its caps, errata applied,
//!    every file given an id for spans.
//! 2. **parse** ([`qm_parser`]): listing rows and notes -> syntax with spans and diagnostics.
//! 3. **resolve** ([`qm_resolve`], through [`qm_compile::nations`]): link rows to notes,
//!    derive availability, DVP, counter text; read `ob.toml`; lint.
//! 4. **validate** ([`qm_compile`]): every JSON document against the committed JSON Schema;
//!    scenarios checked; each nation's vehicle art assigned (measured with [`qm_layout`]).
//! 5. **render** ([`qm_render`]): artifacts in memory.
//! 6. **package** ([`qm_export`]): the module, and the output directory written at once.
//!
//! Nothing of the stage crates is re-exported here: the tests, benches and fuzz targets name
//! each item where it is defined (`qm_load::data_dir::Loaded`, `qm_render::counter_svg`).

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
