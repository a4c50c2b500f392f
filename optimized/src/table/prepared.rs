//! What the optimized library prepares when a runtime loads a program (`etk_core::prepare`):
//! GEMMs with a constant B operand packed once (`mm`, `addmm`, `linear`, `bmm`), and the chains
//! it runs as one call: a GEMM or a convolution followed by pointwise ops, and pointwise ops
//! on their own (`crate::fused`).

use crate::fused;
use crate::ops::{addmm, bmm, linear, mm};
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
        PreparedEntry {
            name: bmm::OP,
            prepare: bmm::prepare_bmm,
        },
        PreparedEntry {
            name: linear::OP,
            prepare: linear::prepare_linear,
        },
    ],
    fusions: &[
        FusionEntry {
            first: fused::PRODUCERS,
            then: fused::POINTWISE,
            prepare: fused::fuse,
        },
        FusionEntry {
            first: fused::POINTWISE,
            then: fused::POINTWISE,
            prepare: fused::fuse,
        },
    ],
};
