//! What the optimized library prepares when a runtime loads a program (`etk_core::prepare`):
//! GEMMs with a constant B operand packed once (`mm`, `addmm`, `linear`, `bmm`), and the chains it runs
//! as one call (`addmm → relu`).

use crate::ops::{addmm, bmm, linear, mm, relu};
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
    fusions: &[FusionEntry {
        ops: &[addmm::OP, relu::OP],
        prepare: addmm::fuse_addmm_relu,
    }],
};
