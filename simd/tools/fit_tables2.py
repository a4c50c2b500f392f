#!/usr/bin/env python3
"""The tables and coefficients appended to src/math/tables.rs after fit_tables.py's (which no
longer reproduces its older tables bit for bit on every machine, so they are not regenerated):
the exponential tables of sigmoid and the rational tanh. Prints Rust to stdout and the fitted
errors to stderr. Run from simd/ (needs numpy, mpmath and scipy; the tanh rounding search takes
a few minutes):
    python3 tools/fit_tables2.py
"""
import itertools
import sys

import numpy as np
import mpmath as mp
from scipy.optimize import linprog

from remez import fit

mp.mp.dps = 40
f32 = np.float32


def log(*a):
    print(*a, file=sys.stderr)


def grid(lo, hi, n):
    return np.unique(np.linspace(lo, hi, n).astype(np.float32).astype(np.float64))


out = []


def emit(name, values, doc):
    out.append(f"/// {doc}")
    out.append(f"pub(crate) const {name}: [f32; {len(values)}] = [")
    for c in values:
        out.append(f"    {float(f32(c))!r}_f32,")
    out.append("];")


# sigmoid on AVX-512: e^-x = 2^k 2^(-j/16) e^-t, |t| <= ln2/32, e^-t = 1 - t Q(t).
emit("EXP2_NEG_TAB16", [mp.mpf(2) ** (-mp.mpf(j) / 16) for j in range(16)],
     "2^(-j/16) for j in 0..16 (rounded to f32).")
h = float(mp.log(2)) / 32 * (1 + 2e-3)
xs = grid(-h, h, 20001)
xs = xs[np.abs(xs) > 1e-9]
g = np.array([float(-mp.expm1(-mp.mpf(v)) / mp.mpf(v)) for v in xs])
e = np.array([float(mp.exp(-mp.mpf(v))) for v in xs])
c, err = fit(xs, g, np.abs(xs) / e, [0, 1, 2])
log("expm_lut16", err / 2**-24)
emit("EXPM_LUT16_Q", c, "(1 - e^-t) / t ~ sum EXPM_LUT16_Q[i] t^i on |t| <= ln2/32.")

# sigmoid elsewhere: e^z = 2^k 2^(j/8) e^t, |t| <= ln2/16, e^t = 1 + t P(t).
emit("EXP2_TAB8", [mp.mpf(2) ** (mp.mpf(j) / 8) for j in range(8)],
     "2^(j/8) for j in 0..8 (rounded to f32).")
h = float(mp.log(2)) / 16 * (1 + 2e-3)
xs = grid(-h, h, 20001)
xs = xs[np.abs(xs) > 1e-9]
g = np.array([float(mp.expm1(mp.mpf(v)) / mp.mpf(v)) for v in xs])
e = np.array([float(mp.exp(mp.mpf(v))) for v in xs])
c, err = fit(xs, g, np.abs(xs) / e, list(range(4)))
log("exp_lut8", err / 2**-24)
emit("EXP_LUT8_P", c, "e^t ~ 1 + t * sum EXP_LUT8_P[i] t^i on |t| <= ln2/16.")


# tanh: x P(x^2) / Q(x^2), P and Q of degree 4 with P(0) = Q(0) = 1, minimax in relative error
# on [0, 9] (Loeb's iteration of linear programs), the coefficients rounded to f32 and then each
# moved by at most one f32 step to minimize the largest error of the f32 evaluation (which
# dominates: the fit itself is within 1.3 ulp).
def loeb(xs, fx, npn, nq, iters=15):
    z = xs * xs
    qprev = np.ones(len(xs))
    best = None
    for _ in range(iters):
        ap = np.stack([xs * z**i for i in range(1, npn)], 1)
        aq = np.stack([-fx * z**i for i in range(1, nq + 1)], 1)
        w = 1 / (qprev * np.abs(fx))
        a = np.hstack([ap, aq]) * w[:, None]
        b = (fx - xs) * w
        n, m = a.shape[1], len(xs)
        aub = np.vstack([np.hstack([a, -np.ones((m, 1))]), np.hstack([-a, -np.ones((m, 1))])])
        obj = np.zeros(n + 1)
        obj[-1] = 1
        r = linprog(obj, A_ub=aub, b_ub=np.concatenate([b, -b]),
                    bounds=[(None, None)] * (n + 1), method="highs")
        cp = np.concatenate([[1.0], r.x[:npn - 1]])
        cq = np.concatenate([[1.0], r.x[npn - 1:n]])
        p = sum(cp[i] * z**i for i in range(npn))
        q = sum(cq[i] * z**i for i in range(nq + 1))
        err = np.max(np.abs((xs * p / q - fx) / fx))
        if best is None or err < best[0]:
            best = (err, cp, cq)
        qprev = q
    return best


def fma(a, b, c):
    return f32(np.float64(a) * np.float64(b) + np.float64(c))


def tanh32(x, cp, cq, hi):
    xc = np.clip(x, -hi, hi).astype(f32)
    z = f32(xc * xc)
    p = np.full_like(z, f32(cp[-1]))
    for c in reversed(cp[:-1]):
        p = fma(p, z, f32(c))
    q = np.full_like(z, f32(cq[-1]))
    for c in reversed(cq[:-1]):
        q = fma(q, z, f32(c))
    return f32(f32(xc * p) / q)


HI = 9.0
xs = np.linspace(1e-3, HI, 4000)
fx = np.array([float(mp.tanh(mp.mpf(v))) for v in xs])
err, cp, cq = loeb(xs, fx, 5, 4)
log("tanh rational fit", err / 2**-24)
# The clamp: the first f32 from 8 on at which the rational reaches 1, which must be exactly 1
# there (tanh itself rounds to 1 from 8.6643 on, and to the float below 1 from about 8.3).
def top(step):
    return np.arange(f32(8.0).view(np.int32), f32(HI).view(np.int32), step, dtype=np.int32).view(f32)


def sample(step):
    lo_bits, hi_bits = f32(2**-12).view(np.int32), f32(HI).view(np.int32)
    x = np.arange(lo_bits, hi_bits, step, dtype=np.int32).view(f32)
    return x, np.tanh(x.astype(np.float64)).astype(f32)


def score(c, xt, want, tops):
    ys = tanh32(tops, c[:5], c[5:], HI)
    at = np.nonzero(ys >= 1.0)[0]
    if len(at) == 0 or ys[at[0]] != 1.0:
        return None
    clamp = float(tops[at[0]])
    got = tanh32(xt, c[:5], c[5:], clamp)
    u = np.abs(got.view(np.int32).astype(np.int64) - want.view(np.int32).astype(np.int64)).max()
    return u, clamp


xt, want = sample(1597)
base = [float(f32(c)) for c in list(cp) + list(cq)]
free = [i for i in range(len(base)) if i not in (0, 5)]
cands = []
for steps in itertools.product([-1, 0, 1], repeat=len(free)):
    c = list(base)
    for i, d in zip(free, steps):
        if d:
            c[i] = float(np.nextafter(f32(c[i]), f32(np.inf if d > 0 else -np.inf)))
    r = score(c, xt, want, top(64))
    if r is not None:
        cands.append((r[0], r[1], c))
cands.sort(key=lambda r: r[0])
# the best on a denser sample
xt, want = sample(31)
best = None
for _, _, c in cands[:20]:
    r = score(c, xt, want, top(1))
    if r is not None and (best is None or r[0] < best[0]):
        best = (r[0], r[1], c)
u, clamp = best[0], best[1]
log("tanh rational, f32 evaluation on every 31st f32 in [2^-12, 9]: max ulp", u, "clamp", clamp)
emit("TANH_RAT_P", best[2][:5], "tanh(x) ~ x P(x^2) / Q(x^2) on |x| <= TANH_RAT_MAX: P (ascending powers of x^2).")
emit("TANH_RAT_Q", best[2][5:], "Q of TANH_RAT_P.")
out.append("/// Where `TANH_RAT_P / TANH_RAT_Q` gives exactly 1 (tanh rounds to 1 from 8.6643 on).")
out.append(f"pub(crate) const TANH_RAT_MAX: f32 = {clamp!r};")

print("\n".join(out))
