#!/usr/bin/env python3
"""etk_simd's vector math at AVX-512 (emulated) against the scalar path (native), over random
f32 bit patterns (every exponent, NaN and infinities included): the largest distance in
representable floats per function (NaN equal to NaN). Not part of CI; run it after changing
the AVX-512 math on a host without AVX-512:

    LD_PRELOAD=shim.so python math_scan.py LIBETK_EMU.so [COUNT]
"""
import ctypes
import random
import struct
import sys

import run

NAMES = ["exp", "expm1", "log", "log1p", "tanh", "sigmoid", "erf", "gelu_erf", "gelu_tanh",
         "sin", "cos"]  # etk_simd::UnaryFn::ALL's order


def order(u):
    """f32 bits -> an integer in the floats' order."""
    return u if u < 0x8000_0000 else 0x8000_0000 - u


def is_nan(u):
    return (u & 0x7FFF_FFFF) > 0x7F80_0000


def as_f32(u):
    return struct.unpack("<f", struct.pack("<I", u))[0]


def main():
    etk = ctypes.CDLL(sys.argv[1])
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 1 << 20
    addr = lambda name: ctypes.cast(getattr(etk, name), ctypes.c_void_p).value
    emu = run.Emulator()
    if emu.call(addr("etk_emu_detect")) != 2:
        sys.exit("the emulated CPU does not report AVX-512")
    rnd = random.Random(7)
    bits = [rnd.getrandbits(32) for _ in range(n)]
    x = (ctypes.c_uint32 * n)(*bits)
    want, got = (ctypes.c_uint32 * n)(), (ctypes.c_uint32 * n)()
    for f, name in enumerate(NAMES):
        etk.etk_emu_math(f, True, x, want, ctypes.c_size_t(n))
        emu.call(addr("etk_emu_math"), f, 0, ctypes.addressof(x), ctypes.addressof(got), n)
        worst, at = 0, 0
        for i in range(n):
            a, b = want[i], got[i]
            if a == b or (is_nan(a) and is_nan(b)):
                continue
            d = 1 << 32 if is_nan(a) or is_nan(b) else abs(order(a) - order(b))
            if d > worst:
                worst, at = d, i
        print(f"{name:10s} {worst} at x = {as_f32(bits[at])!r}: scalar {as_f32(want[at])!r}, "
              f"avx512 {as_f32(got[at])!r}")


if __name__ == "__main__":
    main()
