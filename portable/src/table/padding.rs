//! The padding kernels: reflection and replication padding in 1, 2 and 3 dims.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    reflection_pad1d::OP => reflection_pad1d::reflection_pad1d_out_boxed,
    reflection_pad2d::OP => reflection_pad2d::reflection_pad2d_out_boxed,
    reflection_pad3d::OP => reflection_pad3d::reflection_pad3d_out_boxed,
    replication_pad1d::OP => replication_pad1d::replication_pad1d_out_boxed,
    replication_pad2d::OP => replication_pad2d::replication_pad2d_out_boxed,
    replication_pad3d::OP => replication_pad3d::replication_pad3d_out_boxed,
];
