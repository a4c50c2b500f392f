use etk_core::{KernelContext, OwnedTensor, Scalar, ScalarType};
use etk_portable::ops::add::add_out;

#[test]
fn add_int8_wraps_in_common_dtype_then_casts() {
    let a = OwnedTensor::from_slice(&[100i8, -128], &[2]).unwrap();
    let b = OwnedTensor::from_slice(&[100i8, -1], &[2]).unwrap();
    let mut out = OwnedTensor::zeros(ScalarType::Long, &[2]).unwrap();
    add_out(
        &mut KernelContext::serial(),
        &a.view(),
        &b.view(),
        Scalar::Int(1),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), vec![-56, 127]);
}

#[test]
fn add_broadcast_channels_last() {
    let vals: Vec<f32> = (0..24).map(|x| x as f32).collect();
    let a = OwnedTensor::from_logical(&vals, &[1, 2, 3, 4], &[0, 2, 3, 1]).unwrap();
    let b = OwnedTensor::from_slice(&[1000.0f32, 2000.0], &[2, 1, 1]).unwrap();
    let mut out =
        OwnedTensor::with_capacity(ScalarType::Half, &[1, 2, 3, 4], &[0, 2, 3, 1], 0).unwrap();
    add_out(
        &mut KernelContext::serial(),
        &a.view(),
        &b.view(),
        Scalar::Double(0.5),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    let got = out.to_logical::<f32>();
    for (i, &g) in got.iter().enumerate() {
        let want = i as f32 + if i < 12 { 500.0 } else { 1000.0 };
        assert_eq!(g, want, "{i}");
    }
}

#[test]
fn add_rejects_float_into_int_out_and_resizes() {
    let a = OwnedTensor::from_slice(&[1.5f32, 2.5], &[2]).unwrap();
    let mut out = OwnedTensor::zeros(ScalarType::Int, &[2]).unwrap();
    let e = add_out(
        &mut KernelContext::serial(),
        &a.view(),
        &a.view(),
        Scalar::Int(1),
        &mut out.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.arg, "out");
    let mut out = OwnedTensor::with_capacity(ScalarType::Float, &[0], &[0], 8)
        .unwrap()
        .dynamic();
    let mut v = out.view_mut().unwrap();
    let b = OwnedTensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
    add_out(
        &mut KernelContext::serial(),
        &a.view(),
        &b.view(),
        Scalar::Int(1),
        &mut v,
    )
    .unwrap();
    assert_eq!(v.sizes(), &[2, 2]);
}
