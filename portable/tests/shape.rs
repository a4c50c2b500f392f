//! Tests of the shape family (view-like copies, cat/stack, splits, dim-order copies, factories)
//! in the style of ExecuTorch's op tests: the dtype matrix, dim orders on inputs and outs,
//! resizing, list outs, edge cases and error cases. Expected values were computed with
//! PyTorch 2.13 (ATen, CPU).

use ScalarType::*;
use etk_core::{EValue, ErrorKind, OwnedTensor, Result, Scalar, ScalarType, Tensor};
use etk_portable::ops::*;

mod common;
use common::*;

const CL: [usize; 4] = [0, 2, 3, 1];
const REAL: [ScalarType; 10] = ScalarType::REAL;

/// `0, 1, 2, ...` (mod 100, so every dtype holds them) in shape `sizes`.
fn iota(dtype: ScalarType, sizes: &[usize], order: &[usize]) -> OwnedTensor {
    let n: usize = sizes.iter().product();
    let v: Vec<f64> = (0..n)
        .map(|i| {
            if dtype == Bool {
                (i % 3 == 0) as u8 as f64
            } else {
                (i % 100) as f64
            }
        })
        .collect();
    tto(dtype, &v, sizes, order)
}

/// A resizable out of shape `sizes` in `order` with room for `cap` elements.
fn dynamic_in(dtype: ScalarType, sizes: &[usize], order: &[usize], cap: usize) -> OwnedTensor {
    OwnedTensor::with_capacity(dtype, sizes, order, cap)
        .unwrap()
        .dynamic()
}

fn kind(r: Result<()>) -> ErrorKind {
    r.expect_err("expected an error").kind
}

/// The reference permutation of a logical row-major tensor.
fn permuted(v: &[f64], sizes: &[usize], perm: &[usize]) -> Vec<f64> {
    let out_sizes: Vec<usize> = perm.iter().map(|&p| sizes[p]).collect();
    let mut strides = vec![1usize; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    let n: usize = sizes.iter().product();
    (0..n)
        .map(|mut i| {
            let mut off = 0;
            for k in (0..out_sizes.len()).rev() {
                off += (i % out_sizes[k]) * strides[perm[k]];
                i /= out_sizes[k];
            }
            v[off]
        })
        .collect()
}

#[test]
fn permute_every_dtype_and_dim_order() {
    let sizes = [2, 3, 4, 5];
    let orders: [&[usize]; 4] = [&[0, 1, 2, 3], &CL, &[3, 1, 0, 2], &[1, 0, 3, 2]];
    for dt in REAL {
        for din in orders {
            for dout in orders {
                let x = iota(dt, &sizes, din);
                let perm = [0usize, 3, 1, 2];
                let mut out = dynamic_in(dt, &[2, 5, 3, 4], dout, 120);
                run(&mut out, |o| {
                    permute_copy::permute_copy_out(&mut ctx(), &x.view(), &[0, -1, 1, 2], o)
                })
                .unwrap();
                assert_eq!(out.sizes(), &[2, 5, 3, 4]);
                assert_eq!(
                    vals(&out),
                    permuted(&vals(&x), &sizes, &perm),
                    "{dt:?} {din:?} {dout:?}"
                );
            }
        }
    }
}

#[test]
fn permute_errors_write_nothing() {
    let x = iota(Float, &[2, 3], &[0, 1]);
    for dims in [&[0i64][..], &[0, 0], &[0, 2], &[1, -3]] {
        let mut out = tt(Float, &[7.0; 6], &[3, 2]);
        let r = run(&mut out, |o| {
            permute_copy::permute_copy_out(&mut ctx(), &x.view(), dims, o)
        });
        assert_eq!(kind(r), ErrorKind::InvalidArgument, "{dims:?}");
        assert_eq!(vals(&out), vec![7.0; 6]);
    }
    let mut out = tt(Double, &[0.0; 6], &[3, 2]);
    let r = run(&mut out, |o| {
        permute_copy::permute_copy_out(&mut ctx(), &x.view(), &[1, 0], o)
    });
    assert_eq!(kind(r), ErrorKind::InvalidType);
    // a static out of another shape cannot be resized
    let mut out = tt(Float, &[0.0; 6], &[2, 3]);
    let r = run(&mut out, |o| {
        permute_copy::permute_copy_out(&mut ctx(), &x.view(), &[1, 0], o)
    });
    assert_eq!(kind(r), ErrorKind::OutOfCapacity);
}

#[test]
fn bytes_move_for_dtypes_without_an_element_type() {
    // UInt16 and ComplexDouble (16 bytes) are moved as bytes.
    for (dt, es) in [(UInt16, 2usize), (ComplexDouble, 16)] {
        let bytes: Vec<u8> = (0..6 * es).map(|i| i as u8).collect();
        let mut src = vec![0u128; 6 * es / 16 + 1];
        let sb = unsafe { core::slice::from_raw_parts_mut(src.as_mut_ptr() as *mut u8, 6 * es) };
        sb.copy_from_slice(&bytes);
        let x = Tensor::from_bytes(dt, sb, &[2, 3], &[0, 1]).unwrap();
        let mut dst = vec![0u128; 6 * es / 16 + 1];
        let db = unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr() as *mut u8, 6 * es) };
        {
            let mut out = Tensor::from_bytes_mut(dt, db, &[3, 2], &[0, 1]).unwrap();
            t_copy::t_copy_out(&mut ctx(), &x, &mut out).unwrap();
        }
        let db = unsafe { core::slice::from_raw_parts(dst.as_ptr() as *const u8, 6 * es) };
        // out[i][j] = x[j][i]
        for i in 0..3 {
            for j in 0..2 {
                let o = (i * 2 + j) * es;
                let s = (j * 3 + i) * es;
                assert_eq!(&db[o..o + es], &bytes[s..s + es], "{dt:?} ({i},{j})");
            }
        }
    }
}

#[test]
fn view_copy_infers_and_checks_sizes() {
    let x = iota(Int, &[2, 3, 4], &[2, 0, 1]);
    let mut out = dynamic(Int, 24);
    run(&mut out, |o| {
        view_copy::view_copy_out(&mut ctx(), &x.view(), &[4, -1], o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[4, 6]);
    assert_eq!(vals(&out), vals(&x));
    // into a non-contiguous out of another rank
    let mut out = dynamic_in(Int, &[3, 2, 2, 2], &CL, 24);
    run(&mut out, |o| {
        view_copy::view_copy_out(&mut ctx(), &x.view(), &[3, 2, 2, 2], o)
    })
    .unwrap();
    assert_eq!(vals(&out), vals(&x));
    for size in [&[-1i64, -1][..], &[5], &[-2, 12], &[0, -1]] {
        let mut out = dynamic(Int, 24);
        let r = run(&mut out, |o| {
            view_copy::view_copy_out(&mut ctx(), &x.view(), size, o)
        });
        assert_eq!(kind(r), ErrorKind::InvalidArgument, "{size:?}");
    }
    let e = tt(Float, &[], &[0, 2]);
    let mut out = dynamic(Float, 0);
    run(&mut out, |o| {
        view_copy::view_copy_out(&mut ctx(), &e.view(), &[5, 0], o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[5, 0]);
}

#[test]
fn slice_select_narrow_bounds() {
    let x = iota(Float, &[4, 10], &[1, 0]);
    type Bounds = (Option<i64>, Option<i64>, i64, Vec<f64>);
    let cases: [Bounds; 5] = [
        (Some(1), Some(9), 3, vec![1.0, 4.0, 7.0]),
        (Some(-3), None, 1, vec![7.0, 8.0, 9.0]),
        (Some(-100), Some(2), 1, vec![0.0, 1.0]),
        (Some(5), Some(2), 1, vec![]),
        (Some(i64::MAX), Some(i64::MIN), 1, vec![]),
    ];
    for (start, end, step, want) in cases {
        let mut out = dynamic(Float, 40);
        run(&mut out, |o| {
            slice_copy::slice_copy_tensor_out(&mut ctx(), &x.view(), 1, start, end, step, o)
        })
        .unwrap();
        let row0: Vec<f64> = vals(&out).into_iter().take(want.len()).collect();
        assert_eq!(row0, want, "{start:?} {end:?} {step}");
        assert_eq!(out.sizes(), &[4, want.len()]);
    }
    let mut out = dynamic(Float, 40);
    let r = run(&mut out, |o| {
        slice_copy::slice_copy_tensor_out(&mut ctx(), &x.view(), 1, None, None, 0, o)
    });
    assert_eq!(kind(r), ErrorKind::InvalidArgument);
    let mut out = dynamic(Float, 10);
    run(&mut out, |o| {
        select_copy::select_copy_int_out(&mut ctx(), &x.view(), 0, -1, o)
    })
    .unwrap();
    assert_eq!(vals(&out), (30..40).map(|v| v as f64).collect::<Vec<_>>());
    for index in [4, -5, i64::MIN, i64::MAX] {
        let r = run(&mut out, |o| {
            select_copy::select_copy_int_out(&mut ctx(), &x.view(), 0, index, o)
        });
        assert_eq!(kind(r), ErrorKind::InvalidArgument);
    }
    let mut out = dynamic(Float, 40);
    run(&mut out, |o| {
        narrow_copy::narrow_copy_out(&mut ctx(), &x.view(), 1, -2, 2, o)
    })
    .unwrap();
    assert_eq!(vals(&out)[..2], [8.0, 9.0]);
    for (start, len) in [(9, 2), (-11, 1), (1, -1), (i64::MAX, i64::MAX)] {
        let r = run(&mut out, |o| {
            narrow_copy::narrow_copy_out(&mut ctx(), &x.view(), 1, start, len, o)
        });
        assert_eq!(kind(r), ErrorKind::InvalidArgument, "{start} {len}");
    }
}

#[test]
fn cat_promotes_skips_legacy_empty_and_checks() {
    let a = tt(Int, &[1.0, 2.0, 3.0, 4.0], &[2, 2]);
    let b = tto(Float, &[0.5, 1.5], &[2, 1], &[1, 0]);
    let e = tt(Double, &[], &[0]);
    let list = [a.view(), e.view(), b.view()];
    let mut out = dynamic(Double, 6);
    run(&mut out, |o| cat::cat_out(&mut ctx(), &list, -1, o)).unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_eq!(vals(&out), vec![1.0, 2.0, 0.5, 3.0, 4.0, 1.5]);
    // Double (from the skipped tensor too) cannot go into Float... but it can: Double -> Float
    // is a cast ATen allows; into Int it is not.
    let mut out = dynamic(Int, 6);
    assert_eq!(
        kind(run(&mut out, |o| cat::cat_out(&mut ctx(), &list, 1, o))),
        ErrorKind::InvalidType
    );
    // every tensor skipped: `[0]`, the dim never wrapped
    let list = [e.view(), e.view()];
    let mut out = dynamic(Double, 0);
    run(&mut out, |o| cat::cat_out(&mut ctx(), &list, 5, o)).unwrap();
    assert_eq!(out.sizes(), &[0]);
    // errors
    let z = tt(Float, &[1.0], &[]);
    let c = tt(Float, &[0.0; 6], &[2, 3]);
    let d = tt(Float, &[0.0; 4], &[1, 4]);
    let bad: [&[Tensor<'_>]; 4] = [
        &[],
        &[z.view()],
        &[c.view(), a.view()],
        &[c.view(), d.view()],
    ];
    for (k, list) in bad.iter().enumerate() {
        let mut out = dynamic(Float, 64);
        let dim = if k == 3 { 1 } else { 0 };
        let r = run(&mut out, |o| cat::cat_out(&mut ctx(), list, dim, o));
        assert!(r.is_err(), "case {k}");
    }
}

#[test]
fn cat_and_stack_channels_last() {
    for dt in [Float, Half, Long, Bool] {
        let a = iota(dt, &[2, 3, 2, 2], &CL);
        let b = iota(dt, &[2, 1, 2, 2], &[0, 1, 2, 3]);
        let mut out = dynamic_in(dt, &[2, 4, 2, 2], &CL, 32);
        let list = [a.view(), b.view()];
        run(&mut out, |o| cat::cat_out(&mut ctx(), &list, 1, o)).unwrap();
        let (va, vb, vo) = (vals(&a), vals(&b), vals(&out));
        for n in 0..2 {
            assert_eq!(vo[n * 16..n * 16 + 12], va[n * 12..n * 12 + 12], "{dt:?}");
            assert_eq!(vo[n * 16 + 12..n * 16 + 16], vb[n * 4..n * 4 + 4], "{dt:?}");
        }
        let list = [a.view(), a.view()];
        let mut out = dynamic(dt, 48);
        run(&mut out, |o| stack::stack_out(&mut ctx(), &list, -1, o)).unwrap();
        assert_eq!(out.sizes(), &[2, 3, 2, 2, 2]);
        let vo = vals(&out);
        for (i, v) in va.iter().enumerate() {
            assert_eq!((vo[2 * i], vo[2 * i + 1]), (*v, *v));
        }
    }
}

fn split_call(
    f: impl FnOnce(&mut [Tensor<'_>]) -> Result<()>,
    outs: &mut [OwnedTensor],
) -> Result<()> {
    let mut views: Vec<Tensor<'_>> = outs.iter_mut().map(|o| o.view_mut().unwrap()).collect();
    let r = f(&mut views);
    let shapes: Vec<(Vec<usize>, Vec<usize>)> = views
        .iter()
        .map(|v| (v.sizes().to_vec(), v.dim_order().to_vec()))
        .collect();
    drop(views);
    for (o, (s, d)) in outs.iter_mut().zip(shapes) {
        o.set_layout(&s, &d);
    }
    r
}

#[test]
fn split_copy_uses_copy_semantics() {
    let x = iota(Float, &[5, 2], &[1, 0]);
    // chunks [2,2], [2,2], [1,2]: the last broadcast into a [3,2] Int out
    let mut outs = vec![
        tt(Float, &[0.0; 4], &[2, 2]),
        tt(Double, &[0.0; 4], &[2, 2]),
        tt(Int, &[0.0; 6], &[3, 2]),
    ];
    split_call(
        |o| split_copy::split_copy_tensor_out(&mut ctx(), &x.view(), 2, 0, o),
        &mut outs,
    )
    .unwrap();
    assert_eq!(vals(&outs[0]), vec![0.0, 1.0, 2.0, 3.0]);
    assert_eq!(vals(&outs[1]), vec![4.0, 5.0, 6.0, 7.0]);
    assert_eq!(vals(&outs[2]), vec![8.0, 9.0, 8.0, 9.0, 8.0, 9.0]);
    // wrong count, no broadcast, negative or zero split: errors, nothing written
    for (split, n, shape) in [
        (2i64, 2usize, vec![2, 2]),
        (2, 3, vec![4]),
        (-1, 1, vec![5, 2]),
        (0, 1, vec![5, 2]),
    ] {
        let numel: usize = shape.iter().product();
        let mut outs: Vec<OwnedTensor> = (0..n)
            .map(|_| tt(Float, &vec![7.0; numel], &shape))
            .collect();
        let r = split_call(
            |o| split_copy::split_copy_tensor_out(&mut ctx(), &x.view(), split, 0, o),
            &mut outs,
        );
        assert_eq!(kind(r), ErrorKind::InvalidArgument, "{split} {n} {shape:?}");
        assert!(outs.iter().all(|o| vals(o).iter().all(|&v| v == 7.0)));
    }
}

#[test]
fn split_with_sizes_and_unbind_resize_and_check_every_out_first() {
    let x = iota(Short, &[2, 5], &[0, 1]);
    let mut outs = vec![dynamic(Short, 10), dynamic(Short, 10), dynamic(Short, 10)];
    split_call(
        |o| {
            split_with_sizes_copy::split_with_sizes_copy_out(
                &mut ctx(),
                &x.view(),
                &[1, 0, 4],
                -1,
                o,
            )
        },
        &mut outs,
    )
    .unwrap();
    assert_eq!(outs[0].sizes(), &[2, 1]);
    assert_eq!(outs[1].sizes(), &[2, 0]);
    assert_eq!(vals(&outs[2]), vec![1.0, 2.0, 3.0, 4.0, 6.0, 7.0, 8.0, 9.0]);
    // the second out has the wrong dtype: the first is not written either
    let mut outs = vec![tt(Short, &[9.0; 2], &[2, 1]), tt(Int, &[9.0; 8], &[2, 4])];
    let r = split_call(
        |o| split_with_sizes_copy::split_with_sizes_copy_out(&mut ctx(), &x.view(), &[1, 4], 1, o),
        &mut outs,
    );
    assert_eq!(kind(r), ErrorKind::InvalidType);
    assert_eq!(vals(&outs[0]), vec![9.0; 2]);
    for sizes in [&[1i64, 3][..], &[6, -1], &[i64::MAX, i64::MAX]] {
        let mut outs = vec![dynamic(Short, 10), dynamic(Short, 10)];
        let r = split_call(
            |o| {
                split_with_sizes_copy::split_with_sizes_copy_out(&mut ctx(), &x.view(), sizes, 1, o)
            },
            &mut outs,
        );
        assert_eq!(kind(r), ErrorKind::InvalidArgument);
    }
    let mut outs: Vec<OwnedTensor> = (0..5).map(|_| dynamic(Short, 2)).collect();
    split_call(
        |o| unbind_copy::unbind_copy_int_out(&mut ctx(), &x.view(), 1, o),
        &mut outs,
    )
    .unwrap();
    assert_eq!(vals(&outs[3]), vec![3.0, 8.0]);
    let mut outs: Vec<OwnedTensor> = (0..4).map(|_| dynamic(Short, 2)).collect();
    let r = split_call(
        |o| unbind_copy::unbind_copy_int_out(&mut ctx(), &x.view(), 1, o),
        &mut outs,
    );
    assert_eq!(kind(r), ErrorKind::InvalidArgument);
}

#[test]
fn boxed_list_out() {
    let x = iota(Float, &[4], &[0]);
    let mut a = dynamic(Float, 4);
    let mut b = dynamic(Float, 4);
    let k = etk_portable::TABLE
        .iter()
        .find(|e| e.name == "aten::split_copy.Tensor_out")
        .unwrap()
        .kernel;
    {
        let mut list = [
            a.view_mut()
                .unwrap()
                .with_dynamism(etk_core::ShapeDynamism::Static),
            b.view_mut().unwrap(),
        ];
        // static [0] outs: the chunk [2] does not broadcast to [0]
        let mut args = [
            EValue::Tensor(x.view()),
            EValue::Int(2),
            EValue::Int(0),
            EValue::TensorListMut(&mut list),
        ];
        assert!(k(&mut ctx(), &mut args).is_err());
    }
    let mut a = tt(Float, &[0.0; 2], &[2]);
    let mut b = tt(Float, &[0.0; 2], &[2]);
    {
        let mut list = [a.view_mut().unwrap(), b.view_mut().unwrap()];
        let mut args = [
            EValue::Tensor(x.view()),
            EValue::Int(2),
            EValue::Int(0),
            EValue::TensorListMut(&mut list),
        ];
        k(&mut ctx(), &mut args).unwrap();
        // a plain Tensor where the list belongs is a malformed call
        let mut args = [
            EValue::Tensor(x.view()),
            EValue::Int(2),
            EValue::Int(0),
            EValue::Int(0),
        ];
        assert_eq!(
            k(&mut ctx(), &mut args).unwrap_err().kind,
            ErrorKind::InvalidProgram
        );
    }
    assert_eq!(vals(&b), vec![2.0, 3.0]);
}

#[test]
fn expand_repeat_roll_flip() {
    let x = tt(Long, &[1.0, 2.0, 3.0], &[3, 1]);
    let mut out = dynamic_in(Long, &[2, 3, 2], &[2, 0, 1], 12);
    run(&mut out, |o| {
        expand_copy::expand_copy_out(&mut ctx(), &x.view(), &[2, -1, 2], false, o)
    })
    .unwrap();
    assert_eq!(
        vals(&out),
        vec![1.0, 1.0, 2.0, 2.0, 3.0, 3.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0]
    );
    for size in [&[3i64][..], &[-1, 3, 2], &[4, 2], &[-2, 2]] {
        let mut out = dynamic(Long, 64);
        let r = run(&mut out, |o| {
            expand_copy::expand_copy_out(&mut ctx(), &x.view(), size, false, o)
        });
        assert_eq!(kind(r), ErrorKind::InvalidArgument, "{size:?}");
    }
    // repeat: 9 dims of [2] repeated twice each needs 18 walk dims, more than MAX_DIM
    let y = iota(Char, &[2; 9], &[0, 1, 2, 3, 4, 5, 6, 7, 8]);
    let mut out = dynamic(Char, 1 << 18);
    run(&mut out, |o| {
        repeat::repeat_out(&mut ctx(), &y.view(), &[2; 9], o)
    })
    .unwrap();
    let (vy, vo) = (vals(&y), vals(&out));
    for (i, v) in vo.iter().enumerate().step_by(997) {
        // out index digits (base 4) map to y's digits (base 2) by `% 2`
        let mut j = 0;
        let mut rem = i;
        let mut scale = 1;
        for _ in 0..9 {
            j += (rem % 4 % 2) * scale;
            rem /= 4;
            scale *= 2;
        }
        assert_eq!(*v, vy[j], "element {i}");
    }
    let mut out = dynamic(Char, 8);
    assert_eq!(
        kind(run(&mut out, |o| repeat::repeat_out(
            &mut ctx(),
            &y.view(),
            &[2],
            o
        ))),
        ErrorKind::InvalidArgument
    );
    // roll: flat and per dim, shifts past the size, repeated dims
    let z = iota(Float, &[2, 3], &[1, 0]);
    let mut out = dynamic(Float, 6);
    run(&mut out, |o| {
        roll::roll_out(&mut ctx(), &z.view(), &[-7], &[], o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![1.0, 2.0, 3.0, 4.0, 5.0, 0.0]);
    run(&mut out, |o| {
        roll::roll_out(&mut ctx(), &z.view(), &[1, i64::MAX, 1], &[0, 1, 1], o)
    })
    .unwrap();
    // shift along dim 1: MAX + 1 = 2^63 = 2 (mod 3)
    assert_eq!(vals(&out), vec![4.0, 5.0, 3.0, 1.0, 2.0, 0.0]);
    assert_eq!(
        kind(run(&mut out, |o| roll::roll_out(
            &mut ctx(),
            &z.view(),
            &[1, 2],
            &[],
            o
        ))),
        ErrorKind::InvalidArgument
    );
    run(&mut out, |o| {
        flip::flip_out(&mut ctx(), &z.view(), &[-1, 0], o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![5.0, 4.0, 3.0, 2.0, 1.0, 0.0]);
}

#[test]
fn as_strided_stays_inside_the_storage() {
    // channels-last input: the storage is the memory order
    let x = iota(Float, &[1, 2, 2, 2], &CL);
    let mut out = dynamic(Float, 8);
    run(&mut out, |o| {
        as_strided_copy::as_strided_copy_out(&mut ctx(), &x.view(), &[8], &[1], None, o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![0.0, 4.0, 1.0, 5.0, 2.0, 6.0, 3.0, 7.0]);
    run(&mut out, |o| {
        as_strided_copy::as_strided_copy_out(&mut ctx(), &x.view(), &[0, 3], &[9, 9], Some(100), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[0, 3]);
    for (size, stride, off) in [
        (&[2i64, 2][..], &[1i64, 7][..], Some(0)),
        (&[8], &[1], Some(1)),
        (&[1], &[1], Some(-1)),
        (&[2], &[-1], Some(1)),
        (&[2], &[i64::MAX], Some(0)),
        (&[2], &[1, 1], None),
    ] {
        let r = run(&mut out, |o| {
            as_strided_copy::as_strided_copy_out(&mut ctx(), &x.view(), size, stride, off, o)
        });
        assert_eq!(
            kind(r),
            ErrorKind::InvalidArgument,
            "{size:?} {stride:?} {off:?}"
        );
    }
}

#[test]
fn diagonal_unfold_tril_scatter() {
    let x = iota(Double, &[3, 4], &[1, 0]);
    let mut out = dynamic(Double, 4);
    run(&mut out, |o| {
        diagonal_copy::diagonal_copy_out(&mut ctx(), &x.view(), -1, 0, 1, o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![4.0, 9.0]);
    run(&mut out, |o| {
        diagonal_copy::diagonal_copy_out(&mut ctx(), &x.view(), i64::MIN, 0, 1, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[0]);
    let mut out = dynamic(Double, 12);
    run(&mut out, |o| {
        unfold_copy::unfold_copy_out(&mut ctx(), &x.view(), 1, 2, 2, o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[3, 2, 2]);
    assert_eq!(vals(&out)[..4], [0.0, 1.0, 2.0, 3.0]);
    let mut out = dynamic_in(Double, &[3, 4], &[1, 0], 12);
    run(&mut out, |o| tril::tril_out(&mut ctx(), &x.view(), 1, o)).unwrap();
    assert_eq!(
        vals(&out),
        vec![0.0, 1.0, 0.0, 0.0, 4.0, 5.0, 6.0, 0.0, 8.0, 9.0, 10.0, 11.0]
    );
    let src = tt(Int, &[-1.0, -2.0, -3.0], &[3]);
    let mut out = dynamic(Double, 12);
    run(&mut out, |o| {
        select_scatter::select_scatter_out(&mut ctx(), &x.view(), &src.view(), 1, -1, o)
    })
    .unwrap();
    assert_eq!(vals(&out)[..4], [0.0, 1.0, 2.0, -1.0]);
    let src = tt(Int, &[-1.0, -2.0], &[2]);
    let r = run(&mut out, |o| {
        select_scatter::select_scatter_out(&mut ctx(), &x.view(), &src.view(), 1, 0, o)
    });
    assert_eq!(kind(r), ErrorKind::InvalidArgument);
    let src = tt(Float, &[-1.0; 6], &[3, 2]);
    run(&mut out, |o| {
        slice_scatter::slice_scatter_out(
            &mut ctx(),
            &x.view(),
            &src.view(),
            1,
            Some(-3),
            None,
            2,
            o,
        )
    })
    .unwrap();
    assert_eq!(vals(&out)[..4], [0.0, -1.0, 2.0, -1.0]);
}

#[test]
fn factories() {
    let mut out = dynamic_in(Half, &[2, 3], &[1, 0], 6);
    run(&mut out, |o| {
        full::full_out(&mut ctx(), &[3, 2], Scalar::Double(2.5), o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![2.5; 6]);
    assert_eq!(
        kind(run(&mut out, |o| full::full_out(
            &mut ctx(),
            &[1],
            Scalar::Double(1e10),
            o
        ))),
        ErrorKind::InvalidArgument
    );
    let mut out = dynamic(Bool, 4);
    run(&mut out, |o| ones::ones_out(&mut ctx(), &[2, 2], o)).unwrap();
    assert_eq!(vals(&out), vec![1.0; 4]);
    assert_eq!(
        kind(run(&mut out, |o| zeros::zeros_out(&mut ctx(), &[-1], o))),
        ErrorKind::InvalidArgument
    );
    let mut out = dynamic(Float, 4);
    run(&mut out, |o| empty::empty_out(&mut ctx(), &[4], None, o)).unwrap();
    assert_eq!(vals(&out), vec![0.0; 4]);
    // arange: lengths, truncation to the accumulate type, fused rounding
    let arange = |dt: ScalarType, s: Scalar, e: Scalar, st: Scalar| {
        let mut out = dynamic(dt, 64);
        run(&mut out, |o| {
            arange::arange_start_out(&mut ctx(), s, e, st, o)
        })
        .map(|_| vals(&out))
    };
    use Scalar::{Double as D, Int as I};
    assert_eq!(
        arange(Int, D(-2.5), I(3), D(1.5)).unwrap(),
        vec![-2.0, -1.0, 0.0, 1.0]
    );
    assert_eq!(arange(Int, D(2.5), I(-3), D(-0.5)).unwrap(), vec![2.0; 11]);
    assert!(arange(Long, I(0), I(5), D(0.5)).is_err());
    assert_eq!(arange(Long, I(0), D(5.5), I(1)).unwrap().len(), 5);
    assert_eq!(
        arange(Double, I(1), I(0), D(-0.3)).unwrap()[3],
        0.10000000000000003
    );
    assert_eq!(
        arange(Char, I(120), I(130), I(4)).unwrap(),
        vec![120.0, 124.0, -128.0]
    );
    for (s, e, st) in [
        (I(0), I(5), I(0)),
        (I(0), I(5), I(-1)),
        (I(0), D(f64::INFINITY), I(1)),
        (I(0), D(1e20), D(1e-5)),
    ] {
        assert!(arange(Float, s, e, st).is_err());
    }
    assert!(arange(Bool, I(0), I(1), I(1)).is_err());
    // an out with the right element count keeps its shape
    let mut out = dynamic_in(Float, &[2, 3], &[1, 0], 6);
    run(&mut out, |o| arange::arange_out(&mut ctx(), I(6), o)).unwrap();
    assert_eq!(out.sizes(), &[2, 3]);
    assert_eq!(vals(&out), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
}

#[test]
fn dim_order_ops_follow_executorch_contract() {
    let x = iota(Float, &[2, 3, 2, 2], &[0, 1, 2, 3]);
    let cl = [0i64, 2, 3, 1];
    let mut out = dynamic_in(Half, &[2, 3, 2, 2], &CL, 24);
    run(&mut out, |o| {
        to_dim_order_copy::to_dim_order_copy_out(&mut ctx(), &x.view(), false, Some(&cl), o)
    })
    .unwrap();
    assert_eq!(vals(&out), vals(&x));
    // the out is not laid out as dim_order says, or dim_order is neither contiguous nor
    // channels-last, or (no dim_order) the out is not laid out as self
    for (order, out_order) in [
        (Some(&cl[..]), &[0usize, 1, 2, 3][..]),
        (Some(&[1, 0, 2, 3][..]), &[1, 0, 2, 3]),
        (None, &CL),
    ] {
        let mut out = dynamic_in(Float, &[2, 3, 2, 2], out_order, 24);
        let r = run(&mut out, |o| {
            clone_dim_order::clone_dim_order_out(&mut ctx(), &x.view(), false, order, o)
        });
        assert_eq!(
            kind(r),
            ErrorKind::InvalidArgument,
            "{order:?} {out_order:?}"
        );
    }
    let mut out = dynamic_in(Int, &[1, 1, 1, 1], &CL, 24);
    run(&mut out, |o| {
        empty_dim_order::empty_dim_order_out(&mut ctx(), &[2, 3, 2, 2], Some(&cl), o)
    })
    .unwrap();
    assert_eq!(out.sizes(), &[2, 3, 2, 2]);
    assert_eq!(vals(&out), vec![0.0; 24]);
    // the device copies are copy_: broadcast and cast, no resize
    let y = tt(Int, &[1.0, 2.0], &[2]);
    let mut out = tt(Double, &[0.0; 4], &[2, 2]);
    run(&mut out, |o| {
        h2d_copy::h2d_copy_out(&mut ctx(), &y.view(), o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![1.0, 2.0, 1.0, 2.0]);
    let mut out = tt(Double, &[0.0; 3], &[3]);
    assert!(
        run(&mut out, |o| d2h_copy::d2h_copy_out(
            &mut ctx(),
            &y.view(),
            o
        ))
        .is_err()
    );
}

#[test]
fn conj_physical_flips_the_imaginary_sign() {
    // ComplexFloat [2]: (1, 2), (-0, NaN)
    let src: [f32; 4] = [1.0, 2.0, -0.0, f32::NAN];
    let x = Tensor::from_bytes(ComplexFloat, bytes_of(&src), &[2], &[0]).unwrap();
    let mut dst = [0f32; 4];
    {
        let db = unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr() as *mut u8, 16) };
        let mut out = Tensor::from_bytes_mut(ComplexFloat, db, &[2], &[0]).unwrap();
        conj_physical::conj_physical_out(&mut ctx(), &x, &mut out).unwrap();
    }
    assert_eq!(dst[..3], [1.0, -2.0, -0.0]);
    assert!(dst[2].is_sign_negative() && dst[3].is_nan() && dst[3].is_sign_negative());
    // real: a copy; another dtype: an error
    let y = tt(Int, &[1.0, -2.0], &[2]);
    let mut out = dynamic(Int, 2);
    run(&mut out, |o| {
        conj_physical::conj_physical_out(&mut ctx(), &y.view(), o)
    })
    .unwrap();
    assert_eq!(vals(&out), vec![1.0, -2.0]);
    let mut out = dynamic(Float, 2);
    assert_eq!(
        kind(run(&mut out, |o| conj_physical::conj_physical_out(
            &mut ctx(),
            &y.view(),
            o
        ))),
        ErrorKind::InvalidType
    );
}

fn bytes_of(v: &[f32]) -> &[u8] {
    unsafe { core::slice::from_raw_parts(v.as_ptr() as *const u8, core::mem::size_of_val(v)) }
}
