//! The math's NEON level: table lookups through byte shuffles (`tbl`); the slice drivers'
//! entries are the vector layer's (`vector/neon.rs`). NEON runs the AVX2 level's algorithms on 4 lanes, two vectors interleaved.

use super::vector::MathSimd;
use crate::vector::Neon;
use core::arch::aarch64::*;

/// `table[idx & mask]` per lane as byte indices for `tbl`: lane `i` gathers bytes `4 k ..
/// 4 k + 3`.
#[inline(always)]
fn byte_index(idx: int32x4_t, mask: i32) -> uint8x16_t {
    unsafe {
        let k = vandq_s32(idx, vdupq_n_s32(mask));
        let first = vmulq_n_u32(vreinterpretq_u32_s32(k), 0x0404_0404);
        vreinterpretq_u8_u32(vaddq_u32(first, vdupq_n_u32(0x0302_0100)))
    }
}

impl MathSimd for Neon {
    const LUT32: bool = false;
    const PAIR: bool = true;

    #[inline(always)]
    fn lut8(self, table: &[f32; 8], idx: int32x4_t) -> float32x4_t {
        unsafe {
            let t = uint8x16x2_t(
                vld1q_u8(table.as_ptr() as *const u8),
                vld1q_u8(table.as_ptr().add(4) as *const u8),
            );
            vreinterpretq_f32_u8(vqtbl2q_u8(t, byte_index(idx, 7)))
        }
    }
    #[inline(always)]
    fn lut16(self, table: &[f32; 16], idx: int32x4_t) -> float32x4_t {
        unsafe {
            let p = table.as_ptr();
            let t = uint8x16x4_t(
                vld1q_u8(p as *const u8),
                vld1q_u8(p.add(4) as *const u8),
                vld1q_u8(p.add(8) as *const u8),
                vld1q_u8(p.add(12) as *const u8),
            );
            vreinterpretq_f32_u8(vqtbl4q_u8(t, byte_index(idx, 15)))
        }
    }
}
