//! The listing parser against the real Italian listing, and against damaged copies of it.

use qm_parser::{parse_listing, Cell, FileId, Listing, ListingRow, Parsed, Source};
use qm_schema::{
    AmmoKind, BarrelLength, GroundPressure, IfMark, Mount, NoteRef, PassengerUnit, Sign, Tenths,
    TurretType, VehicleTypeCode, Weapon, YearMonth,
};

const LISTING: &str = include_str!("../../data-src/ita/listing.tsv");

fn parse(text: &str) -> Parsed<Listing> {
    parse_listing(&Source::new(FileId(7), "ita/listing.tsv", text))
}

/// Every cell of a row as `(raw, dagger, value)` text, in column order; spans left out.
fn values(row: &ListingRow) -> Vec<String> {
    fn one<T: std::fmt::Debug>(c: &Cell<T>) -> String {
        format!("{:?} {} {:?}", c.raw, c.dagger, c.value)
    }
    fn opt<T: std::fmt::Debug>(c: &Option<Cell<T>>) -> String {
        c.as_ref().map_or_else(|| "-".to_owned(), one)
    }
    let mut out = vec![
        row.line.to_string(),
        one(&row.name),
        opt(&row.radioless),
        opt(&row.weight),
        opt(&row.vehicle_type),
        opt(&row.bpv),
        opt(&row.rf),
        opt(&row.dates),
        opt(&row.size),
        opt(&row.armor),
        opt(&row.target_aspect),
        opt(&row.open_top),
        opt(&row.crew_survival),
        opt(&row.mp),
        opt(&row.ground_pressure),
        opt(&row.turret),
        opt(&row.main_armament),
        opt(&row.rof),
        opt(&row.breakdown),
        opt(&row.if_mark),
        opt(&row.mg_bow),
        opt(&row.mg_coax),
        opt(&row.mg_aa),
        opt(&row.secondary),
        opt(&row.ammo),
        opt(&row.capacity),
    ];
    out.extend(row.note_refs.iter().map(one));
    out
}

/// Every cell of a row, whatever its type, as `(is_error, span)`.
fn cells(row: &ListingRow) -> Vec<(bool, std::ops::Range<usize>)> {
    fn one<T>(c: &Cell<T>) -> (bool, std::ops::Range<usize>) {
        (c.is_error(), c.span.range.clone())
    }
    let mut out = vec![one(&row.name)];
    macro_rules! opt {
        ($($f:ident),*) => { $( if let Some(c) = &row.$f { out.push(one(c)); } )* };
    }
    opt!(
        radioless,
        weight,
        vehicle_type,
        bpv,
        rf,
        dates,
        size,
        armor,
        target_aspect,
        open_top,
        crew_survival,
        mp,
        ground_pressure,
        turret,
        main_armament,
        rof,
        breakdown,
        if_mark,
        mg_bow,
        mg_coax,
        mg_aa,
        secondary,
        ammo,
        capacity
    );
    out.extend(row.note_refs.iter().map(one));
    out
}

fn ym(month: u8, year: u16) -> YearMonth {
    YearMonth { year, month }
}

/// The value of a cell that must be present and valid.
fn v<T>(c: &Option<Cell<T>>) -> &T {
    c.as_ref().and_then(Cell::get).expect("a valid value")
}

fn dagger<T>(c: &Option<Cell<T>>) -> bool {
    c.as_ref().expect("a cell").dagger
}

fn refs(row: &ListingRow) -> Vec<String> {
    row.note_refs
        .iter()
        .map(|c| match c.get() {
            Some(NoteRef::Vehicle(n)) => format!("{n}{}", if c.dagger { "†" } else { "" }),
            Some(other) => other.label(),
            None => "?".into(),
        })
        .collect()
}

mod real_listing {
    use super::*;

    fn rows() -> Vec<ListingRow> {
        let parsed = parse(LISTING);
        assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
        parsed.value.rows
    }

    fn row<'a>(rows: &'a [ListingRow], name: &str, nth: usize) -> &'a ListingRow {
        rows.iter()
            .filter(|r| r.name.raw == name)
            .nth(nth)
            .unwrap_or_else(|| panic!("no row {name} #{nth}"))
    }

    #[test]
    fn has_41_rows_two_header_blocks_and_no_diagnostics() {
        let parsed = parse(LISTING);
        assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
        let listing = parsed.value;
        // 41: the published table runs to its last line (Autocarro P (Hvy)), which has no
        // final newline.
        assert_eq!(listing.rows.len(), 41);
        assert_eq!(listing.rows[40].name.raw, "Autocarro P (Hvy)");
        assert_eq!(listing.headers.len(), 2);
        assert_eq!(listing.headers[0].columns.len(), 26);
        assert_eq!(listing.headers[0].columns[14], "T");
        assert_eq!(listing.headers[1].columns[14], "Tur");
        assert_eq!(listing.headers[1].columns[24], "PP");
        assert_eq!(listing.rows[0].line, 3);
        assert_eq!(listing.rows[34].name.raw, "TM 40");
        assert_eq!(listing.rows[34].line, 40);
        for r in &listing.rows {
            for (is_error, span) in cells(r) {
                assert!(!is_error, "line {}: error cell at {span:?}", r.line);
                assert!(LISTING.get(span).is_some());
            }
            assert!(r.name.get().is_some());
            assert!(r.vehicle_type.is_some() && r.bpv.is_some() && r.dates.is_some());
        }
    }

    #[test]
    fn tankettes() {
        let rows = rows();
        let l5 = row(&rows, "L5 / 21", 0);
        assert_eq!(v(&l5.radioless).number, None);
        assert_eq!(v(&l5.weight), &Tenths(55));
        assert_eq!(v(&l5.vehicle_type), &VehicleTypeCode::new("Tt"));
        assert_eq!(v(&l5.bpv), &19);
        assert_eq!(v(&l5.rf).as_single(), Some(Tenths(15)));
        assert_eq!(v(&l5.dates).from, ym(1, 1923));
        assert_eq!(v(&l5.dates).to, ym(7, 1943));
        assert!(dagger(&l5.dates));
        assert_eq!(l5.dates.as_ref().unwrap().raw, "23-7/43†");
        assert_eq!(v(&l5.size), &1);
        assert_eq!(v(&l5.armor).factors().collect::<Vec<_>>(), [-4]);
        assert_eq!(v(&l5.crew_survival).text(), "2");
        assert_eq!(v(&l5.mp), &8);
        assert_eq!(v(&l5.ground_pressure), &GroundPressure::Low);
        assert_eq!(v(&l5.turret).types, [TurretType::OneManTurret]);
        let ma = v(&l5.main_armament);
        assert_eq!(
            (ma.mount, &ma.weapon),
            (Some(Mount::Coaxial), &Weapon::MachineGun)
        );
        assert!(dagger(&l5.main_armament));
        assert_eq!(v(&l5.breakdown).number, 11);
        assert_eq!(v(&l5.mg_coax).weapons[0].fp, 4);
        assert!(l5.mg_bow.is_none() && l5.capacity.is_none());
        assert_eq!(refs(l5), ["1", "A"]);

        let second = row(&rows, "L5 / 21", 1);
        assert_eq!(v(&second.dates).from, ym(1, 1930));
        assert_eq!(
            v(&second.main_armament).weapon,
            Weapon::Gun {
                caliber_mm: 37,
                caliber_decimal: None,
                length: BarrelLength::Normal
            }
        );

        let l3 = row(&rows, "L3 / 35", 0);
        let rf = v(&l3.rf);
        assert_eq!((rf.lower, rf.upper), (Tenths(9), Tenths(16)));
        assert!(dagger(&l3.rf));
        assert_eq!(v(&l3.dates).from, ym(1, 1934));
        assert_eq!(v(&l3.dates).to, ym(5, 1945));
        assert_eq!(v(&l3.armor).factors().collect::<Vec<_>>(), [-4, -5]);
        assert_eq!(v(&l3.size), &2);
        assert_eq!(v(&l3.main_armament).mount, Some(Mount::Bow));
        assert_eq!(refs(l3), ["2", "A", "B", "E", "N", "R"]);
        assert!(l3.capacity.is_none());

        let aa = row(&rows, "L3 aa", 0);
        assert_eq!(v(&aa.main_armament).mount, None);
        assert_eq!(v(&aa.main_armament).weapon, Weapon::MachineGun);
        assert!(dagger(&aa.breakdown));
        assert_eq!(v(&aa.secondary).weapon, Weapon::Firepower { fp: 2 });
        assert!(!v(&aa.secondary).optional && dagger(&aa.secondary));

        let cc = row(&rows, "L3 cc", 0);
        assert_eq!(
            v(&cc.main_armament).weapon,
            Weapon::Gun {
                caliber_mm: 20,
                caliber_decimal: None,
                length: BarrelLength::Long
            }
        );
        assert_eq!(v(&cc.dates).from, ym(6, 1940));
        assert_eq!(v(&cc.dates).to, ym(2, 1941));

        let lf = row(&rows, "L3 Lf", 0);
        assert_eq!(v(&lf.vehicle_type), &VehicleTypeCode::new("Ttv"));
        assert_eq!(
            v(&lf.main_armament).weapon,
            Weapon::Flamethrower { rating: 32 }
        );
        assert_eq!(v(&lf.breakdown).letters, ["B", "X"]);
        assert_eq!(v(&lf.breakdown).number, 11);
        assert!(dagger(&lf.breakdown));
        assert_eq!(v(&lf.dates).from, ym(1, 1936));
        assert_eq!(v(&lf.dates).to, ym(12, 1941));
        assert_eq!(v(&lf.mg_coax).weapons[0].fp, 2);
    }

    #[test]
    fn tanks_and_assault_guns() {
        let rows = rows();
        let l6 = row(&rows, "L6 / 40", 0);
        assert!(l6.radioless.is_none());
        let rf = v(&l6.rf);
        // Printed high-to-low ("1.6-1.3†"): read as 1.3 to 1.6, the text kept as printed.
        assert_eq!((rf.lower, rf.upper), (Tenths(13), Tenths(16)));
        assert_eq!(l6.rf.as_ref().map(|c| c.raw.as_str()), Some("1.6-1.3†"));
        assert_eq!(v(&l6.target_aspect).parts[0].sign, Some(Sign::Plus));
        assert_eq!(v(&l6.rof).paren, Some(4));
        assert_eq!(v(&l6.vehicle_type), &VehicleTypeCode::new("LT"));

        let m13 = row(&rows, "M13 / 40", 0);
        assert_eq!(v(&m13.radioless).number, None);
        assert!(dagger(&m13.radioless));
        assert_eq!(v(&m13.weight), &Tenths(140));
        assert_eq!(v(&m13.size), &0);
        assert_eq!(v(&m13.turret).types, [TurretType::SlowTurret]);
        assert!(v(&m13.secondary).optional);
        assert_eq!(v(&m13.dates).from, ym(12, 1940));

        let m15 = row(&rows, "M15 / 42", 0);
        assert_eq!(
            v(&m15.main_armament).weapon,
            Weapon::Gun {
                caliber_mm: 47,
                caliber_decimal: None,
                length: BarrelLength::Long
            }
        );

        let mr35 = row(&rows, "MR35(f)", 0);
        assert_eq!(v(&mr35.target_aspect).parts[0].groups, ["FS", "R"]);
        assert!(v(&mr35.main_armament).limited_ammo);
        let sa = mr35.secondary.as_ref().unwrap();
        assert!(sa.dagger && sa.value == Ok(None));
        assert_eq!(refs(mr35), ["11", "I"]);

        let m40 = row(&rows, "SMV M40 75/18", 0);
        assert_eq!(v(&m40.dates).from, ym(1, 1942));
        assert_eq!(v(&m40.dates).to, ym(11, 1942));
        assert_eq!(v(&m40.turret).types, [TurretType::NonTurreted]);
        assert_eq!(v(&m40.ammo).entries[0].kind, AmmoKind::Heat);
        assert!(dagger(&m40.ammo) && dagger(&m40.secondary));

        let m42 = row(&rows, "SMV M42 75/32", 0);
        assert_eq!(refs(m42), ["13†", "C"]);
        assert_eq!(m42.note_refs[0].raw, "13†");
        assert!(!dagger(&m42.ammo));

        let m43 = row(&rows, "SMV M43 105/25", 0);
        assert_eq!(v(&m43.armor).factors().collect::<Vec<_>>(), [1, -2]);
        assert_eq!(v(&m43.target_aspect).parts[0].groups, ["SR"]);
        assert_eq!(v(&m43.if_mark), &IfMark::Diamond);
        assert!(dagger(&m43.if_mark));

        let l40 = row(&rows, "SMV L40 47/32", 0);
        assert_eq!(v(&l40.open_top), &true);
        assert!(dagger(&l40.open_top));
        assert_eq!(v(&l40.weight), &Tenths(65));

        let m41m = row(&rows, "SMV M41M 90/53", 0);
        assert_eq!(v(&m41m.armor).factors().collect::<Vec<_>>(), [-2, -2]);
        assert!(v(&m41m.armor).trailing_slash);
        assert_eq!(v(&m41m.ammo).entries[0].kind, AmmoKind::He);
    }

    #[test]
    fn cars_and_trucks() {
        let rows = rows();
        let as42 = row(&rows, "AS 42", 0);
        assert_eq!(v(&as42.vehicle_type), &VehicleTypeCode::new("SC"));
        assert!(dagger(&as42.vehicle_type) && dagger(&as42.mp));
        assert_eq!(v(&as42.mp), &34);
        assert_eq!(v(&as42.main_armament).mount, Some(Mount::AntiAircraft));
        let cap = v(&as42.capacity);
        assert_eq!(
            (cap.passengers(), cap.pp()),
            (Some((1, PassengerUnit::C)), Some(9))
        );
        assert!(!dagger(&as42.capacity));
        assert_eq!(refs(as42), ["17", "L", "M", "N"]);

        let as42aa = row(&rows, "AS 42 aa", 0);
        assert_eq!(refs(as42aa), ["17", "G", "L", "M", "N", "AA"]);
        assert!(as42aa.capacity.is_none());

        let cc = row(&rows, "AS 42 cc", 0);
        assert!(dagger(&cc.capacity));
        assert_eq!(cc.capacity.as_ref().unwrap().raw, "†1C/5PP");
        assert_eq!(v(&cc.capacity).pp(), Some(5));
        assert!(v(&cc.capacity).leading_dagger);
        assert_eq!(refs(cc), ["17", "G", "J", "L", "M", "N"]);

        let lince = row(&rows, "Lince", 0);
        assert_eq!(v(&lince.target_aspect).parts[0].sign, Some(Sign::Minus));
        assert_eq!(v(&lince.armor).factors().collect::<Vec<_>>(), [-1, -4]);

        let lancia = row(&rows, "Lancia 1ZM", 0);
        assert_eq!(v(&lancia.dates).from, ym(1, 1917));
        assert_eq!(v(&lancia.dates).to, ym(6, 1941));
        assert_eq!(v(&lancia.ground_pressure), &GroundPressure::High);
        let rear = &v(&lancia.mg_bow).weapons;
        assert_eq!(
            (rear.len(), rear[0].mount, rear[0].fp),
            (1, Some(Mount::Rear), 4)
        );

        let f611a = row(&rows, "Fiat 611A", 0);
        let mgs = &v(&f611a.mg_coax).weapons;
        assert_eq!((mgs[0].fp, mgs[0].mount), (8, None));
        assert_eq!((mgs[1].fp, mgs[1].mount), (2, Some(Mount::Rear)));
        assert_eq!(v(&f611a.rof).rof, 2);

        let ab40 = row(&rows, "AB 40", 0);
        assert_eq!(v(&ab40.dates).from, ym(1, 1941));
        assert_eq!(v(&ab40.dates).to, ym(12, 1941));

        let s37 = row(&rows, "Autoprot S37", 0);
        assert!(!dagger(&s37.open_top));
        assert_eq!(v(&s37.capacity).passengers(), Some((1, PassengerUnit::S)));

        let a20 = row(&rows, "Autocann 20/65(b)", 0);
        assert_eq!(v(&a20.vehicle_type), &VehicleTypeCode::new("AAtr"));
        assert_eq!(v(&a20.rf).as_single(), Some(Tenths(16)));
        assert!(dagger(&a20.rf));

        let a75 = row(&rows, "Autocann 75/27", 0);
        assert_eq!(v(&a75.ammo).entries[0].kind, AmmoKind::Ap);
        assert_eq!(v(&a75.dates).from, ym(1, 1928));

        let f508 = row(&rows, "Fiat 508 MC", 0);
        let gp = f508.ground_pressure.as_ref().unwrap();
        assert!(gp.dagger && gp.value == Ok(None));
        assert_eq!(v(&f508.secondary).weapon, Weapon::Firepower { fp: 6 });
        assert!(dagger(&f508.crew_survival));

        let m = row(&rows, "Autocarro M", 0);
        assert_eq!(v(&m.vehicle_type), &VehicleTypeCode::new("tr"));
        let cap = v(&m.capacity);
        assert_eq!(
            (cap.passengers(), cap.pp()),
            (Some((2, PassengerUnit::S)), Some(9))
        );
    }

    #[test]
    fn crlf_and_bom_read_the_same() {
        let plain = parse(LISTING);
        let crlf = LISTING.replace('\n', "\r\n");
        let variants = [
            crlf.clone(),
            format!("\u{feff}{LISTING}"),
            format!("\u{feff}{crlf}"),
        ];
        for text in variants {
            let source = Source::new(FileId(7), "ita/listing.tsv", text.as_str());
            let other = parse_listing(&source);
            assert!(other.diagnostics.is_empty());
            assert_eq!(other.value.rows.len(), plain.value.rows.len());
            for (a, b) in plain.value.rows.iter().zip(&other.value.rows) {
                assert_eq!(values(a), values(b));
                // The span still finds the published text of the cell.
                let original = source.original_range(b.name.span.range.clone());
                assert_eq!(source.original[original].trim(), b.name.raw);
            }
        }
    }
}

mod robustness {
    use super::*;

    /// A small deterministic PRNG (xorshift64*), so failures reproduce without new deps.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    /// How many rows the text must yield: every non-blank line but the header lines.
    fn expected_rows(text: &str) -> usize {
        text.split('\n')
            .filter(|line| !line.trim().is_empty())
            .filter(|line| line.split('\t').next().map(str::trim) != Some("NAME"))
            .filter(|line| {
                if line
                    .split('\t')
                    .next()
                    .is_some_and(|name| !name.trim().is_empty())
                {
                    return true;
                }
                let names: Vec<&str> = line
                    .split('\t')
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .collect();
                names.is_empty() || !names.iter().all(|n| matches!(*n, "B" | "C" | "AA"))
            })
            .count()
    }

    fn check(text: &str) {
        let source = Source::new(FileId(0), "t", text);
        let parsed = parse_listing(&source);
        assert_eq!(
            parsed.value.rows.len(),
            expected_rows(&source.text),
            "{text:?}"
        );
        for r in &parsed.value.rows {
            for (is_error, span) in cells(r) {
                assert!(source.text.get(span.clone()).is_some(), "{span:?}");
                // Every error value comes with an error diagnostic.
                assert!(!is_error || parsed.has_errors());
            }
        }
        for d in &parsed.diagnostics {
            let span = d.span.as_ref().map_or(0..0, |s| s.range.clone());
            assert!(source.text.get(span).is_some());
            assert!(!d.label.is_empty() && d.help.is_some(), "{d:?}");
        }
    }

    #[test]
    fn every_prefix_of_the_listing() {
        for (i, _) in LISTING.char_indices() {
            check(&LISTING[..i]);
        }
    }

    #[test]
    fn random_byte_mutations() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let interesting: &[&[u8]] = &[
            b"\t",
            b"\n",
            b"\r\n",
            b" ",
            "†".as_bytes(),
            "®".as_bytes(),
            b"/",
            b"-",
            b"NAME",
            b"999999999999",
            b"\xff",
            b"\xe2\x80",
            b"B\tC\tAA",
        ];
        for _ in 0..400 {
            let mut bytes = LISTING.as_bytes().to_vec();
            for _ in 0..1 + rng.below(20) {
                let at = rng.below(bytes.len());
                match rng.below(4) {
                    0 => bytes[at] = rng.next() as u8,
                    1 => {
                        bytes.remove(at);
                    }
                    2 => {
                        let piece = interesting[rng.below(interesting.len())];
                        bytes.splice(at..at, piece.iter().copied());
                    }
                    _ => {
                        let len = rng.below(64).min(bytes.len() - at);
                        bytes.drain(at..at + len);
                    }
                }
                if bytes.is_empty() {
                    break;
                }
            }
            check(&String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn huge_cells_stay_linear() {
        let header = LISTING.lines().take(2).collect::<Vec<_>>().join("\n");
        let big = "9".repeat(1 << 20);
        let garbage = "é†/".repeat(1 << 18);
        let refs = "17 † ".repeat(1 << 17);
        let mut row: Vec<&str> = vec![""; 26];
        row[0] = &garbage;
        for cell in row.iter_mut().take(24).skip(1) {
            *cell = &big;
        }
        row[24] = &refs;
        let text = format!("{header}\n{}\n{}\n", row.join("\t"), "\t".repeat(1 << 20));
        check(&text);
        let tabs_only_name = format!("{header}\nX{}\n", "\t†".repeat(1 << 18));
        check(&tabs_only_name);
    }
}

mod other_nations {
    use super::*;

    /// The real header with one row per capacity cell: name, type, BPV, RF, DATES and
    /// `# / PP` (the capacity and the notes merged, as the publications print them).
    fn listing(rows: &[(&str, &str)]) -> (String, Parsed<Listing>) {
        let header = LISTING.lines().take(2).collect::<Vec<_>>().join("\n");
        let body: Vec<String> = rows
            .iter()
            .map(|(name, capacity)| {
                let mut cells = vec![""; 26];
                cells[0] = name;
                cells[3] = "tr";
                cells[4] = "20";
                cells[5] = "1.4-1.2†";
                cells[6] = "41-5/45";
                cells[24] = capacity;
                cells.join("\t")
            })
            .collect();
        let text = format!("{header}\n{}\n", body.join("\n"));
        let parsed = parse(&text);
        (text, parsed)
    }

    #[test]
    fn capacities_of_every_form_read() {
        let (_, parsed) = listing(&[
            ("Sdkfz 251/1", "1C/9PP 17 N"),
            ("Kfz 1", "4PP"),
            ("Opel Blitz", "21PP 3"),
            ("SdKfz 7", "4PP/T10"),
            ("Kettenkrad", "1PP† 2"),
            ("Bren Carrier", "†1C/5PP A"),
        ]);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let got: Vec<(String, bool, String, usize)> = parsed
            .value
            .rows
            .iter()
            .map(|r| {
                let c = r.capacity.as_ref().expect("a capacity cell");
                (
                    c.raw.clone(),
                    c.dagger,
                    c.get().expect("a value").text(),
                    r.note_refs.len(),
                )
            })
            .collect();
        let expected = [
            ("1C/9PP", false, "1C/9PP", 2),
            ("4PP", false, "4PP", 0),
            ("21PP", false, "21PP", 1),
            ("4PP/T10", false, "4PP/T10", 0),
            // The value prints each dagger where the listing prints it.
            ("1PP†", true, "1PP†", 1),
            ("†1C/5PP", true, "†1C/5PP", 1),
        ]
        .map(|(raw, dagger, text, refs)| (raw.to_string(), dagger, text.to_string(), refs));
        assert_eq!(got, expected);
        // "1.4-1.2†", as ASL-derived listings print ranges, reads as 1.2 to 1.4.
        let rf = v(&parsed.value.rows[0].rf);
        assert_eq!((rf.lower, rf.upper), (Tenths(12), Tenths(14)));
    }

    #[test]
    fn a_bad_capacity_is_an_error_value_and_the_row_is_kept() {
        let (text, parsed) = listing(&[
            ("Kfz 1", "4XX 3"),
            ("SdKfz 7", "4PP/4PP"),
            ("Opel Blitz", "1C/ 3"),
        ]);
        assert_eq!(parsed.value.rows.len(), 3);
        let got: Vec<(&str, &str, &str)> = parsed
            .diagnostics
            .iter()
            .map(|d| {
                let span = d.span.as_ref().expect("a span");
                (d.code, d.label.as_str(), &text[span.range.clone()])
            })
            .collect();
        assert_eq!(
            got,
            [
                ("listing::bad-cell", "not C, S, PP or T", "XX"),
                ("listing::bad-cell", "given twice", "4PP"),
                ("listing::bad-cell", "not a transport capacity", "1C/"),
            ]
        );
        for row in &parsed.value.rows {
            assert!(row.capacity.as_ref().expect("a capacity cell").is_error());
            assert!(row.name.get().is_some());
        }
        // The notes after a bad capacity are still read.
        assert_eq!(parsed.value.rows[0].note_refs.len(), 1);
        assert!(parsed.diagnostics[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("4PP/T10")));
    }
}
