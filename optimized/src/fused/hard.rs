//! The `hardswish` / `hardsigmoid` form at the end of a program, in registers.
//!
//! torch exports `hardswish(x)` as `add(x, 3) → clamp(min=0) → clamp(max=6) → mul(x, ·) →
//! div(·, 6)` and `hardsigmoid` without the `mul`. Run step by step (`program.rs`), each of
//! the five steps loads and stores a chunk buffer: five passes of L1 traffic for five cheap
//! instructions, four times XNNPACK's time. Here the whole form is one lane-wise body, one
//! load of `x` and one store to the out, each step the same instruction on the same operands
//! as the op's kernel (`Add`, `Clamp`, `Mul`, `DivBy`), so the bits are the ops' one by one.

use super::step::{Bin, Src, Step, Un};
use crate::pointwise::UnaryOp;
use crate::pointwise::bodies::{Clamp, DivBy};
use crate::pointwise::frame::{BinaryOp, map_lanes};
use etk_simd::Simd;

/// `y = clamp(x + a)` (one or two clamps), then `y = x * y` (`mul`), then `y = y / d`
/// (`div`): the steps from `start` to the program's end.
#[derive(Clone, Copy, Debug)]
pub(super) struct HardTail {
    /// The first step of the form; the steps before it run chunk by chunk as usual.
    pub start: usize,
    /// The form's input: the chain's first value, an operand laid out as the out, or an
    /// earlier step's result.
    pub x: Src,
    /// The added value: a Scalar or a one-element tensor.
    pub add: Src,
    /// One clamp, or two whose bounds make one.
    pub clamp: Clamp,
    /// The `mul`'s first operand: `x` (the same `Src`, or an operand laid out as the out
    /// that the call must find at `x`'s address: each op names the tensor by its own argument).
    pub mul: Option<Src>,
    /// The divisor, a Scalar or a one-element tensor.
    pub div: Option<Src>,
}

/// Whether `src` is one value for every element.
fn uniform(src: Src) -> bool {
    matches!(src, Src::Value(_) | Src::One(_))
}

impl HardTail {
    /// The longest form that ends `steps`, if one does.
    pub fn find(steps: &[Step]) -> Option<HardTail> {
        (0..steps.len()).find_map(|start| HardTail::at(steps, start))
    }

    fn at(steps: &[Step], start: usize) -> Option<HardTail> {
        let Step::Binary(Bin::Add, x, add) = steps[start] else {
            return None;
        };
        let earlier = match x {
            Src::Out | Src::Same(_) => true,
            Src::Step(k) => (k as usize) < start,
            Src::One(_) | Src::Value(_) => false,
        };
        if !earlier || !uniform(add) {
            return None;
        }
        // each following step reads the one before it
        let prev = |k: usize| Src::Step((k - 1) as u8);
        let mut k = start + 1;
        let mut clamps = Vec::new();
        while let Some(Step::Unary(Un::Clamp(c), from)) = steps.get(k)
            && *from == prev(k)
            && clamps.len() < 2
        {
            clamps.push(*c);
            k += 1;
        }
        // `clamp(min=lo)` then `clamp(max=hi)` is `min(hi, max(lo, x))`: the bounds left out
        // are infinities, and `max(-inf, y)`, `min(inf, y)` give `y` itself (NaN and -0.0
        // too), so one clamp does both with the same bits.
        let clamp = match clamps[..] {
            [c] => c,
            [a, b] if a.hi == f32::INFINITY && b.lo == f32::NEG_INFINITY => {
                Clamp { lo: a.lo, hi: b.hi }
            }
            _ => return None,
        };
        let mul = match steps.get(k) {
            Some(Step::Binary(Bin::Mul, a, b))
                if *b == prev(k) && (*a == x || matches!((a, x), (Src::Same(_), Src::Same(_)))) =>
            {
                k += 1;
                Some(*a)
            }
            _ => None,
        };
        let div = match steps.get(k) {
            Some(Step::Binary(Bin::Div, a, d)) if *a == prev(k) && uniform(*d) => {
                k += 1;
                Some(*d)
            }
            _ => None,
        };
        (k == steps.len()).then_some(HardTail {
            start,
            x,
            add,
            clamp,
            mul,
            div,
        })
    }
}

/// The form's values for one call.
#[derive(Clone, Copy)]
pub(super) struct HardValues {
    pub add: f32,
    pub clamp: Clamp,
    pub mul: bool,
    /// `None` without a `div`.
    pub div: Option<DivBy>,
}

/// `out[i] = form(x[i])` for `i < n`.
///
/// # Safety
/// `x` valid for reading and `out` for writing `n` floats; they are the same memory or do
/// not overlap.
#[inline(always)]
pub(super) unsafe fn run<S: Simd>(s: S, v: HardValues, x: *const f32, out: *mut f32, n: usize) {
    // SAFETY: forwarded.
    unsafe { run_with(s, v, Keep, x, out, n) }
}

/// `out[i] = form(x[i] * a + b)` for `i < n`: batch norm's affine of one channel (its product
/// and sum rounded as its step rounds them), then the form, in one pass.
///
/// # Safety
/// As [`run`].
#[inline(always)]
pub(super) unsafe fn run_after_affine<S: Simd>(
    s: S,
    v: HardValues,
    (a, b): (f32, f32),
    x: *const f32,
    out: *mut f32,
    n: usize,
) {
    // SAFETY: forwarded.
    unsafe { run_with(s, v, AffineOf(a, b), x, out, n) }
}

/// # Safety
/// As [`run`].
#[inline(always)]
unsafe fn run_with<S: Simd, P: Pre>(
    s: S,
    v: HardValues,
    pre: P,
    x: *const f32,
    out: *mut f32,
    n: usize,
) {
    // SAFETY: forwarded.
    unsafe {
        match (v.mul, v.div) {
            (true, Some(d)) => lanes::<S, true, _, _>(s, v, pre, d, x, out, n),
            (true, None) => lanes::<S, true, _, _>(s, v, pre, Keep, x, out, n),
            (false, Some(d)) => lanes::<S, false, _, _>(s, v, pre, d, x, out, n),
            (false, None) => lanes::<S, false, _, _>(s, v, pre, Keep, x, out, n),
        }
    }
}

/// What the form's input is made of the loaded element: itself, or batch norm's affine of it.
trait Pre: Copy {
    fn apply<S: Simd>(self, s: S, x: S::F32) -> S::F32;
}

impl Pre for Keep {
    #[inline(always)]
    fn apply<S: Simd>(self, _s: S, x: S::F32) -> S::F32 {
        x
    }
}

#[derive(Clone, Copy)]
struct AffineOf(f32, f32);

impl Pre for AffineOf {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, x: S::F32) -> S::F32 {
        // (as `program::affine_run`: the product rounded, then the sum)
        s.add(s.mul(x, s.splat(self.0)), s.splat(self.1))
    }
}

/// The form's last step: the division, or none.
trait Last: Copy {
    fn apply<S: Simd>(self, s: S, y: S::F32) -> S::F32;
}

impl Last for DivBy {
    #[inline(always)]
    fn apply<S: Simd>(self, s: S, y: S::F32) -> S::F32 {
        BinaryOp::apply(self, s, y, y)
    }
}

#[derive(Clone, Copy)]
struct Keep;

impl Last for Keep {
    #[inline(always)]
    fn apply<S: Simd>(self, _s: S, y: S::F32) -> S::F32 {
        y
    }
}

/// # Safety
/// As [`run`].
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn lanes<S: Simd, const MUL: bool, P: Pre, L: Last>(
    s: S,
    v: HardValues,
    pre: P,
    last: L,
    x: *const f32,
    out: *mut f32,
    n: usize,
) {
    let a = s.splat(v.add);
    let c = v.clamp;
    // SAFETY: forwarded; `map_lanes` loads each vector before it stores it.
    unsafe {
        map_lanes(
            s,
            x,
            out,
            n,
            #[inline(always)]
            |e| {
                let e = pre.apply(s, e);
                let y = c.lanes(s, s.add(e, a));
                last.apply(s, if MUL { s.mul(e, y) } else { y })
            },
        )
    }
}
