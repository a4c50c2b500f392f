//! The optimized `convolution.out` against portable's: 1x1 (read in place and through
//! im2col), 3x3 with stride, padding and dilation, asymmetric kernels, depthwise (SIMD tails
//! along width and channels), channel multipliers and groups, empty batches and no input
//! channels; contiguous, channels-last and other dim orders of input, weight and out; with
//! and without bias; one and two threads; every ISA level this machine has; scratch from
//! plenty down to none. Values are multiples of 1/64, so every sum is exact in f32 whatever
//! its order and the results must agree to the last bit (the tolerance is for safety only).

use ScalarType::*;
use etk_core::{Error, KernelContext, OwnedTensor, Parallel, ScalarType, ScopedThreads, Serial};
use etk_optimized::gemm::Isa;
use etk_optimized::ops::convolution::{convolution_out, convolution_out_isa};
use etk_portable::ops::convolution as portable;

const CONTIG: [usize; 4] = [0, 1, 2, 3];
const CL: [usize; 4] = [0, 2, 3, 1];
const ODD: [usize; 4] = [1, 0, 3, 2];

fn values(n: usize, seed: &mut u64) -> Vec<f64> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            ((*seed >> 20) % 129) as f64 / 64.0 - 1.0
        })
        .collect()
}

fn tensor(dtype: ScalarType, sizes: &[usize], order: &[usize], seed: &mut u64) -> OwnedTensor {
    let mut t = OwnedTensor::with_capacity(dtype, sizes, order, 0).unwrap();
    t.fill_logical(&values(sizes.iter().product(), seed));
    t
}

/// One convolution: sizes and parameters.
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
        // empty batch, no channels out, no channels in
        case(0, 3, 4, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 3, 0, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
        case(1, 0, 4, [5, 5], [3, 3], [1, 1], [1, 1], [1, 1], 1),
    ]
}

impl Case {
    fn out_hw(&self) -> [usize; 2] {
        core::array::from_fn(|i| {
            let span = self.dilation[i] as usize * (self.k[i] - 1) + 1;
            (self.hw[i] + 2 * self.padding[i] as usize - span) / self.stride[i] as usize + 1
        })
    }
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
    let o = c.out_hw();
    let sizes = [c.n, c.c_out, o[0], o[1]];
    let mut out = OwnedTensor::with_capacity(Float, &sizes, r.out_order, 0).unwrap();
    out.fill_logical(&vec![7.0f64; sizes.iter().product()]);
    // NaN bytes: a kernel reading scratch it did not write shows in its out.
    let mut scratch = vec![0xffu8; r.scratch];
    let pool = ScopedThreads(r.threads);
    let par: &dyn Parallel = if r.threads > 1 { &pool } else { &Serial };
    let mut ctx = KernelContext::new(&mut scratch, par);
    let (xv, wv, bv) = (x.view(), w.view(), b.map(|b| b.view()));
    let mut ov = out.view_mut().unwrap();
    let args = (&c.stride[..], &c.padding[..], &c.dilation[..]);
    let g = c.groups as i64;
    let res = match r.isa {
        Some(isa) => convolution_out_isa(
            &mut ctx,
            isa,
            &xv,
            &wv,
            bv.as_ref(),
            args.0,
            args.1,
            args.2,
            false,
            &[0],
            g,
            &mut ov,
        ),
        None => portable::convolution_out(
            &mut ctx,
            &xv,
            &wv,
            bv.as_ref(),
            args.0,
            args.1,
            args.2,
            false,
            &[0],
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

#[test]
fn matches_portable() {
    let orders: [&[usize]; 3] = [&CONTIG, &CL, &ODD];
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for c in cases() {
        let x = tensor(Float, &[c.n, c.c_in, c.hw[0], c.hw[1]], &CONTIG, &mut seed);
        let w_sizes = [c.c_out, c.c_in / c.groups, c.k[0], c.k[1]];
        let w = tensor(Float, &w_sizes, &CONTIG, &mut seed);
        let bias = tensor(Float, &[c.c_out], &[0], &mut seed);
        for with_bias in [false, true] {
            let b = with_bias.then_some(&bias);
            let reference = Run {
                isa: None,
                threads: 1,
                scratch: 0,
                out_order: &CONTIG,
            };
            let want = run(&c, &x, &w, b, &reference);
            assert!(want.0.is_ok(), "{c:?}");
            for (oi, xo) in orders.iter().enumerate() {
                // the same logical values in another layout
                let relayout = |t: &OwnedTensor, order: &[usize]| {
                    let mut u = OwnedTensor::with_capacity(Float, t.sizes(), order, 0).unwrap();
                    u.fill_logical(&t.to_logical::<f64>());
                    u
                };
                let xl = relayout(&x, xo);
                let wl = relayout(&w, orders[(oi + 1) % 3]);
                for &isa in Isa::available_levels() {
                    // no scratch: the depthwise kernel without its padded plane, portable's
                    // loop for im2col
                    let runs = [
                        (1, *xo, 16 << 20),
                        (2, orders[(oi + 2) % 3], 16 << 20),
                        (1, orders[(oi + 1) % 3], 0),
                    ];
                    for (threads, out_order, scratch) in runs {
                        let r = Run {
                            isa: Some(isa),
                            threads,
                            scratch,
                            out_order,
                        };
                        let got = run(&c, &xl, &wl, b, &r);
                        let what = format!(
                            "{c:?} bias {with_bias} x {xo:?} out {out_order:?} {isa:?} x{threads} {scratch}"
                        );
                        assert_close(&what, &got, &want);
                    }
                }
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
    let mut xv = values(3 * 6 * 20, &mut seed);
    xv[0] = f64::NAN;
    xv[25] = f64::INFINITY;
    let mut wv = values(27, &mut seed);
    for (weights_finite, out_order) in [(true, &CONTIG), (false, &CONTIG), (false, &CL)] {
        if !weights_finite {
            wv[4] = f64::INFINITY;
            wv[9] = f64::NEG_INFINITY;
        }
        let mut x = OwnedTensor::with_capacity(Float, &[1, 3, 6, 20], &CONTIG, 0).unwrap();
        x.fill_logical(&xv);
        let mut w = OwnedTensor::with_capacity(Float, &[3, 1, 3, 3], &CONTIG, 0).unwrap();
        w.fill_logical(&wv);
        let reference = Run {
            isa: None,
            threads: 1,
            scratch: 0,
            out_order: &CONTIG,
        };
        let want = run(&c, &x, &w, None, &reference);
        for &isa in Isa::available_levels() {
            let r = Run {
                isa: Some(isa),
                threads: 1,
                scratch: 1 << 20,
                out_order,
            };
            let got = run(&c, &x, &w, None, &r);
            assert_eq!(got.0, want.0);
            for (i, (g, w)) in got.1.iter().zip(&want.1).enumerate() {
                let same = g == w || (g.is_nan() && w.is_nan());
                assert!(
                    same,
                    "{isa:?} finite {weights_finite}: element {i} got {g} want {w}"
                );
            }
        }
    }
}

/// A bias of another real dtype than the input's is converted (ATen's native kernels): the
/// optimized kernel gives portable's answer, at every level.
#[test]
fn bias_of_another_dtype_matches_portable() {
    let f = |d: ScalarType, s: &[usize], seed: &mut u64| {
        let mut t = OwnedTensor::zeros(d, s).unwrap();
        let n = s.iter().product();
        t.fill_logical(&values(n, seed));
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
