//! Integration tests, grouped in one binary (cargo runs test binaries one after another).

mod cli;
mod infantry;
mod ir;
mod scenario;
mod schema;
mod support;
mod vassal;
