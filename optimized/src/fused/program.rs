//! The pointwise part of a fused chain: a list of steps evaluated a chunk of elements at a
//! time, each step the body the op's own kernel runs (`crate::pointwise::bodies`, batch
//! norm's affine), so every element gets the bits the ops one by one give it.
//!
//! Every tensor a program reads or writes has the out's sizes and dim order (then an element
//! sits at the same offset in each), or holds one element; batch norm's parameters are per
//! channel, the channel of offset `o` being `(o / inner) % channels`.

use super::affine::{self, AddThen, Alone, Channels, Pass};
use super::hard::{self, HardTail, HardValues};
use super::step::{Bin, CHUNK, MAX_STEPS, Src, Step, Un};
use crate::pointwise::UnaryOp;
use crate::pointwise::bodies::{Add, AddScaled, Clamp, Div, DivBy, GeluErf, Math, Mul, Sub};
use crate::pointwise::frame::BinaryOp;
use etk_simd::{Kernel, Level, Simd};

/// A program: its steps, the last one's result being the out.
#[derive(Clone, Debug)]
pub(super) struct Program {
    pub steps: Vec<Step>,
    /// `inner`: elements one channel's run spans in memory (for [`Step::Affine`]).
    pub inner: usize,
    /// The `hardswish` / `hardsigmoid` form ending the steps, run in registers.
    pub tail: Option<HardTail>,
    /// Per step, the clamp that follows it (the next step) when the step is batch norm's
    /// affine read by that clamp alone: both run as one pass into the clamp's buffer.
    pub clamped: Vec<Option<Clamp>>,
    /// Per step, batch norm's parameters laid out for vectors (an affine step's).
    params: Vec<Option<Channels>>,
    /// The whole program as one pass in registers, if it is one.
    pass: Option<Pass>,
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
        let reads = |k: usize, j: usize| match &steps[j] {
            Step::Binary(_, a, b) => *a == Src::Step(k as u8) || *b == Src::Step(k as u8),
            Step::Unary(_, x) | Step::Affine { x, .. } => *x == Src::Step(k as u8),
        };
        let prefix = tail.map_or(steps.len(), |t| t.start);
        let clamped = (0..steps.len())
            .map(|k| match (&steps[k], steps.get(k + 1)) {
                (Step::Affine { .. }, Some(Step::Unary(Un::Clamp(c), x)))
                    if *x == Src::Step(k as u8)
                        && k + 1 < prefix
                        && !(k + 2..steps.len()).any(|j| reads(k, j))
                        && tail.is_none_or(|t| t.x != Src::Step(k as u8)) =>
                {
                    Some(*c)
                }
                _ => None,
            })
            .collect();
        let params = steps
            .iter()
            .map(|step| match step {
                Step::Affine { alpha, beta, .. } => Some(Channels::new(alpha, beta, inner)),
                _ => None,
            })
            .collect();
        let pass = if tail.is_none() {
            Pass::find(&steps)
        } else {
            None
        };
        Program {
            steps,
            inner,
            tail,
            clamped,
            params,
            pass,
        }
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

impl Run<'_> {
    /// The program as one pass (see [`Pass`]) over the call's elements.
    ///
    /// # Safety
    /// As [`Program::run`].
    #[inline(always)]
    unsafe fn pass<S: Simd>(&self, s: S, pass: Pass, params: &Channels) {
        let elements = |src: Src| match src {
            Src::Out => Some(self.first),
            Src::Same(a) => Some(self.ptrs[a as usize]),
            _ => None,
        };
        let Some(x) = elements(pass.x) else {
            return;
        };
        let (o, n) = (self.start, self.end - self.start);
        // SAFETY: the caller's: offsets below `end` are inside the out and the operands.
        let (x, dst) = unsafe { (x.add(o), self.out.add(o)) };
        let add = pass.add.and_then(|(other, first)| {
            // SAFETY: as above.
            elements(other).map(|q| (unsafe { q.add(o) }, first))
        });
        // SAFETY: as above.
        unsafe {
            match (add, pass.clamp) {
                (None, None) => affine::pass(s, params, x, o, dst, n, Alone),
                (None, Some(c)) => affine::pass(s, params, x, o, dst, n, c),
                (Some((other, first)), None) => {
                    let then = Alone;
                    let add = AddThen { other, first, then };
                    affine::pass(s, params, x, o, dst, n, add)
                }
                (Some((other, first)), Some(then)) => {
                    let add = AddThen { other, first, then };
                    affine::pass(s, params, x, o, dst, n, add)
                }
            }
        }
    }
}

impl Kernel for Run<'_> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let p = self.program;
        if let (Some(pass), Some(Some(params))) = (p.pass, p.params.first()) {
            // SAFETY: the caller's: the out and every operand laid out as it hold `end`
            // floats, each the out itself or apart from it.
            unsafe { self.pass(s, pass, params) };
            return;
        }
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
        if let Some((t, v)) = tail
            && prefix == 1
            && t.x == Src::Step(0)
            && p.inner > 1
            && let Step::Affine { x, .. } = &steps[0]
            && let Some(Some(params)) = p.params.first()
        {
            // batch norm then the form (NCHW): one pass from the operand to the out, a
            // channel's run at a time
            let x = match *x {
                Src::Out => self.first,
                Src::Same(a) => self.ptrs[a as usize],
                _ => return,
            };
            let inner = params.inner();
            let mut o = self.start;
            while o < self.end {
                let run = (inner - o % inner).min(self.end - o);
                // SAFETY: the out and the operand hold `end` floats; the operand is the out
                // itself or apart from it.
                unsafe {
                    hard::run_after_affine(s, v, params.at(o), x.add(o), self.out.add(o), run)
                };
                o += run;
            }
            return;
        }
        let steps = &steps[..prefix];
        // (not zeroed: a region handed over by a producer may be a few hundred elements, and
        // every buffer is written before it is read)
        let mut bufs = core::mem::MaybeUninit::<Bufs>::uninit();
        let base = bufs.as_mut_ptr() as *mut f32;
        let buf = |k: usize| base.wrapping_add(k * CHUNK);
        let resolve = |src: Src| match src {
            Src::Out => At::Out,
            Src::Step(k) => At::Step(k as usize),
            // SAFETY: the caller's: a one-element operand holds one float.
            Src::One(a) => At::Value(unsafe { *self.ptrs[a as usize] }),
            Src::Same(a) => At::Ptr(self.ptrs[a as usize]),
            Src::Value(v) => At::Value(v),
        };
        let last = steps.len().wrapping_sub(1);
        // the last step writes the out itself (no copy) when it is lane-wise: every body
        // loads an element's operands before it stores the element, at the same offset, so
        // an operand that is the out is read first as when the result is copied
        let into_out = tail.is_none()
            && match steps.last() {
                Some(Step::Unary(un, _)) => matches!(un, Un::Clamp(_)),
                Some(_) => true,
                None => false,
            };
        let mut o = self.start;
        while o < self.end {
            let n = CHUNK.min(self.end - o);
            let mut skip = false;
            for (k, step) in steps.iter().enumerate() {
                if core::mem::take(&mut skip) {
                    continue;
                }
                let clamp = p.clamped[k];
                // (a merged clamp writes its own step's buffer, or the out)
                let to = k + usize::from(clamp.is_some());
                skip = clamp.is_some();
                let dst = if to == last && into_out {
                    // SAFETY: offsets below `end` are inside the out.
                    unsafe { self.out.add(o) }
                } else {
                    buf(to)
                };
                // the chunk of an operand: a pointer to `n` floats, or a value.
                let chunk = |src: Src| -> Result<*const f32, f32> {
                    match resolve(src) {
                        // SAFETY: offsets below `end` are inside the out and `Same` operands.
                        At::Out => Ok(unsafe { self.first.add(o) }),
                        At::Step(j) => Ok(buf(j) as *const f32),
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
                        Step::Affine { x, .. } => {
                            if let (Ok(x), Some(Some(params))) = (chunk(*x), p.params.get(k)) {
                                match clamp {
                                    Some(c) => affine::pass(s, params, x, o, dst, n, c),
                                    None => affine::pass(s, params, x, o, dst, n, Alone),
                                }
                            }
                        }
                    }
                }
            }
            if let Some((t, v)) = tail {
                let x = match t.x {
                    // SAFETY: offsets below `end` are inside the out and `Same` operands.
                    Src::Out => unsafe { self.first.add(o) },
                    Src::Same(a) => unsafe { self.ptrs[a as usize].add(o) },
                    Src::Step(k) => buf(k as usize) as *const f32,
                    _ => return,
                };
                // SAFETY: the out holds `end` floats; `x` holds `n` (the out itself or apart).
                unsafe { hard::run(s, v, x, self.out.add(o), n) };
            } else if !into_out {
                // SAFETY: the out holds `end` floats; the buffer `n`.
                unsafe { core::ptr::copy_nonoverlapping(buf(last), self.out.add(o), n) };
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
