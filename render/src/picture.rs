//! The picture a counter draws in its picture box: the maintainer's art for the vehicle or gun
//! ([`crate::art`]), else the silhouette of its type's class from the vehicle (or gun) type
//! registry, drawn by `templates/counter/silhouettes/<class>.svg`. Each is made once per build and
//! shared by every counter side, sheet, card and module image that shows it.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use qm_registry::NationRegistries;
use qm_registry::Silhouette;
use qm_schema::{Nation, Ordnance, Vehicle};
use serde::Serialize;

use super::error::{RenderError, RenderErrorKind};
use crate::art::{prepare_svg, ArtBook, ArtImage};
use crate::templates::Templates;

/// Where the silhouette templates are: `counter/silhouettes/<class>.svg`.
pub const SILHOUETTE_DIR: &str = "counter/silhouettes";

/// What a counter template gets as `picture`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Picture {
    /// The image as a `data:` URI, for an `<image href>`.
    pub href: Arc<str>,
    /// "art" (the maintainer's) or "silhouette" (drawn by a template).
    pub kind: &'static str,
    /// The silhouette class of the vehicle's type ("tank"); `None` for a type the registry
    /// lacks.
    pub class: Option<&'static str>,
    /// The file the art was made from (`ita/art/m13-40.png`); `None` for a silhouette.
    pub file: Option<String>,
    /// Width over height of the image.
    pub aspect: f32,
}

impl Picture {
    fn new(image: &ArtImage, kind: &'static str, class: Option<Silhouette>) -> Self {
        Self {
            href: image.href.clone(),
            kind,
            class: class.map(Silhouette::name),
            file: None,
            aspect: image.width / image.height,
        }
    }
}

/// The picture of every vehicle of a build, by nation and vehicle id. Cheap to clone (shared).
/// Empty by default: counters drawn without it keep their picture box empty.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pictures {
    by_nation: Arc<HashMap<String, HashMap<String, Picture>>>,
}

impl Pictures {
    /// The picture of vehicle `vehicle` of nation `nation`, if it has one.
    pub fn get(&self, nation: &str, vehicle: &str) -> Option<&Picture> {
        self.by_nation.get(nation)?.get(vehicle)
    }

    /// Every vehicle's picture (its VASL variants' too) and every gun's: its art when `art`
    /// has one, else the silhouette of its type's class in the nation's type registry (a gun's
    /// in the gun type registry; none for a type the registry lacks, which resolving has
    /// reported, or a gun type without a class). Each silhouette template is rendered once.
    pub fn new(
        nations: &[Nation],
        registries: &dyn NationRegistries,
        art: &ArtBook,
        templates: &Templates,
    ) -> Result<Self, RenderError> {
        let mut silhouettes = Silhouettes::default();
        let mut by_nation = HashMap::new();
        for nation in nations {
            let registries = registries.registries_of(&nation.id);
            let art = art.get(&nation.id);
            let mut pictures = HashMap::new();
            for v in &nation.vehicles {
                let class = class_of(v, &registries.types);
                let Some(picture) = silhouettes.picture(art, &v.id, class, templates)? else {
                    continue;
                };
                // A VASL variant is the vehicle: its picture too.
                for w in v.variants() {
                    pictures.insert(w.id.clone(), picture.clone());
                }
                pictures.insert(v.id.clone(), picture);
            }
            for g in &nation.ordnance {
                let class = gun_class_of(g, &registries.guns);
                if let Some(picture) = silhouettes.picture(art, &g.id, class, templates)? {
                    pictures.insert(g.id.clone(), picture);
                }
            }
            by_nation.insert(nation.id.clone(), pictures);
        }
        Ok(Self {
            by_nation: Arc::new(by_nation),
        })
    }
}

/// The silhouettes drawn so far, by class: each template is rendered once per build.
#[derive(Default)]
struct Silhouettes(BTreeMap<&'static str, ArtImage>);

impl Silhouettes {
    /// The picture of piece `id`: its art, else its class's silhouette; `None` with neither.
    fn picture(
        &mut self,
        art: Option<&crate::art::NationArt>,
        id: &str,
        class: Option<Silhouette>,
        templates: &Templates,
    ) -> Result<Option<Picture>, RenderError> {
        if let Some(a) = art.and_then(|a| a.get(id)) {
            return Ok(Some(Picture {
                file: Some(a.file.clone()),
                ..Picture::new(&a.image, "art", class)
            }));
        }
        let Some(class) = class else { return Ok(None) };
        let image = match self.0.get(class.name()) {
            Some(i) => i.clone(),
            None => {
                let i = silhouette(templates, class)?;
                self.0.insert(class.name(), i.clone());
                i
            }
        };
        Ok(Some(Picture::new(&image, "silhouette", Some(class))))
    }
}

/// The silhouette class of a gun's type (two types: the first's).
fn gun_class_of(g: &Ordnance, guns: &qm_registry::GunTypeRegistry) -> Option<Silhouette> {
    let code = g.gun_type.as_ref()?.value.as_ref()?.codes.first()?;
    guns.get(code.as_str())?.class
}

/// The silhouette class of a vehicle's type (a combined code: its first part's).
fn class_of(v: &Vehicle, types: &qm_registry::VehicleTypeRegistry) -> Option<Silhouette> {
    let code = v.vehicle_type.value.as_ref()?;
    types.resolve(code).map(|t| t.class)
}

/// The template drawing silhouette `class`.
pub fn silhouette_template(class: Silhouette) -> String {
    format!("{SILHOUETTE_DIR}/{}.svg", class.name())
}

/// A silhouette drawn by its template and read in the same sandbox as a maintainer's SVG art
/// (a `--templates` override is data too).
pub fn silhouette(templates: &Templates, class: Silhouette) -> Result<ArtImage, RenderError> {
    let name = silhouette_template(class);
    let ctx = minijinja::context! { class => class.name() };
    let svg = templates
        .render(&name, ctx)
        .map_err(|e| RenderError::new(&name, RenderErrorKind::Template(Box::new(e))))?;
    prepare_svg(svg.as_bytes()).map_err(|p| {
        RenderError::new(
            &name,
            RenderErrorKind::Svg {
                template: templates.origin(&name),
                message: p.describe(),
            },
        )
    })
}
