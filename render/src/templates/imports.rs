//! The name an `{% import %}` binds: checked on a template's text, with the template engine's
//! own tokenizer, before the engine parses it.
//!
//! Jinja's `{% import "file" as NAME %}` binds the imported module to a plain name, with an
//! optional `with context` or `without context`. minijinja 2 reads what follows `as` as any
//! expression and its code generator then meets an expression it cannot assign to
//! (`as m|int`, `as 1`, `as f()`, `as true`): the process panics while compiling the
//! template (found by the `template` fuzz target). Here anything but a plain name is refused
//! at its position, so the engine never compiles it.

use minijinja::machinery::Token;

use crate::templates::depth::tokens;

/// Names the engine reads as constants, not variables (its reserved words that are values).
const CONSTANTS: [&str; 6] = ["true", "True", "false", "False", "none", "None"];

/// Where in an import tag the scan is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum At {
    /// Outside a block tag, or in a tag that is not an import.
    Elsewhere,
    /// Just after `{%`: the tag's keyword comes next.
    TagStart,
    /// In the imported expression, `open` brackets deep.
    Expression { open: usize },
    /// Just after `as`: the name comes next.
    As,
    /// After the name: the tag's end, or a context marker.
    Name,
    /// After `with` or `without`: `context` comes next.
    Marker,
    /// After the context marker: the tag's end comes next.
    Context,
}

/// The byte offset of the first token that makes an import bind something other than a plain
/// name; `None` when every import binds a name (a syntax error ends the scan: the engine
/// reports it).
pub fn bad_import_name(text: &str) -> Option<usize> {
    let mut at = At::Elsewhere;
    for item in tokens(text) {
        let Ok((token, span)) = item else { return None };
        at = match step(at, &token) {
            Some(next) => next,
            None => return Some(span.start_offset as usize),
        };
    }
    None
}

/// The scan's next place after `token`; `None` when the token is one an import's name may not
/// hold.
fn step(at: At, token: &Token<'_>) -> Option<At> {
    Some(match (at, token) {
        (At::Elsewhere, Token::BlockStart) => At::TagStart,
        (At::Elsewhere, _) => At::Elsewhere,
        (At::TagStart, Token::Ident("import")) => At::Expression { open: 0 },
        (At::TagStart, _) => At::Elsewhere,
        (At::Expression { open: 0 }, Token::Ident("as")) => At::As,
        (At::Expression { open }, Token::ParenOpen | Token::BracketOpen | Token::BraceOpen) => {
            At::Expression { open: open + 1 }
        }
        (At::Expression { open }, Token::ParenClose | Token::BracketClose | Token::BraceClose) => {
            At::Expression {
                open: open.saturating_sub(1),
            }
        }
        // An import without `as` is the engine's syntax error to report.
        (At::Expression { .. }, Token::BlockEnd) => At::Elsewhere,
        (At::Expression { open }, _) => At::Expression { open },
        (At::As, Token::Ident(name)) if !CONSTANTS.contains(name) => At::Name,
        (At::Name, Token::Ident("with" | "without")) => At::Marker,
        (At::Marker, Token::Ident("context")) => At::Context,
        (At::Name | At::Context, Token::BlockEnd) => At::Elsewhere,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_import_binds_a_plain_name_with_or_without_context() {
        for ok in [
            r#"{% import "counter/macros.svg" as m %}{{ m.x() }}"#,
            r#"{%- import "a" ~ ("b" if x else "c") as forms with context -%}"#,
            r#"{% import "a" as forms without context %}"#,
            r#"{% from "a" import x as y %}{% set t = 1 %}{% for a, b in c %}{% endfor %}"#,
            r#"text {{ "{% import 'a' as 1 %}" }} {# {% import "a" as 1 %} #}"#,
        ] {
            assert_eq!(bad_import_name(ok), None, "{ok}");
        }
    }

    #[test]
    fn anything_else_after_as_is_refused_at_its_token() {
        for (bad, at) in [
            (r#"{% import "counter/macros.svg" as m|int %}"#, "|int"),
            (r#"x{% import "a" as 1 %}"#, "1 %}"),
            (r#"{% import "a" as f() %}"#, "() %}"),
            (r#"{% import "a" as true %}"#, "true"),
            (r#"{% import "a" as m.n %}"#, ".n"),
            (r#"{% import "a" as (m) %}"#, "(m)"),
            (r#"{% import "a" as m with %}"#, "%}"),
            (r#"{% import "a" as m + 1 %}"#, "+ 1"),
        ] {
            let offset = bad_import_name(bad).unwrap_or_else(|| panic!("{bad} passed"));
            assert!(
                bad[offset..].starts_with(at),
                "{bad}: at {:?}",
                &bad[offset..]
            );
        }
    }
}
