//! cdist / pdist beyond the golden cases: how pdist reads inputs of more than two dims.

use ScalarType::*;
use etk_core::ScalarType;
use etk_portable::ops::*;

mod common;
use common::*;

// (the unsigned dtypes, which the test tensors cannot fill, are in the golden cases)
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
