//! The availability syntax tree: what one RF/date sentence of a vehicle note says, with spans.

use qm_schema::{Period, Tenths, YearMonth};

use crate::TextSpan;

/// A value with the text span it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where its text is.
    pub span: TextSpan,
}

/// One statement about when, where and how rare a vehicle is, read from one sentence (or one
/// bracketed sub-clause) of a note.
#[derive(Debug, Clone, PartialEq)]
pub struct AvailabilityClause {
    /// The text the clause was read from (without the closing full stop).
    pub span: TextSpan,
    /// The vehicles the clause is restricted to ("AB 41 Dates and RF ..."); empty when it
    /// applies to every vehicle the note covers.
    pub vehicles: Vec<VehicleRef>,
    /// What the clause says.
    pub kind: ClauseKind,
    /// Misprints read through at the clause level (e.g. a "(" never closed).
    pub typos: Vec<MisprintAt>,
    /// True when the sentence's subject is every vehicle of the note ("Both are restricted to
    /// the Militia", "Neither is available on X"), whatever the sentence before was about.
    pub every_vehicle: bool,
}

/// The kinds of availability statement the notes make.
#[derive(Debug, Clone, PartialEq)]
pub enum ClauseKind {
    /// Periods with (or without) RFs, per area: "Dates and RF for use in North Africa are
    /// 6-12/40 (.9), ...", "RF is 1.2 for 1-6/42, ...", "Dates for use in France are 6/40, ...",
    /// "availability ... is limited to 6/40 (France) and 7/43 (Sicily)".
    Schedule(Schedule),
    /// "RF is always .4 higher (1.6 maximum) than the corresponding (for date and area) RF of
    /// the L3/35": the RF derives from another vehicle's, area by area and month by month.
    RelativeRf(RelativeRf),
    /// "Dates and RF are the same, but with .1 added to the RF": the preceding schedule of the
    /// note applies to these vehicles with `added` on every RF.
    SameWithAddedRf {
        /// What is added to each RF (taken away when `subtracted`).
        added: PrintedRf,
        /// True for "with .1 subtracted (from the RF)".
        subtracted: bool,
        /// "one month later": the antecedent's periods moved this many months on (0: none).
        months_later: u8,
        /// The vehicle named as the antecedent ("the same as the AS 42's", "those of the
        /// D2"); `None` for "the same" and "as above", whose antecedent the resolver finds.
        /// `parse_notes` fills it with the main vehicle of the note `note` names.
        base: Option<VehicleRef>,
        /// The note named as the antecedent ("the same as in Note 3", "as per Note 3").
        note: Option<Spanned<u16>>,
        /// A cap on the result ("(to a maximum of 1.5)").
        max: Option<PrintedRf>,
        /// "As the Orsa, but RF 1.4": every RF of the copy replaced by this one (`added` is
        /// then 0).
        set: Option<PrintedRf>,
    },
    /// "Availability in 1945 is limited to Fascist Italians only": only the part of the
    /// nation's forces the words name (a faction of its `ob.toml`) may use the vehicle then.
    RestrictedUse {
        /// The words naming who may use it ("Fascist Italians"), as printed.
        faction: Spanned<String>,
        /// The months the limit covers.
        period: PrintedPeriod,
    },
    /// "Only the Free French may use it", "Used only in North Africa", "Not available in Russia
    /// after 6/42", "No longer used after 5/43": whom or where the vehicle is kept to, or kept
    /// from, and when.
    Limit(Limit),
    /// "In the Brask Isles its RF is .1 higher (1.6 maximum)", "PTS: RF +.2 (cap 1.4)": the
    /// vehicle's own RF changed by an amount where or for whom the names say.
    OwnRf(OwnRf),
    /// "Otherwise it is 1.4 [EXC: ...]": the RF wherever and whenever no earlier clause of the
    /// note gives one, except as the bracketed clauses say.
    Otherwise {
        /// The default RF.
        rf: PrintedRf,
        /// The bracketed exceptions, each a clause of its own.
        exceptions: Vec<AvailabilityClause>,
    },
    /// "This AFV has no radio in scenarios set prior to 11/41. As of 11/41 it is
    /// radio-equipped."
    RadioFrom {
        /// The first month with a radio.
        month: PrintedPeriod,
        /// The month the confirming sentence ("As of 11/41 ...") names, if it is there.
        confirmed: Option<PrintedPeriod>,
    },
    /// "The optional AAMG is always available and has a 1.4 RF."
    OptionalWeapon(OptionalWeapon),
    /// "HEAT Becomes Available in September 1942".
    AmmoFrom {
        /// The ammunition ("HEAT").
        ammo: Spanned<String>,
        /// The first month it is available.
        month: PrintedPeriod,
    },
    /// Multi-applicable notes N and R: "This vehicle was used in North Africa at some time from
    /// 6/40 to 5/43 (within the limits of its own given dates)".
    UsedIn {
        /// Where.
        area: Area,
        /// When (always within the vehicle's own dates).
        period: PrintedPeriod,
        /// The mark after the note letter the sentence applies to ("†", "T": "If the
        /// superscript “†” appears its use ... was limited to Tunisia"); `None` for the
        /// sentence that applies to the letter without a mark.
        mark: Option<String>,
    },
    /// A sentence that names dates or RFs but fits no form above (a diagnostic says so).
    Unreadable {
        /// The word where the grammar stopped understanding it, if it got anywhere.
        stopped_at: Option<Spanned<String>>,
    },
}

/// How a schedule was worded; it decides what the periods mean for areas it does not name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleForm {
    /// "Dates and RF for ... are P (rf), ...": these are the dates and RFs for those areas.
    DatesAndRf,
    /// "RF is rf for P, ...": RFs by period; the dates stay the vehicle's own.
    RfByPeriod,
    /// "Dates for use in France are 6/40, ...": dates only (an RF rule follows).
    DatesOnly,
    /// "Availability for WW2 scenarios is limited to ...": nothing outside these entries.
    LimitedTo,
    /// "For Russia they are 9-10/41 (1.2), ..." as a sentence of its own (the one before it
    /// could not be read): dates and RFs, for the subject of the last sentence read.
    Continued,
}

/// A list of periods per area.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    /// The wording, which says how the entries are to be read.
    pub form: ScheduleForm,
    /// Each area's entries, in source order ("For East Africa they are ..." starts a new one).
    pub sections: Vec<ScheduleSection>,
}

/// The entries a schedule gives for one area.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleSection {
    /// The text of the section.
    pub span: TextSpan,
    /// Where the entries apply.
    pub area: Area,
    /// The entries, in source order.
    pub entries: Vec<ScheduleEntry>,
    /// Misprints in the punctuation before the section (e.g. none between two sections).
    pub typos: Vec<MisprintAt>,
}

/// Where a section applies.
#[derive(Debug, Clone, PartialEq)]
pub enum Area {
    /// No area named ("Dates and RF are ..."): wherever the vehicle is allowed.
    Anywhere,
    /// The named theaters ("North-Africa/the ETO [EXC: the Balkans]").
    Theaters {
        /// The theaters, in order.
        theaters: Vec<TheaterRef>,
        /// The bracketed exceptions.
        except: Vec<TheaterException>,
    },
    /// "in every theater except X", "except in X": every theater of the nation but these.
    AllBut {
        /// The theaters left out.
        except: Vec<TheaterException>,
    },
    /// "elsewhere": every theater the vehicle is allowed in that no earlier section names.
    Elsewhere {
        /// The bracketed exceptions ("[EXC: NA in East Africa]").
        except: Vec<TheaterException>,
    },
}

/// One item of an "[EXC: ...]" list of theaters.
#[derive(Debug, Clone, PartialEq)]
pub struct TheaterException {
    /// The theater.
    pub theater: TheaterRef,
    /// True for "NA in X" (not available there); false when X is merely not covered by this
    /// section (it has a section of its own).
    pub not_available: bool,
}

/// A theater name as printed. The parser knows no theaters: the resolver looks the name up
/// in the nation's theater registry (and reports a name it does not have).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TheaterRef {
    /// The name as printed ("North-Africa", "the ETO", "North African").
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
}

/// One period of a schedule, with its RF and qualifiers.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleEntry {
    /// The entry's text, from the period to its closing parenthesis.
    pub span: TextSpan,
    /// The months it covers.
    pub when: EntryWhen,
    /// Its RF; `None` for dates-only entries (the RF comes from elsewhere).
    pub rf: Option<PrintedRf>,
    /// "Fascist use only" and the like.
    pub qualifiers: Vec<PrintedQualifier>,
    /// Misprints in the entry's punctuation ("6/40-6/41, (1.5)", "(1.6.)", a missing comma
    /// before it).
    pub typos: Vec<MisprintAt>,
}

/// The months an entry covers.
#[derive(Debug, Clone, PartialEq)]
pub enum EntryWhen {
    /// A printed period.
    Period(PrintedPeriod),
    /// "thereafter": from the month after the previous entry to the end of the vehicle's own
    /// dates.
    Thereafter(TextSpan),
    /// "from 2/43 on", "2/43 onward": from the period's first month to the end of the
    /// vehicle's own dates.
    From(PrintedPeriod),
    /// "until 12/40": from the start of the vehicle's own dates to the period's last month.
    Until(PrintedPeriod),
}

/// A period as printed ("6-12/40", "44-5/45", "1944", "5/4 1-9/43").
#[derive(Debug, Clone, PartialEq)]
pub struct PrintedPeriod {
    /// The text as printed.
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
    /// The period, or what is wrong with it (a diagnostic says so).
    pub value: Result<Period, PrintedPeriodError>,
    /// Misprints read through (stray spaces).
    pub typos: Vec<MisprintAt>,
}

/// Why a printed period is not a usable period. Where the printed numbers still make months,
/// they are kept (read literally) so later stages and errata can see them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintedPeriodError {
    /// The text is no period shape ("7.5/43").
    Unreadable,
    /// A month outside 1-12 ("32/43-44").
    BadMonth {
        /// The month as printed.
        month: u32,
    },
    /// A one-digit year ("1/1"), read literally as 190x.
    ShortYear {
        /// First month, read literally.
        from: YearMonth,
        /// Last month, read literally.
        to: YearMonth,
    },
    /// The end is before the start.
    Backwards {
        /// First month as printed.
        from: YearMonth,
        /// Last month as printed.
        to: YearMonth,
    },
    /// A year outside every year the nation's data holds ([`YearSpan`]), e.g. "7-11/47" in a
    /// listing whose DATES end in 1945.
    YearOutOfRange {
        /// The years the data holds.
        years: YearSpan,
        /// First month, read literally.
        from: YearMonth,
        /// Last month, read literally.
        to: YearMonth,
    },
}

impl PrintedPeriodError {
    /// The months the printed text names when read literally, if it names any.
    pub fn literal(&self) -> Option<(YearMonth, YearMonth)> {
        match *self {
            PrintedPeriodError::ShortYear { from, to }
            | PrintedPeriodError::Backwards { from, to }
            | PrintedPeriodError::YearOutOfRange { from, to, .. } => Some((from, to)),
            PrintedPeriodError::Unreadable | PrintedPeriodError::BadMonth { .. } => None,
        }
    }
}

/// The years a nation's data holds (the first and last year of its listing's DATES): a note's
/// period naming a year outside them is a misprint. The grammar knows no war of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YearSpan {
    /// The first year.
    pub first: u16,
    /// The last year.
    pub last: u16,
}

impl YearSpan {
    /// True when `year` lies within the span.
    pub fn contains(&self, year: u16) -> bool {
        (self.first..=self.last).contains(&year)
    }
}

/// A rarity factor as printed (".9", "1.6", "I.4", "1-6").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedRf {
    /// The text as printed.
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
    /// The value in tenths (misprints read through; `typos` says which).
    pub value: Tenths,
    /// Misprints read through ("I" for "1", "-" for ".").
    pub typos: Vec<MisprintAt>,
}

/// A qualifier as printed ("Fascist use only").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedQualifier {
    /// The text as printed.
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
    /// What it says, or `None` when the text is no qualifier form (a diagnostic says so).
    pub value: Option<QualifierSyntax>,
}

/// What a printed qualifier says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QualifierSyntax {
    /// "X use only": only the part of the nation's forces the notes call X may use the vehicle
    /// in the entry's months ("Fascist use only").
    RestrictedUse {
        /// X, as printed ("Fascist").
        faction: Spanned<String>,
    },
}

/// Whom or where a vehicle is kept to ("only"), or kept from ("not"), and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    /// Kept to the names and months, or kept from them.
    pub sense: LimitSense,
    /// Who or where, as printed; empty when the limit is the months alone ("no longer after
    /// 5/43").
    pub names: Vec<LimitName>,
    /// When the limit holds; `None`: whenever the vehicle exists.
    pub when: Option<EntryWhen>,
}

/// The vehicle's own RF changed by an amount for part of its use.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnRf {
    /// Where or for whom, as printed (places or factions; the nation's data says which).
    pub names: Vec<LimitName>,
    /// What is added to the RF (taken away when `lower`).
    pub delta: PrintedRf,
    /// True for ".1 lower", "-.1".
    pub lower: bool,
    /// The cap on the result, if one is given.
    pub max: Option<PrintedRf>,
    /// True when `delta` is the RF itself, not an amount ("| Foreign Legion | RF 1.5 |": that
    /// faction's RF is 1.5 wherever and whenever the vehicle serves).
    pub set: bool,
    /// The months the change holds in; `None`: whenever the vehicle serves.
    pub when: Option<EntryWhen>,
}

impl OwnRf {
    /// An amount on the RF (`lower`: taken away) for `names`, capped at `max`, in `when`.
    pub fn amount(
        names: Vec<LimitName>,
        (delta, lower): (PrintedRf, bool),
        max: Option<PrintedRf>,
        when: Option<EntryWhen>,
    ) -> Self {
        Self {
            names,
            delta,
            lower,
            max,
            set: false,
            when,
        }
    }
}

/// Which way a [`Limit`] goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitSense {
    /// "only", "limited to", "restricted to", "not ... except in": nothing outside the names
    /// (or, without names, outside the months).
    Only,
    /// "not", "never", "no longer", "withdrawn", "everywhere except": nothing inside them.
    Not,
}

/// A faction or place a [`Limit`] names, as printed. The parser knows neither: the resolver
/// looks the words up in the nation's factions (`ob.toml`) and the theater registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitName {
    /// The words as printed, without a leading "the" ("Free French", "North Africa").
    pub raw: String,
    /// Where they are.
    pub span: TextSpan,
    /// What the wording lets them be.
    pub kind: NameKind,
}

impl LimitName {
    /// A theater named before the limit ("In Russia, it is not available after 6/42").
    pub fn place(t: TheaterRef) -> Self {
        Self {
            raw: t.raw,
            span: t.span,
            kind: NameKind::Place,
        }
    }
}

/// What the words around a name let it be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    /// "in X", "on X", "for use in X": a place.
    Place,
    /// "by X": a part of the nation's forces.
    Faction,
    /// "limited to X", "X only", "only X may use it", "for X use": either, as the nation's
    /// data says.
    Either,
}

/// A vehicle named by a clause ("AB 41", "AS 42 aa", "Autocannone da 65/17").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VehicleRef {
    /// The name as printed.
    pub raw: String,
    /// Where it is.
    pub span: TextSpan,
    /// Index into the note title's vehicle list, filled in by `parse_notes`; `None` when
    /// parsed alone or when the name matches no vehicle of the title (a diagnostic says so).
    pub title_index: Option<usize>,
}

/// "RF is always .4 higher (1.6 maximum) than the corresponding ... RF of the L3/35."
#[derive(Debug, Clone, PartialEq)]
pub struct RelativeRf {
    /// What is added to the base vehicle's RF (taken away when `lower`).
    pub delta: PrintedRf,
    /// True for ".3 lower", "less .3", "reduced by .3".
    pub lower: bool,
    /// The cap on the result, if one is given.
    pub max: Option<PrintedRf>,
    /// The vehicle whose RF (for the same date and area) is the base.
    pub base_vehicle: VehicleRef,
    /// The months it holds in, when it gives them ("wherever the Sable was, from 1941 on, .1
    /// higher"): an open end; `None`: every month of the base's.
    pub within: Option<EntryWhen>,
}

/// An optional weapon's availability and RF.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionalWeapon {
    /// The weapon ("AAMG").
    pub weapon: Spanned<String>,
    /// A parenthetical naming the version that has it ("i.e., the Furgone version").
    pub version: Option<Spanned<String>>,
    /// Its RF.
    pub rf: PrintedRf,
    /// When and where it may be taken.
    pub available: WeaponAvailability,
}

/// When an optional weapon may be taken.
#[derive(Debug, Clone, PartialEq)]
pub enum WeaponAvailability {
    /// "is always available".
    Always,
    /// "available only for 1942-43 scenarios set in North Africa".
    Only {
        /// The months.
        period: PrintedPeriod,
        /// The area.
        area: Area,
    },
}

/// A misprint the parser read through, and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisprintAt {
    /// What kind of misprint.
    pub kind: Misprint,
    /// The offending text.
    pub span: TextSpan,
}

/// Misprints whose intended reading is certain; each yields a warning, not an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misprint {
    /// A space inside a number or after a hyphen ("5/4 1-9/43", "3-1 1/41", "12/41- 8/42").
    StraySpace,
    /// A full stop after an RF inside its parenthesis ("(1.6.)").
    StrayPoint,
    /// A comma between a period and its RF ("6/40-6/41, (1.5)").
    StrayComma,
    /// No comma (or full stop) between two entries or sections ("(1.4) 10-11/42").
    MissingComma,
    /// A parenthesis opened and never closed, or closed and never opened.
    UnbalancedParen,
    /// The letter "I" printed for the digit "1" ("I.4").
    LetterForDigit,
    /// A hyphen printed for a decimal point in an RF ("1-6").
    HyphenForPoint,
}
