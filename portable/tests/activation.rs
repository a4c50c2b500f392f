//! The activations: clamp (Scalar and Tensor bounds), hardtanh, relu, elu, gelu, leaky_relu,
//! glu, softmax and log_softmax: the dtype matrix, promotion, Scalar kinds, broadcasting,
//! resizing, dim orders, special values and ATen's checks. Expected values were computed with
//! PyTorch 2.13 (ATen, CPU), or here in f64.

mod common;

/// clamp.out, clamp.Tensor_out, hardtanh, relu.
mod clamping {
    // Expected values are printed by torch with all their digits.
    #![allow(clippy::excessive_precision)]

    use crate::common::assert_same_signed as assert_same;

    use ScalarType::*;

    use etk_core::{ErrorKind, OwnedTensor, Scalar, ScalarType};
    use etk_portable::ops::*;

    use crate::common::*;

    // ---------------------------------------------------------------------------------------------
    // clamp.out

    #[test]
    fn clamp_scalar_dtype_matrix() {
        // int bounds keep every non-Bool dtype; the out must be exactly that dtype.
        for &dt in &NON_BOOL {
            let x = tt(dt, &[0.0, 1.0, 2.0, 3.0, 5.0], &[5]);
            for &odt in &REAL {
                let mut out = zeros(odt, &[5]);
                let r = run(&mut out, |o| {
                    clamp::clamp_out(
                        &mut ctx(),
                        &x.view(),
                        Some(Scalar::Int(1)),
                        Some(Scalar::Int(3)),
                        o,
                    )
                });
                if odt == dt {
                    r.unwrap();
                    assert_same(&vals(&out), &[1.0, 1.0, 2.0, 3.0, 3.0], dt.name());
                } else {
                    assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
                }
            }
        }
    }

    #[test]
    fn clamp_scalar_promotion() {
        let c = &mut ctx();
        // Int tensor with float bounds computes in Float; Double out rejected.
        let x = tt(Int, &[1.0, 5.0, 9.0], &[3]);
        let mut out = zeros(Float, &[3]);
        run(&mut out, |o| {
            clamp::clamp_out(
                c,
                &x.view(),
                Some(Scalar::Int(2)),
                Some(Scalar::Double(7.5)),
                o,
            )
        })
        .unwrap();
        assert_same(&vals(&out), &[2.0, 5.0, 7.5], "int with float bound");
        let mut out = zeros(Double, &[3]);
        let r = run(&mut out, |o| {
            clamp::clamp_out(c, &x.view(), Some(Scalar::Double(2.5)), None, o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidType);
        // Bool tensor: int bounds -> Long, float -> Float, bool bounds -> no kernel.
        let b = tt(Bool, &[1.0, 0.0], &[2]);
        let mut out = zeros(Long, &[2]);
        run(&mut out, |o| {
            clamp::clamp_out(
                c,
                &b.view(),
                Some(Scalar::Bool(true)),
                Some(Scalar::Int(3)),
                o,
            )
        })
        .unwrap();
        assert_same(&vals(&out), &[1.0, 1.0], "bool with int bound");
        let mut out = zeros(Float, &[2]);
        run(&mut out, |o| {
            clamp::clamp_out(c, &b.view(), Some(Scalar::Double(0.5)), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[1.0, 0.5], "bool with float bound");
        let mut out = zeros(Bool, &[2]);
        let r = run(&mut out, |o| {
            clamp::clamp_out(c, &b.view(), Some(Scalar::Bool(true)), None, o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidType);
        // A Half tensor stays Half with a Double bound (rounded to Half: 0.1 -> 0.0999755859375).
        let h = tt(Half, &[-1.5, 0.5, 3.0], &[3]);
        let mut out = zeros(Half, &[3]);
        run(&mut out, |o| {
            clamp::clamp_out(
                c,
                &h.view(),
                Some(Scalar::Double(-0.1)),
                Some(Scalar::Double(0.1)),
                o,
            )
        })
        .unwrap();
        assert_same(
            &vals(&out),
            &[-0.0999755859375, 0.0999755859375, 0.0999755859375],
            "half",
        );
        // zero-dim int tensor with a float bound -> Float, resized to [].
        let z = tt(Long, &[5.0], &[]);
        let mut out = dynamic(Float, 1);
        run(&mut out, |o| {
            clamp::clamp_out(c, &z.view(), None, Some(Scalar::Double(2.5)), o)
        })
        .unwrap();
        assert_eq!(out.sizes(), &[] as &[usize]);
        assert_same(&vals(&out), &[2.5], "zero-dim");
    }

    #[test]
    fn clamp_scalar_bound_conversion_is_checked() {
        let c = &mut ctx();
        let i8s = tt(Char, &[-100.0, 0.0, 100.0], &[3]);
        for bound in [300, -300] {
            let mut out = zeros(Char, &[3]);
            let r = run(&mut out, |o| {
                clamp::clamp_out(c, &i8s.view(), Some(Scalar::Int(bound)), None, o)
            });
            let e = r.unwrap_err();
            assert_eq!((e.kind, e.arg), (ErrorKind::InvalidArgument, "min"));
        }
        // even for an empty tensor
        let empty = tt(Char, &[], &[0]);
        let mut out = zeros(Char, &[0]);
        assert!(
            run(&mut out, |o| clamp::clamp_out(
                c,
                &empty.view(),
                Some(Scalar::Int(300)),
                None,
                o
            ))
            .is_err()
        );
        // Byte wraps negative bounds down to -255: min=-1 is 255.
        let u8s = tt(Byte, &[156.0, 0.0, 100.0], &[3]);
        let mut out = zeros(Byte, &[3]);
        run(&mut out, |o| {
            clamp::clamp_out(c, &u8s.view(), Some(Scalar::Int(-1)), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[255.0, 255.0, 255.0], "u8 min=-1");
        let mut out = zeros(Byte, &[3]);
        assert!(
            run(&mut out, |o| clamp::clamp_out(
                c,
                &u8s.view(),
                None,
                Some(Scalar::Int(256)),
                o
            ))
            .is_err()
        );
        // Half: 70000 and 65519.0 overflow; Float: 1e39 overflows.
        let h = tt(Half, &[1.0], &[1]);
        for s in [Scalar::Int(70000), Scalar::Double(65519.0)] {
            let mut out = zeros(Half, &[1]);
            assert!(
                run(&mut out, |o| clamp::clamp_out(
                    c,
                    &h.view(),
                    None,
                    Some(s),
                    o
                ))
                .is_err()
            );
        }
        let f = tt(Float, &[1.0], &[1]);
        let mut out = zeros(Float, &[1]);
        assert!(
            run(&mut out, |o| clamp::clamp_out(
                c,
                &f.view(),
                Some(Scalar::Double(1e39)),
                None,
                o
            ))
            .is_err()
        );
        // no bound at all
        let mut out = zeros(Float, &[1]);
        let e = run(&mut out, |o| clamp::clamp_out(c, &f.view(), None, None, o)).unwrap_err();
        assert_eq!(e.op, "aten::clamp.out");
    }

    #[test]
    fn clamp_scalar_special_values() {
        let c = &mut ctx();
        let x = tt(Float, &[NAN, -1.0, 0.5, 2.0, INF, -INF, -0.0], &[7]);
        let run_clamp = |lo: Option<f64>, hi: Option<f64>| {
            let mut out = zeros(Float, &[7]);
            run(&mut out, |o| {
                clamp::clamp_out(
                    &mut ctx(),
                    &x.view(),
                    lo.map(Scalar::Double),
                    hi.map(Scalar::Double),
                    o,
                )
            })
            .unwrap();
            vals(&out)
        };
        assert_same(
            &run_clamp(Some(0.0), Some(1.0)),
            &[NAN, 0.0, 0.5, 1.0, 1.0, 0.0, -0.0],
            "nan, infinities and -0.0",
        );
        assert_same(&run_clamp(Some(NAN), Some(1.0)), &[NAN; 7], "nan min");
        assert_same(&run_clamp(None, Some(NAN)), &[NAN; 7], "nan max only");
        assert_same(&run_clamp(Some(NAN), None), &[NAN; 7], "nan min only");
        // NaN with the other bound overflowing: ATen fills NaN before converting.
        assert_same(
            &run_clamp(Some(NAN), Some(1e39)),
            &[NAN; 7],
            "nan + overflow",
        );
        // min > max: max wins
        assert_same(
            &run_clamp(Some(2.0), Some(1.0)),
            &[NAN, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
            "min > max",
        );
        let z = tt(Float, &[-0.0, 0.0], &[2]);
        let mut out = zeros(Float, &[2]);
        run(&mut out, |o| {
            clamp::clamp_out(
                c,
                &z.view(),
                Some(Scalar::Double(-0.0)),
                Some(Scalar::Double(-0.0)),
                o,
            )
        })
        .unwrap();
        assert_same(&vals(&out), &[-0.0, 0.0], "signed zeros kept");
    }

    #[test]
    fn clamp_scalar_dim_order_and_resize() {
        let c = &mut ctx();
        let v: Vec<f64> = (0..24).map(|i| i as f64 - 12.0).collect();
        let want: Vec<f64> = v.iter().map(|x| x.clamp(-5.0, 7.0)).collect();
        let x = tto(Float, &v, &[1, 2, 3, 4], &CL);
        let xc = tt(Float, &v, &[1, 2, 3, 4]);
        for (input, order) in [(&x, &CL[..]), (&xc, &CL[..]), (&x, &[0, 1, 2, 3][..])] {
            let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], order, 0).unwrap();
            run(&mut out, |o| {
                clamp::clamp_out(
                    c,
                    &input.view(),
                    Some(Scalar::Int(-5)),
                    Some(Scalar::Int(7)),
                    o,
                )
            })
            .unwrap();
            assert_same(&vals(&out), &want, "dim orders");
        }
        // dynamic out resized; past capacity and static wrong shape rejected.
        let mut out = dynamic(Float, 24);
        run(&mut out, |o| {
            clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
        })
        .unwrap();
        assert_eq!(out.sizes(), &[1, 2, 3, 4]);
        let mut out = dynamic(Float, 23);
        let r = run(&mut out, |o| {
            clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
        });
        assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
        let mut out = zeros(Float, &[24]);
        let r = run(&mut out, |o| {
            clamp::clamp_out(c, &xc.view(), Some(Scalar::Int(-5)), None, o)
        });
        assert_eq!(err_kind(r), ErrorKind::OutOfCapacity);
    }

    // ---------------------------------------------------------------------------------------------
    // clamp.Tensor_out

    #[test]
    fn clamp_tensor_promotion_and_out_dtypes() {
        let c = &mut ctx();
        let x = tt(Int, &[1.0, 5.0, 9.0], &[3]);
        let lo = tt(Long, &[2.0], &[1]);
        // common Long; Int, Long and Float outs accepted (can_cast), Bool rejected.
        for (odt, ok) in [(Int, true), (Long, true), (Float, true), (Bool, false)] {
            let mut out = zeros(odt, &[3]);
            let r = run(&mut out, |o| {
                clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
            });
            if ok {
                r.unwrap();
                assert_same(&vals(&out), &[2.0, 5.0, 9.0], odt.name());
            } else {
                assert_eq!(err_kind(r), ErrorKind::InvalidType);
            }
        }
        // a zero-dim Float bound makes an Int tensor compute in Float; Int out rejected.
        let flo = tt(Float, &[2.5], &[]);
        let mut out = zeros(Double, &[3]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&flo.view()), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[2.5, 5.0, 9.0], "int with 0-dim float");
        let mut out = zeros(Int, &[3]);
        assert!(
            run(&mut out, |o| clamp::clamp_tensor_out(
                c,
                &x.view(),
                Some(&flo.view()),
                None,
                o
            ))
            .is_err()
        );
        // a zero-dim Long bound is cast to Int8 first: 300 -> 44.
        let i8s = tt(Char, &[1.0, 2.0], &[2]);
        let big = tt(Long, &[300.0], &[]);
        let mut out = zeros(Char, &[2]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &i8s.view(), Some(&big.view()), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[44.0, 44.0], "bound cast to common dtype");
        // Byte and Char meet at Short.
        let u = tt(Byte, &[1.0, 200.0], &[2]);
        let neg = tt(Char, &[-1.0], &[1]);
        let mut out = zeros(Short, &[2]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &u.view(), Some(&neg.view()), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[1.0, 200.0], "u8/i8");
    }

    #[test]
    fn clamp_tensor_bool_broadcast_nan() {
        let c = &mut ctx();
        let b = tt(Bool, &[1.0, 0.0], &[2]);
        let mut out = zeros(Bool, &[2]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &b.view(), Some(&b.view()), None, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[1.0, 0.0], "bool min only");
        let mut out = zeros(Bool, &[2]);
        let r = run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &b.view(), Some(&b.view()), Some(&b.view()), o)
        });
        assert_eq!(err_kind(r), ErrorKind::InvalidType);
        let mut out = zeros(Bool, &[2]);
        assert!(
            run(&mut out, |o| clamp::clamp_tensor_out(
                c,
                &b.view(),
                None,
                None,
                o
            ))
            .is_err()
        );

        // [3] with [2, 1] -> [2, 3]
        let x = tt(Float, &[1.0, 2.0, 3.0], &[3]);
        let lo = tt(Float, &[0.0, 2.5], &[2, 1]);
        let mut out = dynamic(Float, 6);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
        })
        .unwrap();
        assert_eq!(out.sizes(), &[2, 3]);
        assert_same(
            &vals(&out),
            &[1.0, 2.0, 3.0, 2.5, 2.5, 3.0],
            "broadcast min",
        );
        let mut out = dynamic(Float, 6);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), None, Some(&lo.view()), o)
        })
        .unwrap();
        assert_same(
            &vals(&out),
            &[0.0, 0.0, 0.0, 1.0, 2.0, 2.5],
            "broadcast max",
        );
        // incompatible shapes
        let bad = tt(Float, &[0.0, 1.0], &[2]);
        let mut out = dynamic(Float, 6);
        assert!(
            run(&mut out, |o| clamp::clamp_tensor_out(
                c,
                &x.view(),
                Some(&bad.view()),
                None,
                o
            ))
            .is_err()
        );

        // NaN from self or either bound; min > max gives max.
        let x = tt(Float, &[NAN, -2.0, 0.5, 3.0], &[4]);
        let lo = tt(Float, &[NAN, 0.0, NAN, 0.0], &[4]);
        let hi = tt(Float, &[1.0, 1.0, 1.0, NAN], &[4]);
        let mut out = zeros(Float, &[4]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), Some(&hi.view()), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[NAN, 0.0, NAN, NAN], "nan propagation");
        let lo = tt(Float, &[2.0], &[1]);
        let hi = tt(Float, &[1.0], &[1]);
        let mut out = zeros(Float, &[4]);
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), Some(&hi.view()), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[NAN, 1.0, 1.0, 1.0], "min > max");
    }

    #[test]
    fn clamp_tensor_channels_last() {
        let c = &mut ctx();
        let v: Vec<f64> = (0..24).map(|i| i as f64).collect();
        let x = tto(Half, &v, &[1, 2, 3, 4], &CL);
        let lo = tt(Float, &[5.0, 15.0], &[2, 1, 1]);
        let mut out = OwnedTensor::with_capacity(Float, &[1, 2, 3, 4], &CL, 0).unwrap();
        run(&mut out, |o| {
            clamp::clamp_tensor_out(c, &x.view(), Some(&lo.view()), None, o)
        })
        .unwrap();
        let want: Vec<f64> = v
            .iter()
            .enumerate()
            .map(|(i, &x)| x.max(if i < 12 { 5.0 } else { 15.0 }))
            .collect();
        assert_same(&vals(&out), &want, "channels-last");
    }

    // ---------------------------------------------------------------------------------------------
    // hardtanh, relu

    #[test]
    fn hardtanh_dtypes_and_limits() {
        let c = &mut ctx();
        let one = Scalar::Int(1);
        let m_one = Scalar::Int(-1);
        for &dt in &[Char, Short, Int, Long, Half, BFloat16, Float, Double] {
            let x = tt(dt, &[-3.0, -1.0, 0.0, 1.0, 3.0], &[5]);
            for &odt in &REAL {
                let mut out = zeros(odt, &[5]);
                let r = run(&mut out, |o| {
                    hardtanh::hardtanh_out(c, &x.view(), m_one, one, o)
                });
                if odt == dt {
                    r.unwrap();
                    assert_same(&vals(&out), &[-1.0, -1.0, 0.0, 1.0, 1.0], dt.name());
                } else {
                    assert!(r.is_err(), "{dt} -> {odt}");
                }
            }
        }
        // Bool rejected; Byte rejects the default negative limit, accepts non-negative ones.
        let b = tt(Bool, &[1.0], &[1]);
        let mut out = zeros(Bool, &[1]);
        assert_eq!(
            err_kind(run(&mut out, |o| hardtanh::hardtanh_out(
                c,
                &b.view(),
                m_one,
                one,
                o
            ))),
            ErrorKind::InvalidType
        );
        let u = tt(Byte, &[255.0, 0.0, 5.0], &[3]);
        let mut out = zeros(Byte, &[3]);
        assert!(
            run(&mut out, |o| hardtanh::hardtanh_out(
                c,
                &u.view(),
                m_one,
                one,
                o
            ))
            .is_err()
        );
        // float limits on an integer tensor truncate: -0.5 -> 0, 3.7 -> 3.
        run(&mut out, |o| {
            hardtanh::hardtanh_out(c, &u.view(), Scalar::Double(-0.5), Scalar::Double(3.7), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[3.0, 0.0, 3.0], "u8 truncated limits");
        let i = tt(Int, &[-100.0, 0.0, 5.0], &[3]);
        let mut out = zeros(Int, &[3]);
        run(&mut out, |o| {
            hardtanh::hardtanh_out(c, &i.view(), Scalar::Double(-1.9), Scalar::Double(1.9), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[-1.0, 0.0, 1.0], "int truncated limits");
        // NaN or huge limits on integers, limits overflowing Int8: errors.
        for (lo, hi) in [
            (Scalar::Double(NAN), one),
            (Scalar::Double(1e30), one),
            (m_one, Scalar::Int(200)),
        ] {
            let x = tt(Char, &[1.0], &[1]);
            let mut out = zeros(Char, &[1]);
            assert!(
                run(&mut out, |o| hardtanh::hardtanh_out(
                    c,
                    &x.view(),
                    lo,
                    hi,
                    o
                ))
                .is_err()
            );
        }
        // floats: NaN limit -> all NaN; lo > hi -> hi; specials.
        let f = tt(Float, &[NAN, -1.5, -0.0, 0.0, 2.0, INF, -INF], &[7]);
        let mut out = zeros(Float, &[7]);
        run(&mut out, |o| {
            hardtanh::hardtanh_out(c, &f.view(), m_one, one, o)
        })
        .unwrap();
        assert_same(
            &vals(&out),
            &[NAN, -1.0, -0.0, 0.0, 1.0, 1.0, -1.0],
            "float specials",
        );
        run(&mut out, |o| {
            hardtanh::hardtanh_out(c, &f.view(), Scalar::Double(NAN), one, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[NAN; 7], "nan limit");
        run(&mut out, |o| {
            hardtanh::hardtanh_out(c, &f.view(), Scalar::Int(2), one, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[NAN, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0], "lo > hi");
        // Long with +-2^63 limits: ATen's conversion of 2^63 gives INT64_MIN.
        let l = tt(Long, &[-100.0, 0.0, 5.0], &[3]);
        let mut out = zeros(Long, &[3]);
        run(&mut out, |o| {
            hardtanh::hardtanh_out(
                c,
                &l.view(),
                Scalar::Double(-9.223372036854775808e18),
                Scalar::Double(9.223372036854775808e18),
                o,
            )
        })
        .unwrap();
        assert_eq!(out.to_logical::<i64>(), vec![i64::MIN; 3]);
    }

    #[test]
    fn relu_dtypes_and_specials() {
        let c = &mut ctx();
        for &dt in &NON_BOOL {
            let x = if dt == Byte {
                tt(dt, &[255.0, 0.0, 5.0], &[3])
            } else {
                tt(dt, &[-3.0, 0.0, 5.0], &[3])
            };
            let want = if dt == Byte {
                [255.0, 0.0, 5.0]
            } else {
                [0.0, 0.0, 5.0]
            };
            for &odt in &REAL {
                let mut out = zeros(odt, &[3]);
                let r = run(&mut out, |o| relu::relu_out(c, &x.view(), o));
                if odt == dt {
                    r.unwrap();
                    assert_same(&vals(&out), &want, dt.name());
                } else {
                    assert_eq!(err_kind(r), ErrorKind::InvalidType, "{dt} -> {odt}");
                }
            }
        }
        let b = tt(Bool, &[1.0], &[1]);
        let mut out = zeros(Bool, &[1]);
        assert_eq!(
            err_kind(run(&mut out, |o| relu::relu_out(c, &b.view(), o))),
            ErrorKind::InvalidType
        );
        let f = tt(Double, &[NAN, -1.0, -0.0, 0.0, 2.0, INF, -INF], &[7]);
        let mut out = zeros(Double, &[7]);
        run(&mut out, |o| relu::relu_out(c, &f.view(), o)).unwrap();
        assert_same(
            &vals(&out),
            &[NAN, 0.0, -0.0, 0.0, 2.0, INF, 0.0],
            "specials",
        );
        // zero-dim input, dynamic out; empty input.
        let z = tt(Float, &[-3.0], &[]);
        let mut out = dynamic(Float, 4);
        run(&mut out, |o| relu::relu_out(c, &z.view(), o)).unwrap();
        assert_eq!(out.sizes(), &[] as &[usize]);
        assert_same(&vals(&out), &[0.0], "zero-dim");
        let e = tt(Float, &[], &[2, 0]);
        let mut out = dynamic(Float, 0);
        run(&mut out, |o| relu::relu_out(c, &e.view(), o)).unwrap();
        assert_eq!(out.sizes(), &[2, 0]);
    }
}

/// elu, gelu, leaky_relu.
mod pointwise {
    // Expected values are printed by torch with all their digits.
    #![allow(clippy::excessive_precision)]

    use crate::common::assert_same_signed as assert_same;

    use ScalarType::*;

    use etk_core::{ErrorKind, KernelContext, OwnedTensor, Result, Scalar, ScalarType, Tensor};
    use etk_portable::ops::*;

    use crate::common::*;

    // ---------------------------------------------------------------------------------------------
    // elu, gelu, leaky_relu

    const ACT_X: [f64; 7] = [-3.0, -1.0, -0.25, 0.0, 0.5, 1.0, 2.5];

    #[test]
    fn elu_values() {
        let c = &mut ctx();
        let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
            (
                Float,
                [
                    -0.9502129554748535,
                    -0.6321205496788025,
                    -0.22119921445846558,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -2.3306095600128174,
                    -1.180408000946045,
                    -0.3525092899799347,
                    0.0,
                    1.0,
                    2.0,
                    5.0,
                ],
            ),
            (
                Double,
                [
                    -0.950212931632136,
                    -0.6321205588285577,
                    -0.22119921692859512,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -2.3306095195547107,
                    -1.1804080208620997,
                    -0.3525092922462138,
                    0.0,
                    1.0,
                    2.0,
                    5.0,
                ],
            ),
            (
                Half,
                [
                    -0.9501953125,
                    -0.63232421875,
                    -0.22119140625,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -2.330078125,
                    -1.1806640625,
                    -0.3525390625,
                    0.0,
                    1.0,
                    2.0,
                    5.0,
                ],
            ),
            (
                BFloat16,
                [-0.94921875, -0.6328125, -0.2216796875, 0.0, 0.5, 1.0, 2.5],
                [-2.328125, -1.1796875, -0.3515625, 0.0, 1.0, 2.0, 5.0],
            ),
        ];
        for (dt, want, want2) in cases {
            let (rtol, atol) = tol(dt);
            let x = tt(dt, &ACT_X, &[7]);
            let mut out = zeros(dt, &[7]);
            let one = Scalar::Int(1);
            run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).unwrap();
            assert_close(&vals(&out), &want, rtol, atol, dt.name());
            run(&mut out, |o| {
                elu::elu_out(
                    c,
                    &x.view(),
                    Scalar::Double(1.5),
                    Scalar::Double(2.0),
                    Scalar::Double(0.5),
                    o,
                )
            })
            .unwrap();
            assert_close(&vals(&out), &want2, rtol, atol, dt.name());
        }
    }

    #[test]
    fn float_activations_dtype_matrix() {
        let c = &mut ctx();
        type Act = fn(&mut KernelContext<'_>, &Tensor<'_>, &mut Tensor<'_>) -> Result<()>;
        let acts: [(&str, Act); 4] = [
            ("elu", |c, x, o| {
                elu::elu_out(c, x, Scalar::Int(1), Scalar::Int(1), Scalar::Int(1), o)
            }),
            ("gelu", |c, x, o| gelu::gelu_out(c, x, "none", o)),
            ("gelu tanh", |c, x, o| gelu::gelu_out(c, x, "tanh", o)),
            ("leaky_relu", |c, x, o| {
                leaky_relu::leaky_relu_out(c, x, Scalar::Double(0.01), o)
            }),
        ];
        for (name, f) in acts {
            for &dt in &REAL {
                let x = tt(dt, &[0.0, 1.0], &[2]);
                for &odt in &REAL {
                    let mut out = zeros(odt, &[2]);
                    let r = run(&mut out, |o| f(c, &x.view(), o));
                    if FLOATS.contains(&dt) && odt == dt {
                        r.unwrap();
                        assert_eq!(vals(&out)[0], 0.0, "{name} {dt}");
                    } else {
                        assert_eq!(err_kind(r), ErrorKind::InvalidType, "{name} {dt} -> {odt}");
                    }
                }
            }
        }
    }

    #[test]
    fn elu_errors_and_specials() {
        let c = &mut ctx();
        let one = Scalar::Int(1);
        // integer and Bool inputs have no kernel; the out must be self's dtype.
        for &dt in &[Bool, Byte, Int, Long] {
            let x = tt(dt, &[1.0], &[1]);
            let mut out = zeros(Float, &[1]);
            assert_eq!(
                err_kind(run(&mut out, |o| elu::elu_out(
                    c,
                    &x.view(),
                    one,
                    one,
                    one,
                    o
                ))),
                ErrorKind::InvalidType
            );
        }
        let x = tt(Float, &[NAN, -1.0, -0.0, 0.0, 2.0, INF, -INF, -1e-8], &[8]);
        let mut out = zeros(Double, &[8]);
        assert!(run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).is_err());
        // alpha overflowing Float is an error (for Half too: coefficients are Float).
        let mut out = zeros(Float, &[8]);
        let big = Scalar::Double(1e39);
        assert_eq!(
            run(&mut out, |o| elu::elu_out(c, &x.view(), big, one, one, o))
                .unwrap_err()
                .arg,
            "alpha"
        );
        run(&mut out, |o| elu::elu_out(c, &x.view(), one, one, one, o)).unwrap();
        assert_close(
            &vals(&out),
            &[
                NAN,
                -0.6321205496788025,
                -0.0,
                0.0,
                2.0,
                INF,
                -1.0,
                -9.99999993922529e-09,
            ],
            1e-6,
            0.0,
            "specials",
        );
        assert!(vals(&out)[2].is_sign_negative());
        // zeros take the positive branch: alpha = inf leaves them alone.
        let z = tt(Float, &[0.0, -0.0, -1.0], &[3]);
        let mut out = zeros(Float, &[3]);
        run(&mut out, |o| {
            elu::elu_out(c, &z.view(), Scalar::Double(INF), one, one, o)
        })
        .unwrap();
        assert_same(&vals(&out), &[0.0, -0.0, -INF], "alpha inf");
        let h = tt(Half, &[-1.0, -INF], &[2]);
        let mut out = zeros(Half, &[2]);
        run(&mut out, |o| {
            elu::elu_out(c, &h.view(), Scalar::Double(1e5), one, one, o)
        })
        .unwrap();
        assert_same(
            &vals(&out),
            &[-63200.0, -INF],
            "half with Float coefficients",
        );
    }

    #[test]
    fn gelu_values() {
        let c = &mut ctx();
        let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
            (
                Float,
                [
                    -0.004050225019454956,
                    -0.15865525603294373,
                    -0.10032341629266739,
                    0.0,
                    0.3457312285900116,
                    0.8413447141647339,
                    2.48447585105896,
                ],
                [
                    -0.0036374330520629883,
                    -0.15880799293518066,
                    -0.10032464563846588,
                    0.0,
                    0.3457140028476715,
                    0.8411920070648193,
                    2.4849157333374023,
                ],
            ),
            (
                Double,
                [
                    -0.00404969409489031,
                    -0.15865525393145702,
                    -0.10032341857926907,
                    0.0,
                    0.34573123063700656,
                    0.841344746068543,
                    2.4844758366855597,
                ],
                [
                    -0.0036373920817729943,
                    -0.15880800939172324,
                    -0.100324649298315,
                    0.0,
                    0.34571400982514394,
                    0.8411919906082768,
                    2.484915733910001,
                ],
            ),
            (
                Half,
                [
                    -0.00405120849609375,
                    -0.15869140625,
                    -0.100341796875,
                    0.0,
                    0.345703125,
                    0.84130859375,
                    2.484375,
                ],
                [
                    -0.0036373138427734375,
                    -0.1588134765625,
                    -0.100341796875,
                    0.0,
                    0.345703125,
                    0.84130859375,
                    2.484375,
                ],
            ),
            (
                BFloat16,
                [
                    -0.004058837890625,
                    -0.158203125,
                    -0.10009765625,
                    0.0,
                    0.345703125,
                    0.83984375,
                    2.484375,
                ],
                [
                    -0.003631591796875,
                    -0.1591796875,
                    -0.10009765625,
                    0.0,
                    0.345703125,
                    0.83984375,
                    2.484375,
                ],
            ),
        ];
        for (dt, none, tanh) in cases {
            let (rtol, atol) = tol(dt);
            let x = tto(dt, &ACT_X, &[7], &[0]);
            let mut out = zeros(dt, &[7]);
            run(&mut out, |o| gelu::gelu_out(c, &x.view(), "none", o)).unwrap();
            assert_close(&vals(&out), &none, rtol, atol, dt.name());
            run(&mut out, |o| gelu::gelu_out(c, &x.view(), "tanh", o)).unwrap();
            assert_close(&vals(&out), &tanh, rtol, atol, dt.name());
        }
    }

    #[test]
    fn gelu_errors_and_specials() {
        let c = &mut ctx();
        let x = tt(Float, &[1.0], &[1]);
        let mut out = zeros(Float, &[1]);
        assert_eq!(
            run(&mut out, |o| gelu::gelu_out(c, &x.view(), "foo", o))
                .unwrap_err()
                .arg,
            "approximate"
        );
        let i = tt(Int, &[1.0], &[1]);
        assert!(run(&mut out, |o| gelu::gelu_out(c, &i.view(), "none", o)).is_err());
        let mut dout = zeros(Double, &[1]);
        assert!(run(&mut dout, |o| gelu::gelu_out(c, &x.view(), "none", o)).is_err());
        // infinities: -inf is NaN in both modes; +inf is NaN for Float "none", inf for Double.
        let s = [-INF, INF, -1e20, 1e20, -10.0];
        let f = tt(Float, &s, &[5]);
        let mut out = zeros(Float, &[5]);
        run(&mut out, |o| gelu::gelu_out(c, &f.view(), "none", o)).unwrap();
        assert_same(
            &vals(&out),
            &[NAN, NAN, -0.0, 1.0000000200408773e20, -0.0],
            "float none",
        );
        run(&mut out, |o| gelu::gelu_out(c, &f.view(), "tanh", o)).unwrap();
        assert_same(
            &vals(&out),
            &[NAN, INF, -0.0, 1.0000000200408773e20, -0.0],
            "float tanh",
        );
        let d = tt(Double, &s, &[5]);
        let mut out = zeros(Double, &[5]);
        run(&mut out, |o| gelu::gelu_out(c, &d.view(), "none", o)).unwrap();
        assert_same(&vals(&out), &[NAN, INF, -0.0, 1e20, -0.0], "double none");
        // Float values above f32::MAX / 2 overflow in ATen's kernel order.
        let big = tt(Float, &[2e38, 1e38], &[2]);
        let mut out = zeros(Float, &[2]);
        run(&mut out, |o| gelu::gelu_out(c, &big.view(), "none", o)).unwrap();
        assert_same(&vals(&out), &[INF, 9.999999680285692e37], "overflow");
    }

    #[test]
    fn leaky_relu_values() {
        let c = &mut ctx();
        let cases: [(ScalarType, [f64; 7], [f64; 7]); 4] = [
            (
                Float,
                [
                    -0.029999999329447746,
                    -0.009999999776482582,
                    -0.0024999999441206455,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -0.6000000238418579,
                    -0.20000000298023224,
                    -0.05000000074505806,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
            ),
            (
                Double,
                [-0.03, -0.01, -0.0025, 0.0, 0.5, 1.0, 2.5],
                [-0.6000000000000001, -0.2, -0.05, 0.0, 0.5, 1.0, 2.5],
            ),
            (
                Half,
                [
                    -0.029998779296875,
                    -0.01000213623046875,
                    -0.0025005340576171875,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -0.60009765625,
                    -0.199951171875,
                    -0.04998779296875,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
            ),
            (
                BFloat16,
                [
                    -0.030029296875,
                    -0.010009765625,
                    -0.00250244140625,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
                [
                    -0.6015625,
                    -0.2001953125,
                    -0.050048828125,
                    0.0,
                    0.5,
                    1.0,
                    2.5,
                ],
            ),
        ];
        for (dt, d01, d2) in cases {
            let x = tt(dt, &ACT_X, &[7]);
            let mut out = zeros(dt, &[7]);
            run(&mut out, |o| {
                leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Double(0.01), o)
            })
            .unwrap();
            assert_same(&vals(&out), &d01, dt.name());
            run(&mut out, |o| {
                leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Double(0.2), o)
            })
            .unwrap();
            assert_same(&vals(&out), &d2, dt.name());
        }
        // slope -1 flips the sign of zeros (they take the slope branch); NaN stays.
        let x = tt(Float, &[NAN, -1.0, -0.0, 0.0, INF, -INF], &[6]);
        let mut out = zeros(Float, &[6]);
        run(&mut out, |o| {
            leaky_relu::leaky_relu_out(c, &x.view(), Scalar::Int(-1), o)
        })
        .unwrap();
        assert_same(&vals(&out), &[NAN, 1.0, 0.0, -0.0, INF, INF], "slope -1");
        // errors: integer input, wrong out dtype, slope overflowing Float.
        let i = tt(Long, &[-1.0], &[1]);
        let mut out = zeros(Long, &[1]);
        assert!(
            run(&mut out, |o| leaky_relu::leaky_relu_out(
                c,
                &i.view(),
                Scalar::Int(2),
                o
            ))
            .is_err()
        );
        let mut out = zeros(Double, &[6]);
        assert!(
            run(&mut out, |o| leaky_relu::leaky_relu_out(
                c,
                &x.view(),
                Scalar::Double(0.1),
                o
            ))
            .is_err()
        );
        let mut out = zeros(Float, &[6]);
        assert!(
            run(&mut out, |o| leaky_relu::leaky_relu_out(
                c,
                &x.view(),
                Scalar::Double(1e39),
                o
            ))
            .is_err()
        );
    }

    #[test]
    fn float_activations_channels_last() {
        let c = &mut ctx();
        let v: Vec<f64> = (0..24).map(|i| (i as f64 - 12.0) / 4.0).collect();
        let xc = tt(Double, &v, &[1, 2, 3, 4]);
        let xl = tto(Double, &v, &[1, 2, 3, 4], &CL);
        let mut want = zeros(Double, &[1, 2, 3, 4]);
        run(&mut want, |o| gelu::gelu_out(c, &xc.view(), "tanh", o)).unwrap();
        for (x, order) in [(&xl, CL), (&xc, CL), (&xl, [0, 1, 2, 3])] {
            let mut out = OwnedTensor::with_capacity(Double, &[1, 2, 3, 4], &order, 0).unwrap();
            run(&mut out, |o| gelu::gelu_out(c, &x.view(), "tanh", o)).unwrap();
            assert_same(&vals(&out), &vals(&want), "gelu dim orders");
        }
    }
}

/// softmax and log_softmax.
mod softmax {
    use crate::common::*;
    use ScalarType::*;
    use etk_core::{ErrorKind, OwnedTensor, ScalarType};

    use etk_portable::ops::softmax::{log_softmax_out, softmax_out};

    /// Softmax of `[2, 3, 4]` along `dim` in f64, logical order.
    fn softmax_ref(x: &[f64], dim: usize, log: bool) -> Vec<f64> {
        let sizes = [2usize, 3, 4];
        let strides = [12usize, 4, 1];
        let mut out = vec![0.0; 24];
        for base in 0..24 {
            if !(base / strides[dim]).is_multiple_of(sizes[dim]) {
                continue;
            }
            let idx: Vec<usize> = (0..sizes[dim]).map(|k| base + k * strides[dim]).collect();
            let m = idx.iter().map(|&i| x[i]).fold(f64::NEG_INFINITY, f64::max);
            let s: f64 = idx.iter().map(|&i| (x[i] - m).exp()).sum();
            for &i in &idx {
                out[i] = if log {
                    x[i] - m - s.ln()
                } else {
                    (x[i] - m).exp() / s
                };
            }
        }
        out
    }

    #[test]
    fn softmax_every_float_dtype_and_dim_order_of_input_and_out() {
        let x = seq(24);
        for (dtype, tol) in [
            (Float, 1e-6),
            (Double, 1e-12),
            (Half, 2e-3),
            (BFloat16, 2e-2),
        ] {
            for log in [false, true] {
                for dim in 0..3 {
                    let want = softmax_ref(&x, dim, log);
                    for (oi, oo) in [
                        ([0, 1, 2], [0, 1, 2]),
                        ([2, 0, 1], [0, 1, 2]),
                        ([0, 1, 2], [1, 2, 0]),
                    ] {
                        let a = t(dtype, &[2, 3, 4], &oi, &x);
                        let mut o = OwnedTensor::with_capacity(dtype, &[2, 3, 4], &oo, 0).unwrap();
                        let f = if log { log_softmax_out } else { softmax_out };
                        f(
                            &mut ctx(),
                            &a.view(),
                            dim as i64 - 3,
                            false,
                            &mut o.view_mut().unwrap(),
                        )
                        .unwrap();
                        close(&o.to_logical::<f64>(), &want, tol);
                    }
                }
            }
        }
    }

    #[test]
    fn softmax_rejects_what_aten_rejects() {
        let x = t(Float, &[2, 3], &[0, 1], &seq(6));
        let mut o = OwnedTensor::zeros(Float, &[2, 3]).unwrap();
        let e =
            softmax_out(&mut ctx(), &x.view(), 1, true, &mut o.view_mut().unwrap()).unwrap_err();
        assert_eq!(e.arg, "half_to_float");
        let e =
            softmax_out(&mut ctx(), &x.view(), 2, false, &mut o.view_mut().unwrap()).unwrap_err();
        assert_eq!(e.arg, "dim");
        let mut od = OwnedTensor::zeros(Double, &[2, 3]).unwrap();
        let e =
            softmax_out(&mut ctx(), &x.view(), 1, false, &mut od.view_mut().unwrap()).unwrap_err();
        assert_eq!((e.arg, e.kind), ("out", ErrorKind::InvalidType));
        let xi = t(Int, &[2, 3], &[0, 1], &seq(6));
        let mut oi = OwnedTensor::zeros(Int, &[2, 3]).unwrap();
        let e = log_softmax_out(
            &mut ctx(),
            &xi.view(),
            1,
            false,
            &mut oi.view_mut().unwrap(),
        );
        assert_eq!(e.unwrap_err().arg, "self");
        // A static out of the wrong shape is not resized.
        let mut small = OwnedTensor::zeros(Float, &[3]).unwrap();
        assert!(
            softmax_out(
                &mut ctx(),
                &x.view(),
                1,
                false,
                &mut small.view_mut().unwrap()
            )
            .is_err()
        );
        // Zero-dim input: one lane of one element.
        let s = t(Float, &[], &[], &[3.0]);
        let mut o0 = OwnedTensor::zeros(Float, &[]).unwrap();
        softmax_out(
            &mut ctx(),
            &s.view(),
            -1,
            false,
            &mut o0.view_mut().unwrap(),
        )
        .unwrap();
        assert_eq!(o0.to_logical::<f64>(), vec![1.0]);
    }
}

/// glu.
mod glu {
    use crate::common::dynamic_rank as dynamic;
    use ScalarType::*;
    use etk_core::{ErrorKind, KernelContext, OwnedTensor, ScalarType};
    use etk_portable::ops::*;

    use crate::common::*;

    // (the unsigned dtypes, which the test tensors cannot fill, are in the golden cases)
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
}
