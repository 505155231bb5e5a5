//! `ob.toml` -> the IR's infantry and national rules, every bad value a diagnostic into ob.toml.

use qm_parser::{Diagnostic, FileId, SourceMap};
use qm_schema::{
    Faction, Infantry, InfantryClass, InfantryKind, InfantryUnit, NationalRule, Nationality,
    PublicationRef, Replacement, ReplacementEvent, RuleConcern, RuleEffect, RulesSystem,
    SquadRating, TheaterId,
};
use toml::Spanned;

use super::file::{
    ClassEntry, FactionEntry, InfantryEntry, NationalRuleEntry, NationalityEntry, ObFile,
    ReplacementEntry,
};
use crate::names::{did_you_mean, name_key, slug, vehicle_id};
use crate::registry::{ColourSpec, TheaterName, TheaterRegistry};
use crate::spanned::{choice, is_rule_number, parse_lines, span_of, toml_diagnostic};

/// The national part of one nation, read from its `ob.toml`. A nation without the file has
/// none of it: not Axis, no infantry, no national rules (so no radio default).
#[derive(Debug, Default)]
pub struct NationalData {
    /// `[nation] name`, when given.
    pub name: Option<String>,
    /// `[colours]`: the nation's counter colours, each checked (none when not given).
    pub colours: ColourSpec,
    /// `[nation] axis` (rule 178); false when the file does not say so.
    pub axis: bool,
    /// `[nation] publication`.
    pub publication: Option<String>,
    /// `[nation] theaters`, looked up in the registry (`None`: not given).
    pub theaters: Option<Vec<TheaterId>>,
    /// The infantry.
    pub infantry: Infantry,
    /// The national rules.
    pub national_rules: Vec<NationalRule>,
    /// The factions some vehicles are restricted to.
    pub factions: Vec<Faction>,
    /// The nationalities the nation's rules cover (a group's members).
    pub nationalities: Vec<Nationality>,
    /// Everything wrong with the file.
    pub diagnostics: Vec<Diagnostic>,
}

const KINDS: &[(&str, InfantryKind)] = &[
    ("squad", InfantryKind::Squad),
    ("half_squad", InfantryKind::HalfSquad),
    ("crew", InfantryKind::Crew),
];
const EVENTS: &[(&str, ReplacementEvent)] = &[
    ("elr_failure", ReplacementEvent::ElrFailure),
    ("battle_hardening", ReplacementEvent::BattleHardening),
];
const SYSTEMS: &[(&str, RulesSystem)] = &[("GIA", RulesSystem::Gia), ("COD", RulesSystem::Cod)];
const CONCERNS: &[(&str, RuleConcern)] = &[
    ("ordnance", RuleConcern::Ordnance),
    ("infantry", RuleConcern::Infantry),
    ("afv", RuleConcern::Afv),
];
const EFFECTS: &[(&str, RuleEffect)] = &[("afv_radio", RuleEffect::AfvRadio)];

impl NationalData {
    /// True when a national rule gives every AFV a radio unless the listing marks it ®.
    pub fn afv_radio(&self) -> bool {
        self.national_rules
            .iter()
            .any(|r| r.effect == Some(RuleEffect::AfvRadio))
    }
}

/// Reads and checks a nation's `ob.toml`. A file that is not valid TOML (or has unknown keys)
/// yields one diagnostic and empty data; a bad value drops only its entry. Theater names are
/// looked up in `registry`.
pub fn resolve_ob(map: &SourceMap, file: FileId, registry: &TheaterRegistry) -> NationalData {
    let mut data = NationalData::default();
    let Some(src) = map.get(file) else {
        return data;
    };
    let ob: ObFile = match toml::from_str(&src.text) {
        Ok(ob) => ob,
        Err(e) => {
            // load already reported a syntax error while reading the name; a shape error
            // (unknown key, wrong type) is reported here.
            if toml::from_str::<toml::Table>(&src.text).is_ok() {
                data.diagnostics
                    .push(toml_diagnostic("ob::shape", "ob.toml", file, &e));
            }
            return data;
        }
    };
    let mut r = Reader {
        map,
        file,
        diags: Vec::new(),
    };
    data.name = ob.nation.name.clone();
    if let Some(c) = &ob.colours {
        data.colours = c.read(file, "ob::bad-colour", &mut r.diags);
    }
    data.axis = ob.nation.axis;
    data.publication = ob.nation.publication.clone();
    data.theaters = ob
        .nation
        .theaters
        .as_ref()
        .map(|names| r.theaters(names, registry));
    for e in &ob.classes {
        if let Some(c) = r.class(e, &data.infantry.classes) {
            data.infantry.classes.push(c);
        }
    }
    for e in &ob.infantry {
        if let Some(u) = r.unit(e, &data.infantry.classes) {
            if data.infantry.units.iter().any(|o| o.id == u.id) {
                r.diags.push(
                    Diagnostic::error(
                        "ob::duplicate-unit",
                        format!("failed to add infantry `{}` (the id is used twice)", u.id),
                        span_of(file, e.id.as_ref().unwrap_or(&e.name)),
                    )
                    .with_label("second entry with this id")
                    .with_help("give one of them a different `id`"),
                );
                continue;
            }
            data.infantry.units.push(u);
        }
    }
    for e in &ob.replacement {
        if let Some(rep) = r.replacement(e, &data.infantry.units) {
            data.infantry.replacements.push(rep);
        }
    }
    for e in &ob.national_rule {
        if let Some(rule) = r.national_rule(e, &data.national_rules) {
            data.national_rules.push(rule);
        }
    }
    for e in &ob.faction {
        if let Some(f) = r.faction(e, &data.factions) {
            data.factions.push(f);
        }
    }
    for e in &ob.nationality {
        if let Some(n) = r.nationality(e, &data.nationalities) {
            data.nationalities.push(n);
        }
    }
    data.diagnostics.extend(r.diags);
    data
}

struct Reader<'a> {
    map: &'a SourceMap,
    file: FileId,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    /// `[nation] theaters`: each name's theater (a group: all its members); an unknown name
    /// or "any" is an error and counts for nothing.
    fn theaters(
        &mut self,
        names: &[Spanned<String>],
        registry: &TheaterRegistry,
    ) -> Vec<TheaterId> {
        let mut out = Vec::new();
        for n in names {
            match registry.lookup(n.get_ref()) {
                Some(TheaterName::Theater(t)) => out.push(t.id.clone()),
                Some(TheaterName::Group(g)) => out.extend(g.members.iter().cloned()),
                Some(TheaterName::Any) => self.diags.push(
                    Diagnostic::error(
                        "ob::bad-theater",
                        format!(
                            "failed to use `{}` as one of the nation's theaters",
                            n.get_ref()
                        ),
                        span_of(self.file, n),
                    )
                    .with_label("not a theater")
                    .with_help("list the theaters the nation fought in by name"),
                ),
                None => {
                    let mut d = Diagnostic::error(
                        "ob::unknown-theater",
                        format!(
                            "failed to find the theater `{}` in the registry",
                            n.get_ref()
                        ),
                        span_of(self.file, n),
                    )
                    .with_label("no such theater");
                    if let Some(best) = registry.suggest(n.get_ref()).first() {
                        d = d.with_help(format!("did you mean `{best}`?"));
                    } else {
                        d = d.with_help("add it to the nation's theaters.toml");
                    }
                    self.diags.push(d);
                }
            }
        }
        out
    }

    fn provenance<T>(&self, v: &Spanned<T>) -> qm_schema::Span {
        self.map.provenance(&span_of(self.file, v))
    }

    fn source(
        &mut self,
        rule: &Spanned<String>,
        lines: &Spanned<String>,
    ) -> Option<PublicationRef> {
        let mut ok = true;
        if !is_rule_number(rule.get_ref()) {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-rule",
                    format!("failed to read the rule number `{}`", rule.get_ref()),
                    span_of(self.file, rule),
                )
                .with_label("not a rule number")
                .with_help("write it as printed, e.g. \"197.21\""),
            );
            ok = false;
        }
        let parsed = parse_lines(lines.get_ref());
        if parsed.is_none() {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-lines",
                    format!("failed to read the publication lines `{}`", lines.get_ref()),
                    span_of(self.file, lines),
                )
                .with_label("expected a line or an ascending range")
                .with_help("write \"802\" or \"780-782\" (1-based, first <= last)"),
            );
        }
        let (line_from, line_to) = parsed?;
        ok.then(|| PublicationRef {
            rule: rule.get_ref().clone(),
            line_from,
            line_to,
        })
    }

    fn rating(&mut self, v: &Spanned<String>, what: &str) -> Option<SquadRating> {
        let r = SquadRating::parse(v.get_ref());
        if r.is_none() {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-rating",
                    format!("failed to read the {what} `{}`", v.get_ref()),
                    span_of(self.file, v),
                )
                .with_label("expected firepower-range-morale")
                .with_help("write it as printed on the counter, e.g. \"4-4-7\"; leave it out when the publication does not give it"),
            );
        }
        r
    }

    fn system(&mut self, v: &Option<Spanned<String>>) -> Result<Option<RulesSystem>, ()> {
        match v {
            None => Ok(None),
            Some(s) => choice(
                self.file,
                s,
                SYSTEMS,
                "ob::bad-value",
                "rules system",
                &mut self.diags,
            )
            .map(Some)
            .ok_or(()),
        }
    }

    /// An id as ids are written: lower-case letters and digits joined by `-` or `_`.
    fn id(&mut self, id: &Spanned<String>) -> Option<String> {
        let text = id.get_ref();
        let ok = !text.is_empty()
            && text.split(['-', '_']).all(|p| {
                !p.is_empty()
                    && p.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            });
        if !ok {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-id",
                    format!("failed to use `{text}` as an id"),
                    span_of(self.file, id),
                )
                .with_label("ids are lower-case letters and digits joined by `-` or `_`")
                .with_help(format!("write \"{}\"", slug(text).replace('-', "_"))),
            );
        }
        ok.then(|| text.clone())
    }

    /// A second entry with an id already used.
    fn duplicate(&mut self, what: &str, id: &Spanned<String>) {
        self.diags.push(
            Diagnostic::error(
                "ob::duplicate-id",
                format!(
                    "failed to add {what} `{}` (the id is used twice)",
                    id.get_ref()
                ),
                span_of(self.file, id),
            )
            .with_label("second entry with this id")
            .with_help("give one of them a different `id`"),
        );
    }

    fn class(&mut self, e: &ClassEntry, known: &[InfantryClass]) -> Option<InfantryClass> {
        let source = self.source(&e.rule, &e.lines);
        let id = self.id(&e.id)?;
        if known.iter().any(|c| c.id == id) {
            self.duplicate("class", &e.id);
            return None;
        }
        Some(InfantryClass {
            id,
            name: e.name.clone(),
            source: source?,
            span: self.provenance(&e.id),
        })
    }

    /// The id of a declared class, or an error naming the declared ones.
    fn class_ref(&mut self, v: &Spanned<String>, classes: &[InfantryClass]) -> Option<String> {
        if classes.iter().any(|c| c.id == *v.get_ref()) {
            return Some(v.get_ref().clone());
        }
        let ids: Vec<&str> = classes.iter().map(|c| c.id.as_str()).collect();
        let mut d = Diagnostic::error(
            "ob::unknown-class",
            format!(
                "failed to find infantry class `{}` (no [[class]] entry with this id was read)",
                v.get_ref()
            ),
            span_of(self.file, v),
        )
        .with_label("unknown class")
        .with_note(if ids.is_empty() {
            "the file declares no [[class]]".to_string()
        } else {
            format!("declared: {}", ids.join(", "))
        });
        d = match did_you_mean(v.get_ref(), ids.iter().copied()).first() {
            Some(best) => d.with_help(format!("did you mean `{best}`?")),
            None => d.with_help("declare the class with [[class]] (id, name, rule, lines)"),
        };
        self.diags.push(d);
        None
    }

    fn unit(&mut self, e: &InfantryEntry, classes: &[InfantryClass]) -> Option<InfantryUnit> {
        let file = self.file;
        let source = self.source(&e.rule, &e.lines);
        let kind = e.kind.as_ref().map(|k| {
            choice(
                file,
                k,
                KINDS,
                "ob::bad-value",
                "infantry kind",
                &mut self.diags,
            )
            .ok_or(())
        });
        let class = e
            .class
            .as_ref()
            .map(|c| self.class_ref(c, classes).ok_or(()));
        let rating = e
            .rating
            .as_ref()
            .map(|r| self.rating(r, "rating").ok_or(()));
        let broken_rating = e
            .broken_rating
            .as_ref()
            .map(|r| self.rating(r, "broken rating").ok_or(()));
        if self.broken_rating_without_side(e) {
            return None;
        }
        let id = self.unit_id(e)?;
        Some(InfantryUnit {
            id,
            name: e.name.get_ref().clone(),
            kind: kind.transpose().ok()?,
            class: class.transpose().ok()?,
            rating: rating.transpose().ok()?,
            has_broken_side: e.broken_side.as_ref().map(|b| *b.get_ref()),
            broken_rating: broken_rating.transpose().ok()?,
            represents: e.represents.clone(),
            rules: e.rules.clone(),
            ssr_only: e.ssr_only,
            source: source?,
            span: self.provenance(&e.name),
        })
    }

    /// A broken rating given to a unit that has no broken side: an error (true when found).
    fn broken_rating_without_side(&mut self, e: &InfantryEntry) -> bool {
        let (Some(b), Some(r)) = (&e.broken_side, &e.broken_rating) else {
            return false;
        };
        if *b.get_ref() {
            return false;
        }
        self.diags.push(
            Diagnostic::error(
                "ob::contradiction",
                format!(
                    "failed to read `{}` (a broken rating for a unit with no broken side)",
                    e.name.get_ref()
                ),
                span_of(self.file, r),
            )
            .with_label("no broken side, yet a broken rating")
            .with_help("remove `broken_rating` or set `broken_side = true`"),
        );
        true
    }

    /// The unit's id: as given (when it is a slug), else made from its name.
    fn unit_id(&mut self, e: &InfantryEntry) -> Option<String> {
        let file = self.file;
        let id = match &e.id {
            Some(id) if slug(id.get_ref()) == *id.get_ref() => id.get_ref().clone(),
            Some(id) => {
                self.diags.push(
                    Diagnostic::error(
                        "ob::bad-id",
                        format!("failed to use `{}` as an id", id.get_ref()),
                        span_of(file, id),
                    )
                    .with_label("ids are lower-case letters and digits joined by hyphens")
                    .with_help(format!("write \"{}\"", slug(id.get_ref()))),
                );
                return None;
            }
            None => vehicle_id(e.name.get_ref()),
        };
        // The id names the unit's image files and module entry: it must be there and short.
        if id.is_empty() || id.len() > 120 {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-id",
                    format!(
                        "failed to make an id for infantry {:?} (it needs 1 to 120 letters, digits and hyphens)",
                        e.name.get_ref().chars().take(40).collect::<String>()
                    ),
                    span_of(file, e.id.as_ref().unwrap_or(&e.name)),
                )
                .with_help("give the unit a short `id`, e.g. id = \"first-line\""),
            );
            return None;
        }
        Some(id)
    }

    fn replacement(&mut self, e: &ReplacementEntry, units: &[InfantryUnit]) -> Option<Replacement> {
        let file = self.file;
        let source = self.source(&e.rule, &e.lines);
        let event = choice(
            file,
            &e.event,
            EVENTS,
            "ob::bad-value",
            "replacement event",
            &mut self.diags,
        );
        let system = self.system(&e.system);
        let known = |v: &Spanned<String>, diags: &mut Vec<Diagnostic>| {
            if units.iter().any(|u| u.id == *v.get_ref()) {
                return true;
            }
            let mut d = Diagnostic::error(
                "ob::unknown-unit",
                format!(
                    "failed to find infantry `{}` (no [[infantry]] entry with this id was read)",
                    v.get_ref()
                ),
                span_of(file, v),
            )
            .with_label("unknown infantry id");
            if let Some(best) =
                did_you_mean(v.get_ref(), units.iter().map(|u| u.id.as_str())).first()
            {
                d = d.with_help(format!("did you mean `{best}`?"));
            }
            diags.push(d);
            false
        };
        let from_ok = known(&e.from, &mut self.diags);
        let to_ok = known(&e.to, &mut self.diags);
        if !(from_ok && to_ok) {
            return None;
        }
        Some(Replacement {
            event: event?,
            from: e.from.get_ref().clone(),
            to: e.to.get_ref().clone(),
            system: system.ok()?,
            source: source?,
            span: self.provenance(&e.from),
        })
    }

    fn faction(&mut self, e: &FactionEntry, known: &[Faction]) -> Option<Faction> {
        let id = self.id(&e.id);
        if id
            .as_ref()
            .is_some_and(|id| known.iter().any(|f| f.id == *id))
        {
            self.duplicate("faction", &e.id);
            return None;
        }
        let rule_ok = match &e.rule {
            Some(rule) if !is_rule_number(rule.get_ref()) => {
                self.diags.push(
                    Diagnostic::error(
                        "ob::bad-rule",
                        format!("failed to read the rule number `{}`", rule.get_ref()),
                        span_of(self.file, rule),
                    )
                    .with_label("not a rule number")
                    .with_help("write it as printed, e.g. \"197.21\", or leave `rule` out"),
                );
                false
            }
            _ => true,
        };
        let lines = parse_lines(e.lines.get_ref());
        if lines.is_none() {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-lines",
                    format!(
                        "failed to read the publication lines `{}`",
                        e.lines.get_ref()
                    ),
                    span_of(self.file, &e.lines),
                )
                .with_label("expected a line or an ascending range")
                .with_help("write \"802\" or \"780-782\" (1-based, first <= last)"),
            );
        }
        // The words are what the notes print; a faction without any could never be named.
        let words: Vec<String> = e
            .words
            .get_ref()
            .iter()
            .map(|w| w.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|w| !w.is_empty())
            .collect();
        if words.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    "ob::no-words",
                    format!(
                        "failed to read faction `{}` (no words the notes use for it)",
                        e.id.get_ref()
                    ),
                    span_of(self.file, &e.words),
                )
                .with_label("empty")
                .with_help(
                    "list the words X of the notes' \"X use only\" and \"is limited to X only\"",
                ),
            );
            return None;
        }
        let (line_from, line_to) = lines?;
        if !rule_ok {
            return None;
        }
        Some(Faction {
            id: id?,
            name: e.name.clone(),
            words,
            rule: e.rule.as_ref().map(|r| r.get_ref().clone()),
            line_from,
            line_to,
            span: self.provenance(&e.id),
        })
    }

    fn national_rule(
        &mut self,
        e: &NationalRuleEntry,
        known: &[NationalRule],
    ) -> Option<NationalRule> {
        let file = self.file;
        let source = self.source(&e.rule, &e.lines);
        let id = self.id(&e.id);
        if id
            .as_ref()
            .is_some_and(|id| known.iter().any(|r| r.id == *id))
        {
            self.duplicate("national rule", &e.id);
            return None;
        }
        let system = self.system(&e.system);
        let concerns = e.concerns.as_ref().map(|c| {
            choice(
                file,
                c,
                CONCERNS,
                "ob::bad-value",
                "rule concern",
                &mut self.diags,
            )
            .ok_or(())
        });
        let effect = e.effect.as_ref().map(|x| {
            choice(
                file,
                x,
                EFFECTS,
                "ob::bad-value",
                "rule effect",
                &mut self.diags,
            )
            .ok_or(())
        });
        Some(NationalRule {
            id: id?,
            title: e.title.clone(),
            text: e.text.clone(),
            except: e
                .except
                .as_ref()
                .map(|x| x.get_ref().clone())
                .unwrap_or_default(),
            system: system.ok()?,
            concerns: concerns.transpose().ok()?,
            effect: effect.transpose().ok()?,
            source: source?,
            span: self.provenance(&e.id),
        })
    }

    /// A nationality of the group: its id and name each used once (a scenario side names it
    /// by either, so a name may not repeat in another spelling either).
    fn nationality(&mut self, e: &NationalityEntry, known: &[Nationality]) -> Option<Nationality> {
        let source = self.source(&e.rule, &e.lines);
        let id = self.id(&e.id);
        if id
            .as_ref()
            .is_some_and(|id| known.iter().any(|n| n.id == *id))
        {
            self.duplicate("nationality", &e.id);
            return None;
        }
        let name = e
            .name
            .get_ref()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if name.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    "ob::bad-value",
                    "failed to read a nationality without a name",
                    span_of(self.file, &e.name),
                )
                .with_label("empty")
                .with_help("write the name as the publication prints it, e.g. \"Rumanian\""),
            );
            return None;
        }
        if known.iter().any(|n| name_key(&n.name) == name_key(&name)) {
            self.diags.push(
                Diagnostic::error(
                    "ob::duplicate-name",
                    format!("failed to add nationality `{name}` (the name is used twice)"),
                    span_of(self.file, &e.name),
                )
                .with_label("second nationality with this name")
                .with_help("scenario sides name a nationality by its name: give each its own"),
            );
            return None;
        }
        Some(Nationality {
            id: id?,
            name,
            rules: e.rules.clone(),
            source: source?,
            span: self.provenance(&e.id),
        })
    }
}
