//! Infantry and national rules: `ob.toml` -> the IR ([`qm_schema::Infantry`],
//! [`qm_schema::NationalRule`]) and the infantry counters' SVG.

mod counter;
mod file;
mod resolve;

pub use counter::*;
pub use file::*;
pub use resolve::*;
