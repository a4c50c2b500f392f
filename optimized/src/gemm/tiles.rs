//! What the GEMM adds to the vector layer ([`etk_simd::Simd`]): its multiply-add, and per level
//! the register tile, the block sizes and the instantiated kernels — the [`Gemm`] extension,
//! implemented once for every level from the layer's own methods and its `ISA`.
//!
//! The driver (`mod.rs`) is not generic: it gets a level's [`Impl`] (through
//! `etk_simd::dispatch`, so from a token of that level) and calls the kernels through the
//! function pointers in it. Each pointer is a small trampoline that re-enters the level with
//! `Simd::call`, so the tile kernel it runs is compiled inside the level's `#[target_feature]`
//! function.
//!
//! Register tiles (f32 lanes, accumulators kept in registers):
//! - AVX-512: 12 x 32 (24 of 32 zmm accumulators, the full tile in assembly: `asm.rs`);
//! - AVX2: 6 x 16 (12 of 16 ymm, the full tile in assembly);
//! - NEON: 8 x 12, 3 vectors of 4 per row: 24 of the 32 128-bit registers hold accumulators,
//!   3 hold the B vectors of a k step, and the A values are broadcast one at a time (`ld1r`)
//!   into a fourth to a fifth, so nothing spills; per k step 11 loads feed 24 FMAs, within the
//!   two load and two FMA pipes of the cores etk targets (Cortex-A55 to A78, Neoverse N1). Not
//!   measured on hardware (none here): the blocking is chosen on paper.
//! - Scalar: 4 x 4 (16 accumulators; the compiler may vectorize them).

use super::Impl;
use super::kernel::{Epi, KernelFn, MatPtr, kernel};
use super::{few_rows as fr, gemv, pack};
use etk_simd::{Isa, Kernel, Simd};

/// The largest tile height and width (in vectors) of any level (the kernel tables' shape).
const MAX_MR: usize = 12;
const MAX_NV: usize = 4;

/// `[k_major][rows - 1][vectors - 1]`.
pub(crate) type Table = [[[KernelFn; MAX_NV]; MAX_MR]; 2];

/// The GEMM's view of a level.
pub(crate) trait Gemm: Simd {
    /// Tile rows.
    const MR: usize;
    /// Tile width in vectors.
    const NV: usize;
    /// Block sizes: rows of A, depth, columns of B.
    const MC: usize;
    const KC: usize;
    const NC: usize;
    /// The kernels for every tile shape up to `MR x NV` (others: a kernel that is never
    /// picked).
    const KERNELS: Table;
    /// The level's kernels and block sizes.
    const IMPL: Impl;

    /// `a * b + c`: fused where the level has FMA (every vector level), a multiply and an add
    /// at Scalar (portable and fast without an FMA unit). The GEMM sums in its own order, so
    /// it is not held to portable's roundings.
    fn fmadd(self, a: Self::F32, b: Self::F32, c: Self::F32) -> Self::F32;
}

impl<S: Simd> Gemm for S {
    const MR: usize = match S::ISA {
        Isa::Scalar => 4,
        Isa::Avx2 => 6,
        Isa::Avx512 => 12,
        _ => 8,
    };
    const NV: usize = match S::ISA {
        Isa::Scalar => 4,
        Isa::Avx2 | Isa::Avx512 => 2,
        _ => 3,
    };
    const MC: usize = match S::ISA {
        Isa::Scalar => 64,
        // AVX2-only parts have 256-512 KiB of L2: the B block the micro-panels stream (kc x
        // nc, 128 KiB) must stay there, and a tall A block means B is packed fewer times.
        Isa::Avx2 | Isa::Avx512 => 960,
        // NEON: 480 x 256 of A (480 KiB) in the L3 or system cache, 256 x 192 of B (192 KiB)
        // in a 256 KiB+ L2 (phone big cores have 256 KiB to 1 MiB).
        _ => 480,
    };
    const KC: usize = 256;
    const NC: usize = match S::ISA {
        Isa::Scalar => 512,
        Isa::Avx2 => 128,
        Isa::Avx512 => 1024,
        _ => 192,
    };
    const KERNELS: Table = table::<S>();
    const IMPL: Impl = Impl {
        mr: S::MR,
        nr: S::NV * S::LANES,
        lanes: S::LANES,
        mc: S::MC,
        kc: S::KC,
        nc: S::NC,
        pick: pick::<S>,
        pack_a: pack_a::<S>,
        pack_b: pack_b::<S>,
        gemv: gemv::<S>,
        few_rows: few_rows::<S>,
        // 16 lanes would be half empty, and 4 hold too few rows; AVX2's 16 registers hold
        // one column's accumulators at 7 or 8 rows in the dot form.
        gemv_lanes: if matches!(S::ISA, Isa::Avx2) {
            Some(gemv_lanes::<S>)
        } else {
            None
        },
    };

    #[inline(always)]
    fn fmadd(self, a: S::F32, b: S::F32, c: S::F32) -> S::F32 {
        if matches!(S::ISA, Isa::Scalar) {
            self.add(self.mul(a, b), c)
        } else {
            self.mul_add(a, b, c)
        }
    }
}

/// The level of `level`'s token, as an [`Impl`] (`Impl::get`).
pub(crate) struct ImplOf;

impl Kernel for ImplOf {
    type Output = Impl;
    #[inline(always)]
    fn run<S: Simd>(self, _s: S) -> Impl {
        S::IMPL
    }
}

fn pick<S: Gemm>(k_major: bool, rows: usize, vectors: usize) -> KernelFn {
    S::KERNELS[k_major as usize][rows - 1][vectors - 1]
}

/// A shape no level picks.
#[allow(clippy::too_many_arguments)]
unsafe fn no_tile(
    _kc: usize,
    _a: *const f32,
    _a_ld: usize,
    _b: *const f32,
    _b_ld: usize,
    _i0: usize,
    _j0: usize,
    _m: usize,
    _n: usize,
    _ep: &Epi,
) {
    unreachable!("a tile shape outside the level's")
}

/// The kernel of one shape at `S`: the assembly full tiles on x86, else the generic kernel.
/// Evaluated at compile time, so only the shapes a level has are instantiated.
const fn tile_fn<S: Simd, const MR: usize, const NV: usize, const AK: bool>() -> KernelFn {
    if MR > S::MR || NV > S::NV {
        return no_tile;
    }
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    if MR == S::MR && NV == S::NV {
        match S::ISA {
            Isa::Avx512 => return super::asm::k_avx512_12x32::<AK>,
            Isa::Avx2 => return super::asm::k_avx2_6x16::<AK>,
            _ => {}
        }
    }
    tile::<S, MR, NV, AK>
}

macro_rules! row {
    ($S:ty, $ak:literal, $mr:literal) => {
        [
            tile_fn::<$S, $mr, 1, $ak>(),
            tile_fn::<$S, $mr, 2, $ak>(),
            tile_fn::<$S, $mr, 3, $ak>(),
            tile_fn::<$S, $mr, 4, $ak>(),
        ]
    };
}

macro_rules! rows {
    ($S:ty, $ak:literal) => {
        [
            row!($S, $ak, 1),
            row!($S, $ak, 2),
            row!($S, $ak, 3),
            row!($S, $ak, 4),
            row!($S, $ak, 5),
            row!($S, $ak, 6),
            row!($S, $ak, 7),
            row!($S, $ak, 8),
            row!($S, $ak, 9),
            row!($S, $ak, 10),
            row!($S, $ak, 11),
            row!($S, $ak, 12),
        ]
    };
}

const fn table<S: Simd>() -> Table {
    [rows!(S, false), rows!(S, true)]
}

/// One tile (see [`KernelFn`]) at `S`, entered through the level's `#[target_feature]`
/// function.
///
/// # Safety
/// As [`kernel`]; the CPU must support `S` (its pointer is only in `S::IMPL`, which only a
/// token of `S` hands out).
#[allow(clippy::too_many_arguments)]
unsafe fn tile<S: Simd, const MR: usize, const NV: usize, const AK: bool>(
    kc: usize,
    a: *const f32,
    a_ld: usize,
    b: *const f32,
    b_ld: usize,
    i0: usize,
    j0: usize,
    m: usize,
    n: usize,
    ep: &Epi,
) {
    struct Tile<'e, const MR: usize, const NV: usize, const AK: bool> {
        args: (usize, *const f32, usize, *const f32, usize),
        at: (usize, usize, usize, usize),
        ep: &'e Epi,
    }
    impl<const MR: usize, const NV: usize, const AK: bool> Kernel for Tile<'_, MR, NV, AK> {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            let (kc, a, a_ld, b, b_ld) = self.args;
            let (i0, j0, m, n) = self.at;
            // SAFETY: as `tile`'s caller vouches.
            unsafe { kernel::<S, MR, NV, AK>(s, kc, a, a_ld, b, b_ld, i0, j0, m, n, self.ep) }
        }
    }
    let k = Tile::<MR, NV, AK> {
        args: (kc, a, a_ld, b, b_ld),
        at: (i0, j0, m, n),
        ep,
    };
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(k)
}

/// `pack::pack_b` at `S` (see [`tile`] for the safety of the level).
unsafe fn pack_b<S: Simd>(dst: *mut f32, b: MatPtr, kc: usize, nc: usize, nr: usize) {
    struct K(*mut f32, MatPtr, usize, usize, usize);
    impl Kernel for K {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            // SAFETY: as `pack_b`'s caller vouches.
            unsafe { pack::pack_b(s, self.0, self.1, self.2, self.3, self.4) }
        }
    }
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(K(dst, b, kc, nc, nr))
}

/// `pack::pack_a` at `S`.
unsafe fn pack_a<S: Simd>(dst: *mut f32, a: MatPtr, mc: usize, kc: usize, mr: usize, rm: bool) {
    struct K(*mut f32, MatPtr, usize, usize, usize, bool);
    impl Kernel for K {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            // SAFETY: as `pack_a`'s caller vouches.
            unsafe { pack::pack_a(s, self.0, self.1, self.2, self.3, self.4, self.5) }
        }
    }
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(K(dst, a, mc, kc, mr, rm))
}

/// `gemv::rows` at `S`.
#[allow(clippy::too_many_arguments)]
unsafe fn gemv<S: Simd>(
    a: *const f32,
    lda: usize,
    w: MatPtr,
    k: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
    m: usize,
) {
    struct K<'e>(
        *const f32,
        usize,
        MatPtr,
        usize,
        usize,
        usize,
        &'e Epi,
        usize,
    );
    impl Kernel for K<'_> {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            let K(a, lda, w, k, j0, j1, ep, m) = self;
            // SAFETY: as `gemv`'s caller vouches.
            unsafe { gemv::rows(s, a, lda, w, k, j0, j1, ep, m) }
        }
    }
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(K(a, lda, w, k, j0, j1, ep, m))
}

/// `gemv::lanes_columns` at `S` (8 lanes only).
unsafe fn gemv_lanes<S: Simd>(
    at: *const f32,
    w: MatPtr,
    k: usize,
    m: usize,
    j0: usize,
    j1: usize,
    ep: &Epi,
) {
    struct K<'e>(*const f32, MatPtr, usize, usize, usize, usize, &'e Epi);
    impl Kernel for K<'_> {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            let K(at, w, k, m, j0, j1, ep) = self;
            // SAFETY: as `gemv_lanes`'s caller vouches.
            unsafe { gemv::lanes_columns(s, at, w, k, m, j0, j1, ep) }
        }
    }
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(K(at, w, k, m, j0, j1, ep))
}

/// `few_rows::rows` at `S`.
unsafe fn few_rows<S: Simd>(o: fr::Operands<'_>, j0: usize, j1: usize) {
    struct K<'q>(fr::Operands<'q>, usize, usize);
    impl Kernel for K<'_> {
        type Output = ();
        #[inline(always)]
        fn run<S: Simd>(self, s: S) {
            let K(o, j0, j1) = self;
            // SAFETY: as `few_rows`'s caller vouches.
            unsafe { fr::rows(s, o, j0, j1) }
        }
    }
    // SAFETY: the caller vouches for the level.
    unsafe { S::assume() }.call(K(o, j0, j1))
}
