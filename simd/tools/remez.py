import numpy as np, mpmath as mp
mp.mp.dps = 40
f32 = np.float32

def lawson(A, g, w, iters=400):
    """minimize max |w*(A c - g)| ; A: (N,k)"""
    N = A.shape[0]
    u = np.ones(N)/N
    best = None
    for it in range(iters):
        sw = np.sqrt(u)
        c, *_ = np.linalg.lstsq((A*(w*sw)[:,None]), g*w*sw, rcond=None)
        e = np.abs(w*(A@c - g))
        m = e.max()
        if best is None or m < best[0]:
            best = (m, c)
        u = u*e
        s = u.sum()
        if s == 0: break
        u /= s
    return best[1], best[0]

def fit(xs, target, weight, powers, fixed=None, rounds=True):
    """approx target(x) ~ sum c_p x^p for p in powers; fixed: dict p->value (exact);
    weight: error weight array. Greedy f32 rounding from highest power down."""
    xs = np.asarray(xs, dtype=np.float64)
    fixed = dict(fixed or {})
    free = [p for p in powers if p not in fixed]
    while True:
        g = target - sum(v*xs**p for p, v in fixed.items())
        if not free:
            break
        A = np.stack([xs**p for p in free], axis=1)
        c, err = lawson(A, g, weight)
        if not rounds:
            fixed.update({p: v for p, v in zip(free, c)})
            free = []
            break
        # round the highest free power
        p = max(free)
        fixed[p] = float(f32(c[free.index(p)]))
        free.remove(p)
    coeffs = [fixed[p] for p in sorted(powers)]
    approx = sum(fixed[p]*xs**p for p in powers)
    err = np.max(np.abs(weight*(approx - target)))
    return coeffs, err

def horner32(coeffs, x):
    """evaluate sum coeffs[i] x^i in f32 with emulated fma (via f64)"""
    x = f32(x)
    acc = f32(coeffs[-1]) * np.ones_like(x)
    for c in reversed(coeffs[:-1]):
        acc = f32(acc.astype(np.float64)*x.astype(np.float64) + np.float64(f32(c)))
    return acc
