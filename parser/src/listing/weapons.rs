//! The grammars of the MA and SA columns: a mount, a weapon and its marks (`T75L*`, `R76*`,
//! `T12.7`, `TATR`, `BF24`, `Opt BATR`, `45L×2`).

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, satisfy, space0};
use nom::combinator::{map, opt, success, value};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use qm_schema::{BarrelLength, MainArmament, Mount, SecondaryArmament, Weapon};

use crate::listing::cells::{run, uint, Problem};

/// A mount letter: `AA`, `B`, `T`, `C`, `R` (rear) or `S` (sponson).
fn mount(i: &str) -> IResult<&str, Mount> {
    alt((
        value(Mount::AntiAircraft, tag("AA")),
        value(Mount::Bow, char('B')),
        value(Mount::Turret, char('T')),
        value(Mount::Coaxial, char('C')),
        value(Mount::Rear, char('R')),
        value(Mount::Sponson, char('S')),
    ))
    .parse(i)
}

/// A weapon without its mount: `MG`, `F32`, `ATR`, `BAZ`, `PIAT`, `DC[16]`, or a gun: a caliber (maybe
/// with one decimal, `12.7`) and its length letters.
fn weapon(i: &str) -> IResult<&str, Weapon> {
    let length = alt((
        value(BarrelLength::VeryLong, tag("LL")),
        value(BarrelLength::Long, tag("L")),
        success(BarrelLength::Normal),
    ));
    let decimal = opt(preceded(
        char('.'),
        map(satisfy(|c| c.is_ascii_digit()), |c| c as u8 - b'0'),
    ));
    alt((
        value(Weapon::MachineGun, tag("MG")),
        value(Weapon::AntiTankRifle, tag("ATR")),
        value(Weapon::Bazooka, tag("BAZ")),
        value(Weapon::Piat, tag("PIAT")),
        map(
            preceded(tag("DC"), opt(delimited(char('['), uint::<u16>, char(']')))),
            |bracketed| Weapon::DemolitionCharge { bracketed },
        ),
        map(preceded(char('F'), uint::<u16>), |rating| {
            Weapon::Flamethrower { rating }
        }),
        map(
            (uint::<u16>, decimal, length),
            |(caliber_mm, caliber_decimal, length)| Weapon::Gun {
                caliber_mm,
                caliber_decimal,
                length,
            },
        ),
    ))
    .parse(i)
}

/// A mount and a weapon; the mount is optional, and a weapon whose letters start like a mount
/// (`BAZ`) is read without one when the mount reading fails.
fn mounted(i: &str) -> IResult<&str, (Option<Mount>, Weapon)> {
    alt(((map(mount, Some), weapon), (success(None), weapon))).parse(i)
}

/// MA: an optional mount, the weapon, an optional `*` (limited ammunition).
pub(crate) fn main_armament(text: &str) -> Result<MainArmament, Problem> {
    run(
        text,
        map((mounted, opt(char('*'))), |((mount, weapon), star)| {
            MainArmament {
                mount,
                weapon,
                limited_ammo: star.is_some(),
                caliber_marks: Vec::new(),
            }
        }),
    )
}

/// SA: `Opt` (optional, a space after it allowed), a `*` before the mount or after the
/// caliber (limited ammunition), a mount, the weapon, `×` and a count (`45L×2`). A bare number
/// (`2`, `Opt2`) is a firepower, as the MG columns print it.
pub(crate) fn secondary(text: &str) -> Result<SecondaryArmament, Problem> {
    let bare = map((uint::<u16>, nom::combinator::eof), |(fp, _)| {
        (None, Weapon::Firepower { fp })
    });
    run(
        text,
        map(
            (
                opt((tag("Opt"), space0)),
                opt(char('*')),
                alt((bare, mounted)),
                opt(char('*')),
                opt(preceded(char('×'), uint::<u8>)),
            ),
            |(optional, star_before, (mount, weapon), star_after, count)| SecondaryArmament {
                spaced: optional.is_some_and(|(_, space): (&str, &str)| !space.is_empty()),
                optional: optional.is_some(),
                mount,
                weapon,
                star_first: star_before.is_some(),
                limited_ammo: star_before.is_some() || star_after.is_some(),
                count,
                caliber_marks: Vec::new(),
            },
        ),
    )
}
