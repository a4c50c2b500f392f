//! The strided matrix product `mm`, `bmm`, `addmm` and `linear` share ([`matmul`]): one output
//! element at a time, `alpha * sum_k a[i,k] * b[k,j] + beta * d[i,j]`, with ATen's BLAS
//! conventions — `alpha == 0` (or `K == 0`) ignores the product, `beta == 0` ignores the addend
//! (a NaN there does not propagate) — and the checks those ops share, in ATen's order.

use crate::util::dispatch::Arith;
use crate::util::scalar::scalar_overflows;
use etk_core::out::{check_dtype, resize_out};
use etk_core::{
    Compute, Element, Error, ErrorKind, Info, Result, Scalar, ScalarType, Tensor, bf16, f16,
};

/// A matrix inside a tensor's memory: element `(i, j)` lies `i * rs + j * cs` elements from
/// `ptr`. A stride of 0 repeats a row or column (broadcast).
#[derive(Clone, Copy, Debug)]
pub struct Strided {
    pub ptr: *const u8,
    pub rs: usize,
    pub cs: usize,
}

impl Strided {
    /// The matrix of `t` whose rows run along dim `row` and columns along dim `col`.
    pub fn matrix(t: &Tensor<'_>, row: usize, col: usize) -> Strided {
        Strided {
            ptr: t.as_ptr(),
            rs: t.strides()[row],
            cs: t.strides()[col],
        }
    }

    /// `t` (of rank at most 2) broadcast to a `[rows, cols]` matrix, as ATen's `expand`;
    /// `None` if it does not broadcast.
    pub fn expanded(t: &Tensor<'_>, rows: usize, cols: usize) -> Option<Strided> {
        let (sizes, strides) = (t.sizes(), t.strides());
        let dim = |d: usize, want: usize| -> Option<usize> {
            // (size, stride) of the tensor's dim aligned with out dim `d` of 2, or broadcast.
            let r = sizes.len();
            if d + r < 2 {
                return Some(0);
            }
            let td = d + r - 2;
            match sizes[td] {
                s if s == want => Some(if want == 1 { 0 } else { strides[td] }),
                1 => Some(0),
                _ => None,
            }
        };
        if sizes.len() > 2 {
            return None;
        }
        Some(Strided {
            ptr: t.as_ptr(),
            rs: dim(0, rows)?,
            cs: dim(1, cols)?,
        })
    }

    /// The same matrix `elems` elements of `esize` bytes further on (the next batch).
    pub fn advance(self, elems: usize, esize: usize) -> Strided {
        Strided {
            // SAFETY: callers advance only to batches that exist in the tensor.
            ptr: self.ptr.wrapping_add(elems * esize),
            ..self
        }
    }
}

/// One matrix product with its epilogue: `out = alpha * (a @ b) + beta * addend`.
#[derive(Clone, Copy, Debug)]
pub struct Product {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    /// `[m, k]`
    pub a: Strided,
    /// `[k, n]`
    pub b: Strided,
    pub alpha: Scalar,
    /// `([m, n], beta)`
    pub addend: Option<(Strided, Scalar)>,
}

/// Computes `p` into the `[m, n]` matrix at `out` with strides `(out_rs, out_cs)`, every
/// operand of dtype `dtype`. `alpha` and `beta` are converted to the type ATen computes in
/// (Float for Half/BFloat16/Float, Double, or the integer type itself) with ATen's overflow
/// check.
///
/// # Safety
/// Every element the strides reach must be readable (inputs) or writable (out) with that dtype,
/// and the out must not overlap an input.
pub unsafe fn matmul(
    op: &'static str,
    dtype: ScalarType,
    p: &Product,
    out: *mut u8,
    out_rs: usize,
    out_cs: usize,
) -> Result<()> {
    use ScalarType::*;
    // SAFETY: forwarded from the caller.
    unsafe {
        match dtype {
            Byte => run::<u8, i64>(op, dtype, p, out, out_rs, out_cs),
            Char => run::<i8, i64>(op, dtype, p, out, out_rs, out_cs),
            Short => run::<i16, i64>(op, dtype, p, out, out_rs, out_cs),
            Int => run::<i32, i64>(op, dtype, p, out, out_rs, out_cs),
            Long => run::<i64, i64>(op, dtype, p, out, out_rs, out_cs),
            Half => run::<f16, f32>(op, dtype, p, out, out_rs, out_cs),
            BFloat16 => run::<bf16, f32>(op, dtype, p, out, out_rs, out_cs),
            Float => run::<f32, f32>(op, dtype, p, out, out_rs, out_cs),
            Double => run::<f64, f64>(op, dtype, p, out, out_rs, out_cs),
            Bool => Err(Error::dtype(
                op,
                "self",
                "a numeric dtype (ATen has no Bool matmul)",
                dtype,
            )),
            _ => Err(Error::unsupported_dtype(op, "self", dtype)),
        }
    }
}

/// # Safety
/// As [`matmul`], with `E` the element type of every operand.
unsafe fn run<E: Element, C: Compute + Arith>(
    op: &'static str,
    dtype: ScalarType,
    p: &Product,
    out: *mut u8,
    out_rs: usize,
    out_cs: usize,
) -> Result<()> {
    let alpha: C = opmath_scalar(op, "alpha", &p.alpha, dtype)?;
    let addend = match p.addend {
        Some((d, beta)) => {
            let beta: C = opmath_scalar(op, "beta", &beta, dtype)?;
            (beta != C::default()).then_some((d, beta))
        }
        None => None,
    };
    // Nothing to write: a zero-element out may still have a huge dim (m or n), whose loop
    // alone would take minutes.
    if p.m == 0 || p.n == 0 {
        return Ok(());
    }
    let use_product = p.k > 0 && alpha != C::default();
    // SAFETY (all reads and writes below): the caller guarantees every `(i, j)` within
    // `[m, n]` (and `k` within `[0, k)`) addresses a valid element of each operand.
    let load = |m: Strided, i: usize, j: usize| -> C {
        C::load(unsafe { *(m.ptr as *const E).add(i * m.rs + j * m.cs) })
    };
    for i in 0..p.m {
        for j in 0..p.n {
            let mut v = C::default();
            if use_product {
                let mut acc = C::default();
                for kk in 0..p.k {
                    acc = acc.wrapping_add(load(p.a, i, kk).wrapping_mul(load(p.b, kk, j)));
                }
                v = alpha.wrapping_mul(acc);
            }
            if let Some((d, beta)) = addend {
                v = v.wrapping_add(beta.wrapping_mul(load(d, i, j)));
            }
            unsafe { *(out as *mut E).add(i * out_rs + j * out_cs) = v.store() };
        }
    }
    Ok(())
}

/// `s.to<opmath_t>()` as ATen's matmul kernels do it: Float for Half, BFloat16 and Float,
/// Double for Double, the integer type itself for integers (wrapping as C++ does), and an
/// error when the value overflows that type (c10's `checked_convert`).
pub fn opmath_scalar<C: Compute>(
    op: &'static str,
    arg: &'static str,
    s: &Scalar,
    dtype: ScalarType,
) -> Result<C> {
    use ScalarType::*;
    let opmath = match dtype {
        Half | BFloat16 | Float => Float,
        other => other,
    };
    if scalar_overflows(s, opmath) {
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(
                "a value that converts without overflow to",
                Info::Dtype(opmath),
            )
            .got(Info::Float(s.to_f64())));
    }
    Ok(s.cast_to::<C>(opmath))
}

pub fn check_rank(op: &'static str, arg: &'static str, t: &Tensor<'_>, rank: usize) -> Result<()> {
    if t.dim() != rank {
        let what = if rank == 2 {
            "a matrix (2-D tensor), rank"
        } else {
            "a batch of matrices (3-D tensor), rank"
        };
        return Err(Error::new(ErrorKind::InvalidArgument, op, arg)
            .expected(what, Info::Int(rank as i64))
            .got(Info::Int(t.dim() as i64)));
    }
    Ok(())
}

pub fn check_same_dtype(
    op: &'static str,
    arg: &'static str,
    first: &Tensor<'_>,
    t: &Tensor<'_>,
) -> Result<()> {
    if t.dtype() != first.dtype() {
        return Err(Error::new(ErrorKind::InvalidType, op, arg)
            .expected(
                "the same dtype as the other operand,",
                Info::Dtype(first.dtype()),
            )
            .got(Info::Dtype(t.dtype())));
    }
    Ok(())
}

/// `[M, K] @ [K, N]`: the inner sizes must agree.
pub fn check_inner(op: &'static str, a: &Tensor<'_>, b: &Tensor<'_>) -> Result<()> {
    let (ka, kb) = (a.size(a.dim() - 1), b.size(b.dim().saturating_sub(2)));
    if ka != kb {
        return Err(Error::new(ErrorKind::InvalidArgument, op, "mat2")
            .expected(
                "shapes that can be multiplied ([.., M, K] @ [.., K, N]); mat1",
                Info::Shape(a.shape()),
            )
            .got(Info::Shape(b.shape())));
    }
    Ok(())
}

/// `addmm` under the name `op` (`linear` reaches it for 2-D inputs with a bias).
pub fn addmm_impl(
    op: &'static str,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    beta: Scalar,
    alpha: Scalar,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let (m, n) = check_addmm(op, self_, mat1, mat2, out)?;
    let k = mat1.size(1);
    let d = Strided::expanded(self_, m, n).ok_or_else(|| expand_error(op, self_, m, n))?;
    let o = Strided::matrix(out, 0, 1);
    let out_ptr = out.as_mut_ptr(op, "out")?;
    let p = Product {
        m,
        n,
        k,
        a: Strided::matrix(mat1, 0, 1),
        b: Strided::matrix(mat2, 0, 1),
        alpha,
        addend: Some((d, beta)),
    };
    // SAFETY: operands' strides come from their views; `self` broadcasts to `[m, n]`; the out
    // was resized to `[m, n]`.
    unsafe { matmul(op, mat1.dtype(), &p, out_ptr, o.rs, o.cs) }
}

/// ATen's checks for `addmm` in its order, then the out's dtype and resize; `(M, N)`.
/// `self` broadcasting is checked by the caller (`Strided::expanded`).
pub fn check_addmm(
    op: &'static str,
    self_: &Tensor<'_>,
    mat1: &Tensor<'_>,
    mat2: &Tensor<'_>,
    out: &mut Tensor<'_>,
) -> Result<(usize, usize)> {
    check_rank(op, "mat1", mat1, 2)?;
    check_rank(op, "mat2", mat2, 2)?;
    check_inner(op, mat1, mat2)?;
    check_same_dtype(op, "self", mat2, self_)?;
    check_same_dtype(op, "mat1", mat2, mat1)?;
    check_dtype(op, "out", out, mat1.dtype())?;
    let (m, n) = (mat1.size(0), mat2.size(1));
    if Strided::expanded(self_, m, n).is_none() {
        return Err(expand_error(op, self_, m, n));
    }
    resize_out(op, out, &[m, n])?;
    Ok((m, n))
}

fn expand_error(op: &'static str, self_: &Tensor<'_>, m: usize, n: usize) -> Error {
    Error::new(ErrorKind::InvalidArgument, op, "self")
        .expected(
            "a shape that broadcasts to [M, N] =",
            Info::Shape(etk_core::Dims::new(&[m, n]).unwrap_or(etk_core::Dims::EMPTY)),
        )
        .got(Info::Shape(self_.shape()))
}
