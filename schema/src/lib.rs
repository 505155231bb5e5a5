//! The Quartermaster IR: the one data model every artifact is rendered from.
//!
//! Every public type derives serde + schemars; the doc line of each field becomes its
//! description in the generated JSON Schema (`schema/json/nation.schema.json`). Values the
//! sources do not give stay `None`; nothing here is ever guessed.
//!
//! # Steps
//! 1. A nation is a [`Nation`]: its [`Vehicle`]s (listing values, [`Availability`] by
//!    theater and month, counter sides of [`CounterItem`]s), infantry, rules and what did not
//!    resolve; a scenario is a [`Scenario`].
//! 2. [`generated_nation_schema`] and [`generated_scenario_schema`] are the JSON Schemas of
//!    the IR, which `qm schema` writes and `schema/json/` commits ([`SCHEMA_FILES`]); a build
//!    validates against the committed ones, made for the validator
//!    ([`nation_validation_schemas`], [`SchemaValidator`]).
//! 3. [`Tape`] holds a serialized IR document in two flat buffers, so that validating every
//!    vehicle allocates nothing once the buffers have grown.

mod availability;
mod counter;
mod errata;
mod faction;
mod infantry;
mod month;
mod nation;
mod nationality;
mod notes;
mod ordnance;
mod ordnance_limbered;
mod ordnance_printed;
mod ordnance_values;
mod printed;
mod rarity;
mod scenario;
mod span;
pub mod superscript;
mod tape;
mod tape_json;
mod tape_ser;
#[cfg(test)]
mod tape_tests;
mod tenths;
mod theater;
mod validate;
mod validation_schema;
mod vasl;
mod vehicle;
mod vehicle_type;
mod vehicle_values;

pub use availability::*;
pub use counter::*;
pub use errata::*;
pub use faction::*;
pub use infantry::*;
pub use month::*;
pub use nation::*;
pub use nationality::*;
pub use notes::*;
pub use ordnance::*;
pub use ordnance_limbered::*;
pub use ordnance_values::*;
pub use printed::signed;
pub use rarity::*;
pub use scenario::*;
pub use span::*;
pub use tape::Tape;
pub use tape_json::{TapeContainer, TapeJson, TapeNode};
pub use tape_ser::TapeError;
pub use tenths::*;
pub use theater::*;
pub use validate::*;
pub use validation_schema::{
    for_validator, nation_validation_schemas, scenario_validation_schema, SCHEMA_FILES,
};
pub use vasl::*;
pub use vehicle::*;
pub use vehicle_type::*;
pub use vehicle_values::*;

/// Version of the IR layout; bumped whenever a change breaks readers of `out/<nation>.json`.
pub const SCHEMA_VERSION: u32 = 3;
