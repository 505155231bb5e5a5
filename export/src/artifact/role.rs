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
}

impl fmt::Display for InputRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InputRole::DataDir => "the data directory",
            InputRole::TemplatesDir => "the templates directory",
            InputRole::Scenarios => "the scenario path given to --scenarios",
            InputRole::InputModule => "the module given to --into",
        })
    }
}
