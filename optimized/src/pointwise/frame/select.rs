//! `where`: a bitwise select on elements of 1, 2, 4 or 8 bytes.

use super::int::{ISrc, iloop2};
use super::*;

/// The element bits of a one-element tensor converted to `common` as portable's
/// `via(common)` load and store do.
fn value_bits(t: &Tensor<'_>, common: ScalarType) -> Option<u64> {
    fn bits<E: Element>(v: E) -> u64 {
        let mut b = [0u8; 8];
        // SAFETY: `E` is a plain number of at most 8 bytes.
        unsafe {
            core::ptr::copy_nonoverlapping(
                &v as *const E as *const u8,
                b.as_mut_ptr(),
                core::mem::size_of::<E>(),
            )
        };
        u64::from_le_bytes(b)
    }
    use etk_core::Compute;
    match common {
        ScalarType::Bool
        | ScalarType::Byte
        | ScalarType::Char
        | ScalarType::Short
        | ScalarType::Int
        | ScalarType::Long => {
            let v = value_i64(t, common)?;
            etk_core::match_element!(common, E => Some(bits::<E>(v.store::<E>())), _ => None)
        }
        ScalarType::Half | ScalarType::BFloat16 | ScalarType::Float => {
            let v = value_f32(t, common)?;
            etk_core::match_element!(common, E => Some(bits::<E>(v.store::<E>())), _ => None)
        }
        ScalarType::Double => {
            let v = t.read::<f64>(0)?;
            Some(v.to_bits())
        }
        _ => None,
    }
}

#[derive(Clone, Copy)]
struct SelectTask<'w, T> {
    walk: &'w Walk,
    cond: Ptr,
    ins: [(Ptr, u64, bool); 2],
    out: Ptr,
    start: usize,
    end: usize,
    _t: core::marker::PhantomData<T>,
}

trait Bits: Copy + Send + Sync + 'static {
    fn from_u64(v: u64) -> Self;
    fn to_u64(self) -> u64;
}
macro_rules! bits_impl {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn to_u64(self) -> u64 {
                self as u64
            }
        }
    )*};
}

bits_impl!(u8, u16, u32, u64);

/// An operand of [`select_vec`]: a run's first element, or a value's bits repeated over a
/// vector. Functions, not closures: a closure would be compiled without the level's target
/// features (`docs/writing-a-kernel.md`).
#[inline(always)]
fn operand<S: Simd, T: Bits, const E: usize>(s: S, x: ISrc<T>) -> (*const T, Option<S::F32>) {
    match x {
        ISrc::Run(p) => (p, None),
        ISrc::Splat(v) => {
            let mut buf = [0u8; 64];
            for chunk in buf.chunks_exact_mut(E) {
                chunk.copy_from_slice(&v.to_u64().to_le_bytes()[..E]);
            }
            // SAFETY: a vector is at most 64 bytes.
            (
                core::ptr::null(),
                Some(unsafe { s.load(buf.as_ptr() as *const f32) }),
            )
        }
    }
}

/// The vector of `x` at element `i`.
///
/// # Safety
/// A run holds a vector's bytes from element `i`.
#[inline(always)]
unsafe fn at<S: Simd, T>(s: S, x: (*const T, Option<S::F32>), i: usize) -> S::F32 {
    match x.1 {
        Some(v) => v,
        // SAFETY: forwarded; a vector load needs no alignment.
        None => unsafe { s.load(x.0.add(i) as *const f32) },
    }
}

/// `o[i] = c[i] != 0 ? a[i] : b[i]` over the whole vectors of a run of `n` elements of `T`;
/// returns how many elements it wrote (the rest is the caller's scalar tail). Written with
/// vectors of bits because LLVM turns the scalar select of two loads into a load from a
/// selected address, one element at a time (a third of memory speed); a bit select also
/// never quiets a NaN.
///
/// # Safety
/// `c` readable for `n` bytes, `o` writable and the runs readable for `n` elements; `S` has
/// at least 8 bytes per vector.
#[inline(always)]
unsafe fn select_vec<S: Simd, T: Bits, const E: usize>(
    s: S,
    c: *const u8,
    src: [ISrc<T>; 2],
    o: *mut T,
    n: usize,
) -> usize {
    let per = S::LANES * 4 / E;
    let (a, b) = (operand::<S, T, E>(s, src[0]), operand::<S, T, E>(s, src[1]));
    let mut i = 0;
    while i + per <= n {
        // SAFETY: as above.
        unsafe {
            let m = s.load_byte_mask::<E>(c.add(i));
            s.store(
                o.add(i) as *mut f32,
                s.bitselect(m, at::<S, T>(s, a, i), at::<S, T>(s, b, i)),
            );
        }
        i += per;
    }
    i
}

impl<T: Bits> Kernel for SelectTask<'_, T> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let size = core::mem::size_of::<T>() as isize;
        self.walk.for_each_run(
            self.start,
            self.end,
            #[inline(always)]
            |off, n| {
                let mut src = [ISrc::Splat(T::from_u64(0)); 2];
                for (k, sk) in src.iter_mut().enumerate() {
                    let (p, v, is_value) = self.ins[k];
                    *sk = if is_value {
                        ISrc::Splat(T::from_u64(v))
                    } else {
                        // SAFETY: the walk's offsets lie within the tensor.
                        let p = unsafe { p.0.offset(off[k + 2] * size) } as *const T;
                        if self.walk.is_run(k + 2) {
                            ISrc::Run(p)
                        } else {
                            ISrc::Splat(unsafe { *p })
                        }
                    };
                }
                // SAFETY: as above; the out run is this task's.
                unsafe {
                    let c = self.cond.0.offset(off[1]) as *const u8;
                    let o = self.out.0.offset(off[0] * size) as *mut T;
                    if !self.walk.is_run(1) {
                        // one condition for the whole run: a copy of one side.
                        let side = if *c != 0 { src[0] } else { src[1] };
                        iloop2(
                            side,
                            side,
                            o,
                            n,
                            #[inline(always)]
                            |a, _| a,
                        );
                        return;
                    }
                    let done = if S::LANES * 4 < 8 {
                        0
                    } else {
                        match size {
                            1 => select_vec::<S, T, 1>(s, c, src, o, n),
                            2 => select_vec::<S, T, 2>(s, c, src, o, n),
                            4 => select_vec::<S, T, 4>(s, c, src, o, n),
                            _ => select_vec::<S, T, 8>(s, c, src, o, n),
                        }
                    };
                    let (c, o, n) = (c.add(done), o.add(done), n - done);
                    let src = src.map(|x| x.skip(done));
                    // The rest, element by element through pointers: the out may be one of
                    // the inputs (even the condition, for Bool), so no slices.
                    let pick = |x: ISrc<T>, i: usize| match x {
                        ISrc::Run(p) => p.add(i).read(),
                        ISrc::Splat(v) => v,
                    };
                    for i in 0..n {
                        let v = if c.add(i).read() != 0 {
                            pick(src[0], i)
                        } else {
                            pick(src[1], i)
                        };
                        o.add(i).write(v);
                    }
                }
            },
        );
    }
}

/// `out = condition ? a : b` with `condition` Bool or Byte (non-zero is true), `out` of the
/// common dtype (any of the ten) and its shape set; `a` and `b` of that dtype or one element.
pub fn select(
    ctx: &KernelContext<'_>,
    condition: &Tensor<'_>,
    a: &Tensor<'_>,
    b: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> bool {
    let common = out.dtype();
    if !matches!(condition.dtype(), ScalarType::Bool | ScalarType::Byte) {
        return false;
    }
    let resolve = |t: &Tensor<'_>| -> Option<(Ptr, u64, bool)> {
        if t.dtype() == common {
            Some((Ptr(t.as_ptr() as *mut u8), 0, false))
        } else if t.numel() == 1 {
            Some((Ptr(core::ptr::null_mut()), value_bits(t, common)?, true))
        } else {
            None
        }
    };
    let (Some(ia), Some(ib)) = (resolve(a), resolve(b)) else {
        return false;
    };
    let ta = (!ia.2).then_some(a);
    let tb = (!ib.2).then_some(b);
    let Some(walk) = Walk::new(out, &[Some(condition), ta, tb]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    if walk.numel() == 0 {
        return true;
    }
    let level = etk_simd::level();
    let cond = Ptr(condition.as_ptr() as *mut u8);
    fn go<T: Bits>(
        ctx: &KernelContext<'_>,
        level: etk_simd::Level,
        walk: &Walk,
        cond: Ptr,
        ins: [(Ptr, u64, bool); 2],
        out: Ptr,
    ) {
        split(ctx, walk.numel(), 1, &|start, end| {
            dispatch(
                level,
                SelectTask::<T> {
                    walk,
                    cond,
                    ins,
                    out,
                    start,
                    end,
                    _t: core::marker::PhantomData,
                },
            )
        });
    }
    match common.element_size() {
        1 => go::<u8>(ctx, level, &walk, cond, [ia, ib], optr),
        2 => go::<u16>(ctx, level, &walk, cond, [ia, ib], optr),
        4 => go::<u32>(ctx, level, &walk, cond, [ia, ib], optr),
        8 => go::<u64>(ctx, level, &walk, cond, [ia, ib], optr),
        _ => return false,
    }
    true
}
