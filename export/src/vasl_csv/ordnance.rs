//! A nation's guns as VASL's `<nation>_ordnance.csv`: an `ordnance.csv` written back as read
//! ([`super::as_read`]), guns read from the publication's `ordnance.tsv` written from the IR in
//! VASL's ordnance layout, the marks the publication's text prints (a caliber's combining
//! over- and underline, `**bold**`, superscript characters) as the tags VASL writes.

use qm_schema::{Field, Ordnance};

use super::markup::sup_tags;

/// VASL's ordnance header: the listing's columns (Chapter H's Name to Notes under VASL's
/// names), then VASL's own.
pub const VASL_ORDNANCE_HEADER: [&str; 22] = [
    "count",
    "name",
    "gun_type",
    "caliber",
    "rof_ife",
    "breakdown",
    "range",
    "manhandling",
    "target_size",
    "dates",
    "special",
    "bpv",
    "rf",
    "notes",
    "version",
    "piece",
    "r_x",
    "overrides",
    "limbered",
    "svg_image_transform",
    "reverse",
    "comments",
];

/// The combining overline and low line the publication's text prints over or under a
/// caliber's digits (`7̅5̅`, `4̲7̲`), with the tags VASL writes for each.
const CALIBER_LINES: [(char, &str); 2] = [
    ('\u{305}', "<span style=\"text-decoration:overline\">"),
    ('\u{332}', "<span style=\"text-decoration:underline\">"),
];

/// The guns from the IR in VASL's ordnance layout: the header, then each gun's row in listing
/// order, every listing cell its published text with its marks as VASL's tags; VASL's own
/// columns (`count`, `piece`, ...) are empty (the publication does not give them).
pub fn ordnance_from_ir(guns: &[Ordnance]) -> Vec<Vec<String>> {
    let mut rows = vec![VASL_ORDNANCE_HEADER.map(str::to_owned).to_vec()];
    rows.extend(guns.iter().map(gun_cells));
    rows
}

/// One gun's cells, in [`VASL_ORDNANCE_HEADER`]'s order.
fn gun_cells(g: &Ordnance) -> Vec<String> {
    let notes: Vec<&str> = g.note_refs.iter().map(|f| f.raw.as_str()).collect();
    let listing = [
        g.name_cell.raw.clone(),
        raw(&g.gun_type),
        raw(&g.caliber),
        raw(&g.rof),
        raw(&g.breakdown),
        raw(&g.range),
        raw(&g.manhandling),
        raw(&g.target_size),
        raw(&g.dates),
        raw(&g.special),
        raw(&g.bpv),
        raw(&g.rf),
        notes.join(", "),
    ];
    let own = VASL_ORDNANCE_HEADER.len() - listing.len() - 1;
    std::iter::once(String::new())
        .chain(listing.iter().map(|t| tagged(t)))
        .chain(std::iter::repeat_n(String::new(), own))
        .collect()
}

fn raw<T>(f: &Option<Field<T>>) -> String {
    f.as_ref().map(|f| f.raw.clone()).unwrap_or_default()
}

/// A cell's published text with VASL's tags: `**x**` as `<b>x</b>`, a run of characters under
/// a combining line in the line's `<span>`, superscript characters as `<sup>`.
pub(crate) fn tagged(text: &str) -> String {
    sup_tags(&with_caliber_lines(&with_bold(text)))
}

/// `**x**` as `<b>x</b>` (the publication's text marks a bold value so); an unpaired `**`
/// stays as it is.
fn with_bold(text: &str) -> String {
    let parts: Vec<&str> = text.split("**").collect();
    if parts.len() < 3 {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 8);
    let pairs = (parts.len() - 1) / 2 * 2;
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(match (i <= pairs, i % 2) {
                (true, 1) => "<b>",
                (true, _) => "</b>",
                (false, _) => "**",
            });
        }
        out.push_str(part);
    }
    out
}

/// Each run of characters under one combining line (`5̅0̅`) as the text in VASL's
/// `<span style="text-decoration:...">` (`50`).
fn with_caliber_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let line = chars
            .peek()
            .and_then(|n| CALIBER_LINES.iter().find(|(l, _)| l == n));
        let Some((mark, open)) = line else {
            out.push(c);
            continue;
        };
        out.push_str(open);
        out.push(c);
        chars.next();
        // The run goes on while each next character carries the same line.
        loop {
            let mut ahead = chars.clone();
            match (ahead.next(), ahead.next()) {
                (Some(d), Some(m)) if m == *mark && d != *mark => {
                    out.push(d);
                    chars.next();
                    chars.next();
                }
                _ => break,
            }
        }
        out.push_str("</span>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_marks_become_vasl_tags() {
        assert_eq!(
            tagged("8\u{305}1\u{305}*"),
            "<span style=\"text-decoration:overline\">81</span>*"
        );
        assert_eq!(
            tagged("4\u{332}0\u{332}LL"),
            "<span style=\"text-decoration:underline\">40</span>LL"
        );
        assert_eq!(tagged("**10**"), "<b>10</b>");
        assert_eq!(
            tagged("T, LF [88†, 1 ROF, B11, **M4**, -1]"),
            "T, LF [88†, 1 ROF, B11, <b>M4</b>, -1]"
        );
        assert_eq!(tagged("NT, s8, WP7⁵"), "NT, s8, WP7<sup>5</sup>");
        assert_eq!(tagged("a ** b"), "a ** b");
        assert_eq!(tagged("**1** **"), "<b>1</b> **");
        assert_eq!(tagged("37L"), "37L");
    }
}
