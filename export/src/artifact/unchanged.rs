//! A build whose files are the ones the output already holds writes nothing.
//!
//! After each write, the build cache keeps a record of the output ([`Record`]): the
//! directory's identity and, for every file, its path, length and a hash of its bytes, with
//! the identity the file got on disk (inode, length, modification time). The next build
//! compares its files with the record and the output with the record, under the lock: when
//! the files are the same and nothing in the output was added, removed or touched since (every
//! file has the identity recorded; a file edited, replaced or added changes that), the output
//! is left as it is. Any doubt — no record, a record that does not check out, a changed file —
//! means a full write ([`super::write_atomically`]'s).

use std::collections::BTreeMap;
use std::fs;
use std::hash::BuildHasher;
use std::io;
use std::path::Path;
use std::sync::OnceLock;

use rayon::prelude::*;

use super::error::OutputError;
use super::identity::metadata;
use super::swap::{relative, stage, stage_reusing, swap_in, tidy_locked, Tidied};
use super::target::OutputDir;
use super::{lock, Artifact, MARKER};
use crate::disk_cache::{codec, DiskCache};

/// What a file holds: its length and a hash of its bytes.
type Content = (u64, u64);

/// What a file is on disk: its inode, length and modification time (ns).
type Stamp = (u64, u64, u128);

/// The output as the last write left it.
#[derive(Debug, PartialEq)]
struct Record {
    /// The output directory's device and inode.
    dir: (u64, u64),
    /// Every file but the marker, by path relative to the output (`/` separators).
    files: BTreeMap<String, (Content, Stamp)>,
}

/// How [`write_unless_unchanged`] ended.
#[derive(Debug, Default)]
pub struct Written {
    /// Leftovers of interrupted builds dealt with.
    pub tidied: Tidied,
    /// False when the output already held exactly these files and was left as it was.
    pub wrote: bool,
}

/// [`super::write_atomically`], unless the output already holds exactly `artifacts` as the
/// last write recorded in `disk` left them; records what it wrote for the next build.
pub fn write_unless_unchanged(
    out: &OutputDir,
    artifacts: &[Artifact],
    waiting: impl FnOnce(&Path),
    disk: &DiskCache,
) -> Result<Written, OutputError> {
    let rels = artifacts
        .iter()
        .map(|a| relative(out, a))
        .collect::<Result<Vec<_>, _>>()?;
    let contents: Vec<Content> = artifacts.par_iter().map(|a| content(&a.bytes)).collect();
    fs::create_dir_all(out.parent())
        .map_err(|e| out.io(super::IoStep::CreateParent, out.parent(), e))?;
    let _lock = lock::lock_out(out, waiting)?;
    let tidied = tidy_locked(out, None)?;
    out.recheck()?;
    let key = record_key(out);
    let last = disk.get("output", key).and_then(|b| decode(&b));
    if let Some(last) = &last {
        if same_files(last, artifacts, &contents) && output_is(out.path(), last) {
            return Ok(Written {
                tidied,
                wrote: false,
            });
        }
    }
    // The stamp of each file linked from the output as recorded (the others were written).
    let linked: Vec<OnceLock<Stamp>> = artifacts.iter().map(|_| OnceLock::new()).collect();
    let staging = match &last {
        Some(last) => stage_reusing(out, artifacts, &rels, &|i, staged| {
            let a = &artifacts[i];
            let recorded = last.files.get(&a.path).filter(|(c, _)| *c == contents[i]);
            let Some((_, s)) = recorded else { return false };
            relink(&out.path().join(rels[i]), staged, *s) && linked[i].set(*s).is_ok()
        }),
        None => stage(out, artifacts, &rels),
    }?;
    drop(swap_in(out, staging)?);
    // A record only when every file written reads back; else the next build writes again.
    if let Some(record) = new_record(out, artifacts, &rels, &contents, &linked) {
        disk.put("output", key, &encode(&record));
    }
    Ok(Written {
        tidied,
        wrote: true,
    })
}

/// Links the output's file `from` to `to` in the staging directory when the link is the file
/// recorded: the same inode, length and modification time as the last write left it (so its
/// bytes are the recorded ones). Anything else — no hard links on this file system, a file
/// replaced, touched or turned into a symlink since — leaves nothing at `to` and is written
/// anew. The link is checked, not `from` before it: what was linked is what is kept.
fn relink(from: &Path, to: &Path, recorded: Stamp) -> bool {
    if fs::hard_link(from, to).is_err() {
        return false;
    }
    let same = fs::symlink_metadata(to).is_ok_and(|m| m.is_file() && stamp(&m) == recorded);
    if !same {
        let _ = fs::remove_file(to);
    }
    same
}

/// The record's key: the output's resolved path.
fn record_key(out: &OutputDir) -> u64 {
    qm_render::cache_key::KeyHasher::new("output")
        .bytes(out.path().as_os_str().as_encoded_bytes())
        .finish()
}

fn content(bytes: &[u8]) -> Content {
    let h = foldhash::quality::FixedState::with_seed(0x6f75_7470_7574).hash_one(bytes);
    (bytes.len() as u64, h)
}

/// Whether `artifacts` are exactly the files of `last`.
fn same_files(last: &Record, artifacts: &[Artifact], contents: &[Content]) -> bool {
    artifacts.len() == last.files.len()
        && artifacts
            .iter()
            .zip(contents)
            .all(|(a, c)| last.files.get(&a.path).is_some_and(|(was, _)| was == c))
}

/// Whether the directory at `path` is the one recorded, holding the recorded files untouched
/// and nothing else but the marker.
fn output_is(path: &Path, last: &Record) -> bool {
    let mut seen = 0;
    let ok = dir_id(path).ok() == Some(last.dir)
        && walk(path, "", &mut |rel, m| {
            seen += 1;
            last.files.get(rel).is_some_and(|(_, s)| stamp(m) == *s)
        })
        .unwrap_or(false);
    ok && seen == last.files.len()
}

/// Calls `each` with every file under `dir` but the top marker (relative path, metadata);
/// false as soon as `each` does or something is neither a file nor a directory.
fn walk(
    dir: &Path,
    rel: &str,
    each: &mut impl FnMut(&str, &fs::Metadata) -> bool,
) -> io::Result<bool> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else {
            return Ok(false);
        };
        if rel.is_empty() && name == MARKER {
            continue;
        }
        let path = if rel.is_empty() {
            name.to_string()
        } else {
            format!("{rel}/{name}")
        };
        let m = entry.metadata()?;
        let ok = if m.is_dir() {
            walk(&entry.path(), &path, each)?
        } else {
            m.is_file() && each(&path, &m)
        };
        if !ok {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The record of the output just written: the stamps of the files linked in, and of the
/// others as they read back (`None` when one does not: not a file, another length). Whether
/// the output holds these files and nothing else is checked by the next build
/// ([`output_is`]), not here.
fn new_record(
    out: &OutputDir,
    artifacts: &[Artifact],
    rels: &[&Path],
    contents: &[Content],
    linked: &[OnceLock<Stamp>],
) -> Option<Record> {
    let stamps: Option<Vec<Stamp>> = rels
        .par_iter()
        .zip(contents)
        .zip(linked)
        .map(|((rel, c), linked)| match linked.get() {
            Some(s) => Some(*s),
            None => {
                let m = fs::symlink_metadata(out.path().join(rel)).ok()?;
                (m.is_file() && m.len() == c.0).then(|| stamp(&m))
            }
        })
        .collect();
    let files = artifacts
        .iter()
        .zip(contents)
        .zip(stamps?)
        .map(|((a, c), s)| (a.path.clone(), (*c, s)))
        .collect();
    Some(Record {
        dir: dir_id(out.path()).ok()?,
        files,
    })
}

fn dir_id(path: &Path) -> io::Result<(u64, u64)> {
    let m = metadata(path)?.ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    Ok((dev(&m), stamp(&m).0))
}

#[cfg(unix)]
fn dev(m: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::dev(m)
}

#[cfg(not(unix))]
fn dev(_: &fs::Metadata) -> u64 {
    0
}

fn stamp(m: &fs::Metadata) -> Stamp {
    #[cfg(unix)]
    let ino = std::os::unix::fs::MetadataExt::ino(m);
    #[cfg(not(unix))]
    let ino = 0;
    let mtime = m
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    (ino, m.len(), mtime)
}

fn encode(r: &Record) -> Vec<u8> {
    let mut parts: Vec<Vec<u8>> = vec![words(&[r.dir.0, r.dir.1])];
    for (path, ((len, hash), (ino, flen, mtime))) in &r.files {
        parts.push(path.as_bytes().to_vec());
        let mut w = words(&[*len, *hash, *ino, *flen]);
        w.extend_from_slice(&mtime.to_le_bytes());
        parts.push(w);
    }
    codec::encode(parts.iter().map(Vec::as_slice))
}

fn words(w: &[u64]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn decode(payload: &[u8]) -> Option<Record> {
    let parts = codec::decode(payload)?;
    let (head, rest) = parts.split_first()?;
    let word = |b: &[u8], i: usize| -> Option<u64> {
        Some(u64::from_le_bytes(
            b.get(i * 8..i * 8 + 8)?.try_into().ok()?,
        ))
    };
    if head.len() != 16 || rest.len() % 2 != 0 {
        return None;
    }
    let mut files = BTreeMap::new();
    for pair in rest.chunks(2) {
        let [path, w] = pair else { return None };
        if w.len() != 48 {
            return None;
        }
        let mtime = u128::from_le_bytes(w.get(32..48)?.try_into().ok()?);
        let c = (word(w, 0)?, word(w, 1)?);
        let s = (word(w, 2)?, word(w, 3)?, mtime);
        files.insert(String::from_utf8(path.clone()).ok()?, (c, s));
    }
    Some(Record {
        dir: (word(head, 0)?, word(head, 1)?),
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disk_cache::{Salt, DEFAULT_MAX_BYTES};

    fn write(out: &OutputDir, disk: &DiskCache, files: &[(&str, &str)]) -> bool {
        let artifacts: Vec<_> = files.iter().map(|(p, b)| Artifact::new(*p, *b)).collect();
        write_unless_unchanged(out, &artifacts, |_| panic!("free"), disk)
            .unwrap()
            .wrote
    }

    #[test]
    fn the_same_files_are_not_written_again_unless_the_output_was_touched() {
        let tmp = tempfile::tempdir().unwrap();
        let out = OutputDir::check(&tmp.path().join("out"), &[]).unwrap();
        let disk = DiskCache::with_salt(tmp.path().join("cache"), DEFAULT_MAX_BYTES, Salt(1));
        let files = [("a.txt", "1"), ("d/b.txt", "2")];
        assert!(write(&out, &disk, &files));
        assert!(!write(&out, &disk, &files), "nothing changed");
        assert!(write(&out, &disk, &[("a.txt", "1"), ("d/b.txt", "3")]));
        assert!(!write(&out, &disk, &[("a.txt", "1"), ("d/b.txt", "3")]));
        // Someone edits, adds or removes a file in the output: written again.
        let b = out.path().join("d/b.txt");
        fs::write(&b, "x").unwrap();
        assert!(write(&out, &disk, &[("a.txt", "1"), ("d/b.txt", "3")]));
        assert_eq!(fs::read_to_string(&b).unwrap(), "3");
        fs::write(out.path().join("d/new.txt"), "x").unwrap();
        assert!(write(&out, &disk, &[("a.txt", "1"), ("d/b.txt", "3")]));
        assert!(!out.path().join("d/new.txt").exists());
        fs::remove_file(out.path().join("a.txt")).unwrap();
        assert!(write(&out, &disk, &[("a.txt", "1"), ("d/b.txt", "3")]));
        assert!(out.path().join("a.txt").exists());
        // A file more or less in the build.
        assert!(write(&out, &disk, &[("a.txt", "1")]));
        assert!(!b.exists());
    }

    #[test]
    fn records_round_trip() {
        let mut files = BTreeMap::new();
        files.insert("a/b".to_string(), ((1, 2), (3, 4, 5)));
        let r = Record { dir: (6, 7), files };
        assert_eq!(decode(&encode(&r)), Some(r));
    }
}
