//! Tests of the nnmisc family (embedding, glu, group / batch norm in training, distances) in
//! the style of ExecuTorch's op tests: values computed with PyTorch 2.13 (ATen, CPU), the dtype
//! matrix, dim orders, resize and the error cases.

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, ScalarType};
use etk_portable::ops::*;

mod common;
use common::*;

fn dynamic(dtype: ScalarType, rank: usize, cap: usize) -> OwnedTensor {
    let order: Vec<usize> = (0..rank).collect();
    OwnedTensor::with_capacity(dtype, &vec![0; rank], &order, cap)
        .unwrap()
        .dynamic()
}

/// Calls `f` on a view of `out`, then gives `out` the view's (possibly resized) layout.
fn run(
    out: &mut OwnedTensor,
    f: impl FnOnce(&mut etk_core::Tensor<'_>) -> etk_core::Result<()>,
) -> etk_core::Result<()> {
    let (r, sizes, order) = {
        let mut v = out.view_mut().unwrap();
        let r = f(&mut v);
        (r, v.sizes().to_vec(), v.dim_order().to_vec())
    };
    out.set_layout(&sizes, &order);
    r
}

fn close(got: &[f64], want: &[f64], tol: f64) {
    assert_eq!(got.len(), want.len());
    for (g, w) in got.iter().zip(want) {
        assert!(
            (g - w).abs() <= tol * (1.0 + w.abs()) || (g.is_nan() && w.is_nan()),
            "got {got:?}, want {want:?}"
        );
    }
}

// (the unsigned dtypes, which the test tensors cannot fill, are in the golden cases)
const ALL: [ScalarType; 10] = [
    Bool, Byte, Char, Short, Int, Long, Half, BFloat16, Float, Double,
];

#[test]
fn embedding_every_dtype_and_index_dtype() {
    let table: Vec<f64> = (0..12).map(|i| (i % 2) as f64 * (i as f64)).collect();
    for dt in ALL {
        for it in [Long, Int] {
            let w = tt(dt, &table, &[4, 3]);
            let idx = tt(it, &[3.0, 0.0, 3.0, 1.0], &[2, 2]);
            let mut out = dynamic(dt, 3, 12);
            run(&mut out, |o| {
                embedding::embedding_out(
                    &mut KernelContext::serial(),
                    &w.view(),
                    &idx.view(),
                    -1,
                    false,
                    false,
                    o,
                )
            })
            .unwrap();
            assert_eq!(out.sizes(), [2, 2, 3]);
            let mut want = Vec::new();
            for r in [3, 0, 3, 1] {
                want.extend_from_slice(&table[r * 3..r * 3 + 3]);
            }
            if dt == Bool {
                want.iter_mut().for_each(|v| *v = (*v != 0.0) as i32 as f64);
            }
            assert_eq!(out.to_logical::<f64>(), want, "{dt:?} {it:?}");
        }
    }
}

#[test]
fn embedding_dim_orders() {
    let vals: Vec<f64> = (0..15).map(|i| i as f64).collect();
    // the table transposed in memory, the indices channels-last, the out permuted
    let w = tto(Float, &vals, &[5, 3], &[1, 0]);
    let idx = tto(Long, &[4.0, 0.0, 2.0, 1.0], &[1, 2, 2, 1], &[0, 2, 3, 1]);
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 2, 1, 3], &[0, 4, 1, 2, 3], 0).unwrap();
    embedding::embedding_out(
        &mut KernelContext::serial(),
        &w.view(),
        &idx.view(),
        2,
        true,
        true,
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    let want: Vec<f64> = [4, 0, 2, 1]
        .iter()
        .flat_map(|&r| (0..3).map(move |j| (r * 3 + j) as f64))
        .collect();
    assert_eq!(out.to_logical::<f64>(), want);
    // zero-dim index: out is one row
    let idx = tt(Int, &[3.0], &[]);
    let mut out = OwnedTensor::zeros(Float, &[3]).unwrap();
    embedding::embedding_out(
        &mut KernelContext::serial(),
        &w.view(),
        &idx.view(),
        -1,
        false,
        false,
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<f64>(), [9.0, 10.0, 11.0]);
}

#[test]
fn embedding_errors() {
    let w = tt(Float, &[0.0; 6], &[3, 2]);
    let call = |w: &OwnedTensor, idx: &OwnedTensor, out_dt: ScalarType| {
        let mut out = dynamic(out_dt, idx.sizes().len() + 1, 64);
        let before = out.to_logical::<f64>();
        let r = embedding::embedding_out(
            &mut KernelContext::serial(),
            &w.view(),
            &idx.view(),
            -1,
            false,
            false,
            &mut out.view_mut().unwrap(),
        );
        assert_eq!(out.to_logical::<f64>(), before, "nothing written on error");
        r.unwrap_err()
    };
    for bad in [3.0, -1.0] {
        let e = call(&w, &tt(Long, &[0.0, bad], &[2]), Float);
        assert_eq!((e.op, e.arg), ("aten::embedding.out", "indices"));
    }
    let e = call(&w, &tt(Short, &[0.0], &[1]), Float);
    assert_eq!((e.arg, e.kind), ("indices", ErrorKind::InvalidType));
    let e = call(&w, &tt(Long, &[0.0], &[1]), Double);
    assert_eq!((e.arg, e.kind), ("out", ErrorKind::InvalidType));
    let e = call(&tt(Float, &[0.0; 6], &[6]), &tt(Long, &[0.0], &[1]), Float);
    assert_eq!(e.arg, "weight");
    // an index past the rows of a table with empty rows is still rejected
    let e = call(&tt(Float, &[], &[3, 0]), &tt(Long, &[7.0], &[1]), Float);
    assert_eq!(e.arg, "indices");
}

fn glu(x: &OwnedTensor, dim: i64, out: &mut OwnedTensor) -> etk_core::Result<()> {
    run(out, |o| {
        glu::glu_out(&mut KernelContext::serial(), &x.view(), dim, o)
    })
}

#[test]
fn glu_values_dtypes_and_orders() {
    let x = [0.5, -1.0, 2.0, 3.0, -0.25, 1.5, -2.0, 0.0];
    let dim1 = [
        0.44039851427078247,
        -0.9525741338729858,
        -0.02980072982609272,
        0.75,
    ];
    let dim0 = [
        0.21891175210475922,
        -0.8175744414329529,
        0.23840583860874176,
        1.5,
    ];
    // (the expected values are torch's Float results)
    for (dt, tol) in [
        (Float, 1e-6),
        (Double, 1e-7),
        (Half, 1e-3),
        (BFloat16, 8e-3),
    ] {
        for order in [[0, 1], [1, 0]] {
            let t = tto(dt, &x, &[2, 4], &order);
            let mut out = dynamic(dt, 2, 4);
            glu(&t, -1, &mut out).unwrap();
            assert_eq!(out.sizes(), [2, 2]);
            close(&out.to_logical::<f64>(), &dim1, tol);
            let mut out = dynamic(dt, 2, 4);
            glu(&t, 0, &mut out).unwrap();
            assert_eq!(out.sizes(), [1, 4]);
            close(&out.to_logical::<f64>(), &dim0, tol);
        }
    }
    // Half computed in Float, rounded to Half once, then widened to the Float out
    let t = tt(Half, &x, &[2, 4]);
    let mut out = tt(Float, &[0.0; 4], &[2, 2]);
    glu(&t, 1, &mut out).unwrap();
    assert_eq!(out.to_logical::<f64>()[0], 0.4404296875);
}

#[test]
fn glu_errors() {
    let mut out = dynamic(Float, 2, 16);
    let e = glu(&tt(Float, &[0.0; 6], &[2, 3]), 1, &mut out).unwrap_err();
    assert_eq!((e.op, e.arg), ("aten::glu.out", "self"));
    let e = glu(&tt(Float, &[0.0; 4], &[2, 2]), 2, &mut out).unwrap_err();
    assert_eq!(e.arg, "dim");
    let e = glu(&tt(Int, &[0.0; 4], &[2, 2]), 1, &mut dynamic(Int, 2, 16)).unwrap_err();
    assert_eq!((e.arg, e.kind), ("self", ErrorKind::InvalidType));
    let e = glu(&tt(Float, &[0.0; 4], &[2, 2]), 1, &mut dynamic(Long, 2, 16)).unwrap_err();
    assert_eq!((e.arg, e.kind), ("out", ErrorKind::InvalidType));
    let e = glu(&tt(Float, &[1.0], &[]), 0, &mut dynamic(Float, 0, 16)).unwrap_err();
    assert_eq!(e.arg, "self");
}

#[allow(clippy::too_many_arguments)]
fn group_norm(
    x: &OwnedTensor,
    w: Option<&OwnedTensor>,
    b: Option<&OwnedTensor>,
    nchw: (i64, i64, i64),
    g: i64,
    outs: &mut [OwnedTensor; 3],
) -> etk_core::Result<()> {
    let [o0, o1, o2] = outs;
    let (wv, bv) = (w.map(|w| w.view()), b.map(|b| b.view()));
    native_group_norm::native_group_norm_out(
        &mut KernelContext::serial(),
        &x.view(),
        wv.as_ref(),
        bv.as_ref(),
        nchw.0,
        nchw.1,
        nchw.2,
        g,
        1e-5,
        &mut o0.view_mut().unwrap(),
        &mut o1.view_mut().unwrap(),
        &mut o2.view_mut().unwrap(),
    )
}

fn gn_outs(dt: ScalarType, pt: ScalarType) -> [OwnedTensor; 3] {
    gn_outs_of(dt, pt, &[2, 4, 3], 2)
}

fn gn_outs_of(dt: ScalarType, pt: ScalarType, x: &[usize], g: usize) -> [OwnedTensor; 3] {
    let z = OwnedTensor::zeros;
    [
        z(dt, x).unwrap(),
        z(pt, &[x[0], g]).unwrap(),
        z(pt, &[x[0], g]).unwrap(),
    ]
}

#[test]
fn group_norm_values_and_layouts() {
    let x = [0.5, -1.0, 2.0, 3.0, -0.25, 1.5, -2.0, 0.0];
    let want = [
        0.5203826427459717,
        -0.45798543095588684,
        1.4987508058547974,
        2.150996208190918,
        -1.4376027584075928,
        0.8452560901641846,
        -3.720461845397949,
        -1.1114801168441772,
    ];
    for (dt, tol) in [
        (Float, 1e-5),
        (Double, 1e-5),
        (Half, 4e-3),
        (BFloat16, 3e-2),
    ] {
        for order in [[0, 1, 2, 3], [0, 2, 3, 1]] {
            let t = tto(dt, &x, &[1, 2, 2, 2], &order);
            let w = tt(dt, &[1.0, 2.0], &[2]);
            let b = tt(dt, &[0.5, -0.5], &[2]);
            let mut outs = gn_outs_of(dt, dt, &[1, 2, 2, 2], 1);
            group_norm(&t, Some(&w), Some(&b), (1, 2, 4), 1, &mut outs).unwrap();
            assert_eq!(outs[0].sizes(), [1, 2, 2, 2]);
            assert_eq!(outs[1].sizes(), [1, 1]);
            close(&outs[0].to_logical::<f64>(), &want, tol);
            close(&outs[1].to_logical::<f64>(), &[0.46875], tol);
            close(&outs[2].to_logical::<f64>(), &[0.6522454023361206], tol);
        }
    }
    // two groups, no parameters, a 3-D input
    let x: Vec<f64> = (0..24).map(|i| i as f64 / 7.0).collect();
    let t = tt(Float, &x, &[2, 4, 3]);
    let mut outs = gn_outs(Float, Float);
    group_norm(&t, None, None, (2, 4, 3), 2, &mut outs).unwrap();
    assert_eq!(outs[1].sizes(), [2, 2]);
    close(
        &outs[1].to_logical::<f64>(),
        &[
            0.3571428656578064,
            1.2142856121063232,
            2.0714285373687744,
            2.9285712242126465,
        ],
        1e-6,
    );
    close(&outs[2].to_logical::<f64>(), &[4.098435878753662; 4], 1e-5);
    // mixed: Half input with Float parameters gives Float statistics
    let t = tt(Half, &x, &[2, 4, 3]);
    let w = tt(Float, &[1.0; 4], &[4]);
    let mut outs = gn_outs(Half, Float);
    group_norm(&t, Some(&w), None, (2, 4, 3), 2, &mut outs).unwrap();
    assert_eq!(outs[1].dtype(), Float);
}

#[test]
fn group_norm_errors() {
    let t = tt(Float, &[0.0; 24], &[2, 4, 3]);
    let e = group_norm(&t, None, None, (2, 4, 3), 3, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!((e.op, e.arg), ("aten::native_group_norm.out", "group"));
    let e = group_norm(&t, None, None, (2, 4, 3), 0, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!(e.arg, "group");
    let e = group_norm(&t, None, None, (3, 4, 3), 2, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!(e.arg, "input");
    let e = group_norm(&t, None, None, (-2, 4, 3), 2, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!(e.arg, "N");
    let w = tt(Float, &[1.0; 3], &[3]);
    let e = group_norm(&t, Some(&w), None, (2, 4, 3), 2, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!(e.arg, "weight");
    let ti = tt(Int, &[0.0; 24], &[2, 4, 3]);
    let e = group_norm(&ti, None, None, (2, 4, 3), 2, &mut gn_outs(Int, Int)).unwrap_err();
    assert_eq!((e.arg, e.kind), ("input", ErrorKind::InvalidType));
    // a permuted 3-D input is neither contiguous nor channels-last: ATen rejects it
    let tp = tto(Float, &[0.0; 24], &[2, 4, 3], &[0, 2, 1]);
    let e = group_norm(&tp, None, None, (2, 4, 3), 2, &mut gn_outs(Float, Float)).unwrap_err();
    assert_eq!(e.arg, "input");
    let e = group_norm(&t, None, None, (2, 4, 3), 2, &mut gn_outs(Float, Double)).unwrap_err();
    assert_eq!(e.arg, "out1");
}

#[test]
fn batch_norm_training_updates_running_stats() {
    let x = [1.0, 2.0, 3.0, 5.0, -1.0, 0.5];
    for order in [[0, 1], [1, 0]] {
        let t = tto(Float, &x, &[3, 2], &order);
        let w = tt(Float, &[2.0, 1.0], &[2]);
        let b = tt(Float, &[0.0, 1.0], &[2]);
        let mut rm = tt(Float, &[0.5, -0.5], &[2]);
        let mut rv = tt(Float, &[1.0, 2.0], &[2]);
        let z = OwnedTensor::zeros;
        // the out in the input's dim order (ATen writes the input's memory order into it)
        let o = tto(Float, &[0.0; 6], &[3, 2], &order);
        let mut outs = [o, z(Float, &[2]).unwrap(), z(Float, &[2]).unwrap()];
        let [o0, o1, o2] = &mut outs;
        native_batch_norm_legit::native_batch_norm_legit_out(
            &mut KernelContext::serial(),
            &t.view(),
            Some(&w.view()),
            Some(&b.view()),
            &mut rm.view_mut().unwrap(),
            &mut rv.view_mut().unwrap(),
            true,
            0.25,
            1e-5,
            &mut o0.view_mut().unwrap(),
            &mut o1.view_mut().unwrap(),
            &mut o2.view_mut().unwrap(),
        )
        .unwrap();
        close(
            &o0.to_logical::<f64>(),
            &[
                0.0,
                0.7327391505241394,
                2.4494850635528564,
                2.336304187774658,
                -2.4494850635528564,
                -0.06904339790344238,
            ],
            1e-6,
        );
        close(&o1.to_logical::<f64>(), &[1.0, 2.5], 1e-6);
        close(
            &o2.to_logical::<f64>(),
            &[0.6123712658882141, 0.5345216989517212],
            1e-6,
        );
        close(&rm.to_logical::<f64>(), &[0.625, 0.25], 1e-6);
        close(&rv.to_logical::<f64>(), &[1.75, 2.8125], 1e-6);
    }
}

#[test]
fn batch_norm_training_errors() {
    let call = |x: &OwnedTensor, training: bool| {
        let mut outs = [
            dynamic(Float, 2, 8),
            dynamic(Float, 1, 2),
            dynamic(Float, 1, 2),
        ];
        let [o0, o1, o2] = &mut outs;
        native_batch_norm_legit::native_batch_norm_legit_no_stats_out(
            &mut KernelContext::serial(),
            &x.view(),
            None,
            None,
            training,
            0.1,
            1e-5,
            &mut o0.view_mut().unwrap(),
            &mut o1.view_mut().unwrap(),
            &mut o2.view_mut().unwrap(),
        )
    };
    let x = tt(Float, &[1.0, 2.0, 3.0, 4.0], &[2, 2]);
    call(&x, true).unwrap();
    // torch crashes here (no statistics to normalize with): etk rejects the call
    let e = call(&x, false).unwrap_err();
    assert_eq!(
        (e.op, e.arg),
        ("aten::_native_batch_norm_legit.no_stats_out", "training")
    );
    let e = call(&tt(Float, &[], &[0, 2]), true).unwrap_err();
    assert_eq!(e.arg, "input");
    let e = call(&tt(Float, &[1.0, 2.0], &[2]), true).unwrap_err();
    assert_eq!(e.arg, "input");
    // read-only running statistics cannot be updated
    let mut rm = tt(Float, &[0.0; 2], &[2]);
    let rv = tt(Float, &[1.0; 2], &[2]);
    let mut outs = [
        dynamic(Float, 2, 8),
        dynamic(Float, 1, 2),
        dynamic(Float, 1, 2),
    ];
    let [o0, o1, o2] = &mut outs;
    let e = native_batch_norm_legit::native_batch_norm_legit_out(
        &mut KernelContext::serial(),
        &x.view(),
        None,
        None,
        &mut rm.view_mut().unwrap(),
        &mut rv.view(),
        true,
        0.1,
        1e-5,
        &mut o0.view_mut().unwrap(),
        &mut o1.view_mut().unwrap(),
        &mut o2.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.arg, "running_var");
}

#[test]
fn pdist_of_more_than_two_dims_reads_rows_of_size_1() {
    // [3, 2, 4] (0..24): ATen reads its memory as 12 rows of M = 2 and keeps the first
    // N (N - 1) / 2 = 3 pairs: row 0 ([0, 1]) against rows 1, 2, 3 ([2, 3], [4, 5], [6, 7]).
    let x = tt(Double, &iota(24), &[3, 2, 4]);
    let mut out = zeros(Double, &[3]);
    run(&mut out, |o| {
        pdist::pdist_forward_out(&mut ctx(), &x.view(), 1.0, o)
    })
    .unwrap();
    close(&vals(&out), &[4.0, 8.0, 12.0], 1e-12);
    // [3, 0, 2]: no columns, every distance 0
    let e = zeros(Float, &[3, 0, 2]);
    let mut out = tt(Float, &[9.0; 3], &[3]);
    run(&mut out, |o| {
        pdist::pdist_forward_out(&mut ctx(), &e.view(), 2.0, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[0.0; 3], "no columns");
    // rejected: 1-D, channels-last (not contiguous), and an empty [2, 3, 0] (ATen reads past it)
    for (x, what) in [
        (tt(Float, &[1.0, 2.0], &[2]), "1-d"),
        (
            tto(Float, &iota(12), &[1, 3, 2, 2], &[0, 2, 3, 1]),
            "channels-last",
        ),
        (zeros(Float, &[2, 3, 0]), "empty"),
    ] {
        let mut out = zeros(Float, &[1]);
        let r = run(&mut out, |o| {
            pdist::pdist_forward_out(&mut ctx(), &x.view(), 2.0, o)
        });
        assert!(r.is_err(), "{what}");
    }
}
