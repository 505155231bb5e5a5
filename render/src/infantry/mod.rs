//! Infantry counters: the IR's infantry units ([`qm_schema::Infantry`], read from `ob.toml` by
//! [`qm_resolve::ob`]) -> SVG and PNG images and their artifacts.

mod counter;

pub use counter::*;
