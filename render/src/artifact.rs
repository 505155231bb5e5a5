//! What every renderer makes: a generated file, in memory until the exporter writes the
//! output directory at once.

/// One generated file, relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Artifact {
    /// Path relative to the output directory, with `/` separators (`ita.json`).
    pub path: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

impl Artifact {
    /// An artifact holding `bytes` at `path`.
    pub fn new(path: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Self {
            path: path.into(),
            bytes: bytes.into(),
        }
    }
}
