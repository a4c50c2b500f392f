//! Casts between Float / Half / BFloat16 and the integer dtypes and Bool, C++ `static_cast`
//! as portable's `copy_cast` does (floats through f32, integers through i64).

use super::runs::*;
use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CastKind {
    Float(FloatKind),
    Bool,
    U8,
    I8,
    I16,
    I32,
    I64,
}

impl CastKind {
    fn of(t: ScalarType) -> Option<CastKind> {
        Some(match t {
            ScalarType::Bool => CastKind::Bool,
            ScalarType::Byte => CastKind::U8,
            ScalarType::Char => CastKind::I8,
            ScalarType::Short => CastKind::I16,
            ScalarType::Int => CastKind::I32,
            ScalarType::Long => CastKind::I64,
            t => CastKind::Float(FloatKind::of(t)?),
        })
    }
}

/// `dst[i] = src[i] as f32` as portable converts (integers through i64).
///
/// # Safety
/// `src` valid for `dst.len()` elements of the kind.
#[inline(always)]
unsafe fn ints_to_f32(kind: CastKind, src: *const u8, dst: &mut [f32]) {
    #[inline(always)]
    unsafe fn go<E: Element>(src: *const u8, dst: &mut [f32]) {
        let s = unsafe { core::slice::from_raw_parts(src as *const E, dst.len()) };
        for (d, &x) in dst.iter_mut().zip(s) {
            *d = x.to_i64() as f32;
        }
    }
    unsafe {
        match kind {
            CastKind::Bool => go::<bool>(src, dst),
            CastKind::U8 => go::<u8>(src, dst),
            CastKind::I8 => go::<i8>(src, dst),
            CastKind::I16 => go::<i16>(src, dst),
            CastKind::I32 => go::<i32>(src, dst),
            CastKind::I64 => go::<i64>(src, dst),
            CastKind::Float(_) => {}
        }
    }
}

/// `dst[i] = static_cast<E>(src[i])` from f32.
///
/// # Safety
/// `dst` valid for writing `src.len()` elements of the kind.
#[inline(always)]
unsafe fn f32_to_ints<S: Simd>(s: S, kind: CastKind, src: &[f32], dst: *mut u8) {
    #[inline(always)]
    unsafe fn go<E: Copy>(src: &[f32], dst: *mut u8, f: impl Fn(f32) -> E) {
        let d = unsafe { core::slice::from_raw_parts_mut(dst as *mut E, src.len()) };
        for (d, &x) in d.iter_mut().zip(src) {
            *d = f(x);
        }
    }
    unsafe {
        match kind {
            CastKind::Bool => go(src, dst, |x| x != 0.0),
            // through int32 as `Element::from_f32` converts (through int64 for uint8): an f32
            // of magnitude 2^31 or more is a multiple of 256, so the low byte is 0 either way.
            CastKind::U8 => go(src, dst, |x| f32_to_i32_x86(x) as u8),
            CastKind::I8 => go(src, dst, |x| f32_to_i32_x86(x) as i8),
            CastKind::I16 => go(src, dst, |x| f32_to_i32_x86(x) as i16),
            // `vcvttps2dq` is the x86 cast itself; the loop above adds two compares and a blend
            // for its range test (opbench to_copy bf16 65536 --to i32, seven alternating
            // rounds, median 12.3 -> 10.0 us; from f32 the copy is bound by memory either way).
            CastKind::I32 => loop2(
                s,
                RunL(src.as_ptr() as *const u8, KF32),
                SplatL(s.splat(0.0)),
                FOut(dst, KF32),
                src.len(),
                |x, _| s.from_bits(s.to_i32_trunc(x)),
            ),
            CastKind::I64 => go(src, dst, f32_to_i64_x86),
            CastKind::Float(_) => {}
        }
    }
}

/// `(int64_t)x` as x86-64 computes it, as [`f32_to_i32_x86`] (int32).
#[inline(always)]
fn f32_to_i64_x86(x: f32) -> i64 {
    if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&x) {
        // SAFETY: in range.
        unsafe { x.to_int_unchecked::<i64>() }
    } else {
        i64::MIN
    }
}

#[derive(Clone, Copy)]
struct CastTask<'w> {
    walk: &'w Walk,
    src: Ptr,
    src_kind: CastKind,
    src_size: usize,
    out: Ptr,
    out_kind: CastKind,
    out_size: usize,
    start: usize,
    end: usize,
}

impl Kernel for CastTask<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let mut chunk = Chunk([0f32; CHUNK]);
        let buf = &mut chunk.0;
        // A cast with f32 on one side converts a whole run in one call; any other goes through
        // f32 in chunks that stay in L1.
        let direct = matches!(self.src_kind, CastKind::Float(FloatKind::F32))
            || matches!(self.out_kind, CastKind::Float(FloatKind::F32));
        self.walk.for_each_run(
            self.start,
            self.end,
            #[inline(always)]
            |off, n| {
                let step = if direct { n } else { CHUNK };
                let mut c = 0;
                while c < n {
                    let m = step.min(n - c);
                    // SAFETY: the runs lie within the tensors; the out run is this task's.
                    unsafe {
                        let sp = self
                            .src
                            .0
                            .offset((off[1] + c as isize) * self.src_size as isize);
                        let dp = self
                            .out
                            .0
                            .offset((off[0] + c as isize) * self.out_size as isize);
                        match (self.src_kind, self.out_kind) {
                            (CastKind::Float(FloatKind::F32), CastKind::Float(k)) => narrow(
                                s.level(),
                                k,
                                core::slice::from_raw_parts(sp as *const f32, m),
                                dp,
                            ),
                            (CastKind::Float(k), CastKind::Float(FloatKind::F32)) => widen(
                                s.level(),
                                k,
                                sp,
                                core::slice::from_raw_parts_mut(dp as *mut f32, m),
                            ),
                            (CastKind::Float(FloatKind::F32), k) => f32_to_ints(
                                s,
                                k,
                                core::slice::from_raw_parts(sp as *const f32, m),
                                dp,
                            ),
                            (a, CastKind::Float(FloatKind::F32)) => ints_to_f32(
                                a,
                                sp,
                                core::slice::from_raw_parts_mut(dp as *mut f32, m),
                            ),
                            (CastKind::Float(a), CastKind::Float(k)) => {
                                let b = &mut buf[..m];
                                widen(s.level(), a, sp, b);
                                narrow(s.level(), k, b, dp);
                            }
                            (CastKind::Float(a), k) => {
                                let b = &mut buf[..m];
                                widen(s.level(), a, sp, b);
                                f32_to_ints(s, k, b, dp);
                            }
                            (a, CastKind::Float(k)) => {
                                let b = &mut buf[..m];
                                ints_to_f32(a, sp, b);
                                narrow(s.level(), k, b, dp);
                            }
                            _ => {}
                        }
                    }
                    c += m;
                }
            },
        );
    }
}

/// `out = static_cast<out dtype>(src)` with the out's shape set, when one side is Float, Half
/// or BFloat16 and the other any of those, an integer dtype or Bool (not both the same dtype).
pub fn cast(ctx: &KernelContext<'_>, src: &Tensor<'_>, out: &mut Tensor<'_>) -> bool {
    let (Some(sk), Some(ok)) = (CastKind::of(src.dtype()), CastKind::of(out.dtype())) else {
        return false;
    };
    if sk == ok || !(matches!(sk, CastKind::Float(_)) || matches!(ok, CastKind::Float(_))) {
        return false;
    }
    let Some(walk) = Walk::new(out, &[Some(src)]) else {
        return false;
    };
    if walk.numel() > 0 && !walk.is_run(1) && walk.numel() > 1 {
        return false;
    }
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    if walk.numel() == 0 {
        return true;
    }
    let level = etk_simd::level();
    let (src_ptr, src_size, out_size) = (
        Ptr(src.as_ptr() as *mut u8),
        src.element_size(),
        out.element_size(),
    );
    split(ctx, walk.numel(), 1, &|start, end| {
        dispatch(
            level,
            CastTask {
                walk: &walk,
                src: src_ptr,
                src_kind: sk,
                src_size,
                out: optr,
                out_kind: ok,
                out_size,
                start,
                end,
            },
        )
    });
    true
}
