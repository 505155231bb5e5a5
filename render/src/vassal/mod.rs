//! What the VASSAL module shows, drawn: the counter PNGs, overlays and the board
//! ([`images`]); the module itself is assembled by the exporter.

pub mod images;
