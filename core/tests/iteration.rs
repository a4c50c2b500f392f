//! The shared pointwise iteration against a naive reference, over random shapes, broadcasts
//! and dim orders.

use etk_core::iter::{Layout, Plan, arg, map2};
use etk_core::shape::{broadcast_shapes, channels_last_dim_order, contiguous_dim_order};
use etk_core::{OwnedTensor, ScalarType, Tensor};

struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
    fn perm(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            p.swap(i, self.next(i + 1));
        }
        p
    }
}

/// Random trials of a property: all of them natively, a sample under Miri (ci/miri.sh), where
/// each takes about a second.
fn trials(n: usize) -> usize {
    if cfg!(miri) { n / 25 } else { n }
}

fn index_of(mut i: usize, sizes: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; sizes.len()];
    for d in (0..sizes.len()).rev() {
        idx[d] = i % sizes[d];
        i /= sizes[d];
    }
    idx
}

fn logical(idx: &[usize], sizes: &[usize]) -> usize {
    // index into a tensor of `sizes` broadcast to idx's rank
    let off = idx.len() - sizes.len();
    sizes.iter().enumerate().fold(0, |acc, (d, &s)| {
        acc * s + if s == 1 { 0 } else { idx[off + d] }
    })
}

#[test]
fn map2_matches_naive_broadcast_in_any_dim_order() {
    let mut rng = Lcg(7);
    for _ in 0..trials(400) {
        let rank = rng.next(6);
        let out_sizes: Vec<usize> = (0..rank)
            .map(|_| rng.next(4) + if rng.next(8) == 0 { 0 } else { 1 })
            .collect();
        let mk_in = |rng: &mut Lcg| -> Vec<usize> {
            let r = rng.next(rank + 1);
            out_sizes[rank - r..]
                .iter()
                .map(|&s| if rng.next(3) == 0 { 1 } else { s })
                .collect()
        };
        let (sa, sb) = (mk_in(&mut rng), mk_in(&mut rng));
        let na: usize = sa.iter().product();
        let nb: usize = sb.iter().product();
        let va: Vec<i32> = (0..na as i32).collect();
        let vb: Vec<i16> = (0..nb as i16).collect();
        let (pa, pb, po) = (rng.perm(sa.len()), rng.perm(sb.len()), rng.perm(rank));
        let a = OwnedTensor::from_logical(&va, &sa, &pa).unwrap();
        let b = OwnedTensor::from_logical(&vb, &sb, &pb).unwrap();
        // the inputs were cut from the out's shape, so they broadcast to it
        let full = out_sizes.clone();
        assert!(broadcast_shapes("t", &[("a", &sa), ("b", &sb), ("out", &full)]).is_ok());
        let mut out = OwnedTensor::with_capacity(ScalarType::Long, &full, &po, 0).unwrap();
        {
            let mut o = out.view_mut().unwrap();
            map2::<i64, i64, i64>(
                "t",
                &mut o,
                None,
                arg("a", &a.view()),
                arg("b", &b.view()),
                |x, y, z| {
                    for ((z, x), y) in z.iter_mut().zip(x).zip(y) {
                        *z = x * 100_000 + y;
                    }
                },
            )
            .unwrap();
        }
        let got = out.to_logical::<i64>();
        for (i, g) in got.iter().enumerate() {
            let idx = index_of(i, &full);
            let want = logical(&idx, &sa) as i64 * 100_000 + logical(&idx, &sb) as i64;
            assert_eq!(
                *g, want,
                "out {full:?}/{po:?} a {sa:?}/{pa:?} b {sb:?}/{pb:?} at {idx:?}"
            );
        }
    }
}

#[test]
fn plan_classifies_contiguous_and_strided() {
    let x = [0f32; 24];
    let a = Tensor::from_slice(&x, &[2, 3, 4]).unwrap();
    let mut y = [0f32; 24];
    let out = Tensor::from_mut_slice(&mut y, &[2, 3, 4]).unwrap();
    assert_eq!(
        Plan::new("t", &out, &[("a", &a)]).unwrap().layout,
        Layout::Contiguous
    );
    let row = Tensor::from_slice(&x[..4], &[4]).unwrap();
    assert_eq!(
        Plan::new("t", &out, &[("a", &row)]).unwrap().layout,
        Layout::Strided
    );
    let cl = Tensor::from_slice(&x, &[1, 2, 3, 4])
        .unwrap()
        .with_dim_order(&channels_last_dim_order(4).unwrap())
        .unwrap();
    let mut z = [0f32; 24];
    let out4 = Tensor::from_mut_slice(&mut z, &[1, 2, 3, 4])
        .unwrap()
        .with_dim_order(&[0, 2, 3, 1])
        .unwrap();
    assert_eq!(
        Plan::new("t", &out4, &[("a", &cl)]).unwrap().layout,
        Layout::Contiguous
    );
    assert_eq!(contiguous_dim_order(3).as_slice(), &[0, 1, 2]);
}

#[test]
fn plan_rejects_shapes_that_do_not_broadcast() {
    let x = [0f32; 24];
    let a = Tensor::from_slice(&x[..3], &[3]).unwrap();
    let mut y = [0f32; 24];
    let out = Tensor::from_mut_slice(&mut y, &[2, 4]).unwrap();
    let e = Plan::new("aten::t", &out, &[("other", &a)]).unwrap_err();
    assert_eq!((e.op, e.arg), ("aten::t", "other"));
}

/// `Plan::with_values` + `for_each_run_in`: any range `[start, end)` of the out's elements in
/// memory order, cut anywhere, visits exactly those elements with each input's offset (a value
/// operand stays at offset 0), over random shapes, broadcasts and dim orders.
#[test]
fn ranged_walk_visits_each_element_of_the_range_in_memory_order() {
    let mut rng = Lcg(11);
    for _ in 0..trials(300) {
        let rank = rng.next(5);
        let out_sizes: Vec<usize> = (0..rank).map(|_| rng.next(4) + 1).collect();
        let r = rng.next(rank + 1);
        let sa: Vec<usize> = out_sizes[rank - r..]
            .iter()
            .map(|&s| if rng.next(3) == 0 { 1 } else { s })
            .collect();
        let (pa, po) = (rng.perm(sa.len()), rng.perm(rank));
        let a = OwnedTensor::with_capacity(ScalarType::Int, &sa, &pa, 0).unwrap();
        let out = OwnedTensor::with_capacity(ScalarType::Float, &out_sizes, &po, 0).unwrap();
        let (a, out) = (a.view(), out.view());
        let plan = Plan::with_values("t", &out, &[None, Some(("a", &a))]).unwrap();
        // the reference: out elements in memory order, with a's element offset
        let numel: usize = out_sizes.iter().product();
        let mut want = vec![(0isize, 0isize); numel];
        for i in 0..numel {
            let idx = index_of(i, &out_sizes);
            let o: usize = idx.iter().zip(out.strides()).map(|(i, s)| i * s).sum();
            let off = rank - sa.len();
            let ia: usize = (0..sa.len())
                .map(|d| {
                    if sa[d] == 1 {
                        0
                    } else {
                        idx[off + d] * a.strides()[d]
                    }
                })
                .sum();
            want[o] = (o as isize, ia as isize);
        }
        let start = rng.next(numel + 1);
        let end = start + rng.next(numel - start + 1);
        let mut got = Vec::new();
        plan.for_each_run_in(start, end, |offs, len| {
            assert_eq!(offs[1], 0, "a value operand moved");
            for j in 0..len as isize {
                got.push((
                    offs[0] + j * plan.inner_stride(0),
                    offs[2] + j * plan.inner_stride(2),
                ));
            }
        });
        assert_eq!(
            got,
            want[start..end],
            "out {out_sizes:?}/{po:?} a {sa:?}/{pa:?} range {start}..{end}"
        );
        // the same elements again, runs handed over in blocks of rows.
        let mut got = Vec::new();
        plan.for_each_rows_in(start, end, |offs, len, rows, steps| {
            assert!(rows >= 1 && (rows == 1 || len == plan.run_len()));
            assert_eq!((offs[1], steps[1]), (0, 0), "a value operand moved");
            for r in 0..rows as isize {
                for j in 0..len as isize {
                    got.push((
                        offs[0] + r * steps[0] + j * plan.inner_stride(0),
                        offs[2] + r * steps[2] + j * plan.inner_stride(2),
                    ));
                }
            }
        });
        assert_eq!(
            got,
            want[start..end],
            "rows: out {out_sizes:?} range {start}..{end}"
        );
    }
}
