#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
"""Corrupt one thing in an eBPF ELF object and print the error bpfcheck must give.

Usage: mutate.py KIND IN OUT
"""
import struct
import sys

kind, src, dst = sys.argv[1:4]
d = bytearray(open(src, 'rb').read())
shoff, = struct.unpack_from('<Q', d, 0x28)
shnum, shstrndx = struct.unpack_from('<HH', d, 0x3c)
SH = '<IIQQQQIIQQ'


def sh(i):
    return list(struct.unpack_from(SH, d, shoff + 64 * i))


def put_sh(i, h):
    struct.pack_into(SH, d, shoff + 64 * i, *h)


def cstr(off):
    return d[off:d.index(b'\0', off)].decode()


names = sh(shstrndx)[4]
secs = {cstr(names + sh(i)[0]): i for i in range(shnum)}
symtab = next(i for i in range(shnum) if sh(i)[1] == 2)
strtab = sh(sh(symtab)[6])[4]


def sym_off(name):
    h = sh(symtab)
    for o in range(h[4], h[4] + h[5], 24):
        if cstr(strtab + struct.unpack_from('<I', d, o)[0]) == name:
            return o
    raise SystemExit('no symbol ' + name)


def rel(sec, k):
    h = sh(secs['.rel' + sec])
    return h[4] + 16 * k


if kind == 'sym_shndx':
    struct.pack_into('<H', d, sym_off('bump') + 6, shnum + 5)
    msg = "symbol 'bump': section index %d out of range (%d sections)" % (
        shnum + 5, shnum)
elif kind == 'rel_range':
    size = sh(secs['xdp'])[5]
    struct.pack_into('<Q', d, rel('xdp', 0), size + 8)
    msg = "section 'xdp': relocation at offset %d is past the end of the section" % (size + 8)
elif kind == 'rel_overlap':
    off, = struct.unpack_from('<Q', d, rel('xdp', 0))
    struct.pack_into('<Q', d, rel('xdp', 1), off)
    msg = "section 'xdp': relocations at offsets %d and %d overlap" % (off, off)
elif kind == 'func_size':
    o = sym_off('xdp_count')
    struct.pack_into('<Q', d, o + 16, 12)
    msg = "section 'xdp': function 'xdp_count' has bad offset 0 or size 12 (section size %d)" % sh(secs['xdp'])[5]
elif kind == 'map_size':
    struct.pack_into('<Q', d, sym_off('proto_count') + 16, 16)
    msg = "map 'proto_count': symbol size 16 does not match the record size 20 (section size / map count)"
elif kind == 'lddw_rel':
    struct.pack_into('<Q', d, rel('socket1', 0), 0)
    code = d[sh(secs['socket1'])[4]]
    msg = "section 'socket1': insn 0: relocation on an instruction that is neither lddw nor a call (opcode %02x)" % code
elif kind == 'rel_info':
    h = sh(secs['.relxdp'])
    h[7] = 999
    put_sh(secs['.relxdp'], h)
    msg = "section '.relxdp': relocated section index 999 out of range"
elif kind == 'strtab_link':
    h = sh(symtab)
    h[6] = shnum + 1
    put_sh(symtab, h)
    msg = "symbol table: string table index %d is not a string table" % (shnum + 1)
elif kind == 'code_offset':
    # the code copied to the end of the file at an offset of 8k + 4
    h = sh(secs['xdp'])
    code = d[h[4]:h[4] + h[5]]
    d += b'\0' * ((4 - len(d)) % 8) + code
    h[4] = len(d) - len(code)
    put_sh(secs['xdp'], h)
    msg = "section 'xdp': offset %d is not a multiple of 8 (instructions are 8 bytes)" % h[4]
elif kind == 'bigendian':
    d[5] = 2
    msg = "big-endian eBPF objects are not supported (compile with -target bpfel or -target bpf on a little-endian host)"
elif kind == 'machine':
    struct.pack_into('<H', d, 18, 62)
    msg = "ELF machine is 62, not BPF (247)"
elif kind == 'elf32':
    d[4] = 1
    msg = "not a 64-bit ELF object (ELF class 1)"
elif kind in ('btf_names', 'btf_mod_loop'):
    # btf_names: every TYPEDEF's name offset past the string section:
    # libbpf before 1.3 loads such BTF, and its names read back as NULL.
    # btf_mod_loop: a modifier chain that never ends.
    bo = sh(secs['.BTF'])[4]
    hlen, toff, tlen = struct.unpack_from('<III', d, bo + 4)
    p, end = bo + hlen + toff, bo + hlen + toff + tlen
    extra = {1: lambda v: 4, 3: lambda v: 12, 4: lambda v: 12 * v,
             5: lambda v: 12 * v, 6: lambda v: 8 * v, 13: lambda v: 8 * v,
             14: lambda v: 12 * v, 15: lambda v: 12 * v, 17: lambda v: 4,
             19: lambda v: 12 * v}
    tid = 1
    while p < end:
        info, = struct.unpack_from('<I', d, p + 4)
        k = (info >> 24) & 0x1f
        if k == 8 and kind == 'btf_names':
            struct.pack_into('<I', d, p, 0x7fffff00)
        elif k == 8:
            # btf_mod_loop: every TYPEDEF a CONST of itself
            struct.pack_into('<II', d, p + 4, (10 << 24), tid)
        p += 12 + extra.get(k, lambda v: 0)(info & 0xffff)
        tid += 1
    msg = ''
else:
    raise SystemExit('unknown kind ' + kind)
open(dst, 'wb').write(d)
print(msg)
