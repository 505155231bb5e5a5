//! What the notes read of a listing's item, a vehicle or a gun ([`Listed`]), and of its row
//! ([`ListedRow`]): the vehicle notes and the ordnance notes go through one reader and one set
//! of passes (links, rules, availability, their lints), which know an item only through these
//! traits.

use qm_parser::{Cell, ListingRow, OrdnanceRow, TextSpan};
use qm_schema::{
    Availability, Field, Nation, NoteRef, Ordnance, Period, RestrictedUse, RfRange, Span,
    UnknownAvailability, Vehicle,
};

/// Which listing an item is of: what diagnostics call it and its notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListedKind {
    /// A vehicle of the vehicle listing (`listing.tsv`, `notes.md`).
    Vehicle,
    /// A gun of the ordnance listing (`ordnance.tsv`, `ordnance-notes.md`).
    Gun,
}

impl ListedKind {
    /// The item in words: "vehicle", "gun".
    pub fn noun(self) -> &'static str {
        match self {
            ListedKind::Vehicle => "vehicle",
            ListedKind::Gun => "gun",
        }
    }

    /// Its notes in words, as Chapter H heads them: "vehicle", "ordnance".
    pub fn notes(self) -> &'static str {
        match self {
            ListedKind::Vehicle => "vehicle",
            ListedKind::Gun => "ordnance",
        }
    }
}

/// The items of `nation`'s listing of `kind`: its vehicles, or its guns.
pub fn items_of(nation: &Nation, kind: ListedKind) -> Vec<&dyn Listed> {
    match kind {
        ListedKind::Vehicle => nation.vehicles.iter().map(|v| v as &dyn Listed).collect(),
        ListedKind::Gun => nation.ordnance.iter().map(|g| g as &dyn Listed).collect(),
    }
}

/// The availability the notes resolve for an item, to be written.
pub struct ResolvedMut<'a> {
    /// Where, when and how rare.
    pub availability: &'a mut Vec<Availability>,
    /// Months at an RF the listing prints as a range and no note gives.
    pub unknown: &'a mut Vec<UnknownAvailability>,
    /// Months only one faction may use it.
    pub restricted: &'a mut Vec<RestrictedUse>,
}

/// A listing's item the notes speak of: its name, row, DATES, RF and note references, and
/// the availability they resolve.
pub trait Listed {
    /// Which listing it is of.
    fn kind(&self) -> ListedKind;
    /// Its stable id.
    fn id(&self) -> &str;
    /// Its normalized name.
    fn name(&self) -> &str;
    /// Its whole listing row.
    fn row(&self) -> &Span;
    /// Its DATES cell; `None` when the row has none.
    fn dates(&self) -> Option<&Field<Period>>;
    /// Its RF cell; `None` when the row has none.
    fn rf(&self) -> Option<&Field<RfRange>>;
    /// Its Notes cell, reference by reference.
    fn note_refs(&self) -> &[Field<NoteRef>];
    /// Its resolved availability.
    fn availability(&self) -> &[Availability];
    /// Its months at an RF the listing prints as a range and no note gives.
    fn availability_unknown(&self) -> &[UnknownAvailability];
    /// What the notes resolve, to be written.
    fn resolved_mut(&mut self) -> ResolvedMut<'_>;

    /// The DATES, when read.
    fn dates_value(&self) -> Option<Period> {
        self.dates().and_then(|f| f.value)
    }

    /// The RF range, when read.
    fn rf_value(&self) -> Option<RfRange> {
        self.rf().and_then(|f| f.value)
    }

    /// The RF cell as printed ("" when the row has none).
    fn rf_raw(&self) -> &str {
        self.rf().map_or("", |f| f.raw.as_str())
    }

    /// The DATES cell as printed ("" when the row has none).
    fn dates_raw(&self) -> &str {
        self.dates().map_or("", |f| f.raw.as_str())
    }

    /// True when a dagger on its RF or DATES says a note modifies them.
    fn daggered(&self) -> bool {
        self.rf().is_some_and(|f| f.dagger) || self.dates().is_some_and(|f| f.dagger)
    }
}

/// The methods whose fields a vehicle and a gun name alike (`id`, `name`, `row`, the
/// availability lists): one text for both impls.
macro_rules! same_fields {
    () => {
        fn id(&self) -> &str {
            &self.id
        }
        fn name(&self) -> &str {
            &self.name
        }
        fn row(&self) -> &Span {
            &self.row
        }
        fn availability(&self) -> &[Availability] {
            &self.availability
        }
        fn availability_unknown(&self) -> &[UnknownAvailability] {
            &self.availability_unknown
        }
        fn resolved_mut(&mut self) -> ResolvedMut<'_> {
            ResolvedMut {
                availability: &mut self.availability,
                unknown: &mut self.availability_unknown,
                restricted: &mut self.restricted_use,
            }
        }
    };
}

impl Listed for Vehicle {
    same_fields!();
    fn kind(&self) -> ListedKind {
        ListedKind::Vehicle
    }
    fn dates(&self) -> Option<&Field<Period>> {
        Some(&self.dates)
    }
    fn rf(&self) -> Option<&Field<RfRange>> {
        Some(&self.rf)
    }
    fn note_refs(&self) -> &[Field<NoteRef>] {
        &self.values.note_refs
    }
}

impl Listed for Ordnance {
    same_fields!();
    fn kind(&self) -> ListedKind {
        ListedKind::Gun
    }
    fn dates(&self) -> Option<&Field<Period>> {
        self.dates.as_ref()
    }
    fn rf(&self) -> Option<&Field<RfRange>> {
        self.rf.as_ref()
    }
    fn note_refs(&self) -> &[Field<NoteRef>] {
        &self.note_refs
    }
}

/// A listing row as the notes' lints read it: its Notes cells as parsed (with the spans a
/// diagnostic points at) and the row's span.
pub trait ListedRow {
    /// The Notes cell, reference by reference.
    fn note_cells(&self) -> &[Cell<NoteRef>];
    /// The whole row.
    fn span(&self) -> &TextSpan;
}

impl ListedRow for ListingRow {
    fn note_cells(&self) -> &[Cell<NoteRef>] {
        &self.note_refs
    }
    fn span(&self) -> &TextSpan {
        &self.span
    }
}

impl ListedRow for OrdnanceRow {
    fn note_cells(&self) -> &[Cell<NoteRef>] {
        &self.note_refs
    }
    fn span(&self) -> &TextSpan {
        &self.span
    }
}
