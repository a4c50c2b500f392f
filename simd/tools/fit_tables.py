#!/usr/bin/env python3
"""Regenerates simd/src/math/tables.rs: minimax coefficients (rounded to f32 one at a time,
highest power first, refitting the rest) for every polynomial the vector kernels use.

Needs numpy and mpmath. Run from simd/:
    python3 tools/fit_tables.py > src/math/tables.rs && rustfmt --edition 2024 src/math/tables.rs
(that reproduced the committed file exactly on the Xeon of 2026-11-24; on a Zen 3 with numpy
2.4.6 and mpmath 1.3.0 the last bits of some coefficients of the older tables differ, so
PHI_EXP_TAB8 was appended to the committed file rather than regenerating it; the tables after it
come from fit_tables2.py). The fitted errors (relative, in units of 2^-24) and the
error of evaluating each polynomial in f32 are printed to stderr.
"""
import sys
from remez import fit, horner32, np, mp

def log(*a):
    print(*a, file=sys.stderr)

def grid(lo, hi, n):
    # points exactly representable in f32, so the f32 evaluation check is honest
    return np.unique(np.linspace(lo, hi, n).astype(np.float32).astype(np.float64))

def mpv(f, xs):
    return np.array([float(f(mp.mpf(v))) for v in xs])

out = []
def emit_poly(name, coeffs, doc):
    out.append(f"/// {doc}")
    out.append(f"pub(crate) const {name}: [f32; {len(coeffs)}] = [")
    for c in coeffs:
        out.append(f"    {float(np.float32(c))!r}_f32,")
    out.append("];")

def emit_table(name, rows, doc, prescale=1.0):
    """prescale s: store c_j * s^j, for evaluation in v = u / s (exact for a power of two)."""
    rows = [[c * prescale**j for j, c in enumerate(r)] for r in rows]
    deg = len(rows[0]) - 1
    K = len(rows)
    out.append(f"/// {doc}")
    out.append(f"/// `{name}[j][k]` is the coefficient of `u^j` for interval `k`.")
    out.append(f"pub(crate) const {name}: [[f32; {K}]; {deg + 1}] = [")
    for j in range(deg + 1):
        out.append("    [")
        for k in range(K):
            out.append(f"        {float(np.float32(rows[k][j]))!r}_f32,")
        out.append("    ],")
    out.append("];")

# exp: e^r = sum c_i r^i (c0 = c1 = 1), |r| <= ln2/2
R = 0.34658 + 2e-4
xs = grid(-R, R, 20001)
tgt = mpv(mp.exp, xs)
c, e = fit(xs, tgt, 1 / tgt, list(range(7)), fixed={0: 1.0, 1: 1.0})
log("exp", e / 2**-24)
emit_poly("EXP_C", c, "exp(r) ~ sum EXP_C[i] r^i on |r| <= ln2/2.")

# expm1: e^r - 1 = r + r^2 P(r)
xs = grid(-R, R, 20001); xs = xs[np.abs(xs) > 1e-6]
tgt = mpv(mp.expm1, xs)
g = np.array([float((mp.expm1(mp.mpf(v)) - mp.mpf(v)) / mp.mpf(v)**2) for v in xs])
c, e = fit(xs, g, xs**2 / tgt, list(range(6)))
log("expm1", e / 2**-24)
emit_poly("EXPM1_P", c, "expm1(r) ~ r + r^2 * sum EXPM1_P[i] r^i on |r| <= ln2/2.")

# log1p(f) = f - f^2/2 + f^3 P(f), f in [2/3 - 1, 4/3 - 1]
xs = grid(2 / 3 - 1 - 1e-4, 4 / 3 - 1 + 1e-4, 20001); xs = xs[np.abs(xs) > 1e-6]
tgt = mpv(mp.log1p, xs)
g = np.array([float((mp.log1p(mp.mpf(v)) - mp.mpf(v) + mp.mpf(v)**2 / 2) / mp.mpf(v)**3) for v in xs])
c, e = fit(xs, g, np.abs(xs**3 / tgt), list(range(7)))
log("log1p", e / 2**-24)
emit_poly("LOG_P", c, "log1p(f) ~ f - f^2/2 + f^3 * sum LOG_P[i] f^i on f in [-1/3, 1/3].")

# sin(r) = r + r^3 P(r^2), cos(r) = 1 - r^2/2 + r^4 Q(r^2), |r| <= pi/4
xs = grid(1e-4, np.pi / 4 + 1e-3, 20001); z = xs**2
tgt = mpv(mp.sin, xs)
g = np.array([float((mp.sin(mp.mpf(v)) - mp.mpf(v)) / mp.mpf(v)**3) for v in xs])
c, e = fit(z, g, xs**3 / tgt, list(range(4)))
log("sin", e / 2**-24)
emit_poly("SIN_P", c, "sin(r) ~ r + r^3 * sum SIN_P[i] r^(2i) on |r| <= pi/4.")
tgt = mpv(mp.cos, xs)
g = np.array([float((mp.cos(mp.mpf(v)) - 1 + mp.mpf(v)**2 / 2) / mp.mpf(v)**4) for v in xs])
c, e = fit(z, g, xs**4 / tgt, list(range(4)))
log("cos", e / 2**-24)
emit_poly("COS_Q", c, "cos(r) ~ 1 - r^2/2 + r^4 * sum COS_Q[i] r^(2i) on |r| <= pi/4.")

def table(F, s, D, zero0=False, N=3001, name="", K=16, last_hi=0.5):
    """K intervals: interval k holds a with round(a*s) == k; u = a*s - k in [-1/2, 1/2]
    (interval 0: u in [0, 1/2]; the last: u in [-1/2, last_hi]). Relative error weight."""
    rows = []
    for k in range(K):
        us = grid(0.0 if k == 0 else -0.5, last_hi if k == K - 1 else 0.5, N)
        if k == 0 and zero0:
            us = us[us > 1e-7]
        a = (k + us) / s
        tgt = mpv(F, a)
        fixed = {0: 0.0} if (k == 0 and zero0) else None
        c, e = fit(us, tgt, 1 / np.abs(tgt), list(range(D + 1)), fixed=fixed)
        y = horner32(c, us.astype(np.float32)).astype(np.float64)
        e32 = np.max(np.abs((y - tgt) / tgt))
        log(name, k, "fit", e / 2**-24, "f32 eval", e32 / 2**-24)
        rows.append(c)
    return rows

K1 = 2 * mp.sqrt(2 / mp.pi); K3 = K1 * mp.mpf("0.044715")

# 32-interval tables for AVX-512 (one vpermt2ps per coefficient).
emit_table("ERF_TAB32", table(mp.erf, 8.0, 4, zero0=True, N=1501, name="erf32", K=32),
           "erf(a) for a in [0, 3.9375]: interval k = round(8a), polynomial in v = a - k/8.",
           prescale=8.0)
emit_table("PHI_TAB32", table(lambda a: mp.ncdf(-a), 4.0, 6, N=1501, name="phi32", K=32),
           "Phi(-a) for a in [0, 7.875]: interval k = round(4a), polynomial in v = a - k/4.",
           prescale=4.0)
emit_table("TGELU_TAB32", table(lambda a: 1 / (1 + mp.exp(a * K1 + a**3 * K3)), 4.0, 7, N=1501, name="tgelu32", K=32),
           "sigmoid(-2 sqrt(2/pi) (a + 0.044715 a^3)) for a in [0, 7.875]: interval k = round(4a), polynomial in v = a - k/4.",
           prescale=4.0)


# gelu_erf tail: b Phi(-b) exp(b^2/2) for b in [3.5, 14.6] (nearly constant, ~0.4):
# interval k = round(1.25 b - 4), u = 1.25 b - 4 - k.
def tail_table(D=6, N=2001):
    rows = []
    for k in range(16):
        us = grid(-0.5, 0.5, N)
        b = (k + 4 + us) / 1.25
        tgt = np.array([float(mp.mpf(v) * mp.ncdf(-mp.mpf(v)) * mp.exp(mp.mpf(v)**2 / 2)) for v in b])
        c, e = fit(us, tgt, 1 / tgt, list(range(D + 1)))
        y = horner32(c, us.astype(np.float32)).astype(np.float64)
        log("gelu tail", k, "fit", e / 2**-24, "f32 eval", np.max(np.abs((y - tgt) / tgt)) / 2**-24)
        rows.append(c)
    return rows
emit_table("PHI_TAIL_TAB", tail_table(),
           "b Phi(-b) exp(b^2/2) for b in [3.5, 14.6]: interval k = round(1.25 b - 4), u = 1.25 b - 4 - k.")

# gelu_erf on AVX2: Phi(-a) = exp(-a^2/2) g(a), g(a) = Phi(-a) exp(a^2/2) for a in [0, 6]
# from 8 intervals (one in-register permute per coefficient): k = round(1.25 a), u = 1.25 a - k.
emit_table("PHI_EXP_TAB8", table(lambda a: mp.ncdf(-a) * mp.exp(a**2 / 2), 1.25, 7, N=2001, name="gexp", K=8),
           "Phi(-a) exp(a^2/2) for a in [0, 6]: interval k = round(1.25 a), u = 1.25 a - k.")

# erf on AVX2: 8 intervals of width 1/2 (one in-register permute per coefficient), the last
# stretched to ERF_ONE: k = min(round(2a), 7), u = 2a - k.
emit_table("ERF_TAB8", table(mp.erf, 2.0, 8, zero0=True, N=1501, name="erf8", K=8, last_hi=0.85),
           "erf(a) for a in [0, 3.925]: interval k = min(round(2a), 7), u = 2a - k.")

print("//! Polynomial coefficients for the vector kernels. Generated by `tools/fit_tables.py`;")
print("//! do not edit by hand.")
print()
print("\n".join(out))
