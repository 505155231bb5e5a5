//! The VASSAL module: `out/vassal/<module>.vmod`, a zip of `buildFile.xml`, `moduledata` and
//! every image a piece names (see `shared/VASSAL.md` for the format as the engine reads it).
//!
//! # Steps
//! 1. [`assemble`] (`palette`): IR + counter PNGs + gpid registry -> [`ModuleModel`]: one
//!    PieceSlot per vehicle (Marker properties, Flip layer) using prototypes for what vehicles
//!    share (Motion, Delete, CE/BU for AFVs), encoded with [`traits`] / [`encode`].
//! 2. [`module_xml`]: the model -> `buildFile.xml` and `moduledata` via `templates/vassal/`.
//! 3. [`archive`]: deterministic zip.
//!
//! [`merge`] puts the generated palette, prototypes and images into a maintainer's own module;
//! [`check`] reads a module back (with [`decode`]) and finds what would break in the engine.
//!
//! The counter images are an input ([`CounterPng`]): the renderer's PNGs
//! (`qm_render::module_images::rendered_images`).

pub mod archive;
pub mod check;
pub mod decode;
pub mod encode;
pub mod error;
pub mod merge;
pub mod module_xml;
pub mod palette;
pub mod traits;

use error::VassalError;
use qm_load::module_files::config::ModuleConfig;
use qm_load::module_files::gpids::GpidRegistry;
use qm_render::module_images::CounterPng;

use qm_registry::NationRegistries;
use qm_schema::Nation;

pub use palette::{assemble, ModuleModel};

use qm_load::data_dir::Loaded;
use qm_render::artifact::Artifact;
use qm_render::templates::Templates;

/// A built module: its file name, bytes, and the model it was made from.
#[derive(Debug, Clone)]
pub struct Vmod {
    /// File name under `out/vassal/`.
    pub file_name: String,
    /// The zip's bytes.
    pub bytes: Vec<u8>,
    /// The rendered buildFile.xml.
    pub build_file: String,
    /// What went in.
    pub model: ModuleModel<'static>,
}

/// Makes the module: assembles, renders and zips. `registries` give each nation's vehicle
/// types (the palette's panels).
pub fn build_vmod(
    nations: &[Nation],
    images: &[CounterPng],
    config: &ModuleConfig,
    registry: &GpidRegistry,
    templates: &Templates,
    registries: &dyn NationRegistries,
) -> Result<Vmod, VassalError> {
    let model = assemble(nations, images, config, registry, registries, templates)?;
    let (build_file, bytes) = zip_model(&model, templates)?;
    Ok(Vmod {
        file_name: config.file_name(),
        bytes,
        build_file,
        model: model.into_owned(),
    })
}

/// The model's buildFile.xml and the zip of it, its moduledata and its images.
fn zip_model(
    model: &ModuleModel<'_>,
    templates: &Templates,
) -> Result<(String, Vec<u8>), VassalError> {
    let (build_file, moduledata) = model_texts(model, templates)?;
    let bytes = archive::write_vmod(entries(model, &build_file, &moduledata))?;
    Ok((build_file, bytes))
}

/// The model's buildFile.xml and moduledata.
fn model_texts(
    model: &ModuleModel<'_>,
    templates: &Templates,
) -> Result<(String, String), VassalError> {
    let build_file = module_xml::render_build_file(model, templates)?;
    let moduledata = module_xml::render_moduledata(model, templates)?;
    Ok((build_file, moduledata))
}

/// The module's entries: its two texts and every image, by name.
fn entries<'a>(
    model: &'a ModuleModel<'_>,
    build_file: &'a str,
    moduledata: &'a str,
) -> Vec<(String, &'a [u8])> {
    let mut entries: Vec<(String, &[u8])> = vec![
        ("buildFile.xml".to_string(), build_file.as_bytes()),
        ("moduledata".to_string(), moduledata.as_bytes()),
    ];
    let images = model.images.iter().map(|(path, png)| (path, &png[..]));
    let shell = model
        .shell_images
        .iter()
        .map(|(path, png)| (path, &png[..]));
    for (path, png) in images.chain(shell) {
        entries.push((format!("images/{path}"), png));
    }
    entries
}

/// The zip of the model, and qm's check of it read back ([`check::check_vmod`]): the
/// buildFile's checks run on its text beside the zipping, and count for the zip when it reads
/// back the same text and entry names ([`check::check_vmod_knowing`]).
fn zip_and_check(
    model: &ModuleModel<'_>,
    templates: &Templates,
) -> Result<(Vec<u8>, check::CheckReport), VassalError> {
    let (build_file, moduledata) = model_texts(model, templates)?;
    let entries = entries(model, &build_file, &moduledata);
    let files: std::collections::BTreeSet<String> =
        entries.iter().map(|(name, _)| name.clone()).collect();
    let (bytes, report) = rayon::join(
        || archive::write_vmod(entries),
        || check::check_build_file(&build_file, &files),
    );
    let bytes = bytes?;
    let known = check::Checked {
        build_file: &build_file,
        files,
        report,
    };
    let report = check::check_vmod_knowing(&bytes, Some(known))?;
    Ok((bytes, report))
}

/// Builds the module with the `vassal.toml` and gpid registry the load stage read (never the
/// files again: the module is made from what `qm check` checked); names are read with the
/// data's registries.
pub fn build_from_data(
    loaded: &Loaded,
    nations: &[Nation],
    images: &[CounterPng],
    templates: &Templates,
) -> Result<Vmod, VassalError> {
    let config = ModuleConfig::from_file(&loaded.module_files.config)?;
    let registry = GpidRegistry::from_file(&loaded.module_files.gpids)?.unwrap_or_default();
    build_vmod(nations, images, &config, &registry, templates, loaded)
}

/// The module as a build artifact: `vassal/<module file>`.
pub fn module_artifact(
    loaded: &Loaded,
    nations: &[Nation],
    images: &[CounterPng],
    templates: &Templates,
) -> Result<Artifact, VassalError> {
    let config = ModuleConfig::from_file(&loaded.module_files.config)?;
    let registry = GpidRegistry::from_file(&loaded.module_files.gpids)?.unwrap_or_default();
    // As `build_vmod` makes it, without keeping the model: the PNGs zipped as borrowed.
    let model = assemble(nations, images, &config, &registry, loaded, templates)?;
    // The module is read back by qm's own checker: a module VASSAL would choke on (a
    // duplicate gpid, a missing image) fails the build instead of being written.
    let (bytes, report) = zip_and_check(&model, templates)?;
    drop(model);
    let file_name = config.file_name();
    if !report.is_ok() {
        let shown: Vec<&str> = report.problems.iter().take(5).map(String::as_str).collect();
        return Err(VassalError::new(format!(
            "failed to make {} (qm's module check finds {} problem{}: {}{})",
            file_name,
            report.problems.len(),
            if report.problems.len() == 1 { "" } else { "s" },
            shown.join("; "),
            if report.problems.len() > 5 {
                "; ..."
            } else {
                ""
            }
        )));
    }
    Ok(Artifact::new(format!("vassal/{file_name}"), bytes))
}
