//! The notes' wording of where and when -> concrete theaters and periods.

use qm_parser::{Area, PrintedPeriod, TheaterException, TheaterRef};
use qm_schema::{Period, TheaterId};

use crate::availability::model::Scope;
use crate::registry::NationTheaters;

/// The theaters the notes' names stand for: a group ("the ETO") its members the nation fought
/// in (see [`NationTheaters::expand_name`]); an unknown name nothing (reported elsewhere).
fn theaters(refs: &[TheaterRef], nation: &NationTheaters) -> Vec<TheaterId> {
    refs.iter()
        .flat_map(|r| nation.expand_name(&r.raw))
        .collect()
}

/// What "[EXC: ...]" excludes: each name's theaters and the theaters inside them (the
/// registry's `part_of`).
fn exceptions(except: &[TheaterException], nation: &NationTheaters) -> Vec<TheaterId> {
    except
        .iter()
        .flat_map(|e| nation.excluded(&e.theater.raw))
        .collect()
}

/// The theaters an area of the notes covers.
pub fn scope(area: &Area, nation: &NationTheaters) -> Scope {
    match area {
        Area::Anywhere => Scope::Allowed,
        Area::Theaters {
            theaters: t,
            except,
        } => {
            let ex = exceptions(except, nation);
            Scope::Theaters(
                theaters(t, nation)
                    .into_iter()
                    .filter(|t| !ex.contains(t))
                    .collect(),
            )
        }
        Area::AllBut { except } => {
            let ex = exceptions(except, nation);
            Scope::Theaters(
                nation
                    .theaters()
                    .iter()
                    .filter(|t| !ex.contains(t))
                    .cloned()
                    .collect(),
            )
        }
        Area::Elsewhere { except } => Scope::Elsewhere {
            except: exceptions(except, nation),
        },
    }
}

/// A printed period's value; `None` when it did not parse (the parser reported it).
pub fn period(p: &PrintedPeriod) -> Option<Period> {
    p.value.ok()
}
