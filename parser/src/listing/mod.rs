//! The vehicle listing: a tab-separated table with two header lines per block.

mod parse;
mod syntax;

pub use parse::*;
pub use syntax::*;
