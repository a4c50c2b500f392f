//! Every kernel of `etk_optimized::TABLE` against the portable kernel of the same name, on
//! random inputs (the driver is `etk_testing::harness`), at every ISA level the machine has.
//! The table is iterated, so a newly registered kernel is covered automatically; a kernel the
//! driver has no argument generator for fails `every_kernel_has_a_generator`. Every kernel,
//! the GEMM family included, is forced to each level in-process (`etk_simd::with_level`).

use etk_core::{EValue, KernelContext, KernelEntry, Scalar, ScalarType};
use etk_simd::Level;
use etk_testing::harness::*;

#[test]
fn every_kernel_has_a_generator() {
    let missing = missing_generators();
    assert!(
        missing.is_empty(),
        "kernels in etk_optimized::TABLE without an argument generator in etk_testing::harness::generator (testing/src/harness/generators.rs and the families' harness_<family>.rs): {missing:?}"
    );
}

#[test]
fn every_pointwise_kernel_matches_portable_at_every_isa() {
    for entry in etk_optimized::TABLE {
        let Some(g) = generator(entry.name) else {
            continue; // reported by every_kernel_has_a_generator
        };
        if g.pointwise {
            drive(entry, &g, Level::available_levels());
        }
    }
}

/// The others (GEMM, convolution, embeddings, ...): contiguous calls of every dtype.
#[test]
fn other_kernels_match_portable_at_every_isa() {
    for entry in etk_optimized::TABLE {
        if let Some(g) = generator(entry.name)
            && !g.pointwise
        {
            drive(entry, &g, Level::available_levels());
        }
    }
}

/// Outs whose call outgrows the last-level cache are written with streaming stores, which need
/// aligned addresses: one long run with a tail, and rows of an odd width (every row starts at
/// another alignment), unary and binary, on two threads, at every level.
#[test]
fn outs_past_the_last_level_cache_match_portable() {
    let Some(llc) = etk_simd::last_level_cache_bytes() else {
        eprintln!("the CPU reports no cache sizes: streaming stores are never used here");
        return;
    };
    let f32_ = ScalarType::Float;
    let entry = |name: &str| {
        etk_optimized::TABLE
            .iter()
            .find(|e| e.name == name)
            .unwrap()
    };
    // just past the cache with `tensors` operands of 4 bytes.
    let numel = |tensors: usize| (llc / (4 * tensors) + 1).next_multiple_of(1027) + 5;
    let mut rng = Rng::new(11);
    let mut calls = Vec::new();
    let n = numel(2);
    for name in ["aten::neg.out", "aten::relu.out"] {
        let x = tensor(&mut rng, f32_, &[n], &[0]);
        calls.push((name, vec![Arg::T(x)], vec![n]));
    }
    let n = numel(3);
    let a = tensor(&mut rng, f32_, &[n], &[0]);
    let b = tensor(&mut rng, f32_, &[n], &[0]);
    calls.push(("aten::mul.out", vec![Arg::T(a), Arg::T(b)], vec![n]));
    let rows = numel(2) / 1027;
    let a = tensor(&mut rng, f32_, &[rows, 1027], &[0, 1]);
    let b = tensor(&mut rng, f32_, &[1027], &[0]);
    let one = Arg::S(Scalar::Int(1));
    calls.push((
        "aten::add.out",
        vec![Arg::T(a), Arg::T(b), one],
        vec![rows, 1027],
    ));
    for (name, args, sizes) in calls {
        let e = entry(name);
        let g = generator(name).unwrap();
        let order = contiguous(&sizes);
        let call = Call {
            args,
            out_dtype: f32_,
            out_sizes: sizes,
            out_order: order,
            dynamic: false,
        };
        for &isa in Level::available_levels() {
            check(e, &g, &call, isa).unwrap_or_else(|err| panic!("{err}"));
        }
    }
}

/// Every kind of convolution the models use (transposed with output padding, dilated,
/// grouped, depthwise, 1-D, 3-channel first layers, ...) in every layout of input, weight and
/// out, in the dtypes the optimized kernel computes (Float, and Half and BFloat16 through the
/// Float GEMM), at every level: each pair once, not left to the random mixes.
#[test]
fn every_convolution_shape_matches_portable_at_every_isa() {
    use etk_testing::harness_conv::{Shape, convolution, every_shape_and_layout};
    let name = "aten::convolution.out";
    let entry = etk_optimized::TABLE
        .iter()
        .find(|e| e.name == name)
        .unwrap();
    let g = generator(name).unwrap();
    for &isa in Level::available_levels() {
        let mut rng = Rng::new(isa.isa() as u64 + 5);
        for dtype in [ScalarType::Float, ScalarType::Half, ScalarType::BFloat16] {
            for (i, (shape, layout)) in every_shape_and_layout().enumerate() {
                let call = convolution(&mut rng, dtype, shape, layout, i % 3 == 0);
                check(entry, &g, &call, isa)
                    .unwrap_or_else(|err| panic!("{shape:?}, layout {layout}, {dtype:?}: {err}"));
            }
        }
        // im2col into the GEMM's panels by masked loads: many calls of the shape that reaches
        // it (Float, input and out contiguous; layouts 0 and 2: the weight either way), so
        // that every mask case meets every level
        for i in 0..48 {
            let layout = 2 * (i % 2);
            let call = convolution(
                &mut rng,
                ScalarType::Float,
                Shape::PanelMasks,
                layout,
                false,
            );
            check(entry, &g, &call, isa).unwrap_or_else(|err| panic!("panel masks {i}: {err}"));
        }
    }
}

/// The driver catches a wrong kernel: a deliberately broken "add" (adds 1 ulp) must fail.
#[test]
fn driver_detects_a_wrong_kernel() {
    fn broken_add(ctx: &mut KernelContext<'_>, stack: &mut [EValue<'_>]) -> etk_core::Result<()> {
        etk_optimized::ops::add::add_out_boxed(ctx, stack)?;
        if let Some(EValue::Tensor(t)) = stack.last_mut()
            && let Some(s) = t.as_mut_slice::<f32>()
            && let Some(x) = s.first_mut()
        {
            *x = f32::from_bits(x.to_bits() ^ 1);
        }
        Ok(())
    }
    let entry = KernelEntry {
        name: "aten::add.out",
        kernel: broken_add,
    };
    let g = generator(entry.name).unwrap();
    let r = std::panic::catch_unwind(|| drive(&entry, &g, &[Level::SCALAR]));
    assert!(r.is_err(), "the driver accepted a wrong kernel");
}
