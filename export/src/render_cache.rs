//! What a build rendered, by a hash of each piece's inputs, so that the next build in the same
//! process (`qm watch`) renders again only what an edit changed.
//!
//! A key hashes everything a piece is made from: the template context it is rendered with
//! (serialized as JSON, the form every IR type and context already has), the options, and the
//! templates' fingerprint ([`qm_render::templates::Templates::fingerprint`]). Equal keys mean equal
//! inputs, hence equal bytes; a piece whose key is new is rendered, one whose key was seen
//! last time is taken from here. Entries the last build did not use are dropped after it, so
//! the cache holds one build's pieces.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use qm_render::cache_key::Key;

/// Pieces of one kind by key, with the keys the current build has used.
pub struct Slot<T> {
    made: HashMap<Key, Arc<T>>,
    used: HashSet<Key>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Self {
            made: HashMap::new(),
            used: HashSet::new(),
        }
    }
}

impl<T> Slot<T> {
    /// The piece made from inputs `key`, if a build made it; marks it used.
    pub fn get(&mut self, key: Key) -> Option<Arc<T>> {
        let found = self.made.get(&key).cloned();
        if found.is_some() {
            self.used.insert(key);
        }
        found
    }

    /// Keeps a piece made from inputs `key`.
    pub fn put(&mut self, key: Key, piece: Arc<T>) {
        self.used.insert(key);
        self.made.insert(key, piece);
    }

    /// How many pieces were found and how many are kept (for tests and reports).
    pub fn len(&self) -> usize {
        self.made.len()
    }

    /// True when nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.made.is_empty()
    }

    /// Drops what the build just finished did not use.
    fn sweep(&mut self) {
        let used = std::mem::take(&mut self.used);
        self.made.retain(|k, _| used.contains(k));
    }
}

/// Looks up `keys` in `slot`, makes the missing pieces with `make` (in parallel, in input
/// order, the first failure in that order reported) and keeps them; returns every piece and
/// how many had to be made.
pub fn get_or_make<T: Send + Sync, E: Send>(
    slot: &mut Slot<T>,
    keys: &[Key],
    make: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<(Vec<Arc<T>>, usize), E> {
    use rayon::prelude::*;
    let found: Vec<Option<Arc<T>>> = keys.iter().map(|k| slot.get(*k)).collect();
    let missing: Vec<usize> = (0..keys.len()).filter(|i| found[*i].is_none()).collect();
    let made: Vec<Result<T, E>> = missing.par_iter().map(|&i| make(i)).collect();
    let mut made_count = 0;
    let mut out = found;
    for (i, piece) in missing.into_iter().zip(made) {
        let piece = Arc::new(piece?);
        slot.put(keys[i], piece.clone());
        out[i] = Some(piece);
        made_count += 1;
    }
    Ok((out.into_iter().flatten().collect(), made_count))
}

/// [`get_or_make`] with a disk cache behind the slot: a piece the slot lacks is read back
/// from `disk` (under `kind`) before it is made, and a piece made is kept there too (as the
/// `codec` payload of the parts `encode` gives). A disk entry `decode` refuses is made again.
pub fn get_or_make_kept<T: Send + Sync, E: Send>(
    slot: &mut Slot<T>,
    disk: Option<&crate::disk_cache::DiskCache>,
    kind: &str,
    keys: &[Key],
    make: impl Fn(usize) -> Result<T, E> + Sync,
    encode: impl for<'a> Fn(&'a T) -> Vec<&'a [u8]> + Sync,
    decode: impl Fn(&[u8]) -> Option<T> + Sync,
) -> Result<(Vec<Arc<T>>, usize), E> {
    let Some(disk) = disk else {
        return get_or_make(slot, keys, make);
    };
    get_or_make(slot, keys, |i| {
        if let Some(piece) = disk.get(kind, keys[i]).and_then(|b| decode(&b)) {
            return Ok(piece);
        }
        let piece = make(i)?;
        disk.put_encoded(kind, keys[i], &encode(&piece));
        Ok(piece)
    })
}

/// Every kind of piece a build renders, kept from the last build.
#[derive(Default)]
pub struct RenderCache {
    /// Counter sides (SVG, PNG, PDF form) by their template context.
    pub sides: Slot<qm_render::RenderedSide>,
    /// A nation's infantry counters.
    pub infantry: Slot<Vec<qm_render::infantry::InfantryImage>>,
    /// A nation's counter sheets, by the keys of its sides and the sheet options.
    pub sheets: Slot<Vec<(String, Vec<u8>)>>,
    /// A nation's chart, by its chart model.
    pub charts: Slot<qm_render::ChartFiles>,
    /// A scenario's files, by its card's view.
    pub cards: Slot<Vec<qm_render::artifact::Artifact>>,
    /// The VASSAL module, by the nations, images and module files.
    pub module: Slot<qm_render::artifact::Artifact>,
    /// How many pieces the last build made (the rest it found here).
    pub made: usize,
    /// Each vehicle's (and gun's) side keys with the inputs they were computed from, by nation
    /// and piece id: comparing a piece with the last build's costs less than serializing it.
    pub side_keys: HashMap<(String, String), SideInputs>,
    /// Each nation's IR with its JSON, by nation id: an unchanged nation is not written out
    /// again.
    pub json: HashMap<String, (crate::render_cache::NationInputs, Arc<Vec<u8>>)>,
    /// The build cache on disk (`qm build`), behind every slot but `json` and `infantry`.
    pub disk: Option<Arc<crate::disk_cache::DiskCache>>,
    /// A build of its own (`qm build`; not `qm watch`): nothing is kept for a next build, so
    /// the build moves its pieces into the artifacts instead of copying them and drops each
    /// side's PDF form once the sheets are made (the peak memory of a large build).
    pub one_build: bool,
}

/// What a piece's counter sides are drawn from, and their keys (in its sides' order).
pub struct SideInputs {
    /// The nation's name (its id is the map key).
    pub nation_name: String,
    /// The vehicle or gun.
    pub piece: PieceInputs,
    /// The counter options.
    pub opts: qm_render::CounterOptions,
    /// The templates' fingerprint.
    pub templates: u64,
    /// The keys of its sides: front, back (and a gun's limbered side).
    pub keys: Vec<Key>,
}

/// A vehicle or gun as the last build drew it.
#[derive(Debug, Clone, PartialEq)]
pub enum PieceInputs {
    /// A vehicle.
    Vehicle(Box<qm_schema::Vehicle>),
    /// A gun.
    Gun(Box<qm_schema::Ordnance>),
}

impl PieceInputs {
    /// A copy of `piece`.
    pub fn of(piece: qm_render::CounterPiece) -> Self {
        match piece {
            qm_render::CounterPiece::Vehicle(v) => Self::Vehicle(Box::new(v.clone())),
            qm_render::CounterPiece::Gun(g) => Self::Gun(Box::new(g.clone())),
        }
    }

    /// True when `piece` is the one kept.
    pub fn is(&self, piece: qm_render::CounterPiece) -> bool {
        match (self, piece) {
            (Self::Vehicle(a), qm_render::CounterPiece::Vehicle(b)) => **a == *b,
            (Self::Gun(a), qm_render::CounterPiece::Gun(b)) => **a == *b,
            _ => false,
        }
    }
}

/// A nation as last written to its JSON file.
pub type NationInputs = qm_schema::Nation;

impl RenderCache {
    /// An empty cache on the same disk cache: what a stage run beside others works in, its
    /// own slot moved in from this one (`..cache.apart()`) and back when it is done.
    pub fn apart(&self) -> Self {
        Self {
            disk: self.disk.clone(),
            ..Self::default()
        }
    }

    /// Drops what the last build did not use.
    pub fn sweep(&mut self) {
        self.sides.sweep();
        self.infantry.sweep();
        self.sheets.sweep();
        self.charts.sweep();
        self.cards.sweep();
        self.module.sweep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_made_once_and_unused_ones_dropped() {
        let mut slot: Slot<String> = Slot::default();
        let make = |i: usize| Ok::<_, ()>(format!("piece {i}"));
        let (pieces, made) = get_or_make(&mut slot, &[1, 2], make).unwrap();
        assert_eq!((pieces.len(), made), (2, 2));
        slot.sweep();
        let (pieces, made) = get_or_make(&mut slot, &[2, 3], make).unwrap();
        assert_eq!(made, 1);
        assert_eq!(
            *pieces[0], "piece 1",
            "key 2 was made as the second piece before"
        );
        slot.sweep();
        assert_eq!(slot.len(), 2, "key 1 was not used by the second build");
        let failed = get_or_make(&mut slot, &[4, 5], |i| {
            if i == 0 {
                Err(i)
            } else {
                Ok(String::new())
            }
        });
        assert_eq!(failed.unwrap_err(), 0);
    }
}
