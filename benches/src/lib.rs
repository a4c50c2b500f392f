//! etk's benchmark tooling: timing, the machine's measured limits, and the `opbench` CLI.

pub mod cli;
pub mod limits;
pub mod movement;
pub mod norm;
pub mod pool;
pub mod quantized;
pub mod reductions;
pub mod timing;
