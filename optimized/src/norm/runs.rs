//! Runs of a normalization's out from its input by a per-run or per-element formula (what
//! batch norm and group norm share): `rows` runs of `len` elements, `stride` apart.

use etk_simd::{Element, Kernel, Simd};

/// How a run is normalized.
#[derive(Clone, Copy)]
pub enum Formula<'a> {
    /// `(x - mean) * rstd`.
    Centered(f32, f32),
    /// `x * scale + shift`, the product and the sum rounded each (as portable).
    Affine(f32, f32),
    /// `x * scale[i] + shift[i]`, rounded as portable.
    PerElement(&'a [f32], &'a [f32]),
}

/// `rows` runs of `len` elements, `stride` elements apart, normalized by `formula`.
pub struct Runs<'a, E> {
    pub x: *const E,
    pub y: *mut E,
    pub len: usize,
    pub rows: usize,
    pub stride: usize,
    pub formula: Formula<'a>,
}

impl<E: Element> Kernel for Runs<'_, E> {
    type Output = ();
    #[inline(always)]
    fn run<S: Simd>(self, s: S) {
        let Runs {
            x,
            y,
            len,
            rows,
            stride,
            formula,
        } = self;
        for r in 0..rows {
            // SAFETY: row `r`'s `len` elements lie within the tensors (the caller's); a
            // per-element formula holds `len` floats.
            unsafe {
                let (x, y) = (x.add(r * stride), y.add(r * stride));
                let mut i = 0;
                while i + S::LANES <= len {
                    normalize::<S, E>(s, x, y, i, S::LANES, formula);
                    i += S::LANES;
                }
                if i < len {
                    normalize::<S, E>(s, x, y, i, len - i, formula);
                }
            }
        }
    }
}

/// Elements `i..i + n` (`n <= LANES`) of a run normalized by `formula`. A function, not a
/// closure: a closure is compiled without the level's target features, and its vector
/// operations became calls (the whole kernel ran 4x slower than ATen's).
///
/// # Safety
/// The elements lie within the run at `x` and `y`, and within a per-element formula's floats.
#[inline(always)]
unsafe fn normalize<S: Simd, E: Element>(
    s: S,
    x: *const E,
    y: *mut E,
    i: usize,
    n: usize,
    formula: Formula<'_>,
) {
    let full = n == S::LANES;
    // SAFETY: as the caller vouches.
    unsafe {
        let v = if full {
            E::load(s, x.add(i))
        } else {
            E::load_n(s, x.add(i), n)
        };
        let v = match formula {
            Formula::Centered(m, rs) => s.mul(s.sub(v, s.splat(m)), s.splat(rs)),
            Formula::Affine(a, b) => s.add(s.mul(s.splat(a), v), s.splat(b)),
            Formula::PerElement(a, b) => {
                let (a, b) = (a.as_ptr().add(i), b.as_ptr().add(i));
                let (a, b) = if full {
                    (s.load(a), s.load(b))
                } else {
                    (s.load_n(a, n), s.load_n(b, n))
                };
                s.add(s.mul(a, v), b)
            }
        };
        if full {
            E::store(s, y.add(i), v)
        } else {
            E::store_n(s, y.add(i), n, v)
        }
    }
}
