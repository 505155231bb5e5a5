//! The notes as the IR keeps them: numbered notes and multi-applicable notes with provenance.

use qm_parser::{MultiApplicableNote, NoteTarget, NumberedNote, SourceMap};
use qm_schema::{MultiNote, VehicleNote};

/// A numbered note; `vehicles` are the listing names its title names.
/// Rules of a note none of which carries a "†" (an editor who marks none) are printed as
/// written, with its history.
pub fn ir_note(map: &SourceMap, note: &NumberedNote, vehicles: Vec<String>) -> VehicleNote {
    let daggered = note.rules.iter().any(|r| r.dagger);
    let undaggered = note.rules.iter().filter(|_| !daggered);
    VehicleNote {
        number: note.number.value,
        title: note.title.value.clone(),
        vehicles,
        history: note
            .history
            .iter()
            .chain(undaggered.map(|r| &r.paragraph))
            .map(|p| p.text.clone())
            .collect(),
        rules: note
            .rules
            .iter()
            .filter(|_| daggered)
            .map(|r| r.paragraph.text.trim_start_matches('†').trim().to_string())
            .collect(),
        see_also: note
            .see_also
            .iter()
            .flat_map(|s| s.refs.iter())
            .map(|r| match &r.target {
                NoteTarget::Multi(l) => l.clone(),
                NoteTarget::Numbered(n) => n.to_string(),
            })
            .collect(),
        span: map.provenance(&note.span),
    }
}

/// A multi-applicable note, its paragraphs joined by blank lines.
pub fn ir_multi(map: &SourceMap, m: &MultiApplicableNote) -> MultiNote {
    MultiNote {
        letter: m.letter.value.clone(),
        text: m
            .paragraphs
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join("\n\n"),
        span: map.provenance(&m.span),
    }
}
