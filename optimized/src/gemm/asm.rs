//! The full-size register tiles with their k loop in inline assembly: compilers reorder the
//! broadcasts of a generic loop and spill them, so the loop that carries the whole GEMM is
//! written out by hand. The accumulators enter and leave the assembly as vector registers, and
//! the epilogue is the generic one (`kernel.rs`).
//!
//! Per k step: load the two B vectors of the panel, broadcast each row's A value and FMA it
//! into the two accumulators of that row. A rows are addressed from four (AVX2: two) base
//! pointers, three rows each, `base`, `base + ld`, `base + 2 * ld`, so one frame serves both
//! A layouts: k-major (`ld` = 4 bytes, step = MR * 4) and row by row (`ld` = row stride,
//! step = 4 bytes). B advances by `b_ld` floats per k step: the packed panel's width, or the
//! row stride of a B read in place.

#![allow(clippy::too_many_arguments)]

use super::kernel::{Epi, epilogue, prefetch_tile};
use core::arch::asm;
use core::arch::x86_64::*;
use etk_simd::{Avx2, Avx512, Simd};

/// AVX-512: 12 rows x 32 columns, 24 zmm accumulators.
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")]
pub(crate) unsafe fn k_avx512_12x32<const AK: bool>(
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
    unsafe {
        let (ld, step) = if AK {
            (4usize, a_ld * 4)
        } else {
            (a_ld * 4, 4usize)
        };
        let a0 = a as *const u8;
        // SAFETY: this function's features are the level's.
        let s = Avx512::<false>::assume();
        prefetch_tile(s, ep, i0, j0, m, n.min(32) * 4);
        let mut acc = [[_mm512_setzero_ps(); 2]; 12];
        if kc > 0 {
            asm!(
                "2:",
                "vmovups zmm0, zmmword ptr [{b}]",
                "vmovups zmm1, zmmword ptr [{b} + 64]",
                "vbroadcastss zmm2, dword ptr [{a0}]",
                "vfmadd231ps zmm4, zmm0, zmm2",
                "vfmadd231ps zmm5, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a0} + {ld}]",
                "vfmadd231ps zmm6, zmm0, zmm3",
                "vfmadd231ps zmm7, zmm1, zmm3",
                "vbroadcastss zmm2, dword ptr [{a0} + {ld}*2]",
                "vfmadd231ps zmm8, zmm0, zmm2",
                "vfmadd231ps zmm9, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a1}]",
                "vfmadd231ps zmm10, zmm0, zmm3",
                "vfmadd231ps zmm11, zmm1, zmm3",
                "vbroadcastss zmm2, dword ptr [{a1} + {ld}]",
                "vfmadd231ps zmm12, zmm0, zmm2",
                "vfmadd231ps zmm13, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a1} + {ld}*2]",
                "vfmadd231ps zmm14, zmm0, zmm3",
                "vfmadd231ps zmm15, zmm1, zmm3",
                "vbroadcastss zmm2, dword ptr [{a2}]",
                "vfmadd231ps zmm16, zmm0, zmm2",
                "vfmadd231ps zmm17, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a2} + {ld}]",
                "vfmadd231ps zmm18, zmm0, zmm3",
                "vfmadd231ps zmm19, zmm1, zmm3",
                "vbroadcastss zmm2, dword ptr [{a2} + {ld}*2]",
                "vfmadd231ps zmm20, zmm0, zmm2",
                "vfmadd231ps zmm21, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a3}]",
                "vfmadd231ps zmm22, zmm0, zmm3",
                "vfmadd231ps zmm23, zmm1, zmm3",
                "vbroadcastss zmm2, dword ptr [{a3} + {ld}]",
                "vfmadd231ps zmm24, zmm0, zmm2",
                "vfmadd231ps zmm25, zmm1, zmm2",
                "vbroadcastss zmm3, dword ptr [{a3} + {ld}*2]",
                "vfmadd231ps zmm26, zmm0, zmm3",
                "vfmadd231ps zmm27, zmm1, zmm3",
                "add {b}, {bstep}",
                "add {a0}, {step}",
                "add {a1}, {step}",
                "add {a2}, {step}",
                "add {a3}, {step}",
                "dec {k}",
                "jnz 2b",
                b = inout(reg) b => _,
                a0 = inout(reg) a0 => _,
                a1 = inout(reg) a0.add(3 * ld) => _,
                a2 = inout(reg) a0.add(6 * ld) => _,
                a3 = inout(reg) a0.add(9 * ld) => _,
                ld = in(reg) ld,
                step = in(reg) step,
                bstep = in(reg) b_ld * 4,
                k = inout(reg) kc => _,
                inout("zmm4") acc[0][0],
                inout("zmm5") acc[0][1],
                inout("zmm6") acc[1][0],
                inout("zmm7") acc[1][1],
                inout("zmm8") acc[2][0],
                inout("zmm9") acc[2][1],
                inout("zmm10") acc[3][0],
                inout("zmm11") acc[3][1],
                inout("zmm12") acc[4][0],
                inout("zmm13") acc[4][1],
                inout("zmm14") acc[5][0],
                inout("zmm15") acc[5][1],
                inout("zmm16") acc[6][0],
                inout("zmm17") acc[6][1],
                inout("zmm18") acc[7][0],
                inout("zmm19") acc[7][1],
                inout("zmm20") acc[8][0],
                inout("zmm21") acc[8][1],
                inout("zmm22") acc[9][0],
                inout("zmm23") acc[9][1],
                inout("zmm24") acc[10][0],
                inout("zmm25") acc[10][1],
                inout("zmm26") acc[11][0],
                inout("zmm27") acc[11][1],
                out("zmm0") _,
                out("zmm1") _,
                out("zmm2") _,
                out("zmm3") _,
                options(nostack, readonly),
            );
        }
        epilogue::<Avx512, 12, 2>(s, &acc, i0, j0, m, n, ep);
    }
}

/// AVX2: 6 rows x 16 columns, 12 ymm accumulators.
#[target_feature(enable = "avx2,fma,f16c")]
pub(crate) unsafe fn k_avx2_6x16<const AK: bool>(
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
    unsafe {
        let (ld, step) = if AK {
            (4usize, a_ld * 4)
        } else {
            (a_ld * 4, 4usize)
        };
        let a0 = a as *const u8;
        // SAFETY: this function's features are the level's.
        let s = Avx2::assume();
        prefetch_tile(s, ep, i0, j0, m, n.min(16) * 4);
        let mut acc = [[_mm256_setzero_ps(); 2]; 6];
        if kc > 0 {
            asm!(
                "2:",
                "vmovups ymm0, ymmword ptr [{b}]",
                "vmovups ymm1, ymmword ptr [{b} + 32]",
                "vbroadcastss ymm2, dword ptr [{a0}]",
                "vfmadd231ps ymm4, ymm0, ymm2",
                "vfmadd231ps ymm5, ymm1, ymm2",
                "vbroadcastss ymm3, dword ptr [{a0} + {ld}]",
                "vfmadd231ps ymm6, ymm0, ymm3",
                "vfmadd231ps ymm7, ymm1, ymm3",
                "vbroadcastss ymm2, dword ptr [{a0} + {ld}*2]",
                "vfmadd231ps ymm8, ymm0, ymm2",
                "vfmadd231ps ymm9, ymm1, ymm2",
                "vbroadcastss ymm3, dword ptr [{a1}]",
                "vfmadd231ps ymm10, ymm0, ymm3",
                "vfmadd231ps ymm11, ymm1, ymm3",
                "vbroadcastss ymm2, dword ptr [{a1} + {ld}]",
                "vfmadd231ps ymm12, ymm0, ymm2",
                "vfmadd231ps ymm13, ymm1, ymm2",
                "vbroadcastss ymm3, dword ptr [{a1} + {ld}*2]",
                "vfmadd231ps ymm14, ymm0, ymm3",
                "vfmadd231ps ymm15, ymm1, ymm3",
                "add {b}, {bstep}",
                "add {a0}, {step}",
                "add {a1}, {step}",
                "dec {k}",
                "jnz 2b",
                b = inout(reg) b => _,
                a0 = inout(reg) a0 => _,
                a1 = inout(reg) a0.add(3 * ld) => _,
                ld = in(reg) ld,
                step = in(reg) step,
                bstep = in(reg) b_ld * 4,
                k = inout(reg) kc => _,
                inout("ymm4") acc[0][0],
                inout("ymm5") acc[0][1],
                inout("ymm6") acc[1][0],
                inout("ymm7") acc[1][1],
                inout("ymm8") acc[2][0],
                inout("ymm9") acc[2][1],
                inout("ymm10") acc[3][0],
                inout("ymm11") acc[3][1],
                inout("ymm12") acc[4][0],
                inout("ymm13") acc[4][1],
                inout("ymm14") acc[5][0],
                inout("ymm15") acc[5][1],
                out("ymm0") _,
                out("ymm1") _,
                out("ymm2") _,
                out("ymm3") _,
                options(nostack, readonly),
            );
        }
        epilogue::<Avx2, 6, 2>(s, &acc, i0, j0, m, n, ep);
    }
}
