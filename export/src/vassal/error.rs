//! What can go wrong making, reading or merging a module.

use qm_load::module_files::ModuleFileError;
use qm_render::templates::source::TemplateError;

/// A failure while making, reading or merging a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VassalError {
    /// "failed to X (cause)".
    pub message: String,
    /// The template failure behind it, when a VASSAL template failed (printed as a
    /// diagnostic at the template's line and column).
    pub template: Option<Box<TemplateError>>,
}

impl VassalError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            template: None,
        }
    }

    /// A VASSAL template failed.
    pub fn template(e: TemplateError) -> Self {
        Self {
            message: e.to_string(),
            template: Some(Box::new(e)),
        }
    }
}

impl From<ModuleFileError> for VassalError {
    fn from(e: ModuleFileError) -> Self {
        Self::new(e.message)
    }
}

impl std::fmt::Display for VassalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for VassalError {}
