//! Piece definitions: the traits qm generates, their type and state strings, and the
//! AddPiece text a PieceSlot or PrototypeDefinition holds.
//!
//! A definition is `+/` + [`null`, TYPE, STATE] joined by `/`. TYPE is the outermost trait's
//! own type, a TAB, then the encoded TYPE of the piece it wraps, down to the BasicPiece; STATE
//! is built the same way with the same depth. Every level goes through
//! [`SequenceEncoder`], so the n-th TAB carries n-1 backslashes.

use super::encode::{encode_sequence, SequenceEncoder};

/// A key stroke as the engine stores it: `keyCode,modifiers`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyStroke {
    /// The Java virtual key code (`'B'` is 66).
    pub code: u32,
    /// Java modifier bits; 130 is Ctrl (`CTRL_DOWN_MASK | CTRL_MASK`, what the editor writes).
    pub modifiers: u32,
}

impl KeyStroke {
    /// Ctrl + an upper-case letter.
    pub const fn ctrl(letter: char) -> Self {
        Self {
            code: letter as u32,
            modifiers: 130,
        }
    }

    /// `code,modifiers`.
    pub fn encode(self) -> String {
        format!("{},{}", self.code, self.modifiers)
    }
}

/// A layer (`emb2`) that is either shown or hidden: one image, toggled by a key.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// Layer name (shown in the editor; used in `<name>_Active` properties).
    pub name: String,
    /// Menu text of the toggle.
    pub command: String,
    /// Key stroke of the toggle.
    pub key: KeyStroke,
    /// Image drawn while active, relative to `images/`.
    pub image: String,
    /// Name change while active: `+ CE` appends " CE" to the piece name.
    pub level_name: String,
    /// Offset of the image's centre from the piece's centre, in pixels.
    pub offset: (i32, i32),
    /// True when the layer starts shown.
    pub active: bool,
}

/// One trait of a piece, outermost first in [`Piece::traits`].
#[derive(Debug, Clone, PartialEq)]
pub enum Trait {
    /// `prototype;NAME`: the traits of a PrototypeDefinition, expanded when the piece is used.
    Prototype(String),
    /// `mark;K1,K2` with the values in the state: properties players filter and report on.
    Marker(Vec<(String, String)>),
    /// `emb2;...`: a layer shown on top of the pieces inside it.
    Layer(Layer),
    /// `delete;...`: the Delete menu command.
    Delete {
        /// Menu text.
        command: String,
        /// Key stroke.
        key: KeyStroke,
    },
}

/// The innermost BasicPiece: image, name and gpid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Basic {
    /// Image relative to `images/` (empty in prototypes).
    pub image: String,
    /// The piece's name (empty in prototypes).
    pub name: String,
    /// The slot's gpid (empty in prototypes).
    pub gpid: String,
}

/// A whole piece: traits from the outside in, then the BasicPiece.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    /// Traits, outermost first.
    pub traits: Vec<Trait>,
    /// The BasicPiece at the centre.
    pub basic: Basic,
}

/// Which engine generation the `emb2` field list is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineFormat {
    /// 3.6: `emb2` ends with description and scale.
    V36,
    /// 3.7 and later: two more `emb2` fields (only-when-property name and state).
    V37,
}

impl EngineFormat {
    /// The format for a `VassalVersion` string such as `3.6.19`.
    pub fn for_version(version: &str) -> Self {
        let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
        let (major, minor) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
        if (major, minor) >= (3, 7) {
            EngineFormat::V37
        } else {
            EngineFormat::V36
        }
    }
}

impl Trait {
    /// The trait's own type string.
    pub fn type_string(&self, format: EngineFormat) -> String {
        match self {
            Trait::Prototype(name) => format!("prototype;{}", encode_sequence(&[name], ';')),
            Trait::Marker(props) => {
                let keys: Vec<&str> = props.iter().map(|(k, _)| k.as_str()).collect();
                format!("mark;{}", encode_sequence(&keys, ','))
            }
            Trait::Layer(l) => layer_type(l, format),
            Trait::Delete { command, key } => {
                let mut se = SequenceEncoder::new(';');
                se.append(command).append(&key.encode()).append("");
                format!("delete;{}", se.finish())
            }
        }
    }

    /// The trait's own state string.
    pub fn state_string(&self) -> String {
        match self {
            Trait::Prototype(_) | Trait::Delete { .. } => String::new(),
            Trait::Marker(props) => {
                let values: Vec<&str> = props.iter().map(|(_, v)| v.as_str()).collect();
                encode_sequence(&values, ',')
            }
            // 1-based level, negative while hidden.
            Trait::Layer(l) => if l.active { "1" } else { "-1" }.to_string(),
        }
    }
}

fn layer_type(l: &Layer, format: EngineFormat) -> String {
    let ctrl = 130;
    let mut se = SequenceEncoder::new(';');
    se.append(&l.command)
        .append_int(ctrl)
        // The legacy key field: non-empty makes the engine start the layer hidden.
        .append(&char::from_u32(l.key.code).unwrap_or('A').to_string())
        .append("")
        .append_int(ctrl)
        .append("")
        .append("")
        .append_int(ctrl)
        .append("")
        .append("") // reset command
        .append("") // reset key
        .append("1") // reset level
        .append_bool(false) // draw underneath when selected
        .append_int(i64::from(l.offset.0))
        .append_int(i64::from(l.offset.1))
        .append_list(std::slice::from_ref(&l.image))
        .append_list(std::slice::from_ref(&l.level_name))
        .append_bool(true) // loop levels
        .append(&l.name)
        .append("") // random key
        .append("") // random text
        .append_bool(false) // follow property
        .append("")
        .append_int(1) // first level value
        .append_int(1) // version: named key strokes
        .append_bool(false) // always active
        .append(&l.key.encode())
        .append("") // increase
        .append("") // decrease
        .append(&l.name) // description
        .append("1.0"); // scale
    if format == EngineFormat::V37 {
        se.append("").append_bool(true);
    }
    format!("emb2;{}", se.finish())
}

impl Basic {
    /// `piece;CLONEKEY;DELETEKEY;IMAGE;NAME` (no legacy clone/delete keys).
    pub fn type_string(&self) -> String {
        format!(
            "piece;{}",
            encode_sequence(&["", "", &self.image, &self.name], ';')
        )
    }

    /// `MAP;X;Y;GPID;NPROPS`: not on a map, at 0,0, no persistent properties.
    pub fn state_string(&self) -> String {
        encode_sequence(&["null", "0", "0", &self.gpid, "0"], ';')
    }
}

/// Wraps inner chains in outer ones: `[a, b, c]` gives `a TAB enc(b TAB enc(c))`.
pub fn encode_chain(parts: &[String]) -> String {
    let mut iter = parts.iter().rev();
    let mut acc = iter.next().cloned().unwrap_or_default();
    for outer in iter {
        acc = encode_sequence(&[outer.as_str(), acc.as_str()], '\t');
    }
    acc
}

impl Piece {
    /// The AddPiece text of this piece: what a PieceSlot or PrototypeDefinition holds.
    pub fn definition(&self, format: EngineFormat) -> String {
        let mut types: Vec<String> = self.traits.iter().map(|t| t.type_string(format)).collect();
        types.push(self.basic.type_string());
        let mut states: Vec<String> = self.traits.iter().map(Trait::state_string).collect();
        states.push(self.basic.state_string());
        let ty = encode_chain(&types);
        let st = encode_chain(&states);
        format!("+/{}", encode_sequence(&["null", &ty, &st], '/'))
    }

    /// Every image the piece itself names (not those of its prototypes).
    pub fn images(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .traits
            .iter()
            .filter_map(|t| match t {
                Trait::Layer(l) => Some(l.image.as_str()),
                _ => None,
            })
            .collect();
        if !self.basic.image.is_empty() {
            out.push(&self.basic.image);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basic(name: &str) -> Basic {
        Basic {
            image: "qm/ita/m13-40-front.png".into(),
            name: name.into(),
            gpid: "1009".into(),
        }
    }

    #[test]
    fn a_bare_piece_escapes_slashes_once() {
        let p = Piece {
            traits: vec![],
            basic: basic("M13/40"),
        };
        assert_eq!(
            p.definition(EngineFormat::V36),
            "+/null/piece;;;qm\\/ita\\/m13-40-front.png;M13\\/40/null;0;0;1009;0"
        );
    }

    #[test]
    fn nested_tabs_carry_more_backslashes() {
        let p = Piece {
            traits: vec![
                Trait::Prototype("QM AFV".into()),
                Trait::Marker(vec![("Notes".into(), "1, A".into())]),
            ],
            basic: basic("L3/35"),
        };
        let def = p.definition(EngineFormat::V36);
        // Type: prototype TAB mark \TAB piece (the piece's `/` escaped once more per level
        // only where `/` is the delimiter: at the AddPiece level).
        assert_eq!(
            def,
            "+/null/prototype;QM AFV\tmark;Notes\\\tpiece;;;qm\\/ita\\/m13-40-front.png;L3\\/35/\t1\\, A\\\tnull;0;0;1009;0"
        );
    }

    #[test]
    fn the_version_picks_the_layer_field_count() {
        assert_eq!(EngineFormat::for_version("3.6.19"), EngineFormat::V36);
        assert_eq!(EngineFormat::for_version("3.7.15"), EngineFormat::V37);
        assert_eq!(EngineFormat::for_version("junk"), EngineFormat::V36);
    }
}
