//! The C side: the example (`examples/kernel_and_program.c`: a kernel call and a program run)
//! and the hostile calls (`tests/c/hostile.c`), each compiled with `cc` against
//! `include/etk.h` and this crate's cdylib, then run.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where cargo put this crate's cdylib. `cargo test -p etk-capi` copies it up to
/// `target/<profile>/`; `cargo test --workspace` leaves it in `target/<profile>/deps/`, beside
/// the test binary (a fresh-clone CI run found that out).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("target/<profile>/deps").to_path_buf();
    let profile = deps.parent().expect("target/<profile>").to_path_buf();
    [deps, profile]
        .into_iter()
        .find(|dir| dir.join("libetk_capi.so").exists())
        .unwrap_or_else(|| panic!("no libetk_capi.so beside {}", exe.display()))
}

fn compile_and_run(source: &str, name: &str, args: &[&str]) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = lib_dir();
    let bin = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-I"])
        .arg(dir.join("include"))
        .arg(dir.join(source))
        .arg("-L")
        .arg(&lib)
        .arg("-letk_capi")
        .arg(format!("-Wl,-rpath,{}", lib.display()))
        .arg("-o")
        .arg(&bin)
        .status()
        .unwrap_or_else(|e| panic!("cannot run {cc}: {e}"));
    assert!(status.success(), "{cc} failed on {source}");
    let out = Command::new(&bin)
        .args(args)
        .output()
        .expect("run the C program");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn c_example_calls_a_kernel_and_runs_a_program() {
    let model = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testing/models/mlp_matmul.pte"
    );
    let out = compile_and_run(
        "examples/kernel_and_program.c",
        "kernel_and_program",
        &[model],
    );
    assert!(out.contains("aten::add.out: 21 42 63"), "{out}");
    assert!(out.contains("output 0 has 2 dims: 4 8"), "{out}");
}

#[test]
fn c_hostile_calls_return_errors() {
    let out = compile_and_run("tests/c/hostile.c", "hostile", &[]);
    assert!(out.contains(" passed, 0 failed"), "{out}");
}
