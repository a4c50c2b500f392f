//! Pooling of small planes along flattened output positions: lane `i` of a vector is output
//! position `q0 + i` of a plane (`oh = q / OW`, `ow = q % OW`), so a plane narrower than a
//! vector still fills whole vectors, and a call costs no tables or scratch. Each tap is one
//! gather per vector (offsets computed in lanes; taps outside the input read nothing and count
//! as `-inf` for a max, `0` for a sum, which leave every result unchanged), in portable's scan
//! order with portable's operation per lane, so results and indices are portable's bit for
//! bit. For outs whose planes are contiguous (NCHW), small planes (see
//! [`super::pooling::pool2d`]).

use super::rows::{Geom, Reduce};
use super::{Planes, iota, store_i64};
use etk_simd::{Element, Simd};

/// The most taps (`kh * kw`) the flat kernel takes: past that, a gather per tap loses to the
/// rows kernel's unit-stride loads.
pub const MAX_TAPS: usize = 64;

/// Vectors computed together: independent chains of taps (a tap's gather, compare or add does
/// not wait for the previous tap's).
const BLOCK: usize = 4;

/// One task of the flat kernel: planes `[p0, p1)` of `x` pooled into `y` (and `ind`).
pub struct FlatTask<'a> {
    pub g: &'a Geom,
    pub reduce: Reduce,
    /// An average's count includes the padding.
    pub count_include_pad: bool,
    pub x: Planes,
    pub y: Planes,
    pub ind: Option<Planes>,
    pub planes: (usize, usize),
}

/// Where the lanes of one vector read and write: the element offsets of the plane's input,
/// out and indices (at the vector's first position), how many lanes are positions of the
/// plane, and per lane the first window row and column (`o * s - p`, may be negative).
#[derive(Clone, Copy)]
struct Lanes<S: Simd> {
    x: usize,
    y: usize,
    ind: usize,
    m: usize,
    ih0: S::I32,
    iw0: S::I32,
}

impl FlatTask<'_> {
    /// # Safety
    /// The tensors are the checked call's: `x` of `g`'s input sizes (a plane's offsets fit in
    /// i32), `y` / `ind` of its output sizes with contiguous planes, writable and disjoint; a
    /// max's windows all read the input; at most [`MAX_TAPS`] taps; `OH * OW < 2^22`.
    #[inline(always)]
    pub unsafe fn run<S: Simd, E: Element>(&self, s: S) {
        let g = self.g;
        let hw = g.oh * g.ow;
        let per_plane = hw.div_ceil(S::LANES);
        let (u0, u1) = (self.planes.0 * per_plane, self.planes.1 * per_plane);
        let mut u = u0;
        while u < u1 {
            let nv = (u1 - u).min(BLOCK);
            // SAFETY: the caller's contract.
            unsafe {
                match nv {
                    BLOCK => self.block::<S, E, BLOCK>(s, u, per_plane),
                    _ => {
                        for v in u..u1 {
                            self.block::<S, E, 1>(s, v, per_plane)
                        }
                    }
                }
            }
            u += nv;
        }
    }

    /// The lanes of vector `u` (`per_plane` vectors a plane).
    #[inline(always)]
    fn lanes<S: Simd>(&self, s: S, u: usize, per_plane: usize) -> Lanes<S> {
        let g = self.g;
        let (plane, q0) = (u / per_plane, (u % per_plane) * S::LANES);
        let (n, c) = (plane / g.c, plane % g.c);
        let q = s.add_i32(s.splat_i32(q0 as i32), iota(s));
        // exact: `(q + 1/2) / OW` is at least `1 / (2 OW)` from an integer and `q < 2^22`
        let qf = s.add(s.from_i32(q), s.splat(0.5));
        let oh = s.to_i32_trunc(s.div(qf, s.splat(g.ow as f32)));
        let ow = s.sub_i32(q, s.mul_i32(oh, s.splat_i32(g.ow as i32)));
        Lanes {
            x: self.x.at(n, c, 0, 0),
            y: n * self.y.st[0] + c * self.y.st[1] + q0,
            ind: self.ind.map_or(0, |i| n * i.st[0] + c * i.st[1] + q0),
            m: (g.oh * g.ow - q0).min(S::LANES),
            ih0: s.sub_i32(
                s.mul_i32(oh, s.splat_i32(g.s[0] as i32)),
                s.splat_i32(g.p[0] as i32),
            ),
            iw0: s.sub_i32(
                s.mul_i32(ow, s.splat_i32(g.s[1] as i32)),
                s.splat_i32(g.p[1] as i32),
            ),
        }
    }

    /// Vectors `u .. u + V`.
    ///
    /// # Safety
    /// As [`FlatTask::run`].
    #[inline(always)]
    unsafe fn block<S: Simd, E: Element, const V: usize>(&self, s: S, u: usize, per_plane: usize) {
        let g = self.g;
        // (no closures here: they would not inherit the level's target features)
        let mut l = [self.lanes(s, u, per_plane); V];
        for (j, l) in l.iter_mut().enumerate().skip(1) {
            *l = self.lanes(s, u + j, per_plane);
        }
        let x = self.x.base::<E>() as *const E;
        let (xh, xw) = (self.x.st[2] as i32, self.x.st[3] as i32);
        let (h, w) = (s.splat_i32(g.h as i32), s.splat_i32(g.w as i32));
        let minus_one = s.splat_i32(-1);
        let max = matches!(self.reduce, Reduce::Max);
        let fill = s.splat(if max { f32::NEG_INFINITY } else { 0.0 });
        let mut acc = [fill; V];
        let mut idx = [s.splat_i32(0); V];
        let mut found = [s.mask_from_bits(0); V];
        // per vector: the first tap's input offset and index
        let mut off0 = [s.splat_i32(0); V];
        let mut idx0 = [s.splat_i32(0); V];
        for j in 0..V {
            off0[j] = s.add_i32(
                s.mul_i32(l[j].ih0, s.splat_i32(xh)),
                s.mul_i32(l[j].iw0, s.splat_i32(xw)),
            );
            idx0[j] = s.add_i32(s.mul_i32(l[j].ih0, s.splat_i32(g.w as i32)), l[j].iw0);
        }
        for kh in 0..g.k[0] {
            let dh = (kh * g.d[0]) as i32;
            let mut row_ok = [s.mask_from_bits(0); V];
            for j in 0..V {
                let ih = s.add_i32(l[j].ih0, s.splat_i32(dh));
                row_ok[j] = s.mask_and(s.gt_i32(ih, minus_one), s.gt_i32(h, ih));
            }
            for kw in 0..g.k[1] {
                let dw = (kw * g.d[1]) as i32;
                let tap_off = s.splat_i32(dh * xh + dw * xw);
                let tap_idx = s.splat_i32(dh * g.w as i32 + dw);
                for j in 0..V {
                    let iw = s.add_i32(l[j].iw0, s.splat_i32(dw));
                    let col_ok = s.mask_and(s.gt_i32(iw, minus_one), s.gt_i32(w, iw));
                    let ok = s.mask_and(row_ok[j], col_ok);
                    let off = s.select_i32(ok, s.add_i32(off0[j], tap_off), s.splat_i32(0));
                    // SAFETY: in-range taps lie in the plane; the others read its first element.
                    let v = unsafe { E::gather_idx(s, x.add(l[j].x), off) };
                    let v = s.select(ok, v, fill);
                    if max {
                        let first = s.mask_and(ok, s.mask_not(found[j]));
                        let take = s.mask_or(s.mask_or(s.gt(v, acc[j]), s.is_nan(v)), first);
                        acc[j] = s.select(take, v, acc[j]);
                        idx[j] = s.select_i32(take, s.add_i32(idx0[j], tap_idx), idx[j]);
                        found[j] = s.mask_or(found[j], ok);
                    } else {
                        acc[j] = s.add(acc[j], v);
                    }
                }
            }
        }
        let y = self.y.base::<E>();
        for j in 0..V {
            let (m, at) = (l[j].m, l[j].y);
            let v = if max {
                acc[j]
            } else {
                self.average(s, &l[j], acc[j])
            };
            // SAFETY: positions `q0 .. q0 + m` of the plane's out (and indices).
            unsafe {
                if m == S::LANES {
                    E::store(s, y.add(at), v);
                } else {
                    E::store_n(s, y.add(at), m, v);
                }
                if let (true, Some(ind)) = (max, self.ind) {
                    store_i64(s, ind.base::<i64>().add(l[j].ind), m, idx[j]);
                }
            }
        }
    }

    /// An average's sum divided as portable divides it; 0 for a window that reads nothing.
    #[inline(always)]
    fn average<S: Simd>(&self, s: S, l: &Lanes<S>, sum: S::F32) -> S::F32 {
        let (ph, rh) = self.extent(s, l.ih0, 0, self.g.h);
        let (pw, rw) = self.extent(s, l.iw0, 1, self.g.w);
        let one = s.splat_i32(1);
        let empty = s.mask_or(s.gt_i32(one, rh), s.gt_i32(one, rw));
        let v = match self.reduce {
            Reduce::SumBy(d) => s.div(sum, s.splat(d)),
            _ => {
                let count = if self.count_include_pad {
                    s.mul_i32(ph, pw)
                } else {
                    s.mul_i32(rh, rw)
                };
                // lanes past the plane and empty windows may divide by 0: never kept
                s.div(sum, s.from_i32(count))
            }
        };
        s.select(empty, s.zero(), v)
    }

    /// An average window's extent along dim `i` from its start `o0`: counting the padding
    /// (clipped to the padded input), and the input it reads (`<= 0`: none).
    #[inline(always)]
    fn extent<S: Simd>(&self, s: S, o0: S::I32, i: usize, size: usize) -> (S::I32, S::I32) {
        let g = self.g;
        let (k, p) = (s.splat_i32(g.k[i] as i32), s.splat_i32(g.p[i] as i32));
        let size = s.splat_i32(size as i32);
        let end = s.add_i32(o0, k);
        let padded = s.sub_i32(s.min_i32(end, s.add_i32(size, p)), o0);
        let read = s.sub_i32(s.min_i32(end, size), s.max_i32(o0, s.splat_i32(0)));
        (padded, read)
    }
}

/// A [`FlatTask`] with its element type, for [`etk_simd::dispatch`].
pub struct FlatKernel<'a, E> {
    pub task: FlatTask<'a>,
    pub elem: core::marker::PhantomData<E>,
}

impl<E: Element> etk_simd::Kernel for FlatKernel<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        // SAFETY: built by the pooling entries from a checked call (see `FlatTask::run`).
        unsafe { self.task.run::<S, E>(s) }
    }
}
