//! Measures every vehicle chart and ordnance chart of a data folder against its pages, with
//! the embedded fonts:
//! each text of the PDF's table against its column (`qm_render::chart_overflow::pdf_overflows`),
//! and the HTML listing table's narrowest width against the printed page
//! (`qm_render::chart_fit::html_width`, as the chart sets it). Prints one line per nation
//! (a chart: `-ordnance` after the nation for its guns'; columns, PDF texts over their
//! column, HTML width, page width, font), each overflowing
//! text with `--texts`, then the totals:
//! `cargo run --example chart_fit -- DIR [--texts]`
//!
//! Exits 1 when a text or a table does not fit, so a script can hold a corpus at zero.

use std::path::Path;

use qm_registry::NationRegistries;
use qm_render::chart_fit::{html_width, HTML_PAGE_PX};
use qm_render::chart_overflow::pdf_overflows;
use qm_render::{chart_model, model_pages, ordnance_chart_model, ChartModel};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = args.first() else {
        eprintln!("usage: chart_fit DIR [--texts]");
        std::process::exit(2);
    };
    let texts = args.iter().any(|a| a == "--texts");
    let compiled = qm_compile::pipeline::compile(Path::new(dir), &Default::default());
    let (mut over_texts, mut over_charts, mut wide_tables, mut widest) = (0, 0, 0, 0.0_f64);
    println!("nation\tcolumns\tpdf font (pt)\tpdf texts over\tworst (pt)\thtml width (px)\tpage (px)\thtml font (pt)");
    let mut charts: Vec<(String, ChartModel)> = Vec::new();
    for nation in &compiled.nations {
        let registries = compiled.loaded.registries_of(&nation.id);
        if !nation.vehicles.is_empty() {
            charts.push((nation.id.clone(), chart_model(nation, &registries.types)));
        }
        if let Some(m) = ordnance_chart_model(nation, &registries.guns) {
            charts.push((format!("{}-ordnance", nation.id), m));
        }
    }
    for (name, model) in &charts {
        let pages = model_pages(model);
        let over = pdf_overflows(&pages);
        let pdf_font = pages.first().map_or(0.0, |p| p.font_size);
        let width = html_width(&model.table_texts(), &model.html);
        let worst = over.iter().map(|o| o.over).fold(0.0, f64::max);
        println!(
            "{name}\t{}\t{pdf_font}\t{}\t{worst:.1}\t{width:.0}\t{HTML_PAGE_PX:.0}\t{}",
            model.columns.len(),
            over.len(),
            model.html.font()
        );
        if texts {
            for o in &over {
                println!("\t{}\tpage {}\t{:.2} pt over", o.text, o.page, o.over);
            }
        }
        over_texts += over.len();
        over_charts += usize::from(!over.is_empty());
        wide_tables += usize::from(width > HTML_PAGE_PX);
        widest = widest.max(width);
    }
    println!(
        "total: {over_texts} PDF texts over their column in {over_charts} charts; \
         {wide_tables} HTML tables wider than the page (widest {widest:.0} px, page {HTML_PAGE_PX:.0} px)"
    );
    if over_texts > 0 || wide_tables > 0 {
        std::process::exit(1);
    }
}
