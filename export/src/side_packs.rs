//! A nation's counter sides as one build cache entry: a warm build reads one entry per nation,
//! not one per side, and computes no side's key.
//!
//! The pack's key hashes what every side of the nation is drawn from, without going side by
//! side: the nation's IR as its JSON file holds it (its key, `qm_compile::memo::ir_key`:
//! every vehicle and gun, with the nation's id and name), each piece's picture and colours
//! (what the build adds to the IR), the counter options and the templates' fingerprint. Any change to one of them that could change a
//! side's key changes the pack's key. The pack holds the sides' keys (its sheets' key is made
//! from them) and each side's SVG and PNG, in [`qm_render::sides`]' order.
//!
//! A build whose pack key for a nation is new (an edit) still reuses the nation's sides
//! that did not change: an index entry ([`LAST_KIND`], keyed by the nation's id) names the
//! nation's last pack, and [`last_sides`] gives that pack's sides by their own keys. A side
//! is taken only under its own key, so a side whose inputs changed is drawn again; the
//! index and the pack are checked as every entry is, and a wrong or stale index only costs
//! a miss. The cache holds one file per nation and build, never one per side.

use std::collections::HashMap;

use qm_render::cache_key::{Key, KeyHasher};
use qm_render::{pieces, sides, CounterImage, CounterOptions, CounterPiece};
use qm_schema::Nation;

use crate::disk_cache::{codec, DiskCache};

/// The disk cache's kind for packs.
pub const KIND: &str = "sides";

/// The disk cache's kind for the index from a nation to its last pack's key.
pub const LAST_KIND: &str = "sides-last";

/// The index entry's key for `nation`: its id only (what it points at is checked by key).
fn last_key(nation: &Nation) -> Key {
    KeyHasher::new("sides-last").value(&nation.id).finish()
}

/// Keeps `nation`'s pack under `key` and makes it the nation's last pack.
pub fn put(disk: &DiskCache, nation: &Nation, key: Key, keys: &[Key], images: &[&CounterImage]) {
    let words = key_words(keys);
    disk.put_encoded(KIND, key, &parts(&words, images));
    disk.put(LAST_KIND, last_key(nation), &key.to_le_bytes());
}

/// A side's files as a pack held them: SVG and PNG.
pub type KeptSide = (String, Vec<u8>);

/// The sides of `nation`'s last pack by their keys, when the index and the pack it names are
/// whole entries; empty otherwise.
pub fn last_sides(disk: &DiskCache, nation: &Nation) -> HashMap<Key, KeptSide> {
    let found = || -> Option<HashMap<Key, KeptSide>> {
        let index = disk.get(LAST_KIND, last_key(nation))?;
        let key = u64::from_le_bytes(index.as_slice().try_into().ok()?);
        let (keys, files) = split(&disk.get(KIND, key)?)?;
        let mut out = HashMap::with_capacity(keys.len());
        for (key, pair) in keys.into_iter().zip(files.chunks_exact(2)) {
            out.insert(
                key,
                (String::from_utf8(pair[0].clone()).ok()?, pair[1].clone()),
            );
        }
        Some(out)
    };
    found().unwrap_or_default()
}

/// A pack's keys and its files (SVG, PNG per side), when it holds one pair per key.
fn split(payload: &[u8]) -> Option<(Vec<Key>, Vec<Vec<u8>>)> {
    let mut parts = codec::decode(payload)?;
    if parts.is_empty() {
        return None;
    }
    let words = parts.remove(0);
    if words.len() % 8 != 0 || parts.len() != words.len() / 8 * 2 {
        return None;
    }
    let keys = words
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
        .collect();
    Some((keys, parts))
}

/// The key of `nation`'s pack: `ir_key` is its IR's key (`qm_compile::memo::ir_key`), the
/// hash of what `<nation>.json` holds.
pub fn pack_key(nation: &Nation, ir_key: Key, opts: &CounterOptions, templates: u64) -> Key {
    let mut h = KeyHasher::new("sides-pack")
        .key(ir_key)
        .key(u64::from(opts.px))
        .key(u64::from(opts.red_mp))
        .key(templates);
    for piece in pieces(nation) {
        let picture = opts.pictures.get(&nation.id, piece.id());
        h = h.value(&picture);
        h = match piece {
            CounterPiece::Vehicle(v) => h.value(&opts.colours.piece(nation, v)),
            CounterPiece::Gun(_) => h.value(&opts.colours.gun(nation)),
        };
    }
    h.finish()
}

/// The keys as the pack's first part.
fn key_words(keys: &[Key]) -> Vec<u8> {
    keys.iter().flat_map(|k| k.to_le_bytes()).collect()
}

/// A nation's sides as the parts of a pack: `words` (their keys, from [`key_words`]), then
/// the SVG and PNG of each.
fn parts<'a>(words: &'a [u8], images: &[&'a CounterImage]) -> Vec<&'a [u8]> {
    let mut parts: Vec<&[u8]> = vec![words];
    for image in images {
        parts.push(image.svg.as_bytes());
        parts.push(&image.png);
    }
    parts
}

/// A pack read back for `nation`: `None` unless it holds exactly one key and one image
/// for each of its sides.
pub fn decode(payload: &[u8], nation: &Nation) -> Option<(Vec<Key>, Vec<CounterImage>)> {
    let parts = codec::decode(payload)?;
    let (words, files) = parts.split_first()?;
    let count = sides(nation).count();
    if words.len() != count * 8 || files.len() != count * 2 {
        return None;
    }
    let keys = words
        .chunks_exact(8)
        .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
        .collect();
    let mut images = Vec::with_capacity(count);
    for ((piece, side), pair) in sides(nation).zip(files.chunks_exact(2)) {
        images.push(CounterImage {
            vehicle_id: piece.id().to_string(),
            side,
            svg: String::from_utf8(pair[0].clone()).ok()?,
            png: pair[1].clone(),
        });
    }
    Some((keys, images))
}
