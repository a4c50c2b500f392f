//! `UnaryFn::apply_f16` against widening with `convert`, `apply` in f32 and
//! rounding back, bit for bit (any NaN equals any NaN: where both operands of a product are NaN,
//! the compiler's operand order picks the sign): every 16-bit pattern, every function, every
//! ISA level this machine has, from several offsets and lengths so that every tail length is
//! run.

use etk_simd::{Level, UnaryFn, convert};
use half::f16;

/// Every 16-bit pattern, then a few again so the lengths below leave tails of 0..16.
fn patterns() -> Vec<u16> {
    (0..=u16::MAX).chain(0..40).collect()
}

/// The starts and lengths a slice is taken at.
fn windows(len: usize) -> Vec<(usize, usize)> {
    let mut w = vec![(0, len)];
    for skip in 1..=17 {
        w.push((skip % 5, len - skip - skip % 5));
    }
    w.extend((0..40).map(|n| (3, n)));
    w
}

fn check<T: Copy + PartialEq + core::fmt::Debug>(
    name: &str,
    from_bits: fn(u16) -> T,
    to_bits: fn(T) -> u16,
    is_nan: fn(T) -> bool,
    apply: fn(UnaryFn, Level, &[T], &mut [T]),
    reference: fn(UnaryFn, Level, &[T], &mut [T]),
) {
    let x: Vec<T> = patterns().into_iter().map(from_bits).collect();
    for &isa in Level::available_levels() {
        for f in UnaryFn::ALL {
            let mut want = vec![from_bits(0); x.len()];
            reference(f, isa, &x, &mut want);
            for (start, n) in windows(x.len()) {
                let mut got = vec![from_bits(0x7e00); n];
                apply(f, isa, &x[start..start + n], &mut got);
                for (i, (&g, &w)) in got.iter().zip(&want[start..start + n]).enumerate() {
                    assert!(
                        to_bits(g) == to_bits(w) || (is_nan(g) && is_nan(w)),
                        "{name} {f:?} at {isa}: x = {:#06x} gives {:#06x}, not {:#06x} (start \
                         {start}, length {n}, index {i})",
                        to_bits(x[start + i]),
                        to_bits(g),
                        to_bits(w),
                    );
                }
            }
        }
    }
}

#[test]
fn f16_equals_widen_apply_round() {
    check(
        "f16",
        f16::from_bits,
        f16::to_bits,
        f16::is_nan,
        |f, isa, x, out| f.apply_f16(isa, x, out),
        |f, isa, x, out| {
            let mut w = vec![0f32; x.len()];
            convert::f16_to_f32(isa, x, &mut w);
            f.apply_inplace(isa, &mut w);
            convert::f32_to_f16(isa, &w, out);
        },
    );
}
