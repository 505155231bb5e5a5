use std::fmt;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A calendar month. Two-digit years in the sources are 19xx: the material predates 2000.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct YearMonth {
    /// Four-digit year, e.g. 1941.
    pub year: u16,
    /// Month, 1 (January) to 12 (December).
    pub month: u8,
}

impl YearMonth {
    /// A month; `None` when `month` is not 1-12.
    pub fn new(year: u16, month: u8) -> Option<Self> {
        (1..=12).contains(&month).then_some(Self { year, month })
    }

    /// Months since year 0, for arithmetic and ordering.
    pub fn index(self) -> u32 {
        u32::from(self.year) * 12 + u32::from(self.month) - 1
    }

    /// The month after this one.
    pub fn succ(self) -> Self {
        if self.month == 12 {
            Self {
                year: self.year + 1,
                month: 1,
            }
        } else {
            Self {
                year: self.year,
                month: self.month + 1,
            }
        }
    }

    /// The month before this one.
    pub fn pred(self) -> Self {
        if self.month == 1 {
            Self {
                year: self.year - 1,
                month: 12,
            }
        } else {
            Self {
                year: self.year,
                month: self.month - 1,
            }
        }
    }
}

impl fmt::Display for YearMonth {
    /// Printed the way the sources write it, `3/41`, where two digits mean the year (the
    /// sources' 19xx); any other year keeps its century, `12/2040`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if (1900..2000).contains(&self.year) {
            write!(f, "{}/{:02}", self.month, self.year % 100)
        } else {
            write!(f, "{}/{}", self.month, self.year)
        }
    }
}

#[cfg(test)]
mod display_tests {
    use super::YearMonth;

    #[test]
    fn a_year_outside_the_1900s_keeps_its_century() {
        let m = |y, m| YearMonth::new(y, m).unwrap().to_string();
        assert_eq!(m(1941, 3), "3/41");
        assert_eq!(m(1905, 12), "12/05");
        assert_eq!(m(2040, 12), "12/2040");
        assert_eq!(m(1899, 1), "1/1899");
    }
}

/// An inclusive range of months, e.g. `6-12/40`, `44-5/45`, `1944`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
pub struct Period {
    /// First month in the period.
    pub from: YearMonth,
    /// Last month in the period (inclusive).
    pub to: YearMonth,
}

impl Period {
    /// A period; `None` when `to` is before `from`.
    pub fn new(from: YearMonth, to: YearMonth) -> Option<Self> {
        (from <= to).then_some(Self { from, to })
    }

    /// True when `m` lies in the period.
    pub fn contains(&self, m: YearMonth) -> bool {
        self.from <= m && m <= self.to
    }

    /// True when the two periods share at least one month.
    pub fn overlaps(&self, other: &Period) -> bool {
        self.from <= other.to && other.from <= self.to
    }

    /// True when `other` lies wholly inside this period.
    pub fn covers(&self, other: &Period) -> bool {
        self.from <= other.from && other.to <= self.to
    }

    /// The months both periods share, if any.
    pub fn intersect(&self, other: &Period) -> Option<Period> {
        Period::new(self.from.max(other.from), self.to.min(other.to))
    }
}

impl fmt::Display for Period {
    /// Printed in the sources' compact form: `6-12/40`, `12/41-6/42`, `1/41`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.from == self.to {
            write!(f, "{}", self.from)
        } else if self.from.year == self.to.year {
            write!(f, "{}-{}", self.from.month, self.to)
        } else {
            write!(f, "{}-{}", self.from, self.to)
        }
    }
}
