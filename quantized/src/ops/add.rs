//! `quantized_decomposed::add.out(Tensor a, float a_scale, int a_zero_point, int a_quant_min,
//! int a_quant_max, Tensor b, float b_scale, int b_zero_point, int b_quant_min, int
//! b_quant_max, float out_scale, int out_zero_point, int out_quant_min, int out_quant_max, *,
//! Tensor(a!) out) -> Tensor(a!)`
//!
//! Dequantize `a` and `b`, add, quantize, as ExecuTorch's kernel computes it (torch has no
//! reference): scales are rounded to float and zero points to int32; `dq = float((q - zp) *
//! scale)` in double; the sum in float; `out = clamp(int64(zp + nearbyint((1.0f / scale) *
//! sum)), quant_min, quant_max)` in float arithmetic. `a`, `b` and `out` share shape and
//! (integer) dtype; every range must lie in [0, 255] with min <= max, as ExecuTorch requires.

use crate::util::{logical_index, logical_offset, map_offsets};
use etk_core::out::check_dtype;
use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Tensor, boxed_kernel};

pub const OP: &str = "quantized_decomposed::add.out";

fn check_range(arg: &'static str, lo: i64, hi: i64) -> Result<()> {
    if !(0..=255).contains(&lo) || !(0..=255).contains(&hi) || lo > hi {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, arg)
            .expected_text("quant_min <= quant_max within [0, 255]")
            .got(Info::Int(if (0..=255).contains(&lo) { hi } else { lo })));
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub fn add_out(
    _ctx: &mut KernelContext<'_>,
    a: &Tensor<'_>,
    a_scale: f64,
    a_zero_point: i64,
    a_quant_min: i64,
    a_quant_max: i64,
    b: &Tensor<'_>,
    b_scale: f64,
    b_zero_point: i64,
    b_quant_min: i64,
    b_quant_max: i64,
    out_scale: f64,
    out_zero_point: i64,
    out_quant_min: i64,
    out_quant_max: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    // (not UInt16/32/64: ExecuTorch's kernel has none, and the ranges are within [0, 255])
    if !a.dtype().is_integral(false) || a.dtype().is_barebones_unsigned() {
        return Err(Error::dtype(
            OP,
            "a",
            "an integer dtype other than UInt16/32/64",
            a.dtype(),
        ));
    }
    check_dtype(OP, "b", b, a.dtype())?;
    check_dtype(OP, "out", out, a.dtype())?;
    if a.sizes() != b.sizes() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "b")
            .expected("the shape of a", Info::Shape(a.shape()))
            .got(Info::Shape(b.shape())));
    }
    check_range("a_quant_min", a_quant_min, a_quant_max)?;
    check_range("b_quant_min", b_quant_min, b_quant_max)?;
    check_range("out_quant_min", out_quant_min, out_quant_max)?;
    let (sa, sb, so) = (
        a_scale as f32 as f64,
        b_scale as f32 as f64,
        out_scale as f32,
    );
    let (za, zb, zo) = (
        a_zero_point as i32 as i64,
        b_zero_point as i32 as i64,
        out_zero_point as i32 as f32,
    );
    let inv = 1.0f32 / so;
    let same_order = a.dim_order() == b.dim_order();
    map_offsets::<i64, i64>(OP, "a", a, out, |o, qa| {
        let ob = if same_order {
            o
        } else {
            logical_offset(b, logical_index(a, o))
        };
        let qb = b.read::<i64>(ob).unwrap_or(0);
        let dqa = (qa.wrapping_sub(za) as f64 * sa) as f32;
        let dqb = (qb.wrapping_sub(zb) as f64 * sb) as f32;
        let q = etk_core::element::f64_to_i64_x86((zo + libm::rintf(inv * (dqa + dqb))) as f64);
        q.clamp(out_quant_min, out_quant_max)
    })
}

boxed_kernel!(pub fn add_out_boxed = OP => add_out(
    a: &Tensor, a_scale: f64, a_zero_point: i64, a_quant_min: i64, a_quant_max: i64,
    b: &Tensor, b_scale: f64, b_zero_point: i64, b_quant_min: i64, b_quant_max: i64,
    out_scale: f64, out_zero_point: i64, out_quant_min: i64, out_quant_max: i64) -> (out));
