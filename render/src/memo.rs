//! Process-wide memos of pure, costly steps of rendering: shaping a string, reading a page's
//! SVG, subsetting a face, writing a page's content, wrapping a note. A chart repeats its cell
//! texts hundreds of times, and `qm watch` redraws a chart whose pages mostly did not change.
//! Each memo only saves work: its value is what the step returns for that key, so output
//! never depends on what is memoized. Each holds at most `cap` entries (emptied when full),
//! which bounds a long watch session's memory.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock};

/// A bounded map from a step's inputs to its result, shared by every thread.
pub(crate) struct Memo<K, V> {
    cap: usize,
    map: OnceLock<Mutex<HashMap<K, V>>>,
}

impl<K: Hash + Eq, V: Clone> Memo<K, V> {
    /// A memo of at most `cap` entries.
    pub const fn new(cap: usize) -> Self {
        Self {
            cap,
            map: OnceLock::new(),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<K, V>> {
        let m = self.map.get_or_init(|| Mutex::new(HashMap::new()));
        // A panic while holding the lock leaves a map that is still only a cache.
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The value for `key`, made by `make` when absent.
    pub fn get(&self, key: K, make: impl FnOnce() -> V) -> V {
        match self.get_or(key, || Ok::<_, std::convert::Infallible>(make())) {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }

    /// The value for `key`, made by `make` when absent (outside the lock: two threads may
    /// both make it; both get equal values); a failure is returned and not remembered.
    pub fn get_or<E>(&self, key: K, make: impl FnOnce() -> Result<V, E>) -> Result<V, E> {
        if let Some(v) = self.map().get(&key) {
            return Ok(v.clone());
        }
        let v = make()?;
        let mut map = self.map();
        if map.len() >= self.cap {
            map.clear();
        }
        map.insert(key, v.clone());
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_made_once_until_the_memo_fills() {
        static M: Memo<u32, u32> = Memo::new(2);
        let made = std::cell::Cell::new(0);
        let get = |k: u32| {
            M.get_or(k, || {
                made.set(made.get() + 1);
                Ok::<_, ()>(k * 10)
            })
            .unwrap()
        };
        assert_eq!((get(1), get(1), get(2)), (10, 10, 20));
        assert_eq!(made.get(), 2);
        get(3); // full: emptied, then 3 kept
        get(1);
        assert_eq!(made.get(), 4);
        assert_eq!(M.get_or(9, || Err("no")), Err("no"));
    }
}
