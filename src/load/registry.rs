//! The registries a data directory is read with: the shared files — the data's own
//! `registry/theaters.toml` and `registry/vehicle-types.toml`, or the repository's, built into
//! `qm` — and each nation's additions (`<nation>/theaters.toml`, `<nation>/vehicle-types.toml`).

use qm_resolve::Registries;

use super::{add_source, read_plain, Loaded};

/// The repository's `data-src/registry/theaters.toml`, used when a data directory has none.
pub const BUILT_IN_THEATERS: &str = include_str!("../../data-src/registry/theaters.toml");

/// The repository's `data-src/registry/vehicle-types.toml`, used when a data directory has
/// none.
pub const BUILT_IN_VEHICLE_TYPES: &str = include_str!("../../data-src/registry/vehicle-types.toml");

/// The name the built-in files carry in diagnostics.
const BUILT_IN: &str = "(built in)";

/// Reads the shared registries into `loaded.registries`: each file from `registry/` of the
/// data directory when it is there (it replaces the built-in one), else the built-in one.
pub(super) fn load_shared(loaded: &mut Loaded) {
    let dir = loaded.data_dir.join("registry");
    let mut file = |name: &str, built_in: &str| {
        read_plain(loaded, &dir, "registry", name).unwrap_or_else(|| {
            add_source(
                loaded,
                format!("{BUILT_IN} registry/{name}"),
                built_in.to_string(),
                None,
                Vec::new(),
            )
        })
    };
    let theaters = file("theaters.toml", BUILT_IN_THEATERS);
    let types = file("vehicle-types.toml", BUILT_IN_VEHICLE_TYPES);
    let mut diags = Vec::new();
    loaded.registries = Registries::read(&loaded.sources, theaters, types, &mut diags);
    loaded.diagnostics.extend(diags);
}

/// The registries of nation `id`: the shared ones with the nation's own files added.
pub(super) fn load_nation_registries(loaded: &mut Loaded, id: &str) -> Registries {
    let dir = loaded.data_dir.join(id);
    let theaters = read_plain(loaded, &dir, id, "theaters.toml");
    let types = read_plain(loaded, &dir, id, "vehicle-types.toml");
    if theaters.is_none() && types.is_none() {
        return loaded.registries.clone();
    }
    let mut diags = Vec::new();
    let r = loaded
        .registries
        .with_nation(&loaded.sources, theaters, types, &mut diags);
    loaded.diagnostics.extend(diags);
    r
}

/// The registries built into `qm` (the repository's files), for code that reads an IR without
/// a data directory; `None` if the built-in files are broken (a test keeps them clean).
pub fn built_in_registries() -> Option<Registries> {
    let mut map = qm_parser::SourceMap::new();
    let theaters = map.next_id();
    map.add(qm_parser::Source::new(
        theaters,
        "registry/theaters.toml",
        BUILT_IN_THEATERS,
    ));
    let types = map.next_id();
    map.add(qm_parser::Source::new(
        types,
        "registry/vehicle-types.toml",
        BUILT_IN_VEHICLE_TYPES,
    ));
    let mut diags = Vec::new();
    let r = Registries::read(&map, theaters, types, &mut diags);
    diags.is_empty().then_some(r)
}
