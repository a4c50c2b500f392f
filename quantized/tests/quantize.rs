//! The per-tensor and per-channel quantize / dequantize kernels and choose_qparams against
//! values torch 2.13's reference ops (`torch.ao.quantization.fx._decomposed`) give, plus dim
//! orders, resize and the calls that must be rejected. The golden suite
//! (`testing/golden/cases/quantized_decomposed__*`) covers the dtype matrix.

use ScalarType::*;
use etk_core::{ErrorKind, KernelContext, OwnedTensor, ScalarType};
use etk_quantized::ops::*;

fn ctx() -> KernelContext<'static> {
    KernelContext::serial()
}

#[test]
fn quantize_per_tensor_rounds_half_to_even_and_clamps() {
    // torch: quantize_per_tensor(x, 0.5, 1, -128, 127, int8)
    let x =
        OwnedTensor::from_slice(&[0.25f32, 0.75, -0.25, -0.75, 1.25, 100.0, -100.0], &[7]).unwrap();
    let mut out = OwnedTensor::zeros(Char, &[7]).unwrap();
    quantize_per_tensor::quantize_per_tensor_out(
        &mut ctx(),
        &x.view(),
        0.5,
        1,
        -128,
        127,
        Char,
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<i64>(), vec![1, 3, 1, -1, 3, 127, -128]);
}

#[test]
fn quantize_per_tensor_rejects_meaningless_calls() {
    let x = OwnedTensor::from_slice(&[1.0f32, 2.0], &[2]).unwrap();
    let mut out = OwnedTensor::zeros(Char, &[2]).unwrap();
    let mut run = |qmin, qmax, dtype| {
        quantize_per_tensor::quantize_per_tensor_out(
            &mut ctx(),
            &x.view(),
            0.1,
            0,
            qmin,
            qmax,
            dtype,
            &mut out.view_mut().unwrap(),
        )
    };
    assert_eq!(run(-129, 127, Char).unwrap_err().arg, "quant_min");
    assert_eq!(run(-128, 128, Char).unwrap_err().arg, "quant_max");
    assert_eq!(run(5, 4, Char).unwrap_err().arg, "quant_max");
    assert_eq!(
        run(-128, 127, Long).unwrap_err().kind,
        ErrorKind::InvalidType
    );
    assert_eq!(run(0, 255, Byte).unwrap_err().arg, "out");
    let d = OwnedTensor::from_slice(&[1.0f64], &[1]).unwrap();
    let e = quantize_per_tensor::quantize_per_tensor_out(
        &mut ctx(),
        &d.view(),
        0.1,
        0,
        -128,
        127,
        Char,
        &mut out.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.arg, "input");
}

#[test]
fn dequantize_per_tensor_half_rounds_each_step() {
    // torch: dequantize_per_tensor(int16 [2049, 3, -7], 0.1, 1, ..., out_dtype=float16)
    // = [204.75, 0.2, -0.7998] (2049 rounds to 2048 in Half first)
    let q = OwnedTensor::from_slice(&[2049i16, 3, -7], &[3]).unwrap();
    let mut out = OwnedTensor::zeros(Half, &[3]).unwrap();
    dequantize_per_tensor::dequantize_per_tensor_out(
        &mut ctx(),
        &q.view(),
        0.1,
        1,
        -32768,
        32767,
        Short,
        Some(Half),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    let got = out.to_logical::<f32>();
    assert_eq!(got[0], 204.75);
    assert_eq!(got[1], half::f16::from_f32(0.2).to_f32());
}

#[test]
fn per_channel_follows_the_axis_in_any_dim_order() {
    // values [2,3,2,2] laid out channels-last, channel axis 1
    let vals: Vec<f32> = (0..24).map(|i| i as f32 * 0.5 - 6.0).collect();
    let x = OwnedTensor::from_logical(&vals, &[2, 3, 2, 2], &[0, 2, 3, 1]).unwrap();
    let scales = OwnedTensor::from_slice(&[0.5f32, 1.0, 0.25], &[3]).unwrap();
    let zps = OwnedTensor::from_slice(&[0i64, 1, -2], &[3]).unwrap();
    let mut out = OwnedTensor::zeros(Char, &[2, 3, 2, 2]).unwrap();
    quantize_per_channel::quantize_per_channel_out(
        &mut ctx(),
        &x.view(),
        &scales.view(),
        &zps.view(),
        1,
        -128,
        127,
        Char,
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    let got = out.to_logical::<i64>();
    let s = [0.5f32, 1.0, 0.25];
    let z = [0.0f32, 1.0, -2.0];
    for (i, &v) in vals.iter().enumerate() {
        let c = (i / 4) % 3;
        let want = (libm::rintf(v * (1.0 / s[c])) + z[c]).clamp(-128.0, 127.0) as i64;
        assert_eq!(got[i], want, "element {i}");
    }
    // and back
    let q = OwnedTensor::from_logical(
        &got.iter().map(|&v| v as i8).collect::<Vec<_>>(),
        &[2, 3, 2, 2],
        &[0, 2, 3, 1],
    )
    .unwrap();
    let mut back = OwnedTensor::zeros(Float, &[2, 3, 2, 2]).unwrap();
    dequantize_per_channel::dequantize_per_channel_out(
        &mut ctx(),
        &q.view(),
        &scales.view(),
        Some(&zps.view()),
        -3,
        -128,
        127,
        Char,
        None,
        &mut back.view_mut().unwrap(),
    )
    .unwrap();
    for (i, &b) in back.to_logical::<f32>().iter().enumerate() {
        let c = (i / 4) % 3;
        assert_eq!(b, (got[i] as f32 - z[c]) * s[c]);
    }
}

#[test]
fn per_channel_rejects_bad_parameters() {
    let x = OwnedTensor::from_slice(&[1.0f32; 6], &[2, 3]).unwrap();
    let s3 = OwnedTensor::from_slice(&[0.1f32; 3], &[3]).unwrap();
    let z3 = OwnedTensor::from_slice(&[0i64; 3], &[3]).unwrap();
    let z2 = OwnedTensor::from_slice(&[0i64; 2], &[2]).unwrap();
    let zf = OwnedTensor::from_slice(&[false; 3], &[3]).unwrap();
    let mut out = OwnedTensor::zeros(Char, &[2, 3]).unwrap();
    let mut run = |s: &OwnedTensor, z: &OwnedTensor, axis| {
        quantize_per_channel::quantize_per_channel_out(
            &mut ctx(),
            &x.view(),
            &s.view(),
            &z.view(),
            axis,
            -128,
            127,
            Char,
            &mut out.view_mut().unwrap(),
        )
    };
    assert!(run(&s3, &z3, 1).is_ok());
    assert_eq!(run(&s3, &z3, 2).unwrap_err().arg, "axis");
    assert_eq!(run(&s3, &z3, -3).unwrap_err().arg, "axis");
    assert_eq!(run(&s3, &z3, 0).unwrap_err().arg, "scales");
    assert_eq!(run(&s3, &z2, 1).unwrap_err().arg, "zero_points");
    assert_eq!(run(&s3, &zf, 1).unwrap_err().arg, "zero_points"); // Bool zero points
}

#[test]
fn choose_qparams_matches_torch() {
    // torch: choose_qparams.tensor([-1.0, 0.5, 3.0], 0, 255, eps, uint8)
    //  -> scale 4/255 = 0.01568627543747425 (f32), zero_point 64
    let x = OwnedTensor::from_slice(&[-1.0f32, 0.5, 3.0], &[3]).unwrap();
    let mut s = OwnedTensor::with_capacity(Double, &[0], &[0], 1)
        .unwrap()
        .dynamic();
    let mut z = OwnedTensor::with_capacity(Long, &[0], &[0], 1)
        .unwrap()
        .dynamic();
    let (mut sv, mut zv) = (s.view_mut().unwrap(), z.view_mut().unwrap());
    choose_qparams::choose_qparams_tensor_out(
        &mut ctx(),
        &x.view(),
        0,
        255,
        f32::EPSILON as f64,
        Byte,
        &mut sv,
        &mut zv,
    )
    .unwrap();
    assert_eq!(sv.sizes(), &[1]);
    assert_eq!(sv.read::<f64>(0).unwrap(), (4.0f32 / 255.0) as f64);
    assert_eq!(zv.read::<i64>(0).unwrap(), 64);
    let empty = OwnedTensor::zeros(Float, &[0]).unwrap();
    let e = choose_qparams::choose_qparams_tensor_out(
        &mut ctx(),
        &empty.view(),
        0,
        255,
        1e-7,
        Byte,
        &mut sv,
        &mut zv,
    );
    assert_eq!(e.unwrap_err().arg, "input");
}

#[test]
fn embedding_4bit_unpacks_high_nibble_first() {
    // torch (ExecuTorch's reference): embedding_4bit(uint8 [[0x1F, 0x80]], scales [0.5], None,
    // -8, 7, [0]) = [(1-8)*.5, (15-8)*.5, (8-8)*.5, (0-8)*.5]
    let w = OwnedTensor::from_slice(&[0x1Fu8, 0x80], &[1, 2]).unwrap();
    let s = OwnedTensor::from_slice(&[0.5f32], &[1]).unwrap();
    let idx = OwnedTensor::from_slice(&[0i64], &[1]).unwrap();
    let mut out = OwnedTensor::zeros(Float, &[1, 4]).unwrap();
    embedding_4bit::embedding_4bit_out(
        &mut ctx(),
        &w.view(),
        &s.view(),
        None,
        -8,
        7,
        &idx.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<f32>(), vec![-3.5, 3.5, 0.0, -4.0]);
    // an index past the rows is an error, and nothing is written
    let bad = OwnedTensor::from_slice(&[1i64], &[1]).unwrap();
    let e = embedding_4bit::embedding_4bit_out(
        &mut ctx(),
        &w.view(),
        &s.view(),
        None,
        -8,
        7,
        &bad.view(),
        &mut out.view_mut().unwrap(),
    );
    assert_eq!(e.unwrap_err().arg, "indices");
    assert_eq!(out.to_logical::<f32>(), vec![-3.5, 3.5, 0.0, -4.0]);
    let e = embedding_2bit::embedding_2bit_out(
        &mut ctx(),
        &w.view(),
        &s.view(),
        None,
        -8,
        7,
        &idx.view(),
        &mut out.view_mut().unwrap(),
    );
    assert_eq!(e.unwrap_err().arg, "weight_quant_min");
}

#[test]
fn embedding_2bit_unpacks_low_bits_first() {
    // 0b11_10_01_00 -> fields 0, 1, 2, 3 -> minus 2
    let w = OwnedTensor::from_slice(&[0b1110_0100u8], &[1, 1]).unwrap();
    let s = OwnedTensor::from_slice(&[1.0f32], &[1]).unwrap();
    let idx = OwnedTensor::from_slice(&[0i64], &[1]).unwrap();
    let mut out = OwnedTensor::zeros(Float, &[1, 4]).unwrap();
    embedding_2bit::embedding_2bit_out(
        &mut ctx(),
        &w.view(),
        &s.view(),
        None,
        -2,
        1,
        &idx.view(),
        &mut out.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(out.to_logical::<f32>(), vec![-2.0, -1.0, 0.0, 1.0]);
}

/// The `u16` elements of a UInt16 tensor (core has no element type for it).
fn u16s(t: &OwnedTensor) -> Vec<u16> {
    let v = t.view();
    // SAFETY: a contiguous UInt16 tensor of `numel` elements.
    unsafe { std::slice::from_raw_parts(v.as_ptr() as *const u16, v.numel()) }.to_vec()
}

#[test]
fn uint16_quantizes_and_dequantizes_as_torch_does() {
    // torch: quantize_per_tensor(x, 0.5, 100, 0, 65535, uint16) and back
    let x = OwnedTensor::from_slice(&[0.25f32, -50.0, 1e6, -1e6, 103.5, 0.75], &[2, 3]).unwrap();
    let mut q = OwnedTensor::zeros(UInt16, &[2, 3]).unwrap();
    quantize_per_tensor::quantize_per_tensor_out(
        &mut ctx(),
        &x.view(),
        0.5,
        100,
        0,
        65535,
        UInt16,
        &mut q.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(u16s(&q), vec![100, 0, 65535, 0, 307, 102]);
    let mut d = OwnedTensor::zeros(Float, &[2, 3]).unwrap();
    dequantize_per_tensor::dequantize_per_tensor_out(
        &mut ctx(),
        &q.view(),
        0.5,
        100,
        0,
        65535,
        UInt16,
        None,
        &mut d.view_mut().unwrap(),
    )
    .unwrap();
    assert_eq!(
        d.to_logical::<f64>(),
        vec![0.0, -50.0, 32717.5, -50.0, 103.5, 1.0]
    );
    // bounds past UInt16's range are rejected
    let e = quantize_per_tensor::quantize_per_tensor_out(
        &mut ctx(),
        &x.view(),
        0.5,
        100,
        0,
        65536,
        UInt16,
        &mut q.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.arg, "quant_max");
    // per channel: integer zero points cannot be subtracted from UInt16 (torch raises), floating
    // ones or none can
    let scales = OwnedTensor::from_slice(&[0.5f32, 0.25], &[2]).unwrap();
    let run = |zp: Option<&OwnedTensor>| {
        let mut d = OwnedTensor::zeros(Float, &[2, 3]).unwrap();
        let zv = zp.map(|z| z.view());
        dequantize_per_channel::dequantize_per_channel_out(
            &mut ctx(),
            &q.view(),
            &scales.view(),
            zv.as_ref(),
            0,
            0,
            65535,
            UInt16,
            None,
            &mut d.view_mut().unwrap(),
        )
        .map(|()| d.to_logical::<f64>())
    };
    assert_eq!(
        run(None).unwrap(),
        vec![50.0, 0.0, 32767.5, 0.0, 76.75, 25.5]
    );
    let zf = OwnedTensor::from_slice(&[100.0f32, 2.0], &[2]).unwrap();
    assert_eq!(
        run(Some(&zf)).unwrap(),
        vec![0.0, -50.0, 32717.5, -0.5, 76.25, 25.0]
    );
    let zl = OwnedTensor::from_slice(&[100i64, 2], &[2]).unwrap();
    assert_eq!(run(Some(&zl)).unwrap_err().arg, "zero_points");
}

#[test]
fn a_static_out_of_another_shape_is_an_error() {
    // [3, 2] for a [2, 3] input: the same element count, but a static out keeps its shape
    let x = OwnedTensor::from_slice(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3]).unwrap();
    let mut out = OwnedTensor::zeros(Char, &[3, 2]).unwrap();
    let e = quantize_per_tensor::quantize_per_tensor_out(
        &mut ctx(),
        &x.view(),
        0.5,
        0,
        -128,
        127,
        Char,
        &mut out.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!((e.arg, e.kind), ("out", ErrorKind::OutOfCapacity));
    assert_eq!(out.to_logical::<i64>(), vec![0; 6]);
}

#[test]
fn quantized_add_rejects_uint16() {
    // ExecuTorch's add has no UInt16 kernel (its ranges lie within [0, 255]).
    let a = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    let b = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    let mut out = OwnedTensor::zeros(UInt16, &[2]).unwrap();
    let e = add::add_out(
        &mut ctx(),
        &a.view(),
        0.5,
        0,
        0,
        255,
        &b.view(),
        0.5,
        0,
        0,
        255,
        0.5,
        0,
        0,
        255,
        &mut out.view_mut().unwrap(),
    )
    .unwrap_err();
    assert_eq!(e.arg, "a");
}
