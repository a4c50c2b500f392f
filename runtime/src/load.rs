//! Reading a plan's values and memory from the file, with every index, size and kind checked:
//! planned tensors laid out in the arenas (ExecuTorch's `memory_id` k is arena k-1, sized by
//! `non_const_buffer_sizes[k]`), constants used in place (copied once when misaligned, the
//! copies capped by the file's size), tensors with neither a plan nor constant data given a
//! buffer of their declared size; all of it charged against [`Options::max_planned_bytes`].
//!
//! [`Options::max_planned_bytes`]: crate::Options::max_planned_bytes

use crate::error::{Error, ErrorKind, Result};
use crate::memory::{Arena, Zeroed};
use crate::program::Program;
use crate::schema::{self, value_tag};
use crate::values::{Span, TensorSlot, Value};
use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use etk_core::{Dims, MAX_DIM, ScalarType, ShapeDynamism};

pub(crate) fn index(v: i64, n: usize, part: impl Fn() -> String) -> Result<u32> {
    usize::try_from(v)
        .ok()
        .filter(|&i| i < n)
        .map(|i| i as u32)
        .ok_or_else(|| Error::malformed(part(), format!("value index {v} is outside 0..{n}")))
}

/// What `prepare` builds before it becomes a `Method`.
pub(crate) struct Builder<'p, 'm> {
    pub(crate) program: &'p Program<'m>,
    pub(crate) plan_part: String,
    pub(crate) budget: usize,
    pub(crate) arenas: Vec<Arena<'m>>,
    pub(crate) owned: Vec<Zeroed>,
    /// Constants copied for alignment, by `data_buffer_idx`: (owned buffer, bytes copied).
    pub(crate) copied: BTreeMap<u32, (usize, usize)>,
    pub(crate) copied_bytes: usize,
    pub(crate) items: Vec<i32>,
    pub(crate) doubles: Vec<f64>,
    pub(crate) bools: Vec<bool>,
}

impl<'m> Builder<'_, 'm> {
    pub(crate) fn charge(&mut self, bytes: usize, part: &str) -> Result<()> {
        self.budget = self.budget.checked_sub(bytes).ok_or_else(|| {
            Error::new(
                ErrorKind::Memory,
                part,
                format!("{bytes} bytes would exceed the method's memory limit (Options::max_planned_bytes)"),
            )
        })?;
        Ok(())
    }

    pub(crate) fn arenas(
        &mut self,
        plan: schema::ExecutionPlan<'m>,
        given: Vec<&'m mut [u8]>,
    ) -> Result<()> {
        let part = format!("{}.non_const_buffer_sizes", self.plan_part);
        // Entry 0 is reserved by ExecuTorch; arena k-1 serves memory_id k.
        let sizes: Vec<i64> = plan
            .non_const_buffer_sizes()
            .map_or(Vec::new(), |s| s.iter().skip(1).collect());
        if !given.is_empty() && given.len() != sizes.len() {
            return Err(Error::new(
                ErrorKind::InvalidArgument,
                "arenas",
                format!(
                    "the plan has {} memory buffers, {} were given",
                    sizes.len(),
                    given.len()
                ),
            ));
        }
        let mut given = given.into_iter();
        for (k, &s) in sizes.iter().enumerate() {
            let bytes = usize::try_from(s)
                .map_err(|_| Error::malformed(format!("{part}[{}]", k + 1), format!("size {s}")))?;
            match given.next() {
                Some(buf) if buf.len() < bytes => {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        format!("arenas[{k}]"),
                        format!("{} bytes given, the plan needs {bytes}", buf.len()),
                    ));
                }
                Some(buf) => self.arenas.push(Arena::Borrowed(buf)),
                None => {
                    self.charge(bytes, &format!("{part}[{}]", k + 1))?;
                    let part = format!("{part}[{}]", k + 1);
                    self.arenas.push(Arena::Owned(Zeroed::new(bytes, &part)?));
                }
            }
        }
        Ok(())
    }

    /// The constant's bytes in the file when aligned for its dtype, else a copy made once.
    pub(crate) fn constant(
        &mut self,
        idx: u32,
        nbytes: usize,
        dtype: ScalarType,
        part: &str,
    ) -> Result<*mut u8> {
        let bytes = self.program.constant(idx, nbytes)?;
        if (bytes.as_ptr() as usize).is_multiple_of(dtype.element_size()) {
            return Ok(bytes.as_ptr() as *mut u8);
        }
        if let Some(&(k, len)) = self.copied.get(&idx)
            && len >= nbytes
        {
            return Ok(self.owned[k].as_mut_ptr());
        }
        self.copied_bytes = self.copied_bytes.saturating_add(nbytes);
        if self.copied_bytes > self.program.bytes().len() {
            return Err(Error::new(
                ErrorKind::Memory,
                part,
                "constant copies would exceed the file's size",
            ));
        }
        let mut buf = Zeroed::new(nbytes, part)?;
        // SAFETY: `buf` holds `nbytes` bytes; the regions are distinct allocations.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), buf.as_mut_ptr(), nbytes) };
        self.owned.push(buf);
        self.copied.insert(idx, (self.owned.len() - 1, nbytes));
        Ok(self
            .owned
            .last_mut()
            .map_or(core::ptr::null_mut(), |b| b.as_mut_ptr()))
    }

    pub(crate) fn planned(
        &mut self,
        a: schema::AllocationDetails<'m>,
        nbytes: usize,
        part: &str,
    ) -> Result<*mut u8> {
        let id = a.memory_id().unwrap_or(0);
        let offset = (a.memory_offset_low().unwrap_or(0) as u64)
            | ((a.memory_offset_high().unwrap_or(0) as u64) << 32);
        let n = self.arenas.len();
        let arena = (id as usize)
            .checked_sub(1)
            .and_then(|k| self.arenas.get_mut(k))
            .ok_or_else(|| {
                Error::malformed(
                    part,
                    format!("memory_id {id} names no memory-plan buffer (1..={n})"),
                )
            })?;
        let (base, len) = arena.base_len();
        match usize::try_from(offset)
            .ok()
            .and_then(|o| Some((o, o.checked_add(nbytes)?)))
        {
            // SAFETY: `o + nbytes <= len`, inside the arena.
            Some((o, end)) if end <= len => Ok(unsafe { base.add(o) }),
            _ => Err(Error::malformed(
                part,
                format!(
                    "offset {offset} + {nbytes} bytes runs past memory buffer {id}'s {len} bytes"
                ),
            )),
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
