//! The complex compute types: `Complex<f32>` (ComplexHalf, ComplexFloat) and `Complex<f64>`
//! (ComplexDouble), with the arithmetic of `c10::complex` and the load/store thunks between
//! them and every dtype.
//!
//! Conversions are C++'s `static_cast` as c10 defines it: a real value becomes `(x, 0)`, a
//! complex value stored into a real dtype keeps its real part, except into Bool, where it is
//! true when either part is non-zero. A complex element is two elements of its part dtype
//! (real first), aligned only to the part.

use crate::util::dispatch::{Access, Arith, Float};
use etk_core::element::{Element, LoadFn, StoreFn, loader, storer};
use etk_core::{Compute, ScalarType, f16};

/// A complex value. `PartialOrd` (lexicographic) only because `Compute` requires it: no kernel
/// orders complex values (the ordering ops reject complex dtypes, as ATen).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Complex<T> {
    pub re: T,
    pub im: T,
}

impl<T: Float> Complex<T> {
    pub fn new(re: T, im: T) -> Self {
        Complex { re, im }
    }
    /// `self / n` part by part, as ATen's mean divides a complex sum by its count.
    pub fn div_real(self, n: T) -> Self {
        Complex::new(self.re / n, self.im / n)
    }
    pub fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
}

impl<T: Float> core::ops::Add for Complex<T> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        Complex::new(self.re + o.re, self.im + o.im)
    }
}
impl<T: Float> core::ops::Sub for Complex<T> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        Complex::new(self.re - o.re, self.im - o.im)
    }
}
impl<T: Float> core::ops::Mul for Complex<T> {
    type Output = Self;
    /// c10's `operator*`: `(ac - bd) + (ad + bc)i`, no special handling of infinities.
    fn mul(self, o: Self) -> Self {
        Complex::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
}
impl<T: Float> core::ops::AddAssign for Complex<T> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

macro_rules! complex_compute {
    ($t:ty, $dt:ident) => {
        impl Compute for Complex<$t> {
            const DTYPE: ScalarType = ScalarType::$dt;
            #[inline(always)]
            fn load<E: Element>(e: E) -> Self {
                Complex::new(<$t>::load(e), 0.0)
            }
            #[inline(always)]
            fn store<E: Element>(self) -> E {
                if E::DTYPE == ScalarType::Bool {
                    return E::from_bool(self.re != 0.0 || self.im != 0.0);
                }
                self.re.store()
            }
        }
        impl Arith for Complex<$t> {
            fn wrapping_add(self, o: Self) -> Self {
                self + o
            }
            fn wrapping_sub(self, o: Self) -> Self {
                self - o
            }
            fn wrapping_mul(self, o: Self) -> Self {
                self * o
            }
        }
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
complex_compute!(f32, ComplexFloat);
complex_compute!(f64, ComplexDouble);

/// Reads complex elements of part type `E`, `stride` complex elements apart.
unsafe fn load_pairs<E: Element, T: Compute>(
    src: *const u8,
    stride: isize,
    dst: &mut [Complex<T>],
) {
    let p = src as *const E;
    for (i, d) in dst.iter_mut().enumerate() {
        // SAFETY: the caller guarantees complex element `i * stride` is readable: its two parts
        // are consecutive `E`s, aligned for `E`.
        unsafe {
            let q = p.offset(2 * i as isize * stride);
            *d = Complex {
                re: T::load(*q),
                im: T::load(*q.add(1)),
            };
        }
    }
}

/// Writes complex elements of part type `E`, `stride` complex elements apart.
unsafe fn store_pairs<E: Element, T: Compute>(dst: *mut u8, stride: isize, src: &[Complex<T>]) {
    let p = dst as *mut E;
    for (i, c) in src.iter().enumerate() {
        // SAFETY: as in `load_pairs`, for a writable element.
        unsafe {
            let q = p.offset(2 * i as isize * stride);
            *q = c.re.store();
            *q.add(1) = c.im.store();
        }
    }
}

/// The loader of a complex dtype's elements as truth values (either part non-zero), `None`
/// for real dtypes.
pub fn truth_loader(dt: ScalarType) -> Option<LoadFn<bool>> {
    unsafe fn truth<E: Element>(src: *const u8, stride: isize, dst: &mut [bool]) {
        let p = src as *const E;
        for (i, d) in dst.iter_mut().enumerate() {
            // SAFETY: as in `load_pairs`.
            unsafe {
                let q = p.offset(2 * i as isize * stride);
                *d = (*q).to_bool() || (*q.add(1)).to_bool();
            }
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(truth::<f16>),
        ScalarType::ComplexFloat => Some(truth::<f32>),
        ScalarType::ComplexDouble => Some(truth::<f64>),
        _ => None,
    }
}

/// The loader of a complex dtype's elements into a real compute type (their real part, as
/// `static_cast` from c10::complex), `None` for real dtypes.
pub fn real_loader<C: Compute>(dt: ScalarType) -> Option<LoadFn<C>> {
    unsafe fn re<E: Element, C: Compute>(src: *const u8, stride: isize, dst: &mut [C]) {
        let p = src as *const E;
        for (i, d) in dst.iter_mut().enumerate() {
            // SAFETY: as in `load_pairs`.
            *d = C::load(unsafe { *p.offset(2 * i as isize * stride) });
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(re::<f16, C>),
        ScalarType::ComplexFloat => Some(re::<f32, C>),
        ScalarType::ComplexDouble => Some(re::<f64, C>),
        _ => None,
    }
}

/// The storer of a real compute type into a complex dtype (`(x, 0)`), `None` for real dtypes.
pub fn real_storer<C: Compute>(dt: ScalarType) -> Option<StoreFn<C>> {
    unsafe fn st<E: Element, C: Compute>(dst: *mut u8, stride: isize, src: &[C]) {
        let p = dst as *mut E;
        for (i, c) in src.iter().enumerate() {
            // SAFETY: as in `store_pairs`.
            unsafe {
                let q = p.offset(2 * i as isize * stride);
                *q = c.store();
                *q.add(1) = E::default();
            }
        }
    }
    match dt {
        ScalarType::ComplexHalf => Some(st::<f16, C>),
        ScalarType::ComplexFloat => Some(st::<f32, C>),
        ScalarType::ComplexDouble => Some(st::<f64, C>),
        _ => None,
    }
}

/// The error of an op ATen defines for real dtypes only (ordering, ranges): `Err` for a
/// complex `dt`.
pub fn reject_complex(op: &'static str, arg: &'static str, dt: ScalarType) -> etk_core::Result<()> {
    if dt.is_complex() {
        return Err(etk_core::Error::dtype(
            op,
            arg,
            "a real dtype (ATen has no complex kernel for this op)",
            dt,
        ));
    }
    Ok(())
}

/// `out[p] = f(a[p], b[p], c[p])` over the out's shape (already the broadcast of the inputs'),
/// each operand loaded or stored through [`Access`] in its compute type: the elementwise path
/// for complex dtypes, which `etk_core::iter`'s maps (real compute types only) do not reach.
pub fn map3<A: Access, B: Access, D: Access, O: Access>(
    op: &'static str,
    out: &mut etk_core::Tensor<'_>,
    ins: [(&'static str, &etk_core::Tensor<'_>); 3],
    f: impl Fn(A, B, D) -> O,
) -> etk_core::Result<()> {
    use crate::util::index::{expand_strides, strides_of, walk};
    let bad = |(name, t): (&'static str, &etk_core::Tensor<'_>)| {
        etk_core::Error::unsupported_dtype(op, name, t.dtype())
    };
    let la = A::loader(ins[0].1.dtype()).ok_or_else(|| bad(ins[0]))?;
    let lb = B::loader(ins[1].1.dtype()).ok_or_else(|| bad(ins[1]))?;
    let ld = D::loader(ins[2].1.dtype()).ok_or_else(|| bad(ins[2]))?;
    let st =
        O::storer(out.dtype()).ok_or(etk_core::Error::unsupported_dtype(op, "out", out.dtype()))?;
    let mut sizes = [0usize; etk_core::MAX_DIM];
    let rank = out.dim();
    sizes[..rank].copy_from_slice(out.sizes());
    let shape = &sizes[..rank];
    let strides = [
        strides_of(out),
        expand_strides(ins[0].1, shape),
        expand_strides(ins[1].1, shape),
        expand_strides(ins[2].1, shape),
    ];
    let es = [
        out.element_size(),
        ins[0].1.element_size(),
        ins[1].1.element_size(),
        ins[2].1.element_size(),
    ];
    let ptrs = [ins[0].1.as_ptr(), ins[1].1.as_ptr(), ins[2].1.as_ptr()];
    let dst = out.as_mut_ptr(op, "out")?;
    walk(shape, &strides, 4, |o| {
        let (mut a, mut b, mut d) = ([A::default()], [B::default()], [D::default()]);
        // SAFETY: the offsets are positions of each tensor's own shape (broadcast dims have
        // stride 0), so every element read or written lies inside its tensor.
        unsafe {
            la(ptrs[0].add(o[1] * es[1]), 1, &mut a);
            lb(ptrs[1].add(o[2] * es[2]), 1, &mut b);
            ld(ptrs[2].add(o[3] * es[3]), 1, &mut d);
            st(dst.add(o[0] * es[0]), 1, &[f(a[0], b[0], d[0])]);
        }
    });
    Ok(())
}
