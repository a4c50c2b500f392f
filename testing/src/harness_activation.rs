//! Argument generators for the activations the optimized library added beyond the pointwise
//! family of `harness_pointwise.rs` (which covers sigmoid, tanh, gelu, elu, relu and hardtanh):
//! `leaky_relu`, with slopes positive, negative (zeros become `-0.0`), zero, integral, and out
//! of Float's range (an error both libraries must report). Every layout class, dtype and ISA
//! level of the driver; compared bit for bit.

use crate::harness::{Arg, Call, Class, EXACT, Gen, Rng};
use crate::harness_pointwise::unary;
use etk_core::{Scalar, ScalarType};

pub fn generator(name: &str) -> Option<Gen> {
    match name {
        "aten::leaky_relu.out" => Some(Gen {
            tol: EXACT,
            make: gen_leaky_relu,
            pointwise: true,
            scale: None,
        }),
        _ => None,
    }
}

fn gen_leaky_relu(rng: &mut Rng, c: Class, dt: [ScalarType; 2], v: usize) -> Option<Call> {
    unary(rng, c, dt[0], v, |rng| {
        let slope = match rng.below(6) {
            0 => Scalar::Double(0.01),
            1 => Scalar::Double(-0.75),
            2 => Scalar::Int(0),
            3 => Scalar::Int(3),
            4 => Scalar::Double(0.2),
            _ => Scalar::Double(1e39),
        };
        vec![Arg::S(slope)]
    })
}
