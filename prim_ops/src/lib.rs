//! etk-prim-ops: the operators an ExecuTorch program runs on scalars and tensor metadata
//! between kernels: symbolic sizes (`aten::sym_size.int`, `aten::sym_numel`), reading a
//! tensor's value (`aten::_local_scalar_dense`), Python's arithmetic and comparisons on Int /
//! Double / Bool values (`executorch_prim::*.Scalar`), and the two tensor prims `et_view` (a
//! view sharing memory) and `et_copy_index` (stacking a loop's results).
//!
//! Calling convention: the boxed signature of every kernel; the inputs come first and the
//! result is written into the last `EValue` of the stack (ExecuTorch's instruction format),
//! replacing whatever it held. Values follow Python, which the program was traced with (see
//! [`num`]); where Python's `int` would be exact and `i64` is not, the result is an error.
#![no_std]

mod boxed;
pub mod num;

pub mod arith;
pub mod compare;
pub mod convert;
pub mod et_copy_index;
pub mod et_view;
pub mod tensor_info;

use etk_core::{KernelEntry, entries};

/// This library's kernels, by full operator name.
pub const TABLE: &[KernelEntry] = entries![
    "aten::sym_size.int" => tensor_info::sym_size_int_boxed,
    "aten::sym_numel" => tensor_info::sym_numel_boxed,
    "aten::_local_scalar_dense" => tensor_info::_local_scalar_dense_boxed,
    "executorch_prim::add.Scalar" => arith::add_scalar_boxed,
    "executorch_prim::sub.Scalar" => arith::sub_scalar_boxed,
    "executorch_prim::mul.Scalar" => arith::mul_scalar_boxed,
    "executorch_prim::truediv.Scalar" => arith::truediv_scalar_boxed,
    "executorch_prim::floordiv.Scalar" => arith::floordiv_scalar_boxed,
    "executorch_prim::floordiv.int" => arith::floordiv_int_boxed,
    "executorch_prim::mod.Scalar" => arith::mod_scalar_boxed,
    "executorch_prim::mod.int" => arith::mod_int_boxed,
    "executorch_prim::neg.Scalar" => arith::neg_scalar_boxed,
    "executorch_prim::eq.Scalar" => compare::eq_scalar_boxed,
    "executorch_prim::gt.Scalar" => compare::gt_scalar_boxed,
    "executorch_prim::ge.Scalar" => compare::ge_scalar_boxed,
    "executorch_prim::lt.Scalar" => compare::lt_scalar_boxed,
    "executorch_prim::le.Scalar" => compare::le_scalar_boxed,
    "executorch_prim::sym_max.Scalar" => compare::sym_max_scalar_boxed,
    "executorch_prim::sym_min.Scalar" => compare::sym_min_scalar_boxed,
    "executorch_prim::ceil.Scalar" => convert::ceil_scalar_boxed,
    "executorch_prim::round.Scalar" => convert::round_scalar_boxed,
    "executorch_prim::trunc.Scalar" => convert::trunc_scalar_boxed,
    "executorch_prim::sym_float.Scalar" => convert::sym_float_scalar_boxed,
    "executorch_prim::sym_int.Scalar" => convert::sym_int_scalar_boxed,
    "executorch_prim::sym_not.Scalar" => convert::sym_not_scalar_boxed,
    "executorch_prim::sym_ite.Scalar" => convert::sym_ite_scalar_boxed,
    "executorch_prim::et_view.default" => et_view::et_view_default_boxed,
    "executorch_prim::et_copy_index.tensor" => et_copy_index::et_copy_index_tensor_boxed,
];
