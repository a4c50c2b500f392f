//! f16/bf16 ⇄ f32 conversion: bit-identical to `half` on every ISA level this machine has.

mod common;

use common::Rng;
use etk_simd::{Level, convert};
use half::{bf16, f16};

/// Interesting f32 bit patterns: zeros, subnormals, rounding ties, overflow edges, NaNs.
fn special_f32() -> Vec<u32> {
    let mut v = vec![
        0x0000_0000,
        0x8000_0000,
        0x0000_0001,
        0x8000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7f80_0001,
        0x7fc0_0000,
        0xffc0_0000,
        0x7fbf_ffff,
        0xff80_0001,
        0x7fff_ffff,
        0x0000_8000,
        0x0001_8000,
        0x3f80_8000,
        0x3f81_8000,
        0x3f80_8001,
        0x3f80_7fff,
        0x477f_e000,
        0x477f_efff,
        0x477f_f000,
        0x4780_0000,
        0x3380_0000,
        0x3300_0000,
        0x3300_0001,
        0x3880_0000,
        0x387f_e000,
        0x387f_f000,
        0x33ff_ffff,
    ];
    // Dense sweeps around the f16 normal/subnormal/overflow edges and bf16 ties.
    for base in [
        0x3880_0000u32,
        0x3380_0000,
        0x477f_e000,
        0x3f80_8000,
        0x0080_0000,
    ] {
        for d in 0..4096u32 {
            v.push(base.wrapping_add(d).wrapping_sub(2048));
        }
    }
    let neg: Vec<u32> = v.iter().map(|b| b ^ 0x8000_0000).collect();
    v.extend(neg);
    v
}

fn inputs_f32() -> Vec<f32> {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut bits = special_f32();
    bits.extend((0..1 << 20).map(|_| rng.next_u32()));
    bits.into_iter().map(f32::from_bits).collect()
}

fn check_f32_to_16(x: &[f32]) {
    for &isa in Level::available_levels() {
        let mut h = vec![f16::ZERO; x.len()];
        let mut b = vec![bf16::ZERO; x.len()];
        convert::f32_to_f16(isa, x, &mut h);
        convert::f32_to_bf16(isa, x, &mut b);
        for i in 0..x.len() {
            let (wh, wb) = (f16::from_f32(x[i]), bf16::from_f32(x[i]));
            assert_eq!(
                h[i].to_bits(),
                wh.to_bits(),
                "f32->f16 {isa} {:#010x}",
                x[i].to_bits()
            );
            assert_eq!(
                b[i].to_bits(),
                wb.to_bits(),
                "f32->bf16 {isa} {:#010x}",
                x[i].to_bits()
            );
        }
    }
}

#[test]
fn f32_to_16_random_and_special() {
    check_f32_to_16(&inputs_f32());
}

#[test]
fn all_16_bit_inputs_to_f32() {
    let bits: Vec<u16> = (0..=u16::MAX).collect();
    let h: Vec<f16> = bits.iter().map(|&b| f16::from_bits(b)).collect();
    let b: Vec<bf16> = bits.iter().map(|&b| bf16::from_bits(b)).collect();
    for &isa in Level::available_levels() {
        let mut out = vec![0f32; bits.len()];
        convert::f16_to_f32(isa, &h, &mut out);
        for i in 0..bits.len() {
            assert_eq!(
                out[i].to_bits(),
                h[i].to_f32().to_bits(),
                "f16->f32 {isa} {:#06x}",
                bits[i]
            );
        }
        convert::bf16_to_f32(isa, &b, &mut out);
        for i in 0..bits.len() {
            assert_eq!(
                out[i].to_bits(),
                b[i].to_f32().to_bits(),
                "bf16->f32 {isa} {:#06x}",
                bits[i]
            );
        }
    }
}

#[test]
fn lengths_offsets_and_mismatch() {
    let x: Vec<f32> = (0..100).map(|i| (i as f32 - 50.0) * 0.37).collect();
    for &isa in Level::available_levels() {
        for off in 0..3 {
            for len in 0..70 {
                let src = &x[off..off + len];
                // dst one longer than src: the extra element must be left alone.
                let mut h = vec![f16::from_f32(7.0); len + 1];
                let mut b = vec![bf16::from_f32(7.0); len + 1];
                convert::f32_to_f16(isa, src, &mut h);
                convert::f32_to_bf16(isa, src, &mut b);
                assert_eq!(h[len], f16::from_f32(7.0));
                assert_eq!(b[len], bf16::from_f32(7.0));
                let mut back = vec![9.0f32; len + 1];
                convert::f16_to_f32(isa, &h[..len], &mut back);
                assert_eq!(back[len], 9.0);
                for i in 0..len {
                    assert_eq!(back[i], f16::from_f32(src[i]).to_f32());
                }
                convert::bf16_to_f32(isa, &b[..len], &mut back);
                for i in 0..len {
                    assert_eq!(back[i], bf16::from_f32(src[i]).to_f32());
                }
                // src longer than dst: only dst.len() elements are converted.
                let mut short = vec![f16::ZERO; len / 2];
                convert::f32_to_f16(isa, src, &mut short);
                for i in 0..len / 2 {
                    assert_eq!(short[i], f16::from_f32(src[i]));
                }
            }
        }
    }
}

/// Every f32 bit pattern, both directions of narrowing, every ISA level. Takes a few minutes:
/// `cargo test --release -p etk-simd --test convert -- --ignored`.
#[test]
#[ignore]
fn exhaustive_f32_to_16() {
    const CHUNK: u64 = 1 << 22;
    let threads = 2u64;
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                let mut x = vec![0f32; CHUNK as usize];
                let mut c = t * CHUNK;
                while c < 1 << 32 {
                    for (i, v) in x.iter_mut().enumerate() {
                        *v = f32::from_bits((c + i as u64) as u32);
                    }
                    check_f32_to_16(&x);
                    c += threads * CHUNK;
                }
            });
        }
    });
}
