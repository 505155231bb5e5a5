//! Calls the template text functions `fit`, `fit_block` and `text_width` with arbitrary
//! arguments through qm's real template environment (fuel, output cap, escaping): no panic,
//! no hang (libFuzzer's -timeout), and a result is finite, inside what was asked for.

#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use qm_render::templates::Templates;
use serde_json::{Map, Value};

/// The keyword arguments `fit` and `fit_block` take, each passed or not.
const KWARGS: [&str; 10] = [
    "x", "y", "w", "h", "size", "min", "lines", "bold", "align", "leading",
];

/// A number a template might pass: usually ordinary, sometimes extreme.
fn number(u: &mut Unstructured) -> Result<f64> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => f64::from(u.int_in_range(-2000..=2000i32)?) / 4.0,
        1 => *u.choose(&[
            0.0,
            -0.0,
            1e-300,
            1e-6,
            0.5,
            1e6,
            1e8,
            1e308,
            f64::MAX,
            f64::MIN_POSITIVE,
        ])?,
        2 => *u.choose(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY])?,
        3 => f64::from(u.int_in_range(1..=200u8)?),
        _ => u.arbitrary()?,
    })
}

fn value(u: &mut Unstructured, key: &str) -> Result<Value> {
    Ok(match key {
        "lines" => Value::from(u.int_in_range(-5..=2000i64)?),
        "bold" => Value::from(u.arbitrary::<bool>()?),
        "align" => Value::from(*u.choose(&["start", "middle", "end", "left", ""])?),
        _ => serde_json::Number::from_f64(number(u)?).map_or(Value::Null, Value::Number),
    })
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(which) = u.int_in_range(0..=2u8) else {
        return;
    };
    let mut ctx = Map::new();
    let mut args = String::new();
    for key in KWARGS {
        // x, y, w and h are required: leave one out now and then.
        if u.ratio(7u8, 8u8).unwrap_or(false) {
            let Ok(v) = value(&mut u, key) else { return };
            ctx.insert(key.into(), v);
            args.push_str(&format!(", {key}={key}"));
        }
    }
    let Ok(size) = number(&mut u) else { return };
    let Ok(items) = u.arbitrary::<Vec<String>>() else {
        return;
    };
    let text = u.arbitrary::<String>().unwrap_or_default();
    ctx.insert("text".into(), Value::from(text));
    ctx.insert("items".into(), Value::from(items));
    ctx.insert(
        "tsize".into(),
        serde_json::Number::from_f64(size).map_or(Value::Null, Value::Number),
    );
    let call = match which {
        0 => format!("fit(text{args})"),
        1 => format!("fit_block(items{args})"),
        _ => "text_width(text, tsize, bold=bold)".to_string(),
    };
    let mut templates = Templates::new(None);
    let source = format!("{{{{ {call} | tojson }}}}");
    templates
        .env_mut()
        .add_template_owned("fuzz.txt", source)
        .expect("the fuzz template parses");
    let Ok(out) = templates.render("fuzz.txt", Value::Object(ctx.clone())) else {
        return;
    };
    let result: Value = serde_json::from_str(&out).expect("tojson writes JSON");
    check(which, &ctx, &result);
});

/// A fitted result is made of finite numbers; its size is at most the size asked for.
fn check(which: u8, ctx: &Map<String, Value>, result: &Value) {
    if which == 2 {
        let w = result.as_f64().expect("text_width returns a number");
        assert!(w.is_finite() && w >= 0.0, "width {w}");
        return;
    }
    let size = result["size"].as_f64().expect("a fitted size");
    let asked = ctx.get("size").and_then(Value::as_f64).unwrap_or(16.0);
    assert!(
        size.is_finite() && size > 0.0 && size <= asked,
        "size {size} for {asked}"
    );
    let lines = result["lines"].as_array().expect("lines");
    for l in lines {
        for k in ["x", "y", "width"] {
            let v = l[k].as_f64().expect("a number");
            assert!(v.is_finite(), "{k} = {v}");
        }
    }
}
