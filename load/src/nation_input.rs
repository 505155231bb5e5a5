//! What load gives the resolver of one nation besides the source texts: which files are its
//! own ([`NationInput`]) and what its `errata.toml` accepts ([`Accept`]). Plain data.

use qm_parser::{FileId, TextSpan};
use qm_schema::AppliedErratum;

/// What resolving one nation reads besides the source texts: which files are its own, and what
/// its `errata.toml` said. Plain data; [`crate::data_dir::load`] builds it.
#[derive(Debug, Clone)]
pub struct NationInput {
    /// The folder name, e.g. `ita`.
    pub id: String,
    /// Display name (`[nation] name` of `ob.toml`, else the id).
    pub name: String,
    /// `listing.tsv`; `None` for a nation without vehicles (national data only).
    pub listing: Option<FileId>,
    /// `notes.md`, when present.
    pub notes: Option<FileId>,
    /// `ordnance.tsv` or `ordnance.csv`, when present: the guns.
    pub ordnance: Option<FileId>,
    /// `ordnance-notes.md`, when present beside an ordnance listing: the guns' notes.
    pub ordnance_notes: Option<FileId>,
    /// `ob.toml`, when present.
    pub ob: Option<FileId>,
    /// `errata.toml`, when present.
    pub errata: Option<FileId>,
    /// Its `[[accept]]` entries: lint findings that are right as published.
    pub accepts: Vec<Accept>,
    /// The errata that matched the sources (already applied to their texts), with provenance.
    pub applied: Vec<AppliedErratum>,
}

/// An `[[accept]]` entry of `errata.toml`: a lint finding that is right as published.
#[derive(Debug, Clone)]
pub struct Accept {
    /// The lint code.
    pub code: String,
    /// Where the entry's `code` is, for the report when it accepts nothing.
    pub span: TextSpan,
    /// The vehicle (normalized name) it concerns, when the lint is about one.
    pub vehicle: Option<String>,
    /// Text the finding quotes, to pin it when a vehicle has several findings of one code.
    pub text: Option<String>,
    /// Why the finding is correct as published.
    pub reason: String,
}
