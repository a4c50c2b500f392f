//! Kernels whose fast path writes an out that is also one of its inputs: `clamp.Tensor_out`
//! runs `maximum` into the out, then `minimum` of the out in place. On the integer dtypes that
//! second pass goes through a buffer a chunk (256 elements) at a time; lengths across several
//! chunks and a partial one, against portable, at the ISA level `ETK_ISA` picks.

use etk_core::{KernelContext, OwnedTensor, ScalarType};
use etk_optimized::ops::clamp::clamp_tensor_out;
use etk_portable::ops::clamp::clamp_tensor_out as portable_clamp_tensor_out;

fn ints(n: usize, seed: u64) -> Vec<i64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (s >> 33) as i64 % 2001 - 1000
        })
        .collect()
}

fn tensor(dtype: ScalarType, values: &[i64], sizes: &[usize]) -> OwnedTensor {
    fn of<E: etk_core::Element>(values: &[i64], sizes: &[usize], f: fn(i64) -> E) -> OwnedTensor {
        let v: Vec<E> = values.iter().map(|&x| f(x)).collect();
        OwnedTensor::from_slice(&v, sizes).unwrap()
    }
    match dtype {
        ScalarType::Byte => of(values, sizes, |x| x as u8),
        ScalarType::Char => of(values, sizes, |x| x as i8),
        ScalarType::Short => of(values, sizes, |x| x as i16),
        ScalarType::Int => of(values, sizes, |x| x as i32),
        _ => of(values, sizes, |x| x),
    }
}

#[test]
fn clamp_tensor_on_integers_matches_portable_across_chunks() {
    use ScalarType::{Byte, Char, Int, Long, Short};
    for dtype in [Byte, Char, Short, Int, Long] {
        for n in [1, 255, 256, 257, 1000] {
            let x = tensor(dtype, &ints(n, 1), &[n]);
            let lo = tensor(
                dtype,
                &ints(n, 2).iter().map(|v| v / 2).collect::<Vec<_>>(),
                &[n],
            );
            let hi = tensor(dtype, &ints(1, 3), &[1]);
            let [got, want] = [clamp_tensor_out, portable_clamp_tensor_out].map(|kernel| {
                let mut out = OwnedTensor::zeros(dtype, &[n]).unwrap();
                kernel(
                    &mut KernelContext::serial(),
                    &x.view(),
                    Some(&lo.view()),
                    Some(&hi.view()),
                    &mut out.view_mut().unwrap(),
                )
                .unwrap();
                out
            });
            assert_eq!(
                got.to_logical::<i64>(),
                want.to_logical::<i64>(),
                "{dtype:?} n = {n}"
            );
        }
    }
}
