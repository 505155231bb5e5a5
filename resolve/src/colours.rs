//! Which colours a nation's counters are printed in, and each piece's: the nation's own
//! (`ob.toml` `[colours]`), else its nationality's in the colour registry (by the nation's
//! name, else by the VASL code most of its rows name), else the registry's default; a row of
//! another nationality (VASL's `nat=`) in that one's; a row marked as another nation's colours
//! (VASL's `bkg=`, a name ending "(American colored)") or as captured (`cap=`) with that
//! nation's colours inset in its own. The nation's name is taken from the same nationality
//! when `ob.toml` gives none.

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use qm_registry::{Colour, ColourRegistry, ColourSpec, CounterColours, NationalityColours};
use qm_schema::{Nation, Vehicle};
use serde::Serialize;

/// A nation's counter colours, as resolved.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NationColours {
    /// The colours of its counters and chart.
    pub colours: CounterColours,
    /// The VASL nationality code most of its rows name (`ge`), when they name one: a row of
    /// another code is printed in that nationality's colours.
    pub code: Option<String>,
}

/// The VASL nationality code (`nat=`) most of `vehicles` name; on a tie, the one named
/// first.
pub fn main_vasl_code(vehicles: &[Vehicle]) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for code in vehicles.iter().filter_map(vasl_code) {
        match counts
            .iter_mut()
            .find(|(c, _)| c.eq_ignore_ascii_case(code))
        {
            Some((_, n)) => *n += 1,
            None => counts.push((code, 1)),
        }
    }
    // `max_by_key` keeps the last of equal keys: the reversed order keeps the first.
    counts
        .into_iter()
        .rev()
        .max_by_key(|(_, n)| *n)
        .map(|(c, _)| c.to_string())
}

/// A vehicle's VASL nationality code (`nat=`), when its row gives one.
fn vasl_code(v: &Vehicle) -> Option<&str> {
    v.vasl
        .as_ref()?
        .override_value("nat")
        .filter(|c| !c.is_empty())
}

/// The colours of a nation named `name` whose rows mostly name VASL code `code`, with the
/// colours its `ob.toml` gives (`spec`) over those of its nationality (else the default).
pub fn nation_colours(
    registry: &ColourRegistry,
    spec: &ColourSpec,
    name: &str,
    code: Option<String>,
) -> NationColours {
    let by_name = registry.by_name(name).and_then(|n| n.colours.as_ref());
    let by_code = || {
        code.as_deref()
            .and_then(|c| registry.by_code(c))
            .and_then(|n| n.colours.as_ref())
    };
    let base = by_name.or_else(by_code).unwrap_or(&registry.default);
    NationColours {
        colours: spec.over(base),
        code,
    }
}

/// The name of a nation whose `ob.toml` gives none: its nationality's, by VASL code `code`.
pub fn nationality_name(registry: &ColourRegistry, code: Option<&str>) -> Option<String> {
    code.and_then(|c| registry.by_code(c))
        .map(|n| n.name.clone())
}

/// What a counter side is printed in, for the templates.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PieceColours {
    /// The front's ground.
    pub background: Colour,
    /// The back's ground.
    pub back: Colour,
    /// The text and the frame: the inset nationality's when there is one.
    pub text: Colour,
    /// True when the text is light (a white box, as the ROF's, then needs dark text).
    pub light_text: bool,
    /// Another nation's colours inset in the piece's own, for a captured or other-coloured
    /// piece.
    pub inset: Option<Inset>,
}

/// Another nation's colours inset in a counter.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Inset {
    /// That nationality's name ("American").
    pub nationality: String,
    /// The front's inset ground (its `inner` colour).
    pub background: Colour,
    /// The back's inset ground.
    pub back: Colour,
}

/// Every nation's colours, and the registry a piece's own marks are looked up in.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    registry: Arc<ColourRegistry>,
    nations: BTreeMap<String, NationColours>,
}

impl Default for Palette {
    /// The built-in colour registry, no nation: every counter in the default colours.
    fn default() -> Self {
        static BUILT_IN: OnceLock<Arc<ColourRegistry>> = OnceLock::new();
        let registry = BUILT_IN.get_or_init(|| {
            Arc::new(
                qm_load::data_dir::built_in_registries()
                    .map(|r| r.colours)
                    .unwrap_or_default(),
            )
        });
        Palette {
            registry: registry.clone(),
            nations: BTreeMap::new(),
        }
    }
}

impl Palette {
    /// A palette of `registry`'s colours, no nation yet.
    pub fn new(registry: &ColourRegistry) -> Self {
        Palette {
            registry: Arc::new(registry.clone()),
            nations: BTreeMap::new(),
        }
    }

    /// Sets nation `id`'s colours.
    pub fn insert(&mut self, id: &str, colours: NationColours) {
        self.nations.insert(id.to_string(), colours);
    }

    /// Nation `id`'s colours (the default for a nation the palette does not hold).
    pub fn nation(&self, id: &str) -> &CounterColours {
        self.nations
            .get(id)
            .map_or(&self.registry.default, |n| &n.colours)
    }

    /// What `vehicle`'s counter is printed in: its nation's colours, or those of the
    /// nationality its row names when that is another; with another nation's colours inset
    /// when the row is marked as in that nation's colours or as captured.
    pub fn piece(&self, nation: &Nation, vehicle: &Vehicle) -> PieceColours {
        let own_code = self.nations.get(&nation.id).and_then(|n| n.code.as_deref());
        let own = vasl_code(vehicle)
            .filter(|c| own_code.is_none_or(|o| !o.eq_ignore_ascii_case(c)))
            .and_then(|c| self.registry.by_code(c))
            .and_then(|n| n.colours.as_ref())
            .unwrap_or(self.nation(&nation.id));
        let inset = self
            .marked(vehicle)
            .and_then(|n| Some((n, n.colours.as_ref()?)))
            .filter(|(_, c)| c.inner != own.background);
        let text = inset.map_or(&own.text, |(_, c)| &c.text).clone();
        PieceColours {
            background: own.background.clone(),
            back: own.back.clone(),
            light_text: text.is_light(),
            text,
            inset: inset.map(|(n, c)| Inset {
                nationality: n.name.clone(),
                background: c.inner.clone(),
                back: c.back.clone(),
            }),
        }
    }

    /// What a gun's counter is printed in: its nation's colours (an ordnance row names no
    /// other nationality).
    pub fn gun(&self, nation: &Nation) -> PieceColours {
        let own = self.nation(&nation.id);
        PieceColours {
            background: own.background.clone(),
            back: own.back.clone(),
            light_text: own.text.is_light(),
            text: own.text.clone(),
            inset: None,
        }
    }

    /// The nationality a row is marked as printed in or captured by: VASL's `bkg=` or `cap=`,
    /// else its name's "(<nationality> colored)".
    fn marked(&self, vehicle: &Vehicle) -> Option<&NationalityColours> {
        let vasl = vehicle.vasl.as_ref();
        let code = ["bkg", "cap"].iter().find_map(|k| {
            vasl.and_then(|r| r.override_value(k))
                .filter(|c| !c.is_empty())
        });
        match code {
            Some(c) => self.registry.by_code(c),
            None => coloured_as(&vehicle.name).and_then(|n| self.registry.by_name(n)),
        }
    }
}

/// The nationality a name says the piece is printed in: "H39 (British colored)" -> "British"
/// (also "coloured", "color", "colour"; case ignored).
pub fn coloured_as(name: &str) -> Option<&str> {
    let open = name.rfind('(')?;
    let inside = name[open + 1..].trim_end().strip_suffix(')')?.trim_end();
    let lower = inside.to_ascii_lowercase();
    ["colored", "coloured", "color", "colour"]
        .iter()
        .find(|w| lower.ends_with(&format!(" {w}")))
        .map(|w| inside[..inside.len() - w.len()].trim())
        .filter(|n| !n.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_says_which_nations_colours_the_piece_is_printed_in() {
        assert_eq!(coloured_as("H39 (British colored)"), Some("British"));
        assert_eq!(coloured_as("R35(L) (American colored)"), Some("American"));
        assert_eq!(
            coloured_as("M3A1 Scout Car(a) (British color)"),
            Some("British")
        );
        assert_eq!(
            coloured_as("X (Free French Coloured) "),
            Some("Free French")
        );
        for none in [
            "H39",
            "H39 (colored)",
            "M3(a) (Yugoslavian)",
            "L3 (b",
            "discolored)",
        ] {
            assert_eq!(coloured_as(none), None, "{none:?}");
        }
    }
}
