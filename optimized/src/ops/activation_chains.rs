//! Activations an exported program spells as a chain of pointwise calls, run as one pass over
//! the data (`etk_core::prepare::FusionEntry`):
//!
//! - `silu(x)`: `sigmoid(x)`, then `mul(x, ·)`;
//! - `hardswish(x)`: `add(x, 3)`, `clamp(·, min=0)`, `clamp(·, max=6)`, `mul(x, ·)`, `div(·, 6)`;
//! - `hardsigmoid(x)`: the same without the `mul`.
//!
//! Each element goes through the same f32 operations the optimized kernels apply one call at a
//! time (the constants read as those kernels read them: a one-element tensor's value, a Scalar
//! bound converted as `clamp` converts it), so the result is theirs bit for bit; the chain's
//! intermediates, which nothing else reads, are never written. Float only (Half and BFloat16
//! round between the calls), `x` and the out of one shape and dim order. A call the fused pass
//! does not take (another dtype, a rebound operand, a bound that does not convert) runs the
//! ops one by one through their boxed kernels, on the intermediates the program planned.

use crate::ops::{add, clamp, div, mul, sigmoid};
use crate::pointwise::Simd;
use crate::pointwise::entry::is_float;
use crate::pointwise::frame::{UnaryOp, map_lanes, unary_float};
use etk_core::prepare::{Chain, Known, PreparedKernel};
use etk_core::{BoxedKernel, EValue, KernelContext, Result, Scalar, ScalarType, Tensor};
use etk_portable::util::scalar::scalar_to_checked;
use etk_simd::UnaryFn;

/// Which chain a prepared call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Silu,
    Hardswish,
    Hardsigmoid,
}

impl Act {
    /// The ops' boxed kernels, in chain order.
    fn kernels(self) -> &'static [BoxedKernel] {
        const CLAMP: BoxedKernel = clamp::clamp_out_boxed;
        match self {
            Act::Silu => &[sigmoid::sigmoid_out_boxed, mul::mul_out_boxed],
            Act::Hardswish => &[
                add::add_out_boxed,
                CLAMP,
                CLAMP,
                mul::mul_out_boxed,
                div::div_out_boxed,
            ],
            Act::Hardsigmoid => &[add::add_out_boxed, CLAMP, CLAMP, div::div_out_boxed],
        }
    }
}

/// A fused chain: where each op's arguments start, and the position of the previous op's out
/// among them (as `Chain` gave them at prepare).
struct Prepared {
    act: Act,
    starts: Vec<usize>,
    links: Vec<usize>,
}

impl PreparedKernel for Prepared {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        if let Some(done) = self.fused(ctx, args) {
            return done;
        }
        for (i, kernel) in self.act.kernels().iter().enumerate() {
            let (lo, hi) = (self.starts[i], self.starts[i + 1]);
            if hi > args.len() {
                return Err(etk_core::Error::invalid(
                    "activation chain",
                    "args",
                    "the arguments the chain was prepared with",
                ));
            }
            kernel(ctx, &mut args[lo..hi])?;
        }
        Ok(())
    }
}

/// The tensor at `args[i]`, if it is one.
fn tensor<'e, 'a>(args: &'e [EValue<'a>], i: usize) -> Option<&'e Tensor<'a>> {
    match args.get(i) {
        Some(EValue::Tensor(t)) => Some(t),
        _ => None,
    }
}

/// Whether `a` and `b` view the same elements the same way.
fn same_view(a: &Tensor<'_>, b: &Tensor<'_>) -> bool {
    a.as_ptr() == b.as_ptr()
        && a.dtype() == b.dtype()
        && a.sizes() == b.sizes()
        && a.dim_order() == b.dim_order()
}

/// The value of a one-element Float tensor at `args[i]`, as the pointwise kernels read it.
fn one_value(args: &[EValue<'_>], i: usize) -> Option<f32> {
    let t = tensor(args, i)?;
    (t.dtype() == ScalarType::Float && t.numel() == 1)
        .then(|| t.read::<f32>(0))
        .flatten()
}

/// A clamp bound at `args[i]` as `clamp` converts it for a Float `self`: `None` for an absent
/// bound, `Some(None)` for one the fused pass does not take (NaN, out of range).
fn bound(args: &[EValue<'_>], i: usize, name: &'static str) -> Option<Option<f32>> {
    let s = match args.get(i)? {
        EValue::None => return None,
        EValue::Int(v) => Scalar::Int(*v),
        EValue::Double(v) => Scalar::Double(*v),
        EValue::Bool(v) => Scalar::Bool(*v),
        _ => return Some(None),
    };
    let v = scalar_to_checked::<f32>(clamp::OP, name, &s, ScalarType::Float).ok();
    Some(v.filter(|v| !v.is_nan()))
}

impl Prepared {
    /// Op `i`'s arguments.
    fn op<'e, 'a>(&self, args: &'e [EValue<'a>], i: usize) -> &'e [EValue<'a>] {
        args.get(self.starts[i]..self.starts[i + 1]).unwrap_or(&[])
    }

    /// The fused pass, or `None` (nothing written) for a call it does not take.
    fn fused(&self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Option<Result<()>> {
        let last = self.starts.len() - 2;
        let x = tensor(self.op(args, 0), 0)?;
        if x.dtype() != ScalarType::Float {
            return None;
        }
        // `mul`'s other operand is `x` itself.
        let times_x = |i: usize| {
            let a = self.op(args, i);
            tensor(a, 1 - self.links[i - 1]).is_some_and(|t| same_view(t, x))
        };
        let body = match self.act {
            Act::Silu => {
                if !times_x(1) {
                    return None;
                }
                Body::Silu
            }
            Act::Hardswish | Act::Hardsigmoid => {
                let add = self.op(args, 0);
                let alpha_one = matches!(add.get(2), Some(EValue::Int(1)))
                    || matches!(add.get(2), Some(EValue::Double(a)) if *a == 1.0);
                let shift = one_value(add, 1).filter(|_| alpha_one)?;
                let (c1, c2) = (self.op(args, 1), self.op(args, 2));
                let (Some(Some(lo)), None) = (bound(c1, 1, "min"), bound(c1, 2, "max")) else {
                    return None;
                };
                let (None, Some(Some(hi))) = (bound(c2, 1, "min"), bound(c2, 2, "max")) else {
                    return None;
                };
                let scale = self.act == Act::Hardswish;
                if scale && !times_x(3) {
                    return None;
                }
                // the divisor, not the dividend
                if self.links[last - 1] != 0 {
                    return None;
                }
                let divisor = one_value(self.op(args, last), 1)?;
                Body::Hard(Hard {
                    shift,
                    lo,
                    hi,
                    divisor,
                    scale,
                })
            }
        };
        // `x` is op 0's first argument, the out the last op's last: disjoint.
        let (head, tail) = args.split_at_mut(self.starts[last]);
        let x = tensor(head, 0)?;
        let Some(EValue::Tensor(out)) = tail
            .get_mut(..self.starts[last + 1] - self.starts[last])?
            .last_mut()
        else {
            return None;
        };
        if out.dtype() != ScalarType::Float
            || out.sizes() != x.sizes()
            || out.dim_order() != x.dim_order()
        {
            return None;
        }
        let done = match body {
            Body::Silu => unary_float(ctx, Silu, x, out),
            Body::Hard(h) => unary_float(ctx, h, x, out),
        };
        done.then_some(Ok(()))
    }
}

enum Body {
    Silu,
    Hard(Hard),
}

/// `x * sigmoid(x)`: the sigmoid kernel, then the product, per vector.
#[derive(Clone, Copy, Debug)]
struct Silu;
impl UnaryOp for Silu {
    const COST: usize = 8;
    const LANEWISE: bool = false;
    #[inline(always)]
    unsafe fn run<S: Simd>(self, s: S, x: *const f32, out: *mut f32, n: usize) {
        // SAFETY: the frame's pointers are valid for `n` floats and do not overlap.
        unsafe {
            map_lanes(
                s,
                x,
                out,
                n,
                #[inline(always)]
                |v| s.mul(v, s.unary(UnaryFn::Sigmoid, v)),
            )
        }
    }
}

/// `clamp(x + shift, lo, hi) [* x] / divisor`, each step rounded as its kernel rounds it.
#[derive(Clone, Copy, Debug)]
struct Hard {
    shift: f32,
    lo: f32,
    hi: f32,
    divisor: f32,
    /// hardswish (times `x`) rather than hardsigmoid.
    scale: bool,
}
impl UnaryOp for Hard {
    const COST: usize = 2;
    const LANEWISE: bool = true;
    #[inline(always)]
    fn lanes<S: Simd>(self, s: S, v: S::F32) -> S::F32 {
        // clamp's two calls: `maxps(lo, t)` (`ClampMin`), then `minps(hi, maxps(-inf, t))`,
        // whose `maxps(-inf, t)` is `t` itself.
        let t = s.add(v, s.splat(self.shift));
        let t = s.min(s.splat(self.hi), s.max(s.splat(self.lo), t));
        let t = if self.scale { s.mul(v, t) } else { t };
        s.div(t, s.splat(self.divisor))
    }
}

/// Prepares `act` for `chain` when its shape is the expected one: every op's out a Float
/// tensor of a static shape (the values are checked at each call).
fn prepare(act: Act, chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    if chain.len() != act.kernels().len() {
        return Ok(None);
    }
    let mut outs_ok = true;
    for i in 0..chain.len() {
        let (a, k) = (chain.op_args(i), chain.op_known(i));
        let out_ok = matches!(a.last(), Some(EValue::Tensor(t)) if is_float(t.dtype()));
        outs_ok &= out_ok && k.last().is_some_and(|k| *k != Known::Dynamic);
    }
    if !outs_ok {
        return Ok(None);
    }
    Ok(Some(Box::new(Prepared {
        act,
        starts: chain.starts.to_vec(),
        links: chain.links.to_vec(),
    })))
}

/// `sigmoid → mul` (`etk_core::prepare::FusionEntry`).
pub fn fuse_silu(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    prepare(Act::Silu, chain)
}

/// `add → clamp → clamp → mul → div`.
pub fn fuse_hardswish(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    prepare(Act::Hardswish, chain)
}

/// `add → clamp → clamp → div`.
pub fn fuse_hardsigmoid(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    prepare(Act::Hardsigmoid, chain)
}
