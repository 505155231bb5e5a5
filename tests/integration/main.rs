//! Integration tests, grouped in one binary (cargo runs test binaries one after another).

mod cli;
mod schema;
mod support;
mod vassal;
