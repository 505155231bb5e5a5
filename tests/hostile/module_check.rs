//! Issue 24, item 14: `qm vassal check` reads a module as the engine and any unzip would, so
//! it reports a buildFile that is not UTF-8, an entry whose checksum fails and two entries by
//! one name — each of which it used to call "ok".

use std::path::Path;

use qm_export::vassal::archive::{read_entries, write_vmod};

use crate::run::{qm, workspace};

/// The module a build of the mini data writes, as its entries.
fn module_entries(dir: &Path, data: &Path) -> Vec<(String, Vec<u8>)> {
    qm(
        dir,
        &["build", "--data", data.to_str().unwrap(), "--out", "out"],
    )
    .expect(0);
    let vmod = std::fs::read_dir(dir.join("out/vassal"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "vmod"))
        .unwrap();
    read_entries(&std::fs::read(vmod).unwrap()).unwrap()
}

/// `qm vassal check` of `bytes` written to `dir/name`.
fn check(dir: &Path, name: &str, bytes: &[u8]) -> crate::run::Run {
    std::fs::write(dir.join(name), bytes).unwrap();
    qm(dir, &["vassal", "check", name])
}

/// Every place `from` stands in `bytes` (names in the local and central headers).
fn replace_all(bytes: &mut [u8], from: &[u8], to: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while let Some(at) = bytes[i..].windows(from.len()).position(|w| w == from) {
        bytes[i + at..i + at + from.len()].copy_from_slice(to);
        i += at + from.len();
        n += 1;
    }
    n
}

#[test]
fn a_module_the_engine_cannot_read_is_not_ok() {
    let (tmp, data) = workspace();
    let entries = module_entries(tmp.path(), &data);
    check(
        tmp.path(),
        "good.vmod",
        &write_vmod(entries.clone()).unwrap(),
    )
    .expect(0);

    // A buildFile in Latin-1.
    let latin1: Vec<_> = entries
        .iter()
        .map(|(n, b)| {
            let mut b = b.clone();
            if n == "buildFile.xml" {
                let at = b.windows(6).position(|w| w == b"<VASSA").unwrap();
                b.insert(at, 0xE9);
            }
            (n.clone(), b)
        })
        .collect();
    check(tmp.path(), "latin1.vmod", &write_vmod(latin1).unwrap())
        .expect(1)
        .says("buildFile.xml is not UTF-8");

    // moduledata whose stored checksum does not match: the CRC field of both headers changed.
    let mut crc = write_vmod(entries.clone()).unwrap();
    let name = b"moduledata";
    let locals: Vec<usize> = crc
        .windows(name.len())
        .enumerate()
        .filter(|(_, w)| *w == name)
        .map(|(i, _)| i)
        .collect();
    for at in locals {
        // Local header: the name at 30, the CRC at 14; central header: name at 46, CRC at 16.
        let header = if crc[at - 30..at - 26] == [0x50, 0x4b, 3, 4] {
            at - 30 + 14
        } else {
            at - 46 + 16
        };
        crc[header] ^= 0xff;
    }
    check(tmp.path(), "crc.vmod", &crc)
        .expect(1)
        .says("entry \"moduledata\" is damaged");

    // Two entries named buildFile.xml: a second one written as buildFile.xmz, then renamed.
    let mut twice = entries.clone();
    let bf = entries.iter().find(|(n, _)| n == "buildFile.xml").unwrap();
    twice.push(("buildFile.xmz".to_string(), bf.1.clone()));
    let mut twice = write_vmod(twice).unwrap();
    assert_eq!(
        replace_all(&mut twice, b"buildFile.xmz", b"buildFile.xml"),
        2
    );
    check(tmp.path(), "twice.vmod", &twice)
        .expect(1)
        .says("two entries are named \"buildFile.xml\"");
}
