//! Discrete Fourier transforms of any length, the mechanics behind `_fft_r2c` and `_fft_c2r`.
//!
//! `X[k] = sum_j x[j] * exp(-2 pi i j k / n)` (forward) or with `+` (inverse), unnormalized.
//!
//! - Lengths whose prime factors are all at most [`MAX_RADIX`] ("smooth" lengths): mixed-radix
//!   Cooley-Tukey, decimation in time. A length `n = p * m` (`p` its smallest prime factor) is
//!   `p` transforms of length `m` over the inputs `r, r + p, r + 2p, ...`, combined by one
//!   radix-`p` butterfly (a small DFT) per output column.
//! - Other lengths (a large prime factor): Bluestein's chirp-z. With `jk = (j^2 + k^2 - (k-j)^2)/2`
//!   the DFT becomes a convolution with the chirp `w[j] = exp(-pi i j^2 / n)`, computed as a
//!   cyclic convolution of a power-of-two length `M >= 2n - 1` with three smooth transforms.
//!
//! Everything is `f64` (also for Float tensors: the answer is then within ATen's own single-
//! precision error of the exact one), and every twiddle factor comes straight from `libm`'s
//! sine and cosine of an exactly reduced angle (no recurrences), so the error grows like
//! `log n` ulps. Tables and buffers come from the kernel's scratch memory, one [`Plan`] per
//! transform length, reused for every line of that length.

use crate::util::movement::for_each_logical_run;
use core::ops::{Add, Mul};
use etk_core::context::bytemuck_like::Zeroable;
use etk_core::element::{loader, storer};
use etk_core::iter::CHUNK;
use etk_core::shape::{Dims, MAX_DIM};
use etk_core::{Compute, Error, ErrorKind, Info, Result, ScalarType, Scratch, Tensor};

/// The largest prime factor a length may have to use the mixed-radix path (its butterfly is an
/// O(p^2) DFT on the stack).
pub const MAX_RADIX: usize = 13;

/// A complex number in `f64`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[repr(C)]
pub struct Cx {
    pub re: f64,
    pub im: f64,
}

// SAFETY: two f64, for which all-zero bytes are 0.0.
unsafe impl Zeroable for Cx {}

impl Cx {
    pub const ZERO: Cx = Cx { re: 0.0, im: 0.0 };

    pub const fn new(re: f64, im: f64) -> Cx {
        Cx { re, im }
    }

    pub fn conj(self) -> Cx {
        Cx::new(self.re, -self.im)
    }

    pub fn scale(self, s: f64) -> Cx {
        Cx::new(self.re * s, self.im * s)
    }

    /// `exp(-2 pi i num / den)` for `0 <= num < den`: the angle reduced to its quarter turn
    /// exactly (so that 1, -i, -1 and i are exact and the libm angle stays below pi/2), then
    /// rotated by whole quarter turns.
    pub fn root(num: usize, den: usize) -> Cx {
        let four = 4 * num as u128;
        let (q, r) = (four / den as u128, four % den as u128);
        let (s, c) = libm::sincos(core::f64::consts::FRAC_PI_2 * (r as f64 / den as f64));
        // exp(-i (q pi/2 + a)) = (-i)^q exp(-i a)
        match q {
            0 => Cx::new(c, -s),
            1 => Cx::new(-s, -c),
            2 => Cx::new(-c, s),
            _ => Cx::new(s, c),
        }
    }
}

impl Add for Cx {
    type Output = Cx;
    fn add(self, o: Cx) -> Cx {
        Cx::new(self.re + o.re, self.im + o.im)
    }
}

impl Mul for Cx {
    type Output = Cx;
    fn mul(self, o: Cx) -> Cx {
        Cx::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
}

/// The smallest prime factor of `n >= 2`.
fn smallest_factor(n: usize) -> usize {
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            return p;
        }
        p += 1;
    }
    n
}

/// True when every prime factor of `n` is at most [`MAX_RADIX`].
fn is_smooth(mut n: usize) -> bool {
    for p in 2..=MAX_RADIX {
        while n.is_multiple_of(p) && n > 1 {
            n /= p;
        }
    }
    n <= 1
}

/// The root table of a smooth length `n`: `roots[j] = exp(-2 pi i j / n)`.
fn roots<'s>(op: &'static str, s: &'s Scratch<'_>, n: usize) -> Result<&'s mut [Cx]> {
    let r = s.alloc::<Cx>(op, n)?;
    for (j, w) in r.iter_mut().enumerate() {
        *w = Cx::root(j, n);
    }
    Ok(r)
}

/// `out = DFT(x[0], x[xs], x[2 xs], ...)` of length `out.len()` (smooth), out of place.
/// `roots` is the table of a length `N` that `out.len()` divides; `rs = N / out.len()`.
fn mixed_radix(x: &[Cx], xs: usize, out: &mut [Cx], roots: &[Cx], rs: usize, inverse: bool) {
    let n = out.len();
    if n == 1 {
        out[0] = x[0];
        return;
    }
    let w = |e: usize| {
        let r = roots[e * rs];
        if inverse { r.conj() } else { r }
    };
    let p = smallest_factor(n);
    let m = n / p;
    // the p sub-transforms over the residues of the input index modulo p
    for (r, sub) in out.chunks_exact_mut(m).enumerate() {
        mixed_radix(&x[r * xs..], xs * p, sub, roots, rs * p, inverse);
    }
    // X[k + q m] = sum_r (W_n^{r k} Y_r[k]) W_p^{r q}, with W_p = W_n^m; the column k reads
    // and writes the same p entries, so it is combined in place through `t`.
    let mut t = [Cx::ZERO; MAX_RADIX];
    for k in 0..m {
        for (r, tr) in t[..p].iter_mut().enumerate() {
            *tr = w(r * k).mul(out[r * m + k]);
        }
        for q in 0..p {
            let mut acc = Cx::ZERO;
            for (r, tr) in t[..p].iter().enumerate() {
                acc = acc.add(tr.mul(w((r * q) % p * m)));
            }
            out[k + q * m] = acc;
        }
    }
}

/// Buffers for one transform length.
enum Kind<'s> {
    MixedRadix {
        roots: &'s [Cx],
        out: &'s mut [Cx],
    },
    Bluestein {
        /// `exp(-pi i j^2 / n)` for `j < n`.
        chirp: &'s [Cx],
        /// The root table of `M`.
        roots: &'s [Cx],
        /// The forward transform of the conjugate chirp, wrapped to length `M`.
        kernel: &'s [Cx],
        a: &'s mut [Cx],
        b: &'s mut [Cx],
    },
}

/// A transform of one length and direction, ready to run on any number of lines.
pub struct Plan<'s> {
    n: usize,
    inverse: bool,
    kind: Kind<'s>,
}

impl<'s> Plan<'s> {
    /// Tables and buffers for length `n >= 1` from `s`.
    pub fn new(op: &'static str, s: &'s Scratch<'_>, n: usize, inverse: bool) -> Result<Plan<'s>> {
        let kind = if is_smooth(n) {
            Kind::MixedRadix {
                roots: roots(op, s, n)?,
                out: s.alloc::<Cx>(op, n)?,
            }
        } else {
            let too_long = || {
                Error::new(ErrorKind::InvalidArgument, op, "self")
                    .expected_text("a transform length whose Bluestein buffers fit in usize")
                    .got(Info::Int(n as i64))
            };
            let m = n
                .checked_mul(2)
                .and_then(|x| (x - 1).checked_next_power_of_two())
                .ok_or_else(too_long)?;
            let two_n = n.checked_mul(2).ok_or_else(too_long)?;
            let chirp = s.alloc::<Cx>(op, n)?;
            for (j, c) in chirp.iter_mut().enumerate() {
                // j^2 mod 2n keeps the angle small and exact
                let jj = ((j as u128 * j as u128) % two_n as u128) as usize;
                *c = Cx::root(jj, two_n);
            }
            let roots = roots(op, s, m)?;
            let a = s.alloc::<Cx>(op, m)?;
            let kernel = s.alloc::<Cx>(op, m)?;
            a[0] = chirp[0].conj();
            for j in 1..n {
                a[j] = chirp[j].conj();
                a[m - j] = chirp[j].conj();
            }
            mixed_radix(a, 1, kernel, roots, 1, false);
            Kind::Bluestein {
                chirp,
                roots,
                kernel,
                a,
                b: s.alloc::<Cx>(op, m)?,
            }
        };
        Ok(Plan { n, inverse, kind })
    }

    /// Transforms `line` (of the plan's length) in place.
    pub fn run(&mut self, line: &mut [Cx]) {
        debug_assert_eq!(line.len(), self.n);
        let inverse = self.inverse;
        match &mut self.kind {
            Kind::MixedRadix { roots, out } => {
                mixed_radix(line, 1, out, roots, 1, inverse);
                line.copy_from_slice(out);
            }
            Kind::Bluestein {
                chirp,
                roots,
                kernel,
                a,
                b,
            } => {
                // the inverse transform is the forward one with the chirp conjugated
                let c = |j: usize| {
                    if inverse { chirp[j].conj() } else { chirp[j] }
                };
                let m = a.len();
                a.fill(Cx::ZERO);
                for (j, x) in line.iter().enumerate() {
                    a[j] = x.mul(c(j));
                }
                mixed_radix(a, 1, b, roots, 1, false);
                for (i, bi) in b.iter_mut().enumerate() {
                    // the inverse convolves with the chirp itself rather than its conjugate:
                    // FFT(w)[i] = conj(FFT(conj(w))[-i mod M])
                    let k = if inverse {
                        kernel[(m - i) % m].conj()
                    } else {
                        kernel[i]
                    };
                    *bi = bi.mul(k);
                }
                mixed_radix(b, 1, a, roots, 1, true);
                let inv_m = 1.0 / m as f64;
                for (j, x) in line.iter_mut().enumerate() {
                    *x = a[j].mul(c(j)).scale(inv_m);
                }
            }
        }
    }
}

/// Transforms every line along `dim` of `data`, a row-major array of `sizes`, in place.
pub fn transform_dim(
    op: &'static str,
    s: &Scratch<'_>,
    data: &mut [Cx],
    sizes: &[usize],
    dim: usize,
    inverse: bool,
) -> Result<()> {
    let n = sizes[dim];
    if n <= 1 || data.is_empty() {
        return Ok(());
    }
    let inner: usize = sizes[dim + 1..].iter().product();
    let outer = data.len() / (n * inner);
    let mut plan = Plan::new(op, s, n, inverse)?;
    let line = s.alloc::<Cx>(op, n)?;
    for o in 0..outer {
        for i in 0..inner {
            let base = o * n * inner + i;
            for (j, x) in line.iter_mut().enumerate() {
                *x = data[base + j * inner];
            }
            plan.run(line);
            for (j, x) in line.iter().enumerate() {
                data[base + j * inner] = *x;
            }
        }
    }
    Ok(())
}

/// ATen's `fft_norm_mode` as a scale on a transform over `n` signal elements: 0 is none, 1
/// is `1/sqrt(n)`, any other value `1/n` (ATen's CPU kernel treats every value but the two
/// first as "by n").
pub fn norm_scale(normalization: i64, n: usize) -> f64 {
    match normalization {
        0 => 1.0,
        1 => 1.0 / libm::sqrt(n as f64),
        _ => 1.0 / n as f64,
    }
}

/// ATen's `dim` of the FFT ops: a non-empty list of distinct dims in `[0, rank)` (ATen's CPU
/// kernel fails an assertion on negative or out-of-range dims, and reads uninitialized memory
/// on a repeated dim: both are errors here).
pub fn fft_dims(op: &'static str, dim: &[i64], rank: usize) -> Result<Dims> {
    let bad = |what: &'static str, got: Info| {
        Err(Error::new(ErrorKind::InvalidArgument, op, "dim")
            .expected_text(what)
            .got(got))
    };
    if dim.is_empty() {
        return bad("at least one dim", Info::Int(0));
    }
    let mut dims = Dims::EMPTY;
    for &d in dim {
        let Some(d) = usize::try_from(d).ok().filter(|&d| d < rank) else {
            return bad("dims in [0, rank) of self", Info::Int(d));
        };
        if dims.contains(&d) || !dims.push(d) {
            return bad("distinct dims", Info::Int(d as i64));
        }
    }
    Ok(dims)
}

/// Fails for an out dtype the FFT results cannot be stored as (the barebones unsigned ones).
pub fn check_out_dtype(op: &'static str, out: &Tensor<'_>) -> Result<()> {
    let dt = out.dtype();
    if dt.is_complex() || storer::<f64>(dt).is_some() {
        Ok(())
    } else {
        Err(Error::unsupported_dtype(op, "out", dt))
    }
}

/// `t`'s elements (real or complex, Float/Double parts) in row-major order as `f64` complex
/// numbers (imaginary part 0 for a real tensor), in a fresh region of `s`.
#[allow(clippy::mut_from_ref)]
pub fn load<'s>(op: &'static str, s: &'s Scratch<'_>, t: &Tensor<'_>) -> Result<&'s mut [Cx]> {
    let data = s.alloc::<Cx>(op, t.numel())?;
    let dt = t.dtype();
    let part = dt.to_real();
    let load = loader::<f64>(part).ok_or(Error::unsupported_dtype(op, "self", dt))?;
    let (es, ps) = (t.element_size(), part.element_size());
    let mut buf = [0.0f64; CHUNK];
    for_each_logical_run(t, |off, stride, len, pos| {
        let mut done = 0;
        while done < len {
            let n = (len - done).min(CHUNK);
            let at = (off + done as isize * stride) * es as isize;
            let lane = &mut data[pos + done..pos + done + n];
            // SAFETY: the run's `n` elements from `at` are elements of `t`, `stride` apart;
            // a complex element's parts are two `part` elements, the real one first.
            unsafe {
                if dt.is_complex() {
                    load(t.as_ptr().offset(at), 2 * stride, &mut buf[..n]);
                    lane.iter_mut().zip(&buf).for_each(|(c, &x)| c.re = x);
                    load(
                        t.as_ptr().offset(at + ps as isize),
                        2 * stride,
                        &mut buf[..n],
                    );
                    lane.iter_mut().zip(&buf).for_each(|(c, &x)| c.im = x);
                } else {
                    load(t.as_ptr().offset(at), stride, &mut buf[..n]);
                    lane.iter_mut()
                        .zip(&buf)
                        .for_each(|(c, &x)| *c = Cx::new(x, 0.0));
                }
            }
            done += n;
        }
    });
    Ok(data)
}

/// `out[i] = scale * data[i]` for every index `i` of the out, whose sizes are at most
/// `data_sizes` in every dim (`data` is row-major of `data_sizes`). The values are first
/// rounded to `C` (`f32` for a single-precision transform, as ATen's `complex<float>` result)
/// and then stored as ATen's `copy_` into the out's dtype: a complex out takes both parts, a
/// Bool out `re != 0 || im != 0`, any other real out the real part.
pub fn store<C: Compute>(
    op: &'static str,
    s: &Scratch<'_>,
    data: &[Cx],
    data_sizes: &[usize],
    scale: f64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let dt = out.dtype();
    let part = dt.to_real();
    let store = storer::<C>(part).ok_or(Error::unsupported_dtype(op, "out", dt))?;
    // the out's elements gathered in its row-major order
    let n = out.numel();
    let region = s.alloc::<Cx>(op, n)?;
    let rank = out.dim();
    let mut strides = [0usize; MAX_DIM];
    let mut acc = 1;
    for d in (0..rank).rev() {
        strides[d] = acc;
        acc *= data_sizes[d];
    }
    let mut idx = [0usize; MAX_DIM];
    for r in region.iter_mut() {
        let at: usize = (0..rank).map(|d| idx[d] * strides[d]).sum();
        *r = data[at].scale(scale);
        for d in (0..rank).rev() {
            idx[d] += 1;
            if idx[d] < out.size(d) {
                break;
            }
            idx[d] = 0;
        }
    }
    let (es, ps) = (out.element_size(), part.element_size());
    let dst = out.as_mut_ptr(op, "out")?;
    let mut buf = [C::default(); CHUNK];
    let round = |x: f64| C::load(x);
    for_each_logical_run(out, |off, stride, len, pos| {
        let mut done = 0;
        while done < len {
            let k = (len - done).min(CHUNK);
            let at = (off + done as isize * stride) * es as isize;
            let lane = &region[pos + done..pos + done + k];
            // SAFETY: the run's `k` elements from `at` are elements of the out (exclusively
            // borrowed), `stride` apart; a complex element is two `part` elements.
            unsafe {
                if dt.is_complex() {
                    lane.iter()
                        .zip(&mut buf)
                        .for_each(|(c, b)| *b = round(c.re));
                    store(dst.offset(at), 2 * stride, &buf[..k]);
                    lane.iter()
                        .zip(&mut buf)
                        .for_each(|(c, b)| *b = round(c.im));
                    store(dst.offset(at + ps as isize), 2 * stride, &buf[..k]);
                } else if dt == ScalarType::Bool {
                    lane.iter().zip(&mut buf).for_each(|(c, b)| {
                        let nonzero = round(c.re) != C::default() || round(c.im) != C::default();
                        *b = C::load(nonzero);
                    });
                    store(dst.offset(at), stride, &buf[..k]);
                } else {
                    lane.iter()
                        .zip(&mut buf)
                        .for_each(|(c, b)| *b = round(c.re));
                    store(dst.offset(at), stride, &buf[..k]);
                }
            }
            done += k;
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn naive(x: &[Cx], inverse: bool) -> [Cx; 64] {
        let n = x.len();
        let mut y = [Cx::ZERO; 64];
        for (k, yk) in y[..n].iter_mut().enumerate() {
            for (j, xj) in x.iter().enumerate() {
                let w = Cx::root(j * k % n, n);
                *yk = yk.add(xj.mul(if inverse { w.conj() } else { w }));
            }
        }
        y
    }

    #[test]
    fn every_length_matches_the_definition() {
        let mut buf = [0u8; 1 << 16];
        for n in 1..=40 {
            for inverse in [false, true] {
                let mut s = Scratch::new(&mut buf);
                s.scope(|s| {
                    let mut plan = Plan::new("test", s, n, inverse).unwrap();
                    let mut x = [Cx::ZERO; 64];
                    for (j, v) in x[..n].iter_mut().enumerate() {
                        *v = Cx::new(libm::sin(j as f64 * 1.3 + 0.2), libm::cos(j as f64 * 0.7));
                    }
                    let want = naive(&x[..n], inverse);
                    plan.run(&mut x[..n]);
                    for k in 0..n {
                        let d = x[k].add(want[k].scale(-1.0));
                        assert!(libm::hypot(d.re, d.im) < 1e-12 * n as f64, "n {n} k {k}");
                    }
                });
            }
        }
    }
}
