//! The fuzzer (`etk-fuzz`, built here with the test profile: overflow checks and debug
//! assertions on) against every kernel of every library with CI's budget, the faults it must
//! catch, and the issue-19 reproducer.

use std::collections::BTreeSet;
use std::process::Command;

use etk::ScalarType;
use etk_testing::fuzz::{Arg::*, TSpec, Verdict, check_call, lookup};

fn fuzz(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_etk-fuzz"))
        .args(args)
        .output()
        .expect("etk-fuzz runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Every kernel of portable, optimized (at every ISA level here), quantized and prim ops:
/// `ETK_FUZZ_CALLS` calls each (2000 by default). The parent runs every ISA level itself,
/// so the suite's second pass under a forced `ETK_ISA` skips this.
#[test]
fn every_kernel_survives_the_fuzzer() {
    if std::env::var_os("ETK_ISA").is_some() {
        eprintln!("ETK_ISA is set: the fuzzer already ran every ISA level in the first pass");
        return;
    }
    let calls = std::env::var("ETK_FUZZ_CALLS").unwrap_or_else(|_| "2000".into());
    let (ok, out) = fuzz(&["--calls", &calls]);
    let tail: Vec<&str> = out.lines().rev().take(2).collect();
    eprintln!(
        "{}",
        tail.iter().rev().copied().collect::<Vec<_>>().join("\n")
    );
    assert!(ok, "the fuzzer found problems:\n{out}");
}

/// The fuzzer can fail: a kernel that panics on a rare shape, one that writes past its out,
/// one that mutates an input, one that allocates, one that aborts, one that hangs, one that
/// accepts an aliased out, one that panics on a worker thread and one that loops over an int
/// argument when its input is empty (the ints and the tensors mutated together) are each
/// reported.
#[test]
fn the_fuzzer_reports_every_planted_fault() {
    let (ok, out) = fuzz(&["--lib", "selftest", "--calls", "3000", "--timeout", "5"]);
    assert!(!ok, "the planted faults went unnoticed:\n{out}");
    let found: BTreeSet<(String, String)> = out
        .lines()
        .filter_map(|l| l.strip_prefix("FAIL selftest "))
        .filter_map(|l| {
            let (op, rest) = l.split_once(": call ")?;
            let kind = rest.split(": ").nth(1)?;
            Some((op.to_string(), kind.to_string()))
        })
        .collect();
    for (op, kind) in [
        ("selftest::panics_on_rare_shape", "panic"),
        ("selftest::writes_past_out", "stray-write"),
        ("selftest::mutates_input", "input-mutated"),
        ("selftest::allocates", "allocation"),
        ("selftest::aborts", "crash"),
        ("selftest::hangs", "hang"),
        ("selftest::accepts_alias", "accepted-alias"),
        ("selftest::panics_on_worker", "panic"),
        ("selftest::loops_over_int_arg", "hang"),
    ] {
        assert!(
            found.contains(&(op.to_string(), kind.to_string())),
            "{op}: no {kind} reported; found {found:?}"
        );
    }
    // A finding comes with a reproducer that rebuilds the call.
    assert!(out.contains("reproducer:") && out.contains("check_call("));
}

/// Issue 19: a zero-element tensor with a huge dim in a permuted dim order made stride
/// arithmetic overflow. Views whose extent passes `isize` cannot be made now; the largest
/// that can are walked without overflow.
#[test]
fn zero_element_tensors_with_huge_dims() {
    let call = |op: &str, n: usize, dtype: ScalarType| {
        let s = [0, 2, 2, n, 2];
        let mut args = vec![
            Tensor(TSpec::new(dtype, &s, vec![]).order(&[0, 2, 3, 4, 1])),
            Tensor(TSpec::new(dtype, &s, vec![])),
        ];
        if op == "aten::add.out" {
            args.push(Int(1));
        }
        let out_dtype = if op == "aten::eq.Tensor_out" {
            ScalarType::Bool
        } else {
            dtype
        };
        args.push(Out(TSpec::new(out_dtype, &s, vec![]).out(64, false)));
        args
    };
    for lib in ["portable", "optimized"] {
        for op in ["aten::eq.Tensor_out", "aten::add.out", "aten::mul.out"] {
            let Some(k) = lookup(lib, op) else { continue };
            let r = check_call(k, op, 1, &call(op, 1 << 60, ScalarType::Float), 1);
            assert!(matches!(r.verdict, Verdict::NotAView(_)), "{lib} {op}");
            // the largest extent a Byte view of these sizes may have
            let n = (isize::MAX as usize) / 8;
            let r = check_call(k, op, 1, &call(op, n, ScalarType::Byte), 1);
            assert_eq!(r.verdict, Verdict::Ok, "{lib} {op}");
            assert!(r.findings.is_empty(), "{lib} {op}: {:?}", r.findings);
        }
    }
}

/// A reproducer is Rust that rebuilds the call: this one, printed by `to_rust` for a call with
/// every kind of value, was pasted here and runs.
#[test]
fn a_printed_reproducer_compiles_and_runs() {
    use etk_testing::fuzz::args::to_rust;
    let args = vec![
        Tensor(TSpec::hex(ScalarType::Float, &[2, 1], "0000803f00000040").order(&[1, 0])),
        OptTensorList(vec![
            Option::None,
            Some(TSpec::hex(ScalarType::Long, &[1], "0100000000000000")),
        ]),
        IntList(vec![0, -1]),
        DoubleList(vec![f64::NAN, 0.5]),
        BoolList(vec![true]),
        Str("tanh".into()),
        None,
        Bool(false),
        Double(f64::NEG_INFINITY),
        Int(-3),
        TensorList(vec![TSpec::hex(ScalarType::Byte, &[0], "")]),
        AliasOut {
            input: 0,
            spec: TSpec::hex(ScalarType::Float, &[2], "0000000000000000").out(8, false),
        },
        OutList(vec![
            TSpec::hex(ScalarType::Int, &[1], "00000000").out(64, true),
        ]),
        Out(TSpec::hex(ScalarType::Bool, &[1], "00").out(1, false)),
    ];
    let printed = to_rust("aten::add.out", "portable", 1, 1, &args);
    let body: String = args
        .iter()
        .map(|a| format!("{a:?}"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(printed.contains("Option::None"), "{printed}");
    assert!(printed.contains("AliasOut { input: 0, spec: TSpec::hex(ScalarType::Float, &[2], \"0000000000000000\").out(8, false) }"), "{printed}\n{body}");
    let kernel = lookup("portable", "aten::add.out").unwrap();
    // wrong arity for add.out: rejected, and nothing else to report
    let r = check_call(kernel, "aten::add.out", 1, &args, 1);
    assert!(matches!(r.verdict, Verdict::Err(_)), "{:?}", r.verdict);
    assert!(r.findings.is_empty());
}

/// Found by a soak: a zero-element product with a huge dim (`[2^32, 0] @ [0, 0]`, a batch of
/// 2^40 empty matrices) looped over that dim for minutes before writing nothing.
#[test]
fn empty_products_with_huge_dims_return_at_once() {
    let f = |sizes: &[usize]| Tensor(TSpec::new(ScalarType::Float, sizes, vec![]));
    let out = |sizes: &[usize]| Out(TSpec::new(ScalarType::Float, sizes, vec![]).out(4, true));
    let calls: Vec<(&str, Vec<etk_testing::fuzz::Arg>)> = vec![
        (
            "aten::mm.out",
            vec![f(&[1 << 32, 0]), f(&[0, 0]), out(&[1, 1])],
        ),
        (
            "aten::linear.out",
            vec![f(&[1 << 40, 0]), f(&[0, 0]), f(&[0]), out(&[2, 0])],
        ),
        (
            "aten::bmm.out",
            vec![f(&[1 << 40, 0, 3]), f(&[1 << 40, 3, 2]), out(&[1])],
        ),
        (
            "aten::bmm.out",
            vec![f(&[1 << 40, 2, 0]), f(&[1 << 40, 0, 0]), out(&[1])],
        ),
    ];
    for lib in ["portable", "optimized"] {
        for (op, args) in &calls {
            let Some(k) = lookup(lib, op) else { continue };
            let r = check_call(k, op, 1, args, 1);
            assert!(r.findings.is_empty(), "{lib} {op}: {:?}", r.findings);
            assert!(r.elapsed.as_secs() < 1, "{lib} {op}: {:?}", r.elapsed);
        }
    }
}

/// Found by the fuzzer: an index tensor of rank 16 leaves no room for self's unindexed dims in
/// the result; index_put_ indexed past its rank-16 stride table instead of saying so.
#[test]
fn advanced_index_results_past_rank_16_are_errors() {
    let sizes = [1, 2, 1, 2, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 2];
    let n: usize = sizes.iter().product();
    let self_ = TSpec::new(ScalarType::Float, &[3, 4], vec![0; 48]);
    let index = TSpec::new(ScalarType::Long, &sizes, vec![0; 8 * n]);
    for (lib, op) in [
        ("portable", "aten::index_put_"),
        ("portable", "aten::index.Tensor_out"),
    ] {
        let Some(k) = lookup(lib, op) else { continue };
        let mut args = vec![
            Tensor(self_.clone()),
            OptTensorList(vec![Some(index.clone())]),
        ];
        if op == "aten::index_put_" {
            args.push(Tensor(TSpec::new(ScalarType::Float, &[1], vec![0; 4])));
            args.push(Bool(false));
            args.push(AliasOut {
                input: 0,
                spec: self_.clone(),
            });
        } else {
            args.push(Out(TSpec::new(ScalarType::Float, &[1], vec![]).out(4, true)));
        }
        let r = check_call(k, op, 1, &args, 1);
        assert!(r.findings.is_empty(), "{op}: {:?}", r.findings);
        assert!(
            matches!(r.verdict, Verdict::Err(_)),
            "{op}: {:?}",
            r.verdict
        );
    }
}

/// Found by the fuzzer: a dynamic out of zero elements over an input's memory passed the
/// alias check (it overlapped nothing yet), then was resized over the input and written.
#[test]
fn an_empty_dynamic_out_over_an_input_is_an_alias() {
    let x = TSpec::new(ScalarType::Float, &[2, 3], vec![0; 24]);
    let args = vec![
        Tensor(x.clone()),
        IntList(vec![1]),
        IntList(vec![1]),
        AliasOut {
            input: 0,
            spec: TSpec::new(ScalarType::Float, &[0], vec![]).out(24, true),
        },
    ];
    for lib in ["portable", "optimized"] {
        let Some(k) = lookup(lib, "aten::roll.out") else {
            continue;
        };
        let r = check_call(k, "aten::roll.out", 1, &args, 1);
        assert!(r.findings.is_empty(), "{lib}: {:?}", r.findings);
        assert!(
            matches!(r.verdict, Verdict::Err(_)),
            "{lib}: {:?}",
            r.verdict
        );
    }
}

/// Found by the fuzzer: tril of an empty tensor with a 2^48-row dim looped over its rows.
#[test]
fn tril_of_an_empty_tensor_with_huge_rows_returns_at_once() {
    let args = vec![
        Tensor(TSpec::new(ScalarType::Float, &[0, 1 << 48, 4], vec![])),
        Int(3),
        Out(TSpec::new(ScalarType::Float, &[7], vec![]).out(96, true)),
    ];
    let k = lookup("portable", "aten::tril.out").unwrap();
    let r = check_call(k, "aten::tril.out", 1, &args, 1);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.verdict, Verdict::Ok);
    assert!(r.elapsed.as_secs() < 1, "{:?}", r.elapsed);
}

/// Found by the soak: a mask spans as many dims as it has, so a list of indices no longer than
/// the rank could still index past the last dim (a panic on the dim table).
#[test]
fn indices_past_the_last_dim_after_a_mask_are_errors() {
    let self_ = TSpec::new(ScalarType::Float, &[2, 3, 4, 1], vec![0; 96]);
    let mask = TSpec::new(ScalarType::Bool, &[2, 3, 4], vec![1; 24]);
    let index = TSpec::new(ScalarType::Long, &[1], vec![0; 8]);
    for op in ["aten::index.Tensor_out", "aten::index_put.out"] {
        let Some(k) = lookup("portable", op) else {
            continue;
        };
        let mut args = vec![
            Tensor(self_.clone()),
            OptTensorList(vec![Some(mask.clone()), Option::None, Some(index.clone())]),
        ];
        if op == "aten::index_put.out" {
            args.push(Tensor(TSpec::new(ScalarType::Float, &[1], vec![0; 4])));
            args.push(Bool(false));
        }
        args.push(Out(
            TSpec::new(ScalarType::Float, &[1], vec![]).out(96, true)
        ));
        let r = check_call(k, op, 1, &args, 1);
        assert!(r.findings.is_empty(), "{op}: {:?}", r.findings);
        assert!(
            matches!(r.verdict, Verdict::Err(_)),
            "{op}: {:?}",
            r.verdict
        );
    }
}

/// Found by the soak: softmax over an empty dim walked every index of the other dims (2^56 of
/// them) for lanes of no elements.
#[test]
fn softmax_of_an_empty_tensor_with_huge_dims_returns_at_once() {
    for op in ["aten::_softmax.out", "aten::_log_softmax.out"] {
        let Some(k) = lookup("portable", op) else {
            continue;
        };
        let args = vec![
            Tensor(
                TSpec::new(ScalarType::Double, &[1 << 56, 3, 4, 0], vec![]).order(&[0, 2, 3, 1]),
            ),
            Int(3),
            Bool(false),
            Out(TSpec::new(ScalarType::Double, &[0], vec![]).out(24, true)),
        ];
        let r = check_call(k, op, 1, &args, 1);
        assert!(r.findings.is_empty(), "{op}: {:?}", r.findings);
    }
}

/// Found by CI's fuzz run: an adaptive pool of an empty input with a huge batch walked every
/// batch index for planes of no elements.
#[test]
fn pooling_an_empty_tensor_with_a_huge_batch_returns_at_once() {
    let Some(k) = lookup("portable", "aten::_adaptive_avg_pool2d.out") else {
        return;
    };
    let args = vec![
        Tensor(TSpec::new(ScalarType::Float, &[1 << 55, 0, 7, 6], vec![])),
        IntList(vec![7, 6]),
        Out(TSpec::new(ScalarType::Float, &[2, 3, 7, 6], vec![])
            .order(&[0, 2, 3, 1])
            .out(1008, true)),
    ];
    let r = check_call(k, "aten::_adaptive_avg_pool2d.out", 1, &args, 1);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}
