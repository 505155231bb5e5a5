use super::*;
use crate::FileId;

#[test]
fn probe_real_bullets() {
    let text = include_str!("../../../data-src/ita/notes.md");
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let l = line.trim_end();
        if l.starts_with('†')
            || l.starts_with("**A")
            || l.starts_with("**C")
            || l.starts_with("**H")
            || l.starts_with("**N")
            || l.starts_with("**R")
            || l.starts_with("(The")
        {
            let p = parse_availability(l, offset, FileId(0));
            if !p.value.is_empty() || !p.diagnostics.is_empty() {
                println!("=== {}", &l[..l.len().min(90)]);
                for c in &p.value {
                    println!(
                        "  {:?} veh={:?}",
                        summarize(&c.kind),
                        c.vehicles.iter().map(|v| &v.raw).collect::<Vec<_>>()
                    );
                }
                for d in &p.diagnostics {
                    println!(
                        "  !! {} {} [{}] help={:?} notes={:?} `{}`",
                        d.code,
                        d.message,
                        d.label,
                        d.help,
                        d.notes,
                        d.span
                            .as_ref()
                            .map(|s| &text[s.range.clone()])
                            .unwrap_or("")
                    );
                }
            }
        }
        offset += line.len();
    }
}

fn summarize(k: &ClauseKind) -> String {
    match k {
        ClauseKind::Schedule(s) => {
            let secs: Vec<String> = s
                .sections
                .iter()
                .map(|sec| {
                    let es: Vec<String> = sec
                        .entries
                        .iter()
                        .map(|e| {
                            let w = match &e.when {
                                EntryWhen::Period(p) => {
                                    format!("{}={:?}", p.raw, p.value.map(|v| v.to_string()))
                                }
                                EntryWhen::Thereafter(_) => "thereafter".into(),
                            };
                            format!(
                                "{w} rf={:?} q={:?}",
                                e.rf.as_ref().map(|r| r.value.to_string()),
                                e.qualifiers
                                    .iter()
                                    .map(|q| q.value.clone())
                                    .collect::<Vec<_>>()
                            )
                        })
                        .collect();
                    format!("[{:?}: {}]", area(&sec.area), es.join("; "))
                })
                .collect();
            format!("{:?} {}", s.form, secs.join(" "))
        }
        ClauseKind::Otherwise { rf, exceptions } => format!(
            "Otherwise {} EXC {:?}",
            rf.value,
            exceptions
                .iter()
                .map(|c| summarize(&c.kind))
                .collect::<Vec<_>>()
        ),
        other => format!("{other:?}").chars().take(300).collect(),
    }
}

fn area(a: &Area) -> String {
    match a {
        Area::Anywhere => "anywhere".into(),
        Area::Theaters { theaters, except } => format!(
            "{:?} exc {:?}",
            theaters.iter().map(|t| t.theater).collect::<Vec<_>>(),
            except
                .iter()
                .map(|e| (e.theater.theater, e.not_available))
                .collect::<Vec<_>>()
        ),
        Area::Elsewhere { except } => format!(
            "elsewhere exc {:?}",
            except
                .iter()
                .map(|e| (e.theater.theater, e.not_available))
                .collect::<Vec<_>>()
        ),
    }
}
