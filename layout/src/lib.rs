//! What is measured and made ready before anything is drawn, below the compiler and the
//! renderer alike (the compiler's checks measure with it, the renderer draws with it).
//!
//! # Steps
//! 1. [`fonts`]: the embedded DejaVu faces and their metrics, the only fonts any artifact
//!    uses.
//! 2. [`text`]: a text fitted into its box at the largest size that fits, wrapped where it
//!    must; paragraphs wrapped to a width ([`text::wrap`]).
//! 3. [`card`]: the scenario card's view and page layout; [`card::card_scale`] is how much a
//!    card shrinks to fit its page, which `qm check` bounds.
//! 4. [`svg_budget`] and [`svg`]: SVG read back with only the embedded fonts and within the
//!    drawing budget.
//! 5. [`art`]: a nation's art folder matched to its vehicles and every picture decoded and made
//!    ready, so that `check` reports every picture a build would refuse.
//! 6. [`counter`]: a vehicle counter's sides laid out (every value measured and given a box,
//!    set smaller down to its floor, wrapped or laid out another way), and what does not fit
//!    at its floor, which `qm check` reports.
//! 7. [`geometry`]: a drawn counter side measured back (every text's ink against the frame,
//!    the other texts and the size circle), for the layout's tests and the corpus check.

pub mod art;
pub mod card;
pub mod counter;
pub mod fonts;
pub mod geometry;
pub mod svg;
pub mod svg_budget;
pub mod svg_page;
pub mod text;
