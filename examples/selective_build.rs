//! A program that names the two operators it uses links only those kernels.
//!
//! `cargo build --release --example selective_build` and compare its size with
//! `--example full_table`: the unnamed kernels are not in the binary.

use etk::{EValue, KernelContext, KernelEntry, OwnedTensor, Registry, Scalar, ScalarType};

static KERNELS: &[KernelEntry] = etk::portable::select!("aten::add.out", "aten::relu.out");

fn main() {
    static TABLES: &[&[KernelEntry]] = &[KERNELS];
    let registry = Registry::new(TABLES);
    let a = OwnedTensor::from_slice(&[1.0f32, -2.0, 3.0], &[3]).unwrap();
    let mut out = OwnedTensor::zeros(ScalarType::Float, &[3]).unwrap();
    let mut args = [
        EValue::Tensor(a.view()),
        EValue::Tensor(a.view()),
        EValue::from(Scalar::Int(1)),
        EValue::Tensor(out.view_mut().unwrap()),
    ];
    registry
        .call("aten::add.out", &mut KernelContext::serial(), &mut args)
        .unwrap();
    println!("{:?}", out.to_logical::<f32>());
}
