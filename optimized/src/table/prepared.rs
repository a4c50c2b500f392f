//! What the optimized library prepares when a runtime loads a program (`etk_core::prepare`):
//! GEMMs with a constant B operand packed once (`mm`, `addmm`, `linear`, `bmm`), small
//! convolutions' constant weights packed once for their direct kernel, and the chains
//! it runs as one call: a GEMM or a convolution followed by pointwise ops, and pointwise ops
//! on their own (`crate::fused`); the quantized chains of PT2E programs on int8
//! (`crate::quantized::chain`).

use crate::fused;
use crate::ops::{
    addmm, bmm, convolution, dequantize_per_tensor as dqt, linear, mm, quantize_per_tensor as qt,
    relu,
};
use crate::quantized::chain::{fuse_quantized, fuse_quantized_exact};
use etk_core::prepare::{Extensions, FusionEntry, PreparedEntry};

/// The fused chains of [`EXTENSIONS`] whose result is not bit-identical to the ops one by one
/// (within one quantization step: `crate::quantized::chain::DIFFERENCE`): the quantized ones
/// on int8, declared inexact (used only on request); every other fusion is exact.
pub fn within_one_step(entry: &FusionEntry) -> bool {
    !entry.exact
}

pub static EXTENSIONS: Extensions = Extensions {
    prepared: &[
        PreparedEntry {
            name: mm::OP,
            prepare: mm::prepare_mm,
        },
        PreparedEntry {
            name: addmm::OP,
            prepare: addmm::prepare_addmm,
        },
        PreparedEntry {
            name: bmm::OP,
            prepare: bmm::prepare_bmm,
        },
        PreparedEntry {
            name: linear::OP,
            prepare: linear::prepare_linear,
        },
        PreparedEntry {
            name: convolution::OP,
            prepare: convolution::prepare_convolution,
        },
    ],
    fusions: &[
        FusionEntry {
            first: fused::PRODUCERS,
            then: fused::POINTWISE,
            prepare: fused::fuse,
            exact: true,
        },
        FusionEntry {
            first: fused::POINTWISE,
            then: fused::POINTWISE,
            prepare: fused::fuse,
            exact: true,
        },
        FusionEntry {
            first: fused::layout::LAYOUT,
            then: fused::layout::THEN,
            prepare: fused::layout::fuse_layout,
            exact: true,
        },
        // The quantized chains of PT2E programs on int8: exact where their Float ops are
        // (power-of-two scales, sums in range); else within one quantization step of the ops
        // one by one, not bit-identical, so only on request (by default their Float ops fuse
        // as above).
        FusionEntry {
            first: &[dqt::OP],
            then: &[convolution::OP, addmm::OP, mm::OP, relu::OP, qt::OP],
            prepare: fuse_quantized_exact,
            exact: true,
        },
        FusionEntry {
            first: &[dqt::OP],
            then: &[convolution::OP, addmm::OP, mm::OP, relu::OP, qt::OP],
            prepare: fuse_quantized,
            exact: false,
        },
    ],
};
