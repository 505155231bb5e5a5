//! `qm explain NATION VEHICLE`: each availability entry of a vehicle (or of a gun, from the
//! ordnance notes) beside the words it came from and how they were read — the sentence, the theaters its scope stands for (a group or "elsewhere"
//! expanded), the base and modifier of a relative rule, the listing fallback and the window
//! note that allows it, and the errata applied to those words — so a maintainer can see why
//! `qm` answers what it does.

use std::path::PathBuf;

use clap::Args;
mod sentence;

use qm_parser::{Area, Lexicon, SourceMap, TheaterException};
use qm_schema::{Availability, AvailabilityOrigin, Nation, Span, UnknownAvailability};
use sentence::{
    area_of, original, rates_the_sentence_before, reading_lines, section_at, sentence_of,
};

use crate::cli_query::{pick_nation, pick_vehicle, unresolved_lines, usage, Kind};
use crate::cli_report::{EXIT_DATA, EXIT_OK, EXIT_USAGE};
use qm_compile::pipeline::compile;
use qm_load::diagnostics;
use qm_registry::NationRegistries;
use qm_resolve::lexicon::notes_lexicon;
use qm_resolve::listed::{items_of, Listed, ListedKind};
use qm_resolve::query::{lookup_gun, lookup_vehicle};

/// `qm explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The nation (its data folder name, e.g. `ita`).
    pub nation: String,
    /// The vehicle (its name, ignoring case and spaces), or a gun no vehicle is named as.
    pub vehicle: String,
    /// Only vehicles or only guns (`vehicle`, `ordnance`); a vehicle first when not given.
    #[arg(long, value_enum)]
    pub kind: Option<Kind>,
    /// The data directory.
    #[arg(long, default_value = "data-src")]
    pub data: PathBuf,
}

/// `qm explain NATION VEHICLE`: exit 0, or 1 when the vehicle (or gun) is unresolved (its
/// error is named, with the sentence it points at cut into pieces), 2 for an unknown nation or
/// vehicle.
pub fn explain(a: ExplainArgs) -> u8 {
    let compiled = compile(&a.data, &Default::default());
    let picked =
        pick_nation(&compiled, &a.nation).and_then(|n| Ok((n, pick_item(n, &a.vehicle, a.kind)?)));
    let (nation, v) = match picked {
        Ok(found) => found,
        Err(code) => return code,
    };
    let theaters = compiled.loaded.registries_of(&nation.id);
    let map = &compiled.loaded.sources;
    // The notes of the item's own listing are read again with that listing's words.
    let lexicon = match v.kind() {
        ListedKind::Vehicle => {
            notes_lexicon(&nation.vehicles, &theaters.theaters, &nation.factions)
        }
        ListedKind::Gun => notes_lexicon(&nation.ordnance, &theaters.theaters, &nation.factions),
    };
    let read = Read {
        map,
        lexicon: &lexicon,
        nation,
        kind: v.kind(),
    };
    if let Some(why) = unresolved(&read, v) {
        print!("{}", diagnostics::escape(&why));
        return EXIT_DATA;
    }
    let entries = v.availability();
    let mut out = format!(
        "{} ({}): {} availability entr{}\n",
        v.name(),
        nation.name,
        entries.len(),
        if entries.len() == 1 { "y" } else { "ies" }
    );
    for (n, e) in entries.iter().enumerate() {
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
        out.push_str(&entry_reading(&read, v, e, &names));
    }
    for u in v.availability_unknown() {
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

/// The vehicle `name` names in `nation`, or the gun it names where no vehicle is named so
/// (only the one `kind` asks for, when given); resolved (else its errors are printed, exit 1)
/// or a usage error (exit 2).
fn pick_item<'a>(nation: &'a Nation, name: &str, kind: Option<Kind>) -> Result<&'a dyn Listed, u8> {
    let gun = match kind {
        Some(Kind::Vehicle) => None,
        Some(Kind::Ordnance) => Some(lookup_gun(nation, name).map_err(|near| {
            usage(&format!("unknown gun `{name}` in {}", nation.id), &near);
            EXIT_USAGE
        })?),
        None => match lookup_vehicle(nation, name) {
            Ok(_) => None,
            Err(_) => lookup_gun(nation, name).ok(),
        },
    };
    let item: &dyn Listed = match gun {
        Some(g) => g,
        None => pick_vehicle(nation, name)?,
    };
    Ok(item)
}

/// Why `v` is unresolved, when it is: each error, and the sentence it points at as the reader
/// cut it (its typed pieces and the rule that bound it, if one did): what a maintainer needs
/// to see to mend it.
fn unresolved(read: &Read<'_>, v: &dyn Listed) -> Option<String> {
    let lines = unresolved_lines(read.nation, |u| u.id == v.id());
    if lines.is_empty() {
        return None;
    }
    let mut out = lines.join("\n");
    out.push('\n');
    let spans = read
        .nation
        .unresolved
        .iter()
        .filter(|u| u.id == v.id())
        .filter_map(|u| u.source.as_ref());
    for span in spans {
        let sentence = sentence_of(read.map, span, read.lexicon);
        if sentence.text.is_empty() {
            continue;
        }
        out.push_str(&format!("\n{}: \"{}\"\n", at(span), sentence.text));
        out.push_str(&reading_lines(&sentence, read.lexicon));
    }
    Some(out)
}

/// Months whose RF the data does not give: the listing's range and the notes it lacks.
fn unknown_reading(v: &dyn Listed, u: &UnknownAvailability, names: &[&str]) -> String {
    let mut out = format!(
        "\nunknown: {} {} RF ? (the listing prints the range {}; the data has no notes to say which RF holds when)\n",
        names.join(", "),
        u.period,
        v.rf_raw()
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

/// What reading an entry's words again needs: the sources, the nation and its words, and
/// which of its listings the item is of.
struct Read<'a> {
    map: &'a SourceMap,
    lexicon: &'a Lexicon,
    nation: &'a Nation,
    kind: ListedKind,
}

/// The lines under one entry: the words, the sentence, how it was read, the errata.
fn entry_reading(read: &Read<'_>, v: &dyn Listed, e: &Availability, names: &[&str]) -> String {
    let (mut out, span) = match &e.origin {
        AvailabilityOrigin::Note { note, span } => (stated(read, e, names, *note, span), span),
        AvailabilityOrigin::Derived {
            note,
            base_vehicle,
            span,
        } => (derived(read, e, *note, base_vehicle, span), span),
        AvailabilityOrigin::Listing { multi_note, span } => {
            (listing(v, multi_note.as_deref(), span), span)
        }
        AvailabilityOrigin::ListingOnly { lacking, span } => (listing_only(v, lacking, span), span),
    };
    let range = sentence_of(read.map, span, read.lexicon).range;
    for erratum in &read.nation.errata {
        if erratum.span.file == span.file
            && erratum.span.start < range.end
            && range.start < erratum.span.end
        {
            out.push_str(&format!("   erratum {}: {}\n", erratum.id, erratum.reason));
        }
    }
    out
}

/// An entry a note states: its words, its sentence cut into pieces, the rule that bound
/// them, and the scope it was read with.
fn stated(read: &Read<'_>, e: &Availability, names: &[&str], note: u16, span: &Span) -> String {
    let sentence = sentence_of(read.map, span, read.lexicon);
    let mut out = format!("   stated by note {note}: \"{}\"\n", words(read.map, span));
    out.push_str(&format!("   in: \"{}\" ({})\n", sentence.text, at(span)));
    out.push_str(&reading_lines(&sentence, read.lexicon));
    let scope = section_at(&sentence, span)
        .and_then(area_of)
        .and_then(area_words);
    let before = sentence
        .before
        .as_ref()
        .filter(|_| rates_the_sentence_before(&sentence) && !e.theaters.iter().any(|t| t.is_any()));
    let read = match (scope, before) {
        (Some(words), _) => format!("scope {words} -> {}", names.join(", ")),
        (None, Some(before)) => format!(
            "{} (the place and dates of the sentence before, read together: \"{before}\")",
            names.join(", ")
        ),
        (None, None) if e.theaters.iter().any(|t| t.is_any()) => {
            "every theater (no theater named, no window note)".to_string()
        }
        (None, None) => format!(
            "{} (no theater named: the vehicle's window notes)",
            names.join(", ")
        ),
    };
    out.push_str(&format!("   read: {read}\n"));
    out
}

/// An entry a note derives from another vehicle's: the rule that does, and the words of the
/// antecedent it copies ("the same" -> the AS 42's sentence).
fn derived(read: &Read<'_>, e: &Availability, note: u16, base: &str, span: &Span) -> String {
    let sentence = sentence_of(read.map, span, read.lexicon);
    let mut out = format!(
        "   derived by note {note} from the {base}'s entry for the same theater and months\n"
    );
    out.push_str(&format!("   rule: \"{}\" ({})\n", sentence.text, at(span)));
    out.push_str(&reading_lines(&sentence, read.lexicon));
    out.push_str(&antecedent(read, e, base));
    out
}

/// The words the base's entry (a vehicle's, or a gun's) for the same theater and months was
/// read from.
fn antecedent(read: &Read<'_>, e: &Availability, base: &str) -> String {
    let b = items_of(read.nation, read.kind)
        .into_iter()
        .find(|v| v.name() == base);
    let Some(b) = b else {
        return String::new();
    };
    let entry = b.availability().iter().find(|a| {
        a.theaters.iter().any(|t| e.theaters.contains(t)) && a.period.intersect(&e.period).is_some()
    });
    let Some(entry) = entry.or_else(|| b.availability().first()) else {
        return String::new();
    };
    let words = match &entry.origin {
        AvailabilityOrigin::Note { span, .. } | AvailabilityOrigin::Derived { span, .. } => {
            let s = sentence_of(read.map, span, read.lexicon);
            // The section of a long schedule that gives the entry, and the dates an RF
            // sentence was read with.
            let own = section_at(&s, span)
                .and_then(|sec| original(read.map, span)?.get(sec.span.range.clone()))
                .map_or(s.text.clone(), str::to_string);
            let words = match s.before.as_ref().filter(|_| rates_the_sentence_before(&s)) {
                Some(before) => format!("\"{before}\" + \"{own}\""),
                None => format!("\"{own}\""),
            };
            format!("{words} ({})", at(span))
        }
        AvailabilityOrigin::Listing { .. } | AvailabilityOrigin::ListingOnly { .. } => format!(
            "the listing's RF ({}) and DATES ({})",
            b.rf_raw(),
            b.dates_raw()
        ),
    };
    format!(
        "   antecedent: the {base}, {} RF {}: {words}\n",
        entry.period, entry.rf
    )
}

/// An entry of the listing's RF and DATES where the notes give no schedule.
fn listing(v: &dyn Listed, multi_note: Option<&str>, span: &Span) -> String {
    let mut out = format!(
        "   the listing's RF ({}) and DATES ({}): no note gives a schedule here\n",
        v.rf_raw(),
        v.dates_raw()
    );
    match multi_note {
        Some(m) => out.push_str(&format!("   allowed by multi-applicable note {m}\n")),
        None => out.push_str("   no window note limits it: every theater\n"),
    }
    out.push_str(&format!("   row: {}\n", at(span)));
    out
}

/// An entry of the listing's RF and DATES in data without notes.
fn listing_only(v: &dyn Listed, lacking: &[String], span: &Span) -> String {
    let mut out = format!(
        "   the listing's RF ({}) and DATES ({}): the data has no notes\n",
        v.rf_raw(),
        v.dates_raw()
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
