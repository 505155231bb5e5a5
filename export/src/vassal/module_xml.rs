//! buildFile.xml and moduledata, rendered from `templates/vassal/` (overridable by name with
//! `--templates`).

use serde::Serialize;

use super::palette::{MapModel, ModuleModel, Palette, Prototype};
use super::VassalError;
use qm_render::templates::Templates;

/// Template of the module definition.
pub const BUILD_FILE_TEMPLATE: &str = "vassal/buildFile.xml";
/// Template of moduledata.
pub const MODULEDATA_TEMPLATE: &str = "vassal/moduledata.xml";

#[derive(Serialize)]
struct ModuleCtx<'a> {
    name: &'a str,
    version: &'a str,
    description: &'a str,
    vassal_version: &'a str,
    next_piece_slot_id: u32,
    date_saved: u64,
}

#[derive(Serialize)]
struct Ctx<'a> {
    module: ModuleCtx<'a>,
    palette: &'a Palette,
    prototypes: &'a [Prototype],
    map: &'a MapModel,
}

fn ctx<'m>(model: &'m ModuleModel<'_>) -> Ctx<'m> {
    let c = &model.config;
    Ctx {
        module: ModuleCtx {
            name: &c.name,
            version: &c.version,
            description: &c.description,
            vassal_version: &c.vassal_version,
            next_piece_slot_id: model.next_piece_slot_id,
            date_saved: c.date_saved,
        },
        palette: &model.palette,
        prototypes: &model.prototypes,
        map: &model.map,
    }
}

/// Renders buildFile.xml.
pub fn render_build_file(model: &ModuleModel<'_>, t: &Templates) -> Result<String, VassalError> {
    t.render(BUILD_FILE_TEMPLATE, ctx(model))
        .map_err(VassalError::template)
}

/// Renders moduledata.
pub fn render_moduledata(model: &ModuleModel<'_>, t: &Templates) -> Result<String, VassalError> {
    t.render(MODULEDATA_TEMPLATE, ctx(model))
        .map_err(VassalError::template)
}
