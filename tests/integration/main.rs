//! Integration tests, grouped in one binary (cargo runs test binaries one after another).

mod any_nation;
mod avail;
mod cli;
mod determinism;
mod hostile;
mod infantry;
mod ir;
mod legibility;
mod mg_columns;
mod nation_groups;
mod nations;
mod out_safety;
mod render;
mod scenario;
mod schema;
mod support;
mod vassal;
mod watch;
