//! The reduction family's kernels: sums, products, means, variances, extremes and their
//! indices, any, and the cumulative sum.

use crate::ops::*;
use etk_core::KernelEntry;

pub const TABLE: &[KernelEntry] = entries![
    amax::OP => amax::amax_out_boxed,
    amin::OP => amin::amin_out_boxed,
    any::OP_ALL => any::any_all_out_boxed,
    any::OP_DIMS => any::any_dims_out_boxed,
    any::OP => any::any_out_boxed,
    argmax::OP => argmax::argmax_out_boxed,
    argmin::OP => argmin::argmin_out_boxed,
    cumsum::OP => cumsum::cumsum_out_boxed,
    max::OP_DIM => max::max_dim_max_boxed,
    max::OP_UNARY => max::max_unary_out_boxed,
    mean::OP => mean::mean_out_boxed,
    mean::OP_DTYPE => mean::mean_dtype_out_boxed,
    min::OP_DIM => min::min_dim_min_boxed,
    min::OP_UNARY => min::min_unary_out_boxed,
    prod::OP_INT => prod::prod_int_out_boxed,
    prod::OP => prod::prod_out_boxed,
    sum::OP => sum::sum_intlist_out_boxed,
    var::OP_CORRECTION => var::var_correction_out_boxed,
    var::OP => var::var_out_boxed,
    var_mean::OP => var_mean::var_mean_correction_out_boxed,
];
