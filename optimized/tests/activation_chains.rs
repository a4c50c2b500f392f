//! The fused activation chains (`etk_optimized::EXTENSIONS`: silu, hardswish, hardsigmoid)
//! against the same ops run one by one through the optimized kernels, bit for bit, at every ISA
//! level: odd lengths, channels-last, values with NaN, infinities, -0.0 and the clamps' edges;
//! and the calls the fused pass does not take (Half, a `mul` by another tensor, a bound the
//! fused pass reads differently) still give the one-by-one result through the fallback.

use etk_core::prepare::{Chain, FusionEntry, Known};
use etk_core::{EValue, KernelContext, OwnedTensor, ScalarType, Serial};
use etk_simd::{Level, with_level};

fn values(n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..n)
        .map(|i| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match i % 53 {
                5 => f32::NAN,
                11 => -0.0,
                17 => -3.0,
                23 => 3.0,
                29 => f32::INFINITY,
                31 => f32::NEG_INFINITY,
                37 => -90.0,
                _ => ((s >> 11) as f64 / (1u64 << 53) as f64 * 16.0 - 8.0) as f32,
            }
        })
        .collect()
}

fn tensor(dtype: ScalarType, sizes: &[usize], order: &[usize], vals: &[f32]) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical(vals);
    t
}

fn empty(dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap()
}

/// Every NaN as one (its sign and payload are not part of a result).
fn bits(t: &OwnedTensor) -> Vec<u32> {
    t.to_logical::<f32>()
        .iter()
        .map(|x| {
            if x.is_nan() {
                f32::NAN.to_bits()
            } else {
                x.to_bits()
            }
        })
        .collect()
}

fn fusion(ops: &[&str]) -> &'static FusionEntry {
    etk_optimized::EXTENSIONS
        .fusions
        .iter()
        .find(|f| f.ops == ops)
        .expect("the optimized library declares the chain")
}

fn kernel(name: &str) -> etk_core::BoxedKernel {
    etk_optimized::TABLE
        .iter()
        .find(|e| e.name == name)
        .expect("an optimized kernel")
        .kernel
}

/// An argument of the chain: a tensor (by index into the owned ones) or a value.
#[derive(Clone, Copy)]
enum Arg {
    T(usize),
    Int(i64),
    Dbl(f64),
    None,
}

/// A copy of `t` (same dtype, shape, dim order and values).
fn dup(t: &OwnedTensor) -> OwnedTensor {
    let mut c = empty(t.dtype(), t.sizes(), t.view().dim_order());
    c.fill_logical(&t.to_logical::<f32>());
    c
}

/// Runs the chain `ops` on `args` (op by op: `split` arguments each; the last of each op is its
/// out) fused and one by one, and compares the last out; `fused`: whether the fused pass must
/// take the call (then it leaves the first op's out, an intermediate, unwritten).
fn check(
    ops: &[&str],
    owned: &[OwnedTensor],
    args: &[Arg],
    split: &[usize],
    fused: bool,
    what: &str,
) {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(split.iter().scan(0, |a, &n| {
            *a += n;
            Some(*a)
        }))
        .collect();
    let last_out = match args[args.len() - 1] {
        Arg::T(i) => i,
        _ => unreachable!(),
    };
    let mut scratch = vec![0u8; 1 << 20];
    let first_out = match args[starts[1] - 1] {
        Arg::T(i) => i,
        _ => unreachable!(),
    };
    let mut run = |fused: bool| -> (Vec<u32>, Vec<u32>) {
        let mut own: Vec<OwnedTensor> = owned.iter().map(dup).collect();
        // Every use of a tensor is a writable view of its memory, as a runtime's planned values
        // are (an op's out is the next op's input).
        let mem: Vec<(*mut u8, usize)> = own
            .iter_mut()
            .map(|t| {
                let mut v = t.view_mut().unwrap();
                (v.as_mut_ptr("test", "t").unwrap(), v.nbytes())
            })
            .collect();
        let mut evs: Vec<EValue<'_>> = args
            .iter()
            .map(|a| match *a {
                Arg::T(i) => {
                    let (t, (p, n)) = (owned[i].view(), mem[i]);
                    // SAFETY: `own[i]`'s memory, alive until `evs` is dropped; the kernels
                    // read and write it as a runtime's would.
                    EValue::Tensor(unsafe {
                        etk_core::Tensor::from_raw_parts(
                            t.dtype(),
                            t.sizes(),
                            t.dim_order(),
                            p,
                            n,
                            true,
                        )
                        .unwrap()
                    })
                }
                Arg::Int(v) => EValue::Int(v),
                Arg::Dbl(v) => EValue::Double(v),
                Arg::None => EValue::None,
            })
            .collect();
        let mut ctx = KernelContext::new(&mut scratch, &Serial);
        if fused {
            let known = vec![Known::Shape; evs.len()];
            let links: Vec<usize> = (1..ops.len())
                .map(|i| {
                    let prev_out = match args[starts[i] - 1] {
                        Arg::T(t) => t,
                        _ => unreachable!(),
                    };
                    (starts[i]..starts[i + 1])
                        .position(|k| matches!(args[k], Arg::T(t) if t == prev_out))
                        .unwrap()
                })
                .collect();
            let chain = Chain {
                args: &evs,
                known: &known,
                starts: &starts,
                links: &links,
            };
            let mut p = (fusion(ops).prepare)(&chain).unwrap().expect("prepared");
            p.run(&mut ctx, &mut evs).unwrap();
        } else {
            for (i, op) in ops.iter().enumerate() {
                kernel(op)(&mut ctx, &mut evs[starts[i]..starts[i + 1]]).unwrap();
            }
        }
        drop(evs);
        (bits(&own[last_out]), bits(&own[first_out]))
    };
    let ((want, _), (got, first)) = (run(false), run(true));
    assert_eq!(got, want, "{what}");
    if fused {
        assert!(first.iter().all(|&b| b == 0), "{what}: not fused");
    }
}

const SIGMOID: &str = "aten::sigmoid.out";
const MUL: &str = "aten::mul.out";
const ADD: &str = "aten::add.out";
const CLAMP: &str = "aten::clamp.out";
const DIV: &str = "aten::div.out";

#[test]
fn fused_activations_give_the_kernels_bits() {
    let shapes: [(&[usize], &[usize]); 4] = [
        (&[1], &[0]),
        (&[37], &[0]),
        (&[4, 33, 5], &[0, 1, 2]),
        (&[2, 3, 7, 9], &[0, 2, 3, 1]),
    ];
    for &level in Level::available_levels() {
        with_level(level, || {
            for (seed, &(sizes, order)) in shapes.iter().enumerate() {
                for dt in [ScalarType::Float, ScalarType::Half] {
                    let n: usize = sizes.iter().product();
                    let x = tensor(dt, sizes, order, &values(n, seed as u64));
                    let other = tensor(dt, sizes, order, &values(n, seed as u64 + 9));
                    let t = || empty(dt, sizes, order);
                    let c = |v: f32| tensor(dt, &[], &[], &[v]);
                    let what = format!("{level} {dt:?} {sizes:?} {order:?}");
                    // silu: sigmoid(x) -> mul(x, s) and mul(s, x); mul by another tensor.
                    for (link, by) in [(1, 0), (0, 0), (1, 1)] {
                        let owned = [dup(&x), t(), t(), dup(&other)];
                        let m = if by == 0 { Arg::T(0) } else { Arg::T(3) };
                        let (a, b) = if link == 0 {
                            (Arg::T(1), m)
                        } else {
                            (m, Arg::T(1))
                        };
                        let args = [Arg::T(0), Arg::T(1), a, b, Arg::T(2)];
                        let fused = dt == ScalarType::Float && by == 0;
                        check(
                            &[SIGMOID, MUL],
                            &owned,
                            &args,
                            &[2, 3],
                            fused,
                            &format!("silu {what}"),
                        );
                    }
                    // hardswish and hardsigmoid, and a bound the fused pass does not take.
                    for (lo, hi, takes) in [
                        (Arg::Int(0), Arg::Int(6), true),
                        (Arg::Dbl(-0.5), Arg::Int(2), true),
                        (Arg::Int(7), Arg::Int(6), true),
                        (Arg::Int(0), Arg::Dbl(f64::NAN), false),
                    ] {
                        let fused = dt == ScalarType::Float && takes;
                        let owned = [dup(&x), t(), t(), t(), t(), t(), c(3.0), c(6.0)];
                        let args = [
                            Arg::T(0),
                            Arg::T(6),
                            Arg::Int(1),
                            Arg::T(1),
                            Arg::T(1),
                            lo,
                            Arg::None,
                            Arg::T(2),
                            Arg::T(2),
                            Arg::None,
                            hi,
                            Arg::T(3),
                            Arg::T(0),
                            Arg::T(3),
                            Arg::T(4),
                            Arg::T(4),
                            Arg::T(7),
                            Arg::T(5),
                        ];
                        check(
                            &[ADD, CLAMP, CLAMP, MUL, DIV],
                            &owned,
                            &args,
                            &[4, 4, 4, 3, 3],
                            fused,
                            &format!("hardswish {what}"),
                        );
                        let args = [
                            Arg::T(0),
                            Arg::T(6),
                            Arg::Int(1),
                            Arg::T(1),
                            Arg::T(1),
                            lo,
                            Arg::None,
                            Arg::T(2),
                            Arg::T(2),
                            Arg::None,
                            hi,
                            Arg::T(3),
                            Arg::T(3),
                            Arg::T(7),
                            Arg::T(5),
                        ];
                        check(
                            &[ADD, CLAMP, CLAMP, DIV],
                            &owned,
                            &args,
                            &[4, 4, 4, 3],
                            fused,
                            &format!("hardsigmoid {what}"),
                        );
                    }
                }
            }
        });
    }
}
