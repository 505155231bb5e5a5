//! A Markdown table's layout: which lines of a text are a table ("| a | b |" rows under a
//! "|---|---|" delimiter row), its header cells and its rows' cells, each cell a slice of the
//! text (so every span points into the source). A blank cell repeats the one above it, as a
//! maintainer's tables mean it.

use std::ops::Range;

/// A run of lines of a text: prose, or a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Block {
    /// The byte range of the run in the text (trimmed lines, first to last).
    pub(crate) range: Range<usize>,
    /// True for a table: a header row, a delimiter row and its body rows.
    pub(crate) table: bool,
}

/// The text cut into prose and tables, in order. A run of "|" lines is a table only when its
/// second line is a delimiter row ("|---|:---:|"): otherwise it stays prose.
pub(crate) fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut pos = 0;
    let mut run: Option<(Range<usize>, usize)> = None;
    for line in text.split_inclusive('\n') {
        let start = pos;
        pos += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        let range = start + lead..start + lead + trimmed.len();
        let row = trimmed.starts_with('|');
        match &mut run {
            Some((r, lines)) if row => {
                r.end = range.end;
                *lines += 1;
            }
            _ if row => {
                if let Some((r, _)) = run.take() {
                    push(&mut out, text, r);
                }
                run = Some((range, 1));
            }
            _ => {
                if let Some((r, _)) = run.take() {
                    push(&mut out, text, r);
                }
                push_prose(&mut out, range);
            }
        }
    }
    if let Some((r, _)) = run {
        push(&mut out, text, r);
    }
    out
}

/// Files a run of "|" lines: a table when it has its delimiter row, prose otherwise.
fn push(out: &mut Vec<Block>, text: &str, range: Range<usize>) {
    let table = text[range.clone()]
        .lines()
        .nth(1)
        .is_some_and(|l| is_delimiter(l.trim()));
    if table {
        out.push(Block { range, table });
    } else {
        push_prose(out, range);
    }
}

/// Files a prose line: it joins the prose run before it.
fn push_prose(out: &mut Vec<Block>, range: Range<usize>) {
    match out.last_mut() {
        Some(b) if !b.table => b.range.end = range.end,
        _ => out.push(Block {
            range,
            table: false,
        }),
    }
}

/// True for a delimiter row: every cell dashes, with an optional colon at either end.
fn is_delimiter(line: &str) -> bool {
    let cells = cells(line);
    !cells.is_empty()
        && cells.iter().all(|c| {
            let c = c.trim().trim_start_matches(':').trim_end_matches(':');
            !c.is_empty() && c.chars().all(|ch| ch == '-')
        })
}

/// The cells of a "| a | b |" line, untrimmed, between its pipes (a leading and a trailing
/// pipe are the row's edges, not empty cells).
fn cells(line: &str) -> Vec<&str> {
    let inner = line.strip_prefix('|').unwrap_or(line);
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    inner.split('|').collect()
}

/// A table read into cells.
#[derive(Debug, Clone)]
pub(crate) struct Grid<'a> {
    /// The header row's cells, trimmed.
    pub(crate) header: Vec<&'a str>,
    /// The body rows.
    pub(crate) rows: Vec<Row<'a>>,
}

/// One body row.
#[derive(Debug, Clone)]
pub(crate) struct Row<'a> {
    /// The whole line.
    pub(crate) line: &'a str,
    /// Its cells, trimmed, one per header cell; a blank cell is the cell above it (or stays
    /// blank in the first row).
    pub(crate) cells: Vec<&'a str>,
}

/// The cells of a table block (`table` is a slice of the text the spans point into). A row
/// with fewer cells than the header is padded with blanks; cells past the header's are kept
/// out of the grid and returned, so the reader can say so.
pub(crate) fn grid(table: &str) -> (Grid<'_>, Vec<&str>) {
    let mut lines = table.lines().map(str::trim);
    let header: Vec<&str> = lines.next().map(cells).unwrap_or_default();
    let header: Vec<&str> = header.into_iter().map(str::trim).collect();
    let mut rows: Vec<Row<'_>> = Vec::new();
    let mut extra = Vec::new();
    for line in lines.skip(1) {
        let mut got: Vec<&str> = cells(line).into_iter().map(str::trim).collect();
        if got.len() > header.len() {
            extra.extend(got.drain(header.len()..).filter(|c| !c.is_empty()));
        }
        let mut row = Vec::with_capacity(header.len());
        for k in 0..header.len() {
            let cell = got.get(k).copied().unwrap_or("");
            let above = rows.last().and_then(|r| r.cells.get(k).copied());
            match above {
                Some(above) if cell.is_empty() => row.push(above),
                _ => row.push(cell),
            }
        }
        rows.push(Row { line, cells: row });
    }
    (Grid { header, rows }, extra)
}
