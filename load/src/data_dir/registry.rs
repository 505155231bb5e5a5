//! The registries a data directory is read with: the shared files — the data's own
//! `registry/theaters.toml`, `registry/vehicle-types.toml`, `registry/rules.toml`,
//! `registry/gun-types.toml` and `registry/colours.toml`, or the repository's, built into
//! `qm` — and each nation's additions (`<nation>/theaters.toml`, `<nation>/vehicle-types.toml`).

use qm_registry::Registries;

use super::{add_source, read_plain, unread, Loaded};

/// The repository's `data-src/registry/theaters.toml`, used when a data directory has none.
pub const BUILT_IN_THEATERS: &str = include_str!("../../../data-src/registry/theaters.toml");

/// The repository's `data-src/registry/vehicle-types.toml`, used when a data directory has
/// none.
pub const BUILT_IN_VEHICLE_TYPES: &str =
    include_str!("../../../data-src/registry/vehicle-types.toml");

/// The repository's `data-src/registry/gun-types.toml`, used when a data directory has none.
pub const BUILT_IN_GUN_TYPES: &str = include_str!("../../../data-src/registry/gun-types.toml");

/// The repository's `data-src/registry/rules.toml`, used when a data directory has none.
pub const BUILT_IN_RULES: &str = include_str!("../../../data-src/registry/rules.toml");

/// The repository's `data-src/registry/colours.toml`, used when a data directory has none.
pub const BUILT_IN_COLOURS: &str = include_str!("../../../data-src/registry/colours.toml");

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
    let rules = file("rules.toml", BUILT_IN_RULES);
    let guns = file("gun-types.toml", BUILT_IN_GUN_TYPES);
    let colours = file("colours.toml", BUILT_IN_COLOURS);
    let mut diags = Vec::new();
    loaded.registries = Registries::read(&loaded.sources, theaters, types, &mut diags);
    loaded
        .registries
        .read_rules(&loaded.sources, rules, &mut diags);
    loaded
        .registries
        .read_guns(&loaded.sources, guns, &mut diags);
    loaded
        .registries
        .read_colours(&loaded.sources, colours, &mut diags);
    loaded.diagnostics.extend(diags);
}

/// The registries of nation `id`: the shared ones with the nation's own files added; `None`
/// when one of its files is there but could not be read (reported).
pub(super) fn load_nation_registries(loaded: &mut Loaded, id: &str) -> Option<Registries> {
    let dir = loaded.data_dir.join(id);
    let theaters = read_plain(loaded, &dir, id, "theaters.toml");
    let types = read_plain(loaded, &dir, id, "vehicle-types.toml");
    if unread(&dir, "theaters.toml", theaters) || unread(&dir, "vehicle-types.toml", types) {
        return None;
    }
    if theaters.is_none() && types.is_none() {
        return Some(loaded.registries.clone());
    }
    let mut diags = Vec::new();
    let r = loaded
        .registries
        .with_nation(&loaded.sources, theaters, types, &mut diags);
    loaded.diagnostics.extend(diags);
    Some(r)
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
    let rules = map.next_id();
    map.add(qm_parser::Source::new(
        rules,
        "registry/rules.toml",
        BUILT_IN_RULES,
    ));
    let guns = map.next_id();
    map.add(qm_parser::Source::new(
        guns,
        "registry/gun-types.toml",
        BUILT_IN_GUN_TYPES,
    ));
    let colours = map.next_id();
    map.add(qm_parser::Source::new(
        colours,
        "registry/colours.toml",
        BUILT_IN_COLOURS,
    ));
    let mut diags = Vec::new();
    let mut r = Registries::read(&map, theaters, types, &mut diags);
    r.read_rules(&map, rules, &mut diags);
    r.read_guns(&map, guns, &mut diags);
    r.read_colours(&map, colours, &mut diags);
    diags.is_empty().then_some(r)
}

#[cfg(test)]
mod tests {
    use qm_registry::Silhouette;
    use qm_schema::{TheaterId, YearMonth};

    use super::*;

    #[test]
    fn rule_178_is_data_axis_north_africa_before_october_1941_except_motorcycles() {
        let r = built_in_registries().expect("the built-in registry files read cleanly");
        assert_eq!(r.rules.red_mp.len(), 1);
        let red = |axis, theater: &str, year, month, class| {
            r.rules
                .red_mp(
                    axis,
                    &TheaterId::new(theater),
                    YearMonth { year, month },
                    class,
                    &r.theaters,
                )
                .map(|rule| rule.rule.as_str())
        };
        let tank = Some(Silhouette::Tank);
        assert_eq!(red(true, "NorthAfrica", 1941, 9, tank), Some("178"));
        assert_eq!(red(true, "NorthAfrica", 1941, 10, tank), None);
        assert_eq!(red(false, "NorthAfrica", 1940, 6, tank), None);
        // Tunisia is part of North Africa (194.2); an unknown type is not excepted.
        assert_eq!(red(true, "Tunisia", 1941, 9, None), Some("178"));
        assert_eq!(red(true, "Russia", 1941, 8, tank), None);
        // "[EXC: motorcycles]".
        assert_eq!(
            red(true, "NorthAfrica", 1941, 9, Some(Silhouette::Motorcycle)),
            None
        );
    }
}
