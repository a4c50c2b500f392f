//! Values of a plan: what the method keeps per value (scalars inline, tensors as metadata and
//! a pointer to their memory, lists as ranges into flat tables), and how they are read from
//! the file with every index, size and kind checked.

use crate::error::{Error, ErrorKind, Result};
use crate::memory::{Builder, Zeroed};
use crate::method::{ValueKind, index};
use crate::schema::{self, value_tag};
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use etk_core::{Dims, MAX_DIM, ScalarType, ShapeDynamism, Tensor};

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
            Value::IntList(_) => ValueKind::IntList,
            Value::DoubleList(_) => ValueKind::DoubleList,
            Value::BoolList(_) => ValueKind::BoolList,
            Value::TensorList(_) => ValueKind::TensorList,
            Value::OptionalTensorList(_) => ValueKind::OptionalTensorList,
        }
    }
}

impl<'m> Builder<'_, 'm> {
    pub(crate) fn values(&mut self, plan: schema::ExecutionPlan<'m>) -> Result<Vec<Value<'m>>> {
        let Some(list) = plan.values() else {
            return Ok(Vec::new());
        };
        let n = list.len();
        // A file can point many entries at one shared table, so the table's length, not the
        // file's size, bounds this: it is charged like planned memory.
        let part = format!("{}.values", self.plan_part);
        self.charge(n.saturating_mul(core::mem::size_of::<Value<'_>>()), &part)?;
        let mut values = Vec::new();
        values.try_reserve_exact(n).map_err(|_| {
            Error::new(
                ErrorKind::Memory,
                &part,
                "the allocator refused the value table",
            )
        })?;
        for i in 0..n {
            let part = format!("{}.values[{i}]", self.plan_part);
            values.push(self.value(list.get(i), n, &part)?);
        }
        // List members must be of the right kind when the method starts (a move may change
        // that later; execute checks again).
        for (i, v) in values.iter().enumerate() {
            let (span, optional) = match v {
                Value::TensorList(s) => (*s, false),
                Value::OptionalTensorList(s) => (*s, true),
                _ => continue,
            };
            for &m in &self.items[span.range()] {
                let ok = match values.get(m as usize) {
                    Some(Value::Tensor(_)) => true,
                    Some(Value::None) => optional,
                    _ => m == -1 && optional,
                };
                if !ok {
                    return Err(Error::malformed(
                        format!("{}.values[{i}]", self.plan_part),
                        format!("list member {m} is not a tensor"),
                    ));
                }
            }
        }
        Ok(values)
    }

    pub(crate) fn span(start: usize, end: usize, part: &str) -> Result<Span> {
        let start = u32::try_from(start);
        let len = end
            .checked_sub(start.unwrap_or(0) as usize)
            .map(u32::try_from);
        match (start, len) {
            (Ok(start), Some(Ok(len))) => Ok(Span { start, len }),
            _ => Err(Error::malformed(part, "too many list entries")),
        }
    }

    fn value(&mut self, ev: schema::EValue<'m>, n: usize, part: &str) -> Result<Value<'m>> {
        let missing = |what: &str| Error::malformed(part, format!("{what} without its data"));
        Ok(match ev.val_type() {
            value_tag::NULL => Value::None,
            value_tag::INT => Value::Int(
                ev.as_int()
                    .ok_or_else(|| missing("Int"))?
                    .int_val()
                    .unwrap_or(0),
            ),
            value_tag::BOOL => Value::Bool(
                ev.as_bool()
                    .ok_or_else(|| missing("Bool"))?
                    .bool_val()
                    .unwrap_or(false),
            ),
            value_tag::DOUBLE => Value::Double(
                ev.as_double()
                    .ok_or_else(|| missing("Double"))?
                    .double_val()
                    .unwrap_or(0.0),
            ),
            value_tag::STRING => Value::String(
                ev.as_string()
                    .ok_or_else(|| missing("String"))?
                    .string_val()
                    .unwrap_or(""),
            ),
            value_tag::TENSOR => {
                Value::Tensor(self.tensor(ev.as_tensor().ok_or_else(|| missing("Tensor"))?, part)?)
            }
            value_tag::INT_LIST => {
                let l = ev
                    .as_int_list()
                    .and_then(|l| l.items())
                    .ok_or_else(|| missing("IntList"))?;
                let start = self.items.len();
                for (k, v) in l.iter().enumerate() {
                    self.items
                        .push(index(v, n, || format!("{part}.items[{k}]"))? as i32);
                }
                Value::IntList(Self::span(start, self.items.len(), part)?)
            }
            value_tag::TENSOR_LIST | value_tag::OPTIONAL_TENSOR_LIST => {
                let optional = ev.val_type() == value_tag::OPTIONAL_TENSOR_LIST;
                let l = if optional {
                    ev.as_optional_tensor_list()
                } else {
                    ev.as_tensor_list()
                };
                let l = l
                    .and_then(|l| l.items())
                    .ok_or_else(|| missing("TensorList"))?;
                let start = self.items.len();
                for (k, v) in l.iter().enumerate() {
                    let m = if optional && v == -1 {
                        -1
                    } else {
                        index(v as i64, n, || format!("{part}.items[{k}]"))? as i32
                    };
                    self.items.push(m);
                }
                let s = Self::span(start, self.items.len(), part)?;
                if optional {
                    Value::OptionalTensorList(s)
                } else {
                    Value::TensorList(s)
                }
            }
            value_tag::DOUBLE_LIST => {
                let l = ev
                    .as_double_list()
                    .and_then(|l| l.items())
                    .ok_or_else(|| missing("DoubleList"))?;
                let start = self.doubles.len();
                self.doubles.extend(l.iter());
                Value::DoubleList(Self::span(start, self.doubles.len(), part)?)
            }
            value_tag::BOOL_LIST => {
                let l = ev
                    .as_bool_list()
                    .and_then(|l| l.items())
                    .ok_or_else(|| missing("BoolList"))?;
                let start = self.bools.len();
                self.bools.extend(l.iter());
                Value::BoolList(Self::span(start, self.bools.len(), part)?)
            }
            t => return Err(Error::malformed(part, format!("unknown value type {t}"))),
        })
    }

    fn tensor(&mut self, t: schema::Tensor<'m>, part: &str) -> Result<TensorSlot> {
        let bad = |m: String| Error::malformed(part, m);
        let code = t.scalar_type().unwrap_or(0);
        let dtype = ScalarType::from_code(code as i64).ok_or_else(|| {
            Error::new(
                ErrorKind::NotSupported,
                part,
                format!("scalar type code {code} (quantized and float8 types are not supported)"),
            )
        })?;
        if t.storage_offset().unwrap_or(0) != 0 {
            return Err(Error::new(
                ErrorKind::NotSupported,
                part,
                "a nonzero storage_offset",
            ));
        }
        let sizes_fb = t
            .sizes()
            .ok_or_else(|| bad("a tensor without sizes".into()))?;
        let order_fb = t
            .dim_order()
            .ok_or_else(|| bad("a tensor without dim_order".into()))?;
        if sizes_fb.len() > MAX_DIM {
            return Err(bad(format!("rank {} is above {MAX_DIM}", sizes_fb.len())));
        }
        if order_fb.len() != sizes_fb.len() {
            return Err(bad(format!(
                "dim_order has {} entries for rank {}",
                order_fb.len(),
                sizes_fb.len()
            )));
        }
        let mut sizes = Dims::EMPTY;
        for s in sizes_fb.iter() {
            let s = usize::try_from(s).map_err(|_| bad(format!("negative size {s}")))?;
            sizes.push(s);
        }
        let mut dim_order = Dims::EMPTY;
        for d in order_fb.iter() {
            dim_order.push(d as usize);
        }
        let dynamism = match t.shape_dynamism().unwrap_or(0) {
            0 => ShapeDynamism::Static,
            1 => ShapeDynamism::DynamicBound,
            // ExecuTorch rejects unbound shapes; etk bounds them by their declared size.
            2 => ShapeDynamism::DynamicUnbound,
            d => return Err(bad(format!("unknown shape_dynamism {d}"))),
        };
        if etk_core::shape::strides_from_dim_order(&sizes, &dim_order).is_none() {
            return Err(bad("dim_order is not a permutation of 0..rank".into()));
        }
        let nbytes = etk_core::shape::numel(&sizes)
            .and_then(|n| n.checked_mul(dtype.element_size()))
            .filter(|&b| b <= isize::MAX as usize)
            .ok_or_else(|| bad(format!("sizes {sizes} overflow")))?;
        if t.extra_tensor_info()
            .and_then(|e| e.location())
            .unwrap_or(0)
            == 1
        {
            return Err(Error::new(
                ErrorKind::NotSupported,
                part,
                "tensor data outside the program (.ptd files)",
            ));
        }
        let buffer_idx = t.data_buffer_idx().unwrap_or(0);
        let (data, writable) = match (buffer_idx, t.allocation_info()) {
            (0, None) => {
                self.charge(nbytes, part)?;
                self.owned.push(Zeroed::new(nbytes, part)?);
                let b = self
                    .owned
                    .last_mut()
                    .map_or(core::ptr::null_mut(), |b| b.as_mut_ptr());
                (b, true)
            }
            (idx, None) => (self.constant(idx, nbytes, dtype, part)?, false),
            (idx, Some(alloc)) => {
                let p = self.planned(alloc, nbytes, part)?;
                if idx > 0 {
                    let init = self.program.mutable_data(idx, nbytes)?;
                    // SAFETY: `p` has `nbytes` bytes in an arena (checked by `planned`); `init`
                    // is the file, which does not overlap the method's memory.
                    unsafe { core::ptr::copy_nonoverlapping(init.as_ptr(), p, nbytes) };
                }
                (p, true)
            }
        };
        let slot = TensorSlot {
            dtype,
            sizes,
            dim_order,
            dynamism,
            data,
            capacity: nbytes,
            writable,
        };
        if dtype == ScalarType::Bool && !writable && !slot.bools_valid() {
            return Err(bad("a Bool constant holds a byte that is not 0 or 1".into()));
        }
        // SAFETY: only checks the layout; the view is dropped at once.
        unsafe { slot.view() }.map_err(|e| bad(format!("{e}")))?;
        Ok(slot)
    }
}
