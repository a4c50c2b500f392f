//! GEMM: packed, cache-blocked, microkernels per ISA.
