//! Layout ops feeding a GEMM operand, read in place: `permute_copy`, `t_copy`, `expand_copy`
//! and `view_copy` followed by the `mm`, `addmm` or `bmm` that reads their out (a `linear` on
//! a weight that is not a constant exports as a transpose then a product). The layout op's
//! out is the same elements as its input at other strides, so the GEMM reads the input
//! through those strides instead of a copy: packing reads each element once either way, in
//! the order of the product, so the sums are the same; and where the copy's layout would
//! send the product down the GEMM's dot-product path and the view's would not (or the
//! reverse), the product takes the copy's route ([`Route`]) or the chain is declined.

use super::shared;
use crate::gemm::tensor::{epilogue, mat_mut};
use crate::gemm::{self, BatchStrides, Dt, Epilogue, MatMut, MatRef, Route};
use crate::ops::{addmm, bmm, expand_copy, mm, permute_copy, t_copy, view_copy};
use etk_core::prepare::Chain;
use etk_core::{EValue, KernelContext, PreparedKernel, Result, Scalar, Tensor};

/// The layout ops a chain may start with (and hold before its product).
pub const LAYOUT: &[&str] = &[permute_copy::OP, t_copy::OP, expand_copy::OP, view_copy::OP];

/// What may follow: more layout ops, then the product.
pub const THEN: &[&str] = &[
    permute_copy::OP,
    t_copy::OP,
    expand_copy::OP,
    view_copy::OP,
    mm::OP,
    addmm::OP,
    bmm::OP,
];

/// Sizes and strides (elements) of a strided view.
#[derive(Clone, Debug, PartialEq)]
struct View {
    sizes: Vec<usize>,
    strides: Vec<isize>,
}

impl View {
    fn of(t: &Tensor<'_>) -> View {
        View {
            sizes: t.sizes().to_vec(),
            strides: t.strides().iter().map(|&s| s as isize).collect(),
        }
    }

    /// The view layout op `op` (arguments `args`, its out last) makes of this one; `None` for
    /// a call its kernel computes otherwise or rejects.
    fn then(&self, op: &str, args: &[EValue<'_>]) -> Option<View> {
        let rank = self.sizes.len();
        let v = match (op, args) {
            (o, [_, EValue::IntList(dims), _]) if o == permute_copy::OP => {
                let mut seen = [false; 16];
                let mut v = View {
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                for &d in dims.iter() {
                    let d = if d < 0 { d + rank as i64 } else { d };
                    let d = usize::try_from(d).ok().filter(|&d| d < rank && !seen[d])?;
                    seen[d] = true;
                    v.sizes.push(self.sizes[d]);
                    v.strides.push(self.strides[d]);
                }
                (dims.len() == rank).then_some(v)?
            }
            (o, [_, _]) if o == t_copy::OP => {
                let mut v = self.clone();
                if rank == 2 {
                    v.sizes.swap(0, 1);
                    v.strides.swap(0, 1);
                }
                (rank <= 2).then_some(v)?
            }
            (o, [_, EValue::IntList(sizes), EValue::Bool(false), _]) if o == expand_copy::OP => {
                let lead = sizes.len().checked_sub(rank)?;
                let mut v = View {
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                for (i, &s) in sizes.iter().enumerate() {
                    if i < lead {
                        v.sizes.push(usize::try_from(s).ok()?);
                        v.strides.push(0);
                        continue;
                    }
                    let (have, st) = (self.sizes[i - lead], self.strides[i - lead]);
                    match s {
                        -1 => (v.sizes.push(have), v.strides.push(st)),
                        s if s as usize == have && s >= 0 => {
                            (v.sizes.push(have), v.strides.push(st))
                        }
                        s if have == 1 && s >= 0 => (v.sizes.push(s as usize), v.strides.push(0)),
                        _ => return None,
                    };
                }
                v
            }
            (o, [_, EValue::IntList(sizes), _]) if o == view_copy::OP => {
                // a reshape: only of a view that is row-major and dense
                let numel: usize = self.sizes.iter().product();
                let mut want = 1isize;
                for d in (0..rank).rev() {
                    if self.sizes[d] != 1 && self.strides[d] != want {
                        return None;
                    }
                    want *= self.sizes[d] as isize;
                }
                let known: usize = sizes
                    .iter()
                    .filter(|&&s| s >= 0)
                    .map(|&s| s as usize)
                    .product();
                let mut v = View {
                    sizes: Vec::new(),
                    strides: Vec::new(),
                };
                for &s in sizes.iter() {
                    v.sizes.push(match s {
                        -1 if known > 0 => numel / known,
                        s => usize::try_from(s).ok()?,
                    });
                }
                if v.sizes.iter().product::<usize>() != numel {
                    return None;
                }
                let mut st = 1isize;
                v.strides = vec![0; v.sizes.len()];
                for d in (0..v.sizes.len()).rev() {
                    v.strides[d] = st;
                    st *= v.sizes[d] as isize;
                }
                v
            }
            _ => return None,
        };
        Some(v)
    }
}

/// A GEMM operand read through a view of chain argument `arg` (the first layout op's input).
#[derive(Clone, Debug)]
struct Source {
    arg: usize,
    view: View,
}

/// The prepared chain: the product, and per operand position of the product (in its
/// arguments) the view it reads instead.
struct LayoutGemm {
    op: &'static str,
    /// Where the product's arguments start.
    at: usize,
    sources: Vec<(usize, Source)>,
    /// Every tensor argument's sizes and data pointer kind as prepared (checked at each call).
    expect: Vec<(usize, Vec<usize>, Vec<usize>)>,
    route: Route,
    kernels: Vec<etk_core::BoxedKernel>,
    starts: Vec<usize>,
}

/// The prepare step of the layout chains (`FusionEntry`).
pub fn fuse_layout(chain: &Chain<'_, '_>) -> Result<Option<Box<dyn PreparedKernel>>> {
    Ok(prepare(chain).map(|k| Box::new(k) as _))
}

fn prepare(chain: &Chain<'_, '_>) -> Option<LayoutGemm> {
    let n = chain.len();
    let last = chain.ops[n - 1];
    let op = [mm::OP, addmm::OP, bmm::OP]
        .into_iter()
        .find(|o| *o == last)?;
    if chain.shares.iter().any(|&s| s) {
        return None;
    }
    let kernels = super::kernels_of(chain.ops)?;
    // each layout op's out as a view of an argument of the chain
    let mut views: Vec<Source> = Vec::new();
    for i in 0..n - 1 {
        let args = chain.op_args(i);
        let input = match chain.op_from(i)[0] {
            Some(j) => views.get(j)?.clone(),
            None => match &args[0] {
                EValue::Tensor(t) => Source {
                    arg: chain.starts[i],
                    view: View::of(t),
                },
                _ => return None,
            },
        };
        let view = input.view.then(chain.ops[i], args)?;
        // the view must be what the op's out holds: its sizes, its dtype
        let (EValue::Tensor(x), EValue::Tensor(out)) = (&args[0], args.last()?) else {
            return None;
        };
        if view.sizes != out.sizes() || x.dtype() != out.dtype() {
            return None;
        }
        views.push(Source {
            arg: input.arg,
            view,
        });
    }
    let at = chain.starts[n - 1];
    let gemm_args = chain.op_args(n - 1);
    let mut sources = Vec::new();
    for (pos, f) in chain.op_from(n - 1).iter().enumerate() {
        if let Some(j) = f {
            sources.push((pos, views.get(*j)?.clone()));
        }
    }
    // operands: mm/bmm read (self, mat2), addmm (mat1, mat2); addmm's self is not a view
    let operand_at = if op == addmm::OP { 1 } else { 0 };
    if sources.is_empty()
        || sources
            .iter()
            .any(|(p, _)| *p < operand_at || *p > operand_at + 1)
    {
        return None;
    }
    // dtypes the GEMM computes; the route the materialized operands would take
    let tensor = |k: usize| match &gemm_args[k] {
        EValue::Tensor(t) => Some(t),
        _ => None,
    };
    let (a, b, out) = (
        tensor(operand_at)?,
        tensor(operand_at + 1)?,
        gemm_args.last()?,
    );
    let EValue::Tensor(out) = out else {
        return None;
    };
    Dt::of(a.dtype())?;
    let (rank, r, c) = if op == bmm::OP { (3, 1, 2) } else { (2, 0, 1) };
    if a.dim() != rank || b.dim() != rank || out.dim() != rank {
        return None;
    }
    let st = |t: &Tensor<'_>| (t.strides()[r] as isize, t.strides()[c] as isize);
    let (m, nn) = (a.size(r), b.size(c));
    let copy_dot = gemm::takes_dot_path(m, nn, st(a), st(b), st(out));
    let view_st = |pos: usize, t: &Tensor<'_>| {
        sources
            .iter()
            .find(|(p, _)| *p == pos)
            .map_or(st(t), |(_, s)| (s.view.strides[r], s.view.strides[c]))
    };
    let (va, vb) = (view_st(operand_at, a), view_st(operand_at + 1, b));
    let view_dot = gemm::takes_dot_path(m, nn, va, vb, st(out));
    let route = match (copy_dot, view_dot) {
        (false, true) => Route::Blocked,
        (true, false) => return None,
        _ => Route::Auto,
    };
    let mut expect = Vec::new();
    for (k, a) in chain.args.iter().enumerate() {
        if let EValue::Tensor(t) = a {
            expect.push((k, t.sizes().to_vec(), t.dim_order().to_vec()));
        }
    }
    Some(LayoutGemm {
        op,
        at,
        sources,
        expect,
        route,
        kernels,
        starts: chain.starts.to_vec(),
    })
}

impl LayoutGemm {
    fn as_prepared(&self, args: &[EValue<'_>]) -> bool {
        args.len() == *self.starts.last().unwrap_or(&0)
            && self.expect.iter().all(|(k, sizes, order)| match &args[*k] {
                EValue::Tensor(t) => t.sizes() == &sizes[..] && t.dim_order() == &order[..],
                _ => false,
            })
    }

    /// The matrix (or batch of matrices, with its batch stride) the product reads at
    /// position `pos` of its arguments: a view of a chain argument, or the argument itself.
    ///
    /// # Safety
    /// `args` as prepared.
    unsafe fn operand<'a>(
        &self,
        args: &'a [EValue<'_>],
        pos: usize,
        dt: Dt,
    ) -> Option<(MatRef<'a>, isize)> {
        let (r, c) = if self.op == bmm::OP { (1, 2) } else { (0, 1) };
        let at = |sizes: &[usize], strides: &dyn Fn(usize) -> isize, ptr: *const u8| {
            let batch = if r == 1 { strides(0) } else { 0 };
            // SAFETY: the view's elements are elements of the chain argument (shapes checked).
            let m =
                unsafe { MatRef::from_raw(ptr, dt, sizes[r], sizes[c], strides(r), strides(c)) };
            (m, batch)
        };
        match self.sources.iter().find(|(p, _)| *p == pos) {
            Some((_, s)) => match &args[s.arg] {
                EValue::Tensor(t) => Some(at(&s.view.sizes, &|d| s.view.strides[d], t.as_ptr())),
                _ => None,
            },
            None => match &args[self.at + pos] {
                EValue::Tensor(t) => Some(at(t.sizes(), &|d| t.strides()[d] as isize, t.as_ptr())),
                _ => None,
            },
        }
    }
}

impl PreparedKernel for LayoutGemm {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        if !self.as_prepared(args) {
            for (i, k) in self.kernels.iter().enumerate() {
                k(ctx, &mut args[self.starts[i]..self.starts[i + 1]])?;
            }
            return Ok(());
        }
        let (head, tail) = args.split_at_mut(args.len() - 1);
        let out = etk_core::evalue::out_tensor(&mut tail[0], self.op, "out")?;
        let out_batch = if out.dim() == 3 {
            out.strides()[0] as isize
        } else {
            0
        };
        let g = &head[self.at..];
        let tensor = |k: usize| match &g[k] {
            EValue::Tensor(t) => Some(t),
            _ => None,
        };
        let scalar = |k: usize| {
            shared(&g[k]).and_then(|e| match e {
                EValue::Int(v) => Some(Scalar::Int(v)),
                EValue::Double(v) => Some(Scalar::Double(v)),
                EValue::Bool(v) => Some(Scalar::Bool(v)),
                _ => None,
            })
        };
        let bad = || etk_core::Error::invalid(self.op, "self", "the arguments prepared");
        let is_addmm = self.op == addmm::OP;
        let operand_at = usize::from(is_addmm);
        let (a, b) = (
            tensor(operand_at).ok_or_else(bad)?,
            tensor(operand_at + 1).ok_or_else(bad)?,
        );
        let dt = Dt::of(a.dtype()).ok_or_else(bad)?;
        // the product's checks on the layout ops' outs (the shapes and dtypes it reads)
        let epi = if is_addmm {
            let self_ = tensor(0).ok_or_else(bad)?;
            let (m, n) = etk_portable::ops::addmm::check_addmm(self.op, self_, a, b, out)?;
            let (beta, alpha) = (scalar(3).ok_or_else(bad)?, scalar(4).ok_or_else(bad)?);
            let act = gemm::Activation::None;
            epilogue(self.op, self_, a.dtype(), m, n, beta, alpha, act)?.ok_or_else(bad)?
        } else if self.op == mm::OP {
            etk_portable::ops::mm::check_mm(self.op, a, b, out)?;
            Epilogue::default()
        } else {
            etk_portable::ops::bmm::check_bmm(self.op, a, b, out)?;
            Epilogue::default()
        };
        let whole = &*head;
        // SAFETY: the views are of the chain's arguments as prepared (checked); the out
        // shares memory with none of them (`Chain::shares`).
        unsafe {
            let (am, ab) = self.operand(whole, operand_at, dt).ok_or_else(bad)?;
            let (bm, bb) = self.operand(whole, operand_at + 1, dt).ok_or_else(bad)?;
            let rank = if self.op == bmm::OP { 3 } else { 2 };
            let c: MatMut<'_> = mat_mut(self.op, out, dt, rank - 2, rank - 1)?;
            let (batch, strides) = if rank == 3 {
                let s = BatchStrides {
                    a: ab,
                    b: bb,
                    c: out_batch,
                    addend: 0,
                };
                (a.size(0), s)
            } else {
                (1, BatchStrides::default())
            };
            gemm::gemm_batched_routed(
                ctx,
                gemm::isa(),
                batch,
                strides,
                am,
                bm,
                c,
                &epi,
                self.route,
            )
        }
    }
}
