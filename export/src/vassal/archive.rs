//! The `.vmod` zip: written deterministically (sorted entries, a fixed 1980-01-01 timestamp,
//! fixed permissions), so two builds of the same data give the same bytes.

use std::collections::BTreeSet;
use std::io::{Cursor, Read, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use super::VassalError;

/// Options every entry qm writes gets: PNGs are stored (already compressed), text deflated.
pub fn entry_options(name: &str) -> SimpleFileOptions {
    let method = if name.ends_with(".png") {
        CompressionMethod::Stored
    } else {
        CompressionMethod::Deflated
    };
    SimpleFileOptions::default()
        .compression_method(method)
        .last_modified_time(DateTime::default())
        .unix_permissions(0o644)
}

fn zip_err(what: &str, e: impl std::fmt::Display) -> VassalError {
    VassalError::new(format!("failed to {what} ({e})"))
}

/// A `.vmod` holding `entries` (name, bytes), written in name order.
pub fn write_vmod<B: AsRef<[u8]>>(mut entries: Vec<(String, B)>) -> Result<Vec<u8>, VassalError> {
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    for pair in entries.windows(2) {
        if pair[0].0 == pair[1].0 {
            return Err(VassalError::new(format!(
                "failed to write the module (two entries named {})",
                pair[0].0
            )));
        }
    }
    // Room for the stored entries (the PNGs, most of the bytes) and the headers from the
    // start: a growing buffer would hold its old and new copies at once while it moves.
    let room: usize = entries
        .iter()
        .map(|(name, bytes)| bytes.as_ref().len() + 2 * name.len() + 128)
        .sum();
    let mut zip = ZipWriter::new(Cursor::new(Vec::with_capacity(room)));
    for (name, bytes) in &entries {
        add_entry(&mut zip, name, bytes.as_ref())?;
    }
    let cursor = zip.finish().map_err(|e| zip_err("write the module", e))?;
    Ok(cursor.into_inner())
}

/// Adds one entry with qm's fixed options.
pub fn add_entry<W: Write + std::io::Seek>(
    zip: &mut ZipWriter<W>,
    name: &str,
    bytes: &[u8],
) -> Result<(), VassalError> {
    zip.start_file(name, entry_options(name))
        .map_err(|e| zip_err(&format!("add {name} to the module"), e))?;
    zip.write_all(bytes)
        .map_err(|e| zip_err(&format!("add {name} to the module"), e))
}

/// Every entry of a zip, decompressed, in archive order.
pub fn read_entries(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, VassalError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| zip_err("read the module", e))?;
    let mut out = Vec::with_capacity(zip.len());
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).map_err(|e| zip_err("read the module", e))?;
        let name = f
            .name()
            .map_err(|e| zip_err("read the module", e))?
            .to_string();
        let data = read_capped(&mut f, &name, MAX_ENTRY)?;
        out.push((name, data));
    }
    Ok(out)
}

/// Largest `buildFile.xml` qm reads from a module (a real one is well under 1 MiB): reading
/// stops there, so a small zip announcing a 4 GB entry cannot fill memory.
pub const MAX_BUILD_FILE: u64 = 64 * 1024 * 1024;

/// Largest compression ratio accepted for an entry over 1 MiB: XML deflates about 10 to 20
/// times; a thousand is a bomb.
pub const MAX_RATIO: u64 = 1000;

/// Largest entry [`read_entries`] decompresses.
pub const MAX_ENTRY: u64 = 256 * 1024 * 1024;

/// Reads one entry of at most `cap` bytes: never more than that is decompressed, whatever
/// the entry's header claims.
fn read_capped(f: impl Read, name: &str, cap: u64) -> Result<Vec<u8>, VassalError> {
    let mut data = Vec::new();
    f.take(cap + 1)
        .read_to_end(&mut data)
        .map_err(|e| zip_err(&format!("read {name}"), e))?;
    if data.len() as u64 > cap {
        return Err(VassalError::new(format!(
            "failed to read {name} (it decompresses to more than {} MiB)",
            cap / (1024 * 1024)
        )));
    }
    Ok(data)
}

/// A module's definition as stored: its entry name and its bytes (not yet known to be text).
#[derive(Debug, Clone)]
pub struct StoredBuildFile {
    /// `buildFile.xml`, or the older `buildFile`.
    pub name: String,
    /// The entry's bytes, at most [`MAX_BUILD_FILE`].
    pub bytes: Vec<u8>,
}

/// A module's entry names and its buildFile: all that checking a module needs, read without
/// decompressing the images.
pub fn read_names_and_build_file(
    bytes: &[u8],
) -> Result<(Vec<String>, Option<StoredBuildFile>), VassalError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| zip_err("read the module", e))?;
    let names: Vec<String> = (0..zip.len())
        .map(|i| match zip.name_for_index(i) {
            Some(Ok(n)) => Ok(n.to_string()),
            Some(Err(e)) => Err(zip_err("read the module", e)),
            None => Err(VassalError::new(
                "failed to read the module (an entry has no name)",
            )),
        })
        .collect::<Result<_, _>>()?;
    let Some(bf) = build_file_name(&names).map(str::to_string) else {
        return Ok((names, None));
    };
    let f = zip
        .by_name(&bf)
        .map_err(|e| zip_err("read the module", e))?;
    // A zip bomb is refused on its own word before a byte is inflated; one that lies about
    // its size is stopped by the cap while reading.
    if let Some(ratio) = bomb_ratio(f.size(), f.compressed_size()) {
        return Err(VassalError::new(format!(
            "failed to read {bf} (it claims to inflate {ratio} times; at most {MAX_RATIO})"
        )));
    }
    let bytes = read_capped(f, &bf, MAX_BUILD_FILE)?;
    Ok((names, Some(StoredBuildFile { name: bf, bytes })))
}

/// The compression ratio of an entry over 1 MiB that inflates more than [`MAX_RATIO`] times.
fn bomb_ratio(size: u64, compressed: u64) -> Option<u64> {
    let ratio = size / compressed.max(1);
    (size > 1024 * 1024 && ratio > MAX_RATIO).then_some(ratio)
}

/// Most bytes [`damaged_entries`] inflates in one module: a real module holds well under
/// this; past it the rest is not verified (and says so).
pub const MAX_VERIFIED: u64 = 2 * 1024 * 1024 * 1024;

/// The entries whose stored checksum does not match their content, or that cannot be
/// inflated, each with why: every entry is read through (to nowhere), as an unzip would.
pub fn damaged_entries(bytes: &[u8]) -> Result<Vec<String>, VassalError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(|e| zip_err("read the module", e))?;
    let mut problems = Vec::new();
    let mut budget = MAX_VERIFIED;
    for i in 0..zip.len() {
        let f = match zip.by_index(i) {
            Ok(f) => f,
            Err(e) => {
                problems.push(format!("entry {i} cannot be read ({e})"));
                continue;
            }
        };
        let name = f.name().map_or_else(|_| "?".to_string(), |n| n.to_string());
        if let Some(ratio) = bomb_ratio(f.size(), f.compressed_size()) {
            problems.push(format!(
                "entry {name:?} claims to inflate {ratio} times (at most {MAX_RATIO}): not read"
            ));
            continue;
        }
        let cap = budget.min(MAX_ENTRY);
        match std::io::copy(&mut f.take(cap + 1), &mut std::io::sink()) {
            Ok(n) if n > cap => {
                let (what, mib) = if cap == MAX_ENTRY {
                    (format!("entry {name:?}"), MAX_ENTRY)
                } else {
                    ("the module".to_string(), MAX_VERIFIED)
                };
                problems.push(format!(
                    "{what} inflates to more than {} MiB: the rest of the module is not verified",
                    mib / (1024 * 1024)
                ));
                break;
            }
            Ok(n) => budget -= n,
            Err(e) => problems.push(format!("entry {name:?} is damaged ({e})")),
        }
    }
    Ok(problems)
}

/// The entry names that stand more than once in a module's central directory: zip readers
/// disagree on which of them counts (the zip crate keeps the last, others the first), so a
/// reader of the crate's names alone never sees them. Read from the directory's own records;
/// a directory that cannot be walked so (zip64, a comment holding the end record's bytes) is
/// left to the crate, which reads it whole.
pub fn repeated_names(bytes: &[u8]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut repeated = BTreeSet::new();
    for n in central_names(bytes).unwrap_or_default() {
        if seen.contains(&n) {
            repeated.insert(n);
        } else {
            seen.insert(n);
        }
    }
    repeated.into_iter().collect()
}

/// The names of the central directory's records, in order; `None` when the end record or a
/// record is not where the format puts it.
fn central_names(bytes: &[u8]) -> Option<Vec<String>> {
    let u16_at = |i: usize| Some(u16::from_le_bytes(bytes.get(i..i + 2)?.try_into().ok()?));
    let u32_at = |i: usize| Some(u32::from_le_bytes(bytes.get(i..i + 4)?.try_into().ok()?));
    // The end record: 22 bytes and a comment of at most 64 KiB, at the very end.
    let min = bytes.len().saturating_sub(22 + 0xffff);
    let end = (min..=bytes.len().checked_sub(22)?)
        .rev()
        .find(|&i| u32_at(i) == Some(0x0605_4b50))?;
    let count = u16_at(end + 10)?;
    let mut at = usize::try_from(u32_at(end + 16)?).ok()?;
    let mut names = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        if u32_at(at)? != 0x0201_4b50 {
            return None;
        }
        let name_len = usize::from(u16_at(at + 28)?);
        let skip = usize::from(u16_at(at + 30)?) + usize::from(u16_at(at + 32)?);
        let name = bytes.get(at + 46..at + 46 + name_len)?;
        names.push(String::from_utf8_lossy(name).into_owned());
        at += 46 + name_len + skip;
    }
    Some(names)
}

/// Why an entry name is unsafe to keep in a module, if it is: VASSAL (and any unzip) would
/// write it outside the module's folder or under a name no file system holds.
pub fn unsafe_entry_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        return Some("it is empty");
    }
    if name.starts_with('/') || name.starts_with('\\') || name.get(1..2) == Some(":") {
        return Some("it is an absolute path");
    }
    if name.split(['/', '\\']).any(|c| c == "..") {
        return Some("it climbs out with `..`");
    }
    if name.contains('\\') {
        return Some("it holds a backslash");
    }
    if name.chars().any(char::is_control) {
        return Some("it holds a control character");
    }
    None
}

/// The name of the module definition in an archive: `buildFile.xml` (3.5+) or the older
/// `buildFile`.
pub fn build_file_name(names: &[String]) -> Option<&str> {
    ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|n| names.iter().any(|x| x == n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writing_is_deterministic_and_sorted() {
        let entries = vec![
            ("moduledata".to_string(), b"<data/>".to_vec()),
            ("buildFile.xml".to_string(), b"<x/>".to_vec()),
        ];
        let a = write_vmod(entries.clone()).unwrap();
        let b = write_vmod(entries).unwrap();
        assert_eq!(a, b);
        let back = read_entries(&a).unwrap();
        assert_eq!(back[0].0, "buildFile.xml");
        assert_eq!(back[1].1, b"<data/>");
    }

    #[test]
    fn duplicate_names_are_refused() {
        let e = write_vmod(vec![("a".into(), vec![]), ("a".into(), vec![])]);
        assert!(e.is_err());
    }
}
