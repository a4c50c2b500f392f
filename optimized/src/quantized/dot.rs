//! What the int8 GEMM adds to the vector layer: 4-way `u8 × i8` dot products into `i32` lanes
//! (the [`Dot`] extension), one implementation per way the hardware offers them, and
//! [`dispatch`] to run a [`DotKernel`] on the best one the current level allows.
//!
//! Each `i32` lane of an operand holds four bytes (four consecutive `k` of one row or column);
//! `dot(acc, u, w)` adds `Σ_j u[j] * w[j]` over the lane's four bytes, `u` unsigned and `w`
//! signed, exactly (|sum| ≤ 4 · 255 · 128 per step, so a K up to 2^31 / (255 · 128) ≈ 65,000
//! never overflows an `i32`). The integer arithmetic is exact at every level, so every
//! implementation gives the same sums, bit for bit:
//! - [`Vnni512`]: `vpdpbusd` (AVX512-VNNI), one instruction per 64 products;
//! - [`Madd`]: AVX2 (and AVX-512 without VNNI) widen to 16 bits, even and odd bytes apart, and
//!   `vpmaddwd` each half: `vpmaddubsw` would be one instruction fewer but saturates
//!   (255 · 127 · 2 > 32767), and the zero point can fold only one way round;
//! - [`Wide`]: any level of the [`Simd`] trait (Scalar, NEON) with 32-bit multiplies.
//!
//! The operand that streams through the micro-kernel (`U`, packed activations) and the one it
//! broadcasts (`W`, a weight) are split into what `dot` needs once, when loaded, not per
//! product.

use etk_simd::{Level, Simd};

/// The rows of a micro-tile at every level: weight panels are packed `MR` rows at a time once,
/// at prepare, whatever level later runs them.
pub const MR: usize = 8;

/// A level's `u8 × i8` dot products (see the module docs).
pub trait Dot: Copy {
    /// The level's vectors, for everything but the products.
    type S: Simd;
    /// `LANES` dwords of the streamed operand, ready for [`Dot::dot`].
    type U: Copy;
    /// One dword of the broadcast operand in every lane, ready for [`Dot::dot`].
    type W: Copy;
    /// Vectors per micro-tile column panel: a panel is `NV * LANES` columns wide.
    const NV: usize;

    fn simd(self) -> Self::S;

    /// `LANES` dwords (four unsigned bytes each) from `p`.
    ///
    /// # Safety
    /// `p` valid for reading `LANES` dwords.
    unsafe fn load_u(self, p: *const i32) -> Self::U;

    /// The dword at `p` (four signed bytes) in every lane.
    ///
    /// # Safety
    /// `p` valid for reading one dword.
    unsafe fn bcast_w(self, p: *const i32) -> Self::W;

    /// `acc + Σ_j u[j] * w[j]` per lane.
    fn dot(self, acc: I32<Self>, u: Self::U, w: Self::W) -> I32<Self>;
}

/// The `i32` vector of a [`Dot`]'s level.
pub type I32<D> = <<D as Dot>::S as Simd>::I32;

/// A kernel run on a [`Dot`]: written once, instantiated per implementation.
pub trait DotKernel {
    type Output;
    fn run<D: Dot>(self, d: D) -> Self::Output;
}

/// Any level through the [`Simd`] trait's 32-bit multiplies: the bytes of each dword
/// extended to `i32` lanes, four products per lane.
#[derive(Clone, Copy)]
pub struct Wide<S: Simd>(pub S);

impl<S: Simd> Dot for Wide<S> {
    type S = S;
    type U = [S::I32; 4];
    type W = [S::I32; 4];
    const NV: usize = 2;

    #[inline(always)]
    fn simd(self) -> S {
        self.0
    }

    #[inline(always)]
    unsafe fn load_u(self, p: *const i32) -> [S::I32; 4] {
        let s = self.0;
        // SAFETY: the caller's contract.
        let u = unsafe { s.load_i32(p) };
        let m = s.splat_i32(0xff);
        [
            s.and_i32(u, m),
            s.and_i32(s.shr_i32::<8>(u), m),
            s.and_i32(s.shr_i32::<16>(u), m),
            s.shr_i32::<24>(u),
        ]
    }

    #[inline(always)]
    unsafe fn bcast_w(self, p: *const i32) -> [S::I32; 4] {
        let s = self.0;
        // SAFETY: the caller's contract.
        let w = s.splat_i32(unsafe { p.read_unaligned() });
        [
            s.sra_i32::<24>(s.shl_i32::<24>(w)),
            s.sra_i32::<24>(s.shl_i32::<16>(w)),
            s.sra_i32::<24>(s.shl_i32::<8>(w)),
            s.sra_i32::<24>(w),
        ]
    }

    #[inline(always)]
    fn dot(self, acc: S::I32, u: [S::I32; 4], w: [S::I32; 4]) -> S::I32 {
        let s = self.0;
        let p01 = s.add_i32(s.mul_i32(u[0], w[0]), s.mul_i32(u[1], w[1]));
        let p23 = s.add_i32(s.mul_i32(u[2], w[2]), s.mul_i32(u[3], w[3]));
        s.add_i32(acc, s.add_i32(p01, p23))
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod x86 {
    use super::{Dot, I32};
    use core::arch::x86_64::*;
    use etk_simd::{Avx2, Avx512};

    /// `vpdpbusd` on 16 lanes (AVX512-VNNI).
    #[derive(Clone, Copy)]
    pub struct Vnni512(pub Avx512<false>);

    impl Dot for Vnni512 {
        type S = Avx512<false>;
        type U = __m512i;
        type W = __m512i;
        // 8 x 3 accumulators, 3 panel vectors and a broadcast: 28 of 32 registers.
        const NV: usize = 3;

        #[inline(always)]
        fn simd(self) -> Avx512<false> {
            self.0
        }

        #[inline(always)]
        unsafe fn load_u(self, p: *const i32) -> __m512i {
            // SAFETY: the caller's contract; the token proves AVX-512 F.
            unsafe { _mm512_loadu_si512(p as *const __m512i) }
        }

        #[inline(always)]
        unsafe fn bcast_w(self, p: *const i32) -> __m512i {
            // SAFETY: as above.
            unsafe { _mm512_set1_epi32(p.read_unaligned()) }
        }

        #[inline(always)]
        fn dot(self, acc: I32<Self>, u: __m512i, w: __m512i) -> I32<Self> {
            // SAFETY: this type is only made inside `run_vnni`, whose target features
            // include AVX512-VNNI (checked by `dispatch` before).
            unsafe { _mm512_dpbusd_epi32(acc, u, w) }
        }
    }

    /// 16-bit widening and `vpmaddwd` on the AVX2 or AVX-512 level (see the module docs):
    /// `U` and `W` hold the even bytes and the odd bytes of each dword as 16-bit lanes.
    #[derive(Clone, Copy)]
    pub struct Madd<S>(pub S);

    /// The 16-bit integer operations [`Madd`] needs, on a level's integer vector.
    pub trait Words: etk_simd::Simd {
        /// Bytes 0 and 2 of each dword zero-extended to 16 bits, and bytes 1 and 3.
        fn split_u(self, v: Self::I32) -> [Self::I32; 2];
        /// Bytes 0 and 2 of each dword sign-extended to 16 bits, and bytes 1 and 3.
        fn split_s(self, v: Self::I32) -> [Self::I32; 2];
        /// `vpmaddwd`: per dword, the sum of its two 16-bit products.
        fn madd(self, a: Self::I32, b: Self::I32) -> Self::I32;
        /// Vectors per micro-tile column panel at this width.
        const NV: usize;
    }

    impl Words for Avx2 {
        #[inline(always)]
        fn split_u(self, v: __m256i) -> [__m256i; 2] {
            // SAFETY: the token proves AVX2.
            unsafe {
                [
                    _mm256_and_si256(v, _mm256_set1_epi16(0xff)),
                    _mm256_srli_epi16::<8>(v),
                ]
            }
        }
        #[inline(always)]
        fn split_s(self, v: __m256i) -> [__m256i; 2] {
            // SAFETY: as above.
            unsafe {
                [
                    _mm256_srai_epi16::<8>(_mm256_slli_epi16::<8>(v)),
                    _mm256_srai_epi16::<8>(v),
                ]
            }
        }
        #[inline(always)]
        fn madd(self, a: __m256i, b: __m256i) -> __m256i {
            // SAFETY: as above.
            unsafe { _mm256_madd_epi16(a, b) }
        }
        // 8 x 1 accumulators, 2 halves of the panel vector, 2 of the broadcast, and the
        // products: 14 of 16 registers.
        const NV: usize = 1;
    }

    impl Words for Avx512<false> {
        #[inline(always)]
        fn split_u(self, v: __m512i) -> [__m512i; 2] {
            // SAFETY: the token proves AVX-512 F/BW.
            unsafe {
                [
                    _mm512_and_si512(v, _mm512_set1_epi16(0xff)),
                    _mm512_srli_epi16::<8>(v),
                ]
            }
        }
        #[inline(always)]
        fn split_s(self, v: __m512i) -> [__m512i; 2] {
            // SAFETY: as above.
            unsafe {
                [
                    _mm512_srai_epi16::<8>(_mm512_slli_epi16::<8>(v)),
                    _mm512_srai_epi16::<8>(v),
                ]
            }
        }
        #[inline(always)]
        fn madd(self, a: __m512i, b: __m512i) -> __m512i {
            // SAFETY: as above.
            unsafe { _mm512_madd_epi16(a, b) }
        }
        const NV: usize = 2;
    }

    impl<S: Words> Dot for Madd<S> {
        type S = S;
        type U = [S::I32; 2];
        type W = [S::I32; 2];
        const NV: usize = <S as Words>::NV;

        #[inline(always)]
        fn simd(self) -> S {
            self.0
        }

        #[inline(always)]
        unsafe fn load_u(self, p: *const i32) -> [S::I32; 2] {
            // SAFETY: the caller's contract.
            self.0.split_u(unsafe { self.0.load_i32(p) })
        }

        #[inline(always)]
        unsafe fn bcast_w(self, p: *const i32) -> [S::I32; 2] {
            // SAFETY: the caller's contract.
            self.0
                .split_s(self.0.splat_i32(unsafe { p.read_unaligned() }))
        }

        #[inline(always)]
        fn dot(self, acc: S::I32, u: [S::I32; 2], w: [S::I32; 2]) -> S::I32 {
            let s = self.0;
            s.add_i32(acc, s.add_i32(s.madd(u[0], w[0]), s.madd(u[1], w[1])))
        }
    }

    /// The VNNI entry: `k` compiled with AVX512-VNNI on top of the AVX-512 level's features.
    ///
    /// # Safety
    /// The CPU must have the AVX-512 level and AVX512-VNNI.
    #[inline(never)]
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512vnni,avx2,fma,f16c")]
    pub unsafe fn run_vnni<K: super::DotKernel>(k: K) -> K::Output {
        // SAFETY: the caller's contract.
        k.run(Vnni512(unsafe {
            <Avx512<false> as etk_simd::Simd>::assume()
        }))
    }

    /// A [`super::DotKernel`] run through the vector layer's own dispatch, on [`Madd`].
    pub struct ViaMadd<K>(pub K);

    impl<K: super::DotKernel> etk_simd::Kernel for ViaMadd<K> {
        type Output = K::Output;
        #[inline(always)]
        fn run<S: etk_simd::Simd>(self, s: S) -> K::Output {
            // The levels are known types: pick ours by the token's level (the other arms are
            // never taken and compile to nothing).
            match S::ISA {
                etk_simd::Isa::Avx512 => {
                    // SAFETY: a token of the AVX-512 level exists (`s`).
                    self.0
                        .run(Madd(unsafe { <Avx512<false> as etk_simd::Simd>::assume() }))
                }
                etk_simd::Isa::Avx2 => {
                    // SAFETY: a token of the AVX2 level exists.
                    self.0
                        .run(Madd(unsafe { <Avx2 as etk_simd::Simd>::assume() }))
                }
                _ => self.0.run(super::Wide(s)),
            }
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub use x86::{Madd, Vnni512};

/// A [`DotKernel`] run through the vector layer's dispatch on [`Wide`].
struct ViaWide<K>(K);

impl<K: DotKernel> etk_simd::Kernel for ViaWide<K> {
    type Output = K::Output;
    #[inline(always)]
    fn run<S: Simd>(self, s: S) -> K::Output {
        self.0.run(Wide(s))
    }
}

/// How the dot products are computed at `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    Vnni,
    Madd,
    Wide,
}

impl Way {
    /// The best way at `level` on this CPU.
    pub fn best(level: Level) -> Way {
        match level.isa() {
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            etk_simd::Isa::Avx512 if etk_simd::cpu_features().avx512_vnni => Way::Vnni,
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            etk_simd::Isa::Avx512 | etk_simd::Isa::Avx2 => Way::Madd,
            _ => Way::Wide,
        }
    }
}

std::thread_local! {
    static WAY: core::cell::Cell<Option<Way>> = const { core::cell::Cell::new(None) };
}

/// Runs `f` with the dot products computed `way` on this thread (the tests' way to reach every
/// one: [`Way::current`] returns it, lowered to what the level has, see [`dispatch_way`]).
pub fn with_way<R>(way: Way, f: impl FnOnce() -> R) -> R {
    let old = WAY.with(|w| w.replace(Some(way)));
    let r = f();
    WAY.with(|w| w.set(old));
    r
}

impl Way {
    /// The way kernels use at `level` on this thread: [`with_way`]'s, else the best.
    pub fn current(level: Level) -> Way {
        WAY.with(|w| w.get()).unwrap_or_else(|| Way::best(level))
    }
}

/// Runs `k` at `level` the current way ([`Way::current`]).
pub fn dispatch<K: DotKernel>(level: Level, k: K) -> K::Output {
    dispatch_way(level, Way::current(level), k)
}

/// Runs `k` at `level` with the dot products computed `way` (the tests reach every way the
/// CPU has; a way the level does not have falls to the next one down).
pub fn dispatch_way<K: DotKernel>(level: Level, way: Way, k: K) -> K::Output {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        if way == Way::Vnni && Way::best(level) == Way::Vnni {
            // SAFETY: `best` saw the AVX-512 level and AVX512-VNNI.
            return unsafe { x86::run_vnni(k) };
        }
        if way != Way::Wide {
            return etk_simd::dispatch(level, x86::ViaMadd(k));
        }
    }
    let _ = way;
    etk_simd::dispatch(level, ViaWide(k))
}
