//! `etk-run` with ExecuTorch bundled programs: the bundle as the model and as `--io`, a
//! mismatch (exit 1), and errors (exit 3) for a bundle that does not fit the model or is cut.

use etk_runtime::BundledProgram;
use etk_runtime::bundle::BundledValue;
use std::process::{Command, Output};

fn model(file: &str) -> String {
    format!("{}/../../testing/models/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn etk_run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_etk-run"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Writes `bytes` to a file of this test's own in the temp directory.
fn temp(name: &str, bytes: &[u8]) -> String {
    let p = std::env::temp_dir().join(format!("etk-run-{}-{name}", std::process::id()));
    std::fs::write(&p, bytes).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn a_bundle_runs_its_own_program_or_a_given_one() {
    let bpte = model("mlp_bundled.bpte");
    for args in [
        vec!["--io", &bpte],
        vec![&bpte, "--io", &bpte, "--lib", "portable"],
    ] {
        let o = etk_run(&args);
        assert!(o.status.success(), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains("3 test cases: all outputs match"),
            "{}",
            text(&o)
        );
    }
    let pte = model("mlp_matmul.pte");
    let o = etk_run(&[&pte, "--io", &bpte, "--threads", "2"]);
    assert!(o.status.success(), "{}", text(&o));
}

#[test]
fn a_wrong_expected_value_is_a_mismatch() {
    let bytes = std::fs::read(model("mlp_bundled.bpte")).unwrap();
    let b = BundledProgram::load(&bytes).unwrap();
    let case = b.suite(0).unwrap().case(1).unwrap();
    let BundledValue::Tensor(t) = case.expected_output(0).unwrap() else {
        panic!("a tensor output")
    };
    let at = t.data.as_ptr() as usize - bytes.as_ptr() as usize;
    let mut changed = bytes.clone();
    changed[at..at + 4].copy_from_slice(&100.0f32.to_le_bytes());
    let path = temp("mismatch.bpte", &changed);
    let o = etk_run(&["--io", &path]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("case 1 output_0: MISMATCH"),
        "{}",
        text(&o)
    );
    let _ = std::fs::remove_file(path);
}

#[test]
fn a_bundle_for_another_model_or_a_cut_one_is_an_error() {
    let bpte = model("mlp_bundled.bpte");
    let o = etk_run(&[&model("mlp_wide.pte"), "--io", &bpte]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("test case 0 input 0"), "{}", text(&o));

    let bytes = std::fs::read(&bpte).unwrap();
    let path = temp("cut.bpte", &bytes[..bytes.len() / 2]);
    let o = etk_run(&["--io", &path]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("bundled program"), "{}", text(&o));
    let _ = std::fs::remove_file(path);
}
