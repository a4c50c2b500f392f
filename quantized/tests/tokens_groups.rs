//! Per-token and group-wise kernels and quantized add against values torch 2.13's reference
//! ops (and, for add, ExecuTorch 1.5.1's kernel) give on the same inputs; shape checks.

use ScalarType::*;
use etk_core::{KernelContext, OwnedTensor, ScalarType};
use etk_quantized::ops::*;

fn ctx() -> KernelContext<'static> {
    KernelContext::serial()
}

const X: [f32; 8] = [-1.0, 0.5, 3.0, 0.25, 2.0, -4.0, 0.0, 1.5];

#[test]
fn per_token_round_trip_matches_torch() {
    let x = OwnedTensor::from_slice(&X, &[2, 4]).unwrap();
    let mut s = OwnedTensor::zeros(Double, &[2, 1]).unwrap();
    let mut z = OwnedTensor::zeros(Long, &[2, 1]).unwrap();
    choose_qparams_per_token_asymmetric::choose_qparams_per_token_asymmetric_out(
        &mut ctx(),
        &x.view(),
        Char,
        &mut s.view_mut().unwrap(),
        &mut z.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(
        s.to_logical::<f64>(),
        vec![0.01568627543747425, 0.0235294122248888]
    );
    assert_eq!(z.to_logical::<i64>(), vec![-64, 42]);
    let mut q = OwnedTensor::zeros(Char, &[2, 4]).unwrap();
    quantize_per_token::quantize_per_token_out(
        &mut ctx(),
        &x.view(),
        &s.view(),
        &z.view(),
        -128,
        127,
        Char,
        &mut q.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(
        q.to_logical::<i64>(),
        vec![-128, -32, 127, -48, 127, -128, 42, 106]
    );
    let mut d = OwnedTensor::zeros(Float, &[2, 4]).unwrap();
    dequantize_per_token::dequantize_per_token_out(
        &mut ctx(),
        &q.view(),
        &s.view(),
        &z.view(),
        -128,
        127,
        Char,
        Float,
        &mut d.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(
        d.to_logical::<f32>(),
        vec![
            -1.0039216, 0.5019608, 2.9960785, 0.2509804, 2.0, -4.0, 0.0, 1.5058824
        ]
    );
    // one scale per token, shaped [..., 1]: a [4] scale is per column, not per token
    let s4 = OwnedTensor::from_slice(&[0.1f64; 4], &[4]).unwrap();
    let z4 = OwnedTensor::from_slice(&[0i64; 4], &[4]).unwrap();
    let e = quantize_per_token::quantize_per_token_out(
        &mut ctx(),
        &x.view(),
        &s4.view(),
        &z4.view(),
        -128,
        127,
        Char,
        &mut q.view_mut().unwrap(),
    );
    assert_eq!(e.unwrap_err().arg, "scales");
}

#[test]
fn quantize_per_channel_group_matches_torch() {
    let w =
        OwnedTensor::from_slice(&[1.0f32, -2.0, 0.3, 0.7, 0.1, 0.2, -0.9, 5.0], &[2, 4]).unwrap();
    let s = OwnedTensor::from_slice(&[0.1f32, 0.2, 0.3, 0.4], &[4]).unwrap();
    let z = OwnedTensor::from_slice(&[0i64, 1, -1, 2], &[4]).unwrap();
    let run = |gs, q: &mut OwnedTensor| {
        quantize_per_channel_group::quantize_per_channel_group_out(
            &mut ctx(),
            &w.view(),
            &s.view(),
            &z.view(),
            -8,
            7,
            Char,
            gs,
            &mut q.view_mut().unwrap(),
        )
    };
    let mut q = OwnedTensor::zeros(Char, &[2, 4]).unwrap();
    run(2, &mut q).unwrap();
    assert_eq!(q.to_logical::<i64>(), vec![7, -8, 2, 4, -1, 0, 0, 7]);
    assert_eq!(run(1, &mut q).unwrap_err().arg, "group_size");
    assert_eq!(run(3, &mut q).unwrap_err().arg, "group_size");
    assert_eq!(run(4, &mut q).unwrap_err().arg, "scales");
}

#[test]
fn add_matches_executorch() {
    let a = OwnedTensor::from_slice(&[1u8, 50, 200], &[3]).unwrap();
    let b = OwnedTensor::from_slice(&[3u8, 100, 250], &[3]).unwrap();
    let run = |lo, out: &mut OwnedTensor| {
        add::add_out(
            &mut ctx(),
            &a.view(),
            0.1,
            3,
            lo,
            255,
            &b.view(),
            0.2,
            5,
            0,
            255,
            0.3,
            7,
            0,
            255,
            &mut out.view_mut().unwrap(),
        )
    };
    let mut out = OwnedTensor::zeros(Byte, &[3]).unwrap();
    run(0, &mut out).unwrap();
    assert_eq!(out.to_logical::<i64>(), vec![5, 86, 236]);
    assert_eq!(run(-1, &mut out).unwrap_err().arg, "a_quant_min");
}
