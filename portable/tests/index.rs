//! Tests of the index family (index_select, gather/scatter, advanced indexing, masked ops,
//! nonzero, sort/topk, repeat_interleave, bucketize/searchsorted) in the style of ExecuTorch's
//! op tests: the dtype matrix, dim orders (channels-last included), resizing, data-dependent
//! out shapes within capacity, and error cases. Expected values were checked with PyTorch 2.13
//! (ATen, CPU).

use ScalarType::*;
use etk_core::{EValue, ErrorKind, OwnedTensor, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const NAN: f64 = f64::NAN;
const CL: [usize; 4] = [0, 2, 3, 1];
const REAL: [ScalarType; 10] = ScalarType::REAL;

fn idx(v: &[i64], sizes: &[usize]) -> OwnedTensor {
    OwnedTensor::from_slice(v, sizes).unwrap()
}

fn mask(v: &[bool], sizes: &[usize]) -> OwnedTensor {
    OwnedTensor::from_slice(v, sizes).unwrap()
}

// ---------------------------------------------------------------------------------------------
// index_select, gather

#[test]
fn index_select_dtypes_and_layouts() {
    for &dt in &REAL {
        let x = tt(dt, &[0.0, 1.0, 0.0, 1.0, 1.0, 0.0], &[2, 3]);
        let i = idx(&[2, 0, 2], &[3]);
        let mut out = zeros(dt, &[2, 3]);
        run(&mut out, |o| {
            index_select::index_select_out(&mut ctx(), &x.view(), 1, &i.view(), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[0.0, 0.0, 0.0, 0.0, 1.0, 0.0], dt.name());
    }
    // channels-last self, dim 1 (the channels): out[n, j, h, w] = x[n, i[j], h, w].
    let x = tto(Float, &iota(24), &[1, 3, 2, 4], &CL);
    let i = OwnedTensor::from_slice(&[2i32, 0], &[2]).unwrap();
    let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 2, 4], &CL, 0).unwrap();
    run(&mut out, |o| {
        index_select::index_select_out(&mut ctx(), &x.view(), 1, &i.view(), o)
    })
    .unwrap();
    let want: Vec<f64> = (16..24).chain(0..8).map(|v| v as f64).collect();
    assert_same(&vals(&out), &want, "channels-last");
}

#[test]
fn index_select_errors() {
    let x = tt(Float, &iota(6), &[2, 3]);
    let mut out = dynamic(Float, 16);
    for (i, dim) in [
        (idx(&[3], &[1]), 1),
        (idx(&[-1], &[1]), 1),
        (idx(&[0], &[1]), 2),
    ] {
        let r = run(&mut out, |o| {
            index_select::index_select_out(&mut ctx(), &x.view(), dim, &i.view(), o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    }
    let short = OwnedTensor::from_slice(&[0i16], &[1]).unwrap();
    let r = run(&mut out, |o| {
        index_select::index_select_out(&mut ctx(), &x.view(), 1, &short.view(), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn gather_channels_last_matches_contiguous() {
    let sizes = [2, 3, 2, 2];
    let data = iota(24);
    let i: Vec<i64> = (0..24).map(|k| (k * 7 % 3) as i64).collect();
    let mut results = vec![];
    for order in [[0, 1, 2, 3], CL, [3, 2, 1, 0]] {
        let x = tto(Double, &data, &sizes, &order);
        let mut it = OwnedTensor::with_capacity(Long, &sizes, &order, 0).unwrap();
        it.fill_logical::<i64>(&i);
        let mut out = OwnedTensor::with_capacity(Double, &sizes, &order, 0).unwrap();
        run(&mut out, |o| {
            gather::gather_out(&mut ctx(), &x.view(), 1, &it.view(), false, o)
        })
        .unwrap();
        results.push(vals(&out));
    }
    // out[n,c,h,w] = x[n, i[n,c,h,w], h, w]
    let want: Vec<f64> = (0..24)
        .map(|k| {
            let (n, hw) = (k / 12, k % 4);
            (n * 12 + i[k] as usize * 4 + hw) as f64
        })
        .collect();
    for r in &results {
        assert_same(r, &want, "gather");
    }
}

#[test]
fn gather_index_smaller_and_errors() {
    let x = tt(Int, &iota(12), &[3, 4]);
    let i = idx(&[3, 0], &[1, 2]);
    let mut out = dynamic(Int, 4);
    run(&mut out, |o| {
        gather::gather_out(&mut ctx(), &x.view(), 1, &i.view(), false, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[1, 2]);
    assert_same(&vals(&out), &[3.0, 0.0], "smaller index");
    for bad in [
        idx(&[4], &[1, 1]),
        idx(&[0, 0, 0, 0], &[4, 1]),
        idx(&[0], &[1]),
    ] {
        let r = run(&mut out, |o| {
            gather::gather_out(&mut ctx(), &x.view(), 1, &bad.view(), false, o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    }
}

// ---------------------------------------------------------------------------------------------
// scatter family

#[test]
fn scatter_src_value_add() {
    let x = tt(Float, &[0.0; 6], &[2, 3]);
    let i = idx(&[2, 0], &[1, 2]);
    let src = tt(Float, &[5.0, 6.0, 7.0, 8.0], &[2, 2]);
    let mut out = zeros(Float, &[2, 3]);
    run(&mut out, |o| {
        scatter::scatter_src_out(&mut ctx(), &x.view(), 1, &i.view(), &src.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[6.0, 0.0, 5.0, 0.0, 0.0, 0.0], "src");
    let xi = tt(Char, &[0.0; 6], &[2, 3]);
    let mut oi = zeros(Char, &[2, 3]);
    run(&mut oi, |o| {
        scatter::scatter_value_out(
            &mut ctx(),
            &xi.view(),
            1,
            &i.view(),
            Scalar::Double(-2.7),
            o,
        )
    })
    .unwrap();
    assert_same(
        &vals(&oi),
        &[-2.0, 0.0, -2.0, 0.0, 0.0, 0.0],
        "value truncates",
    );
    let r = run(&mut oi, |o| {
        scatter::scatter_value_out(&mut ctx(), &xi.view(), 1, &i.view(), Scalar::Int(300), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    // repeats add up; integers wrap.
    let xb = tt(Byte, &[250.0, 0.0], &[2]);
    let ib = idx(&[0, 0, 1], &[3]);
    let sb = tt(Byte, &[3.0, 4.0, 1.0], &[3]);
    let mut ob = zeros(Byte, &[2]);
    run(&mut ob, |o| {
        scatter_add::scatter_add_out(&mut ctx(), &xb.view(), 0, &ib.view(), &sb.view(), o)
    })
    .unwrap();
    assert_same(&vals(&ob), &[1.0, 1.0], "scatter_add wraps");
}

#[test]
fn scatter_reduce_modes() {
    let x = tt(Long, &[5.0, 6.0, 7.0, 8.0], &[4]);
    let i = idx(&[0, 0, 2], &[3]);
    let src = tt(Long, &[1.0, 2.0, 4.0], &[3]);
    let cases: [(&str, bool, [f64; 4]); 10] = [
        ("sum", true, [8.0, 6.0, 11.0, 8.0]),
        ("sum", false, [3.0, 6.0, 4.0, 8.0]),
        ("prod", true, [10.0, 6.0, 28.0, 8.0]),
        ("prod", false, [2.0, 6.0, 4.0, 8.0]),
        ("mean", true, [2.0, 6.0, 5.0, 8.0]),
        ("mean", false, [1.0, 6.0, 4.0, 8.0]),
        ("amax", true, [5.0, 6.0, 7.0, 8.0]),
        ("amax", false, [2.0, 6.0, 4.0, 8.0]),
        ("amin", true, [1.0, 6.0, 4.0, 8.0]),
        ("amin", false, [1.0, 6.0, 4.0, 8.0]),
    ];
    for (red, inc, want) in cases {
        let mut out = zeros(Long, &[4]);
        with_scratch(|c| {
            run(&mut out, |o| {
                scatter_reduce::scatter_reduce_two_out(
                    c,
                    &x.view(),
                    0,
                    &i.view(),
                    &src.view(),
                    red,
                    inc,
                    o,
                )
            })
        })
        .unwrap();
        assert_same(&vals(&out), &want, red);
    }
    let mut out = zeros(Long, &[4]);
    let r = run(&mut out, |o| {
        scatter_reduce::scatter_reduce_two_out(
            &mut ctx(),
            &x.view(),
            0,
            &i.view(),
            &src.view(),
            "add",
            true,
            o,
        )
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
}

#[test]
fn scatter_half_and_bfloat16_reduce_in_float_and_round_once() {
    // 2048 + 1 + 1 + 1 + 1 in Half: 2052 when summed in Float and rounded once (ATen), 2048
    // when rounded after every addition (2049 rounds to even); BFloat16 likewise from 256.
    // A channels-last self and the mean (which divides the rounded sum) take the same path.
    for (dt, big) in [(Half, 2048.0), (BFloat16, 256.0)] {
        let x = tto(dt, &[big, big, 0.0, 0.0], &[1, 2, 2, 1], &[0, 2, 3, 1]);
        let i = idx(&[0; 8], &[1, 4, 2, 1]);
        let src = tt(dt, &[1.0; 8], &[1, 4, 2, 1]);
        let mut out = zeros(dt, &[1, 2, 2, 1]);
        with_scratch(|c| {
            run(&mut out, |o| {
                scatter_add::scatter_add_out(c, &x.view(), 1, &i.view(), &src.view(), o)
            })
        })
        .unwrap();
        assert_same(
            &vals(&out),
            &[big + 4.0, big + 4.0, 0.0, 0.0],
            "scatter_add",
        );
        for (red, want) in [("sum", big + 4.0), ("mean", (big + 4.0) / 5.0)] {
            let mut out = zeros(dt, &[1, 2, 2, 1]);
            with_scratch(|c| {
                run(&mut out, |o| {
                    scatter_reduce::scatter_reduce_two_out(
                        c,
                        &x.view(),
                        1,
                        &i.view(),
                        &src.view(),
                        red,
                        true,
                        o,
                    )
                })
            })
            .unwrap();
            let want = vals(&tt(dt, &[want], &[1]))[0];
            assert_same(&vals(&out), &[want, want, 0.0, 0.0], red);
        }
    }
    // the mean divides the rounded sum: (2048 + 1) rounds to 2048 before the division by 2
    let x = tt(Half, &[2048.0], &[1]);
    let mut out = zeros(Half, &[1]);
    with_scratch(|c| {
        run(&mut out, |o| {
            scatter_reduce::scatter_reduce_two_out(
                c,
                &x.view(),
                0,
                &idx(&[0], &[1]).view(),
                &tt(Half, &[1.0], &[1]).view(),
                "mean",
                true,
                o,
            )
        })
    })
    .unwrap();
    assert_same(&vals(&out), &[1024.0], "mean of the rounded sum");
}

// ---------------------------------------------------------------------------------------------
// advanced indexing

#[test]
fn index_non_adjacent_goes_first() {
    // x[[0, 1], :, [3, 2]] on [2, 3, 4]: result [2, 3], out[k, j] = x[i0[k], j, i2[k]].
    let x = tto(Float, &iota(24), &[2, 3, 4], &[2, 0, 1]);
    let i0 = idx(&[0, 1], &[2]);
    let i2 = idx(&[3, -2], &[2]);
    let list = [Some(i0.view()), None, Some(i2.view())];
    let mut out = dynamic(Float, 6);
    with_scratch(|c| {
        run(&mut out, |o| {
            index::index_tensor_out(c, &x.view(), &list, o)
        })
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_same(
        &vals(&out),
        &[3.0, 7.0, 11.0, 14.0, 18.0, 22.0],
        "transposed",
    );
}

#[test]
fn index_masks_and_errors() {
    let x = tt(Short, &iota(6), &[2, 3]);
    let m = mask(&[true, false, true, false, false, true], &[2, 3]);
    let list = [Some(m.view())];
    let mut out = dynamic(Short, 6);
    with_scratch(|c| {
        run(&mut out, |o| {
            index::index_tensor_out(c, &x.view(), &list, o)
        })
    })
    .unwrap();
    assert_same(&vals(&out), &[0.0, 2.0, 5.0], "mask");
    // no scratch for the mask positions: a clear error.
    let r = run(&mut out, |o| {
        index::index_tensor_out(&mut ctx(), &x.view(), &list, o)
    });
    assert_eq!(err_kind(r), ErrorKind::MemoryAllocationFailed);
    let oob = idx(&[2], &[1]);
    let r = with_scratch(|c| {
        run(&mut out, |o| {
            index::index_tensor_out(c, &x.view(), &[Some(oob.view())], o)
        })
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let r = with_scratch(|c| {
        run(&mut out, |o| {
            index::index_tensor_out(c, &x.view(), &[None], o)
        })
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    // result larger than the out's capacity
    let many = idx(&[0; 8], &[8]);
    let mut small = dynamic(Short, 4);
    let r = with_scratch(|c| {
        run(&mut small, |o| {
            index::index_tensor_out(c, &x.view(), &[Some(many.view())], o)
        })
    });
    assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
}

#[test]
fn index_put_accumulate_and_in_place() {
    let x = tt(Float, &[0.0; 6], &[2, 3]);
    let i = idx(&[0, 0, 1], &[3]);
    let v = tt(Float, &[1.0, 2.0, 3.0], &[3]);
    let list = [Some(i.view())];
    let mut out = zeros(Float, &[2, 3]);
    with_scratch(|c| {
        run(&mut out, |o| {
            index_put::index_put_out(c, &x.view(), &list, &v.view(), true, o)
        })
    })
    .unwrap();
    assert_same(&vals(&out), &[2.0, 4.0, 6.0, 1.0, 2.0, 3.0], "accumulate");
    // in place through the boxed entry: out is self itself.
    let mut s = tt(Float, &iota(6), &[2, 3]);
    let i1 = idx(&[1], &[1]);
    let list2 = [Some(i1.view())];
    let one = tt(Float, &[9.0], &[1]);
    {
        let mut sv = s.view_mut().unwrap();
        let (p, cap) = (sv.as_mut_ptr("test", "self").unwrap(), sv.capacity());
        // SAFETY: the runtime's in-place convention: one buffer, read as self, written as out.
        let (ro, sv) = unsafe {
            (
                Tensor::from_raw_parts(Float, &[2, 3], &[0, 1], p, cap, false).unwrap(),
                Tensor::from_raw_parts(Float, &[2, 3], &[0, 1], p, cap, true).unwrap(),
            )
        };
        let mut args = [
            EValue::Tensor(ro),
            EValue::OptionalTensorList(&list2),
            EValue::Tensor(one.view()),
            EValue::Bool(false),
            EValue::Tensor(sv),
        ];
        with_scratch(|c| index_put::index_put_inplace_boxed(c, &mut args)).unwrap();
    }
    assert_same(&vals(&s), &[0.0, 1.0, 2.0, 9.0, 9.0, 9.0], "in place");
    // a lone Byte mask with one value is masked_fill, which rejects Byte masks.
    let bm = OwnedTensor::from_slice(&[1u8, 0], &[2]).unwrap();
    let r = with_scratch(|c| {
        run(&mut out, |o| {
            index_put::index_put_out(c, &x.view(), &[Some(bm.view())], &one.view(), false, o)
        })
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

// ---------------------------------------------------------------------------------------------
// masked_select, masked_scatter, nonzero

#[test]
fn masked_select_scatter_nonzero() {
    let x = tt(Half, &[1.0, 2.0, 3.0], &[3]);
    let m = mask(&[true, false, true, false, false, true], &[2, 3]);
    let mut out = dynamic(Half, 6);
    run(&mut out, |o| {
        masked_select::masked_select_out(&mut ctx(), &x.view(), &m.view(), o)
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 3.0, 3.0], "masked_select broadcast");
    let src = tt(Half, &[7.0, 8.0, 9.0, 10.0], &[2, 2]);
    let mut out2 = dynamic(Half, 6);
    run(&mut out2, |o| {
        masked_scatter::masked_scatter_out(&mut ctx(), &x.view(), &m.view(), &src.view(), o)
    })
    .unwrap();
    assert_same(
        &vals(&out2),
        &[7.0, 2.0, 8.0, 1.0, 2.0, 9.0],
        "masked_scatter",
    );
    let short = tt(Half, &[7.0, 8.0], &[2]);
    let r = run(&mut out2, |o| {
        masked_scatter::masked_scatter_out(&mut ctx(), &x.view(), &m.view(), &short.view(), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    let z = tto(Float, &[0.0, -0.0, NAN, 1.0], &[1, 2, 2, 1], &CL);
    let mut nz = dynamic(Long, 16);
    run(&mut nz, |o| nonzero::nonzero_out(&mut ctx(), &z.view(), o)).unwrap();
    assert_eq!(nz.sizes(), &[2, 4]);
    assert_same(
        &vals(&nz),
        &[0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0],
        "nonzero",
    );
    let mut tiny = dynamic(Long, 4);
    let r = run(&mut tiny, |o| {
        nonzero::nonzero_out(&mut ctx(), &z.view(), o)
    });
    assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
}

// ---------------------------------------------------------------------------------------------
// sort, topk

#[test]
fn sort_stable_with_nan() {
    let x = tt(Float, &[3.0, NAN, 1.0, -0.0, 0.0, NAN, -1.0, 1.0], &[8]);
    for (desc, want_v, want_i) in [
        (
            false,
            [-1.0, -0.0, 0.0, 1.0, 1.0, 3.0, NAN, NAN],
            [6.0, 3.0, 4.0, 2.0, 7.0, 0.0, 1.0, 5.0],
        ),
        (
            true,
            [NAN, NAN, 3.0, 1.0, 1.0, -0.0, 0.0, -1.0],
            [1.0, 5.0, 0.0, 2.0, 7.0, 3.0, 4.0, 6.0],
        ),
    ] {
        let (mut v, mut i) = (zeros(Float, &[8]), zeros(Long, &[8]));
        with_scratch(|c| {
            run2(&mut v, &mut i, |v, i| {
                sort::sort_values_stable(c, &x.view(), Some(true), 0, desc, v, i)
            })
        })
        .unwrap();
        assert_same(&vals(&v), &want_v, "values");
        assert_same(&vals(&i), &want_i, "indices");
    }
    // long rows go through the merge passes.
    let n = 1000;
    let data: Vec<f64> = (0..n).map(|k| ((k * 37) % 101) as f64).collect();
    let x = tto(Int, &data, &[1, n, 1, 1], &CL);
    let (mut v, mut i) = (zeros(Int, &[1, n, 1, 1]), zeros(Long, &[1, n, 1, 1]));
    with_scratch(|c| {
        run2(&mut v, &mut i, |v, i| {
            sort::sort_values(c, &x.view(), 1, false, v, i)
        })
    })
    .unwrap();
    let mut pairs: Vec<(f64, usize)> = data.iter().copied().zip(0..n).collect();
    pairs.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    assert_same(
        &vals(&v),
        &pairs.iter().map(|p| p.0).collect::<Vec<_>>(),
        "long values",
    );
    assert_same(
        &vals(&i),
        &pairs.iter().map(|p| p.1 as f64).collect::<Vec<_>>(),
        "long idx",
    );
}

#[test]
fn topk_largest_smallest_and_errors() {
    // channels-last, along the channels.
    let data = [5.0, 1.0, 4.0, 2.0, 3.0, 0.0];
    let x = tto(Double, &data, &[1, 6, 1, 1], &CL);
    for (largest, want_v, want_i) in [
        (true, [5.0, 4.0], [0.0, 2.0]),
        (false, [0.0, 1.0], [5.0, 1.0]),
    ] {
        let (mut v, mut i) = (zeros(Double, &[1, 2, 1, 1]), zeros(Long, &[1, 2, 1, 1]));
        with_scratch(|c| {
            run2(&mut v, &mut i, |v, i| {
                topk::topk_values(c, &x.view(), 2, 1, largest, true, v, i)
            })
        })
        .unwrap();
        assert_same(&vals(&v), &want_v, "topk values");
        assert_same(&vals(&i), &want_i, "topk indices");
    }
    for k in [-1, 7] {
        let (mut v, mut i) = (dynamic(Double, 8), dynamic(Long, 8));
        let r = with_scratch(|c| {
            run2(&mut v, &mut i, |v, i| {
                topk::topk_values(c, &x.view(), k, 1, true, true, v, i)
            })
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    }
    let b = tt(Bool, &[1.0, 0.0], &[2]);
    let (mut v, mut i) = (zeros(Bool, &[1]), zeros(Long, &[1]));
    let r = with_scratch(|c| {
        run2(&mut v, &mut i, |v, i| {
            topk::topk_values(c, &b.view(), 1, 0, true, true, v, i)
        })
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn sort_unsigned_dtypes_and_topk_rejects_them() {
    // ATen sorts UInt16/32/64 (over their full range: no sign), topk_cpu rejects them.
    let cases: [(ScalarType, Vec<u8>, usize, u64); 3] = [
        (
            UInt16,
            [3u16, 1, 65535, 0, 2, 1]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
            2,
            65535,
        ),
        (
            UInt32,
            [3u32, 1, u32::MAX, 0, 2, 1]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
            4,
            u32::MAX as u64,
        ),
        (
            UInt64,
            [3u64, 1, u64::MAX, 0, 2, 1]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect(),
            8,
            u64::MAX,
        ),
    ];
    for (dt, bytes, es, max) in cases {
        let x = raw(dt, &bytes, &[2, 3]);
        for desc in [false, true] {
            let (mut v, mut i) = (dynamic(dt, 6), dynamic(Long, 6));
            with_scratch(|c| {
                run2(&mut v, &mut i, |v, i| {
                    sort::sort_values_stable(c, &x.view(), Some(true), 1, desc, v, i)
                })
            })
            .unwrap();
            let got: Vec<u64> = bytes_of(&v)
                .chunks_exact(es)
                .map(|b| {
                    let mut w = [0u8; 8];
                    w[..es].copy_from_slice(b);
                    u64::from_le_bytes(w)
                })
                .collect();
            let (want_v, want_i) = if desc {
                ([max, 3, 1, 2, 1, 0], [2.0, 0.0, 1.0, 1.0, 2.0, 0.0])
            } else {
                ([1, 3, max, 0, 1, 2], [1.0, 0.0, 2.0, 0.0, 2.0, 1.0])
            };
            assert_eq!(got, want_v, "{dt} descending={desc}");
            assert_same(&vals(&i), &want_i, "unsigned sort indices");
        }
        let (mut v, mut i) = (dynamic(dt, 6), dynamic(Long, 6));
        let r = with_scratch(|c| {
            run2(&mut v, &mut i, |v, i| {
                topk::topk_values(c, &x.view(), 1, 1, true, true, v, i)
            })
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidType, "topk {dt}");
    }
}

// ---------------------------------------------------------------------------------------------
// repeat_interleave, bucketize, searchsorted

#[test]
fn repeat_interleave_resizes() {
    let r = OwnedTensor::from_slice(&[1i32, 0, 3], &[3]).unwrap();
    let mut out = dynamic(Int, 8);
    run(&mut out, |o| {
        repeat_interleave::repeat_interleave_tensor_out(&mut ctx(), &r.view(), None, o)
    })
    .unwrap();
    assert_same(&vals(&out), &[0.0, 2.0, 2.0, 2.0], "repeat_interleave");
    let res = run(&mut out, |o| {
        repeat_interleave::repeat_interleave_tensor_out(&mut ctx(), &r.view(), Some(3), o)
    });
    assert_eq!(err_kind(res), ErrorKind::InvalidArgument);
    let neg = idx(&[1, -1], &[2]);
    let mut ol = dynamic(Long, 8);
    let res = run(&mut ol, |o| {
        repeat_interleave::repeat_interleave_tensor_out(&mut ctx(), &neg.view(), None, o)
    });
    assert_eq!(err_kind(res), ErrorKind::InvalidArgument);
}

#[test]
fn bucketize_and_searchsorted() {
    let x = tt(Float, &[0.0, 1.0, 2.0, 3.0, 7.0, 8.0, NAN, -1.0], &[2, 4]);
    let b = tt(Float, &[1.0, 3.0, 5.0, 7.0], &[4]);
    let mut out = zeros(Long, &[2, 4]);
    run(&mut out, |o| {
        bucketize::bucketize_tensor_out(&mut ctx(), &x.view(), &b.view(), false, false, o)
    })
    .unwrap();
    assert_same(
        &vals(&out),
        &[0.0, 0.0, 1.0, 1.0, 3.0, 4.0, 4.0, 0.0],
        "left",
    );
    let mut o32 = zeros(Int, &[2, 4]);
    run(&mut o32, |o| {
        bucketize::bucketize_tensor_out(&mut ctx(), &x.view(), &b.view(), true, true, o)
    })
    .unwrap();
    assert_same(
        &vals(&o32),
        &[0.0, 1.0, 1.0, 2.0, 4.0, 4.0, 4.0, 0.0],
        "right",
    );
    // a per-row sequence with a sorter.
    let seq = tt(Float, &[5.0, 1.0, 3.0], &[3]);
    let sorter = idx(&[1, 2, 0], &[3]);
    let v = tt(Float, &[2.0, 4.0, 6.0, 0.0], &[4]);
    let mut out = zeros(Long, &[4]);
    run(&mut out, |o| {
        searchsorted::searchsorted_tensor_out(
            &mut ctx(),
            &seq.view(),
            &v.view(),
            false,
            false,
            None,
            Some(&sorter.view()),
            o,
        )
    })
    .unwrap();
    assert_same(&vals(&out), &[1.0, 2.0, 3.0, 0.0], "sorter");
    let r = run(&mut out, |o| {
        searchsorted::searchsorted_tensor_out(
            &mut ctx(),
            &seq.view(),
            &v.view(),
            false,
            true,
            Some("left"),
            None,
            o,
        )
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
}

// ---------------------------------------------------------------------------------------------
// byte moves: dtypes without an element type (UInt16, complex) move like any other

/// A contiguous tensor of `dtype` whose bytes are `bytes`.
fn raw(dtype: ScalarType, bytes: &[u8], sizes: &[usize]) -> OwnedTensor {
    let order: Vec<usize> = (0..sizes.len()).collect();
    let mut t = OwnedTensor::with_capacity(dtype, sizes, &order, 0).unwrap();
    let mut v = t.view_mut().unwrap();
    let p = v.as_mut_ptr("test", "t").unwrap();
    // SAFETY: the tensor holds exactly `bytes.len()` bytes.
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len()) };
    t
}

fn bytes_of(t: &OwnedTensor) -> Vec<u8> {
    let v = t.view();
    // SAFETY: a contiguous view of `nbytes` bytes.
    unsafe { core::slice::from_raw_parts(v.as_ptr(), v.nbytes()) }.to_vec()
}

#[test]
fn byte_moves_for_uint16_and_complex() {
    let u: Vec<u8> = [1u16, 2, 65535, 4]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let x = raw(UInt16, &u, &[4]);
    let i = idx(&[2, 0], &[2]);
    let mut out = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    run(&mut out, |o| {
        index_select::index_select_out(&mut ctx(), &x.view(), 0, &i.view(), o)
    })
    .unwrap();
    let want: Vec<u8> = [65535u16, 1].iter().flat_map(|v| v.to_le_bytes()).collect();
    assert_eq!(bytes_of(&out), want, "index_select UInt16");
    let mut out = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    with_scratch(|c| {
        run(&mut out, |o| {
            index::index_tensor_out(c, &x.view(), &[Some(i.view())], o)
        })
    })
    .unwrap();
    assert_eq!(bytes_of(&out), want, "index UInt16");
    // ComplexFloat: (re, im) pairs, gathered whole.
    let cf: Vec<u8> = [1.0f32, -1.0, 2.0, -2.0, 3.0, -3.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let x = raw(ComplexFloat, &cf, &[3]);
    let gi = idx(&[2, 2, 0], &[3]);
    let mut out = OwnedTensor::zeros(ComplexFloat, &[3]).unwrap();
    run(&mut out, |o| {
        gather::gather_out(&mut ctx(), &x.view(), 0, &gi.view(), false, o)
    })
    .unwrap();
    let want: Vec<u8> = [3.0f32, -3.0, 3.0, -3.0, 1.0, -1.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(bytes_of(&out), want, "gather ComplexFloat");
    // ATen's gather has no UInt16 kernel: rejected.
    let x = raw(UInt16, &u, &[4]);
    let mut out = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    let r = run(&mut out, |o| {
        gather::gather_out(&mut ctx(), &x.view(), 0, &i.view(), false, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
}

#[test]
fn complex_values_and_complex_half() {
    // scatter.value_out on ComplexFloat: the value is the real part.
    let x = raw(ComplexFloat, &[0u8; 24], &[3]);
    let i = idx(&[1], &[1]);
    let mut out = OwnedTensor::zeros(ComplexFloat, &[3]).unwrap();
    run(&mut out, |o| {
        scatter::scatter_value_out(&mut ctx(), &x.view(), 0, &i.view(), Scalar::Double(2.5), o)
    })
    .unwrap();
    let want: Vec<u8> = [0.0f32, 0.0, 2.5, 0.0, 0.0, 0.0]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    assert_eq!(bytes_of(&out), want, "scatter value complex");
    let r = run(&mut out, |o| {
        scatter::scatter_value_out(&mut ctx(), &x.view(), 0, &i.view(), Scalar::Double(1e40), o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidArgument);
    // ATen's gather has no ComplexHalf kernel; index_select moves it.
    let h = raw(ComplexHalf, &[0u8; 12], &[3]);
    let mut oh = OwnedTensor::zeros(ComplexHalf, &[1]).unwrap();
    let r = run(&mut oh, |o| {
        gather::gather_out(&mut ctx(), &h.view(), 0, &i.view(), false, o)
    });
    assert_eq!(err_kind(r), ErrorKind::InvalidType);
    run(&mut oh, |o| {
        index_select::index_select_out(&mut ctx(), &h.view(), 0, &i.view(), o)
    })
    .unwrap();
}
