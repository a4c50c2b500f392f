//! [`Neon`]: 4 lanes of aarch64 Advanced SIMD (part of the aarch64 baseline, so nothing is
//! enabled or detected).
//!
//! x86 semantics the trait promises are kept: `min` / `max` return their second operand when
//! either is NaN (NEON's `fmin` / `fmax` would return the NaN), conversions to `i32` give
//! `i32::MIN` out of range where the trait says so. Half conversions are `fcvtl` / `fcvtn`
//! (base Advanced SIMD; their Rust intrinsics need the unstable `f16` type, so they are written
//! as inline assembly).

use super::{Kernel, MAX_LANES, Simd, copy_elems, sealed};
use crate::detect::Isa;
use crate::math::unary_fn::UnaryFn;
use core::arch::aarch64::*;
use core::arch::asm;

/// 4 lanes (aarch64 Advanced SIMD).
#[derive(Clone, Copy, Debug)]
pub struct Neon(());

impl sealed::Sealed for Neon {}

/// The level's entry (see `avx2::run`): NEON is the baseline, so this only keeps a kernel
/// entered from several places compiled once.
#[inline(never)]
fn run<K: Kernel>(k: K) -> K::Output {
    k.run(Neon(()))
}

/// Lanes `i < n` all ones.
#[inline(always)]
fn tail_mask(n: usize) -> uint32x4_t {
    unsafe {
        let idx = vld1q_u32([0u32, 1, 2, 3].as_ptr());
        vcltq_u32(idx, vdupq_n_u32(n.min(4) as u32))
    }
}

/// `(f32 bits) -> bf16 bits` in the low half of each lane (`half::bf16::from_f32`).
#[inline(always)]
fn bf16_bits(v: float32x4_t) -> uint32x4_t {
    unsafe {
        let x = vreinterpretq_u32_f32(v);
        let lsb = vandq_u32(vshrq_n_u32::<16>(x), vdupq_n_u32(1));
        let rounded = vshrq_n_u32::<16>(vaddq_u32(x, vaddq_u32(vdupq_n_u32(0x7fff), lsb)));
        let quiet = vorrq_u32(vshrq_n_u32::<16>(x), vdupq_n_u32(0x40));
        let nan = vmvnq_u32(vceqq_f32(v, v));
        vbslq_u32(nan, quiet, rounded)
    }
}

/// 4 Half values (bits) widened: `fcvtl`.
#[inline(always)]
fn widen_f16(h: uint16x4_t) -> float32x4_t {
    let r: float32x4_t;
    // SAFETY: a register-only conversion of base Advanced SIMD.
    unsafe {
        asm!("fcvtl {r:v}.4s, {h:v}.4h", h = in(vreg) h, r = lateout(vreg) r,
             options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// 4 f32 rounded to Half bits (nearest even, the FPCR's default): `fcvtn`.
#[inline(always)]
fn narrow_f16(v: float32x4_t) -> uint16x4_t {
    let r: uint16x4_t;
    // SAFETY: as `widen_f16`.
    unsafe {
        asm!("fcvtn {r:v}.4h, {v:v}.4s", v = in(vreg) v, r = lateout(vreg) r,
             options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// `f32 -> i32` lanes with x86's answer (`i32::MIN`) for NaN and out-of-range lanes.
#[inline(always)]
fn x86_range(a: float32x4_t, cvt: int32x4_t) -> int32x4_t {
    unsafe {
        let lo = vcgeq_f32(a, vdupq_n_f32(-2_147_483_648.0));
        let hi = vcltq_f32(a, vdupq_n_f32(2_147_483_648.0));
        vbslq_s32(vandq_u32(lo, hi), cvt, vdupq_n_s32(i32::MIN))
    }
}

/// Halving reduction of 4 lanes with `f`: `(v0 f v2) f (v1 f v3)`.
#[inline(always)]
fn halve(v: float32x4_t, f: impl Fn(float32x2_t, float32x2_t) -> float32x2_t) -> f32 {
    unsafe {
        let h = f(vget_low_f32(v), vget_high_f32(v));
        let r = f(h, vdup_lane_f32::<1>(h));
        vget_lane_f32::<0>(r)
    }
}

/// The first `n` of 4 elements of `T` copied into a zeroed buffer.
#[inline(always)]
unsafe fn head<T: Copy + Default>(p: *const T, n: usize) -> [T; 4] {
    let mut b = [T::default(); 4];
    unsafe { copy_elems(p, b.as_mut_ptr(), n.min(4)) };
    b
}

// SAFETY (every method below): NEON is the aarch64 baseline; pointers are valid as each
// method's contract says.
impl Simd for Neon {
    type F32 = float32x4_t;
    type Mask = uint32x4_t;
    type I32 = int32x4_t;
    type F64 = [float64x2_t; 2];
    type Mask64 = [uint64x2_t; 2];
    const LANES: usize = 4;
    const ISA: Isa = Isa::Neon;

    #[inline(always)]
    unsafe fn assume() -> Self {
        Neon(())
    }
    #[inline(always)]
    fn call<K: Kernel>(self, k: K) -> K::Output {
        run(k)
    }

    #[inline(always)]
    fn splat(self, x: f32) -> float32x4_t {
        unsafe { vdupq_n_f32(x) }
    }
    #[inline(always)]
    unsafe fn load(self, p: *const f32) -> float32x4_t {
        unsafe { vld1q_f32(p) }
    }
    #[inline(always)]
    unsafe fn store(self, p: *mut f32, v: float32x4_t) {
        unsafe { vst1q_f32(p, v) }
    }
    #[inline(always)]
    unsafe fn load_n(self, p: *const f32, n: usize) -> float32x4_t {
        unsafe { vld1q_f32(head(p, n).as_ptr()) }
    }
    #[inline(always)]
    unsafe fn load_masked(self, p: *const f32, m: uint32x4_t) -> float32x4_t {
        // no masked load: the set lanes one by one
        let mut b = [0f32; 4];
        unsafe {
            let mut on = [0u32; 4];
            vst1q_u32(on.as_mut_ptr(), m);
            for (i, v) in b.iter_mut().enumerate() {
                if on[i] != 0 {
                    *v = *p.add(i);
                }
            }
            vld1q_f32(b.as_ptr())
        }
    }
    #[inline(always)]
    unsafe fn store_n(self, p: *mut f32, n: usize, v: float32x4_t) {
        let mut b = [0f32; 4];
        unsafe {
            vst1q_f32(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    unsafe fn stream(self, p: *mut f32, v: float32x4_t) {
        unsafe { vst1q_f32(p, v) }
    }
    #[inline(always)]
    fn sfence(self) {}
    #[inline(always)]
    fn prefetch(self, p: *const u8) {
        // SAFETY: a prefetch reads nothing architecturally and never faults.
        unsafe {
            asm!("prfm pldl1keep, [{p}]", p = in(reg) p,
                 options(nostack, readonly, preserves_flags));
        }
    }
    #[inline(always)]
    unsafe fn gather(self, base: *const f32, idx: int32x4_t) -> float32x4_t {
        unsafe {
            let mut i = [0i32; 4];
            vst1q_s32(i.as_mut_ptr(), idx);
            let v = [0, 1, 2, 3].map(|k| *base.offset(i[k] as isize));
            vld1q_f32(v.as_ptr())
        }
    }

    #[inline(always)]
    unsafe fn load_f16(self, p: *const u16) -> float32x4_t {
        widen_f16(unsafe { vld1_u16(p) })
    }
    #[inline(always)]
    unsafe fn load_f16_n(self, p: *const u16, n: usize) -> float32x4_t {
        widen_f16(unsafe { vld1_u16(head(p, n).as_ptr()) })
    }
    #[inline(always)]
    unsafe fn store_f16(self, p: *mut u16, v: float32x4_t) {
        unsafe { vst1_u16(p, narrow_f16(v)) }
    }
    #[inline(always)]
    unsafe fn store_f16_n(self, p: *mut u16, n: usize, v: float32x4_t) {
        let mut b = [0u16; 4];
        unsafe {
            vst1_u16(b.as_mut_ptr(), narrow_f16(v));
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    unsafe fn load_bf16(self, p: *const u16) -> float32x4_t {
        unsafe { vreinterpretq_f32_u32(vshll_n_u16::<16>(vld1_u16(p))) }
    }
    #[inline(always)]
    unsafe fn load_bf16_n(self, p: *const u16, n: usize) -> float32x4_t {
        unsafe { self.load_bf16(head(p, n).as_ptr()) }
    }
    #[inline(always)]
    unsafe fn store_bf16(self, p: *mut u16, v: float32x4_t) {
        unsafe { vst1_u16(p, vmovn_u32(bf16_bits(v))) }
    }
    #[inline(always)]
    unsafe fn store_bf16_n(self, p: *mut u16, n: usize, v: float32x4_t) {
        let mut b = [0u16; 4];
        unsafe {
            self.store_bf16(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    fn round_f16(self, a: float32x4_t) -> float32x4_t {
        widen_f16(narrow_f16(a))
    }
    #[inline(always)]
    fn round_bf16(self, a: float32x4_t) -> float32x4_t {
        unsafe { vreinterpretq_f32_u32(vshlq_n_u32::<16>(bf16_bits(a))) }
    }

    #[inline(always)]
    fn add(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vaddq_f32(a, b) }
    }
    #[inline(always)]
    fn sub(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vsubq_f32(a, b) }
    }
    #[inline(always)]
    fn mul(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vmulq_f32(a, b) }
    }
    #[inline(always)]
    fn div(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vdivq_f32(a, b) }
    }
    #[inline(always)]
    fn mul_add(self, a: float32x4_t, b: float32x4_t, c: float32x4_t) -> float32x4_t {
        unsafe { vfmaq_f32(c, a, b) }
    }
    #[inline(always)]
    fn neg_mul_add(self, a: float32x4_t, b: float32x4_t, c: float32x4_t) -> float32x4_t {
        unsafe { vfmsq_f32(c, a, b) }
    }
    #[inline(always)]
    fn sqrt(self, a: float32x4_t) -> float32x4_t {
        unsafe { vsqrtq_f32(a) }
    }
    #[inline(always)]
    fn neg(self, a: float32x4_t) -> float32x4_t {
        unsafe { vnegq_f32(a) }
    }
    #[inline(always)]
    fn abs(self, a: float32x4_t) -> float32x4_t {
        unsafe { vabsq_f32(a) }
    }
    #[inline(always)]
    fn min(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        // x86 `minps`: `a < b ? a : b`, so a NaN in either gives `b`.
        self.select(self.lt(a, b), a, b)
    }
    #[inline(always)]
    fn max(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        self.select(self.lt(b, a), a, b)
    }
    #[inline(always)]
    fn round(self, a: float32x4_t) -> float32x4_t {
        unsafe { vrndnq_f32(a) }
    }
    #[inline(always)]
    fn trunc(self, a: float32x4_t) -> float32x4_t {
        unsafe { vrndq_f32(a) }
    }
    #[inline(always)]
    fn floor(self, a: float32x4_t) -> float32x4_t {
        unsafe { vrndmq_f32(a) }
    }
    #[inline(always)]
    fn ceil(self, a: float32x4_t) -> float32x4_t {
        unsafe { vrndpq_f32(a) }
    }
    #[inline(always)]
    fn and(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe {
            vreinterpretq_f32_u32(vandq_u32(
                vreinterpretq_u32_f32(a),
                vreinterpretq_u32_f32(b),
            ))
        }
    }
    #[inline(always)]
    fn or(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe {
            vreinterpretq_f32_u32(vorrq_u32(
                vreinterpretq_u32_f32(a),
                vreinterpretq_u32_f32(b),
            ))
        }
    }
    #[inline(always)]
    fn xor(self, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe {
            vreinterpretq_f32_u32(veorq_u32(
                vreinterpretq_u32_f32(a),
                vreinterpretq_u32_f32(b),
            ))
        }
    }

    #[inline(always)]
    fn eq(self, a: float32x4_t, b: float32x4_t) -> uint32x4_t {
        unsafe { vceqq_f32(a, b) }
    }
    #[inline(always)]
    fn ne(self, a: float32x4_t, b: float32x4_t) -> uint32x4_t {
        unsafe { vmvnq_u32(vceqq_f32(a, b)) }
    }
    #[inline(always)]
    fn lt(self, a: float32x4_t, b: float32x4_t) -> uint32x4_t {
        unsafe { vcltq_f32(a, b) }
    }
    #[inline(always)]
    fn le(self, a: float32x4_t, b: float32x4_t) -> uint32x4_t {
        unsafe { vcleq_f32(a, b) }
    }
    #[inline(always)]
    fn is_nan(self, a: float32x4_t) -> uint32x4_t {
        unsafe { vmvnq_u32(vceqq_f32(a, a)) }
    }
    #[inline(always)]
    fn select(self, m: uint32x4_t, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vbslq_f32(m, a, b) }
    }
    #[inline(always)]
    fn mask_and(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
        unsafe { vandq_u32(a, b) }
    }
    #[inline(always)]
    fn mask_or(self, a: uint32x4_t, b: uint32x4_t) -> uint32x4_t {
        unsafe { vorrq_u32(a, b) }
    }
    #[inline(always)]
    fn mask_not(self, a: uint32x4_t) -> uint32x4_t {
        unsafe { vmvnq_u32(a) }
    }
    #[inline(always)]
    fn any(self, m: uint32x4_t) -> bool {
        // Two lane reads rather than `vmaxvq_u32(m) != 0`: with that, the math's `Pair`
        // kernels missed a tail lane of one half (gelu_erf, math_ulp's random inputs) when the
        // other half held a NaN with its sign bit set, under qemu-aarch64; whether the compiler
        // or the emulator was at fault was not pinned down.
        unsafe {
            let m = vreinterpretq_u64_u32(m);
            (vgetq_lane_u64::<0>(m) | vgetq_lane_u64::<1>(m)) != 0
        }
    }
    #[inline(always)]
    fn first_n(self, n: usize) -> uint32x4_t {
        tail_mask(n)
    }
    #[inline(always)]
    fn mask_from_bits(self, bits: u64) -> uint32x4_t {
        unsafe {
            let lane_bits = vld1q_u32([1u32, 2, 4, 8].as_ptr());
            vceqq_u32(vandq_u32(vdupq_n_u32(bits as u32), lane_bits), lane_bits)
        }
    }
    #[inline(always)]
    unsafe fn store_mask(self, p: *mut u8, m: uint32x4_t) {
        unsafe {
            let h = vmovn_u32(vandq_u32(m, vdupq_n_u32(1)));
            let b = vmovn_u16(vcombine_u16(h, h));
            vst1_lane_u32::<0>(p as *mut u32, vreinterpret_u32_u8(b));
        }
    }
    #[inline(always)]
    unsafe fn store_mask_n(self, p: *mut u8, n: usize, m: uint32x4_t) {
        let mut b = [0u8; 4];
        unsafe {
            self.store_mask(b.as_mut_ptr(), m);
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    unsafe fn load_byte_mask<const E: usize>(self, p: *const u8) -> float32x4_t {
        unsafe {
            let m = match E {
                1 => {
                    let c = vld1q_u8(p);
                    vreinterpretq_u32_u8(vtstq_u8(c, c))
                }
                2 => {
                    let c = vmovl_u8(vld1_u8(p));
                    vreinterpretq_u32_u16(vtstq_u16(c, c))
                }
                4 => {
                    let w = (p as *const u32).read_unaligned();
                    let c = vmovl_u16(vget_low_u16(vmovl_u8(vcreate_u8(u64::from(w)))));
                    vtstq_u32(c, c)
                }
                _ => {
                    let w = (p as *const u16).read_unaligned();
                    let c = vmovl_u32(vget_low_u32(vmovl_u16(vget_low_u16(vmovl_u8(vcreate_u8(
                        u64::from(w),
                    ))))));
                    vreinterpretq_u32_u64(vtstq_u64(c, c))
                }
            };
            vreinterpretq_f32_u32(m)
        }
    }
    #[inline(always)]
    fn bitselect(self, m: float32x4_t, a: float32x4_t, b: float32x4_t) -> float32x4_t {
        unsafe { vbslq_f32(vreinterpretq_u32_f32(m), a, b) }
    }

    #[inline(always)]
    fn reduce_sum(self, v: float32x4_t) -> f32 {
        halve(v, |a, b| unsafe { vadd_f32(a, b) })
    }
    #[inline(always)]
    fn reduce_max(self, v: float32x4_t) -> f32 {
        // x86 `max` per step: `a > b ? a : b`.
        halve(v, |a, b| unsafe { vbsl_f32(vcgt_f32(a, b), a, b) })
    }
    #[inline(always)]
    fn reduce_min(self, v: float32x4_t) -> f32 {
        halve(v, |a, b| unsafe { vbsl_f32(vclt_f32(a, b), a, b) })
    }
    #[inline(always)]
    fn transpose(self, t: &mut [float32x4_t; MAX_LANES]) {
        unsafe {
            let (a0, a1) = (vtrn1q_f32(t[0], t[1]), vtrn2q_f32(t[0], t[1]));
            let (a2, a3) = (vtrn1q_f32(t[2], t[3]), vtrn2q_f32(t[2], t[3]));
            let d = |x| vreinterpretq_f64_f32(x);
            let f = |x| vreinterpretq_f32_f64(x);
            t[0] = f(vtrn1q_f64(d(a0), d(a2)));
            t[1] = f(vtrn1q_f64(d(a1), d(a3)));
            t[2] = f(vtrn2q_f64(d(a0), d(a2)));
            t[3] = f(vtrn2q_f64(d(a1), d(a3)));
        }
    }

    #[inline(always)]
    fn splat_i32(self, x: i32) -> int32x4_t {
        unsafe { vdupq_n_s32(x) }
    }
    #[inline(always)]
    unsafe fn load_i32(self, p: *const i32) -> int32x4_t {
        unsafe { vld1q_s32(p) }
    }
    #[inline(always)]
    unsafe fn store_i32(self, p: *mut i32, v: int32x4_t) {
        unsafe { vst1q_s32(p, v) }
    }
    #[inline(always)]
    unsafe fn load_i32_n(self, p: *const i32, n: usize) -> int32x4_t {
        unsafe { vld1q_s32(head(p, n).as_ptr()) }
    }
    #[inline(always)]
    unsafe fn store_i32_n(self, p: *mut i32, n: usize, v: int32x4_t) {
        let mut b = [0i32; 4];
        unsafe {
            vst1q_s32(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    fn add_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vaddq_s32(a, b) }
    }
    #[inline(always)]
    fn sub_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vsubq_s32(a, b) }
    }
    #[inline(always)]
    fn mul_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vmulq_s32(a, b) }
    }
    #[inline(always)]
    fn min_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vminq_s32(a, b) }
    }
    #[inline(always)]
    fn max_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vmaxq_s32(a, b) }
    }
    #[inline(always)]
    fn and_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vandq_s32(a, b) }
    }
    #[inline(always)]
    fn or_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vorrq_s32(a, b) }
    }
    #[inline(always)]
    fn xor_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { veorq_s32(a, b) }
    }
    #[inline(always)]
    fn shl_i32<const N: i32>(self, a: int32x4_t) -> int32x4_t {
        unsafe { vshlq_n_s32::<N>(a) }
    }
    #[inline(always)]
    fn shr_i32<const N: i32>(self, a: int32x4_t) -> int32x4_t {
        unsafe { vreinterpretq_s32_u32(vshrq_n_u32::<N>(vreinterpretq_u32_s32(a))) }
    }
    #[inline(always)]
    fn sra_i32<const N: i32>(self, a: int32x4_t) -> int32x4_t {
        unsafe { vshrq_n_s32::<N>(a) }
    }
    #[inline(always)]
    fn eq_i32(self, a: int32x4_t, b: int32x4_t) -> uint32x4_t {
        unsafe { vceqq_s32(a, b) }
    }
    #[inline(always)]
    fn gt_i32(self, a: int32x4_t, b: int32x4_t) -> uint32x4_t {
        unsafe { vcgtq_s32(a, b) }
    }
    #[inline(always)]
    fn select_i32(self, m: uint32x4_t, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vbslq_s32(m, a, b) }
    }
    #[inline(always)]
    fn zip_lo_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vzip1q_s32(a, b) }
    }
    #[inline(always)]
    fn zip_hi_i32(self, a: int32x4_t, b: int32x4_t) -> int32x4_t {
        unsafe { vzip2q_s32(a, b) }
    }
    #[inline(always)]
    fn reduce_sum_i32(self, v: int32x4_t) -> i32 {
        unsafe { vaddvq_s32(v) }
    }
    #[inline(always)]
    fn to_bits(self, a: float32x4_t) -> int32x4_t {
        unsafe { vreinterpretq_s32_f32(a) }
    }
    #[inline(always)]
    fn from_bits(self, a: int32x4_t) -> float32x4_t {
        unsafe { vreinterpretq_f32_s32(a) }
    }
    #[inline(always)]
    fn from_i32(self, a: int32x4_t) -> float32x4_t {
        unsafe { vcvtq_f32_s32(a) }
    }
    #[inline(always)]
    fn to_i32_round(self, a: float32x4_t) -> int32x4_t {
        unsafe { vcvtnq_s32_f32(a) }
    }
    #[inline(always)]
    fn to_i32_trunc(self, a: float32x4_t) -> int32x4_t {
        x86_range(a, unsafe { vcvtq_s32_f32(a) })
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32(self, p: *const u8) -> int32x4_t {
        unsafe {
            let w = (p as *const u32).read_unaligned();
            let b = vmovl_u8(vcreate_u8(u64::from(w)));
            vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(b)))
        }
    }
    #[inline(always)]
    unsafe fn load_u8_as_i32_n(self, p: *const u8, n: usize) -> int32x4_t {
        let mut b = [0u8; 8];
        unsafe {
            copy_elems(p, b.as_mut_ptr(), n.min(4));
            let w = vmovl_u8(vcreate_u8(u64::from_le_bytes(b)));
            vreinterpretq_s32_u32(vmovl_u16(vget_low_u16(w)))
        }
    }
    #[inline(always)]
    unsafe fn load_i8_as_i32(self, p: *const i8) -> int32x4_t {
        unsafe {
            let w = (p as *const u32).read_unaligned();
            let b = vmovl_s8(vcreate_s8(u64::from(w)));
            vmovl_s16(vget_low_s16(b))
        }
    }
    #[inline(always)]
    unsafe fn load_i16_as_i32(self, p: *const i16) -> int32x4_t {
        unsafe { vmovl_s16(vld1_s16(p)) }
    }
    #[inline(always)]
    unsafe fn load_u16_as_i32(self, p: *const u16) -> int32x4_t {
        unsafe { vreinterpretq_s32_u32(vmovl_u16(vld1_u16(p))) }
    }
    #[inline(always)]
    unsafe fn store_i32_as_u8(self, p: *mut u8, v: int32x4_t) {
        unsafe {
            let h = vmovn_s32(v);
            let b = vmovn_s16(vcombine_s16(h, h));
            vst1_lane_u32::<0>(p as *mut u32, vreinterpret_u32_s8(b));
        }
    }
    #[inline(always)]
    unsafe fn store_i32_as_i16(self, p: *mut i16, v: int32x4_t) {
        unsafe { vst1_s16(p, vmovn_s32(v)) }
    }

    #[inline(always)]
    fn splat_f64(self, x: f64) -> [float64x2_t; 2] {
        unsafe { [vdupq_n_f64(x); 2] }
    }
    #[inline(always)]
    unsafe fn load_f64(self, p: *const f64) -> [float64x2_t; 2] {
        unsafe { [vld1q_f64(p), vld1q_f64(p.add(2))] }
    }
    #[inline(always)]
    unsafe fn store_f64(self, p: *mut f64, v: [float64x2_t; 2]) {
        unsafe {
            vst1q_f64(p, v[0]);
            vst1q_f64(p.add(2), v[1]);
        }
    }
    #[inline(always)]
    unsafe fn load_f64_n(self, p: *const f64, n: usize) -> [float64x2_t; 2] {
        unsafe { self.load_f64(head(p, n).as_ptr()) }
    }
    #[inline(always)]
    unsafe fn store_f64_n(self, p: *mut f64, n: usize, v: [float64x2_t; 2]) {
        let mut b = [0f64; 4];
        unsafe {
            self.store_f64(b.as_mut_ptr(), v);
            copy_elems(b.as_ptr(), p, n.min(4));
        }
    }
    #[inline(always)]
    fn add_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        unsafe { [vaddq_f64(a[0], b[0]), vaddq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn sub_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        unsafe { [vsubq_f64(a[0], b[0]), vsubq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn mul_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        unsafe { [vmulq_f64(a[0], b[0]), vmulq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn div_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        unsafe { [vdivq_f64(a[0], b[0]), vdivq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn sqrt_f64(self, a: [float64x2_t; 2]) -> [float64x2_t; 2] {
        unsafe { [vsqrtq_f64(a[0]), vsqrtq_f64(a[1])] }
    }
    #[inline(always)]
    fn mul_add_f64(
        self,
        a: [float64x2_t; 2],
        b: [float64x2_t; 2],
        c: [float64x2_t; 2],
    ) -> [float64x2_t; 2] {
        unsafe { [vfmaq_f64(c[0], a[0], b[0]), vfmaq_f64(c[1], a[1], b[1])] }
    }
    #[inline(always)]
    fn min_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        self.select_f64(self.lt_f64(a, b), a, b)
    }
    #[inline(always)]
    fn max_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [float64x2_t; 2] {
        self.select_f64(self.lt_f64(b, a), a, b)
    }
    #[inline(always)]
    fn lt_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [uint64x2_t; 2] {
        unsafe { [vcltq_f64(a[0], b[0]), vcltq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn le_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [uint64x2_t; 2] {
        unsafe { [vcleq_f64(a[0], b[0]), vcleq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn eq_f64(self, a: [float64x2_t; 2], b: [float64x2_t; 2]) -> [uint64x2_t; 2] {
        unsafe { [vceqq_f64(a[0], b[0]), vceqq_f64(a[1], b[1])] }
    }
    #[inline(always)]
    fn select_f64(
        self,
        m: [uint64x2_t; 2],
        a: [float64x2_t; 2],
        b: [float64x2_t; 2],
    ) -> [float64x2_t; 2] {
        unsafe { [vbslq_f64(m[0], a[0], b[0]), vbslq_f64(m[1], a[1], b[1])] }
    }
    #[inline(always)]
    fn reduce_sum_f64(self, v: [float64x2_t; 2]) -> f64 {
        unsafe {
            let s = vaddq_f64(v[0], v[1]);
            vgetq_lane_f64::<0>(s) + vgetq_lane_f64::<1>(s)
        }
    }
    #[inline(always)]
    fn f32_to_f64(self, a: float32x4_t) -> [float64x2_t; 2] {
        unsafe { [vcvt_f64_f32(vget_low_f32(a)), vcvt_high_f64_f32(a)] }
    }
    #[inline(always)]
    fn f64_to_f32(self, a: [float64x2_t; 2]) -> float32x4_t {
        unsafe { vcvt_high_f32_f64(vcvt_f32_f64(a[0]), a[1]) }
    }

    #[inline(always)]
    fn unary(self, f: UnaryFn, x: float32x4_t) -> float32x4_t {
        crate::math::vector_unary(self, f, x)
    }
    #[inline(always)]
    unsafe fn unary_run(self, f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
        // SAFETY: the pointers are the caller's.
        unsafe { math_run_f32(f, src, dst, n) }
    }
    #[inline(always)]
    unsafe fn unary_run_f16(self, f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
        // SAFETY: as above.
        unsafe { math_run_f16(f, src, dst, n) }
    }
}

/// The math's slice driver at this level ([`Simd::unary_run`]): its own function, so that the
/// driver's loop is compiled once with the level's features.
///
/// # Safety
/// `src` readable and `dst` writable for `n` floats, equal or disjoint.
#[inline(never)]
unsafe fn math_run_f32(f: UnaryFn, src: *const f32, dst: *mut f32, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f32(Neon::assume(), f, src, dst, n) }
}

/// [`math_run_f32`] on Half values (as bits), converted in registers.
///
/// # Safety
/// As [`math_run_f32`].
#[inline(never)]
unsafe fn math_run_f16(f: UnaryFn, src: *const u16, dst: *mut u16, n: usize) {
    // SAFETY: forwarded from the caller.
    unsafe { crate::math::run_f16(Neon::assume(), f, src, dst, n) }
}
