//! Tests of `_embedding_bag.out`: values computed with PyTorch 2.13 (ATen, CPU) — the three
//! modes over every dtype ATen accepts, both index dtypes, its two paths (fast consecutive-
//! offset bags and offset2bag), padding, per-sample weights, resize and the error cases.

use ScalarType::*;
use etk_core::{ErrorKind, OwnedTensor, Result, ScalarType, Tensor};
use etk_portable::ops::_embedding_bag::_embedding_bag_out;

mod common;
use common::*;

/// The call's arguments besides the tensors.
#[derive(Clone, Copy)]
struct Args {
    mode: i64,
    ilo: bool,
    pad: i64,
}

const SUM: Args = Args {
    mode: 0,
    ilo: false,
    pad: -1,
};

fn args(mode: i64) -> Args {
    Args { mode, ..SUM }
}

/// The four outs, resizable, in `w`'s and `it`'s dtypes.
fn outs(w: ScalarType, it: ScalarType) -> [OwnedTensor; 4] {
    [
        OwnedTensor::with_capacity(w, &[0, 0], &[0, 1], 64)
            .unwrap()
            .dynamic(),
        dynamic(it, 64),
        dynamic(it, 64),
        OwnedTensor::with_capacity(it, &[0], &[0], 64)
            .unwrap()
            .dynamic(),
    ]
}

fn call(
    w: &OwnedTensor,
    idx: &OwnedTensor,
    off: &OwnedTensor,
    psw: Option<&OwnedTensor>,
    a: Args,
    o: &mut [OwnedTensor; 4],
) -> Result<()> {
    let psw_view = psw.map(|p| p.view());
    let [o0, o1, o2, o3] = o;
    let mut layouts = Vec::new();
    let r = {
        let mut v: Vec<Tensor<'_>> = [o0, o1, o2, o3]
            .into_iter()
            .map(|t| t.view_mut().unwrap())
            .collect();
        let (a0, rest) = v.split_at_mut(1);
        let (a1, rest) = rest.split_at_mut(1);
        let (a2, a3) = rest.split_at_mut(1);
        let r = _embedding_bag_out(
            &mut ctx(),
            &w.view(),
            &idx.view(),
            &off.view(),
            false,
            a.mode,
            false,
            psw_view.as_ref(),
            a.ilo,
            a.pad,
            &mut a0[0],
            &mut a1[0],
            &mut a2[0],
            &mut a3[0],
        );
        for t in &v {
            layouts.push((t.sizes().to_vec(), t.dim_order().to_vec()));
        }
        r
    };
    for (t, (s, d)) in o.iter_mut().zip(layouts) {
        t.set_layout(&s, &d);
    }
    r
}

fn table(dt: ScalarType) -> OwnedTensor {
    tt(dt, &iota(20), &[5, 4])
}

const IDX: [f64; 6] = [0.0, 2.0, 4.0, 1.0, 3.0, 0.0];

fn shape(t: &OwnedTensor) -> Vec<usize> {
    t.view().sizes().to_vec()
}

#[test]
fn sum_mean_max_every_dtype_and_index_dtype() {
    let sum = [
        8.0, 10.0, 12.0, 14.0, 0.0, 0.0, 0.0, 0.0, 32.0, 35.0, 38.0, 41.0, 0.0, 1.0, 2.0, 3.0,
    ];
    let max = [
        8.0, 9.0, 10.0, 11.0, 0.0, 0.0, 0.0, 0.0, 16.0, 17.0, 18.0, 19.0, 0.0, 1.0, 2.0, 3.0,
    ];
    for dt in [Half, BFloat16, Float, Double] {
        for (it, ot) in [(Long, Long), (Int, Int), (Int, Long), (Long, Int)] {
            let rt = if it == Int && ot == Int { Int } else { Long };
            let (w, idx) = (table(dt), tt(it, &IDX, &[6]));
            let off = tt(ot, &[0.0, 2.0, 2.0, 5.0], &[4]);
            let mut o = outs(dt, rt);
            call(&w, &idx, &off, None, SUM, &mut o).unwrap();
            assert_same(&vals(&o[0]), &sum, "sum");
            assert_eq!(shape(&o[0]), [4, 4]);
            // the fast path (not Double) skips offset2bag
            let o2b = if dt == Double {
                vec![0.0, 0.0, 2.0, 2.0, 2.0, 3.0]
            } else {
                vec![]
            };
            assert_same(&vals(&o[1]), &o2b, "sum offset2bag");
            assert_same(&vals(&o[2]), &[0.0; 4], "sum bag_size");
            assert_same(&vals(&o[3]), &[0.0; 4], "sum max_indices");

            let mut o = outs(dt, rt);
            call(&w, &idx, &off, None, args(2), &mut o).unwrap();
            assert_same(&vals(&o[0]), &max, "max");
            assert_same(&vals(&o[1]), &[0.0, 0.0, 2.0, 2.0, 2.0, 3.0], "max o2b");
            assert_same(&vals(&o[2]), &[2.0, 0.0, 3.0, 1.0], "max bag_size");
            let mi = [
                2.0, 2.0, 2.0, 2.0, 0.0, 0.0, 0.0, 0.0, 4.0, 4.0, 4.0, 4.0, 0.0, 0.0, 0.0, 0.0,
            ];
            assert_same(&vals(&o[3]), &mi, "max_indices");
            assert_eq!(shape(&o[3]), [4, 4]);

            let mut o = outs(dt, rt);
            call(&w, &idx, &off, None, args(1), &mut o).unwrap();
            let third = |v: f64| {
                let mut x = etk_core::OwnedTensor::zeros(dt, &[1]).unwrap();
                x.fill_logical::<f64>(&[v]);
                vals(&x)[0]
            };
            // Half / BFloat16: the sum rounded to the dtype, then divided and rounded again
            let mean = [
                4.0,
                5.0,
                6.0,
                7.0,
                0.0,
                0.0,
                0.0,
                0.0,
                third(32.0 / 3.0),
                third(35.0 / 3.0),
                third(38.0 / 3.0),
                third(41.0 / 3.0),
                0.0,
                1.0,
                2.0,
                3.0,
            ];
            if dt == Double {
                assert_same(&vals(&o[0]), &mean, "mean");
            } else if dt == Float {
                let want: Vec<f64> = mean.iter().map(|&v| v as f32 as f64).collect();
                let got = vals(&o[0]);
                for (g, w) in got.iter().zip(&want) {
                    assert!((g - w).abs() <= 1e-6 * w.abs(), "mean {got:?}");
                }
            }
            assert_same(&vals(&o[2]), &[2.0, 0.0, 3.0, 1.0], "mean bag_size");
            assert_same(&vals(&o[3]), &[2.0, 0.0, 3.0, 1.0], "mean max_indices");
        }
    }
}

#[test]
fn include_last_offset_short_of_the_end_takes_atens_two_paths() {
    // offsets [0, 3] with include_last_offset: one bag. The fast path (Float) sums indices
    // [0, 3) but divides by bag_size 6; the offset2bag path (Double) takes all six.
    let idx = tt(Long, &IDX, &[6]);
    let off = tt(Long, &[0.0, 3.0], &[2]);
    let a = Args {
        mode: 1,
        ilo: true,
        pad: -1,
    };
    let mut o = outs(Float, Long);
    call(&table(Float), &idx, &off, None, a, &mut o).unwrap();
    assert_same(&vals(&o[0]), &[4.0, 4.5, 5.0, 5.5], "Float");
    assert_same(&vals(&o[2]), &[6.0], "bag_size");
    let mut o = outs(Double, Long);
    call(&table(Double), &idx, &off, None, a, &mut o).unwrap();
    let want = [40.0 / 6.0, 46.0 / 6.0, 52.0 / 6.0, 58.0 / 6.0];
    assert_same(&vals(&o[0]), &want, "Double");
    assert_same(&vals(&o[1]), &[0.0; 6], "offset2bag");
}

#[test]
fn padding_idx_is_skipped_and_uncounted() {
    let idx = tt(Long, &IDX, &[6]);
    let off = tt(Long, &[0.0, 2.0, 2.0, 5.0], &[4]);
    let a = Args {
        mode: 1,
        ilo: false,
        pad: 2,
    };
    let mut o = outs(Double, Long);
    call(&table(Double), &idx, &off, None, a, &mut o).unwrap();
    let want = [
        0.0,
        1.0,
        2.0,
        3.0,
        0.0,
        0.0,
        0.0,
        0.0,
        32.0 / 3.0,
        35.0 / 3.0,
        38.0 / 3.0,
        41.0 / 3.0,
        0.0,
        1.0,
        2.0,
        3.0,
    ];
    assert_same(&vals(&o[0]), &want, "mean");
    assert_same(&vals(&o[2]), &[1.0, 0.0, 3.0, 1.0], "bag_size");
    // max: padding leaves bag 0 with one row; a bag of padding only is zeros
    let idx = tt(Long, &[2.0, 2.0, 0.0], &[3]);
    let off = tt(Long, &[0.0, 2.0], &[2]);
    let a = Args { mode: 2, ..a };
    let mut o = outs(Float, Long);
    call(&table(Float), &idx, &off, None, a, &mut o).unwrap();
    assert_same(
        &vals(&o[0]),
        &[0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0],
        "max",
    );
    assert_same(&vals(&o[2]), &[0.0, 1.0], "bag_size");
}

#[test]
fn per_sample_weights_scale_sums() {
    let idx = tt(Long, &IDX, &[6]);
    let off = tt(Long, &[0.0, 2.0, 2.0, 5.0], &[4]);
    for dt in [Half, BFloat16, Float, Double] {
        let psw = tt(dt, &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], &[6]);
        let mut o = outs(dt, Long);
        call(&table(dt), &idx, &off, Some(&psw), SUM, &mut o).unwrap();
        let want = [
            16.0, 19.0, 22.0, 25.0, 0.0, 0.0, 0.0, 0.0, 124.0, 136.0, 148.0, 160.0, 0.0, 6.0, 12.0,
            18.0,
        ];
        assert_same(&vals(&o[0]), &want, "psw");
    }
}

#[test]
fn bfloat16_fast_path_rounds_ties_away_from_zero() {
    // 1 + 2^-8 lies halfway between two BFloat16 values: FBGEMM (ATen's fast path) rounds
    // up, the offset2bag path (here forced by a padding_idx) to even.
    let w = tt(BFloat16, &[1.0, 1.0 / 256.0, 0.0], &[3, 1]);
    let idx = tt(Long, &[0.0, 1.0], &[2]);
    let off = tt(Long, &[0.0], &[1]);
    let mut o = outs(BFloat16, Long);
    call(&w, &idx, &off, None, SUM, &mut o).unwrap();
    assert_same(&vals(&o[0]), &[1.0078125], "fast");
    let mut o = outs(BFloat16, Long);
    call(&w, &idx, &off, None, Args { pad: 2, ..SUM }, &mut o).unwrap();
    assert_same(&vals(&o[0]), &[1.0], "offset2bag path");
}

#[test]
fn decreasing_offsets() {
    // offset2bag acts on the offsets sorted; ATen's fast path reads memory it never wrote.
    let idx = tt(Long, &IDX, &[6]);
    let off = tt(Long, &[0.0, 3.0, 2.0], &[3]);
    let mut o = outs(Double, Long);
    call(&table(Double), &idx, &off, None, SUM, &mut o).unwrap();
    let want = [
        8.0, 10.0, 12.0, 14.0, 16.0, 17.0, 18.0, 19.0, 16.0, 19.0, 22.0, 25.0,
    ];
    assert_same(&vals(&o[0]), &want, "Double sum");
    assert_same(&vals(&o[1]), &[0.0, 0.0, 1.0, 2.0, 2.0, 2.0], "offset2bag");
    let mut o = outs(Float, Long);
    call(&table(Float), &idx, &off, None, args(2), &mut o).unwrap();
    assert_same(&vals(&o[2]), &[3.0, -1.0, 4.0], "max bag_size");
    let mut o = outs(Float, Long);
    let r = call(&table(Float), &idx, &off, None, SUM, &mut o);
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
}

#[test]
fn empty_bags_offsets_and_tables() {
    let w = table(Float);
    let none = tt(Long, &[], &[0]);
    for mode in 0..3 {
        let mut o = outs(Float, Long);
        call(
            &w,
            &none,
            &tt(Long, &[0.0, 0.0], &[2]),
            None,
            args(mode),
            &mut o,
        )
        .unwrap();
        assert_same(&vals(&o[0]), &[0.0; 8], "empty bags");
        let mut o = outs(Float, Long);
        call(&w, &none, &none, None, args(mode), &mut o).unwrap();
        assert_eq!(shape(&o[0]), [0, 4]);
    }
    // mean on the fast path with no bags: every index gets bag -1 and none is read
    let mut o = outs(Float, Long);
    call(&w, &tt(Long, &IDX, &[6]), &none, None, args(1), &mut o).unwrap();
    assert_same(&vals(&o[1]), &[-1.0; 6], "offset2bag");
    // ... but the offset2bag path would write out of bounds: rejected
    let mut o = outs(Float, Long);
    let r = call(&w, &tt(Long, &IDX, &[6]), &none, None, args(2), &mut o);
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
}

#[test]
fn errors() {
    let (w, idx) = (table(Float), tt(Long, &IDX, &[6]));
    let off = tt(Long, &[0.0, 3.0], &[2]);
    let bad = |w: &OwnedTensor, idx: &OwnedTensor, off: &OwnedTensor, psw, a, it| {
        let mut o = outs(w.view().dtype(), it);
        let r = call(w, idx, off, psw, a, &mut o);
        assert!(r.is_err(), "accepted");
        // nothing written: the outs keep their shapes
        assert_eq!(shape(&o[1]), [0]);
    };
    bad(&w, &idx, &off, None, args(3), Long);
    bad(&w, &idx, &off, None, args(-1), Long);
    bad(&table(Long), &idx, &off, None, SUM, Long);
    bad(&w, &tt(Long, &[0.0, 5.0], &[2]), &off, None, args(2), Long);
    bad(&w, &tt(Long, &[0.0, -1.0], &[2]), &off, None, SUM, Long);
    bad(&w, &idx, &tt(Long, &[1.0, 3.0], &[2]), None, SUM, Long);
    bad(&w, &idx, &tt(Long, &[0.0, 7.0], &[2]), None, SUM, Long);
    bad(
        &w,
        &idx,
        &tt(Long, &[], &[0]),
        None,
        Args { ilo: true, ..SUM },
        Long,
    );
    bad(&w, &tt(Long, &IDX, &[2, 3]), &off, None, SUM, Long);
    bad(&w, &tt(Float, &IDX, &[6]), &off, None, SUM, Long);
    bad(
        &w,
        &tt(Short, &IDX, &[6]),
        &tt(Short, &[0.0], &[1]),
        None,
        SUM,
        Long,
    );
    let psw = tt(Float, &[1.0; 6], &[6]);
    bad(&w, &idx, &off, Some(&psw), args(1), Long);
    let (psw_f64, psw_short) = (tt(Double, &[1.0; 6], &[6]), tt(Float, &[1.0; 5], &[5]));
    bad(&w, &idx, &off, Some(&psw_f64), SUM, Long);
    bad(&w, &idx, &off, Some(&psw_short), SUM, Long);
    // out dtypes: out0 the table's, the others the promoted index dtype
    bad(&w, &idx, &off, None, SUM, Int);
    let mut o = outs(Double, Long);
    assert!(call(&w, &idx, &off, None, SUM, &mut o).is_err());
    // a static out of the wrong shape
    let mut o = outs(Float, Long);
    o[2] = zeros(Long, &[3]);
    let r = call(&w, &idx, &off, None, args(1), &mut o);
    assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
}

#[test]
fn small_integer_indices_promote_with_offsets() {
    // Short indices with Long offsets are converted to Long, as ATen does
    let mut o = outs(Float, Long);
    call(
        &table(Float),
        &tt(Short, &IDX, &[6]),
        &tt(Long, &[0.0, 3.0], &[2]),
        None,
        SUM,
        &mut o,
    )
    .unwrap();
    assert_same(
        &vals(&o[0]),
        &[24.0, 27.0, 30.0, 33.0, 16.0, 19.0, 22.0, 25.0],
        "sum",
    );
}

#[test]
fn two_d_indices_on_the_fast_path_only() {
    // ATen: size(0) = 2 indices for the offsets and bag_size, but the fast path sums the six
    // elements as one list: bag 1 runs over flat positions 1..6.
    let idx = tt(Long, &IDX, &[2, 3]);
    let off = tt(Long, &[0.0, 1.0], &[2]);
    let sum = [0.0, 1.0, 2.0, 3.0, 40.0, 45.0, 50.0, 55.0];
    let mut o = outs(Float, Long);
    call(&table(Float), &idx, &off, None, SUM, &mut o).unwrap();
    assert_same(&vals(&o[0]), &sum, "sum");
    let mut o = outs(Float, Long);
    call(&table(Float), &idx, &off, None, args(1), &mut o).unwrap();
    assert_same(&vals(&o[0]), &sum, "mean (bag_size 1)");
    assert_same(&vals(&o[1]), &[0.0, 1.0], "offset2bag");
    assert_same(&vals(&o[2]), &[1.0, 1.0], "bag_size");
    // elsewhere ATen rejects them (Double, padding) or reads out of bounds (max)
    for (dt, a) in [
        (Double, SUM),
        (Float, Args { pad: 0, ..SUM }),
        (Float, args(2)),
    ] {
        let mut o = outs(dt, Long);
        assert!(call(&table(dt), &idx, &off, None, a, &mut o).is_err());
    }
}
