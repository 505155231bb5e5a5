//! Quartermaster (`qm`): a compiler for wargame order-of-battle data.
//!
//! # Steps
//! 1. **load** ([`load`]): read `data-src/`, apply errata, give every file an id for spans.
//! 2. **parse** (`qm_parser`): listing rows and notes -> syntax with spans and diagnostics.
//! 3. **resolve** ([`resolve`], crate `qm_resolve`): link rows to notes, derive availability,
//!    DVP, counter text; read `ob.toml`.
//! 4. **lint** (`qm_resolve::lint`): data checks; findings are fixed by errata or accepted with
//!    a reason.
//! 5. **validate** ([`compile`]): every JSON document against the committed JSON Schema; each
//!    nation's vehicle [`art`] matched to its vehicles and made ready once.
//! 6. **render** + **package** ([`build`], [`artifact`]): artifacts in memory, written at once;
//!    [`render`] lays them out with [`templates`], which size text with [`text`] and [`fonts`];
//!    [`infantry`] counters and [`scenario`] cards (checked against the IR first).
//!
//! [`diagnostics`] prints every finding of a run as `file:line:col` with a caret and a help.

pub mod cli;
pub mod cli_build;
pub mod cli_query;
pub mod cli_report;
pub mod cli_vassal;
pub mod memory;
pub mod progress;
pub mod watch;

pub use qm_compile::{compile, resolve, scenario, timings, views};
pub use qm_export::{artifact, build, build_cache, vassal};
pub use qm_load::{buildable, diagnostics, input, load};
pub use qm_render::{art, cache_key, fonts, infantry, memo, render, templates, text};
pub use qm_resolve::query;
