//! Words English leaves out where the parts of a sentence repeat one shape: "from 6/41 on the
//! Steppe, 1/42 elsewhere" says "from" once for both groups.

use super::grammar_error::Ctx;
use super::syntax::{EntryWhen, PrintedPeriod, ScheduleEntry};
use super::when::shifted;

/// The groups of one sentence, each its entries: when the first group's one entry is an open
/// end ("from 6/41", "after 6/41", "until 6/41", "before 6/41") and a later group's one entry
/// is a bare date ("1/42", "June 1942", no word before it), the later one is read with the
/// same word ("from 1/42"): the reader would otherwise take that month alone, which no one
/// writing the sentence meant.
pub(crate) fn carry_open_end<'g>(
    ctx: &Ctx<'_>,
    mut groups: impl Iterator<Item = &'g mut Vec<ScheduleEntry>>,
) {
    let Some(first) = groups.next() else {
        return;
    };
    let [lead] = &first[..] else {
        return;
    };
    let word = ctx.words(&lead.span).to_ascii_lowercase();
    let carry: fn(PrintedPeriod) -> EntryWhen = match &lead.when {
        EntryWhen::From(_) if word.starts_with("after") => |p| EntryWhen::From(shifted(p, true)),
        EntryWhen::From(_) => EntryWhen::From,
        EntryWhen::Until(_) if word.starts_with("before") || word.starts_with("prior") => {
            |p| EntryWhen::Until(shifted(p, false))
        }
        EntryWhen::Until(_) => EntryWhen::Until,
        EntryWhen::Period(_) | EntryWhen::Thereafter(_) => return,
    };
    for entries in groups {
        let [entry] = &mut entries[..] else {
            continue;
        };
        let EntryWhen::Period(p) = &entry.when else {
            continue;
        };
        // Bare: the entry's text begins where its period's does (no "in", "during", ...),
        // and it is one point, a month or a year (a range keeps its own ends).
        if entry.span.range.start == p.span.range.start && one_point(p) {
            entry.when = carry(p.clone());
        }
    }
}

/// A month or a year written as one ("1/42", "June 1942", "1942"), not a span of them.
fn one_point(p: &PrintedPeriod) -> bool {
    let Ok(v) = &p.value else {
        return false;
    };
    let year = v.from.month == 1 && v.to.month == 12 && v.from.year == v.to.year;
    (v.from == v.to || year) && !p.raw.contains(['-', '\u{2013}'])
}

#[cfg(test)]
mod tests {
    use super::super::tests::read_terse;

    /// The open end of the first group is every later bare date's; a word of its own ("in
    /// 1/42") or a range keeps its own meaning.
    #[test]
    fn a_later_groups_bare_date_takes_the_first_groups_open_end() {
        let cases = [
            (
                "It is available from 6/41 on the Steppe, 1/42 elsewhere (1.2).",
                "DatesAndRf | the Steppe: from 6/41 on (1.2) | elsewhere: from 1/42 on (1.2)",
            ),
            (
                "It served from June 1941 on the Isles and 1942 on the Steppe (1.3).",
                "DatesAndRf | the Isles: from 6/41 on (1.3) | the Steppe: from 1-12/42 on (1.3)",
            ),
            (
                "It is available after 6/41 on the Steppe, 1/42 elsewhere (1.2).",
                "DatesAndRf | the Steppe: from 7/41 on (1.2) | elsewhere: from 2/42 on (1.2)",
            ),
            (
                "It is available before 6/41 on the Steppe, 1/42 elsewhere (1.2).",
                "DatesAndRf | the Steppe: until 5/41 (1.2) | elsewhere: until 12/41 (1.2)",
            ),
            (
                "It is available until 6/41 on the Steppe, 1942 elsewhere (1.2).",
                "DatesAndRf | the Steppe: until 6/41 (1.2) | elsewhere: until 1-12/42 (1.2)",
            ),
            (
                "It is available on the Steppe from 6/41, elsewhere 1/42 (1.2).",
                "DatesAndRf | the Steppe: from 6/41 on (1.2) | elsewhere: from 1/42 on (1.2)",
            ),
            (
                "It is available from 6/41 on the Steppe and in 1/42 elsewhere (1.2).",
                "DatesAndRf | the Steppe: from 6/41 on (1.2) | elsewhere: 1/42 (1.2)",
            ),
            (
                "It is available from 6/41 on the Steppe, 1/42-3/43 elsewhere (1.2).",
                "DatesAndRf | the Steppe: from 6/41 on (1.2) | elsewhere: 1/42-3/43 (1.2)",
            ),
            (
                "It is available in 6/41 on the Steppe, 1/42 elsewhere (1.2).",
                "DatesAndRf | the Steppe: 6/41 (1.2) | elsewhere: 1/42 (1.2)",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(read_terse(text), (vec![want.to_string()], 0), "{text}");
        }
    }
}
