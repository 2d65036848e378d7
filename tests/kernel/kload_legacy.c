// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kload --legacy: objects loaded as samples/bpf's bpf_load.c and iproute2
 * did, on libelf, without libbpf's object loader (kload.c says what they
 * do with maps, programs, relocations and the license).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gelf.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "kload.h"

#define IS_MAP_IN_MAP(t)                                                       \
	((t) == BPF_MAP_TYPE_ARRAY_OF_MAPS || (t) == BPF_MAP_TYPE_HASH_OF_MAPS)

struct lmap {
	const char *name;
	size_t sec;
	GElf_Addr off;
	unsigned rec; /* record size */
	__u32 def[9]; /* the record, zero-extended */
	int fd;
};

/* Fields of the records: 24/28 bytes (samples/bpf), 36 bytes (iproute2). */
enum {
	MD_TYPE,
	MD_KEY,
	MD_VALUE,
	MD_MAX,
	MD_FLAGS,
	MD_INNER_IDX,
	MD_NUMA,
	MD_ID = 5,
	MD_INNER_ID = 7
};

struct lprog {
	const char *name;
	const char *sec_name;
	size_t sec;
	size_t off, len; /* its bytes in the section */
};

struct lobj {
	int fd;
	Elf *elf;
	size_t shstrndx, nsec;
	Elf_Data *syms;
	size_t nsyms, strtab;
	struct lmap *maps;
	int nmaps;
	struct lprog *progs;
	int nprogs;
	char license[128];
	__u32 kver;
};

static bool lobj_shdr(struct lobj *o, size_t idx, GElf_Shdr *sh)
{
	return idx < o->nsec && gelf_getshdr(elf_getscn(o->elf, idx), sh);
}

static Elf_Data *lobj_data(struct lobj *o, size_t idx)
{
	Elf_Scn *s = idx && idx < o->nsec ? elf_getscn(o->elf, idx) : NULL;

	return s ? elf_getdata(s, NULL) : NULL;
}

static const char *lobj_secname(struct lobj *o, size_t idx)
{
	GElf_Shdr sh;
	const char *n = NULL;

	if (lobj_shdr(o, idx, &sh))
		n = elf_strptr(o->elf, o->shstrndx, sh.sh_name);
	return n ? n : "";
}

static bool lobj_sym(struct lobj *o, size_t i, GElf_Sym *s)
{
	return o->syms && i < o->nsyms && gelf_getsym(o->syms, i, s);
}

static const char *lobj_symname(struct lobj *o, const GElf_Sym *s)
{
	const char *n;

	if (GELF_ST_TYPE(s->st_info) == STT_SECTION)
		return lobj_secname(o, s->st_shndx);
	n = elf_strptr(o->elf, o->strtab, s->st_name);
	return n ? n : "";
}

static bool is_map_section(const char *n)
{
	return !strcmp(n, "maps") || !strncmp(n, "maps/", 5);
}

static bool is_prog_section(struct lobj *o, size_t idx)
{
	GElf_Shdr sh;

	return lobj_shdr(o, idx, &sh) && sh.sh_type == SHT_PROGBITS &&
	       (sh.sh_flags & SHF_EXECINSTR) && sh.sh_size &&
	       strcmp(lobj_secname(o, idx), ".text");
}

static size_t lobj_find_section(struct lobj *o, const char *name)
{
	for (size_t i = 1; i < o->nsec; i++)
		if (!strcmp(lobj_secname(o, i), name))
			return i;
	return 0;
}

static void *grow(void *v, int n, size_t size)
{
	void *p = realloc(v, (n + 1) * size);

	if (!p) {
		fputs("kload: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

static int lmap_by_off(const void *a, const void *b)
{
	const struct lmap *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* The map symbols of legacy map section SEC, by offset, and their records. */
static void lobj_add_maps(struct lobj *o, size_t sec)
{
	Elf_Data *d = lobj_data(o, sec);
	int first = o->nmaps, n;
	GElf_Shdr sh;
	GElf_Sym s;

	for (size_t i = 1; i < o->nsyms; i++) {
		if (!lobj_sym(o, i, &s) || s.st_shndx != sec ||
		    GELF_ST_TYPE(s.st_info) == STT_SECTION)
			continue;
		o->maps = grow(o->maps, o->nmaps, sizeof(*o->maps));
		o->maps[o->nmaps++] =
			(struct lmap){ .name = lobj_symname(o, &s),
				       .sec = sec,
				       .off = s.st_value,
				       .fd = -1 };
	}
	n = o->nmaps - first;
	if (!n || !lobj_shdr(o, sec, &sh))
		return;
	qsort(o->maps + first, n, sizeof(*o->maps), lmap_by_off);
	for (struct lmap *m = o->maps + first; m < o->maps + o->nmaps; m++) {
		size_t len = sh.sh_size / n;

		m->rec = len;
		if (len > sizeof(m->def))
			len = sizeof(m->def);
		if (d && d->d_buf && m->off + len <= d->d_size)
			memcpy(m->def, (char *)d->d_buf + m->off, len);
	}
}

/* The map-in-map M's inner map template, -1 when it names none. */
static int lmap_inner(struct lobj *o, const struct lmap *m)
{
	if (m->rec == 24 || m->rec == 28)
		return m->def[MD_INNER_IDX] < (__u32)o->nmaps ?
			       (int)m->def[MD_INNER_IDX] :
			       -1;
	if (m->rec != 36)
		return -1;
	for (int j = 0; j < o->nmaps; j++)
		if (o->maps + j != m && o->maps[j].rec == 36 &&
		    o->maps[j].def[MD_ID] == m->def[MD_INNER_ID])
			return j;
	return -1;
}

static int lmap_create(struct lobj *o, struct lmap *m, char *why, size_t n)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = m->def[MD_FLAGS]);
	__u32 value_size = m->def[MD_VALUE], max_entries = m->def[MD_MAX];
	char name[BPF_OBJ_NAME_LEN];

	if ((m->rec == 28 || m->rec == 24) &&
	    (m->def[MD_FLAGS] & BPF_F_NUMA_NODE))
		opts.numa_node = m->def[MD_NUMA];
	if (IS_MAP_IN_MAP(m->def[MD_TYPE])) {
		opts.inner_map_fd = o->maps[lmap_inner(o, m)].fd;
		value_size = sizeof(__u32);
	}
	if (!max_entries)
		max_entries = libbpf_num_possible_cpus();
	obj_name(name, m->name);
	m->fd = bpf_map_create(m->def[MD_TYPE], name, m->def[MD_KEY],
			       value_size, max_entries, &opts);
	if (m->fd >= 0)
		return 0;
	snprintf(why, n, "map '%s': failed to create: %s", m->name,
		 strerror(errno));
	return -errno;
}

/* Can M be created now: it is no map of maps, or its template exists. */
static bool lmap_ready(struct lobj *o, const struct lmap *m)
{
	int in;

	if (!IS_MAP_IN_MAP(m->def[MD_TYPE]))
		return true;
	in = lmap_inner(o, m);
	return in >= 0 && o->maps[in].fd >= 0;
}

/* Every map, inner map templates before the maps of maps that use them. */
static int lobj_create_maps(struct lobj *o, char *why, size_t n)
{
	int left = o->nmaps, err;
	bool progress = true;

	while (left && progress) {
		progress = false;
		for (struct lmap *m = o->maps; m < o->maps + o->nmaps; m++) {
			if (m->fd >= 0 || !lmap_ready(o, m))
				continue;
			err = lmap_create(o, m, why, n);
			if (err)
				return err;
			left--;
			progress = true;
		}
	}
	for (struct lmap *m = o->maps; left && m < o->maps + o->nmaps; m++) {
		if (m->fd >= 0)
			continue;
		snprintf(why, n,
			 "map '%s': no inner map template that can be "
			 "created",
			 m->name);
		return -EINVAL;
	}
	return 0;
}

/* Is section IDX relocations (REL or RELA) for section SEC? */
static bool is_reloc_of(struct lobj *o, size_t idx, size_t sec, GElf_Shdr *sh)
{
	return lobj_shdr(o, idx, sh) && sh->sh_info == sec &&
	       (sh->sh_type == SHT_REL || sh->sh_type == SHT_RELA);
}

/* Entry K of relocation section D of type TYPE, as a RELA (addend 0). */
static bool reloc_get(Elf_Data *d, GElf_Word type, int k, GElf_Rela *r)
{
	GElf_Rel rel;

	if (type == SHT_RELA)
		return gelf_getrela(d, k, r);
	if (!gelf_getrel(d, k, &rel))
		return false;
	r->r_offset = rel.r_offset;
	r->r_info = rel.r_info;
	r->r_addend = 0;
	return true;
}

/* The relocation of section SEC at byte POS, if any. */
static bool lobj_reloc_at(struct lobj *o, size_t sec, size_t pos, GElf_Rela *r)
{
	for (size_t i = 1; i < o->nsec; i++) {
		Elf_Data *d = lobj_data(o, i);
		GElf_Shdr sh;

		if (!d || !is_reloc_of(o, i, sec, &sh))
			continue;
		for (int k = 0; reloc_get(d, sh.sh_type, k, r); k++)
			if (r->r_offset == pos)
				return true;
	}
	return false;
}

/* Does code of .text outside [OFF, END) call the function at OFF? */
static bool text_is_called(struct lobj *o, size_t text, size_t off, size_t end)
{
	Elf_Data *d = lobj_data(o, text);
	const struct bpf_insn *insn = d ? d->d_buf : NULL;
	size_t n = d ? d->d_size / sizeof(*insn) : 0;

	for (size_t i = 0; insn && i < n; i++) {
		long target = ((long)i + insn[i].imm + 1) * 8;
		GElf_Rela r;
		GElf_Sym s;

		if (insn[i].code != (BPF_JMP | BPF_CALL) ||
		    insn[i].src_reg != BPF_PSEUDO_CALL ||
		    (i * 8 >= off && i * 8 < end))
			continue;
		if (lobj_reloc_at(o, text, i * 8, &r) &&
		    lobj_sym(o, GELF_R_SYM(r.r_info), &s))
			target = s.st_value + (long)(insn[i].imm + 1) * 8;
		if (target == (long)off)
			return true;
	}
	return false;
}

static void lobj_add_prog(struct lobj *o, const char *name, size_t sec,
			  size_t off, size_t len)
{
	o->progs = grow(o->progs, o->nprogs, sizeof(*o->progs));
	o->progs[o->nprogs++] =
		(struct lprog){ .name = name,
				.sec_name = lobj_secname(o, sec),
				.sec = sec,
				.off = off,
				.len = len };
}

/* An object whose only code is .text: its global functions nobody calls. */
static void lobj_find_text_progs(struct lobj *o, size_t text)
{
	GElf_Shdr sh;
	GElf_Sym s;

	if (!text || !lobj_shdr(o, text, &sh))
		return;
	for (size_t i = 1; i < o->nsyms; i++) {
		size_t end;

		if (!lobj_sym(o, i, &s) || s.st_shndx != text ||
		    GELF_ST_TYPE(s.st_info) != STT_FUNC ||
		    GELF_ST_BIND(s.st_info) != STB_GLOBAL ||
		    s.st_value >= sh.sh_size)
			continue;
		end = s.st_size ? s.st_value + s.st_size : sh.sh_size;
		if (end > sh.sh_size)
			end = sh.sh_size;
		if (!text_is_called(o, text, s.st_value, end))
			lobj_add_prog(o, lobj_symname(o, &s), text, s.st_value,
				      end - s.st_value);
	}
}

/* A program section's name: its function at 0, else a global label there. */
static const char *section_prog_name(struct lobj *o, size_t sec)
{
	const char *label = NULL;
	GElf_Sym s;

	for (size_t i = 1; i < o->nsyms; i++) {
		if (!lobj_sym(o, i, &s) || s.st_shndx != sec || s.st_value)
			continue;
		if (GELF_ST_TYPE(s.st_info) == STT_FUNC)
			return lobj_symname(o, &s);
		if (!label && GELF_ST_TYPE(s.st_info) == STT_NOTYPE &&
		    GELF_ST_BIND(s.st_info) == STB_GLOBAL)
			label = lobj_symname(o, &s);
	}
	return label ? label : lobj_secname(o, sec);
}

static void lobj_find_progs(struct lobj *o)
{
	GElf_Shdr sh;

	for (size_t i = 1; i < o->nsec; i++)
		if (is_prog_section(o, i) && lobj_shdr(o, i, &sh))
			lobj_add_prog(o, section_prog_name(o, i), i, 0,
				      sh.sh_size);
	if (!o->nprogs)
		lobj_find_text_progs(o, lobj_find_section(o, ".text"));
}

static void lobj_read_symtab(struct lobj *o)
{
	GElf_Shdr sh;

	for (size_t i = 1; i < o->nsec; i++) {
		if (!lobj_shdr(o, i, &sh) || sh.sh_type != SHT_SYMTAB)
			continue;
		o->syms = lobj_data(o, i);
		o->nsyms = o->syms ? o->syms->d_size / sizeof(Elf64_Sym) : 0;
		o->strtab = sh.sh_link;
		return;
	}
}

static void lobj_read_license(struct lobj *o)
{
	Elf_Data *d = lobj_data(o, lobj_find_section(o, "license"));
	Elf_Data *v = lobj_data(o, lobj_find_section(o, "version"));

	o->license[0] = 0;
	if (d && d->d_buf) {
		size_t n = d->d_size < sizeof(o->license) ?
				   d->d_size :
				   sizeof(o->license) - 1;

		memcpy(o->license, d->d_buf, n);
		o->license[n] = 0;
	}
	o->kver = 0;
	if (v && v->d_buf && v->d_size >= sizeof(o->kver))
		memcpy(&o->kver, v->d_buf, sizeof(o->kver));
}

static void lobj_close(struct lobj *o)
{
	for (int i = 0; i < o->nmaps; i++)
		if (o->maps[i].fd >= 0)
			close(o->maps[i].fd);
	free(o->maps);
	free(o->progs);
	if (o->elf)
		elf_end(o->elf);
	if (o->fd >= 0)
		close(o->fd);
}

static int lobj_open(struct lobj *o, const char *file, char *why, size_t n)
{
	memset(o, 0, sizeof(*o));
	o->fd = open(file, O_RDONLY);
	if (o->fd < 0) {
		snprintf(why, n, "%s", strerror(errno));
		return -errno;
	}
	o->elf = elf_begin(o->fd, ELF_C_READ, NULL);
	if (!o->elf || elf_kind(o->elf) != ELF_K_ELF ||
	    elf_getshdrstrndx(o->elf, &o->shstrndx) ||
	    elf_getshdrnum(o->elf, &o->nsec)) {
		snprintf(why, n, "not an ELF object: %s", elf_errmsg(-1));
		lobj_close(o);
		return -LIBBPF_ERRNO__FORMAT;
	}
	lobj_read_symtab(o);
	lobj_read_license(o);
	for (size_t i = 1; i < o->nsec; i++)
		if (is_map_section(lobj_secname(o, i)))
			lobj_add_maps(o, i);
	lobj_find_progs(o);
	return 0;
}

static struct lprog *lobj_find_prog(struct lobj *o, const char *name,
				    const char *sec)
{
	for (int i = 0; i < o->nprogs; i++)
		if (prog_selected(o->progs[i].name, o->progs[i].sec_name, name,
				  sec))
			return &o->progs[i];
	return NULL;
}

static struct lmap *lobj_map_at(struct lobj *o, size_t sec, GElf_Addr off)
{
	for (int i = 0; i < o->nmaps; i++)
		if (o->maps[i].sec == sec && o->maps[i].off == off)
			return &o->maps[i];
	return NULL;
}

/* Applies relocation R to INSN: the fd of the legacy map it names. */
static int reloc_apply(struct lobj *o, struct bpf_insn *insn,
		       const GElf_Rela *r, bool rela, char *why, size_t n)
{
	GElf_Sym s = { 0 };
	const char *name, *sec;
	GElf_Addr off;
	struct lmap *m;

	lobj_sym(o, GELF_R_SYM(r->r_info), &s);
	name = lobj_symname(o, &s);
	if (s.st_shndx == SHN_UNDEF) {
		snprintf(why, n,
			 "relocation against undefined (extern) "
			 "symbol '%s'",
			 name);
		return -EINVAL;
	}
	sec = lobj_secname(o, s.st_shndx);
	if (!strcmp(sec, ".maps")) {
		snprintf(why, n,
			 "reference to BTF-defined map '%s' in .maps; "
			 "the legacy loader only handles legacy 'maps' "
			 "sections",
			 name);
		return -EINVAL;
	}
	if (!is_map_section(sec)) {
		snprintf(why, n,
			 "relocation against '%s' in section '%s'; "
			 "the legacy loader only handles legacy 'maps' "
			 "sections",
			 name, sec);
		return -EINVAL;
	}
	if (insn->code != (BPF_LD | BPF_IMM | BPF_DW)) {
		snprintf(why, n,
			 "relocation against map '%s' at an "
			 "instruction that is not lddw",
			 name);
		return -EINVAL;
	}
	off = s.st_value;
	if (rela)
		off += r->r_addend;
	else if (GELF_ST_TYPE(s.st_info) == STT_SECTION)
		off += insn->imm;
	m = lobj_map_at(o, s.st_shndx, off);
	if (!m) {
		snprintf(why, n,
			 "relocation against section '%s' at offset "
			 "%llu, where no map starts",
			 sec, (unsigned long long)off);
		return -EINVAL;
	}
	insn->src_reg = BPF_PSEUDO_MAP_FD;
	insn->imm = m->fd;
	return 0;
}

/* Applies relocation section RSEC to P's instructions INSNS. */
static int reloc_section(struct lobj *o, const struct lprog *p,
			 struct bpf_insn *insns, size_t rsec, char *why,
			 size_t n)
{
	Elf_Data *d = lobj_data(o, rsec);
	GElf_Shdr sh;
	GElf_Rela r;
	int err;

	if (!d || !is_reloc_of(o, rsec, p->sec, &sh))
		return 0;
	for (int k = 0; reloc_get(d, sh.sh_type, k, &r); k++) {
		if (r.r_offset < p->off || r.r_offset >= p->off + p->len)
			continue;
		err = reloc_apply(o, &insns[(r.r_offset - p->off) / 8], &r,
				  sh.sh_type == SHT_RELA, why, n);
		if (err)
			return err;
	}
	return 0;
}

/* P's instructions, relocated; NULL with WHY set when they cannot be. */
static struct bpf_insn *lprog_insns(struct lobj *o, const struct lprog *p,
				    char *why, size_t n)
{
	Elf_Data *d = lobj_data(o, p->sec);
	struct bpf_insn *insns;

	if (!d || !d->d_buf || p->off + p->len > d->d_size ||
	    p->len % sizeof(*insns)) {
		snprintf(why, n, "section '%s' cannot be read as code",
			 p->sec_name);
		return NULL;
	}
	insns = malloc(p->len);
	if (!insns) {
		snprintf(why, n, "%s", strerror(ENOMEM));
		return NULL;
	}
	memcpy(insns, (char *)d->d_buf + p->off, p->len);
	for (size_t i = 1; i < o->nsec; i++) {
		if (reloc_section(o, p, insns, i, why, n)) {
			free(insns);
			return NULL;
		}
	}
	return insns;
}

/* The attach type libbpf gives section SEC, when its type is --type's. */
static enum bpf_attach_type section_attach_type(const char *sec)
{
	enum bpf_prog_type t;
	enum bpf_attach_type a;

	if (libbpf_prog_type_by_name(sec, &t, &a) || t != prog_type)
		return 0;
	return a;
}

static int lprog_load(struct lobj *o, const struct lprog *p, unsigned level,
		      struct result *r)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .log_buf = logbuf,
		    .log_size = LOG_SIZE, .log_level = level,
		    .kern_version = o->kver, .prog_flags = extra_flags,
		    .expected_attach_type = section_attach_type(p->sec_name));
	struct bpf_insn *insns = lprog_insns(o, p, r->why, sizeof(r->why));
	char name[BPF_OBJ_NAME_LEN];
	int fd;

	if (!insns)
		return -EINVAL;
	obj_name(name, p->name);
	logbuf[0] = 0;
	fd = bpf_prog_load(prog_type, name, o->license, insns,
			   p->len / sizeof(*insns), &opts);
	fd = fd < 0 ? -errno : fd;
	free(insns);
	parse_log(logbuf, r);
	if (fd < 0)
		return fd;
	close(fd);
	return 0;
}

/* Load one program of FILE as the legacy loaders did. */
int legacy_load(const char *file, const char *name, const char *sec,
		unsigned level, struct result *r, bool *found)
{
	struct lobj o;
	struct lprog *p;
	int err;

	*found = true;
	err = lobj_open(&o, file, r->why, sizeof(r->why));
	if (err)
		return err;
	p = lobj_find_prog(&o, name, sec);
	*found = p != NULL;
	err = p ? lobj_create_maps(&o, r->why, sizeof(r->why)) : -ENOENT;
	if (!err)
		err = lprog_load(&o, p, level, r);
	lobj_close(&o);
	return err;
}

/* Every program (of --section's section) of a legacy object. */
int legacy_names_all(const char *file)
{
	struct lobj o;
	char why[512];

	if (lobj_open(&o, file, why, sizeof(why))) {
		fprintf(stderr, "kload: %s: %s\n", file, why);
		return 2;
	}
	for (int i = 0; i < o.nprogs; i++) {
		const struct lprog *p = &o.progs[i];

		if (prog_selected(p->name, p->sec_name, NULL, want_section))
			isolated_report(file, p->name, p->sec_name);
	}
	lobj_close(&o);
	return 0;
}
