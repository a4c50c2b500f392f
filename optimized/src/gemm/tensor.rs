//! The GEMM on etk tensors, shared by the operators built on it (`mm`, `bmm`, `addmm`,
//! `linear`, the convolution, the fused layout chains): tensors seen as [`MatRef`] /
//! [`MatMut`], a constant B packed at prepare ([`Packed`]), and `addmm`'s body with its fused
//! epilogue (ATen's `linear` on a 2-D input with a bias is `addmm`).

use crate::gemm::{self, Activation, Dt, Epilogue, MatMut, MatRef, PackedB};
use etk_core::prepare::Known;
use etk_core::{EValue, KernelContext, Result, Scalar, ScalarType, Tensor};
use etk_portable::ops::addmm as portable_addmm;
use etk_portable::util::matmul::{Strided, opmath_scalar};

/// [`gemm::gemm`], or [`gemm::gemm_prepacked`] with `packed` (the same results).
pub(crate) fn gemm_maybe_packed(
    ctx: &mut KernelContext<'_>,
    a: MatRef<'_>,
    b: MatRef<'_>,
    packed: Option<&PackedB>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    match packed {
        Some(p) => gemm::gemm_prepacked(ctx, gemm::isa(), a, b, p, c, epi),
        None => gemm::gemm(ctx, gemm::isa(), a, b, c, epi),
    }
}

/// A constant B operand packed when the runtime prepares a call, with what it was packed from:
/// a call on any other tensor (the runtime rebinds nothing it called constant, but a prepared
/// kernel checks) packs as usual. For `bmm`, one packing per batch.
pub(crate) struct Packed {
    b: Vec<PackedB>,
    from: Key,
}

// SAFETY: the pointer is only compared, never read.
unsafe impl Send for Packed {}

/// What a packing was made from: the tensor's memory, dtype, sizes and strides (up to 3-D).
type Key = (*const u8, ScalarType, [usize; 3], [usize; 3]);

impl Packed {
    /// The 2-D `b` (the GEMM's B, `[K, N]`) packed for the current ISA level, unless the
    /// GEMM would not pack it: `m` rows or fewer (`m` known at prepare) against a B contiguous
    /// along K take the unpacked matrix-vector path.
    pub(crate) fn new(b: &Tensor<'_>, m: Option<usize>) -> Option<Packed> {
        if b.dim() != 2 {
            return None;
        }
        Packed::batches(b, m, 0)
    }

    /// `b`'s matrices along dims `batch + 0` and `batch + 1`, each packed (the matrices of
    /// `bmm`'s 3-D `mat2` with `batch == 1`; one 2-D matrix with `batch == 0`).
    pub(crate) fn batches(b: &Tensor<'_>, m: Option<usize>, batch: usize) -> Option<Packed> {
        let dt = Dt::of(b.dtype())?;
        let (rs, cs) = (b.strides()[batch], b.strides()[batch + 1]);
        if m.is_some_and(|m| m <= gemm::GEMV_MAX_M) && rs == 1 && cs != 1 {
            return None;
        }
        let count = if batch == 1 { b.size(0) } else { 1 };
        let step = if batch == 1 { b.strides()[0] } else { 0 };
        let packs = (0..count)
            .map(|t| {
                // SAFETY: a valid view (matrix `t` of the batch), read-only here.
                let view = unsafe { mat_ref(b, dt, batch, batch + 1).offset(t * step) };
                PackedB::new(gemm::isa(), view)
            })
            .collect();
        Some(Packed {
            b: packs,
            from: key(b),
        })
    }

    /// `packed`'s panels (of matrix 0) if they were packed from `b`.
    pub(crate) fn of<'p>(packed: Option<&'p Packed>, b: &Tensor<'_>) -> Option<&'p PackedB> {
        Packed::all(packed, b).and_then(|p| p.first())
    }

    /// Every matrix's panels, if they were packed from `b`.
    pub(crate) fn all<'p>(packed: Option<&'p Packed>, b: &Tensor<'_>) -> Option<&'p [PackedB]> {
        packed.filter(|p| p.from == key(b)).map(|p| &p.b[..])
    }
}

fn key(b: &Tensor<'_>) -> Key {
    let three = |s: &[usize]| core::array::from_fn(|i| s.get(i).copied().unwrap_or(0));
    (b.as_ptr(), b.dtype(), three(b.sizes()), three(b.strides()))
}

/// The rows of a constant-shaped first operand, when the runtime knows them at prepare.
pub(crate) fn known_rows(t: &EValue<'_>, known: Known) -> Option<usize> {
    match t {
        EValue::Tensor(t) if known != Known::Dynamic && t.dim() == 2 => Some(t.size(0)),
        _ => None,
    }
}

/// The matrix of `t` with rows along dim `row` and columns along dim `col`.
///
/// # Safety
/// `dt` must be `t`'s dtype; the view must not be written while the result is used.
pub(crate) unsafe fn mat_ref<'t>(t: &'t Tensor<'_>, dt: Dt, row: usize, col: usize) -> MatRef<'t> {
    let s = t.strides();
    // SAFETY: every (i, j) within the sizes is an element of the view.
    unsafe {
        MatRef::from_raw(
            t.as_ptr(),
            dt,
            t.size(row),
            t.size(col),
            s[row] as isize,
            s[col] as isize,
        )
    }
}

/// The writable matrix of `t` (see [`mat_ref`]); an error for a read-only view.
///
/// # Safety
/// As [`mat_ref`], and nothing else may access `t` while the result is used.
pub(crate) unsafe fn mat_mut<'t>(
    op: &'static str,
    t: &'t mut Tensor<'_>,
    dt: Dt,
    row: usize,
    col: usize,
) -> Result<MatMut<'t>> {
    let (rows, cols) = (t.size(row), t.size(col));
    let (rs, cs) = (t.strides()[row] as isize, t.strides()[col] as isize);
    let p = t.as_mut_ptr(op, "out")?;
    // SAFETY: a dense view: distinct elements, all within its memory.
    Ok(unsafe { MatMut::from_raw(p, dt, rows, cols, rs, cs) })
}

/// `addmm` under the name `op` (`linear` with a 2-D input and a bias reaches it), reading `mat2`
/// from `packed` when it was packed from it, and applying `act` to the f32 result in the GEMM's
/// epilogue (`act` only for a Float out, where the rounding to the out is none: then it is
/// exactly the activation kernel run on the out).
#[allow(clippy::too_many_arguments)]
pub(crate) fn addmm_with(
    op: &'static str,
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
    act: Activation,
) -> Result<()> {
    let Some(dt) = Dt::of(mat1.dtype()) else {
        return portable_addmm::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    let (m, n) = portable_addmm::check_addmm(op, self_, mat1, mat2, out)?;
    let Some(epi) = epilogue(op, self_, mat1.dtype(), m, n, beta, alpha, act)? else {
        // unreachable: check_addmm has checked that `self` broadcasts.
        return portable_addmm::addmm_impl(op, self_, mat1, mat2, beta, alpha, out);
    };
    // SAFETY: shapes checked; the out does not overlap the inputs.
    unsafe {
        let a = mat_ref(mat1, dt, 0, 1);
        let b = mat_ref(mat2, dt, 0, 1);
        let c = mat_mut(op, out, dt, 0, 1)?;
        gemm_maybe_packed(ctx, a, b, Packed::of(packed, mat2), c, &epi)
    }
}

/// `addmm`'s epilogue for an `m x n` out of `dtype` (the operands'; `self` checked to
/// broadcast to it): `beta * self + alpha * product`, `beta` and `alpha` converted as ATen
/// converts them, then `act`; `None` if `self` does not broadcast.
#[allow(clippy::too_many_arguments)]
pub(crate) fn epilogue<'s>(
    op: &'static str,
    self_: &'s Tensor<'_>,
    dtype: ScalarType,
    m: usize,
    n: usize,
    beta: Scalar,
    alpha: Scalar,
    act: Activation,
) -> Result<Option<Epilogue<'s>>> {
    let Some(dt) = Dt::of(dtype) else {
        return Ok(None);
    };
    let Some(d) = Strided::expanded(self_, m, n) else {
        return Ok(None);
    };
    let beta: f32 = opmath_scalar(op, "beta", &beta, dtype)?;
    let alpha: f32 = opmath_scalar(op, "alpha", &alpha, dtype)?;
    // SAFETY: `self` broadcast to [m, n] with zero strides stays within its memory.
    let addend = unsafe { MatRef::from_raw(d.ptr, dt, m, n, d.rs as isize, d.cs as isize) };
    Ok(Some(Epilogue {
        alpha,
        beta,
        addend: Some(addend),
        act,
        ..Epilogue::default()
    }))
}

/// The one stride that steps through the row-major flattening of `sizes` (dims of size 1
/// skipped), if there is one. `strides` may be longer than `sizes` (its head is used).
pub(crate) fn merged_stride(sizes: &[usize], strides: &[usize]) -> Option<usize> {
    let mut inner: Option<usize> = None;
    let mut expect = 0;
    for d in (0..sizes.len()).rev() {
        if sizes[d] == 1 {
            continue;
        }
        match inner {
            None => inner = Some(strides[d]),
            Some(_) if strides[d] != expect => return None,
            Some(_) => {}
        }
        expect = strides[d] * sizes[d];
    }
    Some(inner.unwrap_or(0))
}
