//! Criterion groups per op family, portable against optimized, with throughput in the unit
//! that reads against the machine's limits (`opbench limits`): bytes for memory-bound ops,
//! elements for elementwise math, FLOP (as elements) for GEMM.
//! `cargo bench -p etk-benches` (in `cargo test` they run each case once).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use etk_benches::cli::{Kind, parse_args};

fn family(c: &mut Criterion, name: &str, calls: &[&str]) {
    let mut group = c.benchmark_group(name);
    for spec in calls {
        for lib in ["portable", "optimized"] {
            let args: Vec<String> = format!("{spec} --lib {lib}")
                .split(' ')
                .map(String::from)
                .collect();
            let bench = parse_args(&args).expect("valid spec");
            bench
                .with_call(|call, kind| {
                    group.throughput(match kind {
                        Kind::Memory { bytes, .. } => Throughput::Bytes(bytes as u64),
                        Kind::Math { elements, .. } => Throughput::Elements(elements as u64),
                        Kind::Flops(f) => Throughput::Elements(f as u64),
                    });
                    group.bench_function(format!("{lib}/{spec}"), |b| b.iter(&mut *call));
                })
                .expect("the call succeeds");
        }
    }
    group.finish();
}

fn pointwise(c: &mut Criterion) {
    family(
        c,
        "pointwise (bytes)",
        &[
            "add f32 65536",
            "mul f32 65536",
            "add f32 64x1024 --other 1024",
            "add bf16 65536",
            "to_copy f32 65536 --to f16",
        ],
    );
}

fn unary_math(c: &mut Criterion) {
    family(
        c,
        "unary math (elements)",
        &[
            "exp f32 65536",
            "sigmoid f32 65536",
            "tanh f32 65536",
            "gelu f32 65536",
            "elu f32 65536",
        ],
    );
}

fn gemm(c: &mut Criterion) {
    family(
        c,
        "gemm (FLOP)",
        &["mm f32 64x64 64x64", "linear f32 196x576 64x576"],
    );
}

/// The convolutions of the runtime's `mobilenet` model (`testing/models/export.py`, input
/// 1x3x32x32): the strided stem, 1x1 expand and project, 3x3 depthwise at stride 1 and 2.
fn convolution(c: &mut Criterion) {
    family(
        c,
        "convolution (FLOP)",
        &[
            "convolution f32 1x3x32x32 8x3x3x3 2x1x1x1",
            "convolution f32 1x8x16x16 16x8x1x1",
            "convolution f32 1x16x16x16 16x1x3x3 1x1x1x16",
            "convolution f32 1x16x16x16 16x1x3x3 2x1x1x16",
            "convolution f32 1x16x16x16 8x16x1x1",
            "convolution f32 1x32x8x8 32x1x3x3 1x1x1x32",
            "convolution f32 1x32x8x8 16x32x1x1",
        ],
    );
}

criterion_group!(benches, pointwise, unary_math, gemm, convolution);
criterion_main!(benches);
