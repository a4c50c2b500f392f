//! Property tests of the GEMM against a naive f64 reference, at every ISA level this machine
//! has (the level is a parameter, so one process covers them all): random M, N, K (0, 1, tails,
//! several k blocks), row-/column-major, padded and general strides for every operand, f32,
//! f16 and bf16 in any combination, alpha/beta, an addend that broadcasts, bias per row or
//! column, ReLU/clamp, one to three threads, and scratch too small for the blocked path.
//!
//! Inputs are multiples of 1/64 in [-1, 1], so every product and partial sum is exact in f32
//! whatever the summation order: the only roundings are the epilogue's and the out's.

use etk_core::{KernelContext, Parallel, ScopedThreads, Serial};
use etk_optimized::gemm::{
    self, Activation, BatchStrides, Bias, Dt, Epilogue, GemmElem, Isa, MatMut, MatRef,
};
use half::{bf16, f16};
use proptest::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Layout {
    Row,
    Col,
    RowPad,
    ColPad,
    /// neither stride is 1
    Strided,
}

impl Layout {
    /// (rs, cs, buffer length) for a `rows x cols` matrix.
    fn strides(self, rows: usize, cols: usize) -> (isize, isize, usize) {
        let (r, c) = (rows as isize, cols as isize);
        let (rs, cs) = match self {
            Layout::Row => (c, 1),
            Layout::Col => (1, r),
            Layout::RowPad => (c + 3, 1),
            Layout::ColPad => (1, r + 5),
            Layout::Strided => (2 * c + 1, 2),
        };
        let len = if rows == 0 || cols == 0 {
            0
        } else {
            ((r - 1) * rs + (c - 1) * cs + 1) as usize
        };
        (rs, cs, len)
    }
}

/// A buffer of one of the GEMM's element types.
#[derive(Clone, Debug)]
enum Buf {
    F32(Vec<f32>),
    F16(Vec<f16>),
    Bf16(Vec<bf16>),
}

impl Buf {
    fn new(dt: Dt, vals: &[f32]) -> Buf {
        match dt {
            Dt::F32 => Buf::F32(vals.to_vec()),
            Dt::F16 => Buf::F16(vals.iter().map(|&x| f16::from_f32(x)).collect()),
            Dt::Bf16 => Buf::Bf16(vals.iter().map(|&x| bf16::from_f32(x)).collect()),
        }
    }
    fn get(&self, i: usize) -> f64 {
        match self {
            Buf::F32(v) => v[i] as f64,
            Buf::F16(v) => v[i].to_f64(),
            Buf::Bf16(v) => v[i].to_f64(),
        }
    }
    fn mat(&self, rows: usize, cols: usize, rs: isize, cs: isize) -> MatRef<'_> {
        fn m<T: GemmElem>(v: &[T], r: usize, c: usize, rs: isize, cs: isize) -> MatRef<'_> {
            MatRef::new(v, r, c, rs, cs).unwrap()
        }
        match self {
            Buf::F32(v) => m(v, rows, cols, rs, cs),
            Buf::F16(v) => m(v, rows, cols, rs, cs),
            Buf::Bf16(v) => m(v, rows, cols, rs, cs),
        }
    }
    fn mat_mut(&mut self, rows: usize, cols: usize, rs: isize, cs: isize) -> MatMut<'_> {
        fn m<T: GemmElem>(v: &mut [T], r: usize, c: usize, rs: isize, cs: isize) -> MatMut<'_> {
            MatMut::new(v, r, c, rs, cs).unwrap()
        }
        match self {
            Buf::F32(v) => m(v, rows, cols, rs, cs),
            Buf::F16(v) => m(v, rows, cols, rs, cs),
            Buf::Bf16(v) => m(v, rows, cols, rs, cs),
        }
    }
    /// The value `x` takes when stored in this buffer's dtype.
    fn round(&self, x: f64) -> f64 {
        match self {
            Buf::F32(_) => x as f32 as f64,
            Buf::F16(_) => f16::from_f32(x as f32).to_f64(),
            Buf::Bf16(_) => bf16::from_f32(x as f32).to_f64(),
        }
    }
    /// Half an ulp of the dtype at `x`, plus a little.
    fn tol(&self, x: f64) -> f64 {
        let rel = match self {
            Buf::F32(_) => 1e-6,
            Buf::F16(_) => 1e-3,
            Buf::Bf16(_) => 8e-3,
        };
        rel * (1.0 + x.abs())
    }
}

#[derive(Clone, Copy, Debug)]
enum Addend {
    /// the out's own contents
    Out,
    Full(Layout, Dt),
    /// one row broadcast down: `[1, N]`
    Row(Dt),
    /// one column broadcast across: `[M, 1]`
    Col(Dt),
    Scalar(Dt),
}

#[derive(Clone, Copy, Debug)]
enum BiasCase {
    None,
    PerRow(Dt),
    PerCol(Dt),
}

#[derive(Clone, Debug)]
struct Case {
    m: usize,
    n: usize,
    k: usize,
    la: Layout,
    lb: Layout,
    lc: Layout,
    da: Dt,
    db: Dt,
    dc: Dt,
    alpha: f32,
    beta: f32,
    addend: Addend,
    bias: BiasCase,
    act: Activation,
    threads: usize,
    /// 0: plenty, 1: only for one-tile blocks, 2: none
    scratch: u8,
    seed: u64,
}

fn values(n: usize, seed: &mut u64) -> Vec<f32> {
    (0..n)
        .map(|_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            ((*seed >> 20) % 129) as f32 / 64.0 - 1.0
        })
        .collect()
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn run_case(c: &Case, isa: Isa) -> Result<(), TestCaseError> {
    let (m, n, k) = (c.m, c.n, c.k);
    let mut seed = c.seed | 1;
    let (ars, acs, alen) = c.la.strides(m, k);
    let (brs, bcs, blen) = c.lb.strides(k, n);
    let (crs, ccs, clen) = c.lc.strides(m, n);
    let a = Buf::new(c.da, &values(alen, &mut seed));
    let b = Buf::new(c.db, &values(blen, &mut seed));
    let c0 = Buf::new(c.dc, &values(clen, &mut seed));
    let mut out = c0.clone();
    // the addend: (buffer, rs, cs)
    let addend = match c.addend {
        Addend::Out => None,
        Addend::Full(l, dt) => {
            let (rs, cs, len) = l.strides(m, n);
            Some((Buf::new(dt, &values(len, &mut seed)), rs, cs))
        }
        Addend::Row(dt) => Some((Buf::new(dt, &values(n.max(1), &mut seed)), 0, 1)),
        Addend::Col(dt) => Some((Buf::new(dt, &values(m.max(1), &mut seed)), 1, 0)),
        Addend::Scalar(dt) => Some((Buf::new(dt, &values(1, &mut seed)), 0, 0)),
    };
    let bias = match c.bias {
        BiasCase::None => None,
        BiasCase::PerRow(dt) => Some((Buf::new(dt, &values(m, &mut seed)), true)),
        BiasCase::PerCol(dt) => Some((Buf::new(dt, &values(n, &mut seed)), false)),
    };
    // NaN bytes: a kernel reading scratch it did not write shows in its out. The buffer is
    // this thread's, refilled per case: a fresh 32 MiB one per case spent most of the test's
    // time in page faults (seconds under qemu).
    SCRATCH.with_borrow_mut(|scratch| {
        scratch.clear();
        scratch.resize([32 << 20, 64 << 10, 0][c.scratch as usize], 0xff);
        let par = ScopedThreads(c.threads);
        let serial = Serial;
        let par: &dyn Parallel = if c.threads == 1 { &serial } else { &par };
        let mut ctx = KernelContext::new(scratch, par);
        let d = addend.as_ref().map(|(buf, rs, cs)| buf.mat(m, n, *rs, *cs));
        let bias_v = match &bias {
            None => Bias::None,
            Some((buf, true)) => Bias::PerRow(buf.mat(m, 1, 1, 1)),
            Some((buf, false)) => Bias::PerCol(buf.mat(n, 1, 1, 1)),
        };
        let epi = Epilogue {
            alpha: c.alpha,
            beta: c.beta,
            addend: d,
            bias: bias_v,
            act: c.act,
        };
        let am = a.mat(m, k, ars, acs);
        let bm = b.mat(k, n, brs, bcs);
        let cm = out.mat_mut(m, n, crs, ccs);
        gemm::gemm(&mut ctx, isa, am, bm, cm, &epi).unwrap();
    });
    let mut in_view = vec![false; clen];
    for i in 0..m {
        for j in 0..n {
            let off = (i as isize * crs + j as isize * ccs) as usize;
            in_view[off] = true;
            let mut acc = 0f64;
            for p in 0..k {
                let av = a.get((i as isize * ars + p as isize * acs) as usize);
                let bv = b.get((p as isize * brs + j as isize * bcs) as usize);
                acc += av * bv;
            }
            let mut v = if k == 0 || c.alpha == 0.0 {
                0.0
            } else {
                c.alpha as f64 * acc
            };
            if c.beta != 0.0 {
                let dv = match &addend {
                    None => c0.get(off),
                    Some((buf, rs, cs)) => buf.get((i as isize * rs + j as isize * cs) as usize),
                };
                v += c.beta as f64 * dv;
            }
            match &bias {
                None => {}
                Some((buf, true)) => v += buf.get(i),
                Some((buf, false)) => v += buf.get(j),
            }
            v = match c.act {
                Activation::None => v,
                Activation::Relu => v.max(0.0),
                Activation::Clamp { min, max } => v.max(min as f64).min(max as f64),
            };
            let want = out.round(v);
            let got = out.get(off);
            prop_assert!(
                (got - want).abs() <= out.tol(want),
                "{isa} {c:?}: at ({i}, {j}) got {got}, want {want}"
            );
        }
    }
    for (off, &seen) in in_view.iter().enumerate() {
        if !seen {
            prop_assert_eq!(
                out.get(off),
                c0.get(off),
                "{} wrote outside the out at {}",
                isa,
                off
            );
        }
    }
    Ok(())
}

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..4, 1usize..40, 30usize..90]
}
fn ksize() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..4, 1usize..70, 200usize..620]
}
fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        Just(Layout::Row),
        Just(Layout::Col),
        Just(Layout::RowPad),
        Just(Layout::ColPad),
        Just(Layout::Strided)
    ]
}
fn dt() -> impl Strategy<Value = Dt> {
    prop_oneof![Just(Dt::F32), Just(Dt::F16), Just(Dt::Bf16)]
}
fn scalar() -> impl Strategy<Value = f32> {
    prop_oneof![
        Just(1.0f32),
        Just(0.0),
        Just(-1.0),
        Just(0.5),
        Just(2.0),
        Just(-1.5)
    ]
}

fn case() -> impl Strategy<Value = Case> {
    let shape = (size(), size(), ksize(), layout(), layout(), layout());
    let types = (dt(), dt(), dt(), scalar(), scalar());
    let addend = prop_oneof![
        Just(Addend::Out),
        (layout(), dt()).prop_map(|(l, d)| Addend::Full(l, d)),
        dt().prop_map(Addend::Row),
        dt().prop_map(Addend::Col),
        dt().prop_map(Addend::Scalar),
    ];
    let bias = prop_oneof![
        Just(BiasCase::None),
        dt().prop_map(BiasCase::PerRow),
        dt().prop_map(BiasCase::PerCol),
    ];
    let act = prop_oneof![
        Just(Activation::None),
        Just(Activation::Relu),
        Just(Activation::Clamp {
            min: -0.5,
            max: 0.75
        }),
    ];
    let run = (
        1usize..4,
        prop_oneof![8 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)],
        any::<u64>(),
    );
    (shape, types, addend, bias, act, run).prop_map(
        |(
            (m, n, k, la, lb, lc),
            (da, db, dc, alpha, beta),
            addend,
            bias,
            act,
            (threads, scratch, seed),
        )| Case {
            m,
            n,
            k,
            la,
            lb,
            lc,
            da,
            db,
            dc,
            alpha,
            beta,
            addend,
            bias,
            act,
            threads,
            scratch,
            seed,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn gemm_matches_reference(c in case()) {
        for &isa in Isa::available_levels() {
            run_case(&c, isa)?;
        }
    }
}

/// `alpha * A @ B` in f32 into a row-major out, A and B in the layouts given.
fn plain(m: usize, n: usize, k: usize, (la, lb): (Layout, Layout), seed: usize) -> Case {
    Case {
        m,
        n,
        k,
        la,
        lb,
        lc: Layout::Row,
        da: Dt::F32,
        db: Dt::F32,
        dc: Dt::F32,
        alpha: 1.0,
        beta: 0.0,
        addend: Addend::Out,
        bias: BiasCase::None,
        act: Activation::None,
        threads: 1,
        scratch: 0,
        seed: seed as u64,
    }
}

/// Plain f32 products of many shapes (every edge-tile size of every level), all layouts.
#[test]
fn every_edge_tile() {
    for &isa in Isa::available_levels() {
        for m in [1, 2, 5, 6, 7, 11, 12, 13, 25] {
            for n in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 65] {
                for (la, lb) in [(Layout::Row, Layout::Row), (Layout::Col, Layout::Col)] {
                    run_case(&plain(m, n, 19, (la, lb), m * 100 + n), isa).unwrap();
                }
            }
        }
    }
}

/// Every row count up to 40, and 64 and 96: each tile height a level has (the assembly ones
/// for full tiles and 8 / 4 rows on AVX-512, 4 / 2 on AVX2, the generic ones for the rest) at
/// the bottom of a product, full and partial widths, A read in place, packed row by row and
/// packed k-major, and a K of two k blocks (520: two of 260, partial sums carried between
/// them).
#[test]
fn every_row_count() {
    for &isa in Isa::available_levels() {
        for m in (1..=40).chain([64, 96]) {
            for (n, k) in [(17, 19), (64, 9), (100, 19), (150, 19), (40, 520)] {
                for (la, lb) in [(Layout::Row, Layout::Row), (Layout::Col, Layout::Col)] {
                    run_case(&plain(m, n, k, (la, lb), m * 1000 + n), isa).unwrap();
                }
            }
        }
    }
}

/// K around the k blocks' depths (about 256, one block up to 384, equal blocks past it: 288
/// in one, 576 in two of 288, 641 in three), every tile edge, A and B packed or in place.
#[test]
fn every_k_block_depth() {
    for &isa in Isa::available_levels() {
        for k in [255, 256, 257, 288, 383, 384, 385, 576, 641] {
            for (m, n) in [(13, 40), (25, 65), (32, 576)] {
                for (la, lb) in [(Layout::Row, Layout::Row), (Layout::Col, Layout::Col)] {
                    run_case(&plain(m, n, k, (la, lb), m * 1000 + k), isa).unwrap();
                }
            }
        }
    }
}

/// 5 and 6 rows against an f32 weight larger than the last-level cache take the rows-in-lanes
/// form on AVX2 (in cache, or with a BFloat16 weight, the dot form, which the test above runs):
/// both weights, a K tail, one and two threads.
#[test]
fn few_rows_against_a_weight_past_the_cache() {
    let Some(llc) = etk_simd::last_level_cache_bytes() else {
        return;
    };
    let k = 1027;
    let mut seed = 0;
    for &isa in Isa::available_levels() {
        for m in 5..=6 {
            for db in [Dt::F32, Dt::Bf16] {
                seed += 1;
                let size = if db == Dt::F32 { 4 } else { 2 };
                let c = Case {
                    m,
                    n: llc / (k * size) + 9,
                    k,
                    la: Layout::Row,
                    lb: Layout::Col,
                    lc: Layout::Row,
                    da: Dt::F32,
                    db,
                    dc: Dt::F32,
                    alpha: 1.0,
                    beta: 0.0,
                    addend: Addend::Out,
                    bias: BiasCase::PerCol(Dt::F32),
                    act: Activation::None,
                    threads: 1 + seed % 2,
                    scratch: 0,
                    seed: seed as u64,
                };
                run_case(&c, isa).unwrap();
            }
        }
    }
}

/// The matrix-vector path (M <= 8 against a B that is contiguous along K, as a `linear`
/// weight is) for every row count, each with its own register blocking, including AVX2's rows
/// in lanes at 7 and 8 (and the dot form there when scratch runs out): tails in N and K,
/// strided and converted A, every epilogue, two threads, and too little scratch.
#[test]
fn few_rows_against_a_transposed_b() {
    let mut seed = 0;
    for &isa in Isa::available_levels() {
        for m in 1..=8 {
            for n in [1, 7, 8, 9, 17, 33] {
                for k in [1, 5, 8, 16, 19, 301] {
                    seed += 1;
                    let pick = |opts: usize| (seed * 7 + m * 3 + n) % opts;
                    let c = Case {
                        m,
                        n,
                        k,
                        la: [Layout::Row, Layout::Col, Layout::Strided][pick(3)],
                        lb: [Layout::Col, Layout::ColPad][pick(2)],
                        lc: [Layout::Row, Layout::Col][seed % 2],
                        da: [Dt::F32, Dt::F32, Dt::F16][pick(3)],
                        db: [Dt::F32, Dt::F16, Dt::F32, Dt::Bf16][seed / 5 % 4],
                        dc: [Dt::F32, Dt::Bf16][pick(2)],
                        alpha: [1.0, 0.5][seed % 2],
                        beta: [0.0, 1.0][pick(2)],
                        addend: Addend::Out,
                        bias: [
                            BiasCase::None,
                            BiasCase::PerRow(Dt::F32),
                            BiasCase::PerCol(Dt::F16),
                        ][seed % 3],
                        act: [Activation::None, Activation::Relu][pick(2)],
                        threads: 1 + seed % 2,
                        scratch: [0, 0, 0, 1, 2][seed % 5] as u8,
                        seed: seed as u64,
                    };
                    run_case(&c, isa).unwrap();
                    // Without scratch for A transposed, 7 and 8 rows of an f32 A read in place
                    // take the dot form.
                    if m >= 7 && n == 33 {
                        let c = Case {
                            la: Layout::Row,
                            da: Dt::F32,
                            db: Dt::F32,
                            scratch: 2,
                            ..c
                        };
                        run_case(&c, isa).unwrap();
                    }
                }
            }
        }
    }
}

/// The few-rows path (M <= 8 against a B read along its rows: row-major in place) for every
/// row count, each with its own column blocking: N from one column to several blocks with a
/// partial one, K across k blocks, converted and strided A, Half / BFloat16 B, every
/// epilogue, outs that keep partial sums in a workspace, two threads, and too little scratch.
#[test]
fn few_rows_against_a_row_major_b() {
    let mut seed = 0;
    for &isa in Isa::available_levels() {
        for m in 1..=8 {
            for n in [1, 16, 17, 33, 130, 291] {
                for k in [1, 7, 19, 257, 530] {
                    seed += 1;
                    let pick = |opts: usize| (seed * 7 + m * 3 + n) % opts;
                    let c = Case {
                        m,
                        n,
                        k,
                        la: [Layout::Row, Layout::Col, Layout::Strided][pick(3)],
                        lb: [Layout::Row, Layout::RowPad][seed % 2],
                        lc: [Layout::Row, Layout::RowPad, Layout::Strided][pick(3)],
                        da: [Dt::F32, Dt::F32, Dt::Bf16][pick(3)],
                        db: [Dt::F32, Dt::F16, Dt::F32, Dt::Bf16][seed / 5 % 4],
                        dc: [Dt::F32, Dt::Bf16, Dt::F32][seed / 3 % 3],
                        alpha: [1.0, 0.5][seed % 2],
                        beta: [0.0, 1.0][pick(2)],
                        addend: [Addend::Out, Addend::Row(Dt::F16)][seed / 7 % 2],
                        bias: [
                            BiasCase::None,
                            BiasCase::PerRow(Dt::F32),
                            BiasCase::PerCol(Dt::Bf16),
                        ][seed % 3],
                        act: [Activation::None, Activation::Relu][pick(2)],
                        threads: 1 + seed % 2,
                        scratch: [0, 0, 0, 1, 2][seed % 5] as u8,
                        seed: seed as u64,
                    };
                    run_case(&c, isa).unwrap();
                }
            }
        }
    }
}

/// Problems larger than one block in each of M, K and N at every level (MC is 960 on the
/// vector levels, NC 128 on AVX2), so the block loops and the repacking between blocks run;
/// the random cases stay below those sizes to keep the suite fast.
#[test]
fn several_blocks_in_every_dimension() {
    for &isa in Isa::available_levels() {
        for (la, lb, dc, threads) in [
            (Layout::Row, Layout::Row, Dt::F32, 1),
            (Layout::Col, Layout::Col, Dt::Bf16, 2),
        ] {
            let c = Case {
                m: 1000,
                n: 1100,
                k: 520,
                la,
                lb,
                lc: Layout::Row,
                da: Dt::F32,
                db: Dt::F32,
                dc,
                alpha: 0.5,
                beta: 1.0,
                addend: Addend::Out,
                bias: BiasCase::PerCol(Dt::F32),
                act: Activation::Relu,
                threads,
                scratch: 0,
                seed: 7,
            };
            run_case(&c, isa).unwrap();
        }
    }
}

/// BLAS conventions: `beta == 0` never reads the out (NaN there is overwritten); `alpha == 0`
/// or `K == 0` never reads A and B.
#[test]
fn zero_scalars_ignore_operands() {
    for &isa in Isa::available_levels() {
        let (m, n, k) = (13, 37, 300);
        let a = vec![f32::INFINITY; m * k];
        let b = vec![1.0f32; k * n];
        let mut scratch = vec![0u8; 8 << 20];
        let mut ctx = KernelContext::new(&mut scratch, &Serial);
        // alpha = 0: inf * 0 must not appear.
        let mut c = vec![2.0f32; m * n];
        let epi = Epilogue {
            alpha: 0.0,
            beta: 0.5,
            ..Epilogue::default()
        };
        let (am, bm) = (
            MatRef::row_major(&a, m, k).unwrap(),
            MatRef::row_major(&b, k, n).unwrap(),
        );
        gemm::gemm(
            &mut ctx,
            isa,
            am,
            bm,
            MatMut::row_major(&mut c, m, n).unwrap(),
            &epi,
        )
        .unwrap();
        assert!(c.iter().all(|&x| x == 1.0), "{isa}");
        // beta = 0: NaN in the out must not appear.
        let a = vec![1.0f32; m * k];
        let mut c = vec![f32::NAN; m * n];
        let am = MatRef::row_major(&a, m, k).unwrap();
        gemm::gemm(
            &mut ctx,
            isa,
            am,
            bm,
            MatMut::row_major(&mut c, m, n).unwrap(),
            &Epilogue::default(),
        )
        .unwrap();
        assert!(c.iter().all(|&x| x == k as f32), "{isa}");
        // K = 0 with a NaN alpha: beta * C only.
        let e: [f32; 0] = [];
        let mut c = vec![3.0f32; m * n];
        let epi = Epilogue {
            alpha: f32::NAN,
            beta: 2.0,
            ..Epilogue::default()
        };
        let (am, bm) = (
            MatRef::row_major(&e, m, 0).unwrap(),
            MatRef::row_major(&e, 0, n).unwrap(),
        );
        gemm::gemm(
            &mut ctx,
            isa,
            am,
            bm,
            MatMut::row_major(&mut c, m, n).unwrap(),
            &epi,
        )
        .unwrap();
        assert!(c.iter().all(|&x| x == 6.0), "{isa}");
    }
}

/// NaN in the product survives ReLU and clamp (they keep NaN, as torch does).
#[test]
fn activations_keep_nan() {
    for &isa in Isa::available_levels() {
        let (m, n, k) = (3, 40, 5);
        let mut a = vec![1.0f32; m * k];
        a[0] = f32::NAN;
        let b = vec![-1.0f32; k * n];
        let mut scratch = vec![0u8; 1 << 20];
        let mut ctx = KernelContext::new(&mut scratch, &Serial);
        for act in [
            Activation::Relu,
            Activation::Clamp {
                min: -2.0,
                max: 2.0,
            },
        ] {
            let mut c = vec![0f32; m * n];
            let epi = Epilogue {
                act,
                ..Epilogue::default()
            };
            let (am, bm) = (
                MatRef::row_major(&a, m, k).unwrap(),
                MatRef::row_major(&b, k, n).unwrap(),
            );
            gemm::gemm(
                &mut ctx,
                isa,
                am,
                bm,
                MatMut::row_major(&mut c, m, n).unwrap(),
                &epi,
            )
            .unwrap();
            assert!(c[..n].iter().all(|x| x.is_nan()), "{isa} {act:?}");
            let want = if act == Activation::Relu { 0.0 } else { -2.0 };
            assert!(c[n..].iter().all(|&x| x == want), "{isa} {act:?}");
        }
    }
}

/// Batches with their own strides, split over threads.
#[test]
fn batched() {
    for &isa in Isa::available_levels() {
        for &(batch, m, n, k, threads) in
            &[(5, 7, 9, 300, 2), (1, 40, 50, 30, 3), (3, 1, 64, 64, 2)]
        {
            let mut seed = 7u64;
            let a = values(batch * m * k, &mut seed);
            let b = values(batch * k * n, &mut seed);
            let c = dense_batches(isa, threads, (batch, m, n, k), &a, &b, true, None);
            for t in 0..batch {
                for i in 0..m {
                    for j in 0..n {
                        let want: f32 = (0..k)
                            .map(|p| a[t * m * k + i * k + p] * b[t * k * n + j * k + p])
                            .sum();
                        assert_eq!(c[t * m * n + i * n + j], want, "{isa} batch {t} ({i}, {j})");
                    }
                }
            }
        }
    }
}

/// The safe constructors reject views that reach outside their slices.
#[test]
fn views_are_checked() {
    let v = vec![0f32; 10];
    assert!(MatRef::new(&v, 2, 5, 5, 1).is_ok());
    assert!(MatRef::new(&v, 2, 6, 5, 1).is_err());
    assert!(MatRef::new(&v, 3, 4, 1, 3).is_err());
    assert!(MatRef::new(&v, 0, 100, 100, 1).is_ok());
    let mut w = vec![0f32; 10];
    assert!(
        MatMut::new(&mut w, 2, 5, 0, 1).is_err(),
        "repeated rows in an out"
    );
    assert!(
        MatMut::new(&mut w, 2, 5, 3, 1).is_err(),
        "overlapping rows in an out"
    );
    let mut scratch = vec![0u8; 1 << 16];
    let mut ctx = KernelContext::new(&mut scratch, &Serial);
    let (a, b) = (vec![0f32; 6], vec![0f32; 6]);
    let mut c = vec![0f32; 4];
    let r = gemm::gemm(
        &mut ctx,
        gemm::isa(),
        MatRef::row_major(&a, 2, 3).unwrap(),
        MatRef::row_major(&b, 2, 3).unwrap(),
        MatMut::row_major(&mut c, 2, 2).unwrap(),
        &Epilogue::default(),
    );
    assert!(r.is_err(), "inner sizes differ");
}

/// The out does not depend on the threads: the same bits at 1, 2 and 3 threads (one task, one
/// per thread, several per thread) for inexact values (any change of summation order would
/// show), split along M, along N, over batches (fewer than the threads too: 6 threads) and in row bands
/// against a prepacked B (which gives the unpacked product's bits).
#[test]
fn threads_give_the_same_bits() {
    let inexact = |n: usize, seed: &mut u64| -> Vec<f32> {
        (0..n)
            .map(|_| {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((*seed >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * 1.37
            })
            .collect()
    };
    // each just large enough for several tasks per thread (a few million multiply-adds)
    let cases = [
        (1, 160, 48, 350),
        (1, 24, 400, 300),
        (6, 40, 40, 300),
        (2, 120, 40, 300),
        (1, 256, 96, 120),
        // two k blocks of 288
        (1, 96, 64, 576),
        // more threads than batches: every batch split alike (no task left out)
        (4, 64, 40, 300),
    ];
    for &isa in Isa::available_levels() {
        for (batch, m, n, k) in cases {
            let mut seed = 3u64;
            let a = inexact(batch * m * k, &mut seed);
            let b = inexact(batch * k * n, &mut seed);
            let packed = (batch == 1)
                .then(|| gemm::PackedB::new(isa, MatRef::row_major(&b[..k * n], k, n).unwrap()));
            let at = |threads: usize, prepacked: bool| {
                let pb = packed.as_ref().filter(|_| prepacked);
                dense_batches(isa, threads, (batch, m, n, k), &a, &b, false, pb)
            };
            let one = at(1, false);
            let runs = [
                (2, false),
                (3, false),
                (6, false),
                (1, true),
                (2, true),
                (3, true),
            ];
            for (threads, prepacked) in runs {
                let got = at(threads, prepacked);
                let same = got
                    .iter()
                    .zip(&one)
                    .all(|(g, w)| g.to_bits() == w.to_bits());
                assert!(
                    same,
                    "{isa} {batch}x{m}x{n}x{k} x{threads} prepacked {prepacked}"
                );
            }
        }
    }
}

/// `batch` products of dense row-major A (`m x k`) and B (`k x n`, column-major when
/// `b_col_major`; a single product read from `packed` when given) at `threads` threads.
fn dense_batches(
    isa: Isa,
    threads: usize,
    (batch, m, n, k): (usize, usize, usize, usize),
    a: &[f32],
    b: &[f32],
    b_col_major: bool,
    packed: Option<&gemm::PackedB>,
) -> Vec<f32> {
    let mut c = vec![0f32; batch * m * n];
    let mut scratch = vec![0u8; 16 << 20];
    let pool = ScopedThreads(threads);
    let par: &dyn Parallel = if threads == 1 { &Serial } else { &pool };
    let mut ctx = KernelContext::new(&mut scratch, par);
    let s = BatchStrides {
        a: (m * k) as isize,
        b: (k * n) as isize,
        c: (m * n) as isize,
        addend: 0,
    };
    let am = MatRef::row_major(&a[..m * k], m, k).unwrap();
    let bm = if b_col_major {
        MatRef::col_major(&b[..k * n], k, n).unwrap()
    } else {
        MatRef::row_major(&b[..k * n], k, n).unwrap()
    };
    let cm = MatMut::row_major(&mut c[..m * n], m, n).unwrap();
    let epi = Epilogue::default();
    match packed {
        Some(pb) => gemm::gemm_prepacked(&mut ctx, isa, am, bm, pb, cm, &epi),
        // SAFETY: every batch lies inside the buffers, the outs are disjoint.
        None => unsafe { gemm::gemm_batched_raw(&mut ctx, isa, batch, s, am, bm, cm, &epi) },
    }
    .unwrap();
    c
}
