//! GEMM: `C = act(alpha * A @ B + beta * D + bias)`, packed and cache-blocked, with one
//! register-tile microkernel frame written over the vector layer and instantiated per level
//! (AVX-512, AVX2+FMA, NEON, portable; `tiles.rs`).
//!
//! # Design
//!
//! BLIS-style blocking, written for a row-major out (the kernels vectorize along the out's
//! rows; a column-major out is handled by computing the transposed product):
//!
//! ```text
//! for ic in M step MC                     A block (MC x KC) packed, reused for all of N
//!   for pc in K step KC                   KC: K in equal blocks about 256 deep (up to 384)
//!     pack A[ic.., pc..]                  row-major A copied row by row, other layouts k-major
//!     for jc in N step NC
//!       pack B[pc.., jc..]                NR-wide k-major panels, in L2
//!       for ir in MC step MR              one A micro-panel stays in L1 ...
//!         for jr in NC step NR            ... while B micro-panels stream from L2
//!           microkernel(MR x NR tile)     accumulators in registers, fused epilogue
//! ```
//!
//! Register tiles: AVX-512 12 x 32 (24 zmm accumulators), AVX2 6 x 16 (12 ymm), NEON 8 x 12
//! (24 of 32 q registers), portable 4 x 4.
//! Edge tiles use kernels instantiated for every smaller height and width (in vectors), and
//! masked loads and stores for the last partial vector, so nothing is computed twice and
//! nothing is written outside the out.
//!
//! Operands are [`MatRef`]s with any strides (row-major, column-major, general), in f32, f16
//! or bf16; f16 and bf16 are converted to f32 while packing, everything accumulates in f32,
//! and the out is rounded once, on the last k block. When the out is not f32 with unit column
//! stride and K spans several k blocks, the partial sums live in an f32 workspace.
//!
//! Not everything is packed: for small problems packing costs more than it saves, so f32
//! row-major A is read in place when N <= 128, and f32 row-major B when M <= 128 and N is a
//! multiple of the tile width (unless the row stride is a multiple of 4 KiB, which would make
//! the rows collide in the cache). A Half or BFloat16 operand of such a product is widened
//! into scratch in one bulk conversion and then read in place the same way. And a product
//! with few rows (M <= 8) whose B is contiguous along K — a `linear` weight `[N, K]` — is
//! bound by reading B once from memory, so it takes a path of its own (`gemv.rs`): dot
//! products along K for all rows and several columns at once (or, at 7 or 8 rows on AVX2,
//! and 5 or 6 against an f32 weight larger than the last-level cache, the rows of A in the
//! lanes of a vector and each weight broadcast), no packing, each weight element loaded once.
//! Few rows against a B read along its rows (row-major in place, or prepacked panels) take
//! `few_rows.rs`: column blocks of up to 8 vectors for all rows in registers, or, for a B in
//! place past 256 KiB, strips whose rows are read whole; the same sums as the blocked kernels.
//!
//! B can also come packed: once, for a constant ([`PackedB`], [`gemm_prepacked`]), or as
//! panels its caller wrote itself in [`packed_b_layout`]'s layout ([`gemm_packed_raw`]: the
//! convolution's im2col), read by the same kernels in the same order, so the same sums.
//!
//! Epilogue ([`Epilogue`]): `alpha`, `beta` times an addend `D` (any strides, stride 0 to
//! broadcast; by default the out's old contents), a bias per row or per column, and ReLU or
//! clamp. BLAS conventions: `beta == 0` never reads `D` (NaN there does not propagate);
//! `alpha == 0` or `K == 0` never reads A and B.
//!
//! Threads: the work is split into as many tasks as the context has threads — over batches
//! when there are several, else over M or N (whichever duplicates less packing), in whole
//! tiles — and run through `ctx.parallel`. Each task packs its own blocks.
//!
//! Scratch: every buffer comes from `ctx.scratch` (never the global allocator) and is freed
//! on return. A task needs about `(MC + NC) * KC * 4` bytes (AVX-512: MC = 960, KC = 256,
//! NC = 1024, so at most about 2 MiB, 3 MiB with a 384-deep k block; AVX2 has NC = 128,
//! about 1 MiB; blocks are sized to the problem, so small problems need little or none),
//! plus an f32 workspace of at most 4 MiB for f16/bf16 or strided outs with more than one k
//! block; the small-M path needs `M * K` floats only when A is
//! not f32 with unit stride, and at most 64 Ki floats per widened Half / BFloat16 operand.
//! Decision: a GEMM never fails for lack of scratch. When the scratch is too small it runs
//! single-threaded with one-tile blocks (about 50 KiB), and below that an unblocked loop with
//! the same numerics (slow). Packed panels come from `Scratch::alloc_for_overwrite`, which
//! skips the zero-fill `Scratch::alloc` does, since packing overwrites them anyway.

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod asm;
#[cfg(feature = "openblas")]
pub mod blas;
mod few_rows;
mod gemv;
mod kernel;
pub(crate) mod level;
mod matrix;
mod pack;
pub(crate) mod tensor;
mod tiles;

/// The level every entry point takes (`etk_simd::Level`, which exists only for levels the CPU
/// has) and the current one (`etk_simd::level()`: `ETK_ISA` and the tests' override), under the
/// names the ops call them by.
pub use etk_simd::{Level as Isa, level as isa};

use etk_core::{Error, ErrorKind, Info, KernelContext, Result, Scratch};
use etk_simd::convert;
pub(crate) use kernel::store_lanes;
use kernel::{Epi, KernelFn, MatPtr};
use pack::{PackAFn, PackBFn, a_row_ld};

use matrix::bad;
pub(crate) use matrix::{Act, BiasKind};
pub use matrix::{Activation, BatchStrides, Bias, Dt, Epilogue, GemmElem, MatMut, MatRef};

const OP: &str = "etk::gemm";

/// `c = act(alpha * a @ b + beta * D + bias)` at level `isa`. See the module docs for the
/// conventions.
pub fn gemm(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    a: MatRef<'_>,
    b: MatRef<'_>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    gemm_batched(ctx, isa, 1, BatchStrides::default(), a, b, c, epi)
}

/// `batch` independent products (same shapes), matrix `t` of each operand offset by
/// `t * stride` elements (the bias is shared). The caller vouches for the batch offsets: the
/// views are checked for the first matrix only, hence `unsafe` unless `batch == 1`.
///
/// # Safety
/// For every `t < batch`, the views moved by `t * stride` must be valid as the views are, and
/// the outs of different `t` must not overlap.
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_batched_raw(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    batch: usize,
    strides: BatchStrides,
    a: MatRef<'_>,
    b: MatRef<'_>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { gemm_inner(ctx, isa, batch, strides, a, b, None, c, epi, Route::Auto) }
}

/// How a product is computed: the route decides the order of the sums (the blocked kernels
/// add along K in one order, the dot-product path of few rows in another).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// By the operands' layout (the module docs).
    Auto,
    /// Always the blocked kernels: the sums a B laid out otherwise than k-contiguous gets,
    /// for a B read in place through a view whose materialized copy would not be
    /// k-contiguous (a transpose fused into the product).
    Blocked,
}

/// [`gemm_batched_raw`] on route `route`.
///
/// # Safety
/// As [`gemm_batched_raw`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_batched_routed(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    batch: usize,
    strides: BatchStrides,
    a: MatRef<'_>,
    b: MatRef<'_>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
    route: Route,
) -> Result<()> {
    // SAFETY: forwarded.
    unsafe { gemm_inner(ctx, isa, batch, strides, a, b, None, c, epi, route) }
}

/// Whether [`Route::Auto`] takes the dot-product path for an `m x n` product whose A, B and
/// out have these `(row, column)` strides: few rows against a k-contiguous B, once a
/// column-major out has turned the product (`C^T = B^T A^T`).
pub fn takes_dot_path(
    m: usize,
    n: usize,
    a: (isize, isize),
    b: (isize, isize),
    c: (isize, isize),
) -> bool {
    if c.1 != 1 && c.0 == 1 {
        dot_path(n, a.1, a.0)
    } else {
        dot_path(m, b.0, b.1)
    }
}

fn dot_path(m: usize, rs: isize, cs: isize) -> bool {
    m <= GEMV_MAX_M && rs == 1 && cs != 1
}

/// `c = act(alpha * a @ b + beta * D + bias)` as [`gemm`], with `b` already packed by
/// [`PackedB::new`] (from this `b`: the caller vouches that its contents did not change).
/// The result is [`gemm`]'s bit for bit: the packed panels are the ones `gemm` packs on each
/// call, read by the same micro-kernels in the same order. A `packed` made for another ISA
/// level, or another shape, is not used.
pub fn gemm_prepacked(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    a: MatRef<'_>,
    b: MatRef<'_>,
    packed: &PackedB,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    let usable = packed.k == b.rows && packed.n == b.cols && packed.isa == isa;
    let panels = usable.then_some(Panels {
        ptr: packed.data.as_ptr(),
        ld: packed.n_pad,
    });
    // SAFETY: one matrix: the checked views are all that is read or written.
    unsafe {
        let one = BatchStrides::default();
        gemm_inner(ctx, isa, 1, one, a, b, panels, c, epi, Route::Auto)
    }
}

/// How the micro-kernels of `isa` read a packed B (`K x N`, `k` = `K`), for a caller that
/// writes the panels itself ([`gemm_packed_raw`]): `(nr, kc)`. k block `pc` (every `kc` rows;
/// the last one shorter; `kc` depends on `K`) starts at `pc * N.next_multiple_of(nr)`;
/// within it, panel `p` (columns `p * nr..`) at `p * nr * rows_of_the_block`, element `(k, j)`
/// of the panel at `k * nr + j`; the columns past `N` in the last panel are zeros.
pub fn packed_b_layout(isa: Isa, k: usize) -> (usize, usize) {
    let imp = Impl::get(isa);
    (imp.nr, imp.kc_for(k))
}

/// `c = act(alpha * a @ B + beta * D + bias)` as [`gemm`], with `B` (`a.cols x n`) given
/// only as its panels at `panels`, in [`packed_b_layout`]'s layout for `isa`: what an
/// im2col writes straight into, so the GEMM packs nothing of B. The sums are [`gemm`]'s on
/// the B those panels hold. The out must not be column-major (the GEMM would turn the
/// product, and the panels are B's).
///
/// # Safety
/// `panels` must hold `a.cols * n.next_multiple_of(nr)` floats laid out as
/// [`packed_b_layout`] says, for this `isa` (clamped to the CPU's, as every entry point does).
pub unsafe fn gemm_packed_raw(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    a: MatRef<'_>,
    panels: *const f32,
    n: usize,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    if c.cs != 1 && c.rs == 1 {
        return Err(bad("c", "an out that is not column-major, for a packed B"));
    }
    let ld = n.next_multiple_of(Impl::get(isa).nr);
    // B's view over its panels: never read (the kernels read the panels), only its shape is.
    // SAFETY: `a.cols x n` at row stride `ld` lies inside the panels.
    let b = unsafe { MatRef::from_raw(panels as *const u8, Dt::F32, a.cols, n, ld as isize, 1) };
    let panels = Some(Panels { ptr: panels, ld });
    // SAFETY: one matrix; the panels as the caller vouches.
    unsafe {
        let one = BatchStrides::default();
        gemm_inner(ctx, isa, 1, one, a, b, panels, c, epi, Route::Auto)
    }
}

/// B's packed panels: the start of k block 0 and the distance between k blocks per row
/// (`n_pad`).
#[derive(Clone, Copy)]
struct Panels {
    ptr: *const f32,
    ld: usize,
}

/// A B operand (`K x N`) packed once into the panels the micro-kernels of one ISA level read,
/// for every k block and every column: what each call of [`gemm`] would pack into scratch.
pub struct PackedB {
    /// The level the panels were packed for: another level's micro-kernels read other panels.
    isa: Isa,
    k: usize,
    n: usize,
    /// `N` rounded up to whole panels.
    n_pad: usize,
    /// k block `pc` (every `kc` rows) at `pc * n_pad`, its panel `p` at `p * nr * kc` within.
    data: Vec<f32>,
}

impl PackedB {
    /// Packs `b` for `isa` (clamped to what the CPU has).
    pub fn new(isa: Isa, b: MatRef<'_>) -> PackedB {
        let imp = Impl::get(isa);
        let (k, n) = (b.rows, b.cols);
        let n_pad = n.next_multiple_of(imp.nr);
        let mut data = vec![0f32; k * n_pad];
        let b = b.ptr();
        let kb = imp.kc_for(k);
        for pc in (0..k).step_by(kb) {
            let kc = kb.min(k - pc);
            let blk = MatPtr {
                ptr: b.at(pc, 0),
                ..b
            };
            // SAFETY: the view addresses `k x n` readable elements; block `pc` needs
            // `kc * n_pad` floats at `pc * n_pad`, inside `data`.
            unsafe { (imp.pack_b)(data.as_mut_ptr().add(pc * n_pad), blk, kc, n, imp.nr) };
        }
        PackedB {
            isa,
            k,
            n,
            n_pad,
            data,
        }
    }

    /// Bytes the panels hold.
    pub fn bytes(&self) -> usize {
        self.data.len() * 4
    }
}

/// [`gemm_batched_raw`], with `b` prepacked (only for one matrix).
///
/// # Safety
/// As [`gemm_batched_raw`].
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_inner(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    batch: usize,
    strides: BatchStrides,
    a: MatRef<'_>,
    b: MatRef<'_>,
    packed: Option<Panels>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
    route: Route,
) -> Result<()> {
    let (m, n, k) = (a.rows, b.cols, a.cols);
    if b.rows != k {
        return Err(Error::new(ErrorKind::InvalidArgument, OP, "b")
            .expected("as many rows as a has columns:", Info::Int(k as i64))
            .got(Info::Int(b.rows as i64)));
    }
    if c.rows != m || c.cols != n {
        return Err(bad("c", "an out of shape [a.rows, b.cols]"));
    }
    if let Some(d) = epi.addend
        && (d.rows != m || d.cols != n)
    {
        return Err(bad("addend", "an addend of the out's shape"));
    }
    let (bias_kind, bias) = match epi.bias {
        Bias::None => (BiasKind::None, None),
        Bias::PerRow(v) if v.rows == m && v.cols == 1 => (BiasKind::Row, Some(v)),
        Bias::PerCol(v) if v.rows == n && v.cols == 1 => (BiasKind::Col, Some(v)),
        _ => {
            return Err(bad(
                "bias",
                "a bias with one value per row (M) or column (N)",
            ));
        }
    };
    // a per-column bias is read as row 0, column j: strides (0, stride).
    let bias = match (bias_kind, bias) {
        (BiasKind::Col, Some(v)) => MatPtr {
            rs: 0,
            cs: v.rs,
            ..v.ptr()
        },
        (_, Some(v)) => v.ptr(),
        _ => MatPtr {
            ptr: core::ptr::null(),
            dt: Dt::F32,
            rs: 0,
            cs: 0,
        },
    };
    let d = if epi.beta == 0.0 {
        None
    } else {
        Some(epi.addend.map_or(c.ptr(), |d| d.ptr()))
    };
    let act = match epi.act {
        Activation::None => Act::None,
        Activation::Relu => Act::Relu,
        Activation::Clamp { min, max } => Act::Clamp(min, max),
    };
    let p = Problem {
        m,
        n,
        k,
        batch,
        strides,
        a: a.ptr(),
        b: b.ptr(),
        c: c.ptr(),
        d,
        alpha: epi.alpha,
        beta: epi.beta,
        bias_kind,
        bias,
        act,
        packed_b: match packed {
            Some(pk) if batch <= 1 => pk.ptr,
            _ => core::ptr::null(),
        },
        packed_ld: packed.map_or(0, |pk| pk.ld),
        route,
    };
    // SAFETY: the views are valid (checked or vouched for by the caller).
    unsafe { run(ctx, isa, p) }
}

/// As [`gemm_batched_raw`] for safe views when `batch <= 1`.
#[allow(clippy::too_many_arguments)]
pub fn gemm_batched(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    batch: usize,
    strides: BatchStrides,
    a: MatRef<'_>,
    b: MatRef<'_>,
    c: MatMut<'_>,
    epi: &Epilogue<'_>,
) -> Result<()> {
    if batch > 1 {
        return Err(bad(
            "batch",
            "batch <= 1 (use gemm_batched_raw for batches)",
        ));
    }
    // SAFETY: with at most one matrix, the checked views are all that is read or written.
    unsafe { gemm_batched_raw(ctx, isa, batch, strides, a, b, c, epi) }
}

/// One level's kernels and block sizes (`tiles.rs`).
#[derive(Clone, Copy)]
pub(crate) struct Impl {
    mr: usize,
    nr: usize,
    lanes: usize,
    mc: usize,
    kc: usize,
    nc: usize,
    /// `(k_major, rows, vectors) -> kernel`
    pick: fn(bool, usize, usize) -> KernelFn,
    pack_a: PackAFn,
    pack_b: PackBFn,
    gemv: gemv::GemvFn,
    few_rows: few_rows::FewRowsFn,
    /// For 5 to 8 rows, which 8 lanes hold (see `gemv.rs` for when it is used).
    gemv_lanes: Option<gemv::GemvLanesFn>,
}

impl Impl {
    fn get(level: Isa) -> Impl {
        etk_simd::dispatch(level, tiles::ImplOf)
    }

    /// The depth of the k blocks of a product `k` deep (`level::k_block`).
    fn kc_for(&self, k: usize) -> usize {
        level::k_block(self.kc, k)
    }
}

/// A validated problem in pointer form.
#[derive(Clone, Copy)]
struct Problem {
    m: usize,
    n: usize,
    k: usize,
    batch: usize,
    strides: BatchStrides,
    a: MatPtr,
    b: MatPtr,
    c: MatPtr,
    d: Option<MatPtr>,
    alpha: f32,
    beta: f32,
    bias_kind: BiasKind,
    bias: MatPtr,
    act: Act,
    /// B packed for all k blocks and columns ([`PackedB`]), or null; `packed_ld` its `n_pad`.
    packed_b: *const f32,
    packed_ld: usize,
    route: Route,
}

impl Problem {
    /// The same product transposed: `C^T = B^T A^T`.
    fn transposed(self) -> Problem {
        let t = |m: MatPtr| MatPtr {
            rs: m.cs,
            cs: m.rs,
            ..m
        };
        Problem {
            m: self.n,
            n: self.m,
            a: t(self.b),
            b: t(self.a),
            c: t(self.c),
            d: self.d.map(t),
            strides: BatchStrides {
                a: self.strides.b,
                b: self.strides.a,
                ..self.strides
            },
            bias_kind: match self.bias_kind {
                BiasKind::Row => BiasKind::Col,
                BiasKind::Col => BiasKind::Row,
                BiasKind::None => BiasKind::None,
            },
            bias: t(self.bias),
            // the packed operand was B's, now A's: it is not used.
            packed_b: core::ptr::null(),
            ..self
        }
    }

    fn at_batch(&self, t: usize) -> Problem {
        let mv = |m: MatPtr, s: isize| MatPtr {
            ptr: m.ptr.wrapping_offset(t as isize * s * m.dt.size() as isize),
            ..m
        };
        Problem {
            a: mv(self.a, self.strides.a),
            b: mv(self.b, self.strides.b),
            c: mv(self.c, self.strides.c),
            d: self.d.map(|d| {
                // the out's own contents move with the out.
                if d.ptr == self.c.ptr && d.rs == self.c.rs && d.cs == self.c.cs {
                    mv(d, self.strides.c)
                } else {
                    mv(d, self.strides.addend)
                }
            }),
            ..*self
        }
    }

    fn epi(&self, acc: *mut f32, acc_ld: isize, first: bool, last: bool) -> Epi {
        let d = if first { self.d } else { None };
        // the out takes the sums as they are: f32 holding the earlier blocks' sums, or any
        // dtype when there are none.
        let plain_c = self.c.cs == 1
            && if self.c.dt == Dt::F32 {
                acc as *const u8 == self.c.ptr && acc_ld == self.c.rs
            } else {
                first
            };
        let simple = d.is_none()
            && (!last || (self.bias_kind == BiasKind::None && self.act == Act::None && plain_c));
        Epi {
            alpha: self.alpha,
            beta: self.beta,
            acc,
            acc_ld,
            read_prev: !first,
            d,
            last,
            bias_kind: self.bias_kind,
            bias: self.bias,
            act: self.act,
            c: self.c,
            simple,
        }
    }
}

/// Raw pointers handed to the tasks (each task uses only its own buffers).
#[derive(Clone, Copy)]
struct Bufs {
    a: *mut f32,
    b: *mut f32,
    ws: *mut f32,
}

/// Block sizes for one run.
#[derive(Clone, Copy)]
struct Blocks {
    mc: usize,
    kc: usize,
    nc: usize,
}

/// A rectangle of the out (and a range of batches) one task computes.
#[derive(Clone, Copy, Debug)]
struct Task {
    rows: (usize, usize),
    cols: (usize, usize),
    batches: (usize, usize),
}

struct SyncPtr<T>(T);
// SAFETY: the tasks share read-only problem data and write disjoint parts of the out and of
// the scratch.
unsafe impl<T> Sync for SyncPtr<T> {}

impl<T> SyncPtr<T> {
    fn get(&self) -> &T {
        &self.0
    }
}

/// # Safety
/// The problem's pointers must be valid as [`gemm_batched_raw`] requires.
unsafe fn run(ctx: &mut KernelContext<'_>, isa: Isa, mut p: Problem) -> Result<()> {
    if p.m == 0 || p.n == 0 || p.batch == 0 {
        return Ok(());
    }
    if p.c.cs != 1 && p.c.rs == 1 {
        p = p.transposed();
    }
    if p.k == 0 || p.alpha == 0.0 {
        // no product: act(beta * D + bias) only.
        for t in 0..p.batch {
            let q = p.at_batch(t);
            let ep = q.epi(core::ptr::null_mut(), 0, true, true);
            for i in 0..q.m {
                for j in 0..q.n {
                    // SAFETY: `(i, j)` is an element of the out (and of D, the bias).
                    unsafe { ep.finish(0.0, i, j) };
                }
            }
        }
        return Ok(());
    }
    let imp = &Impl::get(isa);
    let parallel = ctx.parallel;
    let (m, n, k, b) = (p.m, p.n, p.k, p.batch);
    let n_tasks = ctx.tasks_for(etk_core::Work {
        flops: 2usize
            .saturating_mul(m)
            .saturating_mul(n)
            .saturating_mul(k)
            .saturating_mul(b),
        bytes: (m * k + k * n + m * n).saturating_mul(4).saturating_mul(b),
    });
    if p.route == Route::Auto && dot_path(p.m, p.b.rs, p.b.cs) {
        // SAFETY: forwarded from the caller.
        return unsafe { run_gemv(ctx, imp, &p, n_tasks) };
    }
    // SAFETY: forwarded from the caller.
    if few_rows::takes(&p) && unsafe { few_rows::run(ctx, imp, &p, n_tasks) } {
        return Ok(());
    }
    ctx.scratch.scope(|scratch| {
        let mut p = p;
        // A small Half / BFloat16 operand that f32 would read in place is widened into
        // scratch in the same layout first: one bulk conversion costs less than packing it
        // block by block (interleaved medians, 64^3 bf16 13.5 -> 10.8 us, 128^3 78 -> 71).
        let packed = !p.packed_b.is_null();
        if p.batch == 1 {
            if let Some(a) = widened(scratch, isa, p.a, p.m, p.k, |a| direct_a(&p, a)) {
                p.a = a;
            }
            if !packed
                && let Some(b) = widened(scratch, isa, p.b, p.k, p.n, |b| direct_b(&p, imp, b))
            {
                p.b = b;
            }
        }
        // A prepacked B is read from its panels (the values packing gives, read in the same
        // order as B in place: the same sums).
        let (direct_a, direct_b) = (direct_a(&p, p.a), !packed && direct_b(&p, imp, p.b));
        let plan = |n_tasks: usize,
                    full: bool|
         -> Option<(Blocks, [Task; MAX_TASKS], usize, [Bufs; MAX_TASKS])> {
            let (tasks, nt) = split(&p, imp, n_tasks, parallel.num_threads());
            let kc = imp.kc_for(p.k);
            let (mut mc, mut nc) = if full {
                (imp.mc, imp.nc)
            } else {
                (imp.mr, imp.nr)
            };
            let needs_ws = (p.c.dt != Dt::F32 || p.c.cs != 1) && p.k > kc;
            // the largest task decides the buffer sizes.
            let (mut tm, mut tn) = (0, 0);
            for t in &tasks[..nt] {
                tm = tm.max(t.rows.1 - t.rows.0);
                tn = tn.max(t.cols.1 - t.cols.0);
            }
            // balanced blocks: 1024 rows in two blocks of 516, not 960 + 64.
            let blocks_m = tm.div_ceil(mc).max(1);
            mc = tm.div_ceil(blocks_m).next_multiple_of(imp.mr);
            if needs_ws {
                const WS_BYTES: usize = 4 << 20;
                let rows = (WS_BYTES / 4 / tn.max(1)) / imp.mr * imp.mr;
                mc = mc.min(rows.max(imp.mr));
            }
            let blocks_n = tn.div_ceil(nc).max(1);
            nc = tn.div_ceil(blocks_n).next_multiple_of(imp.nr);
            let sizes = [
                mc * a_row_ld(kc),
                kc * nc,
                if needs_ws { mc * tn } else { 0 },
            ];
            // each allocation may lose up to 64 bytes to alignment.
            let need = nt
                * sizes
                    .iter()
                    .filter(|&&s| s > 0)
                    .map(|s| s * 4 + 64)
                    .sum::<usize>();
            if need > scratch.remaining() {
                return None;
            }
            let mut bufs = [Bufs {
                a: core::ptr::null_mut(),
                b: core::ptr::null_mut(),
                ws: core::ptr::null_mut(),
            }; MAX_TASKS];
            for b in bufs.iter_mut().take(nt) {
                b.a = scratch
                    .alloc_for_overwrite::<f32>(OP, sizes[0])
                    .ok()?
                    .as_mut_ptr();
                // (a prepacked B needs no buffer, but counts above as packing's would: the
                // same blocks, so the same sums, either way)
                if sizes[1] > 0 && !packed {
                    b.b = scratch
                        .alloc_for_overwrite::<f32>(OP, sizes[1])
                        .ok()?
                        .as_mut_ptr();
                }
                if needs_ws {
                    b.ws = scratch.alloc::<f32>(OP, sizes[2]).ok()?.as_mut_ptr();
                }
            }
            Some((Blocks { mc, kc, nc }, tasks, nt, bufs))
        };
        // fewer tasks before smaller blocks: the buffers of several tasks per thread may not
        // fit where one per thread does
        let planned = plan(n_tasks, true)
            .or_else(|| plan(n_tasks.min(parallel.num_threads()), true))
            .or_else(|| plan(1, false));
        let Some((blocks, tasks, nt, bufs)) = planned else {
            // SAFETY: forwarded from the caller.
            unsafe { unblocked(imp, &p) };
            return Ok(());
        };
        let shared = SyncPtr((&p, imp, blocks, &tasks, &bufs));
        let body = |t: usize| {
            let &(p, imp, blocks, tasks, bufs) = shared.get();
            // SAFETY: each task writes its own rectangle of the out and its own buffers.
            unsafe { run_task(p, imp, blocks, tasks[t], bufs[t], (direct_a, direct_b)) };
        };
        if nt == 1 {
            body(0);
        } else {
            parallel.run(nt, &body);
        }
        Ok(())
    })
}

/// f32 row-major A is read in place when packing it would not pay: few columns to reuse each
/// packed panel for, and a row stride that does not alias in the cache.
fn direct_a(p: &Problem, a: MatPtr) -> bool {
    a.dt == Dt::F32
        && a.cs == 1
        && a.rs > 0
        && p.n <= DIRECT_A_MAX_N
        && !(a.rs as usize * 4).is_multiple_of(4096)
}

/// Likewise f32 row-major B whose columns fill whole panels, for few rows.
fn direct_b(p: &Problem, imp: &Impl, b: MatPtr) -> bool {
    b.dt == Dt::F32
        && b.cs == 1
        && b.rs > 0
        && p.n.is_multiple_of(imp.nr)
        && p.m <= DIRECT_B_MAX_M
        && imp.kc_for(p.k) * b.rs as usize * 4 <= DIRECT_B_MAX_SPAN
        && !(b.rs as usize * 4).is_multiple_of(4096)
}

/// At most this many elements of a Half / BFloat16 operand are widened up front.
const WIDEN_MAX: usize = 64 << 10;

/// `m` (`rows x cols`, row-major Half or BFloat16) widened to f32 in scratch, with a row
/// stride of whole cache lines that is not a multiple of 4 KiB, if `direct` would then read
/// it in place and the scratch has room.
fn widened(
    scratch: &Scratch<'_>,
    isa: Isa,
    m: MatPtr,
    rows: usize,
    cols: usize,
    direct: impl Fn(MatPtr) -> bool,
) -> Option<MatPtr> {
    if m.dt == Dt::F32 || m.cs != 1 || rows * cols > WIDEN_MAX {
        return None;
    }
    let mut ld = cols.next_multiple_of(16);
    if (ld * 4).is_multiple_of(4096) {
        ld += 16;
    }
    let out = MatPtr {
        dt: Dt::F32,
        rs: ld as isize,
        cs: 1,
        ptr: core::ptr::null(),
    };
    if !direct(out) {
        return None;
    }
    let buf = scratch.alloc_for_overwrite::<f32>(OP, rows * ld).ok()?;
    for (i, row) in buf.chunks_exact_mut(ld).enumerate() {
        let dst = &mut row[..cols];
        // SAFETY: row `i` of `m` holds `cols` contiguous elements of its dtype.
        unsafe {
            let src = m.at(i, 0);
            match m.dt {
                Dt::F16 => convert::f16_to_f32(
                    isa,
                    core::slice::from_raw_parts(src as *const half::f16, cols),
                    dst,
                ),
                Dt::Bf16 => convert::bf16_to_f32(
                    isa,
                    core::slice::from_raw_parts(src as *const half::bf16, cols),
                    dst,
                ),
                Dt::F32 => unreachable!(),
            }
        }
    }
    Some(MatPtr {
        ptr: buf.as_ptr() as *const u8,
        ..out
    })
}

/// Up to this many rows, a product with a k-contiguous B takes the unpacked dot-product path.
pub(crate) const GEMV_MAX_M: usize = 8;

/// Up to this many columns (per call), f32 row-major A is not packed.
const DIRECT_A_MAX_N: usize = 128;

/// Up to this many rows (per call), f32 row-major B is not packed.
const DIRECT_B_MAX_M: usize = 128;

/// ... and only while one block of B read in place spans at most this many bytes: longer rows
/// put the kernel's 128-byte reads of `kc` rows into few cache sets (a 3 KiB row stride cycles
/// through 4 of L1's 64 sets), and packing wins (128x768x768: 987 -> 896 us).
const DIRECT_B_MAX_SPAN: usize = 64 << 10;

/// The matrix-vector-like path (`gemv.rs`): tasks split the columns (or the batches).
///
/// # Safety
/// As [`run`].
unsafe fn run_gemv(
    ctx: &mut KernelContext<'_>,
    imp: &Impl,
    p: &Problem,
    n_tasks: usize,
) -> Result<()> {
    let parallel = ctx.parallel;
    // A is read straight when it is f32 with unit stride along K, else converted per batch.
    let direct = p.a.dt == Dt::F32 && p.a.cs == 1 && p.a.rs >= 0;
    // columns in chunks of 8, whatever the tile sizes.
    let (tasks, nt) = column_tasks(p, n_tasks, 8);
    let mut lanes = imp.gemv_lanes.filter(|_| {
        let streamed = p.b.dt == Dt::F32
            && etk_simd::last_level_cache_bytes().is_some_and(|llc| p.k * p.n * 4 > llc);
        let min_m = if streamed {
            gemv::LANES_MIN_M_STREAMED
        } else {
            gemv::LANES_MIN_M
        };
        p.m >= min_m && p.m <= imp.lanes
    });
    ctx.scratch.scope(|scratch| {
        let mut bufs = [core::ptr::null_mut::<f32>(); MAX_TASKS];
        if !direct || lanes.is_some() {
            let len = if lanes.is_some() {
                imp.lanes * p.k
            } else {
                p.m * p.k
            };
            for b in bufs.iter_mut().take(nt) {
                match scratch.alloc::<f32>(OP, len) {
                    Ok(s) => *b = s.as_mut_ptr(),
                    // An f32 A read in place needs no buffer in the dot form.
                    Err(_) if direct => {
                        lanes = None;
                        break;
                    }
                    Err(_) => {
                        // SAFETY: forwarded from the caller.
                        unsafe { unblocked(imp, p) };
                        return Ok(());
                    }
                }
            }
        }
        let shared = SyncPtr((p, imp, &tasks, &bufs));
        let body = |t: usize| {
            let &(p, imp, tasks, bufs) = shared.get();
            let task = tasks[t];
            for bt in task.batches.0..task.batches.1 {
                let q = p.at_batch(bt);
                // SAFETY: each task writes its own columns of the out and its own buffer.
                unsafe {
                    let ep = q.epi(core::ptr::null_mut(), 0, true, true);
                    if let Some(f) = lanes {
                        let (at, l) = (bufs[t], imp.lanes);
                        core::ptr::write_bytes(at, 0, l * q.k);
                        a_into(&q, at, 1, l);
                        f(at, q.b, q.k, q.m, task.cols.0, task.cols.1, &ep);
                        continue;
                    }
                    let (a, lda) = if direct {
                        (q.a.ptr as *const f32, q.a.rs as usize)
                    } else {
                        a_into(&q, bufs[t], q.k, 1);
                        (bufs[t] as *const f32, q.k)
                    };
                    (imp.gemv)(a, lda, q.b, q.k, task.cols.0, task.cols.1, &ep, q.m);
                }
            }
        };
        if nt == 1 {
            body(0);
        } else {
            parallel.run(nt, &body);
        }
        Ok(())
    })
}

/// Tasks for the paths that split the columns of each batch (in chunks of `align`), or the
/// batches when there are as many as tasks.
fn column_tasks(p: &Problem, n_tasks: usize, align: usize) -> ([Task; MAX_TASKS], usize) {
    let n_tasks = n_tasks.clamp(1, MAX_TASKS);
    let mut tasks = [Task {
        rows: (0, p.m),
        cols: (0, p.n),
        batches: (0, p.batch),
    }; MAX_TASKS];
    if n_tasks == 1 {
        return (tasks, 1);
    }
    if p.batch >= n_tasks {
        for (t, task) in tasks.iter_mut().enumerate().take(n_tasks) {
            task.batches = (t * p.batch / n_tasks, (t + 1) * p.batch / n_tasks);
        }
        return (tasks, n_tasks);
    }
    let chunks = p.n.div_ceil(align);
    // every batch split alike, at most `MAX_TASKS` tasks in all
    let parts = n_tasks
        .div_ceil(p.batch)
        .min(MAX_TASKS / p.batch)
        .min(chunks)
        .max(1);
    let mut nt = 0;
    for bt in 0..p.batch {
        for s in 0..parts {
            let (c0, c1) = (
                s * chunks / parts * align,
                ((s + 1) * chunks / parts * align).min(p.n),
            );
            if nt < MAX_TASKS && c0 < c1 {
                tasks[nt] = Task {
                    rows: (0, p.m),
                    cols: (c0, c1),
                    batches: (bt, bt + 1),
                };
                nt += 1;
            }
        }
    }
    (tasks, nt)
}

/// A's `m x k` values as f32 into `buf`, element `(i, kk)` at `i * rs + kk * cs`.
///
/// # Safety
/// `buf` must be writable at every such offset.
unsafe fn a_into(q: &Problem, buf: *mut f32, rs: usize, cs: usize) {
    for i in 0..q.m {
        for kk in 0..q.k {
            // SAFETY: (i, kk) is inside A; the offset inside `buf` by the caller's contract.
            unsafe { *buf.add(i * rs + kk * cs) = kernel::read(q.a.at(i, kk), q.a.dt) };
        }
    }
}

/// The most tasks one call is split into.
const MAX_TASKS: usize = 16;

/// The fewest row tiles of a task past one per thread (B read again by each band).
const MIN_BAND_TILES: usize = 4;

/// Splits the work into at most `n` tasks (at most [`MAX_TASKS`]) for `threads` threads: past
/// one per thread only where the extra tasks pack nothing twice (whole batches, or row bands of
/// at least [`MIN_BAND_TILES`] tiles against a prepacked B).
fn split(p: &Problem, imp: &Impl, n: usize, threads: usize) -> ([Task; MAX_TASKS], usize) {
    let mut n = n.clamp(1, MAX_TASKS);
    let mut tasks = [Task {
        rows: (0, 0),
        cols: (0, 0),
        batches: (0, 0),
    }; MAX_TASKS];
    let whole = Task {
        rows: (0, p.m),
        cols: (0, p.n),
        batches: (0, p.batch),
    };
    if n == 1 {
        tasks[0] = whole;
        return (tasks, 1);
    }
    // one batch at a time, split along M or N in whole tiles. Splitting N duplicates the
    // packing of A (M x K per task), splitting M that of B (K x N) unless B is prepacked.
    let (m_tiles, n_tiles) = (p.m.div_ceil(imp.mr), p.n.div_ceil(imp.nr));
    let bands_free = !p.packed_b.is_null() && m_tiles >= MIN_BAND_TILES * n;
    if p.batch < n && !bands_free {
        n = n.min(threads.max(1));
    }
    if p.batch >= n {
        for (t, task) in tasks.iter_mut().enumerate().take(n) {
            *task = Task {
                batches: (t * p.batch / n, (t + 1) * p.batch / n),
                ..whole
            };
        }
        return (tasks, n);
    }
    let by_m = bands_free || (p.m >= p.n && m_tiles >= n) || n_tiles < n;
    let tiles = if by_m { m_tiles } else { n_tiles };
    // every batch split alike, at most `MAX_TASKS` tasks in all
    let parts = n
        .div_ceil(p.batch)
        .min(MAX_TASKS / p.batch)
        .min(tiles)
        .max(1);
    let mut nt = 0;
    for bt in 0..p.batch {
        for s in 0..parts {
            let (t0, t1) = (s * tiles / parts, (s + 1) * tiles / parts);
            let (r, c) = if by_m {
                ((t0 * imp.mr, (t1 * imp.mr).min(p.m)), (0, p.n))
            } else {
                ((0, p.m), (t0 * imp.nr, (t1 * imp.nr).min(p.n)))
            };
            if nt < MAX_TASKS {
                tasks[nt] = Task {
                    rows: r,
                    cols: c,
                    batches: (bt, bt + 1),
                };
                nt += 1;
            }
        }
    }
    (tasks, nt)
}

/// One task: the blocked loops over its rectangle.
///
/// # Safety
/// As [`run`]; `bufs` sized for `blocks` and the task.
unsafe fn run_task(
    p: &Problem,
    imp: &Impl,
    blocks: Blocks,
    task: Task,
    bufs: Bufs,
    (direct_a, direct_b): (bool, bool),
) {
    unsafe {
        let (mr, nr, lanes) = (imp.mr, imp.nr, imp.lanes);
        let (r0, r1) = task.rows;
        let (c0, c1) = task.cols;
        for bt in task.batches.0..task.batches.1 {
            let q = p.at_batch(bt);
            let row_major_a = q.a.cs == 1;
            let use_ws = !bufs.ws.is_null();
            for ic in (r0..r1).step_by(blocks.mc) {
                let mc = blocks.mc.min(r1 - ic);
                let (acc, acc_ld) = if use_ws {
                    let ld = (c1 - c0) as isize;
                    // so that `acc + i * ld + j` is `ws[(i - ic) * ld + (j - c0)]`.
                    (
                        bufs.ws.wrapping_offset(-(ic as isize * ld + c0 as isize)),
                        ld,
                    )
                } else {
                    (q.c.ptr as *mut f32, q.c.rs)
                };
                for pc in (0..q.k).step_by(blocks.kc) {
                    let kc = blocks.kc.min(q.k - pc);
                    let ep = q.epi(acc, acc_ld, pc == 0, pc + kc == q.k);
                    let a_blk = MatPtr {
                        ptr: q.a.at(ic, pc),
                        ..q.a
                    };
                    let a_ld = if direct_a {
                        q.a.rs as usize
                    } else if row_major_a {
                        (imp.pack_a)(bufs.a, a_blk, mc, kc, mr, row_major_a);
                        a_row_ld(kc)
                    } else {
                        (imp.pack_a)(bufs.a, a_blk, mc, kc, mr, row_major_a);
                        mr
                    };
                    for jc in (c0..c1).step_by(blocks.nc) {
                        let nc = blocks.nc.min(c1 - jc);
                        let b_blk = MatPtr {
                            ptr: q.b.at(pc, jc),
                            ..q.b
                        };
                        let packed = !q.packed_b.is_null();
                        if !direct_b && !packed {
                            (imp.pack_b)(bufs.b, b_blk, kc, nc, nr);
                        }
                        for (qi, ir) in (0..mc).step_by(mr).enumerate() {
                            let h = mr.min(mc - ir);
                            let a_panel = if direct_a {
                                a_blk.at(ir, 0) as *const f32
                            } else if row_major_a {
                                bufs.a.add(qi * mr * a_ld) as *const f32
                            } else {
                                bufs.a.add(qi * mr * kc)
                            };
                            for (pj, jr) in (0..nc).step_by(nr).enumerate() {
                                let w = nr.min(nc - jr);
                                let kern = (imp.pick)(!row_major_a, h, w.div_ceil(lanes));
                                let (b_panel, b_ld) = if direct_b {
                                    (b_blk.at(0, jr) as *const f32, q.b.rs as usize)
                                } else if packed {
                                    let panel = (jc + jr) / nr;
                                    let at = pc * q.packed_ld + panel * nr * kc;
                                    (q.packed_b.add(at), nr)
                                } else {
                                    (bufs.b.add(pj * nr * kc) as *const f32, nr)
                                };
                                kern(
                                    kc,
                                    a_panel,
                                    a_ld,
                                    b_panel,
                                    b_ld,
                                    ic + ir,
                                    jc + jr,
                                    h,
                                    w,
                                    &ep,
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The product without blocking or scratch (same numerics, slow). A packed B is read from its
/// panels: a B given only as panels (`gemm_packed_raw`) has no other values to read.
///
/// # Safety
/// As [`run`].
unsafe fn unblocked(imp: &Impl, p: &Problem) {
    let (nr, kb) = (imp.nr, imp.kc_for(p.k));
    for t in 0..p.batch {
        let q = p.at_batch(t);
        let ep = q.epi(core::ptr::null_mut(), 0, true, true);
        let b_at = |kk: usize, j: usize| -> f32 {
            // SAFETY: `(kk, j)` is an element of B; in the panels, k block `pc` (`rows` deep)
            // holds it in panel `j / nr` at row `kk - pc` (`packed_b_layout`).
            unsafe {
                if q.packed_b.is_null() {
                    kernel::read(q.b.at(kk, j), q.b.dt)
                } else {
                    let pc = kk / kb * kb;
                    let rows = kb.min(q.k - pc);
                    let at = pc * q.packed_ld + j / nr * nr * rows + (kk - pc) * nr + j % nr;
                    *q.packed_b.add(at)
                }
            }
        };
        for i in 0..q.m {
            for j in 0..q.n {
                let mut acc = 0f32;
                // SAFETY: indices within the validated shapes.
                unsafe {
                    for kk in 0..q.k {
                        acc += kernel::read(q.a.at(i, kk), q.a.dt) * b_at(kk, j);
                    }
                    ep.finish(q.alpha * acc, i, j);
                }
            }
        }
    }
}
