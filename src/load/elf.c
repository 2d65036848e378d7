// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * ELF object loading: sections, symbols, relocations, and linking each
 * program with the subprograms it calls, the way libbpf does. Every offset,
 * index and size taken from the file is checked before it is used, so a
 * malformed object gives one error line instead of a crash.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "util/btf_types.h"
#include "load/elf_priv.h"
#include "isa/insn.h"

#ifndef EM_BPF
#define EM_BPF 247
#endif

int bc_elf_fail(struct eloader *L, const char *fmt, ...)
{
	char buf[448], *c;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	/* names come from the file: keep the message on one line */
	for (c = buf; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return bc_errf(L->err, -1, EINVAL, "%s: %s", L->name, buf);
}

int bc_elf_add_map(struct eloader *L, uint32_t off)
{
	bc_object_add_map(L->obj);
	BC_GROW(L->map_off, L->map_off_cap, L->obj->map_cnt);
	L->map_off[L->obj->map_cnt - 1] = off;
	return L->obj->map_cnt - 1;
}

/* A NUL-terminated string at off in string section idx, or NULL. */
static const char *estr(struct eloader *L, size_t idx, uint64_t off)
{
	const struct esec *s;

	if (idx == 0 || idx >= L->nsec)
		return NULL;
	s = &L->secs[idx];
	if (s->sh.sh_type != SHT_STRTAB || !s->data || off >= s->size)
		return NULL;
	if (!memchr(s->data + off, '\0', s->size - off))
		return NULL;
	return (const char *)s->data + off;
}

static int check_header(struct eloader *L)
{
	Elf64_Ehdr eh;

	if (L->len < sizeof(eh))
		return bc_elf_fail(L,
				   "truncated ELF header (%zu bytes, need %zu)",
				   L->len, sizeof(eh));
	memcpy(&eh, L->buf, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64)
		return bc_elf_fail(L, "not a 64-bit ELF object (ELF class %u)",
				   eh.e_ident[EI_CLASS]);
	if (eh.e_ident[EI_DATA] == ELFDATA2MSB)
		return bc_elf_fail(
			L,
			"big-endian eBPF objects are not supported (compile with -target bpfel or -target bpf on a little-endian host)");
	if (eh.e_ident[EI_DATA] != ELFDATA2LSB)
		return bc_elf_fail(L, "bad ELF data encoding %u",
				   eh.e_ident[EI_DATA]);
	/* old LLVM wrote EM_NONE; libbpf accepts it too */
	if (eh.e_machine != EM_BPF && eh.e_machine != EM_NONE)
		return bc_elf_fail(L, "ELF machine is %u, not BPF (%u)",
				   eh.e_machine, EM_BPF);
	if (eh.e_type != ET_REL)
		return bc_elf_fail(
			L, "ELF type %u is not a relocatable object (ET_REL)",
			eh.e_type);
	if (eh.e_shoff == 0 || eh.e_shnum == 0)
		return bc_elf_fail(L, "no section header table");
	if (eh.e_shentsize != sizeof(Elf64_Shdr))
		return bc_elf_fail(L, "section header size %u, expected %zu",
				   eh.e_shentsize, sizeof(Elf64_Shdr));
	if (eh.e_shoff > L->len ||
	    (L->len - eh.e_shoff) / sizeof(Elf64_Shdr) < eh.e_shnum)
		return bc_elf_fail(
			L,
			"section header table (offset %llu, %u entries) extends past the end of the file (%zu bytes)",
			(unsigned long long)eh.e_shoff, eh.e_shnum, L->len);
	if (eh.e_shstrndx == SHN_UNDEF || eh.e_shstrndx >= eh.e_shnum)
		return bc_elf_fail(
			L,
			"section name table index %u out of range (%u sections)",
			eh.e_shstrndx, eh.e_shnum);
	return 0;
}

static bool has_pfx(const char *s, const char *p)
{
	return strncmp(s, p, strlen(p)) == 0;
}

static bool is_data_name(const char *n)
{
	return !strcmp(n, ".data") || !strcmp(n, ".rodata") ||
	       !strcmp(n, ".bss") || has_pfx(n, ".data.") ||
	       has_pfx(n, ".rodata.") || has_pfx(n, ".bss.");
}

static int classify(struct eloader *L, size_t i)
{
	struct esec *s = &L->secs[i];
	const GElf_Shdr *sh = &s->sh;

	switch (sh->sh_type) {
	case SHT_SYMTAB:
		if (L->symtab)
			return bc_elf_fail(L, "more than one symbol table");
		L->symtab = i;
		return 0;
	case SHT_REL:
	case SHT_RELA:
		s->kind = ES_REL;
		if (sh->sh_info == 0 || sh->sh_info >= L->nsec)
			return bc_elf_fail(
				L,
				"section '%s': relocated section index %u out of range",
				s->name, sh->sh_info);
		return 0;
	case SHT_PROGBITS:
		if (sh->sh_flags & SHF_EXECINSTR) {
			s->kind = ES_PROG;
			if (s->size % sizeof(struct bpf_insn))
				return bc_elf_fail(
					L,
					"section '%s': size %zu is not a multiple of 8 (instructions are 8 bytes)",
					s->name, s->size);
			/* Its instructions are read in place, as structs. */
			if (sh->sh_offset % sizeof(struct bpf_insn))
				return bc_elf_fail(
					L,
					"section '%s': offset %llu is not a multiple of 8 (instructions are 8 bytes)",
					s->name,
					(unsigned long long)sh->sh_offset);
			return 0;
		}
		break;
	case SHT_NOBITS: break;
	default: return 0;
	}
	if (!strcmp(s->name, "maps") || has_pfx(s->name, "maps/")) {
		s->kind = ES_MAPS;
	} else if (!strcmp(s->name, ".maps")) {
		s->kind = ES_BTFMAPS;
		L->btfmaps_sec = i;
	} else if (!strcmp(s->name, ".BTF")) {
		L->btf_sec = i;
	} else if (!strcmp(s->name, ".BTF.ext")) {
		L->btfext_sec = i;
	} else if (is_data_name(s->name)) {
		s->kind = ES_DATA;
	} else if (!strcmp(s->name, ".addr_space.1")) {
		s->kind = ES_ARENA;
	}
	if ((s->kind == ES_MAPS || s->kind == ES_BTFMAPS ||
	     i == (size_t)L->btf_sec || i == (size_t)L->btfext_sec) &&
	    !s->data)
		return bc_elf_fail(L, "section '%s' has no contents", s->name);
	return 0;
}

static int read_sections(struct eloader *L)
{
	size_t i, shnum, shstrndx;
	Elf_Scn *scn;

	if (elf_getshdrnum(L->elf, &shnum) ||
	    elf_getshdrstrndx(L->elf, &shstrndx))
		return bc_elf_fail(L, "cannot read section headers: %s",
				   elf_errmsg(-1));
	if (shnum > 0xff00 || shstrndx >= shnum)
		return bc_elf_fail(L, "bad section count %zu", shnum);
	L->nsec = shnum;
	L->secs = bc_xcalloc(shnum, sizeof(*L->secs));
	for (i = 1; i < shnum; i++) {
		struct esec *s = &L->secs[i];

		scn = elf_getscn(L->elf, i);
		if (!scn || !gelf_getshdr(scn, &s->sh))
			return bc_elf_fail(L,
					   "cannot read section header %zu: %s",
					   i, elf_errmsg(-1));
		s->size = s->sh.sh_size;
		s->map_idx = -1;
		if (s->sh.sh_type == SHT_NOBITS || s->sh.sh_type == SHT_NULL)
			continue;
		if (s->sh.sh_offset > L->len ||
		    s->sh.sh_size > L->len - s->sh.sh_offset)
			return bc_elf_fail(
				L,
				"section %zu (offset %llu, size %llu) extends past the end of the file (%zu bytes)",
				i, (unsigned long long)s->sh.sh_offset,
				(unsigned long long)s->sh.sh_size, L->len);
		s->data = L->buf + s->sh.sh_offset;
	}
	if (L->secs[shstrndx].sh.sh_type != SHT_STRTAB)
		return bc_elf_fail(
			L,
			"section name table (section %zu) is not a string table",
			shstrndx);
	for (i = 1; i < shnum; i++) {
		L->secs[i].name = estr(L, shstrndx, L->secs[i].sh.sh_name);
		if (!L->secs[i].name)
			return bc_elf_fail(
				L, "section %zu: name offset %u out of range",
				i, L->secs[i].sh.sh_name);
	}
	L->secs[0].name = "";
	for (i = 1; i < shnum; i++)
		if (classify(L, i))
			return -EINVAL;
	return 0;
}

static int read_symbols(struct eloader *L)
{
	const struct esec *st;
	size_t i;

	if (!L->symtab)
		return bc_elf_fail(L, "no symbol table");
	st = &L->secs[L->symtab];
	if (!st->data || st->sh.sh_entsize != sizeof(Elf64_Sym) ||
	    st->size % sizeof(Elf64_Sym))
		return bc_elf_fail(
			L,
			"symbol table: bad entry size %llu or table size %zu",
			(unsigned long long)st->sh.sh_entsize, st->size);
	if (st->sh.sh_link == 0 || st->sh.sh_link >= L->nsec ||
	    L->secs[st->sh.sh_link].sh.sh_type != SHT_STRTAB)
		return bc_elf_fail(
			L,
			"symbol table: string table index %u is not a string table",
			st->sh.sh_link);
	L->nsym = st->size / sizeof(Elf64_Sym);
	L->syms = bc_xcalloc(L->nsym ? L->nsym : 1, sizeof(*L->syms));
	for (i = 1; i < L->nsym; i++) {
		struct esym *s = &L->syms[i];
		Elf64_Sym es;

		memcpy(&es, st->data + i * sizeof(es), sizeof(es));
		s->name = estr(L, st->sh.sh_link, es.st_name);
		if (!s->name && es.st_name)
			return bc_elf_fail(
				L, "symbol %zu: name offset %u out of range", i,
				es.st_name);
		if (!s->name)
			s->name = "";
		s->value = es.st_value;
		s->size = es.st_size;
		s->shndx = es.st_shndx;
		s->type = ELF64_ST_TYPE(es.st_info);
		s->bind = ELF64_ST_BIND(es.st_info);
		if (s->shndx == SHN_XINDEX ||
		    (s->shndx >= L->nsec && s->shndx < SHN_LORESERVE))
			return bc_elf_fail(
				L,
				"symbol '%s': section index %u out of range (%zu sections)",
				s->name, s->shndx, L->nsec);
		if (s->type == STT_SECTION && s->shndx < L->nsec && !s->name[0])
			s->name = L->secs[s->shndx].name;
	}
	return 0;
}

static int cmp_rel(const void *a, const void *b)
{
	const struct erel *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * What a relocation does is decided by the instruction it is on, whatever
 * its type, as libbpf and the legacy loaders (iproute2, samples/bpf) apply
 * it: an lddw takes a map, data or function address, a call a function.
 */
static int check_rel(struct eloader *L, struct esec *t, struct erel *r)
{
	struct bpf_insn in;

	if (r->off % sizeof(struct bpf_insn) || r->off + sizeof(in) > t->size)
		return bc_elf_fail(
			L, "section '%s': relocation at offset %u is %s",
			t->name, r->off,
			r->off % 8 ? "not 8-byte aligned" :
				     "past the end of the section");
	memcpy(&in, t->data + r->off, sizeof(in));
	r->wide = bc_is_lddw(&in);
	if (r->wide) {
		if (r->off + 2 * sizeof(in) > t->size)
			return bc_elf_fail(
				L,
				"section '%s': insn %u: lddw at the end of the section has no second half",
				t->name, r->off / 8);
	} else if (!bc_is_call(&in)) {
		return bc_elf_fail(
			L,
			"section '%s': insn %u: relocation on an instruction that is neither lddw nor a call (opcode %02x)",
			t->name, r->off / 8, in.code);
	}
	return 0;
}

/* Entry i of a REL or RELA section; a RELA addend must be 0 (old LLVM). */
static int read_rel_entry(struct eloader *L, const struct esec *rs, size_t i,
			  Elf64_Rela *er)
{
	bool rela = rs->sh.sh_type == SHT_RELA;
	size_t sz = rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel);

	er->r_addend = 0;
	memcpy(er, rs->data + i * sz, sz);
	if (er->r_addend)
		return bc_elf_fail(
			L,
			"section '%s': relocation %zu: addend %lld is not supported",
			rs->name, i, (long long)er->r_addend);
	if (er->r_offset > UINT32_MAX)
		return bc_elf_fail(
			L,
			"section '%s': relocation %zu: offset %llu out of range",
			rs->name, i, (unsigned long long)er->r_offset);
	return 0;
}

static int read_rel_section(struct eloader *L, struct esec *rs)
{
	struct esec *t = &L->secs[rs->sh.sh_info];
	size_t i, n,
		sz = rs->sh.sh_type == SHT_RELA ? sizeof(Elf64_Rela) :
						  sizeof(Elf64_Rel);

	if (t->kind != ES_PROG)
		return 0; /* relocations of BTF, debug info, .maps */
	if (!rs->data || rs->sh.sh_entsize != sz || rs->size % sz)
		return bc_elf_fail(L, "section '%s': bad relocation entry size",
				   rs->name);
	if (rs->sh.sh_link != (unsigned)L->symtab)
		return bc_elf_fail(
			L,
			"section '%s': relocations do not use the symbol table",
			rs->name);
	n = rs->size / sz;
	t->rels = bc_xrealloc(t->rels, (t->rel_cnt + n + 1) * sizeof(*t->rels));
	for (i = 0; i < n; i++) {
		struct erel *r = &t->rels[t->rel_cnt];
		Elf64_Rela er;

		if (read_rel_entry(L, rs, i, &er))
			return -EINVAL;
		r->sym = ELF64_R_SYM(er.r_info);
		r->off = er.r_offset;
		if (r->sym == 0 || r->sym >= L->nsym)
			return bc_elf_fail(
				L,
				"section '%s': relocation %zu: symbol index %u out of range (%zu symbols)",
				rs->name, i, r->sym, L->nsym);
		if (check_rel(L, t, r))
			return -EINVAL;
		t->rel_cnt++;
	}
	return 0;
}

static int read_relocations(struct eloader *L)
{
	size_t i, j;

	for (i = 1; i < L->nsec; i++)
		if (L->secs[i].kind == ES_REL &&
		    read_rel_section(L, &L->secs[i]))
			return -EINVAL;
	for (i = 1; i < L->nsec; i++) {
		struct esec *t = &L->secs[i];

		if (!t->rel_cnt)
			continue;
		qsort(t->rels, t->rel_cnt, sizeof(*t->rels), cmp_rel);
		for (j = 1; j < t->rel_cnt; j++) {
			const struct erel *p = &t->rels[j - 1],
					  *c = &t->rels[j];
			uint32_t end = p->off + (p->wide ? 16 : 8);

			if (c->off < end)
				return bc_elf_fail(
					L,
					"section '%s': relocations at offsets %u and %u overlap",
					t->name, p->off, c->off);
		}
	}
	return 0;
}

static const struct erel *find_rel(const struct esec *s, uint32_t off)
{
	size_t lo = 0, hi = s->rel_cnt;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->rels[mid].off == off)
			return &s->rels[mid];
		if (s->rels[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int cmp_func(const void *a, const void *b)
{
	const struct efunc *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* The global untyped symbol at the start of section si, else its name. */
static const char *section_label(const struct eloader *L, size_t si)
{
	size_t i;

	for (i = 1; i < L->nsym; i++) {
		const struct esym *y = &L->syms[i];

		if (y->shndx == si && y->value == 0 && y->type == STT_NOTYPE &&
		    y->bind == STB_GLOBAL && y->name[0])
			return y->name;
	}
	return L->secs[si].name;
}

static int read_funcs(struct eloader *L, size_t si)
{
	struct esec *s = &L->secs[si];
	size_t i;

	for (i = 1; i < L->nsym; i++) {
		const struct esym *y = &L->syms[i];
		struct efunc *f;

		if (y->shndx != si || y->type != STT_FUNC)
			continue;
		if (y->value % 8 || y->size % 8 || y->size == 0 ||
		    y->value > s->size || y->size > s->size - y->value)
			return bc_elf_fail(
				L,
				"section '%s': function '%s' has bad offset %llu or size %llu (section size %zu)",
				s->name, y->name, (unsigned long long)y->value,
				(unsigned long long)y->size, s->size);
		s->funcs = bc_xrealloc(s->funcs,
				       (s->func_cnt + 1) * sizeof(*s->funcs));
		f = &s->funcs[s->func_cnt++];
		f->name = y->name;
		f->off = y->value;
		f->size = y->size;
		f->global = y->bind != STB_LOCAL;
		f->called = false;
	}
	if (!s->func_cnt && s->size && strcmp(s->name, ".text")) {
		/* Old LLVM and hand-made objects: one program per section,
		 * named by its global label as legacy loaders name it.
		 */
		s->funcs = bc_xcalloc(1, sizeof(*s->funcs));
		s->funcs[0] = (struct efunc){ .name = section_label(L, si),
					      .size = s->size,
					      .global = true };
		s->func_cnt = 1;
	}
	if (s->func_cnt)
		qsort(s->funcs, s->func_cnt, sizeof(*s->funcs), cmp_func);
	s->linked = bc_xmalloc((s->func_cnt + 1) * sizeof(*s->linked));
	for (i = 0; i < s->func_cnt; i++)
		s->linked[i] = -1;
	for (i = 1; i < s->func_cnt; i++)
		if (s->funcs[i].off <
		    s->funcs[i - 1].off + s->funcs[i - 1].size)
			return bc_elf_fail(
				L,
				"section '%s': functions '%s' and '%s' overlap",
				s->name, s->funcs[i - 1].name,
				s->funcs[i].name);
	return 0;
}

/* Linking one program. */

struct linker {
	struct eloader *L;
	struct bc_prog *p;
	size_t insn_cap, func_cap;
	struct elf_chunk *ch;
	size_t ch_cnt, ch_cap;
};

static struct efunc *func_at(const struct esec *s, uint64_t off)
{
	size_t lo = 0, hi = s->func_cnt;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (s->funcs[mid].off == off)
			return &s->funcs[mid];
		if (s->funcs[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Output index of function f of section sec, appending it if needed. */
static int64_t link_func(struct linker *K, uint32_t sec, const struct efunc *f)
{
	struct esec *s = &K->L->secs[sec];
	uint32_t fi = f - s->funcs, n = f->size / 8;
	struct bc_prog *p = K->p;
	struct elf_chunk *c;

	if (s->linked[fi] >= 0)
		return s->linked[fi];
	if ((uint64_t)p->insn_cnt + n > BC_MAX_INSNS)
		return bc_elf_fail(
			K->L,
			"program '%s': more than %u instructions after linking",
			p->name, BC_MAX_INSNS);
	if (K->ch_cnt)
		s->funcs[fi].called = true;
	BC_GROW(p->insns, K->insn_cap, p->insn_cnt + n);
	memcpy(p->insns + p->insn_cnt, s->data + f->off, f->size);
	BC_GROW(K->ch, K->ch_cap, K->ch_cnt + 1);
	c = &K->ch[K->ch_cnt++];
	c->sec = sec;
	c->func = fi;
	c->out = p->insn_cnt;
	s->linked[fi] = c->out;
	BC_GROW(p->funcs, K->func_cap, p->func_cnt + 1);
	memset(&p->funcs[p->func_cnt], 0, sizeof(*p->funcs));
	p->funcs[p->func_cnt].name = bc_xstrdup(f->name);
	p->funcs[p->func_cnt].start = p->insn_cnt;
	p->funcs[p->func_cnt].len = n;
	bc_func_from_btf(K->L->obj->btf, &p->funcs[p->func_cnt]);
	p->func_cnt++;
	p->insn_cnt += n;
	return c->out;
}

/* Code target of a call or function-address load; patches imm. */
static int link_target(struct linker *K, uint32_t sec, int64_t tgt, uint32_t at,
		       const char *from, uint32_t src)
{
	struct eloader *L = K->L;
	const struct esec *ts = &L->secs[sec];
	const struct efunc *f = NULL;
	int64_t out;

	if (tgt >= 0 && tgt < (int64_t)(ts->size / 8))
		f = func_at(ts, tgt * 8);
	if (!f)
		return bc_elf_fail(
			L,
			"'%s' insn %u: call or function reference to insn %lld of section '%s', which is not the start of a function",
			from, src, (long long)tgt, ts->name);
	out = link_func(K, sec, f);
	if (out < 0)
		return out;
	K->p->insns[at].imm = (int32_t)(out - (int64_t)at - 1);
	return 0;
}

/* libbpf's reading of an extern __ksym from the object's BTF. */
static uint8_t ksym_kind(const struct eloader *L, const struct esym *y)
{
	const struct btf *btf = L->obj->btf;
	uint8_t weak = y->bind == STB_WEAK ? BC_KSYM_WEAK : 0;
	const struct btf_type *v;
	int id;

	if (!btf)
		return BC_KSYM_UNTYPED | weak;
	if (btf__find_by_name_kind(btf, y->name, BTF_KIND_FUNC) > 0)
		return BC_KSYM_FUNC | weak;
	id = btf__find_by_name_kind(btf, y->name, BTF_KIND_VAR);
	v = id > 0 ? btf__type_by_id(btf, id) : NULL;
	if (!v || !bc_btf_skip_mods(btf, v->type, NULL) ||
	    btf_is_void(bc_btf_skip_mods(btf, v->type, NULL)))
		return BC_KSYM_UNTYPED | weak;
	return BC_KSYM_VAR | weak;
}

/*
 * lddw of an extern: a __kconfig value in the .kconfig map, or else a
 * __ksym variable, left for the verifier to resolve (or refuse) as
 * BPF_PSEUDO_BTF_ID naming the kernel symbol.
 */
static int reloc_extern(struct linker *K, const struct esym *y, uint32_t at)
{
	struct eloader *L = K->L;
	struct bpf_insn *in = &K->p->insns[at];
	uint32_t i;

	for (i = 0; i < L->kcfg_cnt; i++) {
		if (strcmp(L->kcfg[i].name, y->name))
			continue;
		in[0].src_reg = BPF_PSEUDO_MAP_IDX_VALUE;
		in[0].imm = L->kcfg_map;
		in[1].imm = L->kcfg[i].off;
		return 0;
	}
	in[0].src_reg = BPF_PSEUDO_BTF_ID;
	in[0].imm = bc_object_ksym(L->obj, y->name, ksym_kind(L, y));
	in[1].imm = 0;
	return 0;
}

static int reloc_lddw(struct linker *K, const struct elf_chunk *c,
		      const struct erel *r, uint32_t at, uint32_t src)
{
	struct eloader *L = K->L;
	const struct esym *y = &L->syms[r->sym];
	struct bpf_insn *in = &K->p->insns[at];
	const char *from = L->secs[c->sec].funcs[c->func].name;
	const struct esec *ys;
	int64_t off;
	int m;

	if (y->shndx == SHN_UNDEF)
		return reloc_extern(K, y, at);
	if (y->shndx >= L->nsec)
		return bc_elf_fail(
			L,
			"'%s' insn %u: reference to symbol '%s' with special section index %u",
			from, src, y->name, y->shndx);
	ys = &L->secs[y->shndx];
	switch (ys->kind) {
	case ES_MAPS:
	case ES_BTFMAPS:
		off = y->value + (y->type == STT_SECTION ? in->imm : 0);
		m = bc_elf_find_map(L, y->shndx, off);
		if (m < 0)
			return bc_elf_fail(
				L,
				"'%s' insn %u: reference to '%s' (offset %lld in '%s') is not a map",
				from, src, y->name, (long long)off, ys->name);
		in[0].src_reg = BPF_PSEUDO_MAP_IDX;
		in[0].imm = m;
		in[1].imm = 0;
		return 0;
	case ES_DATA:
		if (ys->map_idx < 0)
			return bc_elf_fail(
				L,
				"'%s' insn %u: reference to empty section '%s'",
				from, src, ys->name);
		in[0].src_reg = BPF_PSEUDO_MAP_IDX_VALUE;
		in[1].imm = (int32_t)(in[0].imm + (int64_t)y->value);
		in[0].imm = ys->map_idx;
		return 0;
	case ES_ARENA: /* libbpf: a value pseudo load into the arena */
		if (L->arena_map < 0)
			return bc_elf_fail(
				L,
				"prog '%s': bad arena data relocation at insn %u, no arena maps defined",
				from, src);
		in[0].src_reg = BPF_PSEUDO_MAP_IDX_VALUE;
		in[1].imm = (int32_t)(in[0].imm + (int64_t)y->value);
		in[0].imm = L->arena_map;
		return 0;
	case ES_PROG:
		off = (int64_t)y->value + in->imm;
		if (off % 8)
			return bc_elf_fail(
				L,
				"'%s' insn %u: function address %lld in '%s' is not instruction-aligned",
				from, src, (long long)off, ys->name);
		in[0].src_reg = BPF_PSEUDO_FUNC;
		in[1].imm = 0;
		return link_target(K, y->shndx, off / 8, at, from, src);
	default:
		return bc_elf_fail(
			L,
			"'%s' insn %u: reference to '%s' in section '%s', which is neither a map, global data nor code",
			from, src, y->name, ys->name);
	}
}

static int reloc_call(struct linker *K, const struct elf_chunk *c,
		      const struct erel *r, uint32_t at, uint32_t src)
{
	struct eloader *L = K->L;
	struct bpf_insn *in = &K->p->insns[at];
	const char *from = L->secs[c->sec].funcs[c->func].name;
	const struct esym *y;

	if (!r) {
		if (in->src_reg != BPF_PSEUDO_CALL)
			return 0;
		return link_target(K, c->sec, (int64_t)src + in->imm + 1, at,
				   from, src);
	}
	y = &L->syms[r->sym];
	if (y->shndx == SHN_UNDEF) {
		/* a kfunc: the verifier decides, for this program alone */
		in->src_reg = BPF_PSEUDO_KFUNC_CALL;
		in->imm = bc_object_ksym(L->obj, y->name, ksym_kind(L, y));
		in->off = 0;
		return 0;
	}
	if (y->shndx >= L->nsec || L->secs[y->shndx].kind != ES_PROG)
		return bc_elf_fail(
			L, "'%s' insn %u: call to '%s', which is not code",
			from, src, y->name);
	if (y->value % 8)
		return bc_elf_fail(
			L,
			"'%s' insn %u: call target '%s' is not instruction-aligned",
			from, src, y->name);
	in->src_reg = BPF_PSEUDO_CALL;
	return link_target(K, y->shndx, (int64_t)(y->value / 8) + in->imm + 1,
			   at, from, src);
}

/*
 * An lddw without a relocation: a function's address within the section
 * (as a call without one); a map index, which only the loader's own
 * relocation writes, is refused; anything else is left to the verifier.
 */
static int unrelocated_lddw(struct linker *K, const struct elf_chunk *c,
			    uint32_t at, uint32_t src)
{
	const struct bpf_insn *in = &K->p->insns[at];
	const char *from = K->L->secs[c->sec].funcs[c->func].name;

	if (in->src_reg == BPF_PSEUDO_FUNC)
		return link_target(K, c->sec, (int64_t)src + in->imm + 1, at,
				   from, src);
	if (in->src_reg == BPF_PSEUDO_MAP_IDX ||
	    in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE)
		return bc_elf_fail(
			K->L,
			"'%s' insn %u: lddw of a map index (src_reg %u) without a relocation",
			from, src, in->src_reg);
	return 0;
}

/*
 * Relocate chunk ci from instruction *j on. Returns 1 (with *j past the
 * instruction) as soon as a new subprogram was appended, so the caller
 * relocates that one first: libbpf's depth-first order, without recursion.
 */
static int relocate_chunk(struct linker *K, size_t ci, uint32_t *j)
{
	struct elf_chunk c = K->ch[ci];
	const struct esec *s = &K->L->secs[c.sec];
	const struct efunc *f = &s->funcs[c.func];
	uint32_t n = f->size / 8;
	size_t before;
	int r;

	while (*j < n) {
		uint32_t src = f->off / 8 + *j, at = c.out + *j;
		const struct erel *rel = find_rel(s, src * 8);
		const struct bpf_insn *in = &K->p->insns[at];

		before = K->ch_cnt;
		if (bc_is_lddw(in)) {
			if (rel && *j + 1 >= n)
				return bc_elf_fail(
					K->L,
					"'%s' insn %u: lddw split across the end of the function",
					f->name, src);
			/* a second half that is no lddw's (Linux: "invalid
			 * bpf_ld_imm64 insn") is linked as an insn of its own;
			 * asked before relocating, which may move the insns */
			uint32_t step =
				*j + 1 < n && !bc_is_lddw_tail(&in[1]) ? 1 : 2;

			r = rel ? reloc_lddw(K, &c, rel, at, src) :
				  unrelocated_lddw(K, &c, at, src);
			*j += step;
		} else {
			r = bc_is_call(in) ? reloc_call(K, &c, rel, at, src) :
					     0;
			*j += 1;
		}
		if (r)
			return r;
		if (K->ch_cnt != before)
			return 1;
	}
	return 0;
}

struct frame {
	size_t ci;
	uint32_t j;
};

static int relocate_all(struct linker *K)
{
	struct frame *st = NULL;
	size_t n = 1, cap = 0;
	int r = 0;

	BC_GROW(st, cap, 1);
	st[0] = (struct frame){ 0, 0 };
	while (n) {
		r = relocate_chunk(K, st[n - 1].ci, &st[n - 1].j);
		if (r < 0)
			break;
		if (r == 0) {
			n--;
			continue;
		}
		BC_GROW(st, cap, n + 1);
		st[n++] = (struct frame){ K->ch_cnt - 1, 0 };
	}
	free(st);
	return r < 0 ? r : 0;
}

static int link_prog(struct eloader *L, uint32_t sec, const struct efunc *f)
{
	struct linker K = { .L = L };
	uint32_t type, attach;
	struct bc_prog *p;
	bool aset;
	size_t i;
	int r = 0;

	p = bc_object_add_prog(L->obj);
	K.p = p;
	p->name = bc_xstrdup(f->name);
	p->section = bc_xstrdup(L->secs[sec].name);
	p->sec_off = f->off;
	p->is_static = !f->global;
	bc_progtype_from_section(p->section, &type, &attach, &aset);
	p->type = type;
	p->attach_type = attach;
	p->attach_type_set = aset;
	if (link_func(&K, sec, f) < 0)
		r = -EINVAL;
	if (!r)
		r = relocate_all(&K);
	if (!r)
		r = bc_elf_prog_lines(L, p, K.ch, K.ch_cnt);
	if (!r)
		bc_elf_prog_core(L, p, K.ch, K.ch_cnt);
	for (i = 0; i < K.ch_cnt; i++)
		L->secs[K.ch[i].sec].linked[K.ch[i].func] = -1;
	free(K.ch);
	/* map pseudo loads written into the instructions themselves (not
	 * made by a relocation) must name a map of this object */
	for (i = 0; !r && i + 1 < p->insn_cnt; i++) {
		const struct bpf_insn *in = &p->insns[i];

		if (!bc_is_lddw(in))
			continue;
		if ((in->src_reg == BPF_PSEUDO_MAP_IDX ||
		     in->src_reg == BPF_PSEUDO_MAP_IDX_VALUE) &&
		    (uint32_t)in->imm >= L->obj->map_cnt)
			r = bc_elf_fail(L,
					"'%s' insn %zu: ldimm64 refers to map "
					"index %d, but the object has %u maps",
					p->name, i, in->imm, L->obj->map_cnt);
		i++;
	}
	if (!r)
		bc_prog_collect_maps(p);
	return r;
}

/* Link the functions of program sections that are global, or not. */
static int link_section_funcs(struct eloader *L, bool global)
{
	size_t i, j;

	for (i = 1; i < L->nsec; i++) {
		const struct esec *s = &L->secs[i];

		if (s->kind != ES_PROG || !strcmp(s->name, ".text"))
			continue;
		for (j = 0; j < s->func_cnt; j++) {
			const struct efunc *f = &s->funcs[j];

			if (f->global == global && (global || !f->called) &&
			    link_prog(L, i, f))
				return -EINVAL;
		}
	}
	return 0;
}

/* The instruction a call or function address at pc of .text leads to. */
static int64_t text_target(const struct eloader *L, size_t ti, uint32_t pc)
{
	const struct esec *s = &L->secs[ti];
	const struct bpf_insn *in = (const struct bpf_insn *)s->data + pc;
	const struct erel *r = find_rel(s, pc * 8);
	const struct esym *y = r ? &L->syms[r->sym] : NULL;

	if (y && y->shndx != ti)
		return -1;
	if (bc_is_lddw(in))
		return y ? ((int64_t)y->value + in->imm) / 8 : -1;
	if (!bc_is_call(in) || (!y && in->src_reg != BPF_PSEUDO_CALL))
		return -1;
	return (y ? (int64_t)y->value / 8 : pc) + in->imm + 1;
}

/* Mark the functions of .text that its code calls or takes the address of. */
static void mark_text_callees(struct eloader *L, size_t ti)
{
	struct esec *s = &L->secs[ti];
	struct efunc *f;

	for (uint32_t pc = 0; pc < s->size / 8; pc++) {
		int64_t t = text_target(L, ti, pc);

		if (t >= 0 && (f = func_at(s, (uint64_t)t * 8)))
			f->called = true;
	}
}

/*
 * Code only in .text: each global function that no other calls is a
 * program, as the legacy loaders take the entry points of such objects;
 * without global functions, the code is one program entered at its first
 * instruction.
 */
static int link_text(struct eloader *L, size_t ti)
{
	struct esec *s = &L->secs[ti];
	bool any = false;

	mark_text_callees(L, ti);
	for (uint32_t j = 0; j < s->func_cnt; j++) {
		const struct efunc *f = &s->funcs[j];

		if (!f->global || f->called)
			continue;
		any = true;
		if (link_prog(L, ti, f))
			return -EINVAL;
	}
	if (!any && s->func_cnt && s->funcs[0].off == 0)
		return link_prog(L, ti, &s->funcs[0]);
	return 0;
}

/*
 * Global functions of program sections are programs, as libbpf loads them.
 * So are static ones that no program calls, as iproute2 and cilium/ebpf
 * load them (cilium's tail-call programs); libbpf refuses those, which the
 * program records. Code only in .text: link_text.
 */
static int link_programs(struct eloader *L)
{
	size_t i;

	if (link_section_funcs(L, true) || link_section_funcs(L, false))
		return -EINVAL;
	for (i = 1; i < L->nsec && !L->obj->prog_cnt; i++)
		if (L->secs[i].kind == ES_PROG &&
		    !strcmp(L->secs[i].name, ".text"))
			return link_text(L, i);
	return 0;
}

static int silent_print(enum libbpf_print_level level BC_UNUSED,
			const char *fmt BC_UNUSED, va_list ap BC_UNUSED)
{
	return 0;
}

static int read_btf(struct eloader *L)
{
	const struct esec *s;
	libbpf_print_fn_t old;
	struct btf *btf;

	if (!L->btf_sec)
		return 0;
	s = &L->secs[L->btf_sec];
	old = libbpf_set_print(silent_print);
	btf = btf__new(s->data, s->size);
	libbpf_set_print(old);
	if (!btf)
		return bc_elf_fail(L, "section '.BTF': invalid BTF data (%s)",
				   strerror(errno));
	L->obj->btf = btf;
	return 0;
}

static int read_misc(struct eloader *L)
{
	size_t i;

	for (i = 1; i < L->nsec; i++) {
		const struct esec *s = &L->secs[i];

		if (!s->data || s->kind != ES_OTHER)
			continue;
		if (!strcmp(s->name, "license") && !L->obj->license) {
			L->obj->license =
				bc_xstrndup((const char *)s->data, s->size);
		} else if (!strcmp(s->name, "version")) {
			if (s->size != 4)
				return bc_elf_fail(
					L,
					"section 'version': size %zu, expected 4",
					s->size);
			memcpy(&L->obj->kern_version, s->data, 4);
		}
	}
	return 0;
}

static int load(struct eloader *L)
{
	size_t i;

	if (check_header(L))
		return -EINVAL;
	elf_version(EV_CURRENT);
	L->elf = elf_memory((char *)L->buf, L->len);
	if (!L->elf || elf_kind(L->elf) != ELF_K_ELF)
		return bc_elf_fail(L, "not a valid ELF file: %s",
				   elf_errmsg(-1));
	if (read_sections(L) || read_symbols(L) || read_relocations(L) ||
	    read_misc(L) || read_btf(L))
		return -EINVAL;
	for (i = 1; i < L->nsec; i++)
		if (L->secs[i].kind == ES_PROG && read_funcs(L, i))
			return -EINVAL;
	if (bc_elf_legacy_maps(L) || bc_elf_btf_maps(L) ||
	    bc_elf_data_maps(L) || bc_elf_arena(L) || bc_elf_kconfig_map(L) ||
	    bc_elf_struct_ops_maps(L) || bc_elf_lines(L) || bc_elf_core(L))
		return -EINVAL;
	bc_elf_map_fields(L);
	bc_elf_index_maps(L);
	if (link_programs(L))
		return -EINVAL;
	return bc_elf_struct_ops_progs(L);
}

int bc_elf_open(const char *name, const uint8_t *data, size_t len,
		const struct bc_open_opts *opts, struct bc_object *obj,
		struct bc_err *err)
{
	struct eloader L = { .name = name,
			     .len = len,
			     .obj = obj,
			     .err = err,
			     .kcfg_map = -1,
			     .arena_map = -1 };
	size_t i;
	int r;

	obj->kbtf = opts->kbtf; /* CO-RE relocations are applied against it */
	L.kconfig = opts->kconfig; /* __kconfig externs come from it */
	L.buf = bc_xmalloc(len ? len : 1);
	if (len)
		memcpy(L.buf, data, len);
	r = load(&L);
	if (L.elf)
		elf_end(L.elf);
	for (i = 0; i < L.nsec; i++) {
		free(L.secs[i].rels);
		free(L.secs[i].funcs);
		free(L.secs[i].linked);
		free(L.secs[i].lines);
		for (uint32_t k = 0; k < L.secs[i].core_cnt; k++)
			free(L.secs[i].core[k].fail);
		free(L.secs[i].core);
	}
	free(L.secs);
	free(L.syms);
	free(L.map_off);
	free(L.kcfg);
	free(L.mapref);
	free(L.buf);
	return r ? (r < 0 ? r : -EINVAL) : 0;
}
