//! A module checker that reads a `.vmod` the way the engine does and reports what would
//! break: definitions that do not decode (an unescaped `/` or TAB, type and state of
//! different depth), missing images, empty/duplicate gpids or gpids not below
//! `nextPieceSlotId`, references to prototypes that do not exist, CDATA definitions.
//!
//! The decoding is [`super::decode`], written independently of the encoder, so a bug in one
//! does not hide the same bug in the other.

use std::collections::{BTreeMap, BTreeSet};

use super::archive::{
    damaged_entries, read_names_and_build_file, repeated_names, unsafe_entry_name,
};
use super::decode::{decode_sequence, Decoder};
use super::encode::{encode_sequence, SequenceEncoder};
use super::traits::encode_chain;
use super::VassalError;

/// One decoded trait: its own type string and its own state string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedTrait {
    /// The type, e.g. `piece;;;qm/ita/l3-35-front.png;L3/35` (unescaped from the chain).
    pub type_string: String,
    /// The state, e.g. `null;0;0;1002;0`.
    pub state: String,
}

impl DecodedTrait {
    /// The type's id up to and including the first `;` (`piece;`, `emb2;`), as the engine
    /// picks the trait class.
    pub fn id(&self) -> &str {
        match self.type_string.find(';') {
            Some(i) => &self.type_string[..=i],
            None => &self.type_string,
        }
    }

    /// The fields after the id, split at `;`.
    pub fn fields(&self) -> Vec<String> {
        decode_sequence(&self.type_string[self.id().len()..], ';')
    }
}

/// A decoded piece definition: traits from the outside in, the BasicPiece last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedPiece {
    /// The traits.
    pub traits: Vec<DecodedTrait>,
}

/// The BasicPiece's fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedBasic {
    /// Image relative to `images/`.
    pub image: String,
    /// Name.
    pub name: String,
    /// gpid from the state.
    pub gpid: String,
}

impl DecodedPiece {
    /// The innermost BasicPiece, when the chain ends in one.
    pub fn basic(&self) -> Option<DecodedBasic> {
        let t = self.traits.last()?;
        if t.id() != "piece;" {
            return None;
        }
        let f = t.fields();
        let st = decode_sequence(&t.state, ';');
        Some(DecodedBasic {
            image: f.get(2).cloned().unwrap_or_default(),
            name: f.get(3).cloned().unwrap_or_default(),
            gpid: st.get(3).cloned().unwrap_or_default(),
        })
    }

    /// The prototypes the piece names (`prototype;NAME`).
    pub fn prototype_refs(&self) -> Vec<String> {
        self.traits
            .iter()
            .filter(|t| t.id() == "prototype;")
            .map(|t| t.fields().first().cloned().unwrap_or_default())
            .collect()
    }

    /// Marker properties: keys from the type, values from the state.
    pub fn properties(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for t in self.traits.iter().filter(|t| t.id() == "mark;") {
            let keys = decode_sequence(&t.type_string["mark;".len()..], ',');
            let values = decode_sequence(&t.state, ',');
            for (i, k) in keys.into_iter().enumerate() {
                out.push((k, values.get(i).cloned().unwrap_or_default()));
            }
        }
        out
    }

    /// Every image the piece names itself: BasicPiece and layer images.
    pub fn images(&self) -> Vec<String> {
        let mut out = Vec::new();
        for t in &self.traits {
            match t.id() {
                "piece;" => out.extend(t.fields().get(2).cloned()),
                "emb2;" => {
                    if let Some(list) = t.fields().get(15) {
                        out.extend(decode_sequence(list, ','));
                    }
                }
                _ => {}
            }
        }
        out.retain(|i| !i.trim().is_empty());
        out
    }
}

/// Splits a chain (`a TAB enc(b TAB enc(c))`) into its levels; problems for stray TABs.
fn split_chain(chain: &str, what: &str, problems: &mut Vec<String>) -> Vec<String> {
    let mut levels = Vec::new();
    let mut rest = chain.to_string();
    loop {
        let mut d = Decoder::new(&rest, '\t');
        let own = d.next_token().unwrap_or_default();
        let inner = d.next_token();
        if d.has_more() {
            problems.push(format!(
                "{what}: an unescaped TAB splits level {} into more than two parts",
                levels.len() + 1
            ));
        }
        levels.push(own);
        match inner {
            Some(i) => rest = i,
            None => return levels,
        }
    }
}

/// Decodes a PieceSlot / PrototypeDefinition text; `Err` lists why the engine would fail.
pub fn decode_definition(def: &str) -> Result<DecodedPiece, Vec<String>> {
    let mut problems = Vec::new();
    let Some(body) = def.strip_prefix("+/") else {
        return Err(vec!["the definition does not start with `+/`".into()]);
    };
    let parts = decode_sequence(body, '/');
    if parts.len() < 3 {
        return Err(vec![format!(
            "the definition has {} `/`-separated parts, not 3 (id, type, state)",
            parts.len()
        )]);
    }
    if parts.len() > 3 {
        problems.push(format!(
            "an unescaped `/` splits the definition into {} parts (id, type, state expected)",
            parts.len()
        ));
    }
    let types = split_chain(&parts[1], "type", &mut problems);
    let states = split_chain(&parts[2], "state", &mut problems);
    if types.len() != states.len() {
        problems.push(format!(
            "the type has {} traits but the state {} (the engine stops with \"No state for trait\")",
            types.len(),
            states.len()
        ));
    }
    // The chain must re-encode to the very text read: catches doubled or missing backslashes.
    let reencoded = format!(
        "+/{}",
        encode_sequence(
            &[
                parts[0].as_str(),
                &encode_chain(&types),
                &encode_chain(&states)
            ],
            '/'
        )
    );
    if problems.is_empty() && reencoded != def {
        problems.push(format!(
            "the definition does not re-encode to itself:\n   file: {def}\n   qm:   {reencoded}"
        ));
    }
    let traits: Vec<DecodedTrait> = types
        .into_iter()
        .zip(states.into_iter().chain(std::iter::repeat(String::new())))
        .map(|(type_string, state)| DecodedTrait { type_string, state })
        .collect();
    for t in &traits {
        // Field level: the trait's own fields must re-encode to its type, too.
        let (id, delim) = match t.id() {
            "mark;" => ("mark;", ','),
            "piece;" | "prototype;" | "emb2;" | "delete;" => (t.id(), ';'),
            _ => continue,
        };
        let fields = decode_sequence(&t.type_string[id.len()..], delim);
        let mut se = SequenceEncoder::new(delim);
        for f in &fields {
            se.append(f);
        }
        if format!("{id}{}", se.finish()) != t.type_string {
            problems.push(format!(
                "trait `{}` does not re-encode to itself (a stray escape or delimiter)",
                t.type_string
            ));
        }
    }
    if traits.last().is_none_or(|t| t.id() != "piece;") {
        problems.push("the innermost trait is not a BasicPiece (`piece;`)".into());
    }
    if problems.is_empty() {
        Ok(DecodedPiece { traits })
    } else {
        Err(problems)
    }
}

/// A slot as the checker found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedSlot {
    /// `entryName`.
    pub entry_name: String,
    /// `gpid`.
    pub gpid: String,
    /// The decoded piece, when it decoded.
    pub piece: Option<DecodedPiece>,
}

/// What the checker found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Every slot, in document order.
    pub slots: Vec<CheckedSlot>,
    /// Every prototype by name.
    pub prototypes: BTreeMap<String, Option<DecodedPiece>>,
    /// `nextPieceSlotId`.
    pub next_piece_slot_id: Option<u64>,
    /// What would break.
    pub problems: Vec<String>,
}

impl CheckReport {
    /// True when nothing would break.
    pub fn is_ok(&self) -> bool {
        self.problems.is_empty()
    }
}

/// Text content as the engine's builder reads it: the element's text nodes, trimmed.
fn element_text(node: roxmltree::Node) -> String {
    node.children()
        .filter(|c| c.is_text())
        .filter_map(|c| c.text())
        .collect::<String>()
        .trim()
        .to_string()
}

/// Checks a `.vmod` file's bytes: its entries (names, checksums), then its buildFile.
pub fn check_vmod(bytes: &[u8]) -> Result<CheckReport, VassalError> {
    check_vmod_knowing(bytes, None)
}

/// What a module's maker checked before its zip was read back: the buildFile's text, the
/// entry names, and [`check_build_file`]'s report of the two.
pub struct Checked<'a> {
    /// The buildFile.xml zipped.
    pub build_file: &'a str,
    /// Every entry name zipped.
    pub files: BTreeSet<String>,
    /// `check_build_file(build_file, &files)`.
    pub report: CheckReport,
}

/// [`check_vmod`], the buildFile's checks taken from `known` when the archive's buildFile and
/// entry names read back are exactly the ones `known` checked ([`check_build_file`] reads
/// nothing else, so its report is the same); otherwise checked here. The entries are read
/// back either way.
pub fn check_vmod_knowing(
    bytes: &[u8],
    known: Option<Checked<'_>>,
) -> Result<CheckReport, VassalError> {
    let (names, build_file) = read_names_and_build_file(bytes)?;
    let Some(build_file) = build_file else {
        return Err(VassalError::new(
            "failed to check the module (it has no buildFile.xml)",
        ));
    };
    let mut problems = Vec::new();
    for n in &names {
        if let Some(why) = unsafe_entry_name(n) {
            problems.push(format!(
                "entry {n:?} would be written outside the module folder or cannot be a file name ({why})"
            ));
        }
    }
    for n in repeated_names(bytes) {
        problems.push(format!(
            "two entries are named {n:?}: zip readers disagree on which one counts"
        ));
    }
    problems.extend(damaged_entries(bytes)?);
    let files: BTreeSet<String> = names.into_iter().collect();
    let known = known.filter(|k| k.build_file.as_bytes() == build_file.bytes && k.files == files);
    let mut report = match std::str::from_utf8(&build_file.bytes) {
        Ok(_) if known.is_some() => known.map(|k| k.report).unwrap_or_default(),
        Ok(text) => check_build_file(text, &files),
        Err(e) => CheckReport {
            problems: vec![format!(
                "{} is not UTF-8 (an invalid byte at offset {}): the engine cannot read it",
                build_file.name,
                e.valid_up_to()
            )],
            ..CheckReport::default()
        },
    };
    report.problems.extend(problems);
    Ok(report)
}

/// Checks a buildFile's text against the archive's entry names.
pub fn check_build_file(text: &str, files: &BTreeSet<String>) -> CheckReport {
    let mut report = CheckReport::default();
    let doc = match roxmltree::Document::parse(text) {
        Ok(d) => d,
        Err(e) => {
            report
                .problems
                .push(format!("buildFile.xml is not XML ({e})"));
            return report;
        }
    };
    let root = doc.root_element();
    if root.tag_name().name() != "VASSAL.build.GameModule" {
        report.problems.push(format!(
            "the root element is {}, not VASSAL.build.GameModule",
            root.tag_name().name()
        ));
    }
    report.next_piece_slot_id = root
        .attribute("nextPieceSlotId")
        .and_then(|v| v.trim().parse().ok());
    let raw = |n: roxmltree::Node| &text[n.range()];
    for node in root.descendants().filter(|n| n.is_element()) {
        let tag = node.tag_name().name();
        let is_slot =
            tag == "VASSAL.build.widget.PieceSlot" || tag == "VASSAL.build.widget.CardSlot";
        let is_proto = tag == "VASSAL.build.module.PrototypeDefinition";
        if !is_slot && !is_proto {
            continue;
        }
        let label = if is_slot {
            format!("slot {:?}", node.attribute("entryName").unwrap_or(""))
        } else {
            format!("prototype {:?}", node.attribute("name").unwrap_or(""))
        };
        if raw(node).contains("<![CDATA[") {
            report.problems.push(format!(
                "{label}: the definition is in CDATA, which the engine reads as empty"
            ));
        }
        let def = element_text(node);
        let piece = match decode_definition(&def) {
            Ok(p) => Some(p),
            Err(ps) => {
                report
                    .problems
                    .extend(ps.into_iter().map(|p| format!("{label}: {p}")));
                None
            }
        };
        if is_proto {
            let name = node.attribute("name").unwrap_or("").to_string();
            if report.prototypes.insert(name, piece).is_some() {
                report.problems.push(format!("{label}: defined twice"));
            }
        } else {
            report.slots.push(CheckedSlot {
                entry_name: node.attribute("entryName").unwrap_or("").to_string(),
                gpid: node.attribute("gpid").unwrap_or("").to_string(),
                piece,
            });
        }
    }
    check_slots(&mut report, files);
    report
}

fn check_images(
    label: &str,
    piece: &DecodedPiece,
    files: &BTreeSet<String>,
    out: &mut Vec<String>,
) {
    for img in piece.images() {
        if !files.contains(&format!("images/{img}")) {
            out.push(format!("{label}: image not in the archive: images/{img}"));
        }
    }
}

fn check_slots(report: &mut CheckReport, files: &BTreeSet<String>) {
    let mut problems = Vec::new();
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for (name, piece) in &report.prototypes {
        let Some(p) = piece else { continue };
        check_images(&format!("prototype {name:?}"), p, files, &mut problems);
        for r in p.prototype_refs() {
            if !report.prototypes.contains_key(&r) {
                problems.push(format!("prototype {name:?}: prototype not found: {r}"));
            }
        }
    }
    for s in &report.slots {
        let label = format!("slot {:?}", s.entry_name);
        if s.gpid.is_empty() {
            problems.push(format!("{label}: empty gpid"));
        } else if let Some(other) = seen.insert(&s.gpid, &s.entry_name) {
            problems.push(format!(
                "{label}: gpid {} is also used by slot {other:?}",
                s.gpid
            ));
        }
        match (s.gpid.parse::<u64>(), report.next_piece_slot_id) {
            (Ok(g), Some(next)) if g >= next => problems.push(format!(
                "{label}: gpid {g} is not below nextPieceSlotId {next}"
            )),
            (Ok(_), None) => problems.push(format!(
                "{label}: the module has no nextPieceSlotId above its gpid"
            )),
            _ => {}
        }
        let Some(p) = &s.piece else { continue };
        match p.basic() {
            Some(b) if b.name.is_empty() => {
                problems.push(format!("{label}: the BasicPiece has no name"))
            }
            Some(b) if !b.gpid.is_empty() && b.gpid != s.gpid => problems.push(format!(
                "{label}: the piece's state says gpid {} but the slot {}",
                b.gpid, s.gpid
            )),
            _ => {}
        }
        check_images(&label, p, files, &mut problems);
        for r in p.prototype_refs() {
            if !report.prototypes.contains_key(&r) {
                problems.push(format!("{label}: prototype not found: {r}"));
            }
        }
    }
    report.problems.extend(problems);
}
