//! The one current level every kernel runs at.
//!
//! A [`Level`] is an [`Isa`] this CPU supports: one can only be had from detection
//! ([`Level::detected`], [`Level::available_levels`], [`Level::new`]) or by lowering another
//! one, so a kernel that takes a `Level` never needs to check it again. [`level()`] is the level
//! kernels use: the CPU's best, lowered by the environment variable `ETK_ISA`
//! (`scalar`, `avx2`, `avx512`, or `neon` on aarch64; read once, never raises the level, an
//! unknown value is ignored), unless a test has set another one on this thread with
//! [`with_level`] or [`override_level`]. A kernel reads it once, on the calling thread, and
//! hands the value to the tasks it runs on other threads.
//!
//! Under Miri the level is always [`Level::SCALAR`]: no `cpuid`, intrinsics or inline assembly.

#[cfg(not(miri))]
use crate::detect::lowered;
use crate::detect::{Isa, detected};
use core::cell::Cell;
use core::marker::PhantomData;
#[cfg(not(miri))]
use std::sync::OnceLock;

/// An instruction-set level this CPU supports. See the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(Isa);

#[cfg(target_arch = "x86_64")]
static LEVELS: [Level; 3] = [Level(Isa::Scalar), Level(Isa::Avx2), Level(Isa::Avx512)];
#[cfg(target_arch = "aarch64")]
static LEVELS: [Level; 2] = [Level(Isa::Scalar), Level(Isa::Neon)];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
static LEVELS: [Level; 1] = [Level(Isa::Scalar)];

impl Level {
    /// The portable code: supported everywhere.
    pub const SCALAR: Level = Level(Isa::Scalar);

    /// The best level this CPU supports (ignores `ETK_ISA` and any override).
    #[inline]
    pub fn detected() -> Level {
        Level(detected())
    }

    /// Every level this CPU supports, lowest first ([`Level::SCALAR`] first, [`Level::detected`]
    /// last). `ETK_ISA` does not shorten it: tests use it to run every path.
    pub fn available_levels() -> &'static [Level] {
        let best = detected();
        let n = LEVELS.iter().position(|l| l.0 == best).map_or(1, |i| i + 1);
        &LEVELS[..n]
    }

    /// `isa` if this CPU supports it.
    pub fn new(isa: Isa) -> Option<Level> {
        Level::available_levels()
            .iter()
            .copied()
            .find(|l| l.0 == isa)
    }

    /// The highest supported level not above `isa` (of this architecture's levels: on aarch64,
    /// `at_most(Isa::Avx2)` is [`Level::SCALAR`]).
    pub fn at_most(self, isa: Isa) -> Level {
        Level::available_levels()
            .iter()
            .copied()
            .rfind(|l| *l <= self && l.0 <= isa)
            .unwrap_or(Level::SCALAR)
    }

    /// The highest supported level not above this one whose `f32` vectors hold at most
    /// `lanes` lanes: for kernels whose rows or columns are too short for wider vectors (on
    /// x86-64 `at_most_lanes(8)` is AVX2 at most; on aarch64 NEON stays NEON).
    pub fn at_most_lanes(self, lanes: usize) -> Level {
        Level::available_levels()
            .iter()
            .copied()
            .rfind(|l| *l <= self && l.0.f32_lanes() <= lanes)
            .unwrap_or(Level::SCALAR)
    }

    /// The level's name.
    #[inline]
    pub fn isa(self) -> Isa {
        self.0
    }

    /// The name used by `ETK_ISA` (`"scalar"`, `"avx2"`, `"avx512"`, `"neon"`).
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Wraps an `Isa` the caller knows to be supported (a token of that level exists).
    #[inline(always)]
    pub(crate) const fn of_token(isa: Isa) -> Level {
        Level(isa)
    }
}

impl PartialEq<Isa> for Level {
    fn eq(&self, other: &Isa) -> bool {
        self.0 == *other
    }
}

impl core::fmt::Display for Level {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

std::thread_local! {
    static OVERRIDE: Cell<Option<Level>> = const { Cell::new(None) };
}

/// The detected level lowered by `ETK_ISA`, read once.
fn process_level() -> Level {
    #[cfg(miri)]
    {
        Level::SCALAR
    }
    #[cfg(not(miri))]
    {
        static LEVEL: OnceLock<Level> = OnceLock::new();
        *LEVEL.get_or_init(|| {
            let isa = lowered(detected(), std::env::var("ETK_ISA").ok().as_deref());
            Level::new(isa).unwrap_or(Level::SCALAR)
        })
    }
}

/// The level kernels run at on this thread: an override set by [`with_level`] /
/// [`override_level`] if one is active, else the CPU's best level lowered by `ETK_ISA`.
#[inline]
pub fn level() -> Level {
    OVERRIDE.with(|o| o.get()).unwrap_or_else(process_level)
}

/// Runs `f` with [`level()`] returning `level` on this thread (for tests: one process runs
/// every path). Kernels read the level on the calling thread when they start, so the tasks
/// they hand to other threads run at it too.
pub fn with_level<R>(level: Level, f: impl FnOnce() -> R) -> R {
    let _guard = override_level(level);
    f()
}

/// Sets [`level()`] to `level` on this thread until the returned guard is dropped (then the
/// previous setting is back). Guards nest.
pub fn override_level(level: Level) -> LevelOverride {
    LevelOverride {
        prev: OVERRIDE.with(|o| o.replace(Some(level))),
        _thread: PhantomData,
    }
}

/// The guard of [`override_level`]. It belongs to the thread that made it.
#[must_use = "the override ends when the guard is dropped"]
pub struct LevelOverride {
    prev: Option<Level>,
    _thread: PhantomData<*const ()>,
}

impl Drop for LevelOverride {
    fn drop(&mut self) {
        OVERRIDE.with(|o| o.set(self.prev));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_nests_and_restores() {
        let base = level();
        assert!(base <= Level::detected());
        with_level(Level::SCALAR, || {
            assert_eq!(level(), Level::SCALAR);
            let best = Level::detected();
            {
                let _g = override_level(best);
                assert_eq!(level(), best);
            }
            assert_eq!(level(), Level::SCALAR);
        });
        assert_eq!(level(), base);
    }

    #[test]
    fn lowering_stays_supported() {
        for &l in Level::available_levels() {
            assert_eq!(Level::new(l.isa()), Some(l));
            for isa in [Isa::Scalar, Isa::Avx2, Isa::Avx512] {
                let low = l.at_most(isa);
                assert!(low <= l && Level::available_levels().contains(&low));
            }
        }
        assert_eq!(Level::detected().at_most(Isa::Scalar), Level::SCALAR);
        for &l in Level::available_levels() {
            for lanes in [1, 4, 8, 16] {
                let low = l.at_most_lanes(lanes);
                assert!(low <= l && low.isa().f32_lanes() <= lanes);
            }
            // every level's own width keeps it
            assert_eq!(l.at_most_lanes(l.isa().f32_lanes()), l);
        }
    }
}
