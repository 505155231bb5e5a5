//! Stage 6, package: every artifact of a compiled data directory made in memory, the VASSAL
//! module, and the output directory written at once, where it can harm nothing.
//!
//! # Steps
//! 1. [`build::render_all`] renders every artifact of a [`qm_compile::pipeline::Compiled`]
//!    (counters, sheets, charts, cards, the IR as JSON, the schemas) through crate `qm_render`;
//!    with a cache of the pieces `qm watch` reuses when their inputs did not change
//!    ([`render_cache`]).
//! 2. [`vassal::module_artifact`] builds the module from the counter images
//!    ([`vassal::build_vmod`]: palette, traits, `buildFile.xml` from templates, a deterministic
//!    zip) and checks it with [`vassal::check::check_vmod`] before it counts as built.
//! 3. [`artifact::write_atomically`] writes the output directory beside the old one and swaps
//!    it in; only folders carrying qm's marker are ever replaced or tidied
//!    ([`artifact::tidy_interrupted`]), and no input is ever inside what is replaced.

pub mod artifact;
pub mod build;
pub mod disk_cache;
pub mod render_cache;
pub mod side_packs;
pub mod vasl_csv;
pub mod vassal;
