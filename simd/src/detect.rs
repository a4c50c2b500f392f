//! CPU feature detection as values.
//!
//! [`detected`] is the best [`Isa`] level this CPU supports (probed once, then cached);
//! [`cpu_features`] reports the individual extensions (FP16, BF16, VNNI, ...). The level kernels
//! run at is [`crate::level()`] (see `level.rs`). Under Miri nothing is probed: the CPU is
//! reported as having no extension, so every kernel runs the portable code.

use std::sync::OnceLock;

/// An instruction-set level that the kernels of this crate are written for.
///
/// The levels of one architecture are ordered: a higher level implies every lower one. An
/// `Isa` is only a name; kernels take a [`Level`](crate::Level), which exists only for levels
/// this CPU supports.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Isa {
    /// Portable Rust (SSE2 on x86-64, as the compiler chooses); always available.
    Scalar,
    /// x86-64 AVX2 + FMA + F16C.
    Avx2,
    /// x86-64 AVX-512 F/BW/DQ/VL, plus AVX2 + FMA + F16C.
    Avx512,
    /// aarch64 Advanced SIMD (baseline on aarch64).
    #[cfg(target_arch = "aarch64")]
    Neon,
}

#[cfg(target_arch = "x86_64")]
const LEVELS: &[Isa] = &[Isa::Scalar, Isa::Avx2, Isa::Avx512];
#[cfg(target_arch = "aarch64")]
const LEVELS: &[Isa] = &[Isa::Scalar, Isa::Neon];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const LEVELS: &[Isa] = &[Isa::Scalar];

impl Isa {
    /// Every level this machine supports, lowest first (`Scalar` first, [`detected`] last).
    /// `ETK_ISA` does not shorten this list: tests use it to run every path.
    pub fn available_levels() -> &'static [Isa] {
        let best = detected();
        let n = LEVELS.iter().position(|&l| l == best).map_or(1, |i| i + 1);
        &LEVELS[..n]
    }

    /// Whether this CPU supports the level (it is one of [`Isa::available_levels`]).
    pub fn is_supported(self) -> bool {
        Isa::available_levels().contains(&self)
    }

    /// The name used by `ETK_ISA` (`"scalar"`, `"avx2"`, `"avx512"`, `"neon"`).
    pub fn name(self) -> &'static str {
        match self {
            Isa::Scalar => "scalar",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
            #[cfg(target_arch = "aarch64")]
            Isa::Neon => "neon",
        }
    }

    /// Lanes of an `f32` vector at this level (`Simd::LANES`): 1, 8, 16, 4 for NEON.
    pub const fn f32_lanes(self) -> usize {
        match self {
            Isa::Scalar => 1,
            Isa::Avx2 => 8,
            Isa::Avx512 => 16,
            #[cfg(target_arch = "aarch64")]
            Isa::Neon => 4,
        }
    }

    /// Parses an `ETK_ISA` value (case-insensitive, surrounding whitespace ignored).
    /// Levels of another architecture are `None`.
    pub fn from_name(s: &str) -> Option<Isa> {
        let s = s.trim();
        LEVELS
            .iter()
            .copied()
            .find(|l| l.name().eq_ignore_ascii_case(s))
    }
}

impl core::fmt::Display for Isa {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Individual CPU extensions, as detected at run time. Fields of another architecture are
/// `false`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CpuFeatures {
    /// x86-64: AVX.
    pub avx: bool,
    /// x86-64: AVX2.
    pub avx2: bool,
    /// x86-64: FMA3.
    pub fma: bool,
    /// x86-64: F16C (`vcvtph2ps`/`vcvtps2ph`).
    pub f16c: bool,
    /// x86-64: AVX-512 Foundation.
    pub avx512f: bool,
    /// x86-64: AVX-512 byte and word instructions.
    pub avx512bw: bool,
    /// x86-64: AVX-512 doubleword and quadword instructions.
    pub avx512dq: bool,
    /// x86-64: AVX-512 vector-length extensions.
    pub avx512vl: bool,
    /// x86-64: AVX-512 half-precision arithmetic.
    pub avx512_fp16: bool,
    /// x86-64: AVX-512 bfloat16 conversion and dot product (`vcvtneps2bf16`, `vdpbf16ps`).
    pub avx512_bf16: bool,
    /// x86-64: AVX-512 vector neural network instructions (`vpdpbusd`).
    pub avx512_vnni: bool,
    /// x86-64: VEX-encoded VNNI (AVX-VNNI).
    pub avx_vnni: bool,
    /// aarch64: Advanced SIMD.
    pub neon: bool,
    /// aarch64: `sdot`/`udot`.
    pub dotprod: bool,
    /// aarch64: half-precision arithmetic.
    pub fp16: bool,
}

impl CpuFeatures {
    /// Probes the CPU (uncached; prefer [`cpu_features`]). Under Miri: nothing.
    pub fn probe() -> CpuFeatures {
        #[cfg(miri)]
        {
            CpuFeatures::default()
        }
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            use std::arch::is_x86_feature_detected as has;
            CpuFeatures {
                avx: has!("avx"),
                avx2: has!("avx2"),
                fma: has!("fma"),
                f16c: has!("f16c"),
                avx512f: has!("avx512f"),
                avx512bw: has!("avx512bw"),
                avx512dq: has!("avx512dq"),
                avx512vl: has!("avx512vl"),
                avx512_fp16: has!("avx512fp16"),
                avx512_bf16: has!("avx512bf16"),
                avx512_vnni: has!("avx512vnni"),
                avx_vnni: has!("avxvnni"),
                ..CpuFeatures::default()
            }
        }
        #[cfg(all(target_arch = "aarch64", not(miri)))]
        {
            use std::arch::is_aarch64_feature_detected as has;
            CpuFeatures {
                neon: has!("neon"),
                dotprod: has!("dotprod"),
                fp16: has!("fp16"),
                ..CpuFeatures::default()
            }
        }
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64", miri)))]
        {
            CpuFeatures::default()
        }
    }

    /// The best [`Isa`] level these features allow.
    pub fn best_isa(&self) -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = self.avx && self.avx2 && self.fma && self.f16c;
            let avx512 = avx2 && self.avx512f && self.avx512bw && self.avx512dq && self.avx512vl;
            if avx512 {
                return Isa::Avx512;
            }
            if avx2 {
                return Isa::Avx2;
            }
        }
        #[cfg(target_arch = "aarch64")]
        if self.neon {
            return Isa::Neon;
        }
        Isa::Scalar
    }
}

/// The CPU's extensions, probed once.
pub fn cpu_features() -> &'static CpuFeatures {
    static FEATURES: OnceLock<CpuFeatures> = OnceLock::new();
    FEATURES.get_or_init(CpuFeatures::probe)
}

/// The best level this CPU supports, probed once. Ignores `ETK_ISA`.
#[inline]
pub fn detected() -> Isa {
    static DETECTED: OnceLock<Isa> = OnceLock::new();
    *DETECTED.get_or_init(|| cpu_features().best_isa())
}

/// The size in bytes of the CPU's largest (last-level) data or unified cache, probed once:
/// the deterministic cache parameters of CPUID (leaf 4 on Intel, `0x8000_001D` on AMD and
/// Hygon). `None` where the CPU does not report them (off x86-64, and under Miri). Kernels use it to tell
/// a working set that stays in cache from one that streams through memory.
pub fn last_level_cache_bytes() -> Option<usize> {
    static LLC: OnceLock<Option<usize>> = OnceLock::new();
    *LLC.get_or_init(probe_llc)
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
fn probe_llc() -> Option<usize> {
    use core::arch::x86_64::__cpuid_count;
    // leaves above the reported maximum are not read.
    let v = __cpuid_count(0, 0);
    let amd = matches!(
        (
            &v.ebx.to_le_bytes(),
            &v.edx.to_le_bytes(),
            &v.ecx.to_le_bytes()
        ),
        (b"Auth", b"enti", b"cAMD") | (b"Hygo", b"nGen", b"uine")
    );
    let leaf = if amd {
        let ext = __cpuid_count(0x8000_0000, 0).eax;
        // TopologyExtensions (leaf 0x8000_0001 ECX bit 22) says leaf 0x8000_001D exists.
        if ext < 0x8000_001D || __cpuid_count(0x8000_0001, 0).ecx & (1 << 22) == 0 {
            return None;
        }
        0x8000_001D
    } else {
        if v.eax < 4 {
            return None;
        }
        4
    };
    let mut best: Option<(u32, usize)> = None;
    for sub in 0..16 {
        let c = __cpuid_count(leaf, sub);
        let kind = c.eax & 0x1f;
        if kind == 0 {
            break;
        }
        // 1 = data, 3 = unified; 2 (instruction) holds no tensors.
        if kind == 2 {
            continue;
        }
        let level = (c.eax >> 5) & 0x7;
        let ways = ((c.ebx >> 22) & 0x3ff) as usize + 1;
        let parts = ((c.ebx >> 12) & 0x3ff) as usize + 1;
        let line = (c.ebx & 0xfff) as usize + 1;
        let sets = c.ecx as usize + 1;
        let bytes = ways * parts * line * sets;
        if best.is_none_or(|(l, _)| level > l) {
            best = Some((level, bytes));
        }
    }
    best.map(|(_, b)| b)
}

#[cfg(any(not(target_arch = "x86_64"), miri))]
fn probe_llc() -> Option<usize> {
    None
}

/// `best` lowered to the level named by `requested`, if that names a known level.
pub fn lowered(best: Isa, requested: Option<&str>) -> Isa {
    match requested.and_then(Isa::from_name) {
        Some(level) => level.min(best),
        None => best,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_level_cache_is_plausible() {
        // from 256 KiB (a small L2) to 4 GiB, when the CPU reports it.
        if let Some(b) = last_level_cache_bytes() {
            assert!((256 << 10..=4 << 30).contains(&b), "{b}");
        }
    }

    #[test]
    fn env_only_lowers() {
        assert_eq!(lowered(Isa::Scalar, Some("avx512")), Isa::Scalar);
        assert_eq!(lowered(Isa::Scalar, None), Isa::Scalar);
        #[cfg(target_arch = "x86_64")]
        {
            assert_eq!(lowered(Isa::Avx512, Some("AVX2")), Isa::Avx2);
            assert_eq!(lowered(Isa::Avx512, Some(" scalar ")), Isa::Scalar);
            assert_eq!(lowered(Isa::Avx2, Some("avx512")), Isa::Avx2);
            assert_eq!(lowered(Isa::Avx512, Some("sse9")), Isa::Avx512);
            assert_eq!(lowered(Isa::Avx512, Some("")), Isa::Avx512);
        }
    }

    #[test]
    fn levels_are_consistent() {
        let levels = Isa::available_levels();
        assert_eq!(levels[0], Isa::Scalar);
        assert_eq!(*levels.last().unwrap(), detected());
        assert!(levels.windows(2).all(|w| w[0] < w[1]));
        for &l in levels {
            assert!(l.is_supported());
            assert_eq!(Isa::from_name(l.name()), Some(l));
        }
    }
}
