//! Stage 6, package: every artifact of a compiled data directory made in memory ([`build`],
//! reusing a watch's earlier pieces through [`render_cache`]), the VASSAL module ([`vassal`]),
//! and the output directory written at once, where it can harm nothing ([`artifact`]).

pub mod artifact;
pub mod build;
pub mod render_cache;
pub mod vasl_csv;
pub mod vassal;
