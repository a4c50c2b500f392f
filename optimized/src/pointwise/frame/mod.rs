//! The frames: classify once, then run an op's slice kernel on every run, per ISA, per thread.
//!
//! Each frame returns `true` when it computed the out, `false` when it declined the call (a
//! layout or dtype it does not accelerate) without having written anything; the op then calls
//! portable. The op checks ATen's rules (promotion, alpha, can_cast, ...) and resizes the out
//! before calling a frame, exactly as portable does, so the errors are portable's.

use super::half::{FloatKind, narrow, read_one, widen};
use super::walk::{Ptr, Walk, split};
use etk_core::element::round_trip;
use etk_core::{Element, KernelContext, ScalarType, Tensor};
use etk_simd::vector::f32_to_i32_x86;
use etk_simd::{Kernel, Simd, dispatch, dispatch_bf16};

/// Elements widened per chunk for Half / BFloat16 operands (stack buffers of f32).
pub const CHUNK: usize = 512;

/// A chunk buffer, cache-line aligned.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Chunk([f32; CHUNK]);

/// An input of a frame: a tensor, or a value already converted as the op requires (a Scalar,
/// `alpha * other`, ...).
#[derive(Clone, Copy, Debug)]
pub enum Operand<'t, 'a> {
    Tensor(&'t Tensor<'a>),
    F32(f32),
    I64(i64),
}

/// `out = f(a, b)` on f32 lanes.
pub trait BinaryOp: Copy + Send + Sync {
    /// Cost of an element relative to an add (for splitting work over threads).
    const COST: usize = 1;
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::F32;
}

/// `out = pred(a, b)` on f32 lanes, into a Bool out.
pub trait CompareOp: Copy + Send + Sync {
    fn apply<S: Simd>(self, s: S, a: S::F32, b: S::F32) -> S::Mask;
}

/// `out = f(x)`: lane by lane ([`UnaryOp::lanes`], `LANEWISE`), or on a run of f32
/// ([`UnaryOp::run`], for slice functions such as `etk_simd::math::exp`).
pub trait UnaryOp: Copy + Send + Sync {
    /// Cost of an element relative to an add.
    const COST: usize = 1;
    /// Whether the op is computed by [`UnaryOp::lanes`] (then Half / BFloat16 are converted
    /// in registers); otherwise [`UnaryOp::run`] gets f32 runs.
    const LANEWISE: bool;
    /// `f` on one vector (lane-wise ops).
    #[inline(always)]
    fn lanes<S: Simd>(self, _s: S, x: S::F32) -> S::F32 {
        x
    }
    /// Writes `f(x[i])` to `out[i]` for `i < n` Half or BFloat16 elements (`kind`) with the
    /// conversions done in registers, rounding once as the f32 chunks would; or returns false,
    /// and the frame widens the run into f32 chunks for [`UnaryOp::run`].
    ///
    /// # Safety
    /// `x` valid for reading and `out` for writing `n` elements; they do not overlap.
    #[inline(always)]
    unsafe fn run_half<S: Simd>(
        self,
        _s: S,
        _kind: FloatKind,
        _x: *const u8,
        _out: *mut u8,
        _n: usize,
    ) -> bool {
        false
    }
    /// Writes `f(x[i])` to `out[i]` for `i < n`.
    ///
    /// # Safety
    /// `x` valid for reading and `out` for writing `n` floats; they do not overlap.
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        unsafe {
            map_lanes(
                s,
                x,
                out,
                n,
                #[inline(always)]
                |v| self.lanes(s, v),
            )
        }
    }
}

/// Applies `f` lane-wise over a run (a helper for [`UnaryOp::run`] bodies).
///
/// # Safety
/// As [`UnaryOp::run`].
#[inline(always)]
pub unsafe fn map_lanes<S: Simd>(
    s: S,
    x: *const f32,
    out: *mut f32,
    n: usize,
    f: impl Fn(S::F32) -> S::F32,
) {
    let l = S::LANES;
    let mut i = 0;
    // SAFETY: every index stays below `n`.
    unsafe {
        while i + 2 * l <= n {
            let (a, b) = (s.load(x.add(i)), s.load(x.add(i + l)));
            s.store(out.add(i), f(a));
            s.store(out.add(i + l), f(b));
            i += 2 * l;
        }
        while i + l <= n {
            s.store(out.add(i), f(s.load(x.add(i))));
            i += l;
        }
        if i < n {
            s.store_n(out.add(i), n - i, f(s.load_n(x.add(i), n - i)));
        }
    }
}

/// Integers the integer frames compute on natively (wrapping, as portable's i64 arithmetic
/// truncated to the dtype): every integer dtype, so that Byte, Char and Short run at the
/// vector width of their own size (an i32 loop would carry a quarter of the elements).
pub trait Int: Element + Ord + Copy + Send + Sync {
    /// The dtype's range, as int64.
    const MIN: i64;
    const MAX: i64;
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    /// `abs` as portable computes it (in int64, truncated): wrapping for signed dtypes, the
    /// value itself for Byte.
    fn wabs(self) -> Self;
    /// `static_cast` from int64 (wrapping).
    fn trunc(v: i64) -> Self;
}

macro_rules! int_impl {
    ($($t:ty: $abs:expr),*) => {$(
        impl Int for $t {
            const MIN: i64 = <$t>::MIN as i64;
            const MAX: i64 = <$t>::MAX as i64;
            #[inline(always)]
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)]
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            fn wabs(self) -> Self { $abs(self) }
            #[inline(always)]
            fn trunc(v: i64) -> Self { v as $t }
        }
    )*};
}
int_impl!(
    u8: core::convert::identity,
    i8: i8::wrapping_abs,
    i16: i16::wrapping_abs,
    i32: i32::wrapping_abs,
    i64: i64::wrapping_abs
);

/// `out = f(a, b)` on native integers.
pub trait IntOp: Copy + Send + Sync {
    fn apply<T: Int>(self, a: T, b: T) -> T;
}

/// `out = pred(a, b)` on native integers, into a Bool out.
pub trait IntCompare: Copy + Send + Sync {
    fn apply<T: Int>(self, a: T, b: T) -> bool;
}

/// `out = f(x)` on native integers.
pub trait IntUnary: Copy + Send + Sync {
    fn apply<T: Int>(self, x: T) -> T;
}

// ---------------------------------------------------------------------------------------------
// Operand resolution.

/// An input as a task sees it: a tensor base pointer (or null for a value) and how it is stored.
#[derive(Clone, Copy, Debug)]
struct In {
    ptr: Ptr,
    esize: usize,
    kind: FloatKind,
    /// The value of a value operand (f32 frames) ...
    value: f32,
    /// ... or of an integer value operand (bits of the native integer, as i64).
    ivalue: i64,
    is_value: bool,
}

impl In {
    fn value(v: f32) -> In {
        In {
            ptr: Ptr(core::ptr::null_mut()),
            esize: 0,
            kind: FloatKind::F32,
            value: v,
            ivalue: 0,
            is_value: true,
        }
    }
    fn ivalue(v: i64) -> In {
        In {
            ivalue: v,
            ..In::value(0.0)
        }
    }
    fn tensor(t: &Tensor<'_>, kind: FloatKind) -> In {
        In {
            ptr: Ptr(t.as_ptr() as *mut u8),
            esize: t.element_size(),
            kind,
            value: 0.0,
            ivalue: 0,
            is_value: false,
        }
    }
}

/// The value a one-element tensor has after portable's `via(common)` load into f32.
fn value_f32(t: &Tensor<'_>, common: ScalarType) -> Option<f32> {
    let v = t.read::<f32>(0)?;
    Some(if t.dtype() != common && common != ScalarType::Float {
        round_trip(v, common)
    } else {
        v
    })
}

/// The value a one-element tensor has after portable's `via(common)` load into i64.
fn value_i64(t: &Tensor<'_>, common: ScalarType) -> Option<i64> {
    let v = t.read::<i64>(0)?;
    Some(if t.dtype() != common && common != ScalarType::Long {
        round_trip(v, common)
    } else {
        v
    })
}

/// An f32-frame input: a tensor of the common dtype, a one-element tensor (as a value), or a
/// value.
fn float_in<'t, 'a>(
    o: Operand<'t, 'a>,
    common: ScalarType,
    kind: FloatKind,
) -> Option<(In, Option<&'t Tensor<'a>>)> {
    match o {
        Operand::Tensor(t) if t.dtype() == common => Some((In::tensor(t, kind), Some(t))),
        Operand::Tensor(t) if t.numel() == 1 => Some((In::value(value_f32(t, common)?), None)),
        Operand::F32(v) => Some((In::value(v), None)),
        _ => None,
    }
}

/// An integer-frame input, likewise.
fn int_in<'t, 'a>(o: Operand<'t, 'a>, common: ScalarType) -> Option<(In, Option<&'t Tensor<'a>>)> {
    match o {
        Operand::Tensor(t) if t.dtype() == common => Some((In::tensor(t, FloatKind::F32), Some(t))),
        Operand::Tensor(t) if t.numel() == 1 => Some((In::ivalue(value_i64(t, common)?), None)),
        Operand::I64(v) => Some((In::ivalue(v), None)),
        _ => None,
    }
}

/// The out's pointer, if it is writable.
fn out_ptr(out: &mut Tensor<'_>) -> Option<Ptr> {
    out.as_mut_ptr("", "out").ok().map(Ptr)
}

mod cast;
mod float;
mod int;
mod runs;
mod select;

pub use cast::cast;
pub use float::{binary_float, compare_float, unary_float};
pub use int::{binary_int, compare_int, is_int, unary_int};
pub use select::select;
