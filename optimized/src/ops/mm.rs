//! `mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)` on the packed GEMM.
//!
//! Float, Half and BFloat16 run on [`crate::gemm`] (f32 accumulation, one rounding), at the
//! ISA level [`gemm::isa`] picks, on the context's threads; every other dtype goes to the
//! portable kernel. The checks are portable's (`etk_portable::ops::mm::check_mm`), so errors
//! are the same. Any dim order of the operands and the out (strides go to the packing).

use crate::gemm::{self, Dt, Epilogue, MatMut, MatRef, PackedB};
use etk_core::prepare::Known;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, FromEValue, KernelContext, PreparedKernel, Result, ScalarType, Tensor, boxed_kernel,
};
use etk_portable::ops::mm as portable;

pub const OP: &str = portable::OP;

pub fn mm_out(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<()> {
    mm_out_with(ctx, self_, mat2, out, None)
}

/// `mm`, reading `mat2` from `packed` when it was packed from it.
fn mm_out_with(
    ctx: &mut KernelContext<'_>,
    self_: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
    packed: Option<&Packed>,
) -> Result<()> {
    let Some(dt) = Dt::of(self_.dtype()) else {
        return portable::mm_out(ctx, self_, mat2, out);
    };
    portable::check_mm(OP, self_, mat2, out)?;
    // SAFETY: the views come from valid tensors whose shapes were checked; the out does not
    // overlap the inputs (the boxed entry checks it; typed callers promise it).
    unsafe {
        let a = mat_ref(self_, dt, 0, 1);
        let b = mat_ref(mat2, dt, 0, 1);
        let c = mat_mut(OP, out, dt, 0, 1)?;
        gemm_maybe_packed(ctx, a, b, Packed::of(packed, mat2), c, &Epilogue::default())
    }
}

boxed_kernel!(pub fn mm_out_boxed = OP => mm_out(self_: &Tensor, mat2: &Tensor) -> (out));

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

/// `mm` with a constant `mat2` packed at prepare.
struct PreparedMm(Packed);

impl PreparedKernel for PreparedMm {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        check_arity(OP, args, 3)?;
        let (ins, outs) = args.split_at_mut(2);
        check_no_alias(OP, ins, outs)?;
        let self_: &Tensor<'_> = FromEValue::from_evalue(&ins[0], OP, "self")?;
        let mat2: &Tensor<'_> = FromEValue::from_evalue(&ins[1], OP, "mat2")?;
        let out = etk_core::evalue::out_tensor(&mut outs[0], OP, "out")?;
        mm_out_with(ctx, self_, mat2, out, Some(&self.0))
    }
}

/// The prepare step of `mm.out` (`etk_core::prepare`): a constant `mat2` packed once.
pub fn prepare_mm(args: &[EValue<'_>], known: &[Known]) -> Result<Option<Box<dyn PreparedKernel>>> {
    let ([a, EValue::Tensor(mat2), _], [ka, Known::Constant, _]) = (args, known) else {
        return Ok(None);
    };
    Ok(Packed::new(mat2, known_rows(a, *ka)).map(|p| Box::new(PreparedMm(p)) as _))
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
