//! The same program as `selective_build`, linking the whole default registry (for comparing
//! binary sizes).

use etk::{EValue, KernelContext, OwnedTensor, Scalar, ScalarType};

fn main() {
    let registry = etk::registry();
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
