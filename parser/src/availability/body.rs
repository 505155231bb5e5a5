//! What a clause form yields: the statement, the vehicles named inside it, misprints, and
//! whether a lead-in must still give its period. Shared by every module of clause forms.

use super::grammar_error::{Ctx, Res};
use super::syntax::{AvailabilityClause, ClauseKind, MisprintAt, VehicleRef};

/// What a clause body yields, besides the text it consumed.
pub(crate) struct Body {
    /// The statement.
    pub(crate) kind: ClauseKind,
    /// Vehicles named inside the body ("The optional AAMG of the Autocannone da 65/17").
    pub(crate) vehicles: Vec<VehicleRef>,
    /// Clause-level misprints.
    pub(crate) typos: Vec<MisprintAt>,
    /// True when the form left out its period ("availability is limited to ..."): a lead-in
    /// ("In 1945, ...") must give it, or the sentence does not read.
    pub(crate) needs_period: bool,
    /// True when only a lead-in may give that period ("the RF drops to 1.1" says when only
    /// after "From 1943 onward,"): never the whole DATES.
    pub(crate) lead_in_only: bool,
    /// Clauses the same sentence states after this one ("As the X, but not before 7/43 and
    /// .2 higher": the limit read inside the copy's sentence), in the order they apply.
    pub(crate) also: Vec<AvailabilityClause>,
}

impl From<ClauseKind> for Body {
    fn from(kind: ClauseKind) -> Self {
        Self {
            kind,
            vehicles: Vec::new(),
            typos: Vec::new(),
            needs_period: false,
            lead_in_only: false,
            also: Vec::new(),
        }
    }
}

/// A clause-body grammar.
pub(crate) type BodyFn = for<'a> fn(&Ctx<'a>, &'a str) -> Res<'a, Body>;
