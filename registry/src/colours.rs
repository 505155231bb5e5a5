//! The counter colours of the nationalities: what each nation's counters, sheets and chart are
//! printed in, read from `colours.toml` (`data-src/registry/colours.toml`, or a data
//! directory's own) by [`crate::read_colours`]. A nation's `ob.toml` may give its own
//! (`[colours]`, the same keys); where it gives none, the nationality its name or VASL's
//! `nat=` codes name gives them, else the file's `[default]`.

use qm_parser::TextSpan;
use serde::Serialize;

use crate::names::name_key;

/// A colour as `#rrggbb` (lower case), the form SVG and CSS take.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Colour(String);

impl Colour {
    /// Reads `#rrggbb` (either case); anything else is `None`.
    pub fn parse(text: &str) -> Option<Colour> {
        let hex = text.strip_prefix('#')?;
        (hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Colour(format!("#{}", hex.to_ascii_lowercase())))
    }

    /// `#rrggbb`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The red, green and blue channels.
    fn channels(&self) -> [u8; 3] {
        let at = |i: usize| u8::from_str_radix(&self.0[i..i + 2], 16).unwrap_or(0);
        [at(1), at(3), at(5)]
    }

    /// The relative luminance (0 black to 1 white), as WCAG 2 defines it.
    pub fn luminance(&self) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = self.channels();
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// True for a light colour (relative luminance above one half): text in it needs a dark
    /// ground, and a white box needs dark text inside it.
    pub fn is_light(&self) -> bool {
        self.luminance() > 0.5
    }

    /// The contrast ratio of two colours, 1 to 21, as WCAG 2 defines it (4.5 is its minimum
    /// for text, 3 for large text).
    pub fn contrast(&self, other: &Colour) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// The colour darkened: each channel times `factor` (0 to 1), rounded.
    pub fn darkened(&self, factor: f64) -> Colour {
        let [r, g, b] = self.channels().map(|c| {
            // Within 0..=255 for a factor within 0..=1.
            (f64::from(c) * factor.clamp(0.0, 1.0)).round() as u8
        });
        Colour(format!("#{r:02x}{g:02x}{b:02x}"))
    }
}

/// How much darker a wreck side is than its front when the data gives only the front's
/// background (the Italian counters' back is about four fifths of their front).
pub const BACK_SHADE: f64 = 0.81;

/// The colours one counter is printed in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct CounterColours {
    /// The front's ground.
    pub background: Colour,
    /// The back's (the wreck side's) ground.
    pub back: Colour,
    /// The ground this nationality's colours show as when they are inset in another
    /// nation's counter (a captured or other-coloured piece); the background unless given.
    pub inner: Colour,
    /// The text and the frame.
    pub text: Colour,
}

/// Colours as a file gives them: each one optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColourSpec {
    /// `background`.
    pub background: Option<Colour>,
    /// `back`.
    pub back: Option<Colour>,
    /// `inner`.
    pub inner: Option<Colour>,
    /// `text`.
    pub text: Option<Colour>,
}

impl ColourSpec {
    /// True when no colour is given.
    pub fn is_empty(&self) -> bool {
        *self == ColourSpec::default()
    }

    /// The colours given, the rest taken from `base`: a background given without a back
    /// gets a back [`BACK_SHADE`] darker (not `base`'s, which goes with another front); the
    /// inner ground is the background unless given.
    pub fn over(&self, base: &CounterColours) -> CounterColours {
        let background = self.background.clone().unwrap_or(base.background.clone());
        let back = match (&self.back, &self.background) {
            (Some(b), _) => b.clone(),
            (None, Some(front)) => front.darkened(BACK_SHADE),
            (None, None) => base.back.clone(),
        };
        let inner = match (&self.inner, &self.background) {
            (Some(i), _) => i.clone(),
            (None, Some(front)) => front.clone(),
            (None, None) => base.inner.clone(),
        };
        CounterColours {
            background,
            back,
            inner,
            text: self.text.clone().unwrap_or(base.text.clone()),
        }
    }
}

/// One nationality of the registry.
#[derive(Debug, Clone, PartialEq)]
pub struct NationalityColours {
    /// Its name ("German"): a nation of that name, and a row marked "(German colored)",
    /// take these colours; a nation whose VASL rows name its codes takes the name.
    pub name: String,
    /// Other names it goes by ("Axis Minors").
    pub aliases: Vec<String>,
    /// VASL's nationality codes for it (`nat=ge`, `bkg=ge`, `cap=ge`).
    pub vasl: Vec<String>,
    /// Its colours, the file's `[default]` for those it does not give; `None` when the entry
    /// gives none (a name only).
    pub colours: Option<CounterColours>,
    /// Where the entry is.
    pub span: TextSpan,
}

/// The nationalities' counter colours and the colours of a nation none of them names.
#[derive(Debug, Clone, PartialEq)]
pub struct ColourRegistry {
    /// What a nation no entry names is printed in.
    pub default: CounterColours,
    /// The nationalities, in file order.
    pub nationalities: Vec<NationalityColours>,
}

impl Default for ColourRegistry {
    /// Black on white: only until a file is read (every data directory has one, built in).
    fn default() -> Self {
        let white = Colour("#ffffff".into());
        ColourRegistry {
            default: CounterColours {
                background: white.clone(),
                back: white.clone(),
                inner: white,
                text: Colour("#000000".into()),
            },
            nationalities: Vec::new(),
        }
    }
}

impl ColourRegistry {
    /// The nationality of VASL code `code` (`ge`), compared ignoring case.
    pub fn by_code(&self, code: &str) -> Option<&NationalityColours> {
        let code = code.trim();
        self.nationalities
            .iter()
            .find(|n| n.vasl.iter().any(|c| c.eq_ignore_ascii_case(code)))
    }

    /// The nationality named `name` or one of its aliases, ignoring case and spaces.
    pub fn by_name(&self, name: &str) -> Option<&NationalityColours> {
        let key = name_key(name);
        self.nationalities.iter().find(|n| {
            std::iter::once(&n.name)
                .chain(&n.aliases)
                .any(|a| name_key(a) == key)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_as_lower_case_hex_and_know_light_from_dark() {
        let c = Colour::parse("#C9CCA5").unwrap();
        assert_eq!(c.as_str(), "#c9cca5");
        for bad in [
            "c9cca5",
            "#c9cca",
            "#c9cca55",
            "#g9cca5",
            "",
            "#",
            "#c9cc\u{e9}",
        ] {
            assert_eq!(Colour::parse(bad), None, "{bad:?}");
        }
        assert!(c.is_light());
        assert!(!Colour::parse("#1a1a14").unwrap().is_light());
        assert!(Colour::parse("#f2f2ea").unwrap().is_light());
        assert!(!Colour::parse("#2f4f8f").unwrap().is_light());
        assert_eq!(c.darkened(0.5).as_str(), "#656653");
        assert_eq!(c.darkened(2.0), c);
        assert_eq!(c.darkened(0.0).as_str(), "#000000");
    }

    #[test]
    fn a_spec_fills_in_from_its_base_and_a_new_front_gets_its_own_back() {
        let base = ColourRegistry::default().default;
        let red = Colour::parse("#ff0000").unwrap();
        let spec = ColourSpec {
            background: Some(red.clone()),
            ..ColourSpec::default()
        };
        let c = spec.over(&base);
        assert_eq!(c.background, red);
        assert_eq!(c.back, red.darkened(BACK_SHADE));
        assert_eq!(c.inner, red);
        assert_eq!(c.text, base.text);
        assert_eq!(ColourSpec::default().over(&base), base);
        assert!(ColourSpec::default().is_empty());
        assert!(!spec.is_empty());
    }
}
