//! The int8 GEMM of the quantized chains: `out = requant(W · X)` with `W` (weights, `i8`,
//! `rows × K`) packed once and `X` (activations, `u8` after the zero-point shift, `K × cols`)
//! packed per call, summed exactly in `i32` ([`super::dot`]) and requantized once per
//! element:
//!
//! ```text
//! y = fma(f32(acc[r][c] - corr[r]), scale[r], bias[r])      (the Float chain's conv / addmm)
//! q = clamp(rint(y * inv) + zp, lo, hi)                    (its quantize, relu folded in `lo`)
//! ```
//!
//! `acc - corr` is `Σ_k (x_k - zp_x) · w_k` exactly (the activations are stored with an offset
//! `o` that makes them unsigned, and `corr[r] = o · Σ_k w[r][k]`), `scale[r]` is
//! `scale_x · scale_w[r]` rounded to f32. Everything after the integer sum is f32 arithmetic
//! the vector layer gives identically at every level, so the result is the same bit for bit at
//! every level and every way of computing the dot products.
//!
//! Layouts, in dwords (four consecutive `k` of one row or column per dword):
//! - packed weights ([`PackedW`]): `MR` rows at a time, `[panel][kq][MR]`, rows past the last
//!   and `k` past `K` zero;
//! - packed activations: `NP = NV · LANES` columns at a time, `[panel][kq][NP]`, made per call
//!   from rows of bytes by [`PackRows`] (or by the caller).
//!
//! The micro-kernel ([`micro`]) keeps `MR × NV` accumulators in registers over the whole K (no
//! k blocking: K is at most a few thousand in the convolutions and linears this serves, and an
//! `i32` does not overflow below about 65,000).

use super::dot::{Dot, I32, MR};
use etk_simd::{Kernel, MAX_LANES, Simd};

/// The quantize of the chain's end, as f32 constants: `q = clamp(rint(y * inv) + zp, lo, hi)`.
#[derive(Clone, Copy, Debug)]
pub struct Requant {
    pub inv: f32,
    pub zp: f32,
    pub lo: f32,
    pub hi: f32,
}

/// Weights packed for the micro-kernel (see the module docs), with each row's sum.
#[derive(Clone, Debug)]
pub struct PackedW {
    pub rows: usize,
    pub k: usize,
    /// `ceil(k / 4)`.
    pub kq: usize,
    /// `[panel][kq][MR]` dwords.
    pub data: Vec<i32>,
    /// `Σ_k w[r][k]` per row (rows padded to `MR` with zeros).
    pub sums: Vec<i32>,
}

impl PackedW {
    /// Packs `rows × k` weights, `w(r, k)` each.
    pub fn new(rows: usize, k: usize, w: impl Fn(usize, usize) -> i8) -> PackedW {
        let kq = k.div_ceil(4);
        let panels = rows.div_ceil(MR);
        let mut bytes = vec![0i8; panels * kq * MR * 4];
        let mut sums = vec![0i32; panels * MR];
        for (r, sum) in sums.iter_mut().enumerate().take(rows) {
            let (p, i) = (r / MR, r % MR);
            for kk in 0..k {
                let v = w(r, kk);
                *sum += i32::from(v);
                bytes[((p * kq + kk / 4) * MR + i) * 4 + kk % 4] = v;
            }
        }
        let data = bytes
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes([c[0] as u8, c[1] as u8, c[2] as u8, c[3] as u8]))
            .collect();
        PackedW {
            rows,
            k,
            kq,
            data,
            sums,
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        (self.data.len() + self.sums.len()) * 4
    }

    /// The dwords of row panel `p`.
    pub fn panel(&self, p: usize) -> *const i32 {
        self.data[p * self.kq * MR..].as_ptr()
    }
}

/// Where the columns of a GEMM land in the out: column `n` (counted from `n0`) is line
/// `n / wp`, position `n % wp` of it, stored when that position is below `valid` (a
/// convolution's grid of `wp` columns per output row, `OW` of them kept); lines `ls` bytes
/// apart.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    pub n0: usize,
    pub wp: usize,
    pub valid: usize,
    pub ls: isize,
}

impl Grid {
    /// One line: every column stored at the column stride.
    pub const LINE: Grid = Grid {
        n0: 0,
        wp: usize::MAX,
        valid: usize::MAX,
        ls: 0,
    };
}

/// One micro-tile: up to `MR` rows of a weight panel against one activation panel, stored
/// requantized.
pub struct Tile<'a> {
    /// Weight panel: `[kq][MR]` dwords.
    pub a: *const i32,
    /// Activation panel: `[kq][NP]` dwords.
    pub b: *const i32,
    pub kq: usize,
    /// Rows (≤ `MR`) and columns (≤ `NP`) to store.
    pub rows: usize,
    pub cols: usize,
    /// Per row: the zero-point correction, the scale and the bias (`rows` of each).
    pub corr: *const i32,
    pub scale: *const f32,
    pub bias: *const f32,
    /// Element `(r, c)` of the out at `out + r * rs` and then column `c0 + c` of `grid`
    /// (positions `cs` bytes apart).
    pub out: *mut u8,
    pub rs: isize,
    pub cs: isize,
    pub c0: usize,
    pub grid: Grid,
    pub rq: &'a Requant,
}

/// The sums of a tile: `MR × NV` accumulators over `kq` steps.
///
/// # Safety
/// `a` valid for `kq * MR` dwords, `b` for `kq * NV * LANES`.
#[inline(always)]
unsafe fn accumulate<D: Dot, const NV: usize>(
    d: D,
    mut a: *const i32,
    mut b: *const i32,
    kq: usize,
) -> [[I32<D>; NV]; MR] {
    let s = d.simd();
    let lanes = <D::S as Simd>::LANES;
    let mut acc = [[s.splat_i32(0); NV]; MR];
    // SAFETY: the caller's contract: `kq` steps of `MR` and `NV * LANES` dwords.
    unsafe {
        for _ in 0..kq {
            let u: [D::U; NV] = core::array::from_fn(|j| d.load_u(b.add(j * lanes)));
            for (i, row) in acc.iter_mut().enumerate() {
                let w = d.bcast_w(a.add(i));
                for (x, &u) in row.iter_mut().zip(&u) {
                    *x = d.dot(*x, u, w);
                }
            }
            a = a.add(MR);
            b = b.add(NV * lanes);
        }
    }
    acc
}

/// The micro-kernel at `D`'s panel width, [`Dot::NV`] vectors of columns. The match is on a
/// constant of `D`: each instantiation keeps one arm (the others are never called and not
/// emitted in an optimized build).
///
/// # Safety
/// As [`micro`].
#[inline(always)]
unsafe fn tile<D: Dot>(d: D, t: &Tile<'_>) {
    const { assert!(D::NV >= 1 && D::NV <= 3, "a panel of 1 to 3 vectors") };
    // SAFETY: forwarded.
    unsafe {
        match D::NV {
            1 => micro::<D, 1>(d, t),
            2 => micro::<D, 2>(d, t),
            _ => micro::<D, 3>(d, t),
        }
    }
}

/// The micro-kernel: `NV` vectors of columns, `MR` rows, the whole K.
///
/// # Safety
/// `t.a` valid for `kq * MR` dwords, `t.b` for `kq * NV * LANES`, the per-row arrays for
/// `t.rows` values, and the out for the `rows × cols` elements it addresses.
#[inline(always)]
pub(crate) unsafe fn micro<D: Dot, const NV: usize>(d: D, t: &Tile<'_>) {
    let s = d.simd();
    let lanes = <D::S as Simd>::LANES;
    // SAFETY: forwarded.
    let acc = unsafe { accumulate::<D, NV>(d, t.a, t.b, t.kq) };
    // The epilogue indexes the rows at run time: reading them from a copy lets the k loop
    // keep its accumulators in registers (else they are stored back at every step).
    let acc = core::hint::black_box(acc);
    let rq = t.rq;
    let (inv, zp, lo, hi) = (
        s.splat(rq.inv),
        s.splat(rq.zp),
        s.splat(rq.lo),
        s.splat(rq.hi),
    );
    // where each vector's columns start in the out (line, position), and whether they all
    // lie in one line, kept, at unit stride: then one store.
    let g = t.grid;
    let starts: [(isize, usize, bool); NV] = core::array::from_fn(|j| {
        let n = g.n0 + t.c0 + j * lanes;
        let (line, pos) = (n / g.wp, n % g.wp);
        let whole = t.cs == 1 && (j + 1) * lanes <= t.cols && pos + lanes <= g.valid.min(g.wp);
        (line as isize * g.ls + pos as isize * t.cs, pos, whole)
    });
    // (a loop over every row, left at `t.rows`: with a constant bound it unrolls, and the
    // accumulators stay in registers through the k loop instead of being stored at every step)
    for (i, row) in acc.iter().enumerate() {
        if i >= t.rows {
            break;
        }
        // SAFETY: the caller's contract.
        unsafe {
            let corr = s.splat_i32(*t.corr.add(i));
            let (scale, bias) = (s.splat(*t.scale.add(i)), s.splat(*t.bias.add(i)));
            let out = t.out.offset(i as isize * t.rs);
            for (j, &v) in row.iter().enumerate() {
                let c0 = j * lanes;
                if c0 >= t.cols {
                    break;
                }
                let y = s.mul_add(s.from_i32(s.sub_i32(v, corr)), scale, bias);
                let q = s.min(hi, s.max(lo, s.add(s.round(s.mul(y, inv)), zp)));
                let q = s.to_i32_trunc(q);
                let (at, pos, whole) = starts[j];
                if whole {
                    s.store_i32_as_u8(out.offset(at), q);
                } else {
                    let mut buf = [0u8; MAX_LANES];
                    s.store_i32_as_u8(buf.as_mut_ptr(), q);
                    scatter(
                        &buf[..(t.cols - c0).min(lanes)],
                        out.offset(at),
                        pos,
                        g,
                        t.cs,
                    );
                }
            }
        }
    }
}

/// Stores `vals` (consecutive columns, the first at position `pos` of its line, at `out`)
/// line by line, dropping positions past `g.valid`.
///
/// # Safety
/// `out` and the lines after it valid for the kept positions.
#[inline(never)]
unsafe fn scatter(vals: &[u8], out: *mut u8, mut pos: usize, g: Grid, cs: isize) {
    let mut line = out.wrapping_offset(-(pos as isize) * cs);
    let mut i = 0;
    while i < vals.len() {
        let run = (vals.len() - i).min(g.wp - pos);
        let keep = run.min(g.valid.saturating_sub(pos));
        for (k, &v) in vals[i..i + keep].iter().enumerate() {
            // SAFETY: a kept position of a line of the out (the caller's contract).
            unsafe { *line.offset((pos + k) as isize * cs) = v };
        }
        i += run;
        pos = 0;
        line = line.wrapping_offset(g.ls);
    }
}

/// The panel width (columns) of a [`Dot`].
pub fn panel_width<D: Dot>() -> usize {
    D::NV * <D::S as Simd>::LANES
}

/// Packs rows of bytes into activation panels: dword `(q, c)` of panel `p` is bytes
/// `rows[4q + j][p * np + c]`, `j < 4`, XOR `flip` (the offset that makes `i8` activations
/// unsigned), little-endian.
pub struct PackRows {
    /// `4 * kq` row pointers, each readable for `panels * np` bytes.
    pub rows: *const *const u8,
    pub kq: usize,
    /// Panel width, a multiple of the level's lanes; `panels` of them.
    pub np: usize,
    pub panels: usize,
    pub flip: u8,
    pub dst: *mut i32,
}

impl Kernel for PackRows {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let flip = s.splat_i32(i32::from_ne_bytes([self.flip; 4]));
        for q in 0..self.kq {
            // SAFETY: the caller's contract: `4 * kq` rows of `panels * np` bytes, and
            // `panels * kq * np` dwords at `dst`.
            unsafe {
                let r = self.rows.add(4 * q);
                let (r0, r1, r2, r3) = (*r, *r.add(1), *r.add(2), *r.add(3));
                for p in 0..self.panels {
                    let d = self.dst.add((p * self.kq + q) * self.np);
                    let mut c = p * self.np;
                    let end = c + self.np;
                    let mut o = 0;
                    while c < end {
                        let b0 = s.load_u8_as_i32(r0.add(c));
                        let b1 = s.load_u8_as_i32(r1.add(c));
                        let b2 = s.load_u8_as_i32(r2.add(c));
                        let b3 = s.load_u8_as_i32(r3.add(c));
                        let lo = s.or_i32(b0, s.shl_i32::<8>(b1));
                        let hi = s.or_i32(s.shl_i32::<16>(b2), s.shl_i32::<24>(b3));
                        s.store_i32(d.add(o), s.xor_i32(s.or_i32(lo, hi), flip));
                        c += S::LANES;
                        o += S::LANES;
                    }
                }
            }
        }
    }
}

/// `rows × cols` of the out from packed weights (rows `r0..r0 + rows` of `w`) and `panels`
/// packed activation panels, tile by tile.
pub struct Gemm<'a> {
    pub w: &'a PackedW,
    /// The first row (a multiple of `MR`) and the number of rows.
    pub r0: usize,
    pub rows: usize,
    pub b: *const i32,
    pub cols: usize,
    pub corr: &'a [i32],
    pub scale: &'a [f32],
    pub bias: &'a [f32],
    /// Row `r0` of the out at grid column 0, the row stride, the column stride within a
    /// line and the lines (bytes).
    pub out: *mut u8,
    pub rs: isize,
    pub cs: isize,
    pub grid: Grid,
    pub rq: &'a Requant,
}

impl Gemm<'_> {
    /// Runs on `d`.
    ///
    /// # Safety
    /// `b` holds `ceil(cols / np)` panels of the level's width, the out the elements
    /// addressed.
    #[inline(always)]
    pub unsafe fn run<D: Dot>(&self, d: D) {
        let np = panel_width::<D>();
        let kq = self.w.kq;
        for p in 0..self.cols.div_ceil(np) {
            let c0 = p * np;
            let mut r = 0;
            while r < self.rows {
                let t = Tile {
                    a: self.w.panel((self.r0 + r) / MR),
                    // SAFETY: panel `p` lies in `b` (the caller's contract).
                    b: unsafe { self.b.add(p * kq * np) },
                    kq,
                    rows: (self.rows - r).min(MR),
                    cols: (self.cols - c0).min(np),
                    corr: self.corr[r..].as_ptr(),
                    scale: self.scale[r..].as_ptr(),
                    bias: self.bias[r..].as_ptr(),
                    out: self.out.wrapping_offset(r as isize * self.rs),
                    rs: self.rs,
                    cs: self.cs,
                    c0,
                    grid: self.grid,
                    rq: self.rq,
                };
                // SAFETY: forwarded.
                unsafe { tile(d, &t) };
                r += MR;
            }
        }
    }
}
