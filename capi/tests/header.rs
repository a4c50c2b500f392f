//! `include/etk.h` is what cbindgen generates from the crate today (CI fails on a stale
//! header). `ETK_BLESS=1 cargo test -p etk-capi --test header` rewrites it.

use std::path::Path;

#[test]
fn header_is_fresh() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header")
        .write(&mut generated);
    let path = dir.join("include/etk.h");
    if std::env::var_os("ETK_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/etk.h");
        return;
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/etk.h is stale: run `ETK_BLESS=1 cargo test -p etk-capi --test header`"
    );
}
