//! Stages 2 to 4 for a whole data directory: every loaded nation parsed and resolved
//! ([`nations`], through crate `qm_resolve`), linted, checked for what the build needs and
//! validated against the JSON Schema ([`compile`]); the scenarios resolved and checked against
//! the nations ([`scenario`]). The result, [`compile::Compiled`], is what every command works
//! from.
//!
//! Besides: the `avail`/`show` JSON views ([`views`]), stage timings ([`timings`]) and giving
//! back what a stage freed ([`memory`]).

pub mod compile;
pub mod memory;
pub mod nations;
pub mod scenario;
pub mod timings;
pub mod views;
