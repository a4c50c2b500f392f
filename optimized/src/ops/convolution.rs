//! `convolution.out(Tensor input, Tensor weight, Tensor? bias, SymInt[] stride, SymInt[] padding,
//!   SymInt[] dilation, bool transposed, SymInt[] output_padding, SymInt groups, *,
//!   Tensor(a!) out) -> Tensor(a!)`
//!
//! 1-D and 2-D convolutions, plain and transposed, in Float, Half and BFloat16, on the packed
//! GEMM, any stride, padding, dilation, groups and dim order of every tensor (a 1-D
//! convolution is a 2-D one of height 1):
//! - a 1x1 kernel without padding whose output positions are one stride apart in both the
//!   input and the out (stride 1, NCHW or NHWC) is one GEMM per group — `W[C_out, C_in] x
//!   X[C_in, positions]` — read in place (NHWC batches merge into one product, the GEMM's
//!   pixels x C_in times C_in x C_out);
//! - depthwise (`groups == C_in == C_out`) runs direct kernels vectorized along the
//!   contiguous dim: channels for channels-last input and out, in every dtype
//!   (`depthwise_nhwc.rs`), else width, Float (`depthwise.rs`; Half and BFloat16 widen the
//!   input into scratch for it);
//! - small plain convolutions with few output channels per group (the small convnets' 3x3
//!   layers) run a direct kernel with the output channels in registers (`direct.rs`);
//! - one group of at most 4 input channels (the 3-channel stems) is an indirect GEMM on the
//!   input copied padded and channels-last into scratch, no column matrix (`stem.rs`);
//! - every other plain convolution is im2col into scratch, a band of output positions at a
//!   time, then the GEMM (`im2col.rs`); with input and out channels-last, the pixels are the
//!   GEMM's rows and the weight its B, packed at prepare (`nhwc.rs`);
//! - transposed convolutions are the GEMM `W^T x X` into columns, then col2im adds the
//!   columns into the out (`transposed.rs`).
//!
//! Half and BFloat16 go through the same GEMM, which widens them to Float while packing,
//! accumulates in Float and rounds once — what ATen's CPU kernels do for plain convolutions.
//! ATen's Half transposed convolution rounds more often (every column, then every add of
//! col2im, then the bias: `transposed.rs`), and this kernel does the same.
//!
//! Threads: large convolutions split their bands (im2col and GEMM together) over
//! `ctx.parallel` ([`tasks_for`] decides when that pays); otherwise the GEMM splits itself.
//!
//! Checks are portable's (same rejections), and every other call — other dtypes, 3-D, no
//! input channels, or too little scratch — runs portable's kernel. The GEMM sums in another
//! order than portable's loop nest (last-bit differences); the depthwise kernel sums in
//! portable's order, without fused multiply-adds, so it matches it bit for bit.

mod columns;
mod depthwise;
mod depthwise_nhwc;
mod direct;
mod elements;
mod im2col;
mod nhwc;
mod stem;
mod transposed;

use crate::fused::hook::OutHook;
use crate::gemm::tensor::merged_stride;
use crate::gemm::{self, Dt, Isa};
use depthwise::depthwise;
use etk_core::evalue::out_tensor;
use etk_core::out::check_dtype;
use etk_core::prepare::Known;
use etk_core::registry::{check_arity, check_no_alias};
use etk_core::{
    EValue, FromEValue, KernelContext, Parallel, PreparedKernel, Result, Tensor, boxed_kernel,
};
use etk_portable::ops::convolution as portable;
use etk_portable::util::conv::ConvGeometry;

pub const OP: &str = portable::OP;

#[allow(clippy::too_many_arguments)]
pub fn convolution_out(
    ctx: &mut KernelContext<'_>,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    convolution_out_isa(
        ctx,
        gemm::isa(),
        input,
        weight,
        bias,
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
        out,
    )
}

boxed_kernel!(pub fn convolution_out_boxed = OP => convolution_out(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>, stride: &[i64], padding: &[i64], dilation: &[i64], transposed: bool, output_padding: &[i64], groups: i64) -> (out));

/// [`convolution_out`] at ISA level `isa` (clamped to what the CPU has), for tests.
#[allow(clippy::too_many_arguments)]
pub fn convolution_out_isa(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    stride: &[i64],
    padding: &[i64],
    dilation: &[i64],
    transposed: bool,
    output_padding: &[i64],
    groups: i64,
    out: &mut Tensor<'_>,
) -> Result<()> {
    let args = (
        stride,
        padding,
        dilation,
        transposed,
        output_padding,
        groups,
    );
    convolve(ctx, isa, input, weight, bias, args, out, None, None).map(|_| ())
}

/// The scalar arguments of a convolution: stride, padding, dilation, transposed,
/// output_padding, groups.
type ConvArgs<'a> = (&'a [i64], &'a [i64], &'a [i64], bool, &'a [i64], i64);

/// A convolution whose kernel hands each finished region of the out to `hook` (see
/// [`OutHook`]) when it can: `Ok(true)` if it did for the whole out, `Ok(false)` if it called
/// the hook for no element (then the out is complete and the caller runs its steps after).
/// `args` are the boxed kernel's (the out last); `packed` the weight packed at prepare
/// ([`PackedWeight::prepare`]), used if it is this call's.
pub(crate) fn convolution_hooked(
    ctx: &mut KernelContext<'_>,
    args: &mut [EValue<'_>],
    hook: Option<OutHook<'_>>,
    packed: Option<&PackedWeight>,
) -> Result<bool> {
    check_arity(OP, args, 10)?;
    let (ins, outs) = args.split_at_mut(9);
    check_no_alias(OP, ins, outs)?;
    let a = Unboxed::of(ins)?;
    let out = out_tensor(&mut outs[0], OP, "out")?;
    convolve(
        ctx,
        gemm::isa(),
        a.input,
        a.weight,
        a.bias,
        a.args,
        out,
        hook,
        packed,
    )
}

/// The boxed kernel's inputs, unboxed as it does.
struct Unboxed<'e, 'a> {
    input: &'e Tensor<'a>,
    weight: &'e Tensor<'a>,
    bias: Option<&'e Tensor<'a>>,
    args: ConvArgs<'e>,
}

impl<'e, 'a> Unboxed<'e, 'a> {
    fn of(ins: &'e [EValue<'a>]) -> Result<Unboxed<'e, 'a>> {
        let [
            input,
            weight,
            bias,
            stride,
            padding,
            dilation,
            transposed,
            output_padding,
            groups,
        ] = ins
        else {
            return Err(etk_core::Error::invalid(OP, "arguments", "9 inputs"));
        };
        Ok(Unboxed {
            input: FromEValue::from_evalue(input, OP, "input")?,
            weight: FromEValue::from_evalue(weight, OP, "weight")?,
            bias: FromEValue::from_evalue(bias, OP, "bias")?,
            args: (
                FromEValue::from_evalue(stride, OP, "stride")?,
                FromEValue::from_evalue(padding, OP, "padding")?,
                FromEValue::from_evalue(dilation, OP, "dilation")?,
                FromEValue::from_evalue(transposed, OP, "transposed")?,
                FromEValue::from_evalue(output_padding, OP, "output_padding")?,
                FromEValue::from_evalue(groups, OP, "groups")?,
            ),
        })
    }
}

/// A convolution's constant weight packed once, when a program is prepared, for the kernel
/// that takes the call (which else packs it at every call): the direct kernel of small
/// convolutions, or the GEMM's B panels (of the channels-last GEMM or the few-channel
/// indirect one).
pub struct PackedWeight(Packed);

enum Packed {
    Direct(direct::PackedWeight),
    Nhwc(nhwc::PackedWeight),
}

impl PackedWeight {
    /// The packed weight of a call whose weight is a constant (`known`) and which the direct
    /// kernel takes at the shapes of `args` (the boxed kernel's); `None` for every other.
    pub fn prepare(args: &[EValue<'_>], known: &[Known]) -> Option<PackedWeight> {
        if args.len() != 10 || known.get(1) != Some(&Known::Constant) {
            return None;
        }
        let a = Unboxed::of(&args[..9]).ok()?;
        let EValue::Tensor(out) = &args[9] else {
            return None;
        };
        let (stride, padding, dilation, transposed, output_padding, groups) = a.args;
        let params = [stride, padding, dilation, output_padding];
        let geo = portable::check(a.input, a.weight, a.bias, params, transposed, groups).ok()?;
        let dt = Dt::of(a.input.dtype())?;
        let plain = a.input.dim() <= 4
            && a.bias.is_none_or(|b| b.dtype() == a.input.dtype())
            && out.sizes() == &geo.out_sizes[..a.input.dim()]
            && !transposed
            && geo.icg > 0
            && !(geo.groups > 1 && geo.icg == 1 && geo.ocg == 1);
        // (the out's address stands in: nothing is written through it)
        let c = Conv::with_out(&geo, dt, a.input, a.weight, a.bias, out, out.as_ptr() as _);
        if !plain {
            return None;
        }
        if direct::takes(&c) {
            let p = direct::PackedWeight::pack(&geo, dt, a.weight)?;
            return Some(PackedWeight(Packed::Direct(p)));
        }
        if stem::takes(&c, gemm::isa()) {
            // SAFETY: `c` describes the checked call.
            let p = unsafe { nhwc::PackedWeight::panels(&c, gemm::isa()) }?;
            return Some(PackedWeight(Packed::Nhwc(p)));
        }
        // SAFETY: `c` describes the checked call.
        let p = unsafe { nhwc::PackedWeight::pack(&c, gemm::isa()) }?;
        Some(PackedWeight(Packed::Nhwc(p)))
    }

    fn direct(&self) -> Option<&direct::PackedWeight> {
        match &self.0 {
            Packed::Direct(p) => Some(p),
            Packed::Nhwc(_) => None,
        }
    }

    fn nhwc(&self) -> Option<&nhwc::PackedWeight> {
        match &self.0 {
            Packed::Nhwc(p) => Some(p),
            Packed::Direct(_) => None,
        }
    }
}

/// A call of a convolution whose weight was packed at prepare.
struct PreparedConvolution(PackedWeight);

impl PreparedKernel for PreparedConvolution {
    fn run(&mut self, ctx: &mut KernelContext<'_>, args: &mut [EValue<'_>]) -> Result<()> {
        convolution_hooked(ctx, args, None, Some(&self.0)).map(|_| ())
    }
}

/// The prepare step of a convolution: its constant weight packed once where the direct
/// kernel takes the call ([`PackedWeight::prepare`]); declines every other call.
pub fn prepare_convolution(
    args: &[EValue<'_>],
    known: &[Known],
) -> Result<Option<Box<dyn PreparedKernel>>> {
    Ok(PackedWeight::prepare(args, known).map(|p| Box::new(PreparedConvolution(p)) as _))
}

/// [`convolution_out_isa`], handing finished regions of the out to `hook` where the kernel
/// can (`Ok(true)`: for the whole out).
#[allow(clippy::too_many_arguments)]
fn convolve(
    ctx: &mut KernelContext<'_>,
    isa: Isa,
    input: &Tensor<'_>,
    weight: &Tensor<'_>,
    bias: Option<&Tensor<'_>>,
    (stride, padding, dilation, transposed, output_padding, groups): ConvArgs<'_>,
    out: &mut Tensor<'_>,
    hook: Option<OutHook<'_>>,
    packed: Option<&PackedWeight>,
) -> Result<bool> {
    let params = [stride, padding, dilation, output_padding];
    let geo = portable::check(input, weight, bias, params, transposed, groups)?;
    let fallback = |ctx: &mut KernelContext<'_>, out: &mut Tensor<'_>| {
        portable::convolution_out(
            ctx,
            input,
            weight,
            bias,
            stride,
            padding,
            dilation,
            transposed,
            output_padding,
            groups,
            out,
        )
    };
    let rank = input.dim();
    // (a bias of another dtype than the input's is converted by portable's loop)
    let Some(dt) = Dt::of(input.dtype())
        .filter(|_| rank <= 4 && bias.is_none_or(|b| b.dtype() == input.dtype()))
    else {
        return fallback(ctx, out).map(|_| false);
    };
    check_dtype(OP, "out", out, input.dtype())?;
    out.resize(OP, "out", &geo.out_sizes[..rank])?;
    if out.numel() == 0 {
        return Ok(false);
    }
    if geo.icg == 0 {
        // no input channels: the out is the bias, portable's loop is as fast
        return fallback(ctx, out).map(|_| false);
    }
    let c = Conv::new(&geo, dt, input, weight, bias, out)?;
    // the hook takes regions of whole channel planes or whole pixels (Float: it reads f32)
    let runs = hook.and_then(|h| Some((h, c.out_runs().filter(|_| dt == Dt::F32)?)));
    // SAFETY: `c` describes checked tensors of the geometry's sizes; the out does not overlap
    // the inputs.
    let (done, hooked) = unsafe {
        if transposed {
            (transposed::transposed(ctx, isa, &c)?, false)
        } else if geo.groups > 1 && geo.icg == 1 && geo.ocg == 1 {
            let pixels = runs.filter(|r| r.1 == Runs::Pixels).map(|r| r.0);
            let planes = runs.filter(|r| r.1 == Runs::Planes).map(|r| r.0);
            if depthwise_nhwc::depthwise_nhwc(ctx, isa, &c, pixels) {
                (true, pixels.is_some())
            } else if dt == Dt::F32 {
                depthwise(&mut ctx.scratch, ctx.parallel, isa, &c, planes);
                (true, planes.is_some())
            } else {
                (im2col::depthwise_widened(ctx, isa, &c), false)
            }
        } else if direct::takes(&c)
            && direct::direct(
                &mut ctx.scratch,
                isa,
                &c,
                packed.and_then(PackedWeight::direct),
            )
        {
            (true, false)
        } else if stem::takes(&c, isa)
            && stem::stem(ctx, isa, &c, runs, packed.and_then(PackedWeight::nhwc))
        {
            (true, runs.is_some())
        } else if c.direct_1x1() && !nhwc::takes(&c) {
            let planes = runs.filter(|r| r.1 == Runs::Planes).map(|r| r.0);
            im2col::direct_1x1(ctx, isa, &c, planes)?;
            (true, planes.is_some())
        } else {
            let r = runs.filter(|r| r.1 == Runs::Planes || geo.groups == 1);
            // (panels packed for the few-channel path serve this one only channels-last)
            let prepared = packed
                .and_then(PackedWeight::nhwc)
                .filter(|_| nhwc::takes(&c));
            let hooked = im2col::im2col_gemm(ctx, isa, &c, r, prepared)?;
            (hooked, hooked && r.is_some())
        }
    };
    if done {
        Ok(hooked)
    } else {
        fallback(ctx, out).map(|_| false)
    }
}

/// How the out's elements run in memory, for handing regions of it to an [`OutHook`].
#[derive(Clone, Copy, Debug, PartialEq)]
enum Runs {
    /// Each channel's positions are one run (row-major over row and column): a band of
    /// positions of a channel is one region.
    Planes,
    /// Each position's channels are one run, positions following one another: a band of
    /// positions (all channels) is one region.
    Pixels,
}

/// A checked 1-D or 2-D convolution: its geometry, and the four tensors as pointers with
/// `[N or C_out, C, H, W]` strides (elements; a 1-D convolution has height 1, stride 0).
///
/// The pointers are typed `f32` for the depthwise kernel, which runs on Float only; the GEMM
/// paths address elements of any [`Dt`] as bytes (`xb`, `wb`, `yb`).
struct Conv<'g> {
    geo: &'g ConvGeometry,
    dt: Dt,
    x: *const f32,
    w: *const f32,
    /// The bias and its stride.
    b: Option<(*const f32, usize)>,
    y: *mut f32,
    xs: [usize; 4],
    ws: [usize; 4],
    ys: [usize; 4],
    /// Input width, output height and width, kernel height and width.
    iw: usize,
    oh: usize,
    ow: usize,
    kh: usize,
    kw: usize,
    /// Whether ATen's CPU kernels would run their channels-last loops (see
    /// [`aten_channels_last`]): the order in which a Half transposed convolution rounds.
    aten_cl: bool,
}

/// `[N, C, H, W]` strides of a 3- or 4-D tensor (height stride 0 for 3-D).
fn strides4(t: &Tensor<'_>) -> [usize; 4] {
    let s = t.strides();
    match *s {
        [a, b, c] => [a, b, 0, c],
        [a, b, c, d] => [a, b, c, d],
        _ => unreachable!("convolutions here are 1- or 2-D"),
    }
}

/// ATen's `suggest_memory_format() == ChannelsLast` for a 4-D tensor of these sizes and
/// strides (`is_channels_last_strides_2d_s4`): channels densest, then width, height, batch,
/// with its tie-breaks for dims of size 1.
fn strides_like_channels_last(sizes: [usize; 4], strides: [usize; 4]) -> bool {
    if strides[1] == 0 {
        return false;
    }
    let mut min = 0;
    for d in [1, 3, 2, 0] {
        if sizes[d] == 0 || strides[d] < min || (d == 0 && min == strides[1]) {
            return false;
        }
        min = strides[d] * sizes[d];
    }
    true
}

/// Whether ATen's CPU convolution (`thnn_conv_use_channels_last`) takes its channels-last
/// loops: the input or the weight suggests channels-last. A 1-D call is viewed as 2-D first,
/// the input made contiguous and the weight unsqueezed at dim 2 (`_convolution`).
fn aten_channels_last(input: &Tensor<'_>, weight: &Tensor<'_>) -> bool {
    let view4 = |t: &Tensor<'_>| -> ([usize; 4], [usize; 4]) {
        let (z, s) = (t.sizes(), t.strides());
        match z.len() {
            3 => ([z[0], z[1], 1, z[2]], [s[0], s[1], z[2] * s[2], s[2]]),
            _ => ([z[0], z[1], z[2], z[3]], [s[0], s[1], s[2], s[3]]),
        }
    };
    let (ws, wst) = view4(weight);
    let weight_cl = strides_like_channels_last(ws, wst);
    if input.dim() == 3 {
        return weight_cl;
    }
    let (is, ist) = view4(input);
    weight_cl || strides_like_channels_last(is, ist)
}

impl<'g> Conv<'g> {
    fn new(
        geo: &'g ConvGeometry,
        dt: Dt,
        input: &Tensor<'_>,
        weight: &Tensor<'_>,
        bias: Option<&Tensor<'_>>,
        out: &mut Tensor<'_>,
    ) -> Result<Conv<'g>> {
        let y = out.as_mut_ptr(OP, "out")? as *mut f32;
        Ok(Conv::with_out(geo, dt, input, weight, bias, out, y))
    }

    /// The convolution writing its out at `y` (the out's data).
    fn with_out(
        geo: &'g ConvGeometry,
        dt: Dt,
        input: &Tensor<'_>,
        weight: &Tensor<'_>,
        bias: Option<&Tensor<'_>>,
        out: &Tensor<'_>,
        y: *mut f32,
    ) -> Conv<'g> {
        Conv {
            geo,
            dt,
            x: input.as_ptr() as *const f32,
            w: weight.as_ptr() as *const f32,
            b: bias.map(|b| (b.as_ptr() as *const f32, b.strides()[0])),
            y,
            xs: strides4(input),
            ws: strides4(weight),
            ys: strides4(out),
            iw: geo.ins[2],
            oh: geo.outs[1],
            ow: geo.outs[2],
            kh: geo.ks[1],
            kw: geo.ks[2],
            aten_cl: aten_channels_last(input, weight),
        }
    }

    /// Bytes per element.
    #[inline(always)]
    fn es(&self) -> usize {
        self.dt.size()
    }

    /// Element `off` of the input, weight, out, as bytes.
    #[inline(always)]
    unsafe fn xb(&self, off: usize) -> *const u8 {
        unsafe { (self.x as *const u8).add(off * self.es()) }
    }
    #[inline(always)]
    unsafe fn wb(&self, off: usize) -> *const u8 {
        unsafe { (self.w as *const u8).add(off * self.es()) }
    }
    #[inline(always)]
    unsafe fn yb(&self, off: usize) -> *mut u8 {
        unsafe { (self.y as *mut u8).add(off * self.es()) }
    }

    /// The bias of output channel `oc` as `[len, 1]`, for the GEMM's epilogue.
    unsafe fn bias(&self, oc: usize, len: usize) -> gemm::Bias<'static> {
        match self.b {
            // SAFETY: `oc..oc + len` are channels of the bias.
            Some((bp, bs)) => gemm::Bias::PerRow(unsafe {
                gemm::MatRef::from_raw(
                    (bp as *const u8).add(oc * bs * self.es()),
                    self.dt,
                    len,
                    1,
                    bs as isize,
                    1,
                )
            }),
            None => gemm::Bias::None,
        }
    }

    /// Input height of output row `oh` through tap `th`, if inside the input.
    #[inline(always)]
    fn in_h(&self, oh: usize, th: usize) -> Option<usize> {
        self.geo.input_pos(1, oh, th)
    }

    #[inline(always)]
    fn in_w(&self, ow: usize, tw: usize) -> Option<usize> {
        self.geo.input_pos(2, ow, tw)
    }

    /// Output columns `lo..hi` whose input column through tap `tw` is inside the input, and
    /// the input column of `lo`.
    fn w_range(&self, tw: usize) -> (usize, usize, usize) {
        run_range(self.geo, 2, tw, self.ow, self.iw)
    }

    /// How the out's elements run, if as one of [`Runs`] (the out dense in that order).
    fn out_runs(&self) -> Option<Runs> {
        let (c_out, ys) = (self.geo.out_sizes[1], self.ys);
        let rows_follow = |unit: usize| self.oh == 1 || ys[2] == self.ow * unit;
        if ys[3] == 1 && rows_follow(1) {
            Some(Runs::Planes)
        } else if ys[1] == 1 && (self.ow == 1 || ys[3] == c_out) && rows_follow(c_out) {
            Some(Runs::Pixels)
        } else {
            None
        }
    }

    /// Offset in the out of channel `oc`, position `p` of image `n` (positions row-major).
    #[inline(always)]
    fn out_at(&self, n: usize, oc: usize, p: usize) -> usize {
        n * self.ys[0] + oc * self.ys[1] + p / self.ow * self.ys[2] + p % self.ow * self.ys[3]
    }

    /// A 1x1 kernel without padding whose output positions are one stride apart, within each
    /// image, in both the input and the out.
    fn direct_1x1(&self) -> bool {
        let g = self.geo;
        self.kh == 1
            && self.kw == 1
            && g.padding[1] == 0
            && g.padding[2] == 0
            && self.positions(false, 1).is_some()
            && self.positions(true, 1).is_some()
    }

    /// The one stride between the output positions of images `n..n + count` (row-major over
    /// image, row, column) in the out or, for a 1x1 kernel without padding, the input.
    fn positions(&self, out: bool, count: usize) -> Option<usize> {
        let sizes = [count, self.oh, self.ow];
        let st = if out {
            [self.ys[0], self.ys[2], self.ys[3]]
        } else {
            // products only used when the dim has more than one position, and then they
            // stay inside the input
            let (sh, sw) = (self.geo.stride[1] as usize, self.geo.stride[2] as usize);
            [
                self.xs[0],
                sh.wrapping_mul(self.xs[2]),
                sw.wrapping_mul(self.xs[3]),
            ]
        };
        merged_stride(&sizes, &st)
    }
}

/// Along spatial dim `dim`: the positions `lo..hi` of `0..count` that tap `t` links to a
/// position inside `0..limit` — `q * stride - padding + t * dilation` — and the one `lo` links
/// to. For a convolution `count` is the output and `limit` the input; col2im of a transposed
/// one walks the other way (input to output), through the same relation.
fn run_range(
    g: &ConvGeometry,
    dim: usize,
    t: usize,
    count: usize,
    limit: usize,
) -> (usize, usize, usize) {
    let (s, p, d) = (
        g.stride[dim] as i128,
        g.padding[dim] as i128,
        g.dilation[dim] as i128,
    );
    // linked position = q * s + off, stride s > 0 (checked)
    let off = t as i128 * d - p;
    let ceil = |a: i128| a / s + i128::from(a % s > 0);
    let lo = ceil(-off).clamp(0, count as i128);
    let hi = ceil(limit as i128 - off).clamp(lo, count as i128);
    let first = if lo < hi { (lo * s + off) as usize } else { 0 };
    (lo as usize, hi as usize, first)
}

/// `len` floats `step` apart from `src` to contiguous `dst` (one bulk copy when `step` is 1).
///
/// # Safety
/// Both ranges valid and disjoint.
#[inline(always)]
unsafe fn gather(dst: *mut f32, src: *const f32, step: usize, len: usize) {
    unsafe {
        if step == 1 || len <= 1 {
            core::ptr::copy_nonoverlapping(src, dst, len);
        } else {
            for i in 0..len {
                *dst.add(i) = *src.add(i * step);
            }
        }
    }
}

/// Below this many multiply-adds a convolution runs on the calling thread.
const PAR_MIN_FLOPS: usize = 1 << 22;

/// How many tasks a convolution of `flops` multiply-adds is split into: one unless it is
/// large enough for the threads to pay; past one per thread, several per thread of at least
/// [`BALANCE_FLOPS`] each (core's rule, `etk_core::split_count`), so that a preempted thread
/// holds the call back by one small task.
fn tasks_for(flops: usize, par: &dyn Parallel) -> usize {
    if flops < PAR_MIN_FLOPS {
        return 1;
    }
    let threads = par.num_threads().clamp(1, MAX_TASKS);
    etk_core::split_count(flops, PAR_MIN_FLOPS / 2, BALANCE_FLOPS, threads).min(MAX_TASKS)
}

/// The least multiply-adds of each task past one per thread: tens of microseconds.
const BALANCE_FLOPS: usize = 1 << 19;

/// The most tasks one convolution is split into.
const MAX_TASKS: usize = 16;

/// A raw pointer shared with the tasks of one call (each writes its own part of the out and
/// of the scratch; the call outlives them, `Parallel::run` returns when all are done).
#[derive(Clone, Copy)]
struct Shared<T>(T);
// SAFETY: as above.
unsafe impl<T> Send for Shared<T> {}
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The value, borrowed whole (a closure capturing a field would not be `Sync`).
    fn get(&self) -> &T {
        &self.0
    }
}
