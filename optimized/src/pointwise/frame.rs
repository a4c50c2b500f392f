//! The frames: classify once, then run an op's slice kernel on every run, per ISA, per thread.
//!
//! Each frame returns `true` when it computed the out, `false` when it declined the call (a
//! layout or dtype it does not accelerate) without having written anything; the op then calls
//! portable. The op checks ATen's rules (promotion, alpha, can_cast, ...) and resizes the out
//! before calling a frame, exactly as portable does, so the errors are portable's.

use super::half::{FloatKind, narrow, read_one, widen};
use super::simd::{Kernel, Simd, dispatch, dispatch_bf16, f32_to_i32_x86};
use super::walk::{Ptr, Walk, split};
use etk_core::element::round_trip;
use etk_core::{Element, KernelContext, ScalarType, Tensor};
use etk_simd::Isa;

/// Elements widened per chunk for Half / BFloat16 operands (stack buffers of f32).
pub const CHUNK: usize = 512;

/// A chunk buffer, cache-line aligned.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Chunk([f32; CHUNK]);

/// An input of a frame: a tensor, or a value already converted as the op requires (a Scalar,
/// `alpha * other`, ...).
#[derive(Clone, Copy, Debug)]
pub enum Operand<'t, 'a> {
    Tensor(&'t Tensor<'a>),
    F32(f32),
    I64(i64),
}

/// `out = f(a, b)` on f32 lanes.
pub trait BinaryOp: Copy + Send + Sync {
    /// Cost of an element relative to an add (for splitting work over threads).
    const COST: usize = 1;
    fn apply<S: Simd>(self, s: S, a: S::V, b: S::V) -> S::V;
}

/// `out = pred(a, b)` on f32 lanes, into a Bool out.
pub trait CompareOp: Copy + Send + Sync {
    fn apply<S: Simd>(self, s: S, a: S::V, b: S::V) -> S::M;
}

/// `out = f(x)`: lane by lane ([`UnaryOp::lanes`], `LANEWISE`), or on a run of f32
/// ([`UnaryOp::run`], for slice functions such as `etk_simd::math::exp`).
pub trait UnaryOp: Copy + Send + Sync {
    /// Cost of an element relative to an add.
    const COST: usize = 1;
    /// Whether the op is computed by [`UnaryOp::lanes`] (then Half / BFloat16 are converted
    /// in registers); otherwise [`UnaryOp::run`] gets f32 runs.
    const LANEWISE: bool;
    /// `f` on one vector (lane-wise ops).
    #[inline(always)]
    fn lanes<S: Simd>(self, _s: S, x: S::V) -> S::V {
        x
    }
    /// Writes `f(x[i])` to `out[i]` for `i < n` Half or BFloat16 elements (`kind`) with the
    /// conversions done in registers, rounding once as the f32 chunks would; or returns false,
    /// and the frame widens the run into f32 chunks for [`UnaryOp::run`].
    ///
    /// # Safety
    /// `x` valid for reading and `out` for writing `n` elements; they do not overlap.
    #[inline(always)]
    unsafe fn run_half(
        self,
        _isa: Isa,
        _kind: FloatKind,
        _x: *const u8,
        _out: *mut u8,
        _n: usize,
    ) -> bool {
        false
    }
    /// Writes `f(x[i])` to `out[i]` for `i < n`.
    ///
    /// # Safety
    /// `x` valid for reading and `out` for writing `n` floats; they do not overlap.
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        unsafe {
            map_lanes(
                s,
                x,
                out,
                n,
                #[inline(always)]
                |v| self.lanes(s, v),
            )
        }
    }
}

/// Applies `f` lane-wise over a run (a helper for [`UnaryOp::run`] bodies).
///
/// # Safety
/// As [`UnaryOp::run`].
#[inline(always)]
pub unsafe fn map_lanes<S: Simd>(
    s: S,
    x: *const f32,
    out: *mut f32,
    n: usize,
    f: impl Fn(S::V) -> S::V,
) {
    let l = S::LANES;
    let mut i = 0;
    // SAFETY: every index stays below `n`.
    unsafe {
        while i + 2 * l <= n {
            let (a, b) = (s.load(x.add(i)), s.load(x.add(i + l)));
            s.store(out.add(i), f(a));
            s.store(out.add(i + l), f(b));
            i += 2 * l;
        }
        while i + l <= n {
            s.store(out.add(i), f(s.load(x.add(i))));
            i += l;
        }
        if i < n {
            s.store_n(out.add(i), n - i, f(s.load_n(x.add(i), n - i)));
        }
    }
}

/// Integers the integer frames compute on natively (wrapping, as portable's i64 arithmetic
/// truncated to the dtype): every integer dtype, so that Byte, Char and Short run at the
/// vector width of their own size (an i32 loop would carry a quarter of the elements).
pub trait Int: Element + Ord + Copy + Send + Sync {
    /// The dtype's range, as int64.
    const MIN: i64;
    const MAX: i64;
    fn wadd(self, o: Self) -> Self;
    fn wsub(self, o: Self) -> Self;
    fn wmul(self, o: Self) -> Self;
    fn wneg(self) -> Self;
    /// `abs` as portable computes it (in int64, truncated): wrapping for signed dtypes, the
    /// value itself for Byte.
    fn wabs(self) -> Self;
    /// `static_cast` from int64 (wrapping).
    fn trunc(v: i64) -> Self;
}

macro_rules! int_impl {
    ($($t:ty: $abs:expr),*) => {$(
        impl Int for $t {
            const MIN: i64 = <$t>::MIN as i64;
            const MAX: i64 = <$t>::MAX as i64;
            #[inline(always)]
            fn wadd(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)]
            fn wsub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)]
            fn wmul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)]
            fn wneg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            fn wabs(self) -> Self { $abs(self) }
            #[inline(always)]
            fn trunc(v: i64) -> Self { v as $t }
        }
    )*};
}
int_impl!(
    u8: core::convert::identity,
    i8: i8::wrapping_abs,
    i16: i16::wrapping_abs,
    i32: i32::wrapping_abs,
    i64: i64::wrapping_abs
);

/// `out = f(a, b)` on native integers.
pub trait IntOp: Copy + Send + Sync {
    fn apply<T: Int>(self, a: T, b: T) -> T;
}

/// `out = pred(a, b)` on native integers, into a Bool out.
pub trait IntCompare: Copy + Send + Sync {
    fn apply<T: Int>(self, a: T, b: T) -> bool;
}

/// `out = f(x)` on native integers.
pub trait IntUnary: Copy + Send + Sync {
    fn apply<T: Int>(self, x: T) -> T;
}

// ---------------------------------------------------------------------------------------------
// Operand resolution.

/// An input as a task sees it: a tensor base pointer (or null for a value) and how it is stored.
#[derive(Clone, Copy, Debug)]
struct In {
    ptr: Ptr,
    esize: usize,
    kind: FloatKind,
    /// The value of a value operand (f32 frames) ...
    value: f32,
    /// ... or of an integer value operand (bits of the native integer, as i64).
    ivalue: i64,
    is_value: bool,
}

impl In {
    fn value(v: f32) -> In {
        In {
            ptr: Ptr(core::ptr::null_mut()),
            esize: 0,
            kind: FloatKind::F32,
            value: v,
            ivalue: 0,
            is_value: true,
        }
    }
    fn ivalue(v: i64) -> In {
        In {
            ivalue: v,
            ..In::value(0.0)
        }
    }
    fn tensor(t: &Tensor<'_>, kind: FloatKind) -> In {
        In {
            ptr: Ptr(t.as_ptr() as *mut u8),
            esize: t.element_size(),
            kind,
            value: 0.0,
            ivalue: 0,
            is_value: false,
        }
    }
}

/// The value a one-element tensor has after portable's `via(common)` load into f32.
fn value_f32(t: &Tensor<'_>, common: ScalarType) -> Option<f32> {
    let v = t.read::<f32>(0)?;
    Some(if t.dtype() != common && common != ScalarType::Float {
        round_trip(v, common)
    } else {
        v
    })
}

/// The value a one-element tensor has after portable's `via(common)` load into i64.
fn value_i64(t: &Tensor<'_>, common: ScalarType) -> Option<i64> {
    let v = t.read::<i64>(0)?;
    Some(if t.dtype() != common && common != ScalarType::Long {
        round_trip(v, common)
    } else {
        v
    })
}

/// An f32-frame input: a tensor of the common dtype, a one-element tensor (as a value), or a
/// value.
fn float_in<'t, 'a>(
    o: Operand<'t, 'a>,
    common: ScalarType,
    kind: FloatKind,
) -> Option<(In, Option<&'t Tensor<'a>>)> {
    match o {
        Operand::Tensor(t) if t.dtype() == common => Some((In::tensor(t, kind), Some(t))),
        Operand::Tensor(t) if t.numel() == 1 => Some((In::value(value_f32(t, common)?), None)),
        Operand::F32(v) => Some((In::value(v), None)),
        _ => None,
    }
}

/// An integer-frame input, likewise.
fn int_in<'t, 'a>(o: Operand<'t, 'a>, common: ScalarType) -> Option<(In, Option<&'t Tensor<'a>>)> {
    match o {
        Operand::Tensor(t) if t.dtype() == common => Some((In::tensor(t, FloatKind::F32), Some(t))),
        Operand::Tensor(t) if t.numel() == 1 => Some((In::ivalue(value_i64(t, common)?), None)),
        Operand::I64(v) => Some((In::ivalue(v), None)),
        _ => None,
    }
}

/// The out's pointer, if it is writable.
fn out_ptr(out: &mut Tensor<'_>) -> Option<Ptr> {
    out.as_mut_ptr("", "out").ok().map(Ptr)
}

// ---------------------------------------------------------------------------------------------
// f32 run kernels.

/// Where a run's lanes come from: elements in memory (of the task's float kind), or one value.
#[derive(Clone, Copy)]
enum Src {
    Run(*const u8),
    Splat(f32),
}

/// The storage kind of a run's tensors as a type, so each kind compiles to its own loop with
/// the conversion folded into the loads and stores.
trait Kind: Copy {
    const KIND: FloatKind;
    /// Whether a Float out of this kind is written with streaming stores ([`Simd::stream`]).
    const STREAM: bool = false;
}
#[derive(Clone, Copy)]
struct KF32;
/// f32 whose out bypasses the caches (see [`FloatCall::run`]).
#[derive(Clone, Copy)]
struct KF32Stream;
#[derive(Clone, Copy)]
struct KF16;
#[derive(Clone, Copy)]
struct KBf16;
impl Kind for KF32 {
    const KIND: FloatKind = FloatKind::F32;
}
impl Kind for KF32Stream {
    const KIND: FloatKind = FloatKind::F32;
    const STREAM: bool = true;
}
impl Kind for KF16 {
    const KIND: FloatKind = FloatKind::F16;
}
impl Kind for KBf16 {
    const KIND: FloatKind = FloatKind::Bf16;
}

trait Load<S: Simd>: Copy {
    /// # Safety
    /// Lanes `i .. i + LANES` readable.
    unsafe fn at(self, s: S, i: usize) -> S::V;
    /// # Safety
    /// Lanes `i .. i + n` readable.
    unsafe fn at_n(self, s: S, i: usize, n: usize) -> S::V;
}

/// A run of elements of kind `K`, widened to f32 lanes as they are loaded.
#[derive(Clone, Copy)]
struct RunL<K>(*const u8, K);
#[derive(Clone, Copy)]
struct SplatL<V>(V);

impl<S: Simd, K: Kind> Load<S> for RunL<K> {
    #[inline(always)]
    unsafe fn at(self, s: S, i: usize) -> S::V {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.load((self.0 as *const f32).add(i)),
                FloatKind::F16 => s.load_f16((self.0 as *const u16).add(i)),
                FloatKind::Bf16 => s.load_bf16((self.0 as *const u16).add(i)),
            }
        }
    }
    #[inline(always)]
    unsafe fn at_n(self, s: S, i: usize, n: usize) -> S::V {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.load_n((self.0 as *const f32).add(i), n),
                FloatKind::F16 => s.load_f16_n((self.0 as *const u16).add(i), n),
                FloatKind::Bf16 => s.load_bf16_n((self.0 as *const u16).add(i), n),
            }
        }
    }
}

impl<S: Simd> Load<S> for SplatL<S::V> {
    #[inline(always)]
    unsafe fn at(self, _s: S, _i: usize) -> S::V {
        self.0
    }
    #[inline(always)]
    unsafe fn at_n(self, _s: S, _i: usize, _n: usize) -> S::V {
        self.0
    }
}

/// Stores of a run: f32 lanes narrowed to kind `K` (rounded once), or comparison masks as bytes.
trait Store<S: Simd, R: Copy>: Copy {
    /// How many of a run's `n` lanes are stored first, one partial vector, so that the
    /// full-vector stores after them are aligned (streaming stores need that): fewer than
    /// `LANES`, and zero for plain stores.
    #[inline(always)]
    fn head(self, _n: usize) -> usize {
        0
    }
    /// # Safety
    /// Lanes `i .. i + LANES` writable.
    unsafe fn put(self, s: S, i: usize, r: R);
    /// # Safety
    /// Lanes `i .. i + n` writable.
    unsafe fn put_n(self, s: S, i: usize, n: usize, r: R);
}

#[derive(Clone, Copy)]
struct FOut<K>(*mut u8, K);
#[derive(Clone, Copy)]
struct MaskOut(*mut u8);

impl<S: Simd, K: Kind> Store<S, S::V> for FOut<K> {
    #[inline(always)]
    fn head(self, n: usize) -> usize {
        if !K::STREAM {
            return 0;
        }
        let align = S::LANES * 4;
        ((align - self.0 as usize % align) % align / 4).min(n)
    }
    #[inline(always)]
    unsafe fn put(self, s: S, i: usize, r: S::V) {
        unsafe {
            match K::KIND {
                FloatKind::F32 if K::STREAM => s.stream((self.0 as *mut f32).add(i), r),
                FloatKind::F32 => s.store((self.0 as *mut f32).add(i), r),
                FloatKind::F16 => s.store_f16((self.0 as *mut u16).add(i), r),
                FloatKind::Bf16 => s.store_bf16((self.0 as *mut u16).add(i), r),
            }
        }
    }
    #[inline(always)]
    unsafe fn put_n(self, s: S, i: usize, n: usize, r: S::V) {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.store_n((self.0 as *mut f32).add(i), n, r),
                FloatKind::F16 => s.store_f16_n((self.0 as *mut u16).add(i), n, r),
                FloatKind::Bf16 => s.store_bf16_n((self.0 as *mut u16).add(i), n, r),
            }
        }
    }
}

impl<S: Simd> Store<S, S::M> for MaskOut {
    #[inline(always)]
    unsafe fn put(self, s: S, i: usize, r: S::M) {
        unsafe { s.store_mask(self.0.add(i), r) }
    }
    #[inline(always)]
    unsafe fn put_n(self, s: S, i: usize, n: usize, r: S::M) {
        unsafe { s.store_mask_n(self.0.add(i), n, r) }
    }
}

/// `out[i] = f(a[i], b[i])` over a run of `n`, four vectors per step, a masked tail.
#[inline(always)]
unsafe fn loop2<S: Simd, R: Copy, A: Load<S>, B: Load<S>, O: Store<S, R>>(
    s: S,
    a: A,
    b: B,
    o: O,
    n: usize,
    f: impl Fn(S::V, S::V) -> R,
) {
    let l = S::LANES;
    let mut i = o.head(n);
    // SAFETY: every index stays below `n`; the caller's pointers are valid for `n` lanes.
    unsafe {
        if i > 0 {
            o.put_n(s, 0, i, f(a.at_n(s, 0, i), b.at_n(s, 0, i)));
        }
        while i + 4 * l <= n {
            let r0 = f(a.at(s, i), b.at(s, i));
            let r1 = f(a.at(s, i + l), b.at(s, i + l));
            let r2 = f(a.at(s, i + 2 * l), b.at(s, i + 2 * l));
            let r3 = f(a.at(s, i + 3 * l), b.at(s, i + 3 * l));
            o.put(s, i, r0);
            o.put(s, i + l, r1);
            o.put(s, i + 2 * l, r2);
            o.put(s, i + 3 * l, r3);
            i += 4 * l;
        }
        while i + l <= n {
            o.put(s, i, f(a.at(s, i), b.at(s, i)));
            i += l;
        }
        if i < n {
            let m = n - i;
            o.put_n(s, i, m, f(a.at_n(s, i, m), b.at_n(s, i, m)));
        }
    }
}

/// Dispatches a run on how each input is laid out (elements of kind `K`, or a value).
#[inline(always)]
unsafe fn run2<S: Simd, K: Kind, R: Copy, O: Store<S, R>>(
    s: S,
    k: K,
    a: Src,
    b: Src,
    o: O,
    n: usize,
    f: impl Fn(S::V, S::V) -> R,
) {
    // SAFETY: the caller's pointers are valid for `n` lanes.
    unsafe {
        match (a, b) {
            (Src::Run(pa), Src::Run(pb)) => loop2(s, RunL(pa, k), RunL(pb, k), o, n, f),
            (Src::Run(pa), Src::Splat(vb)) => loop2(s, RunL(pa, k), SplatL(s.splat(vb)), o, n, f),
            (Src::Splat(va), Src::Run(pb)) => loop2(s, SplatL(s.splat(va)), RunL(pb, k), o, n, f),
            (Src::Splat(va), Src::Splat(vb)) => {
                loop2(s, SplatL(s.splat(va)), SplatL(s.splat(vb)), o, n, f)
            }
        }
    }
}

/// The first of two values (a copy, as a loop body).
#[inline(always)]
fn first<V>(a: V, _b: V) -> V {
    a
}

/// Widens `dst.len()` elements of `kind` at `src` into `dst` with the vector loads of `S`
/// (bit-identical to `etk_simd::convert` and `half`; see tests/pointwise_simd.rs), inlined
/// into the task rather than called per chunk.
///
/// # Safety
/// `src` valid for reading `dst.len()` elements of `kind`.
#[inline(always)]
unsafe fn widen_in<S: Simd>(s: S, kind: FloatKind, src: *const u8, dst: &mut [f32]) {
    let n = dst.len();
    let o = FOut(dst.as_mut_ptr() as *mut u8, KF32);
    let z = SplatL(s.splat(0.0));
    unsafe {
        match kind {
            FloatKind::F32 => loop2(s, RunL(src, KF32), z, o, n, first),
            FloatKind::F16 => loop2(s, RunL(src, KF16), z, o, n, first),
            FloatKind::Bf16 => loop2(s, RunL(src, KBf16), z, o, n, first),
        }
    }
}

/// Narrows `src` into `src.len()` elements of `kind` at `dst`, rounding once, as
/// [`widen_in`].
///
/// # Safety
/// `dst` valid for writing `src.len()` elements of `kind`.
#[inline(always)]
unsafe fn narrow_in<S: Simd>(s: S, kind: FloatKind, src: &[f32], dst: *mut u8) {
    let n = src.len();
    let a = RunL(src.as_ptr() as *const u8, KF32);
    let z = SplatL(s.splat(0.0));
    unsafe {
        match kind {
            FloatKind::F32 => loop2(s, a, z, FOut(dst, KF32), n, first),
            FloatKind::F16 => loop2(s, a, z, FOut(dst, KF16), n, first),
            FloatKind::Bf16 => loop2(s, a, z, FOut(dst, KBf16), n, first),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// f32 frames.

/// What the out of an f32 frame holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum OutKind {
    Float,
    Bool,
}

/// The shared task of the f32 frames: walks `[start, end)` of the out and calls `body` on each
/// run. Bodies that work lane by lane convert Half / BFloat16 in registers as they load and
/// store; the others (slice functions such as `etk_simd::math::exp`) get f32 chunks widened and
/// narrowed with `etk_simd::convert`.
#[derive(Clone, Copy)]
struct FloatTask<'w, F> {
    walk: &'w Walk,
    ins: [In; 2],
    n_in: usize,
    /// The storage kind of the tensor inputs (and of a Float out).
    kind: FloatKind,
    out: Ptr,
    out_kind: OutKind,
    /// An f32 out written with streaming stores.
    stream: bool,
    start: usize,
    end: usize,
    body: F,
}

/// The body of an f32 task: one run with resolved inputs (`ins[k]` for `k < n_in`) stored as
/// `K`, and an out of kind `K` or Bool bytes.
trait RunBody: Copy {
    /// Whether the body takes Half / BFloat16 runs directly (else f32 chunks).
    const FUSED: bool;
    /// # Safety
    /// Pointers valid for `n` lanes.
    unsafe fn run<S: Simd, K: Kind>(self, s: S, k: K, ins: &[Src; 2], out: *mut u8, n: usize);
    /// A Half / BFloat16 run (`kind`) with its conversions fused, if the body has such a path
    /// (see [`UnaryOp::run_half`]); false otherwise.
    ///
    /// # Safety
    /// Pointers valid for `n` elements.
    #[inline(always)]
    unsafe fn run_half(
        self,
        _isa: Isa,
        _kind: FloatKind,
        _ins: &[Src; 2],
        _out: *mut u8,
        _n: usize,
    ) -> bool {
        false
    }
}

impl<F: RunBody> FloatTask<'_, F> {
    /// The run's inputs as they are in memory: runs of `kind` elements, or values.
    #[inline(always)]
    fn sources(&self, off: &[isize; 4]) -> [Src; 2] {
        let mut src = [Src::Splat(0.0); 2];
        for (k, sk) in src.iter_mut().enumerate().take(self.n_in) {
            let i = &self.ins[k];
            if i.is_value {
                *sk = Src::Splat(i.value);
            } else {
                // SAFETY: the walk's offsets lie within the tensor.
                let p = unsafe { i.ptr.0.offset(off[k + 1] * i.esize as isize) };
                *sk = if self.walk.is_run(k + 1) {
                    Src::Run(p)
                } else {
                    Src::Splat(unsafe { read_one(i.kind, p) })
                };
            }
        }
        src
    }

    fn out_esize(&self) -> usize {
        match self.out_kind {
            OutKind::Float => self.kind.size(),
            OutKind::Bool => 1,
        }
    }

    /// Runs handed to the body as they are in memory. Runs of a block of rows share their
    /// set-up (the walk's odometer, resolving the inputs), which is most of the cost of a short
    /// run: `[A, K, 64] * [A, 1, 64]` took 1.6x the time of the same elements in one run.
    #[inline(always)]
    fn direct<S: Simd, K: Kind>(self, s: S, k: K) {
        let esize = self.out_esize() as isize;
        self.walk.for_each_rows(
            self.start,
            self.end,
            #[inline(always)]
            |off, n, rows, steps| {
                let mut src = self.sources(off);
                for r in 0..rows as isize {
                    // SAFETY: the out run lies within the out; tasks write disjoint ranges.
                    unsafe {
                        let o = self.out.0.offset((off[0] + r * steps[0]) * esize);
                        self.body.run(s, k, &src, o, n)
                    }
                    // on to the next row: runs step, and a repeated value that changes from
                    // row to row (a column broadcast) is read again.
                    for (i, sk) in src.iter_mut().enumerate().take(self.n_in) {
                        let step = steps[i + 1];
                        match sk {
                            Src::Run(p) => {
                                *p = p.wrapping_offset(step * self.ins[i].esize as isize)
                            }
                            Src::Splat(v) if step != 0 && r + 1 < rows as isize => {
                                let at = (off[i + 1] + (r + 1) * step) * self.ins[i].esize as isize;
                                // SAFETY: row `r + 1` is in the block, so in the tensor.
                                *v = unsafe {
                                    read_one(self.ins[i].kind, self.ins[i].ptr.0.offset(at))
                                };
                            }
                            Src::Splat(_) => {}
                        }
                    }
                }
            },
        );
        if K::STREAM {
            s.sfence();
        }
    }

    /// Runs widened to f32 chunks, the results narrowed back.
    #[inline(always)]
    fn chunked<S: Simd>(self, s: S) {
        // 64-byte aligned: AVX-512 loads and stores that straddle cache lines cost double.
        let mut bufs = [Chunk([0f32; CHUNK]); 2];
        let mut obuf = Chunk([0f32; CHUNK]);
        let esize = self.out_esize() as isize;
        let kind = self.kind;
        self.walk.for_each_run(
            self.start,
            self.end,
            #[inline(always)]
            |off, n| {
                let src = self.sources(off);
                if self.out_kind == OutKind::Float {
                    // SAFETY: the out run lies within the out; tasks write disjoint ranges.
                    let o = unsafe { self.out.0.offset(off[0] * esize) };
                    if unsafe { self.body.run_half(s.level(), kind, &src, o, n) } {
                        return;
                    }
                }
                let mut c = 0;
                while c < n {
                    let m = CHUNK.min(n - c);
                    let mut chunk = src;
                    for (k, sk) in chunk.iter_mut().enumerate().take(self.n_in) {
                        if let Src::Run(p) = *sk {
                            // SAFETY: the run `[c, c + m)` lies within the tensor.
                            unsafe {
                                widen_in(s, kind, p.add(c * kind.size()), &mut bufs[k].0[..m])
                            };
                            *sk = Src::Run(bufs[k].0.as_ptr() as *const u8);
                        }
                    }
                    // SAFETY: the out run lies within the out; tasks write disjoint ranges.
                    unsafe {
                        let o = self.out.0.offset((off[0] + c as isize) * esize);
                        if self.out_kind == OutKind::Bool {
                            self.body.run(s, KF32, &chunk, o, m);
                        } else {
                            let ob = obuf.0.as_mut_ptr() as *mut u8;
                            self.body.run(s, KF32, &chunk, ob, m);
                            narrow_in(s, kind, &obuf.0[..m], o);
                        }
                    }
                    c += m;
                }
            },
        );
    }
}

impl<F: RunBody> Kernel for FloatTask<'_, F> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        match self.kind {
            // `dispatch_bf16` runs BFloat16 tasks only at this type: the arms below for other
            // kinds would be compiled for nothing.
            FloatKind::F32 | FloatKind::F16 if S::NATIVE_BF16 => self.chunked(s),
            // one lane per vector (Scalar) has no streaming store.
            FloatKind::F32 if self.stream && S::LANES > 1 => self.direct(s, KF32Stream),
            FloatKind::F32 => self.direct(s, KF32),
            FloatKind::F16 if F::FUSED => self.direct(s, KF16),
            FloatKind::Bf16 if F::FUSED => self.direct(s, KBf16),
            _ => self.chunked(s),
        }
    }
}

/// Splits the walk over threads and runs `body` at `isa`.
#[derive(Clone, Copy)]
struct FloatCall<'w> {
    walk: &'w Walk,
    ins: [In; 2],
    n_in: usize,
    kind: FloatKind,
    out: Ptr,
    out_kind: OutKind,
}

impl FloatCall<'_> {
    fn run<F: RunBody + Send + Sync>(self, ctx: &KernelContext<'_>, cost: usize, body: F) {
        let isa = super::isa();
        let bf16 = self.kind == FloatKind::Bf16 && self.out_kind == OutKind::Float;
        // An f32 out goes past the caches when the call's operands together outgrow the
        // last-level cache: its lines would be evicted before anyone reads them, and a plain
        // store first reads each line from memory (neg f32 16M, alternating: 12.5 -> 9.2 ms).
        let tensors = 1 + self.ins[..self.n_in].iter().filter(|i| !i.is_value).count();
        let stream = F::FUSED
            && self.kind == FloatKind::F32
            && self.out_kind == OutKind::Float
            && (self.out.0 as usize).is_multiple_of(4)
            && etk_simd::last_level_cache_bytes()
                .is_some_and(|llc| self.walk.numel() * 4 * tensors > llc);
        split(ctx, self.walk.numel(), cost, &|start, end| {
            let task = FloatTask {
                walk: self.walk,
                ins: self.ins,
                n_in: self.n_in,
                kind: self.kind,
                out: self.out,
                out_kind: self.out_kind,
                stream,
                start,
                end,
                body,
            };
            if bf16 {
                dispatch_bf16(isa, task)
            } else {
                dispatch(isa, task)
            }
        });
    }
}

#[derive(Clone, Copy)]
struct BinBody<Op>(Op);
impl<Op: BinaryOp> RunBody for BinBody<Op> {
    const FUSED: bool = true;
    #[inline(always)]
    unsafe fn run<S: Simd, K: Kind>(self, s: S, k: K, ins: &[Src; 2], out: *mut u8, n: usize) {
        let op = self.0;
        let o = FOut(out, k);
        unsafe {
            run2(
                s,
                k,
                ins[0],
                ins[1],
                o,
                n,
                #[inline(always)]
                |a, b| op.apply(s, a, b),
            )
        }
    }
}

#[derive(Clone, Copy)]
struct CmpBody<Op>(Op);
impl<Op: CompareOp> RunBody for CmpBody<Op> {
    const FUSED: bool = true;
    #[inline(always)]
    unsafe fn run<S: Simd, K: Kind>(self, s: S, k: K, ins: &[Src; 2], out: *mut u8, n: usize) {
        let op = self.0;
        unsafe {
            run2(
                s,
                k,
                ins[0],
                ins[1],
                MaskOut(out),
                n,
                #[inline(always)]
                |a, b| op.apply(s, a, b),
            )
        }
    }
}

#[derive(Clone, Copy)]
struct UnBody<Op>(Op);
impl<Op: UnaryOp> RunBody for UnBody<Op> {
    const FUSED: bool = Op::LANEWISE;
    #[inline(always)]
    unsafe fn run_half(
        self,
        isa: Isa,
        kind: FloatKind,
        ins: &[Src; 2],
        out: *mut u8,
        n: usize,
    ) -> bool {
        match ins[0] {
            // SAFETY: forwarded from the caller.
            Src::Run(p) => unsafe { self.0.run_half(isa, kind, p, out, n) },
            Src::Splat(_) => false,
        }
    }
    #[inline(always)]
    unsafe fn run<S: Simd, K: Kind>(self, s: S, k: K, ins: &[Src; 2], out: *mut u8, n: usize) {
        let op = self.0;
        if Op::LANEWISE {
            let o = FOut(out, k);
            let zero = Src::Splat(0.0);
            return unsafe {
                run2(
                    s,
                    k,
                    ins[0],
                    zero,
                    o,
                    n,
                    #[inline(always)]
                    |x, _| op.lanes(s, x),
                )
            };
        }
        // slice functions see f32 (the task widened Half / BFloat16 into chunks).
        match ins[0] {
            Src::Run(p) => unsafe { op.run(s, p as *const f32, out as *mut f32, n) },
            // a one-element tensor (a unary op's input has the out's shape).
            Src::Splat(v) => {
                let x = [v];
                for i in 0..n {
                    unsafe { op.run(s, x.as_ptr(), (out as *mut f32).add(i), 1) };
                }
            }
        }
    }
}

/// `out = op(a, b)` with `out`'s dtype Float, Half or BFloat16 (the common dtype) and the
/// shape already set. Tensor inputs must have the out's dtype, or one element.
pub fn binary_float<Op: BinaryOp>(
    ctx: &KernelContext<'_>,
    op: Op,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    out: &mut Tensor<'_>,
) -> bool {
    let common = out.dtype();
    let Some(kind) = FloatKind::of(common) else {
        return false;
    };
    let (Some((ia, ta)), Some((ib, tb))) = (float_in(a, common, kind), float_in(b, common, kind))
    else {
        return false;
    };
    let Some(walk) = Walk::new(out, &[ta, tb]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    if walk.numel() > 0 {
        let call = FloatCall {
            walk: &walk,
            ins: [ia, ib],
            n_in: 2,
            kind,
            out: optr,
            out_kind: OutKind::Float,
        };
        call.run(ctx, Op::COST, BinBody(op));
    }
    true
}

/// `out = op(a, b)` into a Bool out, comparing in `common` (Float, Half or BFloat16). Tensor
/// inputs must have dtype `common`, or one element.
pub fn compare_float<Op: CompareOp>(
    ctx: &KernelContext<'_>,
    op: Op,
    a: Operand<'_, '_>,
    b: Operand<'_, '_>,
    common: ScalarType,
    out: &mut Tensor<'_>,
) -> bool {
    let Some(kind) = FloatKind::of(common) else {
        return false;
    };
    if out.dtype() != ScalarType::Bool {
        return false;
    }
    let (Some((ia, ta)), Some((ib, tb))) = (float_in(a, common, kind), float_in(b, common, kind))
    else {
        return false;
    };
    let Some(walk) = Walk::new(out, &[ta, tb]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    if walk.numel() > 0 {
        let call = FloatCall {
            walk: &walk,
            ins: [ia, ib],
            n_in: 2,
            kind,
            out: optr,
            out_kind: OutKind::Bool,
        };
        call.run(ctx, 1, CmpBody(op));
    }
    true
}

/// `out = op(self)` with `self` and `out` of the same dtype, Float, Half or BFloat16, and the
/// out's shape already set.
pub fn unary_float<Op: UnaryOp>(
    ctx: &KernelContext<'_>,
    op: Op,
    x: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> bool {
    let common = out.dtype();
    let Some(kind) = FloatKind::of(common) else {
        return false;
    };
    if x.dtype() != common {
        return false;
    }
    let Some(walk) = Walk::new(out, &[Some(x)]) else {
        return false;
    };
    let Some(optr) = out_ptr(out) else {
        return false;
    };
    if walk.numel() > 0 {
        let call = FloatCall {
            walk: &walk,
            ins: [In::tensor(x, kind), In::value(0.0)],
            n_in: 1,
            kind,
            out: optr,
            out_kind: OutKind::Float,
        };
        call.run(ctx, Op::COST, UnBody(op));
    }
    true
}

// ---------------------------------------------------------------------------------------------
// Integer frames: plain loops over native integers, compiled per ISA (the compiler vectorizes
// them with the ISA's registers).

#[derive(Clone, Copy)]
enum ISrc<T> {
    Run(*const T),
    Splat(T),
}

impl<T> ISrc<T> {
    /// The source from element `k` on.
    ///
    /// # Safety
    /// A run must hold at least `k` elements.
    #[inline(always)]
    unsafe fn skip(self, k: usize) -> Self {
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
unsafe fn iloop2<T: Copy, R: Copy>(
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
        let isa = super::isa();
        split(ctx, walk.numel(), 1, &|start, end| {
            dispatch(
                isa,
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

// ---------------------------------------------------------------------------------------------
// where: a bitwise select on elements of 1, 2, 4 or 8 bytes.

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
    // A value's bits repeated over a vector.
    let splat = |v: T| {
        let mut buf = [0u8; 64];
        for chunk in buf.chunks_exact_mut(E) {
            chunk.copy_from_slice(&v.to_u64().to_le_bytes()[..E]);
        }
        // SAFETY: a vector is at most 64 bytes.
        unsafe { s.load(buf.as_ptr() as *const f32) }
    };
    let [a, b] = src.map(|x| match x {
        ISrc::Run(p) => (p as *const f32, None),
        ISrc::Splat(v) => (core::ptr::null(), Some(splat(v))),
    });
    let at = |x: (*const f32, Option<S::V>), i: usize| match x.1 {
        Some(v) => v,
        // SAFETY: `i + per <= n` below; a vector load needs no alignment.
        None => unsafe { s.load((x.0 as *const T).add(i) as *const f32) },
    };
    let mut i = 0;
    while i + per <= n {
        // SAFETY: as above.
        unsafe {
            let m = s.load_byte_mask::<E>(c.add(i));
            s.store(o.add(i) as *mut f32, s.bitselect(m, at(a, i), at(b, i)));
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
    let isa = super::isa();
    let cond = Ptr(condition.as_ptr() as *mut u8);
    fn go<T: Bits>(
        ctx: &KernelContext<'_>,
        isa: Isa,
        walk: &Walk,
        cond: Ptr,
        ins: [(Ptr, u64, bool); 2],
        out: Ptr,
    ) {
        split(ctx, walk.numel(), 1, &|start, end| {
            dispatch(
                isa,
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
        1 => go::<u8>(ctx, isa, &walk, cond, [ia, ib], optr),
        2 => go::<u16>(ctx, isa, &walk, cond, [ia, ib], optr),
        4 => go::<u32>(ctx, isa, &walk, cond, [ia, ib], optr),
        8 => go::<u64>(ctx, isa, &walk, cond, [ia, ib], optr),
        _ => return false,
    }
    true
}

// ---------------------------------------------------------------------------------------------
// Casts: between Float / Half / BFloat16 and the integer dtypes and Bool, C++ `static_cast`
// as portable's `copy_cast` does (floats through f32, integers through i64).

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
                |x, _| s.to_i32_x86(x),
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
                                S::ISA,
                                k,
                                core::slice::from_raw_parts(sp as *const f32, m),
                                dp,
                            ),
                            (CastKind::Float(k), CastKind::Float(FloatKind::F32)) => widen(
                                S::ISA,
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
                                widen(S::ISA, a, sp, b);
                                narrow(S::ISA, k, b, dp);
                            }
                            (CastKind::Float(a), k) => {
                                let b = &mut buf[..m];
                                widen(S::ISA, a, sp, b);
                                f32_to_ints(s, k, b, dp);
                            }
                            (a, CastKind::Float(k)) => {
                                let b = &mut buf[..m];
                                ints_to_f32(a, sp, b);
                                narrow(S::ISA, k, b, dp);
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
    let isa = super::isa();
    let (src_ptr, src_size, out_size) = (
        Ptr(src.as_ptr() as *mut u8),
        src.element_size(),
        out.element_size(),
    );
    split(ctx, walk.numel(), 1, &|start, end| {
        dispatch(
            isa,
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
