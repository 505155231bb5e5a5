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
    qm(
        dir,
        &[
            "build",
            "--data",
            "data",
            "--out",
            "out",
            "--templates",
            templates,
        ],
    )
}
