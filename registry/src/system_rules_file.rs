//! Reading a `rules.toml` (game-system rules) into [`SystemRules`], after the theaters it
//! names are registered.

use qm_parser::{Diagnostic, FileId, SourceMap};
use qm_schema::{TheaterId, YearMonth};
use serde::Deserialize;
use toml::Spanned;

use super::system_rules::{Alliance, RedMpRule, SystemRules};
use super::theaters::{TheaterName, TheaterRegistry};
use super::vehicle_types::Silhouette;
use crate::month::parse_month;
use crate::spanned::{choice, is_rule_number, parse_lines, span_of, toml_diagnostic};

/// The shape of a `rules.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    #[serde(default)]
    red_mp: Vec<RedMpToml>,
}

/// `[[red_mp]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RedMpToml {
    rule: Spanned<String>,
    lines: Option<Spanned<String>>,
    alliance: Spanned<String>,
    theater: Spanned<String>,
    until: Spanned<String>,
    #[serde(default)]
    except: Vec<Spanned<String>>,
    card: Spanned<String>,
}

/// Adds the rules of `file`. An entry with a bad field (an unknown theater, alliance or class, a
/// month that does not read) is an error and is left out.
pub fn read_system_rules(
    rules: &mut SystemRules,
    theaters: &TheaterRegistry,
    map: &SourceMap,
    file: FileId,
    diags: &mut Vec<Diagnostic>,
) {
    let Some(src) = map.get(file) else { return };
    let parsed: RulesFile = match toml::from_str(&src.text) {
        Ok(f) => f,
        Err(e) => {
            diags.push(
                toml_diagnostic("registry::syntax", &src.name, file, &e).with_help(
                    "see data-src/registry/rules.toml for the format: [[red_mp]] rule, lines, alliance, theater, until, except, card",
                ),
            );
            return;
        }
    };
    for r in &parsed.red_mp {
        if let Some(rule) = red_mp(file, theaters, r, diags) {
            rules.red_mp.push(rule);
        }
    }
}

/// One `[[red_mp]]` entry, every field checked (each bad one reported).
fn red_mp(
    file: FileId,
    theaters: &TheaterRegistry,
    r: &RedMpToml,
    diags: &mut Vec<Diagnostic>,
) -> Option<RedMpRule> {
    let mut fields = Fields {
        file,
        diags,
        ok: true,
    };
    fields.rule_number(r);
    fields.lines(r);
    let theater = fields.theater(theaters, r);
    let until = fields.until(r);
    let ok = fields.ok;
    let alliance = choice(
        file,
        &r.alliance,
        &Alliance::NAMES,
        "registry::bad-rule",
        "alliance",
        diags,
    );
    let except: Vec<Option<Silhouette>> = r
        .except
        .iter()
        .map(|c| {
            choice(
                file,
                c,
                &Silhouette::NAMES,
                "registry::bad-class",
                "silhouette class",
                diags,
            )
        })
        .collect();
    if !ok || except.iter().any(Option::is_none) {
        return None;
    }
    Some(RedMpRule {
        rule: r.rule.get_ref().clone(),
        lines: r.lines.as_ref().map(|l| l.get_ref().clone()),
        alliance: alliance?,
        theater: theater?,
        until: until?,
        except: except.into_iter().flatten().collect(),
        card: r.card.get_ref().clone(),
        span: span_of(file, &r.rule),
    })
}

/// The checks of an entry's free-text fields, remembering whether any failed.
struct Fields<'d> {
    /// The file the entry is in.
    file: FileId,
    /// Where each bad field is reported.
    diags: &'d mut Vec<Diagnostic>,
    /// No field has failed so far.
    ok: bool,
}

impl Fields<'_> {
    /// Reports a bad field.
    fn bad(&mut self, v: &Spanned<String>, message: String, help: &str) {
        self.diags.push(
            Diagnostic::error("registry::bad-rule", message, span_of(self.file, v))
                .with_help(help.to_string()),
        );
        self.ok = false;
    }

    /// `rule`: a rule number as printed.
    fn rule_number(&mut self, r: &RedMpToml) {
        if !is_rule_number(r.rule.get_ref()) {
            self.bad(
                &r.rule,
                format!("failed to read `{}` as a rule number", r.rule.get_ref()),
                "a rule number as printed: digits with dotted parts (\"178\", \"194.2\")",
            );
        }
    }

    /// `lines`, when given: lines of the publication.
    fn lines(&mut self, r: &RedMpToml) {
        if let Some(l) = r
            .lines
            .as_ref()
            .filter(|l| parse_lines(l.get_ref()).is_none())
        {
            self.bad(
                l,
                format!("failed to read `{}` as publication lines", l.get_ref()),
                "a line or a range of the publication: \"105\" or \"780-782\"",
            );
        }
    }

    /// `theater`: a theater of the registry (not a group of them).
    fn theater(&mut self, theaters: &TheaterRegistry, r: &RedMpToml) -> Option<TheaterId> {
        if let Some(TheaterName::Theater(t)) = theaters.lookup(r.theater.get_ref()) {
            return Some(t.id.clone());
        }
        let near = theaters.suggest(r.theater.get_ref());
        let help = match near.first() {
            Some(n) => format!("did you mean `{n}`? (one theater of registry/theaters.toml; its parts are included)"),
            None => "one theater of registry/theaters.toml; its parts are included".into(),
        };
        self.bad(
            &r.theater,
            format!("failed to find the theater `{}`", r.theater.get_ref()),
            &help,
        );
        None
    }

    /// `until`: a month.
    fn until(&mut self, r: &RedMpToml) -> Option<YearMonth> {
        let until = parse_month(r.until.get_ref());
        if until.is_none() {
            self.bad(
                &r.until,
                format!("failed to read `{}` as a month", r.until.get_ref()),
                "the first month the rule no longer applies in: \"10/41\"",
            );
        }
        until
    }
}
