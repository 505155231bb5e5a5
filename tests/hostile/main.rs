//! The hostile-input suite (issue 12): every reproduction of an attack on `qm` run against the
//! binary under a wall-clock limit and, on Unix, a memory and CPU limit ([`run`]), so a
//! regression fails here instead of hanging, swapping or destroying files. One module per kind
//! of attack, named by the items; fixtures are made at test time in temporary
//! directories.

mod arguments;
mod art_budget;
mod bounded;
mod check_means_build;
mod contracts;
mod contradictions;
mod foreign_leftovers;
mod gpids;
mod module_check;
mod out_inputs;
mod out_safety;
mod run;
mod silent;
mod sizes;
mod templates;
mod terminal;
mod unicode_names;
mod vasl_csv;
