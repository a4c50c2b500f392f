//! `convolution_backward.out` against a reference written from the definition: the forward
//! convolution's finite sum `y[n, oc, o] += x[n, ic, i] * w(ic, oc, t)`, differentiated term
//! by term. Every output_mask, groups, transposed, 1-/2-/3-D, dim orders, dtypes, empty
//! inputs, resizing and the rejections.

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Result, ScalarType};
use etk_portable::ops::convolution_backward::convolution_backward_out;

mod common;
use common::*;

/// A call's parameters (lists as the caller passes them).
#[derive(Clone)]
struct P {
    x: Vec<usize>,
    w: Vec<usize>,
    stride: Vec<i64>,
    padding: Vec<i64>,
    dilation: Vec<i64>,
    transposed: bool,
    output_padding: Vec<i64>,
    groups: i64,
}

#[allow(clippy::too_many_arguments)]
fn p(
    x: &[usize],
    w: &[usize],
    s: &[i64],
    pd: &[i64],
    d: &[i64],
    tr: bool,
    op: &[i64],
    g: i64,
) -> P {
    P {
        x: x.to_vec(),
        w: w.to_vec(),
        stride: s.to_vec(),
        padding: pd.to_vec(),
        dilation: d.to_vec(),
        transposed: tr,
        output_padding: op.to_vec(),
        groups: g,
    }
}

fn each(v: &[i64], k: usize) -> Vec<i64> {
    if v.len() == 1 {
        vec![v[0]; k]
    } else {
        v.to_vec()
    }
}

fn index(sizes: &[usize], idx: &[usize]) -> usize {
    idx.iter().zip(sizes).fold(0, |a, (&i, &s)| a * s + i)
}

/// All multi-indices of `sizes`, row-major.
fn grid(sizes: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &s in sizes {
        out = out
            .into_iter()
            .flat_map(|v| {
                (0..s).map(move |i| {
                    let mut v = v.clone();
                    v.push(i);
                    v
                })
            })
            .collect();
    }
    out
}

impl P {
    fn k(&self) -> usize {
        self.x.len() - 2
    }
    fn c_out(&self) -> usize {
        if self.transposed {
            self.w[1] * self.groups as usize
        } else {
            self.w[0]
        }
    }
    fn out_shape(&self) -> Vec<usize> {
        let k = self.k();
        let (s, pd, d, op) = (
            each(&self.stride, k),
            each(&self.padding, k),
            each(&self.dilation, k),
            each(&self.output_padding, k),
        );
        let mut o = vec![self.x[0], self.c_out()];
        for i in 0..k {
            let (n, kk) = (self.x[2 + i] as i64, self.w[2 + i] as i64);
            o.push(if self.transposed {
                ((n - 1) * s[i] - 2 * pd[i] + d[i] * (kk - 1) + op[i] + 1) as usize
            } else {
                ((n + 2 * pd[i] - d[i] * (kk - 1) - 1) / s[i] + 1) as usize
            });
        }
        o
    }

    /// (grad_input, grad_weight, grad_bias) in f64 from the forward's terms.
    fn reference(&self, go: &[f64], x: &[f64], w: &[f64]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let k = self.k();
        let (s, pd, d) = (
            each(&self.stride, k),
            each(&self.padding, k),
            each(&self.dilation, k),
        );
        let os = self.out_shape();
        let (g, co) = (self.groups as usize, self.c_out());
        let (icg, ocg) = (self.x[1] / g, co / g);
        let mut gi = vec![0.0; x.len()];
        let mut gw = vec![0.0; w.len()];
        let mut gb = vec![0.0; co];
        for n in 0..self.x[0] {
            for oc in 0..co {
                for o in grid(&os[2..]) {
                    let gv = go[index(&os, &[&[n, oc][..], &o].concat())];
                    gb[oc] += gv;
                    let gg = oc / ocg;
                    for icl in 0..icg {
                        let ic = gg * icg + icl;
                        for t in grid(&self.w[2..]) {
                            // the input position linked to `o` by tap `t`
                            let mut i = vec![];
                            for dd in 0..k {
                                let (o_, t_) = (o[dd] as i64, t[dd] as i64);
                                let v = if self.transposed {
                                    // o = i * s - p + t * d
                                    let num = o_ + pd[dd] - t_ * d[dd];
                                    if num % s[dd] != 0 { -1 } else { num / s[dd] }
                                } else {
                                    o_ * s[dd] - pd[dd] + t_ * d[dd]
                                };
                                if v < 0 || v >= self.x[2 + dd] as i64 {
                                    break;
                                }
                                i.push(v as usize);
                            }
                            if i.len() < k {
                                continue;
                            }
                            let widx = if self.transposed {
                                [&[ic, oc - gg * ocg][..], &t].concat()
                            } else {
                                [&[oc, icl][..], &t].concat()
                            };
                            let wi = index(&self.w, &widx);
                            let xi = index(&self.x, &[&[n, ic][..], &i].concat());
                            gi[xi] += gv * w[wi];
                            gw[wi] += gv * x[xi];
                        }
                    }
                }
            }
        }
        (gi, gw, gb)
    }
}

fn vals_for(n: usize, seed: usize) -> Vec<f64> {
    (0..n)
        .map(|i| ((i * 7 + seed * 3) % 5) as f64 - 2.0)
        .collect()
}

fn ident(r: usize) -> Vec<usize> {
    (0..r).collect()
}

/// Calls the kernel on owned tensors; `outs` are (tensor) and come back with their layouts.
#[allow(clippy::too_many_arguments)]
fn call(
    pr: &P,
    go: &OwnedTensor,
    x: &OwnedTensor,
    w: &OwnedTensor,
    bias_sizes: Option<&[i64]>,
    mask: &[bool],
    o0: &mut OwnedTensor,
    o1: &mut OwnedTensor,
    o2: &mut OwnedTensor,
) -> Result<()> {
    let mut v0 = o0.view_mut().unwrap();
    let mut v1 = o1.view_mut().unwrap();
    let mut v2 = o2.view_mut().unwrap();
    let r = convolution_backward_out(
        &mut ctx(),
        &go.view(),
        &x.view(),
        &w.view(),
        bias_sizes,
        &pr.stride,
        &pr.padding,
        &pr.dilation,
        pr.transposed,
        &pr.output_padding,
        pr.groups,
        mask,
        &mut v0,
        &mut v1,
        &mut v2,
    );
    let l = [
        (v0.sizes().to_vec(), v0.dim_order().to_vec()),
        (v1.sizes().to_vec(), v1.dim_order().to_vec()),
        (v2.sizes().to_vec(), v2.dim_order().to_vec()),
    ];
    o0.set_layout(&l[0].0, &l[0].1);
    o1.set_layout(&l[1].0, &l[1].1);
    o2.set_layout(&l[2].0, &l[2].1);
    r
}

const SENTINEL: f64 = 77.0;

/// Exact integer sums wrapped to the dtype, as its kernels wrap them.
fn wrap(dtype: ScalarType, v: Vec<f64>) -> Vec<f64> {
    let w = |x: f64| {
        let i = x as i64;
        match dtype {
            Byte => i as u8 as f64,
            Char => i as i8 as f64,
            Short => i as i16 as f64,
            Int => i as i32 as f64,
            _ => x,
        }
    };
    v.into_iter().map(w).collect()
}

/// Runs `pr` in `dtype` with tensors in dim order `order` (for every tensor of the call's
/// rank) and checks each masked-on gradient against the reference (within `tol`, relative to
/// the largest magnitude) and each masked-off out unchanged.
fn check(pr: &P, dtype: ScalarType, order: Option<&[usize]>, mask: [bool; 3], tol: f64) {
    let r = pr.x.len();
    let ord = order.map_or(ident(r), |o| o.to_vec());
    let os = pr.out_shape();
    let n = |s: &[usize]| s.iter().product::<usize>();
    let (gov, xv, wv) = (
        vals_for(n(&os), 1),
        vals_for(n(&pr.x), 2),
        vals_for(n(&pr.w), 3),
    );
    let go = tto(dtype, &gov, &os, &ord);
    let x = tto(dtype, &xv, &pr.x, &ord);
    let w = tto(dtype, &wv, &pr.w, &ord);
    // the reference sees the values as the dtype holds them
    let (gi, gw, gb) = pr.reference(&vals(&go), &vals(&x), &vals(&w));
    let (gi, gw, gb) = (wrap(dtype, gi), wrap(dtype, gw), wrap(dtype, gb));
    let mut o0 = tto(dtype, &vec![SENTINEL; n(&pr.x)], &pr.x, &ord);
    let mut o1 = tto(dtype, &vec![SENTINEL; n(&pr.w)], &pr.w, &ord);
    let mut o2 = dynamic(dtype, pr.c_out());
    let bs = [pr.c_out() as i64];
    call(pr, &go, &x, &w, Some(&bs), &mask, &mut o0, &mut o1, &mut o2).unwrap();
    let what = format!("{dtype:?} {:?} mask {mask:?} order {ord:?}", pr.x);
    for (on, o, want) in [(mask[0], &o0, &gi), (mask[1], &o1, &gw)] {
        let got = vals(o);
        if on {
            let scale = want.iter().fold(1.0f64, |a, v| a.max(v.abs()));
            for (i, (g, w)) in got.iter().zip(want.iter()).enumerate() {
                assert!(
                    (g - w).abs() <= tol * scale,
                    "{what}: element {i}: {g} vs {w}"
                );
            }
        } else {
            assert!(
                got.iter().all(|&v| v == SENTINEL),
                "{what}: masked-off out written"
            );
        }
    }
    if mask[2] {
        assert_eq!(o2.sizes(), &[pr.c_out()][..], "{what}");
        let scale = gb.iter().fold(1.0f64, |a, v| a.max(v.abs()));
        for (g, w) in vals(&o2).iter().zip(&gb) {
            assert!((g - w).abs() <= tol * scale, "{what}: bias {g} vs {w}");
        }
    } else {
        assert_eq!(o2.sizes(), &[0][..], "{what}: masked-off out resized");
    }
}

fn masks() -> Vec<[bool; 3]> {
    (0..8)
        .map(|m| [m & 4 != 0, m & 2 != 0, m & 1 != 0])
        .collect()
}

#[rustfmt::skip]
fn configs() -> Vec<P> {
    vec![
        p(&[2, 4, 5, 4], &[6, 2, 3, 2], &[2, 1], &[1, 0], &[1], false, &[0], 2),
        p(&[1, 2, 7, 7], &[3, 2, 3, 3], &[1, 2], &[2, 1], &[2, 3], false, &[0], 1),
        p(&[2, 4, 5, 5], &[4, 1, 3, 3], &[1], &[1], &[1], false, &[0], 4),
        p(&[2, 4, 3, 4], &[4, 3, 3, 2], &[2], &[1, 0], &[1], true, &[1, 0], 2),
        p(&[1, 4, 3, 4], &[4, 3, 3, 3], &[1], &[0, 1], &[2], true, &[1, 0], 2),
        p(&[2, 4, 11], &[6, 2, 3], &[2], &[1], &[2], false, &[0], 2),
        p(&[1, 3, 5], &[3, 2, 3], &[3], &[1], &[1], true, &[2], 1),
        p(&[1, 2, 4, 5, 4], &[4, 2, 2, 3, 2], &[1, 2, 1], &[1, 0, 1], &[1, 1, 2], false, &[0], 1),
        p(&[1, 2, 3, 3, 2], &[2, 2, 2, 2, 2], &[2, 1, 2], &[0, 1, 0], &[1], true, &[1, 0, 0], 1),
    ]
}

#[test]
fn every_mask_every_config_in_double() {
    for pr in configs() {
        for m in masks() {
            check(&pr, Double, None, m, 1e-12);
        }
    }
}

#[test]
fn floating_dtypes_and_dim_orders() {
    for pr in configs() {
        let r = pr.x.len();
        let cl: Vec<usize> = [0].into_iter().chain(2..r).chain([1]).collect();
        let rev: Vec<usize> = (0..r).rev().collect();
        for order in [None, Some(&cl[..]), Some(&rev[..])] {
            check(&pr, Float, order, [true; 3], 1e-6);
            check(&pr, Half, order, [true, true, false], 2e-3);
            check(&pr, BFloat16, order, [false, true, true], 1e-2);
        }
    }
}

#[test]
fn integer_dtypes_as_aten() {
    // Long in a dilated convolution: every gradient.
    let dil = configs()[1].clone();
    for m in masks() {
        check(&dil, Long, None, m, 0.0);
    }
    // Other integer kernels: the bias gradient only.
    let plain = configs()[0].clone();
    for dt in [Byte, Char, Short, Int, Long] {
        check(&plain, dt, None, [false, false, true], 0.0);
        check(&plain, dt, None, [false, false, false], 0.0);
    }
    let os = plain.out_shape();
    let n = |s: &[usize]| s.iter().product::<usize>();
    let attempt = |pr: &P, dt: ScalarType, mask: [bool; 3]| {
        let os = pr.out_shape();
        let go = tt(dt, &vals_for(n(&os), 1), &os);
        let x = tt(dt, &vals_for(n(&pr.x), 1), &pr.x);
        let w = tt(dt, &vals_for(n(&pr.w), 1), &pr.w);
        let (mut a, mut b, mut c) = (dynamic(dt, 999), dynamic(dt, 999), dynamic(dt, 99));
        call(pr, &go, &x, &w, None, &mask, &mut a, &mut b, &mut c)
    };
    for dt in [Int, Long, Bool] {
        let e = attempt(&plain, dt, [true, false, false]).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::InvalidType, "input"), "{dt:?}");
        let e = attempt(&plain, dt, [false, true, true]).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::InvalidType, "input"), "{dt:?}");
    }
    // Narrow integers in a dilated convolution: not even the bias.
    assert!(attempt(&dil, Int, [false, false, true]).is_err());
    assert!(attempt(&dil, Int, [false, false, false]).is_err());
    // 3-D transposed: no integer gradient.
    let tr3 = configs()[8].clone();
    assert!(attempt(&tr3, Long, [false, false, true]).is_err());
    attempt(&tr3, Long, [false, false, false]).unwrap();
    // Bool: the bias gradient is "any".
    let go = tt(Bool, &vec![0.0; n(&os)], &os);
    let x = tt(Bool, &vec![1.0; n(&plain.x)], &plain.x);
    let w = tt(Bool, &vec![1.0; n(&plain.w)], &plain.w);
    let (mut a, mut b, mut c) = (dynamic(Bool, 1), dynamic(Bool, 1), dynamic(Bool, 6));
    call(
        &plain,
        &go,
        &x,
        &w,
        None,
        &[false, false, true],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap();
    assert_eq!(vals(&c), vec![0.0; 6]);
    // wrapping sums
    let go = tt(Byte, &vec![200.0; n(&os)], &os);
    let x = tt(Byte, &vec![1.0; n(&plain.x)], &plain.x);
    let w = tt(Byte, &vec![1.0; n(&plain.w)], &plain.w);
    let mut c = dynamic(Byte, 6);
    call(
        &plain,
        &go,
        &x,
        &w,
        None,
        &[false, false, true],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap();
    let per = (n(&os) / 6) as u64 * 200 % 256;
    assert_eq!(vals(&c), vec![per as f64; 6]);
}

#[test]
fn empty_inputs_have_zero_gradients() {
    let pr = p(
        &[0, 4, 6, 6],
        &[6, 2, 3, 3],
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        2,
    );
    let go = tt(Float, &[], &[0, 6, 4, 4]);
    let x = tt(Float, &[], &pr.x);
    let w = tt(Float, &vals_for(108, 1), &pr.w);
    let (mut a, mut b, mut c) = (dynamic(Float, 0), dynamic(Float, 108), dynamic(Float, 6));
    call(
        &pr,
        &go,
        &x,
        &w,
        Some(&[2, 3]),
        &[true; 3],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap();
    assert_eq!(
        (a.sizes(), b.sizes(), c.sizes()),
        (&[0, 4, 6, 6][..], &[6, 2, 3, 3][..], &[2, 3][..])
    );
    assert!(vals(&b).iter().chain(vals(&c).iter()).all(|&v| v == 0.0));
    // bias_sizes is needed for the bias gradient of an empty input
    let e = call(
        &pr,
        &go,
        &x,
        &w,
        None,
        &[false, false, true],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap_err();
    assert_eq!(e.arg, "bias_sizes");
    call(
        &pr,
        &go,
        &x,
        &w,
        None,
        &[true, true, false],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap();
    // zero input channels: the bias gradient is zeros too (not grad_output's sum)
    let pr = p(
        &[2, 0, 6, 6],
        &[6, 0, 3, 3],
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        1,
    );
    let go = tt(Float, &[1.0; 192], &[2, 6, 4, 4]);
    let x = tt(Float, &[], &pr.x);
    let w = tt(Float, &[], &pr.w);
    let mut c = tto(Float, &[5.0; 6], &[6], &[0]);
    call(
        &pr,
        &go,
        &x,
        &w,
        Some(&[6]),
        &[true; 3],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap();
    assert_eq!(vals(&c), vec![0.0; 6]);
    // an empty spatial dim is an error
    let pr = p(
        &[2, 4, 0, 6],
        &[6, 2, 1, 1],
        &[1],
        &[1],
        &[1],
        false,
        &[0],
        2,
    );
    let x = tt(Float, &[], &pr.x);
    let w = tt(Float, &vals_for(12, 1), &pr.w);
    let go = tt(Float, &vals_for(192, 1), &[2, 6, 2, 8]);
    let e = call(
        &pr,
        &go,
        &x,
        &w,
        Some(&[6]),
        &[true; 3],
        &mut a,
        &mut b,
        &mut c,
    )
    .unwrap_err();
    assert_eq!(e.arg, "input", "{e}");
}

#[test]
fn rejects_what_aten_rejects() {
    let pr = p(
        &[1, 4, 5, 5],
        &[6, 2, 3, 3],
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        2,
    );
    let n = |s: &[usize]| s.iter().product::<usize>();
    let x = tt(Float, &vals_for(100, 1), &pr.x);
    let w = tt(Float, &vals_for(108, 1), &pr.w);
    let go = tt(Float, &vals_for(54, 1), &[1, 6, 3, 3]);
    let err = |pr: &P,
               go: &OwnedTensor,
               x: &OwnedTensor,
               w: &OwnedTensor,
               mask: &[bool],
               odt: ScalarType| {
        let (mut a, mut b, mut c) = (dynamic(odt, 999), dynamic(odt, 999), dynamic(odt, 99));
        let e = call(pr, go, x, w, Some(&[6]), mask, &mut a, &mut b, &mut c).unwrap_err();
        assert_eq!(
            (a.sizes(), b.sizes(), c.sizes()),
            (&[0][..], &[0][..], &[0][..]),
            "{e}"
        );
        e.arg
    };
    let all = [true; 3];
    assert_eq!(err(&pr, &go, &x, &w, &[true, true], Float), "output_mask");
    assert_eq!(err(&pr, &go, &x, &w, &all, Double), "out0");
    assert_eq!(err(&pr, &go, &x, &w, &[false, false, true], Double), "out2");
    let bad_go = tt(Float, &vals_for(36, 1), &[1, 6, 3, 2]);
    assert_eq!(err(&pr, &bad_go, &x, &w, &all, Float), "grad_output");
    assert_eq!(
        err(&pr, &bad_go, &x, &w, &[false, false, true], Float),
        "grad_output"
    );
    let go3 = tt(Float, &vals_for(54, 1), &[6, 3, 3]);
    assert_eq!(err(&pr, &go3, &x, &w, &all, Float), "grad_output");
    let god = tt(Double, &vals_for(54, 1), &[1, 6, 3, 3]);
    assert_eq!(err(&pr, &god, &x, &w, &all, Float), "grad_output");
    let wd = tt(Double, &vals_for(108, 1), &pr.w);
    assert_eq!(err(&pr, &go, &x, &wd, &all, Float), "weight");
    let with = |f: &dyn Fn(&mut P)| {
        let mut q = pr.clone();
        f(&mut q);
        q
    };
    for (q, arg) in [
        (with(&|q| q.stride = vec![0]), "stride"),
        (with(&|q| q.stride = vec![-1, 1]), "stride"),
        (with(&|q| q.stride = vec![1, 1, 1]), "stride"),
        (with(&|q| q.padding = vec![-1]), "padding"),
        (with(&|q| q.dilation = vec![0]), "dilation"),
        (with(&|q| q.groups = 3), "input"),
        (with(&|q| q.groups = 0), "groups"),
        (with(&|q| q.groups = -2), "groups"),
        (with(&|q| q.output_padding = vec![1]), "output_padding"),
        (with(&|q| q.dilation = vec![4]), "weight"),
        (
            with(&|q| {
                q.transposed = true;
                q.stride = vec![2];
                q.output_padding = vec![2]
            }),
            "output_padding",
        ),
    ] {
        assert_eq!(err(&q, &go, &x, &w, &all, Float), arg, "{arg}");
        assert_eq!(
            err(&q, &go, &x, &w, &[false; 3], Float),
            arg,
            "{arg}, no gradient"
        );
    }
    // zero output channels, a 2-D weight
    let w0 = tt(Float, &[], &[0, 4, 3, 3]);
    let q = p(
        &[1, 4, 5, 5],
        &[0, 4, 3, 3],
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        1,
    );
    assert_eq!(
        err(&q, &tt(Float, &[], &[1, 0, 3, 3]), &x, &w0, &all, Float),
        "weight"
    );
    let w2 = tt(Float, &vals_for(12, 1), &[4, 3]);
    let q = p(&[2, 3], &[4, 3], &[1], &[0], &[1], false, &[0], 1);
    let x2 = tt(Float, &vals_for(6, 1), &[2, 3]);
    assert_eq!(
        err(
            &q,
            &tt(Float, &vals_for(8, 1), &[2, 4]),
            &x2,
            &w2,
            &all,
            Float
        ),
        "weight"
    );
    // huge parameters: an error, no overflow
    let q = with(&|q| {
        q.stride = vec![i64::MAX];
        q.padding = vec![i64::MAX];
        q.dilation = vec![i64::MAX]
    });
    assert!(matches!(
        err(&q, &go, &x, &w, &all, Float),
        "grad_output" | "weight" | "input"
    ));
    // static outs of the wrong shape
    let mut a = zeros(Float, &[1, 4, 5, 4]);
    let (mut b, mut c) = (dynamic(Float, 999), dynamic(Float, 99));
    assert_eq!(
        err_kind(call(&pr, &go, &x, &w, None, &all, &mut a, &mut b, &mut c)),
        ErrorKind::OutOfCapacity
    );
    let _ = n;
}

#[test]
fn resizes_dynamic_outs_and_keeps_static_ones() {
    let pr = configs()[0].clone();
    let os = pr.out_shape();
    let n = |s: &[usize]| s.iter().product::<usize>();
    let go = tt(Float, &vals_for(n(&os), 1), &os);
    let x = tt(Float, &vals_for(n(&pr.x), 2), &pr.x);
    let w = tt(Float, &vals_for(n(&pr.w), 3), &pr.w);
    let (gi, gw, gb) = pr.reference(
        &vals_for(n(&os), 1),
        &vals_for(n(&pr.x), 2),
        &vals_for(n(&pr.w), 3),
    );
    let (mut a, mut b, mut c) = (dynamic(Float, 999), dynamic(Float, 999), dynamic(Float, 99));
    call(&pr, &go, &x, &w, None, &[true; 3], &mut a, &mut b, &mut c).unwrap();
    assert_eq!(
        (a.sizes(), b.sizes(), c.sizes()),
        (&pr.x[..], &pr.w[..], &[6][..])
    );
    assert_eq!((vals(&a), vals(&b), vals(&c)), (gi, gw, gb));
}

#[test]
fn complex_bias_gradient_and_unsigned_dtypes() {
    let pr = p(
        &[2, 2, 3, 3],
        &[2, 2, 2, 2],
        &[1],
        &[0],
        &[1],
        false,
        &[0],
        1,
    );
    let os = pr.out_shape(); // [2, 2, 2, 2]
    let mut go = OwnedTensor::zeros(ComplexFloat, &os).unwrap();
    {
        let mut v = go.view_mut().unwrap();
        let ptr = v.as_mut_ptr("test", "go").unwrap() as *mut f32;
        for i in 0..16 {
            // SAFETY: 16 complex elements, contiguous.
            unsafe {
                *ptr.add(2 * i) = i as f32;
                *ptr.add(2 * i + 1) = -2.0 * i as f32;
            }
        }
    }
    let x = OwnedTensor::zeros(ComplexFloat, &pr.x).unwrap();
    let w = OwnedTensor::zeros(ComplexFloat, &pr.w).unwrap();
    let (mut a, mut b) = (dynamic(ComplexFloat, 99), dynamic(ComplexFloat, 99));
    let mut c = OwnedTensor::zeros(ComplexFloat, &[2]).unwrap();
    let bias_only = [false, false, true];
    call(&pr, &go, &x, &w, None, &bias_only, &mut a, &mut b, &mut c).unwrap();
    let got: Vec<f32> = {
        let v = c.view();
        let ptr = v.as_ptr() as *const f32;
        // SAFETY: 2 complex elements.
        (0..4).map(|i| unsafe { *ptr.add(i) }).collect()
    };
    // channel 0 holds elements 0..4 and 8..12 (n = 0, 1), channel 1 the others
    let s0: f32 = [0, 1, 2, 3, 8, 9, 10, 11].iter().map(|&i| i as f32).sum();
    let s1: f32 = [4, 5, 6, 7, 12, 13, 14, 15].iter().map(|&i| i as f32).sum();
    assert_eq!(got, vec![s0, -2.0 * s0, s1, -2.0 * s1]);
    let e = call(&pr, &go, &x, &w, None, &[true; 3], &mut a, &mut b, &mut c).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidType);
    for dt in [UInt16, UInt32, UInt64, ComplexHalf] {
        let (go, x, w) = (
            OwnedTensor::zeros(dt, &os).unwrap(),
            OwnedTensor::zeros(dt, &pr.x).unwrap(),
            OwnedTensor::zeros(dt, &pr.w).unwrap(),
        );
        let (mut a, mut b, mut c) = (dynamic(dt, 99), dynamic(dt, 99), dynamic(dt, 9));
        call(&pr, &go, &x, &w, None, &[false; 3], &mut a, &mut b, &mut c).unwrap();
        let e = call(&pr, &go, &x, &w, None, &bias_only, &mut a, &mut b, &mut c).unwrap_err();
        assert_eq!((e.kind, e.arg), (ErrorKind::InvalidType, "input"), "{dt:?}");
    }
}

/// The gradients of 1x3x224x224 through a 3x3 conv with 64 output channels (run with
/// `--ignored --nocapture` to see the time).
#[test]
#[ignore]
fn convolution_backward_224_speed() {
    let pr = p(
        &[1, 3, 224, 224],
        &[64, 3, 3, 3],
        &[1],
        &[1],
        &[1],
        false,
        &[0],
        1,
    );
    let go = zeros(Float, &[1, 64, 224, 224]);
    let (x, w) = (zeros(Float, &pr.x), zeros(Float, &pr.w));
    let (mut a, mut b, mut c) = (
        zeros(Float, &pr.x),
        zeros(Float, &pr.w),
        zeros(Float, &[64]),
    );
    for mask in [
        [true, false, false],
        [false, true, false],
        [false, false, true],
    ] {
        let t0 = std::time::Instant::now();
        call(&pr, &go, &x, &w, None, &mask, &mut a, &mut b, &mut c).unwrap();
        println!(
            "backward of 1x3x224x224 * 64x3x3x3 (pad 1), mask {mask:?}: {:?}",
            t0.elapsed()
        );
    }
}
