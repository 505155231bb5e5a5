//! Reading `colours.toml` into a [`ColourRegistry`]: each bad colour, and each name or VASL
//! code given twice, is a diagnostic at its place.

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use serde::Deserialize;
use toml::Spanned;

use crate::colours::{Colour, ColourRegistry, ColourSpec, CounterColours, NationalityColours};
use crate::names::name_key;
use crate::spanned::{span_of, toml_diagnostic};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ColoursFile {
    default: DefaultToml,
    #[serde(default)]
    nationality: Vec<NationalityToml>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefaultToml {
    background: Spanned<String>,
    back: Spanned<String>,
    inner: Option<Spanned<String>>,
    text: Spanned<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NationalityToml {
    name: Spanned<String>,
    #[serde(default)]
    aliases: Vec<Spanned<String>>,
    #[serde(default)]
    vasl: Vec<Spanned<String>>,
    background: Option<Spanned<String>>,
    back: Option<Spanned<String>>,
    inner: Option<Spanned<String>>,
    text: Option<Spanned<String>>,
}

/// The four colour keys a registry entry and `ob.toml`'s `[colours]` share.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecToml {
    /// `background`.
    pub background: Option<Spanned<String>>,
    /// `back`.
    pub back: Option<Spanned<String>>,
    /// `inner`.
    pub inner: Option<Spanned<String>>,
    /// `text`.
    pub text: Option<Spanned<String>>,
}

impl SpecToml {
    /// The colours given, each checked: one that is not `#rrggbb` is an error at its place
    /// (`code`) and left out.
    pub fn read(
        &self,
        file: FileId,
        code: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> ColourSpec {
        let mut one =
            |v: &Option<Spanned<String>>| v.as_ref().and_then(|v| colour(file, v, code, diags));
        ColourSpec {
            background: one(&self.background),
            back: one(&self.back),
            inner: one(&self.inner),
            text: one(&self.text),
        }
    }
}

/// A colour value, or an error at it.
fn colour(
    file: FileId,
    v: &Spanned<String>,
    code: &'static str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Colour> {
    let c = Colour::parse(v.get_ref());
    if c.is_none() {
        diags.push(
            Diagnostic::error(
                code,
                format!("failed to read the colour `{}`", v.get_ref()),
                span_of(file, v),
            )
            .with_label("not a colour")
            .with_help("write a colour as \"#rrggbb\" (six hex digits), e.g. \"#c9cca5\""),
        );
    }
    c
}

/// Reads the counter colours of `file` into `registry` (replacing what it held). A bad
/// colour is an error and leaves that colour to the default; a name, alias or VASL code
/// another entry already has is an error and the entry is left out.
pub fn read_colours(
    registry: &mut ColourRegistry,
    map: &SourceMap,
    file: FileId,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = map.get(file) else { return };
    let parsed: ColoursFile = match toml::from_str(&src.text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(toml_diagnostic("registry::syntax", &src.name, file, &e).with_help(
                "see data-src/registry/colours.toml for the format: [default] background, back, text; [[nationality]] name, aliases, vasl, background, back, inner, text",
            ));
            return;
        }
    };
    const CODE: &str = "registry::bad-colour";
    let d = &parsed.default;
    let fallback = ColourRegistry::default().default;
    let background = colour(file, &d.background, CODE, diags).unwrap_or(fallback.background);
    let default = CounterColours {
        back: colour(file, &d.back, CODE, diags).unwrap_or(fallback.back),
        inner: d
            .inner
            .as_ref()
            .and_then(|i| colour(file, i, CODE, diags))
            .unwrap_or(background.clone()),
        text: colour(file, &d.text, CODE, diags).unwrap_or(fallback.text),
        background,
    };
    registry.default = default;
    registry.nationalities.clear();
    for mut n in parsed.nationality {
        let spec = SpecToml {
            background: n.background.take(),
            back: n.back.take(),
            inner: n.inner.take(),
            text: n.text.take(),
        }
        .read(file, CODE, diags);
        if let Some(taken) = taken(registry, &n, file) {
            diags.push(taken);
            continue;
        }
        registry.nationalities.push(NationalityColours {
            name: n.name.get_ref().clone(),
            aliases: n.aliases.iter().map(|a| a.get_ref().clone()).collect(),
            vasl: n
                .vasl
                .iter()
                .map(|c| c.get_ref().trim().to_string())
                .collect(),
            colours: (!spec.is_empty()).then(|| spec.over(&registry.default)),
            span: TextSpan::new(file, n.name.span()),
        });
    }
}

/// The error for an entry whose name, an alias or a code an earlier entry (or itself)
/// already has.
fn taken(registry: &ColourRegistry, n: &NationalityToml, file: FileId) -> Option<Diagnostic> {
    let mut names: Vec<&Spanned<String>> = Vec::new();
    for name in std::iter::once(&n.name).chain(&n.aliases) {
        let clash = registry
            .by_name(name.get_ref())
            .map(|o| o.name.clone())
            .or_else(|| {
                names
                    .iter()
                    .any(|o| name_key(o.get_ref()) == name_key(name.get_ref()))
                    .then(|| n.name.get_ref().clone())
            });
        if let Some(other) = clash {
            return Some(duplicate(file, name, "name", &other));
        }
        names.push(name);
    }
    let mut codes: Vec<&str> = Vec::new();
    for code in &n.vasl {
        let c = code.get_ref().trim();
        let clash = registry.by_code(c).map(|o| o.name.clone()).or_else(|| {
            codes
                .iter()
                .any(|o| o.eq_ignore_ascii_case(c))
                .then(|| n.name.get_ref().clone())
        });
        if let Some(other) = clash {
            return Some(duplicate(file, code, "VASL code", &other));
        }
        codes.push(c);
    }
    None
}

fn duplicate(file: FileId, v: &Spanned<String>, what: &str, other: &str) -> Diagnostic {
    Diagnostic::error(
        "registry::duplicate-nationality",
        format!(
            "failed to add the nationality {what} `{}` (the nationality `{other}` has it already)",
            v.get_ref()
        ),
        span_of(file, v),
    )
    .with_help("give each name, alias and VASL code to one nationality")
}
