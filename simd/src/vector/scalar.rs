//! [`Scalar`]: one lane of portable Rust, the reference every other level equals (where the
//! trait says the results agree). Supported everywhere; the only level under Miri.

use super::{Kernel, MAX_LANES, Simd, f32_to_bf16_bits, f32_to_i32_x86, sealed};
use crate::detect::Isa;
use crate::math::unary_fn::UnaryFn;
use half::{bf16, f16};

/// A signaling NaN made quiet, as the vector levels' rounding instructions return it (libm's
/// `rintf` and friends return it as it is).
#[inline(always)]
fn quiet(r: f32) -> f32 {
    if r.is_nan() {
        f32::from_bits(r.to_bits() | 0x0040_0000)
    } else {
        r
    }
}

/// One lane of each type, in plain Rust (the compiler may still vectorize its loops).
#[derive(Clone, Copy, Debug, Default)]
pub struct Scalar;

impl sealed::Sealed for Scalar {}

impl Simd for Scalar {
    type F32 = f32;
    type Mask = bool;
    type I32 = i32;
    type F64 = f64;
    type Mask64 = bool;
    const LANES: usize = 1;
    const ISA: Isa = Isa::Scalar;

    #[inline(always)]
    unsafe fn assume() -> Self {
        Scalar
    }
    #[inline(always)]
    fn call<K: Kernel>(self, k: K) -> K::Output {
        k.run(self)
    }

    #[inline(always)]
    fn splat(self, x: f32) -> f32 {
        x
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> f32 {
        unsafe { *p }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: f32) {
        unsafe { *p = v }
    }
    #[inline(always)]
    unsafe fn load_n(self, p: *const f32, n: usize) -> f32 {
        if n > 0 { unsafe { *p } } else { 0.0 }
    }
    #[inline(always)]
    unsafe fn load_masked(self, p: *const f32, m: bool) -> f32 {
        if m { unsafe { *p } } else { 0.0 }
    }
    #[inline(always)]
    unsafe fn store_n(self, p: *mut f32, n: usize, v: f32) {
        if n > 0 {
            unsafe { *p = v }
        }
    }
    #[inline(always)]
    unsafe fn stream(self, p: *mut f32, v: f32) {
        unsafe { *p = v }
    }
    #[inline(always)]
    fn sfence(self) {}
    #[inline(always)]
    fn prefetch(self, _p: *const u8) {}
    #[inline(always)]
    unsafe fn gather(self, base: *const f32, idx: i32) -> f32 {
        unsafe { *base.offset(idx as isize) }
    }

    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> f32 {
        f16::from_bits(unsafe { *p }).to_f32()
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> f32 {
        if n > 0 {
            unsafe { self.load_f16(p) }
        } else {
            0.0
        }
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: f32) {
        unsafe { *p = f16::from_f32(v).to_bits() }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: f32) {
        if n > 0 {
            unsafe { self.store_f16(p, v) }
        }
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> f32 {
        f32::from_bits(u32::from(unsafe { *p }) << 16)
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> f32 {
        if n > 0 {
            unsafe { self.load_bf16(p) }
        } else {
            0.0
        }
    }
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: f32) {
        unsafe { *p = f32_to_bf16_bits(v) }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: f32) {
        if n > 0 {
            unsafe { self.store_bf16(p, v) }
        }
    }
    #[inline(always)]
    fn round_f16(self, a: f32) -> f32 {
        f16::from_f32(a).to_f32()
    }
    #[inline(always)]
    fn round_bf16(self, a: f32) -> f32 {
        bf16::from_f32(a).to_f32()
    }

    #[inline(always)]
    fn add(self, a: f32, b: f32) -> f32 {
        a + b
    }
    #[inline(always)]
    fn sub(self, a: f32, b: f32) -> f32 {
        a - b
    }
    #[inline(always)]
    fn mul(self, a: f32, b: f32) -> f32 {
        a * b
    }
    #[inline(always)]
    fn div(self, a: f32, b: f32) -> f32 {
        a / b
    }
    #[inline(always)]
    fn mul_add(self, a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }
    #[inline(always)]
    fn neg_mul_add(self, a: f32, b: f32, c: f32) -> f32 {
        (-a).mul_add(b, c)
    }
    #[inline(always)]
    fn sqrt(self, a: f32) -> f32 {
        a.sqrt()
    }
    #[inline(always)]
    fn neg(self, a: f32) -> f32 {
        -a
    }
    #[inline(always)]
    fn abs(self, a: f32) -> f32 {
        a.abs()
    }
    #[inline(always)]
    fn min(self, a: f32, b: f32) -> f32 {
        if a < b { a } else { b }
    }
    #[inline(always)]
    fn max(self, a: f32, b: f32) -> f32 {
        if a > b { a } else { b }
    }
    #[inline(always)]
    fn round(self, a: f32) -> f32 {
        quiet(a.round_ties_even())
    }
    #[inline(always)]
    fn trunc(self, a: f32) -> f32 {
        quiet(a.trunc())
    }
    #[inline(always)]
    fn floor(self, a: f32) -> f32 {
        quiet(a.floor())
    }
    #[inline(always)]
    fn ceil(self, a: f32) -> f32 {
        quiet(a.ceil())
    }
    #[inline(always)]
    fn and(self, a: f32, b: f32) -> f32 {
        f32::from_bits(a.to_bits() & b.to_bits())
    }
    #[inline(always)]
    fn or(self, a: f32, b: f32) -> f32 {
        f32::from_bits(a.to_bits() | b.to_bits())
    }
    #[inline(always)]
    fn xor(self, a: f32, b: f32) -> f32 {
        f32::from_bits(a.to_bits() ^ b.to_bits())
    }

    #[inline(always)]
    fn eq(self, a: f32, b: f32) -> bool {
        a == b
    }
    #[inline(always)]
    fn ne(self, a: f32, b: f32) -> bool {
        a != b
    }
    #[inline(always)]
    fn lt(self, a: f32, b: f32) -> bool {
        a < b
    }
    #[inline(always)]
    fn le(self, a: f32, b: f32) -> bool {
        a <= b
    }
    #[inline(always)]
    fn is_nan(self, a: f32) -> bool {
        a.is_nan()
    }
    #[inline(always)]
    fn select(self, m: bool, a: f32, b: f32) -> f32 {
        if m { a } else { b }
    }
    #[inline(always)]
    fn mask_and(self, a: bool, b: bool) -> bool {
        a & b
    }
    #[inline(always)]
    fn mask_or(self, a: bool, b: bool) -> bool {
        a | b
    }
    #[inline(always)]
    fn mask_not(self, a: bool) -> bool {
        !a
    }
    #[inline(always)]
    fn any(self, m: bool) -> bool {
        m
    }
    #[inline(always)]
    fn first_n(self, n: usize) -> bool {
        n > 0
    }
    #[inline(always)]
    fn mask_from_bits(self, bits: u64) -> bool {
        bits & 1 != 0
    }
    #[inline(always)]
    unsafe fn store_mask(self, p: *mut u8, m: bool) {
        unsafe { *p = m as u8 }
    }
    #[inline(always)]
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: bool) {
        if n > 0 {
            unsafe { *p = m as u8 }
        }
    }
    #[inline(always)]
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> f32 {
        // 4 / E elements of E bytes in the one 4-byte lane.
        let ones = if E >= 4 {
            u32::MAX
        } else {
            (1u32 << (8 * E)) - 1
        };
        let mut bits = 0u32;
        for k in 0..(4 / E).max(1) {
            if unsafe { *p.add(k) } != 0 {
                bits |= ones << (8 * E * k);
            }
        }
        f32::from_bits(bits)
    }
    #[inline(always)]
    fn bitselect(self, m: f32, a: f32, b: f32) -> f32 {
        f32::from_bits((m.to_bits() & a.to_bits()) | (!m.to_bits() & b.to_bits()))
    }

    #[inline(always)]
    fn reduce_sum(self, v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn reduce_max(self, v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn reduce_min(self, v: f32) -> f32 {
        v
    }
    #[inline(always)]
    fn transpose(self, _t: &mut [f32; MAX_LANES]) {}

    #[inline(always)]
    fn splat_i32(self, x: i32) -> i32 {
        x
    }
    #[inline(always)]
    unsafe fn load_i32(self, p: *const i32) -> i32 {
        unsafe { *p }
    }
    #[inline(always)]
    unsafe fn store_i32(self, p: *mut i32, v: i32) {
        unsafe { *p = v }
    }
    #[inline(always)]
    unsafe fn load_i32_n(self, p: *const i32, n: usize) -> i32 {
        if n > 0 { unsafe { *p } } else { 0 }
    }
    #[inline(always)]
    unsafe fn store_i32_n(self, p: *mut i32, n: usize, v: i32) {
        if n > 0 {
            unsafe { *p = v }
        }
    }
    #[inline(always)]
    fn add_i32(self, a: i32, b: i32) -> i32 {
        a.wrapping_add(b)
    }
    #[inline(always)]
    fn sub_i32(self, a: i32, b: i32) -> i32 {
        a.wrapping_sub(b)
    }
    #[inline(always)]
    fn mul_i32(self, a: i32, b: i32) -> i32 {
        a.wrapping_mul(b)
    }
    #[inline(always)]
    fn min_i32(self, a: i32, b: i32) -> i32 {
        a.min(b)
    }
    #[inline(always)]
    fn max_i32(self, a: i32, b: i32) -> i32 {
        a.max(b)
    }
    #[inline(always)]
    fn and_i32(self, a: i32, b: i32) -> i32 {
        a & b
    }
    #[inline(always)]
    fn or_i32(self, a: i32, b: i32) -> i32 {
        a | b
    }
    #[inline(always)]
    fn xor_i32(self, a: i32, b: i32) -> i32 {
        a ^ b
    }
    #[inline(always)]
    fn shl_i32<const N: i32>(self, a: i32) -> i32 {
        a << N
    }
    #[inline(always)]
    fn shr_i32<const N: i32>(self, a: i32) -> i32 {
        ((a as u32) >> N) as i32
    }
    #[inline(always)]
    fn sra_i32<const N: i32>(self, a: i32) -> i32 {
        a >> N
    }
    #[inline(always)]
    fn eq_i32(self, a: i32, b: i32) -> bool {
        a == b
    }
    #[inline(always)]
    fn gt_i32(self, a: i32, b: i32) -> bool {
        a > b
    }
    #[inline(always)]
    fn select_i32(self, m: bool, a: i32, b: i32) -> i32 {
        if m { a } else { b }
    }
    #[inline(always)]
    fn zip_lo_i32(self, a: i32, _b: i32) -> i32 {
        a
    }
    #[inline(always)]
    fn zip_hi_i32(self, _a: i32, b: i32) -> i32 {
        b
    }
    #[inline(always)]
    fn reduce_sum_i32(self, v: i32) -> i32 {
        v
    }
    #[inline(always)]
    fn to_bits(self, a: f32) -> i32 {
        a.to_bits() as i32
    }
    #[inline(always)]
    fn from_bits(self, a: i32) -> f32 {
        f32::from_bits(a as u32)
    }
    #[inline(always)]
    fn from_i32(self, a: i32) -> f32 {
        a as f32
    }
    #[inline(always)]
    fn to_i32_round(self, a: f32) -> i32 {
        f32_to_i32_x86(a.round_ties_even())
    }
    #[inline(always)]
    fn to_i32_trunc(self, a: f32) -> i32 {
        f32_to_i32_x86(a)
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32(self, p: *const u8) -> i32 {
        i32::from(unsafe { *p })
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32_n(self, p: *const u8, n: usize) -> i32 {
        if n > 0 { i32::from(unsafe { *p }) } else { 0 }
    }
    #[inline(always)]
    unsafe fn load_i8_as_i32(self, p: *const i8) -> i32 {
        i32::from(unsafe { *p })
    }
    #[inline(always)]
    unsafe fn load_i16_as_i32(self, p: *const i16) -> i32 {
        i32::from(unsafe { p.read_unaligned() })
    }
    #[inline(always)]
    unsafe fn load_u16_as_i32(self, p: *const u16) -> i32 {
        i32::from(unsafe { p.read_unaligned() })
    }
    #[inline(always)]
    unsafe fn store_i32_as_u8(self, p: *mut u8, v: i32) {
        unsafe { *p = v as u8 }
    }
    #[inline(always)]
    unsafe fn store_i32_as_i16(self, p: *mut i16, v: i32) {
        unsafe { p.write_unaligned(v as i16) }
    }

    #[inline(always)]
    fn splat_f64(self, x: f64) -> f64 {
        x
    }
    #[inline(always)]
    unsafe fn load_f64(self, p: *const f64) -> f64 {
        unsafe { *p }
    }
    #[inline(always)]
    unsafe fn store_f64(self, p: *mut f64, v: f64) {
        unsafe { *p = v }
    }
    #[inline(always)]
    unsafe fn load_f64_n(self, p: *const f64, n: usize) -> f64 {
        if n > 0 { unsafe { *p } } else { 0.0 }
    }
    #[inline(always)]
    unsafe fn store_f64_n(self, p: *mut f64, n: usize, v: f64) {
        if n > 0 {
            unsafe { *p = v }
        }
    }
    #[inline(always)]
    fn add_f64(self, a: f64, b: f64) -> f64 {
        a + b
    }
    #[inline(always)]
    fn sub_f64(self, a: f64, b: f64) -> f64 {
        a - b
    }
    #[inline(always)]
    fn mul_f64(self, a: f64, b: f64) -> f64 {
        a * b
    }
    #[inline(always)]
    fn div_f64(self, a: f64, b: f64) -> f64 {
        a / b
    }
    #[inline(always)]
    fn sqrt_f64(self, a: f64) -> f64 {
        a.sqrt()
    }
    #[inline(always)]
    fn mul_add_f64(self, a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }
    #[inline(always)]
    fn min_f64(self, a: f64, b: f64) -> f64 {
        if a < b { a } else { b }
    }
    #[inline(always)]
    fn max_f64(self, a: f64, b: f64) -> f64 {
        if a > b { a } else { b }
    }
    #[inline(always)]
    fn lt_f64(self, a: f64, b: f64) -> bool {
        a < b
    }
    #[inline(always)]
    fn le_f64(self, a: f64, b: f64) -> bool {
        a <= b
    }
    #[inline(always)]
    fn eq_f64(self, a: f64, b: f64) -> bool {
        a == b
    }
    #[inline(always)]
    fn select_f64(self, m: bool, a: f64, b: f64) -> f64 {
        if m { a } else { b }
    }
    #[inline(always)]
    fn reduce_sum_f64(self, v: f64) -> f64 {
        v
    }
    #[inline(always)]
    fn f32_to_f64(self, a: f32) -> f64 {
        f64::from(a)
    }
    #[inline(always)]
    fn f64_to_f32(self, a: f64) -> f32 {
        a as f32
    }

    #[inline(always)]
    fn unary(self, f: UnaryFn, x: f32) -> f32 {
        f.eval_scalar(x)
    }
    #[inline(always)]
    unsafe fn unary_run(self, f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
        unsafe { crate::math::scalar::run(f, src, dst, n) }
    }
    #[inline(always)]
    unsafe fn unary_run_f16(self, f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
        unsafe { crate::math::scalar::run_f16(f, src, dst, n) }
    }
}
