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

pub mod art;
pub mod artifact;
pub mod build;
pub mod build_cache;
pub mod buildable;
pub mod cli;
pub mod cli_explain;
pub mod cli_query;
pub mod cli_report;
pub mod cli_vassal;
pub mod compile;
pub mod diagnostics;
pub mod fonts;
pub mod infantry;
pub mod input;
pub mod keep_going;
pub mod load;
pub mod memo;
pub mod memory;
pub mod progress;
pub mod render;
pub mod resolve;
pub mod scenario;
pub mod templates;
pub mod text;
pub mod timings;
pub mod vassal;
pub mod views;
pub mod watch;

pub use qm_resolve::query;
