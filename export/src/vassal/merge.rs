//! `qm vassal merge`: put qm's palette, prototypes and images into a maintainer's own module
//! and leave everything else byte for byte as it was.
//!
//! What qm owns is found by name: root-level PieceWindows and PrototypeDefinitions whose
//! name starts with [`QM_PREFIX`], and the zip entries under `images/qm/`. The buildFile is
//! edited as text at the element ranges a real XML parser reports; the only other bytes that
//! can change are the value of the root's `nextPieceSlotId` (raised above every gpid) and, if
//! the module's PrototypesContainer is an empty `<.../>` tag, that tag (opened to hold qm's
//! prototypes). Every other zip entry is copied raw (compressed bytes, CRC, timestamps).

use std::collections::BTreeMap;
use std::io::Cursor;
use std::ops::Range;

use zip::{ZipArchive, ZipWriter};

use super::archive::add_entry;
use super::palette::QM_PREFIX;
use super::VassalError;

const PIECE_WINDOW: &str = "VASSAL.build.module.PieceWindow";
const PROTOTYPE: &str = "VASSAL.build.module.PrototypeDefinition";
const CONTAINER: &str = "VASSAL.build.module.PrototypesContainer";
const ROOT: &str = "VASSAL.build.GameModule";

/// What a merge did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeSummary {
    /// qm palettes found in the existing module and replaced.
    pub replaced_windows: usize,
    /// qm prototypes found and replaced.
    pub replaced_prototypes: usize,
    /// qm images found (under `images/qm/`) and replaced.
    pub replaced_images: usize,
    /// `nextPieceSlotId` after the merge.
    pub next_piece_slot_id: u64,
    /// Entries of the existing module left out for unsafe names (absolute, `..`), with why.
    pub dropped: Vec<String>,
}

/// A merged module.
#[derive(Debug, Clone)]
pub struct Merged {
    /// The new `.vmod`'s bytes.
    pub bytes: Vec<u8>,
    /// The new buildFile text.
    pub build_file: String,
    /// What changed.
    pub summary: MergeSummary,
}

fn err(msg: impl std::fmt::Display) -> VassalError {
    VassalError::new(format!("failed to merge ({msg})"))
}

fn is_qm(node: &roxmltree::Node, tag: &str) -> bool {
    node.is_element()
        && node.tag_name().name() == tag
        && node
            .attribute("name")
            .is_some_and(|n| n.starts_with(QM_PREFIX))
}

/// The range extended back over the indentation and line break before it, so removing it
/// removes its whole line.
fn with_line(text: &str, r: Range<usize>) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut s = r.start;
    while s > 0 && matches!(bytes[s - 1], b' ' | b'\t') {
        s -= 1;
    }
    if s > 0 && bytes[s - 1] == b'\n' {
        s -= 1;
        if s > 0 && bytes[s - 1] == b'\r' {
            s -= 1;
        }
    }
    s..r.end
}

/// The indentation of the line `pos` is on.
fn indent_at(text: &str, pos: usize) -> &str {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let lead = &text[line_start..pos];
    let n = lead.len() - lead.trim_start_matches([' ', '\t']).len();
    &lead[..n]
}

/// The generated parts of qm's own buildFile: the palette and the prototypes, as text.
struct Ours {
    window: String,
    prototypes: Vec<String>,
    next_id: u64,
    gpids: Vec<String>,
}

fn ours(generated: &str) -> Result<Ours, VassalError> {
    let doc = roxmltree::Document::parse(generated).map_err(err)?;
    let root = doc.root_element();
    let window = root
        .children()
        .find(|n| is_qm(n, PIECE_WINDOW))
        .ok_or_else(|| err("the generated buildFile has no qm palette"))?;
    let prototypes = root
        .descendants()
        .filter(|n| is_qm(n, PROTOTYPE))
        .map(|n| generated[n.range()].to_string())
        .collect();
    let gpids = window
        .descendants()
        .filter_map(|n| n.attribute("gpid"))
        .map(str::to_string)
        .collect();
    Ok(Ours {
        window: generated[window.range()].to_string(),
        prototypes,
        next_id: root
            .attribute("nextPieceSlotId")
            .and_then(|v| v.parse().ok())
            .unwrap_or(0),
        gpids,
    })
}

/// Merges qm's generated buildFile into an existing one; returns the new text.
///
/// Passes over the existing text, each adding byte-range edits: the palette
/// (`palette_edits`), the prototypes (`prototype_edits`), the next slot id past every gpid
/// (`gpid_edits`); then the edits are applied in order (`apply_edits`).
pub fn merge_build_file(
    existing: &str,
    generated: &str,
) -> Result<(String, MergeSummary), VassalError> {
    let ours = ours(generated)?;
    let doc = roxmltree::Document::parse(existing)
        .map_err(|e| err(format!("the existing buildFile is not XML: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != ROOT {
        return Err(err(format!(
            "the existing buildFile's root is {}",
            root.tag_name().name()
        )));
    }
    let target = Target::new(existing, root)?;
    let mut edits: Vec<Edit> = Vec::new();
    let windows = palette_edits(&target, &ours, &mut edits);
    let replaced_prototypes = prototype_edits(&target, &ours, &mut edits);
    let next = gpid_edits(&target, &ours, &windows, &mut edits)?;
    let out = apply_edits(existing, edits, generated.len())?;
    Ok((
        out,
        MergeSummary {
            replaced_windows: windows.len(),
            replaced_prototypes,
            replaced_images: 0,
            next_piece_slot_id: next,
            dropped: Vec::new(),
        },
    ))
}

/// A byte range of the existing buildFile and its replacement.
type Edit = (Range<usize>, String);

/// The existing buildFile as the merge's passes read it.
struct Target<'a, 'input> {
    existing: &'a str,
    root: roxmltree::Node<'a, 'input>,
    /// Its line ending (a Windows-made module keeps CRLF).
    nl: &'static str,
    /// Where a new child of the root goes: the line of the root's closing tag.
    close_line: usize,
    /// The indentation of the root's children.
    child_indent: String,
}

impl<'a, 'input> Target<'a, 'input> {
    fn new(existing: &'a str, root: roxmltree::Node<'a, 'input>) -> Result<Self, VassalError> {
        let nl = if existing.contains("\r\n") {
            "\r\n"
        } else {
            "\n"
        };
        let root_close = root.range().end - format!("</{ROOT}>").len();
        if !existing[root.range()].ends_with(&format!("</{ROOT}>")) {
            return Err(err("the existing module's root element is empty"));
        }
        let close_line = existing[..root_close]
            .rfind('\n')
            .map_or(root_close, |i| i + 1);
        let child_indent = root
            .children()
            .find(|n| n.is_element())
            .map_or("    ".to_string(), |n| {
                indent_at(existing, n.range().start).to_string()
            });
        Ok(Self {
            existing,
            root,
            nl,
            close_line,
            child_indent,
        })
    }
}

/// The palette: the first qm palette replaced in place, any others dropped; without one, ours
/// goes last in the root. Returns the qm palettes the module had.
fn palette_edits<'a, 'input>(
    t: &Target<'a, 'input>,
    ours: &Ours,
    edits: &mut Vec<Edit>,
) -> Vec<roxmltree::Node<'a, 'input>> {
    let windows: Vec<_> = t
        .root
        .children()
        .filter(|n| is_qm(n, PIECE_WINDOW))
        .collect();
    match windows.split_first() {
        Some((first, rest)) => {
            edits.push((first.range(), ours.window.clone()));
            edits.extend(
                rest.iter()
                    .map(|w| (with_line(t.existing, w.range()), String::new())),
            );
        }
        None => edits.push((
            t.close_line..t.close_line,
            format!("{}{}{}", t.child_indent, ours.window, t.nl),
        )),
    }
    windows
}

/// The prototypes: where the old qm ones were, else at the end of the prototypes container
/// (made when the module has none). Returns how many qm prototypes the module had.
fn prototype_edits(t: &Target, ours: &Ours, edits: &mut Vec<Edit>) -> usize {
    let (existing, nl) = (t.existing, t.nl);
    let old_protos: Vec<_> = t
        .root
        .descendants()
        .filter(|n| is_qm(n, PROTOTYPE))
        .collect();
    if let Some((first, rest)) = old_protos.split_first() {
        let indent = indent_at(existing, first.range().start).to_string();
        edits.push((
            first.range(),
            ours.prototypes.join(&format!("{nl}{indent}")),
        ));
        edits.extend(
            rest.iter()
                .map(|p| (with_line(existing, p.range()), String::new())),
        );
    } else if !ours.prototypes.is_empty() {
        let container = t
            .root
            .children()
            .find(|n| n.is_element() && n.tag_name().name() == CONTAINER);
        match container {
            Some(c) => edits.push(container_edit(t, &c, &ours.prototypes)),
            None => {
                let child_indent = &t.child_indent;
                let inner = format!("{child_indent}    ");
                let defs: String = ours
                    .prototypes
                    .iter()
                    .map(|p| format!("{inner}{p}{nl}"))
                    .collect();
                edits.push((
                    t.close_line..t.close_line,
                    format!(
                        "{child_indent}<{CONTAINER}>{nl}{defs}{child_indent}</{CONTAINER}>{nl}"
                    ),
                ));
            }
        }
    }
    old_protos.len()
}

/// Our prototypes added at the end of the module's container `c` (an empty `<.../>` opened).
fn container_edit(t: &Target, c: &roxmltree::Node, prototypes: &[String]) -> Edit {
    let (existing, nl) = (t.existing, t.nl);
    let raw = &existing[c.range()];
    let indent = indent_at(existing, c.range().start).to_string();
    let inner = format!("{indent}    ");
    let defs: String = prototypes
        .iter()
        .map(|p| format!("{inner}{p}{nl}"))
        .collect();
    if let Some(start_tag) = raw.strip_suffix("/>") {
        let open = format!("{}>", start_tag.trim_end());
        return (c.range(), format!("{open}{nl}{defs}{indent}</{CONTAINER}>"));
    }
    let close = c.range().end - format!("</{CONTAINER}>").len();
    let line = existing[..close].rfind('\n').map_or(close, |i| i + 1);
    if existing[line..close].trim().is_empty() {
        (line..line, defs)
    } else {
        (close..close, format!("{nl}{defs}{indent}"))
    }
}

/// gpids: ours must not collide with the module's own slots (those outside its old qm
/// palettes, `windows`), and the next slot id passes every gpid. Returns that id.
fn gpid_edits(
    t: &Target,
    ours: &Ours,
    windows: &[roxmltree::Node],
    edits: &mut Vec<Edit>,
) -> Result<u64, VassalError> {
    let root = t.root;
    let inside_old_window = |n: &roxmltree::Node| {
        windows
            .iter()
            .any(|w| w.range().start <= n.range().start && n.range().end <= w.range().end)
    };
    let mut foreign_max = 0u64;
    let mut foreign: BTreeMap<String, String> = BTreeMap::new();
    for n in root.descendants().filter(|n| {
        n.is_element()
            && matches!(
                n.tag_name().name(),
                "VASSAL.build.widget.PieceSlot" | "VASSAL.build.widget.CardSlot"
            )
            && !inside_old_window(n)
    }) {
        let gpid = n.attribute("gpid").unwrap_or("").to_string();
        if let Ok(g) = gpid.parse::<u64>() {
            foreign_max = foreign_max.max(g);
        }
        foreign.insert(gpid, n.attribute("entryName").unwrap_or("").to_string());
    }
    for g in &ours.gpids {
        if let Some(name) = foreign.get(g) {
            return Err(err(format!(
                "qm's gpid {g} is already used by the module's slot {name:?}; raise `first` in vassal-gpids.toml above the module's gpids and renumber before the first merge"
            )));
        }
    }
    let current = root
        .attribute("nextPieceSlotId")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(0);
    let next = current.max(ours.next_id).max(foreign_max.saturating_add(1));
    if next != current {
        match root.attribute_node("nextPieceSlotId") {
            Some(a) => edits.push((a.range_value(), next.to_string())),
            None => {
                let at = root
                    .attributes()
                    .next_back()
                    .map_or(root.range().start + 1 + ROOT.len(), |a| a.range().end);
                edits.push((at..at, format!(" nextPieceSlotId=\"{next}\"")));
            }
        }
    }
    Ok(next)
}

/// The existing text with the edits applied in order; edits may not overlap.
fn apply_edits(existing: &str, mut edits: Vec<Edit>, extra: usize) -> Result<String, VassalError> {
    edits.sort_by_key(|(r, _)| (r.start, r.end));
    for pair in edits.windows(2) {
        if pair[0].0.end > pair[1].0.start {
            return Err(err("qm's elements overlap in the existing buildFile"));
        }
    }
    let mut out = String::with_capacity(existing.len() + extra);
    let mut at = 0;
    for (r, text) in &edits {
        out.push_str(&existing[at..r.start]);
        out.push_str(text);
        at = r.end;
    }
    out.push_str(&existing[at..]);
    Ok(out)
}

/// Merges a generated module (its buildFile text and its qm images, by path under
/// `images/`) into an existing `.vmod`.
pub fn merge_vmod(
    existing: &[u8],
    generated_build_file: &str,
    qm_images: &BTreeMap<String, std::borrow::Cow<'_, [u8]>>,
) -> Result<Merged, VassalError> {
    let mut zin = ZipArchive::new(Cursor::new(existing)).map_err(err)?;
    let names: Vec<String> = (0..zin.len())
        .map(|i| {
            zin.name_for_index(i)
                .map(|n| n.map(|n| n.to_string()).map_err(err))
                .unwrap_or_else(|| Err(err("a zip entry without a name")))
        })
        .collect::<Result<_, _>>()?;
    let bf_name = super::archive::build_file_name(&names)
        .ok_or_else(|| err("the existing module has no buildFile.xml"))?
        .to_string();
    let bf_text = {
        use std::io::Read;
        let f = zin.by_name(&bf_name).map_err(err)?;
        // Read no more than the cap, whatever the entry claims: a 1 GB buildFile is refused,
        // not loaded.
        let cap = super::archive::MAX_BUILD_FILE;
        let mut bytes = Vec::new();
        f.take(cap + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| err(format!("{bf_name}: {e}")))?;
        if bytes.len() as u64 > cap {
            return Err(err(format!(
                "{bf_name} is larger than {} MiB",
                cap / (1024 * 1024)
            )));
        }
        String::from_utf8(bytes).map_err(|e| err(format!("{bf_name} is not UTF-8 text: {e}")))?
    };
    let (build_file, mut summary) = merge_build_file(&bf_text, generated_build_file)?;
    let qm_dir = format!("images/{}/", qm_render::module_images::QM_IMAGE_DIR);
    let mut zout = ZipWriter::new(Cursor::new(Vec::new()));
    for (i, name) in names.iter().enumerate() {
        // An entry that would unpack outside the module folder is not carried over.
        if let Some(why) = super::archive::unsafe_entry_name(name) {
            summary.dropped.push(format!("{name:?} ({why})"));
            continue;
        }
        if name.starts_with(&qm_dir) {
            summary.replaced_images += 1;
            continue;
        }
        if *name == bf_name {
            add_entry(&mut zout, name, build_file.as_bytes())?;
            continue;
        }
        let f = zin.by_index_raw(i).map_err(err)?;
        zout.raw_copy_file(f).map_err(err)?;
    }
    for (path, png) in qm_images {
        add_entry(&mut zout, &format!("images/{path}"), png)?;
    }
    let bytes = zout.finish().map_err(err)?.into_inner();
    Ok(Merged {
        bytes,
        build_file,
        summary,
    })
}
