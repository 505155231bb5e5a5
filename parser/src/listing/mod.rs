//! The vehicle listing: a tab-separated table with two header lines per block.

mod syntax;

pub use syntax::*;
