//! The integer frames: plain loops over native integers, compiled per ISA (the compiler
//! vectorizes them with the ISA's registers).

use super::*;

#[derive(Clone, Copy)]
pub(super) enum ISrc<T> {
    Run(*const T),
    Splat(T),
}

impl<T> ISrc<T> {
    /// The source from element `k` on.
    ///
    /// # Safety
    /// A run must hold at least `k` elements.
    #[inline(always)]
    pub(super) unsafe fn skip(self, k: usize) -> Self {
        match self {
            // SAFETY: the caller's.
            ISrc::Run(p) => ISrc::Run(unsafe { p.add(k) }),
            splat => splat,
        }
    }
}

/// Whether `n` elements of `T` at `a` and `n` of `R` at `o` share a byte.
fn overlaps<T, R>(a: *const T, o: *const R, n: usize) -> bool {
    let (a0, o0) = (a as usize, o as usize);
    a0 < o0 + n * core::mem::size_of::<R>() && o0 < a0 + n * core::mem::size_of::<T>()
}

/// `out[i] = f(a[i], b[i])` with each input a run or a value, one loop per combination so the
/// compiler vectorizes each. An out that overlaps an input run (an in-place call) goes through
/// a buffer on the stack a chunk at a time: slices of the same memory, one of them mutable,
/// may not exist at once, and the compiler's own overlap test would fall back to a scalar
/// loop (the in-place `minimum` of `clamp.Tensor` on Int ran at a quarter of memory speed).
/// Both cases run the one inlined copy of the loops, so each op and dtype compiles them once.
#[inline(always)]
pub(super) unsafe fn iloop2<T: Copy, R: Copy>(
    a: ISrc<T>,
    b: ISrc<T>,
    o: *mut R,
    n: usize,
    f: impl Fn(T, T) -> R,
) {
    let run_overlaps = |x: ISrc<T>| matches!(x, ISrc::Run(p) if overlaps(p, o, n));
    let buffered = run_overlaps(a) || run_overlaps(b);
    const CHUNK: usize = 256;
    let mut buf = [core::mem::MaybeUninit::<R>::uninit(); CHUNK];
    let tmp = buf.as_mut_ptr() as *mut R;
    let mut at = 0;
    while at < n {
        let m = if buffered { CHUNK.min(n - at) } else { n };
        // SAFETY: `at < n`, and the runs are valid for `n` elements; the buffer holds `m`
        // elements and is no run; the out is valid for `n`, and overlaps no run when it is
        // written directly.
        unsafe {
            let dst = if buffered { tmp } else { o.add(at) };
            iloop2_disjoint(a.skip(at), b.skip(at), dst, m, &f);
            if buffered {
                core::ptr::copy_nonoverlapping(tmp, o.add(at), m);
            }
        }
        at += m;
    }
}

/// [`iloop2`] for an out that overlaps neither input run.
#[inline(always)]
unsafe fn iloop2_disjoint<T: Copy, R: Copy>(
    a: ISrc<T>,
    b: ISrc<T>,
    o: *mut R,
    n: usize,
    f: impl Fn(T, T) -> R,
) {
    // SAFETY: the caller's pointers are valid for `n` elements, and the out overlaps no run.
    unsafe {
        match (a, b) {
            (ISrc::Run(pa), ISrc::Run(pb)) => {
                let (a, b) = (
                    core::slice::from_raw_parts(pa, n),
                    core::slice::from_raw_parts(pb, n),
                );
                let o = core::slice::from_raw_parts_mut(o, n);
                for ((o, &a), &b) in o.iter_mut().zip(a).zip(b) {
                    *o = f(a, b);
                }
            }
            (ISrc::Run(pa), ISrc::Splat(b)) => {
                let a = core::slice::from_raw_parts(pa, n);
                let o = core::slice::from_raw_parts_mut(o, n);
                for (o, &a) in o.iter_mut().zip(a) {
                    *o = f(a, b);
                }
            }
            (ISrc::Splat(a), ISrc::Run(pb)) => {
                let b = core::slice::from_raw_parts(pb, n);
                let o = core::slice::from_raw_parts_mut(o, n);
                for (o, &b) in o.iter_mut().zip(b) {
                    *o = f(a, b);
                }
            }
            (ISrc::Splat(a), ISrc::Splat(b)) => {
                core::slice::from_raw_parts_mut(o, n).fill(f(a, b));
            }
        }
    }
}

/// What an integer task computes per element: an [`IntOp`], an [`IntCompare`] (into Bool) or an
/// [`IntUnary`] (`b` unused). A type, not a runtime choice, so that each op compiles only its
/// own loops.
trait IntBody: Copy + Send + Sync {
    type Out<T: Int>: Copy;
    fn apply<T: Int>(self, a: T, b: T) -> Self::Out<T>;
}

#[derive(Clone, Copy)]
struct Bin<A>(A);
impl<A: IntOp> IntBody for Bin<A> {
    type Out<T: Int> = T;
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> T {
        self.0.apply(a, b)
    }
}

#[derive(Clone, Copy)]
struct Cmp<C>(C);
impl<C: IntCompare> IntBody for Cmp<C> {
    type Out<T: Int> = bool;
    #[inline(always)]
    fn apply<T: Int>(self, a: T, b: T) -> bool {
        self.0.apply(a, b)
    }
}

#[derive(Clone, Copy)]
struct Un<U>(U);
impl<U: IntUnary> IntBody for Un<U> {
    type Out<T: Int> = T;
    #[inline(always)]
    fn apply<T: Int>(self, a: T, _b: T) -> T {
        self.0.apply(a)
    }
}

#[derive(Clone, Copy)]
struct IntTask<'w, T, B> {
    walk: &'w Walk,
    ins: [In; 2],
    n_in: usize,
    out: Ptr,
    start: usize,
    end: usize,
    body: B,
    _t: core::marker::PhantomData<T>,
}

impl<T: Int, B: IntBody> Kernel for IntTask<'_, T, B> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, _s: S) {
        let size = core::mem::size_of::<T>() as isize;
        let out_size = core::mem::size_of::<B::Out<T>>() as isize;
        self.walk.for_each_run(
            self.start,
            self.end,
            #[inline(always)]
            |off, n| {
                let mut src = [ISrc::Splat(T::trunc(0)); 2];
                for (k, sk) in src.iter_mut().enumerate().take(self.n_in) {
                    let i = &self.ins[k];
                    *sk = if i.is_value {
                        ISrc::Splat(T::trunc(i.ivalue))
                    } else {
                        // SAFETY: the walk's offsets lie within the tensor.
                        let p = unsafe { i.ptr.0.offset(off[k + 1] * size) } as *const T;
                        if self.walk.is_run(k + 1) {
                            ISrc::Run(p)
                        } else {
                            ISrc::Splat(unsafe { *p })
                        }
                    };
                }
                // a copy: read through `self`, the op's parameters (clamp's bounds) would be
                // loaded again for every element, since the out's stores might alias them.
                let body = self.body;
                // SAFETY: the out run lies within the out; tasks write disjoint ranges.
                unsafe {
                    let o = self.out.0.offset(off[0] * out_size) as *mut B::Out<T>;
                    iloop2(
                        src[0],
                        src[1],
                        o,
                        n,
                        #[inline(always)]
                        move |a, b| body.apply(a, b),
                    )
                }
            },
        );
    }
}

fn run_int<B: IntBody>(
    ctx: &KernelContext<'_>,
    dtype: ScalarType,
    walk: &Walk,
    ins: [In; 2],
    n_in: usize,
    out: Ptr,
    body: B,
) -> bool {
    fn go<T: Int, B: IntBody>(
        ctx: &KernelContext<'_>,
        walk: &Walk,
        ins: [In; 2],
        n_in: usize,
        out: Ptr,
        body: B,
    ) {
        if walk.numel() == 0 {
            return;
        }
        let level = etk_simd::level();
        split(ctx, walk.numel(), 1, &|start, end| {
            dispatch(
                level,
                IntTask::<T, B> {
                    walk,
                    ins,
                    n_in,
                    out,
                    start,
                    end,
                    body,
                    _t: core::marker::PhantomData,
                },
            )
        });
    }
    match dtype {
        ScalarType::Byte => go::<u8, B>(ctx, walk, ins, n_in, out, body),
        ScalarType::Char => go::<i8, B>(ctx, walk, ins, n_in, out, body),
        ScalarType::Short => go::<i16, B>(ctx, walk, ins, n_in, out, body),
        ScalarType::Int => go::<i32, B>(ctx, walk, ins, n_in, out, body),
        ScalarType::Long => go::<i64, B>(ctx, walk, ins, n_in, out, body),
        _ => return false,
    }
    true
}

/// The integer dtypes (Byte, Char, Short, Int, Long): what the integer frames compute in.
pub fn is_int(t: ScalarType) -> bool {
    matches!(
        t,
        ScalarType::Byte
            | ScalarType::Char
            | ScalarType::Short
            | ScalarType::Int
            | ScalarType::Long
    )
}

/// `out = op(a, b)` with `out`'s dtype an integer dtype (the common dtype) and its shape already
/// set; integer values are given as i64 and truncated to the dtype.
pub fn binary_int<Op: IntOp>(
    ctx: &KernelContext<'_>,
    op: Op,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    out: &mut Tensor<'_>,
) -> bool {
    let common = out.dtype();
    if !is_int(common) {
        return false;
    }
    let (Some((ia, ta)), Some((ib, tb))) = (int_in(a, common), int_in(b, common)) else {
        return false;
    };
    let Some(walk) = Walk::new(out, &[ta, tb]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    run_int(ctx, common, &walk, [ia, ib], 2, optr, Bin(op))
}

/// `out = op(a, b)` into a Bool out, comparing in `common` (an integer dtype).
pub fn compare_int<Op: IntCompare>(
    ctx: &KernelContext<'_>,
    op: Op,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    common: ScalarType,
    out: &mut Tensor<'_>,
) -> bool {
    if !is_int(common) || out.dtype() != ScalarType::Bool {
        return false;
    }
    let (Some((ia, ta)), Some((ib, tb))) = (int_in(a, common), int_in(b, common)) else {
        return false;
    };
    let Some(walk) = Walk::new(out, &[ta, tb]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    run_int(ctx, common, &walk, [ia, ib], 2, optr, Cmp(op))
}

/// `out = op(self)` with `self` and `out` of the same integer dtype.
pub fn unary_int<Op: IntUnary>(
    ctx: &KernelContext<'_>,
    op: Op,
    x: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> bool {
    let common = out.dtype();
    if !is_int(common) || x.dtype() != common {
        return false;
    }
    let Some(walk) = Walk::new(out, &[Some(x)]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    let ins = [In::tensor(x, FloatKind::F32), In::ivalue(0)];
    run_int(ctx, common, &walk, ins, 1, optr, Un(op))
}
