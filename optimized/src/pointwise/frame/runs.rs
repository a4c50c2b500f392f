//! The f32 run kernels: where a run's lanes come from (elements in memory of a float kind, or
//! one value) and where they go (an out of a float kind, or a Bool mask).

use super::*;

/// Where a run's lanes come from: elements in memory (of the task's float kind), or one value.
#[derive(Clone, Copy)]
pub(super) enum Src {
    Run(*const u8),
    Splat(f32),
}

/// The storage kind of a run's tensors as a type, so each kind compiles to its own loop with
/// the conversion folded into the loads and stores.
pub(super) trait Kind: Copy {
    const KIND: FloatKind;
    /// Whether a Float out of this kind is written with streaming stores ([`Simd::stream`]).
    const STREAM: bool = false;
}
#[derive(Clone, Copy)]
pub(super) struct KF32;
/// f32 whose out bypasses the caches (see [`FloatCall::run`]).
#[derive(Clone, Copy)]
pub(super) struct KF32Stream;
#[derive(Clone, Copy)]
pub(super) struct KF16;
#[derive(Clone, Copy)]
pub(super) struct KBf16;
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

pub(super) trait Load<S: Simd>: Copy {
    /// # Safety
    /// Lanes `i .. i + LANES` readable.
    unsafe fn at(self, s: S, i: usize) -> S::F32;
    /// # Safety
    /// Lanes `i .. i + n` readable.
    unsafe fn at_n(self, s: S, i: usize, n: usize) -> S::F32;
}

/// A run of elements of kind `K`, widened to f32 lanes as they are loaded.
#[derive(Clone, Copy)]
pub(super) struct RunL<K>(pub(super) *const u8, pub(super) K);
#[derive(Clone, Copy)]
pub(super) struct SplatL<V>(pub(super) V);

impl<S: Simd, K: Kind> Load<S> for RunL<K> {
    #[inline(always)]
    unsafe fn at(self, s: S, i: usize) -> S::F32 {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.load((self.0 as *const f32).add(i)),
                FloatKind::F16 => s.load_f16((self.0 as *const u16).add(i)),
                FloatKind::Bf16 => s.load_bf16((self.0 as *const u16).add(i)),
            }
        }
    }
    #[inline(always)]
    unsafe fn at_n(self, s: S, i: usize, n: usize) -> S::F32 {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.load_n((self.0 as *const f32).add(i), n),
                FloatKind::F16 => s.load_f16_n((self.0 as *const u16).add(i), n),
                FloatKind::Bf16 => s.load_bf16_n((self.0 as *const u16).add(i), n),
            }
        }
    }
}

impl<S: Simd> Load<S> for SplatL<S::F32> {
    #[inline(always)]
    unsafe fn at(self, _s: S, _i: usize) -> S::F32 {
        self.0
    }
    #[inline(always)]
    unsafe fn at_n(self, _s: S, _i: usize, _n: usize) -> S::F32 {
        self.0
    }
}

/// Stores of a run: f32 lanes narrowed to kind `K` (rounded once), or comparison masks as bytes.
pub(super) trait Store<S: Simd, R: Copy>: Copy {
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
pub(super) struct FOut<K>(pub(super) *mut u8, pub(super) K);
#[derive(Clone, Copy)]
pub(super) struct MaskOut(pub(super) *mut u8);

impl<S: Simd, K: Kind> Store<S, S::F32> for FOut<K> {
    #[inline(always)]
    fn head(self, n: usize) -> usize {
        if !K::STREAM {
            return 0;
        }
        let align = S::LANES * 4;
        ((align - self.0 as usize % align) % align / 4).min(n)
    }
    #[inline(always)]
    unsafe fn put(self, s: S, i: usize, r: S::F32) {
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
    unsafe fn put_n(self, s: S, i: usize, n: usize, r: S::F32) {
        unsafe {
            match K::KIND {
                FloatKind::F32 => s.store_n((self.0 as *mut f32).add(i), n, r),
                FloatKind::F16 => s.store_f16_n((self.0 as *mut u16).add(i), n, r),
                FloatKind::Bf16 => s.store_bf16_n((self.0 as *mut u16).add(i), n, r),
            }
        }
    }
}

impl<S: Simd> Store<S, S::Mask> for MaskOut {
    #[inline(always)]
    unsafe fn put(self, s: S, i: usize, r: S::Mask) {
        unsafe { s.store_mask(self.0.add(i), r) }
    }
    #[inline(always)]
    unsafe fn put_n(self, s: S, i: usize, n: usize, r: S::Mask) {
        unsafe { s.store_mask_n(self.0.add(i), n, r) }
    }
}

/// `out[i] = f(a[i], b[i])` over a run of `n`, four vectors per step, a masked tail.
#[inline(always)]
pub(super) unsafe fn loop2<S: Simd, R: Copy, A: Load<S>, B: Load<S>, O: Store<S, R>>(
    s: S,
    a: A,
    b: B,
    o: O,
    n: usize,
    f: impl Fn(S::F32, S::F32) -> R,
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
pub(super) unsafe fn run2<S: Simd, K: Kind, R: Copy, O: Store<S, R>>(
    s: S,
    k: K,
    a: Src,
    b: Src,
    o: O,
    n: usize,
    f: impl Fn(S::F32, S::F32) -> R,
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
pub(super) fn first<V>(a: V, _b: V) -> V {
    a
}

/// Widens `dst.len()` elements of `kind` at `src` into `dst` with the vector loads of `S`
/// (bit-identical to `etk_simd::convert` and `half`; see tests/pointwise_simd.rs), inlined
/// into the task rather than called per chunk.
///
/// # Safety
/// `src` valid for reading `dst.len()` elements of `kind`.
#[inline(always)]
pub(super) unsafe fn widen_in<S: Simd>(s: S, kind: FloatKind, src: *const u8, dst: &mut [f32]) {
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
pub(super) unsafe fn narrow_in<S: Simd>(s: S, kind: FloatKind, src: &[f32], dst: *mut u8) {
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
