//! What the GEMM adds to the vector layer ([`etk_simd::Simd`]) at every level: the register tile,
//! the block sizes and the multiply-add — the [`Gemm`] extension, implemented once for every level
//! from the layer's own methods and its `ISA`. A leaf: the kernels (`kernel.rs`, `few_rows.rs`,
//! `gemv.rs`) read it, and `tiles.rs` builds the level's kernel tables from it.
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

use etk_simd::{Isa, Simd};

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
    /// The usual depth of a k block; a product's own is [`k_block`]'s.
    const KC: usize = 256;
    const NC: usize = match S::ISA {
        Isa::Scalar => 512,
        Isa::Avx2 => 128,
        Isa::Avx512 => 1024,
        _ => 192,
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

/// The depth of the k blocks of a product `k` deep, for a level whose usual depth is `kc`: as
/// many blocks as `k / kc` rounds to (at least one), of equal depth. Every k block past the
/// first re-reads and re-writes the whole out, so a product a little deeper than `kc` takes
/// one block rather than a shallow second one (a 3x3 convolution over 32 channels is 288
/// deep: 256 + 32 made every tile of the out pass through the cache twice), at the cost of
/// an A micro-panel up to 1.5 times as deep in L1. Depends on `k` alone, never on the
/// threads, so the order of the sums does not either.
pub(crate) fn k_block(kc: usize, k: usize) -> usize {
    let blocks = ((k + kc / 2) / kc).max(1);
    k.div_ceil(blocks).max(1)
}
