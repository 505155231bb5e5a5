//! The limbered side as VASL's `limbered` column asks for it: `no_fire` draws no armament
//! (the name, the M#, the word: what VASL's generator keeps); `key=value` entries give the
//! value of their place, over the listing's limbered-firing bracket where both give one
//! (`$$` is the front's value; an empty `rof=`/`ife=` draws none). A place neither gives is
//! not drawn, as for the bracket alone; without a bracket the front's values are the start,
//! as in VASL's generator. A star before a value (VASL's note mark) is drawn as
//! the listing's dagger, after it; a six-lobed star after a caliber is its `*`.

use qm_schema::{
    CounterItem, CounterItemKind as K, FrontOr, LimberedBreakdown, LimberedCaliber, LimberedItem,
    LimberedOverride, Ordnance, Runs,
};

use super::{limbered_item, manhandling};
use crate::counter_text::{item, plain};
use qm_schema::signed;

/// The values of the limbered side, place by place, in the front's order.
#[derive(Default)]
struct Places {
    rof: Option<CounterItem>,
    ife: Option<CounterItem>,
    caliber: Option<CounterItem>,
    breakdown: Option<CounterItem>,
    range: Option<CounterItem>,
    codes: Vec<String>,
    manhandling: Option<CounterItem>,
    size: Option<CounterItem>,
}

/// `no_fire`: the name and the front's M#.
pub(super) fn no_fire(gun: &Ordnance) -> Vec<CounterItem> {
    let mut out = vec![item(K::Name, None, plain(gun.name.clone()))];
    out.extend(manhandling(gun));
    out
}

/// The name and the values of the bracket's `items` and VASL's `entries`, the entries' first;
/// where the gun has no bracket, over the values of its `front` (its codes and ammunition
/// stay on the front).
pub(super) fn overridden(
    gun: &Ordnance,
    front: &[CounterItem],
    items: &[LimberedItem],
    entries: &[LimberedOverride],
) -> Vec<CounterItem> {
    let mut p = Places::default();
    for it in front {
        if matches!(
            it.kind,
            K::Rof | K::Ife | K::Caliber | K::Breakdown | K::Range | K::Manhandling | K::Size
        ) {
            *p.slot(it.kind) = Some(it.clone());
        }
    }
    for i in items {
        match i {
            LimberedItem::Code { code } => p.codes.push(code.clone()),
            other => {
                if let Some(it) = limbered_item(other) {
                    let kind = it.kind;
                    *p.slot(kind) = Some(it);
                }
            }
        }
    }
    for e in entries {
        p.apply(gun, e);
    }
    let mut out = vec![item(K::Name, None, plain(gun.name.clone()))];
    out.extend(
        [p.rof, p.ife, p.caliber, p.breakdown, p.range]
            .into_iter()
            .flatten(),
    );
    if !p.codes.is_empty() {
        out.push(item(K::Special, None, plain(p.codes.join(" "))));
    }
    out.extend([p.manhandling, p.size].into_iter().flatten());
    out
}

impl Places {
    /// The place of a value of `kind` (the bracket and the front give no other kinds here).
    fn slot(&mut self, kind: K) -> &mut Option<CounterItem> {
        match kind {
            K::Rof => &mut self.rof,
            K::Ife => &mut self.ife,
            K::Caliber => &mut self.caliber,
            K::Breakdown => &mut self.breakdown,
            K::Manhandling => &mut self.manhandling,
            K::Range => &mut self.range,
            _ => &mut self.size,
        }
    }

    fn apply(&mut self, gun: &Ordnance, e: &LimberedOverride) {
        match e {
            LimberedOverride::Caliber { caliber } => self.caliber = caliber_runs(gun, caliber),
            LimberedOverride::Breakdown { breakdown } => {
                self.breakdown = Some(item(K::Breakdown, None, breakdown_runs(breakdown)));
            }
            LimberedOverride::Rof { rof } => {
                self.rof = rof.map(|r| item(K::Rof, None, plain(r.to_string())));
            }
            LimberedOverride::Ife { ife } => {
                self.ife = ife.map(|i| item(K::Ife, None, plain(format!("({i})"))));
            }
            LimberedOverride::Range { range } => {
                let text = range.range.text();
                let text = if range.bracketed {
                    format!("[{text}]")
                } else {
                    text
                };
                self.range = Some(item(K::Range, None, plain(text)));
            }
            LimberedOverride::Manhandling { manhandling } => {
                self.manhandling = Some(CounterItem {
                    red: manhandling.bold,
                    ..item(K::Manhandling, None, plain(manhandling.number.to_string()))
                });
            }
            LimberedOverride::Size { size } => {
                self.size = Some(item(K::Size, None, plain(signed(*size))));
            }
            LimberedOverride::Mount { code } => self.code(code),
            LimberedOverride::GunType { code } => self.code(code.as_str()),
        }
    }

    fn code(&mut self, code: &str) {
        if !self.codes.iter().any(|c| c == code) {
            self.codes.push(code.to_owned());
        }
    }
}

/// `ma=`: the front's caliber for `$$` (none when the front has none), its `*`, the dagger
/// for a note mark.
fn caliber_runs(gun: &Ordnance, c: &LimberedCaliber) -> Option<CounterItem> {
    let mut caliber = match &c.caliber {
        FrontOr::Front => gun.caliber.as_ref()?.value.clone()?,
        FrontOr::Given { value } => value.clone(),
    };
    caliber.star |= c.star;
    let mut runs = caliber.runs();
    if c.note.is_some() {
        runs.plain("†");
    }
    Some(item(K::Caliber, None, runs))
}

/// `mb=`: `B11`, low ammunition `B(10)`, its superscript raised, the dagger for a note mark.
fn breakdown_runs(b: &LimberedBreakdown) -> Runs {
    let mut runs = Runs::default();
    if b.low_ammo {
        runs.plain(&format!("B({})", b.number));
    } else {
        runs.plain(&format!("B{}", b.number));
    }
    if let Some(sup) = &b.superscript {
        runs.raised(sup);
    }
    if b.note.is_some() {
        runs.plain("†");
    }
    runs
}
