//! The VASSAL module's inputs: `vassal.toml` ([`config`]) and the gpid registry
//! ([`gpids`]), read once by the load stage within the data's caps ([`files`]); the module
//! itself is made by the exporter.

pub mod config;
pub mod files;
pub mod gpids;

/// A module file (`vassal.toml`, the gpid registry) that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleFileError {
    /// "failed to read X (cause)".
    pub message: String,
}

impl ModuleFileError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ModuleFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ModuleFileError {}
