//! Turns what the syntax tree records (error values, misprints, unknown qualifiers) into
//! diagnostics. The grammar itself only builds data, so backtracking never leaves a stale
//! diagnostic behind. Theater names are checked by the resolver, against the nation's
//! registry.

use qm_schema::{Period, YearMonth};

use super::syntax::{
    AvailabilityClause, ClauseKind, EntryWhen, Misprint, MisprintAt, PrintedPeriod,
    PrintedPeriodError, PrintedQualifier, PrintedRf, ScheduleEntry, ScheduleSection,
    WeaponAvailability,
};
use crate::Diagnostic;

/// Every finding in `clauses`, in source order.
pub(crate) fn diagnose(clauses: &[AvailabilityClause]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for c in clauses {
        clause(c, &mut out);
    }
    out.sort_by_key(|d| d.span.as_ref().map(|s| (s.range.start, s.range.end)));
    out
}

fn clause(c: &AvailabilityClause, out: &mut Vec<Diagnostic>) {
    typos(&c.typos, None, out);
    match &c.kind {
        ClauseKind::Schedule(s) => {
            for section in &s.sections {
                self::section(section, out);
            }
        }
        ClauseKind::RelativeRf(r) => {
            rf(&r.delta, out);
            if let Some(max) = &r.max {
                rf(max, out);
            }
        }
        ClauseKind::OwnRf(o) => {
            rf(&o.delta, out);
            if let Some(max) = &o.max {
                rf(max, out);
            }
        }
        ClauseKind::SameWithAddedRf {
            added, max, set, ..
        } => {
            std::iter::once(added)
                .chain(max)
                .chain(set)
                .for_each(|v| rf(v, out));
        }
        ClauseKind::RestrictedUse { period, .. } => self::period(period, None, out),
        ClauseKind::Limit(l) => {
            if let Some(EntryWhen::Period(p) | EntryWhen::From(p) | EntryWhen::Until(p)) = &l.when {
                period(p, None, out);
            }
        }
        ClauseKind::Otherwise {
            rf: value,
            exceptions,
        } => {
            rf(value, out);
            for e in exceptions {
                clause(e, out);
            }
        }
        ClauseKind::RadioFrom { month, confirmed } => radio(month, confirmed.as_ref(), out),
        ClauseKind::OptionalWeapon(w) => {
            rf(&w.rf, out);
            if let WeaponAvailability::Only { period: p, .. } = &w.available {
                period(p, None, out);
            }
        }
        ClauseKind::AmmoFrom { month, .. } => period(month, None, out),
        ClauseKind::UsedIn { period: p, .. } => period(p, None, out),
        ClauseKind::Unreadable { stopped_at } => {
            let mut d = Diagnostic::error(
                "notes::unreadable-availability",
                "failed to read availability (this sentence gives dates or RFs in no known form)",
                c.span.clone(),
            )
            .with_label("dates or RFs the grammar cannot read")
            .with_help(
                "reword it as the other notes do (\"Dates and RF for use in X are M/YY (RF), \
                 ...\") through an erratum, or extend the grammar",
            );
            if let Some(at) = stopped_at {
                d = d.with_note(format!("the grammar stopped at `{}`", at.value));
            }
            out.push(d);
        }
    }
}

/// A radio date's months, and the confirming sentence's when it names another month.
fn radio(month: &PrintedPeriod, confirmed: Option<&PrintedPeriod>, out: &mut Vec<Diagnostic>) {
    period(month, None, out);
    let Some(c) = confirmed else {
        return;
    };
    period(c, None, out);
    if c.value.is_ok() && month.value.is_ok() && c.value != month.value {
        out.push(
            Diagnostic::warning(
                "notes::radio-dates-disagree",
                format!(
                    "failed to read the radio date (`{}` and `{}` disagree)",
                    month.raw, c.raw
                ),
                c.span.clone(),
            )
            .with_label("this month differs from the one before it")
            .with_help(format!("the first sentence says {}", month.raw)),
        );
    }
}

fn section(s: &ScheduleSection, out: &mut Vec<Diagnostic>) {
    typos(&s.typos, Some("before this section"), out);
    // The nearest readable period before and after each entry, in one pass each way, so a
    // long run of bad periods stays linear.
    let ok = |e: &ScheduleEntry| match &e.when {
        EntryWhen::Period(PrintedPeriod { value: Ok(p), .. }) => Some(*p),
        _ => None,
    };
    let mut before = Vec::with_capacity(s.entries.len());
    let mut last = None;
    for e in &s.entries {
        before.push(last);
        last = ok(e).or(last);
    }
    let mut after = vec![None; s.entries.len()];
    let mut next = None;
    for (n, e) in s.entries.iter().enumerate().rev() {
        after[n] = next;
        next = ok(e).or(next);
    }
    for (n, e) in s.entries.iter().enumerate() {
        // Years are read as 1000-9999 (two digits: 19xx), so succ/pred cannot overflow.
        let gap = before[n]
            .zip(after[n])
            .and_then(|(p, q): (Period, Period)| Period::new(p.to.succ(), q.from.pred()));
        entry(e, gap, out);
    }
}

fn entry(e: &ScheduleEntry, gap: Option<Period>, out: &mut Vec<Diagnostic>) {
    typos(&e.typos, None, out);
    if let EntryWhen::Period(p) | EntryWhen::From(p) | EntryWhen::Until(p) = &e.when {
        period(p, gap, out);
    }
    if let Some(value) = &e.rf {
        rf(value, out);
    }
    for q in &e.qualifiers {
        qualifier(q, out);
    }
}

fn qualifier(q: &PrintedQualifier, out: &mut Vec<Diagnostic>) {
    if q.value.is_some() {
        return;
    }
    out.push(
        Diagnostic::error(
            "notes::unknown-qualifier",
            format!(
                "failed to read qualifier `{}` (not a known qualifier)",
                q.raw
            ),
            q.span.clone(),
        )
        .with_label("unknown qualifier")
        .with_help("a qualifier reads \"X use only\", X naming who may use the vehicle"),
    );
}

fn rf(r: &PrintedRf, out: &mut Vec<Diagnostic>) {
    for t in &r.typos {
        let (what, label) = match t.kind {
            Misprint::LetterForDigit => ("the letter I printed for the digit 1", "letter I"),
            Misprint::HyphenForPoint => ("a hyphen printed for the decimal point", "hyphen"),
            _ => ("a misprint", "misprint"),
        };
        out.push(
            Diagnostic::warning(
                "notes::misprint",
                format!("misprinted RF `{}` ({what})", r.raw),
                t.span.clone(),
            )
            .with_label(label)
            .with_help(format!(
                "read as RF {}; an erratum can correct the text",
                r.value
            )),
        );
    }
}

fn period(p: &PrintedPeriod, gap: Option<Period>, out: &mut Vec<Diagnostic>) {
    for t in &p.typos {
        let read = match &p.value {
            Ok(v) => format!("read as {v}"),
            Err(_) => "read with the space removed".to_string(),
        };
        out.push(
            Diagnostic::warning(
                "notes::misprint",
                format!("misprinted period `{}` (a stray space)", p.raw),
                t.span.clone(),
            )
            .with_label("stray space")
            .with_help(format!("{read}; an erratum can correct the text")),
        );
    }
    let Err(e) = &p.value else {
        return;
    };
    let (code, cause, label) = match e {
        PrintedPeriodError::Unreadable => (
            "notes::unreadable-period",
            "not a period: periods are M/YY, M-M/YY, M/YY-M/YY, YY-M/YY, M/YY-YY or YYYY"
                .to_string(),
            "not a period",
        ),
        PrintedPeriodError::BadMonth { month } => (
            "notes::bad-month",
            format!("month {month} does not exist"),
            "no such month",
        ),
        PrintedPeriodError::ShortYear { .. } => (
            "notes::short-year",
            "a one-digit year".to_string(),
            "year with one digit",
        ),
        PrintedPeriodError::Backwards { from, to } => (
            "notes::backwards-period",
            format!("it ends ({}) before it starts ({})", show(*to), show(*from)),
            "ends before it starts",
        ),
        PrintedPeriodError::YearOutOfRange { years, from, to } => (
            "notes::year-out-of-range",
            format!(
                "{}-{} lies outside the years of the nation's listing DATES ({}-{})",
                from.year, to.year, years.first, years.last
            ),
            "year outside the listing's years",
        ),
    };
    let mut d = Diagnostic::error(
        code,
        format!("failed to read period `{}` ({cause})", p.raw),
        p.span.clone(),
    )
    .with_label(label);
    d = match (gap, e.literal()) {
        (Some(g), Some((from, to))) if g.from.month == from.month && g.to.month == to.month => {
            d.with_help(format!(
                "did you mean {g}? (the entries around it leave {g} uncovered); record the fix in errata.toml"
            ))
        }
        (Some(g), _) => d.with_help(format!(
            "the entries around it leave {g} uncovered; record the intended period in errata.toml"
        )),
        (None, _) => d.with_help("record the intended period in errata.toml"),
    };
    out.push(d);
}

fn show(m: YearMonth) -> String {
    m.to_string()
}

fn typos(list: &[MisprintAt], place: Option<&str>, out: &mut Vec<Diagnostic>) {
    for t in list {
        let (what, label, help) = match t.kind {
            Misprint::StraySpace => ("a stray space", "stray space", "read without the space"),
            Misprint::StrayPoint => (
                "a stray full stop after the RF",
                "stray full stop",
                "read as if it were not there",
            ),
            Misprint::StrayComma => (
                "a stray comma between a period and its RF",
                "stray comma",
                "read as one entry: the period with the RF after it",
            ),
            Misprint::MissingComma => (
                "no comma between two entries",
                "comma missing here",
                "read as two entries",
            ),
            Misprint::UnbalancedParen => (
                "an unbalanced parenthesis",
                "unbalanced parenthesis",
                "read as if it were not there",
            ),
            Misprint::LetterForDigit => ("the letter I for the digit 1", "letter I", "read as 1"),
            Misprint::HyphenForPoint => ("a hyphen for the decimal point", "hyphen", "read as ."),
        };
        let (what, help) = match (t.kind, place) {
            (Misprint::MissingComma, Some(p)) => {
                (format!("no punctuation {p}"), "read as a new section")
            }
            _ => (what.to_string(), help),
        };
        out.push(
            Diagnostic::warning(
                "notes::misprint",
                format!("misprint in availability text ({what})"),
                t.span.clone(),
            )
            .with_label(label)
            .with_help(format!("{help}; an erratum can correct the text")),
        );
    }
}
