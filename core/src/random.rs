//! The random-number generator random kernels draw from: Philox4x32-10 (Salmon et al.,
//! "Parallel random numbers: as easy as 1, 2, 3", SC 2011; the generator PyTorch's CUDA and
//! JAX use), keyed by a 64-bit seed.
//!
//! Philox is counter-based: block `c` of the stream of seed `s` is a pure function
//! `philox(c, s)` of four 32-bit words, so the whole state is `(seed, offset)` — two integers
//! a caller can save, restore and set — and a run repeats exactly when the seed repeats.
//! A [`Generator`] lives in the [`KernelContext`](crate::KernelContext); kernels draw through
//! a [`Stream`], which hands the consumed offset back when dropped, so consecutive calls on
//! one context draw fresh numbers, as consecutive calls on PyTorch's default generator do.
//!
//! Values cannot match PyTorch's CPU generator (mt19937) bit for bit; the distributions do.

use core::cell::Cell;

/// The seed a context starts with: PyTorch's `default_rng_seed_val`.
pub const DEFAULT_SEED: u64 = 67_280_421_310_721;

const M0: u32 = 0xD251_1F53;
const M1: u32 = 0xCD9E_8D57;
const W0: u32 = 0x9E37_79B9;
const W1: u32 = 0xBB67_AE85;

/// One Philox4x32-10 block: ten rounds over `ctr` with the key schedule of `key`.
pub fn philox4x32_10(mut ctr: [u32; 4], mut key: [u32; 2]) -> [u32; 4] {
    for round in 0..10 {
        if round > 0 {
            key[0] = key[0].wrapping_add(W0);
            key[1] = key[1].wrapping_add(W1);
        }
        let p0 = u64::from(M0) * u64::from(ctr[0]);
        let p1 = u64::from(M1) * u64::from(ctr[2]);
        ctr = [
            (p1 >> 32) as u32 ^ ctr[1] ^ key[0],
            p1 as u32,
            (p0 >> 32) as u32 ^ ctr[3] ^ key[1],
            p0 as u32,
        ];
    }
    ctr
}

/// A seeded Philox stream's state: the seed and how many 128-bit blocks have been used.
/// Interior mutability lets kernels, which get the context by reference, draw from it.
#[derive(Debug)]
pub struct Generator {
    seed: Cell<u64>,
    offset: Cell<u64>,
}

impl Generator {
    pub const fn new(seed: u64) -> Generator {
        Generator {
            seed: Cell::new(seed),
            offset: Cell::new(0),
        }
    }

    /// Restarts the stream of `seed` from its beginning (`torch.manual_seed`).
    pub fn manual_seed(&self, seed: u64) {
        self.seed.set(seed);
        self.offset.set(0);
    }

    pub fn seed(&self) -> u64 {
        self.seed.get()
    }

    /// Blocks drawn since the seed was set; with [`Generator::set_offset`], a way to save and
    /// replay a point of the stream.
    pub fn offset(&self) -> u64 {
        self.offset.get()
    }

    pub fn set_offset(&self, offset: u64) {
        self.offset.set(offset);
    }

    /// Draws from the current point of the stream; the point moves past what was drawn when
    /// the returned stream is dropped.
    pub fn stream(&self) -> Stream<'_> {
        let seed = self.seed.get();
        Stream {
            generator: self,
            key: [seed as u32, (seed >> 32) as u32],
            block: self.offset.get(),
            buf: [0; 4],
            used: 4,
        }
    }
}

impl Default for Generator {
    fn default() -> Generator {
        Generator::new(DEFAULT_SEED)
    }
}

/// Numbers drawn from a [`Generator`], a block of four words at a time.
pub struct Stream<'g> {
    generator: &'g Generator,
    key: [u32; 2],
    /// The next block to generate.
    block: u64,
    buf: [u32; 4],
    /// Words of `buf` already handed out.
    used: usize,
}

impl Stream<'_> {
    pub fn next_u32(&mut self) -> u32 {
        if self.used == 4 {
            let ctr = [self.block as u32, (self.block >> 32) as u32, 0, 0];
            self.buf = philox4x32_10(ctr, self.key);
            // 2^64 blocks are never reached in practice; wrapping keeps that case defined.
            self.block = self.block.wrapping_add(1);
            self.used = 0;
        }
        let v = self.buf[self.used];
        self.used += 1;
        v
    }

    pub fn next_u64(&mut self) -> u64 {
        let lo = u64::from(self.next_u32());
        (u64::from(self.next_u32()) << 32) | lo
    }

    /// Uniform on `[0, 1)` with `digits` random bits (1 to 53): `k / 2^digits`, exactly
    /// representable in a float type with that many significand digits, so storing it never
    /// rounds up to 1 (ATen draws Half with 11 digits, BFloat16 with 8, Float with 24).
    pub fn uniform(&mut self, digits: u32) -> f64 {
        let digits = digits.clamp(1, 53);
        let bits = self.next_u64() >> (64 - digits);
        bits as f64 / (1u64 << digits) as f64
    }

    /// Uniform on `0..bound` without modulo bias (`bound > 0`).
    pub fn below(&mut self, bound: u64) -> u64 {
        // The largest multiple of `bound` that fits: draws at or past it are redrawn.
        let zone = u64::MAX - (u64::MAX - bound + 1) % bound;
        loop {
            let x = self.next_u64();
            if x <= zone {
                return x % bound;
            }
        }
    }
}

impl Drop for Stream<'_> {
    fn drop(&mut self) {
        self.generator.offset.set(self.block);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Known-answer vectors of the Random123 distribution (kat_vectors, philox4x32 10 rounds).
    #[test]
    fn philox_known_answers() {
        assert_eq!(
            philox4x32_10([0; 4], [0; 2]),
            [0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]
        );
        assert_eq!(
            philox4x32_10([u32::MAX; 4], [u32::MAX; 2]),
            [0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]
        );
        assert_eq!(
            philox4x32_10(
                [0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344],
                [0xa4093822, 0x299f31d0]
            ),
            [0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]
        );
    }

    #[test]
    fn streams_continue_and_seeds_repeat() {
        let g = Generator::default();
        let a = g.stream().next_u64();
        let b = g.stream().next_u64();
        assert_ne!(a, b, "a second draw continues the stream");
        assert_eq!(g.offset(), 2);
        g.manual_seed(DEFAULT_SEED);
        assert_eq!(g.stream().next_u64(), a);
        g.manual_seed(1);
        assert_ne!(g.stream().next_u64(), a);
    }

    #[test]
    fn bounded_draws_stay_in_range() {
        let g = Generator::new(7);
        let mut s = g.stream();
        for bound in [1u64, 2, 3, 7, 1 << 40, u64::MAX] {
            for _ in 0..100 {
                assert!(s.below(bound) < bound);
            }
        }
        for d in [1, 8, 11, 24, 53] {
            for _ in 0..100 {
                let u = s.uniform(d);
                assert!((0.0..1.0).contains(&u));
            }
        }
    }
}
