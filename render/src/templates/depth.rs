//! The expression depth bound: checked on a template's text, with the template engine's own
//! tokenizer, before the engine parses it.
//!
//! minijinja's parser guards the nesting of statements and brackets, but a chain of prefix,
//! infix or postfix operators (10,000 `not`, a 20,000-step attribute chain `a.b.b.b...`,
//! `x|e|e|e...`) becomes a tree as deep as the chain, which the parser, the code generator and
//! the tree's drop walk recursively: deep enough, the stack overflows and the process aborts.
//! The bound counts, per tag, what can nest: each operator, postfix step and filter adds one
//! level to the bracket it is in, each open bracket one level, and a separator (`,`, `:`,
//! `=`) starts a sibling at its bracket's level. The sum over the open brackets bounds the
//! depth of the expression tree the parser would build.

use minijinja::machinery::{tokenize, Token, WhitespaceConfig};
use minijinja::syntax::SyntaxConfig;

/// Deepest expression a template may hold. The embedded templates' deepest is about 15; a
/// tree this deep compiles in a few hundred kilobytes of stack, on any thread of the build.
pub const MAX_EXPRESSION_DEPTH: usize = 200;

/// Where a template's expression first passes [`MAX_EXPRESSION_DEPTH`]: the byte offset of
/// the token that does. `None` when it stays within (a syntax error ends the scan: the
/// engine reports it).
pub fn too_deep(text: &str) -> Option<usize> {
    deeper_than(text, MAX_EXPRESSION_DEPTH)
}

/// Where a template's expression first passes `max` levels.
pub fn deeper_than(text: &str, max: usize) -> Option<usize> {
    // One counter per open bracket of the current tag (the tag itself at the bottom), and
    // their sum plus the number of open brackets.
    let mut levels: Vec<usize> = vec![0];
    let mut depth = 0usize;
    for item in tokens(text) {
        let Ok((token, span)) = item else { return None };
        match token {
            Token::VariableStart | Token::BlockStart | Token::VariableEnd | Token::BlockEnd => {
                levels.clear();
                levels.push(0);
                depth = 0;
            }
            Token::ParenOpen | Token::BracketOpen | Token::BraceOpen => {
                levels.push(0);
                depth += 1;
            }
            Token::ParenClose | Token::BracketClose | Token::BraceClose if levels.len() > 1 => {
                depth -= levels.pop().unwrap_or(0) + 1;
            }
            Token::Comma | Token::Colon | Token::Assign => {
                if let Some(top) = levels.last_mut() {
                    depth -= *top;
                    *top = 0;
                }
            }
            t if nests(&t) => {
                if let Some(top) = levels.last_mut() {
                    *top += 1;
                    depth += 1;
                }
            }
            _ => {}
        }
        if depth > max {
            return Some(span.start_offset as usize);
        }
    }
    None
}

/// A template's tokens as the engine reads them (its default syntax, trailing newlines kept
/// as qm's environment keeps them).
pub(crate) fn tokens(
    text: &str,
) -> impl Iterator<Item = Result<(Token<'_>, minijinja::machinery::Span), minijinja::Error>> {
    let ws = WhitespaceConfig {
        keep_trailing_newline: true,
        ..WhitespaceConfig::default()
    };
    // A unit struct only while no crate of the build turns on the engine's custom syntax.
    #[allow(
        clippy::default_constructed_unit_structs,
        reason = "SyntaxConfig has fields under minijinja's custom_syntax feature"
    )]
    let syntax = SyntaxConfig::default();
    tokenize(text, false, syntax, ws)
}

/// A token that makes the expression around it one level deeper: an operator, a postfix step
/// (`.`), a filter or test (`|`, `is`), a conditional (`if`, `else`).
fn nests(token: &Token<'_>) -> bool {
    match token {
        Token::Ident(word) => matches!(*word, "not" | "and" | "or" | "if" | "else" | "is" | "in"),
        Token::Plus
        | Token::Minus
        | Token::Mul
        | Token::Div
        | Token::FloorDiv
        | Token::Pow
        | Token::Mod
        | Token::Dot
        | Token::Tilde
        | Token::Pipe
        | Token::Eq
        | Token::Ne
        | Token::Gt
        | Token::Gte
        | Token::Lt
        | Token::Lte => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_chains_are_too_deep_and_siblings_are_not() {
        let nots = format!("{{{{ {}x }}}}", "not ".repeat(10_000));
        assert!(too_deep(&nots).is_some());
        let chain = format!("{{{{ a{} }}}}", ".b".repeat(20_000));
        assert!(too_deep(&chain).is_some());
        let filters = format!("{{{{ a{} }}}}", "|e".repeat(300));
        assert!(too_deep(&filters).is_some());
        // Many shallow siblings: a long list or many arguments stay shallow.
        let list = format!("{{{{ [{}] }}}}", "a.b, ".repeat(10_000));
        assert_eq!(too_deep(&list), None);
        let tags = "{{ a.b.c }}".repeat(10_000);
        assert_eq!(too_deep(&tags), None);
        // Inside a string or a comment nothing counts.
        let quoted = format!(
            "{{{{ \"{}\" }}}}{{# {} #}}",
            "not ".repeat(1000),
            ".b".repeat(1000)
        );
        assert_eq!(too_deep(&quoted), None);
    }

    #[test]
    fn the_embedded_templates_are_far_from_the_bound() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../templates");
        let mut todo = vec![dir];
        let mut seen = 0;
        while let Some(d) = todo.pop() {
            for e in std::fs::read_dir(d).unwrap().flatten() {
                if e.path().is_dir() {
                    todo.push(e.path());
                } else if e.path().extension().is_none_or(|x| x != "md") {
                    let text = std::fs::read_to_string(e.path()).unwrap();
                    assert_eq!(deeper_than(&text, 20), None, "{}", e.path().display());
                    seen += 1;
                }
            }
        }
        assert!(seen > 10);
    }

    #[test]
    fn the_offset_is_where_the_limit_is_passed() {
        let text = format!("ok\n{{{{ {}x }}}}", "not ".repeat(1000));
        let at = too_deep(&text).unwrap();
        assert!(text[at..].starts_with("not"), "{}", &text[at..at + 10]);
        assert_eq!(at, 3 + 3 + 4 * MAX_EXPRESSION_DEPTH);
    }
}
