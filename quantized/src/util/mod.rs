//! Mechanics every quantized kernel shares: the quantized dtypes' ranges and the checks on
//! `quant_min` / `quant_max`, parameter tensors read by index, the float arithmetic of torch's
//! reference ops (f32 or f64, with the roundings of Half and BFloat16 where torch stores an
//! intermediate in them), and the walk of an input and an out of the same shape in any dim
//! orders.
//!
//! Submodules hold what several ops share beyond that: [`qparams`] (per-tensor and per-channel
//! parameters, the dequantize dtype checks), [`groups`] (per-group and per-token rows),
//! [`embedding`] (the quantized embeddings' kernel), [`mixed`] (mixed_mm / mixed_linear checks).

pub mod embedding;
pub mod groups;
pub mod mixed;
pub mod qparams;

use etk_core::element::{Compute, LoadFn, StoreFn, loader, storer};
use etk_core::iter::{CHUNK, Plan};
use etk_core::out::resize_out;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType, Tensor, bf16, f16};

/// `[min, max]` of a quantized dtype (torch's `_DTYPE_TO_QVALUE_BOUNDS`: its reference ops take
/// UInt16 too), `None` for any other dtype.
pub fn qrange(dtype: ScalarType) -> Option<(i64, i64)> {
    match dtype {
        ScalarType::Byte => Some((0, 255)),
        ScalarType::Char => Some((-128, 127)),
        ScalarType::Short => Some((-32768, 32767)),
        ScalarType::UInt16 => Some((0, 65535)),
        ScalarType::Int => Some((i32::MIN as i64, i32::MAX as i64)),
        _ => None,
    }
}

/// `dtype` is a quantized dtype and `quant_min <= quant_max` lie in its range: torch's
/// reference checks the bounds; crossed bounds make every value meaningless, so they are
/// rejected too (as ExecuTorch's kernels do).
pub fn check_qparams(
    op: &'static str,
    quant_min: i64,
    quant_max: i64,
    dtype: ScalarType,
) -> Result<()> {
    let (lo, hi) = qrange(dtype).ok_or(Error::dtype(
        op,
        "dtype",
        "a quantized dtype (Byte, Char, Short, UInt16 or Int)",
        dtype,
    ))?;
    if quant_min < lo || quant_min > hi {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "quant_min")
            .expected("a value in the dtype's range, at least", Info::Int(lo))
            .got(Info::Int(quant_min)));
    }
    if quant_max > hi || quant_max < lo {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "quant_max")
            .expected("a value in the dtype's range, at most", Info::Int(hi))
            .got(Info::Int(quant_max)));
    }
    if quant_min > quant_max {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "quant_max")
            .expected("at least quant_min", Info::Int(quant_min))
            .got(Info::Int(quant_max)));
    }
    Ok(())
}

/// The float input of a quantize op: Float, or Half / BFloat16 (which torch converts to Float
/// first).
pub fn check_quantize_input(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<()> {
    match t.dtype() {
        ScalarType::Float | ScalarType::Half | ScalarType::BFloat16 => Ok(()),
        d => Err(Error::dtype(op, arg, "Float, Half or BFloat16", d)),
    }
}

/// A floating dtype (the result of a dequantize op).
pub fn check_float(op: &'static str, arg: &'static str, dtype: ScalarType) -> Result<()> {
    match dtype {
        ScalarType::Half | ScalarType::BFloat16 | ScalarType::Float | ScalarType::Double => Ok(()),
        d => Err(Error::dtype(op, arg, "a floating dtype", d)),
    }
}

/// An integer dtype that a zero point may have (torch adds it to a float tensor, so any
/// integer dtype works; ExecuTorch's kernels take Long).
pub fn check_zero_point_dtype(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<()> {
    match t.dtype() {
        ScalarType::Byte
        | ScalarType::Char
        | ScalarType::Short
        | ScalarType::Int
        | ScalarType::Long => Ok(()),
        d => Err(Error::dtype(op, arg, "an integer dtype", d)),
    }
}

/// A quantized tensor's dtype for the dequantize ops that do not check it against `dtype`
/// (per token, per channel group): an integer dtype, UInt16 included.
pub fn check_quantized_dtype(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<()> {
    if t.dtype() == ScalarType::UInt16 {
        return Ok(());
    }
    check_zero_point_dtype(op, arg, t)
}

/// torch's reference dequantizes `input - zero_points` first: a UInt16 input promotes with a
/// floating zero point but not with an integer one (torch raises: no promotion of UInt16 with
/// Long, no UInt16 subtraction). Without zero points, per channel skips the subtraction and
/// per channel group subtracts an Int zero (`none_is_int`).
pub fn check_uint16_zero_points(
    op: &'static str,
    input: ScalarType,
    zero_points: Option<&Tensor<'_>>,
    none_is_int: bool,
) -> Result<()> {
    if input != ScalarType::UInt16 {
        return Ok(());
    }
    let zdt = match zero_points {
        Some(z) => z.dtype(),
        None if none_is_int => ScalarType::Int,
        None => return Ok(()),
    };
    if zdt.is_floating_point() {
        return Ok(());
    }
    Err(Error::new(ErrorKind::InvalidType, op, "zero_points")
        .expected_text(
            "floating zero points for a UInt16 input (torch cannot subtract integers from UInt16)",
        )
        .got(Info::Dtype(zdt)))
}

/// An integer or floating dtype (a dequantize op's zero points: torch subtracts them from the
/// input whatever they are, Bool aside).
pub fn check_real(op: &'static str, arg: &'static str, dtype: ScalarType) -> Result<()> {
    if dtype == ScalarType::Bool || !ScalarType::REAL.contains(&dtype) {
        return Err(Error::dtype(op, arg, "an integer or floating dtype", dtype));
    }
    Ok(())
}

/// `dim` wrapped into `0..rank` (negative counts from the end).
pub fn wrap_dim(op: &'static str, arg: &'static str, dim: i64, rank: usize) -> Result<usize> {
    let r = rank as i64;
    let d = if dim < 0 { dim.saturating_add(r) } else { dim };
    if d < 0 || d >= r {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected("a dim in [-rank, rank), rank", Info::Int(r))
            .got(Info::Int(dim)));
    }
    Ok(d as usize)
}

/// The one value of a one-element tensor, as `C`.
pub fn item<C: Compute>(op: &'static str, arg: &'static str, t: &Tensor<'_>) -> Result<C> {
    t.item::<C>(op, arg)
}

/// Element `i` in logical (row-major) order of `t`, wherever its dim order puts it; a
/// one-element tensor broadcasts (its element for every `i`).
#[inline]
pub fn param<C: Compute>(t: &Tensor<'_>, i: usize) -> C {
    let i = if t.numel() == 1 { 0 } else { i };
    t.read::<C>(logical_offset(t, i)).unwrap_or_default()
}

/// The memory offset of the element at logical (row-major) index `i`.
pub fn logical_offset(t: &Tensor<'_>, mut i: usize) -> usize {
    let mut off = 0;
    for d in (0..t.dim()).rev() {
        let n = t.size(d);
        if n > 0 {
            off += (i % n) * t.strides()[d];
            i /= n;
        }
    }
    off
}

/// The logical (row-major) index of the element at memory offset `offset`.
pub fn logical_index(t: &Tensor<'_>, offset: usize) -> usize {
    let mut i = 0;
    for d in 0..t.dim() {
        let n = t.size(d);
        i = i * n + (offset / t.strides()[d].max(1)) % n.max(1);
    }
    i
}

/// The value an f64 takes when an op of torch stores it in `dtype`: Float rounds once, Half
/// and BFloat16 round to Float first (torch computes them in float), integers wrap.
pub fn round_to(dtype: ScalarType) -> fn(f64) -> f64 {
    match dtype {
        ScalarType::Double => |v| v,
        ScalarType::Half => |v| f16::from_f32(v as f32).to_f64(),
        ScalarType::BFloat16 => |v| bf16::from_f32(v as f32).to_f64(),
        _ => |v| v as f32 as f64,
    }
}

/// The rounding of a value stored into `dtype` and read back, for the float dtypes (Half and
/// BFloat16 round an f32; Float and Double are exact in their compute type).
pub fn rounder32(dtype: ScalarType) -> fn(f32) -> f32 {
    match dtype {
        ScalarType::Half => |v| f16::from_f32(v).to_f32(),
        ScalarType::BFloat16 => |v| bf16::from_f32(v).to_f32(),
        _ => |v| v,
    }
}

/// f32 and f64 as torch's reference ops compute in them.
pub trait Real:
    Compute
    + core::ops::Add<Output = Self>
    + core::ops::Sub<Output = Self>
    + core::ops::Mul<Output = Self>
    + core::ops::Div<Output = Self>
{
    const ZERO: Self;
    fn of_f64(v: f64) -> Self;
    fn of_i64(v: i64) -> Self;
    fn as_f64(self) -> f64;
    /// `torch.round`: to nearest, ties to even.
    fn rint(self) -> Self;
    fn is_nan(self) -> bool;
}

impl Real for f32 {
    const ZERO: f32 = 0.0;
    fn of_f64(v: f64) -> f32 {
        v as f32
    }
    fn of_i64(v: i64) -> f32 {
        v as f32
    }
    fn as_f64(self) -> f64 {
        self as f64
    }
    fn rint(self) -> f32 {
        libm::rintf(self)
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    fn of_f64(v: f64) -> f64 {
        v
    }
    fn of_i64(v: i64) -> f64 {
        v as f64
    }
    fn as_f64(self) -> f64 {
        self
    }
    fn rint(self) -> f64 {
        libm::rint(self)
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
}

/// `torch.clamp(x, lo, hi)`, i.e. `min(max(x, lo), hi)`: NaN stays NaN, and crossed bounds
/// give `hi`.
#[inline(always)]
pub fn clamp<C: Real>(x: C, lo: C, hi: C) -> C {
    if x.is_nan() {
        return x;
    }
    let v = if x < lo { lo } else { x };
    if v > hi { hi } else { v }
}

/// `torch.maximum`: NaN propagates.
#[inline(always)]
pub fn maximum<C: Real>(a: C, b: C) -> C {
    if a.is_nan() || b.is_nan() {
        if a.is_nan() { a } else { b }
    } else if a > b {
        a
    } else {
        b
    }
}

/// `torch.minimum`: NaN propagates.
#[inline(always)]
pub fn minimum<C: Real>(a: C, b: C) -> C {
    if a.is_nan() || b.is_nan() {
        if a.is_nan() { a } else { b }
    } else if a < b {
        a
    } else {
        b
    }
}

/// `core`'s loader for `dtype`, or for UInt16 (a quantized dtype of torch's reference ops
/// that has no element type in core) one reading `u16`s, exact in every compute type.
pub fn qloader<C: Compute>(dtype: ScalarType) -> Option<LoadFn<C>> {
    loader::<C>(dtype).or((dtype == ScalarType::UInt16).then_some(load_u16::<C> as LoadFn<C>))
}

/// `core`'s storer for `dtype`, or for UInt16 one writing `static_cast<uint16_t>` of values in
/// its range (the quantize ops clamp to `[quant_min, quant_max]` within it first).
pub fn qstorer<C: Compute>(dtype: ScalarType) -> Option<StoreFn<C>> {
    storer::<C>(dtype).or((dtype == ScalarType::UInt16).then_some(store_u16::<C> as StoreFn<C>))
}

/// # Safety
/// As [`LoadFn`], for `u16` elements.
unsafe fn load_u16<C: Compute>(src: *const u8, stride: isize, dst: &mut [C]) {
    let p = src as *const u16;
    for (i, d) in dst.iter_mut().enumerate() {
        // SAFETY: the caller's contract: `src + i * stride` is a readable `u16`.
        *d = C::load::<i32>(i32::from(unsafe { *p.offset(i as isize * stride) }));
    }
}

/// # Safety
/// As [`StoreFn`], for `u16` elements.
unsafe fn store_u16<C: Compute>(dst: *mut u8, stride: isize, src: &[C]) {
    let p = dst as *mut u16;
    for (i, &v) in src.iter().enumerate() {
        // An in-range value converts through i32 exactly; the cast then keeps its low bits.
        let q = v.store::<i32>() as u16;
        // SAFETY: the caller's contract: `dst + i * stride` is a writable `u16`.
        unsafe { *p.offset(i as isize * stride) = q };
    }
}

/// Resizes `out` to `input`'s shape and calls `f(offset, x)` for every element of `input`
/// (`offset` is its memory offset in elements, from which a kernel finds its channel or
/// token), storing the result into the element of `out` at the same logical index, whatever
/// the two tensors' dim orders. Inputs load as `I`, results store from `O`, converted to the
/// tensors' dtypes with `static_cast` semantics.
pub fn map_offsets<I: Compute, O: Compute>(
    op: &'static str,
    in_arg: &'static str,
    input: &Tensor<'_>,
    out: &mut Tensor<'_>,
    mut f: impl FnMut(usize, I) -> O,
) -> Result<()> {
    let load =
        qloader::<I>(input.dtype()).ok_or(Error::unsupported_dtype(op, in_arg, input.dtype()))?;
    let store =
        qstorer::<O>(out.dtype()).ok_or(Error::unsupported_dtype(op, "out", out.dtype()))?;
    resize_out(op, out, input.sizes())?;
    let plan = Plan::new(op, out, &[(in_arg, input)])?;
    let (isz, osz) = (input.element_size() as isize, out.element_size() as isize);
    let src = input.as_ptr();
    let dst = out.as_mut_ptr(op, "out")?;
    let mut xs = [I::default(); CHUNK];
    let mut ys = [O::default(); CHUNK];
    plan.for_each_run(|offsets, strides, len| {
        let mut done = 0;
        while done < len {
            let n = (len - done).min(CHUNK);
            let (o_off, i_off) = (
                offsets[0] + done as isize * strides[0],
                offsets[1] + done as isize * strides[1],
            );
            // SAFETY: the plan's offsets and strides stay within each tensor's elements, and
            // the loaders and storers match the dtypes of the memory they touch.
            unsafe { load(src.offset(i_off * isz), strides[1], &mut xs[..n]) };
            for (k, (y, &x)) in ys[..n].iter_mut().zip(&xs[..n]).enumerate() {
                *y = f((i_off + k as isize * strides[1]) as usize, x);
            }
            // SAFETY: as above, for the out.
            unsafe { store(dst.offset(o_off * osz), strides[0], &ys[..n]) };
            done += n;
        }
    });
    Ok(())
}

/// Whether any element of a floating tensor is NaN.
pub fn any_nan(t: &Tensor<'_>) -> bool {
    let Some(load) = loader::<f64>(t.dtype()) else {
        return false;
    };
    let mut buf = [0f64; CHUNK];
    let mut done = 0;
    while done < t.numel() {
        let n = (t.numel() - done).min(CHUNK);
        // SAFETY: elements `done..done + n` of the tensor's dense memory exist.
        unsafe { load(t.as_ptr().add(done * t.element_size()), 1, &mut buf[..n]) };
        if buf[..n].iter().any(|v| v.is_nan()) {
            return true;
        }
        done += n;
    }
    false
}
