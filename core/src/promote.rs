//! ATen's type promotion: `promote_types`, `result_type` over tensors and scalars, `can_cast`.

use crate::dtype::ScalarType;
use crate::scalar::Scalar;
use crate::tensor::Tensor;
use ScalarType::*;

/// The smallest dtype both `a` and `b` convert to without losing their category
/// (ATen's `promoteTypes`). `None` where ATen raises (the barebones unsigned types mixed with
/// other types).
pub fn promote_types(a: ScalarType, b: ScalarType) -> Option<ScalarType> {
    if a == b {
        return Some(a);
    }
    if a.is_barebones_unsigned() || b.is_barebones_unsigned() {
        // ATen: unsigned 16/32/64 promote only with themselves and the real floating types.
        let o = if a.is_barebones_unsigned() { b } else { a };
        return o.is_floating_point().then_some(o);
    }
    if a.is_complex() || b.is_complex() {
        // the parts promote; one side's part is floating, so the result is too.
        return promote_types(a.to_real(), b.to_real())?.to_complex();
    }
    if a == Bool {
        return Some(b);
    }
    if b == Bool {
        return Some(a);
    }
    match (a.is_floating_point(), b.is_floating_point()) {
        (true, false) => Some(a),
        (false, true) => Some(b),
        (true, true) => Some(match (a, b) {
            (Half, BFloat16) | (BFloat16, Half) => Float,
            _ => {
                if a.element_size() >= b.element_size() {
                    a
                } else {
                    b
                }
            }
        }),
        (false, false) => Some(match (a, b) {
            // uint8 and int8 meet at int16.
            (Byte, Char) | (Char, Byte) => Short,
            (Byte, o) | (o, Byte) => o,
            _ => {
                if a.element_size() >= b.element_size() {
                    a
                } else {
                    b
                }
            }
        }),
    }
}

/// ATen's `ResultTypeState`: the dtypes seen so far in each priority category.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultTypeState {
    /// Tensors with at least one dimension.
    pub dim_result: Option<ScalarType>,
    /// Zero-dim tensors.
    pub zero_result: Option<ScalarType>,
    /// Wrapped numbers (Scalars).
    pub wrapped_result: Option<ScalarType>,
}

fn promote_opt(a: Option<ScalarType>, b: ScalarType) -> Option<ScalarType> {
    match a {
        None => Some(b),
        Some(a) => promote_types(a, b),
    }
}

/// ATen's `combine_categories(higher, lower)`.
fn combine_categories(higher: Option<ScalarType>, lower: Option<ScalarType>) -> Option<ScalarType> {
    let Some(h) = higher else { return lower };
    let Some(l) = lower else { return Some(h) };
    if h.is_complex() {
        return Some(h);
    }
    if l.is_complex() {
        return if h.is_floating_point() {
            h.to_complex()
        } else {
            Some(l)
        };
    }
    if h.is_floating_point() {
        return Some(h);
    }
    if h == Bool || l.is_floating_point() {
        return promote_types(h, l);
    }
    Some(h)
}

impl ResultTypeState {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a tensor operand: its category is decided by whether it has dimensions.
    pub fn tensor(mut self, t: &Tensor<'_>) -> Self {
        if t.dim() == 0 {
            self.zero_result = promote_opt(self.zero_result, t.dtype());
        } else {
            self.dim_result = promote_opt(self.dim_result, t.dtype());
        }
        self
    }

    /// Adds a tensor operand given by dtype and rank.
    pub fn dtype(mut self, dtype: ScalarType, dim: usize) -> Self {
        if dim == 0 {
            self.zero_result = promote_opt(self.zero_result, dtype);
        } else {
            self.dim_result = promote_opt(self.dim_result, dtype);
        }
        self
    }

    /// Adds a wrapped scalar: a floating one counts as the default dtype (Float).
    pub fn scalar(mut self, s: &Scalar) -> Self {
        let t = match s {
            Scalar::Double(_) => Float,
            _ => s.dtype(),
        };
        self.wrapped_result = promote_opt(self.wrapped_result, t);
        self
    }

    /// The dtype the operands promote to; `None` if there are none or promotion fails.
    pub fn result(&self) -> Option<ScalarType> {
        combine_categories(
            self.dim_result,
            combine_categories(self.zero_result, self.wrapped_result),
        )
    }
}

/// `torch.result_type(tensor, other)` for two tensors.
pub fn result_type(a: &Tensor<'_>, b: &Tensor<'_>) -> Option<ScalarType> {
    ResultTypeState::new().tensor(a).tensor(b).result()
}

/// Whether an op may write a `from` result into a `to` out (ATen's `canCast`): no complex to
/// real, no floating to integral, nothing but Bool to Bool.
pub fn can_cast(from: ScalarType, to: ScalarType) -> bool {
    if from.is_complex() && !to.is_complex() {
        return false;
    }
    if from.is_floating_point() && to.is_integral(false) {
        return false;
    }
    if from != Bool && to == Bool {
        return false;
    }
    true
}
