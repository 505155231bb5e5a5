//! Stage 1, load: every input of a run read once, within its caps, with the checks every later
//! stage relies on and the one printer of diagnostics.
//!
//! # Steps
//! 1. [`data_dir::load`] walks the data directory: nations found by their folders
//!    (`data_dir::discover`), each nation's listing, notes, `ob.toml` and errata read through
//!    [`input`] (regular files only, a size cap per kind, [`input::InputLimits`]) and corrected
//!    by its accepted errata; registries read (`data_dir::registry`); the result is a
//!    [`data_dir::Loaded`], whose `SourceMap` (crate `qm_parser`) every later stage points into.
//! 2. A nation's art folder is read by [`data_dir::art_folder`]; the VASSAL module's configuration
//!    and gpid registry once, as bytes, by [`module_files::files`] (into
//!    [`data_dir::Loaded::module_files`]), then read as [`module_files::config`] and [`module_files::gpids`]
//!    by whoever needs them. Templates are read, and guarded, by `qm_render::templates`.
//! 3. [`characters`] finds, in every file read, the characters no SVG or XML can hold
//!    ([`characters::non_xml_character`]).
//! 4. [`diagnostics`] prints every diagnostic (human, with the source line and a caret, or
//!    JSON).

pub mod characters;
pub mod data_dir;
pub mod diagnostics;
pub mod input;
pub mod module_files;
pub mod nation_input;
