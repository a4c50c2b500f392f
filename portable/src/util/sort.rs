//! Sorting along a dim, shared by `sort` and `topk`: each row is loaded into scratch memory as
//! (key, original index) pairs in the compute type, sorted by a stable bottom-up merge sort
//! (insertion-sorted runs of 16 first) that ping-pongs between two scratch buffers, and its
//! first `k` entries are stored into the outs. NaN sorts as the largest value; equal keys
//! (`-0.0` and `0.0` included) keep their original order. The barebones unsigned dtypes
//! (UInt16/32/64), which have no compute type of their own, sort as `i64` keys through an
//! order-preserving map (UInt64 with its top bit flipped) and are mapped back on store.

use crate::util::index::{strides_of, walk};
use etk_core::context::bytemuck_like::Zeroable;
use etk_core::element::{LoadFn, StoreFn, loader, storer};
use etk_core::shape::MAX_DIM;
use etk_core::{Compute, Error, Result, ScalarType, Scratch, Tensor};

/// A compute type rows are sorted in.
pub trait SortKey: Compute + Zeroable {
    fn is_nan(self) -> bool;
    /// How `dt` elements load as keys and store back, if this key type holds them.
    fn key_fns(dt: ScalarType) -> Option<(LoadFn<Self>, StoreFn<Self>)> {
        Some((loader::<Self>(dt)?, storer::<Self>(dt)?))
    }
}
impl SortKey for i64 {
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
    fn key_fns(dt: ScalarType) -> Option<(LoadFn<i64>, StoreFn<i64>)> {
        match dt {
            ScalarType::UInt16 => Some((load_unsigned::<u16>, store_unsigned::<u16>)),
            ScalarType::UInt32 => Some((load_unsigned::<u32>, store_unsigned::<u32>)),
            ScalarType::UInt64 => Some((load_unsigned::<u64>, store_unsigned::<u64>)),
            _ => Some((loader::<i64>(dt)?, storer::<i64>(dt)?)),
        }
    }
}

/// An unsigned element type and its order-preserving map into `i64`.
trait Unsigned: Copy {
    fn key(self) -> i64;
    fn from_key(k: i64) -> Self;
}
macro_rules! unsigned_key {
    ($($t:ty),*) => {$(
        impl Unsigned for $t {
            #[inline(always)]
            fn key(self) -> i64 {
                i64::from(self)
            }
            #[inline(always)]
            fn from_key(k: i64) -> Self {
                k as $t
            }
        }
    )*};
}
unsigned_key!(u16, u32);
impl Unsigned for u64 {
    // Flipping the top bit maps 0..2^64 onto i64::MIN..=i64::MAX in order.
    #[inline(always)]
    fn key(self) -> i64 {
        (self ^ (1 << 63)) as i64
    }
    #[inline(always)]
    fn from_key(k: i64) -> Self {
        (k as u64) ^ (1 << 63)
    }
}

/// # Safety
/// As [`LoadFn`]: `dst.len()` elements `stride` apart from `src` are readable `U`s.
unsafe fn load_unsigned<U: Unsigned>(src: *const u8, stride: isize, dst: &mut [i64]) {
    let p = src as *const U;
    for (i, d) in dst.iter_mut().enumerate() {
        // SAFETY: the caller guarantees element `i * stride` is readable.
        *d = unsafe { p.offset(i as isize * stride).read() }.key();
    }
}

/// # Safety
/// As [`StoreFn`]: `src.len()` elements `stride` apart from `dst` are writable `U`s.
unsafe fn store_unsigned<U: Unsigned>(dst: *mut u8, stride: isize, src: &[i64]) {
    let p = dst as *mut U;
    for (i, &k) in src.iter().enumerate() {
        // SAFETY: the caller guarantees element `i * stride` is writable.
        unsafe { p.offset(i as isize * stride).write(U::from_key(k)) };
    }
}
impl SortKey for f32 {
    #[inline(always)]
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
}
impl SortKey for f64 {
    #[inline(always)]
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
}

/// Whether `a` goes strictly before `b`: ascending with NaN last, or descending with NaN
/// first.
#[inline(always)]
fn before<C: SortKey>(a: C, b: C, descending: bool) -> bool {
    if descending {
        (a.is_nan() && !b.is_nan()) || a > b
    } else {
        (!a.is_nan() && b.is_nan()) || a < b
    }
}

const RUN: usize = 16;

/// Sorts `keys` (with `idx` alongside) stably; `tk`/`ti` are scratch of the same length.
/// The result may end in either buffer: returns true when it is in `tk`/`ti`.
fn merge_sort<C: SortKey>(
    keys: &mut [C],
    idx: &mut [i64],
    tk: &mut [C],
    ti: &mut [i64],
    descending: bool,
) -> bool {
    let n = keys.len();
    for start in (0..n).step_by(RUN) {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let (k, x) = (keys[i], idx[i]);
            let mut j = i;
            while j > start && before(k, keys[j - 1], descending) {
                keys[j] = keys[j - 1];
                idx[j] = idx[j - 1];
                j -= 1;
            }
            keys[j] = k;
            idx[j] = x;
        }
    }
    let mut width = RUN;
    let mut in_tmp = false;
    while width < n {
        {
            let (sk, si, dk, di): (&[C], &[i64], &mut [C], &mut [i64]) = if in_tmp {
                (tk, ti, keys, idx)
            } else {
                (keys, idx, tk, ti)
            };
            let mut lo = 0;
            while lo < n {
                let mid = (lo + width).min(n);
                let hi = (lo + 2 * width).min(n);
                let (mut a, mut b, mut o) = (lo, mid, lo);
                while a < mid && b < hi {
                    // take the right element only when it goes strictly before: stable.
                    if before(sk[b], sk[a], descending) {
                        dk[o] = sk[b];
                        di[o] = si[b];
                        b += 1;
                    } else {
                        dk[o] = sk[a];
                        di[o] = si[a];
                        a += 1;
                    }
                    o += 1;
                }
                let (ra, rb) = (mid - a, hi - b);
                dk[o..o + ra].copy_from_slice(&sk[a..mid]);
                di[o..o + ra].copy_from_slice(&si[a..mid]);
                o += ra;
                dk[o..o + rb].copy_from_slice(&sk[b..hi]);
                di[o..o + rb].copy_from_slice(&si[b..hi]);
                lo = hi;
            }
        }
        in_tmp = !in_tmp;
        width *= 2;
    }
    in_tmp
}

/// Sorts every row of `self_` along `dim` (already wrapped; a zero-dim `self` is one row of
/// one) and writes the first `k` of each into `values` and `indices` (already shaped, with
/// `dim` of size `k`). Rows live in `scratch`.
#[allow(clippy::too_many_arguments)]
pub fn sort_rows<C: SortKey>(
    op: &'static str,
    scratch: &Scratch<'_>,
    self_: &Tensor<'_>,
    dim: usize,
    descending: bool,
    k: usize,
    values: &mut Tensor<'_>,
    indices: &mut Tensor<'_>,
) -> Result<()> {
    let dt = self_.dtype();
    let (load, store) = C::key_fns(dt).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let store_i =
        storer::<i64>(ScalarType::Long).ok_or(Error::unsupported_dtype(op, "indices", dt))?;
    let (vp, ip) = (
        values.as_mut_ptr(op, "values")?,
        indices.as_mut_ptr(op, "indices")?,
    );
    let zero_dim = self_.dim() == 0;
    let n = if zero_dim { 1 } else { self_.size(dim) };
    if values.numel() == 0 || n == 0 {
        return Ok(());
    }
    let keys = scratch.alloc::<C>(op, n)?;
    let idx = scratch.alloc::<i64>(op, n)?;
    let (tk, ti) = if n > RUN {
        (scratch.alloc::<C>(op, n)?, scratch.alloc::<i64>(op, n)?)
    } else {
        (&mut [][..], &mut [][..])
    };
    let (ss, vs, is) = (strides_of(self_), strides_of(values), strides_of(indices));
    let step = |s: &[usize; MAX_DIM]| if zero_dim { 0 } else { s[dim] as isize };
    let (s_step, v_step, i_step) = (step(&ss), step(&vs), step(&is));
    let mut outer = self_.shape();
    if !zero_dim {
        outer.as_mut_slice()[dim] = 1;
    }
    let (se, ve) = (self_.element_size(), values.element_size());
    let src = self_.as_ptr();
    walk(&outer, &[ss, vs, is], 3, |o| {
        // SAFETY: each row is `n` elements `s_step` apart from an offset within self; the outs
        // hold `k <= n` elements along the dim from their offsets.
        unsafe { load(src.add(o[0] * se), s_step, keys) };
        for (i, x) in idx.iter_mut().enumerate() {
            *x = i as i64;
        }
        let in_tmp = merge_sort(keys, idx, tk, ti, descending);
        let (rk, ri): (&[C], &[i64]) = if in_tmp { (tk, ti) } else { (keys, idx) };
        unsafe {
            store(vp.add(o[1] * ve), v_step, &rk[..k]);
            store_i(ip.add(o[2] * 8), i_step, &ri[..k]);
        }
    });
    Ok(())
}

/// Resizes the `indices` out (named so in errors).
pub fn resize_indices(op: &'static str, indices: &mut Tensor<'_>, sizes: &[usize]) -> Result<()> {
    indices.resize(op, "indices", sizes)
}
