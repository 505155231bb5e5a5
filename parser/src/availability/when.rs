//! When pieces: every way the notes write a month, a span of months or an open end, read into
//! one typed piece so that no clause form knows how dates are worded (README, "How the notes
//! are read", the catalogue).
//!
//! - a point: `6/40`, `6/1940`, `6-12/40` (the period token), `June 1940`, `Jun 40`, `June '40`,
//!   `Sept. 1941`, `1940`, `'40`, `40`, `the end of 1941` (12/41), `the beginning of 1942`,
//!   `the whole of '41`, `all of 1943`;
//! - a span: `A-B`, `A–B` (en dash), `A to B`, `from A to B`, `A through B`, `A until B`,
//!   `between A and B`, `September-October 1941`, any of them followed by `inclusive`;
//! - an open end: `from A on`, `from A onward(s)`, `A onward(s)`, `as of A`, `as from A`,
//!   `since A`, `starting (in) A`, `after A`, `until A`, `through A`, `up to A`, `before A`,
//!   `prior to A`, `thereafter`, `from then on`, `afterwards`, `A to the end of the war`
//!   (`the close of hostilities`).
//!
//! Which years a period may name is the data's (see [`crate::YearSpan`]), never the grammar's.

use nom::combinator::opt;
use nom::Parser;
use qm_schema::{Period, YearMonth};

use super::grammar_error::{fail, Ctx, Res};
use super::lexeme::{ch, phrase, ws0, ws1};
use super::period_token::{check, join, period};
use super::syntax::{EntryWhen, PrintedPeriod, PrintedPeriodError};
use super::use_verbs::one_of;

/// The months' names; a name may be cut to its first three letters ("Sep", "Sept.").
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A month's name at `i` ("June", "Jun", "Jun.", "Sept."), as 1-12.
pub(crate) fn month_name(i: &str) -> Res<'_, u8> {
    let len = i
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(i.len());
    let word = i[..len].to_ascii_lowercase();
    let found = MONTHS.iter().position(|m| {
        *m == word || (word.len() >= 3 && word.len() < m.len() && abbreviation(m, &word))
    });
    let Some(n) = found else {
        return fail(i);
    };
    let mut rest = &i[len..];
    if word.len() < MONTHS[n].len() {
        rest = rest.strip_prefix('.').unwrap_or(rest);
    }
    if rest.starts_with(char::is_alphanumeric) {
        return fail(i);
    }
    Ok((rest, n as u8 + 1))
}

/// A day of the month before its month's name: 1 to 31, with "st", "nd", "rd" or "th" or
/// without.
fn day_of_month(i: &str) -> Res<'_, u8> {
    let len = i.find(|c: char| !c.is_ascii_digit()).unwrap_or(i.len());
    let Some(day) = i[..len]
        .parse::<u8>()
        .ok()
        .filter(|d| (1..=31).contains(d) && len <= 2)
    else {
        return fail(i);
    };
    let r = &i[len..];
    let r = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| r.strip_prefix(s))
        .unwrap_or(r);
    if r.starts_with(char::is_alphanumeric) {
        return fail(i);
    }
    Ok((r, day))
}

/// "jan", "sept": the first three letters, or "sept" for September.
fn abbreviation(month: &str, word: &str) -> bool {
    word.len() == 3 && month.starts_with(word) || month == "september" && word == "sept"
}

/// A year written alone after a month name or as a point: "1940", "40", "'40", "’40".
pub(crate) fn year_word(i: &str) -> Res<'_, u16> {
    let (i, apostrophe) = match i.strip_prefix('\'').or_else(|| i.strip_prefix('’')) {
        Some(r) => (r, true),
        None => (i, false),
    };
    let digits = i.find(|c: char| !c.is_ascii_digit()).unwrap_or(i.len());
    let rest = &i[digits..];
    if rest.starts_with(['/', '.']) && rest[1..].starts_with(|c: char| c.is_ascii_digit()) {
        return fail(i);
    }
    let year = match (digits, apostrophe) {
        (2, _) => 1900 + i[..2].parse::<u16>().map_err(|_| nom_fail(i))?,
        (4, false) if !i.starts_with('0') => i[..4].parse::<u16>().map_err(|_| nom_fail(i))?,
        _ => return fail(i),
    };
    Ok((rest, year))
}

fn nom_fail(i: &str) -> nom::Err<super::grammar_error::GrammarError<'_>> {
    nom::Err::Error(super::grammar_error::GrammarError { at: i })
}

/// A printed period built from the text between `start` and `rest`.
fn printed<'a>(
    ctx: &Ctx<'a>,
    start: &'a str,
    rest: &'a str,
    value: Result<Period, PrintedPeriodError>,
) -> PrintedPeriod {
    let raw = ctx.consumed(start, rest);
    PrintedPeriod {
        raw: raw.to_string(),
        span: ctx.span(raw),
        value,
        typos: Vec::new(),
    }
}

/// "June 1940", "Jun 40", "June '40", "Sept. 1941", and the months of one year
/// "September-October 1941", "June to December 1940", "May and June 1940" (two months that
/// follow on).
fn month_name_period<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, PrintedPeriod> {
    // "1 October 1936", "31 March 1941": a day of the month names its month (the notes'
    // periods are months).
    let (after_day, _) = opt((day_of_month, ws1)).parse(start)?;
    let (i, first) = month_name(after_day)?;
    let joined = (
        (ws0, super::lexeme::ch('-').or(super::lexeme::ch('–')), ws0).map(|_| ()),
        (ws1, span_word, ws1).map(|_| ()),
    );
    let (i, last) = match (joined.0.or(joined.1), month_name).parse(i) {
        Ok((r, (_, m))) => (r, m),
        Err(_) => match (ws1, phrase("and"), ws1, month_name).parse(i) {
            Ok((r, (_, _, _, m))) if m == first + 1 => (r, m),
            _ => (i, first),
        },
    };
    let with_year = (ws1, opt((phrase("of"), ws1)), year_word)
        .parse(i)
        .map(|(rest, (_, _, year))| (rest, year));
    // "after June of that year": the year of the last month named before it.
    let that_year = (ws1, phrase("of that year").or(phrase("of the same year")))
        .parse(i)
        .ok()
        .and_then(|(rest, _)| Some((rest, last_dated_month(ctx, start)?.year)));
    let (rest, year) = match with_year {
        Ok(read) => read,
        Err(_) if that_year.is_some() => that_year.unwrap_or((i, 0)),
        Err(e) => match year_of_the_month_before(ctx, start, first) {
            Some(year) => (i, year),
            None => return Err(e),
        },
    };
    let from = YearMonth { year, month: first };
    let to = YearMonth { year, month: last };
    Ok((rest, printed(ctx, start, rest, check(from, to, false))))
}

/// "1.2 in July 1943, then 1.4 in August": a month's full name, capitalised, without its year
/// takes the year of the last month named with one before it in the sentence, when it comes
/// after that month in the year ("in November 1942, then in January" names no year anyone can
/// be sure of: `None`). "May" is never read so, being also a word of permission.
fn year_of_the_month_before(ctx: &Ctx<'_>, start: &str, month: u8) -> Option<u16> {
    let word = &start[..start
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(start.len())];
    let full = MONTHS.get(usize::from(month) - 1)?;
    if word.len() != full.len() || !word.starts_with(char::is_uppercase) || *full == "may" {
        return None;
    }
    let last = last_dated_month(ctx, start)?;
    (month > last.month).then_some(last.year)
}

/// The last month named with its year in the sentence before `start`.
fn last_dated_month(ctx: &Ctx<'_>, start: &str) -> Option<YearMonth> {
    // Only a slice of the text read knows what stands before it.
    let at = ctx.offset(start);
    if at >= ctx.text.len() {
        return None;
    }
    let before = ctx.text.get(..at)?;
    // The sentence so far: from its last full stop and space (an abbreviation's cuts it short,
    // which reads less, never more).
    let sentence = &before[before.rfind(". ").map_or(0, |k| k + 2)..];
    let mut last: Option<YearMonth> = None;
    for (k, _) in sentence.match_indices(char::is_alphanumeric) {
        let at = &sentence[k..];
        let word_start = sentence[..k]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        if !word_start {
            continue;
        }
        let dated = (month_name, ws1, opt((phrase("of"), ws1)), year_word)
            .parse(at)
            .map(|(_, (m, _, _, year))| YearMonth { year, month: m });
        let slashed = || {
            let token = &at[..at.find(char::is_whitespace).unwrap_or(at.len())];
            token
                .contains('/')
                .then(|| period(ctx, at).ok())
                .flatten()
                .and_then(|(_, p)| p.value.ok())
                .map(|p| p.to)
        };
        if let Some(m) = dated.ok().or_else(slashed) {
            last = Some(m);
        }
    }
    last
}

/// "the end of 1941" (12/41), "the beginning of 1942", "the start of 1942" (1/42): one month
/// of a year named by its edge.
fn end_of_year<'a>(ctx: &Ctx<'a>, start: &'a str) -> Res<'a, PrintedPeriod> {
    let edge = phrase("end")
        .map(|_| 12)
        .or(phrase("close").map(|_| 12))
        .or(phrase("beginning").map(|_| 1))
        .or(phrase("start").map(|_| 1));
    let (i, (_, _, month, _, _, _)) =
        (opt(phrase("the")), ws0, edge, ws1, phrase("of"), ws1).parse(start)?;
    let (i, _) = opt((phrase("the"), ws1, phrase("year"), ws1)).parse(i)?;
    let (rest, year) = year_word(i)?;
    let at = YearMonth { year, month };
    Ok((rest, printed(ctx, start, rest, check(at, at, false))))
}

/// The words that join the two ends of a span.
fn span_word(i: &str) -> Res<'_, &str> {
    // "until including 12/40" (a translator's "up to and including"): the month is the last.
    phrase("until including")
        .or(phrase("till including"))
        .or(phrase("up to and including"))
        // "right through to the end of 1940", "through to 1943", "right up to 6/44".
        .or(phrase("right through to"))
        .or(phrase("right through"))
        .or(phrase("through to"))
        .or(phrase("right up to"))
        .or(phrase("up to"))
        .or(phrase("to"))
        .or(phrase("through"))
        .or(phrase("thru"))
        .or(phrase("until"))
        .or(phrase("till"))
        .parse(i)
}

/// One point in time: a period token ("6-12/40", "6/1940", "40"), a month name with its year,
/// or a year with an apostrophe ("'40").
pub(crate) fn point<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    // "the whole of '41", "all of 1943": the year itself.
    if let Ok((r, _)) = (phrase("the whole of").or(phrase("all of")), ws1).parse(i) {
        if let Ok((rest, mut p)) = point(ctx, r) {
            p.raw = ctx.consumed(i, rest).to_string();
            return Ok((rest, p));
        }
    }
    if let Ok(read) = end_of_year(ctx, i) {
        return Ok(read);
    }
    // "mid-'41", "late 1944": a part of a year the notes define.
    if let Some((n, (first, last))) = ctx.lexicon.year_part_at(i) {
        let r = &i[n..];
        let r = r
            .strip_prefix('-')
            .map_or_else(|| ws1(r).map(|(r2, _)| r2), Ok)?;
        let (rest, year) = year_word(r)?;
        let (from, to) = (
            YearMonth { year, month: first },
            YearMonth { year, month: last },
        );
        return Ok((rest, printed(ctx, i, rest, check(from, to, false))));
    }
    if let Ok(read) = month_name_period(ctx, i) {
        return Ok(read);
    }
    if i.starts_with(['\'', '’']) {
        let (rest, year) = year_word(i)?;
        let (from, to) = (YearMonth { year, month: 1 }, YearMonth { year, month: 12 });
        return Ok((rest, printed(ctx, i, rest, check(from, to, false))));
    }
    period(ctx, i)
}

/// A span of months: a point, or two joined ("from 6/40 to 5/43", "6/40 through 5/43",
/// "between 6/40 and 5/43", "June 1940 - May 1943", "6/40–5/43"), optionally "inclusive". A
/// "from" needs its "to": "from 2/43 on" is an open end (see [`when`]).
pub(crate) fn span_period<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    let (r, p) = span_bare(ctx, i)?;
    let inclusive = (ws1, phrase("inclusive"))
        .map(|_| ())
        .or((ws0, phrase("(inclusive)")).map(|_| ()));
    let (r, _) = opt(inclusive).parse(r)?;
    Ok((r, p))
}

fn span_bare<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, PrintedPeriod> {
    // "in the year 1942", "in the years 1941-1942": the noun adds nothing to the years.
    let (i, _) = opt((phrase("the years").or(phrase("the year")), ws1)).parse(i)?;
    if let Ok((r, _)) = (phrase("between"), ws1).parse(i) {
        let (r, from) = point(ctx, r)?;
        let (r, _) = (ws1, phrase("and"), ws1).parse(r)?;
        let (r, to) = point(ctx, r)?;
        return Ok((r, join(ctx, from, to)));
    }
    // "for the period commencing 1 October 1936 and ending 30 April 1938", "not earlier than
    // 1942 and no later than 1944", "with effect from 8/41 and no later than 2/42".
    if let Ok((r, (from, to))) = formal_span(ctx, i, |r| point(ctx, r)) {
        return Ok((r, join(ctx, from, to)));
    }
    let (r, from_word) = opt((phrase("from"), ws1)).parse(i)?;
    let (r, from) = point(ctx, r)?;
    let dash = (ws0, super::lexeme::ch('-').or(super::lexeme::ch('–')), ws0).map(|_| ());
    let worded = (ws1, span_word, ws1).parse(r);
    let joined = dash
        .or((ws1, span_word, ws1).map(|_| ()))
        .parse(r)
        .and_then(|(r2, _)| point(ctx, r2))
        // "until the last of them were pensioned off in August 1945": the end's month after
        // a few plain words that say what happened then.
        .or_else(|e| match worded {
            Ok((r2, _)) => point(ctx, prose_before_month(r2).ok_or(e)?),
            Err(_) => Err(e),
        });
    match joined {
        Ok((r2, to)) => Ok((r2, join(ctx, from, to))),
        // "from January to June 1942": the months of one year already hold their "to".
        Err(_) if from_word.is_some() && !joins_month_names(&from.raw) => fail(r),
        Err(_) => Ok((r, from)),
    }
}

/// Words that never stand in the prose before a span's last month.
const NOT_PROSE: [&str; 8] = ["not", "never", "no", "only", "except", "but", "and", "or"];

/// "the last of them were pensioned off in " before a month: up to eight plain lower-case
/// words, the last of them "in", none a sense word; the text after them.
pub(crate) fn prose_before_month(i: &str) -> Option<&str> {
    let mut r = i;
    for n in 0..8 {
        let len = r.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(r.len());
        let word = &r[..len];
        if len == 0 || NOT_PROSE.contains(&word) {
            return None;
        }
        let (after, _) = ws1(&r[len..]).ok()?;
        if word == "in" && n > 0 {
            return Some(after);
        }
        r = after;
    }
    None
}

/// True when a point read two month names joined ("January to June 1942", "May-June 1940"):
/// a span already, not the start of an open end.
fn joins_month_names(raw: &str) -> bool {
    raw.starts_with(|c: char| c.is_ascii_alphabetic())
        && month_name(raw).is_ok_and(|(rest, _)| {
            let rest = rest.trim_start();
            rest.starts_with(['-', '–']) || span_word(rest).is_ok()
        })
}

/// A period moved by `months` (+1: "after", -1: "before"): one month past its end, or the
/// month before its start.
pub(crate) fn shifted(mut p: PrintedPeriod, after: bool) -> PrintedPeriod {
    p.value = p.value.map(|v| {
        let m = if after { v.to.succ() } else { v.from.pred() };
        Period { from: m, to: m }
    });
    p
}

/// The words for "from the month after the period before on".
const THEREAFTER: [&str; 8] = [
    "thereafter",
    "from then on",
    "from then onwards",
    "from then onward",
    "afterwards",
    "afterward",
    "after that",
    "after this",
];

/// A word for "thereafter" ([`THEREAFTER`]) at `i`: the words.
pub(crate) fn thereafter(i: &str) -> Res<'_, &str> {
    for words in THEREAFTER {
        if let Ok(read) = phrase(words)(i) {
            return Ok(read);
        }
    }
    fail(i)
}

/// What an entry's months are: a span, or an open end. `thereafter` is relative to the entry
/// before it.
pub(crate) fn when<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    if let Ok((r, word)) = thereafter(i) {
        return Ok((r, EntryWhen::Thereafter(ctx.span(word))));
    }
    // "beginning with 1943 RF 1.1 until the end of war": an open end of its own, on to the
    // end of the listing's DATES from the months before it.
    if let Ok((r, _)) = until_war_end(i) {
        return Ok((r, EntryWhen::Thereafter(ctx.span(&i[..i.len() - r.len()]))));
    }
    if let Ok(read) = throughout(ctx, i) {
        return Ok(read);
    }
    if let Ok(read) = from_war_start(ctx, i) {
        return Ok(read);
    }
    if let Ok(read) = to_war_end(ctx, i) {
        return Ok(read);
    }
    if let Ok((r, p)) = span_period(ctx, i) {
        // "in 1943 and thereafter": from then on.
        if let Ok((r2, _)) = (ws1, phrase("and thereafter")).parse(r) {
            return Ok((r2, EntryWhen::From(p)));
        }
        // "1942 on", "6/41 onwards", "1943 and later": an open end after a bare point ("1942
        // on the Eastern Front" is a place after it).
        if let Ok((r2, _)) = (ws1, open_end_word).parse(r) {
            if !place_follows(ctx, r2) {
                return Ok((r2, EntryWhen::From(p)));
            }
        }
        return Ok((r, EntryWhen::Period(p)));
    }
    let from = one_of(&FORMAL_FROM)
        .or(phrase("from"))
        .or(phrase("as of"))
        .or(phrase("as from"))
        .or(phrase("since"))
        .or(phrase("beginning with"))
        .or(phrase("starting with"))
        .or(phrase("starting in"))
        .or(phrase("starting"))
        .or(phrase("beginning in"))
        .or(phrase("beginning"));
    if let Ok((r, _)) = (from, ws1).parse(i) {
        let (r, p) = point(ctx, r)?;
        let r = match (ws1, open_end_word).parse(r) {
            Ok((r2, _)) if !place_follows(ctx, r2) => r2,
            _ => r,
        };
        return Ok((r, EntryWhen::From(p)));
    }
    if let Ok((r, _)) = (phrase("after").or(phrase("subsequent to")), ws1).parse(i) {
        let (r, p) = point(ctx, r)?;
        return Ok((r, EntryWhen::From(shifted(p, true))));
    }
    let until = phrase("until and inclusive of")
        .or(phrase("no later than"))
        .or(phrase("not later than"))
        .or(phrase("until including"))
        .or(phrase("till including"))
        .or(phrase("up to and including"))
        .or(phrase("right up until"))
        .or(phrase("right up to"))
        .or(phrase("up until"))
        .or(phrase("until"))
        .or(phrase("till"))
        .or(phrase("through"))
        .or(phrase("thru"))
        .or(phrase("up to"))
        .or(phrase("up until"));
    if let Ok((r, _)) = (until, ws1).parse(i) {
        let (r, p) = point(ctx, r).or_else(|e| point(ctx, prose_before_month(r).ok_or(e)?))?;
        return Ok((r, EntryWhen::Until(p)));
    }
    // "to the end of 1941": "to" alone is a span's word, but before a year's edge it says how
    // long.
    if let Ok((r, (_, _, p))) = (phrase("to"), ws1, |r| end_of_year(ctx, r)).parse(i) {
        return Ok((r, EntryWhen::Until(p)));
    }
    let (r, _) = (phrase("before").or(phrase("prior to")), ws1).parse(i)?;
    let (r, p) = point(ctx, r)?;
    Ok((r, EntryWhen::Until(shifted(p, false))))
}

/// "from September 1942 to the end of the war", "1/43-EOW", "for the period commencing 1
/// September 1939 and ending with the cessation of hostilities": an open end, the listing's
/// DATES its end.
fn to_war_end<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    if let Ok((r, (p, _))) = formal_span(ctx, i, war_end) {
        return Ok((r, EntryWhen::From(p)));
    }
    let joined = (ws1, span_word, ws1)
        .map(|_| ())
        .or((ws0, ch('-').or(ch('–')), ws0).map(|_| ()));
    let (r, (_, p, _, _)) = (
        opt((phrase("from"), ws1)),
        |r| point(ctx, r),
        joined,
        war_end,
    )
        .parse(i)?;
    Ok((r, EntryWhen::From(p)))
}

/// A rules lawyer's words for the start of a period ("with effect from 1 June 1942").
const FORMAL_FROM: [&str; 5] = [
    "with effect from",
    "commencing on",
    "commencing",
    "not earlier than",
    "no earlier than",
];

/// A rules lawyer's span: "[for the period] commencing X and ending [with] Y", "not earlier
/// than X and no later than Y", "with effect from X until Y"; `end` reads Y.
fn formal_span<'a, T>(
    ctx: &Ctx<'a>,
    i: &'a str,
    end: impl Fn(&'a str) -> Res<'a, T>,
) -> Res<'a, (PrintedPeriod, T)> {
    let start_word = one_of(&FORMAL_FROM);
    // "subsequent to 31 August 1943 and no later than ...": from the month after.
    let after = phrase("subsequent to").or(phrase("after"));
    let (r, (_, later, _)) = (
        opt((phrase("for the period").or(phrase("the period")), ws1)),
        start_word.map(|_| false).or(after.map(|_| true)),
        ws1,
    )
        .parse(i)?;
    let (r, from) = point(ctx, r)?;
    let from = if later { shifted(from, true) } else { from };
    let sep = (ws0, ch(','), ws0).map(|_| ()).or(ws1.map(|_| ()));
    let end_word = phrase("and ending with")
        .or(phrase("and ending on"))
        .or(phrase("and ending"))
        .or(phrase("ending with"))
        .or(phrase("and no later than"))
        .or(phrase("and not later than"))
        .or(phrase("no later than"))
        .or(phrase("and until"))
        .or(phrase("until and inclusive of"))
        .or(phrase("until"))
        .or(phrase("to"));
    let (r, (_, _, _, to)) = (sep, end_word, ws1, end).parse(r)?;
    Ok((r, (from, to)))
}

/// "throughout 1943" (that year), "throughout the war", "throughout", "all war" (the vehicle's whole DATES:
/// from the first month the nation's data holds, which the DATES then cut).
fn throughout<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    // A shorthand's "all war", "the whole war", the publication's "at all dates": throughout.
    let mut whole = phrase("all war")
        .or(phrase("the whole war"))
        .or(phrase("at all dates"))
        .or(phrase("at all times"))
        // A spreadsheet's "all listed dates", "all dates".
        .or(phrase("all listed dates"))
        .or(phrase("all dates"));
    if let Ok((r, _)) = whole.parse(i) {
        if !r.starts_with(char::is_alphanumeric) {
            if let Some(whole) = whole_dates(ctx, i, r) {
                return Ok((r, whole));
            }
        }
    }
    let (r, _) = phrase("throughout").parse(i)?;
    if let Ok((r2, (_, p))) = (ws1, |r| span_period(ctx, r)).parse(r) {
        return Ok((r2, EntryWhen::Period(p)));
    }
    let (r, _) = opt((ws1, phrase("the war"))).parse(r)?;
    // "throughout the Southern Marches" is a place's word, not a time's.
    let place_next = ws1(r).is_ok_and(|(p, _)| ctx.lexicon.place_at(p).is_some());
    if r.starts_with(char::is_alphanumeric) || place_next {
        return fail(i);
    }
    let Some(whole) = whole_dates(ctx, i, r) else {
        return fail(i);
    };
    Ok((r, whole))
}

/// "the beginning of the war", "the start of the war", "the outbreak of war": the first month
/// the vehicle's DATES give, as [`war_end`] is the last.
fn war_start(i: &str) -> Res<'_, &str> {
    one_of(&[
        "the beginning of the war",
        "the beginning of war",
        "the start of the war",
        "the start of war",
        "the outbreak of the war",
        "the outbreak of war",
        "the outbreak of hostilities",
        "the start of hostilities",
        "the war's start",
        "the war’s start",
        "the war's beginning",
        "the war’s beginning",
    ])
    .parse(i)
}

/// "from the beginning of the war until the end of 1938", "since the start of the war to
/// 12/40": the vehicle's DATES up to that month; "from the beginning of the war" alone or
/// "... until the end of the war": its whole DATES.
fn from_war_start<'a>(ctx: &Ctx<'a>, i: &'a str) -> Res<'a, EntryWhen> {
    let (r, _) = (phrase("from").or(phrase("since")), ws1, war_start).parse(i)?;
    if let Ok((r2, _)) = (ws1, until_war_end).parse(r) {
        return whole_dates(ctx, i, r2).map_or_else(|| fail(i), |w| Ok((r2, w)));
    }
    let until = one_of(&["until", "till", "up to", "through", "thru", "to"]);
    if let Ok((r2, (_, _, _, p))) = (ws1, until, ws1, |r| point(ctx, r)).parse(r) {
        return Ok((r2, EntryWhen::Until(p)));
    }
    whole_dates(ctx, i, r).map_or_else(|| fail(i), |w| Ok((r, w)))
}

/// The whole of a vehicle's DATES, printed as the text from `start` to `rest`: from the first
/// month the nation's data holds on (the DATES then cut it); `None` without the data's years.
pub(crate) fn whole_dates<'a>(ctx: &Ctx<'a>, start: &'a str, rest: &'a str) -> Option<EntryWhen> {
    let years = ctx.lexicon.years?;
    let first = YearMonth {
        year: years.first,
        month: 1,
    };
    let value = Ok(Period {
        from: first,
        to: first,
    });
    Some(EntryWhen::From(printed(ctx, start, rest, value)))
}

/// "until the end of war", "to the end of the war": an open end of its own (one list of its
/// words, for `when` and for the pieces of a sentence with no verb).
pub(crate) fn until_war_end(i: &str) -> Res<'_, &str> {
    let until = phrase("until")
        .or(phrase("till"))
        .or(phrase("right up to"))
        .or(phrase("up to"))
        .or(phrase("right through to"))
        .or(phrase("through to"))
        .or(phrase("through"))
        .or(phrase("thru"))
        .or(phrase("to"));
    (until, ws1, war_end).map(|(u, _, _)| u).parse(i)
}

/// "the end of the war", "the war's end", "the close of hostilities": the last month the
/// vehicle's DATES give.
pub(crate) fn war_end(i: &str) -> Res<'_, &str> {
    phrase("the end of the war")
        .or(phrase("the end of war"))
        .or(phrase("the very end"))
        .or(phrase("the war ended"))
        .or(phrase("the war's close"))
        .or(phrase("the end of hostilities"))
        .or(phrase("the close of hostilities"))
        .or(phrase("the close of the war"))
        .or(phrase("the end of its listed dates"))
        .or(phrase("the end of its dates"))
        .or(phrase("the end of their dates"))
        .or(phrase("the end of its service"))
        .or(phrase("the war's end"))
        .or(phrase("the war’s end"))
        .or(phrase("war's end"))
        .or(phrase("war’s end"))
        // A spreadsheet's "EOW" (end of war), "thru EOW".
        .or(phrase("eow"))
        // "from spring '41 to the end", "1/44 - end": the end alone, of nothing named, is the
        // war's.
        .or(|i| {
            let (r, end) = phrase("the end").or(phrase("end")).parse(i)?;
            match (ws1, phrase("of")).parse(r) {
                Ok(_) => super::grammar_error::fail(i),
                Err(_) => Ok((r, end)),
            }
        })
        .or(phrase("the cessation of hostilities"))
        .parse(i)
}

/// True when a place the nation knows follows `i` ("on" was a place's, not an open end's).
fn place_follows(ctx: &Ctx<'_>, i: &str) -> bool {
    ws1(i).is_ok_and(|(r, _)| ctx.lexicon.place_at(r).is_some())
}

/// "on", "onward(s)", "and later" ("and after" is not one: "1942 and after 6/43").
fn open_end_word(i: &str) -> Res<'_, &str> {
    phrase("onwards")
        .or(phrase("onward"))
        .or(phrase("on"))
        .or(phrase("and later"))
        .parse(i)
}
