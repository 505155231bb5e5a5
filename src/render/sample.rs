//! Eight rows of the Italian vehicle listing transcribed by hand into the IR, with the counter
//! notations their notes quote: fixtures for render tests and benchmarks that must not depend
//! on the parser or the notes resolver. Every value here is copied from
//! `data-src/ita/listing.tsv` or `notes.md`; nothing is made up.

use qm_schema::*;

/// A field whose raw text is `raw`; the dagger is read from it.
fn f<T>(value: T, raw: &str) -> Option<Field<T>> {
    Some(Field {
        value: Some(value),
        dagger: raw.contains('†'),
        raw: raw.to_string(),
        span: span(),
    })
}

fn req<T>(value: T, raw: &str) -> Field<T> {
    f(value, raw).expect("always some")
}

fn span() -> Span {
    Span {
        file: "ita/listing.tsv".into(),
        start: 0,
        end: 0,
        line: 1,
        col: 1,
    }
}

fn ym(year: u16, month: u8) -> YearMonth {
    YearMonth { year, month }
}

fn period(from: (u16, u8), to: (u16, u8)) -> Period {
    Period {
        from: ym(from.0, from.1),
        to: ym(to.0, to.1),
    }
}

fn rf(first: u32, second: Option<u32>) -> RfRange {
    RfRange {
        first: Tenths(first),
        second: second.map(Tenths),
    }
}

fn armor(factors: &[i8], raw: &str) -> Option<Field<Armor>> {
    f(
        Armor {
            factors: factors.to_vec(),
            trailing_slash: raw.trim_end_matches('†').ends_with('/'),
        },
        raw,
    )
}

fn gun(mount: Mount, caliber_mm: u16, length: BarrelLength, limited: bool) -> MainArmament {
    MainArmament {
        mount: Some(mount),
        weapon: Weapon::Gun { caliber_mm, length },
        limited_ammo: limited,
    }
}

fn mg(fp: Option<u8>, rear_fp: Option<u8>, raw: &str) -> Option<Field<MgFactor>> {
    f(MgFactor { fp, rear_fp }, raw)
}

fn notes(refs: &str) -> Vec<Field<NoteRef>> {
    refs.split_whitespace()
        .map(|r| {
            let bare = r.trim_end_matches('†');
            let value = match bare.parse::<u16>() {
                Ok(n) => NoteRef::Vehicle(n),
                Err(_) => NoteRef::Multi(bare.to_string()),
            };
            req(value, r)
        })
        .collect()
}

fn notation(text: &str, side: CounterSide, red: bool, note: &str) -> Notation {
    Notation {
        text: text.into(),
        side,
        red,
        note: note.into(),
        span: Span {
            file: "ita/notes.md".into(),
            ..span()
        },
    }
}

/// The common part of every row; the caller fills the rest.
fn base(
    name: &str,
    vehicle_type: VehicleType,
    type_raw: &str,
    bpv: u16,
    rf: (RfRange, &str),
    dates: (Period, &str),
) -> Vehicle {
    let norm = crate::resolve::names::normalize_name(name);
    Vehicle {
        id: crate::resolve::names::vehicle_id(&norm),
        name: norm,
        name_cell: req(name.to_string(), name),
        row: span(),
        radioless: None,
        weight: None,
        vehicle_type: req(vehicle_type, type_raw),
        bpv: req(bpv, &bpv.to_string()),
        dvp: Dvp {
            value: Dvp::of_bpv(bpv),
            variable: None,
        },
        rf: req(rf.0, rf.1),
        dates: req(dates.0, dates.1),
        size: None,
        armor: None,
        target_aspect: None,
        open_top: None,
        crew_survival: None,
        mp: None,
        ground_pressure: None,
        turret: None,
        main_armament: None,
        rof: None,
        breakdown: None,
        if_mark: None,
        mg_bow: None,
        mg_coax: None,
        mg_aa: None,
        secondary: None,
        ammo: None,
        capacity: None,
        note_refs: Vec::new(),
        availability: Vec::new(),
        radio: Vec::new(),
        fascist_only: Vec::new(),
        optional_armament: Vec::new(),
        heat_from: None,
        counter: Counter::default(),
    }
}

fn l3_aa() -> Vehicle {
    // L3 aa	®	3.5	Tt	18	1.3-1.6†	34-5/45	+2	-4 / -5			2	13	L		MG†		11†			2†		2†		3 C E F N R
    let mut v = base(
        "L3 aa",
        VehicleType::Tt,
        "Tt",
        18,
        (rf(13, Some(16)), "1.3-1.6†"),
        (period((1934, 1), (1945, 5)), "34-5/45"),
    );
    v.radioless = f(true, "®");
    v.weight = f(Tenths(35), "3.5");
    v.size = f(2, "+2");
    v.armor = armor(&[-4, -5], "-4 / -5");
    v.crew_survival = f(2, "2");
    v.mp = f(13, "13");
    v.ground_pressure = f(GroundPressure::Low, "L");
    v.main_armament = f(
        MainArmament {
            mount: None,
            weapon: Weapon::MachineGun,
            limited_ammo: false,
        },
        "MG†",
    );
    v.breakdown = f(
        BreakdownNumber {
            letters: vec![],
            number: 11,
        },
        "11†",
    );
    v.mg_coax = mg(Some(2), None, "2†");
    v.secondary = f(
        SecondaryArmament {
            optional: false,
            mount: None,
            value: 2,
        },
        "2†",
    );
    v.note_refs = notes("3 C E F N R");
    // Notes 3, C, E and F.
    v.counter.notations = vec![
        notation("BMG: CE FP NA", CounterSide::Back, false, "3"),
        notation("AAMG: VCA Only", CounterSide::Back, false, "3"),
        notation("CE/FP NA", CounterSide::Back, false, "E"),
        notation("*BMG HD FP ok", CounterSide::Back, false, "E"),
        notation("B11", CounterSide::Back, true, "F"),
    ];
    v.counter.back = v.counter.notations.iter().map(|n| n.text.clone()).collect();
    v
}

fn m13_40() -> Vehicle {
    // M13 / 40	®†	14	MT	34	1.0-1.6†	12/40-5/45†	0	-2			4	11		ST	T47					4	4	Opt2		8 B C N
    let mut v = base(
        "M13 / 40",
        VehicleType::MT,
        "MT",
        34,
        (rf(10, Some(16)), "1.0-1.6†"),
        (period((1940, 12), (1945, 5)), "12/40-5/45†"),
    );
    v.radioless = f(true, "®†");
    v.weight = f(Tenths(140), "14");
    v.size = f(0, "0");
    v.armor = armor(&[-2], "-2");
    v.crew_survival = f(4, "4");
    v.mp = f(11, "11");
    v.turret = f(TurretType::SlowTurret, "ST");
    v.main_armament = f(gun(Mount::Turret, 47, BarrelLength::Normal, false), "T47");
    v.mg_coax = mg(Some(4), None, "4");
    v.mg_aa = mg(Some(4), None, "4");
    v.secondary = f(
        SecondaryArmament {
            optional: true,
            mount: None,
            value: 2,
        },
        "Opt2",
    );
    v.note_refs = notes("8 B C N");
    v
}

fn smv_m40() -> Vehicle {
    // SMV M40 75/18		14	AG	35	1.4	1-11/42	+1	-2	+F		3	11		NT	B75*							Opt2†	H7†	12 C F H N
    let mut v = base(
        "SMV M40 75/18",
        VehicleType::AG,
        "AG",
        35,
        (rf(14, None), "1.4"),
        (period((1942, 1), (1942, 11)), "1-11/42"),
    );
    v.weight = f(Tenths(140), "14");
    v.size = f(1, "+1");
    v.armor = armor(&[-2], "-2");
    v.target_aspect = f(
        TargetAspect {
            sign: Sign::Plus,
            groups: vec!["F".into()],
        },
        "+F",
    );
    v.crew_survival = f(3, "3");
    v.mp = f(11, "11");
    v.turret = f(TurretType::NonTurreted, "NT");
    v.main_armament = f(gun(Mount::Bow, 75, BarrelLength::Normal, true), "B75*");
    v.secondary = f(
        SecondaryArmament {
            optional: true,
            mount: None,
            value: 2,
        },
        "Opt2†",
    );
    v.ammo = f(
        SpecialAmmo {
            kind: AmmoKind::Heat,
            depletion: 7,
        },
        "H7†",
    );
    v.note_refs = notes("12 C F H N");
    v.counter.notations = vec![
        notation("AAMG: VCA Only", CounterSide::Back, false, "C"),
        notation("B11", CounterSide::Back, true, "F"),
    ];
    v.counter.back = v.counter.notations.iter().map(|n| n.text.clone()).collect();
    v
}

fn smv_m41m() -> Vehicle {
    // SMV M41M 90/53		16	TD	32	1.3-1.6†	7-8/43†	+1	-2/-2/	+F	●†	5	10		NT	B90L†								HE7	16 D
    let mut v = base(
        "SMV M41M 90/53",
        VehicleType::TD,
        "TD",
        32,
        (rf(13, Some(16)), "1.3-1.6†"),
        (period((1943, 7), (1943, 8)), "7-8/43†"),
    );
    v.weight = f(Tenths(160), "16");
    v.size = f(1, "+1");
    v.armor = armor(&[-2, -2], "-2/-2/");
    v.target_aspect = f(
        TargetAspect {
            sign: Sign::Plus,
            groups: vec!["F".into()],
        },
        "+F",
    );
    v.open_top = f(true, "●†");
    v.crew_survival = f(5, "5");
    v.mp = f(10, "10");
    v.turret = f(TurretType::NonTurreted, "NT");
    v.main_armament = f(gun(Mount::Bow, 90, BarrelLength::Long, false), "B90L†");
    v.ammo = f(
        SpecialAmmo {
            kind: AmmoKind::He,
            depletion: 7,
        },
        "HE7",
    );
    v.note_refs = notes("16 D");
    v
}

fn fiat_611a() -> Vehicle {
    // Fiat 611A	®	7	AC	25	1.5-1.6†	35-6/41†	-1	-5	+F		5	12†	H	ST	CMG†	2	11†		R4†	8R2				20 A F M
    let mut v = base(
        "Fiat 611A",
        VehicleType::AC,
        "AC",
        25,
        (rf(15, Some(16)), "1.5-1.6†"),
        (period((1935, 1), (1941, 6)), "35-6/41†"),
    );
    v.radioless = f(true, "®");
    v.weight = f(Tenths(70), "7");
    v.size = f(-1, "-1");
    v.armor = armor(&[-5], "-5");
    v.target_aspect = f(
        TargetAspect {
            sign: Sign::Plus,
            groups: vec!["F".into()],
        },
        "+F",
    );
    v.crew_survival = f(5, "5");
    v.mp = f(12, "12†");
    v.ground_pressure = f(GroundPressure::High, "H");
    v.turret = f(TurretType::SlowTurret, "ST");
    v.main_armament = f(
        MainArmament {
            mount: Some(Mount::Coaxial),
            weapon: Weapon::MachineGun,
            limited_ammo: false,
        },
        "CMG†",
    );
    v.rof = f(
        RateOfFire {
            rof: 2,
            paren: None,
        },
        "2",
    );
    v.breakdown = f(
        BreakdownNumber {
            letters: vec![],
            number: 11,
        },
        "11†",
    );
    v.mg_bow = mg(None, Some(4), "R4†");
    v.mg_coax = mg(Some(8), Some(2), "8R2");
    v.note_refs = notes("20 A F M");
    v.counter.notations = vec![
        notation("*2 TK DR", CounterSide::Wreck, false, "A"),
        notation("B11", CounterSide::Back, true, "F"),
        notation("*REVx3", CounterSide::Back, false, "M"),
    ];
    v.counter.back = v.counter.notations.iter().map(|n| n.text.clone()).collect();
    v
}

fn autocann_65_17() -> Vehicle {
    // Autocann 65/17(b)		3	SPAtr	30	1.5-1.6†	11/41-5/43	+1				4	23		T	T65*†		11					Opt2†	H7†	23 G H N
    let mut v = base(
        "Autocann 65/17(b)",
        VehicleType::SPAtr,
        "SPAtr",
        30,
        (rf(15, Some(16)), "1.5-1.6†"),
        (period((1941, 11), (1943, 5)), "11/41-5/43"),
    );
    v.weight = f(Tenths(30), "3");
    v.size = f(1, "+1");
    v.crew_survival = f(4, "4");
    v.mp = f(23, "23");
    v.turret = f(TurretType::Turret, "T");
    v.main_armament = f(gun(Mount::Turret, 65, BarrelLength::Normal, true), "T65*†");
    v.breakdown = f(
        BreakdownNumber {
            letters: vec![],
            number: 11,
        },
        "11",
    );
    v.secondary = f(
        SecondaryArmament {
            optional: true,
            mount: None,
            value: 2,
        },
        "Opt2†",
    );
    v.ammo = f(
        SpecialAmmo {
            kind: AmmoKind::Heat,
            depletion: 7,
        },
        "H7†",
    );
    v.note_refs = notes("23 G H N");
    v
}

#[expect(
    clippy::too_many_arguments,
    reason = "one argument per listing column, in the row's order"
)]
fn truck(
    name: &str,
    weight: u32,
    bpv: u16,
    from_year: u16,
    size: i8,
    cs: u8,
    mp: u8,
    capacity: (u8, u16, &str),
) -> Vehicle {
    let mut v = base(
        name,
        VehicleType::Tr,
        "tr",
        bpv,
        (rf(13, Some(16)), "1.3-1.6†"),
        (
            period((from_year, 1), (1945, 5)),
            &format!("{}-5/45†", from_year % 100),
        ),
    );
    v.weight = f(Tenths(weight), &Tenths(weight).to_string());
    v.size = f(
        size,
        &if size > 0 {
            format!("+{size}")
        } else {
            size.to_string()
        },
    );
    v.crew_survival = f(cs, &cs.to_string());
    v.mp = f(mp, &mp.to_string());
    v.capacity = f(
        Capacity {
            passengers: capacity.0,
            unit: PassengerUnit::S,
            pp: capacity.1,
        },
        capacity.2,
    );
    v.note_refs = notes("28 N R");
    v
}

/// A nation holding the sample rows, in listing order.
pub fn sample_nation() -> Nation {
    // Autocarro M		7.5	tr	14	1.3-1.6†	30-5/45†	0				7	18	...	2S/9PP 28 N R
    let autocarro_m = truck("Autocarro M", 75, 14, 1930, 0, 7, 18, (2, 9, "2S/9PP"));
    // Autocarro P (Hvy)	11	tr	15	1.3-1.6†	33-5/45†	-1				7	15	H	...	3S/13PP 28 N R
    let mut autocarro_p = truck(
        "Autocarro P (Hvy)",
        110,
        15,
        1933,
        -1,
        7,
        15,
        (3, 13, "3S/13PP"),
    );
    autocarro_p.ground_pressure = f(GroundPressure::High, "H");
    Nation {
        schema_version: SCHEMA_VERSION,
        id: "ita".into(),
        name: "Italian".into(),
        axis: true,
        publication: None,
        sources: vec!["ita/listing.tsv".into()],
        errata: Vec::new(),
        acceptances: Vec::new(),
        vehicles: vec![
            l3_aa(),
            m13_40(),
            smv_m40(),
            smv_m41m(),
            fiat_611a(),
            autocann_65_17(),
            autocarro_m,
            autocarro_p,
        ],
        notes: Vec::new(),
        multi_notes: Vec::new(),
        infantry: Infantry::default(),
        national_rules: Vec::new(),
    }
}
