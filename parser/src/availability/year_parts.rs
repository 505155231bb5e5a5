//! The parts of a year a nation's notes define for themselves in their introduction
//! ("early/mid/late = Jan-Apr / May-Aug / Sep-Dec of that yr", "mid = May-Aug"): the notes'
//! own words, so "mid-'41" reads as the months they say. Without such a definition a part of
//! a year is never guessed.

use nom::combinator::opt;
use nom::Parser;

use super::grammar_error::Res;
use super::lexeme::{ch, phrase, ws0, ws1};
use super::lexicon::YearPart;
use super::when::month_name;

/// Every part of a year `text` defines: one or more lower-case words joined by "/" or ",",
/// then "=", ":", "means" or "is", then as many month ranges ("Jan-Apr", "May to August")
/// joined the same way. A word defined twice keeps its first meaning.
pub fn year_parts_defined(text: &str) -> Vec<YearPart> {
    let mut out: Vec<YearPart> = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let i = &text[at..];
        // A definition's first word: not one inside a list ("early/mid = ..." names two).
        let word_start =
            at == 0 || text[..at].ends_with(|c: char| c.is_whitespace() || "\"“'‘(:;".contains(c));
        if word_start {
            if let Some((rest, found)) = definition(i) {
                for part in found {
                    if !out.iter().any(|p| p.word == part.word) {
                        out.push(part);
                    }
                }
                // Nothing inside a definition starts another ("a year means" in "\"Early\" in
                // a year means ...").
                at = text.len() - rest.len();
                continue;
            }
        }
        at += i.chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// The parts defined at the start of `i`, if a definition starts there, and the text after it.
fn definition(i: &str) -> Option<(&str, Vec<YearPart>)> {
    let (r, words) = joined(i, lower_word)
        .or_else(|_| quoted_word(i).map(|(r, w)| (r, vec![w])))
        .ok()?;
    // "\"Early\" in a year means January to April": where the word is used, said.
    let (r, _) = opt((ws1, phrase("in a year").or(phrase("of a year"))))
        .parse(r)
        .ok()?;
    let sign = (ws0, ch('=').or(ch(':'))).map(|_| ());
    let verb = (ws1, phrase("means").or(phrase("is"))).map(|_| ());
    let (r, _) = (sign.or(verb), ws0).parse(r).ok()?;
    let (mut r, ranges) = joined(r, month_range).ok()?;
    if words.len() != ranges.len() {
        return None;
    }
    let mut out: Vec<YearPart> = words
        .into_iter()
        .zip(ranges)
        .map(|(word, months)| YearPart {
            word: word.to_lowercase(),
            months,
        })
        .collect();
    // "spring is 3-5, summer 6-8, autumn 9-11": after one definition, more of the same list
    // may leave their verb out.
    while let Ok((after, (_, _, _, word, _, months))) = (
        ws0,
        ch(','),
        ws1,
        |i| {
            let (i, _) = opt((phrase("and"), ws1)).parse(i)?;
            lower_word(i)
        },
        (
            ws1,
            opt((phrase("is").or(phrase("means")).or(phrase("=")), ws1)),
        ),
        month_range,
    )
        .parse(r)
    {
        out.push(YearPart {
            word: word.to_lowercase(),
            months,
        });
        r = after;
    }
    Some((r, out))
}

/// Items joined by "/" or "," (spaces around them allowed).
fn joined<'a, T>(i: &'a str, item: impl Fn(&'a str) -> Res<'a, T>) -> Res<'a, Vec<T>> {
    let (mut i, first) = item(i)?;
    let mut out = vec![first];
    while let Ok((r, next)) = (ws0, ch('/').or(ch(',')), ws0, &item)
        .map(|(_, _, _, n)| n)
        .parse(i)
    {
        out.push(next);
        i = r;
    }
    Ok((i, out))
}

/// A word of two or more lower-case letters.
fn lower_word(i: &str) -> Res<'_, &str> {
    let len = i.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(i.len());
    if len < 2 || i[len..].starts_with(char::is_alphanumeric) {
        return super::grammar_error::fail(i);
    }
    // A word in quotes ("\"mid\" means May to August"): its closing quote is no part of it.
    let rest = i[len..].trim_start_matches(['"', '”', '’', '\'']);
    Ok((rest, &i[..len]))
}

/// A word in quotes, a capital allowed ("\"Early\" in a year means ..."): the quotes say it is
/// the word being defined.
fn quoted_word(i: &str) -> Res<'_, &str> {
    let Some(r) = i.strip_prefix(['"', '“']) else {
        return super::grammar_error::fail(i);
    };
    let len = r
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(r.len());
    if len < 2 || !r[len..].starts_with(['"', '”']) {
        return super::grammar_error::fail(i);
    }
    Ok((&r[len + 1..], &r[..len]))
}

/// "March, April and May", "June, July, and August": months named one after another, the
/// range from the first to the last (none left out).
fn month_list(i: &str) -> Res<'_, (u8, u8)> {
    let (mut r, first) = month_name(i)?;
    let mut last = first;
    loop {
        let comma = (ws0, ch(','), ws1, opt((phrase("and"), ws1))).map(|_| ());
        let and = (ws1, phrase("and"), ws1).map(|_| ());
        let Ok((after, next)) = (comma.or(and), month_name).map(|(_, m)| m).parse(r) else {
            break;
        };
        if next != last + 1 {
            return super::grammar_error::fail(i);
        }
        last = next;
        r = after;
    }
    if last == first || r.starts_with(char::is_alphanumeric) {
        return super::grammar_error::fail(i);
    }
    Ok((r, (first, last)))
}

/// "Jan-Apr", "May to August", "Sep–Dec", "3-5", "March, April and May": two months or more,
/// the first not after the last.
fn month_range(i: &str) -> Res<'_, (u8, u8)> {
    if let Ok(read) = month_list(i) {
        return Ok(read);
    }
    let dash = (ws0, ch('-').or(ch('–')), ws0).map(|_| ());
    let to = (ws1, phrase("to").or(phrase("through")), ws1).map(|_| ());
    let named = (month_name, dash.or(to), month_name).map(|(a, _, b)| (a, (), b));
    let (r, (first, (), last)) = named
        .or((
            month_number,
            (ch('-').or(ch('–'))).map(|_| ()),
            month_number,
        ))
        .parse(i)?;
    // "3-5/42" is a period, no part of a year.
    let decimal = r
        .strip_prefix('.')
        .is_some_and(|d| d.starts_with(|c: char| c.is_ascii_digit()));
    if r.starts_with('/') || decimal || r.starts_with(char::is_alphanumeric) {
        return super::grammar_error::fail(i);
    }
    if first > last {
        return super::grammar_error::fail(i);
    }
    Ok((r, (first, last)))
}

/// A month's number, 1 to 12 ("3" in "spring is 3-5").
fn month_number(i: &str) -> Res<'_, u8> {
    let len = i.find(|c: char| !c.is_ascii_digit()).unwrap_or(i.len());
    match i[..len].parse::<u8>() {
        Ok(m) if (1..=12).contains(&m) && len <= 2 => Ok((&i[len..], m)),
        _ => super::grammar_error::fail(i),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(text: &str) -> Vec<(String, (u8, u8))> {
        year_parts_defined(text)
            .into_iter()
            .map(|p| (p.word, p.months))
            .collect()
    }

    #[test]
    fn definitions_in_the_notes_own_words() {
        let three = vec![
            ("early".to_string(), (1, 4)),
            ("mid".to_string(), (5, 8)),
            ("late".to_string(), (9, 12)),
        ];
        assert_eq!(
            parts("Key: early/mid/late = Jan-Apr / May-Aug / Sep-Dec of that yr."),
            three
        );
        assert_eq!(
            parts("early = Jan-Apr, mid = May-Aug, late = Sep-Dec."),
            three
        );
        assert_eq!(
            parts("Here \"mid\" means May to August."),
            vec![("mid".to_string(), (5, 8))]
        );
        // Counts that do not match, a range backwards, or no months: no definition.
        assert!(parts("early/mid = Jan-Apr").is_empty());
        assert!(parts("late = Dec-Sep").is_empty());
        assert!(parts("avail. = available; N/A = not available").is_empty());
        // Seasons by month numbers, the verb said once for the list.
        assert_eq!(
            parts(
                "Seasons: spring is 3-5, summer 6-8, autumn 9-11, and winter '41 is 12/41 to 2/42."
            ),
            vec![
                ("spring".to_string(), (3, 5)),
                ("summer".to_string(), (6, 8)),
                ("autumn".to_string(), (9, 11)),
            ]
        );
        // Months named one by one; a word in quotes, where it is used said before its verb.
        assert_eq!(
            parts("spring is March, April and May; summer is June, July and August; \"Early\" in a year means January to April, and \"late\" in a year means September to December."),
            vec![
                ("spring".to_string(), (3, 5)),
                ("summer".to_string(), (6, 8)),
                ("early".to_string(), (1, 4)),
                ("late".to_string(), (9, 12)),
            ]
        );
        // Months with one left out are no range.
        assert!(parts("spring is March and May").is_empty());
        // A period is no part of a year, nor are two bare numbers without a word's verb.
        assert!(parts("spring is 3-5/42").is_empty());
        assert!(parts("between 3-5").is_empty());
    }
}
