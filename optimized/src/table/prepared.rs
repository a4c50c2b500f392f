//! What the optimized library prepares when a runtime loads a program (`etk_core::prepare`):
//! GEMMs with a constant B operand packed once, and the chains it runs as one call.

use crate::ops::{
    addmm, convolution, dequantize_per_tensor as dqt, mm, quantize_per_tensor as qt, relu,
};
use crate::quantized::chain::{fuse_conv, fuse_linear};
use etk_core::prepare::{Extensions, FusionEntry, PreparedEntry};

/// The fused chains of [`EXTENSIONS`] whose result is not bit-identical to the ops one by one
/// (within one quantization step: `crate::quantized::chain::DIFFERENCE`): the quantized ones,
/// which start by dequantizing; every other fusion is exact.
pub fn within_one_step(entry: &FusionEntry) -> bool {
    entry.ops.first() == Some(&dqt::OP)
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
    ],
    fusions: &[
        FusionEntry {
            ops: &[addmm::OP, relu::OP],
            prepare: addmm::fuse_addmm_relu,
            outs_may_overlap: false,
        },
        // The quantized chains of PT2E programs on int8 (`crate::quantized::chain`): within
        // one quantization step of the ops one by one, not bit-identical (docs/coverage.md).
        FusionEntry {
            ops: &[dqt::OP, convolution::OP, relu::OP, qt::OP],
            prepare: fuse_conv,
            outs_may_overlap: true,
        },
        FusionEntry {
            ops: &[dqt::OP, convolution::OP, qt::OP],
            prepare: fuse_conv,
            outs_may_overlap: true,
        },
        FusionEntry {
            ops: &[dqt::OP, addmm::OP, relu::OP, qt::OP],
            prepare: fuse_linear,
            outs_may_overlap: true,
        },
        FusionEntry {
            ops: &[dqt::OP, addmm::OP, qt::OP],
            prepare: fuse_linear,
            outs_may_overlap: true,
        },
        FusionEntry {
            ops: &[dqt::OP, mm::OP, relu::OP, qt::OP],
            prepare: fuse_linear,
            outs_may_overlap: true,
        },
        FusionEntry {
            ops: &[dqt::OP, mm::OP, qt::OP],
            prepare: fuse_linear,
            outs_may_overlap: true,
        },
    ],
};
