//! The key of a rendered piece: a hash of everything it is made from (see
//! `qm_export::render_cache`, which keeps pieces by it).

use std::hash::Hasher;

use serde::Serialize;

/// A hash of a piece's inputs.
pub type Key = u64;

/// Builds a [`Key`] from a piece's inputs; a clone goes on from the inputs added so far.
#[derive(Clone)]
pub struct KeyHasher(std::hash::DefaultHasher);

impl KeyHasher {
    /// A hasher for pieces of `kind` (`"side"`, `"chart"`, ...): the same inputs of two kinds
    /// give different keys.
    pub fn new(kind: &str) -> Self {
        let mut h = std::hash::DefaultHasher::new();
        h.write(kind.as_bytes());
        Self(h)
    }

    /// Adds a value as its JSON text (followed by a separator JSON never writes).
    pub fn value<T: Serialize + ?Sized>(mut self, value: &T) -> Self {
        // The text is written out first and hashed in one piece: the serializer writes a few
        // bytes at a time, and each write into the hasher costs more than the bytes it adds.
        thread_local! {
            static TEXT: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        TEXT.with_borrow_mut(|text| {
            text.clear();
            // A value that cannot be serialized adds what was written before the failure, and
            // rendering it then fails the same way.
            let _ = serde_json::to_writer(&mut *text, value);
            self.0.write(text);
            if text.capacity() > 1 << 20 {
                *text = Vec::new();
            }
        });
        self.0.write_u8(0xff);
        self
    }

    /// Adds raw bytes (length first, so that parts cannot run into each other).
    pub fn bytes(mut self, bytes: &[u8]) -> Self {
        self.0.write_usize(bytes.len());
        self.0.write(bytes);
        self
    }

    /// Adds a key or a number.
    pub fn key(mut self, key: u64) -> Self {
        self.0.write_u64(key);
        self
    }

    /// The key.
    pub fn finish(self) -> Key {
        self.0.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_kind_value_and_part_boundaries() {
        let k = |kind: &str, a: &str, b: &str| KeyHasher::new(kind).value(a).value(b).finish();
        assert_eq!(k("side", "a", "b"), k("side", "a", "b"));
        assert_ne!(k("side", "a", "b"), k("chart", "a", "b"));
        assert_ne!(k("side", "ab", ""), k("side", "a", "b"));
        let b = |x: &[u8], y: &[u8]| KeyHasher::new("x").bytes(x).bytes(y).finish();
        assert_ne!(b(b"ab", b""), b(b"a", b"b"));
    }
}
