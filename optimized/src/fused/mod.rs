//! Fused chains (`etk_core::prepare::FusionEntry`): a GEMM or a convolution followed by the
//! pointwise ops that read its out — batch norm with constant statistics, the add of a bias
//! or a residual, `relu`, `hardtanh`, `clamp`, `sigmoid`, `tanh`, `gelu`, `mul` and `div`
//! by a constant, `sub` — and chains of such pointwise ops on their own, in one pass.
//!
//! The producer runs as its own kernel (prepared: a constant B packed once), writing the
//! chain's out instead of its own; then the pointwise ops run over the out a chunk at a time
//! (`program.rs`), each element going through the steps while it is in L1, reading the other
//! operands (a residual, a constant) at the same offset (batch norm followed by at most the
//! add of a residual and a clamp: one pass in registers, `affine.rs`). A convolution runs them
//! itself on each region of the out it has finished, while the region is still in cache ([`OutHook`]),
//! where its kernel can; else they run after it over the whole out. Each step is the body the op's own
//! kernel runs on that element (batch norm: its affine, `alpha` and `beta` computed once, as
//! its kernel computes them at every call), so the chain's out is bit for bit what running
//! the ops one by one gives; batch norm is not folded into the weights, which would round
//! differently.
//!
//! What fuses: Float everywhere; every tensor the chain writes (each op's first out) and every
//! tensor operand of the pointwise ops laid out as the chain's out (the same sizes and dim
//! order), or holding one element; batch norm's weight, bias, mean and variance constants of
//! one value per channel. Anything else is declined at prepare, and a call that does not meet
//! what was prepared (a shape or a constant changed) runs the ops one by one.

mod affine;
mod hard;
pub mod hook;
pub mod layout;
mod program;
mod step;

use crate::ops::_native_batch_norm_legit_no_training as batch_norm;
use crate::ops::{
    add, addmm, bmm, clamp, convolution, div, gelu, hardtanh, linear, mm, mul, relu, sigmoid, sub,
    tanh,
};
use crate::pointwise::bodies::Clamp;
use etk_core::prepare::{Chain, Known};
use etk_core::{
    BoxedKernel, EValue, KernelContext, PreparedKernel, Result, Scalar, ScalarType, Tensor, Work,
};
use etk_portable::util::scalar::{neg_scalar, scalar_to_checked};
use etk_simd::UnaryFn;
use hook::OutHook;
use program::Program;
use step::{Bin, CHUNK, MAX_STEPS, Src, Step, Un};

/// The producers a chain may start with.
pub const PRODUCERS: &[&str] = &[convolution::OP, addmm::OP, mm::OP, linear::OP, bmm::OP];

/// The pointwise ops a chain may hold (and start with, without a producer).
pub const POINTWISE: &[&str] = &[
    batch_norm::OP,
    add::OP,
    sub::OP,
    mul::OP,
    mul::OP_SCALAR,
    div::OP,
    relu::OP,
    hardtanh::OP,
    clamp::OP,
    sigmoid::OP,
    tanh::OP,
    gelu::OP,
];

/// The fusion entries' prepare step: `addmm → relu` with ReLU in the GEMM's registers, every
/// other chain as described in the module docs.
pub fn fuse(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    if chain.ops == [addmm::OP, relu::OP]
        && let Some(k) = addmm::fuse_addmm_relu(chain)?
    {
        return Ok(Some(k));
    }
    Ok(Fused::new(chain).map(|f| Box::new(f) as _))
}

/// A prepared chain.
struct Fused {
    /// Each op's kernel and where its arguments start (`starts[n]` is the argument count).
    kernels: Vec<BoxedKernel>,
    starts: Vec<usize>,
    producer: Option<Producer>,
    program: Program,
    /// The chain's out (the last op's first out), and the last op's other outs.
    out: usize,
    extra_outs: Vec<usize>,
    /// The tensors the fused call reads or writes, as they were prepared.
    expect: Vec<Expect>,
    /// Per argument, its data as f32 (filled at each call).
    ptrs: Vec<*const f32>,
    /// Cost of an element relative to an add, for splitting over threads.
    cost: usize,
}

/// A tensor argument as it was prepared: Float, of these sizes and dim order, and (for a
/// constant read at prepare, or an operand that is the out itself) at this address.
struct Expect {
    arg: usize,
    sizes: Vec<usize>,
    order: Vec<usize>,
    data: Option<*const u8>,
}

impl Expect {
    fn of(arg: usize, t: &Tensor<'_>) -> Expect {
        Expect {
            arg,
            sizes: t.sizes().to_vec(),
            order: t.dim_order().to_vec(),
            data: None,
        }
    }

    fn holds(&self, args: &[EValue<'_>]) -> bool {
        match &args[self.arg] {
            EValue::Tensor(t) => {
                t.dtype() == ScalarType::Float
                    && t.sizes() == &self.sizes[..]
                    && t.dim_order() == &self.order[..]
                    && self.data.is_none_or(|d| core::ptr::eq(d, t.as_ptr()))
            }
            _ => false,
        }
    }
}

// SAFETY: the pointers are compared, or (`ptrs`) refilled from the arguments at each call.
unsafe impl Send for Fused {}

/// A chain's first op when it is not pointwise.
struct Producer {
    /// Where its out is among its arguments.
    out_at: usize,
    /// Whether it writes its own out (the chain's out shares memory with its inputs), which
    /// the rest of the chain then reads; else it writes the chain's out.
    own_out: bool,
    /// Its prepared form (a constant B packed), if it has one.
    prepared: Option<Box<dyn PreparedKernel>>,
    /// Whether it hands finished regions of the out to an [`OutHook`] (a convolution writing
    /// the chain's out).
    hook: bool,
    /// A convolution's constant weight packed for its direct kernel, if it takes the call.
    packed: Option<convolution::PackedWeight>,
}

/// The most arguments a producer takes (convolution: 10).
const MAX_PRODUCER_ARGS: usize = 12;

impl Fused {
    fn new(chain: &Chain<'_, '_>) -> Option<Fused> {
        let n = chain.len();
        if !(2..=MAX_STEPS + 1).contains(&n) || chain.starts.len() != n + 1 {
            return None;
        }
        let kernels = kernels_of(chain.ops)?;
        // the chain's out: the last op's first out.
        let last_outs = outs(chain.ops[n - 1])?;
        let out = chain.starts[n] - last_outs;
        let EValue::Tensor(reference) = &chain.args[out] else {
            return None;
        };
        let mut env = Env {
            chain,
            reference,
            producer: PRODUCERS.contains(&chain.ops[0]),
            expect: Vec::new(),
            inner: 0,
            reads_out: false,
        };
        let mut steps = Vec::new();
        let first = usize::from(env.producer);
        for i in 0..n {
            // every op's first out laid out as the chain's out, Float
            let op_out = chain.starts[i + 1] - outs(chain.ops[i])?;
            env.same_layout(op_out)?;
            if i >= first {
                steps.push(env.step(i)?);
            }
        }
        let producer = if env.producer {
            let args = chain.op_args(0);
            if args.len() > MAX_PRODUCER_ARGS || args.iter().any(|a| shared(a).is_none()) {
                return None;
            }
            let out_at = args.len() - 1;
            // its own out too when a later op reads an operand in the chain's out (a residual
            // read in place): writing the chain's out first would overwrite that operand
            let own_out = chain.shares[..out_at].iter().any(|&s| s) || env.reads_out;
            if own_out && chain.shares[out_at] {
                return None;
            }
            Some(Producer {
                out_at,
                own_out,
                prepared: prepare_producer(chain.ops[0], args, chain.op_known(0)),
                hook: chain.ops[0] == convolution::OP && !own_out,
                packed: (chain.ops[0] == convolution::OP)
                    .then(|| convolution::PackedWeight::prepare(args, chain.op_known(0)))
                    .flatten(),
            })
        } else {
            None
        };
        let extra_outs = (out + 1..chain.starts[n]).collect::<Vec<_>>();
        for &e in &extra_outs {
            // batch norm's saved statistics: empty Float tensors, resized to [0] by its kernel.
            match &chain.args[e] {
                EValue::Tensor(t) if t.dtype() == ScalarType::Float => {}
                _ => return None,
            }
        }
        let cost = steps.iter().map(step_cost).sum();
        Some(Fused {
            kernels,
            starts: chain.starts.to_vec(),
            producer,
            program: Program::new(steps, env.inner.max(1)),
            out,
            extra_outs,
            expect: env.expect,
            ptrs: vec![core::ptr::null(); chain.args.len()],
            cost,
        })
    }

    /// Whether the arguments are what was prepared.
    fn as_prepared(&self, args: &[EValue<'_>]) -> bool {
        args.len() == self.ptrs.len() && self.expect.iter().all(|e| e.holds(args))
    }

    fn one_by_one(&self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        for (i, k) in self.kernels.iter().enumerate() {
            k(ctx, &mut args[self.starts[i]..self.starts[i + 1]])?;
        }
        Ok(())
    }
}

impl PreparedKernel for Fused {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        if !self.as_prepared(args) {
            return self.one_by_one(ctx, args);
        }
        for (p, a) in self.ptrs.iter_mut().zip(&args[..self.out]) {
            *p = match a {
                EValue::Tensor(t) => t.as_ptr() as *const f32,
                _ => core::ptr::null(),
            };
        }
        // (the producer leaves the out where it is: its sizes are the prepared ones)
        let y = etk_core::evalue::out_tensor(&mut args[self.out], "etk::fused", "out")?
            .as_mut_ptr("etk::fused", "out")? as *mut f32;
        let level = etk_simd::level();
        let mut first = y as *const f32;
        // whether the producer ran the program on its out region by region
        let mut hooked = false;
        if let Some(p) = &mut self.producer {
            let len = self.starts[1];
            // the chain's out takes the place of the producer's for the call (moved, not
            // copied: the arguments are large), unless the producer writes its own
            if !p.own_out {
                args.swap(p.out_at, self.out);
            }
            let pargs = &mut args[..len];
            let done = match &mut p.prepared {
                Some(k) => k.run(ctx, pargs).map(|_| false),
                None if p.hook => {
                    let (program, shared) = (&self.program, Shared((y, &self.ptrs[..])));
                    let pass = |start: usize, end: usize| {
                        let &(y, ptrs) = shared.get();
                        // SAFETY: as below; the producer hands each region over once,
                        // final, from one thread, and writes it no more.
                        unsafe { program.run(level, y, y, ptrs, start, end) };
                    };
                    let hook = Some(OutHook::new(&pass));
                    convolution::convolution_hooked(ctx, pargs, hook, p.packed.as_ref())
                }
                None if p.packed.is_some() => {
                    convolution::convolution_hooked(ctx, pargs, None, p.packed.as_ref())
                }
                None => (self.kernels[0])(ctx, pargs).map(|_| false),
            };
            if p.own_out {
                if let EValue::Tensor(t) = &pargs[p.out_at] {
                    first = t.as_ptr() as *const f32;
                }
            } else {
                args.swap(p.out_at, self.out);
            }
            hooked = done?;
        }
        let (out, extra) = args[self.out..].split_at_mut(1);
        let out = etk_core::evalue::out_tensor(&mut out[0], "etk::fused", "out")?;
        for e in extra.iter_mut().take(self.extra_outs.len()) {
            etk_core::evalue::out_tensor(e, batch_norm::OP, "out")?.resize(
                batch_norm::OP,
                "out",
                &[0],
            )?;
        }
        if hooked {
            return Ok(());
        }
        let numel = out.numel();
        let work = Work {
            flops: numel.saturating_mul(self.cost),
            bytes: numel.saturating_mul(8),
        };
        let tasks = ctx.tasks_for(work).min(numel.div_ceil(CHUNK)).max(1);
        let (program, ptrs) = (&self.program, &self.ptrs[..]);
        let shared = Shared((y, first, ptrs));
        let body = |t: usize| {
            let &(y, first, ptrs) = shared.get();
            // chunk-aligned parts of the out
            let chunks = numel.div_ceil(CHUNK);
            let (c0, c1) = (t * chunks / tasks, (t + 1) * chunks / tasks);
            let (start, end) = (c0 * CHUNK, (c1 * CHUNK).min(numel));
            // SAFETY: the out and every operand laid out as it hold `numel` floats (checked
            // against what was prepared); tasks write disjoint parts of the out.
            unsafe { program.run(level, y, first, ptrs, start, end) };
        };
        if tasks == 1 {
            body(0);
        } else {
            ctx.parallel.run(tasks, &body);
        }
        Ok(())
    }
}

struct Shared<T>(T);
// SAFETY: the tasks read the operands and write disjoint parts of the out.
unsafe impl<T> Sync for Shared<T> {}
impl<T> Shared<T> {
    fn get(&self) -> &T {
        &self.0
    }
}

/// The library's own kernels of `ops`, to run a chain one by one (`None` if one is not in the
/// table).
fn kernels_of(ops: &[&str]) -> Option<Vec<BoxedKernel>> {
    ops.iter()
        .map(|name| {
            crate::TABLE
                .iter()
                .find(|e| e.name == *name)
                .map(|e| e.kernel)
        })
        .collect()
}

/// How many outs `op` has (its last arguments).
fn outs(op: &str) -> Option<usize> {
    if op == batch_norm::OP {
        Some(3)
    } else if PRODUCERS.contains(&op) || POINTWISE.contains(&op) {
        Some(1)
    } else {
        None
    }
}

/// The prepared form of a producer (a constant B packed), if it has one.
fn prepare_producer(
    op: &str,
    args: &[EValue<'_>],
    known: &[Known],
) -> Option<Box<dyn PreparedKernel>> {
    let prepare = match op {
        o if o == mm::OP => mm::prepare_mm,
        o if o == addmm::OP => addmm::prepare_addmm,
        o if o == linear::OP => linear::prepare_linear,
        o if o == bmm::OP => bmm::prepare_bmm,
        _ => return None,
    };
    prepare(args, known).ok().flatten()
}

/// A `Scalar?` argument: `Some(None)` for None, `None` for anything but a Scalar.
fn scalar_of(a: &EValue<'_>) -> Option<Option<Scalar>> {
    Some(match a {
        EValue::None => None,
        EValue::Int(v) => Some(Scalar::Int(*v)),
        EValue::Double(v) => Some(Scalar::Double(*v)),
        EValue::Bool(v) => Some(Scalar::Bool(*v)),
        _ => return None,
    })
}

/// An argument as a read-only value (`None` for a list of outs).
fn shared<'s>(a: &'s EValue<'_>) -> Option<EValue<'s>> {
    Some(match a {
        EValue::None => EValue::None,
        EValue::Int(v) => EValue::Int(*v),
        EValue::Double(v) => EValue::Double(*v),
        EValue::Bool(v) => EValue::Bool(*v),
        EValue::String(v) => EValue::String(v),
        EValue::Tensor(t) => EValue::Tensor(t.view()),
        EValue::IntList(v) => EValue::IntList(v),
        EValue::DoubleList(v) => EValue::DoubleList(v),
        EValue::BoolList(v) => EValue::BoolList(v),
        EValue::TensorList(v) => EValue::TensorList(v),
        EValue::OptionalTensorList(v) => EValue::OptionalTensorList(v),
        EValue::TensorListMut(_) => return None,
    })
}

fn step_cost(s: &Step) -> usize {
    match s {
        Step::Unary(Un::Math(_) | Un::GeluErf, _) => 8,
        Step::Binary(Bin::Div, ..) => 2,
        _ => 1,
    }
}

/// What prepare reads the chain with.
struct Env<'c, 'a, 't> {
    chain: &'c Chain<'c, 'a>,
    /// The chain's out, whose layout every tensor shares.
    reference: &'t Tensor<'a>,
    /// Whether op 0 is a producer (its out is [`Src::Out`]).
    producer: bool,
    expect: Vec<Expect>,
    /// Batch norm's channel run length (0 until one is met).
    inner: usize,
    /// Whether a pointwise op reads an operand that is the chain's out itself.
    reads_out: bool,
}

impl<'c, 'a> Env<'c, 'a, '_> {
    fn tensor(&self, k: usize) -> Option<&'c Tensor<'a>> {
        match &self.chain.args[k] {
            EValue::Tensor(t) if t.dtype() == ScalarType::Float => Some(t),
            _ => None,
        }
    }

    /// Argument `k` is a Float tensor laid out as the chain's out.
    fn same_layout(&mut self, k: usize) -> Option<()> {
        let t = self.tensor(k)?;
        let r = self.reference;
        if t.sizes() != r.sizes() || t.dim_order() != r.dim_order() {
            return None;
        }
        self.expect.push(Expect::of(k, t));
        Some(())
    }

    /// Where argument `k` (an input) comes from.
    fn operand(&mut self, k: usize) -> Option<Src> {
        if let Some(op) = self.chain.from[k] {
            return Some(match (self.producer, op) {
                (true, 0) => Src::Out,
                (true, op) => Src::Step((op - 1) as u8),
                (false, op) => Src::Step(op as u8),
            });
        }
        let t = self.tensor(k)?;
        let shares = self.chain.shares[k];
        if self.same_layout(k).is_some() {
            // read in place at each offset before it is written: the out itself, or apart
            if shares {
                self.reads_out = true;
                self.expect.last_mut()?.data = Some(self.reference.as_ptr());
                if !core::ptr::eq(t.as_ptr(), self.reference.as_ptr()) {
                    return None;
                }
            }
            return Some(Src::Same(k as u16));
        }
        if t.numel() != 1 || shares {
            return None;
        }
        self.expect.push(Expect::of(k, t));
        Some(Src::One(k as u16))
    }

    /// An operand a unary op or batch norm reads element by element (not one value).
    fn elements(&mut self, k: usize) -> Option<Src> {
        self.operand(k).filter(|s| !matches!(s, Src::One(_)))
    }

    /// Op `i` as a step.
    fn step(&mut self, i: usize) -> Option<Step> {
        let op = self.chain.ops[i];
        let base = self.chain.starts[i];
        let args = self.chain.op_args(i);
        let scalar = |k: usize| scalar_of(&args[k]).flatten();
        let float = |s: &Scalar, name: &'static str| {
            scalar_to_checked::<f32>("etk::fused", name, s, ScalarType::Float).ok()
        };
        Some(match op {
            o if o == add::OP || o == sub::OP => {
                let (a, b) = (self.operand(base)?, self.operand(base + 1)?);
                let alpha = scalar(2)?;
                if alpha.is_bool() {
                    return None;
                }
                // `a + c * b`, `c` as the kernel converts it (`axpy`)
                let c = if o == sub::OP {
                    neg_scalar(alpha)
                } else {
                    alpha
                };
                let c = float(&c, "alpha")?;
                let bin = if c == 1.0 {
                    Bin::Add
                } else if c == -1.0 {
                    Bin::Sub
                } else {
                    Bin::AddScaled(c)
                };
                Step::Binary(bin, a, b)
            }
            o if o == mul::OP => {
                Step::Binary(Bin::Mul, self.operand(base)?, self.operand(base + 1)?)
            }
            o if o == mul::OP_SCALAR => {
                let v = scalar(1)?.cast_to::<f32>(ScalarType::Float);
                Step::Binary(Bin::Mul, self.operand(base)?, Src::Value(v))
            }
            o if o == div::OP => {
                Step::Binary(Bin::Div, self.operand(base)?, self.operand(base + 1)?)
            }
            o if o == relu::OP => Step::Unary(
                Un::Clamp(Clamp {
                    lo: 0.0,
                    hi: f32::INFINITY,
                }),
                self.elements(base)?,
            ),
            o if o == hardtanh::OP || o == clamp::OP => {
                let bound = |k: usize, name: &'static str| -> Option<Option<f32>> {
                    match scalar_of(&args[k])? {
                        None => Some(None),
                        Some(Scalar::Double(d)) if d.is_nan() => None,
                        Some(s) => float(&s, name).map(Some),
                    }
                };
                let (lo, hi) = if o == clamp::OP {
                    (bound(1, "min")?, bound(2, "max")?)
                } else {
                    (bound(1, "min_val")?, bound(2, "max_val")?)
                };
                if lo.is_none() && hi.is_none() {
                    return None;
                }
                let c = Clamp {
                    lo: lo.unwrap_or(f32::NEG_INFINITY),
                    hi: hi.unwrap_or(f32::INFINITY),
                };
                Step::Unary(Un::Clamp(c), self.elements(base)?)
            }
            o if o == sigmoid::OP => Step::Unary(Un::Math(UnaryFn::Sigmoid), self.elements(base)?),
            o if o == tanh::OP => Step::Unary(Un::Math(UnaryFn::Tanh), self.elements(base)?),
            o if o == gelu::OP => {
                let un = match &args[1] {
                    EValue::String("none") => Un::GeluErf,
                    EValue::String("tanh") => Un::Math(UnaryFn::GeluTanh),
                    _ => return None,
                };
                Step::Unary(un, self.elements(base)?)
            }
            o if o == batch_norm::OP => self.batch_norm(i)?,
            _ => return None,
        })
    }

    /// Batch norm with constant parameters as a per-channel affine.
    fn batch_norm(&mut self, i: usize) -> Option<Step> {
        let base = self.chain.starts[i];
        let args = self.chain.op_args(i);
        let known = self.chain.op_known(i);
        let x = self.elements(base)?;
        let r = self.reference;
        if r.dim() < 2 || r.numel() == 0 {
            return None;
        }
        let c = r.size(1);
        // channel runs: the dims after dim 1 in memory order
        let at = r.dim_order().iter().position(|&d| d == 1)?;
        let inner = r.dim_order()[at + 1..]
            .iter()
            .map(|&d| r.size(d))
            .product::<usize>();
        if self.inner != 0 && self.inner != inner {
            return None;
        }
        self.inner = inner;
        // weight, bias (optional), running mean, running var: constants of C Floats
        let mut params: [Option<&Tensor<'_>>; 4] = [None; 4];
        for (slot, k) in params.iter_mut().zip(1..5) {
            match &args[k] {
                EValue::None if k < 3 => {}
                EValue::Tensor(t)
                    if known[k] == Known::Constant
                        && t.dtype() == ScalarType::Float
                        && t.sizes() == [c] =>
                {
                    *slot = Some(t);
                }
                _ => return None,
            }
        }
        let [weight, bias, Some(mean), Some(var)] = params else {
            return None;
        };
        let EValue::Double(eps) = args[6] else {
            return None;
        };
        let eps = eps as f32;
        let at = |t: &Tensor<'_>, ch: usize| t.read::<f32>(ch * t.strides()[0]);
        let (mut alpha, mut beta) = (Vec::with_capacity(c), Vec::with_capacity(c));
        for ch in 0..c {
            // as the kernel computes them (`Params::affine`)
            let invstd = 1.0 / (at(var, ch)? + eps).sqrt();
            let a = weight.map_or(Some(1.0), |w| at(w, ch))? * invstd;
            let b = bias.map_or(Some(0.0), |b| at(b, ch))? - at(mean, ch)? * a;
            alpha.push(a);
            beta.push(b);
        }
        for (k, t) in (1..5).zip(params) {
            if let Some(t) = t {
                let e = Expect {
                    data: Some(t.as_ptr()),
                    ..Expect::of(base + k, t)
                };
                self.expect.push(e);
            }
        }
        // the saved statistics: Float, as the kernel requires of them
        for k in 8..10 {
            self.tensor(base + k)?;
        }
        Some(Step::Affine { x, alpha, beta })
    }
}
