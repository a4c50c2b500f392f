//! ExecuTorch bundled programs: the committed `mlp_bundled.bpte` (mlp_matmul with three test
//! cases) and `cl_bundled.bpte` (a pointwise model whose program takes its input channels-last), written by
//! export.py, load, their programs run every case to the expected outputs, and broken
//! bundles are errors.

mod common;

use common::read;
use etk::{KernelContext, OwnedTensor, ScalarType, Tensor};
use etk_runtime::bundle::{BundledTensor, BundledValue};
use etk_runtime::{BundledProgram, ErrorKind, Method, Program};
use std::panic::catch_unwind;

/// The tensor's values in logical order, from its (possibly unaligned) bytes.
fn logical(t: &BundledTensor<'_>) -> Vec<f64> {
    let mut buf = vec![0u8; t.data.len() + 8];
    let at = buf.as_ptr().align_offset(8);
    let aligned = &mut buf[at..at + t.data.len()];
    aligned.copy_from_slice(t.data);
    let v = Tensor::from_bytes(t.dtype, aligned, &t.sizes, &t.dim_order).unwrap();
    (0..v.numel())
        .map(|i| {
            let off = etk::owned::logical_to_offset(i, v.sizes(), v.strides());
            v.read::<f64>(off).unwrap()
        })
        .collect()
}

fn tensor(v: BundledValue<'_>) -> BundledTensor<'_> {
    match v {
        BundledValue::Tensor(t) => t,
        other => panic!("expected a tensor, got {other:?}"),
    }
}

/// Runs every case of `name`'s first suite on both registries against its expected outputs
/// (FORMAT.md's tolerances); returns the bundle's input 0 of case 0 and the method's dim order
/// for it.
fn run_bundle(name: &str, cases: usize) -> (Vec<usize>, Vec<usize>) {
    let bytes = read(name, "bpte");
    let bundle = BundledProgram::load(&bytes).unwrap();
    assert_eq!((bundle.version(), bundle.num_suites()), (2, 1));
    let program = Program::load(bundle.program().unwrap()).unwrap();
    let suite = bundle.suite(0).unwrap();
    assert_eq!((suite.method_name(), suite.num_cases()), ("forward", cases));
    let mut orders = (Vec::new(), Vec::new());
    for reg in [etk::registry(), etk::portable_registry()] {
        let mut m = Method::prepare(&program, "forward", &reg).unwrap();
        let mut scratch = vec![0u8; 1 << 20];
        let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
        for c in 0..suite.num_cases() {
            let case = suite.case(c).unwrap();
            assert_eq!((case.num_inputs(), case.num_expected_outputs()), (1, 1));
            let x = tensor(case.input(0).unwrap());
            assert_eq!(x.dtype, ScalarType::Float);
            let order = m.input(0).unwrap().dim_order().to_vec();
            orders = (x.dim_order.as_slice().to_vec(), order.clone());
            let xs: Vec<f32> = logical(&x).iter().map(|&v| v as f32).collect();
            let t = OwnedTensor::from_logical(&xs, &x.sizes, &order).unwrap();
            m.set_input(0, &t.view()).unwrap();
            m.execute(&mut ctx).unwrap();
            let want = tensor(case.expected_output(0).unwrap());
            let got = m.output(0).unwrap();
            assert_eq!(got.sizes(), want.sizes.as_slice());
            for (k, w) in logical(&want).iter().enumerate() {
                let g = got
                    .read::<f64>(etk::owned::logical_to_offset(k, got.sizes(), got.strides()))
                    .unwrap();
                assert!(
                    (g - w).abs() <= 1e-5 + 1e-4 * w.abs(),
                    "{name} case {c}[{k}]: {g} vs {w}"
                );
            }
        }
        // Past the end: an error naming the list.
        let e = suite.case(cases).err().unwrap();
        assert!(
            e.to_string().contains(&format!("test_cases[{cases}]")),
            "{e}"
        );
        let e = suite.case(0).unwrap().input(1).err().unwrap();
        assert!(e.to_string().contains("inputs[1]"), "{e}");
    }
    orders
}

#[test]
fn bundled_cases_run_to_their_expected_outputs() {
    let (bundled, method) = run_bundle("mlp_bundled", 3);
    assert_eq!((bundled, method), (vec![0, 1], vec![0, 1]));
}

#[test]
fn a_bundle_for_a_channels_last_program_is_laid_out_in_the_programs_dim_order() {
    // ExecuTorch's serializer writes bundled tensors contiguous (with that dim order) even
    // when the program takes its input channels-last: values, not bytes, go across.
    let (bundled, method) = run_bundle("cl_bundled", 2);
    assert_eq!((bundled, method), (vec![0, 1, 2, 3], vec![0, 2, 3, 1]));
}

#[test]
fn a_program_file_or_a_broken_bundle_is_an_error() {
    let pte = read("mlp_matmul", "pte");
    let e = BundledProgram::load(&pte).err().unwrap();
    assert!(e.to_string().contains("BP08"), "{e}");
    // And a bundle is not a program.
    let bytes = read("mlp_bundled", "bpte");
    assert!(Program::load(&bytes).is_err());

    // A tensor whose data is shorter than its sizes need: the inputs are 4x16 floats; claim
    // 5 rows by editing every sizes vector [4, 16] outside the wrapped program.
    let bundle = BundledProgram::load(&bytes).unwrap();
    let program = bundle.program().unwrap();
    let p_at = program.as_ptr() as usize - bytes.as_ptr() as usize;
    let p_range = p_at..p_at + program.len();
    let mut b = bytes.clone();
    let pat: Vec<u8> = [2i32, 4, 16].iter().flat_map(|v| v.to_le_bytes()).collect();
    let hits: Vec<usize> = (0..b.len() - pat.len())
        .filter(|&i| b[i..i + pat.len()] == pat[..] && !p_range.contains(&i))
        .collect();
    assert!(!hits.is_empty());
    for at in hits {
        b[at + 4..at + 8].copy_from_slice(&5i32.to_le_bytes());
    }
    let bundle = BundledProgram::load(&b).unwrap();
    let e = bundle
        .suite(0)
        .unwrap()
        .case(0)
        .unwrap()
        .input(0)
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::Malformed);
    assert!(e.to_string().contains("needs 320"), "{e}");
}

#[test]
fn every_truncation_of_a_bundle_is_an_error_or_loads() {
    let base = read("mlp_bundled", "bpte");
    for n in 0..base.len() {
        let r = catch_unwind(|| {
            let Ok(b) = BundledProgram::load(&base[..n]) else {
                return;
            };
            let _ = b.program().map(|p| Program::load(p).is_ok());
        });
        assert!(r.is_ok(), "panic at length {n}");
    }
}
