//! The IR -> the module's content: one PieceSlot per vehicle, gun and infantry unit in a
//! palette (a tab per nation, a panel per vehicle type, a panel per gun type group, then an
//! infantry panel), the prototypes the slots share, and the images they name.

use std::borrow::Cow;
use std::collections::BTreeMap;

use qm_registry::NationRegistries;
use qm_registry::{GunTypeRegistry, VehicleTypeRegistry};
use qm_schema::{
    CounterItem, CounterItemKind, CounterSide, InfantryUnit, Nation, NoteRef, Ordnance, Vehicle,
};
use serde::Serialize;

use super::traits::{Basic, EngineFormat, KeyStroke, Layer, Piece, Trait};
use super::VassalError;
use qm_load::module_files::config::ModuleConfig;
use qm_load::module_files::gpids::infantry_piece_id;
use qm_load::module_files::gpids::{slot_key, slot_keys, GpidRegistry};
use qm_render::module_images::{
    board_png, counter_image_path, overlay_png, png_size, CounterPng, QM_IMAGE_DIR,
};
use qm_render::templates::Templates;
use qm_render::{RenderError, RenderErrorKind};

/// Every name qm owns in a module starts with this, so `qm vassal merge` can find it again.
pub const QM_PREFIX: &str = "QM ";
/// The palette's (PieceWindow's) name.
pub const PALETTE_NAME: &str = "QM Counters";
/// The prototype every vehicle uses.
pub const PROTO_VEHICLE: &str = "QM Vehicle";
/// The prototype of armored fighting vehicles (adds CE/BU to [`PROTO_VEHICLE`]).
pub const PROTO_AFV: &str = "QM AFV";
/// The prototype of infantry counters (Delete only: no Motion or CE/BU).
pub const PROTO_INFANTRY: &str = "QM Infantry";
/// The prototype of guns (Delete only: a gun has no Motion or CE/BU; its malfunctioned and
/// limbered sides are layers of its own slot).
pub const PROTO_GUN: &str = "QM Gun";
/// The Marker property keys of every vehicle slot, in order.
pub const PROPERTY_KEYS: [&str; 8] = ["Nation", "Type", "BPV", "DVP", "RF", "MP", "Notes", "Back"];
/// The Marker property keys of every gun slot, in order ("" where the data is silent).
pub const GUN_PROPERTY_KEYS: [&str; 7] = ["Nation", "Type", "BPV", "RF", "M#", "Notes", "Back"];
/// The palette panel of a nation's guns whose type the gun type registry lacks.
pub const OTHER_GUNS: &str = "Other guns";
/// The Marker property keys of every infantry slot, in order ("" where the data is silent).
pub const INFANTRY_PROPERTY_KEYS: [&str; 4] = ["Nation", "Type", "Class", "Rating"];
/// The palette panel of a nation's infantry, after its vehicle panels.
pub const INFANTRY_GROUP: &str = "Infantry";

/// The counter palette.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Palette {
    /// PieceWindow name and button text.
    pub name: String,
    /// Button tooltip.
    pub tooltip: String,
    /// One tab per nation that has pieces (vehicles or infantry units).
    pub nations: Vec<NationTab>,
}

/// A nation's tab: a list of vehicle-type panels.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NationTab {
    /// The nation's id.
    pub id: String,
    /// Its display name (the tab title).
    pub name: String,
    /// One panel per vehicle type present.
    pub groups: Vec<Group>,
}

/// A panel of slots of one vehicle type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    /// The panel's title ("Light tanks").
    pub label: String,
    /// The slots, in listing order.
    pub slots: Vec<Slot>,
}

/// One PieceSlot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Slot {
    /// The registry key (`ita/l3-35`).
    pub key: String,
    /// The slot's name (the vehicle's name).
    pub name: String,
    /// Its gpid.
    pub gpid: u32,
    /// Palette cell width in pixels (the front image's).
    pub width: u32,
    /// Palette cell height in pixels.
    pub height: u32,
    /// The piece.
    #[serde(skip)]
    pub piece: Piece,
    /// The piece encoded for the buildFile.
    pub definition: String,
}

/// A PrototypeDefinition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Prototype {
    /// Its name (what `prototype;NAME` refers to).
    pub name: String,
    /// Its description.
    pub description: String,
    /// The traits.
    #[serde(skip)]
    pub piece: Piece,
    /// The traits encoded for the buildFile.
    pub definition: String,
}

/// The board of the standalone module's map.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MapModel {
    /// The map window's name.
    pub name: String,
    /// The board's name.
    pub board_name: String,
    /// The board image, relative to `images/` (outside qm's folder: it is part of the
    /// standalone module's shell, not of what a merge replaces).
    pub board_image: String,
    /// Hex grid column spacing in pixels.
    pub hex_dx: f64,
    /// Hex grid row spacing in pixels.
    pub hex_dy: f64,
}

/// Everything the module holds, before it is rendered and zipped.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleModel<'i> {
    /// Name, version, engine version.
    pub config: ModuleConfig,
    /// The engine generation the traits are encoded for.
    pub format: EngineFormat,
    /// GameModule `nextPieceSlotId`: above every gpid ever allocated.
    pub next_piece_slot_id: u32,
    /// The palette.
    pub palette: Palette,
    /// The prototypes.
    pub prototypes: Vec<Prototype>,
    /// The map.
    pub map: MapModel,
    /// Images qm owns, by path under `images/` (all under `qm/`): the counters' PNGs
    /// borrowed from the build's (zipped, not copied), the overlays owned.
    pub images: BTreeMap<String, Cow<'i, [u8]>>,
    /// Images of the standalone shell (the board), by path under `images/`.
    pub shell_images: BTreeMap<String, Vec<u8>>,
    /// Slot keys that had no committed gpid and were given one for this build.
    pub allocated: Vec<String>,
}

impl ModuleModel<'_> {
    /// The model holding its own copy of every image (a [`super::Vmod`] outlives the PNGs
    /// it was made from).
    pub fn into_owned(self) -> ModuleModel<'static> {
        ModuleModel {
            images: self
                .images
                .into_iter()
                .map(|(path, png)| (path, Cow::Owned(png.into_owned())))
                .collect(),
            config: self.config,
            format: self.format,
            next_piece_slot_id: self.next_piece_slot_id,
            palette: self.palette,
            prototypes: self.prototypes,
            map: self.map,
            shell_images: self.shell_images,
            allocated: self.allocated,
        }
    }
}

const CE_IMAGE: &str = "qm/ce.png";
const MOTION_IMAGE: &str = "qm/motion.png";
/// The CE overlay's size in pixels: [`prototypes`] places it by this size.
const CE_OVERLAY: (u32, u32) = (20, 16);
/// The Motion overlay's size in pixels.
const MOTION_OVERLAY: (u32, u32) = (12, 16);
/// The standalone module's board in pixels.
const BOARD_SIZE: (u32, u32) = (1000, 650);

/// The property values of a vehicle, in [`PROPERTY_KEYS`] order.
pub fn vehicle_properties(nation: &Nation, v: &Vehicle) -> Vec<(String, String)> {
    let rf = v.rf.value.map_or_else(String::new, rf_text);
    let notes: Vec<String> = v
        .values
        .note_refs
        .iter()
        .filter_map(|f| f.value.as_ref())
        .map(NoteRef::label)
        .collect();
    let values = [
        nation.name.clone(),
        v.vehicle_type
            .value
            .as_ref()
            .map_or_else(String::new, |t| t.as_str().to_string()),
        v.bpv.value.map_or_else(String::new, |b| b.to_string()),
        v.dvp.value.to_string(),
        rf,
        v.values
            .mp
            .as_ref()
            .and_then(|f| f.value)
            .map_or_else(String::new, |m| m.to_string()),
        notes.join(", "),
        back_text(v),
    ];
    PROPERTY_KEYS
        .iter()
        .zip(values)
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// The property values of an infantry unit, in [`INFANTRY_PROPERTY_KEYS`] order.
pub fn infantry_properties(nation: &Nation, u: &InfantryUnit) -> Vec<(String, String)> {
    let values = [
        nation.name.clone(),
        u.kind.map_or("", |k| k.label()).to_string(),
        nation
            .infantry
            .class_of(u)
            .map_or_else(String::new, |c| c.name.clone()),
        u.rating.map(|r| r.to_string()).unwrap_or_default(),
    ];
    INFANTRY_PROPERTY_KEYS
        .iter()
        .zip(values)
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// The property values of a gun, in [`GUN_PROPERTY_KEYS`] order ("" for a value printed
/// `–` or not at all).
pub fn gun_properties(nation: &Nation, g: &Ordnance) -> Vec<(String, String)> {
    let notes: Vec<String> = g
        .note_refs
        .iter()
        .filter_map(|f| f.value.as_ref())
        .map(NoteRef::label)
        .collect();
    let types = g.gun_type.as_ref().and_then(|f| f.value.as_ref());
    let values = [
        nation.name.clone(),
        types.map_or_else(String::new, |t| {
            let codes: Vec<&str> = t.codes.iter().map(|c| c.as_str()).collect();
            codes.join(" ")
        }),
        g.bpv
            .as_ref()
            .and_then(|f| f.value)
            .map_or_else(String::new, |b| b.to_string()),
        g.rf.as_ref()
            .and_then(|f| f.value)
            .map_or_else(String::new, rf_text),
        g.manhandling
            .as_ref()
            .and_then(|f| f.value)
            .map_or_else(String::new, |m| m.number.to_string()),
        notes.join(", "),
        side_text(&g.counter.back),
    ];
    GUN_PROPERTY_KEYS
        .iter()
        .zip(values)
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// An RF or RF range, the lower bound first whatever the printed order, so a filter on the
/// property reads alike.
fn rf_text(r: qm_schema::RfRange) -> String {
    match r.as_single() {
        Some(one) => one.to_string(),
        None => format!("{}-{}", r.lower, r.upper),
    }
}

fn layer(
    name: &str,
    command: &str,
    key: char,
    image: &str,
    level: &str,
    offset: (i32, i32),
) -> Trait {
    Trait::Layer(Layer {
        name: name.into(),
        command: command.into(),
        key: KeyStroke::ctrl(key),
        image: image.into(),
        level_name: level.into(),
        offset,
        active: false,
    })
}

fn empty_basic() -> Basic {
    Basic {
        image: String::new(),
        name: String::new(),
        gpid: String::new(),
    }
}

/// Which prototypes a module carries besides the vehicles' (only modules with such slots
/// carry them).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Carried {
    /// [`PROTO_INFANTRY`].
    pub infantry: bool,
    /// [`PROTO_GUN`].
    pub guns: bool,
}

/// The prototypes: common traits defined once. `(w, h)` is the counter size the overlays are
/// placed for (top-right corner for CE, bottom-right for Motion); `carried` adds
/// [`PROTO_INFANTRY`] and [`PROTO_GUN`].
pub fn prototypes(counter: (u32, u32), format: EngineFormat, carried: Carried) -> Vec<Prototype> {
    let (w, h) = (counter.0 as i32, counter.1 as i32);
    // Each overlay sits 2 px inside a corner of the counter (CE top right, Motion bottom
    // right); an offset is from the counter's centre to the overlay's.
    let inside = |(ow, oh): (u32, u32)| (w / 2 - 2 - ow as i32 / 2, h / 2 - 2 - oh as i32 / 2);
    let ce = inside(CE_OVERLAY);
    let ce = (ce.0, -ce.1);
    let motion = inside(MOTION_OVERLAY);
    let vehicle = Piece {
        traits: vec![
            layer("Motion", "Motion", 'M', MOTION_IMAGE, "+ (Motion)", motion),
            Trait::Delete {
                command: "Delete".into(),
                key: KeyStroke::ctrl('D'),
            },
        ],
        basic: empty_basic(),
    };
    let afv = Piece {
        traits: vec![
            Trait::Prototype(PROTO_VEHICLE.into()),
            layer("CE/BU", "CE/BU", 'B', CE_IMAGE, "+ CE", ce),
        ],
        basic: empty_basic(),
    };
    let delete_only = || Piece {
        traits: vec![Trait::Delete {
            command: "Delete".into(),
            key: KeyStroke::ctrl('D'),
        }],
        basic: empty_basic(),
    };
    let mut all = vec![
        (
            PROTO_VEHICLE,
            "Every vehicle: Motion layer, Delete (generated by qm)",
            vehicle,
        ),
        (
            PROTO_AFV,
            "Armored fighting vehicles: CE/BU layer (generated by qm)",
            afv,
        ),
    ];
    if carried.infantry {
        all.push((
            PROTO_INFANTRY,
            "Infantry counters: Delete (generated by qm)",
            delete_only(),
        ));
    }
    if carried.guns {
        all.push((PROTO_GUN, "Guns: Delete (generated by qm)", delete_only()));
    }
    all.into_iter()
        .map(|(name, description, piece)| Prototype {
            name: name.into(),
            description: description.into(),
            definition: piece.definition(format),
            piece,
        })
        .collect()
}

/// Builds the module's content from the IR, the counter images and the gpid registry; each
/// nation's vehicle panels follow its vehicle type registry (headings, order, AFV or not).
///
/// Every vehicle needs a front image; a back (or wreck) image adds the Flip layer. Vehicles
/// missing from the registry get the numbers `qm vassal gpids --update` would give them. The
/// layers' overlays and the board are drawn with `templates`.
pub fn assemble<'i>(
    nations: &[Nation],
    images: &'i [CounterPng],
    config: &ModuleConfig,
    registry: &GpidRegistry,
    registries: &dyn NationRegistries,
    templates: &Templates,
) -> Result<ModuleModel<'i>, VassalError> {
    let format = EngineFormat::for_version(&config.vassal_version);
    let by_key = images_by_key(images)?;
    let mut registry = registry.clone();
    let allocated = registry
        .allocate(slot_keys(nations).iter().map(String::as_str))
        .map_err(|e| VassalError::new(format!("failed to allocate gpids ({e})")))?;
    let mut qm_images = overlays(templates)?;
    let mut slots = SlotMaker {
        by_key: &by_key,
        qm_images: &mut qm_images,
        registry: &registry,
        format,
        counter_size: None,
    };
    // The board is drawn beside the palette (the registries need not be shared across
    // threads).
    let (tabs, board) = std::thread::scope(|s| {
        let board = s.spawn(|| board_png(templates, BOARD_IMAGE, BOARD_SIZE).map_err(drawn));
        let tabs = nation_tabs(nations, registries, &mut slots);
        let board = board
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        (tabs, board)
    });
    let (tabs, board) = (tabs?, board?);
    let counter_size = slots.counter_size.unwrap_or((64, 64));
    let map = MapModel {
        name: "Main Map".into(),
        board_name: "Open ground".into(),
        board_image: BOARD_IMAGE.into(),
        hex_dx: 62.35,
        hex_dy: 72.0,
    };
    let shell_images = BTreeMap::from([(map.board_image.clone(), board)]);
    debug_assert!(qm_images.keys().all(|k| k.starts_with(QM_IMAGE_DIR)));
    Ok(ModuleModel {
        config: config.clone(),
        format,
        next_piece_slot_id: registry.next_piece_slot_id(),
        palette: Palette {
            name: PALETTE_NAME.into(),
            tooltip: "Vehicle counters generated by Quartermaster".into(),
            nations: tabs,
        },
        prototypes: prototypes(
            counter_size,
            format,
            Carried {
                infantry: nations.iter().any(|n| !n.infantry.units.is_empty()),
                guns: nations.iter().any(|n| !n.ordnance.is_empty()),
            },
        ),
        map,
        images: qm_images,
        shell_images,
        allocated,
    })
}

/// The board's image in the module.
const BOARD_IMAGE: &str = "board-open-ground.png";

/// Draws the module's board now, for the module made later in the process (its PNG is kept
/// by [`board_png`]); a board that fails is not kept, and the module reports it.
pub(crate) fn warm_board(templates: &Templates) {
    let _ = board_png(templates, BOARD_IMAGE, BOARD_SIZE);
}

/// Each nation's tab of the palette (none for a nation without pieces).
fn nation_tabs(
    nations: &[Nation],
    registries: &dyn NationRegistries,
    slots: &mut SlotMaker,
) -> Result<Vec<NationTab>, VassalError> {
    let mut tabs = Vec::new();
    for n in nations {
        let registries = registries.registries_of(&n.id);
        let mut groups = vehicle_groups(n, &registries.types, slots)?;
        groups.extend(gun_groups(n, &registries.guns, slots)?);
        groups.extend(infantry_group(n, slots)?);
        // A nation without vehicles, guns or infantry units (national rules only) has no
        // piece: an empty tab would only confuse players.
        if !groups.is_empty() {
            tabs.push(NationTab {
                id: n.id.clone(),
                name: n.name.clone(),
                groups,
            });
        }
    }
    Ok(tabs)
}

/// The counter images by (nation, piece, side rank: front, back, wreck, limbered); two images of one
/// side of a piece are an error.
fn images_by_key(images: &[CounterPng]) -> Result<ImagesByKey<'_>, VassalError> {
    let mut by_key: ImagesByKey = BTreeMap::new();
    for img in images {
        let rank = match img.side {
            CounterSide::Front => 0,
            CounterSide::Back => 1,
            CounterSide::Wreck => 2,
            CounterSide::Limbered => 3,
        };
        let k = (img.nation.clone(), img.vehicle_id.clone(), rank);
        if by_key.insert(k, img).is_some() {
            return Err(VassalError::new(format!(
                "failed to assemble the module (two {:?} images for {})",
                img.side,
                slot_key(&img.nation, &img.vehicle_id)
            )));
        }
    }
    Ok(by_key)
}

/// What every slot is made with, and the counter size of the first vehicle slot made (the
/// prototypes' overlays are sized to it).
struct SlotMaker<'a, 'i> {
    by_key: &'a ImagesByKey<'i>,
    qm_images: &'a mut BTreeMap<String, Cow<'i, [u8]>>,
    registry: &'a GpidRegistry,
    format: EngineFormat,
    counter_size: Option<(u32, u32)>,
}

impl<'i> SlotMaker<'_, 'i> {
    fn slot(&mut self, spec: SlotSpec) -> Result<Slot, VassalError> {
        build_slot(
            spec,
            self.by_key,
            self.qm_images,
            self.registry,
            self.format,
        )
    }
}

/// A nation's vehicle panels, in the registry's group order; a type it lacks goes to "Other
/// vehicles".
fn vehicle_groups(
    n: &Nation,
    types: &VehicleTypeRegistry,
    slots: &mut SlotMaker,
) -> Result<Vec<Group>, VassalError> {
    let headings = types.groups();
    let mut by_type: BTreeMap<usize, Vec<Slot>> = BTreeMap::new();
    for v in n.counter_vehicles() {
        let code = v.vehicle_type.value.as_ref();
        let is_afv = code.is_some_and(|c| types.is_afv(c));
        let slot = slots.slot(SlotSpec {
            nation: &n.id,
            piece_id: v.id.clone(),
            name: &v.name,
            prototype: if is_afv { PROTO_AFV } else { PROTO_VEHICLE },
            properties: vehicle_properties(n, v),
            back_level: "+ (back)",
        })?;
        slots.counter_size.get_or_insert((slot.width, slot.height));
        let type_index = code
            .and_then(|c| types.group_of(c))
            .and_then(|g| headings.iter().position(|h| *h == g))
            .unwrap_or(headings.len());
        by_type.entry(type_index).or_default().push(slot);
    }
    Ok(by_type
        .into_iter()
        .map(|(i, slots)| Group {
            label: headings.get(i).map_or("Other vehicles", |h| h).to_string(),
            slots,
        })
        .collect())
}

/// A nation's gun panels, one per group of the gun type registry (a gun of two types under
/// its first's), in the registry's order; a type it lacks goes to [`OTHER_GUNS`].
fn gun_groups(
    n: &Nation,
    guns: &GunTypeRegistry,
    slots: &mut SlotMaker,
) -> Result<Vec<Group>, VassalError> {
    let headings = guns.groups();
    let mut by_group: BTreeMap<usize, Vec<Slot>> = BTreeMap::new();
    for g in &n.ordnance {
        let slot = slots.slot(SlotSpec {
            nation: &n.id,
            piece_id: g.id.clone(),
            name: &g.name,
            prototype: PROTO_GUN,
            properties: gun_properties(n, g),
            back_level: "+ (malfunctioned)",
        })?;
        slots.counter_size.get_or_insert((slot.width, slot.height));
        let group = g
            .gun_type
            .as_ref()
            .and_then(|f| f.value.as_ref())
            .and_then(|t| t.codes.first())
            .and_then(|c| guns.get(c.as_str()))
            .and_then(|t| headings.iter().position(|h| *h == t.group))
            .unwrap_or(headings.len());
        by_group.entry(group).or_default().push(slot);
    }
    Ok(by_group
        .into_iter()
        .map(|(i, slots)| Group {
            label: headings.get(i).map_or(OTHER_GUNS, |h| h).to_string(),
            slots,
        })
        .collect())
}

/// A nation's infantry panel, when it has infantry units.
fn infantry_group(n: &Nation, slots: &mut SlotMaker) -> Result<Option<Group>, VassalError> {
    let mut infantry = Vec::new();
    for u in &n.infantry.units {
        infantry.push(slots.slot(SlotSpec {
            nation: &n.id,
            piece_id: infantry_piece_id(&u.id),
            name: &u.name,
            prototype: PROTO_INFANTRY,
            properties: infantry_properties(n, u),
            back_level: "+ (broken)",
        })?);
    }
    Ok((!infantry.is_empty()).then(|| Group {
        label: INFANTRY_GROUP.into(),
        slots: infantry,
    }))
}

/// What distinguishes one PieceSlot from another: the rest (images, Flip layer, gpid, the
/// checks on what VASSAL can save) is the same for vehicles and infantry.
struct SlotSpec<'a> {
    nation: &'a str,
    /// The piece id (a vehicle id, or `infantry/<unit id>`).
    piece_id: String,
    name: &'a str,
    prototype: &'static str,
    properties: Vec<(String, String)>,
    /// The Flip layer's level name for a `Back` image (a `Wreck` image is "+ (wreck)").
    back_level: &'static str,
}

/// Images by (nation, piece id, side rank: front 0, back 1, wreck 2, limbered 3).
type ImagesByKey<'a> = BTreeMap<(String, String, u8), &'a CounterPng>;

/// One PieceSlot: prototype, Marker, a Flip layer when a back or wreck image exists, and the
/// BasicPiece with the front image and the registry's gpid. Adds the images to `qm_images`.
fn build_slot<'i>(
    spec: SlotSpec,
    by_key: &ImagesByKey<'i>,
    qm_images: &mut BTreeMap<String, Cow<'i, [u8]>>,
    registry: &GpidRegistry,
    format: EngineFormat,
) -> Result<Slot, VassalError> {
    let key = slot_key(spec.nation, &spec.piece_id);
    let get = |rank: u8| {
        by_key
            .get(&(spec.nation.to_string(), spec.piece_id.clone(), rank))
            .copied()
    };
    let front = get(0).ok_or_else(|| {
        VassalError::new(format!(
            "failed to assemble the module (no front image for {key})"
        ))
    })?;
    let (width, height) = png_size(&front.png).ok_or_else(|| {
        VassalError::new(format!(
            "failed to assemble the module (the front image of {key} is not a PNG)"
        ))
    })?;
    let front_path = counter_image_path(spec.nation, &spec.piece_id, CounterSide::Front);
    qm_images.insert(front_path.clone(), Cow::Borrowed(&front.png));
    refuse_trailing_backslash(&key, "name", spec.name)?;
    for (k, value) in &spec.properties {
        refuse_trailing_backslash(&key, k, value)?;
    }
    let mut traits = vec![
        Trait::Prototype(spec.prototype.into()),
        Trait::Marker(spec.properties),
    ];
    if let Some(back) = get(1).or_else(|| get(2)) {
        if png_size(&back.png).is_none() {
            return Err(VassalError::new(format!(
                "failed to assemble the module (the back image of {key} is not a PNG)"
            )));
        }
        let path = counter_image_path(spec.nation, &spec.piece_id, back.side);
        qm_images.insert(path.clone(), Cow::Borrowed(&back.png));
        let level = if back.side == CounterSide::Wreck {
            "+ (wreck)"
        } else {
            spec.back_level
        };
        traits.push(layer("Side", "Flip", 'F', &path, level, (0, 0)));
    }
    if let Some(limbered) = get(3) {
        let path = counter_image_path(spec.nation, &spec.piece_id, CounterSide::Limbered);
        qm_images.insert(path.clone(), Cow::Borrowed(&limbered.png));
        traits.push(layer(
            "Limbered",
            "Limber",
            'L',
            &path,
            "+ (limbered)",
            (0, 0),
        ));
    }
    let gpid = registry.get(&key).ok_or_else(|| {
        VassalError::new(format!(
            "failed to find the gpid of {key} (it was not allocated)"
        ))
    })?;
    let piece = Piece {
        traits,
        basic: Basic {
            image: front_path,
            name: spec.name.to_string(),
            gpid: gpid.to_string(),
        },
    };
    Ok(Slot {
        key,
        name: spec.name.to_string(),
        gpid,
        width,
        height,
        definition: piece.definition(format),
        piece,
    })
}

/// A value ending with `\\` decodes fine from what qm writes, but the 3.6 engine re-saves it
/// with that backslash escaping the next delimiter, breaking the module: refuse it.
fn refuse_trailing_backslash(key: &str, what: &str, value: &str) -> Result<(), VassalError> {
    if value.ends_with('\\') {
        return Err(VassalError::new(format!(
            "failed to assemble the module ({key}: the {what} {value:?} ends with a backslash, which VASSAL 3.6 cannot save)"
        )));
    }
    Ok(())
}

/// The layers' overlays, by path under `images/`, drawn by the renderer.
fn overlays(templates: &Templates) -> Result<BTreeMap<String, Cow<'static, [u8]>>, VassalError> {
    let mut out = BTreeMap::new();
    for (path, label, size) in [
        (CE_IMAGE, "CE", CE_OVERLAY),
        (MOTION_IMAGE, "M", MOTION_OVERLAY),
    ] {
        let png = overlay_png(templates, path, label, size).map_err(drawn)?;
        out.insert(path.to_string(), Cow::Owned(png));
    }
    Ok(out)
}

/// A module image the renderer failed to draw; a template's failure stays one, to be printed
/// at its line and column.
fn drawn(e: RenderError) -> VassalError {
    let message = e.to_string();
    let template = match e.kind {
        RenderErrorKind::Template(t) => Some(t),
        _ => None,
    };
    VassalError { message, template }
}

/// The `Back` property: what the back prints besides the name and the wreck band (the ®,
/// crew survival, capacity, the notes' notations).
fn back_text(v: &Vehicle) -> String {
    side_text(&v.counter.back)
}

/// What a back prints besides the name and the band's word, items joined by "; ".
fn side_text(items: &[CounterItem]) -> String {
    items
        .iter()
        .filter(|i| {
            !matches!(
                i.kind,
                CounterItemKind::Name | CounterItemKind::Wreck | CounterItemKind::Malfunction
            )
        })
        .map(CounterItem::drawn)
        .collect::<Vec<_>>()
        .join("; ")
}
