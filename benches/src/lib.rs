//! etk's benchmarks.
