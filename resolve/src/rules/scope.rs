//! The notes' wording of where and when -> concrete theaters and periods.

use qm_parser::{Area, PrintedPeriod, TheaterException, TheaterRef};
use qm_schema::{Period, Theater};

use crate::availability::model::Scope;

/// Expands a theater of the notes into concrete theaters ("the ETO" -> the European fronts).
pub fn expand(t: Theater) -> Vec<Theater> {
    match t {
        Theater::Eto => Theater::ETO.to_vec(),
        other => vec![other],
    }
}

fn theaters(refs: &[TheaterRef]) -> Vec<Theater> {
    refs.iter()
        .filter_map(|r| r.theater)
        .flat_map(expand)
        .collect()
}

fn exceptions(except: &[TheaterException]) -> Vec<Theater> {
    let mut out: Vec<Theater> = except
        .iter()
        .filter_map(|e| e.theater.theater)
        .flat_map(expand)
        .collect();
    // Excluding the Balkans excludes Yugoslavia, which lies in them.
    if out.contains(&Theater::Balkans) {
        out.push(Theater::Yugoslavia);
    }
    out
}

/// The theaters an area of the notes covers.
pub fn scope(area: &Area) -> Scope {
    match area {
        Area::Anywhere => Scope::Allowed,
        Area::Theaters {
            theaters: t,
            except,
        } => {
            let ex = exceptions(except);
            Scope::Theaters(
                theaters(t)
                    .into_iter()
                    .filter(|t| !ex.contains(t))
                    .collect(),
            )
        }
        Area::Elsewhere { except } => Scope::Elsewhere {
            except: exceptions(except),
        },
    }
}

/// A printed period's value; `None` when it did not parse (the parser reported it).
pub fn period(p: &PrintedPeriod) -> Option<Period> {
    p.value.ok()
}
