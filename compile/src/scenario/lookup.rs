//! A scenario file -> its [`Scenario`]: every name looked up in the side's nation,
//! every vehicle checked against its availability, every bad value a diagnostic pointing into
//! the scenario file.

use std::collections::BTreeMap;

use qm_parser::{Diagnostic, FileId, SourceMap, TextSpan};
use qm_registry::spanned::{choice, span_of, toml_diagnostic};
use qm_registry::{NationRegistries, NationTheaters, Registries, TheaterName};
use qm_schema::{
    CardNote, CardNoteKind, InfantryUnit, Nation, Nationality, Ordnance, RuleConcern, Scenario,
    ScenarioSide, ScenarioUnit, TheaterId, UnitKind, Vehicle, Weapon, YearMonth, SCHEMA_VERSION,
};
use toml::Spanned;

use super::check::{data_span, month_in_data, unit_availability, vehicle_notes, Listed, Setting};
use super::file::{ScenarioFile, SideEntry, UnitEntry};
use super::gun::{fill_gun, gun_notes};
use super::nationality::{side_nation_id, side_nationality, with_suggestions};
use crate::nations::nation_theaters;
use qm_layout::card::{card_scale, MIN_CARD_SCALE};
use qm_load::data_dir::Loaded;
use qm_registry::names::{did_you_mean, name_key, slug};
use qm_registry::names::{shorten, too_long};
use qm_resolve::query::{find_gun, find_vehicle, parse_month};

/// One scenario file read and looked up: the scenario (`None` when a required value is unreadable) and
/// every diagnostic about it.
#[derive(Debug)]
pub struct LookedUpScenario {
    /// The scenario.
    pub scenario: Option<Scenario>,
    /// Everything found wrong, unsorted.
    pub diagnostics: Vec<Diagnostic>,
}

/// The most game turns a scenario may have (the turn track is printed on one line).
pub const MAX_TURNS: u8 = 30;

const KINDS: &[(&str, UnitKind)] = &[
    ("vehicle", UnitKind::Vehicle),
    ("infantry", UnitKind::Infantry),
    ("gun", UnitKind::Gun),
    ("leader", UnitKind::Leader),
    ("support_weapon", UnitKind::SupportWeapon),
    ("other", UnitKind::Other),
];

/// Reads, resolves and checks one scenario file against the compiled nations and the
/// theaters each fought in (by nation id); names are read with the loaded registries.
pub fn look_up_scenario(
    loaded: &Loaded,
    file: FileId,
    nations: &[Nation],
    theaters: &BTreeMap<String, Vec<TheaterId>>,
) -> LookedUpScenario {
    let map = &loaded.sources;
    let mut diags = Vec::new();
    let Some(src) = map.get(file) else {
        return LookedUpScenario {
            scenario: None,
            diagnostics: diags,
        };
    };
    let sf: ScenarioFile = match toml::from_str(&src.text) {
        Ok(s) => s,
        Err(e) => {
            diags.push(
                toml_diagnostic("scenario::syntax", "the scenario", file, &e)
                    .with_help("see docs/scenarios.md for the format"),
            );
            return LookedUpScenario {
                scenario: None,
                diagnostics: diags,
            };
        }
    };
    // A side naming only its nationality belongs to the nation holding it.
    let registries =
        loaded.registries_for(sf.side.iter().filter_map(|s| side_nation_id(s, nations)));
    let mut r = Lookup {
        map,
        loaded,
        theaters,
        registries,
        file,
        nations,
        diags,
    };
    let mut scenario = r.scenario(&sf, &src.name);
    // Measured only when nothing else is wrong: a name too long to print would be reported
    // twice.
    let clean = !r.diags.iter().any(Diagnostic::is_error);
    let full = scenario.as_ref().filter(|_| clean);
    if let Some(d) = full.and_then(|s| card_too_full(s, file, &sf)) {
        r.diags.push(d);
        scenario = None;
    }
    LookedUpScenario {
        scenario,
        diagnostics: r.diags,
    }
}

/// The build lays the card out on one page, shrinking what does not fit: a scenario holding
/// more than [`MIN_CARD_SCALE`] lets it show is refused here rather than drawn illegibly (or
/// past the templates' budget) by the build.
fn card_too_full(s: &Scenario, file: FileId, sf: &ScenarioFile) -> Option<Diagnostic> {
    let scale = card_scale(s);
    if scale >= MIN_CARD_SCALE {
        return None;
    }
    Some(
        Diagnostic::error(
            "scenario::card-too-full",
            format!(
                "failed to lay out the card of `{}` (its content is {:.1} pages long; a card is one page, holding at most {} at reduced size)",
                shorten(&s.id),
                1.0 / scale,
                1.0 / MIN_CARD_SCALE
            ),
            span_of(file, &sf.id),
        )
        .with_label("this scenario's card")
        .with_note(format!(
            "{} special rules, {} units, victory conditions of {} characters",
            s.ssrs.len(),
            s.sides.iter().map(|x| x.units.len()).sum::<usize>(),
            s.victory.chars().count()
        ))
        .with_help("shorten the special rules, the victory conditions, the aftermath or the OB"),
    )
}

struct Lookup<'a> {
    map: &'a SourceMap,
    loaded: &'a Loaded,
    /// The theaters each nation fought in.
    theaters: &'a BTreeMap<String, Vec<TheaterId>>,
    /// The registries the scenario's theater is read with.
    registries: &'a Registries,
    file: FileId,
    nations: &'a [Nation],
    diags: Vec<Diagnostic>,
}

/// What a unit name names in the side's nation.
enum Found<'a> {
    Vehicle(&'a Vehicle),
    /// A gun of the nation's ordnance listing.
    Gun(&'a Ordnance),
    Infantry(&'a InfantryUnit),
    /// Not in the data (a free list, or a kind the data does not cover).
    Free(UnitKind),
}

impl<'a> Lookup<'a> {
    fn scenario(&mut self, sf: &ScenarioFile, source: &str) -> Option<Scenario> {
        let id = self.id(&sf.id);
        let month = parse_month(sf.date.get_ref());
        if month.is_none() {
            self.diags.push(
                Diagnostic::error(
                    "scenario::bad-date",
                    format!("failed to read the date `{}`", sf.date.get_ref()),
                    span_of(self.file, &sf.date),
                )
                .with_label("expected a month")
                .with_help("write the month as `12/40` or `1940-12`"),
            );
        }
        let theater = self.theater(&sf.theater);
        let turns = *sf.turns.get_ref();
        if !(1..=MAX_TURNS).contains(&turns) {
            self.diags.push(
                Diagnostic::error(
                    "scenario::bad-turns",
                    format!("failed to use {turns} game turns (1 to {MAX_TURNS} are allowed)"),
                    span_of(self.file, &sf.turns),
                )
                .with_label("out of range"),
            );
        }
        if sf.side.is_empty() {
            self.diags.push(
                Diagnostic::error(
                    "scenario::no-sides",
                    "failed to find any side (`[[side]]`) in the scenario",
                    span_of(self.file, &sf.id),
                )
                .with_help("add a `[[side]]` table with a `name` and `units` for each side"),
            );
        }
        self.one_line_texts(sf);
        let place = theater.zip(month);
        let sides: Vec<ScenarioSide> = sf
            .side
            .iter()
            .map(|s| self.side(s, place.as_ref(), sf.desert_vp, turns))
            .collect();
        let (theater, date) = place?;
        Some(Scenario {
            schema_version: SCHEMA_VERSION,
            id: id?,
            title: sf.title.get_ref().clone(),
            date,
            theater,
            location: sf.location.get_ref().clone(),
            boards: sf.boards.iter().map(|b| b.get_ref().clone()).collect(),
            turns,
            desert_vp: sf.desert_vp,
            sides,
            ssrs: sf.ssr.clone(),
            victory: sf.victory.clone(),
            aftermath: sf.aftermath.clone(),
            notes: scenario_notes(sf.desert_vp),
            source: source.to_string(),
        })
    }

    /// The texts the card prints on one line each, unwrapped (the title, the place, the
    /// boards, the side and unit names) are at most [`MAX_NAME`] characters: the card would
    /// not show more, and the PDF writer lays a text run out in time quadratic in its length.
    fn one_line_texts(&mut self, sf: &ScenarioFile) {
        let mut texts: Vec<(&str, &Spanned<String>)> =
            vec![("title", &sf.title), ("location", &sf.location)];
        for side in &sf.side {
            texts.push(("side name", &side.name));
            texts.extend(side.units.iter().map(|u| ("unit name", &u.name)));
        }
        for (what, text) in texts {
            self.at_most_one_line(what, text.get_ref(), span_of(self.file, text));
        }
        let boards: Vec<&str> = sf.boards.iter().map(|b| b.get_ref().as_str()).collect();
        if let Some(first) = sf.boards.first() {
            self.at_most_one_line(
                "list of boards",
                &boards.join(", "),
                span_of(self.file, first),
            );
        }
    }

    fn at_most_one_line(&mut self, what: &str, text: &str, span: TextSpan) {
        let Some(message) = too_long("use", what, text) else {
            return;
        };
        self.diags.push(
            Diagnostic::error("scenario::too-long", message, span)
                .with_label("the card prints this on one line")
                .with_help(format!("shorten the {what}")),
        );
    }

    /// The scenario's theater, by any name or alias of the registry; a group or an unknown
    /// name is an error (a scenario is set in one theater).
    fn theater(&mut self, name: &Spanned<String>) -> Option<TheaterId> {
        let registry = &self.registries.theaters;
        let d = match registry.lookup(name.get_ref()) {
            Some(TheaterName::Theater(t)) => return Some(t.id.clone()),
            Some(TheaterName::Any) => return Some(TheaterId::any()),
            Some(TheaterName::Group(g)) => Diagnostic::error(
                "scenario::bad-theater",
                format!(
                    "failed to set the scenario in `{}` (a group of theaters: {})",
                    name.get_ref(),
                    g.members
                        .iter()
                        .map(|m| registry.name(m))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                span_of(self.file, name),
            )
            .with_label("a group, not one theater")
            .with_help("name the one theater the scenario is set in"),
            None => {
                let d = Diagnostic::error(
                    "scenario::bad-theater",
                    format!("failed to read the theater `{}`", name.get_ref()),
                    span_of(self.file, name),
                )
                .with_label("unknown theater")
                .with_note(format!("theaters: {}", registry.names().join(", ")));
                with_suggestions(d, &registry.suggest(name.get_ref()))
            }
        };
        self.diags.push(d);
        None
    }

    fn id(&mut self, id: &Spanned<String>) -> Option<String> {
        let want = slug(id.get_ref());
        // The id names out/scenarios/<id>.json|html|pdf: an empty one or one past what file
        // systems take would fail the build late.
        if want == *id.get_ref() && (want.is_empty() || want.len() > crate::printable::MAX_ID) {
            self.diags.push(
                Diagnostic::error(
                    "scenario::bad-id",
                    format!(
                        "failed to use `{}` as a scenario id (it must be 1 to {} characters)",
                        shorten(id.get_ref()),
                        crate::printable::MAX_ID
                    ),
                    span_of(self.file, id),
                )
                .with_label("ids name the scenario's output files")
                .with_help("use a short id, e.g. the title's first words"),
            );
            return None;
        }
        if want == *id.get_ref() {
            return Some(want);
        }
        self.diags.push(
            Diagnostic::error(
                "scenario::bad-id",
                format!("failed to use `{}` as a scenario id", id.get_ref()),
                span_of(self.file, id),
            )
            .with_label("ids are lower-case letters and digits joined by hyphens")
            .with_help(format!("write \"{want}\"")),
        );
        None
    }

    fn nation(&mut self, side: &SideEntry) -> Option<&'a Nation> {
        let n = side.nation.as_ref()?;
        let nations = self.nations;
        if let Some(found) = nations.iter().find(|x| x.id == *n.get_ref()) {
            return Some(found);
        }
        let id = n.get_ref();
        // A folder that is there but could not be read (reported at load) is no unknown id.
        let plain = !id.is_empty() && !id.starts_with('.') && !id.contains(['/', '\\']);
        if plain && self.loaded.data_dir.join(id).is_dir() {
            self.diags.push(
                Diagnostic::error(
                    "scenario::unknown-nation",
                    format!("failed to use the nation `{id}` (its data could not be read)"),
                    span_of(self.file, n),
                )
                .with_label("its data folder is there, unreadable")
                .with_help(format!("fix what qm reports about reading {id}/ first")),
            );
            return None;
        }
        let mut d = Diagnostic::error(
            "scenario::unknown-nation",
            format!("failed to find the nation `{id}` in the data"),
            span_of(self.file, n),
        )
        .with_label("no data folder has this id")
        .with_note(format!(
            "nations with data: {}",
            nations
                .iter()
                .map(|x| x.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
        let close = did_you_mean(id, nations.iter().map(|x| x.id.as_str()));
        d = if close.is_empty() {
            d.with_help("leave `nation` out to give the side as a free list")
        } else {
            with_suggestions(d, &close)
        };
        self.diags.push(d);
        None
    }

    /// The side's faction: an id the nation's data declares (`ob.toml` `[[faction]]`).
    fn faction(&mut self, side: &SideEntry, nation: Option<&Nation>) -> Option<String> {
        let f = side.faction.as_ref()?;
        let declared: Vec<&str> = nation
            .map(|n| n.factions.iter().map(|x| x.id.as_str()).collect())
            .unwrap_or_default();
        if declared.contains(&f.get_ref().as_str()) {
            return Some(f.get_ref().clone());
        }
        let mut d = Diagnostic::error(
            "scenario::unknown-faction",
            format!("failed to find the faction `{}`", f.get_ref()),
            span_of(self.file, f),
        );
        d = match nation {
            // A faction belongs to a nation's data; a free list has none (a missing nation is
            // reported already).
            None => d
                .with_label("a side without `nation` has no factions")
                .with_help("add the side's `nation`, or remove `faction`"),
            Some(n) => {
                let d = d
                    .with_label(format!("not a faction of {}", n.id))
                    .with_note(if declared.is_empty() {
                        format!("{} declares no [[faction]] in its ob.toml", n.id)
                    } else {
                        format!("factions of {}: {}", n.id, declared.join(", "))
                    });
                let close = did_you_mean(f.get_ref(), declared.iter().copied());
                if close.is_empty() {
                    d.with_help("remove `faction`, or declare the faction in the nation's ob.toml")
                } else {
                    with_suggestions(d, &close)
                }
            }
        };
        self.diags.push(d);
        None
    }

    fn side(
        &mut self,
        s: &SideEntry,
        place: Option<&(TheaterId, YearMonth)>,
        desert_vp: bool,
        turns: u8,
    ) -> ScenarioSide {
        let nation = self.nation(s);
        let (nation, nationality) = side_nationality(self.file, s, nation, self.nations)
            .unwrap_or_else(|d| {
                self.diags.push(*d);
                (nation, None)
            });
        let faction = self.faction(s, nation);
        // Each side is checked with its own nation's theaters (and registry).
        let (theaters, types) = match nation {
            Some(n) => (
                nation_theaters(self.loaded, self.theaters, &n.id),
                &self.loaded.registries_of(&n.id).types,
            ),
            None => (
                NationTheaters::new(&self.registries.theaters, Vec::new()),
                &self.registries.types,
            ),
        };
        let mut setting = place.map(|(theater, month)| Setting {
            theater,
            month: *month,
            theaters: &theaters,
            types,
            rules: &self.registries.rules,
        });
        if let (Some(n), Some(at)) = (nation, setting) {
            if self.outside_data(s, n, at.month) {
                // One error for the side, not one per vehicle.
                setting = None;
            }
        }
        let units: Vec<ScenarioUnit> = s
            .units
            .iter()
            .filter_map(|u| self.unit(u, nation, faction.as_deref(), setting, turns))
            .collect();
        let dvp_total = if desert_vp { dvp_total(&units) } else { None };
        let notes = match (nation, setting) {
            (Some(n), Some(at)) => side_notes(n, nationality, at, &units),
            _ => Vec::new(),
        };
        ScenarioSide {
            name: s.name.get_ref().clone(),
            nation: nation.map(|n| n.id.clone()),
            nationality: nationality.map(|x| x.id.clone()),
            faction,
            moves_first: s.moves_first,
            setup: s.setup.clone(),
            entry: s.entry.clone(),
            units,
            dvp_total,
            notes,
        }
    }

    /// True (with an error) when the scenario's month is outside every period of a nation
    /// that lists vehicles.
    fn outside_data(&mut self, s: &SideEntry, n: &Nation, month: YearMonth) -> bool {
        if (n.vehicles.is_empty() && n.ordnance.is_empty()) || month_in_data(n, month) {
            return false;
        }
        // A nation with guns says so; one without words it as it always did.
        let (whose, what) = if n.ordnance.is_empty() {
            ("vehicles'", "vehicle")
        } else {
            ("vehicles' and guns'", "vehicle or gun")
        };
        let span = data_span(n).map_or(String::new(), |p| format!(": its {whose} DATES run {p}"));
        self.diags.push(
            Diagnostic::error(
                "scenario::date-outside-data",
                format!(
                    "failed to field the {} side in {} (outside every period of the {} data{span})",
                    s.name.get_ref(),
                    month,
                    n.id
                ),
                span_of(
                    self.file,
                    s.nation
                        .as_ref()
                        .or(s.nationality.as_ref())
                        .unwrap_or(&s.name),
                ),
            )
            .with_label(format!("no {} {what} exists in {}", n.name, month))
            .with_help("check the scenario's `date`"),
        );
        true
    }

    fn find(&mut self, u: &UnitEntry, nation: Option<&'a Nation>) -> Option<Found<'a>> {
        let kind = match &u.kind {
            Some(k) => Some(choice(
                self.file,
                k,
                KINDS,
                "scenario::bad-kind",
                "unit kind",
                &mut self.diags,
            )?),
            None => None,
        };
        let Some(n) = nation else {
            return Some(Found::Free(kind.unwrap_or(UnitKind::Other)));
        };
        // The data covers vehicles, guns and infantry, each when it lists some (a nation
        // without a vehicle listing covers no vehicle, one without an ordnance listing no gun);
        // other kinds are free entries on any side.
        if let Some(k) = kind.filter(|&k| !covers(n, k)) {
            return Some(Found::Free(k));
        }
        let name = u.name.get_ref();
        let vehicle = find_vehicle(n, name).ok();
        let gun = find_gun(n, name).ok();
        let key = name_key(name);
        let infantry = n
            .infantry
            .units
            .iter()
            .find(|i| name_key(&i.name) == key || i.id == name.to_ascii_lowercase());
        match (kind, vehicle, gun, infantry) {
            (Some(UnitKind::Infantry), _, _, Some(i)) | (None, None, None, Some(i)) => {
                Some(Found::Infantry(i))
            }
            (None, Some(v), Some(g), _) => {
                self.ambiguous_unit(u, v, g);
                None
            }
            (Some(UnitKind::Vehicle) | None, Some(v), _, _) => Some(Found::Vehicle(v)),
            (Some(UnitKind::Gun) | None, _, Some(g), _) => Some(Found::Gun(g)),
            _ => {
                self.unknown_unit(u, n, kind);
                None
            }
        }
    }

    /// Reports a unit name that names both a vehicle and a gun of the nation.
    fn ambiguous_unit(&mut self, u: &UnitEntry, v: &Vehicle, g: &Ordnance) {
        self.diags.push(
            Diagnostic::error(
                "scenario::ambiguous-unit",
                format!(
                    "failed to tell which `{}` is meant (the vehicle {} or the gun {})",
                    u.name.get_ref(),
                    v.name,
                    g.name
                ),
                span_of(self.file, &u.name),
            )
            .with_label("a vehicle and a gun have this name")
            .with_help("give `kind = \"vehicle\"` or `kind = \"gun\"`"),
        );
    }

    /// Reports a unit name found neither among the nation's vehicles nor its infantry (of
    /// `kind`, when given), suggesting close names or what a unit represents.
    fn unknown_unit(&mut self, u: &UnitEntry, n: &Nation, kind: Option<UnitKind>) {
        let name = u.name.get_ref();
        let mut names: Vec<&str> = Vec::new();
        let wants = |k: UnitKind| kind.is_none_or(|want| want == k);
        if wants(UnitKind::Vehicle) {
            names.extend(n.vehicles.iter().map(|v| v.name.as_str()));
        }
        if wants(UnitKind::Gun) {
            names.extend(n.ordnance.iter().map(|g| g.name.as_str()));
        }
        if wants(UnitKind::Infantry) {
            names.extend(n.infantry.units.iter().map(|i| i.name.as_str()));
        }
        let what = match kind {
            Some(UnitKind::Vehicle) => "vehicle",
            Some(UnitKind::Gun) => "gun",
            Some(UnitKind::Infantry) => "infantry unit",
            // A nation with guns says so; one without words it as it always did.
            _ if n.ordnance.is_empty() => "vehicle or infantry unit",
            _ => "vehicle, gun or infantry unit",
        };
        let d = Diagnostic::error(
            "scenario::unknown-unit",
            format!("failed to find the {what} `{name}` in the {} data", n.id),
            span_of(self.file, &u.name),
        )
        .with_label(format!("no {} {what} has this name", n.name));
        // "Bersaglieri" names what a unit represents, not the unit.
        let lower = name.to_lowercase();
        let represented: Vec<&str> = n
            .infantry
            .units
            .iter()
            .filter(|i| {
                i.represents
                    .iter()
                    .any(|r| r.to_lowercase().contains(&lower))
            })
            .map(|i| i.name.as_str())
            .collect();
        let close = if represented.is_empty() {
            did_you_mean(name, names)
        } else {
            represented
        };
        self.diags.push(if close.is_empty() {
            d.with_help(free_kinds_help(n))
        } else {
            with_suggestions(d, &close)
        });
    }

    fn unit(
        &mut self,
        u: &UnitEntry,
        nation: Option<&'a Nation>,
        faction: Option<&str>,
        setting: Option<Setting<'_>>,
        turns: u8,
    ) -> Option<ScenarioUnit> {
        self.check_count(u);
        self.check_turn(u, turns);
        let found = self.find(u, nation)?;
        let span = span_of(self.file, &u.name);
        let mut unit = ScenarioUnit {
            name: u.name.get_ref().clone(),
            count: *u.count.get_ref(),
            kind: UnitKind::Other,
            vehicle: None,
            infantry: None,
            ordnance: None,
            enters: u.enters.as_ref().map(|t| *t.get_ref()),
            dvp: None,
            dvp_variable: None,
            availability: None,
            notes: Vec::new(),
            span: self.map.provenance(&span),
        };
        if !matches!(found, Found::Free(_)) {
            self.check_no_dvp(u);
        }
        match found {
            Found::Vehicle(v) => {
                fill_vehicle(&mut unit, v);
                if let (Some(n), Some(at)) = (nation, setting) {
                    unit.availability =
                        unit_availability(n, Listed::vehicle(v), at, &span, &mut self.diags);
                    unit.notes = vehicle_notes(
                        n,
                        v,
                        at,
                        faction,
                        unit.availability.as_ref(),
                        &span,
                        &mut self.diags,
                    );
                }
            }
            Found::Gun(g) => {
                fill_gun(&mut unit, g);
                if let (Some(n), Some(at)) = (nation, setting) {
                    unit.availability =
                        unit_availability(n, Listed::gun(g), at, &span, &mut self.diags);
                    unit.notes = gun_notes(
                        n,
                        g,
                        at,
                        faction,
                        unit.availability.as_ref(),
                        &span,
                        &mut self.diags,
                    );
                }
            }
            Found::Infantry(i) => fill_infantry(&mut unit, i),
            Found::Free(kind) => {
                unit.kind = kind;
                unit.dvp = u.dvp.as_ref().map(|d| *d.get_ref());
            }
        }
        Some(unit)
    }

    /// A count of 0 is an error (the unit is still resolved).
    fn check_count(&mut self, u: &UnitEntry) {
        if *u.count.get_ref() == 0 {
            self.diags.push(
                Diagnostic::error(
                    "scenario::bad-count",
                    format!("failed to add `{}` (a count of 0)", u.name.get_ref()),
                    span_of(self.file, &u.count),
                )
                .with_label("must be at least 1")
                .with_help("remove the line, or give how many"),
            );
        }
    }

    /// The turn a unit enters on must be one of the scenario's `turns`.
    fn check_turn(&mut self, u: &UnitEntry, turns: u8) {
        // With an invalid number of turns (reported already) no turn can be checked.
        let Some(t) = u
            .enters
            .as_ref()
            .filter(|_| (1..=MAX_TURNS).contains(&turns))
        else {
            return;
        };
        if !(1..=turns).contains(t.get_ref()) {
            self.diags.push(
                Diagnostic::error(
                    "scenario::bad-turn",
                    format!(
                        "failed to enter `{}` on turn {} (the scenario has {turns} turns)",
                        u.name.get_ref(),
                        t.get_ref()
                    ),
                    span_of(self.file, t),
                )
                .with_label("no such turn"),
            );
        }
    }

    /// A unit found in the data takes its DVP from it: a `dvp` given is an error.
    fn check_no_dvp(&mut self, u: &UnitEntry) {
        if let Some(d) = &u.dvp {
            self.diags.push(
                Diagnostic::error(
                    "scenario::dvp-from-data",
                    format!(
                        "failed to use `dvp` for `{}` (the data gives its DVP)",
                        u.name.get_ref()
                    ),
                    span_of(self.file, d),
                )
                .with_label("DVP comes from the data")
                .with_help("remove `dvp`: rule 177 computes it from the BPV"),
            );
        }
    }
}

/// The total DVP of a side's vehicles and guns; `None` when one of them has no DVP.
fn dvp_total(units: &[ScenarioUnit]) -> Option<u32> {
    units
        .iter()
        .filter(|u| matches!(u.kind, UnitKind::Vehicle | UnitKind::Gun))
        .map(|u| u.dvp.map(|d| u32::from(d) * u32::from(u.count)))
        .sum::<Option<u32>>()
}

/// A unit found among the nation's vehicles: its id, name and DVP from the data.
fn fill_vehicle(unit: &mut ScenarioUnit, v: &Vehicle) {
    unit.kind = UnitKind::Vehicle;
    unit.vehicle = Some(v.id.clone());
    unit.name = v.name.clone();
    unit.dvp = Some(v.dvp.value);
    unit.dvp_variable = v.dvp.variable;
}

/// A unit found among the nation's infantry: its id and name, and a note when it is fielded
/// only by SSR.
fn fill_infantry(unit: &mut ScenarioUnit, i: &InfantryUnit) {
    unit.kind = UnitKind::Infantry;
    unit.infantry = Some(i.id.clone());
    unit.name = i.name.clone();
    if i.ssr_only {
        unit.notes.push(CardNote {
            kind: CardNoteKind::NationalRule,
            text: "available only by SSR; no broken side".into(),
            rule: Some(i.source.rule.clone()),
        });
    }
}

/// True when the nation's data lists units of this kind (and so checks them by name).
fn covers(n: &Nation, kind: UnitKind) -> bool {
    match kind {
        UnitKind::Vehicle => !n.vehicles.is_empty(),
        UnitKind::Infantry => !n.infantry.units.is_empty(),
        UnitKind::Gun => !n.ordnance.is_empty(),
        _ => false,
    }
}

/// How to give a unit the nation's data does not cover: `kind`, with the kinds it lists none
/// of first.
fn free_kinds_help(n: &Nation) -> String {
    let unlisted: Vec<(&str, &str)> = [
        (UnitKind::Vehicle, "vehicle", "vehicles"),
        (UnitKind::Infantry, "infantry", "infantry units"),
    ]
    .into_iter()
    .filter(|(k, _, _)| !covers(n, *k))
    .map(|(_, kind, words)| (kind, words))
    .collect();
    // A nation with an ordnance listing covers its guns: `gun` is no free kind there.
    let gun = (!covers(n, UnitKind::Gun)).then_some("gun");
    let kinds: Vec<&str> = unlisted
        .iter()
        .map(|(kind, _)| *kind)
        .chain(["leader", "support_weapon"])
        .chain(gun)
        .chain(["other"])
        .collect();
    let quoted: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            if i == 0 {
                format!("`kind = \"{k}\"`")
            } else {
                format!("`\"{k}\"`")
            }
        })
        .collect();
    let (last, rest) = quoted.split_last().expect("three kinds are always listed");
    let mut help = format!(
        "give {} or {last} for a unit the data does not cover",
        rest.join(", ")
    );
    if !unlisted.is_empty() {
        let words: Vec<&str> = unlisted.iter().map(|(_, w)| *w).collect();
        help.push_str(&format!(
            " (the {} data lists no {})",
            n.id,
            words.join(" and no ")
        ));
    }
    help
}

/// Scenario-wide notes.
fn scenario_notes(desert_vp: bool) -> Vec<CardNote> {
    let mut notes = Vec::new();
    if desert_vp {
        notes.push(CardNote {
            kind: CardNoteKind::NationalRule,
            text: "Desert VP: a Gun's or vehicle's DVP (red, upper left of its picture) is 10% of its BPV, rounded up; PRC and other units score normally".into(),
            rule: Some("177".into()),
        });
    }
    notes
}

/// The side's notes from its nation's rules: red MP (178), the national rules that concern
/// the units it fields, and what the publication states for the side's nationality alone.
fn side_notes(
    n: &Nation,
    nationality: Option<&Nationality>,
    at: Setting<'_>,
    units: &[ScenarioUnit],
) -> Vec<CardNote> {
    let vehicles: Vec<&Vehicle> = units
        .iter()
        .filter_map(|u| u.vehicle.as_ref())
        .filter_map(|id| n.vehicles.iter().find(|v| v.id == *id))
        .collect();
    // Infantry the data does not list (a nation giving rules but no unit types) is infantry
    // all the same.
    let has_infantry = units.iter().any(|u| u.kind == UnitKind::Infantry);
    let has_afv = vehicles.iter().any(|v| {
        v.vehicle_type
            .value
            .as_ref()
            .is_some_and(|t| at.types.is_afv(t))
    });
    // Guns fielded are ordnance; so is a vehicle whose MA is a gun.
    let has_guns = units.iter().any(|u| u.ordnance.is_some());
    let has_ordnance = has_guns
        || vehicles.iter().any(|v| {
            v.values
                .main_armament
                .as_ref()
                .and_then(|m| m.value.as_ref())
                .is_some_and(|m| matches!(m.weapon, Weapon::Gun { .. }))
        });
    let mut notes = Vec::new();
    // The side's note when the rule concerns one of its vehicles (not only excepted ones).
    if let Some(rule) = vehicles.iter().find_map(|v| at.red_mp(n, v)) {
        notes.push(CardNote {
            kind: CardNoteKind::RedMp,
            text: rule.card_note(&n.name),
            rule: Some(rule.rule.clone()),
        });
    }
    for r in &n.national_rules {
        // The data says which units a rule concerns; a rule concerning none in particular
        // holds for every side of the nation.
        let relevant = match r.concerns {
            Some(RuleConcern::Ordnance) => has_ordnance,
            Some(RuleConcern::Infantry) => has_infantry,
            Some(RuleConcern::Afv) => has_afv,
            None => true,
        };
        if relevant {
            notes.push(CardNote {
                kind: CardNoteKind::NationalRule,
                text: r.text.clone(),
                rule: Some(r.source.rule.clone()),
            });
        }
    }
    // Printed as stated ("Hungarians fighting in Hungary should be ..."), never checked.
    for text in nationality.iter().flat_map(|x| &x.rules) {
        notes.push(CardNote {
            kind: CardNoteKind::NationalRule,
            text: text.clone(),
            rule: nationality.map(|x| x.source.rule.clone()),
        });
    }
    notes
}
