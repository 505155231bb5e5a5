//! The build cache on disk: what a `qm build` rendered, kept by a hash of each piece's inputs
//! so that the next build (another process) takes it back instead of rendering it again.
//!
//! The keys are the render cache's ([`crate::render_cache`]): each hashes everything a piece
//! is made from (its template context, the options, the templates). On disk they are salted
//! with qm's identity ([`Salt`]: its version and the running executable's size, modification
//! time and inode), so a rebuilt or upgraded qm starts from an empty cache. An entry is one
//! file, `<dir>/<salt>/<kind>/<key>`, holding a header (magic, salt, key, length, checksum of
//! the payload) and the payload; anything that does not check out in full — a truncated
//! file, flipped bytes, another salt or key — is a miss, never an output. Entries are written
//! beside their place and renamed in, so a killed build or two builds at once leave whole
//! entries or none.
//!
//! The cache is bounded ([`DEFAULT_MAX_BYTES`]): after a build that added entries, the least
//! recently used ones (by modification time, refreshed on use) go until it fits. Deleting the
//! directory at any time is safe: the next build renders everything again.

use std::fs;
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use qm_render::cache_key::Key;

/// The cache's size bound unless told otherwise: a few builds of a large data set.
pub const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// Starts every entry; the last byte is the entry format's version.
const MAGIC: [u8; 8] = *b"qmcache\x02";

/// The marker's text in a cache directory.
const CACHE_MARKER_TEXT: &str = "\
This directory is qm's (Quartermaster's) build cache: what builds rendered, kept to be reused.
Deleting it is safe: the next `qm build` renders everything again.
";

/// Header: magic, salt, key, payload length, payload checksum.
const HEADER: usize = 8 * 5;

/// What the cache's entries are valid for: this qm (version and executable) only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Salt(pub u64);

impl Salt {
    /// This process's qm: its version and its executable's identity on disk. A rebuilt binary
    /// gets a new modification time, so it never reads a former binary's entries.
    pub fn of_this_qm() -> Self {
        let mut h = KeyHasher::default();
        h.write(env!("CARGO_PKG_VERSION").as_bytes());
        h.write(&MAGIC);
        let exe = std::env::current_exe().and_then(fs::metadata);
        match exe {
            Ok(m) => {
                h.write_u64(m.len());
                if let Ok(t) = m.modified() {
                    let since = t.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                    h.write_u128(since.as_nanos());
                }
                write_inode(&mut h, &m);
            }
            // No identity to tie entries to: a salt no other process shares.
            Err(_) => h.write_u128(std::process::id().into()),
        }
        Self(h.finish())
    }
}

#[cfg(unix)]
fn write_inode(h: &mut KeyHasher, m: &fs::Metadata) {
    use std::os::unix::fs::MetadataExt;
    h.write_u64(m.dev());
    h.write_u64(m.ino());
}

#[cfg(not(unix))]
fn write_inode(_: &mut KeyHasher, _: &fs::Metadata) {}

/// The checksum of entries: SipHash with fixed keys, the same in every process.
type KeyHasher = std::hash::DefaultHasher;

/// A build cache directory.
#[derive(Debug)]
pub struct DiskCache {
    /// `<dir>/<salt>`: this qm's entries.
    root: PathBuf,
    /// The directory given.
    dir: PathBuf,
    salt: Salt,
    max_bytes: u64,
    /// Entries found and written by this process (reports, tests).
    hits: AtomicUsize,
    written: AtomicUsize,
    /// Bytes written by this process: a build that wrote nothing does not trim.
    written_bytes: AtomicU64,
}

impl DiskCache {
    /// A cache in `dir` for this qm, bounded to `max_bytes`. Nothing is created until a piece
    /// is kept.
    pub fn new(dir: impl Into<PathBuf>, max_bytes: u64) -> Self {
        Self::with_salt(dir, max_bytes, Salt::of_this_qm())
    }

    /// [`DiskCache::new`] with a given salt (tests).
    pub fn with_salt(dir: impl Into<PathBuf>, max_bytes: u64, salt: Salt) -> Self {
        let dir = dir.into();
        Self {
            root: dir.join(format!("{:016x}", salt.0)),
            dir,
            salt,
            max_bytes,
            hits: AtomicUsize::new(0),
            written: AtomicUsize::new(0),
            written_bytes: AtomicU64::new(0),
        }
    }

    /// The directory given.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How many entries this process found.
    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::Relaxed)
    }

    /// How many entries this process wrote.
    pub fn written(&self) -> usize {
        self.written.load(Ordering::Relaxed)
    }

    fn path(&self, kind: &str, key: Key) -> PathBuf {
        self.root.join(kind).join(format!("{key:016x}"))
    }

    /// The payload kept for `key` of `kind`, when a whole, matching entry is there.
    pub fn get(&self, kind: &str, key: Key) -> Option<Vec<u8>> {
        let path = self.path(kind, key);
        let bytes = self.read(&path, key)?;
        // Used now: the last to go when the cache is trimmed.
        if let Ok(f) = fs::File::options().append(true).open(&path) {
            let _ = f.set_modified(std::time::SystemTime::now());
        }
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(bytes)
    }

    /// The payload of the entry at `path` when it is whole and for `key` under this salt:
    /// the header read first, then the payload straight into its own buffer (a large
    /// payload is not moved).
    fn read(&self, path: &Path, key: Key) -> Option<Vec<u8>> {
        use std::io::Read;
        let mut file = fs::File::open(path).ok()?;
        let mut header = [0_u8; HEADER];
        file.read_exact(&mut header).ok()?;
        let word =
            |i: usize| u64::from_le_bytes(header[i * 8..i * 8 + 8].try_into().expect("8 bytes"));
        if header[..8] != MAGIC || word(1) != self.salt.0 || word(2) != key {
            return None;
        }
        let len = usize::try_from(word(3)).ok()?;
        let on_disk = file.metadata().ok()?.len();
        if on_disk != (HEADER + len) as u64 {
            return None;
        }
        let mut payload = Vec::with_capacity(len + 1);
        file.read_to_end(&mut payload).ok()?;
        (payload.len() == len && word(4) == checksum(&payload)).then_some(payload)
    }

    /// Keeps `payload` for `key` of `kind`. A failure to write only costs the next build the
    /// work: it is not reported.
    pub fn put(&self, kind: &str, key: Key, payload: &[u8]) {
        self.put_parts(kind, key, &[payload]);
    }

    /// Keeps [`codec::encode`]`(parts)` for `key` of `kind`, written part by part: a large
    /// payload (the module, a nation's sides) is never copied into one buffer.
    pub fn put_encoded(&self, kind: &str, key: Key, parts: &[&[u8]]) {
        let lengths: Vec<[u8; 8]> = parts
            .iter()
            .map(|p| (p.len() as u64).to_le_bytes())
            .collect();
        let mut payload: Vec<&[u8]> = Vec::with_capacity(parts.len() * 2);
        for (len, part) in lengths.iter().zip(parts) {
            payload.push(len);
            payload.push(part);
        }
        self.put_parts(kind, key, &payload);
    }

    /// Keeps the payload made of `parts` one after another.
    fn put_parts(&self, kind: &str, key: Key, parts: &[&[u8]]) {
        let path = self.path(kind, key);
        let len: usize = parts.iter().map(|p| p.len()).sum();
        let mut sum = Checksum::default();
        for part in parts {
            sum.update(part);
        }
        let mut header = Vec::with_capacity(HEADER);
        header.extend_from_slice(&MAGIC);
        for word in [self.salt.0, key, len as u64, sum.finish()] {
            header.extend_from_slice(&word.to_le_bytes());
        }
        let all: Vec<&[u8]> = std::iter::once(&header[..])
            .chain(parts.iter().copied())
            .collect();
        if self.mark().is_ok() && write_new(&path, &all).is_ok() {
            self.written.fetch_add(1, Ordering::Relaxed);
            self.written_bytes
                .fetch_add((HEADER + len) as u64, Ordering::Relaxed);
        }
    }

    /// Makes the directory on first use, with qm's marker in it: a later run's checks know it
    /// as a directory qm writes (see [`crate::artifact::OutputDir::check`]).
    fn mark(&self) -> io::Result<()> {
        let marker = self.dir.join(crate::artifact::MARKER);
        if !marker.is_file() {
            fs::create_dir_all(&self.dir)?;
            write_new(&marker, &[CACHE_MARKER_TEXT.as_bytes()])?;
        }
        Ok(())
    }

    /// After a build: when it wrote entries, removes other qm's entries and then the least
    /// recently used ones until the cache fits its bound.
    pub fn trim(&self) {
        if self.written_bytes.load(Ordering::Relaxed) == 0 {
            return;
        }
        let _ = self.trim_to(self.max_bytes);
    }

    fn trim_to(&self, max: u64) -> io::Result<()> {
        // Another qm's entries: of no use to this one (a rebuilt binary never reads them).
        for entry in fs::read_dir(&self.dir)? {
            let path = entry?.path();
            if path != self.root && is_salt_dir(&path) {
                let _ = fs::remove_dir_all(&path);
            }
        }
        let mut files = Vec::new();
        for kind in fs::read_dir(&self.root)? {
            for entry in fs::read_dir(kind?.path())? {
                let entry = entry?;
                let m = entry.metadata()?;
                files.push((m.modified()?, m.len(), entry.path()));
            }
        }
        let mut total: u64 = files.iter().map(|f| f.1).sum();
        files.sort();
        for (_, len, path) in files {
            if total <= max {
                break;
            }
            if fs::remove_file(&path).is_ok() {
                total -= len;
            }
        }
        Ok(())
    }
}

/// The compile's memo (nations validated clean) is kept here too.
impl qm_compile::memo::Memo for DiskCache {
    fn get(&self, kind: &str, key: u64) -> Option<Vec<u8>> {
        DiskCache::get(self, kind, key)
    }

    fn put(&self, kind: &str, key: u64, payload: &[u8]) {
        DiskCache::put(self, kind, key, payload);
    }
}

/// A directory named like a salt (16 hex digits): one qm's entries.
fn is_salt_dir(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.len() == 16 && name.bytes().all(|b| b.is_ascii_hexdigit()) && path.is_dir()
}

fn checksum(bytes: &[u8]) -> u64 {
    let mut sum = Checksum::default();
    sum.update(bytes);
    sum.finish()
}

/// The checksum of a payload, fed in parts: foldhash with a fixed seed (fast on long inputs,
/// the same in every process of one qm; the salt ties entries to one executable) over
/// fixed-size chunks of the payload, so that it does not depend on how the parts were cut.
#[derive(Default)]
struct Checksum {
    /// The start of a chunk that the parts so far did not fill.
    partial: Vec<u8>,
    state: u64,
}

/// A checksum chunk's size.
const SUM_CHUNK: usize = 1 << 16;

impl Checksum {
    fn update(&mut self, mut bytes: &[u8]) {
        if !self.partial.is_empty() {
            let take = (SUM_CHUNK - self.partial.len()).min(bytes.len());
            self.partial.extend_from_slice(&bytes[..take]);
            bytes = &bytes[take..];
            if self.partial.len() < SUM_CHUNK {
                return;
            }
            let chunk = std::mem::take(&mut self.partial);
            self.fold(&chunk);
        }
        let whole = bytes.len() / SUM_CHUNK * SUM_CHUNK;
        for chunk in bytes[..whole].chunks_exact(SUM_CHUNK) {
            self.fold(chunk);
        }
        self.partial.extend_from_slice(&bytes[whole..]);
    }

    fn fold(&mut self, chunk: &[u8]) {
        let mut h = foldhash::quality::FixedState::with_seed(0x716d_6361_6368_6531).build_hasher();
        h.write_u64(self.state);
        h.write(chunk);
        self.state = h.finish();
    }

    fn finish(mut self) -> u64 {
        // The last chunk (maybe empty) with its length: payloads that differ only in where
        // they end differ.
        let last = std::mem::take(&mut self.partial);
        self.fold(&last);
        self.fold(&(last.len() as u64).to_le_bytes());
        self.state
    }
}

/// Writes `bytes` at `path` through a temporary sibling and a rename.
fn write_new(path: &Path, parts: &[&[u8]]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let tmp = tempfile::Builder::new().prefix(".new-").tempfile_in(dir)?;
    // Small parts (a side's SVG) gathered into larger writes; a large one written as it is.
    let mut w = io::BufWriter::with_capacity(1 << 16, tmp);
    for bytes in parts.iter().filter(|b| !b.is_empty()) {
        io::Write::write_all(&mut w, bytes)?;
    }
    let tmp = w.into_inner().map_err(io::IntoInnerError::into_error)?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Byte strings in one payload: each as its length (8 bytes, little-endian) and its bytes.
pub mod codec {
    /// `parts` as one payload.
    pub fn encode<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> Vec<u8> {
        let parts: Vec<&[u8]> = parts.into_iter().collect();
        // Sized up front: a grown buffer would hold two copies of a large payload at once.
        let mut out = Vec::with_capacity(parts.iter().map(|p| p.len() + 8).sum());
        for p in parts {
            out.extend_from_slice(&(p.len() as u64).to_le_bytes());
            out.extend_from_slice(p);
        }
        out
    }

    /// The parts of `payload`, or `None` when it is not exactly a sequence of them.
    pub fn decode(payload: &[u8]) -> Option<Vec<Vec<u8>>> {
        let mut parts = Vec::new();
        let mut rest = payload;
        while !rest.is_empty() {
            let (len, tail) = rest.split_at_checked(8)?;
            let len = usize::try_from(u64::from_le_bytes(len.try_into().ok()?)).ok()?;
            let (part, tail) = tail.split_at_checked(len)?;
            parts.push(part.to_vec());
            rest = tail;
        }
        Some(parts)
    }

    /// The parts of `payload` as UTF-8 strings.
    pub fn decode_strings(payload: &[u8]) -> Option<Vec<String>> {
        decode(payload)?
            .into_iter()
            .map(|p| String::from_utf8(p).ok())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache(dir: &Path) -> DiskCache {
        DiskCache::with_salt(dir, DEFAULT_MAX_BYTES, Salt(7))
    }

    #[test]
    fn a_kept_piece_is_found_by_its_key_and_kind_only() {
        let tmp = tempfile::tempdir().unwrap();
        let c = cache(tmp.path());
        assert_eq!(c.get("side", 1), None);
        c.put("side", 1, b"bytes");
        assert_eq!(c.get("side", 1).as_deref(), Some(&b"bytes"[..]));
        assert_eq!(c.get("side", 2), None);
        assert_eq!(c.get("sheet", 1), None);
        let other = DiskCache::with_salt(tmp.path(), DEFAULT_MAX_BYTES, Salt(8));
        assert_eq!(other.get("side", 1), None, "another qm's entry");
    }

    #[test]
    fn a_truncated_or_altered_entry_is_a_miss() {
        let tmp = tempfile::tempdir().unwrap();
        let c = cache(tmp.path());
        c.put("side", 1, b"some bytes");
        let path = c.path("side", 1);
        let whole = fs::read(&path).unwrap();
        for cut in [0, 7, HEADER, whole.len() - 1] {
            fs::write(&path, &whole[..cut]).unwrap();
            assert_eq!(c.get("side", 1), None, "cut at {cut}");
        }
        for flip in [0, 9, 17, 25, 33, HEADER + 2] {
            let mut bad = whole.clone();
            bad[flip] ^= 1;
            fs::write(&path, &bad).unwrap();
            assert_eq!(c.get("side", 1), None, "byte {flip} flipped");
        }
        let mut longer = whole.clone();
        longer.push(0);
        fs::write(&path, &longer).unwrap();
        assert_eq!(c.get("side", 1), None, "a byte too many");
        // Copied under another key's name.
        fs::write(c.path("side", 2), &whole).unwrap();
        assert_eq!(c.get("side", 2), None);
    }

    #[test]
    fn trimming_drops_the_least_recently_used_and_other_qms_entries() {
        let tmp = tempfile::tempdir().unwrap();
        let old = DiskCache::with_salt(tmp.path(), DEFAULT_MAX_BYTES, Salt(1));
        old.put("side", 1, b"x");
        let c = cache(tmp.path());
        for key in 1..=3 {
            c.put("side", key, &[0; 100]);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(c.get("side", 1).is_some(), "used last now");
        c.trim_to(2 * (HEADER as u64 + 100)).unwrap();
        assert!(c.get("side", 1).is_some());
        assert!(c.get("side", 2).is_none(), "the least recently used");
        assert!(c.get("side", 3).is_some());
        assert!(!old.root.exists());
    }

    #[test]
    fn a_payload_kept_in_parts_is_the_one_kept_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let c = cache(tmp.path());
        let big: Vec<u8> = (0..3 * SUM_CHUNK + 5).map(|i| (i % 253) as u8).collect();
        let parts: [&[u8]; 4] = [b"a", &big, b"", &big[..SUM_CHUNK - 1]];
        c.put_encoded("module", 1, &parts);
        c.put("module", 2, &codec::encode(parts));
        let (a, b) = (c.get("module", 1).unwrap(), c.get("module", 2).unwrap());
        assert!(a == b && a == codec::encode(parts));
        let after_key = |key| fs::read(c.path("module", key)).unwrap()[24..].to_vec();
        assert!(
            after_key(1) == after_key(2),
            "the same entry but its key, checksum included"
        );
        let mut one = Checksum::default();
        one.update(&big);
        let mut cut = Checksum::default();
        for piece in big.chunks(7) {
            cut.update(piece);
        }
        assert_eq!(one.finish(), cut.finish());
        assert_ne!(checksum(&big), checksum(&big[1..]));
    }

    #[test]
    fn payload_parts_round_trip_and_bad_ones_fail() {
        let parts: [&[u8]; 3] = [b"a", b"", b"xyz"];
        let p = codec::encode(parts);
        assert_eq!(codec::decode(&p).unwrap(), parts.map(<[u8]>::to_vec));
        assert_eq!(codec::decode(&p[..p.len() - 1]), None);
        assert_eq!(
            codec::decode_strings(&codec::encode([&[0xff_u8][..]])),
            None
        );
    }
}
