//! The random family's kernels: factories and dropout drawing from the context's generator.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    rand::OP => rand::rand_out_boxed,
    randn::OP => randn::randn_out_boxed,
    randperm::OP => randperm::randperm_out_boxed,
    native_dropout::OP => native_dropout::native_dropout_out_boxed,
];
