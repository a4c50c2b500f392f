//! Values of a plan: what the method keeps per value (scalars inline, tensors as metadata and
//! a pointer to their memory, lists as ranges into flat tables).

use etk_core::{Dims, ScalarType, ShapeDynamism, Tensor};

/// What kind of value an input or output is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    None,
    Int,
    Double,
    Bool,
    String,
    Tensor,
    IntList,
    DoubleList,
    BoolList,
    TensorList,
    OptionalTensorList,
}

/// A range into one of the method's flat tables.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    pub start: u32,
    pub len: u32,
}

impl Span {
    pub fn range(self) -> core::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }
}

/// A tensor value's metadata and memory.
#[derive(Clone, Copy)]
pub(crate) struct TensorSlot {
    pub dtype: ScalarType,
    pub sizes: Dims,
    pub dim_order: Dims,
    pub dynamism: ShapeDynamism,
    pub data: *mut u8,
    /// Bytes available at `data`: the declared (upper-bound) size.
    pub capacity: usize,
    pub writable: bool,
}

impl TensorSlot {
    /// Makes every byte of a writable Bool tensor 0 or 1. Kernels read Bool elements as
    /// `bool`, for which any other byte is undefined behaviour, and planned memory may hold
    /// what an earlier value of another dtype left there (a hostile plan can make a kernel
    /// read that); in a valid program the bytes are already 0 or 1 and nothing changes.
    pub fn normalize_bools(&self) {
        if self.dtype != ScalarType::Bool || !self.writable {
            return;
        }
        let n = etk_core::shape::numel(&self.sizes)
            .unwrap_or(0)
            .min(self.capacity);
        // SAFETY: `n <= capacity` bytes of writable memory the method owns; no reference to
        // them is alive (tensor views hold raw pointers).
        let bytes = unsafe { core::slice::from_raw_parts_mut(self.data, n) };
        for b in bytes {
            *b = u8::from(*b != 0);
        }
    }

    /// Whether every byte of the tensor's current elements is 0 or 1 (for Bool constants and
    /// jump conditions, which are read-only).
    pub fn bools_valid(&self) -> bool {
        let n = etk_core::shape::numel(&self.sizes)
            .unwrap_or(0)
            .min(self.capacity);
        // SAFETY: `n <= capacity` bytes at `data`, read as plain bytes.
        let bytes = unsafe { core::slice::from_raw_parts(self.data as *const u8, n) };
        bytes.iter().all(|&b| b <= 1)
    }

    /// A view of the slot's memory.
    ///
    /// # Safety
    /// The memory must stay valid for `'x` (it belongs to the method or the program, both of
    /// which outlive any call), and while a writable view is used to write, no other view of
    /// the same bytes may be used (kernels check that outs do not alias inputs; the memory
    /// plan keeps live values apart).
    pub unsafe fn view<'x>(&self) -> etk_core::Result<Tensor<'x>> {
        // SAFETY: `data` points to `capacity` bytes aligned for `dtype` (checked at prepare).
        let t = unsafe {
            Tensor::from_raw_parts(
                self.dtype,
                &self.sizes,
                &self.dim_order,
                self.data,
                self.capacity,
                self.writable,
            )
        }?;
        Ok(t.with_dynamism(self.dynamism))
    }
}

#[derive(Clone, Copy)]
pub(crate) enum Value<'m> {
    None,
    Int(i64),
    Double(f64),
    Bool(bool),
    String(&'m str),
    Tensor(TensorSlot),
    /// Value indices of `Int` values (ExecuTorch boxes int lists so that symbolic sizes
    /// computed at run time are read at each call).
    IntList(Span),
    /// An int list whose members no instruction writes, read once at prepare: a span of the
    /// method's int table.
    Ints(Span),
    DoubleList(Span),
    BoolList(Span),
    /// Value indices of tensors.
    TensorList(Span),
    /// Value indices of tensors or `None` values; -1 for None.
    OptionalTensorList(Span),
}

impl Value<'_> {
    /// Whether the two would build the same kernel argument (a move between them changes
    /// nothing a built argument shows).
    pub fn same(&self, other: &Value<'_>) -> bool {
        match (self, other) {
            (Value::None, Value::None) => true,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Double(a), Value::Double(b)) => a.to_bits() == b.to_bits(),
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Ints(a), Value::Ints(b)) => a.start == b.start && a.len == b.len,
            (Value::Tensor(a), Value::Tensor(b)) => {
                core::ptr::eq(a.data, b.data)
                    && a.dtype == b.dtype
                    && a.sizes == b.sizes
                    && a.dim_order == b.dim_order
                    && a.dynamism == b.dynamism
                    && a.capacity == b.capacity
                    && a.writable == b.writable
            }
            _ => false,
        }
    }

    pub fn kind(&self) -> ValueKind {
        match self {
            Value::None => ValueKind::None,
            Value::Int(_) => ValueKind::Int,
            Value::Double(_) => ValueKind::Double,
            Value::Bool(_) => ValueKind::Bool,
            Value::String(_) => ValueKind::String,
            Value::Tensor(_) => ValueKind::Tensor,
            Value::IntList(_) | Value::Ints(_) => ValueKind::IntList,
            Value::DoubleList(_) => ValueKind::DoubleList,
            Value::BoolList(_) => ValueKind::BoolList,
            Value::TensorList(_) => ValueKind::TensorList,
            Value::OptionalTensorList(_) => ValueKind::OptionalTensorList,
        }
    }
}
