// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Source lines from .BTF.ext. libbpf's public API does not expose line
 * info, so the header and the line_info subsection are read here:
 *   header: u16 magic 0xeB9F, u8 version, u8 flags, u32 hdr_len,
 *           u32 func_info_off, func_info_len, line_info_off, line_info_len
 *           (offsets from the end of the header)
 *   line_info: u32 rec_size, then per section
 *           { u32 sec_name_off, u32 num_info, records[num_info] }
 *   record: u32 insn_off (bytes), file_name_off, line_off, line_col
 * Records for line 0 (compiler-made code) are dropped, so such
 * instructions keep the line before them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "load/elf_priv.h"

#define BTF_EXT_MAGIC 0xeB9F
#define LINE_REC_MIN  16

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static int cmp_line(const void *a, const void *b)
{
	const struct eline *x = a, *y = b;

	if (x->insn != y->insn)
		return x->insn < y->insn ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static struct esec *prog_sec(struct eloader *L, const char *name)
{
	size_t i;

	for (i = 1; i < L->nsec; i++)
		if (L->secs[i].kind == ES_PROG &&
		    !strcmp(L->secs[i].name, name))
			return &L->secs[i];
	return NULL;
}

static int add_records(struct eloader *L, struct esec *s, const uint8_t *p,
		       uint32_t n, uint32_t rec_size)
{
	const struct btf *btf = L->obj->btf;
	uint32_t i;

	s->lines = bc_xrealloc(s->lines,
			       ((size_t)s->line_cnt + n) * sizeof(*s->lines));
	for (i = 0; i < n; i++, p += rec_size) {
		struct eline *e = &s->lines[s->line_cnt];
		uint32_t off = rd32(p), lc = rd32(p + 12);

		if (off % 8 || off >= s->size)
			return bc_elf_fail(
				L,
				"section '.BTF.ext': line record for '%s' at bad offset %u",
				s->name, off);
		if (!(lc >> 10))
			continue; /* line 0: no location, keep the previous */
		e->insn = off / 8;
		e->seq = s->line_cnt;
		e->file = btf__name_by_offset(btf, rd32(p + 4));
		e->text = btf__name_by_offset(btf, rd32(p + 8));
		e->line = lc >> 10;
		e->col = lc & 0x3ff;
		if (!e->file)
			return bc_elf_fail(
				L,
				"section '.BTF.ext': line record for '%s' has a bad file name offset",
				s->name);
		s->line_cnt++;
	}
	return 0;
}

static int parse_line_info(struct eloader *L, const uint8_t *p, size_t len)
{
	const struct btf *btf = L->obj->btf;
	uint32_t rec_size;
	size_t pos = 4;

	if (len < 4)
		return bc_elf_fail(L,
				   "section '.BTF.ext': line info too short");
	rec_size = rd32(p);
	if (rec_size < LINE_REC_MIN || rec_size > 1024)
		return bc_elf_fail(
			L, "section '.BTF.ext': bad line record size %u",
			rec_size);
	while (pos < len) {
		const char *sname;
		struct esec *s;
		uint32_t n;

		if (len - pos < 8)
			return bc_elf_fail(
				L, "section '.BTF.ext': truncated line info");
		sname = btf__name_by_offset(btf, rd32(p + pos));
		n = rd32(p + pos + 4);
		pos += 8;
		if (!sname || (len - pos) / rec_size < n)
			return bc_elf_fail(
				L,
				"section '.BTF.ext': bad line info block at offset %zu",
				pos - 8);
		s = prog_sec(L, sname);
		if (s && add_records(L, s, p + pos, n, rec_size))
			return -EINVAL;
		pos += (size_t)n * rec_size;
	}
	return 0;
}

int bc_elf_lines(struct eloader *L)
{
	const struct esec *x;
	uint32_t hdr_len, off, len;
	size_t i;
	uint16_t magic;

	if (!L->btfext_sec)
		return 0;
	x = &L->secs[L->btfext_sec];
	if (!L->obj->btf)
		return bc_elf_fail(L,
				   "section '.BTF.ext' without a .BTF section");
	if (x->size < 24)
		return bc_elf_fail(L, "section '.BTF.ext': truncated header");
	memcpy(&magic, x->data, 2);
	if (magic != BTF_EXT_MAGIC)
		return bc_elf_fail(L, "section '.BTF.ext': bad magic %#x",
				   magic);
	if (x->data[2] != 1)
		return bc_elf_fail(L,
				   "section '.BTF.ext': unsupported version %u",
				   x->data[2]);
	hdr_len = rd32(x->data + 4);
	if (hdr_len < 24 || hdr_len > x->size)
		return bc_elf_fail(
			L, "section '.BTF.ext': bad header length %u", hdr_len);
	off = rd32(x->data + 16);
	len = rd32(x->data + 20);
	if (!len)
		return 0;
	if (off > x->size - hdr_len || len > x->size - hdr_len - off)
		return bc_elf_fail(
			L,
			"section '.BTF.ext': line info (offset %u, length %u) past the end",
			off, len);
	if (parse_line_info(L, x->data + hdr_len + off, len))
		return -EINVAL;
	for (i = 1; i < L->nsec; i++)
		if (L->secs[i].line_cnt)
			qsort(L->secs[i].lines, L->secs[i].line_cnt,
			      sizeof(struct eline), cmp_line);
	return 0;
}

/* First record at or after instruction insn. */
static uint32_t first_line(const struct esec *s, uint32_t insn)
{
	uint32_t lo = 0, hi = s->line_cnt;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (s->lines[mid].insn < insn)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int bc_elf_prog_lines(struct eloader *L, struct bc_prog *p,
		      const struct elf_chunk *ch, size_t n)
{
	size_t c;
	bool any = false;

	for (c = 0; c < n; c++)
		any |= L->secs[ch[c].sec].line_cnt > 0;
	if (!any)
		return 0;
	p->lines = bc_xcalloc(p->insn_cnt, sizeof(*p->lines));
	for (c = 0; c < n; c++) {
		const struct esec *s = &L->secs[ch[c].sec];
		const struct efunc *f = &s->funcs[ch[c].func];
		uint32_t start = f->off / 8, end = start + f->size / 8;
		uint32_t k = first_line(s, start), j;
		const struct eline *cur = NULL;

		for (j = start; j < end; j++) {
			struct bc_line *out = &p->lines[ch[c].out + j - start];

			while (k < s->line_cnt && s->lines[k].insn <= j)
				cur = &s->lines[k++];
			if (!cur)
				continue;
			out->file = cur->file;
			out->text = cur->text;
			out->line = cur->line;
			out->col = cur->col;
		}
	}
	return 0;
}
