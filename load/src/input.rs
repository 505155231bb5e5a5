//! Reading input files within bounds: only regular files (never a FIFO, a device such as
//! `/dev/zero`, or a directory), each kind of input at most a size that is far above any real
//! file, and text that is not UTF-8 with LF or CRLF line ends recognised once instead of
//! parsed into thousands of errors.
//!
//! The caps are generous (the Italian data's largest file is 43 KB) and can be raised for a
//! run with `--max-input-mib` ([`InputLimits`]); they exist so that a hostile or mistaken
//! path (`--scenarios /dev/zero`, a 4 GB log renamed `.toml`) fails at once with a message
//! instead of eating the machine's memory.

use crate::diagnostics::Escaped;
use std::io::Read;
use std::path::{Path, PathBuf};

const MIB: u64 = 1024 * 1024;

/// What an input file is: each kind has its own size cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A nation's `listing.tsv`: 4 MiB.
    Listing,
    /// A nation's `notes.md`: 16 MiB.
    Notes,
    /// `ob.toml`, `errata.toml`, `vassal.toml`, `vassal-gpids.toml`: 4 MiB.
    Toml,
    /// A scenario file: 1 MiB.
    Scenario,
    /// A VASSAL module read by `qm vassal merge` or `check`: 512 MiB.
    Module,
    /// A vehicle's art (`<nation>/art/*.svg`, `*.png`): 8 MiB.
    Art,
}

impl InputKind {
    /// The default cap in bytes.
    pub fn default_cap(self) -> u64 {
        match self {
            Self::Listing | Self::Toml => 4 * MIB,
            Self::Notes => 16 * MIB,
            Self::Scenario => MIB,
            Self::Module => 512 * MIB,
            Self::Art => 8 * MIB,
        }
    }
}

/// The input caps of one run: each kind's default, raised by `--max-input-mib`. Passed to
/// whatever reads inputs ([`read_input`], [`crate::data_dir::load`]), so two runs in one process
/// (tests, `qm watch`) never see each other's setting.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct InputLimits {
    /// Every cap is at least this many bytes (0: the defaults).
    floor: u64,
}

impl InputLimits {
    /// Every cap raised to at least `mib` MiB (`--max-input-mib`).
    pub fn raised_to_mib(mib: u64) -> Self {
        Self {
            floor: mib.saturating_mul(MIB),
        }
    }

    /// The cap in force for `kind`, in bytes: its default, or the raised floor when larger.
    pub fn cap(self, kind: InputKind) -> u64 {
        kind.default_cap().max(self.floor)
    }
}

/// An input that could not be read.
#[derive(Debug)]
pub struct InputError {
    /// The path as given.
    pub path: PathBuf,
    /// What went wrong.
    pub kind: InputErrorKind,
}

/// What went wrong reading an input.
#[derive(Debug)]
pub enum InputErrorKind {
    /// Nothing is there.
    NotFound,
    /// It is a directory, a FIFO, a device or a socket, not a regular file.
    NotAFile(&'static str),
    /// It is larger than the cap of its kind.
    TooLarge {
        /// The cap, in bytes.
        cap: u64,
    },
    /// Reading failed (permissions, a symlink loop, ...).
    Io(std::io::Error),
}

impl InputError {
    /// A help line for the diagnostic.
    pub fn help(&self) -> Option<String> {
        match &self.kind {
            InputErrorKind::TooLarge { .. } => Some(
                "inputs are capped per kind (docs/commands.md: Input limits); raise the caps with --max-input-mib N"
                    .into(),
            ),
            InputErrorKind::NotAFile(_) => Some("give a regular file".into()),
            _ => None,
        }
    }
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = self.path.escaped();
        match &self.kind {
            InputErrorKind::NotFound => write!(f, "failed to find {p}"),
            InputErrorKind::NotAFile(what) => write!(f, "failed to read {p} (it is {what})"),
            InputErrorKind::TooLarge { cap } => write!(
                f,
                "failed to read {p} (it is larger than {} MiB, the limit for this input)",
                cap / MIB
            ),
            InputErrorKind::Io(e) => write!(f, "failed to read {p} ({e})"),
        }
    }
}

impl std::error::Error for InputError {}

/// What a path is, when it is not a regular file.
fn not_a_file(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
        if t.is_socket() {
            return Some("a socket");
        }
    }
    Some("not a regular file")
}

/// Reads `path` (symlinks followed) if it is a regular file no larger than `kind`'s cap
/// under `limits`.
pub fn read_input(
    path: &Path,
    kind: InputKind,
    limits: InputLimits,
) -> Result<Vec<u8>, InputError> {
    let err = |kind| InputError {
        path: path.to_path_buf(),
        kind,
    };
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => err(InputErrorKind::NotFound),
        _ => err(InputErrorKind::Io(e)),
    };
    // Checked before opening: opening a FIFO for reading blocks until a writer comes.
    let meta = std::fs::metadata(path).map_err(io)?;
    if let Some(what) = not_a_file(&meta) {
        return Err(err(InputErrorKind::NotAFile(what)));
    }
    let cap = limits.cap(kind);
    if meta.len() > cap {
        return Err(err(InputErrorKind::TooLarge { cap }));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // The file may have been swapped since the check: look again at what was opened, and
    // read no more than the cap whatever its size says.
    let meta = file.metadata().map_err(io)?;
    if let Some(what) = not_a_file(&meta) {
        return Err(err(InputErrorKind::NotAFile(what)));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len().min(cap)).unwrap_or(0));
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(err(InputErrorKind::TooLarge { cap }));
    }
    Ok(bytes)
}

/// Why a text file cannot be read as UTF-8 lines, found once for the whole file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EncodingProblem {
    /// A UTF-16 byte-order mark (or the zero bytes UTF-16 puts beside ASCII).
    Utf16,
    /// Control characters everywhere: not a text file.
    Binary,
    /// Lines end in CR alone (classic Mac OS).
    CrOnly,
}

impl EncodingProblem {
    /// What it means, for the message.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Utf16 => "it is UTF-16",
            Self::Binary => "it is full of control characters: not a text file",
            Self::CrOnly => "its lines end in CR alone",
        }
    }

    /// How to fix it.
    pub fn help(self) -> &'static str {
        match self {
            Self::Utf16 | Self::Binary => "save the file as UTF-8 text",
            Self::CrOnly => "save the file with LF (or CRLF) line ends",
        }
    }
}

/// Finds a whole-file encoding problem: UTF-16, binary, or CR-only line ends.
pub fn encoding_problem(bytes: &[u8]) -> Option<EncodingProblem> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Some(EncodingProblem::Utf16);
    }
    // Text as it should be (no control character but tab and line ends, no CR at all) has
    // none of the problems below: one pass over the bytes instead of four.
    let control = |b: u8| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r');
    if !bytes
        .iter()
        .fold(false, |seen, &b| seen | control(b) | (b == b'\r'))
    {
        return None;
    }
    let zeros = bytes.iter().filter(|&&b| b == 0).count();
    // UTF-16 without a mark: about every other byte is zero.
    if zeros * 3 >= bytes.len() && bytes.len() >= 4 {
        return Some(EncodingProblem::Utf16);
    }
    // Binary: one byte in ten a control character (text has none but tab, LF and CR). A
    // stray control character in text is reported where it is (load::bad-character).
    let controls = bytes
        .iter()
        .filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r'))
        .count();
    if controls > 0 && controls * 10 >= bytes.len() {
        return Some(EncodingProblem::Binary);
    }
    let lone_cr = bytes
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'))
        .count();
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    // A stray CR in a cell is the parser's business; a file of CR-ended lines is not.
    (lone_cr > 1 && lone_cr > lf).then_some(EncodingProblem::CrOnly)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings_are_recognised() {
        assert_eq!(
            encoding_problem(b"\xff\xfeN\0A\0"),
            Some(EncodingProblem::Utf16)
        );
        assert_eq!(
            encoding_problem(b"N\0A\0M\0E\0"),
            Some(EncodingProblem::Utf16)
        );
        assert_eq!(
            encoding_problem(b"PK\x03\x04\0\x01\x02abcdefghijk"),
            Some(EncodingProblem::Binary)
        );
        assert_eq!(
            encoding_problem(b"a\rb\rc\r"),
            Some(EncodingProblem::CrOnly)
        );
        assert_eq!(encoding_problem(b"a\r\nb\r\n"), None);
        assert_eq!(encoding_problem(b"a\nb\r\n"), None);
    }

    #[cfg(unix)]
    #[test]
    fn only_regular_files_within_the_cap_are_read() {
        let limits = InputLimits::default();
        let e = read_input(Path::new("/dev/zero"), InputKind::Scenario, limits).unwrap_err();
        assert!(
            matches!(e.kind, InputErrorKind::NotAFile("a device")),
            "{e}"
        );
        let dir = tempfile::tempdir().unwrap();
        let e = read_input(dir.path(), InputKind::Scenario, limits).unwrap_err();
        assert!(
            matches!(e.kind, InputErrorKind::NotAFile("a directory")),
            "{e}"
        );
        let big = dir.path().join("big.toml");
        std::fs::write(&big, vec![b'#'; (MIB + 1) as usize]).unwrap();
        let e = read_input(&big, InputKind::Scenario, limits).unwrap_err();
        assert!(matches!(e.kind, InputErrorKind::TooLarge { .. }), "{e}");
        assert!(read_input(&big, InputKind::Toml, limits).is_ok());
        // --max-input-mib raises the cap for the run it is given to, and for no other.
        let raised = InputLimits::raised_to_mib(2);
        assert!(read_input(&big, InputKind::Scenario, raised).is_ok());
        assert!(read_input(&big, InputKind::Scenario, limits).is_err());
        assert_eq!(raised.cap(InputKind::Module), 512 * MIB);
    }
}
