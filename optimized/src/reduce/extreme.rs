//! `amax`, `amin`, `argmax` and `argmin` of Float, Half and BFloat16 in f32 lanes, exactly as
//! portable: NaN wins (the first NaN met, bits and index), and among equal values the first
//! by index (which tells `-0.0` from `0.0`).
//!
//! The vector folds take a later value only when it is strictly better (x86's `max(later,
//! earlier)`), which never takes a NaN and keeps the earlier of equals within a lane. Lanes
//! walked in index order therefore give the first of equals per vector lane; what the lanes
//! cannot tell is settled exactly by a second look at the lane, which is rare or cheap:
//!
//! - a NaN seen (flagged on the side): the first NaN, found one element at a time;
//! - Rows, a zero extreme (the lanes met `-0.0` and `0.0` out of order): the first zero;
//! - `argmax`, Rows: the first element equal to the extreme, a vector compare at a time
//!   (stopping at it). Columns fold one row at a time per column, so ties resolve in order.
//!
//! Only walks in increasing reduced index are taken (`Plan::index_order`), and `argmax` only
//! over one run (one dim, or every dim of a tensor laid out in index order).

use super::{Plan, Shared, TILE, Walk, put_f32, split};
use crate::with_f32_elem;
use etk_core::{KernelContext, Tensor};
use etk_portable::util::reduce::DimMask;
use etk_simd::{Element, Kernel, Simd, dispatch, level};

/// `amax` (`MAX`) or `amin` of `self` over `mask` into `out` (its dtype); `false` (nothing
/// written) for a call portable runs.
pub fn amax_amin<const MAX: bool>(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> bool {
    run::<MAX>(ctx, self_, mask, out, false)
}

/// `argmax` (`MAX`) or `argmin` of `self` over `mask` into the Long `out`; `false` (nothing
/// written) for a call portable runs.
pub fn arg_extreme<const MAX: bool>(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
) -> bool {
    run::<MAX>(ctx, self_, mask, out, true)
}

fn run<const MAX: bool>(
    ctx: &KernelContext<'_>,
    self_: &Tensor<'_>,
    mask: DimMask,
    out: &mut Tensor<'_>,
    arg: bool,
) -> bool {
    let dt = self_.dtype();
    let plan = Plan::new(self_, mask, out, true).filter(|p| {
        p.index_order
            && super::f32_family(dt)
            && (!arg || (p.reduced().len() <= 1 && p.lane_len <= i32::MAX as usize))
    });
    let Some(plan) = plan else {
        return false;
    };
    let Ok(o) = out.as_mut_ptr("amax", "out") else {
        return false;
    };
    let (x, o, odt) = (Shared(self_.as_ptr()), Shared(o), out.dtype());
    let lvl = level();
    split(
        ctx,
        &plan,
        plan.work(self_.element_size()),
        &|start, end| {
            with_f32_elem!(dt, E => dispatch(lvl, Extreme::<E, MAX> {
                plan: &plan,
                x: x.get().cast(),
                out: o,
                dtype: odt,
                arg,
                start,
                end,
            }))
        },
    );
    true
}

/// Units `start..end` of one of the four.
struct Extreme<'a, E, const MAX: bool> {
    plan: &'a Plan,
    x: *const E,
    out: Shared<*mut u8>,
    dtype: etk_core::ScalarType,
    /// The index (into a Long out) rather than the value.
    arg: bool,
    start: usize,
    end: usize,
}

/// The better of a later value and an earlier one: the later only when strictly better (never
/// a NaN).
#[inline(always)]
fn pick<S: Simd, const MAX: bool>(s: S, later: S::F32, earlier: S::F32) -> S::F32 {
    if MAX {
        s.max(later, earlier)
    } else {
        s.min(later, earlier)
    }
}

impl<E: Element, const MAX: bool> Kernel for Extreme<'_, E, MAX> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        match self.plan.walk {
            Walk::Rows => self.rows(s),
            Walk::Columns => self.columns(s),
        }
    }
}

impl<E: Element, const MAX: bool> Extreme<'_, E, MAX> {
    /// The extreme's identity (a lane's first element replaces it unless equal).
    const INIT: f32 = if MAX {
        f32::NEG_INFINITY
    } else {
        f32::INFINITY
    };

    /// # Safety
    /// `i` an element of the out.
    #[inline(always)]
    unsafe fn put_index(&self, i: usize, index: usize) {
        // SAFETY: the caller's; the out is Long.
        unsafe { *self.out.0.cast::<i64>().add(i) = index as i64 };
    }

    #[inline(always)]
    fn rows<S: Simd>(&self, s: S) {
        let (plan, x, len) = (self.plan, self.x, self.plan.run_len());
        let mut lanes = plan.lanes(self.start, self.end);
        if plan.run_dims().is_empty() {
            // one run per lane: two lanes side by side (more loads in flight)
            while let Some((ia, oa)) = lanes.next() {
                let (ib, ob) = lanes.next().unwrap_or((ia, usize::MAX));
                let mut acc = [[s.splat(Self::INIT); 4]; 2];
                let mut nan = [s.first_n(0); 2];
                // SAFETY: the lanes' runs lie within the input.
                unsafe {
                    extreme_runs::<S, E, MAX, 2>(s, [x.add(ia), x.add(ib)], len, &mut acc, &mut nan)
                };
                self.finish_lane(s, ia, oa, acc[0], nan[0]);
                if ob != usize::MAX {
                    self.finish_lane(s, ib, ob, acc[1], nan[1]);
                }
            }
            return;
        }
        for (ib, ob) in lanes {
            let mut acc = [s.splat(Self::INIT); 4];
            let mut nan = s.first_n(0);
            for (off, _) in plan.runs(ib) {
                // SAFETY: the plan's runs lie within the input.
                unsafe { extreme_run::<S, E, MAX>(s, x.add(off), len, &mut acc, &mut nan) };
            }
            self.finish_lane(s, ib, ob, acc, nan);
        }
    }

    /// Stores the result of the lane at `ib` from its folded vectors.
    #[inline(always)]
    fn finish_lane<S: Simd>(&self, s: S, ib: usize, ob: usize, acc: [S::F32; 4], nan: S::Mask) {
        let (plan, x, len) = (self.plan, self.x, self.plan.run_len());
        let [a, b, c, d] = acc;
        let v = pick::<S, MAX>(s, pick::<S, MAX>(s, a, b), pick::<S, MAX>(s, c, d));
        let m = if MAX {
            s.reduce_max(v)
        } else {
            s.reduce_min(v)
        };
        let has_nan = s.any(nan);
        if self.arg {
            // one run: the first NaN, or the first element equal to the extreme
            // SAFETY: the lane's `len` elements lie within the input; `ob` in the out.
            unsafe {
                let at = if has_nan {
                    first_scalar(x.add(ib), len, f32::is_nan)
                } else {
                    first_equal(s, x.add(ib), len, m)
                };
                self.put_index(ob, at);
            }
            return;
        }
        let v = if has_nan || m == 0.0 {
            // the first NaN, or the first zero (its sign), in index order
            let want = |v: f32| if has_nan { v.is_nan() } else { v == 0.0 };
            plan.runs(ib)
                .find_map(|(off, _)| {
                    // SAFETY: as above; `i < len` when found.
                    unsafe {
                        let i = first_scalar(x.add(off), len, want);
                        (i < len).then(|| (*x.add(off + i)).to_f32())
                    }
                })
                .unwrap_or(m)
        } else {
            m
        };
        // SAFETY: the plan's out offsets lie within the out.
        unsafe { put_f32(self.out, self.dtype, ob, v) };
    }

    #[inline(always)]
    fn columns<S: Simd>(&self, s: S) {
        let (plan, x) = (self.plan, self.x);
        let (_, o_step) = plan.width();
        let l = S::LANES;
        let mut acc = [0f32; TILE];
        let mut flag = [0f32; TILE];
        let mut index = [0i32; TILE];
        for (ib, ob, j0, j1) in plan.tiles(self.start, self.end) {
            let w = j1 - j0;
            acc[..w].fill(Self::INIT);
            flag[..w].fill(0.0);
            index[..w].fill(0);
            let (a, f, ix) = (acc.as_mut_ptr(), flag.as_mut_ptr(), index.as_mut_ptr());
            let one = s.splat(1.0);
            for (r, (off, _)) in plan.rows().enumerate() {
                let row = x.wrapping_add(ib + off);
                let r = r as i32;
                let ri = s.splat_i32(r);
                let mut j = 0;
                while j < w {
                    let m = (w - j).min(l);
                    // SAFETY: columns `j..j + m` of the row and of the tiles.
                    unsafe {
                        let v = if m == l {
                            E::load(s, row.add(j))
                        } else {
                            E::load_n(s, row.add(j), m)
                        };
                        let old = s.load_n(a.add(j), m);
                        let take = if MAX { s.gt(v, old) } else { s.lt(v, old) };
                        s.store_n(a.add(j), m, s.select(take, v, old));
                        if self.arg {
                            let i = s.load_i32_n(ix.add(j), m);
                            s.store_i32_n(ix.add(j), m, s.select_i32(take, ri, i));
                        }
                        let fl = s.select(s.is_nan(v), one, s.load_n(f.add(j), m));
                        s.store_n(f.add(j), m, fl);
                    }
                    j += m;
                }
            }
            for j in 0..w {
                let (mut v, mut at) = (acc[j], index[j] as usize);
                if flag[j] != 0.0 {
                    // the first NaN of the column
                    let first = plan.rows().enumerate().find_map(|(k, (off, _))| {
                        // SAFETY: the row's column `j` lies within the input.
                        let e = unsafe { (*x.add(ib + off + j)).to_f32() };
                        e.is_nan().then_some((e, k))
                    });
                    (v, at) = first.unwrap_or((v, at));
                }
                // SAFETY: the tile's columns lie within the out.
                unsafe {
                    if self.arg {
                        self.put_index(ob + j * o_step, at);
                    } else {
                        put_f32(self.out, self.dtype, ob + j * o_step, v);
                    }
                }
            }
        }
    }
}

/// Folds the `len` elements at `x` into `acc` (the better of equal values the earlier) and
/// flags NaN in `nan`.
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn extreme_run<S: Simd, E: Element, const MAX: bool>(
    s: S,
    x: *const E,
    len: usize,
    acc: &mut [S::F32; 4],
    nan: &mut S::Mask,
) {
    let (mut a, mut n) = ([*acc], [*nan]);
    // SAFETY: the caller's.
    unsafe { extreme_runs::<S, E, MAX, 1>(s, [x], len, &mut a, &mut n) };
    (*acc, *nan) = (a[0], n[0]);
}

/// [`extreme_run`] of `R` rows side by side.
///
/// # Safety
/// Each of `xs` valid for `len` elements.
#[inline(always)]
unsafe fn extreme_runs<S: Simd, E: Element, const MAX: bool, const R: usize>(
    s: S,
    xs: [*const E; R],
    len: usize,
    acc: &mut [[S::F32; 4]; R],
    nan: &mut [S::Mask; R],
) {
    let l = S::LANES;
    let mut i = 0;
    // SAFETY: full vectors below `len`, then one partial one.
    unsafe {
        while i + 4 * l <= len {
            for r in 0..R {
                for (k, a) in acc[r].iter_mut().enumerate() {
                    let v = E::load(s, xs[r].add(i + k * l));
                    nan[r] = s.mask_or(nan[r], s.is_nan(v));
                    *a = pick::<S, MAX>(s, v, *a);
                }
            }
            i += 4 * l;
        }
        while i + l <= len {
            for r in 0..R {
                let v = E::load(s, xs[r].add(i));
                nan[r] = s.mask_or(nan[r], s.is_nan(v));
                acc[r][0] = pick::<S, MAX>(s, v, acc[r][0]);
            }
            i += l;
        }
        if i < len {
            let m = len - i;
            for r in 0..R {
                let v = s.select(s.first_n(m), E::load_n(s, xs[r].add(i), m), acc[r][1]);
                nan[r] = s.mask_or(nan[r], s.is_nan(v));
                acc[r][1] = pick::<S, MAX>(s, v, acc[r][1]);
            }
        }
    }
}

/// The index of the first of the `len` elements at `x` that `want` holds for (`len` if none).
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn first_scalar<E: Element>(x: *const E, len: usize, want: impl Fn(f32) -> bool) -> usize {
    // SAFETY: the caller's.
    (0..len)
        .find(|&i| want(unsafe { (*x.add(i)).to_f32() }))
        .unwrap_or(len)
}

/// The index of the first of the `len` elements at `x` equal to `m` (not NaN), a vector at a
/// time.
///
/// # Safety
/// `x` valid for `len` elements.
#[inline(always)]
unsafe fn first_equal<S: Simd, E: Element>(s: S, x: *const E, len: usize, m: f32) -> usize {
    let (l, mv) = (S::LANES, s.splat(m));
    let mut i = 0;
    // SAFETY: full vectors below `len`; the rest one element at a time.
    unsafe {
        while i + l <= len {
            if s.any(s.eq(E::load(s, x.add(i)), mv)) {
                break;
            }
            i += l;
        }
        i + first_scalar(x.add(i), len - i, |v| v == m)
    }
}
