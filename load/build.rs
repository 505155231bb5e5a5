// Rebuild when a template is added, removed or edited: they are embedded in the binary.
fn main() {
    println!("cargo:rerun-if-changed=../templates");
}
