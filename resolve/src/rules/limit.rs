//! A limit clause ("Only the Free French may use it", "Not available in Russia after 6/42",
//! "No longer used after 5/43") -> the resolver's [`Limit`] rule, its names still as the note
//! words them: the nation's factions and theaters say what they name
//! ([`crate::limit_names`]).

use qm_parser::{EntryWhen, Limit as LimitClause, LimitSense, OwnRf, TextSpan};

use super::scope::period;
use crate::availability::model::{Limit, LimitName, Rule, When};

/// The rule of a limit clause; `None` when its period did not parse (the parser reported it).
pub fn limit_rule(l: &LimitClause, span: &TextSpan) -> Option<Rule> {
    let months = months_of(l.when.as_ref())?;
    let names = names_of(&l.names);
    Some(Rule::Limit(Limit {
        only: l.sense == LimitSense::Only,
        names,
        months,
        span: span.clone(),
    }))
}

/// The months a clause's `when` gives: `Some(None)` for none (whenever the vehicle serves),
/// `None` when its period did not parse (the parser reported it).
fn months_of(when: Option<&EntryWhen>) -> Option<Option<When>> {
    Some(match when {
        None => None,
        Some(EntryWhen::Period(p)) => Some(When::Period(period(p)?)),
        Some(EntryWhen::From(p)) => Some(When::From(period(p)?.from)),
        Some(EntryWhen::Until(p)) => Some(When::Until(period(p)?.to)),
        Some(EntryWhen::Thereafter(_)) => Some(When::Thereafter),
    })
}

/// The rule of an own-RF clause ("In the Brask Isles its RF is .1 higher"): its names as a
/// limit's, kept to what they name; `None` when its period did not parse.
pub fn own_rf_rule(o: &OwnRf, span: &TextSpan) -> Option<Rule> {
    let names = names_of(&o.names);
    let delta = o.delta.value.0 as i32;
    Some(Rule::OwnRf {
        scope: Limit {
            only: true,
            names,
            months: months_of(o.when.as_ref())?,
            span: span.clone(),
        },
        delta: if o.lower { -delta } else { delta },
        max: o.max.as_ref().map(|m| m.value),
        set: o.set,
    })
}

/// A clause's names as the rule keeps them, not yet named.
fn names_of(names: &[qm_parser::LimitName]) -> Vec<LimitName> {
    names
        .iter()
        .map(|n| LimitName {
            words: n.raw.clone(),
            span: n.span.clone(),
            kind: n.kind,
            named: None,
        })
        .collect()
}
