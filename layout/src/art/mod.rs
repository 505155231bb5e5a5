//! Vehicle (and gun) art: the pictures a maintainer keeps in `<nation>/art/`, checked and made
//! ready for the counters once per run.
//!
//! # Steps
//! 1. [`read_art_folder`](qm_load::data_dir::art_folder::read_art_folder) (during load): which files the folder holds, their bytes (regular
//!    files within the art cap; a symlink leading out of the folder is refused), and its
//!    `index.toml`. Nothing here knows the vehicles yet.
//! 2. [`assign_art`] (after resolving): each file goes to the vehicles it pictures: a file
//!    named by a vehicle's id (`m13-40.png`), or one `index.toml` maps to vehicles by name.
//!    A file for no vehicle is a warning; a missing, unreadable, oversized or refused file is
//!    an error naming the file and the vehicle.
//! 3. [`prepare`] (inside step 2, once per file): a PNG is decoded, shrunk to at most
//!    [`PNG_SIDE`] pixels and encoded again; an SVG is read in a sandbox (no file, no URL, no
//!    embedded image, only the embedded fonts) and written back as plain paths. Either becomes
//!    a `data:` URI that every counter side of the vehicle embeds as it is.
//!
//! The renderer (`qm_render::Pictures`) takes the art where there is some and a
//! silhouette of the vehicle type's class otherwise.

mod assign;
mod index;
mod prepare;

use std::collections::BTreeMap;
use std::sync::Arc;

pub use assign::{assign_art, assign_nations};
pub use index::{read_index, IndexEntry};
pub use prepare::{
    prepare, prepare_png, prepare_svg, ArtImage, ArtProblem, MAX_PNG_SIDE, PNG_SIDE,
};
use qm_load::data_dir::art_folder::{ArtFile, ArtFolder, INDEX_FILE};

/// One vehicle's art, ready to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct Art {
    /// The file it was made from, as diagnostics name it (`ita/art/m13-40.png`).
    pub file: String,
    /// The prepared picture.
    pub image: ArtImage,
}

/// The art of one nation's vehicles and guns, by id (ids are unique across both; those
/// without art are absent).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NationArt {
    /// Vehicle id -> its art; a file picturing several vehicles is shared, not copied.
    pub by_vehicle: BTreeMap<String, Arc<Art>>,
}

impl NationArt {
    /// The art of vehicle `id`, if the maintainer gave one.
    pub fn get(&self, id: &str) -> Option<&Arc<Art>> {
        self.by_vehicle.get(id)
    }
}

/// The art of every nation of a run, by nation id.
pub type ArtBook = BTreeMap<String, NationArt>;
