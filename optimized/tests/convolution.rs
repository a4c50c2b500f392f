//! The optimized `convolution.out` against portable's: plain and transposed, 1-D and 2-D;
//! 1x1 (read in place and through im2col), 3x3 with stride, padding and dilation, asymmetric
//! kernels, depthwise (SIMD tails along width and channels), channel multipliers and groups,
//! output padding, first layers of 3 channels, empty batches and no input channels;
//! contiguous, channels-last and other dim orders of input, weight and out; with and without
//! bias; Float, Half and BFloat16; one and two threads; every ISA level this machine has;
//! scratch from plenty down to none. Float values are multiples of 1/64, Half and BFloat16
//! ones -1, 0 or 1, so every sum is exact whatever its order and the results must agree to the
//! last bit (the tolerance is for safety only). Half transposed convolutions round as ATen
//! does (checked against torch's own answers), which is not once.

use ScalarType::*;
use etk_core::{Error, KernelContext, OwnedTensor, Parallel, ScalarType, ScopedThreads, Serial};
use etk_optimized::gemm::Isa;
use etk_optimized::ops::convolution::{convolution_out, convolution_out_isa};
use etk_portable::ops::convolution as portable;

const CONTIG: [usize; 4] = [0, 1, 2, 3];
const CL: [usize; 4] = [0, 2, 3, 1];
const ODD: [usize; 4] = [1, 0, 3, 2];

/// The dim orders of rank `rank`: contiguous, channels-last, and one with the batch inside.
fn orders(rank: usize) -> [Vec<usize>; 3] {
    if rank == 3 {
        [vec![0, 1, 2], vec![0, 2, 1], vec![1, 0, 2]]
    } else {
        [CONTIG.to_vec(), CL.to_vec(), ODD.to_vec()]
    }
}

fn values(n: usize, seed: &mut u64, dtype: ScalarType) -> Vec<f64> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            if dtype == Float {
                ((*seed >> 20) % 129) as f64 / 64.0 - 1.0
            } else {
                ((*seed >> 20) % 3) as f64 - 1.0
            }
        })
        .collect()
}

fn tensor(dtype: ScalarType, sizes: &[usize], order: &[usize], seed: &mut u64) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical(&values(sizes.iter().product(), seed, dtype));
    t
}

/// One convolution: sizes and parameters. A 1-D case has `hw[0] == k[0] == 1` and runs on
/// 3-D tensors.
#[derive(Clone, Debug)]
struct Case {
    n: usize,
    c_in: usize,
    c_out: usize,
    hw: [usize; 2],
    k: [usize; 2],
    stride: [i64; 2],
    padding: [i64; 2],
    dilation: [i64; 2],
    groups: usize,
    transposed: bool,
    out_pad: [i64; 2],
    one_d: bool,
}

#[allow(clippy::too_many_arguments)]
fn case(
    n: usize,
    c_in: usize,
    c_out: usize,
    hw: [usize; 2],
    k: [usize; 2],
    stride: [i64; 2],
    padding: [i64; 2],
    dilation: [i64; 2],
    groups: usize,
) -> Case {
    Case {
        n,
        c_in,
        c_out,
        hw,
        k,
        stride,
        padding,
        dilation,
        groups,
        transposed: false,
        out_pad: [0, 0],
        one_d: false,
    }
}

impl Case {
    /// The same parameters, transposed, with this output padding.
    fn t(self, out_pad: [i64; 2]) -> Case {
        Case {
            transposed: true,
            out_pad,
            ..self
        }
    }

    /// The width dim alone, as a 1-D convolution.
    fn d1(self) -> Case {
        Case {
            one_d: true,
            hw: [1, self.hw[1]],
            k: [1, self.k[1]],
            stride: [1, self.stride[1]],
            padding: [0, self.padding[1]],
            dilation: [1, self.dilation[1]],
            out_pad: [0, self.out_pad[1]],
            ..self
        }
    }

    fn rank(&self) -> usize {
        if self.one_d { 3 } else { 4 }
    }

    /// `[a, b]`, or `[b]` for 1-D.
    fn dims<T: Copy>(&self, v: [T; 2]) -> Vec<T> {
        if self.one_d { vec![v[1]] } else { v.to_vec() }
    }

    fn x_sizes(&self) -> Vec<usize> {
        [vec![self.n, self.c_in], self.dims(self.hw)].concat()
    }

    fn w_sizes(&self) -> Vec<usize> {
        let (a, b) = if self.transposed {
            (self.c_in, self.c_out / self.groups)
        } else {
            (self.c_out, self.c_in / self.groups)
        };
        [vec![a, b], self.dims(self.k)].concat()
    }

    fn out_sizes(&self) -> Vec<usize> {
        let o: [usize; 2] = core::array::from_fn(|i| {
            let span = self.dilation[i] as usize * (self.k[i] - 1) + 1;
            let (s, p) = (self.stride[i] as usize, self.padding[i] as usize);
            if self.transposed {
                (self.hw[i] - 1) * s + span + self.out_pad[i] as usize - 2 * p
            } else {
                (self.hw[i] + 2 * p - span) / s + 1
            }
        });
        [vec![self.n, self.c_out], self.dims(o)].concat()
    }
}

fn cases() -> Vec<Case> {
    vec![
        // 1x1: in place (contiguous and channels-last), strided and padded through im2col
        case(2, 5, 7, [6, 9], [1, 1], [1, 1], [0, 0], [1, 1], 1),
        case(1, 16, 33, [7, 7], [1, 1], [1, 1], [0, 0], [1, 1], 1),
        case(2, 5, 7, [6, 9], [1, 1], [2, 2], [0, 0], [1, 1], 1),
        case(1, 3, 4, [5, 5], [1, 1], [1, 1], [1, 1], [1, 1], 1),
        // 3x3: stride 1 and 2, padding, dilation, asymmetric everything
        case(1, 3, 8, [11, 13], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(2, 4, 17, [15, 16], [3, 3], [2, 2], [1, 1], [1, 1], 1),
        case(1, 2, 5, [12, 10], [3, 3], [1, 1], [2, 2], [2, 2], 1),
        case(1, 3, 6, [13, 11], [5, 3], [2, 1], [2, 0], [1, 2], 1),
        case(1, 16, 33, [20, 20], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        // few channels (the direct kernel): 2 images, blocks of 8 channels and a partial
        // one, stride 2 in one dim, a 1-D-like height of 1
        case(2, 8, 20, [8, 8], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 8, 16, [16, 15], [3, 3], [2, 1], [1, 1], [1, 1], 1),
        case(1, 5, 9, [1, 23], [1, 3], [1, 1], [0, 1], [1, 1], 1),
        // a first layer: 3 channels, stride 2 (whole kernel rows copied for channels-last)
        case(1, 3, 16, [17, 18], [3, 3], [2, 2], [1, 1], [1, 1], 1),
        // kernel as large as the (padded) input; one output position
        case(1, 2, 3, [2, 2], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(3, 2, 3, [3, 3], [3, 3], [1, 1], [0, 0], [1, 1], 1),
        // depthwise: tails of 8 and 16 lanes along width (37) and channels (19)
        case(1, 19, 19, [9, 37], [3, 3], [1, 1], [1, 1], [1, 1], 19),
        case(2, 8, 8, [10, 33], [3, 3], [2, 2], [1, 1], [1, 1], 8),
        case(1, 5, 5, [7, 8], [3, 3], [1, 2], [2, 1], [2, 1], 5),
        case(1, 4, 4, [1, 1], [3, 3], [1, 1], [1, 1], [1, 1], 4),
        // 49 taps (partial sums stored past 32), a kernel wider than 16 columns
        case(1, 3, 3, [9, 40], [7, 7], [1, 1], [3, 3], [1, 1], 3),
        case(1, 3, 3, [4, 40], [1, 17], [1, 1], [0, 8], [1, 1], 3),
        // channel multiplier 2, and groups of several channels (per-group GEMM)
        case(1, 4, 8, [6, 7], [3, 3], [1, 1], [1, 1], [1, 1], 4),
        case(2, 6, 4, [5, 6], [3, 3], [1, 1], [1, 1], [1, 1], 2),
        case(1, 6, 9, [5, 6], [1, 1], [1, 1], [0, 0], [1, 1], 3),
        case(1, 8, 12, [9, 8], [3, 3], [1, 1], [2, 2], [2, 2], 4),
        // 1-D: plain, strided and dilated, grouped, depthwise, 1x1
        case(2, 5, 7, [1, 30], [1, 3], [1, 1], [1, 1], [1, 1], 1).d1(),
        case(1, 4, 6, [1, 41], [1, 5], [1, 3], [1, 2], [1, 2], 2).d1(),
        case(1, 6, 6, [1, 37], [1, 3], [1, 2], [1, 1], [1, 1], 6).d1(),
        case(2, 8, 5, [1, 19], [1, 1], [1, 1], [1, 0], [1, 1], 1).d1(),
        // transposed: 2x upsampling (kernel = stride), overlapping taps with output padding,
        // dilation, groups, 1x1, depthwise, asymmetric, 1-D
        case(1, 8, 4, [5, 6], [2, 2], [2, 2], [0, 0], [1, 1], 1).t([0, 0]),
        case(2, 6, 5, [4, 5], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([1, 1]),
        case(1, 4, 6, [5, 4], [3, 3], [1, 1], [2, 1], [2, 2], 2).t([0, 0]),
        case(1, 6, 9, [3, 4], [1, 1], [1, 1], [0, 0], [1, 1], 3).t([0, 0]),
        case(1, 5, 5, [6, 7], [3, 3], [2, 2], [1, 1], [1, 1], 5).t([1, 0]),
        case(1, 3, 17, [4, 9], [4, 2], [3, 1], [1, 0], [1, 3], 1).t([2, 0]),
        case(1, 16, 33, [9, 9], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([1, 1]),
        case(2, 4, 6, [1, 13], [1, 4], [1, 2], [1, 1], [1, 1], 2)
            .d1()
            .t([0, 1]),
        // empty batch, no channels out, no channels in
        case(0, 3, 4, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 3, 0, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 0, 4, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(0, 3, 4, [5, 5], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([0, 0]),
    ]
}

struct Run<'a> {
    isa: Option<Isa>,
    threads: usize,
    scratch: usize,
    out_order: &'a [usize],
}

fn run(
    c: &Case,
    x: &OwnedTensor,
    w: &OwnedTensor,
    b: Option<&OwnedTensor>,
    r: &Run<'_>,
) -> (Result<(), Error>, Vec<f64>) {
    let sizes = c.out_sizes();
    let mut out = OwnedTensor::with_capacity(x.dtype(), &sizes, r.out_order, 0).unwrap();
    out.fill_logical(&vec![7.0f64; sizes.iter().product()]);
    // NaN bytes: a kernel reading scratch it did not write shows in its out.
    let mut scratch = vec![0xffu8; r.scratch];
    let pool = ScopedThreads(r.threads);
    let par: &dyn Parallel = if r.threads > 1 { &pool } else { &Serial };
    let mut ctx = KernelContext::new(&mut scratch, par);
    let (xv, wv, bv) = (x.view(), w.view(), b.map(|b| b.view()));
    let mut ov = out.view_mut().unwrap();
    let (s, p, d, op) = (
        c.dims(c.stride),
        c.dims(c.padding),
        c.dims(c.dilation),
        c.dims(c.out_pad),
    );
    let g = c.groups as i64;
    let res = match r.isa {
        Some(isa) => convolution_out_isa(
            &mut ctx,
            isa,
            &xv,
            &wv,
            bv.as_ref(),
            &s,
            &p,
            &d,
            c.transposed,
            &op,
            g,
            &mut ov,
        ),
        None => portable::convolution_out(
            &mut ctx,
            &xv,
            &wv,
            bv.as_ref(),
            &s,
            &p,
            &d,
            c.transposed,
            &op,
            g,
            &mut ov,
        ),
    };
    (res, out.to_logical::<f64>())
}

fn assert_close(
    what: &str,
    got: &(Result<(), Error>, Vec<f64>),
    want: &(Result<(), Error>, Vec<f64>),
) {
    assert_eq!(got.0, want.0, "{what}");
    assert_eq!(got.1.len(), want.1.len(), "{what}");
    for (i, (g, w)) in got.1.iter().zip(&want.1).enumerate() {
        assert!(
            (g - w).abs() <= 1e-5 * (1.0 + w.abs()),
            "{what}: element {i} got {g} want {w}"
        );
    }
}

/// The same logical values in another layout.
fn relayout(t: &OwnedTensor, order: &[usize]) -> OwnedTensor {
    let mut u = OwnedTensor::with_capacity(t.dtype(), t.sizes(), order, 0).unwrap();
    u.fill_logical(&t.to_logical::<f64>());
    u
}

#[test]
fn matches_portable() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for c in cases() {
        let ords = orders(c.rank());
        for dt in [Float, Half, BFloat16] {
            let x = tensor(dt, &c.x_sizes(), &ords[0], &mut seed);
            let w = tensor(dt, &c.w_sizes(), &ords[0], &mut seed);
            let bias = tensor(dt, &[c.c_out], &[0], &mut seed);
            // Half and BFloat16 take the Float paths' code: fewer variations
            let reduced = dt != Float;
            for &with_bias in if reduced { &[true][..] } else { &[false, true] } {
                let b = with_bias.then_some(&bias);
                let reference = Run {
                    isa: None,
                    threads: 1,
                    scratch: 0,
                    out_order: &ords[0],
                };
                let want = run(&c, &x, &w, b, &reference);
                assert!(want.0.is_ok(), "{c:?}");
                for (oi, xo) in ords.iter().enumerate().take(if reduced { 2 } else { 3 }) {
                    let xl = relayout(&x, xo);
                    let wl = relayout(&w, &ords[(oi + 1) % 3]);
                    for &isa in Isa::available_levels() {
                        // no scratch: the depthwise kernel without its padded plane,
                        // portable's loop for the GEMM paths
                        let runs = [
                            (1, &ords[oi], 16 << 20),
                            (2, &ords[(oi + 2) % 3], 16 << 20),
                            (1, &ords[(oi + 1) % 3], 0),
                        ];
                        for (threads, out_order, scratch) in
                            runs.into_iter().take(3 - reduced as usize)
                        {
                            let r = Run {
                                isa: Some(isa),
                                threads,
                                scratch,
                                out_order,
                            };
                            let got = run(&c, &xl, &wl, b, &r);
                            let what = format!(
                                "{c:?} {dt:?} bias {with_bias} x {xo:?} out {out_order:?} {isa:?} x{threads} {scratch}"
                            );
                            assert_close(&what, &got, &want);
                        }
                    }
                }
            }
        }
    }
}

/// Calls large enough to split over threads: plain, grouped, transposed, 1-d, depthwise
/// (plain and strided).
fn large_cases() -> [Case; 7] {
    [
        case(1, 16, 32, [34, 33], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(2, 32, 32, [17, 19], [3, 3], [1, 1], [2, 2], [2, 2], 4),
        case(1, 64, 32, [20, 20], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([1, 1]),
        case(1, 8, 16, [1, 2000], [1, 5], [1, 1], [1, 2], [1, 1], 1).d1(),
        case(1, 64, 128, [30, 30], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 96, 96, [72, 70], [3, 3], [1, 1], [1, 1], [1, 1], 96),
        case(1, 64, 64, [120, 120], [5, 5], [2, 2], [2, 2], [1, 1], 64),
    ]
}

/// Calls large enough to split their bands over two threads (and the GEMM's own split when
/// there is one band), plain and transposed, both layouts: the answers do not change.
#[test]
fn threads_split_the_work() {
    let mut seed = 5;
    for c in large_cases() {
        let ords = orders(c.rank());
        let x = tensor(Float, &c.x_sizes(), &ords[0], &mut seed);
        let w = tensor(Float, &c.w_sizes(), &ords[0], &mut seed);
        let b = tensor(Float, &[c.c_out], &[0], &mut seed);
        let reference = Run {
            isa: None,
            threads: 1,
            scratch: 0,
            out_order: &ords[0],
        };
        let want = run(&c, &x, &w, Some(&b), &reference);
        for o in &ords[..2] {
            let xl = relayout(&x, o);
            for (threads, scratch) in [(2, 64 << 20), (2, 1 << 20), (3, 64 << 20)] {
                let r = Run {
                    isa: Some(etk_optimized::gemm::isa()),
                    threads,
                    scratch,
                    out_order: o,
                };
                let what = format!("{c:?} {o:?} x{threads} {scratch}");
                assert_close(&what, &run(&c, &xl, &w, Some(&b), &r), &want);
            }
        }
    }
}

/// The optimized convolution's answers do not depend on the threads: the same bits at 1, 2
/// and 3 threads (one task, one per thread, several per thread) for calls large enough to
/// split, plain, grouped, depthwise, 1-d and transposed, both layouts.
#[test]
fn threads_give_the_same_bits() {
    let mut seed = 11;
    for c in large_cases() {
        let ords = orders(c.rank());
        let x = tensor(Float, &c.x_sizes(), &ords[0], &mut seed);
        let w = tensor(Float, &c.w_sizes(), &ords[0], &mut seed);
        let b = tensor(Float, &[c.c_out], &[0], &mut seed);
        for o in &ords[..2] {
            let xl = relayout(&x, o);
            let at = |threads| {
                let r = Run {
                    isa: Some(etk_optimized::gemm::isa()),
                    threads,
                    scratch: 64 << 20,
                    out_order: o,
                };
                run(&c, &xl, &w, Some(&b), &r)
            };
            let one = at(1);
            assert!(one.0.is_ok(), "{c:?}");
            for threads in [2, 3] {
                let got = at(threads);
                let same = got.0 == one.0
                    && got.1.len() == one.1.len()
                    && got
                        .1
                        .iter()
                        .zip(&one.1)
                        .all(|(g, w)| g.to_bits() == w.to_bits());
                assert!(same, "{c:?} {o:?} x{threads}");
            }
        }
    }
}

/// Half and BFloat16 accumulate in Float and round once, as portable (and ATen's plain
/// kernels, and its BFloat16 transposed one on AVX-512 machines): integer values whose sums
/// are exact in Float but not in the out's dtype give portable's answers to the bit.
#[test]
fn reduced_precision_rounds_once() {
    let mut seed = 9u64;
    let mut ints = |n: usize| -> Vec<f64> {
        (0..n)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((seed >> 33) % 61) as f64 - 30.0
            })
            .collect()
    };
    let cs = [
        case(1, 16, 8, [7, 6], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 8, 8, [9, 9], [3, 3], [1, 1], [1, 1], [1, 1], 8),
        case(1, 16, 8, [1, 20], [1, 3], [1, 2], [1, 1], [1, 1], 2).d1(),
        case(1, 16, 8, [5, 6], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([1, 1]),
    ];
    for c in cs {
        for dt in [Half, BFloat16] {
            if dt == Half && c.transposed {
                continue; // ATen's order: `half_transposed_rounds_as_aten`
            }
            let ords = orders(c.rank());
            let mk = |sizes: &[usize], v: Vec<f64>, order: &[usize]| {
                let mut t = OwnedTensor::with_capacity(dt, sizes, order, 0).unwrap();
                t.fill_logical(&v);
                t
            };
            let xs = c.x_sizes();
            let ws = c.w_sizes();
            let x = mk(&xs, ints(xs.iter().product()), &ords[0]);
            let w = mk(&ws, ints(ws.iter().product()), &ords[0]);
            let b = mk(&[c.c_out], ints(c.c_out), &[0]);
            let reference = Run {
                isa: None,
                threads: 1,
                scratch: 0,
                out_order: &ords[0],
            };
            let want = run(&c, &x, &w, Some(&b), &reference);
            for o in &ords[..2] {
                for &isa in Isa::available_levels() {
                    let r = Run {
                        isa: Some(isa),
                        threads: 1,
                        scratch: 16 << 20,
                        out_order: o,
                    };
                    let got = run(&c, &relayout(&x, o), &w, Some(&b), &r);
                    assert_eq!(got, want, "{c:?} {dt:?} {o:?} {isa:?}");
                }
            }
        }
    }
}

// torch 2.13's answers (bits) for Half `conv_transpose{1,2}d` of `x[i] = (i * 7919) % 81 - 40`,
// `w[i] = (i * 104729) % 81 - 40`, `bias[i] = (i * 31) % 41 - 20` (flat indices, contiguous),
// made by
//
// ```python
// x = vals(xs, 7919, 81).half(); w = vals(ws, 104729, 81).half(); b = vals([C_out], 31, 41).half()
// F.conv_transpose2d(x [.to(memory_format=torch.channels_last)], w [...], b, stride, padding,
//                    output_padding, groups, dilation).contiguous().view(torch.int16)
// ```
// nchw: out [1, 2, 6, 6], 19 of 72 differ from rounding once
const NCHW: [u16; 72] = [
    0x6819, 0xe380, 0x5f98, 0x68a6, 0xe3ba, 0xe2e8, 0xe0e0, 0xeb58, 0x5c88, 0x690c, 0xe6f7, 0x6322,
    0xe896, 0xeca7, 0xdc08, 0x68d6, 0xeb5b, 0x5ed4, 0xe006, 0xe94b, 0x6793, 0x66e1, 0xebeb, 0x5c00,
    0xe7f0, 0xe4c2, 0x68e2, 0x6579, 0xe7b0, 0x67a7, 0xe14a, 0x622a, 0x658e, 0x62fc, 0xe437, 0xdcf4,
    0xe3d6, 0x6864, 0x6ad0, 0x674e, 0xe52f, 0xe3ee, 0x6928, 0xe30e, 0x6960, 0x6687, 0xe8a2, 0x60fc,
    0x625e, 0xe82c, 0x675a, 0x655f, 0xec63, 0x5740, 0xdf24, 0xe92e, 0x6802, 0x6872, 0xeb38, 0x5f70,
    0xe792, 0xe41d, 0x695e, 0x677f, 0xe644, 0x6838, 0xe06a, 0x6364, 0x6685, 0x64fb, 0xe26e, 0xd8b8,
];
// nhwc: out [1, 2, 6, 6], 13 of 72 differ from rounding once
const NHWC: [u16; 72] = [
    0x6819, 0xe380, 0x5f98, 0x68a6, 0xe3ba, 0xe2e8, 0xe0e0, 0xeb57, 0x5c94, 0x690c, 0xe6f7, 0x6322,
    0xe896, 0xeca7, 0xdc08, 0x68d8, 0xeb5b, 0x5ed4, 0xe006, 0xe94c, 0x6794, 0x66e0, 0xebea, 0x5c00,
    0xe7f0, 0xe4c3, 0x68e2, 0x6578, 0xe7b0, 0x67a7, 0xe14a, 0x622a, 0x658e, 0x62fc, 0xe437, 0xdcf4,
    0xe3d6, 0x6864, 0x6ad0, 0x674e, 0xe52f, 0xe3ee, 0x6928, 0xe30e, 0x6960, 0x6687, 0xe8a2, 0x60fc,
    0x625e, 0xe82e, 0x6759, 0x6560, 0xec63, 0x5740, 0xdf24, 0xe92e, 0x6802, 0x6874, 0xeb38, 0x5f70,
    0xe792, 0xe41d, 0x695e, 0x677d, 0xe644, 0x6838, 0xe06a, 0x6364, 0x6685, 0x64fb, 0xe26e, 0xd8b8,
];
// weight_cl: out [1, 4, 8, 6], 6 of 192 differ from rounding once
const WEIGHT_CL: [u16; 192] = [
    0xdf08, 0xe561, 0x5fac, 0xe048, 0xe288, 0xe330, 0xe59a, 0x5f38, 0xe11e, 0x5cfc, 0x6a18, 0x6a72,
    0xe930, 0xe002, 0x668d, 0x6400, 0xdf58, 0x6860, 0x6455, 0x5818, 0xe236, 0xe674, 0xe52a, 0xea8b,
    0xe2a4, 0x65f1, 0xe859, 0x5888, 0xe629, 0xe605, 0x6722, 0x678b, 0x694f, 0xe966, 0xeadf, 0xe67a,
    0x6110, 0xda00, 0x6752, 0x5b58, 0xd860, 0xcd00, 0xe44d, 0xe026, 0xe535, 0xe6bc, 0x68b2, 0x682e,
    0xdd24, 0xe030, 0xe038, 0xe0f4, 0xd670, 0xd9d8, 0x6427, 0x618a, 0xd0e0, 0xe442, 0xe424, 0xe2e0,
    0x615e, 0x6672, 0x60c4, 0x5a40, 0xd730, 0xd4f0, 0xcf80, 0xe28a, 0xe000, 0x6372, 0x6458, 0x6404,
    0x640b, 0x64e6, 0xd830, 0xded0, 0xc700, 0x4f40, 0xd140, 0xc880, 0x5d20, 0x6605, 0x62b8, 0x6210,
    0xe23a, 0xe036, 0x5bc8, 0x6312, 0x6396, 0x6443, 0xd950, 0xe1ce, 0xe08c, 0xd9f0, 0x5360, 0xda68,
    0xe1c4, 0xe429, 0xdd68, 0x5f00, 0x620e, 0x617e, 0x5d94, 0x5480, 0xe0e8, 0xe29a, 0xdb60, 0xddc0,
    0x5240, 0xdc3c, 0xd080, 0xd0c0, 0xd120, 0x4cc0, 0x5740, 0x6282, 0x4f80, 0xdcdc, 0xd300, 0xd740,
    0xdfd8, 0xe016, 0x5c20, 0x5ee8, 0x5858, 0x5a38, 0x647c, 0x6282, 0xe3d4, 0xe5f3, 0xdb60, 0xdca0,
    0xcec0, 0x6417, 0x6563, 0x6637, 0x5a08, 0x5d14, 0xdc20, 0xdcf8, 0xde34, 0x5ccc, 0x63e2, 0x6439,
    0x6090, 0xda98, 0xe1ce, 0xe0aa, 0xe53d, 0xe585, 0xe064, 0xe73f, 0x5dec, 0xe402, 0xe368, 0xe438,
    0x66fa, 0x64cf, 0xdda4, 0x63b4, 0x64c2, 0x6866, 0xe15c, 0x6661, 0x6605, 0x61ca, 0xe0bc, 0x6866,
    0xe8b6, 0xdb70, 0xe6e2, 0xe8ba, 0x6669, 0x0000, 0x68f2, 0xe410, 0xe781, 0x61d0, 0xe4f8, 0xe441,
    0x6689, 0xcc00, 0xdd54, 0xe468, 0xe516, 0xe492, 0xe5fe, 0xe7b7, 0x684e, 0x60fe, 0x59e8, 0x5c14,
];
// strided: out [1, 3, 6, 6], 6 of 108 differ from rounding once
const STRIDED: [u16; 108] = [
    0xe50f, 0xdf04, 0x637c, 0xdcf4, 0xe48b, 0xe3f6, 0x63a0, 0x6956, 0xe488, 0xea04, 0x68cc, 0x68de,
    0x6340, 0xdab8, 0xe54b, 0xe072, 0x6304, 0x622c, 0xdbc0, 0x5ef4, 0xe533, 0xe524, 0xe500, 0xe590,
    0x6466, 0x59a8, 0xe485, 0xe84b, 0xe4e5, 0xe509, 0xe665, 0xe821, 0xe3ea, 0xe839, 0x6706, 0x66e2,
    0xe24a, 0x6646, 0xdee8, 0x65a2, 0x681e, 0xe316, 0x654e, 0x5fb8, 0xe322, 0xe86c, 0xe436, 0xe412,
    0xe0be, 0xe4d5, 0xe46f, 0x66dc, 0xe208, 0xd8b8, 0xe3d0, 0x623e, 0x6593, 0x6982, 0x653f, 0x64af,
    0x5f88, 0xe6c4, 0xd1c0, 0x69a2, 0x664d, 0xddbc, 0xe26e, 0x6324, 0x6614, 0x6512, 0xdedc, 0xdf6c,
    0xe3d8, 0xd9c8, 0x6370, 0xe10e, 0xe5ba, 0xe52a, 0xe79a, 0x5d08, 0x6850, 0x5a80, 0xe6c8, 0xe6a4,
    0x6421, 0x5f18, 0xe234, 0x5b58, 0x648a, 0x641e, 0x6463, 0x67d6, 0x5fcc, 0x628c, 0x5c60, 0x5840,
    0x5db0, 0xe348, 0xe5cf, 0xe8c8, 0xe47f, 0xe4a3, 0x6580, 0x6088, 0xe3f6, 0xe814, 0xe4eb, 0xe50f,
];
// one_d: out [1, 2, 8], 4 of 16 differ from rounding once
const ONE_D: [u16; 16] = [
    0xd600, 0xeb98, 0xde90, 0x6c61, 0x686e, 0xe920, 0xe1b4, 0x6706, 0xe446, 0xdc70, 0x635e, 0xe84e,
    0xebc2, 0x6966, 0x6b38, 0x6629,
];

/// ATen's Half transposed convolution rounds every column to Half, adds them into the out in
/// Half in its loop order (taps ascending; input positions ascending in its channels-last
/// loops, chosen when the input or the weight suggests channels-last), then adds the bias:
/// torch's own bits, for every layout of the out and ISA level.
#[test]
fn half_transposed_rounds_as_aten() {
    let vals = |n: usize, mul: usize, m: usize| -> Vec<f64> {
        (0..n)
            .map(|i| ((i * mul) % m) as f64 - (m / 2) as f64)
            .collect()
    };
    type TCase<'a> = (&'a [u16], Case, bool, bool);
    let cs: [TCase<'_>; 5] = [
        (
            &NCHW,
            case(1, 8, 2, [4, 4], [3, 3], [1, 1], [0, 0], [1, 1], 1).t([0, 0]),
            false,
            false,
        ),
        (
            &NHWC,
            case(1, 8, 2, [4, 4], [3, 3], [1, 1], [0, 0], [1, 1], 1).t([0, 0]),
            true,
            false,
        ),
        (
            &WEIGHT_CL,
            case(1, 8, 4, [4, 3], [3, 3], [1, 2], [0, 1], [2, 1], 2).t([0, 1]),
            false,
            true,
        ),
        (
            &STRIDED,
            case(1, 6, 3, [3, 3], [3, 3], [2, 2], [1, 1], [1, 1], 1).t([1, 1]),
            false,
            false,
        ),
        (
            &ONE_D,
            case(1, 8, 2, [1, 6], [1, 3], [1, 1], [1, 0], [1, 1], 1)
                .d1()
                .t([0, 0]),
            false,
            false,
        ),
    ];
    for (bits, c, x_cl, w_cl) in cs {
        let ords = orders(c.rank());
        let mk = |sizes: &[usize], v: Vec<f64>, cl: bool| {
            let t = {
                let order: Vec<usize> = (0..sizes.len()).collect();
                let mut t = OwnedTensor::with_capacity(Half, sizes, &order, 0).unwrap();
                t.fill_logical(&v);
                t
            };
            if cl { relayout(&t, &ords[1]) } else { t }
        };
        let xs = c.x_sizes();
        let ws = c.w_sizes();
        let x = mk(&xs, vals(xs.iter().product(), 7919, 81), x_cl);
        let w = mk(&ws, vals(ws.iter().product(), 104729, 81), w_cl);
        let b = mk(&[c.c_out], vals(c.c_out, 31, 41), false);
        let want: Vec<f64> = bits
            .iter()
            .map(|&u| half::f16::from_bits(u).to_f64())
            .collect();
        for o in &ords {
            for &isa in Isa::available_levels() {
                let r = Run {
                    isa: Some(isa),
                    threads: 1,
                    scratch: 16 << 20,
                    out_order: o,
                };
                let got = run(&c, &x, &w, Some(&b), &r);
                assert_eq!(got.0, Ok(()));
                assert_eq!(
                    got.1, want,
                    "{c:?} x cl {x_cl} w cl {w_cl} out {o:?} {isa:?}"
                );
            }
        }
    }
}

/// Little or no scratch: narrower im2col bands, then portable's loop; the same answers.
#[test]
fn small_scratch() {
    let mut seed = 7;
    let c = case(2, 4, 6, [9, 10], [3, 3], [1, 1], [1, 1], [1, 1], 1);
    let x = tensor(Float, &[2, 4, 9, 10], &CL, &mut seed);
    let w = tensor(Float, &[6, 4, 3, 3], &CONTIG, &mut seed);
    let reference = Run {
        isa: None,
        threads: 1,
        scratch: 0,
        out_order: &CONTIG,
    };
    let want = run(&c, &x, &w, None, &reference);
    for scratch in [0, 300, 2_000, 5_000, 10_000, 20_000, 64 << 10] {
        for out_order in [&CONTIG[..], &CL[..]] {
            let r = Run {
                isa: Some(etk_optimized::gemm::isa()),
                threads: 1,
                scratch,
                out_order,
            };
            assert_close(
                &format!("scratch {scratch}"),
                &run(&c, &x, &w, None, &r),
                &want,
            );
        }
    }
}

/// A dynamic out of another shape is resized; dtypes, ranks and transposed calls off the
/// fast paths still run (portable's kernel).
#[test]
fn resize_and_fallbacks() {
    let mut seed = 3;
    let x = tensor(Float, &[1, 3, 6, 6], &CONTIG, &mut seed);
    let w = tensor(Float, &[4, 3, 3, 3], &CONTIG, &mut seed);
    let mut o1 = OwnedTensor::with_capacity(Float, &[2, 2], &[0, 1], 256)
        .unwrap()
        .dynamic();
    let mut o2 = OwnedTensor::zeros(Float, &[1, 4, 4, 4]).unwrap();
    let mut buf = vec![0u8; 1 << 20];
    let mut ctx = KernelContext::new(&mut buf, &Serial);
    let p: [&[i64]; 3] = [&[1], &[0], &[1]];
    let mut v1 = o1.view_mut().unwrap();
    convolution_out(
        &mut ctx,
        &x.view(),
        &w.view(),
        None,
        p[0],
        p[1],
        p[2],
        false,
        &[0],
        1,
        &mut v1,
    )
    .unwrap();
    assert_eq!(v1.sizes(), &[1, 4, 4, 4]);
    let sizes = v1.sizes().to_vec();
    o1.set_layout(&sizes, &CONTIG);
    let mut v2 = o2.view_mut().unwrap();
    portable::convolution_out(
        &mut ctx,
        &x.view(),
        &w.view(),
        None,
        p[0],
        p[1],
        p[2],
        false,
        &[0],
        1,
        &mut v2,
    )
    .unwrap();
    assert_eq!(o1.to_logical::<f64>(), o2.to_logical::<f64>());

    for (dt, xs, ws, transposed) in [
        (Double, vec![1, 3, 6, 6], vec![4, 3, 3, 3], false),
        (Half, vec![1, 3, 6, 6], vec![4, 3, 3, 3], false),
        (Float, vec![2, 3, 9], vec![4, 3, 3], false),
        (Float, vec![1, 2, 4, 4, 4], vec![3, 2, 2, 2, 2], false),
        (Float, vec![1, 4, 5, 5], vec![4, 3, 3, 3], true),
    ] {
        let x = tensor(dt, &xs, &(0..xs.len()).collect::<Vec<_>>(), &mut seed);
        let w = tensor(dt, &ws, &(0..ws.len()).collect::<Vec<_>>(), &mut seed);
        let outs = |_: ()| {
            OwnedTensor::with_capacity(dt, &[1], &[0], 4096)
                .unwrap()
                .dynamic()
        };
        let (mut a, mut b) = (outs(()), outs(()));
        let (mut va, mut vb) = (a.view_mut().unwrap(), b.view_mut().unwrap());
        let r1 = convolution_out(
            &mut ctx,
            &x.view(),
            &w.view(),
            None,
            &[1],
            &[1],
            &[1],
            transposed,
            &[0],
            1,
            &mut va,
        );
        let r2 = portable::convolution_out(
            &mut ctx,
            &x.view(),
            &w.view(),
            None,
            &[1],
            &[1],
            &[1],
            transposed,
            &[0],
            1,
            &mut vb,
        );
        assert_eq!(r1, r2, "{dt:?} {xs:?}");
        r1.unwrap();
        assert_eq!(va.sizes(), vb.sizes());
        let n = va.numel();
        let (pa, pb) = (va.as_ptr(), vb.as_ptr());
        let bytes = n * dt.element_size();
        // SAFETY: both views hold `n` elements of `dt`.
        unsafe {
            assert_eq!(
                std::slice::from_raw_parts(pa, bytes),
                std::slice::from_raw_parts(pb, bytes)
            );
        }
    }
}

/// Bad calls fail exactly as portable's, and write nothing.
#[test]
fn same_errors() {
    let f = |d: ScalarType, s: &[usize]| OwnedTensor::zeros(d, s).unwrap();
    type Call = (
        OwnedTensor,
        OwnedTensor,
        Option<OwnedTensor>,
        [i64; 3],
        i64,
        OwnedTensor,
    );
    let calls: Vec<Call> = vec![
        // channels do not match; groups do not divide; bias of the wrong length, a complex bias
        // (a real one of another dtype is converted, as in ATen)
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 2, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 4, 5, 5]),
            f(Float, &[3, 2, 3, 3]),
            None,
            [1, 0, 1],
            2,
            f(Float, &[1, 3, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            Some(f(Float, &[3])),
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            Some(f(ComplexFloat, &[4])),
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        // weight dtype, out dtype, static out of the wrong shape
        (
            f(Float, &[1, 3, 5, 5]),
            f(Double, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Double, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 5, 5]),
        ),
        // kernel larger than the input; bad stride, padding, dilation; groups 0
        (
            f(Float, &[1, 3, 2, 2]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 1, 1]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [0, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, -1, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 0],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
        (
            f(Float, &[1, 3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            0,
            f(Float, &[1, 4, 3, 3]),
        ),
        // rank mismatch
        (
            f(Float, &[3, 5, 5]),
            f(Float, &[4, 3, 3, 3]),
            None,
            [1, 0, 1],
            1,
            f(Float, &[1, 4, 3, 3]),
        ),
    ];
    for (x, w, b, [s, p, d], g, mut o) in calls {
        let mut ctx = KernelContext::serial();
        let bv = b.as_ref().map(|b| b.view());
        let mut ov = o.view_mut().unwrap();
        let e1 = convolution_out(
            &mut ctx,
            &x.view(),
            &w.view(),
            bv.as_ref(),
            &[s],
            &[p],
            &[d],
            false,
            &[0],
            g,
            &mut ov,
        );
        let e2 = portable::convolution_out(
            &mut ctx,
            &x.view(),
            &w.view(),
            bv.as_ref(),
            &[s],
            &[p],
            &[d],
            false,
            &[0],
            g,
            &mut ov,
        );
        assert!(e1.is_err(), "{:?} {:?}", x.sizes(), w.sizes());
        assert_eq!(e1, e2);
        assert!(o.to_logical::<f64>().iter().all(|&v| v == 0.0));
    }
}

/// Depthwise with infinite weights and NaN inputs next to the padding: portable skips the
/// padding (no `0 * inf`), and so must every path.
#[test]
fn depthwise_non_finite() {
    let c = case(1, 3, 3, [6, 20], [3, 3], [1, 1], [1, 1], [1, 1], 3);
    let mut seed = 11;
    let mut xv = values(3 * 6 * 20, &mut seed, Float);
    xv[0] = f64::NAN;
    xv[25] = f64::INFINITY;
    let mut wv = values(27, &mut seed, Float);
    let runs = [
        (true, &CONTIG, &CONTIG),
        (false, &CONTIG, &CONTIG),
        (false, &CONTIG, &CL),
        (false, &CL, &CL),
    ];
    for (weights_finite, x_order, out_order) in runs {
        if !weights_finite {
            wv[4] = f64::INFINITY;
            wv[9] = f64::NEG_INFINITY;
        }
        let mut x = OwnedTensor::with_capacity(Float, &[1, 3, 6, 20], x_order, 0).unwrap();
        x.fill_logical(&xv);
        let mut w = OwnedTensor::with_capacity(Float, &[3, 1, 3, 3], &CONTIG, 0).unwrap();
        w.fill_logical(&wv);
        same_at_every_level(&c, &x, &w, out_order, &format!("finite {weights_finite}"));
    }
}

/// Every level gives portable's answer for `c` to the bit, NaN for NaN (no bias, out in
/// `out_order`).
fn same_at_every_level(
    c: &Case,
    x: &OwnedTensor,
    w: &OwnedTensor,
    out_order: &[usize],
    what: &str,
) {
    let reference = Run {
        isa: None,
        threads: 1,
        scratch: 0,
        out_order: &CONTIG,
    };
    let want = run(c, x, w, None, &reference);
    for &isa in Isa::available_levels() {
        let r = Run {
            isa: Some(isa),
            threads: 1,
            scratch: 1 << 20,
            out_order,
        };
        let got = run(c, x, w, None, &r);
        assert_eq!(got.0, want.0);
        for (i, (g, w)) in got.1.iter().zip(&want.1).enumerate() {
            let same = g == w || (g.is_nan() && w.is_nan());
            assert!(same, "{isa:?} {what}: element {i} got {g} want {w}");
        }
    }
}

/// The direct kernel of few channels with NaN and infinite inputs next to the padding (which
/// it adds as zeros): the same NaNs and infinities as portable, at every level, in both
/// layouts.
#[test]
fn direct_non_finite() {
    let c = case(1, 3, 10, [6, 20], [3, 3], [1, 1], [1, 1], [1, 1], 1);
    let mut seed = 12;
    let mut xv = values(3 * 6 * 20, &mut seed, Float);
    xv[0] = f64::NAN;
    xv[25] = f64::INFINITY;
    xv[139] = f64::NEG_INFINITY;
    let wv = values(10 * 27, &mut seed, Float);
    for x_order in [&CONTIG, &CL] {
        let mut x = OwnedTensor::with_capacity(Float, &[1, 3, 6, 20], x_order, 0).unwrap();
        x.fill_logical(&xv);
        let mut w = OwnedTensor::with_capacity(Float, &[10, 3, 3, 3], &CONTIG, 0).unwrap();
        w.fill_logical(&wv);
        same_at_every_level(&c, &x, &w, x_order, &format!("{x_order:?}"));
    }
}

/// A bias of another real dtype than the input's is converted (ATen's native kernels): the
/// optimized kernel gives portable's answer, at every level.
#[test]
fn bias_of_another_dtype_matches_portable() {
    let f = |d: ScalarType, s: &[usize], seed: &mut u64| {
        let mut t = OwnedTensor::zeros(d, s).unwrap();
        let n = s.iter().product();
        t.fill_logical(&values(n, seed, d));
        t
    };
    let mut seed = 5;
    let x = f(Float, &[1, 3, 6, 6], &mut seed);
    let w = f(Float, &[4, 3, 3, 3], &mut seed);
    for bd in [Double, Half, Long] {
        let b = f(bd, &[4], &mut seed);
        let run = |opt: bool| {
            let mut o = OwnedTensor::zeros(Float, &[1, 4, 4, 4]).unwrap();
            let mut ctx = KernelContext::serial();
            let conv = if opt {
                convolution_out
            } else {
                portable::convolution_out
            };
            let r = conv(
                &mut ctx,
                &x.view(),
                &w.view(),
                Some(&b.view()),
                &[1],
                &[0],
                &[1],
                false,
                &[0],
                1,
                &mut o.view_mut().unwrap(),
            );
            r.unwrap();
            o.to_logical::<f64>()
        };
        assert_eq!(run(true), run(false), "{bd:?} bias");
    }
}

/// Depthwise convolutions sum in portable's order without fused multiply-adds: on values that
/// make every sum inexact (not the exact multiples of the other tests), Float results are
/// portable's to the last bit, in both layouts, at every level — wide and narrow rows (several
/// rows summed at once), strided rows (summed at every column, then every other one taken),
/// kernels of more taps than the kernel sums in registers, an out whose width is not its
/// densest dim.
#[test]
fn depthwise_bit_exact() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut noisy = |sizes: &[usize], order: &[usize]| {
        let n: usize = sizes.iter().product();
        let v: Vec<f64> = (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
            })
            .collect();
        let mut t = OwnedTensor::with_capacity(Float, sizes, order, 0).unwrap();
        t.fill_logical(&v);
        t
    };
    let cases = [
        case(1, 24, 24, [9, 40], [3, 3], [1, 1], [1, 1], [1, 1], 24),
        case(1, 20, 20, [14, 14], [3, 3], [2, 2], [1, 1], [1, 1], 20),
        case(2, 17, 17, [11, 7], [3, 3], [1, 1], [1, 1], [1, 1], 17),
        case(1, 8, 8, [20, 37], [3, 3], [2, 2], [1, 1], [1, 1], 8),
        case(1, 5, 5, [12, 13], [7, 7], [1, 1], [3, 3], [1, 1], 5),
        case(1, 6, 6, [9, 10], [3, 3], [1, 1], [2, 2], [2, 2], 6),
    ];
    for c in cases {
        for (xo, oo) in [(&CONTIG, &CONTIG), (&CL, &CL), (&CONTIG, &ODD)] {
            let x = noisy(&c.x_sizes(), xo);
            let w = noisy(&c.w_sizes(), &CONTIG);
            let b = noisy(&[c.c_out], &[0]);
            let reference = Run {
                isa: None,
                threads: 1,
                scratch: 0,
                out_order: oo,
            };
            let want = run(&c, &x, &w, Some(&b), &reference);
            for &isa in Isa::available_levels() {
                let r = Run {
                    isa: Some(isa),
                    scratch: 16 << 20,
                    ..reference
                };
                let got = run(&c, &x, &w, Some(&b), &r);
                assert_eq!(got.0, want.0);
                let bits = |v: &[f64]| v.iter().map(|v| (*v as f32).to_bits()).collect::<Vec<_>>();
                assert_eq!(
                    bits(&got.1),
                    bits(&want.1),
                    "{c:?} x {xo:?} out {oo:?} {isa:?}"
                );
            }
        }
    }
}
