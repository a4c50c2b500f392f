//! The normalizations: layer norm, group norm, batch norm in inference and in training
//! (running statistics updated in place): dtypes, dim orders of inputs and outs, resize,
//! ATen's checks. Expected values are computed here in f64 or with PyTorch 2.13.

mod common;

/// native_layer_norm.
mod layer_norm {
    use crate::common::*;
    use ScalarType::*;
    use etk_core::{OwnedTensor, ScalarType};

    use etk_portable::ops::native_layer_norm::native_layer_norm_out as ln;

    #[test]
    fn layer_norm_matches_the_formula_in_any_dim_order() {
        let x = seq(24);
        let w: Vec<f64> = (0..12).map(|i| 0.5 + i as f64 * 0.1).collect();
        let b: Vec<f64> = (0..12).map(|i| i as f64 * -0.2).collect();
        // normalized over the last two dims [3, 4]
        let mut want = vec![0.0; 24];
        let mut means = vec![];
        let mut rstds = vec![];
        for r in 0..2 {
            let row = &x[r * 12..r * 12 + 12];
            let m = row.iter().sum::<f64>() / 12.0;
            let v = row.iter().map(|a| (a - m) * (a - m)).sum::<f64>() / 12.0;
            let rs = 1.0 / (v + 1e-5).sqrt();
            for j in 0..12 {
                want[r * 12 + j] = (row[j] - m) * rs * w[j] + b[j];
            }
            means.push(m);
            rstds.push(rs);
        }
        for (dtype, tol) in [(Float, 1e-5), (Double, 1e-12), (BFloat16, 3e-2)] {
            for order in [[0, 1, 2], [2, 0, 1], [1, 2, 0]] {
                let a = t(dtype, &[2, 3, 4], &order, &x);
                let wt = t(dtype, &[3, 4], &[1, 0], &w);
                let bt = t(dtype, &[3, 4], &[0, 1], &b);
                let mut o0 = OwnedTensor::with_capacity(dtype, &[2, 3, 4], &order, 0).unwrap();
                let mut o1 = OwnedTensor::zeros(dtype, &[2, 1, 1]).unwrap();
                let mut o2 = OwnedTensor::zeros(dtype, &[2, 1, 1]).unwrap();
                ln(
                    &mut ctx(),
                    &a.view(),
                    &[3, 4],
                    Some(&wt.view()),
                    Some(&bt.view()),
                    1e-5,
                    &mut o0.view_mut().unwrap(),
                    &mut o1.view_mut().unwrap(),
                    &mut o2.view_mut().unwrap(),
                )
                .unwrap();
                close(&o0.to_logical::<f64>(), &want, tol);
                close(&o1.to_logical::<f64>(), &means, tol);
                close(&o2.to_logical::<f64>(), &rstds, tol);
            }
        }
    }

    #[test]
    fn layer_norm_checks_shapes_and_dtypes() {
        let x = t(Float, &[2, 4], &[0, 1], &seq(8));
        let run = |ns: &[i64], w: Option<&OwnedTensor>, dt: ScalarType| {
            let mut o0 = OwnedTensor::zeros(Float, &[2, 4]).unwrap();
            let mut o1 = OwnedTensor::zeros(dt, &[2, 1]).unwrap();
            let mut o2 = OwnedTensor::zeros(dt, &[2, 1]).unwrap();
            let wv = w.map(|w| w.view());
            ln(
                &mut ctx(),
                &x.view(),
                ns,
                wv.as_ref(),
                None,
                1e-5,
                &mut o0.view_mut().unwrap(),
                &mut o1.view_mut().unwrap(),
                &mut o2.view_mut().unwrap(),
            )
        };
        assert!(run(&[4], None, Float).is_ok());
        assert_eq!(run(&[], None, Float).unwrap_err().arg, "normalized_shape");
        assert_eq!(run(&[3], None, Float).unwrap_err().arg, "normalized_shape");
        assert_eq!(run(&[-4], None, Float).unwrap_err().arg, "normalized_shape");
        assert_eq!(run(&[4], None, Double).unwrap_err().arg, "out1");
        let w = t(Float, &[3], &[0], &[1.0; 3]);
        assert_eq!(run(&[4], Some(&w), Float).unwrap_err().arg, "weight");
        let wd = t(Double, &[4], &[0], &[1.0; 4]);
        assert_eq!(run(&[4], Some(&wd), Float).unwrap_err().arg, "weight");
    }
}

/// _native_batch_norm_legit_no_training.
mod batch_norm_inference {
    use crate::common::*;
    use ScalarType::*;
    use etk_core::{OwnedTensor, ScalarType};
    use etk_portable::ops::native_batch_norm::native_batch_norm_legit_no_training_out as bn;

    #[test]
    fn batch_norm_inference_per_channel_in_any_dim_order() {
        let x = seq(2 * 3 * 2 * 2);
        let (w, b, m, v) = (
            [1.5, -0.5, 2.0],
            [0.1, 0.2, -0.3],
            [0.5, -1.0, 0.0],
            [1.0, 2.0, 0.5],
        );
        let want: Vec<f64> = (0..24)
            .map(|i| {
                let c = (i / 4) % 3;
                (x[i] - m[c]) / (v[c] + 1e-5f64).sqrt() * w[c] + b[c]
            })
            .collect();
        for (dtype, pdt, tol) in [
            (Float, Float, 1e-6),
            (Double, Double, 1e-12),
            (Half, Float, 2e-3),
        ] {
            for (oi, oo) in [([0, 1, 2, 3], [0, 2, 3, 1]), ([0, 2, 3, 1], [0, 1, 2, 3])] {
                let a = t(dtype, &[2, 3, 2, 2], &oi, &x);
                let p = |vals: &[f64]| t(pdt, &[3], &[0], vals);
                let (wt, bt, mt, vt) = (p(&w), p(&b), p(&m), p(&v));
                let mut o0 = OwnedTensor::with_capacity(dtype, &[2, 3, 2, 2], &oo, 0).unwrap();
                let mut o1 = OwnedTensor::zeros(pdt, &[0]).unwrap();
                let mut o2 = OwnedTensor::zeros(pdt, &[0]).unwrap();
                bn(
                    &mut ctx(),
                    &a.view(),
                    Some(&wt.view()),
                    Some(&bt.view()),
                    &mt.view(),
                    &vt.view(),
                    0.1,
                    1e-5,
                    &mut o0.view_mut().unwrap(),
                    &mut o1.view_mut().unwrap(),
                    &mut o2.view_mut().unwrap(),
                )
                .unwrap();
                close(&o0.to_logical::<f64>(), &want, tol);
            }
        }
        // running stats of the wrong size, a 1-D input, an Int input
        let a = t(Float, &[2, 3], &[0, 1], &seq(6));
        let m2 = t(Float, &[2], &[0], &[0.0; 2]);
        let v3 = t(Float, &[3], &[0], &[1.0; 3]);
        let mut o0 = OwnedTensor::zeros(Float, &[2, 3]).unwrap();
        let mut o1 = OwnedTensor::zeros(Float, &[0]).unwrap();
        let mut o2 = OwnedTensor::zeros(Float, &[0]).unwrap();
        let mut call = |x: &OwnedTensor, m: &OwnedTensor| {
            bn(
                &mut ctx(),
                &x.view(),
                None,
                None,
                &m.view(),
                &v3.view(),
                0.1,
                1e-5,
                &mut o0.view_mut().unwrap(),
                &mut o1.view_mut().unwrap(),
                &mut o2.view_mut().unwrap(),
            )
        };
        assert_eq!(call(&a, &m2).unwrap_err().arg, "running_mean");
        let a1 = t(Float, &[3], &[0], &seq(3));
        assert_eq!(call(&a1, &v3).unwrap_err().arg, "input");
        let ai = t(Int, &[2, 3], &[0, 1], &seq(6));
        assert_eq!(call(&ai, &v3).unwrap_err().arg, "input");
    }
}

/// native_group_norm.
mod group_norm {
    use ScalarType::*;
    use etk_core::{ErrorKind, KernelContext, OwnedTensor, ScalarType};
    use etk_portable::ops::*;

    use crate::common::*;

    // (the unsigned dtypes, which the test tensors cannot fill, are in the golden cases)
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
        let e =
            group_norm(&t, Some(&w), None, (2, 4, 3), 2, &mut gn_outs(Float, Float)).unwrap_err();
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
}

/// _native_batch_norm_legit (with and without running statistics).
mod batch_norm_training {
    use crate::common::dynamic_rank as dynamic;
    use ScalarType::*;
    use etk_core::{KernelContext, OwnedTensor, ScalarType};
    use etk_portable::ops::*;

    use crate::common::*;

    // (the unsigned dtypes, which the test tensors cannot fill, are in the golden cases)
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
}
