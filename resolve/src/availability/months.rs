//! Month arithmetic on periods.

use qm_schema::{Availability, Period};

/// `a` cut at the bounds of `months`: its parts outside them, and its part inside (`None`,
/// with `a` whole among the parts outside, when they do not meet).
pub fn split_at(a: Availability, months: Period) -> (Vec<Availability>, Option<Availability>) {
    let Some(inner) = a.period.intersect(&months) else {
        return (vec![a], None);
    };
    let outside = gaps(a.period, &[inner])
        .into_iter()
        .map(|outer| Availability {
            period: outer,
            ..a.clone()
        })
        .collect();
    (outside, Some(Availability { period: inner, ..a }))
}

/// The months of `span` no period in `covered` touches, as periods.
pub fn gaps(span: Period, covered: &[Period]) -> Vec<Period> {
    let mut out = Vec::new();
    let mut m = span.from;
    let mut start = None;
    loop {
        let inside = covered.iter().any(|p| p.contains(m));
        match (inside, start) {
            (false, None) => start = Some(m),
            (true, Some(s)) => {
                out.extend(Period::new(s, m.pred()));
                start = None;
            }
            _ => {}
        }
        if m == span.to {
            break;
        }
        m = m.succ();
    }
    if let Some(s) = start {
        out.extend(Period::new(s, span.to));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use qm_schema::YearMonth;

    fn p(a: (u16, u8), b: (u16, u8)) -> Period {
        Period::new(
            YearMonth::new(a.0, a.1).unwrap(),
            YearMonth::new(b.0, b.1).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn gaps_are_the_uncovered_months() {
        let span = p((1940, 6), (1941, 12));
        let covered = [p((1940, 6), (1940, 12)), p((1941, 3), (1941, 4))];
        assert_eq!(
            gaps(span, &covered),
            vec![p((1941, 1), (1941, 2)), p((1941, 5), (1941, 12))]
        );
        assert_eq!(gaps(span, &[span]), vec![]);
    }
}
