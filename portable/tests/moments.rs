//! NaN and infinities through the moment kernels (issue 28 item 2): each kernel follows its
//! ATen kernel's algorithm, and the algorithm decides where the special values go. Expected
//! values were measured with PyTorch 2.13 (ATen, CPU).

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Result, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const INF: f64 = f64::INFINITY;
const NAN: f64 = f64::NAN;

fn var_mean(x: &OwnedTensor, dim: Option<&[i64]>) -> (Vec<f64>, Vec<f64>) {
    let dt = x.view().dtype();
    let (mut v, mut m) = (dynamic(dt, 16), dynamic(dt, 16));
    run2(&mut v, &mut m, |v, m| {
        var_mean::var_mean_correction_out(&mut ctx(), &x.view(), dim, None, false, v, m)
    })
    .unwrap();
    (vals(&v), vals(&m))
}

fn var(x: &OwnedTensor, dim: Option<&[i64]>, out: ScalarType) -> Result<Vec<f64>> {
    let mut v = dynamic(out, 16);
    run(&mut v, |o| {
        var::var_correction_out(&mut ctx(), &x.view(), dim, None, false, o)
    })?;
    Ok(vals(&v))
}

#[test]
fn var_mean_is_welford_in_memory_order() {
    for dt in [Float, Double, Half, BFloat16] {
        // [1, inf]: the infinity comes last, the mean stays inf; [inf, 1]: `1 - inf` makes it NaN
        let x = tt(dt, &[1.0, INF, INF, 1.0, INF, INF, 1.0, NAN], &[4, 2]);
        let (v, m) = var_mean(&x, Some(&[1]));
        assert_same(&v, &[NAN; 4], &format!("{dt} var"));
        assert_same(&m, &[INF, NAN, NAN, NAN], &format!("{dt} mean"));
        // the same rows walked through a transposed layout: memory order is what counts
        let xt = tto(dt, &[1.0, INF, 3.0, INF, 1.0, 3.0], &[2, 3], &[1, 0]);
        let (_, m) = var_mean(&xt, Some(&[0]));
        assert_same(&m, &[INF, NAN, 3.0], &format!("{dt} mean, transposed"));
    }
    // every element: still Welford (var is NaN, the mean too)
    let (v, m) = var_mean(&tt(Float, &[INF, INF], &[2]), None);
    assert_same(&[v[0], m[0]], &[NAN, NAN], "var_mean([inf, inf])");
    let (v, m) = var_mean(&tt(Float, &[3e38, 3e38], &[2]), None);
    assert_same(
        &[v[0], m[0]],
        &[0.0, 3e38f32 as f64],
        "var_mean([3e38, 3e38])",
    );
}

#[test]
fn var_of_everything_is_two_pass_with_the_mean_in_the_input_dtype() {
    // ATen's std_var_all: the Float mean overflows to inf, `3e38 - inf` is -inf, squared inf
    let x = tt(Float, &[3e38, 3e38], &[2]);
    assert_same(&var(&x, None, Float).unwrap(), &[INF], "var([3e38, 3e38])");
    assert_same(
        &var(&tt(Float, &[3e38, 3e38], &[1, 2]), Some(&[1]), Float).unwrap(),
        &[INF],
        "var over the only non-trivial dim",
    );
    // over a dim with more than one out element: Welford in f64, no overflow
    let x2 = tt(Float, &[3e38, 3e38, 1.0, 2.0], &[2, 2]);
    assert_same(
        &var(&x2, Some(&[1]), Float).unwrap(),
        &[0.0, 0.5],
        "var dim 1",
    );
    // a Half input into a Float out over every dim is ATen's "std_var_all: Unsupported dtype"
    let h = tt(Half, &[1.0, 2.0, 4.0], &[3]);
    assert_eq!(
        var(&h, None, Float).map(|_| ()).unwrap_err().kind,
        ErrorKind::InvalidType
    );
    let h2 = tt(Half, &[1.0, 2.0, 4.0, 8.0], &[2, 2]);
    assert_same(
        &var(&h2, Some(&[1]), Float).unwrap(),
        &[0.5, 8.0],
        "Half into Float over a dim",
    );
    // the input is cast to the out's dtype first: 70000 is inf in Half
    let f = tt(Float, &[1.0, 2.0, 4.0, 70000.0], &[4]);
    assert_same(
        &var(&f, None, Half).unwrap(),
        &[NAN],
        "Float into a Half out",
    );
    let d = tt(Double, &[1e300, 1.0, 2.0, 3.0], &[2, 2]);
    assert_same(
        &var(&d, Some(&[1]), Float).unwrap(),
        &[NAN, 0.5],
        "Double into a Float out",
    );
}

/// Runs a norm kernel `f(out, stat0, stat1)` with outs shaped `y` and `stats`; returns the
/// two statistics.
fn with_norm_outs(
    dt: ScalarType,
    y: (&[usize], &[usize]),
    stats: &[usize],
    f: impl FnOnce(&mut Tensor<'_>, &mut Tensor<'_>, &mut Tensor<'_>) -> Result<()>,
) -> (Vec<f64>, Vec<f64>) {
    let mut out = zeros_o(dt, y.0, y.1);
    let (mut m, mut r) = (zeros(dt, stats), zeros(dt, stats));
    {
        let (mut yv, mut mv, mut rv) = (
            out.view_mut().unwrap(),
            m.view_mut().unwrap(),
            r.view_mut().unwrap(),
        );
        f(&mut yv, &mut mv, &mut rv).unwrap();
    }
    (vals(&m), vals(&r))
}

fn layer_norm(x: &OwnedTensor, n: usize) -> (Vec<f64>, Vec<f64>) {
    let v = x.view();
    let rows = v.numel() / n;
    with_norm_outs(
        v.dtype(),
        (v.sizes(), v.dim_order()),
        &[rows, 1],
        |y, m, r| {
            native_layer_norm::native_layer_norm_out(
                &mut ctx(),
                &v,
                &[n as i64],
                None,
                None,
                1e-5,
                y,
                m,
                r,
            )
        },
    )
}

#[test]
fn layer_norm_statistics_follow_rowwise_moments() {
    // (row length, position of the one +inf, mean for Float, mean for Double): the mean stays
    // infinite only where ATen's column merge leaves the infinite column last
    let cases = [
        (2, 0, NAN, NAN),
        (3, 2, NAN, NAN),
        (4, 3, NAN, INF),
        (8, 7, INF, INF),
        (16, 7, NAN, NAN),
        (16, 15, INF, INF),
        (17, 16, NAN, NAN),
        (32, 15, NAN, NAN),
        (48, 47, INF, INF),
        (256, 255, INF, INF),
        (264, 263, NAN, NAN),
    ];
    for (n, p, want_f, want_d) in cases {
        let mut row = vec![1.0; n];
        row[p] = INF;
        for (dt, want) in [(Float, want_f), (Double, want_d)] {
            let (m, r) = layer_norm(&tt(dt, &row, &[1, n]), n);
            assert_same(&m, &[want], &format!("{dt} n {n} inf at {p}: mean"));
            assert!(r[0].is_nan(), "{dt} n {n}: rstd");
        }
    }
    // finite rows: bit-identical to ATen's statistics
    let x: Vec<f64> = (0..40)
        .map(|i| ((i * 37 % 11) as f64 - 5.0) * 0.75 + 3.0)
        .collect();
    let (m, r) = layer_norm(&tt(Float, &x, &[1, 40]), 40);
    assert_eq!((m[0] as f32, r[0] as f32), (2.8875, 0.418_974_13));
}

fn group_norm(x: &OwnedTensor, g: usize) -> (Vec<f64>, Vec<f64>) {
    let v = x.view();
    let (n, c) = (v.size(0), v.size(1));
    let hxw = v.numel() / (n * c).max(1);
    with_norm_outs(v.dtype(), (v.sizes(), v.dim_order()), &[n, g], |y, m, r| {
        native_group_norm::native_group_norm_out(
            &mut ctx(),
            &v,
            None,
            None,
            n as i64,
            c as i64,
            hxw as i64,
            g as i64,
            1e-5,
            y,
            m,
            r,
        )
    })
}

#[test]
fn group_norm_contiguous_is_welford_channels_last_sums() {
    let mut x = vec![1.0; 8];
    x[0] = INF;
    for dt in [Float, Double, BFloat16] {
        let (m, r) = group_norm(&tt(dt, &x, &[1, 2, 2, 2]), 1);
        assert_same(&m, &[NAN], &format!("{dt} contiguous mean"));
        assert_same(&r, &[NAN], &format!("{dt} contiguous rstd"));
        let (m, r) = group_norm(&tto(dt, &x, &[1, 2, 2, 2], &[0, 2, 3, 1]), 1);
        assert_same(&m, &[INF], &format!("{dt} channels-last mean"));
        assert_same(&r, &[NAN], &format!("{dt} channels-last rstd"));
    }
    // both infinities: NaN either way
    x[1] = -INF;
    let (m, _) = group_norm(&tto(Float, &x, &[1, 2, 2, 2], &[0, 2, 3, 1]), 1);
    assert_same(&m, &[NAN], "channels-last, both infinities");
}

#[test]
fn batch_norm_training_statistics_are_sums() {
    let mut x = vec![1.0; 8];
    x[0] = INF;
    for order in [[0, 1, 2, 3], [0, 2, 3, 1]] {
        let xt = tto(Float, &x, &[1, 2, 2, 2], &order);
        let (m, s) = with_norm_outs(Float, (&[1, 2, 2, 2], &order), &[2], |y, m, s| {
            native_batch_norm_legit::native_batch_norm_legit_no_stats_out(
                &mut ctx(),
                &xt.view(),
                None,
                None,
                true,
                0.1,
                1e-5,
                y,
                m,
                s,
            )
        });
        assert_same(&m, &[INF, 1.0], "save_mean");
        assert_same(&s, &[NAN, 316.227_752_685_546_9], "save_invstd");
    }
}

/// ATen returns at once for an empty input whatever `C` says (issue 28 item 10): the loop over
/// channels must not be bounded by the int argument.
#[test]
fn group_norm_of_nothing_never_walks_the_channels() {
    let x = zeros(Float, &[2, 4, 0]);
    let (m, r) = with_norm_outs(Float, (&[2, 4, 0], &[0, 1, 2]), &[2, 2], |y, m, r| {
        native_group_norm::native_group_norm_out(
            &mut ctx(),
            &x.view(),
            None,
            None,
            2,
            1 << 62,
            0,
            2,
            1e-5,
            y,
            m,
            r,
        )
    });
    assert_same(&m, &[0.0; 4], "mean");
    assert_same(&r, &[NAN; 4], "rstd");
}
