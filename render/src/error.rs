//! [`RenderError`]: what failed while rendering an artifact, and where.

use crate::templates::source::TemplateError;

/// A failed render: the artifact being made and what went wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderError {
    /// The artifact being rendered (`ita/counters/m13-40-front.svg`).
    pub artifact: String,
    /// What went wrong.
    pub kind: RenderErrorKind,
}

/// What went wrong while rendering.
#[derive(Debug, Clone, PartialEq)]
pub enum RenderErrorKind {
    /// A template failed (undefined variable, syntax error, bad function argument).
    Template(Box<TemplateError>),
    /// A template produced SVG that does not parse (the template's markup is broken).
    Svg {
        /// The template that produced it.
        template: String,
        /// The SVG parser's message.
        message: String,
    },
    /// Rasterizing or encoding a PNG failed.
    Png(String),
    /// Writing a PDF failed.
    Pdf(String),
}

impl RenderError {
    /// An error while rendering `artifact`.
    pub fn new(artifact: impl Into<String>, kind: RenderErrorKind) -> Self {
        Self {
            artifact: artifact.into(),
            kind,
        }
    }
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.kind {
            RenderErrorKind::Template(e) => write!(f, "{e}, while rendering {}", self.artifact),
            RenderErrorKind::Svg { template, message } => write!(
                f,
                "failed to read the SVG that {template} made for {} ({message})",
                self.artifact
            ),
            RenderErrorKind::Png(m) => write!(f, "failed to make {} ({m})", self.artifact),
            RenderErrorKind::Pdf(m) => write!(f, "failed to make {} ({m})", self.artifact),
        }
    }
}

impl std::error::Error for RenderError {}
