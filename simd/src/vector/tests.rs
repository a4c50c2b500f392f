//! Every method of [`Simd`] at every level this machine has, against the [`Scalar`] level
//! (bit for bit where the trait promises the same answer), on special and random values, with
//! full vectors and every tail length.

// the checks index several arrays by the same lane.
#![allow(clippy::needless_range_loop)]

use super::*;

/// f32 bit patterns worth testing: specials, boundaries of the conversions, random.
fn f32_inputs() -> Vec<f32> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        1.5,
        2.5,
        -2.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001), // signaling NaN
        f32::from_bits(0xffc1_2345),
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::from_bits(0x8000_0001),
        f32::MAX,
        f32::MIN,
        65504.0,
        65520.0,
        2_147_483_520.0,
        2_147_483_648.0,
        -2_147_483_648.0,
        -2_147_483_904.0,
        1e-8,
        6.1e-5,
        3.0e-8,
    ];
    let mut r = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..600 {
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        let x = match i % 3 {
            0 => f32::from_bits(r as u32),
            1 => (r as u32 as f32 / u32::MAX as f32 - 0.5) * 200.0,
            _ => (r as i32 % 1000) as f32 * 0.25,
        };
        v.push(x);
    }
    v
}

fn i32_inputs() -> Vec<i32> {
    let mut v = vec![0, 1, -1, i32::MAX, i32::MIN, 255, 256, -129, 65535, -32769];
    let mut r = 0x1234_5678u32;
    for _ in 0..300 {
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        v.push(r as i32);
    }
    v
}

/// Element-wise results of many methods on `x` (three f32 operands, two i32, f64 from the
/// f32), as bits, run at the token's level with full vectors and then a masked tail.
struct Elementwise<'a> {
    x: [&'a [f32]; 3],
    i: [&'a [i32]; 2],
}

/// One f32 result per element per operation.
type Rows = Vec<Vec<u64>>;

impl Kernel for Elementwise<'_> {
    type Output = Rows;
    #[inline(always)]
    fn run<S: Simd>(self, s: S) -> Rows {
        let n = self.x[0].len();
        let mut rows: Rows = Vec::new();
        let mut out = vec![0f32; n];
        let mut f32_op = |f: &dyn Fn(S::F32, S::F32, S::F32) -> S::F32| {
            let mut i = 0;
            // SAFETY: full vectors below `n`, then the rest masked.
            unsafe {
                while i < n {
                    let m = (n - i).min(S::LANES);
                    let [a, b, c] = self.x.map(|x| s.load_n(x.as_ptr().add(i), m));
                    let r = f(a, b, c);
                    if m == S::LANES {
                        s.store(out.as_mut_ptr().add(i), r);
                    } else {
                        s.store_n(out.as_mut_ptr().add(i), m, r);
                    }
                    i += m;
                }
            }
            rows.push(out.iter().map(|v| u64::from(v.to_bits())).collect());
        };
        let one = s.splat(1.0);
        let zero = s.zero();
        let mask = |m: S::Mask| s.select(m, one, zero);
        f32_op(&|a, b, _| s.add(a, b));
        f32_op(&|a, b, _| s.sub(a, b));
        f32_op(&|a, b, _| s.mul(a, b));
        f32_op(&|a, b, _| s.div(a, b));
        f32_op(&|a, b, c| s.mul_add(a, b, c));
        f32_op(&|a, b, c| s.neg_mul_add(a, b, c));
        f32_op(&|a, _, _| s.sqrt(a));
        f32_op(&|a, _, _| s.neg(a));
        f32_op(&|a, _, _| s.abs(a));
        f32_op(&|a, b, _| s.min(a, b));
        f32_op(&|a, b, _| s.max(a, b));
        f32_op(&|a, _, _| s.round(a));
        f32_op(&|a, _, _| s.trunc(a));
        f32_op(&|a, _, _| s.floor(a));
        f32_op(&|a, _, _| s.ceil(a));
        f32_op(&|a, _, _| s.round_f16(a));
        f32_op(&|a, _, _| s.round_bf16(a));
        f32_op(&|a, b, _| s.and(a, b));
        f32_op(&|a, b, _| s.or(a, b));
        f32_op(&|a, b, _| s.xor(a, b));
        f32_op(&|a, b, _| mask(s.eq(a, b)));
        f32_op(&|a, b, _| mask(s.ne(a, b)));
        f32_op(&|a, b, _| mask(s.lt(a, b)));
        f32_op(&|a, b, _| mask(s.le(a, b)));
        f32_op(&|a, b, _| mask(s.gt(a, b)));
        f32_op(&|a, b, _| mask(s.ge(a, b)));
        f32_op(&|a, _, _| mask(s.is_nan(a)));
        f32_op(&|a, b, c| mask(s.mask_and(s.lt(a, b), s.lt(b, c))));
        f32_op(&|a, b, c| mask(s.mask_or(s.lt(a, b), s.lt(b, c))));
        f32_op(&|a, b, _| mask(s.mask_not(s.lt(a, b))));
        f32_op(&|a, b, c| s.select(s.lt(a, b), c, a));
        f32_op(&|a, b, c| {
            s.bitselect(
                s.select(s.lt(a, c), s.from_bits(s.splat_i32(-1)), zero),
                b,
                c,
            )
        });
        f32_op(&|a, _, _| s.from_bits(s.to_i32_trunc(a)));
        f32_op(&|a, _, _| s.from_i32(s.to_bits(a)));
        f32_op(&|a, _, _| {
            // in the i32 range only: out of range is level-dependent.
            let a = s.select(s.is_nan(a), zero, a);
            let c = s.min(s.max(a, s.splat(-1e9)), s.splat(1e9));
            s.from_bits(s.to_i32_round(c))
        });
        f32_op(&|a, _, _| s.f64_to_f32(s.f32_to_f64(a)));
        f32_op(&|a, b, c| {
            let (a, b, c) = (s.f32_to_f64(a), s.f32_to_f64(b), s.f32_to_f64(c));
            let r = s.mul_add_f64(s.add_f64(a, b), s.sub_f64(b, c), s.mul_f64(a, c));
            s.f64_to_f32(s.div_f64(s.sqrt_f64(r), b))
        });
        f32_op(&|a, b, c| {
            let (a, b, c) = (s.f32_to_f64(a), s.f32_to_f64(b), s.f32_to_f64(c));
            let m = s.min_f64(a, b);
            let r = s.select_f64(s.lt_f64(m, c), s.max_f64(a, c), m);
            let r = s.select_f64(s.le_f64(r, b), r, s.splat_f64(7.0));
            s.f64_to_f32(s.select_f64(s.eq_f64(r, a), s.splat_f64(-3.0), r))
        });

        let mut iout = vec![0i32; n];
        let mut i32_op = |f: &dyn Fn(S::I32, S::I32) -> S::I32| {
            let mut i = 0;
            // SAFETY: as above.
            unsafe {
                while i < n {
                    let m = (n - i).min(S::LANES);
                    let [a, b] = self.i.map(|x| s.load_i32_n(x.as_ptr().add(i), m));
                    let r = f(a, b);
                    if m == S::LANES {
                        s.store_i32(iout.as_mut_ptr().add(i), r);
                    } else {
                        s.store_i32_n(iout.as_mut_ptr().add(i), m, r);
                    }
                    i += m;
                }
            }
            rows.push(iout.iter().map(|&v| v as u32 as u64).collect());
        };
        let imask = |m: S::Mask| s.select_i32(m, s.splat_i32(1), s.splat_i32(0));
        i32_op(&|a, b| s.add_i32(a, b));
        i32_op(&|a, b| s.sub_i32(a, b));
        i32_op(&|a, b| s.mul_i32(a, b));
        i32_op(&|a, b| s.min_i32(a, b));
        i32_op(&|a, b| s.max_i32(a, b));
        i32_op(&|a, b| s.and_i32(a, b));
        i32_op(&|a, b| s.or_i32(a, b));
        i32_op(&|a, b| s.xor_i32(a, b));
        i32_op(&|a, _| s.shl_i32::<3>(a));
        i32_op(&|a, _| s.shr_i32::<5>(a));
        i32_op(&|a, _| s.sra_i32::<7>(a));
        i32_op(&|a, b| imask(s.eq_i32(a, b)));
        i32_op(&|a, b| imask(s.gt_i32(a, b)));
        i32_op(&|a, b| imask(s.eq_i32(s.and_i32(a, s.splat_i32(3)), s.and_i32(b, s.splat_i32(3)))));
        i32_op(&|a, _| s.to_bits(s.from_bits(a)));

        // narrow integers: the low bytes stored, loaded back signed and unsigned.
        let mut bytes = vec![0u8; n + 64];
        let mut shorts = vec![0i16; n + 64];
        i32_op(&|a, _| unsafe {
            let mut b = [0u8; 64];
            s.store_i32_as_u8(b.as_mut_ptr(), a);
            s.add_i32(
                s.load_u8_as_i32(b.as_ptr()),
                s.load_i8_as_i32(b.as_ptr() as *const i8),
            )
        });
        i32_op(&|a, _| unsafe {
            let mut b = [0i16; 64];
            s.store_i32_as_i16(b.as_mut_ptr(), a);
            s.add_i32(
                s.load_i16_as_i32(b.as_ptr()),
                s.shl_i32::<16>(s.load_u16_as_i32(b.as_ptr() as *const u16)),
            )
        });
        let _ = (&mut bytes, &mut shorts);
        rows
    }
}

/// The f32 operations of [`Elementwise`] (the rest are i32), and those that keep a NaN's bits
/// (`neg`, `abs`, the roundings to 16 bits, `and`, `or`, `xor`, the selects).
const F32_OPS: usize = 38;
const BITWISE: [usize; 9] = [7, 8, 15, 16, 17, 18, 19, 30, 31];

#[test]
fn elementwise_methods_equal_scalar_at_every_level() {
    let x = f32_inputs();
    let n = x.len();
    let (b, c): (Vec<f32>, Vec<f32>) = (0..n)
        .map(|k| (x[(k * 7 + 3) % n], x[(k * 13 + 5) % n]))
        .unzip();
    let iv = i32_inputs();
    let ia: Vec<i32> = (0..n).map(|k| iv[k % iv.len()]).collect();
    let ib: Vec<i32> = (0..n).map(|k| iv[(k * 5 + 1) % iv.len()]).collect();
    for len in [n, n - 1, n - 3, 5, 3, 1, 0] {
        let run = |l: Level| {
            dispatch(
                l,
                Elementwise {
                    x: [&x[..len], &b[..len], &c[..len]],
                    i: [&ia[..len], &ib[..len]],
                },
            )
        };
        let want = run(Level::SCALAR);
        for &l in Level::available_levels() {
            let got = run(l);
            for (op, (g, w)) in got.iter().zip(&want).enumerate() {
                for (k, (g, w)) in g.iter().zip(w).enumerate() {
                    // which NaN an arithmetic operation returns (payload, sign, quiet bit) is the
                    // level's (and at Scalar the compiler's); the bitwise ones keep it.
                    let nan = |b: u64| op < F32_OPS && f32::from_bits(b as u32).is_nan();
                    if !BITWISE.contains(&op) && nan(*g) && nan(*w) {
                        continue;
                    }
                    assert_eq!(
                        g, w,
                        "{l}: operation {op} at {k} of {len}: {g:#x} vs {w:#x}, inputs {:?} {:?} {:?} / {} {}",
                        x[k], b[k], c[k], ia[k], ib[k]
                    );
                }
            }
        }
    }
}

/// The Half and BFloat16 loads and stores of every 16-bit pattern and of the f32 inputs,
/// masked tails of every length, and the byte masks and Bool stores.
struct Memory<'a> {
    h: &'a [u16],
    x: &'a [f32],
}

impl Kernel for Memory<'_> {
    type Output = (Vec<u32>, Vec<u16>, Vec<u8>);
    #[inline(always)]
    fn run<S: Simd>(self, s: S) -> Self::Output {
        let (h, x) = (self.h, self.x);
        let mut wide = vec![0u32; 2 * h.len()];
        let mut narrow = vec![0u16; 2 * x.len()];
        let mut flags = vec![0u8; x.len() + 8 * h.len()];
        let l = S::LANES;
        // SAFETY: every access below the slices' lengths (full vectors, then `*_n`).
        unsafe {
            let mut i = 0;
            while i < h.len() {
                let m = (h.len() - i).min(l);
                let p = h.as_ptr().add(i);
                let (a, b) = if m == l {
                    (s.load_f16(p), s.load_bf16(p))
                } else {
                    (s.load_f16_n(p, m), s.load_bf16_n(p, m))
                };
                s.store_n(wide.as_mut_ptr().add(i) as *mut f32, m, a);
                s.store_n(wide.as_mut_ptr().add(h.len() + i) as *mut f32, m, b);
                i += m;
            }
            let mut i = 0;
            while i < x.len() {
                let m = (x.len() - i).min(l);
                let v = s.load_n(x.as_ptr().add(i), m);
                let (p, q) = (
                    narrow.as_mut_ptr().add(i),
                    narrow.as_mut_ptr().add(x.len() + i),
                );
                if m == l {
                    s.store_f16(p, v);
                    s.store_bf16(q, v);
                    s.store_mask(flags.as_mut_ptr().add(i), s.lt(v, s.zero()));
                } else {
                    s.store_f16_n(p, m, v);
                    s.store_bf16_n(q, m, v);
                    s.store_mask_n(flags.as_mut_ptr().add(i), m, s.lt(v, s.zero()));
                }
                i += m;
            }
            // byte masks: the condition bytes are the low bytes of `h`.
            let cond: Vec<u8> = h.iter().map(|&v| (v & 3) as u8).collect();
            let base = x.len();
            let mut at = 0;
            let fl = flags.as_mut_ptr();
            macro_rules! bytes {
                ($e:literal) => {
                    if l * 4 >= $e {
                        let per = l * 4 / $e;
                        let mut i = 0;
                        while i + per <= cond.len().min(4096) {
                            let m = s.load_byte_mask::<$e>(cond.as_ptr().add(i));
                            let mut buf = [0u8; 64];
                            s.store(buf.as_mut_ptr() as *mut f32, m);
                            for k in 0..per {
                                *fl.add(base + at) = buf[k * $e] & 1;
                                at += 1;
                            }
                            i += per;
                        }
                    }
                };
            }
            bytes!(1);
            bytes!(2);
            bytes!(4);
            bytes!(8);
            flags.truncate(base + at);
        }
        (wide, narrow, flags)
    }
}

#[test]
fn conversions_and_byte_masks_equal_scalar_and_half_at_every_level() {
    let h: Vec<u16> = (0..=u16::MAX).collect();
    let x = f32_inputs();
    for (hl, xl) in [(h.len(), x.len()), (h.len() - 5, x.len() - 3), (7, 1)] {
        let run = |l| {
            dispatch(
                l,
                Memory {
                    h: &h[..hl],
                    x: &x[..xl],
                },
            )
        };
        let want = run(Level::SCALAR);
        for (i, &v) in h[..hl].iter().enumerate() {
            assert_eq!(
                want.0[i],
                half::f16::from_bits(v).to_f32().to_bits(),
                "f16 {v:#x}"
            );
        }
        for (i, &v) in x[..xl].iter().enumerate() {
            assert_eq!(want.1[i], half::f16::from_f32(v).to_bits(), "to f16 {v:e}");
            assert_eq!(
                want.1[xl + i],
                half::bf16::from_f32(v).to_bits(),
                "to bf16 {v:e}"
            );
        }
        for &l in Level::available_levels() {
            let got = run(l);
            assert_eq!(got.0, want.0, "{l}: widening");
            assert_eq!(got.1, want.1, "{l}: narrowing");
            let nf = xl.min(got.2.len());
            assert_eq!(got.2[..nf], want.2[..nf], "{l}: Bool stores");
            // the byte masks: element k of size E is set iff its condition byte is non-zero.
            let cond: Vec<u8> = h[..hl].iter().map(|&v| (v & 3) as u8).collect();
            let mut at = xl;
            for e in [1usize, 2, 4, 8] {
                let lanes = l_lanes(l);
                if lanes * 4 < e {
                    continue;
                }
                let per = lanes * 4 / e;
                let count = cond.len().min(4096) / per * per;
                for k in 0..count {
                    assert_eq!(
                        got.2[at + k],
                        (cond[k] != 0) as u8,
                        "{l}: byte mask {e} at {k}"
                    );
                }
                at += count;
            }
        }
    }
}

/// Reductions, transposes, gathers, zips, `first_n` / `any` / `all`, f64 memory.
struct Horizontal<'a>(&'a [f32]);

impl Kernel for Horizontal<'_> {
    type Output = Vec<f64>;
    #[inline(always)]
    fn run<S: Simd>(self, s: S) -> Vec<f64> {
        let x = self.0;
        let l = S::LANES;
        let mut out = Vec::new();
        // SAFETY: `x` holds at least `2 * MAX_LANES * MAX_LANES` floats.
        unsafe {
            // the sum of every vector in the order the trait gives (halving: here rebuilt in
            // f32 from the lanes, which must match).
            let v = s.load(x.as_ptr());
            let mut lanes = [0f32; MAX_LANES];
            s.store(lanes.as_mut_ptr(), v);
            let mut w = l;
            while w > 1 {
                w /= 2;
                for i in 0..w {
                    lanes[i] += lanes[i + w];
                }
            }
            let got = s.reduce_sum(v);
            if S::ISA != Isa::Avx512 {
                assert_eq!(
                    got.to_bits(),
                    lanes[0].to_bits(),
                    "{}: reduce_sum order",
                    S::ISA.name()
                );
            }
            out.push(f64::from(got));
            let mut lanes = [0f32; MAX_LANES];
            s.store(lanes.as_mut_ptr(), v);
            let max = lanes[..l].iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let min = lanes[..l].iter().copied().fold(f32::INFINITY, f32::min);
            assert_eq!(s.reduce_max(v), max);
            assert_eq!(s.reduce_min(v), min);
            let iv = s.to_i32_trunc(v);
            let mut il = [0i32; MAX_LANES];
            s.store_i32(il.as_mut_ptr(), iv);
            let isum = il[..l].iter().fold(0i32, |a, &b| a.wrapping_add(b));
            assert_eq!(s.reduce_sum_i32(iv), isum);
            // f64: memory, tails and the sum.
            let d: Vec<f64> = x[..2 * l].iter().map(|&v| f64::from(v) * 1.5).collect();
            let dv = s.load_f64(d.as_ptr());
            let mut back = vec![0f64; l];
            s.store_f64(back.as_mut_ptr(), dv);
            assert_eq!(back, d[..l]);
            for m in 0..=l {
                let mut t = vec![-1f64; l];
                s.store_f64_n(t.as_mut_ptr(), m, s.load_f64_n(d.as_ptr(), m));
                for k in 0..l {
                    assert_eq!(t[k], if k < m { d[k] } else { -1.0 }, "f64 tail {m} at {k}");
                }
                let fm = s.first_n(m);
                assert_eq!(s.any(fm), m > 0);
                assert_eq!(s.all(fm), m == l);
            }
            // masked loads from lane masks of any pattern: set lanes read, the rest zero.
            for bits in [
                0u64,
                1,
                0b1010_0110_1100_1011,
                0xffff_0000_ffff,
                u64::MAX,
                1 << (l - 1),
            ] {
                let m = s.mask_from_bits(bits);
                let mut got = [0f32; MAX_LANES];
                s.store(got.as_mut_ptr(), s.load_masked(x.as_ptr().add(3), m));
                let mut on = [0u8; MAX_LANES];
                s.store_mask(on.as_mut_ptr(), m);
                for k in 0..l {
                    let set = bits >> k & 1 == 1;
                    assert_eq!(on[k] == 1, set, "mask_from_bits {bits:#x} lane {k}");
                    let want = if set { x[3 + k] } else { 0.0 };
                    assert_eq!(
                        got[k].to_bits(),
                        want.to_bits(),
                        "load_masked {bits:#x} {k}"
                    );
                }
            }
            out.push(s.reduce_sum_f64(dv));
            // transpose: row r of the tile from x[r * 64 ..].
            let mut t = [s.zero(); MAX_LANES];
            for (r, v) in t.iter_mut().enumerate().take(l) {
                *v = s.load(x.as_ptr().add(r * 64));
            }
            s.transpose(&mut t);
            for (r, v) in t.iter().enumerate().take(l) {
                let mut row = [0f32; MAX_LANES];
                s.store(row.as_mut_ptr(), *v);
                for c in 0..l {
                    assert_eq!(
                        row[c].to_bits(),
                        x[c * 64 + r].to_bits(),
                        "transpose ({r}, {c})"
                    );
                }
            }
            // gather and zips.
            let idx: Vec<i32> = (0..l as i32).map(|k| (k * 37 + 11) % 200).collect();
            let g = s.gather(x.as_ptr(), s.load_i32(idx.as_ptr()));
            let mut gl = [0f32; MAX_LANES];
            s.store(gl.as_mut_ptr(), g);
            for k in 0..l {
                assert_eq!(gl[k].to_bits(), x[idx[k] as usize].to_bits(), "gather {k}");
            }
            let a: Vec<i32> = (0..l as i32).collect();
            let b: Vec<i32> = (100..100 + l as i32).collect();
            let (va, vb) = (s.load_i32(a.as_ptr()), s.load_i32(b.as_ptr()));
            let mut z = [0i32; MAX_LANES];
            s.store_i32(z.as_mut_ptr(), s.zip_lo_i32(va, vb));
            let mut z2 = [0i32; MAX_LANES];
            s.store_i32(z2.as_mut_ptr(), s.zip_hi_i32(va, vb));
            if l > 1 {
                for k in 0..l {
                    assert_eq!(
                        z[k],
                        if k % 2 == 0 { a[k / 2] } else { b[k / 2] },
                        "zip_lo {k}"
                    );
                    let h = l / 2 + k / 2;
                    assert_eq!(z2[k], if k % 2 == 0 { a[h] } else { b[h] }, "zip_hi {k}");
                }
            }
            // unzip: the even lanes of a then b, and the odd ones.
            let (vx, vy) = (s.load(x.as_ptr()), s.load(x.as_ptr().add(l)));
            let (ev, od) = s.unzip(vx, vy);
            let (mut e, mut o) = ([0f32; MAX_LANES], [0f32; MAX_LANES]);
            s.store(e.as_mut_ptr(), ev);
            s.store(o.as_mut_ptr(), od);
            for k in 0..l {
                assert_eq!(e[k].to_bits(), x[2 * k].to_bits(), "unzip even {k}");
                assert_eq!(o[k].to_bits(), x[2 * k + 1].to_bits(), "unzip odd {k}");
            }
            // math on a vector is the slice path's.
            let mut y = [0f32; MAX_LANES];
            s.store(y.as_mut_ptr(), s.exp(s.load(x.as_ptr())));
            let mut z = [0f32; MAX_LANES];
            s.unary_run(UnaryFn::Exp, x.as_ptr(), z.as_mut_ptr(), l);
            assert_eq!(y[..l], z[..l]);
        }
        out
    }
}

#[test]
fn horizontal_methods_at_every_level() {
    let x: Vec<f32> = (0..2048)
        .map(|k| ((k * 7919) % 1000) as f32 * 0.37 - 150.0)
        .collect();
    for &l in Level::available_levels() {
        assert_eq!(l_lanes(l), l.isa().f32_lanes(), "{l}");
        let got = dispatch(l, Horizontal(&x));
        let want: f64 = x[..l_lanes(l)].iter().map(|&v| f64::from(v)).sum();
        assert!((got[0] - want).abs() <= 1e-3 * want.abs().max(1.0), "{l}");
    }
}

fn l_lanes(l: Level) -> usize {
    struct Lanes;
    impl Kernel for Lanes {
        type Output = usize;
        fn run<S: Simd>(self, _s: S) -> usize {
            S::LANES
        }
    }
    dispatch(l, Lanes)
}

#[test]
fn bf16_dispatch_stores_as_the_plain_level() {
    let x = f32_inputs();
    let run = |bf: bool| {
        let mut out = vec![0u16; x.len()];
        struct K<'a>(&'a [f32], &'a mut [u16]);
        impl Kernel for K<'_> {
            type Output = ();
            #[inline(always)]
            fn run<S: Simd>(self, s: S) {
                let n = self.0.len();
                let mut i = 0;
                // SAFETY: as above.
                unsafe {
                    while i < n {
                        let m = (n - i).min(S::LANES);
                        let v = s.load_n(self.0.as_ptr().add(i), m);
                        s.store_bf16_n(self.1.as_mut_ptr().add(i), m, v);
                        i += m;
                    }
                }
            }
        }
        let l = Level::detected();
        if bf {
            dispatch_bf16(l, K(&x, &mut out))
        } else {
            dispatch(l, K(&x, &mut out))
        }
        out
    };
    assert_eq!(run(true), run(false));
}

/// Every [`Element`] method of one type at the token's level, as f32 bits of the loads and
/// element bits of the stores: full vectors, every tail length, strided and indexed gathers.
struct ElementIo<'a, E: Element> {
    x: &'a [E],
}

impl<E: Element> Kernel for ElementIo<'_, E> {
    type Output = (Vec<u32>, Vec<E>);
    #[inline(always)]
    fn run<S: Simd>(self, s: S) -> Self::Output {
        let x = self.x;
        let l = S::LANES;
        let mut loads = Vec::new();
        let mut stores = vec![x[0]; x.len()];
        let mut lanes = [0f32; MAX_LANES];
        // SAFETY: every access below the slices' lengths (full vectors, then `*_n`); gathers
        // read at most `(LANES - 1) * 3 < x.len()`.
        unsafe {
            let mut i = 0;
            while i < x.len() {
                let m = (x.len() - i).min(l);
                let p = x.as_ptr().add(i);
                let v = if m == l {
                    E::load(s, p)
                } else {
                    E::load_n(s, p, m)
                };
                s.store(lanes.as_mut_ptr(), v);
                loads.extend(lanes[..l].iter().map(|f| f.to_bits()));
                s.store(lanes.as_mut_ptr(), E::round(s, v));
                loads.extend(lanes[..l].iter().map(|f| f.to_bits()));
                let q = stores.as_mut_ptr().add(i);
                if m == l {
                    E::store(s, q, v)
                } else {
                    E::store_n(s, q, m, v)
                }
                i += m;
            }
            for n in 0..=l {
                s.store(lanes.as_mut_ptr(), E::gather(s, x.as_ptr(), 3, n));
                loads.extend(lanes[..l].iter().map(|f| f.to_bits()));
            }
            let idx: Vec<i32> = (0..l as i32).map(|k| (k * 5) % 7 + k).collect();
            let g = E::gather_idx(s, x.as_ptr(), s.load_i32(idx.as_ptr()));
            s.store(lanes.as_mut_ptr(), g);
            loads.extend(lanes[..l].iter().map(|f| f.to_bits()));
        }
        (loads, stores)
    }
}

/// The [`Element`] I/O of `x` at every level: stores give back `x`, loads and roundings
/// widen exactly (checked at the scalar level against the element's own `to_f32`), and every
/// level equals the scalar one lane for lane (lane counts differ, so by lane position).
fn element_io_at_every_level<E: Element + PartialEq + core::fmt::Debug>(x: &[E], name: &str) {
    let want = dispatch(Level::SCALAR, ElementIo { x });
    assert_eq!(want.1, x, "{name}: scalar stores");
    for (i, &e) in x.iter().enumerate() {
        assert_eq!(want.0[2 * i], e.to_f32().to_bits(), "{name}: load {i}");
        assert_eq!(want.0[2 * i + 1], e.to_f32().to_bits(), "{name}: round {i}");
    }
    for &l in Level::available_levels() {
        let got = dispatch(l, ElementIo { x });
        assert_eq!(got.1, x, "{name} {l}: stores");
        let lanes = l_lanes(l);
        let (mut at, mut i) = (0, 0);
        while i < x.len() {
            let m = (x.len() - i).min(lanes);
            for k in 0..lanes {
                let w = if k < m {
                    x[i + k].to_f32().to_bits()
                } else {
                    0
                };
                assert_eq!(got.0[at + k], w, "{name} {l}: load at {i}+{k}");
                assert_eq!(got.0[at + lanes + k], w, "{name} {l}: round at {i}+{k}");
            }
            at += 2 * lanes;
            i += m;
        }
        for n in 0..=lanes {
            for k in 0..lanes {
                let w = if k < n {
                    x[3 * k].to_f32().to_bits()
                } else {
                    0
                };
                assert_eq!(got.0[at + k], w, "{name} {l}: gather {n} lane {k}");
            }
            at += lanes;
        }
        for k in 0..lanes {
            let w = x[(k * 5) % 7 + k].to_f32().to_bits();
            assert_eq!(got.0[at + k], w, "{name} {l}: gather_idx lane {k}");
        }
    }
}

#[test]
fn element_io_equals_scalar_at_every_level() {
    // Values every type holds exactly, so stores give back the input; odd lengths leave tails.
    let x = f32_inputs();
    let h: Vec<half::f16> = x.iter().map(|&v| half::f16::from_f32(v)).collect();
    let b: Vec<half::bf16> = x.iter().map(|&v| half::bf16::from_f32(v)).collect();
    let x: Vec<f32> = x.into_iter().filter(|v| !v.is_nan()).collect();
    let h: Vec<half::f16> = h.into_iter().filter(|v| !v.is_nan()).collect();
    let b: Vec<half::bf16> = b.into_iter().filter(|v| !v.is_nan()).collect();
    for len in [x.len(), 61, 49] {
        element_io_at_every_level(&x[..len], "f32");
        element_io_at_every_level(&h[..len], "f16");
        element_io_at_every_level(&b[..len], "bf16");
    }
}
