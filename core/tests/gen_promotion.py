"""Writes core/tests/promotion_table.rs from torch (run by hand where torch is installed):
~/torchenv/bin/python core/tests/gen_promotion.py"""
import torch

names = {torch.uint8: 'Byte', torch.int8: 'Char', torch.int16: 'Short', torch.int32: 'Int',
         torch.int64: 'Long', torch.float16: 'Half', torch.float32: 'Float', torch.float64: 'Double',
         torch.complex32: 'ComplexHalf', torch.complex64: 'ComplexFloat',
         torch.complex128: 'ComplexDouble', torch.bool: 'Bool', torch.bfloat16: 'BFloat16',
         torch.uint16: 'UInt16', torch.uint32: 'UInt32', torch.uint64: 'UInt64'}
real = [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
        torch.float16, torch.bfloat16, torch.float32, torch.float64]


def opt(r):
    return 'None' if r is None else 'Some("%s")' % r


out = ["// Generated from torch %s by core/tests/gen_promotion.py; do not edit.\n\n" % torch.__version__]
out.append("pub const PROMOTE: &[(&str, &str, Option<&str>)] = &[\n")
for a in names:
    for b in names:
        try:
            r = names[torch.promote_types(a, b)]
        except Exception:
            r = None
        out.append('    ("%s", "%s", %s),\n' % (names[a], names[b], opt(r)))
out.append("];\n\npub const CAN_CAST: &[(&str, &str, bool)] = &[\n")
for a in names:
    for b in names:
        out.append('    ("%s", "%s", %s),\n' % (names[a], names[b], str(torch.can_cast(a, b)).lower()))
out.append("];\n\n/// (dtype a, rank a, dtype b or a Scalar literal, rank b or -1 for a Scalar, result)\n")
out.append("pub const RESULT_TYPE: &[(&str, i32, &str, i32, &str)] = &[\n")
for a in real:
    for b in real:
        for ad, bd in [(1, 1), (1, 0), (0, 1), (0, 0)]:
            x = torch.zeros([2] * ad, dtype=a)
            y = torch.zeros([2] * bd, dtype=b)
            out.append('    ("%s", %d, "%s", %d, "%s"),\n' % (names[a], ad, names[b], bd, names[torch.result_type(x, y)]))
    for s in [True, 3, 2.5]:
        for ad in [0, 1]:
            x = torch.zeros([2] * ad, dtype=a)
            out.append('    ("%s", %d, "%s", -1, "%s"),\n' % (names[a], ad, repr(s), names[torch.result_type(x, s)]))
out.append("];\n")
open(__file__.replace('gen_promotion.py', 'promotion_table.rs'), 'w').write(''.join(out))
