//! What each input of a run is, named in messages about outputs that would touch it.

use std::fmt;

/// What an input of a run is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputRole {
    /// `--data`.
    DataDir,
    /// `--templates`.
    TemplatesDir,
    /// `--scenarios` (a file or a folder).
    Scenarios,
    /// `qm vassal merge --into`.
    InputModule,
    /// What a symlink in the data directory leads to (a `listing.csv` linked to a VASL
    /// checkout, a nation folder on another disk).
    DataLink,
    /// What a symlink in a `--scenarios` folder leads to.
    ScenariosLink,
    /// A file of the data directory (for a file edited in place there: the gpid registry).
    DataFile,
}

impl InputRole {
    /// The role of what a symlink inside this input leads to, for inputs load reads through
    /// links; `None` for the others (templates are read without following a link).
    pub fn linked(self) -> Option<InputRole> {
        match self {
            InputRole::DataDir => Some(InputRole::DataLink),
            InputRole::Scenarios => Some(InputRole::ScenariosLink),
            _ => None,
        }
    }
}

impl fmt::Display for InputRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputRole::DataDir => "the data directory",
            InputRole::TemplatesDir => "the templates directory",
            InputRole::Scenarios => "the scenario path given to --scenarios",
            InputRole::InputModule => "the module given to --into",
            InputRole::DataLink => "what a link in the data directory leads to",
            InputRole::ScenariosLink => "what a link in the scenario folder leads to",
            InputRole::DataFile => "another file of the data directory",
        })
    }
}
