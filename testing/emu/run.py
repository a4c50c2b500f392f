#!/usr/bin/env python3
"""Runs etk's checks with every optimized kernel call executed by an emulated AVX-512 CPU.

bochscpu (the Bochs CPU, through bochscpu-python) executes this process's own code on its own
memory: each page the process has mapped is given to the emulator at the same virtual
address, so the emulated kernel reads the inputs and writes the outs that the native side
prepared and then checks. Usage (ci/avx512-emu.sh sets this up):

    LD_PRELOAD=shim.so python run.py LIBETK_EMU.so SUITE LIB [OP_FILTER]   # the suite
    LD_PRELOAD=shim.so python run.py LIBETK_EMU.so --harness [NAME_FILTER] # optimized vs portable
"""
import ctypes
import sys

import bochscpu
import bochscpu.cpu
import bochscpu.memory

PAGE = 4096
# The return address of every emulated call: never mapped, so `ret` there stops the run.
SENTINEL = 0x0000_1000_DEAD_0000
# Bochs's known defects, each shown by a probe before it excuses anything (an excused suite
# case that passes is reported, so the lists cannot go stale):
# - vrsqrt14ps is wrong at powers of two with an odd exponent (0.5 -> 2, 2 -> 1, 8 -> 0.5;
#   hardware gives 1.414.., 0.707.., 0.353..), and the AVX-512 sqrt / rsqrt start from that
#   estimate. These suite cases hold such inputs and pass on AVX-512 hardware (the Xeon runs of
#   2026-11-24); the harness draws such inputs for both kernels.
# - vreduceps with 3 fraction bits gives +0.0625 for 0.1875 (hardware, rounding 1.5 to even:
#   -0.0625), and the AVX-512 erf splits its intervals with it: erf(0.1875) comes out as
#   erf(0.3125). The harness draws 0.1875 in BFloat16.
DEFECTS = {
    "vrsqrt14ps": {
        "cases": [f"aten::{op}.out#{i}" for op in ("sqrt", "rsqrt") for i in (16, 17, 18)],
        "kernels": ["aten::sqrt.out", "aten::rsqrt.out"],
    },
    "vreduceps": {"cases": [], "kernels": ["aten::erf.out"]},
}

libc = ctypes.CDLL(None)


def fs_base():
    v = ctypes.c_uint64()
    assert libc.syscall(158, 0x1003, ctypes.byref(v)) == 0  # arch_prctl(ARCH_GET_FS)
    return v.value


def segment(selector, attr, base=0):
    s = bochscpu.Segment()
    s.present, s.selector, s.base, s.limit, s.attr = True, selector, base, 0xFFFF_FFFF, attr
    return s


class Emulator:
    """Runs functions of this process in bochscpu, on the process's memory."""

    def __init__(self, stack_bytes=8 << 20):
        self.sess = bochscpu.Session()
        self.sess.missing_page_handler = self._missing
        self.stack = ctypes.create_string_buffer(stack_bytes)
        self.stack_top = (ctypes.addressof(self.stack) + stack_bytes - PAGE) & ~0xF
        self.pt = bochscpu.memory.PageMapLevel4Table()
        self.mapped = set()
        self.next_gpa = 1 << 32
        self.pml4 = None
        self.tables = []
        self.maps = None
        self.fault = None

    @staticmethod
    def _missing(gpa):
        raise RuntimeError(f"emulator touched unmapped physical page {gpa:#x}")

    def sync(self):
        """Gives the emulator every readable page the process has mapped, at its address."""
        text = open("/proc/self/maps").read()
        if text == self.maps:
            return
        self.maps = text
        added = False
        for line in text.splitlines():
            f = line.split()
            lo, hi = (int(x, 16) for x in f[0].split("-"))
            name = f[5] if len(f) > 5 else ""
            if "r" not in f[1] or name.startswith("[v") or hi - lo > (1 << 30):
                continue
            for va in range(lo, hi, PAGE):
                if va not in self.mapped:
                    self.mapped.add(va)
                    self.pt.insert(va, self.next_gpa, 1)
                    bochscpu.memory.page_insert(self.next_gpa, va)
                    self.next_gpa += PAGE
                    added = True
        if added:
            # a fresh set of tables after the last physical page used; the old set goes
            self.pml4 = self.next_gpa
            layout = self.pt.commit(self.pml4)
            for hva, gpa in layout:
                bochscpu.memory.page_insert(gpa, hva)
                self.next_gpa = max(self.next_gpa, gpa + PAGE)
            for hva, gpa in self.tables:
                bochscpu.memory.page_remove(gpa)
                bochscpu.memory.release_host_page(hva)
            self.tables = layout

    def call(self, fn, *args):
        """Calls `fn(args...)` (System V, integer arguments) in the emulator; returns rax."""
        self.sync()
        st = bochscpu.State()
        bochscpu.cpu.set_long_mode(st)
        st.cr0 = (st.cr0 | 2) & ~4  # MP, no EM: SSE and AVX run
        st.cr4 = st.cr4 | (1 << 9) | (1 << 10) | (1 << 18)  # OSFXSR, OSXMMEXCPT, OSXSAVE
        st.xcr0 = 0xE7  # x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM
        st.mxcsr = 0x1F80
        st.cr3 = self.pml4
        rsp = self.stack_top - 8
        ctypes.c_uint64.from_address(rsp).value = SENTINEL
        st.rsp, st.rip, st.rflags = rsp, fn, 0x202
        for reg, a in zip(("rdi", "rsi", "rdx", "rcx", "r8", "r9"), args):
            setattr(st, reg, a)
        code, data = segment(0x33, 0x22FB), segment(0x2B, 0xCF3)
        st.cs, st.ds, st.ss, st.es, st.gs = code, data, data, data, data
        st.fs = segment(0, 0xCF3, fs_base())  # thread-locals
        self.sess.cpu.state = st
        self.fault = None
        hook = bochscpu.Hook()

        def exception(sess, cpu_id, vector, error_code):
            self.fault = (int(vector), int(error_code))
            sess.stop()

        hook.exception = exception
        self.sess.run([hook])
        end = self.sess.cpu.state
        # the fetch at the sentinel faults: the call returned (the state may or may not show
        # the fault delivered yet)
        returned = end.rip == SENTINEL or (
            self.fault is not None and self.fault[0] == 14 and end.cr2 == SENTINEL
        )
        if not returned:
            raise RuntimeError(
                f"emulated call stopped at rip={end.rip:#x}: exception {self.fault}, "
                f"cr2={end.cr2:#x}"
            )
        return end.rax


def probe_defects(emu, addr):
    """The known defects (`DEFECTS`) this emulator shows."""
    x = (ctypes.c_float * 16)(*([2.0] * 8 + [0.1875] * 8))
    out = (ctypes.c_float * 16)()
    found = []
    emu.call(addr("etk_emu_rsqrt14"), ctypes.addressof(x), ctypes.addressof(out))
    if abs(out[0] - 0.70710677) > 1e-3:
        found.append("vrsqrt14ps")
    emu.call(addr("etk_emu_reduce3"), ctypes.addressof(x), ctypes.addressof(out))
    if out[8] != -0.0625:
        found.append("vreduceps")
    return found


def main():
    so, suite = sys.argv[1:3]
    lib = sys.argv[3] if len(sys.argv) > 3 else ""
    flt = sys.argv[4] if len(sys.argv) > 4 else ""
    # Allocations stay in the heap (which only grows), so the page map changes rarely.
    libc.mallopt(-3, 1 << 30)  # M_MMAP_THRESHOLD
    libc.mallopt(-1, 1 << 30)  # M_TRIM_THRESHOLD
    etk = ctypes.CDLL(so)
    addr = lambda name: ctypes.cast(getattr(etk, name), ctypes.c_void_p).value
    emu = Emulator()
    if emu.call(addr("etk_emu_detect")) != 2:
        sys.exit("the emulated CPU does not report AVX-512")
    if etk.etk_emu_warm() != 2:
        sys.exit("etk_simd::isa() is not AVX-512 after the emulated detection")

    defects = probe_defects(emu, addr)
    excused_cases = " ".join(c for d in defects for c in DEFECTS[d]["cases"])
    excused_kernels = " ".join(k for d in defects for k in DEFECTS[d]["kernels"])
    for d in defects:
        print(f"emulator defect {d}: excused {DEFECTS[d]}")

    invoke = addr("etk_emu_invoke")
    calls = [0]

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p)
    def invoker(closure):
        calls[0] += 1
        emu.call(invoke, closure)

    etk.etk_emu_set_invoker(invoker)
    if suite == "--harness":
        etk.etk_emu_harness.restype = ctypes.c_uint32
        failed = etk.etk_emu_harness(lib.encode(), excused_kernels.encode())
        failed += etk.etk_emu_gemm()
        wrong = etk.etk_emu_add_past_the_cache()
        print(
            f"add.out past the last-level cache ({etk.etk_emu_llc() >> 20} MiB, streaming "
            f"stores): {wrong} wrong elements"
        )
        print(f"avx512 (emulated), optimized against portable: {calls[0]} calls emulated")
        sys.exit(1 if failed or wrong else 0)
    etk.etk_emu_conform.restype = ctypes.c_uint32
    failed = etk.etk_emu_conform(
        suite.encode(), lib.encode(), flt.encode(), excused_cases.encode()
    )
    print(f"avx512 (emulated), --lib {lib}: {calls[0]} kernel calls emulated")
    sys.exit(1 if failed else 0)

if __name__ == "__main__":
    main()
