//! How a compute type reaches the elements of every dtype, complex ones included ([`Access`]:
//! the element thunks of `etk_core` for real dtypes, pairs of parts for complex ones, with
//! c10's casts between the two), and the elementwise maps for kernels whose operands may be
//! complex ([`map1`], [`map2`], [`map3`]), walking on `etk_core::iter`'s [`Plan`] as the real
//! maps do.

use crate::util::complex::{
    Complex, load_pairs, real_loader, real_storer, store_pairs, truth_loader,
};
use etk_core::element::{LoadFn, StoreFn, loader, storer};
use etk_core::iter::Plan;
use etk_core::{Error, Result, ScalarType, Tensor, f16};

/// The load/store thunks of a compute type for every dtype it reaches: the element ones for
/// the real compute types, pairs of parts for complex dtypes (`util::complex`).
pub trait Access: etk_core::Compute {
    fn loader(dt: ScalarType) -> Option<LoadFn<Self>>;
    fn storer(dt: ScalarType) -> Option<StoreFn<Self>>;
}
macro_rules! real_access {
    ($($t:ty),*) => {$(
        impl Access for $t {
            /// A complex element loads as its real part and stores as `(x, 0)` (c10's casts).
            fn loader(dt: ScalarType) -> Option<LoadFn<Self>> {
                loader::<Self>(dt).or_else(|| real_loader(dt))
            }
            fn storer(dt: ScalarType) -> Option<StoreFn<Self>> {
                storer::<Self>(dt).or_else(|| real_storer(dt))
            }
        }
    )*};
}
real_access!(i64, f32, f64);
impl Access for bool {
    /// A complex element is true when either part is non-zero (c10's `static_cast<bool>`).
    fn loader(dt: ScalarType) -> Option<LoadFn<Self>> {
        truth_loader(dt).or_else(|| loader::<Self>(dt))
    }
    fn storer(dt: ScalarType) -> Option<StoreFn<Self>> {
        storer::<Self>(dt).or_else(|| real_storer(dt))
    }
}

macro_rules! complex_access {
    ($t:ty) => {
        impl Access for Complex<$t> {
            fn loader(dt: ScalarType) -> Option<LoadFn<Self>> {
                match dt {
                    ScalarType::ComplexHalf => Some(load_pairs::<f16, $t>),
                    ScalarType::ComplexFloat => Some(load_pairs::<f32, $t>),
                    ScalarType::ComplexDouble => Some(load_pairs::<f64, $t>),
                    _ => loader::<Self>(dt),
                }
            }
            fn storer(dt: ScalarType) -> Option<StoreFn<Self>> {
                match dt {
                    ScalarType::ComplexHalf => Some(store_pairs::<f16, $t>),
                    ScalarType::ComplexFloat => Some(store_pairs::<f32, $t>),
                    ScalarType::ComplexDouble => Some(store_pairs::<f64, $t>),
                    _ => storer::<Self>(dt),
                }
            }
        }
    };
}
complex_access!(f32);
complex_access!(f64);

/// Elements converted per chunk of a run (a few KiB of stack per operand for complex doubles).
const CHUNK: usize = 64;

/// An operand of a map: its elements read through the thunk of its dtype.
struct Operand<A> {
    ptr: *const u8,
    esize: isize,
    load: LoadFn<A>,
}

impl<A: Access> Operand<A> {
    fn new(op: &'static str, (name, t): (&'static str, &Tensor<'_>)) -> Result<Self> {
        Ok(Operand {
            ptr: t.as_ptr(),
            esize: t.element_size() as isize,
            load: A::loader(t.dtype()).ok_or(Error::unsupported_dtype(op, name, t.dtype()))?,
        })
    }

    /// `dst.len()` elements from element `offset` on, `stride` apart.
    ///
    /// # Safety
    /// A run of the plan the operand was walked with.
    #[inline(always)]
    unsafe fn load(&self, offset: isize, stride: isize, dst: &mut [A]) {
        unsafe { (self.load)(self.ptr.offset(offset * self.esize), stride, dst) }
    }
}

/// `out[p]` for every element of `plan`'s runs, a chunk at a time: `chunk(offsets, strides,
/// start, out)` computes elements `start..start + out.len()` of a run (offsets and strides in
/// elements, the out's first), then they are stored.
fn map_chunks<O: Access>(
    op: &'static str,
    out: &mut Tensor<'_>,
    plan: &Plan,
    mut chunk: impl FnMut(&[isize; 4], &[isize; 4], isize, &mut [O]),
) -> Result<()> {
    let dtype = out.dtype();
    let store: StoreFn<O> = O::storer(dtype).ok_or(Error::unsupported_dtype(op, "out", dtype))?;
    let esize = out.element_size() as isize;
    let dst = out.as_mut_ptr(op, "out")?;
    let mut buf = [O::default(); CHUNK];
    plan.for_each_run(|off, st, len| {
        let mut start = 0;
        while start < len {
            let n = (len - start).min(CHUNK);
            let s = start as isize;
            chunk(off, st, s, &mut buf[..n]);
            // SAFETY: the plan yields offsets within the out's elements.
            unsafe { store(dst.offset((off[0] + st[0] * s) * esize), st[0], &buf[..n]) };
            start += n;
        }
    });
    Ok(())
}

/// `out[p] = f(a[p])`, each operand loaded or stored through [`Access`] in its compute type:
/// the elementwise path for complex dtypes, which `etk_core::iter`'s maps (real compute types
/// only) do not reach.
pub fn map1<A: Access, O: Access>(
    op: &'static str,
    out: &mut Tensor<'_>,
    a: (&'static str, &Tensor<'_>),
    f: impl Fn(A) -> O,
) -> Result<()> {
    let plan = Plan::new(op, out, &[a])?;
    let ia = Operand::<A>::new(op, a)?;
    let mut ba = [A::default(); CHUNK];
    map_chunks(op, out, &plan, |off, st, s, o| {
        let a = &mut ba[..o.len()];
        // SAFETY: a run of the plan `ia` is walked with.
        unsafe { ia.load(off[1] + st[1] * s, st[1], a) };
        for (o, &a) in o.iter_mut().zip(a.iter()) {
            *o = f(a);
        }
    })
}

/// `out[p] = f(a[p], b[p])`, broadcast; see [`map1`].
pub fn map2<A: Access, B: Access, O: Access>(
    op: &'static str,
    out: &mut Tensor<'_>,
    ins: [(&'static str, &Tensor<'_>); 2],
    f: impl Fn(A, B) -> O,
) -> Result<()> {
    let plan = Plan::new(op, out, &ins)?;
    let (ia, ib) = (
        Operand::<A>::new(op, ins[0])?,
        Operand::<B>::new(op, ins[1])?,
    );
    let (mut ba, mut bb) = ([A::default(); CHUNK], [B::default(); CHUNK]);
    map_chunks(op, out, &plan, |off, st, s, o| {
        let (a, b) = (&mut ba[..o.len()], &mut bb[..o.len()]);
        // SAFETY: runs of the plan the operands are walked with.
        unsafe {
            ia.load(off[1] + st[1] * s, st[1], a);
            ib.load(off[2] + st[2] * s, st[2], b);
        }
        for ((o, &a), &b) in o.iter_mut().zip(a.iter()).zip(b.iter()) {
            *o = f(a, b);
        }
    })
}

/// `out[p] = f(a[p], b[p], c[p])`, broadcast; see [`map1`].
pub fn map3<A: Access, B: Access, D: Access, O: Access>(
    op: &'static str,
    out: &mut Tensor<'_>,
    ins: [(&'static str, &Tensor<'_>); 3],
    f: impl Fn(A, B, D) -> O,
) -> Result<()> {
    let plan = Plan::new(op, out, &ins)?;
    let (ia, ib) = (
        Operand::<A>::new(op, ins[0])?,
        Operand::<B>::new(op, ins[1])?,
    );
    let id = Operand::<D>::new(op, ins[2])?;
    let (mut ba, mut bb, mut bd) = (
        [A::default(); CHUNK],
        [B::default(); CHUNK],
        [D::default(); CHUNK],
    );
    map_chunks(op, out, &plan, |off, st, s, o| {
        let n = o.len();
        let (a, b, d) = (&mut ba[..n], &mut bb[..n], &mut bd[..n]);
        // SAFETY: runs of the plan the operands are walked with.
        unsafe {
            ia.load(off[1] + st[1] * s, st[1], a);
            ib.load(off[2] + st[2] * s, st[2], b);
            id.load(off[3] + st[3] * s, st[3], d);
        }
        for (k, o) in o.iter_mut().enumerate() {
            *o = f(a[k], b[k], d[k]);
        }
    })
}
