//! The 8- and 4-bit embeddings' shared fast path (the ops are `embedding_byte` and
//! `embedding_4bit`): every check of the reference (`etk_quantized::util::embedding`), then each
//! index's weight row dequantized group by group with vectors (`crate::quantized::Embed`),
//! `R(R(R(q) - zero_point) * scale)` rounded to the scales' dtype as the reference does.
//! Covered: Byte or Char 8-bit weights, Byte 4-bit weights with an even group size, packed
//! columns contiguous, a Float / Half / BFloat16 out in the default dim order, at AVX2 and
//! above. Anything else runs the reference's fill.

use super::lanes::{QKind, dispatch};
use super::{Embed, QSrc, Round, level};
use crate::pointwise::half::FloatKind;
use etk_core::{Result, ScalarType, Tensor};
use etk_quantized::util::embedding::Embedding;
use etk_quantized::util::{logical_offset, param};

/// Runs the call: the vector path where it applies, else the reference.
pub(crate) fn run(e: &Embedding<'_, '_>, out: &mut Tensor<'_>) -> Result<()> {
    match fast(e, out) {
        Some(r) => r,
        None => e.run(out),
    }
}

/// The vector path, or `None` (nothing written) for the reference.
fn fast(e: &Embedding<'_, '_>, out: &mut Tensor<'_>) -> Option<Result<()>> {
    let isa = level()?;
    let w = e.weight;
    let src_kind = match (e.bits, w.dtype()) {
        (8, ScalarType::Byte) => QSrc::Q(QKind::U8),
        (8, ScalarType::Char) => QSrc::Q(QKind::I8),
        (4, ScalarType::Byte) => QSrc::U4,
        _ => return None,
    };
    let p = match e.prepare(out) {
        Ok(p) => p,
        Err(err) => return Some(Err(err)),
    };
    let round = Round::of(e.weight_scales.dtype())?;
    let dst_kind = FloatKind::of(p.to)?;
    let even = src_kind != QSrc::U4 || p.group_size.is_multiple_of(2);
    if !even || w.dim() != 2 || (w.size(1) > 1 && w.strides()[1] != 1) || !out.is_contiguous() {
        return None;
    }
    let dst = match out.as_mut_ptr(e.op, "out") {
        Ok(p) => p,
        Err(err) => return Some(Err(err)),
    };
    let (idx, s, z) = (e.indices, e.weight_scales, e.weight_zero_points);
    let row = |i| idx.read::<i64>(logical_offset(idx, i)).unwrap_or(0) as usize;
    let params = |g| (param::<f32>(s, g), z.map_or(0.0, |z| param::<f32>(z, g)));
    let k = Embed {
        weight: w.as_ptr(),
        row_stride: w.strides()[0],
        src_kind,
        dst,
        dst_kind,
        cols: p.cols,
        group: p.group_size,
        rows_out: idx.numel(),
        row: &row,
        params: &params,
        round,
    };
    dispatch(isa, k).map(Ok)
}
