//! What `qm build` needs of the data that resolving does not check, checked by `qm check`
//! too: every vehicle's id (which names its files and module entries; short by making)
//! non-empty and unique in its nation, and every text printed in a fitted box short enough to
//! lay out (names are checked where the listing row is read), and a nation's sizes within what
//! the chart and counter templates draw ([`crate::sizes`]), and every counter value laid out
//! at its floor ([`crate::counter_fit`]). Characters XML cannot hold are
//! found at load, in every file (`qm_load::characters`).

use std::collections::BTreeMap;

use qm_parser::{Diagnostic, SourceMap};

use crate::ir_span::error;
use qm_registry::names::{self, MAX_NAME};
use qm_schema::{CounterItemKind, Nation, Span};

/// Longest id written by hand (a scenario's), in bytes: it names files (`<scenario>.pdf`)
/// and file systems stop at 255. Ids made from names are shorter still
/// (`names::MAX_ID_LEN`).
pub const MAX_ID: usize = 120;

/// Checks one nation's vehicles for what the build needs: ids non-empty and unique, every
/// text printed in a fitted box not too long (names too long to lay out are refused where
/// the listing row is read). Nations are checked apart (on every core).
pub fn check_nation(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    check_nation_fitted(sources, n, crate::counter_fit::check_counters(sources, n))
}

/// [`check_nation`] with its counters' findings given (`fit`: made from findings the build
/// cache kept for this IR, [`crate::memo`]), in their place among the others.
pub fn check_nation_fitted(
    sources: &SourceMap,
    n: &Nation,
    fit: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut out = check_printed(sources, n);
    out.extend(crate::sizes::check_sizes(sources, n));
    out.extend(fit);
    let mut seen: BTreeMap<&str, &qm_schema::Vehicle> = BTreeMap::new();
    for v in n.counter_vehicles() {
        let at = &v.name_cell.span;
        // Ids are never long (a long one is cut and hashed, `names::vehicle_id`); only a
        // name without a letter or digit has none.
        if v.id.is_empty() {
            out.push(
                error(
                    sources,
                    "validate::bad-id",
                    format!(
                        "failed to make an id for the vehicle {:?} (ids are its letters and digits; it has none)",
                        v.name
                    ),
                    at,
                )
                .with_help("the name must hold a letter or a digit: it names the vehicle's files"),
            );
            continue;
        }
        if let Some(first) = seen.get(v.id.as_str()) {
            // Names equal but for case and spacing are lint::duplicate-name already.
            let key = qm_registry::names::name_key;
            if key(&first.name) == key(&v.name) {
                continue;
            }
            out.push(
                error(
                    sources,
                    "validate::duplicate-id",
                    format!(
                        "failed to give {:?} its id `{}` (the vehicle {:?} has it: names that differ only in spaces and punctuation share one)",
                        v.name, v.id, first.name
                    ),
                    at,
                )
                .with_note(format!(
                    "{:?} is at {}:{}:{}",
                    first.name, first.name_cell.span.file, first.name_cell.span.line, first.name_cell.span.col
                ))
                .with_help("make the names differ in a letter or digit (an erratum)"),
            );
            continue;
        }
        seen.insert(&v.id, v);
    }
    out
}

/// A text printed in one fitted box (a counter's value or notation, an infantry unit's or a
/// class's name, the sheet's title), if longer than [`MAX_NAME`]: the box could not show it,
/// and the text functions refuse it (`text::MAX_FIT_TEXT`) at build time.
fn too_long(sources: &SourceMap, what: &str, text: &str, at: Option<&Span>) -> Option<Diagnostic> {
    let message = names::too_long("print", what, text)?;
    let d = match at {
        Some(at) => error(sources, "validate::text-too-long", message, at),
        None => Diagnostic::new(
            qm_parser::Severity::Error,
            "validate::text-too-long",
            message,
            None,
        ),
    };
    Some(d.with_help("shorten it (an erratum for published text)"))
}

/// What a nation's counters and sheets print besides vehicle names (checked with the ids).
fn check_printed(sources: &SourceMap, n: &Nation) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let title = format!("nation name of {}", n.id);
    let at_ob = format!("at {}/ob.toml, [nation] name", n.id);
    out.extend(too_long(sources, &title, &n.name, None).map(|d| d.with_note(at_ob)));
    // A notation several vehicles share is one quote: reported once.
    let mut quotes = std::collections::BTreeSet::new();
    for v in n.counter_vehicles() {
        let mut noted = Vec::new();
        for q in &v.counter.notations {
            if quotes.insert((&*q.span.file, q.span.start)) {
                out.extend(too_long(
                    sources,
                    "counter notation",
                    &q.text,
                    Some(&q.span),
                ));
            }
            noted.push(q.text.as_str());
        }
        let items = v.counter.front.iter().chain(&v.counter.back);
        for item in items.filter(|i| i.kind != CounterItemKind::Name) {
            // A notation is reported at its quote, above. Nearly every value is short: the
            // line is made only for one that is not.
            if item.drawn_chars() > MAX_NAME && !noted.contains(&item.text.as_str()) {
                out.extend(too_long(
                    sources,
                    "counter value",
                    &item.drawn(),
                    Some(&v.row),
                ));
            }
        }
    }
    for c in &n.infantry.classes {
        out.extend(too_long(sources, "class name", &c.name, Some(&c.span)));
    }
    for u in &n.infantry.units {
        out.extend(too_long(
            sources,
            "infantry unit name",
            &u.name,
            Some(&u.span),
        ));
    }
    out
}
