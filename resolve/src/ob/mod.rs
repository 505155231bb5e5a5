//! A nation's `ob.toml` -> the IR's infantry and national rules ([`qm_schema::Infantry`],
//! [`qm_schema::NationalRule`]); every bad value is a diagnostic into ob.toml.

mod file;
mod read;

pub use file::*;
pub use read::*;
