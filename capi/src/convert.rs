//! C values to etk's views, every field checked: a tensor's rank, sizes, dim order, dtype
//! code, dynamism, data pointer and capacity; a list's pointer, alignment and length; a
//! string's UTF-8; a bool's byte.

use crate::status::Failure;
use crate::{ETK_DYNAMIC_BOUND, ETK_DYNAMIC_UNBOUND, ETK_MAX_DIM, ETK_STATIC, etk_tensor};
use etk::{MAX_DIM, ScalarType, ShapeDynamism, Tensor};

/// A dtype from c10's code.
pub(crate) fn dtype(code: i32, what: &dyn Fn() -> String) -> Result<ScalarType, Failure> {
    ScalarType::from_code(code.into()).ok_or_else(|| {
        Failure::new(
            crate::ETK_INVALID_TYPE,
            format!("{}: dtype code {code} is not a c10 ScalarType", what()),
        )
    })
}

/// The checked metadata of a C tensor: sizes and dim order as `usize`s.
pub(crate) struct Meta {
    pub dtype: ScalarType,
    pub sizes: [usize; MAX_DIM],
    pub dim_order: [usize; MAX_DIM],
    pub dim: usize,
    pub dynamism: ShapeDynamism,
}

pub(crate) fn meta(c: &etk_tensor, what: &dyn Fn() -> String) -> Result<Meta, Failure> {
    let dim = c.dim as usize;
    if dim > ETK_MAX_DIM {
        return Err(Failure::invalid(format!(
            "{}: rank {dim} is more than {ETK_MAX_DIM}",
            what()
        )));
    }
    let mut sizes = [0usize; MAX_DIM];
    for (i, &s) in c.sizes[..dim].iter().enumerate() {
        sizes[i] = usize::try_from(s).map_err(|_| {
            Failure::invalid(format!("{}: size {s} of dim {i} is negative", what()))
        })?;
    }
    let mut dim_order = [0usize; MAX_DIM];
    for (o, &d) in dim_order.iter_mut().zip(&c.dim_order[..dim]) {
        *o = d.into();
    }
    let dynamism = match c.dynamism {
        ETK_STATIC => ShapeDynamism::Static,
        ETK_DYNAMIC_BOUND => ShapeDynamism::DynamicBound,
        ETK_DYNAMIC_UNBOUND => ShapeDynamism::DynamicUnbound,
        d => {
            return Err(Failure::invalid(format!(
                "{}: dynamism {d} is not 0 (static), 1 or 2 (dynamic)",
                what()
            )));
        }
    };
    Ok(Meta {
        dtype: dtype(c.dtype, what)?,
        sizes,
        dim_order,
        dim,
        dynamism,
    })
}

/// A view of a C tensor.
///
/// # Safety
/// `t` must be null or point to an `etk_tensor` whose `data` points to `capacity` bytes that
/// stay valid while the view is used, written through no other view meanwhile if writable.
pub(crate) unsafe fn tensor<'a>(
    t: *const etk_tensor,
    what: &dyn Fn() -> String,
) -> Result<Tensor<'a>, Failure> {
    if t.is_null() {
        return Err(Failure::invalid(format!("{}: null tensor pointer", what())));
    }
    // SAFETY: the caller's promise; read once, by value.
    let c = unsafe { *t };
    let m = meta(&c, what)?;
    // Without memory there is nothing to grow into.
    let capacity = if c.data.is_null() { 0 } else { c.capacity };
    // SAFETY: `data` holds `capacity` bytes (the caller's promise); the view checks its
    // elements fit in them, its alignment, and that its extent fits in `isize`.
    let view = unsafe {
        Tensor::from_raw_parts(
            m.dtype,
            &m.sizes[..m.dim],
            &m.dim_order[..m.dim],
            c.data.cast::<u8>(),
            capacity,
            c.writable != 0,
        )
    }
    .map_err(|e| {
        Failure::new(
            crate::status::kernel_status(e.kind),
            format!("{}: {e}", what()),
        )
    })?;
    if m.dtype == ScalarType::Bool {
        check_bools(&view, what)?;
    }
    Ok(view.with_dynamism(m.dynamism))
}

/// Kernels read Bool elements as `bool`, for which a byte other than 0 or 1 is undefined
/// behaviour: a writable tensor (an out, whose old bytes may be anything) is normalized, a
/// read-only one with such a byte is an error.
fn check_bools(t: &Tensor<'_>, what: &dyn Fn() -> String) -> Result<(), Failure> {
    let n = t.nbytes();
    if n == 0 {
        return Ok(());
    }
    // SAFETY: the view's `n` bytes, read as bytes.
    let bytes = unsafe { core::slice::from_raw_parts(t.as_ptr(), n) };
    if !bytes.iter().any(|&b| b > 1) {
        return Ok(());
    }
    if t.is_writable() {
        // Only now written: valid bytes are left alone (an out may be in memory another view
        // reads, and nothing is dirtied on the common path).
        // SAFETY: the view's `n` bytes are writable memory this call has to itself.
        let bytes = unsafe { core::slice::from_raw_parts_mut(t.as_ptr() as *mut u8, n) };
        for b in bytes {
            *b = u8::from(*b != 0);
        }
        return Ok(());
    }
    if let Some(i) = bytes.iter().position(|&b| b > 1) {
        return Err(Failure::invalid(format!(
            "{}: Bool element {i} is the byte {}, not 0 or 1",
            what(),
            bytes[i]
        )));
    }
    Ok(())
}

/// A C array of `len` items as a slice: null only when empty, aligned, and not larger than
/// `isize::MAX` bytes.
///
/// # Safety
/// A non-null `items` must point to `len` initialized `T`s valid for `'a`.
pub(crate) unsafe fn slice<'a, T>(
    items: *const T,
    len: usize,
    what: &dyn Fn() -> String,
) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if items.is_null() {
        return Err(Failure::invalid(format!(
            "{}: null items with length {len}",
            what()
        )));
    }
    if !(items as usize).is_multiple_of(core::mem::align_of::<T>()) {
        return Err(Failure::invalid(format!(
            "{}: items are misaligned",
            what()
        )));
    }
    if len
        .checked_mul(core::mem::size_of::<T>())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(Failure::invalid(format!(
            "{}: length {len} is too large",
            what()
        )));
    }
    // SAFETY: checked above; the rest is the caller's promise.
    Ok(unsafe { core::slice::from_raw_parts(items, len) })
}

/// Bytes that must each be 0 or 1, as `bool`s.
pub(crate) fn bools<'a>(bytes: &'a [u8], what: &dyn Fn() -> String) -> Result<&'a [bool], Failure> {
    if let Some(i) = bytes.iter().position(|&b| b > 1) {
        return Err(Failure::invalid(format!(
            "{}: item {i} is the byte {}, not 0 or 1",
            what(),
            bytes[i]
        )));
    }
    // SAFETY: every byte is 0 or 1, a valid `bool`, and `bool` has `u8`'s layout.
    Ok(unsafe { core::slice::from_raw_parts(bytes.as_ptr().cast::<bool>(), bytes.len()) })
}

/// A C string as UTF-8 text.
///
/// # Safety
/// As [`slice`].
pub(crate) unsafe fn text<'a>(
    data: *const core::ffi::c_char,
    len: usize,
    what: &dyn Fn() -> String,
) -> Result<&'a str, Failure> {
    // SAFETY: the caller's promise.
    let bytes = unsafe { slice(data.cast::<u8>(), len, what) }?;
    core::str::from_utf8(bytes)
        .map_err(|_| Failure::invalid(format!("{}: the string is not UTF-8", what())))
}

/// Writes a view's metadata into a C tensor (host handle, dynamism and writable stay).
pub(crate) fn store_meta(c: &mut etk_tensor, t: &Tensor<'_>) {
    c.data = t.as_ptr() as *mut core::ffi::c_void;
    c.capacity = t.capacity();
    c.dim = t.dim() as u32;
    c.sizes = [0; ETK_MAX_DIM];
    c.dim_order = [0; ETK_MAX_DIM];
    for (o, &s) in c.sizes.iter_mut().zip(t.sizes()) {
        *o = s as i64;
    }
    for (o, &d) in c.dim_order.iter_mut().zip(t.dim_order()) {
        *o = d as u8;
    }
    c.dtype = t.dtype().code().into();
}

/// Whether a view differs from the C tensor it was made from in what a kernel can change.
pub(crate) fn changed(c: &etk_tensor, t: &Tensor<'_>) -> bool {
    c.data != t.as_ptr() as *mut core::ffi::c_void
        || c.dim as usize != t.dim()
        || c.sizes[..t.dim()]
            .iter()
            .zip(t.sizes())
            .any(|(&a, &b)| a != b as i64)
        || c.dim_order[..t.dim()]
            .iter()
            .zip(t.dim_order())
            .any(|(&a, &b)| usize::from(a) != b)
}
