//! Global average pooling of contiguous planes (`_adaptive_avg_pool2d` to `1 x 1` of an
//! input whose planes are contiguous, as NCHW): lanes across `LANES` planes, each tile of
//! `LANES` elements of `LANES` planes loaded and transposed, so that every lane adds its
//! plane's elements from 0 in memory order, which is portable's scan order; divided by the
//! height, then the width, as portable.

use super::Planes;
use super::channels::store;
use etk_simd::{Element, MAX_LANES, Simd};

/// One task: units `[u0, u1)`, unit `u` the `MAX_LANES` planes from channel `(u % groups) *
/// MAX_LANES` of batch `u / groups` (`LANES` at a time).
pub struct GlobalTask {
    pub x: Planes,
    pub y: Planes,
    pub c: usize,
    /// Elements per plane (`H * W`).
    pub hw: usize,
    pub h: f32,
    pub w: f32,
    pub units: (usize, usize),
}

impl GlobalTask {
    /// # Safety
    /// The tensors are the checked call's: `x` with contiguous planes of `hw` elements, `y`
    /// of `[N, C, 1, 1]`, writable and disjoint from `x`.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let lanes = S::LANES;
        let groups = self.c.div_ceil(MAX_LANES);
        let (x, xc) = (self.x.base::<E>() as *const E, self.x.st[1]);
        let mut t = [s.zero(); MAX_LANES];
        for u in self.units.0..self.units.1 {
            let (n, g0) = (u / groups, (u % groups) * MAX_LANES);
            for c0 in (g0..(g0 + MAX_LANES).min(self.c)).step_by(lanes) {
                let m = (self.c - c0).min(lanes);
                // SAFETY: planes `c0 .. c0 + m` of batch `n`.
                let base = unsafe { x.add(self.x.at(n, c0, 0, 0)) };
                let mut sum = s.zero();
                let mut k0 = 0;
                while k0 < self.hw {
                    let q = (self.hw - k0).min(lanes);
                    for (i, t) in t.iter_mut().enumerate().take(m) {
                        // SAFETY: elements `k0 .. k0 + q` of plane `c0 + i`.
                        *t = unsafe {
                            let p = base.add(i * xc + k0);
                            if q == lanes {
                                E::load(s, p)
                            } else {
                                E::load_n(s, p, q)
                            }
                        };
                    }
                    // rows past `m` hold what the last transpose left: lanes never stored
                    s.transpose(&mut t);
                    for &v in t.iter().take(q) {
                        sum = s.add(sum, v);
                    }
                    k0 += q;
                }
                let v = s.div(s.div(sum, s.splat(self.h)), s.splat(self.w));
                // SAFETY: channels `c0 .. c0 + m` of output `(n, 0, 0)`.
                unsafe { store::<S, E>(s, &self.y, self.y.at(n, c0, 0, 0), m, v) };
            }
        }
    }
}

/// A [`GlobalTask`] with its element type, for [`etk_simd::dispatch`].
pub struct GlobalKernel<'a, E> {
    pub task: &'a GlobalTask,
    pub elem: core::marker::PhantomData<E>,
}

impl<E: Element> etk_simd::Kernel for GlobalKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by the pooling driver from a checked call (see `GlobalTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}
