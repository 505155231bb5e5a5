//! The engine's filters whose result can be far larger than their input, checked before they
//! run: a count, width or indent argument (`indent(2000000000)`, `batch(2000000000)`,
//! `"%2000000000s"|format`) goes straight into an allocation of that size, which aborts the
//! process when it fails. Each checked filter is the engine's own, called after its
//! arguments and the size of what it would make are checked (`template::limit`).

use crate::templates::source::limit_error;
use minijinja::value::{Rest, Value, ValueKind};
use minijinja::{Environment, Error, State};

/// Items a filter may take or make: the engine's own `range` makes at most this many.
pub const MAX_ITEMS: usize = 100_000;
/// A width, indent or padding a filter may take: wider than any page.
pub const MAX_WIDTH: usize = 10_000;
/// Bytes a filter's string result may have (the output cap of a whole render is 64 MiB).
pub const MAX_STRING: usize = 16 * 1024 * 1024;

/// How a filter's arguments are checked.
#[derive(Clone, Copy)]
enum Check {
    /// Its numbers are widths or indents (at most [`MAX_WIDTH`]).
    Width,
    /// Its numbers are counts of items (at most [`MAX_ITEMS`]).
    Count,
    /// A format string: no width or precision above [`MAX_WIDTH`].
    Format,
    /// `replace`: the result's size is worked out first.
    Replace,
    /// `join`: the result's size is worked out first.
    Join,
    /// It only walks or copies its input.
    Items,
}

/// The checked filters and what is checked.
const CHECKED: &[(&str, Check)] = &[
    ("indent", Check::Width),
    ("batch", Check::Count),
    ("slice", Check::Count),
    ("format", Check::Format),
    ("replace", Check::Replace),
    ("join", Check::Join),
    ("list", Check::Items),
    ("sort", Check::Items),
    ("reverse", Check::Items),
    ("unique", Check::Items),
    ("dictsort", Check::Items),
    ("items", Check::Items),
    ("groupby", Check::Items),
    ("string", Check::Items),
    ("pprint", Check::Items),
    ("lines", Check::Items),
    ("split", Check::Items),
];

/// Replaces the engine's sized filters by checked ones.
pub fn register(env: &mut Environment<'_>) {
    for &(name, check) in CHECKED {
        let Some(inner) = builtin(name) else { continue };
        env.add_filter(name, move |state: &State, args: Rest<Value>| {
            check_args(name, check, &args)?;
            let out = inner.call(state, &args)?;
            if out.as_str().is_some_and(|s| s.len() > MAX_STRING) {
                return Err(too_large(name, "its result", MAX_STRING, "bytes"));
            }
            Ok(out)
        });
    }
}

/// The engine's own filter `name`, as a callable value.
fn builtin(name: &str) -> Option<Value> {
    use minijinja::filters as f;
    Some(match name {
        "indent" => Value::from_function(f::indent),
        "batch" => Value::from_function(f::batch),
        "slice" => Value::from_function(f::slice),
        "format" => Value::from_function(f::format),
        "replace" => Value::from_function(f::replace),
        "join" => Value::from_function(f::join),
        "list" => Value::from_function(f::list),
        "sort" => Value::from_function(f::sort),
        "reverse" => Value::from_function(f::reverse),
        "unique" => Value::from_function(f::unique),
        "dictsort" => Value::from_function(f::dictsort),
        "items" => Value::from_function(f::items),
        "groupby" => Value::from_function(f::groupby),
        "string" => Value::from_function(f::string),
        "pprint" => Value::from_function(f::pprint),
        "lines" => Value::from_function(f::lines),
        "split" => Value::from_function(f::split),
        _ => return None,
    })
}

fn check_args(name: &str, check: Check, args: &[Value]) -> Result<(), Error> {
    for v in args {
        if matches!(
            v.kind(),
            ValueKind::Seq | ValueKind::Iterable | ValueKind::Map
        ) && v.len().is_some_and(|n| n > MAX_ITEMS)
        {
            let n = v.len().unwrap_or(0);
            return Err(too_large(
                name,
                &format!("a sequence of {n} items"),
                MAX_ITEMS,
                "items",
            ));
        }
    }
    match check {
        Check::Width => numbers(name, args, MAX_WIDTH, "wide"),
        Check::Count => numbers(name, args, MAX_ITEMS, "items"),
        Check::Format => format_widths(args),
        Check::Replace => replace_size(args),
        Check::Join => join_size(args),
        Check::Items => Ok(()),
    }
}

/// Every whole number among the arguments after the value (keyword arguments included) is
/// at most `max`.
fn numbers(name: &str, args: &[Value], max: usize, unit: &str) -> Result<(), Error> {
    let mut all: Vec<Value> = Vec::new();
    for v in args.iter().skip(1) {
        if v.kind() == ValueKind::Map {
            if let Ok(keys) = v.try_iter() {
                all.extend(keys.filter_map(|k| v.get_item(&k).ok()));
            }
        } else {
            all.push(v.clone());
        }
    }
    for v in all {
        if v.kind() != ValueKind::Number {
            continue;
        }
        if let Ok(n) = i128::try_from(v) {
            if n > max as i128 {
                return Err(too_large(name, &format!("{n}"), max, unit));
            }
        }
    }
    Ok(())
}

/// `"%2000000000s"|format`: no width or precision in the format string above [`MAX_WIDTH`].
fn format_widths(args: &[Value]) -> Result<(), Error> {
    let Some(text) = args.first().and_then(Value::as_str) else {
        return Ok(());
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        while i < bytes.len() && matches!(bytes[i], b'-' | b'+' | b' ' | b'#' | b'0') {
            i += 1;
        }
        for _ in 0..2 {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let digits = &text[start..i];
            if digits.len() > 5 || digits.parse::<usize>().is_ok_and(|n| n > MAX_WIDTH) {
                return Err(too_large(
                    "format",
                    &format!("a width of {digits}"),
                    MAX_WIDTH,
                    "wide",
                ));
            }
            if i < bytes.len() && bytes[i] == b'.' {
                i += 1;
            } else {
                break;
            }
        }
    }
    Ok(())
}

/// `replace`: the result's size (each match of the old text replaced by the new one; an
/// empty old text matches between every two characters) is at most [`MAX_STRING`].
fn replace_size(args: &[Value]) -> Result<(), Error> {
    let [value, from, to, ..] = args else {
        return Ok(());
    };
    let (Some(value), Some(from), Some(to)) = (value.as_str(), from.as_str(), to.as_str()) else {
        return Ok(());
    };
    let matches = if from.is_empty() {
        value.chars().count() + 1
    } else {
        value.matches(from).count()
    };
    let size = value.len() as u128 + matches as u128 * to.len() as u128;
    if size > MAX_STRING as u128 {
        return Err(too_large(
            "replace",
            &format!("a result of {size} bytes"),
            MAX_STRING,
            "bytes",
        ));
    }
    Ok(())
}

/// `join`: the items' text and the separators come to at most [`MAX_STRING`] bytes.
fn join_size(args: &[Value]) -> Result<(), Error> {
    let Some(items) = args.first() else {
        return Ok(());
    };
    let sep = args.get(1).and_then(Value::as_str).map_or(0, str::len) as u128;
    let Ok(iter) = items.try_iter() else {
        return Ok(());
    };
    let mut size: u128 = 0;
    for item in iter {
        size += sep + item.as_str().map_or_else(|| display_len(&item), str::len) as u128;
        if size > MAX_STRING as u128 {
            return Err(too_large("join", "its result", MAX_STRING, "bytes"));
        }
    }
    Ok(())
}

/// The length of `v` as text, counted without keeping the text and given up past
/// [`MAX_STRING`] (a nested value can print far larger than it is).
pub fn display_len(v: &Value) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            if self.0 > MAX_STRING {
                return Err(std::fmt::Error);
            }
            Ok(())
        }
    }
    let mut c = Count(0);
    let _ = std::fmt::write(&mut c, format_args!("{v}"));
    c.0
}

fn too_large(name: &str, what: &str, max: usize, unit: &str) -> Error {
    let limit = match unit {
        "wide" => format!("at most {max} wide"),
        "items" => format!("at most {max} items"),
        _ => format!("at most {max} {unit}"),
    };
    limit_error(format!(
        "{name}: {what} is too large (the sandbox allows {limit})"
    ))
}
