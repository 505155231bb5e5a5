//! Stages 2 to 4 for a whole data directory: the result, [`pipeline::Compiled`], is what every
//! command works from.
//!
//! # Steps
//! 1. [`pipeline::compile`] loads the data directory (crate `qm_load`).
//! 2. Every nation is parsed and resolved on every core ([`nations::resolve_nation`], through
//!    crate `qm_resolve`), linted, checked for what the build needs (every counter side laid
//!    out with `qm_layout`: [`counter_fit::check_counters`]) and validated against the JSON
//!    Schema ([`pipeline::validate_nation`]).
//! 3. The scenarios are read and looked up in the nations ([`scenario::look_up_scenario`]),
//!    checked against their availability and validated ([`pipeline::validate_scenario`]).
//! 4. Each nation's vehicle art is assigned and decoded, so that `check` reports every bad
//!    picture a build would meet.
//!
//! Besides: the `avail`/`show` JSON answers ([`answers`]), stage timings ([`timings`]) and giving
//! back what a stage freed ([`memory`]).

pub mod answers;
pub mod counter_fit;
mod ir_span;
pub mod memo;
pub mod memory;
pub mod nations;
pub mod pipeline;
pub mod printable;
pub mod scenario;
pub mod sizes;
pub mod timings;
