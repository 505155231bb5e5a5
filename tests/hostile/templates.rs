//! Item 5: templates are a sandbox with limits: no file outside their directory, fuel, an
//! output cap, and checked `fit` arguments; a missing `--templates` is a usage error.

use crate::run::{qm, workspace, write};

#[test]
fn the_mini_data_builds() {
    let (tmp, _) = workspace();
    qm(tmp.path(), &["build", "--data", "data", "--out", "out"])
        .expect(0)
        .says("1 vehicles");
}

#[test]
fn templates_cannot_include_files_outside_their_directory() {
    let (tmp, _) = workspace();
    for include in [
        "../../../../etc/passwd",
        "/etc/shadow",
        "counter/../../../x",
    ] {
        let front = format!("<svg>\n  {{% include \"{include}\" %}}\n</svg>\n");
        write(&tmp.path().join("tpl/counter/front.svg"), &front);
        let run = build_with_templates(tmp.path(), "tpl");
        run.expect(1)
            .says("error[template::refused]")
            .says("tpl/counter/front.svg:2:6")
            .says("help:");
        assert!(!run.stderr.contains("root:"), "{}", run.stderr);
        assert!(!tmp.path().join("out").exists());
    }
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/etc/passwd", tmp.path().join("tpl/p.svg")).unwrap();
        write(
            &tmp.path().join("tpl/counter/front.svg"),
            "<svg>{% include \"p.svg\" %}</svg>",
        );
        build_with_templates(tmp.path(), "tpl")
            .expect(1)
            .says("outside the template directory");
    }
}

#[test]
fn template_loops_run_out_of_fuel_and_fit_arguments_are_checked() {
    let (tmp, _) = workspace();
    let cases = [
        (
            "<svg>\n{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}</svg>",
            "template::out-of-fuel",
        ),
        (
            "<svg>{{ (\"x\" * 40000000) | safe }}\n{{ (\"x\" * 40000000) | safe }}</svg>",
            "template::output-too-large",
        ),
        (
            "<svg>\n{{ fit(\"x\", x=0, y=0, w=10, h=10, size=1e308) }}</svg>",
            "size must be between 0 and 1000, not 1e308",
        ),
        (
            "<svg>\n{{ fit(\"x\", x=0, y=0, w=10, h=10, size=1e8, min=1e-6) }}</svg>",
            "size must be between",
        ),
    ];
    for (front, says) in cases {
        write(&tmp.path().join("tpl/counter/front.svg"), front);
        build_with_templates(tmp.path(), "tpl")
            .expect(1)
            .says(says)
            .says("front.svg:2:");
    }
}

#[test]
fn a_missing_templates_directory_is_a_usage_error() {
    let (tmp, _) = workspace();
    for dir in ["/nonexistent", "data/vassal.toml"] {
        build_with_templates(tmp.path(), dir)
            .expect(2)
            .says("as the template directory");
    }
}

/// `qm build --data data --out out --templates TEMPLATES` in `dir`.
fn build_with_templates(dir: &std::path::Path, templates: &str) -> crate::run::Run {
    build_with_templates_and(dir, templates, &[])
}

/// [`build_with_templates`] with more arguments.
fn build_with_templates_and(
    dir: &std::path::Path,
    templates: &str,
    more: &[&str],
) -> crate::run::Run {
    let mut args = vec![
        "build",
        "--data",
        "data",
        "--out",
        "out",
        "--templates",
        templates,
    ];
    args.extend_from_slice(more);
    qm(dir, &args)
}

/// Issue 24, item 11: deep expressions are refused before the engine parses them.
#[test]
fn deep_template_expressions_are_refused_not_overflowing_the_stack() {
    let (tmp, _) = workspace();
    for deep in [
        format!("{}x", "not ".repeat(10_000)),
        format!("counter{}", ".name".repeat(20_000)),
    ] {
        let front = format!("<svg>\n  {{{{ {deep} }}}}</svg>\n");
        write(&tmp.path().join("tpl/counter/front.svg"), &front);
        build_with_templates(tmp.path(), "tpl")
            .expect(1)
            .says("error[template::limit]")
            .says("levels deep")
            .says("tpl/counter/front.svg:2:");
        assert!(!tmp.path().join("out").exists());
    }
}

/// Issue 24, item 11 (found by the `template` fuzz target): an import into something that is
/// not a name (`as m|int`) made the engine panic while compiling the template; it is a
/// diagnostic at the token, and a macro file imported by a plain name still builds.
#[test]
fn an_import_into_anything_but_a_name_is_a_diagnostic_not_a_panic() {
    let (tmp, _) = workspace();
    let front =
        |target: &str| format!("<svg>\n{{% import \"counter/macros.svg\" as {target} %}}</svg>\n");
    for (target, column) in [("m|int", "36"), ("1", "35"), ("true", "35")] {
        write(&tmp.path().join("tpl/counter/front.svg"), &front(target));
        let run = build_with_templates(tmp.path(), "tpl");
        run.expect(1)
            .says("error[template::render]")
            .says("not a plain name")
            .says(&format!("tpl/counter/front.svg:2:{column}"));
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert!(!tmp.path().join("out").exists());
    }
    write(&tmp.path().join("tpl/counter/front.svg"), &front("m"));
    build_with_templates(tmp.path(), "tpl").expect(0);
}

/// Issue 24, item 11: a value doubled in a loop, or a filter given a huge size, ends in a
/// diagnostic, not an allocation abort.
#[test]
fn huge_values_and_sized_filters_end_in_a_diagnostic() {
    let (tmp, _) = workspace();
    let cases = [
        (
            "<svg>\n{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}</svg>",
            "MiB of memory",
        ),
        (
            "<svg>\n{{ \"ab\" | indent(2000000000) }}</svg>",
            "front.svg:2:",
        ),
        (
            "<svg>\n{{ \"%2000000000s\" | format(\"a\") }}</svg>",
            "front.svg:2:",
        ),
        (
            "<svg>\n{{ [1, 2] | batch(2000000000) | list }}</svg>",
            "front.svg:2:",
        ),
    ];
    for (front, says) in cases {
        write(&tmp.path().join("tpl/counter/front.svg"), front);
        build_with_templates(tmp.path(), "tpl")
            .expect(1)
            .says("error[template::limit]")
            .says(says);
        assert!(!tmp.path().join("out").exists());
    }
}

/// Issue 24, item 11: the text functions' work is bounded per render, so 10,000 calls of the
/// largest fit the arguments allow end in seconds.
#[test]
fn fitting_work_is_bounded_per_render() {
    let (tmp, _) = workspace();
    let front = "<svg>\n{% set t = \"word \" * 1999 %}{% for i in range(10000) %}{% set f = fit(t, x=0, y=0, w=1, h=1, size=999, min=0.5) %}{% endfor %}</svg>";
    write(&tmp.path().join("tpl/counter/front.svg"), front);
    build_with_templates(tmp.path(), "tpl")
        .expect(1)
        .says("error[template::limit]")
        .says("text functions");
}

/// Issue 24, item 11: a template that is a FIFO is refused without being opened, and the
/// cache's hash of the template folder follows no link (three `x -> .` links and a link to
/// `/` cost one entry each).
#[cfg(unix)]
#[test]
fn template_files_are_read_only_as_regular_files_and_links_are_not_followed() {
    let (tmp, _) = workspace();
    let tpl = tmp.path().join("tpl");
    std::fs::create_dir_all(tpl.join("counter")).unwrap();
    for n in ["x", "y", "z"] {
        std::os::unix::fs::symlink(".", tpl.join(n)).unwrap();
    }
    std::os::unix::fs::symlink("/", tpl.join("root")).unwrap();
    build_with_templates(tmp.path(), "tpl").expect(0);
    std::fs::remove_dir_all(tmp.path().join("out")).unwrap();
    let fifo = tpl.join("counter/front.svg");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid C string.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    build_with_templates(tmp.path(), "tpl")
        .expect(1)
        .says("not a regular file");
    assert!(!tmp.path().join("out").exists());
}

/// Issue 31, item 9: a value doubled in a loop on every counter side of the whole reference
/// data, with the build's threads beside the renders, under the run's 1 GiB address-space
/// limit: the renders of the process share one memory bound checked before each allocation
/// (and freed address space is given back), so the build ends in a diagnostic, never an
/// allocation abort (exit 134). (More `--jobs` need more address space for the build's own
/// threads, whatever the templates do: 8 jobs of a debug build take 684 MiB before any.)
#[test]
fn renders_in_parallel_share_one_memory_bound_under_an_address_space_limit() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    qm_test_support::copy_dir(&crate::run::root().join("data-src"), &data);
    write(
        &tmp.path().join("tpl/counter/front.svg"),
        "<svg>\n{% set ns = namespace(s=\"x\") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s | length }}</svg>",
    );
    let run = build_with_templates_and(tmp.path(), "tpl", &["--jobs", "2"]);
    assert!(!run.stderr.contains("memory allocation"), "{}", run.stderr);
    run.expect(1)
        .says("error[template::limit]")
        .says("MiB of memory")
        .says("renders running beside it");
    assert!(!tmp.path().join("out").exists());
}
