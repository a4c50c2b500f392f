//! Tensor views, resizing, scratch memory and error reports.

use etk_core::{Error, ErrorKind, KernelContext, OwnedTensor, ScalarType, ShapeDynamism, Tensor};

#[test]
fn views_check_capacity_rank_and_dim_order() {
    let x = [0f32; 6];
    assert!(Tensor::from_slice(&x, &[2, 3]).is_ok());
    assert_eq!(
        Tensor::from_slice(&x, &[2, 4]).unwrap_err().kind,
        ErrorKind::OutOfCapacity
    );
    assert!(Tensor::from_slice(&x, &[1; 17]).is_err());
    assert!(
        Tensor::from_slice(&x, &[2, 3])
            .unwrap()
            .with_dim_order(&[0, 0])
            .is_err()
    );
    assert!(Tensor::from_slice(&x, &[usize::MAX, 2]).is_err());
    let t = Tensor::from_slice(&x, &[1, 3, 2, 1])
        .unwrap()
        .with_dim_order(&[0, 2, 3, 1])
        .unwrap();
    assert_eq!(t.strides(), &[6, 1, 3, 3]);
}

#[test]
fn read_only_views_cannot_be_written() {
    let x = [0f32; 2];
    let mut t = Tensor::from_slice(&x, &[2]).unwrap();
    assert!(t.as_mut_ptr("op", "out").is_err());
    assert!(t.as_mut_slice::<f32>().is_none());
}

#[test]
fn resize_follows_dynamism_and_capacity() {
    let mut y = [0f32; 6];
    let mut t = Tensor::from_mut_slice(&mut y, &[6]).unwrap();
    assert_eq!(
        t.resize("op", "out", &[2, 3]).unwrap_err().kind,
        ErrorKind::OutOfCapacity
    );
    t = t.with_dynamism(ShapeDynamism::DynamicBound);
    t.resize("op", "out", &[2, 3]).unwrap();
    assert_eq!(t.sizes(), &[2, 3]);
    let e = t.resize("aten::x.out", "out", &[7]).unwrap_err();
    assert_eq!(
        (e.kind, e.op, e.arg),
        (ErrorKind::OutOfCapacity, "aten::x.out", "out")
    );
    t.resize("op", "out", &[0]).unwrap();
    assert_eq!(t.numel(), 0);
}

#[test]
fn owned_tensors_are_aligned_and_keep_logical_order() {
    let vals: Vec<i16> = (0..24).collect();
    let t = OwnedTensor::from_logical(&vals, &[2, 3, 2, 2], &[0, 2, 3, 1]).unwrap();
    assert_eq!(t.view().as_ptr() as usize % 64, 0);
    assert_eq!(t.to_logical::<i64>(), (0..24).collect::<Vec<i64>>());
    assert_ne!(t.view().as_slice::<i16>().unwrap(), &vals[..]);
}

#[test]
fn scratch_hands_out_disjoint_aligned_regions() {
    let mut buf = vec![0u8; 4096];
    let ctx = KernelContext::new(&mut buf, &etk_core::Serial);
    let a = ctx.scratch.alloc::<f32>("op", 10).unwrap();
    let b = ctx.scratch.alloc::<f64>("op", 10).unwrap();
    a[0] = 1.0;
    b[0] = 2.0;
    assert_eq!(a.as_ptr() as usize % 64, 0);
    assert_eq!(b.as_ptr() as usize % 64, 0);
    assert!(ctx.scratch.alloc::<u8>("op", 1 << 20).is_err());
    assert!(ctx.scratch.alloc::<f64>("op", usize::MAX).is_err());
}

/// `alloc` clears; `alloc_for_overwrite` hands out what the buffer held, and both fail
/// cleanly when the buffer is too small.
#[test]
fn scratch_clears_only_when_asked() {
    let mut buf = vec![0xffu8; 4096];
    let mut ctx = KernelContext::new(&mut buf, &etk_core::Serial);
    ctx.scratch.scope(|s| {
        let dirty = s.alloc_for_overwrite::<u32>("op", 8).unwrap();
        assert!(dirty.iter().all(|&x| x == u32::MAX));
        dirty[0] = 7;
        assert!(s.alloc_for_overwrite::<f32>("op", 1 << 20).is_err());
    });
    ctx.scratch.scope(|s| {
        let clean = s.alloc::<u32>("op", 8).unwrap();
        assert!(clean.iter().all(|&x| x == 0));
    });
}

#[test]
fn errors_name_operator_argument_and_expectation() {
    let e = Error::dtype(
        "aten::add.out",
        "self_",
        "a floating dtype",
        ScalarType::Int,
    );
    let s = e.to_string();
    assert!(
        s.contains("aten::add.out")
            && s.contains("`self`")
            && s.contains("floating")
            && s.contains("Int"),
        "{s}"
    );
}

#[test]
fn float_to_int_conversions_match_x86_aten() {
    use etk_core::Element;
    // values from torch 2.13: torch.tensor([...], dtype=float32).to(dtype)
    let x = [
        3e9f32,
        -3e9,
        f32::NAN,
        f32::INFINITY,
        1e20,
        300.7,
        -129.5,
        9.223_372e18,
    ];
    let i8s: Vec<i8> = x.iter().map(|&v| i8::from_f32(v)).collect();
    assert_eq!(i8s, [0, 0, 0, 0, 0, 44, 127, 0]);
    let u8s: Vec<u8> = x.iter().map(|&v| u8::from_f32(v)).collect();
    assert_eq!(u8s, [0, 0, 0, 0, 0, 44, 127, 0]);
    let i16s: Vec<i16> = x.iter().map(|&v| i16::from_f32(v)).collect();
    assert_eq!(i16s, [0, 0, 0, 0, 0, 300, -129, 0]);
    let i32s: Vec<i32> = x.iter().map(|&v| i32::from_f32(v)).collect();
    assert_eq!(
        i32s,
        [
            i32::MIN,
            i32::MIN,
            i32::MIN,
            i32::MIN,
            i32::MIN,
            300,
            -129,
            i32::MIN
        ]
    );
    let i64s: Vec<i64> = x.iter().map(|&v| i64::from_f32(v)).collect();
    assert_eq!(
        i64s,
        [
            3_000_000_000,
            -3_000_000_000,
            i64::MIN,
            i64::MIN,
            i64::MIN,
            300,
            -129,
            i64::MIN
        ]
    );
    assert_eq!(u8::from_f64(-1.0), 255);
}
