//! The f32 frames: operands read as f32 lanes (Half / BFloat16 widened per chunk), an op's
//! lane body, and the out stored in its kind (or as a Bool mask).

use super::runs::*;
use super::*;

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
    unsafe fn run_half<S: Simd>(
        self,
        _s: S,
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
                    if unsafe { self.body.run_half(s, kind, &src, o, n) } {
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

/// Splits the walk over threads and runs `body` at the current level.
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
        let level = etk_simd::level();
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
                dispatch_bf16(level, task)
            } else {
                dispatch(level, task)
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
    unsafe fn run_half<S: Simd>(
        self,
        s: S,
        kind: FloatKind,
        ins: &[Src; 2],
        out: *mut u8,
        n: usize,
    ) -> bool {
        match ins[0] {
            // SAFETY: forwarded from the caller.
            Src::Run(p) => unsafe { self.0.run_half(s, kind, p, out, n) },
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
