//! The availability grammar: RF/date sentences of the vehicle notes -> structured clauses.
//!
//! Every way the notes state dates and rarity factors is a clause form (see [`ClauseKind`]):
//! schedules per theater, RF-by-period lists, dates-only lists, relative rules, limits,
//! defaults with exceptions, radio dates, optional weapons, and the multi-applicable notes'
//! "used in North Africa from 6/40 to 5/43". A clause is `scope? form terminator`: the
//! optional scope (vehicle names of any nation, "For both types,") is one combinator composed
//! in front of every form, so no form knows how vehicles are named.
//!
//! Misprints follow one principle. When the intended reading is certain ("5/4 1-9/43",
//! "(1.6.)", "I.4", "1-6") the parser reads it, records a [`Misprint`] and warns. When it must be
//! guessed ("1/1", "7-11/47", "32/43-44", "7.5/43") the value is an error value that keeps the
//! literal reading, the diagnostic is an error, and its help suggests the period the
//! neighbouring entries leave uncovered; the fix belongs in the nation's errata.

mod aside;
mod body;
mod clauses;
mod diagnose;
mod ellipsis;
mod entries;
mod faction_rf;
mod faction_words;
mod grammar_error;
mod lexeme;
mod lexicon;
mod limits;
mod own_rf;
mod parts;
mod per_vehicle;
mod period_token;
mod pieces;
mod radio_words;
mod relative;
mod relative_words;
mod rf_change;
mod rf_places;
mod rf_token;
mod rf_words;
mod scope;
mod sentences;
mod served;
mod subjects;
mod syntax;
mod table;
mod theater_names;
mod use_verbs;
mod weapon_words;
mod when;
mod whole;
mod year_parts;
mod years;

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod card_tests;
#[cfg(test)]
mod designer_tests;
#[cfg(test)]
mod historian_tests;
#[cfg(test)]
mod hobbyist_tests;
#[cfg(test)]
mod lawyer_tests;
#[cfg(test)]
mod newsletter_tests;
#[cfg(test)]
mod plainspoken_tests;
#[cfg(test)]
mod publication_tests;
#[cfg(test)]
mod reworded_tests;
#[cfg(test)]
mod shorthand_tests;
#[cfg(test)]
mod spreadsheet_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod translator_tests;

#[cfg(test)]
mod errata_tests;

pub(crate) use lexeme::field_label;
pub use lexicon::{Lexicon, YearPart};
pub use pieces::{bound_by, pieces, pieces_with, Piece, PieceKind};
pub use syntax::*;
pub use year_parts::year_parts_defined;

use crate::{FileId, Parsed};
use grammar_error::Ctx;

/// Reads one availability (RF/date) sentence, bullet or note text into structured clauses.
///
/// `base` is the byte offset of `text` in its source's normalized text, so every span points
/// into that source. Sentences without dates or RFs (rules prose) yield nothing; a sentence
/// with dates or RFs that fits no form yields an [`ClauseKind::Unreadable`] clause and an
/// error. `years`, when given, are the years the nation's data holds: a period outside them is
/// an error value (`notes::year-out-of-range`). Never panics.
pub fn parse_availability(
    text: &str,
    base: usize,
    file: FileId,
    years: Option<YearSpan>,
) -> Parsed<Vec<AvailabilityClause>> {
    parse_availability_with(text, base, file, &Lexicon::years(years))
}

/// [`parse_availability`] with the nation's words: its vehicle names (a name's full stops end
/// no sentence, and a subject is the longest name), its places (a place ends where its name
/// does) and its years.
pub fn parse_availability_with(
    text: &str,
    base: usize,
    file: FileId,
    lexicon: &Lexicon,
) -> Parsed<Vec<AvailabilityClause>> {
    let fields = lexeme::fields(text);
    if fields.len() == 1 {
        return read_text(text, base, file, lexicon);
    }
    // A card's fields, each read on its own: a field's words never run into the next one's.
    let mut out = Parsed {
        value: Vec::new(),
        diagnostics: Vec::new(),
    };
    for range in fields {
        let field = read_text(&text[range.clone()], base + range.start, file, lexicon);
        out.value.extend(field.value);
        out.diagnostics.extend(field.diagnostics);
    }
    out
}

/// Reads one text (a paragraph, or one field of a card) into clauses: its prose sentence by
/// sentence, its Markdown tables as tables ([`table`]), each under the line before it when
/// that line ends with a colon ("Ordel, all theaters:").
fn read_text(
    text: &str,
    base: usize,
    file: FileId,
    lexicon: &Lexicon,
) -> Parsed<Vec<AvailabilityClause>> {
    let protected = lexicon.protected(text);
    let ctx = Ctx {
        text,
        base,
        file,
        lexicon,
        protected: &protected,
        in_part: false,
    };
    let blocks = table::blocks(text);
    let mut clauses = if blocks.iter().any(|b| b.table) {
        read_blocks(&ctx, &blocks)
    } else {
        sentences::read_clauses(&ctx)
    };
    if let Some(years) = lexicon.years {
        years::bound(&mut clauses, years);
    }
    let diagnostics = diagnose::diagnose(&clauses);
    Parsed {
        value: clauses,
        diagnostics,
    }
}

/// The clauses of a text with tables, block by block.
fn read_blocks(ctx: &Ctx<'_>, blocks: &[table::Block]) -> Vec<AvailabilityClause> {
    let mut clauses = Vec::new();
    for (k, block) in blocks.iter().enumerate() {
        let text = &ctx.text[block.range.clone()];
        if block.table {
            let lead = k
                .checked_sub(1)
                .and_then(|p| blocks.get(p))
                .filter(|p| !p.table)
                .and_then(|p| lead_in_line(&ctx.text[p.range.clone()]))
                .map(|l| table::lead_in(ctx, l))
                .unwrap_or_default();
            clauses.extend(table::read_table(ctx, text, &lead));
            continue;
        }
        // The lead-in line of the table after it is the table's, not a sentence.
        let followed = blocks.get(k + 1).is_some_and(|b| b.table);
        let prose = match lead_in_line(text).filter(|_| followed) {
            Some(lead) => text[..text.len() - lead.len()].trim_end(),
            None => text,
        };
        if prose.is_empty() {
            continue;
        }
        let protected = ctx.lexicon.protected(prose);
        let sub = Ctx {
            text: prose,
            base: ctx.base + ctx.offset(prose),
            protected: &protected,
            ..*ctx
        };
        clauses.extend(sentences::read_clauses(&sub));
    }
    clauses
}

/// The last sentence of a prose block when it ends with a colon: a table's lead-in ("Ordel,
/// all theaters:"; a sentence before it on its line is not).
fn lead_in_line(text: &str) -> Option<&str> {
    let last = text.trim_end().rsplit('\n').next()?.trim_start();
    let sentence = last.rsplit(". ").next()?.trim_start();
    sentence.ends_with(':').then_some(sentence)
}
