//! embedding: every dtype and index dtype, dim orders, errors. Values computed with PyTorch
//! 2.13 (ATen, CPU).

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, ScalarType};
use etk_portable::ops::*;

mod common;
use common::dynamic_rank as dynamic;
use common::*;

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
