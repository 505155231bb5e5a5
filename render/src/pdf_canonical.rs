//! Byte-reproducible PDFs. svg2pdf keeps its fonts and each resource dictionary in hash maps,
//! so two conversions of the same SVG write the font objects in a different order (and number
//! them differently) and list resources (`/xo0`, `/xo1`) in a different order. [`canonical`]
//! rewrites a finished document into the one order its content decides: resource entries
//! sorted by name, objects numbered depth-first from the trailer's `/Root` and `/Info` in the
//! order their references are written, and written in that order with a fresh xref table.
//!
//! It reads the PDF syntax pdf-writer writes (objects, dictionaries, arrays, names, strings,
//! streams with a direct `/Length`); anything else is an error, never a guess.

use std::collections::HashMap;
use std::ops::Range;

/// Resource dictionaries whose entries are sorted: a page's or form's named resources.
const RESOURCE_KINDS: [&[u8]; 7] = [
    b"/XObject",
    b"/ExtGState",
    b"/Font",
    b"/Pattern",
    b"/Shading",
    b"/ColorSpace",
    b"/Properties",
];

/// The document rewritten in canonical order; the same content always gives the same bytes.
pub fn canonical(pdf: &[u8]) -> Result<Vec<u8>, String> {
    Document::parse(pdf)?.write()
}

/// One lexical token of a PDF object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// An integer (a reference's object and generation numbers are integers).
    Int,
    /// `/Name`.
    Name,
    /// `(...)` or `<...>`.
    Str,
    /// `<<`.
    DictOpen,
    /// `>>`.
    DictClose,
    /// `[`.
    ArrayOpen,
    /// `]`.
    ArrayClose,
    /// Anything else: reals, `R`, `obj`, `stream`, `endobj`, `true`, ...
    Word,
}

#[derive(Debug, Clone, Copy)]
struct Token {
    kind: Kind,
    start: usize,
    end: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b'\0' | b'\t' | b'\n' | b'\x0C' | b'\r' | b' ')
}

fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

/// Reads tokens from `bytes[at..]`; `stop` ends the scan after a token (for which it returns
/// true), so stream data after `stream` is never read as tokens.
fn tokens(
    bytes: &[u8],
    mut at: usize,
    mut stop: impl FnMut(&[u8], &Token) -> bool,
) -> Result<(Vec<Token>, usize), String> {
    let mut out = Vec::new();
    loop {
        at = skip_blank(bytes, at);
        if at >= bytes.len() {
            return Ok((out, at));
        }
        let (kind, end) = token_at(bytes, at)?;
        let token = Token {
            kind,
            start: at,
            end,
        };
        at = end;
        out.push(token);
        if stop(bytes, &token) {
            return Ok((out, at));
        }
    }
}

/// The first byte at or after `at` that is neither white space nor in a `%` comment.
fn skip_blank(bytes: &[u8], mut at: usize) -> usize {
    loop {
        while at < bytes.len() && is_space(bytes[at]) {
            at += 1;
        }
        if bytes.get(at) != Some(&b'%') {
            return at;
        }
        while at < bytes.len() && bytes[at] != b'\n' && bytes[at] != b'\r' {
            at += 1;
        }
    }
}

/// The kind and end of the token that starts at `start` (not white space or a comment).
fn token_at(bytes: &[u8], start: usize) -> Result<(Kind, usize), String> {
    let next = bytes.get(start + 1);
    Ok(match bytes[start] {
        b'(' => (Kind::Str, string_end(bytes, start)?),
        b'<' if next == Some(&b'<') => (Kind::DictOpen, start + 2),
        b'>' if next == Some(&b'>') => (Kind::DictClose, start + 2),
        b'<' => {
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b'>')
                .ok_or_else(|| format!("unterminated hex string at byte {start}"))?;
            (Kind::Str, start + end + 1)
        }
        b'[' => (Kind::ArrayOpen, start + 1),
        b']' => (Kind::ArrayClose, start + 1),
        b'/' => (Kind::Name, regular_end(bytes, start + 1)),
        b if is_delimiter(b) => return Err(format!("unexpected {:?} at byte {start}", b as char)),
        _ => {
            let end = regular_end(bytes, start);
            let word = &bytes[start..end];
            let digits = word.strip_prefix(b"-").unwrap_or(word);
            if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                (Kind::Int, end)
            } else {
                (Kind::Word, end)
            }
        }
    })
}

/// The end of the literal string `(...)` that starts at `start`: parentheses nest and a
/// backslash escapes the byte after it.
fn string_end(bytes: &[u8], start: usize) -> Result<usize, String> {
    let mut at = start;
    let mut depth = 0usize;
    loop {
        let Some(&b) = bytes.get(at) else {
            return Err(format!("unterminated string at byte {start}"));
        };
        at += 1;
        match b {
            b'\\' => at += 1,
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(at);
                }
            }
            _ => {}
        }
    }
}

/// The end of the run of regular bytes (neither white space nor delimiters) from `at`.
fn regular_end(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && !is_space(bytes[at]) && !is_delimiter(bytes[at]) {
        at += 1;
    }
    at
}

fn int(bytes: &[u8], t: &Token) -> Result<u64, String> {
    std::str::from_utf8(&bytes[t.start..t.end])
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("expected a number at byte {}", t.start))
}

/// Where the indirect references `N G R` are among `toks`: (index of `N`, N).
fn references(bytes: &[u8], toks: &[Token]) -> Vec<(usize, u64)> {
    let mut out = Vec::new();
    for (i, w) in toks.windows(3).enumerate() {
        if w[0].kind == Kind::Int && w[1].kind == Kind::Int && &bytes[w[2].start..w[2].end] == b"R"
        {
            if let Ok(n) = int(bytes, &w[0]) {
                out.push((i, n));
            }
        }
    }
    out
}

/// One indirect object: the text between `obj` and its stream data (or `endobj`), the stream
/// data, and the text after it.
struct Object<'a> {
    id: u64,
    gen: &'a [u8],
    /// After `obj` up to the stream data, or through `endobj`; resource entries sorted.
    head: Vec<u8>,
    /// The stream data and what follows it through `endobj` (empty without a stream).
    rest: &'a [u8],
    /// The objects this one references, in the order they are written.
    refs: Vec<u64>,
}

struct Document<'a> {
    header: &'a [u8],
    objects: Vec<Object<'a>>,
    /// The trailer dictionary's text (`<< ... >>`).
    trailer: &'a [u8],
}

impl<'a> Document<'a> {
    fn parse(pdf: &'a [u8]) -> Result<Self, String> {
        if !pdf.starts_with(b"%PDF-") {
            return Err("not a PDF (no %PDF- header)".into());
        }
        let header_end = find(pdf, b"\n\n", 0).ok_or("no end of the header")? + 2;
        let startxref = rfind(pdf, b"startxref").ok_or("no startxref")?;
        let (toks, _) = tokens(pdf, startxref + b"startxref".len(), |_, _| true)?;
        let xref = toks
            .first()
            .filter(|t| t.kind == Kind::Int)
            .ok_or("no xref offset")
            .and_then(|t| int(pdf, t).map_err(|_| "bad xref offset"))? as usize;
        if xref > startxref || pdf.get(xref..xref + 4) != Some(b"xref") {
            return Err("the xref offset does not point at the xref table".into());
        }
        let trailer_at = rfind(&pdf[..startxref], b"trailer").ok_or("no trailer")?;
        let trailer = trim(&pdf[trailer_at + b"trailer".len()..startxref]);

        let mut objects = Vec::new();
        let mut at = header_end;
        loop {
            while at < xref && is_space(pdf[at]) {
                at += 1;
            }
            if at >= xref {
                break;
            }
            let (object, end) = parse_object(pdf, at)?;
            objects.push(object);
            at = end;
        }
        let mut ids: Vec<u64> = objects.iter().map(|o| o.id).collect();
        ids.sort_unstable();
        if ids.iter().enumerate().any(|(i, &id)| id != i as u64 + 1) {
            return Err("object numbers are not 1..n".into());
        }
        Ok(Self {
            header: &pdf[..header_end],
            objects,
            trailer,
        })
    }

    /// New numbers: depth-first from the trailer's references, children in written order;
    /// objects nothing reaches keep their relative order after the rest.
    fn numbering(&self) -> Result<HashMap<u64, u64>, String> {
        let index: HashMap<u64, usize> = self
            .objects
            .iter()
            .enumerate()
            .map(|(i, o)| (o.id, i))
            .collect();
        let (toks, _) = tokens(self.trailer, 0, |_, _| false)?;
        let roots: Vec<u64> = references(self.trailer, &toks)
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        let mut map = HashMap::with_capacity(self.objects.len());
        let mut stack: Vec<u64> = roots.into_iter().rev().collect();
        let mut next = 1u64;
        let mut visit = |id: u64, map: &mut HashMap<u64, u64>| -> bool {
            if map.contains_key(&id) || !index.contains_key(&id) {
                return false;
            }
            map.insert(id, next);
            next += 1;
            true
        };
        while let Some(id) = stack.pop() {
            if visit(id, &mut map) {
                let o = &self.objects[index[&id]];
                stack.extend(o.refs.iter().rev().copied());
            }
        }
        // Objects nothing reaches are kept (renumbered in file order), never dropped.
        for o in &self.objects {
            visit(o.id, &mut map);
        }
        Ok(map)
    }

    fn write(&self) -> Result<Vec<u8>, String> {
        let map = self.numbering()?;
        let renumber = |n: u64| map.get(&n).copied().unwrap_or(n);
        let mut order: Vec<&Object> = self.objects.iter().collect();
        order.sort_by_key(|o| renumber(o.id));

        let mut out = Vec::with_capacity(self.objects.iter().map(|o| o.rest.len()).sum());
        out.extend_from_slice(self.header);
        let mut offsets = Vec::with_capacity(order.len());
        for o in order {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} ", renumber(o.id)).as_bytes());
            out.extend_from_slice(o.gen);
            out.extend_from_slice(b" obj");
            out.extend(patch(&o.head, &renumber));
            out.extend_from_slice(o.rest);
            out.extend_from_slice(b"\n\n");
        }
        let xref = out.len();
        out.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f\r\n", offsets.len() + 1).as_bytes(),
        );
        for off in offsets {
            out.extend_from_slice(format!("{off:010} 00000 n\r\n").as_bytes());
        }
        out.extend_from_slice(b"trailer\n");
        out.extend(patch(self.trailer, &renumber));
        out.extend_from_slice(format!("\nstartxref\n{xref}\n%%EOF").as_bytes());
        Ok(out)
    }
}

/// Parses the object starting at `at`; returns it and where it ends (after `endobj`).
fn parse_object(pdf: &[u8], at: usize) -> Result<(Object<'_>, usize), String> {
    let (head, after) = tokens(pdf, at, |b, t| &b[t.start..t.end] == b"obj")?;
    let [id, gen, obj] = head[..] else {
        return Err(format!("expected `N G obj` at byte {at}"));
    };
    if id.kind != Kind::Int || gen.kind != Kind::Int || obj.kind != Kind::Word {
        return Err(format!("expected `N G obj` at byte {at}"));
    }
    let id = int(pdf, &id)?;
    let (body, end) = tokens(pdf, after, |b, t| {
        t.kind == Kind::Word && matches!(&b[t.start..t.end], b"stream" | b"endobj")
    })?;
    let last = body
        .last()
        .ok_or_else(|| format!("object {id} has no end"))?;
    let (head_end, rest_end) = if &pdf[last.start..last.end] == b"stream" {
        let len = stream_length(pdf, &body).ok_or_else(|| format!("object {id}: no /Length"))?;
        // `stream` is followed by an end of line, then exactly `len` bytes of data.
        let data = match pdf.get(end..end + 2) {
            Some(b"\r\n") => end + 2,
            Some([b'\n', _]) => end + 1,
            _ => return Err(format!("object {id}: no end of line after `stream`")),
        };
        let data_end = data + len;
        let (tail, tail_end) = tokens(pdf, data_end.min(pdf.len()), |b, t| {
            &b[t.start..t.end] == b"endobj"
        })?;
        let words: Vec<&[u8]> = tail.iter().map(|t| &pdf[t.start..t.end]).collect();
        if words != [b"endstream".as_slice(), b"endobj"] {
            return Err(format!("object {id}: the stream is not {len} bytes long"));
        }
        (data, tail_end)
    } else {
        (end, end)
    };
    let head = sort_resources(&pdf[after..head_end])?;
    let (toks, _) = tokens(&head, 0, |_, _| false)?;
    let refs = references(&head, &toks)
        .into_iter()
        .map(|(_, n)| n)
        .collect();
    Ok((
        Object {
            id,
            gen: &pdf[gen.start..gen.end],
            head,
            rest: &pdf[head_end..rest_end],
            refs,
        },
        rest_end,
    ))
}

/// The value of the first `/Length` of the object's outermost dictionary.
fn stream_length(pdf: &[u8], body: &[Token]) -> Option<usize> {
    let mut depth = 0i32;
    for (i, t) in body.iter().enumerate() {
        match t.kind {
            Kind::DictOpen | Kind::ArrayOpen => depth += 1,
            Kind::DictClose | Kind::ArrayClose => depth -= 1,
            Kind::Name if depth == 1 && &pdf[t.start..t.end] == b"/Length" => {
                let v = body.get(i + 1).filter(|v| v.kind == Kind::Int)?;
                return int(pdf, v).ok().and_then(|n| usize::try_from(n).ok());
            }
            _ => {}
        }
    }
    None
}

/// `text` with the entries of every resource dictionary (`/Font << /f1 .. /f0 .. >>`) in
/// name order; everything else as it was.
fn sort_resources(text: &[u8]) -> Result<Vec<u8>, String> {
    let (toks, _) = tokens(text, 0, |_, _| false)?;
    // (range of the entries, the entries' ranges) for each resource dictionary.
    let mut edits: Vec<Vec<Range<usize>>> = Vec::new();
    let mut i = 0;
    while i + 1 < toks.len() {
        let (key, open) = (toks[i], toks[i + 1]);
        if key.kind == Kind::Name
            && open.kind == Kind::DictOpen
            && RESOURCE_KINDS.contains(&&text[key.start..key.end])
        {
            let (entries, close) = dict_entries(&toks, i + 2)?;
            let ranges = entries
                .iter()
                .map(|&(k, last)| toks[k].start..toks[last].end)
                .collect();
            edits.push(ranges);
            i = close + 1;
        } else {
            i += 1;
        }
    }
    let mut out = Vec::with_capacity(text.len());
    let mut copied = 0;
    for ranges in edits {
        let mut sorted = ranges.clone();
        sorted.sort_by(|a, b| text[a.clone()].cmp(&text[b.clone()]));
        // Each entry moves into the place of another; the space between them stays.
        for (place, entry) in ranges.iter().zip(&sorted) {
            out.extend_from_slice(&text[copied..place.start]);
            out.extend_from_slice(&text[entry.clone()]);
            copied = place.end;
        }
    }
    out.extend_from_slice(&text[copied..]);
    Ok(out)
}

/// The entries of the dictionary whose contents start at token `from`: (key token, last
/// token of the value) each, and the index of the closing `>>`.
fn dict_entries(toks: &[Token], from: usize) -> Result<(Vec<(usize, usize)>, usize), String> {
    let mut entries = Vec::new();
    let mut i = from;
    loop {
        let t = toks.get(i).ok_or("unterminated dictionary")?;
        match t.kind {
            Kind::DictClose => return Ok((entries, i)),
            Kind::Name => {
                let last = value_end(toks, i + 1)?;
                entries.push((i, last));
                i = last + 1;
            }
            _ => return Err(format!("expected a name at byte {}", t.start)),
        }
    }
}

/// The last token of the value starting at token `i` (a reference is three tokens).
fn value_end(toks: &[Token], i: usize) -> Result<usize, String> {
    let t = toks.get(i).ok_or("missing value")?;
    match t.kind {
        Kind::DictOpen | Kind::ArrayOpen => {
            let mut depth = 0i32;
            for (j, t) in toks.iter().enumerate().skip(i) {
                match t.kind {
                    Kind::DictOpen | Kind::ArrayOpen => depth += 1,
                    Kind::DictClose | Kind::ArrayClose => {
                        depth -= 1;
                        if depth == 0 {
                            return Ok(j);
                        }
                    }
                    _ => {}
                }
            }
            Err("unterminated value".into())
        }
        Kind::Int
            if toks.get(i + 1).map(|t| t.kind) == Some(Kind::Int)
                && toks
                    .get(i + 2)
                    .is_some_and(|t| t.kind == Kind::Word && t.end - t.start == 1) =>
        {
            Ok(i + 2)
        }
        Kind::DictClose | Kind::ArrayClose => Err(format!("missing value at byte {}", t.start)),
        _ => Ok(i),
    }
}

/// `text` with every reference `N G R` renumbered.
fn patch(text: &[u8], renumber: &impl Fn(u64) -> u64) -> Vec<u8> {
    let Ok((toks, _)) = tokens(text, 0, |_, _| false) else {
        return text.to_vec();
    };
    let mut out = Vec::with_capacity(text.len());
    let mut copied = 0;
    for (i, n) in references(text, &toks) {
        let t = toks[i];
        out.extend_from_slice(&text[copied..t.start]);
        out.extend_from_slice(renumber(n).to_string().as_bytes());
        copied = t.end;
    }
    out.extend_from_slice(&text[copied..]);
    out
}

fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    hay.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|i| i + from)
}

fn rfind(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small document written by hand in pdf-writer's layout, with its objects in `order`
    /// and the two fonts numbered as `fonts` says.
    fn doc(fonts: (u64, u64), swap_entries: bool) -> Vec<u8> {
        let (fa, fb) = fonts;
        let entries = if swap_entries {
            format!("      /f1 {fb} 0 R\n      /f0 {fa} 0 R\n")
        } else {
            format!("      /f0 {fa} 0 R\n      /f1 {fb} 0 R\n")
        };
        let mut objs: Vec<(u64, String)> = vec![
            (1, "<<\n  /Type /Catalog\n  /Pages 2 0 R\n>>".into()),
            (2, "<<\n  /Type /Pages\n  /Kids [3 0 R]\n  /Count 1\n>>".into()),
            (
                3,
                format!(
                    "<<\n  /Type /Page\n  /Resources <<\n    /Font <<\n{entries}    >>\n  >>\n  /Contents 6 0 R\n>>"
                ),
            ),
            (fa, "<<\n  /Type /Font\n  /BaseFont /AAAAAA+Regular /Note (a(b)\\)c)\n>>".into()),
            (fb, "<<\n  /Type /Font\n  /BaseFont /BBBBBB+Bold\n>>".into()),
            (6, "<<\n  /Length 12\n>>\nstream\n9 0 R endobj\nendstream".into()),
            (7, "<<\n  /Producer (qm)\n>>".into()),
        ];
        objs.sort_by_key(|(id, _)| if *id == fa || *id == fb { 10 - id } else { *id });
        let mut out = b"%PDF-1.7\n%\x80\x80\x80\x80\n\n".to_vec();
        let mut offsets = [0; 8];
        for (id, body) in &objs {
            offsets[*id as usize] = out.len();
            out.extend_from_slice(format!("{id} 0 obj\n{body}\nendobj\n\n").as_bytes());
        }
        let xref = out.len();
        out.extend_from_slice(b"xref\n0 8\n0000000000 65535 f\r\n");
        for off in &offsets[1..] {
            out.extend_from_slice(format!("{off:010} 00000 n\r\n").as_bytes());
        }
        out.extend_from_slice(
            format!("trailer\n<<\n  /Size 8\n  /Root 1 0 R\n  /Info 7 0 R\n>>\nstartxref\n{xref}\n%%EOF")
                .as_bytes(),
        );
        out
    }

    #[test]
    fn font_numbering_and_resource_order_do_not_change_the_bytes() {
        let a = canonical(&doc((4, 5), false)).unwrap();
        let b = canonical(&doc((5, 4), true)).unwrap();
        assert_eq!(String::from_utf8_lossy(&a), String::from_utf8_lossy(&b));
        let text = String::from_utf8_lossy(&a);
        // Depth-first from /Root: catalog 1, pages 2, page 3, its fonts in name order, then
        // the content stream; the info dictionary last.
        assert!(text.contains("/f0 4 0 R\n      /f1 5 0 R"), "{text}");
        assert!(
            text.contains("4 0 obj\n<<\n  /Type /Font\n  /BaseFont /AAAAAA"),
            "{text}"
        );
        assert!(text.contains("/Contents 6 0 R"), "{text}");
        assert!(text.contains("/Info 7 0 R"), "{text}");
        // Stream data is copied as it is, references-lookalikes included.
        assert!(text.contains("stream\n9 0 R endobj\nendstream"), "{text}");
    }

    #[test]
    fn the_xref_table_points_at_every_object() {
        let a = canonical(&doc((5, 4), true)).unwrap();
        let tail = String::from_utf8(a[rfind(&a, b"startxref").unwrap()..].to_vec()).unwrap();
        let xref: usize = tail.lines().nth(1).unwrap().parse().unwrap();
        let table = String::from_utf8(a[xref..].to_vec()).unwrap();
        assert!(table.starts_with("xref\n0 8\n"), "{table}");
        for (i, line) in table.lines().skip(3).take(7).enumerate() {
            let off: usize = line[..10].parse().unwrap();
            assert!(
                a[off..].starts_with(format!("{} 0 obj", i + 1).as_bytes()),
                "{line}"
            );
        }
        // Already canonical: unchanged.
        assert_eq!(canonical(&a).unwrap(), a);
    }

    #[test]
    fn a_stream_shorter_than_its_length_is_an_error() {
        let bad = String::from_utf8_lossy(&doc((4, 5), false)).replace("/Length 12", "/Length 40");
        assert!(canonical(bad.as_bytes()).is_err());
        assert!(canonical(b"not a pdf").is_err());
    }
}
