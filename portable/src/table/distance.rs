//! The distance kernels: `cdist` (between two sets) and `pdist` (within one).

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    cdist::OP => cdist::cdist_forward_out_boxed,
    pdist::OP => pdist::pdist_forward_out_boxed,
];
