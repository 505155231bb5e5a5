use super::*;
use crate::{FileId, Source};

#[test]
fn probe_doc() {
    let text = include_str!("../../../data-src/ita/notes.md");
    let src = Source::new(FileId(0), "ita/notes.md", text);
    let p = parse_notes(&src);
    let d = &p.value;
    println!(
        "intro heading {:?}, intro paras {}",
        d.intro_heading.as_ref().map(|h| &h.value),
        d.intro.len()
    );
    for n in &d.notes {
        println!(
            "#{} {:?} veh={:?} hist={} rules={} see={:?}",
            n.number.value,
            n.title.value,
            n.vehicles.iter().map(|v| &v.value).collect::<Vec<_>>(),
            n.history.len(),
            n.rules.len(),
            n.see_also
                .iter()
                .flat_map(|s| s.refs.iter().map(|r| format!(
                    "{:?}{}",
                    r.target,
                    if r.inferred { "?" } else { "" }
                )))
                .collect::<Vec<_>>()
        );
        for h in &n.history {
            println!(
                "   H {}..{} pieces={} `{}`",
                h.span.range.start,
                h.span.range.end,
                h.pieces.len(),
                h.text.chars().take(60).collect::<String>()
            );
        }
        for r in &n.rules {
            println!(
                "   R{} pieces={} clauses={} `{}`",
                if r.dagger { "†" } else { " " },
                r.paragraph.pieces.len(),
                r.availability.len(),
                r.paragraph.text.chars().take(60).collect::<String>()
            );
            for c in &r.availability {
                println!(
                    "      veh={:?}",
                    c.vehicles
                        .iter()
                        .map(|v| (&v.raw, v.title_index))
                        .collect::<Vec<_>>()
                );
            }
        }
        for q in &n.notations {
            println!(
                "   Q {:?} side={:?} red={} cond={:?}",
                q.text,
                q.side,
                q.red,
                q.condition.as_ref().map(|c| &c.value)
            );
        }
    }
    println!(
        "multi heading {:?}",
        d.multi_heading.as_ref().map(|h| &h.value)
    );
    for m in &d.multi {
        println!(
            "{} paras={} clauses={} `{}`",
            m.letter.value,
            m.paragraphs.len(),
            m.availability.len(),
            m.paragraphs[0].text.chars().take(50).collect::<String>()
        );
        for q in &m.notations {
            println!(
                "   Q {:?} side={:?} red={} cond={:?}",
                q.text,
                q.side,
                q.red,
                q.condition.as_ref().map(|c| &c.value)
            );
        }
    }
    println!("stray {}", d.stray.len());
    for g in &p.diagnostics {
        let s = g.span.as_ref().unwrap();
        let (l, c) = src.line_col(s.range.start);
        println!(
            "!! {}:{} {:?} {} {} [{}] help={:?} notes={:?} `{}`",
            l,
            c,
            g.severity,
            g.code,
            g.message,
            g.label,
            g.help,
            g.notes,
            &text[s.range.clone()]
        );
    }
}
