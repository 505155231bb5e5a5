//! What the compile remembers across runs: a nation whose IR a former run validated is not
//! validated again, nor are its counter sides laid out again to find what does not fit.
//!
//! The memo is `qm build`'s build cache, seen through [`Memo`] (the cache lives in
//! `qm_export`, which this crate does not see). Its entries are keyed by [`ir_key`], a hash of
//! the nation's IR as its JSON file holds it (every field: the IR has none that is not
//! serialized). The schema check ([`crate::pipeline::validate_nation`]) and the counters' fit
//! ([`crate::counter_fit::findings`]) read nothing but the IR, so an IR equal to one checked
//! before gives the same findings: what it was resolved from need not be known, and an edit
//! to any input that changes the IR changes the key. Kept: a clean schema verdict (a nation
//! with schema findings is checked every time) and the fit's findings as plain data, made
//! into diagnostics against this run's sources. The other printable checks cost little and
//! run every time.

use std::hash::{BuildHasher, Hasher};

use qm_parser::{Diagnostic, SourceMap};
use qm_schema::Nation;

use crate::counter_fit::{self, Finding};

/// A store of payloads by kind and key that outlives the run (the build cache). A payload
/// given back is whole (checked by the store); a store that fails only costs a miss.
pub trait Memo: Send + Sync {
    /// The payload kept for `key` of `kind`, if any.
    fn get(&self, kind: &str, key: u64) -> Option<Vec<u8>>;
    /// Keeps `payload` for `key` of `kind`.
    fn put(&self, kind: &str, key: u64, payload: &[u8]);
}

/// The memo's kind for IRs the schema check found clean.
pub const VALIDATED: &str = "validated";

/// The memo's kind for the counters' fit findings of an IR.
pub const FIT: &str = "fit";

/// The payload of a clean verdict.
const CLEAN: &[u8] = b"clean";

/// True when `memo` knows the IR under `key` as clean to the schema check.
pub fn schema_clean(memo: &dyn Memo, key: u64) -> bool {
    memo.get(VALIDATED, key).as_deref() == Some(CLEAN)
}

/// Keeps that the IR under `key` is clean to the schema check.
pub fn keep_schema_clean(memo: &dyn Memo, key: u64) {
    memo.put(VALIDATED, key, CLEAN);
}

/// The counters' fit warnings of `nation` (IR key `key`): from the findings `memo` kept for
/// the IR, else laid out now (and kept); made against this run's `sources`.
pub fn fit(memo: &dyn Memo, key: u64, sources: &SourceMap, nation: &Nation) -> Vec<Diagnostic> {
    let kept = memo
        .get(FIT, key)
        .and_then(|b| serde_json::from_slice::<Vec<Finding>>(&b).ok())
        .and_then(|f| counter_fit::diagnostics(sources, nation, &f));
    kept.unwrap_or_else(|| {
        let findings = counter_fit::findings(nation);
        if let Ok(bytes) = serde_json::to_vec(&findings) {
            memo.put(FIT, key, &bytes);
        }
        counter_fit::diagnostics(sources, nation, &findings).unwrap_or_default()
    })
}

/// A hash of `nation` as serialized (compact JSON): equal for equal IRs, and for equal IRs
/// only but by a 64-bit collision.
pub fn ir_key(nation: &Nation) -> u64 {
    hash_serialized(nation, 0)
}

/// Fixed seeds: the same key in every process.
fn hasher() -> foldhash::quality::FoldHasher<'static> {
    foldhash::quality::FixedState::with_seed(0x716d_6972_6b65_7931).build_hasher()
}

/// The hash of `value`'s compact JSON, `salt` first; a value that fails to serialize hashes
/// what was written before the failure (validating it then fails the same way).
fn hash_serialized<T: serde::Serialize + ?Sized>(value: &T, salt: u64) -> u64 {
    let mut w = ChunkHasher::new(salt);
    let _ = serde_json::to_writer(&mut w, value);
    w.finish()
}

/// Bytes hashed in fixed-size chunks: the serializer writes a few bytes at a time, and each
/// write into a hasher costs more than the bytes it adds. Chunk boundaries fall at fixed
/// offsets of the stream, so the hash does not depend on how the writes were cut.
struct ChunkHasher {
    buf: Vec<u8>,
    state: u64,
}

const CHUNK: usize = 1 << 14;

impl ChunkHasher {
    fn new(salt: u64) -> Self {
        Self {
            buf: Vec::with_capacity(CHUNK),
            state: salt,
        }
    }

    fn flush_chunk(&mut self) {
        let mut h = hasher();
        h.write_u64(self.state);
        h.write(&self.buf);
        self.state = h.finish();
        self.buf.clear();
    }

    fn finish(mut self) -> u64 {
        // The last chunk's length is hashed with it: a stream that ends on a chunk boundary
        // and one that runs on with an empty chunk differ.
        let len = self.buf.len() as u64;
        self.flush_chunk();
        let mut h = hasher();
        h.write_u64(self.state);
        h.write_u64(len);
        h.finish()
    }
}

impl std::io::Write for ChunkHasher {
    fn write(&mut self, mut bytes: &[u8]) -> std::io::Result<usize> {
        let n = bytes.len();
        while !bytes.is_empty() {
            let room = CHUNK - self.buf.len();
            let (now, rest) = bytes.split_at(room.min(bytes.len()));
            self.buf.extend_from_slice(now);
            bytes = rest;
            if self.buf.len() == CHUNK {
                self.flush_chunk();
            }
        }
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn the_hash_does_not_depend_on_how_the_writes_were_cut() {
        let bytes: Vec<u8> = (0..3 * CHUNK + 17).map(|i| (i % 251) as u8).collect();
        let whole = {
            let mut h = ChunkHasher::new(0);
            h.write_all(&bytes).unwrap();
            h.finish()
        };
        let cut = {
            let mut h = ChunkHasher::new(0);
            for piece in bytes.chunks(7) {
                h.write_all(piece).unwrap();
            }
            h.finish()
        };
        assert_eq!(whole, cut);
        let other = {
            let mut h = ChunkHasher::new(0);
            h.write_all(&bytes[1..]).unwrap();
            h.finish()
        };
        assert_ne!(whole, other);
    }
}
