//! Every source file of a run, by id: spans back to published text and IR provenance.

use std::ops::Range;
use std::sync::Arc;

use qm_schema::Span;

use crate::{FileId, Source, TextSpan};

/// Every source file loaded in one run, by [`FileId`].
#[derive(Debug, Default, Clone)]
pub struct SourceMap {
    sources: Vec<Source>,
    /// Each source's name, shared by the provenance of every value read from it.
    names: Vec<Arc<str>>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }

    /// The id the next added source will get.
    pub fn next_id(&self) -> FileId {
        FileId(self.sources.len() as u32)
    }

    /// Adds a source built for [`SourceMap::next_id`] and returns its id.
    pub fn add(&mut self, source: Source) -> FileId {
        debug_assert_eq!(source.id, self.next_id());
        let id = source.id;
        self.names.push(source.name.as_str().into());
        self.sources.push(source);
        id
    }

    /// Adds every source of `other` (a map filled apart, its ids from 0) after this map's,
    /// renumbered in order; returns the offset its ids moved by (add it to every [`FileId`]
    /// that names one of them).
    pub fn append(&mut self, other: SourceMap) -> u32 {
        let offset = self.sources.len() as u32;
        for mut source in other.sources {
            source.id = FileId(source.id.0 + offset);
            self.add(source);
        }
        offset
    }

    /// The source with `id`.
    pub fn get(&self, id: FileId) -> Option<&Source> {
        self.sources.get(id.0 as usize)
    }

    /// Every source, in load order.
    pub fn iter(&self) -> impl Iterator<Item = &Source> {
        self.sources.iter()
    }

    /// The published-text byte range of a parser span.
    pub fn original_range(&self, span: &TextSpan) -> Range<usize> {
        match self.get(span.file) {
            Some(s) => s.original_range(span.range.clone()),
            None => span.range.clone(),
        }
    }

    /// Converts a parser span into IR provenance (file name, published byte range, line, col).
    pub fn provenance(&self, span: &TextSpan) -> Span {
        let Some(source) = self.get(span.file) else {
            return Span {
                file: "".into(),
                start: 0,
                end: 0,
                line: 0,
                col: 0,
            };
        };
        let range = source.original_range(span.range.clone());
        let (line, col) = source.line_col(range.start);
        Span {
            file: self.names[span.file.0 as usize].clone(),
            start: range.start,
            end: range.end,
            line,
            col,
        }
    }
}
