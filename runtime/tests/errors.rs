//! Every way a file, a registry or a caller can be wrong is an error that says where.

mod common;

use common::read;
use etk::{EValue, KernelContext, KernelEntry, OwnedTensor, Registry, ScalarType};
use etk_runtime::{ErrorKind, Method, Program};

fn load_err(bytes: &[u8]) -> etk_runtime::Error {
    Program::load(bytes).err().expect("expected a load error")
}

#[test]
fn bad_headers() {
    let e = load_err(b"ET12");
    assert_eq!((e.kind, e.part.as_str()), (ErrorKind::Malformed, "header"));
    let e = load_err(b"\x10\0\0\0PK12\0\0\0\0\0\0\0\0");
    assert!(e.message.contains("not an ExecuTorch program"), "{e}");
    let mut b = read("mlp_matmul", "pte");
    b[6..8].copy_from_slice(b"13");
    assert!(load_err(&b).message.contains("ET13"));

    let base = read("mlp_matmul", "pte");
    assert_eq!(
        &base[8..12],
        b"eh00",
        "the exporter writes an extended header"
    );
    let with = |at: usize, v: u64| {
        let mut b = base.clone();
        b[at..at + 8].copy_from_slice(&v.to_le_bytes());
        load_err(&b)
    };
    // Program size past the file, segment base past the file or inside the program.
    for e in [
        with(16, base.len() as u64 + 1),
        with(24, base.len() as u64 + 8),
        with(24, 16),
    ] {
        assert_eq!(
            (e.kind, e.part.as_str()),
            (ErrorKind::Malformed, "extended header"),
            "{e}"
        );
    }
    let mut b = base.clone();
    b[10..12].copy_from_slice(b"99");
    assert!(load_err(&b).message.contains("eh00"));
    let mut b = base.clone();
    b[12..16].copy_from_slice(&8u32.to_le_bytes());
    assert!(load_err(&b).message.contains("length 8"));
}

#[test]
fn a_corrupted_flatbuffer_or_segment_table_names_the_part() {
    let base = read("mlp_matmul", "pte");
    // The root offset pointing past the flatbuffer.
    let mut b = base.clone();
    b[0..4].copy_from_slice(&0xffff_fff0u32.to_le_bytes());
    assert_eq!(load_err(&b).part, "program flatbuffer");
    // Cutting the constant segment short: its table still describes the full size.
    let e = load_err(&base[..base.len() - 1]);
    assert!(e.part.starts_with("segments["), "{e}");
}

#[test]
fn every_missing_operator_is_listed_once() {
    let b = read("mlp_matmul", "pte");
    let program = Program::load(&b).unwrap();
    let e = Method::prepare(&program, "forward", &Registry::new(&[]))
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::OperatorMissing);
    assert!(
        e.message.starts_with("3 operators are not in the registry"),
        "{e}"
    );
    for op in ["aten::mm.out", "aten::add.out", "aten::relu.out"] {
        assert_eq!(e.message.matches(op).count(), 1, "{e}");
    }
}

#[test]
fn a_delegated_program_names_its_backend() {
    let b = read("delegated", "pte");
    let program = Program::load(&b).unwrap();
    let e = Method::prepare(&program, "forward", &etk::registry())
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::Delegate);
    assert!(e.message.contains("XnnpackBackend"), "{e}");
}

#[test]
fn unknown_method_and_bad_inputs() {
    let b = read("mlp_matmul", "pte");
    let program = Program::load(&b).unwrap();
    let e = Method::prepare(&program, "backward", &etk::registry())
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    let mut m = Method::prepare(&program, "forward", &etk::registry()).unwrap();
    assert_eq!(m.input(0).unwrap().sizes(), [4, 16]);
    let cases = [
        (
            0,
            OwnedTensor::zeros(ScalarType::Double, &[4, 16]).unwrap(),
            "dtype",
        ),
        (
            0,
            OwnedTensor::zeros(ScalarType::Float, &[4, 15]).unwrap(),
            "static",
        ),
        (
            0,
            OwnedTensor::zeros(ScalarType::Float, &[64]).unwrap(),
            "rank",
        ),
        (
            1,
            OwnedTensor::zeros(ScalarType::Float, &[4, 16]).unwrap(),
            "1 inputs",
        ),
    ];
    for (i, t, what) in cases {
        let e = m.set_input(i, &t.view()).err().unwrap();
        assert_eq!(e.kind, ErrorKind::InvalidArgument);
        assert!(e.to_string().contains(what), "{e} should say {what}");
    }
    let nchw = OwnedTensor::with_capacity(ScalarType::Float, &[4, 16], &[1, 0], 0).unwrap();
    assert!(
        m.set_input(0, &nchw.view())
            .err()
            .unwrap()
            .message
            .contains("dim order")
    );
    assert!(m.output(1).is_err());
    assert!(m.output_scalar(0).is_err());
}

fn failing_mm(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> etk::Result<()> {
    Err(etk::Error::invalid(
        "aten::mm.out",
        "self",
        "something else",
    ))
}

const FAILING: &[KernelEntry] = &[KernelEntry {
    name: "aten::mm.out",
    kernel: failing_mm,
}];
const TABLES: &[&[KernelEntry]] = &[etk::portable::TABLE, FAILING];

#[test]
fn a_kernel_error_names_the_instruction_and_operator() {
    let b = read("mlp_matmul", "pte");
    let program = Program::load(&b).unwrap();
    let mut m = Method::prepare(&program, "forward", &Registry::new(TABLES)).unwrap();
    let e = m.execute(&mut KernelContext::serial()).err().unwrap();
    assert_eq!(e.kind, ErrorKind::Execution);
    assert_eq!(e.part, "chains[0].instructions[0]");
    assert!(e.message.contains("aten::mm.out"), "{e}");
    assert_eq!(e.kernel.map(|k| k.arg), Some("self"));
}

#[test]
fn planned_memory_is_capped() {
    let b = read("mlp_matmul", "pte");
    let program = Program::load(&b).unwrap();
    let opts = etk_runtime::Options {
        max_planned_bytes: 16,
        ..Default::default()
    };
    let e = Method::prepare_with(&program, "forward", &etk::registry(), &opts, Vec::new())
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::Memory, "{e}");
}

#[test]
fn dynamic_inputs_resize_within_their_bound_only() {
    let b = read("mlp_dynamic", "pte");
    let program = Program::load(&b).unwrap();
    let mut m = Method::prepare(&program, "forward", &etk::registry()).unwrap();
    let mut ctx = KernelContext::serial();
    for batch in [1, 5, 8] {
        let x = OwnedTensor::zeros(ScalarType::Float, &[batch, 16]).unwrap();
        m.set_input(0, &x.view()).unwrap();
        m.execute(&mut ctx).unwrap();
        assert_eq!(m.output(0).unwrap().sizes(), [batch, 8]);
    }
    let x = OwnedTensor::zeros(ScalarType::Float, &[9, 16]).unwrap();
    let e = m.set_input(0, &x.view()).err().unwrap();
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    // The failed call changed nothing: the last shape still runs.
    m.execute(&mut ctx).unwrap();
    assert_eq!(m.output(0).unwrap().sizes(), [8, 8]);
}

#[test]
fn a_dynamic_input_may_not_grow_a_dim_past_its_bound_even_within_capacity() {
    let b = read("mlp_dynamic", "pte");
    let program = Program::load(&b).unwrap();
    let mut m = Method::prepare(&program, "forward", &etk::registry()).unwrap();
    // [4, 32] has the capacity's element count, but dim 1 is bounded by 16.
    let x = OwnedTensor::zeros(ScalarType::Float, &[4, 32]).unwrap();
    let e = m.set_input(0, &x.view()).err().unwrap();
    assert!(e.message.contains("bound"), "{e}");
}

#[test]
fn an_out_planned_over_an_input_is_refused() {
    // view_alias.pte with the multiply's out moved onto its inputs (export.py, bad_alias).
    let b = read("bad_alias", "pte");
    let program = Program::load(&b).unwrap();
    let e = Method::prepare(&program, "forward", &etk::registry())
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::Malformed);
    assert!(
        e.message
            .contains("share memory, and one of them is an out"),
        "{e}"
    );
}

#[test]
fn a_bool_constant_must_hold_zeros_and_ones() {
    let mut b = read("where_const", "pte");
    // The constant segment starts at the extended header's segment base; the 3-byte Bool
    // mask follows the three floats at the next 16-byte boundary.
    let base = u64::from_le_bytes(b[24..32].try_into().unwrap()) as usize + 16;
    assert_eq!(&b[base..base + 3], [1, 0, 1]);
    let program = Program::load(&b).unwrap();
    assert!(Method::prepare(&program, "forward", &etk::registry()).is_ok());
    b[base + 1] = 2;
    let program = Program::load(&b).unwrap();
    let e = Method::prepare(&program, "forward", &etk::registry())
        .err()
        .unwrap();
    assert!(e.message.contains("not 0 or 1"), "{e}");
}
