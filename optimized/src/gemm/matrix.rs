//! The GEMM's operands: element types, strided matrix views checked on construction, and the
//! fused epilogue (alpha, beta times an addend, bias, activation).

use super::OP;
use super::kernel::MatPtr;
use core::marker::PhantomData;
use etk_core::{Error, ErrorKind, Info, Result, ScalarType};

/// An element type the GEMM reads and writes (it accumulates in f32).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dt {
    F32,
    F16,
    Bf16,
}

impl Dt {
    /// Bytes per element.
    pub const fn size(self) -> usize {
        match self {
            Dt::F32 => 4,
            Dt::F16 | Dt::Bf16 => 2,
        }
    }

    /// The GEMM element type of a dtype, if it has one.
    pub fn of(t: ScalarType) -> Option<Dt> {
        match t {
            ScalarType::Float => Some(Dt::F32),
            ScalarType::Half => Some(Dt::F16),
            ScalarType::BFloat16 => Some(Dt::Bf16),
            _ => None,
        }
    }
}

/// Rust element types of [`Dt`].
pub trait GemmElem: Copy + sealed::Sealed {
    const DT: Dt;
}
mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for half::f16 {}
    impl Sealed for half::bf16 {}
}
impl GemmElem for f32 {
    const DT: Dt = Dt::F32;
}
impl GemmElem for half::f16 {
    const DT: Dt = Dt::F16;
}
impl GemmElem for half::bf16 {
    const DT: Dt = Dt::Bf16;
}

pub(super) fn bad(arg: &'static str, what: &'static str) -> Error {
    Error::invalid(OP, arg, what)
}

/// The largest and smallest element offsets a strided `rows x cols` view reaches.
fn span(rows: usize, cols: usize, rs: isize, cs: isize) -> Option<(isize, isize)> {
    if rows == 0 || cols == 0 {
        return Some((0, 0));
    }
    let r = (rows as isize - 1).checked_mul(rs)?;
    let c = (cols as isize - 1).checked_mul(cs)?;
    let lo = r.min(0).checked_add(c.min(0))?;
    let hi = r.max(0).checked_add(c.max(0))?;
    Some((lo, hi))
}

/// A read-only strided matrix: element `(i, j)` at `i * rs + j * cs` elements from its origin.
/// Strides may be negative or zero (a zero stride repeats a row or column).
#[derive(Clone, Copy, Debug)]
pub struct MatRef<'a> {
    pub(super) ptr: *const u8,
    pub(super) dt: Dt,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) rs: isize,
    pub(super) cs: isize,
    _life: PhantomData<&'a [u8]>,
}

// SAFETY: a read-only view, like `&[T]`.
unsafe impl Send for MatRef<'_> {}
unsafe impl Sync for MatRef<'_> {}

impl<'a> MatRef<'a> {
    /// A view of `data` whose origin is `data[0]`; every element must lie inside `data`.
    pub fn new<T: GemmElem>(
        data: &'a [T],
        rows: usize,
        cols: usize,
        rs: isize,
        cs: isize,
    ) -> Result<MatRef<'a>> {
        let (lo, hi) = span(rows, cols, rs, cs).ok_or(bad("strides", "strides that fit"))?;
        if rows > 0 && cols > 0 && (lo < 0 || hi as usize >= data.len()) {
            return Err(Error::new(ErrorKind::InvalidArgument, OP, "data")
                .expected(
                    "at least this many elements:",
                    Info::Int(hi.saturating_add(1) as i64),
                )
                .got(Info::Int(data.len() as i64)));
        }
        Ok(MatRef {
            ptr: data.as_ptr() as *const u8,
            dt: T::DT,
            rows,
            cols,
            rs,
            cs,
            _life: PhantomData,
        })
    }

    /// A contiguous row-major `rows x cols` matrix.
    pub fn row_major<T: GemmElem>(data: &'a [T], rows: usize, cols: usize) -> Result<Self> {
        Self::new(data, rows, cols, cols as isize, 1)
    }

    /// A contiguous column-major `rows x cols` matrix.
    pub fn col_major<T: GemmElem>(data: &'a [T], rows: usize, cols: usize) -> Result<Self> {
        Self::new(data, rows, cols, 1, rows as isize)
    }

    /// A view over raw memory.
    ///
    /// # Safety
    /// Every element `(i, j)` for `i < rows`, `j < cols` must be a readable `dt` element for
    /// `'a`, not written by anyone while the view is used.
    pub unsafe fn from_raw(
        ptr: *const u8,
        dt: Dt,
        rows: usize,
        cols: usize,
        rs: isize,
        cs: isize,
    ) -> MatRef<'a> {
        MatRef {
            ptr,
            dt,
            rows,
            cols,
            rs,
            cs,
            _life: PhantomData,
        }
    }

    /// The same view moved by `elements` elements (a batch of a batched operand).
    ///
    /// # Safety
    /// The moved view's elements must be readable as [`MatRef::from_raw`] requires.
    pub unsafe fn offset(self, elements: usize) -> MatRef<'a> {
        MatRef {
            ptr: self.ptr.wrapping_add(elements * self.dt.size()),
            ..self
        }
    }

    /// The transpose (same memory).
    pub fn t(self) -> MatRef<'a> {
        MatRef {
            rows: self.cols,
            cols: self.rows,
            rs: self.cs,
            cs: self.rs,
            ..self
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }
    pub fn dt(&self) -> Dt {
        self.dt
    }

    pub(super) fn ptr(&self) -> MatPtr {
        MatPtr {
            ptr: self.ptr,
            dt: self.dt,
            rs: self.rs,
            cs: self.cs,
        }
    }
}

/// A writable strided matrix (strides must not make two elements coincide).
#[derive(Debug)]
pub struct MatMut<'a> {
    pub(super) ptr: *mut u8,
    pub(super) dt: Dt,
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) rs: isize,
    pub(super) cs: isize,
    _life: PhantomData<&'a mut [u8]>,
}

impl<'a> MatMut<'a> {
    /// A view of `data` whose origin is `data[0]`; every element must lie inside `data`, and
    /// no two elements may share memory.
    pub fn new<T: GemmElem>(
        data: &'a mut [T],
        rows: usize,
        cols: usize,
        rs: isize,
        cs: isize,
    ) -> Result<MatMut<'a>> {
        let r = MatRef::new(data, rows, cols, rs, cs)?;
        // distinct elements: along the smaller |stride| the whole extent must fit under the
        // larger one.
        let (small, big, n_small, n_big) = if rs.unsigned_abs() <= cs.unsigned_abs() {
            (rs, cs, rows, cols)
        } else {
            (cs, rs, cols, rows)
        };
        let empty = rows == 0 || cols == 0;
        if !empty
            && (n_small > 1 && n_big > 1 && small.unsigned_abs() * n_small > big.unsigned_abs()
                || (n_small > 1 && small == 0)
                || (n_big > 1 && big == 0))
        {
            return Err(bad("strides", "strides that give distinct elements"));
        }
        Ok(MatMut {
            ptr: r.ptr as *mut u8,
            dt: r.dt,
            rows,
            cols,
            rs,
            cs,
            _life: PhantomData,
        })
    }

    pub fn row_major<T: GemmElem>(data: &'a mut [T], rows: usize, cols: usize) -> Result<Self> {
        Self::new(data, rows, cols, cols as isize, 1)
    }

    pub fn col_major<T: GemmElem>(data: &'a mut [T], rows: usize, cols: usize) -> Result<Self> {
        Self::new(data, rows, cols, 1, rows as isize)
    }

    /// A view over raw memory.
    ///
    /// # Safety
    /// Every element must be a writable `dt` element for `'a`, distinct, and accessed by no
    /// one else while the view is used.
    pub unsafe fn from_raw(
        ptr: *mut u8,
        dt: Dt,
        rows: usize,
        cols: usize,
        rs: isize,
        cs: isize,
    ) -> MatMut<'a> {
        MatMut {
            ptr,
            dt,
            rows,
            cols,
            rs,
            cs,
            _life: PhantomData,
        }
    }

    pub fn rows(&self) -> usize {
        self.rows
    }
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The same view moved by `elements` elements (a batch of a batched out).
    ///
    /// # Safety
    /// The moved view's elements must be writable as [`MatMut::from_raw`] requires.
    pub unsafe fn offset(self, elements: usize) -> MatMut<'a> {
        MatMut {
            ptr: self.ptr.wrapping_add(elements * self.dt.size()),
            ..self
        }
    }

    pub(super) fn ptr(&self) -> MatPtr {
        MatPtr {
            ptr: self.ptr,
            dt: self.dt,
            rs: self.rs,
            cs: self.cs,
        }
    }
}

/// A bias added after `alpha * A @ B + beta * D`: one value per row of the out (`PerRow`,
/// length M) or per column (`PerCol`, length N), as a `len x 1` [`MatRef`].
#[derive(Clone, Copy, Debug, Default)]
pub enum Bias<'a> {
    #[default]
    None,
    PerRow(MatRef<'a>),
    PerCol(MatRef<'a>),
}

impl<'a> Bias<'a> {
    /// A contiguous bias vector.
    pub fn per_col<T: GemmElem>(v: &'a [T]) -> Result<Bias<'a>> {
        Ok(Bias::PerCol(MatRef::new(v, v.len(), 1, 1, 1)?))
    }
    pub fn per_row<T: GemmElem>(v: &'a [T]) -> Result<Bias<'a>> {
        Ok(Bias::PerRow(MatRef::new(v, v.len(), 1, 1, 1)?))
    }
}

/// The activation applied last. `Relu` and `Clamp` keep NaN.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Activation {
    #[default]
    None,
    Relu,
    Clamp {
        min: f32,
        max: f32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Act {
    None,
    Relu,
    Clamp(f32, f32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BiasKind {
    None,
    Row,
    Col,
}

/// What happens to `A @ B` before it is stored: `act(alpha * A @ B + beta * D + bias)`.
#[derive(Clone, Copy, Debug)]
pub struct Epilogue<'a> {
    pub alpha: f32,
    pub beta: f32,
    /// `D`, `M x N` (zero strides broadcast); `None` means the out's own contents.
    pub addend: Option<MatRef<'a>>,
    pub bias: Bias<'a>,
    pub act: Activation,
}

impl Default for Epilogue<'_> {
    fn default() -> Self {
        Epilogue {
            alpha: 1.0,
            beta: 0.0,
            addend: None,
            bias: Bias::None,
            act: Activation::None,
        }
    }
}

/// A batch of matrices: matrix `t` of the operand starts `t * stride` elements after the
/// first one.
#[derive(Clone, Copy, Debug, Default)]
pub struct BatchStrides {
    pub a: isize,
    pub b: isize,
    pub c: isize,
    pub addend: isize,
}
