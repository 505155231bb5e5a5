//! `qm explain NATION VEHICLE`: each availability entry beside the words it came from and how
//! they were read — the sentence, the theaters its scope stands for (a group or "elsewhere"
//! expanded), the base and modifier of a relative rule, the listing fallback and the window
//! note that allows it, and the errata applied to those words — so a maintainer can see why
//! `qm` answers what it does.

use std::path::PathBuf;

use clap::Args;
use qm_parser::{
    parse_availability, pieces, Area, ClauseKind, FileId, SourceMap, TheaterException,
};
use qm_schema::{Availability, AvailabilityOrigin, Nation, Span, UnknownAvailability, Vehicle};

use crate::cli_query::pick_resolved_vehicle;
use crate::cli_report::EXIT_OK;
use qm_compile::pipeline::compile;
use qm_load::diagnostics;
use qm_registry::NationRegistries;

/// `qm explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The nation (its data folder name, e.g. `ita`).
    pub nation: String,
    /// The vehicle (its name, ignoring case and spaces).
    pub vehicle: String,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
}

/// `qm explain NATION VEHICLE`: exit 0, or 1 when the vehicle is unresolved (its error is
/// named), 2 for an unknown nation or vehicle.
pub fn explain(a: ExplainArgs) -> u8 {
    let compiled = compile(&a.data, &Default::default());
    let (nation, v) = match pick_resolved_vehicle(&compiled, &a.nation, &a.vehicle) {
        Ok(found) => found,
        Err(code) => return code,
    };
    let theaters = compiled.loaded.registries_of(&nation.id);
    let map = &compiled.loaded.sources;
    let mut out = format!(
        "{} ({}): {} availability entr{}\n",
        v.name,
        nation.name,
        v.availability.len(),
        if v.availability.len() == 1 {
            "y"
        } else {
            "ies"
        }
    );
    for (n, e) in v.availability.iter().enumerate() {
        let names: Vec<&str> = e
            .theaters
            .iter()
            .map(|t| theaters.theaters.name(t))
            .collect();
        out.push_str(&format!(
            "\n{}. {} {} RF {}\n",
            n + 1,
            names.join(", "),
            e.period,
            e.rf
        ));
        out.push_str(&entry_reading(nation, v, e, &names, map));
    }
    for u in &v.availability_unknown {
        let names: Vec<&str> = u
            .theaters
            .iter()
            .map(|t| theaters.theaters.name(t))
            .collect();
        out.push_str(&unknown_reading(v, u, &names));
    }
    print!("{}", diagnostics::escape(&out));
    EXIT_OK
}

/// Months whose RF the data does not give: the listing's range and the notes it lacks.
fn unknown_reading(v: &Vehicle, u: &UnknownAvailability, names: &[&str]) -> String {
    let mut out = format!(
        "\nunknown: {} {} RF ? (the listing prints the range {}; the data has no notes to say which RF holds when)\n",
        names.join(", "),
        u.period,
        v.rf.raw
    );
    if !u.lacking.is_empty() {
        out.push_str(&format!(
            "   its daggers point at notes the data lacks: {}\n",
            u.lacking.join(", ")
        ));
    }
    out.push_str(&format!("   row: {}\n", at(&u.span)));
    out
}

/// The lines under one entry: the words, the sentence, how it was read, the errata.
fn entry_reading(
    nation: &Nation,
    v: &Vehicle,
    e: &Availability,
    names: &[&str],
    map: &SourceMap,
) -> String {
    let (mut out, span) = match &e.origin {
        AvailabilityOrigin::Note { note, span } => (stated(map, e, names, *note, span), span),
        AvailabilityOrigin::Derived {
            note,
            base_vehicle,
            span,
        } => (derived(map, *note, base_vehicle, span), span),
        AvailabilityOrigin::Listing { multi_note, span } => {
            (listing(v, multi_note.as_deref(), span), span)
        }
        AvailabilityOrigin::ListingOnly { lacking, span } => (listing_only(v, lacking, span), span),
    };
    for erratum in &nation.errata {
        if overlaps(&erratum.span, span, map) {
            out.push_str(&format!("   erratum {}: {}\n", erratum.id, erratum.reason));
        }
    }
    out
}

/// An entry a note states: its words, its sentence, and the scope it was read with.
fn stated(map: &SourceMap, e: &Availability, names: &[&str], note: u16, span: &Span) -> String {
    let mut out = format!("   stated by note {note}: \"{}\"\n", words(map, span));
    out.push_str(&format!(
        "   in: \"{}\" ({})\n",
        sentence(map, span),
        at(span)
    ));
    out.push_str(&pieces_line(&sentence(map, span)));
    let read = match scope_words(map, span) {
        Some(words) => format!("scope {words} -> {}", names.join(", ")),
        None if e.theaters.iter().any(|t| t.is_any()) => {
            "every theater (no theater named, no window note)".to_string()
        }
        None => format!(
            "{} (no theater named: the vehicle's window notes)",
            names.join(", ")
        ),
    };
    out.push_str(&format!("   read: {read}\n"));
    out
}

/// The typed pieces the reader cut a sentence into: "[6-12/40: period 6-12/40] [(.9): RF 0.9]".
fn pieces_line(sentence: &str) -> String {
    let items: Vec<String> = pieces(sentence)
        .iter()
        .map(|p| format!("[{} = {}]", p.text, p.meaning))
        .collect();
    if items.is_empty() {
        return String::new();
    }
    format!("   pieces: {}\n", items.join(" "))
}

/// An entry a note derives from another vehicle's: the rule that does.
fn derived(map: &SourceMap, note: u16, base_vehicle: &str, span: &Span) -> String {
    let mut out = format!(
        "   derived by note {note} from the {base_vehicle}'s entry for the same theater and months\n"
    );
    out.push_str(&format!(
        "   rule: \"{}\" ({})\n",
        sentence(map, span),
        at(span)
    ));
    out.push_str(&pieces_line(&sentence(map, span)));
    out
}

/// An entry of the listing's RF and DATES where the notes give no schedule.
fn listing(v: &Vehicle, multi_note: Option<&str>, span: &Span) -> String {
    let mut out = format!(
        "   the listing's RF ({}) and DATES ({}): no note gives a schedule here\n",
        v.rf.raw, v.dates.raw
    );
    match multi_note {
        Some(m) => out.push_str(&format!("   allowed by multi-applicable note {m}\n")),
        None => out.push_str("   no window note limits it: every theater\n"),
    }
    out.push_str(&format!("   row: {}\n", at(span)));
    out
}

/// An entry of the listing's RF and DATES in data without notes.
fn listing_only(v: &Vehicle, lacking: &[String], span: &Span) -> String {
    let mut out = format!(
        "   the listing's RF ({}) and DATES ({}): the data has no notes\n",
        v.rf.raw, v.dates.raw
    );
    if !lacking.is_empty() {
        out.push_str(&format!(
            "   its daggers point at notes the data lacks: {}\n",
            lacking.join(", ")
        ));
    }
    out.push_str(&format!("   row: {}\n", at(span)));
    out
}

/// The scope words of the schedule section an entry lies in, read again from its paragraph
/// ("North-Africa/the ETO [EXC: the Balkans]", "elsewhere [EXC: NA in East Africa]"); `None`
/// when the section names none (its theaters come from the window notes, or any theater).
fn scope_words(map: &SourceMap, span: &Span) -> Option<String> {
    let text = original(map, span)?;
    let start = floor(text, span.start.min(text.len()));
    let from = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let to = text[start..].find('\n').map_or(text.len(), |i| start + i);
    let paragraph = &text[from..to];
    let at = start - from;
    let clauses = parse_availability(paragraph, 0, FileId(0), None).value;
    let mut sections = clauses.iter().flat_map(|c| match &c.kind {
        ClauseKind::Schedule(s) => s.sections.iter().collect::<Vec<_>>(),
        _ => Vec::new(),
    });
    let section = sections.rfind(|s| s.entries.iter().any(|e| e.span.range.contains(&at)))?;
    area_words(&section.area)
}

/// An area as the note words it.
fn area_words(area: &Area) -> Option<String> {
    let except = |ex: &[TheaterException]| {
        if ex.is_empty() {
            return String::new();
        }
        let items: Vec<String> = ex
            .iter()
            .map(|e| {
                let na = if e.not_available { "NA in " } else { "" };
                format!("{na}{}", e.theater.raw)
            })
            .collect();
        format!(" [EXC: {}]", items.join(", "))
    };
    match area {
        Area::Anywhere => None,
        Area::Theaters {
            theaters,
            except: ex,
        } => {
            let names: Vec<&str> = theaters.iter().map(|t| t.raw.as_str()).collect();
            Some(format!("\"{}{}\"", names.join("/"), except(ex)))
        }
        Area::Elsewhere { except: ex } => Some(format!("\"elsewhere{}\"", except(ex))),
        Area::AllBut { except: ex } => Some(format!("\"every theater{}\"", except(ex))),
    }
}

/// "ita/notes.md:29:5".
fn at(span: &Span) -> String {
    format!("{}:{}:{}", span.file, span.line, span.col)
}

/// The published text of a span.
fn words(map: &SourceMap, span: &Span) -> String {
    original(map, span)
        .and_then(|t| t.get(span.start..span.end))
        .unwrap_or("")
        .to_string()
}

/// The published text of the file a span is in.
fn original<'m>(map: &'m SourceMap, span: &Span) -> Option<&'m str> {
    map.iter()
        .find(|s| s.name == *span.file)
        .map(|s| s.original.as_str())
}

/// The sentence holding a span, as published.
fn sentence(map: &SourceMap, span: &Span) -> String {
    let Some(text) = original(map, span) else {
        return String::new();
    };
    text.get(sentence_range(text, span))
        .unwrap_or("")
        .trim()
        .to_string()
}

/// The byte range of the sentence holding a span: from the full stop, dagger or line start
/// before it to the full stop or line end after it.
fn sentence_range(text: &str, span: &Span) -> std::ops::Range<usize> {
    let start = floor(text, span.start.min(text.len()));
    let end = floor(text, span.end.clamp(start, text.len()));
    let before = &text[..start];
    let line = before.rfind('\n').map_or(0, |i| i + 1);
    let from = [
        before[line..].rfind(". ").map(|i| line + i + 2),
        before[line..].rfind('†').map(|i| line + i + '†'.len_utf8()),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(line);
    let after = &text[end..];
    let line_end = after.find('\n').map_or(text.len(), |i| end + i);
    let to = text[end..line_end]
        .find(". ")
        .map_or(line_end, |i| end + i + 1);
    from..to
}

/// The nearest char boundary at or before `i`.
fn floor(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// True when an erratum's published text lies in the sentence of `span`.
fn overlaps(erratum: &Span, span: &Span, map: &SourceMap) -> bool {
    if erratum.file != span.file {
        return false;
    }
    let Some(text) = original(map, span) else {
        return false;
    };
    let range = sentence_range(text, span);
    erratum.start < range.end && range.start < erratum.end
}
