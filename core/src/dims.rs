//! `Dims`: up to `MAX_DIM` sizes, strides or dim-order entries stored inline, the shape type
//! of tensor views, shape math and error reports.

use core::fmt;

/// The largest rank a tensor may have.
pub const MAX_DIM: usize = 16;

/// Up to `MAX_DIM` sizes (or strides, or dim-order entries) stored inline, so that shapes are
/// computed and carried without allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dims {
    len: u8,
    d: [usize; MAX_DIM],
}

impl Dims {
    pub const EMPTY: Dims = Dims {
        len: 0,
        d: [0; MAX_DIM],
    };

    /// `None` if `v` has more than `MAX_DIM` entries.
    pub fn new(v: &[usize]) -> Option<Dims> {
        if v.len() > MAX_DIM {
            return None;
        }
        let mut d = [0; MAX_DIM];
        d[..v.len()].copy_from_slice(v);
        Some(Dims {
            len: v.len() as u8,
            d,
        })
    }

    /// Converts ATen's `int[]` sizes; `None` on a negative entry or too many entries.
    pub fn from_i64(v: &[i64]) -> Option<Dims> {
        if v.len() > MAX_DIM {
            return None;
        }
        let mut d = [0; MAX_DIM];
        for (o, &x) in d.iter_mut().zip(v) {
            *o = usize::try_from(x).ok()?;
        }
        Some(Dims {
            len: v.len() as u8,
            d,
        })
    }

    /// `n` copies of `value`. `n` must be at most `MAX_DIM`.
    pub fn filled(n: usize, value: usize) -> Dims {
        let n = n.min(MAX_DIM);
        let mut d = [0; MAX_DIM];
        d[..n].fill(value);
        Dims { len: n as u8, d }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn as_slice(&self) -> &[usize] {
        &self.d[..self.len as usize]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [usize] {
        &mut self.d[..self.len as usize]
    }

    /// Appends `v`; `false` if already `MAX_DIM` long.
    #[inline]
    pub fn push(&mut self, v: usize) -> bool {
        if self.len() == MAX_DIM {
            return false;
        }
        self.d[self.len()] = v;
        self.len += 1;
        true
    }

    /// The product of the entries, `None` on overflow.
    pub fn product(&self) -> Option<usize> {
        self.as_slice()
            .iter()
            .try_fold(1usize, |acc, &s| acc.checked_mul(s))
    }
}

impl core::ops::Deref for Dims {
    type Target = [usize];
    #[inline]
    fn deref(&self) -> &[usize] {
        self.as_slice()
    }
}

impl fmt::Debug for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, x) in self.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{x}")?;
        }
        f.write_str("]")
    }
}
