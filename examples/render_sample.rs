use qm::build::{render_nation, BuildOptions};
use qm::templates::Templates;
fn main() {
    let nation = qm::render::sample::sample_nation();
    let t = Templates::new(None);
    let out = std::path::Path::new(&std::env::args().nth(1).unwrap()).to_path_buf();
    let arts =
        render_nation(&nation, &t, &BuildOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    for a in arts {
        let p = out.join(&a.path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, a.bytes).unwrap();
    }
}
