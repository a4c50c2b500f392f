//! What the optimized library prepares when a runtime loads a program (`etk_core::prepare`):
//! GEMMs with a constant B operand packed once, and the chains it runs as one call (`addmm`
//! with ReLU in its epilogue; silu, hardswish and hardsigmoid as one pointwise pass).

use crate::ops::activation_chains::{fuse_hardsigmoid, fuse_hardswish, fuse_silu};
use crate::ops::{add, addmm, clamp, div, mm, mul, relu, sigmoid};
use etk_core::prepare::{Extensions, FusionEntry, PreparedEntry};

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
        },
        FusionEntry {
            ops: &[sigmoid::OP, mul::OP],
            prepare: fuse_silu,
        },
        FusionEntry {
            ops: &[add::OP, clamp::OP, clamp::OP, mul::OP, div::OP],
            prepare: fuse_hardswish,
        },
        FusionEntry {
            ops: &[add::OP, clamp::OP, clamp::OP, div::OP],
            prepare: fuse_hardsigmoid,
        },
    ],
};
