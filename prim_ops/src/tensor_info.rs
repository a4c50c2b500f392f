//! ```text
//! aten::sym_size.int(Tensor self, int dim) -> SymInt
//! aten::sym_numel(Tensor self) -> SymInt
//! aten::_local_scalar_dense(Tensor self) -> Scalar
//! ```
//! A tensor's size along `dim` (negative dims wrap; a zero-dim tensor has no dims, as ATen
//! says), its number of elements, and its first element as a Scalar: Bool for Bool, Int for
//! the integer dtypes, Double for the floating ones. Like ATen (and ExecuTorch), `_local_scalar_dense`
//! takes the first element of a tensor with several and rejects an empty one; a UInt64 value
//! beyond int64 is an error (Python's int would hold it), complex is not implemented.

use crate::boxed::prim_kernel;
use etk_core::{Error, ErrorKind, Info, Result, Scalar, ScalarType, Tensor};

const SYM_SIZE: &str = "aten::sym_size.int";
const SYM_NUMEL: &str = "aten::sym_numel";
const LOCAL_SCALAR_DENSE: &str = "aten::_local_scalar_dense";

pub fn sym_size_int(self_: &Tensor<'_>, dim: i64) -> Result<Scalar> {
    let rank = self_.dim();
    let d = if dim < 0 {
        dim.checked_add(rank as i64)
    } else {
        Some(dim)
    };
    match d {
        Some(d) if (0..rank as i64).contains(&d) => Ok(Scalar::Int(self_.size(d as usize) as i64)),
        _ => Err(Error::new(ErrorKind::InvalidArgument, SYM_SIZE, "dim")
            .expected("a dim in [-rank, rank) for rank", Info::Int(rank as i64))
            .got(Info::Int(dim))),
    }
}

pub fn sym_numel(self_: &Tensor<'_>) -> Result<Scalar> {
    Ok(Scalar::Int(self_.numel() as i64))
}

/// The element at the data pointer, which is logical element 0 in every dim order.
fn first<T: Copy>(t: &Tensor<'_>) -> T {
    // SAFETY: the caller checked `numel >= 1` and that `T` is the dtype's element size; the
    // view's data pointer is aligned for its dtype.
    unsafe { core::ptr::read(t.as_ptr() as *const T) }
}

pub fn _local_scalar_dense(self_: &Tensor<'_>) -> Result<Scalar> {
    const OP: &str = LOCAL_SCALAR_DENSE;
    if self_.numel() == 0 {
        return Err(Error::invalid(OP, "self", "a non-empty tensor"));
    }
    let t = self_.dtype();
    let bad = || Error::unsupported_dtype(OP, "self", t);
    Ok(match t {
        ScalarType::Bool => Scalar::Bool(self_.read::<bool>(0).ok_or_else(bad)?),
        ScalarType::UInt16 => Scalar::Int(i64::from(first::<u16>(self_))),
        ScalarType::UInt32 => Scalar::Int(i64::from(first::<u32>(self_))),
        ScalarType::UInt64 => {
            let v = first::<u64>(self_);
            Scalar::Int(i64::try_from(v).map_err(|_| {
                Error::new(ErrorKind::InvalidArgument, OP, "self")
                    .expected_text("a value that fits in int64")
                    .got(Info::Text("a UInt64 value above 2^63 - 1"))
            })?)
        }
        _ if t.is_floating_point() => Scalar::Double(self_.read::<f64>(0).ok_or_else(bad)?),
        _ => Scalar::Int(self_.read::<i64>(0).ok_or_else(bad)?),
    })
}

prim_kernel!(pub fn sym_size_int_boxed = SYM_SIZE => sym_size_int(self_: &Tensor, dim: i64));
prim_kernel!(pub fn sym_numel_boxed = SYM_NUMEL => sym_numel(self_: &Tensor));
prim_kernel!(pub fn _local_scalar_dense_boxed = LOCAL_SCALAR_DENSE => _local_scalar_dense(self_: &Tensor));
