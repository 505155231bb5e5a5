//! `qm vassal ...`: merge the generated palette into an existing module, allocate gpids in the
//! committed registry, and check a module file.

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::cli_report::{
    build_error_text, output_error, plural, report, EXIT_DATA, EXIT_OK, EXIT_USAGE,
};
use qm_compile::pipeline::{compile, Compiled};
use qm_export::artifact::{Input, InputRole, OutputError, OutputFile};
use qm_export::vassal::build_from_data;
use qm_export::vassal::check::check_vmod;
use qm_export::vassal::merge::merge_vmod;
use qm_load::diagnostics::Escaped;
use qm_load::input::{read_input, InputError, InputKind, InputLimits};
use qm_load::module_files::gpids::{
    slot_keys, updated_text, GpidRegistry, MAX_GPID, REGISTRY_FILE,
};
use qm_render::module_images::rendered_images;
use qm_render::templates::Templates;
use qm_render::CounterOptions;

/// `qm vassal`.
#[derive(Debug, Args)]
pub struct VassalArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: VassalCommand,
}

/// The `qm vassal` subcommands.
#[derive(Debug, Subcommand)]
pub enum VassalCommand {
    /// Replace qm's palette, prototypes and images in an existing module; keep the rest as is.
    Merge(MergeArgs),
    /// Report pieces (vehicles, guns, infantry) without a committed gpid; `--update` allocates them.
    Gpids(GpidsArgs),
    /// Check a .vmod: decode every slot and prototype, images, gpids, prototype references.
    Check(CheckModuleArgs),
}

/// `qm vassal merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The maintainer's module to merge into (read only).
    #[arg(long)]
    pub into: PathBuf,
    /// Where to write the merged module.
    #[arg(long)]
    pub out: PathBuf,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
    /// A directory whose templates override the embedded ones by name.
    #[arg(long)]
    pub templates: Option<PathBuf>,
}

/// `qm vassal gpids`.
#[derive(Debug, Args)]
pub struct GpidsArgs {
    /// Allocate gpids for new vehicles and write the registry.
    #[arg(long)]
    pub update: bool,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
}

/// `qm vassal check`.
#[derive(Debug, Args)]
pub struct CheckModuleArgs {
    /// The module file.
    pub module: PathBuf,
}

/// Runs a `qm vassal` command; returns the exit status.
pub fn run(a: VassalArgs) -> u8 {
    match a.command {
        VassalCommand::Merge(a) => merge(a),
        VassalCommand::Gpids(a) => gpids(a),
        VassalCommand::Check(a) => check(&a.module),
    }
}

fn compiled_ok(data: &Path) -> Result<Compiled, u8> {
    let compiled = compile(data, &Default::default());
    match report(&compiled, false) {
        EXIT_OK => Ok(compiled),
        status => Err(status),
    }
}

fn merge(a: MergeArgs) -> u8 {
    let existing = match read_input(&a.into, InputKind::Module, InputLimits::default()) {
        Ok(b) => b,
        Err(e) => return input_error(&e),
    };
    // Before the compile: a refused --out is a usage error, found before any work.
    let out = match OutputFile::check(&a.out, &merge_inputs(&a)) {
        Ok(out) => out,
        Err(e) => return output_error(&e),
    };
    if let Some(status) = crate::cli_build::check_templates_dir(a.templates.as_deref()) {
        return status;
    }
    let compiled = match compiled_ok(&a.data) {
        Ok(c) => c,
        Err(s) => return s,
    };
    let templates = Templates::new(a.templates.as_deref());
    let images = qm_render::Pictures::new(
        &compiled.nations,
        &compiled.loaded,
        &compiled.art,
        &templates,
    )
    .and_then(|pictures| {
        let opts = CounterOptions {
            pictures,
            ..CounterOptions::default()
        };
        rendered_images(&compiled.nations, &templates, &opts)
    });
    let images = match images {
        Ok(i) => i,
        Err(e) => {
            eprint!("{}", build_error_text(&e.into()));
            return EXIT_DATA;
        }
    };
    let merged = build_from_data(&compiled.loaded, &compiled.nations, &images, &templates)
        .and_then(|vmod| merge_vmod(&existing, &vmod.build_file, &vmod.model.images));
    let merged = match merged {
        Ok(m) => m,
        Err(e) => {
            eprint!("{}", build_error_text(&e.into()));
            return EXIT_DATA;
        }
    };
    if let Err(e) = out.write(&merged.bytes) {
        return output_error(&e);
    }
    let s = &merged.summary;
    for d in &s.dropped {
        eprintln!(
            "warning: left out the module's entry {} (unsafe name)",
            qm_load::diagnostics::escape(d)
        );
    }
    println!(
        "qm: wrote {} (replaced {} palette{}, {} prototype{}, {} image{}; nextPieceSlotId {})",
        a.out.escaped(),
        s.replaced_windows,
        plural(s.replaced_windows),
        s.replaced_prototypes,
        plural(s.replaced_prototypes),
        s.replaced_images,
        plural(s.replaced_images),
        s.next_piece_slot_id
    );
    EXIT_OK
}

/// What `qm vassal merge` reads, which its output must never overwrite.
fn merge_inputs(a: &MergeArgs) -> Vec<Input> {
    let mut inputs = vec![Input::new(InputRole::InputModule, &a.into)];
    inputs.extend(Input::with_links(InputRole::DataDir, &a.data));
    if let Some(t) = &a.templates {
        inputs.push(Input::new(InputRole::TemplatesDir, t));
    }
    inputs
}

fn gpids(a: GpidsArgs) -> u8 {
    let compiled = match compiled_ok(&a.data) {
        Ok(c) => c,
        Err(s) => return s,
    };
    // The registry as the compile's load stage read it (and checked it): numbered and edited
    // from those bytes, never from a second read that could differ.
    let file = &compiled.loaded.module_files.gpids;
    let mut registry = match GpidRegistry::from_file(file) {
        Ok(r) => r.unwrap_or_default(),
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_DATA;
        }
    };
    let keys = slot_keys(&compiled.nations);
    let path = a.data.join(REGISTRY_FILE);
    let added = match registry.allocate(keys.iter().map(String::as_str)) {
        Ok(added) => added,
        Err(e) => {
            eprintln!(
                "error: failed to allocate gpids in {} ({e})",
                path.escaped()
            );
            eprintln!("  = help: gpids are given above the largest one and never reused; they must stay at most {MAX_GPID}");
            return EXIT_DATA;
        }
    };
    if added.is_empty() {
        println!("qm: every piece has a gpid in {}", path.escaped());
        return EXIT_OK;
    }
    for k in &added {
        println!("{k} = {}", registry.get(k).unwrap_or_default());
    }
    if !a.update {
        eprintln!(
            "qm: {} piece{} without a committed gpid; run `qm vassal gpids --update`",
            added.len(),
            plural(added.len())
        );
        return EXIT_DATA;
    }
    // An existing registry is edited in place (comments, layout, mode and a symlink kept);
    // a new one is written whole. The registry read as UTF-8 above, so the text is its own.
    let text = match file.bytes() {
        Some(existing) => updated_text(&String::from_utf8_lossy(existing), &registry, &added),
        None => Ok(registry.to_toml()),
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: failed to update {} ({e})", path.escaped());
            return EXIT_DATA;
        }
    };
    let written = registry_target(&a.data, &path).and_then(|t| t.write(text.as_bytes()));
    if let Err(e) = written {
        return output_error(&e);
    }
    println!(
        "qm: allocated {} gpid{} in {}",
        added.len(),
        plural(added.len()),
        path.escaped()
    );
    EXIT_OK
}

/// The file `gpids --update` writes: the registry, or what its link leads to (the link is
/// kept), checked like any output against every other file of the data directory by identity
/// (a registry linked to a listing would replace it). A dangling link is checked as itself,
/// and refused.
fn registry_target(data: &Path, path: &Path) -> Result<OutputFile, OutputError> {
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    };
    OutputFile::check(&target, &Input::data_files(data, path))
}

/// A module that cannot be read is a usage error: the path given is wrong.
fn input_error(e: &InputError) -> u8 {
    eprintln!("error: {e}");
    if let Some(help) = e.help() {
        eprintln!("  = help: {help}");
    }
    EXIT_USAGE
}

fn check(path: &Path) -> u8 {
    let bytes = match read_input(path, InputKind::Module, InputLimits::default()) {
        Ok(b) => b,
        Err(e) => return input_error(&e),
    };
    match check_vmod(&bytes) {
        Ok(r) if r.is_ok() => {
            println!(
                "qm: {} ok ({} slots, {} prototypes)",
                path.escaped(),
                r.slots.len(),
                r.prototypes.len()
            );
            EXIT_OK
        }
        Ok(r) => {
            // A module is foreign input: its names may hold terminal escapes.
            for p in &r.problems {
                println!("PROBLEM: {}", qm_load::diagnostics::escape(p));
            }
            eprintln!("qm: {} has {} problem(s)", path.escaped(), r.problems.len());
            EXIT_DATA
        }
        Err(e) => {
            eprintln!("error: {}", qm_load::diagnostics::escape(&e.to_string()));
            EXIT_DATA
        }
    }
}
