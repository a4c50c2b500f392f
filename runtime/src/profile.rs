//! Per-instruction timing, aggregated per operator.
//!
//! The clock is a function the caller provides (nanoseconds from any fixed origin), so the
//! executor stays `no_std`; [`Profile::wall_clock`] is the `std` one. Recording allocates
//! nothing: the table has one row per operator of the plan, made when profiling is enabled.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Calls and total nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub calls: u64,
    pub nanos: u64,
}

/// Timing per operator, plus one row for the other instructions (moves, jumps, frees).
pub struct Profile {
    clock: fn() -> u64,
    per_op: Vec<Tally>,
    other: Tally,
}

/// One row of [`Profile::rows`].
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The operator's full name, or `(moves, jumps, frees)`.
    pub name: String,
    pub tally: Tally,
}

impl Profile {
    pub(crate) fn new(clock: fn() -> u64, n_ops: usize) -> Profile {
        Profile {
            clock,
            per_op: vec![Tally::default(); n_ops],
            other: Tally::default(),
        }
    }

    pub(crate) fn now(&self) -> u64 {
        (self.clock)()
    }

    /// Adds one instruction that started at `t0`; `op` is its operator, if a kernel call.
    pub(crate) fn record(&mut self, op: Option<usize>, t0: u64) {
        let dt = self.now().saturating_sub(t0);
        let row = match op {
            Some(k) => self.per_op.get_mut(k),
            None => Some(&mut self.other),
        };
        if let Some(r) = row {
            r.calls += 1;
            r.nanos = r.nanos.saturating_add(dt);
        }
    }

    pub(crate) fn reset(&mut self) {
        self.per_op.fill(Tally::default());
        self.other = Tally::default();
    }

    /// Rows with at least one call, slowest total first; `names` are the method's operator
    /// names ([`crate::Method::operator_names`]).
    pub fn rows(&self, names: &[String]) -> Vec<Row> {
        let mut rows: Vec<Row> = self
            .per_op
            .iter()
            .zip(names)
            .filter(|(t, _)| t.calls > 0)
            .map(|(t, n)| Row {
                name: n.clone(),
                tally: *t,
            })
            .collect();
        if self.other.calls > 0 {
            rows.push(Row {
                name: "(moves, jumps, frees)".into(),
                tally: self.other,
            });
        }
        rows.sort_by_key(|r| core::cmp::Reverse(r.tally.nanos));
        rows
    }

    /// A clock reading nanoseconds since its first use.
    #[cfg(feature = "std")]
    pub fn wall_clock() -> fn() -> u64 {
        fn now() -> u64 {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            let start = START.get_or_init(std::time::Instant::now);
            u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX)
        }
        now
    }
}
