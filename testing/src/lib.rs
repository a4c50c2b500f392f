//! etk's shared test harness: the conformance runner behind the `etk-conform` binary (and
//! the coverage page it generates).

pub mod conform;
