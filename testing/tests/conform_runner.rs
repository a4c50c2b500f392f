//! The conformance runner on a small suite built here: it must classify every case exactly,
//! so it can fail (wrong values, wrong shapes, wrongly accepted and rejected calls, panics,
//! writes outside the outs, malformed files) as well as pass.

use etk::{EValue, Error, ErrorKind, KernelContext, KernelEntry, Registry, Result, ScalarType};
use etk_testing::conform::{self, OpCounts, Outcome, Report, Target};
use safetensors::Dtype;
use safetensors::tensor::TensorView;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A suite file under construction.
#[derive(Default)]
struct File {
    tensors: Vec<(String, Dtype, Vec<usize>, Vec<u8>)>,
    cases: Vec<Value>,
}

trait Elem: Copy {
    const DTYPE: Dtype;
    fn bytes(self) -> Vec<u8>;
}
macro_rules! elem {
    ($t:ty, $d:ident) => {
        impl Elem for $t {
            const DTYPE: Dtype = Dtype::$d;
            fn bytes(self) -> Vec<u8> {
                self.to_le_bytes().to_vec()
            }
        }
    };
}
elem!(f32, F32);
elem!(f64, F64);
elem!(i64, I64);
elem!(u8, U8);
elem!(u16, U16);
impl Elem for bool {
    const DTYPE: Dtype = Dtype::BOOL;
    fn bytes(self) -> Vec<u8> {
        vec![self as u8]
    }
}

impl File {
    fn tensor<T: Elem>(&mut self, name: &str, shape: &[usize], values: &[T]) -> String {
        let bytes = values.iter().flat_map(|v| v.bytes()).collect();
        self.tensors
            .push((name.to_string(), T::DTYPE, shape.to_vec(), bytes));
        name.to_string()
    }

    fn case(&mut self, c: Value) {
        self.cases.push(c);
    }

    fn write(&self, path: &Path) {
        let views: Vec<(String, TensorView<'_>)> = self
            .tensors
            .iter()
            .map(|(n, d, s, b)| (n.clone(), TensorView::new(*d, s.clone(), b).unwrap()))
            .collect();
        let meta = HashMap::from([(
            "cases".to_string(),
            serde_json::to_string(&self.cases).unwrap(),
        )]);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, safetensors::serialize(views, Some(meta)).unwrap()).unwrap();
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("etk-conform-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn counts(r: &Report, op: &str) -> OpCounts {
    r.per_op().get(op).copied().unwrap_or_default()
}

fn outcomes(r: &Report, op: &str) -> Vec<Outcome> {
    r.cases
        .iter()
        .filter(|c| c.op == op)
        .map(|c| c.outcome)
        .collect()
}

fn add_file() -> File {
    let mut f = File::default();
    let a: Vec<f32> = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let b: Vec<f32> = vec![10.0, 20.0, 30.0];
    let sum: Vec<f32> = (0..6).map(|i| a[i] + b[i % 3]).collect();
    f.tensor("a", &[2, 3], &a);
    f.tensor("b", &[3], &b);
    f.tensor("sum", &[2, 3], &sum);
    let mut bad = sum.clone();
    bad[4] += 0.5;
    f.tensor("bad", &[2, 3], &bad);
    f.tensor("sum32", &[3, 2], &sum);
    let add = |args: Value, outs: Value, expected: Value, note: &str| {
        json!({"op": "aten::add.out", "args": args, "outs": outs, "expected": expected,
               "tol": "exact", "note": note})
    };
    let ab = json!([{"tensor": "a"}, {"tensor": "b"}, {"int": 1}]);
    let out = json!([{"dtype": "Float", "shape": [2, 3]}]);
    // 0: broadcast add, exact.
    f.case(add(ab.clone(), out.clone(), json!(["sum"]), "broadcast"));
    // 1: a corrupted expected value.
    f.case(add(ab.clone(), out.clone(), json!(["bad"]), "corrupted"));
    // 2: ATen rejects a Float result in an Int out.
    let int_out = json!([{"dtype": "Int", "shape": [2, 3]}]);
    f.case(add(ab.clone(), int_out, json!("error"), "Float into Int"));
    // 3: a valid call marked as an error.
    f.case(add(ab, out.clone(), json!("error"), "wrongly accepted"));
    // 4: channels-last inputs and out.
    let x: Vec<f32> = (0..12).map(|i| i as f32 * 0.5).collect();
    let y: Vec<f32> = (0..12).map(|i| 100.0 - i as f32).collect();
    let xy: Vec<f32> = x.iter().zip(&y).map(|(a, b)| a + 2.0 * b).collect();
    f.tensor("x", &[1, 2, 2, 3], &x);
    f.tensor("y", &[1, 2, 2, 3], &y);
    f.tensor("xy", &[1, 2, 2, 3], &xy);
    f.case(add(
        json!([{"tensor": "x", "dim_order": [0, 2, 3, 1]}, {"tensor": "y", "dim_order": [0, 2, 3, 1]}, {"int": 2}]),
        json!([{"dtype": "Float", "shape": [1, 2, 2, 3], "dim_order": [0, 2, 3, 1]}]),
        json!(["xy"]),
        "channels last",
    ));
    // 5: the out must be resized from [0] to [2, 3].
    f.case(add(
        json!([{"tensor": "a"}, {"tensor": "b"}, {"int": 1}]),
        json!([{"dtype": "Float", "shape": [0]}]),
        json!(["sum"]),
        "resize",
    ));
    // 6: resized to [2, 3] where [3, 2] is expected: a shape failure.
    f.case(add(
        json!([{"tensor": "a"}, {"tensor": "b"}, {"int": 1}]),
        json!([{"dtype": "Float", "shape": [6]}]),
        json!(["sum32"]),
        "wrong shape",
    ));
    // 7: Long, exact.
    let l: Vec<i64> = vec![i64::MAX, -5, 7];
    let l2: Vec<i64> = vec![1, 5, -9];
    let ls: Vec<i64> = l
        .iter()
        .zip(&l2)
        .map(|(a, b)| a.wrapping_add(3 * b))
        .collect();
    f.tensor("l", &[3], &l);
    f.tensor("l2", &[3], &l2);
    f.tensor("ls", &[3], &ls);
    f.case(add(
        json!([{"tensor": "l"}, {"tensor": "l2"}, {"int": 3}]),
        json!([{"dtype": "Long", "shape": [3]}]),
        json!(["ls"]),
        "wrapping Long",
    ));
    // 8: the expected tensor is missing from the file: malformed, a failure.
    f.case(add(
        json!([{"tensor": "a"}, {"tensor": "b"}, {"int": 1}]),
        out.clone(),
        json!(["nope"]),
        "missing",
    ));
    // 9: ATen rejects a float alpha with integral tensors, but the case claims a value.
    f.case(add(
        json!([{"tensor": "l"}, {"tensor": "l2"}, {"float": 0.5}]),
        json!([{"dtype": "Long", "shape": [3]}]),
        json!(["ls"]),
        "wrongly rejected",
    ));
    f
}

fn sin_file() -> File {
    let mut f = File::default();
    let x: Vec<f32> = vec![0.0, -0.0, f32::INFINITY, 1.0, -2.5];
    let want: Vec<f32> = x.iter().map(|v| v.sin()).collect();
    f.tensor("x", &[5], &x);
    f.tensor("want", &[5], &want);
    let mut off = want.clone();
    off[3] += 1e-3;
    f.tensor("off", &[5], &off);
    f.tensor("nz", &[1], &[-0.0f32]);
    f.tensor("pz", &[1], &[0.0f32]);
    let xd: Vec<f64> = vec![0.25, -1.0, 3.0];
    f.tensor("xd", &[3], &xd);
    f.tensor("wd", &[3], &xd.iter().map(|v| v.sin()).collect::<Vec<_>>());
    let sin = |x: &str, dt: &str, n: usize, want: &str, tol: Value, extra: Option<bool>| {
        let mut c = json!({"op": "aten::sin.out", "args": [{"tensor": x}],
            "outs": [{"dtype": dt, "shape": [n]}], "expected": [want], "tol": tol});
        if let Some(z) = extra {
            c["signed_zero"] = json!(z);
        }
        c
    };
    let close = json!({"rtol": 1e-6, "atol": 1e-6});
    // 0: pass (NaN where NaN is expected, -0.0 in tolerance).
    f.case(sin("x", "Float", 5, "want", close.clone(), None));
    // 1: -0.0 where 0.0 is expected, exact: fails.
    f.case(sin("nz", "Float", 1, "pz", json!("exact"), None));
    // 2: the same with "signed_zero": false: passes.
    f.case(sin("nz", "Float", 1, "pz", json!("exact"), Some(false)));
    // 3: outside the tolerance: fails.
    f.case(sin("x", "Float", 5, "off", close, None));
    // 4: Double.
    f.case(sin(
        "xd",
        "Double",
        3,
        "wd",
        json!({"rtol": 1e-12, "atol": 1e-15}),
        None,
    ));
    f
}

fn misc_file() -> File {
    let mut f = File::default();
    f.tensor("a", &[2], &[1.0f32, 2.0]);
    f.tensor("u", &[2], &[1u16, 2]);
    f.tensor("m", &[1, 1, 2], &[1.0f32, 2.0]);
    // 0: an operator nobody registers.
    f.case(
        json!({"op": "aten::frobnicate.out", "args": [{"tensor": "a"}],
        "outs": [{"dtype": "Float", "shape": [2]}], "expected": ["a"], "tol": "exact"}),
    );
    // 1: complex tensors, into a kernel that does not compute complex (mm: unsupported).
    f.case(json!({"op": "aten::mm.out",
        "args": [{"tensor": "m", "complex": true}, {"tensor": "m", "complex": true}],
        "outs": [{"dtype": "ComplexFloat", "shape": [1, 1]}], "expected": "error", "tol": "exact"}));
    // 2: an unknown out dtype.
    f.case(json!({"op": "aten::sin.out", "args": [{"tensor": "a"}],
        "outs": [{"dtype": "Float8", "shape": [2]}], "expected": "error", "tol": "exact"}));
    // 3: a UInt16 tensor (no element type in etk).
    f.case(json!({"op": "aten::sin.out", "args": [{"tensor": "u"}],
        "outs": [{"dtype": "Float", "shape": [2]}], "expected": "error", "tol": "exact"}));
    // 4: an out far larger than the runner allocates.
    f.case(json!({"op": "aten::sin.out", "args": [{"tensor": "a"}],
        "outs": [{"dtype": "Float", "shape": [1u64 << 40]}], "expected": "error", "tol": "exact"}));
    // 5: a malformed case.
    f.case(json!({"op": "aten::sin.out", "outs": [], "expected": "error"}));
    f
}

#[test]
fn runner_reports_exact_counts_for_portable() {
    let dir = temp_dir("portable");
    add_file().write(&dir.join("add.safetensors"));
    sin_file().write(&dir.join("nested/deeper/sin.safetensors"));
    misc_file().write(&dir.join("nested/misc.safetensors"));
    std::fs::write(
        dir.join("garbage.safetensors"),
        b"\x10\0\0\0\0\0\0\0not json",
    )
    .unwrap();
    // A valid safetensors file without cases.
    let views: Vec<(String, TensorView<'_>)> = Vec::new();
    std::fs::write(
        dir.join("no_cases.safetensors"),
        safetensors::serialize(views, None).unwrap(),
    )
    .unwrap();
    std::fs::write(dir.join("ignored.txt"), b"not a suite file").unwrap();

    let r = conform::run(Target::portable(), std::slice::from_ref(&dir), None).unwrap();
    for c in &r.cases {
        eprintln!(
            "{:?} {} {:?} {} {}",
            c.index, c.op, c.outcome, c.note, c.detail
        );
    }
    use Outcome::*;
    assert_eq!(
        outcomes(&r, "aten::add.out"),
        [
            Passed,
            Failed,
            Passed,
            WronglyAccepted,
            Passed,
            Passed,
            Failed,
            Passed,
            Failed,
            WronglyRejected
        ]
    );
    assert_eq!(
        outcomes(&r, "aten::sin.out"),
        [
            Passed,
            Failed,
            Passed,
            Failed,
            Passed,
            Unsupported,
            Unsupported,
            Unsupported,
            Failed
        ]
    );
    assert_eq!(outcomes(&r, "aten::mm.out"), [Unsupported]);
    assert_eq!(outcomes(&r, "aten::frobnicate.out"), [Unsupported]);
    assert_eq!(outcomes(&r, conform::MALFORMED_FILE), [Failed, Failed]);
    // Files are read in sorted order: add, garbage, nested/deeper/sin, nested/misc, no_cases.
    let files: Vec<&str> = r.cases.iter().map(|c| c.file.as_str()).collect();
    let mut sorted = files.clone();
    sorted.sort();
    assert_eq!(files, sorted);
    assert_eq!(r.files, 5);

    let t = r.totals();
    assert_eq!((t.passed, t.failed, t.skipped), (8, 10, 5));
    assert_eq!(r.summary_line(), "8 passed, 10 failed, 5 skipped");
    let add = counts(&r, "aten::add.out");
    assert_eq!(
        (
            add.cases,
            add.passed,
            add.failed,
            add.wrongly_accepted,
            add.wrongly_rejected
        ),
        (10, 5, 3, 1, 1)
    );
    let table = r.table();
    assert!(table.contains("aten::add.out"), "{table}");
    assert!(table.lines().next().unwrap().contains("unsupported"));
    let details = r.failure_details();
    assert!(
        details.contains("first at [1, 1]: got 25.0, expected 25.5"),
        "{details}"
    );
    assert!(
        details.contains("shape [2, 3], expected [3, 2]"),
        "{details}"
    );

    // The JSON report carries the same numbers.
    let j = r.to_json(Some("scalar"));
    assert_eq!(j["summary"]["failed"], 10);
    assert_eq!(j["cases"].as_array().unwrap().len(), r.cases.len());

    // --op filters.
    let only = conform::run(Target::portable(), std::slice::from_ref(&dir), Some("sin")).unwrap();
    assert_eq!(only.per_op().len(), 1);
    assert_eq!(only.summary_line(), "3 passed, 3 failed, 3 skipped");
    let _ = std::fs::remove_dir_all(&dir);
}

// Fake kernels that misbehave in every way the runner must catch.

fn out_of<'a, 'b>(stack: &'a mut [EValue<'b>]) -> &'a mut etk::Tensor<'b> {
    match stack.last_mut() {
        Some(EValue::Tensor(t)) => t,
        _ => panic!("no out"),
    }
}

fn panics(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> Result<()> {
    panic!("deliberate panic")
}

fn writes_input(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    if let EValue::Tensor(t) = &stack[0] {
        // A kernel bug: writing through a read-only input.
        unsafe { *(t.as_ptr() as *mut u8) ^= 1 };
    }
    copy_first(stack)
}

fn writes_past_out(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    copy_first(stack)?;
    let out = out_of(stack);
    let n = out.nbytes();
    let p = out.as_mut_ptr("test", "out")?;
    unsafe { *p.add(n) = 0 };
    Ok(())
}

fn not_implemented(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> Result<()> {
    Err(Error::new(ErrorKind::NotImplemented, "test", "self"))
}

fn noop(_: &mut KernelContext<'_>, _: &mut [EValue<'_>]) -> Result<()> {
    Ok(())
}

/// out = self (same dtype and shape), element by element in logical order.
fn copy_first(stack: &mut [EValue<'_>]) -> Result<()> {
    let (ins, outs) = stack.split_at_mut(1);
    let (EValue::Tensor(src), Some(EValue::Tensor(out))) = (&ins[0], outs.last_mut()) else {
        return Err(Error::invalid("test", "self", "tensors"));
    };
    out.resize("test", "out", src.sizes())?;
    let es = src.element_size();
    let n = src.numel();
    let (sizes, s_strides, o_strides) = (
        src.sizes().to_vec(),
        src.strides().to_vec(),
        out.strides().to_vec(),
    );
    let dst = out.as_mut_ptr("test", "out")?;
    for i in 0..n {
        let a = etk::owned::logical_to_offset(i, &sizes, &s_strides);
        let b = etk::owned::logical_to_offset(i, &sizes, &o_strides);
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr().add(a * es), dst.add(b * es), es) };
    }
    Ok(())
}

/// In place: self *= 2 (Float), checking that self and the out are the same tensor.
fn doubles_in_place(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    let [EValue::Tensor(s), EValue::Tensor(out)] = stack else {
        return Err(Error::invalid("test", "self", "two tensors"));
    };
    if !s.same_as(out) || s.is_writable() || !out.is_writable() {
        return Err(Error::invalid("test", "out", "self as the out"));
    }
    for v in out.as_mut_slice::<f32>().unwrap() {
        *v *= 2.0;
    }
    Ok(())
}

/// Fills out list element k with k + 1.
fn fills_list(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    let Some(EValue::TensorListMut(l)) = stack.last_mut() else {
        return Err(Error::invalid("test", "out", "a list"));
    };
    for (k, t) in l.iter_mut().enumerate() {
        for v in t.as_mut_slice::<f32>().unwrap() {
            *v = k as f32 + 1.0;
        }
    }
    Ok(())
}

/// Resizes the out to self's shape and returns Ok: on an error case, this shows the out had
/// room for it.
fn resizes_to_self(_: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    let sizes = match &stack[0] {
        EValue::Tensor(t) => t.shape(),
        _ => return Err(Error::invalid("test", "self", "a tensor")),
    };
    out_of(stack).resize("test", "out", &sizes)
}

static FAKE: &[KernelEntry] = &[
    KernelEntry {
        name: "test::panics.out",
        kernel: panics,
    },
    KernelEntry {
        name: "test::writes_input.out",
        kernel: writes_input,
    },
    KernelEntry {
        name: "test::writes_past_out.out",
        kernel: writes_past_out,
    },
    KernelEntry {
        name: "test::copy.out",
        kernel: |_, s| copy_first(s),
    },
    KernelEntry {
        name: "test::not_implemented.out",
        kernel: not_implemented,
    },
    KernelEntry {
        name: "test::noop.out",
        kernel: noop,
    },
    KernelEntry {
        name: "test::double_",
        kernel: doubles_in_place,
    },
    KernelEntry {
        name: "aten::split_copy.Tensor_out",
        kernel: fills_list,
    },
    KernelEntry {
        name: "test::resizes_to_self.out",
        kernel: resizes_to_self,
    },
];
static FAKE_TABLES: &[&[KernelEntry]] = &[etk::portable::TABLE, FAKE];
static FAKE_LAYERS: &[(&str, &[KernelEntry])] =
    &[("portable", etk::portable::TABLE), ("fake", FAKE)];

#[test]
fn runner_catches_misbehaving_kernels() {
    let target = Target {
        name: "fake",
        registry: Registry::new(FAKE_TABLES),
        layers: FAKE_LAYERS,
    };
    let mut f = File::default();
    let x: Vec<f32> = vec![1.0, -2.0, 3.5, 0.0, 5.0, 6.0];
    f.tensor("x", &[2, 3], &x);
    f.tensor(
        "x2",
        &[2, 3],
        &x.iter().map(|v| v * 2.0).collect::<Vec<_>>(),
    );
    f.tensor("zeros", &[2, 3], &[0.0f32; 6]);
    f.tensor("bools", &[3], &[true, false, false]);
    f.tensor("bytes", &[3], &[0xA5u8, 0x5A, 0]);
    f.tensor("nan", &[1], &[f32::NAN]);
    f.tensor("ones", &[2], &[1.0f32; 2]);
    f.tensor("twos", &[1], &[2.0f32]);
    f.tensor("big", &[10, 10], &[0.0f32; 100]);
    let case = |op: &str, x: &str, dt: &str, shape: Value, expected: Value| {
        json!({"op": op, "args": [{"tensor": x}], "outs": [{"dtype": dt, "shape": shape}],
               "expected": expected, "tol": "exact"})
    };
    use Outcome::*;
    let plan: Vec<(Value, Outcome)> = vec![
        (
            case(
                "test::panics.out",
                "x",
                "Float",
                json!([2, 3]),
                json!(["x"]),
            ),
            Panicked,
        ),
        (
            case(
                "test::panics.out",
                "x",
                "Float",
                json!([2, 3]),
                json!("error"),
            ),
            Panicked,
        ),
        (
            case(
                "test::writes_input.out",
                "x",
                "Float",
                json!([2, 3]),
                json!(["x"]),
            ),
            Failed,
        ),
        (
            case(
                "test::writes_past_out.out",
                "x",
                "Float",
                json!([2, 3]),
                json!(["x"]),
            ),
            Failed,
        ),
        (
            case("test::copy.out", "x", "Float", json!([2, 3]), json!(["x"])),
            Passed,
        ),
        (
            json!({"op": "test::copy.out", "args": [{"tensor": "x", "dim_order": [1, 0]}],
                   "outs": [{"dtype": "Float", "shape": [2, 3], "dim_order": [1, 0]}],
                   "expected": ["x"], "tol": "exact"}),
            Passed,
        ),
        (
            case("test::copy.out", "x", "Float", json!([1]), json!(["x"])),
            Passed,
        ),
        (
            case(
                "test::not_implemented.out",
                "x",
                "Float",
                json!([2, 3]),
                json!(["x"]),
            ),
            Unsupported,
        ),
        (
            case(
                "test::not_implemented.out",
                "x",
                "Float",
                json!([2, 3]),
                json!("error"),
            ),
            Unsupported,
        ),
        // A kernel that writes nothing never passes a value case, whatever is expected.
        (
            case(
                "test::noop.out",
                "x",
                "Float",
                json!([2, 3]),
                json!(["zeros"]),
            ),
            Failed,
        ),
        (
            case("test::noop.out", "x", "Float", json!([1]), json!(["nan"])),
            Failed,
        ),
        (
            case("test::noop.out", "x", "Bool", json!([3]), json!(["bools"])),
            Failed,
        ),
        (
            case("test::noop.out", "x", "Byte", json!([3]), json!(["bytes"])),
            Failed,
        ),
        (
            case(
                "test::noop.out",
                "x",
                "Float",
                json!([2, 3]),
                json!("error"),
            ),
            WronglyAccepted,
        ),
        (
            json!({"op": "test::double_", "args": [{"tensor": "x"}],
                   "outs": [{"dtype": "Float", "shape": [2, 3]}], "expected": ["x2"],
                   "tol": "exact"}),
            Passed,
        ),
        (
            json!({"op": "aten::split_copy.Tensor_out",
                   "args": [{"tensor": "x"}, {"int": 2}, {"int": 1}],
                   "outs": [{"dtype": "Float", "shape": [2]}, {"dtype": "Float", "shape": [1]}],
                   "expected": ["ones", "twos"], "tol": "exact"}),
            Passed,
        ),
        // An error case's out has room for what the inputs could produce.
        (
            case(
                "test::resizes_to_self.out",
                "big",
                "Float",
                json!([1]),
                json!("error"),
            ),
            WronglyAccepted,
        ),
    ];
    let expected: Vec<Outcome> = plan.iter().map(|p| p.1).collect();
    for (c, _) in plan {
        f.case(c);
    }
    let dir = temp_dir("fake");
    f.write(&dir.join("fake.safetensors"));
    let r = conform::run(target, std::slice::from_ref(&dir), None).unwrap();
    let got: Vec<Outcome> = r.cases.iter().map(|c| c.outcome).collect();
    for c in &r.cases {
        eprintln!("{:?} {} {:?} {}", c.index, c.op, c.outcome, c.detail);
    }
    assert_eq!(got, expected);
    assert!(r.cases[0].detail.contains("deliberate panic"));
    assert!(r.cases[2].detail.contains("input tensor 0 changed"));
    assert!(r.cases[3].detail.contains("guard around out 0"));
    assert_eq!(r.providers["test::panics.out"], "fake");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = ScalarType::Float;
}

#[test]
fn shape_and_multiset_tolerances() {
    let mut f = File::default();
    f.tensor("perm", &[5], &[4i64, 2, 0, 1, 3]);
    f.tensor("notperm", &[5], &[0i64, 1, 2, 3, 3]);
    f.tensor("any", &[2, 3], &[9.0f32; 6]);
    f.tensor("wrong", &[3, 2], &[9.0f32; 6]);
    let perm = |want: &str| {
        json!({"op": "aten::randperm.out", "args": [{"int": 5}],
        "outs": [{"dtype": "Long", "shape": [0]}], "expected": [want], "tol": "multiset"})
    };
    let rand = |want: &str| {
        json!({"op": "aten::rand.out", "args": [{"ints": [2, 3]}],
        "outs": [{"dtype": "Float", "shape": [2, 3]}], "expected": [want], "tol": "shape"})
    };
    // 0: any permutation of 0..5 passes; 1: not a reordering of the expected values fails.
    f.case(perm("perm"));
    f.case(perm("notperm"));
    // 2: random values are not compared; 3: the shape still is.
    f.case(rand("any"));
    f.case(rand("wrong"));
    let dir = temp_dir("random-tol");
    f.write(&dir.join("random.safetensors"));
    let r = conform::run(Target::portable(), std::slice::from_ref(&dir), None).unwrap();
    use Outcome::*;
    assert_eq!(outcomes(&r, "aten::randperm.out"), [Passed, Failed]);
    assert_eq!(outcomes(&r, "aten::rand.out"), [Passed, Failed]);
    let details = r.failure_details();
    assert!(details.contains("not a reordering"), "{details}");
    let _ = std::fs::remove_dir_all(&dir);
}
