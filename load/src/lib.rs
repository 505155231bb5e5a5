//! Stage 1, load: every input of a run read once, within its caps — the data directory's
//! listings, notes, `ob.toml`, errata and registries ([`load`]), a nation's art folder
//! ([`load::art_folder`]), the VASSAL module's configuration and gpid registry ([`vassal`]),
//! the templates ([`templates`]) — with the checks every later stage relies on
//! ([`buildable`]) and the one printer of diagnostics ([`diagnostics`]).
//!
//! Files are read through [`input`] (regular files only, a size cap per kind); every text
//! read becomes a `Source` in the run's `SourceMap` (crate `qm_parser`), which the later stages
//! point into.

pub mod buildable;
pub mod diagnostics;
pub mod input;
pub mod load;
pub mod sizes;
pub mod template_depth;
pub mod templates;
pub mod vassal;
