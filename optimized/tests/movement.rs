//! The movement kernels beyond the optimized-against-portable harness (which draws the ten
//! real dtypes at small sizes): the dtypes that only move as bytes (UInt16/32/64, ComplexFloat,
//! ComplexDouble: 2-, 4-, 8- and 16-byte words, the last only 8-byte aligned), transposes across
//! the tiles' and blocks' edges for every element size, and outs past the last-level cache
//! (streaming stores) — each against portable's kernel, byte for byte, at every ISA level.

use etk_core::{EValue, KernelContext, OwnedTensor, Scalar, ScalarType, ScopedThreads, Tensor};
use etk_simd::{Level, with_level};

/// Argument of a call, before borrowing.
enum A {
    T(OwnedTensor),
    Ts(Vec<OwnedTensor>),
    Ints(Vec<i64>),
    Int(i64),
    Bool(bool),
    S(Scalar),
    None,
}

/// A tensor of `sizes` in `order` whose bytes count up from `seed` (every byte pattern is a
/// valid element of these dtypes).
fn bytes(dtype: ScalarType, sizes: &[usize], order: &[usize], seed: u8) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    let mut v = t.view_mut().unwrap();
    let (p, n) = (v.as_mut_ptr("test", "t").unwrap(), v.nbytes());
    for i in 0..n {
        // SAFETY: the view owns `n` bytes.
        unsafe { *p.add(i) = (i as u8).wrapping_mul(31).wrapping_add(seed) };
    }
    t
}

/// Runs `name` from `table` on `args`, into a fresh out of `out_sizes` / `out_order`; the out's
/// bytes (or the error).
fn run(
    table: &[etk_core::KernelEntry],
    name: &str,
    args: &[A],
    dtype: ScalarType,
    out_sizes: &[usize],
    out_order: &[usize],
    threads: usize,
) -> Result<Vec<u8>, etk_core::Error> {
    let kernel = table
        .iter()
        .find(|e| e.name == name)
        .unwrap_or_else(|| panic!("{name} not registered"))
        .kernel;
    let mut out = OwnedTensor::with_capacity(dtype, out_sizes, out_order, 0).unwrap();
    let lists: Vec<Vec<Tensor<'_>>> = args
        .iter()
        .map(|a| match a {
            A::Ts(l) => l.iter().map(|t| t.view()).collect(),
            _ => vec![],
        })
        .collect();
    let mut stack: Vec<EValue<'_>> = args
        .iter()
        .zip(&lists)
        .map(|(a, l)| match a {
            A::T(t) => EValue::Tensor(t.view()),
            A::Ts(_) => EValue::TensorList(l),
            A::Ints(v) => EValue::IntList(v),
            A::Int(i) => EValue::Int(*i),
            A::Bool(b) => EValue::Bool(*b),
            A::S(s) => EValue::from(*s),
            A::None => EValue::None,
        })
        .collect();
    let view = out.view_mut().unwrap();
    let n = view.nbytes();
    stack.push(EValue::Tensor(view));
    let par = ScopedThreads(threads);
    let mut scratch = vec![0u8; 1 << 16];
    kernel(&mut KernelContext::new(&mut scratch, &par), &mut stack)?;
    let EValue::Tensor(o) = stack.pop().unwrap() else {
        unreachable!()
    };
    // SAFETY: the out's `n` bytes.
    Ok(unsafe { std::slice::from_raw_parts(o.as_ptr(), n) }.to_vec())
}

/// The optimized kernel at every level against portable's, byte for byte.
fn same(name: &str, args: &[A], dtype: ScalarType, out_sizes: &[usize], out_order: &[usize]) {
    let want = run(
        etk_portable::TABLE,
        name,
        args,
        dtype,
        out_sizes,
        out_order,
        1,
    );
    for &isa in Level::available_levels() {
        for threads in [1, 2] {
            let got = with_level(isa, || {
                run(
                    etk_optimized::TABLE,
                    name,
                    args,
                    dtype,
                    out_sizes,
                    out_order,
                    threads,
                )
            });
            assert!(
                got == want,
                "{name} {dtype} -> {out_sizes:?}/{out_order:?} at {isa}, {threads} threads: \
                 differs from portable"
            );
        }
    }
}

const BYTE_DTYPES: [ScalarType; 6] = [
    ScalarType::Byte,
    ScalarType::UInt16,
    ScalarType::UInt32,
    ScalarType::UInt64,
    ScalarType::ComplexFloat,
    ScalarType::ComplexDouble,
];

#[test]
fn transposes_of_every_element_size_across_tile_and_block_edges() {
    for dt in BYTE_DTYPES {
        // matrices around the micro-tiles (4, 8, 16) and blocks (1 KiB of a row)
        for (r, c) in [
            (1, 1),
            (3, 17),
            (16, 16),
            (17, 33),
            (64, 7),
            (129, 260),
            (1030, 9),
        ] {
            let x = bytes(dt, &[r, c], &[0, 1], 7);
            let args = [A::T(x), A::Ints(vec![1, 0])];
            same("aten::permute_copy.out", &args, dt, &[c, r], &[0, 1]);
        }
        // NCHW -> NHWC and back through the out's dim order
        let x = bytes(dt, &[2, 19, 5, 23], &[0, 1, 2, 3], 3);
        same(
            "aten::clone.out",
            &[A::T(x), A::None],
            dt,
            &[2, 19, 5, 23],
            &[0, 2, 3, 1],
        );
        let x = bytes(dt, &[2, 19, 5, 23], &[0, 2, 3, 1], 5);
        same(
            "dim_order_ops::_clone_dim_order.out",
            &[A::T(x), A::Bool(false), A::Ints(vec![0, 1, 2, 3])],
            dt,
            &[2, 19, 5, 23],
            &[0, 1, 2, 3],
        );
    }
}

#[test]
fn joins_splits_and_gathers_move_every_element_size() {
    for dt in BYTE_DTYPES {
        let a = bytes(dt, &[3, 5, 7], &[0, 1, 2], 1);
        let b = bytes(dt, &[3, 2, 7], &[0, 2, 1], 2);
        same(
            "aten::cat.out",
            &[A::Ts(vec![a, b]), A::Int(1)],
            dt,
            &[3, 7, 7],
            &[0, 1, 2],
        );
        let x = bytes(dt, &[4, 1, 6], &[0, 1, 2], 9);
        let size = A::Ints(vec![2, 4, 5, 6]);
        same(
            "aten::expand_copy.out",
            &[A::T(x), size, A::Bool(false)],
            dt,
            &[2, 4, 5, 6],
            &[0, 1, 2, 3],
        );
        let x = bytes(dt, &[40, 12], &[0, 1], 4);
        let mut idx = OwnedTensor::zeros(ScalarType::Long, &[9]).unwrap();
        idx.fill_logical::<i64>(&[3, 39, 0, 0, 17, 5, 38, 1, 2]);
        same(
            "aten::index_select.out",
            &[A::T(x), A::Int(0), A::T(idx)],
            dt,
            &[9, 12],
            &[0, 1],
        );
        let x = bytes(dt, &[5, 6, 7], &[0, 1, 2], 6);
        same(
            "aten::constant_pad_nd.out",
            &[A::T(x), A::Ints(vec![2, -1, 0, 3]), A::S(Scalar::Int(0))],
            dt,
            &[5, 9, 8],
            &[0, 1, 2],
        );
    }
}

/// Outs just past the last-level cache: their runs and fills are written with streaming stores
/// (aligned after a head, each task fenced), on one and two threads.
#[test]
fn outs_past_the_last_level_cache_match_portable() {
    let Some(llc) = etk_simd::last_level_cache_bytes() else {
        eprintln!("the CPU reports no cache sizes: streaming stores are never used here");
        return;
    };
    let f32_ = ScalarType::Float;
    // rows of an odd width: every run starts at another alignment
    let w = 1027;
    let rows = (llc / 4 / w / 2 + 1).next_multiple_of(2);
    let a = bytes(f32_, &[rows / 2, w], &[0, 1], 1);
    let b = bytes(f32_, &[rows / 2, w], &[0, 1], 2);
    same(
        "aten::cat.out",
        &[A::Ts(vec![a, b]), A::Int(0)],
        f32_,
        &[rows, w],
        &[0, 1],
    );
    let x = bytes(f32_, &[1, w], &[0, 1], 3);
    same(
        "aten::expand_copy.out",
        &[
            A::T(x),
            A::Ints([rows, w].iter().map(|&v| v as i64).collect()),
            A::Bool(false),
        ],
        f32_,
        &[rows, w],
        &[0, 1],
    );
    let x = bytes(f32_, &[rows / 2, w], &[0, 1], 4);
    same(
        "aten::constant_pad_nd.out",
        &[
            A::T(x),
            A::Ints(vec![1, 2, 0, rows as i64 / 2]),
            A::S(Scalar::Double(1.5)),
        ],
        f32_,
        &[rows, w + 3],
        &[0, 1],
    );
}
