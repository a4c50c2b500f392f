//! `execute` (and `set_input`) allocate nothing: every committed model that the registry can
//! run, called several times under a counting global allocator.

mod common;

use common::{MODELS, input_tensor, io, read};
use etk::KernelContext;
use etk_runtime::{Method, Program};
use etk_testing::alloc::counted;

#[global_allocator]
static GLOBAL: etk_testing::alloc::Counting = etk_testing::alloc::Counting;

#[test]
fn execute_allocates_nothing() {
    etk::init();
    let mut checked = 0;
    for name in MODELS {
        let bytes = read(name, "pte");
        let program = Program::load(&bytes).unwrap();
        for reg in [etk::registry(), etk::portable_registry()] {
            let Ok(mut m) = Method::prepare(&program, "forward", &reg) else {
                continue;
            };
            m.enable_profiling(etk_runtime::Profile::wall_clock());
            let mut scratch = vec![0u8; 1 << 20];
            let mut ctx = KernelContext::new(&mut scratch, &etk::Serial);
            for (ins, _) in io(name) {
                let ts: Vec<_> = ins
                    .iter()
                    .enumerate()
                    .map(|(i, v)| input_tensor(&m, i, v))
                    .collect();
                let (n, r) = counted(|| {
                    for (i, t) in ts.iter().enumerate() {
                        m.set_input(i, &t.view())?;
                    }
                    for _ in 0..3 {
                        m.execute(&mut ctx)?;
                    }
                    Ok::<(), etk_runtime::Error>(())
                });
                r.unwrap();
                assert_eq!(n, 0, "{name}: {n} allocations in set_input + execute");
                checked += 1;
            }
        }
    }
    assert!(checked >= 6);
}
