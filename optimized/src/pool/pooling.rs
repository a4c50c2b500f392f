//! The driver of the pooling kernels: a checked 2-D call's geometry, the kernel that suits its
//! layouts ([`super::rows`] or [`super::channels`]), their tables in scratch, and threads.

use super::channels::{ChannelsKernel, ChannelsTask, Span, Spans};
use super::flat::{FlatKernel, FlatTask};
use super::global::{GlobalKernel, GlobalTask};
use super::rows::{AHEAD, Geom, MAX_TAPS, Phases, Reduce, Ring, RowsKernel, RowsTask};
use super::{Planes, task_range, tasks};
use core::marker::PhantomData;
use etk_core::{KernelContext, ScalarType, Tensor, Work, bf16, f16};
use etk_portable::util::pool::Layout;
use etk_portable::util::window::{PoolWindow, adaptive_window};
use etk_simd::Level;

/// What a pooling call computes.
#[derive(Clone, Copy, Debug)]
pub enum Pool<'w> {
    Max(&'w PoolWindow),
    Avg {
        window: &'w PoolWindow,
        count_include_pad: bool,
        divisor_override: Option<i64>,
    },
    Adaptive,
}

/// The most a gather's lane offsets may span (`LANES` times the channel stride, in i32).
const GATHER_SPAN: usize = i32::MAX as usize / etk_simd::MAX_LANES;

/// Computes a checked 2-D pooling call (`l` from portable's prepare step; the outs resized)
/// on the vector layer. `false` (nothing written) when it leaves the call to portable: other
/// dtypes, indices past `i32`, too little scratch.
///
/// # Safety
/// `x`, `y` (and `ind` for a max) are the call's tensors, as portable's prepare step checked
/// and resized them.
pub unsafe fn pool2d(
    ctx: &mut KernelContext<'_>,
    pool: Pool<'_>,
    l: &Layout,
    x: &Tensor<'_>,
    y: &Tensor<'_>,
    ind: Option<&Tensor<'_>>,
) -> bool {
    if l.k != 2
        || !matches!(
            x.dtype(),
            ScalarType::Float | ScalarType::Half | ScalarType::BFloat16
        )
    {
        return false;
    }
    if y.numel() == 0 {
        return true;
    }
    let (h, w, oh, ow) = (l.ins[1], l.ins[2], l.outs[1], l.outs[2]);
    let g = match pool {
        Pool::Max(win) | Pool::Avg { window: win, .. } => {
            let u = |v: [i64; 3]| [v[0] as usize, v[1] as usize];
            Geom {
                n: l.n,
                c: l.c,
                h,
                w,
                oh,
                ow,
                k: u(win.kernel),
                s: u(win.stride),
                p: u(win.padding),
                d: u(win.dilation),
            }
        }
        // uniform windows (the rows kernel's case): kernel = stride = in / out
        Pool::Adaptive => Geom {
            n: l.n,
            c: l.c,
            h,
            w,
            oh,
            ow,
            k: [h / oh, w / ow],
            s: [h / oh, w / ow],
            p: [0, 0],
            d: [1, 1],
        },
    };
    if h.checked_mul(w).is_none_or(|p| p > i32::MAX as usize) {
        return false;
    }
    let (xp, yp) = (Planes::new(x), Planes::new(y));
    let ip = ind.map(Planes::new);
    let plan = Plan {
        g,
        pool,
        x: xp,
        y: yp,
        ind: ip,
        dtype: x.dtype(),
        level: etk_simd::level(),
    };
    let channels_inner = xp.st[1] == 1 && yp.st[1] == 1 && ip.is_none_or(|i| i.st[1] == 1);
    let rows_ok = yp.st[3] == 1
        && ip.is_none_or(|i| i.st[3] == 1)
        && g.k[0] <= MAX_TAPS
        && g.k[1] <= MAX_TAPS
        && (g.ow >= 8 || g.c < 8)
        && match pool {
            Pool::Adaptive => h % oh == 0 && w % ow == 0,
            _ => true,
        };
    let global = matches!(pool, Pool::Adaptive)
        && (oh, ow) == (1, 1)
        && !channels_inner
        && xp.st[3] == 1
        && xp.st[2] == w;
    // SAFETY: as the caller vouches.
    unsafe {
        if global {
            plan.global(ctx);
            return true;
        }
        if !channels_inner && plan.flat_fits() {
            plan.flat(ctx);
            return true;
        }
        if !channels_inner && rows_ok && plan.rows(ctx) {
            return true;
        }
        if xp.st[1] != 1 && xp.st[1] > GATHER_SPAN {
            return false;
        }
        plan.channels(ctx)
    }
}

/// The most outputs a plane may have for the flat kernel: past that, the rows kernel's
/// unit-stride loads beat a gather per tap.
const FLAT_PLANE: usize = 256;

/// Whether every max window along dim `i` (`out` of them over `size` inputs) reads the input:
/// only the first windows (a start in the padding moved on by dilation steps) and the last (a
/// start past the input with `ceil_mode`) can read nothing.
fn window_reads(win: &PoolWindow, i: usize, out: usize, size: usize) -> bool {
    let reads = |o: usize| {
        let (a, b, _) = win.max_taps(i, o, size);
        a < b
    };
    let pad = win.padding[i] as usize;
    let stride = win.stride[i].max(1) as usize;
    reads(out - 1) && (0..out.min(pad / stride + 1)).all(reads)
}

/// A checked call, ready for a kernel.
struct Plan<'w> {
    g: Geom,
    pool: Pool<'w>,
    x: Planes,
    y: Planes,
    ind: Option<Planes>,
    dtype: ScalarType,
    level: Level,
}

/// Scratch addresses handed to tasks.
#[derive(Clone, Copy)]
struct Addr(usize);

impl Plan<'_> {
    /// The rows kernel; `false` when scratch is short or a divisor does not fit.
    unsafe fn rows(&self, ctx: &mut KernelContext<'_>) -> bool {
        let g = &self.g;
        let (reduce, fill) = match self.pool {
            Pool::Max(_) => (Reduce::Max, f32::NEG_INFINITY),
            Pool::Avg {
                divisor_override: Some(d),
                ..
            } => (Reduce::SumBy(d as f32), 0.0),
            Pool::Avg { .. } => (Reduce::SumByCount, 0.0),
            Pool::Adaptive => (Reduce::SumByEach(g.k[0] as f32, g.k[1] as f32), 0.0),
        };
        let Some(ph) = Phases::new(g, fill) else {
            return false;
        };
        // the rows of `AHEAD + 1` output rows' windows (see `RowsTask::run`)
        let slots = ((g.k[0] - 1) * g.d[0] + 1 + AHEAD * g.s[0]).next_power_of_two();
        // the ring's rows, then a row converted to f32
        let ring_floats = slots * ph.row_floats(g) + g.w;
        let n_tasks = tasks(ctx, g.n * g.c, self.work());
        let par = ctx.parallel;
        ctx.scratch.scope(|sc| {
            let (Ok(col), Ok(hcount)) = (
                sc.alloc_for_overwrite::<i32>("pool", g.ow),
                sc.alloc_for_overwrite::<i32>("pool", g.oh),
            ) else {
                return false;
            };
            if !self.row_tables(col, hcount) {
                return false;
            }
            let (Ok(rings), Ok(held)) = (
                sc.alloc_for_overwrite::<f32>("pool", n_tasks * ring_floats),
                sc.alloc_for_overwrite::<usize>("pool", n_tasks * slots),
            ) else {
                return false;
            };
            let (rings, held) = (
                Addr(rings.as_mut_ptr() as usize),
                Addr(held.as_mut_ptr() as usize),
            );
            let (col, hcount) = (&*col, &*hcount);
            let task = |i: usize| {
                let base = (rings.0 as *mut f32).wrapping_add(i * ring_floats);
                let ring = Ring {
                    base,
                    slots,
                    row: ph.row_floats(g),
                    held: (held.0 as *mut usize).wrapping_add(i * slots),
                    tmp: base.wrapping_add(slots * ph.row_floats(g)),
                };
                let t = RowsTask {
                    g,
                    ph: &ph,
                    reduce,
                    x: self.x,
                    y: self.y,
                    ind: self.ind,
                    col,
                    hcount,
                    ring: &ring,
                    planes: task_range(i, n_tasks, g.n * g.c),
                };
                match self.elem() {
                    ScalarType::Half => self.go(RowsKernel::<f16> {
                        task: t,
                        elem: PhantomData,
                    }),
                    ScalarType::BFloat16 => self.go(RowsKernel::<bf16> {
                        task: t,
                        elem: PhantomData,
                    }),
                    _ => self.go(RowsKernel::<f32> {
                        task: t,
                        elem: PhantomData,
                    }),
                }
            };
            if n_tasks == 1 {
                task(0);
            } else {
                par.run(n_tasks, &task);
            }
            true
        })
    }

    fn go<K: etk_simd::Kernel<Output = ()>>(&self, k: K) {
        if self.elem() == ScalarType::BFloat16 {
            etk_simd::dispatch_bf16(self.level, k)
        } else {
            etk_simd::dispatch(self.level, k)
        }
    }

    fn elem(&self) -> ScalarType {
        self.dtype
    }

    /// The rows kernel's per-column and per-row tables: for a max, the first tap's column
    /// minus `ow * sw`; for an average, the windows' counts (`false` when a window is empty
    /// or a count product does not fit in i32).
    fn row_tables(&self, col: &mut [i32], hcount: &mut [i32]) -> bool {
        let g = &self.g;
        match self.pool {
            Pool::Max(win) => {
                for (o, c) in col.iter_mut().enumerate() {
                    let (first, _, _) = win.max_taps(1, o, g.w);
                    *c = (first - (o * g.s[1]) as i64) as i32;
                }
                hcount.fill(0);
                true
            }
            Pool::Avg {
                window,
                count_include_pad,
                ..
            } => {
                let mut most = [0i64; 2];
                for (i, (t, size)) in [(&mut *hcount, g.h), (&mut *col, g.w)]
                    .into_iter()
                    .enumerate()
                {
                    for (o, c) in t.iter_mut().enumerate() {
                        let (a, b, padded) = window.avg_taps(i, o, size);
                        if a >= b {
                            return false;
                        }
                        let n = if count_include_pad { padded } else { b - a } as i64;
                        most[i] = most[i].max(n);
                        *c = n.min(i32::MAX as i64) as i32;
                    }
                }
                most[0].saturating_mul(most[1]) <= i32::MAX as i64
            }
            Pool::Adaptive => true,
        }
    }

    /// Global average pooling of contiguous planes ([`super::global`]).
    unsafe fn global(&self, ctx: &mut KernelContext<'_>) {
        let g = &self.g;
        let groups = g.c.div_ceil(etk_simd::MAX_LANES);
        let units = g.n * groups;
        let n_tasks = tasks(ctx, units, self.work());
        let task = |i: usize| {
            let t = GlobalTask {
                x: self.x,
                y: self.y,
                c: g.c,
                hw: g.h * g.w,
                h: g.h as f32,
                w: g.w as f32,
                units: task_range(i, n_tasks, units),
            };
            match self.elem() {
                ScalarType::Half => self.go(GlobalKernel::<f16> {
                    task: &t,
                    elem: PhantomData,
                }),
                ScalarType::BFloat16 => self.go(GlobalKernel::<bf16> {
                    task: &t,
                    elem: PhantomData,
                }),
                _ => self.go(GlobalKernel::<f32> {
                    task: &t,
                    elem: PhantomData,
                }),
            }
        };
        if n_tasks == 1 {
            task(0);
        } else {
            ctx.parallel.run(n_tasks, &task);
        }
    }

    /// Whether the flat kernel takes the call: a max or an average of small planes (at most
    /// [`FLAT_PLANE`] outputs) with contiguous out planes, at most [`super::flat::MAX_TAPS`]
    /// taps, input planes whose offsets fit in i32, and (a max) no window that reads nothing.
    fn flat_fits(&self) -> bool {
        let g = &self.g;
        let contiguous = |p: &Planes| (g.ow == 1 || p.st[3] == 1) && (g.oh == 1 || p.st[2] == g.ow);
        let span =
            (g.h - 1) as u128 * self.x.st[2] as u128 + (g.w - 1) as u128 * self.x.st[3] as u128;
        let windows_read = match self.pool {
            Pool::Max(win) => window_reads(win, 0, g.oh, g.h) && window_reads(win, 1, g.ow, g.w),
            Pool::Avg { .. } => true,
            Pool::Adaptive => false,
        };
        windows_read
            && g.oh * g.ow <= FLAT_PLANE
            && g.k[0] * g.k[1] <= super::flat::MAX_TAPS
            && span <= i32::MAX as u128
            && contiguous(&self.y)
            && self.ind.is_none_or(|i| contiguous(&i))
    }

    /// The flat kernel ([`super::flat`]).
    unsafe fn flat(&self, ctx: &mut KernelContext<'_>) {
        let g = &self.g;
        let (reduce, count_include_pad) = match self.pool {
            Pool::Avg {
                divisor_override: Some(d),
                ..
            } => (Reduce::SumBy(d as f32), false),
            Pool::Avg {
                count_include_pad, ..
            } => (Reduce::SumByCount, count_include_pad),
            _ => (Reduce::Max, false),
        };
        let planes = g.n * g.c;
        let n_tasks = tasks(ctx, planes, self.work());
        let task = |i: usize| {
            let t = FlatTask {
                g,
                reduce,
                count_include_pad,
                x: self.x,
                y: self.y,
                ind: self.ind,
                planes: task_range(i, n_tasks, planes),
            };
            match self.elem() {
                ScalarType::Half => self.go(FlatKernel::<f16> {
                    task: t,
                    elem: PhantomData,
                }),
                ScalarType::BFloat16 => self.go(FlatKernel::<bf16> {
                    task: t,
                    elem: PhantomData,
                }),
                _ => self.go(FlatKernel::<f32> {
                    task: t,
                    elem: PhantomData,
                }),
            }
        };
        if n_tasks == 1 {
            task(0);
        } else {
            ctx.parallel.run(n_tasks, &task);
        }
    }

    /// The channels kernel; `false` when scratch is short.
    unsafe fn channels(&self, ctx: &mut KernelContext<'_>) -> bool {
        let g = &self.g;
        let reduce = match self.pool {
            Pool::Max(_) => Reduce::Max,
            Pool::Avg {
                divisor_override: Some(d),
                ..
            } => Reduce::SumBy(d as f32),
            Pool::Avg { .. } => Reduce::SumByCount,
            Pool::Adaptive => Reduce::SumByEach(0.0, 0.0),
        };
        let units = g.n * g.oh;
        let n_tasks = tasks(ctx, units, self.work());
        let par = ctx.parallel;
        ctx.scratch.scope(|sc| {
            let (Ok(hs), Ok(ws)) = (
                sc.alloc_for_overwrite::<i64>("pool", 4 * g.oh),
                sc.alloc_for_overwrite::<i64>("pool", 4 * g.ow),
            ) else {
                return false;
            };
            for (o, sp) in (0..g.oh).map(|o| (o, self.span(0, o))) {
                Spans::set(hs, o, sp);
            }
            for (o, sp) in (0..g.ow).map(|o| (o, self.span(1, o))) {
                Spans::set(ws, o, sp);
            }
            let (hs, ws) = (Spans(hs), Spans(ws));
            // an empty average window is 0 in portable, without a division: left to it
            let empty = |sp: &Spans<'_>, n: usize| (0..n).any(|o| sp.get(o).a >= sp.get(o).b);
            if matches!(self.pool, Pool::Avg { .. }) && (empty(&hs, g.oh) || empty(&ws, g.ow)) {
                return false;
            }
            let task = |i: usize| {
                let t = ChannelsTask {
                    g,
                    reduce,
                    x: self.x,
                    y: self.y,
                    ind: self.ind,
                    hs,
                    ws,
                    units: task_range(i, n_tasks, units),
                };
                match self.elem() {
                    ScalarType::Half => self.go(ChannelsKernel::<f16> {
                        task: t,
                        elem: PhantomData,
                    }),
                    ScalarType::BFloat16 => self.go(ChannelsKernel::<bf16> {
                        task: t,
                        elem: PhantomData,
                    }),
                    _ => self.go(ChannelsKernel::<f32> {
                        task: t,
                        elem: PhantomData,
                    }),
                }
            };
            if n_tasks == 1 {
                task(0);
            } else {
                par.run(n_tasks, &task);
            }
            true
        })
    }

    /// The window of output position `o` along spatial dim `i` (0 height, 1 width).
    fn span(&self, i: usize, o: usize) -> Span {
        let g = &self.g;
        let (size, out) = if i == 0 { (g.h, g.oh) } else { (g.w, g.ow) };
        match self.pool {
            Pool::Max(win) => {
                let (a, b, step) = win.max_taps(i, o, size);
                Span {
                    a: a as usize,
                    b: b.max(a) as usize,
                    step: step as usize,
                    count: 0,
                }
            }
            Pool::Avg {
                window,
                count_include_pad,
                ..
            } => {
                let (a, b, padded) = window.avg_taps(i, o, size);
                Span {
                    a,
                    b,
                    step: 1,
                    count: if count_include_pad { padded } else { b - a } as i64,
                }
            }
            Pool::Adaptive => {
                let (a, b) = adaptive_window(o, out, size);
                Span {
                    a,
                    b,
                    step: 1,
                    count: (b - a) as i64,
                }
            }
        }
    }

    /// The call's work: a tap per window element, the input read and the outs written once.
    fn work(&self) -> Work {
        let g = &self.g;
        let taps = match self.pool {
            Pool::Adaptive => g.h.div_ceil(g.oh.max(1)) * g.w.div_ceil(g.ow.max(1)),
            _ => g.k[0] * g.k[1],
        };
        let outs = g.n * g.c * g.oh * g.ow;
        let es = self.dtype.element_size();
        let ind = if self.ind.is_some() { 8 } else { 0 };
        Work {
            flops: outs * taps,
            bytes: g.n * g.c * g.h * g.w * es + outs * (es + ind),
        }
    }
}
