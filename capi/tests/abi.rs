//! The C ABI from Rust: kernel calls in ExecuTorch's stack convention (outs twice, outs as a
//! trailing list, in-place, scalar returns), dynamic outs and the resize callback, the host's
//! parallel-for, the error buffer, programs; and hostile calls, each an error and no crash.

use core::ffi::{c_char, c_void};
use etk_capi::*;
use std::ffi::CStr;
use std::sync::atomic::{AtomicUsize, Ordering};

fn kernel(name: &str) -> usize {
    let c = std::ffi::CString::new(name).unwrap();
    let mut i = usize::MAX;
    assert_eq!(
        unsafe { etk_kernel_find(c.as_ptr(), &mut i) },
        ETK_OK,
        "{name}"
    );
    i
}

fn tensor<T>(data: &mut [T], dtype: etk_dtype, sizes: &[i64], writable: bool) -> etk_tensor {
    let mut t = etk_tensor {
        data: data.as_mut_ptr().cast(),
        capacity: std::mem::size_of_val(data),
        sizes: [0; ETK_MAX_DIM],
        dim_order: [0; ETK_MAX_DIM],
        dim: sizes.len() as u32,
        dtype,
        dynamism: ETK_STATIC,
        writable: writable.into(),
        host: std::ptr::null_mut(),
    };
    t.sizes[..sizes.len()].copy_from_slice(sizes);
    for (i, o) in t.dim_order.iter_mut().enumerate() {
        *o = i as u8;
    }
    t
}

fn tv(t: &mut etk_tensor) -> etk_value {
    etk_value {
        tag: ETK_TAG_TENSOR,
        payload: etk_payload { as_tensor: t },
    }
}

fn int(x: i64) -> etk_value {
    etk_value {
        tag: ETK_TAG_INT,
        payload: etk_payload { as_int: x },
    }
}

fn boolean(b: bool) -> etk_value {
    etk_value {
        tag: ETK_TAG_BOOL,
        payload: etk_payload { as_bool: b.into() },
    }
}

fn tensor_list(items: &[*mut etk_tensor]) -> etk_value {
    etk_value {
        tag: ETK_TAG_LIST_TENSOR,
        payload: etk_payload {
            as_tensor_list: etk_tensor_list {
                items: items.as_ptr(),
                len: items.len(),
            },
        },
    }
}

fn call(k: usize, ctx: Option<&mut etk_context>, stack: &mut [*mut etk_value]) -> etk_status {
    let ctx = ctx.map_or(std::ptr::null_mut(), |c| c as *mut etk_context);
    unsafe { etk_kernel_call(k, ctx, stack.as_mut_ptr(), stack.len()) }
}

fn last_error() -> String {
    unsafe { CStr::from_ptr(etk_last_error()) }
        .to_string_lossy()
        .into_owned()
}

#[test]
fn names_and_lookup() {
    assert_eq!(etk_abi_version(), ETK_ABI_VERSION);
    let n = etk_kernel_count();
    assert!(n > 200, "{n} kernels");
    for i in 0..n {
        let name = unsafe { CStr::from_ptr(etk_kernel_name(i)) }
            .to_str()
            .unwrap();
        assert_eq!(kernel(name), i);
    }
    assert!(etk_kernel_name(n).is_null());
    let mut i = 0;
    assert_eq!(
        unsafe { etk_kernel_find(c"aten::nope.out".as_ptr(), &mut i) },
        ETK_OPERATOR_MISSING
    );
    assert!(last_error().contains("aten::nope.out"));
}

#[test]
fn add_out_with_the_out_twice_and_an_error_message() {
    let (mut a, mut b, mut o) = ([1f32, 2., 3.], [10f32, 20., 30.], [0f32; 3]);
    let mut ta = tensor(&mut a, ETK_DTYPE_FLOAT, &[3], false);
    let mut tb = tensor(&mut b, ETK_DTYPE_FLOAT, &[3], false);
    let mut to = tensor(&mut o, ETK_DTYPE_FLOAT, &[3], true);
    let (mut va, mut vb, mut alpha, mut vo) = (tv(&mut ta), tv(&mut tb), int(2), tv(&mut to));
    let mut stack = [
        &raw mut va,
        &raw mut vb,
        &raw mut alpha,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(call(kernel("aten::add.out"), None, &mut stack), ETK_OK);
    assert_eq!(o, [21., 42., 63.]);

    // An Int out cannot take a Float result: InvalidType, and the message in a short buffer.
    let mut io = [0i32; 3];
    let mut ti = tensor(&mut io, ETK_DTYPE_INT, &[3], true);
    let mut vi = tv(&mut ti);
    let mut stack = [
        &raw mut va,
        &raw mut vb,
        &raw mut alpha,
        &raw mut vi,
        &raw mut vi,
    ];
    let mut buf = [1 as c_char; 24];
    let mut ctx = etk_context_default();
    ctx.error = buf.as_mut_ptr();
    ctx.error_len = buf.len();
    assert_eq!(
        call(kernel("aten::add.out"), Some(&mut ctx), &mut stack),
        ETK_INVALID_TYPE
    );
    let msg = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    assert_eq!(msg, "aten::add.out: argument");
    assert!(
        last_error().starts_with("aten::add.out: argument `out`"),
        "{}",
        last_error()
    );
}

#[test]
fn several_outs_twice_or_as_a_trailing_list() {
    // max.dim_max(self, dim, keepdim, *, max, max_values) -> (max, max_values)
    let k = kernel("aten::max.dim_max");
    let mut x = [1f32, 5., 2., 7., 3., 0.];
    let mut tx = tensor(&mut x, ETK_DTYPE_FLOAT, &[2, 3], false);
    let (mut vx, mut dim, mut keep) = (tv(&mut tx), int(1), boolean(false));
    for as_list in [false, true] {
        let (mut values, mut indices) = ([0f32; 2], [0i64; 2]);
        let mut tvals = tensor(&mut values, ETK_DTYPE_FLOAT, &[2], true);
        let mut tidx = tensor(&mut indices, ETK_DTYPE_LONG, &[2], true);
        let (mut vv, mut vidx) = (tv(&mut tvals), tv(&mut tidx));
        let items = [&raw mut tvals, &raw mut tidx];
        let mut list = tensor_list(&items);
        let mut stack = vec![
            &raw mut vx,
            &raw mut dim,
            &raw mut keep,
            &raw mut vv,
            &raw mut vidx,
        ];
        if as_list {
            stack.push(&raw mut list);
        } else {
            stack.extend([&raw mut vv, &raw mut vidx]);
        }
        assert_eq!(call(k, None, &mut stack), ETK_OK, "{}", last_error());
        assert_eq!(
            (values, indices),
            ([5., 7.], [1, 0]),
            "as a list: {as_list}"
        );
    }
}

#[test]
fn in_place_tensor_list_and_scalar_returns() {
    // copy_(self, src, non_blocking) -> self: the return slot is self again.
    let (mut a, mut b) = ([1f32, 2.], [3i32, 4]);
    let mut ta = tensor(&mut a, ETK_DTYPE_FLOAT, &[2], true);
    let mut tb = tensor(&mut b, ETK_DTYPE_INT, &[2], false);
    let (mut va, mut vb) = (tv(&mut ta), tv(&mut tb));
    let mut nb = boolean(false);
    let mut stack = [&raw mut va, &raw mut vb, &raw mut nb, &raw mut va];
    assert_eq!(
        call(kernel("aten::copy_"), None, &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!(a, [3., 4.]);

    // cat.out(Tensor[] tensors, int dim, *, out) -> out
    let (mut x, mut y, mut o) = ([1i32, 2], [3i32], [0i32; 3]);
    let mut tx = tensor(&mut x, ETK_DTYPE_INT, &[2], false);
    let mut ty = tensor(&mut y, ETK_DTYPE_INT, &[1], false);
    let mut to = tensor(&mut o, ETK_DTYPE_INT, &[3], true);
    let items = [&raw mut tx, &raw mut ty];
    let mut list = tensor_list(&items);
    let (mut dim, mut vo) = (int(0), tv(&mut to));
    let mut stack = [&raw mut list, &raw mut dim, &raw mut vo, &raw mut vo];
    assert_eq!(
        call(kernel("aten::cat.out"), None, &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!(o, [1, 2, 3]);

    // sym_size.int(self, dim) -> int: written into the return slot, tag and payload.
    let mut d = int(0);
    let mut ret = etk_value {
        tag: ETK_TAG_NONE,
        payload: etk_payload { as_int: 0 },
    };
    let mut stack = [&raw mut vo, &raw mut d, &raw mut ret];
    assert_eq!(
        call(kernel("aten::sym_size.int"), None, &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!((ret.tag, unsafe { ret.payload.as_int }), (ETK_TAG_INT, 3));
}

/// A host that bounds dynamic outs at `bound` elements and counts the resizes it was asked for.
struct Bound {
    bound: i64,
    calls: Vec<Vec<i64>>,
}

unsafe extern "C" fn resize(
    user: *mut c_void,
    t: *mut etk_tensor,
    sizes: *const i64,
    dim: u32,
) -> etk_status {
    let host = unsafe { &mut *(user as *mut Bound) };
    let sizes = unsafe { std::slice::from_raw_parts(sizes, dim as usize) }.to_vec();
    assert!(unsafe { (*t).dynamism } != ETK_STATIC);
    let numel: i64 = sizes.iter().product();
    host.calls.push(sizes);
    if numel <= host.bound {
        ETK_OK
    } else {
        ETK_INVALID_ARGUMENT
    }
}

#[test]
fn dynamic_outs_resize_within_capacity_and_grow_through_the_host() {
    let k = kernel("aten::add.out");
    let mut a = [1f32; 6];
    let mut b = [2f32; 6];
    let mut ta = tensor(&mut a, ETK_DTYPE_FLOAT, &[2, 3], false);
    let mut tb = tensor(&mut b, ETK_DTYPE_FLOAT, &[2, 3], false);
    let mut o = [0f32; 8];
    // The out holds 2 elements now, its memory 8, the host's bound 8: the kernel needs 6.
    let mut to = tensor(&mut o, ETK_DTYPE_FLOAT, &[1, 2], true);
    to.dynamism = ETK_DYNAMIC_BOUND;
    to.capacity = 2 * 4;
    let (mut va, mut vb, mut one, mut vo) = (tv(&mut ta), tv(&mut tb), int(1), tv(&mut to));
    let mut stack = [
        &raw mut va,
        &raw mut vb,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];

    // Without a resize callback the out is too small: an error, nothing written.
    assert_eq!(call(k, None, &mut stack), ETK_INVALID_ARGUMENT);
    assert!(last_error().contains("capacity"), "{}", last_error());

    let mut host = Bound {
        bound: 8,
        calls: Vec::new(),
    };
    let mut ctx = etk_context_default();
    ctx.resize = Some(resize);
    ctx.resize_user = (&raw mut host).cast();
    assert_eq!(
        call(k, Some(&mut ctx), &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!(host.calls, [vec![2, 3]]);
    assert_eq!(
        (to.dim, &to.sizes[..2], to.capacity),
        (2, &[2i64, 3][..], 24)
    );
    assert_eq!(o[..6], [3.0; 6]);

    // Smaller inputs: the kernel shrinks the out itself and tells the host.
    let mut tsmall = tensor(&mut a[..3], ETK_DTYPE_FLOAT, &[1, 3], false);
    let mut vs = tv(&mut tsmall);
    let mut stack = [
        &raw mut vs,
        &raw mut vs,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(
        call(k, Some(&mut ctx), &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!(host.calls.last().unwrap(), &[1, 3]);
    assert_eq!(&to.sizes[..2], &[1, 3]);

    // Past the host's bound: refused, an error.
    let mut big = [1f32; 12];
    let mut tbig = tensor(&mut big, ETK_DTYPE_FLOAT, &[4, 3], false);
    let mut vbig = tv(&mut tbig);
    let mut stack = [
        &raw mut vbig,
        &raw mut vbig,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(call(k, Some(&mut ctx), &mut stack), ETK_INVALID_ARGUMENT);
    assert_eq!(host.calls.last().unwrap(), &[4, 3]);
}

/// A host pool: runs the tasks on two threads, counting sections.
struct Pool {
    sections: AtomicUsize,
    skip_one: bool,
}

unsafe extern "C" fn parallel_for(
    user: *mut c_void,
    n: usize,
    task: etk_task_fn,
    data: *mut c_void,
) {
    let pool = unsafe { &*(user as *const Pool) };
    pool.sections.fetch_add(1, Ordering::Relaxed);
    let n_run = if pool.skip_one { n - 1 } else { n };
    let data = data as usize;
    std::thread::scope(|s| {
        s.spawn(|| {
            (0..n_run)
                .filter(|i| i % 2 == 1)
                .for_each(|i| unsafe { task(data as *mut c_void, i) })
        });
        (0..n_run)
            .filter(|i| i % 2 == 0)
            .for_each(|i| unsafe { task(data as *mut c_void, i) });
    });
}

#[test]
fn the_hosts_threads_run_etks_tasks() {
    let n = 1 << 20;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut a = a;
    let mut o = vec![0f32; n];
    let mut ta = tensor(&mut a, ETK_DTYPE_FLOAT, &[n as i64], false);
    let mut to = tensor(&mut o, ETK_DTYPE_FLOAT, &[n as i64], true);
    let (mut va, mut one, mut vo) = (tv(&mut ta), int(1), tv(&mut to));
    let mut stack = [
        &raw mut va,
        &raw mut va,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    let pool = Pool {
        sections: AtomicUsize::new(0),
        skip_one: false,
    };
    let mut ctx = etk_context_default();
    ctx.num_threads = 2;
    ctx.parallel_for = Some(parallel_for);
    ctx.parallel_user = (&raw const pool) as *mut c_void;
    assert_eq!(
        call(kernel("aten::add.out"), Some(&mut ctx), &mut stack),
        ETK_OK,
        "{}",
        last_error()
    );
    assert!(o.iter().enumerate().all(|(i, &x)| x == 2.0 * i as f32));
    // Only the optimized library splits work; under ETK_ISA=scalar it still does.
    assert!(pool.sections.load(Ordering::Relaxed) > 0);

    // A host that skips a task breaks its contract: an internal error, not a wrong answer.
    let pool = Pool {
        sections: AtomicUsize::new(0),
        skip_one: true,
    };
    ctx.parallel_user = (&raw const pool) as *mut c_void;
    assert_eq!(
        call(kernel("aten::add.out"), Some(&mut ctx), &mut stack),
        ETK_INTERNAL
    );
    assert!(last_error().contains("parallel_for"), "{}", last_error());
}

#[test]
fn random_state_advances_and_repeats() {
    let k = kernel("aten::rand.out");
    let size = [4i64];
    let mut o1 = [0f32; 4];
    let mut o2 = [0f32; 4];
    let run = |o: &mut [f32; 4], ctx: &mut etk_context| {
        let mut to = tensor(o, ETK_DTYPE_FLOAT, &[4], true);
        let mut vs = etk_value {
            tag: ETK_TAG_LIST_INT,
            payload: etk_payload {
                as_int_list: etk_int_list {
                    items: size.as_ptr(),
                    len: 1,
                },
            },
        };
        let mut vo = tv(&mut to);
        let mut stack = [&raw mut vs, &raw mut vo, &raw mut vo];
        assert_eq!(call(k, Some(ctx), &mut stack), ETK_OK, "{}", last_error());
    };
    let mut ctx = etk_context_default();
    ctx.rng_seed = 7;
    run(&mut o1, &mut ctx);
    assert!(ctx.rng_offset > 0);
    run(&mut o2, &mut ctx);
    assert_ne!(o1, o2);
    ctx.rng_offset = 0;
    run(&mut o2, &mut ctx);
    assert_eq!(o1, o2);
}

#[test]
fn hostile_calls_are_errors() {
    let k = kernel("aten::add.out");
    let (mut a, mut o) = ([1f32; 4], [0f32; 4]);
    let mut ta = tensor(&mut a, ETK_DTYPE_FLOAT, &[4], false);
    let mut to = tensor(&mut o, ETK_DTYPE_FLOAT, &[4], true);
    let (mut va, mut one, mut vo) = (tv(&mut ta), int(1), tv(&mut to));
    let mut good = [
        &raw mut va,
        &raw mut va,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(call(k, None, &mut good), ETK_OK);

    // Each case: a change to the second argument's tensor (a copy of `ta`).
    type Change = fn(&mut etk_tensor);
    let cases: [(&str, Change); 9] = [
        ("null data", |t| t.data = std::ptr::null_mut()),
        ("rank 17", |t| t.dim = 17),
        ("rank 200", |t| t.dim = 200),
        ("negative size", |t| t.sizes[0] = -1),
        ("overflowing sizes", |t| {
            t.dim = 3;
            t.sizes[..3].copy_from_slice(&[1 << 40, 1 << 40, 1 << 40]);
            t.dim_order[..3].copy_from_slice(&[0, 1, 2]);
        }),
        ("bad dtype code", |t| t.dtype = 99),
        ("bad dim order", |t| t.dim_order[0] = 3),
        ("bad dynamism", |t| t.dynamism = 3),
        ("too small capacity", |t| t.capacity = 3),
    ];
    for (what, change) in cases {
        let mut tb = ta;
        change(&mut tb);
        let mut vb = tv(&mut tb);
        let mut stack = [
            &raw mut va,
            &raw mut vb,
            &raw mut one,
            &raw mut vo,
            &raw mut vo,
        ];
        let s = call(k, None, &mut stack);
        assert_ne!(s, ETK_OK, "{what}");
        assert!(!last_error().is_empty(), "{what}");
    }

    // Stacks: null, null entries, short, wrong tags, a tag etk does not take.
    assert_ne!(
        unsafe { etk_kernel_call(k, std::ptr::null_mut(), std::ptr::null(), 5) },
        ETK_OK
    );
    let mut with_null = [
        &raw mut va,
        std::ptr::null_mut(),
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(call(k, None, &mut with_null), ETK_INVALID_ARGUMENT);
    for n in 0..4 {
        assert_ne!(call(k, None, &mut good[..n]), ETK_OK, "{n} values");
    }
    let mut wrong = [
        &raw mut va,
        &raw mut one,
        &raw mut one,
        &raw mut vo,
        &raw mut vo,
    ];
    assert_eq!(call(k, None, &mut wrong), ETK_INVALID_PROGRAM);
    for tag in [ETK_TAG_LIST_SCALAR, 12, u32::MAX] {
        let mut bad = etk_value {
            tag,
            payload: etk_payload { as_int: 0 },
        };
        let mut stack = [
            &raw mut va,
            &raw mut bad,
            &raw mut one,
            &raw mut vo,
            &raw mut vo,
        ];
        assert_eq!(call(k, None, &mut stack), ETK_INVALID_TYPE, "tag {tag}");
    }
    // Lists with null items or absurd lengths.
    for (items, len) in [
        (std::ptr::null::<i64>(), 2usize),
        (std::ptr::dangling::<i64>(), usize::MAX),
    ] {
        let mut l = etk_value {
            tag: ETK_TAG_LIST_INT,
            payload: etk_payload {
                as_int_list: etk_int_list { items, len },
            },
        };
        let mut stack = [
            &raw mut va,
            &raw mut l,
            &raw mut one,
            &raw mut vo,
            &raw mut vo,
        ];
        assert_eq!(call(k, None, &mut stack), ETK_INVALID_ARGUMENT);
    }
    assert_eq!(call(usize::MAX, None, &mut good), ETK_NOT_FOUND);
}

#[test]
fn programs_run_and_hostile_program_calls_are_errors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../testing/models/mlp_dynamic.pte\0"
    );
    let mut program = std::ptr::null_mut();
    assert_eq!(
        unsafe { etk_program_load_file(path.as_ptr().cast(), &mut program) },
        ETK_OK,
        "{}",
        last_error()
    );
    let mut method = std::ptr::null_mut();
    assert_eq!(
        unsafe { etk_method_prepare(program, std::ptr::null(), std::ptr::null(), &mut method) },
        ETK_OK
    );
    // The program may go first: the method keeps its bytes.
    unsafe { etk_program_free(program) };
    assert_eq!(unsafe { etk_method_num_inputs(method) }, 1);
    let mut input = tensor(&mut [0f32; 0], ETK_DTYPE_FLOAT, &[], false);
    assert_eq!(
        unsafe { etk_method_input_tensor(method, 0, &mut input) },
        ETK_OK
    );
    // A smaller batch along the dynamic dim.
    let bound = input.sizes[0];
    let cols = input.sizes[1];
    let mut x = vec![0.5f32; (2 * cols) as usize];
    let mut t = tensor(&mut x, ETK_DTYPE_FLOAT, &[2, cols], false);
    let v = tv(&mut t);
    assert!(bound > 2);
    assert_eq!(
        unsafe { etk_method_set_input(method, 0, &v) },
        ETK_OK,
        "{}",
        last_error()
    );
    assert_eq!(
        unsafe { etk_method_execute(method, std::ptr::null_mut()) },
        ETK_OK,
        "{}",
        last_error()
    );
    let mut tag = 0;
    assert_eq!(
        unsafe { etk_method_output_tag(method, 0, &mut tag) },
        ETK_OK
    );
    assert_eq!(tag, ETK_TAG_TENSOR);
    let mut out = input;
    assert_eq!(
        unsafe { etk_method_output_tensor(method, 0, &mut out) },
        ETK_OK
    );
    assert_eq!((out.dim, out.sizes[0], out.writable), (2, 2, 0));

    // Hostile: wrong dtype, too large a batch, out-of-range indices, a scalar of a tensor.
    let mut xi = vec![0i32; (2 * cols) as usize];
    let mut ti = tensor(&mut xi, ETK_DTYPE_INT, &[2, cols], false);
    let vi = tv(&mut ti);
    assert_eq!(
        unsafe { etk_method_set_input(method, 0, &vi) },
        ETK_INVALID_ARGUMENT
    );
    let mut big = vec![0f32; ((bound + 1) * cols) as usize];
    let mut tbig = tensor(&mut big, ETK_DTYPE_FLOAT, &[bound + 1, cols], false);
    let vbig = tv(&mut tbig);
    assert_eq!(
        unsafe { etk_method_set_input(method, 0, &vbig) },
        ETK_INVALID_ARGUMENT
    );
    assert_ne!(unsafe { etk_method_set_input(method, 5, &v) }, ETK_OK);
    assert_ne!(
        unsafe { etk_method_output_tensor(method, 9, &mut out) },
        ETK_OK
    );
    let mut s = int(0);
    assert_ne!(
        unsafe { etk_method_output_scalar(method, 0, &mut s) },
        ETK_OK
    );
    assert_ne!(
        unsafe { etk_method_set_input(method, 0, std::ptr::null()) },
        ETK_OK
    );
    unsafe { etk_method_free(method) };

    let junk = b"ET12 but not really a program";
    assert_eq!(
        unsafe { etk_program_load(junk.as_ptr(), junk.len(), &mut program) },
        ETK_INVALID_PROGRAM
    );
    assert_ne!(
        unsafe { etk_program_load(std::ptr::null(), 4, &mut program) },
        ETK_OK
    );
    let mut m2 = std::ptr::null_mut();
    assert_ne!(
        unsafe {
            etk_method_prepare(
                std::ptr::null(),
                std::ptr::null(),
                std::ptr::null(),
                &mut m2,
            )
        },
        ETK_OK
    );
    assert_ne!(
        unsafe { etk_method_execute(std::ptr::null_mut(), std::ptr::null_mut()) },
        ETK_OK
    );
}
