//! The text-fitting functions templates call (`fit`, `fit_block`, `text_width`): minijinja's
//! side of [`qm_layout::text`], with their arguments checked and their work charged to the
//! render's budget.

use minijinja::value::{Kwargs, Value};
use minijinja::{Environment, Error, ErrorKind, State};

use crate::templates::source::limit_error;
use qm_layout::fonts::Metrics;
use qm_layout::text::*;

/// Registers `fit`, `fit_block` and `text_width` for templates.
///
/// - `fit(text, x=, y=, w=, h=, size=16, min=5, lines=1, bold=true, align="middle",
///   leading=1.1)` returns `{size, anchor, lines: [{text, x, y, width, item}], shrunk}`.
/// - `fit_block(items, ...)` takes a list of texts, each starting a new line; `item` tells
///   which text a line belongs to.
/// - `text_width(text, size, bold=true)` returns the advance width.
///
/// Arguments are checked (finite, sizes up to [`MAX_SIZE`], boxes up to [`MAX_EXTENT`], up to
/// [`MAX_LINES`] lines) and a render may call them [`MAX_FIT_CALLS`] times, so a template
/// cannot make the search run for ever.
pub fn register(env: &mut Environment<'_>) {
    env.add_function(
        "fit",
        |state: &State, text: String, kwargs: Kwargs| -> Result<Value, Error> {
            check_length(text.len())?;
            let b = text_box(&kwargs)?;
            charge(state, fit_work(text.len(), 1, b.size))?;
            Ok(Value::from_serialize(fit(&text, &b)))
        },
    );
    env.add_function(
        "fit_block",
        |state: &State, items: Vec<String>, kwargs: Kwargs| -> Result<Value, Error> {
            let bytes = items.iter().map(String::len).sum();
            check_length(bytes)?;
            let b = text_box(&kwargs)?;
            charge(state, fit_work(bytes, items.len(), b.size))?;
            Ok(Value::from_serialize(fit_block(&items, &b)))
        },
    );
    env.add_function(
        "text_width",
        |state: &State, text: String, size: f64, kwargs: Kwargs| -> Result<f64, Error> {
            charge(state, text.len() as i64 + 1)?;
            let bold = kwargs.get::<Option<bool>>("bold")?.unwrap_or(true);
            kwargs.assert_all_used()?;
            check_range("text_width", "size", size, 0.0, MAX_SIZE)?;
            Ok(round2(Metrics::get(bold).width(&text, size)))
        },
    );
}

/// Counts a call of a text function, and the `work` it may do, against the render's
/// [`MAX_FIT_CALLS`] and [`MAX_FIT_WORK`].
fn charge(state: &State, work: i64) -> Result<(), Error> {
    const CALLS: &str = "__qm_fit_calls";
    const WORK: &str = "__qm_fit_work";
    let get = |key| {
        state
            .get_temp(key)
            .and_then(|v| i64::try_from(v).ok())
            .unwrap_or(0)
    };
    let calls = get(CALLS) + 1;
    let total = get(WORK).saturating_add(work);
    state.set_temp(CALLS, Value::from(calls));
    state.set_temp(WORK, Value::from(total));
    if calls > MAX_FIT_CALLS {
        return Err(limit_error(format!(
            "a render may call fit, fit_block and text_width {MAX_FIT_CALLS} times"
        )));
    }
    if total > MAX_FIT_WORK {
        return Err(limit_error(format!(
            "the text functions of this render would measure more than {MAX_FIT_WORK} \
             characters-at-a-size (long texts fitted from large sizes, many times)"
        )));
    }
    Ok(())
}

/// The most work a fit of `bytes` bytes of text (in `items` items) may do: every size from
/// `size` down to the floor, each a pass over the text.
fn fit_work(bytes: usize, items: usize, size: f64) -> i64 {
    let sizes = if size.is_finite() && size > 0.0 {
        (size.min(MAX_SIZE) / STEP) as i64 + 2
    } else {
        2
    };
    // The unbroken pass tries a quarter of the sizes again.
    let passes = sizes + sizes / 4;
    (bytes as i64 + items as i64 + 1).saturating_mul(passes)
}

/// Longest text `fit`/`fit_block` take, in bytes: a box on a counter or a sheet holds a few
/// dozen characters, and a text that cannot be wrapped is drawn as one SVG run, which the SVG
/// reader lays out in time quadratic in its length.
pub const MAX_FIT_TEXT: usize = 10_000;

fn check_length(len: usize) -> Result<(), Error> {
    if len > MAX_FIT_TEXT {
        return Err(invalid(format!(
            "fit: the text is {len} bytes long; a box takes at most {MAX_FIT_TEXT}"
        )));
    }
    Ok(())
}

fn invalid(message: String) -> Error {
    Error::new(ErrorKind::InvalidOperation, message)
}

/// `value` must be finite and within `min..=max`.
fn check_range(func: &str, name: &str, value: f64, min: f64, max: f64) -> Result<(), Error> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(())
    } else {
        // 1e308 reads better than its 309 digits.
        let shown = if value.is_finite() && (value.abs() >= 1e6 || value.abs() < 1e-3) {
            format!("{value:e}")
        } else {
            value.to_string()
        };
        Err(invalid(format!(
            "{func}: {name} must be between {min} and {max}, not {shown}"
        )))
    }
}

fn text_box(kwargs: &Kwargs) -> Result<TextBox, Error> {
    let mut b = TextBox::new(
        kwargs.get("x")?,
        kwargs.get("y")?,
        kwargs.get("w")?,
        kwargs.get("h")?,
    );
    if let Some(v) = kwargs.get::<Option<f64>>("size")? {
        b.size = v;
    }
    if let Some(v) = kwargs.get::<Option<f64>>("min")? {
        b.min = v;
    }
    if let Some(v) = kwargs.get::<Option<i64>>("lines")? {
        if !(0..=MAX_LINES as i64).contains(&v) {
            return Err(invalid(format!(
                "fit: lines must be between 1 and {MAX_LINES}, not {v}"
            )));
        }
        b.max_lines = (v as usize).max(1);
    }
    if let Some(v) = kwargs.get::<Option<bool>>("bold")? {
        b.bold = v;
    }
    if let Some(v) = kwargs.get::<Option<f64>>("leading")? {
        b.leading = v;
    }
    if let Some(v) = kwargs.get::<Option<String>>("align")? {
        b.align = match v.as_str() {
            "start" => Align::Start,
            "middle" => Align::Middle,
            "end" => Align::End,
            other => {
                return Err(invalid(format!(
                    "align must be start, middle or end, not {other:?}"
                )))
            }
        };
    }
    if !(b.w > 0.0 && b.h > 0.0 && b.size > 0.0) {
        return Err(invalid("fit needs a positive w, h and size".into()));
    }
    check_range("fit", "x", b.x, -MAX_EXTENT, MAX_EXTENT)?;
    check_range("fit", "y", b.y, -MAX_EXTENT, MAX_EXTENT)?;
    check_range("fit", "w", b.w, 0.0, MAX_EXTENT)?;
    check_range("fit", "h", b.h, 0.0, MAX_EXTENT)?;
    check_range("fit", "size", b.size, 0.0, MAX_SIZE)?;
    check_range("fit", "min", b.min, 0.0, MAX_SIZE)?;
    check_range("fit", "leading", b.leading, 0.0, 10.0)?;
    kwargs.assert_all_used()?;
    Ok(b)
}
