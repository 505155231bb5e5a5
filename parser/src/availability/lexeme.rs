//! Small lexical pieces of the availability grammar: whitespace, key phrases, sentence ends.

use nom::bytes::complete::tag_no_case;
use nom::character::complete::{multispace0, multispace1};
use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::{fail, Ctx, Res};

/// Optional whitespace (a merged paragraph may carry line breaks inside a sentence).
pub(crate) fn ws0(i: &str) -> Res<'_, &str> {
    multispace0.parse(i)
}

/// Required whitespace.
pub(crate) fn ws1(i: &str) -> Res<'_, &str> {
    multispace1.parse(i)
}

/// A key phrase, case-insensitive, its words separated by any whitespace, ending at a word
/// boundary ("is" does not match the start of "isn't").
pub(crate) fn phrase<'a>(words: &'static str) -> impl Fn(&'a str) -> Res<'a, &'a str> {
    move |i: &'a str| {
        // A spreadsheet's signs for two small words: "NST & HLV", "not w/ Legion".
        let sign = match words {
            "and" => "&",
            "with" => "w/",
            _ => "",
        };
        if !sign.is_empty() && i.starts_with(sign) {
            return Ok((&i[sign.len()..], &i[..sign.len()]));
        }
        // Most tries fail at the first letter: said at once, with the failure `tag_no_case`
        // gives there (an input starting with a character outside ASCII takes the long way,
        // as some of them lower-case to an ASCII letter).
        if let (Some(&want), Some(&got)) = (words.as_bytes().first(), i.as_bytes().first()) {
            if want.is_ascii() && got.is_ascii() && !want.eq_ignore_ascii_case(&got) {
                return fail(i);
            }
        }
        let mut rest = i;
        for (n, word) in words.split(' ').enumerate() {
            if n > 0 {
                rest = ws1(rest)?.0;
            }
            rest = tag_no_case(word).parse(rest)?.0;
        }
        let ends_in_word = words.chars().last().is_some_and(char::is_alphanumeric);
        // "an" in "and" is no match at all: the failure is where the phrase would start.
        if ends_in_word && rest.chars().next().is_some_and(char::is_alphanumeric) {
            return fail(i);
        }
        let used = i.len() - rest.len();
        Ok((rest, &i[..used]))
    }
}

/// The preposition before a place: "in", "on", "at" (a translator's "at the Kolvar Front", "at
/// KF").
pub(crate) fn place_preposition(i: &str) -> Res<'_, &str> {
    // "in whole Sudrelia", "in the whole of X", "in all of X": the place whole, as "in X" is.
    phrase("in whole")
        .or(phrase("in the whole of"))
        .or(phrase("in all of"))
        .or(phrase("in"))
        .or(phrase("on"))
        .or(phrase("at"))
        // "throughout the Southern Marches": a place whole.
        .or(phrase("throughout"))
        .parse(i)
}

/// The word before a period: "in", "during" or "for" ("in 1943", "during 1940", "for the
/// whole of '41").
pub(crate) fn period_preposition(i: &str) -> Res<'_, &str> {
    phrase("in").or(phrase("during")).or(phrase("for")).parse(i)
}

/// Nouns for the men who use a vehicle ("Free French units only", "issued to Rebel forces",
/// "1.2 (Keshi units)").
pub(crate) const UNITS: [&str; 12] = [
    "units",
    "forces",
    "troops",
    "formations",
    "crews",
    "battalions",
    "regiments",
    "brigades",
    "divisions",
    "squadrons",
    "companies",
    "platoons",
];

/// The arm before a noun for units ("Royalist tank battalions").
pub(crate) const ARMS: [&str; 10] = [
    "tank",
    "armoured",
    "armored",
    "cavalry",
    "infantry",
    "reconnaissance",
    "recce",
    "motorised",
    "motorized",
    "artillery",
];

/// Every theater of the nation: "in every theater", "in all theatres", "in any theater",
/// "everywhere", "at all fronts" (a translator's), "on all fronts", "any theatre".
pub(crate) fn every_theater(i: &str) -> Res<'_, &str> {
    if let Ok(read) = phrase("everywhere").parse(i) {
        return Ok(read);
    }
    let every = phrase("every").or(phrase("all")).or(phrase("any"));
    let noun = theater_noun.or(phrase("fronts"));
    // "Any theatre, 1934 through 1939": at a sentence's start the preposition may be left out.
    let (r, _) = (opt((place_preposition, ws1)), every, ws1, noun).parse(i)?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// A noun for a theater: "theaters", "theatres", "theater", "theatre", and a shorthand's
/// "thtrs", "thtr".
pub(crate) fn theater_noun(i: &str) -> Res<'_, &str> {
    phrase("theaters")
        .or(phrase("theatres"))
        .or(phrase("theater"))
        .or(phrase("theatre"))
        .or(phrase("thtrs"))
        .or(phrase("thtr"))
        .parse(i)
}

/// The text after the mark that ends a part of a sentence at `r`
/// (`sentences::comma_parts`): a comma, or a dash set apart as one ("EG only -- Korvath ...",
/// "... — 1.2 in both").
pub(crate) fn part_break(r: &str) -> Option<&str> {
    r.strip_prefix(',')
        .or_else(|| r.strip_prefix("--").filter(|a| a.starts_with(' ')))
        .or_else(|| r.strip_prefix('—').filter(|a| a.starts_with(' ')))
}

/// True when `text` opens with a word of sense ([`SENSE_WORDS`]: "not", "only", "NA", ...).
pub(crate) fn opens_with_sense_word(text: &str) -> bool {
    let word = text
        .split(|c: char| !(c.is_alphabetic() || c == '/'))
        .next()
        .unwrap_or("");
    SENSE_WORDS.contains(&word.to_lowercase().as_str())
}

/// A shorthand's "excl. X", "excluding X": what "except" says.
pub(crate) fn excluding(i: &str) -> Res<'_, &str> {
    phrase("excl.").or(phrase("excluding")).parse(i)
}

/// A shorthand's "each" after an RF or an amount ("rf 1.2 ea.", "+.1 ea. period", "rf 1.1 ea.
/// thtr", "each type"): it says the figure holds for every one, which it does anyway.
pub(crate) fn each(i: &str) -> Res<'_, &str> {
    let (r, _) = phrase("ea.").or(phrase("each")).parse(i)?;
    let noun = phrase("period")
        .or(phrase("entry"))
        .or(phrase("type"))
        .or(phrase("yr"))
        .or(phrase("year"))
        .or(theater_noun);
    let (r, _) = opt((ws1, noun)).parse(r)?;
    Ok((r, &i[..i.len() - r.len()]))
}

/// The word for a rarity factor: "RF", "RFs", "rarity factor(s)", "rarity" ("rarity 1.4").
pub(crate) fn rf_word(i: &str) -> Res<'_, &str> {
    phrase("rarity factors")
        .or(phrase("rarity factor"))
        .or(phrase("rarity"))
        .or(phrase("rfs"))
        .or(phrase("rf"))
        .parse(i)
}

/// One literal character.
pub(crate) fn ch<'a>(c: char) -> impl Fn(&'a str) -> Res<'a, char> {
    move |i: &'a str| match i.strip_prefix(c) {
        Some(rest) => Ok((rest, c)),
        None => fail(i),
    }
}

/// Marks that open a list's item at a line's start.
const BULLETS: [&str; 4] = ["- ", "* ", "• ", "+ "];

/// True when `text` (spaces, then a line break) goes on with a line that starts with a bullet
/// ("\n- KOR: 10/41 thru 3/44"): the item before it ends there.
pub(crate) fn bullet_next(text: &str) -> bool {
    let t = text.trim_start_matches([' ', '\t', '\r']);
    t.strip_prefix('\n').is_some_and(|line| {
        let line = line.trim_start_matches([' ', '\t']);
        BULLETS.iter().any(|b| line.starts_with(b))
    })
}

/// The byte ranges of `text`'s fields: a card's lines that each open with a label ("Service:
/// 9/37 - 12/41, ...\nRarity: 1.0 (1937-39) ...\nNot used: Veyra") are read one by one, a field
/// running to the next label's line. One range, the whole, when no line after the first opens
/// with a label.
pub(crate) fn fields(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut starts = vec![0];
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if at > 0 && field_label(trimmed).is_some() {
            starts.push(at + line.len() - trimmed.len());
        }
        at += line.len();
    }
    let ends = starts.iter().skip(1).copied().chain([text.len()]);
    // A field ends with its line's words, not the line break after them.
    let trimmed = |a: usize, b: usize| a..a + text[a..b].trim_end().len();
    starts
        .iter()
        .zip(ends)
        .map(|(&a, b)| trimmed(a, b))
        .collect()
}

/// The most words a field's label has ("Not used by:").
const LABEL_WORDS: usize = 3;

/// A card's field label that opens `line` ("Service: 5/40 - 8/43", "Not used: Veyra", "N/A:",
/// "KOR: Legion only"): up to three words of letters, the first capitalized, then ": ". Returns
/// the label's words and the text after it.
pub(crate) fn field_label(line: &str) -> Option<(&str, &str)> {
    let colon = line.find(": ")?;
    let label = &line[..colon];
    let word = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_alphabetic() || matches!(c, '/' | '\'' | '’'))
    };
    let fits = label.starts_with(|c: char| c.is_uppercase())
        && label.split(' ').count() <= LABEL_WORDS
        && label.split(' ').all(word);
    fits.then(|| (label, line[colon + 1..].trim_start()))
}

/// What a card's field label says of the field after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LabelSays {
    /// Where and when it served ("Service: 9/37 - 12/41, Northern Front and Hills"): the text
    /// after it is read as a sentence of its own.
    WhereAndWhen,
    /// Who may use it ("Users: Militia only").
    Users,
    /// Where or by whom it was not used ("Not used: Veyra").
    NotUsed,
    /// Its RF ("Rarity: 1.3 afterwards"), or a remark ("Note:"): names no one.
    Other,
    /// A question ("Q: What about the Isles?"): the sentence says nothing.
    Question,
}

/// The labels a card's field may have, and what each says.
const LABELS: [(&str, LabelSays); 34] = [
    ("service", LabelSays::WhereAndWhen),
    ("in service", LabelSays::WhereAndWhen),
    ("dates", LabelSays::WhereAndWhen),
    ("availability", LabelSays::WhereAndWhen),
    ("available", LabelSays::WhereAndWhen),
    ("theaters", LabelSays::WhereAndWhen),
    ("theatres", LabelSays::WhereAndWhen),
    ("where", LabelSays::WhereAndWhen),
    ("period", LabelSays::WhereAndWhen),
    ("used", LabelSays::WhereAndWhen),
    ("users", LabelSays::Users),
    ("user", LabelSays::Users),
    ("used by", LabelSays::Users),
    ("issued to", LabelSays::Users),
    ("factions", LabelSays::Users),
    ("operators", LabelSays::Users),
    ("operated by", LabelSays::Users),
    ("who", LabelSays::Users),
    ("not used", LabelSays::NotUsed),
    ("not used by", LabelSays::NotUsed),
    ("not used in", LabelSays::NotUsed),
    ("not available", LabelSays::NotUsed),
    ("not issued to", LabelSays::NotUsed),
    ("n/a", LabelSays::NotUsed),
    ("never", LabelSays::NotUsed),
    ("excluded", LabelSays::NotUsed),
    ("rf", LabelSays::Other),
    ("rarity", LabelSays::Other),
    ("rarity factor", LabelSays::Other),
    ("note", LabelSays::Other),
    // A thread's answers, copied out ("A: Only from mid-1943."): what follows is said.
    ("a", LabelSays::WhereAndWhen),
    ("answer", LabelSays::WhereAndWhen),
    // Its questions ("Q: What about the Isles?") say nothing, whatever they name.
    ("q", LabelSays::Question),
    ("question", LabelSays::Question),
];

/// What a field's label says, when the label is one a card uses (any case).
pub(crate) fn label_says(label: &str) -> Option<LabelSays> {
    let label = label.to_lowercase();
    LABELS
        .iter()
        .find(|(l, _)| *l == label)
        .map(|&(_, says)| says)
}

/// `text` without a label of where and when that opens it ("Service: 9/37 - 12/41, ..." is
/// "9/37 - 12/41, ...").
pub(crate) fn without_use_label(text: &str) -> &str {
    match field_label(text) {
        Some((label, rest)) if label_says(label) == Some(LabelSays::WhereAndWhen) => rest,
        _ => text,
    }
}

/// `text` without the bullet that opens it ("- HLV: '41 thru 1943" is "HLV: '41 thru 1943").
pub(crate) fn without_bullet(text: &str) -> &str {
    BULLETS
        .iter()
        .find_map(|b| text.strip_prefix(b))
        .map_or(text, str::trim_start)
}

/// `before` (the text before a clause) without a sub-paragraph's mark at its end, nor the
/// "and" before that mark ("...; and (b)" is "...;").
pub(crate) fn before_item_mark(before: &str) -> &str {
    let Some(open) = before.rfind('(') else {
        return before;
    };
    let Some(mark) = before[open + 1..].strip_suffix(')') else {
        return before;
    };
    if !is_item_mark(mark) {
        return before;
    }
    let head = before[..open].trim_end();
    head.strip_suffix(" and").map_or(head, str::trim_end)
}

/// `text` without the mark of a sub-paragraph that opens it ("(a) in the Hollin Reach ...",
/// "(ii) ..."): a letter or a small roman numeral in parentheses, then a space.
pub(crate) fn without_item_mark(text: &str) -> &str {
    let Some(r) = text.strip_prefix('(') else {
        return text;
    };
    let Some(close) = r.find(')') else {
        return text;
    };
    let after = &r[close + 1..];
    if is_item_mark(&r[..close]) && after.starts_with(char::is_whitespace) {
        after.trim_start()
    } else {
        text
    }
}

/// True for a sub-paragraph's mark inside its parentheses: a letter ("a") or a small roman
/// numeral ("ii").
fn is_item_mark(mark: &str) -> bool {
    let letter = mark.len() == 1 && mark.chars().all(|c| c.is_ascii_lowercase());
    let roman =
        !mark.is_empty() && mark.len() <= 4 && mark.chars().all(|c| matches!(c, 'i' | 'v' | 'x'));
    letter || roman
}

/// Byte length of the sentence that starts `text`: up to and including the first full stop
/// followed by whitespace or the end, or the whole text. Never 0 for non-empty text.
pub(crate) fn sentence_len(text: &str) -> usize {
    let mut prev_word_start = 0;
    for (i, c) in text.char_indices() {
        // A list's item ends where the next item's bullet starts its line.
        if c == '\n' && i > 0 && bullet_next(&text[i..]) {
            return i;
        }
        if c.is_whitespace() {
            prev_word_start = i + c.len_utf8();
            continue;
        }
        let after = &text[i + c.len_utf8()..];
        let ends_here = after.is_empty() || after.starts_with(char::is_whitespace);
        // "Q: What about the Isles? A: ...": a question or an exclamation ends one too.
        if matches!(c, '?' | '!') && ends_here {
            return i + 1;
        }
        if c != '.' || !ends_here {
            continue;
        }
        // "vs.", "i.e.", "viz.", "cf." do not end a sentence.
        let word = text[prev_word_start..i].to_ascii_lowercase();
        let word = word.trim_start_matches(['(', '"', '“']);
        if matches!(
            word,
            "vs" | "i.e" | "e.g" | "ie" | "eg" | "viz" | "cf" | "q.v" | "etc" | "approx" | "ca"
        ) {
            continue;
        }
        // A spreadsheet's shorthand ("avail. from '41", "excl. KOR", "incl. SLT", "+.1 ea.
        // entry") ends no sentence unless the text ends there.
        let more = !after.trim().is_empty();
        if more
            && matches!(
                word,
                "avail" | "excl" | "incl" | "ea" | "esp" | "yr" | "yrs"
            )
        {
            continue;
        }
        // "until Jun. 38", "Sept. 1941": a month's abbreviation before its year.
        let year_next = after
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || c == '\'' || c == '’');
        if year_next && is_month_abbreviation(word) {
            continue;
        }
        // "max. 1.6", "min. .9": a cap's abbreviation before its number.
        let number_next = year_next || after.trim_start().starts_with('.');
        if number_next && matches!(word, "max" | "min") {
            continue;
        }
        return i + 1;
    }
    text.len()
}

/// "jan" ... "dec" and "sept": a month's abbreviation (lower case).
fn is_month_abbreviation(word: &str) -> bool {
    const SHORT: [&str; 13] = [
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "may",
    ];
    SHORT.contains(&word)
}

/// True when `text` mentions dates or rarity factors, so a sentence the grammar cannot read is
/// worth a diagnostic rather than being rules prose.
pub(crate) fn mentions_dates_or_rf(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    if lower.contains("dates and rf")
        || lower.contains("date's and rf")
        || lower.contains("rarity factor")
    {
        return true;
    }
    // "1.3 on the Isles" after a semicolon: a clause that starts with an RF.
    let t = lower.trim_start_matches(|c: char| c.is_whitespace() || c == '†');
    let d = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if (1..=2).contains(&d)
        && t[d..].starts_with('.')
        && t[d + 1..].starts_with(|c: char| c.is_ascii_digit())
    {
        return true;
    }
    // "thereafter 1.5", "then 1.3": an RF after a word of time.
    for word in ["thereafter ", "afterwards ", "afterward ", "then "] {
        for (at, _) in lower.match_indices(word) {
            let after = &lower[at + word.len()..];
            let d = after
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(after.len());
            if d > 0
                && after[d..].starts_with('.')
                && after[d + 1..].starts_with(|c: char| c.is_ascii_digit())
            {
                return true;
            }
        }
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut n = 0;
    while n < chars.len() {
        let (_, c) = chars[n];
        let prev = n.checked_sub(1).map(|p| chars[p].1);
        let at_word_start = prev.is_none_or(|p| !p.is_alphanumeric() && p != '/');
        // "RF" as a word.
        if c == 'R'
            && at_word_start
            && chars.get(n + 1).is_some_and(|&(_, d)| d == 'F')
            && chars.get(n + 2).is_none_or(|&(_, d)| !d.is_alphanumeric())
        {
            return true;
        }
        // ".4" after a space or "(", and "(1.4": RF numbers.
        if c == '.'
            && prev.is_some_and(|p| p == ' ' || p == '(')
            && chars.get(n + 1).is_some_and(|&(_, d)| d.is_ascii_digit())
        {
            return true;
        }
        if c.is_ascii_digit() && at_word_start {
            let start = n;
            while chars.get(n).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                n += 1;
            }
            let digits: String = chars[start..n].iter().map(|&(_, d)| d).collect();
            let value: u32 = digits.parse().unwrap_or(u32::MAX);
            let next = chars.get(n).map(|&(_, d)| d);
            // A year of the 1900s or 2000s as a word (which years the data holds is its own).
            if digits.len() == 4 && (1900..=2099).contains(&value) {
                return true;
            }
            // "'40", "’40": a year.
            if digits.len() == 2 && matches!(prev, Some('\'' | '’')) {
                return true;
            }
            // "M/YY" or "M-M/YY": a month and a year, not a caliber like "75/18".
            if (next == Some('/') || next == Some('-')) && (1..=12).contains(&value) {
                let after = chars.get(n + 1).map(|&(_, d)| d);
                if after.is_some_and(|d| d.is_ascii_digit()) {
                    return true;
                }
            }
            // "1.4" right after "(".
            if prev == Some('(')
                && next == Some('.')
                && chars.get(n + 1).is_some_and(|&(_, d)| d.is_ascii_digit())
            {
                return true;
            }
            continue;
        }
        n += 1;
    }
    false
}

/// Where a sentence ends in the text a parser is given: the full stops of names and
/// abbreviations the nation's words protect end none.
impl<'a> Ctx<'a> {
    /// The clause at `i`: its sentence up to a semicolon, the full stop left out (what the
    /// forms read by their words take whole).
    pub(crate) fn clause_at(&self, i: &'a str) -> &'a str {
        let sentence = &i[..self.sentence_len(i)];
        let clause = sentence.find(';').map_or(sentence, |n| &sentence[..n]);
        clause.trim_end().trim_end_matches('.')
    }

    /// Byte length of the sentence that starts `i` (a slice of `text`): up to and including
    /// the first full stop that ends a sentence ([`sentence_len`]) outside the
    /// protected ranges (a name's or an abbreviation's full stop), or all of `i`.
    pub(crate) fn sentence_len(&self, i: &'a str) -> usize {
        let base = self.offset(i);
        let mut from = 0;
        loop {
            let len = from + sentence_len(&i[from..]);
            if len >= i.len() || !self.protected.iter().any(|r| r.contains(&(base + len - 1))) {
                return len;
            }
            from = len;
        }
    }

    /// True when the full stop at the end of `word` (a slice of `text`) belongs to a name or
    /// an abbreviation.
    pub(crate) fn protected_end(&self, word: &'a str) -> bool {
        let end = self.offset(word) + word.len();
        end > 0 && self.protected.iter().any(|r| r.contains(&(end - 1)))
    }
}

/// Words that limit or negate what a sentence says: never left unread as a subject's words.
pub(crate) const SENSE_WORDS: [&str; 14] = [
    "not", "no", "never", "only", "except", "but", "until", "before", "after", "none", "neither",
    "nor", // A shorthand's "NA", "N/A": not available.
    "na", "n/a",
];
