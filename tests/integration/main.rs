//! Integration tests, grouped in one binary (cargo runs test binaries one after another).

mod any_nation;
mod art;
mod avail;
mod cli;
mod colours;
mod counter_geometry;
mod determinism;
mod doc_claims;
mod infantry;
mod ir;
mod legibility;
mod listing_forms;
mod local_failure;
mod mg_columns;
mod module_files;
mod module_graph;
mod nation_groups;
mod nations;
mod ordnance;
mod render;
mod scenario;
mod schema;
mod support;
mod vasl_csv;
mod vassal;
mod watch;
