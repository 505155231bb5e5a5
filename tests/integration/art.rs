//! Pictures on counters: a maintainer's SVG and PNG art on their vehicles' counters (and in
//! every artifact), a silhouette of the type's class everywhere else, and every bad picture
//! reported by `check` before a build could draw a blank.

use std::path::Path;

use base64::Engine;
use qm_compile::pipeline::{compile, Compiled};
use qm_render::templates::Templates;
use qm_render::{counter_image, counter_svg, CounterOptions, Picture};
use qm_schema::{CounterSide, Nation};
use resvg::tiny_skia::Pixmap;

use crate::render::picture_boxes;
use crate::support::{root, run_qm, DATA_URI_FILTERS};
use qm_test_support::copy_dir;

/// A data directory holding the made-up nation `rur` with the test art folder.
fn data_with_art() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &root().join("tests/fixtures-nations/rur"),
        &dir.path().join("rur"),
    );
    copy_dir(
        &root().join("tests/fixtures-art/art"),
        &dir.path().join("rur/art"),
    );
    dir
}

fn nation<'a>(c: &'a Compiled, id: &str) -> &'a Nation {
    c.nations.iter().find(|n| n.id == id).unwrap()
}

fn options(c: &Compiled, t: &Templates) -> CounterOptions {
    CounterOptions {
        pictures: qm_render::Pictures::new(&c.nations, &c.loaded, &c.art, t).unwrap(),
        ..CounterOptions::default()
    }
}

/// The SVG inside a picture's `data:` URI.
pub(crate) fn decoded_svg(p: &Picture) -> String {
    let b64 = p.href.strip_prefix("data:image/svg+xml;base64,").unwrap();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    String::from_utf8(bytes).unwrap()
}

/// How many pixels of a counter PNG inside its picture box are close to `rgb`.
pub(crate) fn pixels_like(png: &[u8], svg: &str, px: u32, rgb: (u8, u8, u8)) -> usize {
    let pixmap = Pixmap::decode_png(png).unwrap();
    let scale = px as f32 / 100.0;
    let mut n = 0;
    for b in picture_boxes(svg) {
        for y in (b.top() * scale) as u32..(b.bottom() * scale) as u32 {
            for x in (b.left() * scale) as u32..(b.right() * scale) as u32 {
                let p = pixmap.pixel(x, y).unwrap().demultiply();
                let d = |a: u8, b: u8| (i32::from(a) - i32::from(b)).abs();
                if d(p.red(), rgb.0) + d(p.green(), rgb.1) + d(p.blue(), rgb.2) < 40 {
                    n += 1;
                }
            }
        }
    }
    n
}

#[test]
fn art_goes_on_its_vehicles_and_silhouettes_on_the_others() {
    let data = data_with_art();
    let c = compile(data.path(), &Default::default());
    assert!(!c.failed(true), "{:#?}", c.diagnostics);
    let t = Templates::new(None);
    let opts = options(&c, &t);
    let rur = nation(&c, "rur");
    // By the vehicle's id, and by the index (a file name with a space).
    let rook = opts.pictures.get("rur", "rook-mk-i").unwrap();
    assert_eq!((rook.kind, rook.class), ("art", Some("tank")));
    assert_eq!(rook.file.as_deref(), Some("rur/art/rook-mk-i.svg"));
    assert_eq!(rook.aspect, 2.4);
    let kestrel = opts.pictures.get("rur", "kestrel").unwrap();
    assert_eq!(kestrel.kind, "art");
    assert_eq!(kestrel.file.as_deref(), Some("rur/art/kestrel side.png"));
    // 600 x 240 shrunk to 512 x 205 (the shape kept).
    assert!(kestrel.href.starts_with("data:image/png;base64,"));
    assert!((kestrel.aspect - 512.0 / 205.0).abs() < 1e-3);
    for v in &rur.vehicles {
        let p = opts.pictures.get("rur", &v.id).unwrap();
        let art = v.id == "rook-mk-i" || v.id == "kestrel";
        assert_eq!(p.kind == "art", art, "{}", v.id);
    }
    // The SVG art as counters embed it: shapes only, its text turned into paths.
    let svg = decoded_svg(rook);
    assert!(!svg.contains("<text") && !svg.contains("ROOK"));
    insta::assert_snapshot!("art_rook_mk_i_prepared", svg);
    for (id, colour) in [
        ("rook-mk-i", (0x6b, 0x77, 0x40)),
        ("kestrel", (0x8a, 0x6f, 0x3e)),
    ] {
        let v = rur.vehicles.iter().find(|v| v.id == id).unwrap();
        for side in [CounterSide::Front, CounterSide::Back] {
            let svg = counter_svg(rur, v, side, &t, &opts).unwrap();
            let name = format!("art_counter_{id}_{}", qm_render::side_name(side));
            insta::with_settings!({ filters => DATA_URI_FILTERS.to_vec() }, {
                insta::assert_snapshot!(name, svg);
            });
        }
        // The art is in the PNG (drawn, in its own colours, inside the picture box).
        let big = CounterOptions {
            px: 200,
            ..opts.clone()
        };
        let image = counter_image(rur, v, CounterSide::Front, &t, &big).unwrap();
        let seen = pixels_like(&image.png, &image.svg, 200, colour);
        assert!(seen > 200, "{id}: {seen} pixels of the art's colour");
    }
}

#[test]
fn one_counter_per_silhouette_class() {
    let t = Templates::new(None);
    let ita = compile(&root().join("data-src"), &Default::default());
    let rur = compile(&root().join("tests/fixtures-nations"), &Default::default());
    let cases = [
        ("tank", &ita, "ita", "m13-40"),
        ("turretless", &ita, "ita", "smv-m40-75-18"),
        ("tankette", &ita, "ita", "l3-35"),
        ("armored_car", &ita, "ita", "ab-41"),
        ("halftrack", &rur, "rur", "kestrel"),
        ("truck", &ita, "ita", "autocarro-m"),
        ("carrier", &ita, "ita", "autoprot-s37"),
        ("motorcycle", &rur, "rur", "dispatch-cycle"),
    ];
    for (class, compiled, n, id) in cases {
        let opts = options(compiled, &t);
        let nation = nation(compiled, n);
        let v = nation.vehicles.iter().find(|v| v.id == id).unwrap();
        let p = opts.pictures.get(n, id).unwrap();
        assert_eq!((p.kind, p.class), ("silhouette", Some(class)), "{id}");
        // The silhouette as the template drew it and the sandbox wrote it back.
        insta::assert_snapshot!(format!("silhouette_{class}"), decoded_svg(p));
        let svg = counter_svg(nation, v, CounterSide::Front, &t, &opts).unwrap();
        insta::with_settings!({ filters => DATA_URI_FILTERS.to_vec() }, {
            insta::assert_snapshot!(format!("silhouette_counter_{class}"), svg);
        });
        let image = counter_image(nation, v, CounterSide::Front, &t, &opts).unwrap();
        let ink = pixels_like(&image.png, &image.svg, 60, (0x1a, 0x1a, 0x14));
        assert!(
            ink > 40,
            "{id}: the silhouette is drawn ({ink} dark pixels)"
        );
    }
}

/// Every silhouette class is drawn by a template of its own name, and an override of it in
/// `--templates` is used instead (and read in the same sandbox as art).
#[test]
fn silhouettes_are_templates_that_can_be_overridden() {
    use qm_registry::Silhouette;
    let dir = tempfile::tempdir().unwrap();
    let t = Templates::new(None);
    for (name, class) in Silhouette::NAMES {
        assert_eq!(
            qm_render::silhouette_template(class),
            format!("counter/silhouettes/{name}.svg")
        );
        assert!(qm_render::silhouette(&t, class).is_ok(), "{name}");
    }
    let over = dir.path().join("counter/silhouettes");
    std::fs::create_dir_all(&over).unwrap();
    std::fs::write(
        over.join("truck.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><circle cx="5" cy="5" r="4"/></svg>"#,
    )
    .unwrap();
    let t = Templates::new(Some(dir.path()));
    let truck = qm_render::silhouette(&t, Silhouette::Truck).unwrap();
    assert_eq!((truck.width, truck.height), (20.0, 10.0));
    // An override reaching for a file is refused, as art would be.
    std::fs::write(
        over.join("tank.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><image href="/etc/hostname" width="5" height="5"/><rect width="5" height="5"/></svg>"#,
    )
    .unwrap();
    let e = qm_render::silhouette(&t, Silhouette::Tank).unwrap_err();
    assert!(e.to_string().contains("/etc/hostname"), "{e}");
}

#[test]
fn a_build_puts_the_art_in_every_artifact() {
    let data = data_with_art();
    let d = data.path().to_str().unwrap();
    let update = run_qm(&["vassal", "gpids", "--update", "--data", d], data.path());
    assert!(update.starts_with("exit: 0"), "{update}");
    let out_dir = tempfile::tempdir().unwrap();
    let out = out_dir.path().join("out");
    let build = run_qm(
        &[
            "build",
            "--strict",
            "--data",
            d,
            "--out",
            out.to_str().unwrap(),
        ],
        data.path(),
    );
    assert!(build.starts_with("exit: 0"), "{build}");
    let front = |id: &str| {
        std::fs::read_to_string(out.join(format!("rur/counters/{id}-front.svg"))).unwrap()
    };
    assert!(front("rook-mk-i").contains("data-picture=\"art\""));
    assert!(front("kestrel").contains("href=\"data:image/png;base64,"));
    assert!(front("lancer").contains("data-picture=\"silhouette\" data-class=\"turretless\""));
    // The sheet holds the PNG art as an image (and the SVG art as vector forms).
    let sheet = std::fs::read(out.join("rur/sheets/rur-counters-a4.pdf")).unwrap();
    let pdf = lopdf::Document::load_mem(&sheet).unwrap();
    let images = pdf
        .objects
        .values()
        .filter(|o| {
            o.as_stream().is_ok_and(|s| {
                s.dict
                    .get(b"Subtype")
                    .is_ok_and(|t| t.as_name().ok() == Some(b"Image"))
            })
        })
        .count();
    assert!(
        images >= 2,
        "{images} images in the sheet (the Kestrel's front and back)"
    );
    // The module's piece image is the counter PNG.
    let vmod = std::fs::read_dir(out.join("vassal"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vmod"))
        .unwrap();
    let report = qm_export::vassal::check::check_vmod(&std::fs::read(vmod).unwrap()).unwrap();
    assert!(report.is_ok(), "{:#?}", report.problems);
}

/// A data directory with the test art and one change made by `edit`, checked.
fn check_with(edit: impl FnOnce(&Path)) -> String {
    let data = data_with_art();
    edit(&data.path().join("rur/art"));
    let out = run_qm(
        &["check", "--data", data.path().to_str().unwrap()],
        data.path(),
    );
    out.replace(data.path().to_str().unwrap(), "DATA")
}

#[test]
fn oversized_and_outside_art_is_refused() {
    // Over the 8 MiB cap: an error naming the file and the vehicle.
    let out = check_with(|art| {
        let mut svg = std::fs::read_to_string(art.join("rook-mk-i.svg")).unwrap();
        svg.push_str(&format!("<!-- {} -->", "x".repeat(9 * 1024 * 1024)));
        std::fs::write(art.join("rook-mk-i.svg"), svg).unwrap();
    });
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(
        out.contains("error[art::too-large]: failed to read rur/art/rook-mk-i.svg, the art of Rook Mk I (it is larger than 8 MiB"),
        "{out}"
    );
    // The art folder itself a symlink leading out of the nation's folder.
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("warden.svg"), "<svg/>").unwrap();
    let out = check_with(|art| {
        std::fs::remove_dir_all(art).unwrap();
        std::os::unix::fs::symlink(outside.path(), art).unwrap();
    });
    assert!(out.starts_with("exit: 1"), "{out}");
    assert!(out.contains("error[art::folder]: failed to read the art folder rur/art (it is a symlink leading out of the nation's folder)"), "{out}");
    // A symlink that stays inside the folder is read like the file it names.
    let out = check_with(|art| {
        std::os::unix::fs::symlink("rook-mk-i.svg", art.join("rook-mk-ii.svg")).unwrap();
    });
    assert!(out.starts_with("exit: 0"), "{out}");
    assert!(!out.contains("art::"), "{out}");
}
