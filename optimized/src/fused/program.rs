//! The pointwise part of a fused chain: a list of steps evaluated a chunk of elements at a
//! time, each step the body the op's own kernel runs (`crate::pointwise::bodies`, batch
//! norm's affine), so every element gets the bits the ops one by one give it.
//!
//! Every tensor a program reads or writes has the out's sizes and dim order (then an element
//! sits at the same offset in each), or holds one element; batch norm's parameters are per
//! channel, the channel of offset `o` being `(o / inner) % channels`.

use super::hard::{self, HardTail, HardValues};
use crate::pointwise::UnaryOp;
use crate::pointwise::bodies::{Add, AddScaled, Clamp, Div, DivBy, GeluErf, Math, Mul, Sub};
use crate::pointwise::frame::BinaryOp;
use etk_simd::{Kernel, Level, Simd, UnaryFn};

/// Elements per chunk: every value of the chain lives in a stack buffer of this many floats.
pub(super) const CHUNK: usize = 256;

/// The most steps a program holds (the runtime offers chains of at most 16 calls).
pub(super) const MAX_STEPS: usize = 16;

/// Where an operand comes from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Src {
    /// The chain's first value: what the producer (a GEMM, a convolution) wrote, to the
    /// chain's out or to its own.
    Out,
    /// The result of step `k`.
    Step(u8),
    /// Chain argument `k`, a tensor laid out as the out: the element at the same offset.
    Same(u16),
    /// Chain argument `k`, a one-element Float tensor, read at each call.
    One(u16),
    /// A value fixed at prepare (a Scalar argument).
    Value(f32),
}

/// A two-operand body, as the op's kernel chooses it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Bin {
    Add,
    Sub,
    AddScaled(f32),
    Mul,
    /// True division; by one value, [`DivBy`] where it applies (as `div`'s kernel chooses).
    Div,
}

/// A one-operand body.
#[derive(Clone, Copy, Debug)]
pub(super) enum Un {
    Clamp(Clamp),
    Math(UnaryFn),
    GeluErf,
}

#[derive(Clone, Debug)]
pub(super) enum Step {
    Binary(Bin, Src, Src),
    Unary(Un, Src),
    /// Batch norm: `x * alpha[c] + beta[c]` (the product and the sum rounded separately).
    Affine {
        x: Src,
        alpha: Vec<f32>,
        beta: Vec<f32>,
    },
}

/// A program: its steps, the last one's result being the out.
#[derive(Clone, Debug)]
pub(super) struct Program {
    pub steps: Vec<Step>,
    /// `inner`: elements one channel's run spans in memory (for [`Step::Affine`]).
    pub inner: usize,
    /// The `hardswish` / `hardsigmoid` form ending the steps, run in registers.
    pub tail: Option<HardTail>,
}

/// An operand resolved for one call: a pointer to the chunk's elements, or a value.
#[derive(Clone, Copy)]
enum At {
    /// The out (whose chunk is read before it is written).
    Out,
    Step(usize),
    Ptr(*const f32),
    Value(f32),
}

impl Program {
    pub(super) fn new(steps: Vec<Step>, inner: usize) -> Program {
        let tail = HardTail::find(&steps);
        Program { steps, inner, tail }
    }

    /// Runs the program over elements `start..end` of the out (offsets in memory), in place.
    ///
    /// # Safety
    /// `out` and `first` (the producer's out, [`Src::Out`]: the out itself, or memory that
    /// does not overlap it) hold at least `end` floats; `ptrs[k]` is chain argument `k`'s data
    /// for every argument a step names, holding as many floats (`Same`: the out itself, or
    /// memory that does not overlap it) or one (`One`, not in the out).
    pub(super) unsafe fn run(
        &self,
        level: Level,
        out: *mut f32,
        first: *const f32,
        ptrs: &[*const f32],
        start: usize,
        end: usize,
    ) {
        let run = Run {
            program: self,
            out,
            first,
            ptrs,
            start,
            end,
        };
        etk_simd::dispatch(level, run);
    }
}

struct Run<'a> {
    program: &'a Program,
    out: *mut f32,
    first: *const f32,
    ptrs: &'a [*const f32],
    start: usize,
    end: usize,
}

#[repr(C, align(64))]
struct Bufs([[f32; CHUNK]; MAX_STEPS]);

impl Kernel for Run<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let p = self.program;
        let steps = &p.steps[..p.steps.len().min(MAX_STEPS)];
        // SAFETY: the caller's: a one-element operand holds one float.
        let value = |src: Src| match src {
            Src::One(a) => Some(unsafe { *self.ptrs[a as usize] }),
            Src::Value(v) => Some(v),
            _ => None,
        };
        // the form at the end, with its values for this call (declined for a divisor the
        // kernel would not multiply by: then every step runs by chunks)
        let tail = p.tail.and_then(|t| {
            let div = match t.div {
                Some(d) => Some(DivBy::new(value(d)?)?),
                None => None,
            };
            // the `mul` reads `x` itself
            let mul = match (t.mul, t.x) {
                (None, _) => false,
                (Some(Src::Same(a)), Src::Same(x)) => {
                    core::ptr::eq(self.ptrs[a as usize], self.ptrs[x as usize]).then_some(true)?
                }
                (Some(a), x) => (a == x).then_some(true)?,
            };
            let v = HardValues {
                add: value(t.add)?,
                clamp: t.clamp,
                mul,
                div,
            };
            Some((t, v))
        });
        let prefix = tail.map_or(steps.len(), |(t, _)| t.start.min(steps.len()));
        if let Some((t, v)) = tail
            && prefix == 0
        {
            // the whole program: one pass from the operand to the out
            let x = match t.x {
                Src::Out => self.first,
                Src::Same(a) => self.ptrs[a as usize],
                _ => return,
            };
            // SAFETY: the out and the operand hold `end` floats; the operand is the out
            // itself or apart from it.
            unsafe {
                hard::run(
                    s,
                    v,
                    x.add(self.start),
                    self.out.add(self.start),
                    self.end - self.start,
                )
            };
            return;
        }
        let steps = &steps[..prefix];
        // Only the buffers these steps use are set: zeroing all of them (16 KiB) at every
        // call cost more than the steps on the small regions an OutHook hands over (a third
        // of mobilenet's time). A step writes a chunk before any later step reads it; the
        // zeros only make the memory a valid `[f32]`.
        let mut storage = core::mem::MaybeUninit::<Bufs>::uninit();
        // SAFETY: `steps.len() <= MAX_STEPS` rows of the storage, each set before use.
        let bufs: &mut [[f32; CHUNK]] = unsafe {
            let rows = storage.as_mut_ptr() as *mut [f32; CHUNK];
            core::ptr::write_bytes(rows, 0, steps.len());
            core::slice::from_raw_parts_mut(rows, steps.len())
        };
        let resolve = |src: Src| match src {
            Src::Out => At::Out,
            Src::Step(k) => At::Step(k as usize),
            // SAFETY: the caller's: a one-element operand holds one float.
            Src::One(a) => At::Value(unsafe { *self.ptrs[a as usize] }),
            Src::Same(a) => At::Ptr(self.ptrs[a as usize]),
            Src::Value(v) => At::Value(v),
        };
        let mut o = self.start;
        while o < self.end {
            let n = CHUNK.min(self.end - o);
            for (k, step) in steps.iter().enumerate() {
                let (done, rest) = bufs.split_at_mut(k);
                let dst = rest[0].as_mut_ptr();
                // the chunk of an operand: a pointer to `n` floats, or a value.
                let chunk = |src: Src| -> Result<*const f32, f32> {
                    match resolve(src) {
                        // SAFETY: offsets below `end` are inside the out and `Same` operands.
                        At::Out => Ok(unsafe { self.first.add(o) }),
                        At::Step(j) => Ok(done[j].as_ptr()),
                        At::Ptr(q) => Ok(unsafe { q.add(o) }),
                        At::Value(v) => Err(v),
                    }
                };
                // SAFETY: `dst` holds CHUNK floats and overlaps no operand; operands hold `n`.
                unsafe {
                    match step {
                        Step::Binary(bin, a, b) => {
                            binary(s, *bin, chunk(*a), chunk(*b), dst, n);
                        }
                        // (prepare gives a unary op no value operand: its out would be one
                        // element, not a chunk)
                        Step::Unary(un, x) => {
                            if let Ok(x) = chunk(*x) {
                                match un {
                                    Un::Clamp(c) => c.run(s, x, dst, n),
                                    Un::Math(f) => Math(*f).run(s, x, dst, n),
                                    Un::GeluErf => GeluErf.run(s, x, dst, n),
                                }
                            }
                        }
                        Step::Affine { x, alpha, beta } => {
                            affine(s, chunk(*x), alpha, beta, p.inner, o, dst, n);
                        }
                    }
                }
            }
            if let Some((t, v)) = tail {
                let x = match t.x {
                    // SAFETY: offsets below `end` are inside the out and `Same` operands.
                    Src::Out => unsafe { self.first.add(o) },
                    Src::Same(a) => unsafe { self.ptrs[a as usize].add(o) },
                    Src::Step(k) => bufs[k as usize].as_ptr(),
                    _ => return,
                };
                // SAFETY: the out holds `end` floats; `x` holds `n` (the out itself or apart).
                unsafe { hard::run(s, v, x, self.out.add(o), n) };
            } else {
                let last = steps.len() - 1;
                // SAFETY: the out holds `end` floats; the buffer `n`.
                unsafe { core::ptr::copy_nonoverlapping(bufs[last].as_ptr(), self.out.add(o), n) };
            }
            o += n;
        }
    }
}

/// `dst = op(a, b)` over `n` elements (`Err(v)`: the value `v` for every element).
///
/// # Safety
/// Pointers valid for `n` floats; `dst` overlaps neither operand.
#[inline(always)]
unsafe fn binary<S: Simd>(
    s: S,
    bin: Bin,
    a: Result<*const f32, f32>,
    b: Result<*const f32, f32>,
    dst: *mut f32,
    n: usize,
) {
    // SAFETY: forwarded.
    unsafe {
        match bin {
            Bin::Add => lanes2(s, Add, a, b, dst, n),
            Bin::Sub => lanes2(s, Sub, a, b, dst, n),
            Bin::AddScaled(c) => lanes2(s, AddScaled(c), a, b, dst, n),
            Bin::Mul => lanes2(s, Mul, a, b, dst, n),
            Bin::Div => match b.err().and_then(DivBy::new) {
                Some(by) => lanes2(s, by, a, b, dst, n),
                None => lanes2(s, Div, a, b, dst, n),
            },
        }
    }
}

/// # Safety
/// As [`binary`].
#[inline(always)]
unsafe fn lanes2<S: Simd, Op: BinaryOp>(
    s: S,
    op: Op,
    a: Result<*const f32, f32>,
    b: Result<*const f32, f32>,
    dst: *mut f32,
    n: usize,
) {
    let l = S::LANES;
    let load = |x: Result<*const f32, f32>, i: usize, m: usize| match x {
        // SAFETY: `i + m <= n`.
        Ok(p) if m == l => unsafe { s.load(p.add(i)) },
        Ok(p) => unsafe { s.load_n(p.add(i), m) },
        Err(v) => s.splat(v),
    };
    let mut i = 0;
    // SAFETY: every index stays below `n`.
    unsafe {
        while i + l <= n {
            s.store(dst.add(i), op.apply(s, load(a, i, l), load(b, i, l)));
            i += l;
        }
        if i < n {
            let m = n - i;
            s.store_n(dst.add(i), m, op.apply(s, load(a, i, m), load(b, i, m)));
        }
    }
}

/// `dst = x * alpha[c] + beta[c]` over the `n` elements from offset `o`, `c` each one's
/// channel: runs of `inner` elements share one (splatted), or (`inner == 1`) the channels
/// follow one another.
///
/// # Safety
/// As [`binary`]; `alpha` and `beta` hold one value per channel.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn affine<S: Simd>(
    s: S,
    x: Result<*const f32, f32>,
    alpha: &[f32],
    beta: &[f32],
    inner: usize,
    o: usize,
    dst: *mut f32,
    n: usize,
) {
    let c = alpha.len();
    if inner == 1 {
        let mut a = [0f32; CHUNK];
        let mut b = [0f32; CHUNK];
        let mut ch = o % c;
        for i in 0..n {
            a[i] = alpha[ch];
            b[i] = beta[ch];
            ch += 1;
            if ch == c {
                ch = 0;
            }
        }
        // SAFETY: forwarded; `a` and `b` hold `n` floats.
        unsafe { affine_run(s, x, Ok(a.as_ptr()), Ok(b.as_ptr()), dst, n) };
        return;
    }
    let mut i = 0;
    while i < n {
        let at = o + i;
        let run = (inner - at % inner).min(n - i);
        let ch = at / inner % c;
        let x = x.map(|p| p.wrapping_add(i));
        // SAFETY: forwarded, on elements `i..i + run`.
        unsafe { affine_run(s, x, Err(alpha[ch]), Err(beta[ch]), dst.add(i), run) };
        i += run;
    }
}

/// `dst = x * a + b` over `n` elements (each operand a pointer to `n` floats, or a value).
///
/// # Safety
/// As [`binary`].
#[inline(always)]
unsafe fn affine_run<S: Simd>(
    s: S,
    x: Result<*const f32, f32>,
    a: Result<*const f32, f32>,
    b: Result<*const f32, f32>,
    dst: *mut f32,
    n: usize,
) {
    let l = S::LANES;
    let load = |v: Result<*const f32, f32>, i: usize, m: usize| match v {
        // SAFETY: `i + m <= n`.
        Ok(p) if m == l => unsafe { s.load(p.add(i)) },
        Ok(p) => unsafe { s.load_n(p.add(i), m) },
        Err(v) => s.splat(v),
    };
    let mut i = 0;
    while i < n {
        let m = l.min(n - i);
        let y = s.add(s.mul(load(x, i, m), load(a, i, m)), load(b, i, m));
        // SAFETY: `dst` holds `n` floats.
        unsafe {
            if m == l {
                s.store(dst.add(i), y)
            } else {
                s.store_n(dst.add(i), m, y)
            }
        }
        i += m;
    }
}
