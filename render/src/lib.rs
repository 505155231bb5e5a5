//! Stage 5, render: the IR -> the bytes of every artifact, in memory. Counters, counter
//! sheets and vehicle charts ([`render`]), infantry counters ([`infantry`]), scenario cards
//! ([`scenario`]), the module's images ([`vassal`]); a maintainer's art made ready ([`art`]);
//! templates lay pages out ([`templates`]), with text measured and fitted by [`text`] and
//! [`fonts`]. Each piece has a [`cache_key`]; every result is an [`artifact::Artifact`].

pub mod art;
pub mod artifact;
pub mod budget;
pub mod cache_key;
pub mod fonts;
pub mod infantry;
pub mod memo;
pub mod render;
pub mod scenario;
pub mod template_filters;
pub mod templates;
pub mod text;
pub mod vassal;

/// The unit tests run with the render budget enforced, as the `qm` binary does.
#[cfg(test)]
#[global_allocator]
static TEST_ALLOCATOR: budget::Budgeted<std::alloc::System> = budget::Budgeted(std::alloc::System);
