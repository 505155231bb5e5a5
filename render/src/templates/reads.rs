//! Which context variables an embedded template can read: the names its text and the texts
//! it imports or includes leave undeclared (minijinja's own reading of them). A counter side's
//! context holds the piece's whole IR record for templates that want it; the embedded ones do
//! not, and turning that record into template values is a fifth of a side's render.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};

use minijinja::Environment;

/// Names of context variables.
pub type Reads = Arc<HashSet<String>>;

/// The context variables the embedded template `name` (with every template it imports or
/// includes) may read; `None` when that cannot be told (a name computed at render time, a
/// template not embedded or not readable), and every variable then counts. Read once per
/// process.
pub fn embedded_reads(name: &str) -> Option<Reads> {
    static READS: OnceLock<Mutex<HashMap<String, Option<Reads>>>> = OnceLock::new();
    let memo = READS.get_or_init(Mutex::default);
    if let Some(r) = memo.lock().ok().and_then(|m| m.get(name).cloned()) {
        return r;
    }
    let reads = read_closure(name).map(Arc::new);
    if let Ok(mut m) = memo.lock() {
        m.insert(name.to_string(), reads.clone());
    }
    reads
}

/// The undeclared names of `name` and of the templates it loads, transitively.
fn read_closure(name: &str) -> Option<HashSet<String>> {
    let env = Environment::new();
    let mut reads = HashSet::new();
    let mut seen = HashSet::new();
    let mut queue = vec![name.to_string()];
    while let Some(n) = queue.pop() {
        if !seen.insert(n.clone()) {
            continue;
        }
        let text = super::source::embedded(&n)?;
        let t = env.template_from_str(text).ok()?;
        reads.extend(t.undeclared_variables(false));
        queue.extend(loaded_names(text)?);
    }
    Some(reads)
}

/// The templates a text imports, includes or extends, each named by a string literal;
/// `None` when one is named otherwise.
fn loaded_names(text: &str) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for tag in text.split("{%").skip(1) {
        let tag = tag.trim_start_matches(['-', '+']).trim_start();
        let keyword = tag.split_whitespace().next().unwrap_or("");
        if !matches!(keyword, "import" | "from" | "include" | "extends") {
            continue;
        }
        let rest = tag[keyword.len()..].trim_start();
        let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'')?;
        let end = rest[1..].find(quote)?;
        names.push(rest[1..1 + end].to_string());
    }
    Some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counter_templates_read_no_ir_record() {
        let reads = embedded_reads(crate::FRONT_TEMPLATE).expect("readable");
        assert!(
            reads.contains("layout") && reads.contains("colours"),
            "{reads:?}"
        );
        for name in ["vehicle", "gun", "counter"] {
            assert!(!reads.contains(name), "{name}");
        }
    }

    #[test]
    fn a_computed_template_name_reads_everything() {
        assert_eq!(loaded_names(r#"{% include x ~ ".svg" %}"#), None);
        assert_eq!(
            loaded_names(r#"{%- from 'a/b.svg' import m %}{% if x %}{% include "c.svg" %}"#),
            Some(vec!["a/b.svg".to_string(), "c.svg".to_string()])
        );
    }
}
