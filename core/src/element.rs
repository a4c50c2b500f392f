//! Element types and the conversions between them.
//!
//! Kernels compute in a few *compute types* (`bool`, `i64`, `f32`, `f64`) and convert on load
//! and store, so that the number of dtype combinations does not multiply compiled code: an
//! operator's inner loop is compiled once per compute type, and the ten element types reach it
//! through the load/store thunks below.
//!
//! Conversions follow C++ `static_cast`, which is what ATen's CPU kernels do: integers wrap,
//! floats truncate toward zero when converted to integers (through `int64`, as ATen does for
//! `uint8`), anything non-zero is `true`, and `double -> Half/BFloat16` goes through `float`.
//! Float-to-integer conversion of NaN or of out-of-range values is undefined in C++; here it
//! gives what x86-64 gives (the integer indefinite value), which is what ATen answers there.

use crate::dtype::ScalarType;
use half::{bf16, f16};

mod sealed {
    pub trait Sealed {}
}

/// A Rust type that is the element type of a dtype.
pub trait Element: Copy + Default + PartialEq + Send + Sync + 'static + sealed::Sealed {
    const DTYPE: ScalarType;
    fn to_bool(self) -> bool;
    fn to_i64(self) -> i64;
    fn to_f32(self) -> f32;
    fn to_f64(self) -> f64;
    fn from_bool(v: bool) -> Self;
    fn from_i64(v: i64) -> Self;
    fn from_f32(v: f32) -> Self;
    fn from_f64(v: f64) -> Self;
}

/// `(int64_t)x` as x86-64 computes it (`cvttsd2si`): truncation, and `INT64_MIN` for NaN and
/// values out of range.
#[inline(always)]
pub fn f64_to_i64_x86(x: f64) -> i64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if (-TWO_63..TWO_63).contains(&x) {
        x as i64
    } else {
        i64::MIN
    }
}

/// `(int32_t)x` as x86-64 computes it: truncation, and `INT32_MIN` for NaN and values out of
/// range. C++ converts to int8 and int16 through this too.
#[inline(always)]
pub fn f64_to_i32_x86(x: f64) -> i32 {
    if x > -2_147_483_649.0 && x < 2_147_483_648.0 {
        x as i32
    } else {
        i32::MIN
    }
}

macro_rules! int_element {
    ($t:ty, $dt:ident, $via:ident) => {
        impl sealed::Sealed for $t {}
        impl Element for $t {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn to_bool(self) -> bool {
                self != 0
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                self as i64
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                self as f32
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline(always)]
            fn from_bool(v: bool) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_f32(v: f32) -> Self {
                $via(v as f64) as $t
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                $via(v) as $t
            }
        }
    };
}
// ATen converts to uint8 through int64 (so -1.0 becomes 255); C++ converts to the narrow
// signed types through int32.
int_element!(u8, Byte, f64_to_i64_x86);
int_element!(i8, Char, f64_to_i32_x86);
int_element!(i16, Short, f64_to_i32_x86);
int_element!(i32, Int, f64_to_i32_x86);
int_element!(i64, Long, f64_to_i64_x86);

impl sealed::Sealed for bool {}
impl Element for bool {
    const DTYPE: ScalarType = ScalarType::Bool;
    #[inline(always)]
    fn to_bool(self) -> bool {
        self
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as u8 as f32
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        v
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v != 0
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v != 0.0
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        v != 0.0
    }
}

macro_rules! float_element {
    ($t:ty, $dt:ident, $to32:expr, $from32:expr, $from64:expr) => {
        impl sealed::Sealed for $t {}
        impl Element for $t {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn to_bool(self) -> bool {
                $to32(self) != 0.0
            }
            #[inline(always)]
            fn to_i64(self) -> i64 {
                f64_to_i64_x86($to32(self) as f64)
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                $to32(self)
            }
            #[inline(always)]
            fn to_f64(self) -> f64 {
                $to32(self) as f64
            }
            #[inline(always)]
            fn from_bool(v: bool) -> Self {
                $from32(v as u8 as f32)
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                $from32(v as f32)
            }
            #[inline(always)]
            fn from_f32(v: f32) -> Self {
                $from32(v)
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                $from64(v)
            }
        }
    };
}
float_element!(f32, Float, |x: f32| x, |x: f32| x, |x: f64| x as f32);
// ATen converts double to Half/BFloat16 through float (two roundings); so do we.
float_element!(f16, Half, f16::to_f32, f16::from_f32, |x: f64| {
    f16::from_f32(x as f32)
});
float_element!(bf16, BFloat16, bf16::to_f32, bf16::from_f32, |x: f64| {
    bf16::from_f32(x as f32)
});

impl sealed::Sealed for f64 {}
impl Element for f64 {
    const DTYPE: ScalarType = ScalarType::Double;
    #[inline(always)]
    fn to_bool(self) -> bool {
        self != 0.0
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        f64_to_i64_x86(self)
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self as f32
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        v as u8 as f64
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v as f64
    }
    #[inline(always)]
    fn from_f32(v: f32) -> Self {
        v as f64
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        v
    }
}

/// A type kernels compute in: `bool`, `i64`, `f32` or `f64`.
pub trait Compute: Copy + Default + PartialEq + PartialOrd + Send + Sync + 'static {
    /// The dtype whose values this compute type holds exactly.
    const DTYPE: ScalarType;
    fn load<E: Element>(e: E) -> Self;
    fn store<E: Element>(self) -> E;
}

macro_rules! compute {
    ($t:ty, $dt:ident, $to:ident, $from:ident) => {
        impl Compute for $t {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn load<E: Element>(e: E) -> Self {
                e.$to()
            }
            #[inline(always)]
            fn store<E: Element>(self) -> E {
                E::$from(self)
            }
        }
    };
}
compute!(bool, Bool, to_bool, from_bool);
compute!(i64, Long, to_i64, from_i64);
compute!(f32, Float, to_f32, from_f32);
compute!(f64, Double, to_f64, from_f64);

/// Reads `dst.len()` elements of one dtype from `src`, `stride` elements apart, converting
/// each to `C`.
///
/// # Safety
/// `src` must be aligned for the dtype and every `src + i * stride` for `i < dst.len()` must be
/// a readable element.
pub type LoadFn<C> = unsafe fn(src: *const u8, stride: isize, dst: &mut [C]);

/// Writes `src` converted to one dtype at `dst`, `stride` elements apart.
///
/// # Safety
/// `dst` must be aligned for the dtype and every `dst + i * stride` for `i < src.len()` must be
/// a writable element that no one else is reading.
pub type StoreFn<C> = unsafe fn(dst: *mut u8, stride: isize, src: &[C]);

unsafe fn load_strided<E: Element, C: Compute>(src: *const u8, stride: isize, dst: &mut [C]) {
    let p = src as *const E;
    if stride == 1 {
        // SAFETY: the caller guarantees `dst.len()` contiguous readable elements.
        let s = unsafe { core::slice::from_raw_parts(p, dst.len()) };
        for (d, &e) in dst.iter_mut().zip(s) {
            *d = C::load(e);
        }
    } else {
        for (i, d) in dst.iter_mut().enumerate() {
            // SAFETY: the caller guarantees element `i * stride` is readable.
            *d = C::load(unsafe { *p.offset(i as isize * stride) });
        }
    }
}

unsafe fn store_strided<E: Element, C: Compute>(dst: *mut u8, stride: isize, src: &[C]) {
    let p = dst as *mut E;
    if stride == 1 {
        // SAFETY: the caller guarantees `src.len()` contiguous writable elements.
        let d = unsafe { core::slice::from_raw_parts_mut(p, src.len()) };
        for (d, &c) in d.iter_mut().zip(src) {
            *d = c.store();
        }
    } else {
        for (i, &c) in src.iter().enumerate() {
            // SAFETY: the caller guarantees element `i * stride` is writable.
            unsafe { *p.offset(i as isize * stride) = c.store() };
        }
    }
}

/// Calls `$body` with the type alias `$E` bound to the element type of `$dtype`, or evaluates
/// `$other` for dtypes without an element type.
#[macro_export]
macro_rules! match_element {
    ($dtype:expr, $E:ident => $body:expr, _ => $other:expr) => {
        match $dtype {
            $crate::ScalarType::Bool => {
                type $E = bool;
                $body
            }
            $crate::ScalarType::Byte => {
                type $E = u8;
                $body
            }
            $crate::ScalarType::Char => {
                type $E = i8;
                $body
            }
            $crate::ScalarType::Short => {
                type $E = i16;
                $body
            }
            $crate::ScalarType::Int => {
                type $E = i32;
                $body
            }
            $crate::ScalarType::Long => {
                type $E = i64;
                $body
            }
            $crate::ScalarType::Half => {
                type $E = $crate::f16;
                $body
            }
            $crate::ScalarType::BFloat16 => {
                type $E = $crate::bf16;
                $body
            }
            $crate::ScalarType::Float => {
                type $E = f32;
                $body
            }
            $crate::ScalarType::Double => {
                type $E = f64;
                $body
            }
            #[allow(unreachable_patterns)]
            _ => $other,
        }
    };
}

/// The thunk that loads `dtype` elements as `C`, or `None` for dtypes without an element type.
pub fn loader<C: Compute>(dtype: ScalarType) -> Option<LoadFn<C>> {
    match_element!(dtype, E => Some(load_strided::<E, C> as LoadFn<C>), _ => None)
}

/// The thunk that stores `C` values as `dtype` elements, or `None` for dtypes without one.
/// A real compute value stored into a complex dtype becomes `(v, 0)` (c10's cast); complex
/// compute types bring their own thunks for complex dtypes.
pub fn storer<C: Compute>(dtype: ScalarType) -> Option<StoreFn<C>> {
    if dtype.is_complex() && !C::DTYPE.is_complex() {
        return match dtype {
            ScalarType::ComplexHalf => Some(store_as_complex::<crate::f16, C>),
            ScalarType::ComplexFloat => Some(store_as_complex::<f32, C>),
            _ => Some(store_as_complex::<f64, C>),
        };
    }
    match_element!(dtype, E => Some(store_strided::<E, C> as StoreFn<C>), _ => None)
}

/// Stores real values as complex elements of part type `P`: `(v, 0)`, `stride` complex
/// elements apart.
unsafe fn store_as_complex<P: Element, C: Compute>(dst: *mut u8, stride: isize, src: &[C]) {
    let p = dst as *mut P;
    for (i, &c) in src.iter().enumerate() {
        // SAFETY: the caller guarantees complex element `i * stride` (two consecutive `P`s,
        // aligned for `P`) is writable.
        unsafe {
            let q = p.offset(2 * i as isize * stride);
            *q = c.store();
            *q.add(1) = P::default();
        }
    }
}

/// `static_cast<dtype>(v)` observed back in `C`: the value `v` takes after being stored in a
/// `dtype` element (wrapping for integers, rounding for Half, ...).
pub fn round_trip<C: Compute>(v: C, dtype: ScalarType) -> C {
    match_element!(dtype, E => C::load::<E>(v.store::<E>()), _ => v)
}
