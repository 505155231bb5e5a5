//! Stage 5, render: the IR -> the bytes of every artifact, in memory. Counters, counter
//! sheets and vehicle charts ([`render`]), infantry counters ([`infantry`]), scenario cards
//! ([`scenario`]), the module's images ([`vassal`]); a maintainer's art made ready ([`art`]);
//! templates lay pages out ([`templates`]), with text measured and fitted by [`text`] and
//! [`fonts`]. Each piece has a [`cache_key`]; every result is an [`artifact::Artifact`].

pub mod art;
pub mod artifact;
pub mod cache_key;
pub mod fonts;
pub mod infantry;
pub mod memo;
pub mod render;
pub mod scenario;
pub mod svg_budget;
pub mod templates;
pub mod text;
pub mod vassal;
