//! ```text
//! executorch_prim::et_view.default(Tensor self, int[] size) -> Tensor
//! ```
//! `self` seen with new sizes, sharing its memory: the out `Tensor` is replaced by a view of
//! `self`'s elements (ExecuTorch re-points the out's data pointer). As in ExecuTorch, `size`
//! has the out's rank, at most one entry is -1 (inferred, not beside a 0), no other is
//! negative, the out has `self`'s dtype, and the element counts must agree. The view is
//! read-only, and `self` (this call's copy of the view) gives up write access; other sizes
//! need `self`'s memory in row-major order (a permuted layout is not a reshape of its
//! memory). The out's own memory and capacity are not used.

use etk_core::{
    Dims, EValue, Error, ErrorKind, Info, KernelContext, MAX_DIM, Result, ShapeDynamism, Tensor,
    evalue::out_tensor, registry::check_arity,
};

pub const OP: &str = "executorch_prim::et_view.default";

pub fn et_view_default<'a>(
    _ctx: &mut KernelContext<'_>,
    self_: &Tensor<'a>,
    size: &[i64],
    out: &mut Tensor<'a>,
) -> Result<()> {
    if out.dtype() != self_.dtype() {
        return Err(Error::dtype(OP, "out", "the dtype of self", out.dtype()));
    }
    if size.len() != out.dim() {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "size")
            .expected(
                "as many sizes as the out's rank,",
                Info::Int(out.dim() as i64),
            )
            .got(Info::Int(size.len() as i64)));
    }
    let mut sizes = [0usize; MAX_DIM];
    let (mut infer, mut known) = (None, 1usize);
    for (i, &s) in size.iter().enumerate() {
        if s == -1 {
            if infer.replace(i).is_some() {
                return Err(Error::invalid(OP, "size", "at most one -1"));
            }
        } else {
            let s = usize::try_from(s).map_err(|_| {
                Error::new(ErrorKind::InvalidArgument, OP, "size")
                    .expected_text("sizes >= -1")
                    .got(Info::Int(s))
            })?;
            sizes[i] = s;
            known = known.saturating_mul(s);
        }
    }
    if let Some(i) = infer {
        if known == 0 {
            return Err(Error::invalid(
                OP,
                "size",
                "no -1 beside a 0 (the size cannot be inferred)",
            ));
        }
        sizes[i] = self_.numel() / known;
    }
    let sizes = &sizes[..size.len()];
    if out.dynamism() == ShapeDynamism::Static && out.sizes() != sizes {
        return Err(Error::new(ErrorKind::OutOfCapacity, OP, "out")
            .expected(
                "a static out of the view's shape",
                Info::Shape(Dims::new(sizes).unwrap_or(Dims::EMPTY)),
            )
            .got(Info::Shape(out.shape())));
    }
    let view = Tensor::view_of(self_, sizes).map_err(|mut e| {
        e.op = OP;
        e
    })?;
    *out = view;
    Ok(())
}

/// The boxed entry: `[self, size, out]`, the out `Tensor` replaced by the view.
pub fn et_view_default_boxed(ctx: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> Result<()> {
    check_arity(OP, stack, 3)?;
    let [self_, size, out] = stack else {
        return check_arity(OP, stack, 3);
    };
    // No alias check: the out's own memory is never written (the out becomes a view of
    // `self`), and ExecuTorch's memory planner places it at `self`'s offset.
    // A runtime's planned tensors are writable; ExecuTorch shares `self`'s memory with the
    // view, so `self` gives up write access for it (the stack's `self` is this call's copy).
    if let EValue::Tensor(t) = self_ {
        t.make_read_only();
    }
    let self_: &Tensor<'_> = etk_core::FromEValue::from_evalue(self_, OP, "self")?;
    let size: &[i64] = etk_core::FromEValue::from_evalue(size, OP, "size")?;
    let out = out_tensor(out, OP, "out")?;
    et_view_default(ctx, self_, size, out)
}
