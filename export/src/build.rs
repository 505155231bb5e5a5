//! `qm build`: compile, render every artifact in memory, then write them all at once.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use qm_registry::NationRegistries;
use qm_schema::{
    generated_nation_schema, generated_scenario_schema, schema_value, CounterSide, Nation, Scenario,
};

use rayon::prelude::*;

use crate::disk_cache::{codec, DiskCache};
use crate::render_cache::{get_or_make, get_or_make_kept, PieceInputs, RenderCache, SideInputs};
use crate::side_packs::{self, KeptSide};
use crate::vassal::error::VassalError;
use qm_compile::pipeline::Compiled;
use qm_compile::scenario::ScenarioFile;
use qm_compile::timings::Timings;
use qm_layout::card::CardView;
use qm_render::artifact::Artifact;
use qm_render::cache_key::{Key, KeyHasher};
use qm_render::card::{card_html, card_svg, card_view};
use qm_render::infantry::{infantry_artifacts, infantry_images, infantry_px, InfantryImage};
use qm_render::module_images::CounterPng;
use qm_render::svg_to_pdf;
use qm_render::templates::source::TemplateError;
use qm_render::templates::Templates;
use qm_render::{
    chart_files, chart_key, chart_model, counter_keys, counter_sheets_with, kept_side,
    ordnance_chart_model, pieces, render_side, sides, ChartFiles, ChartModel, Converted,
    CounterImage, CounterOptions, CounterPiece, RenderError, RenderErrorKind, RenderedSide,
    SheetOptions, SHEET_TEMPLATE,
};

/// Options of `qm build`.
#[derive(Debug, Clone, Default)]
pub struct BuildOptions {
    /// Template directory overriding the embedded templates by name.
    pub templates: Option<PathBuf>,
    /// Counter images (PNG size).
    pub counters: CounterOptions,
    /// Counter sheets (counter size, duplex back offset).
    pub sheets: SheetOptions,
}

/// What failed while rendering the artifacts of a build.
#[derive(Debug)]
pub enum BuildError {
    /// A counter, sheet, chart or card failed (its template included).
    Render(RenderError),
    /// A scenario card's template failed.
    Template(TemplateError),
    /// The VASSAL module could not be made.
    Vassal(VassalError),
    /// An IR value could not be written as JSON.
    Json(serde_json::Error),
    /// A scenario card's page could not become a PDF.
    ScenarioPdf {
        /// The scenario's id.
        scenario: String,
        /// What failed.
        message: String,
    },
}

impl BuildError {
    /// The template error behind this failure, if a template failed: printed as a diagnostic
    /// at the template's line and column.
    pub fn template(&self) -> Option<&TemplateError> {
        match self {
            Self::Render(RenderError {
                kind: RenderErrorKind::Template(t),
                ..
            }) => Some(t),
            Self::Template(t) => Some(t),
            Self::Vassal(v) => v.template.as_deref(),
            _ => None,
        }
    }
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Render(e) => e.fmt(f),
            Self::Template(e) => e.fmt(f),
            Self::Vassal(e) => e.fmt(f),
            Self::Json(e) => write!(f, "failed to write JSON ({e})"),
            Self::ScenarioPdf { scenario, message } => write!(f, "scenario {scenario}: {message}"),
        }
    }
}

impl std::error::Error for BuildError {}

impl From<RenderError> for BuildError {
    fn from(e: RenderError) -> Self {
        Self::Render(e)
    }
}

impl From<TemplateError> for BuildError {
    fn from(e: TemplateError) -> Self {
        Self::Template(e)
    }
}

impl From<VassalError> for BuildError {
    fn from(e: VassalError) -> Self {
        Self::Vassal(e)
    }
}

impl From<serde_json::Error> for BuildError {
    fn from(e: serde_json::Error) -> Self {
        Self::Json(e)
    }
}

/// Renders every artifact of a compiled data directory, recording the time of each stage
/// (`json`, `counters`, `sheets`, `chart`, `cards`, `module`) in `timings`; every piece whose
/// inputs the last build in this process had too is taken from `cache` (`qm watch`; a new
/// [`RenderCache`] for a build of its own), and this build's pieces are left there.
///
/// Each stage runs its pieces on every core of the current rayon pool (counter sides, paper
/// sizes, chart pages, scenarios, nations); results are gathered in input order and the first
/// failure in that order is the one reported, so the output bytes and the error are the same
/// with 1 thread or 32, and with or without a cache. Every counter side is drawn once (one
/// template render, one SVG parse) for its files, the sheets and the module.
pub fn render_all(
    compiled: &Compiled,
    opts: &BuildOptions,
    timings: &mut Timings,
    cache: &mut RenderCache,
) -> Result<Vec<Artifact>, BuildError> {
    let templates = Templates::new(opts.templates.as_deref());
    let fp = templates.fingerprint();
    let nations = &compiled.nations;

    // The charts need nothing the counters make: drawn beside the JSON and the counters.
    let mut chart_part = RenderCache {
        charts: std::mem::take(&mut cache.charts),
        ..cache.apart()
    };
    let start = Instant::now();
    let (front, (charts, chart_took)) = rayon::join(
        || front_stages(compiled, &templates, fp, opts, cache),
        || took(|| charts(compiled, &templates, fp, &mut chart_part)),
    );
    let chart_made = chart_part.made;
    // A build of its own keeps no chart: each is moved into the artifacts, not copied.
    if cache.one_build {
        drop(chart_part);
    } else {
        cache.charts = chart_part.charts;
    }
    let front = front?;
    cache.made += chart_made;
    timings.overlapped(start, &front.took, &[("chart", chart_took)]);
    let Front {
        mut artifacts,
        json,
        counter_opts,
        mut counters,
        ..
    } = front;

    let (sheets, cards, module) = sheets_cards_and_module(
        compiled,
        &counters,
        &counter_opts,
        &templates,
        opts,
        cache,
        timings,
    );
    // The first failure in the stages' order: sheets, chart, cards, module.
    let sheets = sheets?;
    if cache.one_build {
        drop_pdf_forms(cache, &mut counters);
    }
    let charts = charts?;
    let cards = cards?;
    let module = module?;
    if cache.one_build {
        cache.cards = Default::default();
    }
    for (n, bytes) in nations.iter().zip(json) {
        artifacts.push(Artifact::new(format!("{}.json", n.id), take(bytes)));
    }

    let (pngs, png_paths) = gather(nations, &mut counters, sheets, charts, &mut artifacts);
    artifacts.extend(cards.into_iter().flat_map(take));
    if cache.one_build {
        // The charts' and cards' drawings, freed: given back.
        qm_compile::memory::release_freed();
    }
    cache.made += module.1;
    if cache.one_build {
        cache.module = Default::default();
    }
    artifacts.extend(module.0.into_iter().map(take));
    for (path, png) in png_paths.into_iter().zip(pngs) {
        if let Some(path) = path {
            artifacts.push(Artifact::new(path, png.png));
        }
    }
    cache.sweep();
    artifacts.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(artifacts)
}

/// A stage's pieces, or its first failure.
type Made<T> = Result<Vec<Arc<T>>, BuildError>;

/// The module's pieces, and whether it was made (1) or found (0).
type Module = Result<(Vec<Arc<Artifact>>, usize), VassalError>;

/// The sheets, the cards and the module, side by side (the cards and the module wait on no
/// sheet; the module is mostly one thread's work, which the sheets' pieces go beside), each
/// stage's time in `timings` (the cards and the module marked as beside the sheets).
fn sheets_cards_and_module(
    compiled: &Compiled,
    counters: &[NationCounters],
    counter_opts: &CounterOptions,
    templates: &Templates,
    opts: &BuildOptions,
    cache: &mut RenderCache,
    timings: &mut Timings,
) -> (Made<SheetFiles>, Made<Vec<Artifact>>, Module) {
    let fp = templates.fingerprint();
    let mut card_part = RenderCache {
        cards: std::mem::take(&mut cache.cards),
        ..cache.apart()
    };
    let mut module_part = RenderCache {
        module: std::mem::take(&mut cache.module),
        ..cache.apart()
    };
    let key = module_key(compiled, counters, opts, fp);
    let start = Instant::now();
    let ((sheets, sheets_took), ((cards, cards_took), (module, module_took))) = rayon::join(
        || took(|| sheets(&compiled.nations, counters, templates, opts, cache)),
        || {
            rayon::join(
                || {
                    took(|| {
                        cards(
                            compiled,
                            counters,
                            templates,
                            fp,
                            counter_opts,
                            &mut card_part,
                        )
                    })
                },
                || took(|| module(compiled, counters, key, templates, &mut module_part)),
            )
        },
    );
    cache.cards = card_part.cards;
    cache.made += card_part.made;
    cache.module = module_part.module;
    timings.overlapped(
        start,
        &[("sheets", sheets_took)],
        &[("cards", cards_took), ("module", module_took)],
    );
    (sheets, cards, module)
}

/// The VASSAL module under `key`, made from the nations and their counters' PNGs where
/// `cache` (its slot and the disk cache) lacks it, and whether it was made (1) or found (0).
fn module(
    compiled: &Compiled,
    counters: &[NationCounters],
    key: Key,
    templates: &Templates,
    cache: &mut RenderCache,
) -> Module {
    get_or_make_kept(
        &mut cache.module,
        cache.disk.as_deref(),
        "module",
        &[key],
        |_| {
            let pngs = module_pngs(&compiled.nations, counters);
            crate::vassal::module_artifact(&compiled.loaded, &compiled.nations, &pngs, templates)
        },
        |a| artifact_parts(std::slice::from_ref(a)),
        |b| decode_artifacts(b)?.pop(),
    )
}

/// The module's PNGs, in [`gather`]'s order (each nation's sides, then its infantry), copied:
/// the sides' own are still shared with the sheets being made beside the module.
fn module_pngs(nations: &[Nation], counters: &[NationCounters]) -> Vec<CounterPng> {
    let mut pngs = Vec::new();
    for (nation, c) in nations.iter().zip(counters) {
        for image in c.sides.iter().map(Drawn::image) {
            pngs.push(CounterPng {
                nation: nation.id.clone(),
                vehicle_id: image.vehicle_id.clone(),
                side: image.side,
                png: image.png.clone(),
            });
        }
        for i in c.infantry.iter() {
            pngs.push(CounterPng::infantry(&nation.id, i.clone()));
        }
    }
    pngs
}

/// `f`'s result and its wall time.
fn took<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let out = f();
    (out, start.elapsed())
}

/// What the stages before the sheets made: the schema files, each nation's JSON, the counter
/// options with the pictures, every nation's counters, and the time of each stage.
struct Front {
    artifacts: Vec<Artifact>,
    json: Vec<Json>,
    counter_opts: CounterOptions,
    counters: Vec<NationCounters>,
    took: Vec<(&'static str, Duration)>,
}

/// The JSON, the pictures and the counters, one after another (each on every core).
fn front_stages(
    compiled: &Compiled,
    templates: &Templates,
    fp: u64,
    opts: &BuildOptions,
    cache: &mut RenderCache,
) -> Result<Front, BuildError> {
    let (made, json_took) = took(|| json_artifacts(compiled, cache));
    let (artifacts, NationsJson { json, ir_keys }) = made?;
    cache.made = 0;
    // Each vehicle's art or silhouette, made once for every side, sheet, card and module image.
    let (pictures, pictures_took) = took(|| {
        qm_render::Pictures::new(
            &compiled.nations,
            &compiled.loaded,
            &compiled.art,
            templates,
        )
    });
    let counter_opts = CounterOptions {
        pictures: pictures?,
        colours: compiled.colours.clone(),
        ..opts.counters.clone()
    };
    let (counters, counters_took) = took(|| {
        counters(
            &compiled.nations,
            &ir_keys,
            templates,
            fp,
            opts,
            &counter_opts,
            cache,
        )
    });
    Ok(Front {
        artifacts,
        json,
        counter_opts,
        counters: counters?,
        took: vec![
            ("json", json_took),
            ("pictures", pictures_took),
            ("counters", counters_took),
        ],
    })
}

/// The schema files, as committed (`qm_schema::SCHEMA_FILES`, kept equal to the generated
/// ones by a test): a build writes their bytes as they are.
fn schema_artifacts() -> Vec<Artifact> {
    qm_schema::SCHEMA_FILES
        .iter()
        .map(|(name, text)| Artifact::new(format!("schema/{name}"), text.as_bytes()))
        .collect()
}

/// Makes now what every build makes once per process before it can render (the fonts and
/// their metrics) and what it only needs at its end (the module's board, drawn from the
/// templates of `templates`, else the embedded ones): a build calls it on a thread of its own
/// at the start, so this work overlaps loading and resolving instead of coming after them.
pub fn warm_up(templates: Option<&std::path::Path>) {
    let _ = qm_layout::fonts::database();
    let _ = qm_layout::fonts::Metrics::get(false);
    let _ = qm_layout::fonts::Metrics::get(true);
    crate::vassal::palette::warm_board(&Templates::new(templates));
}

/// Nothing is kept for a next build: the sides' PDF forms go now (the sheets are made), and
/// each piece after is moved into the artifacts rather than copied.
fn drop_pdf_forms(cache: &mut RenderCache, counters: &mut [NationCounters]) {
    cache.sides = Default::default();
    cache.side_keys.clear();
    cache.sheets = Default::default();
    for c in counters {
        c.sheets = None;
        c.sides = std::mem::take(&mut c.sides)
            .into_iter()
            .map(Drawn::without_pdf)
            .collect();
    }
    // The PDF forms were most of the counters' memory, freed on every core's arena: given
    // back, not left for arenas the module's large buffers do not come from.
    qm_compile::memory::release_freed();
}

/// Each nation's counter files, sheets, charts and infantry files into `artifacts`; returns
/// the module's PNGs and each one's path in out/ (none for infantry, whose files are made
/// apart). Drawn once: the same PNGs go into the VASSAL module and then to out/.
fn gather(
    nations: &[Nation],
    counters: &mut [NationCounters],
    sheets: Vec<Arc<SheetFiles>>,
    charts: Vec<Vec<Arc<ChartFiles>>>,
    artifacts: &mut Vec<Artifact>,
) -> (Vec<CounterPng>, Vec<Option<String>>) {
    let mut pngs = Vec::new();
    let mut png_paths = Vec::new();
    let per_nation = nations.iter().zip(counters).zip(sheets).zip(charts);
    for (((nation, c), sheets), chart) in per_nation {
        for image in std::mem::take(&mut c.sides)
            .into_iter()
            .map(Drawn::into_image)
        {
            let stem = format!("{}/counters/{}", nation.id, image.stem());
            png_paths.push(Some(format!("{stem}.png")));
            artifacts.push(Artifact::new(format!("{stem}.svg"), image.svg));
            pngs.push(CounterPng {
                nation: nation.id.clone(),
                vehicle_id: image.vehicle_id,
                side: image.side,
                png: image.png,
            });
        }
        for (path, pdf) in take(sheets) {
            artifacts.push(Artifact::new(path, pdf));
        }
        for chart in chart.into_iter().map(take) {
            artifacts.push(Artifact::new(chart.html_path, chart.html));
            artifacts.push(Artifact::new(chart.pdf_path, chart.pdf));
        }
        artifacts.extend(infantry_artifacts(nation, &c.infantry));
        for i in c.infantry.iter() {
            png_paths.push(None);
            pngs.push(CounterPng::infantry(&nation.id, i.clone()));
        }
    }
    (pngs, png_paths)
}

/// A nation's JSON, shared with the cache of a build that keeps it.
type Json = Arc<Vec<u8>>;

/// A piece a cache may share: moved out when this is the last handle to it, else copied.
fn take<T: Clone>(piece: Arc<T>) -> T {
    Arc::try_unwrap(piece).unwrap_or_else(|shared| (*shared).clone())
}

/// Each nation's JSON, and the key of its IR where the disk cache was used.
struct NationsJson {
    json: Vec<Json>,
    ir_keys: Vec<Option<Key>>,
}

/// The schema files, and each nation's IR as JSON (kept in `cache` for a next build).
fn json_artifacts(
    compiled: &Compiled,
    cache: &mut RenderCache,
) -> Result<(Vec<Artifact>, NationsJson), BuildError> {
    let out = schema_artifacts();
    let disk = cache.disk.as_deref();
    // A nation equal to the one last written has the same JSON.
    let made: Vec<_> = compiled
        .nations
        .par_iter()
        .map(|n| match cache.json.get(&n.id) {
            Some((last, bytes)) if last == n => Ok((bytes.clone(), None)),
            _ => match disk {
                Some(d) => kept_json(d, n, compiled.ir_keys.get(&n.id).copied())
                    .map(|(bytes, key)| (Arc::new(bytes), Some(key))),
                None => pretty(n).map(|bytes| (Arc::new(bytes), None)),
            },
        })
        .collect();
    let (json, ir_keys): (Vec<Json>, Vec<Option<Key>>) = made
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    cache.json = if cache.one_build {
        Default::default()
    } else {
        compiled
            .nations
            .iter()
            .zip(&json)
            .map(|(n, bytes)| (n.id.clone(), (n.clone(), bytes.clone())))
            .collect()
    };
    Ok((out, NationsJson { json, ir_keys }))
}

/// The disk cache's kind for a nation's JSON, by its IR's key.
const JSON_KIND: &str = "json";

/// `nation`'s JSON from the disk cache, by the key of its IR (`key`, the compile's when the
/// nation is as compiled, else hashed now), or written and kept there; with that key.
fn kept_json(
    disk: &DiskCache,
    nation: &Nation,
    key: Option<Key>,
) -> Result<(Vec<u8>, Key), serde_json::Error> {
    let key = key.unwrap_or_else(|| qm_compile::memo::ir_key(nation));
    // The compile's key stands for the nation only while nothing changed it since.
    debug_assert_eq!(
        key,
        qm_compile::memo::ir_key(nation),
        "{} changed",
        nation.id
    );
    if let Some(bytes) = disk.get(JSON_KIND, key) {
        return Ok((bytes, key));
    }
    let bytes = pretty(nation)?;
    disk.put(JSON_KIND, key, &bytes);
    Ok((bytes, key))
}

/// A counter side as a build has it: drawn in full (its PDF form for the sheets), or only its
/// files, taken from the disk cache for a nation whose sheets were found there too.
enum Drawn {
    Full(Arc<RenderedSide>),
    Image(CounterImage),
}

impl Drawn {
    fn image(&self) -> &CounterImage {
        match self {
            Self::Full(s) => &s.image,
            Self::Image(i) => i,
        }
    }

    fn pdf(&self) -> Option<&Converted> {
        match self {
            Self::Full(s) => Some(&s.pdf),
            Self::Image(_) => None,
        }
    }

    /// The side without its PDF form, when nothing else holds it.
    fn without_pdf(self) -> Self {
        match self {
            Self::Full(s) => match Arc::try_unwrap(s) {
                Ok(side) => Self::Image(side.image),
                Err(s) => Self::Full(s),
            },
            image => image,
        }
    }

    /// The side's files: moved out when nothing else holds them, else copied.
    fn into_image(self) -> CounterImage {
        match self {
            Self::Full(s) => Arc::try_unwrap(s).map_or_else(|s| s.image.clone(), |s| s.image),
            Self::Image(i) => i,
        }
    }
}

/// A nation's drawn counters, and the keys of its sides' inputs.
struct NationCounters {
    sides: Vec<Drawn>,
    keys: Vec<Key>,
    infantry: Arc<Vec<InfantryImage>>,
    infantry_key: Key,
    /// Its counter sheets' key, and the sheets when a cache had them.
    sheet_key: Key,
    sheets: Option<Arc<SheetFiles>>,
}

/// A nation's counter sides: drawn, or taken from the caches.
struct NationSides {
    sides: Vec<Drawn>,
    keys: Vec<Key>,
    sheet_key: Key,
    sheets: Option<Arc<SheetFiles>>,
}

/// Every counter side of every nation (in `sides`' order: front, back of each vehicle, then
/// of each gun with its limbered side) and each nation's infantry counters, made where the
/// caches lack them. A nation whose pack of sides and sheets the disk cache holds is taken
/// whole ([`crate::side_packs`]); the others go side by side ([`draw_counters`]).
#[allow(
    clippy::too_many_arguments,
    reason = "the build's pieces, passed down once"
)]
fn counters(
    nations: &[Nation],
    ir_keys: &[Option<Key>],
    templates: &Templates,
    fp: u64,
    opts: &BuildOptions,
    counter_opts: &CounterOptions,
    cache: &mut RenderCache,
) -> Result<Vec<NationCounters>, BuildError> {
    let disk = cache.disk.clone();
    let pack_keys: Vec<Option<Key>> = nations
        .par_iter()
        .zip(ir_keys)
        .map(|(n, ir_key)| {
            disk.as_ref()?;
            let ir_key = ir_key.unwrap_or_else(|| qm_compile::memo::ir_key(n));
            Some(side_packs::pack_key(n, ir_key, counter_opts, fp))
        })
        .collect();
    let packed: Vec<Option<NationSides>> = nations
        .par_iter()
        .zip(&pack_keys)
        .map(|(n, key)| unpack(disk.as_deref()?, n, (*key)?, opts, fp))
        .collect();
    let todo: Vec<&Nation> = nations
        .iter()
        .zip(&packed)
        .filter(|(_, p)| p.is_none())
        .map(|(n, _)| n)
        .collect();
    // An edited nation: its sides that did not change come from its last pack.
    let last: Vec<HashMap<Key, KeptSide>> = todo
        .par_iter()
        .map(|n| {
            disk.as_deref()
                .map_or_else(HashMap::new, |d| side_packs::last_sides(d, n))
        })
        .collect();
    let mut drawn =
        draw_counters(&todo, &last, templates, fp, opts, counter_opts, cache)?.into_iter();
    let px = infantry_px(counter_opts.px);
    let infantry_keys: Vec<Key> = nations.iter().map(|n| infantry_key(n, px, fp)).collect();
    let (infantry, made) = get_or_make(&mut cache.infantry, &infantry_keys, |i| {
        infantry_images(templates, &nations[i], px)
    })?;
    cache.made += made;
    let mut out = Vec::with_capacity(nations.len());
    let per_nation = nations.iter().zip(packed).zip(pack_keys).zip(infantry);
    for ((((n, packed), pack_key), infantry), infantry_key) in per_nation.zip(infantry_keys) {
        let s = match packed {
            Some(s) => s,
            None => {
                let s = drawn.next().expect("one drawn per nation not packed");
                if let (Some(d), Some(key)) = (disk.as_deref(), pack_key) {
                    let images: Vec<&CounterImage> = s.sides.iter().map(Drawn::image).collect();
                    side_packs::put(d, n, key, &s.keys, &images);
                }
                s
            }
        };
        out.push(NationCounters {
            sides: s.sides,
            keys: s.keys,
            infantry,
            infantry_key,
            sheet_key: s.sheet_key,
            sheets: s.sheets,
        });
    }
    Ok(out)
}

/// `nation`'s sides from its pack under `key`, when the disk cache holds it and the sheets
/// its sides' keys make.
fn unpack(
    disk: &DiskCache,
    nation: &Nation,
    key: Key,
    opts: &BuildOptions,
    fp: u64,
) -> Option<NationSides> {
    let (keys, images) = side_packs::decode(&disk.get(side_packs::KIND, key)?, nation)?;
    let sheet_key = sheet_key(nation, &keys, opts, fp);
    let sheets = decode_sheets(&disk.get("sheets", sheet_key)?)?;
    Some(NationSides {
        sides: images.into_iter().map(Drawn::Image).collect(),
        keys,
        sheet_key,
        sheets: Some(Arc::new(sheets)),
    })
}

/// The counter sides of `nations`, side by side, made where the caches lack them: a side
/// this process drew is taken whole, one in its nation's last pack (`last`, by side key) is
/// taken from there (its PDF form read back from its SVG unless the nation's sheets were
/// found), any other is drawn. A nation's sheets are looked up first, once.
#[allow(
    clippy::too_many_arguments,
    reason = "the stage's inputs, as `counters` has them"
)]
fn draw_counters(
    nations: &[&Nation],
    last: &[HashMap<Key, KeptSide>],
    templates: &Templates,
    fp: u64,
    opts: &BuildOptions,
    counter_opts: &CounterOptions,
    cache: &mut RenderCache,
) -> Result<Vec<NationSides>, BuildError> {
    let all: Vec<(usize, CounterPiece, CounterSide)> = nations
        .iter()
        .enumerate()
        .flat_map(|(i, n)| sides(n).map(move |(p, side)| (i, p, side)))
        .collect();
    let keys = side_keys(nations, fp, counter_opts, cache);
    let sheet_keys = sheet_keys(nations, &all, &keys, opts, fp);
    let disk = cache.disk.clone();
    let found_sheets: Vec<Option<Arc<SheetFiles>>> = sheet_keys
        .iter()
        .map(|k| {
            cache.sheets.get(*k).or_else(|| {
                let d = disk.as_deref()?;
                let sheets = decode_sheets(&d.get("sheets", *k)?)?;
                let sheets = Arc::new(sheets);
                cache.sheets.put(*k, sheets.clone());
                Some(sheets)
            })
        })
        .collect();
    let found: Vec<Option<Arc<RenderedSide>>> = keys.iter().map(|k| cache.sides.get(*k)).collect();
    // (the side, whether it was drawn now)
    let drawn: Vec<Result<(Drawn, bool), BuildError>> = found
        .into_par_iter()
        .enumerate()
        .map(|(i, found)| {
            if let Some(side) = found {
                return Ok((Drawn::Full(side), false));
            }
            let (n, piece, side) = all[i];
            if let Some((svg, png)) = last[n].get(&keys[i]) {
                let image = CounterImage {
                    vehicle_id: piece.id().to_string(),
                    side,
                    svg: svg.clone(),
                    png: png.clone(),
                };
                if found_sheets[n].is_some() {
                    return Ok((Drawn::Image(image), false));
                }
                if let Ok(kept) = kept_side(image) {
                    return Ok((Drawn::Full(Arc::new(kept)), false));
                }
            }
            let made = render_side(nations[n], piece, side, templates, counter_opts)?;
            Ok((Drawn::Full(Arc::new(made)), true))
        })
        .collect();
    let mut sides = Vec::with_capacity(drawn.len());
    for (drawn, key) in drawn.into_iter().zip(&keys) {
        let (drawn, made) = drawn?;
        if let Drawn::Full(side) = &drawn {
            if cache.sides.get(*key).is_none() {
                cache.made += usize::from(made);
                cache.sides.put(*key, side.clone());
            }
        }
        sides.push(drawn);
    }
    let mut keys = keys.into_iter();
    let mut out = Vec::with_capacity(nations.len());
    for (n, (sheet_key, sheets)) in nations.iter().zip(sheet_keys.into_iter().zip(found_sheets)) {
        let count = qm_render::sides(n).count();
        let rest = sides.split_off(count);
        out.push(NationSides {
            sides: std::mem::replace(&mut sides, rest),
            keys: keys.by_ref().take(count).collect(),
            sheet_key,
            sheets,
        });
    }
    Ok(out)
}

/// Each nation's sheets' key ([`sheet_key`]), from its sides' keys in `all`'s order.
fn sheet_keys(
    nations: &[&Nation],
    all: &[(usize, CounterPiece, CounterSide)],
    keys: &[Key],
    opts: &BuildOptions,
    fp: u64,
) -> Vec<Key> {
    let mut per_nation: Vec<Vec<Key>> = vec![Vec::new(); nations.len()];
    for ((n, _, _), key) in all.iter().zip(keys) {
        per_nation[*n].push(*key);
    }
    nations
        .iter()
        .zip(per_nation)
        .map(|(n, keys)| sheet_key(n, &keys, opts, fp))
        .collect()
}

/// A nation's sheets' key: its id, name, sides' keys, the sheet options and templates.
fn sheet_key(n: &Nation, keys: &[Key], opts: &BuildOptions, fp: u64) -> Key {
    let s = &opts.sheets;
    KeyHasher::new(SHEET_TEMPLATE)
        .value(&n.id)
        .value(&n.name)
        .value(&keys)
        .value(&format!("{:?}", s.counter_size))
        .value(&s.back_offset_mm)
        .key(fp)
        .finish()
}

/// A nation's sheets as the parts of a disk cache entry: path and PDF of each.
fn sheet_parts(sheets: &SheetFiles) -> Vec<&[u8]> {
    sheets
        .iter()
        .flat_map(|(path, pdf)| [path.as_bytes(), pdf.as_slice()])
        .collect()
}

fn decode_sheets(payload: &[u8]) -> Option<SheetFiles> {
    let parts = codec::decode(payload)?;
    if parts.len() % 2 != 0 {
        return None;
    }
    let mut out = Vec::with_capacity(parts.len() / 2);
    let mut parts = parts.into_iter();
    while let (Some(path), Some(pdf)) = (parts.next(), parts.next()) {
        out.push((String::from_utf8(path).ok()?, pdf));
    }
    Some(out)
}

/// The keys of every side (in `sides`' order), the last build's where a vehicle or gun, its
/// nation's name, the options and the templates are as they were; a build of its own
/// (`one_build`) only makes them, keeping nothing to compare with.
fn side_keys(
    nations: &[&Nation],
    fp: u64,
    opts: &CounterOptions,
    cache: &mut RenderCache,
) -> Vec<Key> {
    let all: Vec<(&Nation, CounterPiece)> = nations
        .iter()
        .flat_map(|&n| pieces(n).map(move |p| (n, p)))
        .collect();
    if cache.one_build && cache.disk.is_none() {
        // Nothing is looked up or kept by these keys (a build of its own, no disk cache):
        // they need only tell the sides apart, and a side's place in the build does. Hashing
        // each piece's context instead was 2 % of a cold build of VASL's vehicle files.
        let count: usize = all.iter().map(|(_, p)| p.sides().len()).sum();
        return (0..count as u64)
            .map(|i| KeyHasher::new("side in a build").key(i).finish())
            .collect();
    }
    if cache.one_build {
        // No next build compares its pieces with these: only the keys.
        return all
            .par_iter()
            .flat_map_iter(|&(n, p)| counter_keys(n, p, opts, fp))
            .collect();
    }
    let mut last = std::mem::take(&mut cache.side_keys);
    let found: Vec<Option<SideInputs>> = all
        .iter()
        .map(|(n, p)| {
            last.remove(&(n.id.clone(), p.id().to_string()))
                .filter(|s| {
                    s.piece.is(*p)
                        && s.nation_name == n.name
                        && s.opts == *opts
                        && s.templates == fp
                })
        })
        .collect();
    let inputs: Vec<SideInputs> = all
        .par_iter()
        .zip(found)
        .map(|(&(n, p), found)| {
            found.unwrap_or_else(|| SideInputs {
                nation_name: n.name.clone(),
                piece: PieceInputs::of(p),
                #[allow(clippy::clone_on_copy, reason = "options need not stay Copy")]
                opts: opts.clone(),
                templates: fp,
                keys: counter_keys(n, p, opts, fp),
            })
        })
        .collect();
    let mut keys = Vec::with_capacity(inputs.len() * 2);
    for ((n, p), i) in all.iter().zip(inputs) {
        keys.extend(i.keys.iter().copied());
        cache
            .side_keys
            .insert((n.id.clone(), p.id().to_string()), i);
    }
    keys
}

/// What a nation's infantry counters are drawn from.
fn infantry_key(nation: &Nation, px: u32, fp: u64) -> Key {
    KeyHasher::new("infantry")
        .value(&nation.id)
        .value(&nation.infantry)
        .key(u64::from(px))
        .key(fp)
        .finish()
}

/// A nation's counter sheets: (path, PDF) per paper size.
type SheetFiles = Vec<(String, Vec<u8>)>;

/// Each nation's counter sheets (both paper sizes), from its sides: those [`counters`] found
/// in a cache, the others made (and kept).
fn sheets(
    nations: &[Nation],
    counters: &[NationCounters],
    templates: &Templates,
    opts: &BuildOptions,
    cache: &mut RenderCache,
) -> Result<Vec<Arc<SheetFiles>>, BuildError> {
    let disk = cache.disk.clone();
    let made: Vec<Result<Arc<SheetFiles>, BuildError>> = counters
        .par_iter()
        .enumerate()
        .map(|(i, c)| {
            if let Some(found) = &c.sheets {
                return Ok(found.clone());
            }
            // Not found: `counters` drew every side of this nation in full.
            let faces: Vec<&Converted> = c.sides.iter().filter_map(Drawn::pdf).collect();
            let sheets = counter_sheets_with(&nations[i], templates, &faces, &opts.sheets)?;
            if let Some(d) = disk.as_deref() {
                d.put_encoded("sheets", c.sheet_key, &sheet_parts(&sheets));
            }
            Ok(Arc::new(sheets))
        })
        .collect();
    let mut out = Vec::with_capacity(made.len());
    for (sheets, c) in made.into_iter().zip(counters) {
        let sheets = sheets?;
        if c.sheets.is_none() {
            cache.made += 1;
            cache.sheets.put(c.sheet_key, sheets.clone());
        }
        out.push(sheets);
    }
    Ok(out)
}

/// Each nation's charts: its vehicle chart, then its ordnance chart when it has guns.
fn charts(
    compiled: &Compiled,
    templates: &Templates,
    fp: u64,
    cache: &mut RenderCache,
) -> Result<Vec<Vec<Arc<ChartFiles>>>, BuildError> {
    let nations = &compiled.nations;
    // (nation index, model), every nation's charts in order.
    let models: Vec<(usize, ChartModel)> = nations
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, n)| {
            let registries = compiled.loaded.registries_of(&n.id);
            let colours = compiled.colours.nation(&n.id);
            let vehicles = chart_model(n, &registries.types);
            let guns = ordnance_chart_model(n, &registries.guns);
            std::iter::once(vehicles)
                .chain(guns)
                .map(move |m| (i, m.coloured(colours)))
        })
        .collect();
    let keys: Vec<Key> = models
        .iter()
        .map(|(i, m)| chart_key(&nations[*i], m, fp))
        .collect();
    let (made_charts, made) = get_or_make_kept(
        &mut cache.charts,
        cache.disk.as_deref(),
        "chart",
        &keys,
        |k| {
            let (i, model) = &models[k];
            chart_files(&nations[*i], model, templates)
        },
        |c| {
            let parts = [&c.html_path, &c.html, &c.pdf_path];
            parts
                .map(|p| p.as_bytes())
                .into_iter()
                .chain([&c.pdf[..]])
                .collect()
        },
        |b| {
            let [html_path, html, pdf_path, pdf]: [Vec<u8>; 4] =
                codec::decode(b)?.try_into().ok()?;
            Some(ChartFiles {
                html_path: String::from_utf8(html_path).ok()?,
                html: String::from_utf8(html).ok()?,
                pdf_path: String::from_utf8(pdf_path).ok()?,
                pdf,
            })
        },
    )?;
    cache.made += made;
    let mut charts: Vec<Vec<Arc<ChartFiles>>> = vec![Vec::new(); nations.len()];
    for ((i, _), files) in models.iter().zip(made_charts) {
        charts[*i].push(files);
    }
    Ok(charts)
}

/// Each scenario's JSON, card HTML and card PDF.
fn cards(
    compiled: &Compiled,
    counters: &[NationCounters],
    templates: &Templates,
    fp: u64,
    counter_opts: &CounterOptions,
    cache: &mut RenderCache,
) -> Result<Vec<Arc<Vec<Artifact>>>, BuildError> {
    let data = data_key(compiled, counters);
    let keys: Vec<Key> = compiled
        .scenarios
        .iter()
        .map(|s| KeyHasher::new("card").value(s).key(data).key(fp).finish())
        .collect();
    let make = |i: usize| {
        let scenario = &compiled.scenarios[i];
        let view = card_view(
            templates,
            scenario,
            &compiled.nations,
            &compiled.loaded,
            counter_opts,
        )?;
        scenario_files(templates, scenario, &view)
    };
    let (cards, made) = get_or_make_kept(
        &mut cache.cards,
        cache.disk.as_deref(),
        "card",
        &keys,
        make,
        |a| artifact_parts(a),
        decode_artifacts,
    )?;
    cache.made += made;
    Ok(cards)
}

/// What cards and the module take from the data besides the scenarios: each nation's id,
/// name, side and counters (their keys hold the vehicles and infantry) and every TOML source
/// (registries, OB files, errata, module settings); not the notes.
fn data_key(compiled: &Compiled, counters: &[NationCounters]) -> Key {
    let mut h = KeyHasher::new("data");
    for (n, c) in compiled.nations.iter().zip(counters) {
        h = h
            .value(&n.id)
            .value(&n.name)
            .value(&n.axis)
            .value(&c.keys)
            .key(c.infantry_key);
    }
    for source in compiled.loaded.sources.iter() {
        if source.name.ends_with(".toml") {
            h = h.value(&source.name).value(&source.text);
        }
    }
    h.finish()
}

/// What the module is made from: the data (see [`data_key`]), the module's own files, the
/// options and the templates.
fn module_key(
    compiled: &Compiled,
    counters: &[NationCounters],
    opts: &BuildOptions,
    fp: u64,
) -> Key {
    let mut h = KeyHasher::new("module").key(data_key(compiled, counters));
    let files = &compiled.loaded.module_files;
    for file in [&files.config, &files.gpids] {
        h = h.bytes(file.bytes().unwrap_or_default());
    }
    h.value(&opts.templates).key(fp).finish()
}

/// Artifacts as the parts of a disk cache entry: path and bytes of each.
fn artifact_parts(artifacts: &[Artifact]) -> Vec<&[u8]> {
    artifacts
        .iter()
        .flat_map(|a| [a.path.as_bytes(), a.bytes.as_slice()])
        .collect()
}

fn decode_artifacts(payload: &[u8]) -> Option<Vec<Artifact>> {
    decode_sheets(payload).map(|files| {
        files
            .into_iter()
            .map(|(path, bytes)| Artifact { path, bytes })
            .collect()
    })
}

/// `<nation>/counters/<id>-<side>.svg` and `.png` for every side in `images`.
pub fn counter_artifacts(nation: &Nation, images: &[CounterImage]) -> Vec<Artifact> {
    let mut out = Vec::with_capacity(images.len() * 2);
    for image in images {
        let stem = format!("{}/counters/{}", nation.id, image.stem());
        out.push(Artifact::new(format!("{stem}.svg"), image.svg.clone()));
        out.push(Artifact::new(format!("{stem}.png"), image.png.clone()));
    }
    out
}

/// `<nation>.json`: the IR, pretty-printed in a stable order.
pub fn nation_json(nation: &Nation) -> Result<Artifact, serde_json::Error> {
    Ok(Artifact::new(
        format!("{}.json", nation.id),
        pretty(nation)?,
    ))
}

/// Pretty JSON with a final newline.
pub fn pretty<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(value)?;
    bytes.push(b'\n');
    // A grown buffer holds up to twice its length; a build keeps every nation's JSON.
    bytes.shrink_to_fit();
    Ok(bytes)
}

/// `scenarios/<id>.json` (the resolved scenario), `.html` and `.pdf` (the card, its counters
/// drawn as `counters` says: pictures and colours).
pub fn scenario_artifacts(
    templates: &Templates,
    scenario: &Scenario,
    nations: &[Nation],
    registries: &dyn NationRegistries,
    counters: &CounterOptions,
) -> Result<Vec<Artifact>, BuildError> {
    let view = card_view(templates, scenario, nations, registries, counters)?;
    scenario_files(templates, scenario, &view)
}

/// [`scenario_artifacts`] from the card's view.
fn scenario_files(
    templates: &Templates,
    scenario: &Scenario,
    view: &CardView<'_>,
) -> Result<Vec<Artifact>, BuildError> {
    let html = card_html(templates, view)?;
    let svg = card_svg(templates, view)?;
    let pdf = svg_to_pdf(&svg).map_err(|message| BuildError::ScenarioPdf {
        scenario: scenario.id.clone(),
        message,
    })?;
    let base = format!("scenarios/{}", scenario.id);
    Ok(vec![
        Artifact::new(format!("{base}.json"), pretty(scenario)?),
        Artifact::new(format!("{base}.html"), html.into_bytes()),
        Artifact::new(format!("{base}.pdf"), pdf),
    ])
}

/// Every schema file generated from the IR (`qm schema`): its name under `schema/` and its
/// contents. A build writes the committed files (`qm_schema::SCHEMA_FILES`), which a test
/// keeps equal to these.
pub fn schema_files() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("nation.schema.json", generated_nation_schema()),
        ("scenario.schema.json", generated_scenario_schema()),
        ("scenario-file.schema.json", schema_value::<ScenarioFile>()),
    ]
}
