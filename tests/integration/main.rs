//! Integration tests, grouped in one binary (cargo runs test binaries one after another).

mod cli;
mod ir;
mod render;
mod schema;
mod support;
