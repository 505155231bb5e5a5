//! The scenario card: its view and layout ([`card`]), the page as PDF and PNG and text wrapped
//! to the card's widths ([`package`]); the scenario itself is resolved and checked before.

pub mod card;
pub mod package;

pub use card::*;
pub use package::*;
