//! What prepare does beyond loading — constant folding, prepared kernels, fused chains — is
//! exact: every committed model gives its test vectors with each switched off and on, and the
//! same bits either way on the same registry; and the optimized library's prepared and fused
//! calls give its kernels' bits on random inputs, shapes and dim orders.

mod common;

use common::{all_models, bits, check, input_tensor, io, read, tensor};
use etk::prepare::{Chain, Known};
use etk::{EValue, KernelContext, OwnedTensor, Registry, Scalar, ScalarType};
use etk_runtime::{Method, Options, Program};

fn options(fold: bool, prepack: bool, fuse: bool) -> Options {
    Options {
        fold,
        prepack,
        fuse,
        ..Options::default()
    }
}

/// The outputs' bytes of every step of `name`'s test vectors (after checking them).
fn run(name: &str, reg: &Registry<'_>, opts: &Options) -> Option<Vec<Vec<u8>>> {
    let bytes = read(name, "pte");
    let program = Program::load(&bytes).unwrap();
    let mut m = Method::prepare_with(&program, "forward", reg, opts, Vec::new()).ok()?;
    let mut scratch = vec![0u8; 1 << 20];
    let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
    check(name, &mut m, &mut ctx);
    // once more, keeping every output's bytes.
    let mut all = Vec::new();
    for (ins, outs) in io(name) {
        for (i, v) in ins.iter().enumerate() {
            let t = input_tensor(&m, i, v);
            m.set_input(i, &t.view()).unwrap();
        }
        m.execute(&mut ctx).unwrap();
        for j in 0..outs.len() {
            let t = m.output(j).unwrap();
            // SAFETY: the output's `nbytes` bytes are its memory.
            all.push(unsafe { std::slice::from_raw_parts(t.as_ptr(), t.nbytes()) }.to_vec());
        }
    }
    Some(all)
}

#[test]
fn folding_prepacking_and_fusion_switched_off_one_by_one_give_the_same_bits() {
    let sets = [
        options(true, true, true),
        options(false, true, true),
        options(true, false, true),
        options(true, true, false),
        options(false, false, false),
    ];
    let mut compared = 0;
    let models = all_models();
    for name in &models {
        // Every switch on the optimized library (whose prepared and fused kernels are the
        // point); all on and all off on portable (which prepares nothing, but folds).
        let ends = [sets[0].clone(), sets[4].clone()];
        for (reg, sets) in [
            (etk::registry(), &sets[..]),
            (etk::portable_registry(), &ends[..]),
        ] {
            let base = run(name, &reg, &sets[0]);
            for o in &sets[1..] {
                let other = run(name, &reg, o);
                assert_eq!(base.is_some(), other.is_some(), "{name}: {o:?}");
                assert!(base == other, "{name}: outputs differ with {o:?}");
                compared += usize::from(base.is_some());
            }
        }
    }
    assert!(compared >= 5 * models.len(), "only {compared} comparisons");
}

fn prepared(name: &str, opts: &Options) -> (Vec<u8>, Method<'static>) {
    let bytes: &'static [u8] = read(name, "pte").leak();
    let program: &'static Program<'static> = Box::leak(Box::new(Program::load(bytes).unwrap()));
    let mut m =
        Method::prepare_with(program, "forward", &etk::registry(), opts, Vec::new()).unwrap();
    m.enable_profiling(etk_runtime::Profile::wall_clock());
    let mut scratch = vec![0u8; 1 << 20];
    check(
        name,
        &mut m,
        &mut KernelContext::new(&mut scratch, &etk::Serial),
    );
    (scratch, m)
}

fn calls(m: &Method<'_>, label: &str) -> u64 {
    let rows = m.profile().unwrap().rows(m.labels());
    rows.iter()
        .find(|r| r.name == label)
        .map_or(0, |r| r.tally.calls)
}

#[test]
fn weights_transposed_at_load_leave_the_loop() {
    // nn.Linear exports as permute_copy(weight) -> addmm: the transposes are constants.
    let (_, m) = prepared("mlp_linear", &Options::default());
    assert_eq!(m.folded().instructions, 2, "{:?}", m.folded());
    assert_eq!(m.folded().bytes, (16 * 32 + 32 * 8) * 4);
    assert_eq!(calls(&m, "aten::permute_copy.out"), 0);
    let (_, m) = prepared("mlp_linear", &options(false, true, false));
    assert_eq!(m.folded().instructions, 0);
    assert_eq!(calls(&m, "aten::permute_copy.out"), 2);
    // Not folded, the transposes are read in place by the products.
    let (_, m) = prepared("mlp_linear", &options(false, true, true));
    assert_eq!(calls(&m, "aten::permute_copy.out"), 0);
    assert_eq!(calls(&m, "permute_copy+addmm"), 2);
    // The quantized convnet: its weights dequantized once.
    let (_, m) = prepared("convnet_q", &Options::default());
    assert!(m.folded().instructions >= 3, "{:?}", m.folded());
}

#[test]
fn nothing_that_changes_between_calls_is_folded() {
    // Inputs, mutable state and symbolic sizes are not constants; control flow and programs
    // whose values alias stay as they are: their test vectors (checked twice in `run`) hold.
    for name in [
        "counter",
        "llama",
        "sym_size",
        "cond",
        "view_alias",
        "mlp_dynamic",
    ] {
        let (_, m) = prepared(name, &options(true, true, false));
        let (_, off) = prepared(name, &options(false, true, false));
        assert!(m.labels().len() >= off.labels().len(), "{name}");
    }
    let (_, m) = prepared("pointwise_chain", &Options::default());
    assert_eq!(m.folded().instructions, 0);
}

#[test]
fn a_fused_chain_is_profiled_under_its_operators_names() {
    let (_, m) = prepared("mlp_linear", &Options::default());
    assert_eq!(calls(&m, "addmm+relu"), 1);
    assert_eq!(calls(&m, "aten::relu.out"), 0);
    assert_eq!(calls(&m, "aten::addmm.out"), 1);
    let (_, m) = prepared("mlp_linear", &options(true, true, false));
    assert_eq!(calls(&m, "addmm+relu"), 0);
    assert_eq!(calls(&m, "aten::relu.out"), 1);
    // MobileNet's convolution, batch norm and ReLU6, and its hard swish as exported; a
    // ResNet's residual blocks.
    let (_, m) = prepared("mobilenet_112", &Options::default());
    let bn = "_native_batch_norm_legit_no_training";
    assert!(calls(&m, &format!("convolution+{bn}+hardtanh")) >= 5);
    assert!(calls(&m, &format!("convolution+{bn}+add+clamp+clamp+mul+div")) >= 5);
    assert_eq!(calls(&m, "aten::hardtanh.out"), 0);
    let (_, m) = prepared("resnet", &Options::default());
    assert!(calls(&m, &format!("convolution+{bn}+add+relu")) >= 3);
}

#[test]
fn addmm_relu_fused_and_prepacked_give_the_kernels_bits() {
    let reg = etk::registry();
    let addmm = reg.lookup("aten::addmm.out").unwrap();
    let relu = reg.lookup("aten::relu.out").unwrap();
    let (_, fusion) = reg
        .fusions()
        .find(|(_, f)| f.first.contains(&"aten::addmm.out") && f.then.contains(&"aten::relu.out"))
        .expect("the optimized library fuses addmm -> relu");
    let prepare = reg.prepared("aten::addmm.out").unwrap();
    let mut scratch = vec![0u8; 8 << 20];
    let mut seed = 1;
    // shapes around the GEMM's paths: the dot-product path (few rows), B read in place or
    // packed, several k blocks (K > 256), edge tiles.
    for &(m, k, n) in &[
        (4, 16, 8),
        (1, 7, 3),
        (9, 33, 17),
        (16, 32, 64),
        (64, 300, 40),
        (130, 64, 96),
    ] {
        for (o1, o2, bias, oo) in [
            ([0, 1], [0, 1], vec![n], [0, 1]),
            ([1, 0], [1, 0], vec![m, n], [0, 1]),
            ([0, 1], [1, 0], vec![1, n], [1, 0]),
            ([1, 0], [0, 1], vec![n], [1, 0]),
        ] {
            seed += 1;
            let mat1 = tensor(&[m, k], &o1, seed);
            let mat2 = tensor(&[k, n], &o2, seed + 100);
            let b_order: Vec<usize> = (0..bias.len()).collect();
            let bias_t = tensor(&bias, &b_order, seed + 200);
            let (beta, alpha) = (Scalar::Double(0.5), Scalar::Int(1));
            // one by one
            let out_t = || OwnedTensor::with_capacity(ScalarType::Float, &[m, n], &oo, 0).unwrap();
            let mut t = out_t();
            let mut want = out_t();
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            let mut a = [
                EValue::Tensor(bias_t.view()),
                EValue::Tensor(mat1.view()),
                EValue::Tensor(mat2.view()),
                EValue::from(beta),
                EValue::from(alpha),
                EValue::Tensor(t.view_mut().unwrap()),
            ];
            addmm(&mut ctx, &mut a).unwrap();
            let mut r = [
                EValue::Tensor(t.view()),
                EValue::Tensor(want.view_mut().unwrap()),
            ];
            relu(&mut ctx, &mut r).unwrap();
            let addmm_bits = bits(&t);
            // fused (mat2 constant, so packed too), and addmm prepared alone
            let t2 = out_t();
            let mut got = out_t();
            let t2v = t2.view();
            let mut args = vec![
                EValue::Tensor(bias_t.view()),
                EValue::Tensor(mat1.view()),
                EValue::Tensor(mat2.view()),
                EValue::from(beta),
                EValue::from(alpha),
                EValue::Tensor(t2v.view()),
                EValue::Tensor(t2v.view()),
                EValue::Tensor(got.view_mut().unwrap()),
            ];
            let known = [
                Known::Constant,
                Known::Shape,
                Known::Constant,
                Known::Constant,
                Known::Constant,
                Known::Shape,
                Known::Shape,
                Known::Shape,
            ];
            let chain = Chain {
                ops: &["aten::addmm.out", "aten::relu.out"],
                args: &args,
                known: &known,
                starts: &[0, 6, 8],
                from: &[None, None, None, None, None, None, Some(0), None],
                shares: &[false; 8],
            };
            let mut fused = (fusion.prepare)(&chain).unwrap().expect("fused");
            fused.run(&mut ctx, &mut args).unwrap();
            drop(args);
            assert_eq!(
                bits(&got),
                bits(&want),
                "addmm+relu {m}x{k}x{n} {o1:?} {o2:?}"
            );
            let mut out = out_t();
            let mut args = vec![
                EValue::Tensor(bias_t.view()),
                EValue::Tensor(mat1.view()),
                EValue::Tensor(mat2.view()),
                EValue::from(beta),
                EValue::from(alpha),
                EValue::Tensor(out.view_mut().unwrap()),
            ];
            if let Some(mut p) = prepare(&args, &known[..6]).unwrap() {
                p.run(&mut ctx, &mut args).unwrap();
                drop(args);
                assert_eq!(bits(&out), addmm_bits, "addmm {m}x{k}x{n} {o1:?} {o2:?}");
            }
        }
    }
}

#[test]
fn mm_prepacked_gives_the_kernels_bits() {
    let reg = etk::registry();
    let mm = reg.lookup("aten::mm.out").unwrap();
    let prepare = reg.prepared("aten::mm.out").unwrap();
    let mut scratch = vec![0u8; 8 << 20];
    let mut packed = 0;
    for &(m, k, n) in &[
        (4, 16, 8),
        (9, 33, 17),
        (64, 300, 40),
        (200, 64, 100),
        (3, 513, 5),
    ] {
        for o2 in [[0, 1], [1, 0]] {
            let a = tensor(&[m, k], &[0, 1], (m * k) as u64);
            let b = tensor(&[k, n], &o2, (k * n) as u64);
            let mut want = OwnedTensor::zeros(ScalarType::Float, &[m, n]).unwrap();
            let mut got = OwnedTensor::zeros(ScalarType::Float, &[m, n]).unwrap();
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            let mut args = [
                EValue::Tensor(a.view()),
                EValue::Tensor(b.view()),
                EValue::Tensor(want.view_mut().unwrap()),
            ];
            mm(&mut ctx, &mut args).unwrap();
            let mut args = [
                EValue::Tensor(a.view()),
                EValue::Tensor(b.view()),
                EValue::Tensor(got.view_mut().unwrap()),
            ];
            let known = [Known::Shape, Known::Constant, Known::Shape];
            if let Some(mut p) = prepare(&args, &known).unwrap() {
                packed += 1;
                p.run(&mut ctx, &mut args).unwrap();
                assert_eq!(bits(&got), bits(&want), "mm {m}x{k}x{n} {o2:?}");
                // another B than the one packed: the plain path.
                let b2 = tensor(&[k, n], &o2, 7);
                let mut args = [
                    EValue::Tensor(a.view()),
                    EValue::Tensor(b2.view()),
                    EValue::Tensor(got.view_mut().unwrap()),
                ];
                p.run(&mut ctx, &mut args).unwrap();
                let mut args = [
                    EValue::Tensor(a.view()),
                    EValue::Tensor(b2.view()),
                    EValue::Tensor(want.view_mut().unwrap()),
                ];
                mm(&mut ctx, &mut args).unwrap();
                assert_eq!(bits(&got), bits(&want), "mm, B not the packed one");
            }
        }
    }
    assert!(packed >= 8, "{packed}");
}

#[test]
fn prepare_checks_and_falls_back_like_the_kernel() {
    // A prepared addmm called with a wrong out reports addmm's own error.
    let reg = etk::registry();
    let prepare = reg.prepared("aten::addmm.out").unwrap();
    let mat1 = tensor(&[16, 8], &[0, 1], 1);
    let mat2 = tensor(&[8, 4], &[0, 1], 2);
    let bias = tensor(&[4], &[0], 3);
    let mut out = OwnedTensor::zeros(ScalarType::Float, &[16, 5]).unwrap();
    let one = Scalar::Int(1);
    let mut args = [
        EValue::Tensor(bias.view()),
        EValue::Tensor(mat1.view()),
        EValue::Tensor(mat2.view()),
        EValue::from(one),
        EValue::from(one),
        EValue::Tensor(out.view_mut().unwrap()),
    ];
    let known = [
        Known::Constant,
        Known::Shape,
        Known::Constant,
        Known::Constant,
        Known::Constant,
        Known::Shape,
    ];
    let mut p = prepare(&args, &known).unwrap().expect("prepared");
    let e = p.run(&mut KernelContext::serial(), &mut args).unwrap_err();
    let mut out2 = OwnedTensor::zeros(ScalarType::Float, &[16, 5]).unwrap();
    let mut args2 = [
        EValue::Tensor(bias.view()),
        EValue::Tensor(mat1.view()),
        EValue::Tensor(mat2.view()),
        EValue::from(one),
        EValue::from(one),
        EValue::Tensor(out2.view_mut().unwrap()),
    ];
    let want = reg.lookup("aten::addmm.out").unwrap()(&mut KernelContext::serial(), &mut args2)
        .unwrap_err();
    assert_eq!((e.op, e.arg, e.kind), (want.op, want.arg, want.kind));
}

#[test]
fn linear_prepacked_gives_the_kernels_bits() {
    let reg = etk::registry();
    let linear = reg.lookup("aten::linear.out").unwrap();
    let prepare = reg.prepared("aten::linear.out").unwrap();
    let mut scratch = vec![0u8; 8 << 20];
    let mut packed = 0;
    // 2-D inputs with a bias (addmm), 3-D inputs (rows merged), no bias; few rows take the
    // dot-product path and are not packed.
    for (input, n, bias) in [
        (vec![16, 40], 24, true),
        (vec![2, 9, 33], 17, true),
        (vec![130, 64], 40, false),
        (vec![4, 16], 8, true),
    ] {
        let k = *input.last().unwrap();
        let order: Vec<usize> = (0..input.len()).collect();
        let x = tensor(&input, &order, 5);
        let w = tensor(&[n, k], &[0, 1], 6);
        let b = tensor(&[n], &[0], 7);
        let mut shape = input.clone();
        *shape.last_mut().unwrap() = n;
        let mut want = OwnedTensor::zeros(ScalarType::Float, &shape).unwrap();
        let mut got = OwnedTensor::zeros(ScalarType::Float, &shape).unwrap();
        let bias_ev = || {
            if bias {
                EValue::Tensor(b.view())
            } else {
                EValue::None
            }
        };
        let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
        let mut args = [
            EValue::Tensor(x.view()),
            EValue::Tensor(w.view()),
            bias_ev(),
            EValue::Tensor(want.view_mut().unwrap()),
        ];
        linear(&mut ctx, &mut args).unwrap();
        let mut args = [
            EValue::Tensor(x.view()),
            EValue::Tensor(w.view()),
            bias_ev(),
            EValue::Tensor(got.view_mut().unwrap()),
        ];
        let known = [Known::Shape, Known::Constant, Known::Constant, Known::Shape];
        if let Some(mut p) = prepare(&args, &known).unwrap() {
            packed += 1;
            p.run(&mut ctx, &mut args).unwrap();
            assert_eq!(bits(&got), bits(&want), "linear {input:?} x [{n}, {k}]");
        }
    }
    assert_eq!(packed, 3);
}

#[test]
fn bmm_prepacked_gives_the_kernels_bits() {
    let reg = etk::registry();
    let bmm = reg.lookup("aten::bmm.out").unwrap();
    let prepare = reg.prepared("aten::bmm.out").unwrap();
    let mut scratch = vec![0u8; 8 << 20];
    let mut packed = 0;
    // few rows (the dot-product path when mat2 is contiguous along K: not packed), B read in
    // place or packed, several k blocks, edge tiles; mat2 in both dim orders of its matrices.
    for &(b, m, k, n) in &[
        (3, 4, 16, 8),
        (2, 9, 33, 17),
        (4, 64, 300, 40),
        (2, 130, 64, 96),
    ] {
        for o2 in [[0, 1, 2], [0, 2, 1]] {
            let a = tensor(&[b, m, k], &[0, 1, 2], (b * m * k) as u64);
            let w = tensor(&[b, k, n], &o2, (k * n) as u64);
            let mut want = OwnedTensor::zeros(ScalarType::Float, &[b, m, n]).unwrap();
            let mut got = OwnedTensor::zeros(ScalarType::Float, &[b, m, n]).unwrap();
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            let mut args = [
                EValue::Tensor(a.view()),
                EValue::Tensor(w.view()),
                EValue::Tensor(want.view_mut().unwrap()),
            ];
            bmm(&mut ctx, &mut args).unwrap();
            let mut args = [
                EValue::Tensor(a.view()),
                EValue::Tensor(w.view()),
                EValue::Tensor(got.view_mut().unwrap()),
            ];
            let known = [Known::Shape, Known::Constant, Known::Shape];
            if let Some(mut p) = prepare(&args, &known).unwrap() {
                packed += 1;
                p.run(&mut ctx, &mut args).unwrap();
                assert_eq!(bits(&got), bits(&want), "bmm {b}x{m}x{k}x{n} {o2:?}");
            }
        }
    }
    assert!(packed >= 7, "{packed}");
}
