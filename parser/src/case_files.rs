//! The parser's case tables as files: each table of cases is a folder under
//! `parser/tests/cases/`, run by one test with `insta::glob!`, so each input file is its own
//! snapshot and every failing case shows (not only the first).
//!
//! - `availability/<table>/NN-<first words>.txt`: one notes sentence per file, read by
//!   [`crate::availability`]; its snapshot holds the clauses (rendered compactly) and the
//!   diagnostics (code and the text under their span).
//! - `periods/<group>.txt`: one listing DATES text per line (the cases are one-liners), read
//!   by [`crate::parse_period`]; the group's snapshot has one line per case.
//! - `listing-cells/<form>.txt`: one listing cell per line, those that read and those that do
//!   not, read by the form's cell reader (the file name says which); the snapshot says what
//!   each cell prints back as, or its problem and the text it points at.
//!
//! In every case file a line starting with `#` is a comment saying why the case is there. In a
//! file of one case, the rest of the file (its last newline dropped) is the input; in a file of
//! one-liners, every other line is one input, verbatim (an empty line is the empty text).
//!
//! A new case is a new file (or line); `INSTA_UPDATE=always cargo test -p qm-parser` writes its
//! snapshot, to be read before it is committed.

/// The input of a file of one case: its text without `#` comment lines and last newline.
pub(crate) fn case_input(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    lines.join("\n")
}

/// The inputs of a file of one-liners: every line that is no `#` comment.
pub(crate) fn case_lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#')).collect()
}
