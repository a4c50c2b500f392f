//! The microkernel frame: one generic register-tile kernel written over the vector layer
//! ([`Simd`] and the GEMM's [`Gemm`] extension), instantiated per level (see `tiles.rs`) for
//! every tile height `1..=MR` and width `1..=NV` vectors, so edge tiles waste no
//! multiplications.
//!
//! A kernel multiplies an `MRV x kc` panel of A by a `kc x (NV * LANES)` packed panel of B
//! into registers, then runs the epilogue on the registers: scale by alpha, add the partial
//! sums of earlier k blocks, add `beta * D`, and on the last k block add the bias, apply the
//! activation and store in the out's dtype at the out's strides.

use super::level::Gemm;
use super::{Act, BiasKind, Dt};
use etk_simd::Simd;
use etk_simd::vector::f32_to_bf16_bits;

/// A matrix operand: element `(i, j)` at `ptr + (i * rs + j * cs) * dt.size()` bytes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MatPtr {
    pub ptr: *const u8,
    pub dt: Dt,
    pub rs: isize,
    pub cs: isize,
}

impl MatPtr {
    #[inline(always)]
    pub fn at(&self, i: usize, j: usize) -> *const u8 {
        self.ptr.wrapping_offset(
            (i as isize * self.rs + j as isize * self.cs) * self.dt.size() as isize,
        )
    }
}

/// The epilogue of one k block over a block of tiles. Coordinates are the out's.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Epi {
    pub alpha: f32,
    pub beta: f32,
    /// Partial sums of the earlier k blocks (f32, unit column stride), and where partial sums
    /// are written when this is not the last k block. May be the out itself.
    pub acc: *mut f32,
    pub acc_ld: isize,
    pub read_prev: bool,
    /// `beta * D` is added (first k block only).
    pub d: Option<MatPtr>,
    pub last: bool,
    pub bias_kind: BiasKind,
    /// bias element `t` (row `i` or column `j`) at `bias + t * bias_stride`.
    pub bias: MatPtr,
    pub act: Act,
    /// The out (written on the last k block).
    pub c: MatPtr,
    /// Nothing but `alpha * acc` into a unit-stride target (plus the partial sums already
    /// there when it is f32).
    pub simple: bool,
}

impl Epi {
    /// Where this block writes: the out on the last k block, the partial sums otherwise.
    #[inline(always)]
    fn target(&self) -> MatPtr {
        if self.last {
            self.c
        } else {
            MatPtr {
                ptr: self.acc as *const u8,
                dt: Dt::F32,
                rs: self.acc_ld,
                cs: 1,
            }
        }
    }

    /// Finishes one element whose product (already times alpha) is `v`.
    ///
    /// # Safety
    /// `(i, j)` must be an element of the out (and of `acc`, `d`, the bias where they are read).
    #[inline]
    pub unsafe fn finish(&self, mut v: f32, i: usize, j: usize) {
        unsafe {
            if self.read_prev {
                v += *self.acc.offset(i as isize * self.acc_ld + j as isize);
            }
            if let Some(d) = self.d {
                v += self.beta * read(d.at(i, j), d.dt);
            }
            if self.last {
                match self.bias_kind {
                    BiasKind::None => {}
                    BiasKind::Row => v += read(self.bias.at(i, 0), self.bias.dt),
                    BiasKind::Col => v += read(self.bias.at(0, j), self.bias.dt),
                }
                v = match self.act {
                    Act::None => v,
                    Act::Relu => {
                        if 0.0 > v {
                            0.0
                        } else {
                            v
                        }
                    }
                    Act::Clamp(lo, hi) => {
                        let v = if lo > v { lo } else { v };
                        if hi < v { hi } else { v }
                    }
                };
            }
            let t = self.target();
            write(t.at(i, j) as *mut u8, t.dt, v);
        }
    }
}

/// Reads one element as f32.
///
/// # Safety
/// `p` must point to a readable element of `dt`.
#[inline(always)]
pub(crate) unsafe fn read(p: *const u8, dt: Dt) -> f32 {
    unsafe {
        match dt {
            Dt::F32 => *(p as *const f32),
            Dt::F16 => half::f16::from_bits(*(p as *const u16)).to_f32(),
            Dt::Bf16 => f32::from_bits((*(p as *const u16) as u32) << 16),
        }
    }
}

/// Writes one element, rounding once.
///
/// # Safety
/// `p` must point to a writable element of `dt`.
#[inline(always)]
pub(crate) unsafe fn write(p: *mut u8, dt: Dt, v: f32) {
    unsafe {
        match dt {
            Dt::F32 => *(p as *mut f32) = v,
            Dt::F16 => *(p as *mut u16) = half::f16::from_f32(v).to_bits(),
            Dt::Bf16 => *(p as *mut u16) = f32_to_bf16_bits(v),
        }
    }
}

/// Loads `cnt` contiguous elements of `dt` at `p` (zeros past `cnt`).
#[inline(always)]
pub(crate) unsafe fn load_run<S: Simd>(s: S, p: *const u8, dt: Dt, cnt: usize) -> S::F32 {
    unsafe {
        let full = cnt >= S::LANES;
        match dt {
            Dt::F32 if full => s.load(p as *const f32),
            Dt::F32 => s.load_n(p as *const f32, cnt),
            Dt::F16 if full => s.load_f16(p as *const u16),
            Dt::F16 => s.load_f16_n(p as *const u16, cnt),
            Dt::Bf16 if full => s.load_bf16(p as *const u16),
            Dt::Bf16 => s.load_bf16_n(p as *const u16, cnt),
        }
    }
}

/// Loads `cnt` elements of row `i` from column `j` on, as a vector (zeros past `cnt`).
#[inline(always)]
unsafe fn load_row<S: Simd>(s: S, m: MatPtr, i: usize, j: usize, cnt: usize) -> S::F32 {
    unsafe {
        let p = m.at(i, j);
        if m.cs == 1 {
            load_run(s, p, m.dt, cnt)
        } else if m.cs == 0 {
            s.splat(read(p, m.dt))
        } else {
            let mut t = [0f32; etk_simd::MAX_LANES];
            for (c, x) in t.iter_mut().enumerate().take(cnt.min(S::LANES)) {
                *x = read(m.at(i, j + c), m.dt);
            }
            s.load(t.as_ptr())
        }
    }
}

/// Stores `cnt` lanes of `v` to row `i` from column `j` on (unit column stride).
#[inline(always)]
unsafe fn store_row<S: Simd>(s: S, m: MatPtr, i: usize, j: usize, cnt: usize, v: S::F32) {
    // SAFETY: as the caller vouches.
    unsafe { store_lanes(s, m.dt, m.at(i, j) as *mut u8, cnt, v) }
}

/// Stores the first `cnt` lanes of `v` (all of them when `cnt >= LANES`) at `p` as `dt`,
/// rounded once.
///
/// # Safety
/// `p` holds `cnt.min(LANES)` elements of `dt`.
#[inline(always)]
pub(crate) unsafe fn store_lanes<S: Simd>(s: S, dt: Dt, p: *mut u8, cnt: usize, v: S::F32) {
    unsafe {
        let full = cnt >= S::LANES;
        match dt {
            Dt::F32 if full => s.store(p as *mut f32, v),
            Dt::F32 => s.store_n(p as *mut f32, cnt, v),
            Dt::F16 if full => s.store_f16(p as *mut u16, v),
            Dt::F16 => s.store_f16_n(p as *mut u16, cnt, v),
            Dt::Bf16 if full => s.store_bf16(p as *mut u16, v),
            Dt::Bf16 => s.store_bf16_n(p as *mut u16, cnt, v),
        }
    }
}

/// Asks for the cache lines holding `bytes` bytes from `p` (a hint: it reads nothing and does
/// not fault, wherever `p` points; nothing at the Scalar level).
#[inline(always)]
pub(crate) fn prefetch_range<S: Simd>(s: S, p: *const u8, bytes: usize) {
    if S::ISA == etk_simd::Isa::Scalar {
        return;
    }
    let mut o = 0;
    while o < bytes {
        s.prefetch(p.wrapping_add(o));
        o += 64;
    }
    if bytes > 0 {
        // the last line, when the range does not start on a line boundary.
        s.prefetch(p.wrapping_add(bytes - 1));
    }
}

/// Asks for the rows of the tile's target (and earlier partial sums) to be brought into
/// cache while the k loop runs.
#[cfg(all(target_arch = "x86_64", not(miri)))] // only the x86 assembly tiles
#[inline(always)]
pub(crate) fn prefetch_tile<S: Simd>(
    s: S,
    ep: &Epi,
    i0: usize,
    j0: usize,
    m: usize,
    row_bytes: usize,
) {
    let t = ep.target();
    if t.cs != 1 {
        return;
    }
    let bytes = row_bytes * t.dt.size() / 4;
    for i in 0..m {
        prefetch_range(s, t.at(i0 + i, j0), bytes);
    }
}

/// The signature every instantiated microkernel has.
///
/// `a`: the A panel; row `i` at k step `p` is `a[i + p * a_ld]` when the panel is k-major
/// (`AK`), `a[i * a_ld + p]` otherwise. `b`: the packed B panel, `b[p * b_ld + j]`.
/// `(i0, j0)`: the tile's place in the out; `m x n`: how much of it is real.
pub(crate) type KernelFn = unsafe fn(
    kc: usize,
    a: *const f32,
    a_ld: usize,
    b: *const f32,
    b_ld: usize,
    i0: usize,
    j0: usize,
    m: usize,
    n: usize,
    ep: &Epi,
);

/// The register-tile kernel (see [`KernelFn`]).
///
/// # Safety
/// The panels must hold `kc` steps; the tile must lie in the out.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) unsafe fn kernel<S: Simd, const MRV: usize, const NV: usize, const AK: bool>(
    s: S,
    kc: usize,
    a: *const f32,
    a_ld: usize,
    b: *const f32,
    b_ld: usize,
    i0: usize,
    j0: usize,
    m: usize,
    n: usize,
    ep: &Epi,
) {
    unsafe {
        let mut acc = [[s.zero(); NV]; MRV];
        let (mut a, mut b) = (a, b);
        let a_step = if AK { a_ld } else { 1 };
        for _ in 0..kc {
            let mut bv = [s.zero(); NV];
            for (j, v) in bv.iter_mut().enumerate() {
                *v = s.load(b.add(j * S::LANES));
            }
            for (i, row) in acc.iter_mut().enumerate() {
                let ai = s.splat(if AK { *a.add(i) } else { *a.add(i * a_ld) });
                for (j, c) in row.iter_mut().enumerate() {
                    *c = s.fmadd(ai, bv[j], *c);
                }
            }
            a = a.add(a_step);
            b = b.add(b_ld);
        }
        epilogue::<S, MRV, NV>(s, &acc, i0, j0, m, n, ep);
    }
}

/// The epilogue on a register tile.
#[inline(always)]
pub(crate) unsafe fn epilogue<S: Simd, const MRV: usize, const NV: usize>(
    s: S,
    acc: &[[S::F32; NV]; MRV],
    i0: usize,
    j0: usize,
    m: usize,
    n: usize,
    ep: &Epi,
) {
    unsafe {
        let scale = ep.alpha != 1.0;
        let alpha = s.splat(ep.alpha);
        if ep.simple {
            let t = ep.target();
            // one dispatch on the target's dtype per tile, outside the loops.
            match t.dt {
                Dt::F32 => simple::<S, MRV, NV>(
                    s,
                    acc,
                    t,
                    i0,
                    j0,
                    m,
                    n,
                    ep,
                    #[inline(always)]
                    |q, v, cnt| {
                        let q = q as *mut f32;
                        if cnt >= S::LANES {
                            let v = if ep.read_prev { s.add(v, s.load(q)) } else { v };
                            s.store(q, v);
                        } else {
                            let v = if ep.read_prev {
                                s.add(v, s.load_n(q, cnt))
                            } else {
                                v
                            };
                            s.store_n(q, cnt, v);
                        }
                    },
                ),
                Dt::F16 => simple::<S, MRV, NV>(
                    s,
                    acc,
                    t,
                    i0,
                    j0,
                    m,
                    n,
                    ep,
                    #[inline(always)]
                    |q, v, cnt| {
                        if cnt >= S::LANES {
                            s.store_f16(q as *mut u16, v)
                        } else {
                            s.store_f16_n(q as *mut u16, cnt, v)
                        }
                    },
                ),
                Dt::Bf16 => simple::<S, MRV, NV>(
                    s,
                    acc,
                    t,
                    i0,
                    j0,
                    m,
                    n,
                    ep,
                    #[inline(always)]
                    |q, v, cnt| {
                        if cnt >= S::LANES {
                            s.store_bf16(q as *mut u16, v)
                        } else {
                            s.store_bf16_n(q as *mut u16, cnt, v)
                        }
                    },
                ),
            }
            return;
        }
        let t = ep.target();
        if t.cs != 1 {
            // general strides: through a stack tile, one element at a time.
            let mut tile = [[0f32; etk_simd::MAX_LANES]; NV];
            for (i, row) in acc.iter().enumerate().take(m) {
                for (j, &x) in row.iter().enumerate() {
                    s.store(
                        tile[j].as_mut_ptr(),
                        if scale { s.mul(x, alpha) } else { x },
                    );
                }
                for c in 0..n {
                    ep.finish(tile[c / S::LANES][c % S::LANES], i0 + i, j0 + c);
                }
            }
            return;
        }
        let beta = s.splat(ep.beta);
        let zero = s.zero();
        for (i, row) in acc.iter().enumerate() {
            if i >= m {
                break;
            }
            let gi = i0 + i;
            let brow = match (ep.last, ep.bias_kind) {
                (true, BiasKind::Row) => s.splat(read(ep.bias.at(gi, 0), ep.bias.dt)),
                _ => zero,
            };
            for (j, &x) in row.iter().enumerate() {
                if n <= j * S::LANES {
                    break;
                }
                let cnt = n - j * S::LANES;
                let gj = j0 + j * S::LANES;
                let mut v = if scale { s.mul(x, alpha) } else { x };
                if ep.read_prev {
                    let prev = MatPtr {
                        ptr: ep.acc as *const u8,
                        dt: Dt::F32,
                        rs: ep.acc_ld,
                        cs: 1,
                    };
                    v = s.add(v, load_row(s, prev, gi, gj, cnt));
                }
                if let Some(d) = ep.d {
                    v = s.fmadd(load_row(s, d, gi, gj, cnt), beta, v);
                }
                if ep.last {
                    match ep.bias_kind {
                        BiasKind::None => {}
                        BiasKind::Row => v = s.add(v, brow),
                        BiasKind::Col => v = s.add(v, load_row(s, ep.bias, 0, gj, cnt)),
                    }
                    match ep.act {
                        Act::None => {}
                        Act::Relu => v = s.max(zero, v),
                        Act::Clamp(lo, hi) => v = s.min(s.splat(hi), s.max(s.splat(lo), v)),
                    }
                }
                store_row(s, t, gi, gj, cnt, v);
            }
        }
    }
}

/// The simple epilogue: `alpha * acc` through `store(ptr, vector, lanes to write)` for the
/// first `m` rows and `n` columns of the tile at `(i0, j0)` of `t` (unit column stride).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn simple<S: Simd, const MRV: usize, const NV: usize>(
    s: S,
    acc: &[[S::F32; NV]; MRV],
    t: MatPtr,
    i0: usize,
    j0: usize,
    m: usize,
    n: usize,
    ep: &Epi,
    store: impl Fn(*mut u8, S::F32, usize),
) {
    unsafe {
        let scale = ep.alpha != 1.0;
        let alpha = s.splat(ep.alpha);
        let es = t.dt.size();
        for (i, row) in acc.iter().enumerate() {
            if i >= m {
                break;
            }
            let p = t.at(i0 + i, j0) as *mut u8;
            for (j, &x) in row.iter().enumerate() {
                if n <= j * S::LANES {
                    break;
                }
                let v = if scale { s.mul(x, alpha) } else { x };
                store(p.add(j * S::LANES * es), v, n - j * S::LANES);
            }
        }
    }
}
