//! `etk-run` without test vectors: generated inputs that a program taking token ids can run on,
//! inputs read from `.npy` and safetensors files, and the prepare switches.

use std::process::{Command, Output};

fn etk_run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_etk-run"))
        .args(args)
        .output()
        .unwrap()
}

fn model(file: &str) -> String {
    format!("{}/../../testing/models/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn ok(o: &Output) -> String {
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

/// A `.npy` (format 1.0) file of `<f4` values.
fn npy_f32(shape: &[usize], values: &[f32]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape = if dims.len() == 1 {
        format!("({},)", dims[0])
    } else {
        format!("({})", dims.join(", "))
    };
    let mut h = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + h.len() + 1) % 64 != 0 {
        h.push(' ');
    }
    h.push('\n');
    let mut b = b"\x93NUMPY\x01\x00".to_vec();
    b.extend_from_slice(&(h.len() as u16).to_le_bytes());
    b.extend_from_slice(h.as_bytes());
    for v in values {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b
}

#[test]
fn integer_inputs_are_ones_so_token_programs_run() {
    // llama takes token ids and positions: random integers would index out of range.
    let out = ok(&etk_run(&[&model("llama.pte")]));
    assert!(out.contains("output 0: Float [1, 1, 64]"), "{out}");
}

#[test]
fn inputs_from_npy_and_safetensors_files() {
    let dir = std::env::temp_dir().join(format!("etk-run-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // view_alias: out = (x + 1) * (x + 1) on x [2, 3].
    let x = [0.0f32, 1.0, 2.0, -1.0, 0.5, 3.0];
    let npy = dir.join("x.npy");
    std::fs::write(&npy, npy_f32(&[2, 3], &x)).unwrap();
    let arg = format!("0={}", npy.display());
    let out = ok(&etk_run(&[&model("view_alias.pte"), "--input", &arg]));
    assert!(
        out.contains(
            "output 0: Float [2, 3] [1.000000, 4.000000, 9.000000, 0.000000, 2.250000, 16.000000]"
        ),
        "{out}"
    );
    // the same from a test-vector file (one named input_0 among several tensors)
    let io = model("view_alias.io.safetensors");
    let out = ok(&etk_run(&[
        &model("view_alias.pte"),
        "--input",
        &format!("0={io}"),
    ]));
    assert!(out.contains("output 0: Float [2, 3]"), "{out}");
    // wrong shape, unknown input
    let bad = dir.join("bad.npy");
    std::fs::write(&bad, npy_f32(&[4], &[1.0; 4])).unwrap();
    let o = etk_run(&[
        &model("view_alias.pte"),
        "--input",
        &format!("0={}", bad.display()),
    ]);
    assert_eq!(o.status.code(), Some(3));
    let o = etk_run(&[
        &model("view_alias.pte"),
        "--input",
        &format!("5={}", npy.display()),
    ]);
    assert_eq!(o.status.code(), Some(3));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn prepare_switches_report_what_they_did() {
    let (pte, io) = (model("mlp_linear.pte"), model("mlp_linear.io.safetensors"));
    let on = ok(&etk_run(&[&pte, "--io", &io, "--profile"]));
    assert!(on.contains("constant folding: 2 instructions"), "{on}");
    assert!(on.contains("addmm+relu"), "{on}");
    let off = ok(&etk_run(&[
        &pte,
        "--io",
        &io,
        "--profile",
        "--no-fold",
        "--no-prepack",
        "--no-fuse",
    ]));
    assert!(off.contains("constant folding: 0 instructions"), "{off}");
    assert!(off.contains("aten::permute_copy.out"), "{off}");
    assert!(!off.contains("addmm+relu"), "{off}");
}
