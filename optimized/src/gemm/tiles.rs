//! The instantiated kernels of every level: the tables of tile kernels built from the level's
//! [`Gemm`] shape (`level.rs`), and the trampolines the driver calls — the [`Tiles`] extension.
//!
//! The driver (`mod.rs`) is not generic: it gets a level's [`Impl`] (through
//! `etk_simd::dispatch`, so from a token of that level) and calls the kernels through the
//! function pointers in it. Each pointer is a small trampoline that re-enters the level with
//! `Simd::call`, so the tile kernel it runs is compiled inside the level's `#[target_feature]`
//! function.

use super::Impl;
use super::kernel::{Epi, KernelFn, MatPtr, kernel};
use super::level::Gemm;
use super::{few_rows as fr, gemv, pack};
use etk_simd::{Isa, Kernel, Simd};

/// The largest tile height and width (in vectors) of any level (the kernel tables' shape).
const MAX_MR: usize = 12;
const MAX_NV: usize = 4;

/// `[k_major][rows - 1][vectors - 1]`.
pub(crate) type Table = [[[KernelFn; MAX_NV]; MAX_MR]; 2];

/// The level's kernel tables, built from its [`Gemm`] shape.
pub(crate) trait Tiles: Gemm {
    /// The kernels for every tile shape up to `MR x NV` (others: a kernel that is never
    /// picked).
    const KERNELS: Table;
    /// The level's kernels and block sizes.
    const IMPL: Impl;
}

impl<S: Simd> Tiles for S {
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

fn pick<S: Tiles>(k_major: bool, rows: usize, vectors: usize) -> KernelFn {
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
