//! The committed models run against their PyTorch test vectors, on every registry.

mod common;

use common::{all_models, check, read};
use etk::{KernelContext, Registry};
use etk_runtime::{ErrorKind, Method, Program};

fn registries() -> [(&'static str, Registry<'static>); 2] {
    [
        ("default", etk::registry()),
        ("portable", etk::portable_registry()),
    ]
}

#[test]
fn models_match_pytorch_or_name_their_missing_operators() {
    let mut ran = 0;
    for name in &all_models() {
        let bytes = read(name, "pte");
        let program = Program::load(&bytes).unwrap();
        assert_eq!(program.method_names().collect::<Vec<_>>(), ["forward"]);
        for (lib, reg) in registries() {
            let (_, plan) = program.plan("forward").unwrap();
            let missing: Vec<String> = etk_runtime::operator_names(plan)
                .into_iter()
                .filter(|n| reg.lookup(n).is_none())
                .collect();
            match Method::prepare(&program, "forward", &reg) {
                Ok(mut m) => {
                    assert!(missing.is_empty());
                    let mut scratch = vec![0u8; 1 << 20];
                    let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
                    check(name, &mut m, &mut ctx);
                    ran += 1;
                }
                Err(e) => {
                    // Until other engineers' kernels land (permute_copy for mlp_linear).
                    assert_eq!(e.kind, ErrorKind::OperatorMissing, "{name} on {lib}: {e}");
                    for n in &missing {
                        assert!(e.message.contains(n.as_str()), "{e} does not name {n}");
                    }
                }
            }
        }
    }
    assert!(ran >= 6, "only {ran} model runs");
}

#[test]
fn state_persists_across_calls_and_a_new_method_starts_fresh() {
    let bytes = read("counter", "pte");
    let program = Program::load(&bytes).unwrap();
    let reg = etk::registry();
    let mut scratch = vec![0u8; 1 << 16];
    let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
    // Twice on fresh methods: each starts from the program's initial state.
    for _ in 0..2 {
        let mut m = Method::prepare(&program, "forward", &reg).unwrap();
        check("counter", &mut m, &mut ctx);
    }
}

#[test]
fn profile_counts_every_call() {
    let bytes = read("mlp_matmul", "pte");
    let program = Program::load(&bytes).unwrap();
    let mut m = Method::prepare(&program, "forward", &etk::registry()).unwrap();
    m.enable_profiling(etk_runtime::Profile::wall_clock());
    let mut ctx = KernelContext::serial();
    for _ in 0..3 {
        m.execute(&mut ctx).unwrap();
    }
    let rows = m.profile().unwrap().rows(m.operator_names());
    let calls = |n: &str| rows.iter().find(|r| r.name == n).map(|r| r.tally.calls);
    assert_eq!(calls("aten::mm.out"), Some(6));
    assert_eq!(calls("aten::relu.out"), Some(3));
}

#[test]
fn caller_arenas_are_used_and_checked() {
    let bytes = read("mlp_matmul", "pte");
    let program = Program::load(&bytes).unwrap();
    let reg = etk::registry();
    let opts = etk_runtime::Options::default();
    let mut small = [0u8; 8];
    let e = Method::prepare_with(&program, "forward", &reg, &opts, vec![&mut small[..]])
        .err()
        .unwrap();
    assert_eq!(e.kind, ErrorKind::InvalidArgument, "{e}");
    // 8-byte aligned memory, larger than the plan needs.
    let mut buf = vec![0u64; 1 << 12];
    // SAFETY: the bytes of a `Vec<u64>` of 1 << 12 entries, borrowed exclusively.
    let arena: &mut [u8] =
        unsafe { std::slice::from_raw_parts_mut(buf.as_mut_ptr() as *mut u8, 1 << 15) };
    let mut m = Method::prepare_with(&program, "forward", &reg, &opts, vec![arena]).unwrap();
    let mut ctx = KernelContext::serial();
    check("mlp_matmul", &mut m, &mut ctx);
}

#[test]
fn a_file_at_an_odd_address_gives_the_same_results() {
    // Every constant is then misaligned for its dtype and copied once at prepare.
    for name in ["mlp_matmul", "where_const", "where_inline", "counter"] {
        let bytes = read(name, "pte");
        let mut shifted = vec![0u8; bytes.len() + 1];
        shifted[1..].copy_from_slice(&bytes);
        let program = Program::load(&shifted[1..]).unwrap();
        let mut m = Method::prepare(&program, "forward", &etk::registry()).unwrap();
        check(name, &mut m, &mut KernelContext::serial());
    }
}

#[test]
fn arguments_built_once_follow_resized_inputs_and_outs() {
    // The method keeps each instruction's arguments between calls: running the steps again
    // on the same method (mlp_dynamic's batch goes 3, 8, 3, 8) checks they are rebuilt when
    // an input or a dynamic out changes shape, and reused correctly when nothing did.
    for name in ["mlp_dynamic", "cond", "view_alias", "where_const"] {
        let bytes = read(name, "pte");
        let program = Program::load(&bytes).unwrap();
        for (_, reg) in registries() {
            let mut m = Method::prepare(&program, "forward", &reg).unwrap();
            let mut scratch = vec![0u8; 1 << 20];
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            for _ in 0..2 {
                check(name, &mut m, &mut ctx);
            }
        }
    }
}
