// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kload: Linux's verdict on programs of an eBPF object.
 *
 *   kload [--unpriv] [--level1] [--log] [--stats] [--flags N]
 *         [--test-flags N] [--aux PROG]...
 *         [--type T] [--section S] [--fix LIST] [--legacy] [--why] [-v]
 *         FILE [PROG...]
 *   kload --probe
 *
 * Loads each named program (every program when none is named) into the
 * running kernel with libbpf, one program per load (only that program has
 * autoload set), and prints one tab-separated line per program:
 *
 *   PROG  VERDICT  PROCESSED  USEC  LAST-LOG-LINE
 *
 * VERDICT is accept, reject (the verifier said no) or error (the load failed
 * before verification: bpf() unavailable, map creation, bad object, a
 * relocation the legacy loader cannot apply; LAST-LOG-LINE says why).
 * PROCESSED and USEC come from the verifier's statistics ("processed N insns",
 * "verification time X usec"), -1 when absent. LAST-LOG-LINE is the last line
 * of the log that is not a statistics line (the error on rejection), from a
 * log-level-4 load (with --level1, from a second load at level 1|4, which
 * also prints the path; the last line is the same in practice).
 *
 * --unpriv drops CAP_PERFMON, CAP_SYS_ADMIN and CAP_NET_ADMIN (keeping
 * CAP_BPF) before loading, so the verifier applies its rules for loaders
 * without pointer-leak permission (allow_ptr_leaks, allow_uninit_stack and
 * bypass_spec_* are all off). Exit: 0 done, 2 bad usage or unreadable object,
 * 77 when bpf() is not available at all (kload /dev/null is the probe;
 * kload --probe only probes: 0 when bpf() works, else 77).
 *
 * --test-flags N ORs in the bits of N this kernel knows, as the selftests'
 * test_loader adds its testing flags (BPF_F_TEST_RND_HI32,
 * BPF_F_TEST_REG_INVARIANTS: 6.7 onwards): each bit is kept when the kernel
 * loads a two-instruction socket filter with it.
 *
 * --why adds libbpf's warnings to an error's reason ("Invalid argument
 * (libbpf: extern (func ksym) 'bpf_strlen': not found in kernel or module
 * BTFs)"): on an older kernel libbpf, not the verifier, refuses what the
 * kernel lacks, and errno alone does not say what.
 *
 * --log prints, after each program's line, its whole log from a load at
 * level 1 (the path to the error, as the kernel keeps it), then "--".
 *
 * --stats prints, after each program's line, "#stats" and the verifier's
 * statistics lines of the first load (processed insns, states, verification
 * time, stack depth), tab-separated.
 *
 * --flags N ORs N into the program's load flags (BPF_F_STRICT_ALIGNMENT,
 * BPF_F_TEST_STATE_FREQ, ...); --aux PROG (repeatable; libbpf objects only)
 * loads PROG along with each named program, as the selftests' test_loader
 * loads the programs it marks __auxiliary (tail call targets placed in a
 * program array). Only the named program's log and verdict are reported.
 *
 * With libbpf, maps pinned by name go to a bpffs of kload's own, mounted on
 * /sys/fs/bpf in a mount namespace of its own (pinning works where no bpffs
 * is mounted and leaves nothing behind), and a ring buffer or a perf event
 * array declared with a value type (cilium/ebpf's objects: a hint for its
 * loader) gets the key and value sizes the kernel wants, as cilium/ebpf
 * gives it.
 *
 * --type T loads every selected program as program type T, named as libbpf
 * names types (socket_filter, kprobe, sched_cls, xdp, cgroup_sock_addr, ...);
 * the expected attach type stays the one libbpf derives from the section.
 * --section S selects only programs of ELF section S (names repeat across
 * sections in some objects); PROG arguments still select by name.
 *
 * --fix LIST (comma-separated) loads a patched copy of a libbpf object:
 *   pinning  no map is pinned: every "pinning" field of the BTF-defined maps
 *            in .maps is rewritten to 0 (libbpf refuses values other than 0
 *            and 1 at open, e.g. cilium's 16) and no map has a pin path;
 *   static   static (STB_LOCAL) functions in executable sections other than
 *            .text become global, as libbpf 1.x refuses static programs.
 *
 * --legacy loads as samples/bpf's bpf_load.c and iproute2 did, without
 * libbpf's object loader (--type is required):
 *   - maps: the sections "maps" and "maps/...", in section order; in each,
 *     the map symbols by offset, each record section size / symbols long:
 *     type, key_size, value_size, max_entries, map_flags, then for 24- and
 *     28-byte records inner_map_idx, numa_node (samples/bpf), for 36-byte
 *     records id, pinning, inner_id, inner_idx (iproute2; pinning ignored).
 *     Maps of maps get value_size 4 and their inner template's fd; inner
 *     maps are created first. max_entries 0 is the number of possible CPUs
 *     (as falco's loader sizes its per-CPU maps and libbpf its perf event
 *     arrays). A map that cannot be created makes every requested program
 *     an error;
 *   - programs: each non-empty executable section but .text, named by its
 *     STT_FUNC symbol at offset 0, else a global untyped one, else by the
 *     section name; in an object whose only code is .text, each global
 *     function of .text no other code of .text calls (its bytes only);
 *   - relocations (REL or RELA of the program's section, of any type): an
 *     lddw of a symbol of a legacy map section gets that map's fd; any other
 *     reference (an extern, a BTF-defined map in .maps, data) makes the
 *     program an error;
 *   - license from "license", kernel version from "version", expected attach
 *     type the one libbpf gives the section when its type is T, else 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gelf.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "kload.h"

static bool verbose;
static bool level1_always;
static bool print_log;
static bool print_stats;
char *logbuf;
unsigned extra_flags;
static const char **aux_names;
static int aux_count;
static bool have_type;
enum bpf_prog_type prog_type;
const char *want_section;
static bool fix_pinning;
static bool fix_static;
static bool legacy;
static bool want_why;
/* --why: libbpf's warnings during the current load, "; "-separated */
static char warnings[400];

static bool is_aux(const char *name)
{
	for (int i = 0; i < aux_count; i++)
		if (!strcmp(aux_names[i], name))
			return true;
	return false;
}

/* A warning worth keeping: not the generic last one, nor the log dump. */
static void keep_warning(const char *fmt, va_list ap)
{
	size_t n = strlen(warnings);
	char line[256];
	size_t len;

	const char *text = line;

	vsnprintf(line, sizeof(line), fmt, ap);
	len = strcspn(line, "\n");
	line[len] = 0;
	if (!strncmp(text, "libbpf: ", 8))
		text += 8;
	if (!*text || strstr(text, "failed to load object") ||
	    strstr(text, "PROG LOAD LOG"))
		return;
	snprintf(warnings + n, sizeof(warnings) - n, "%s%s", n ? "; " : "",
		 text);
}

static int print_fn(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (want_why && level == LIBBPF_WARN) {
		va_list copy;

		va_copy(copy, ap);
		keep_warning(fmt, copy);
		va_end(copy);
	}
	if (!verbose)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

/* strerror that knows libbpf's own error codes (e.g. "not an ELF file"). */
static const char *errstr(int err)
{
	static char buf[128];

	if (libbpf_strerror(err, buf, sizeof(buf)))
		snprintf(buf, sizeof(buf), "%s", strerror(err));
	return buf;
}

static bool is_stats_line(const char *l)
{
	return !strncmp(l, "processed ", 10) ||
	       !strncmp(l, "verification time ", 18) ||
	       !strncmp(l, "stack depth ", 12) ||
	       !strncmp(l, "max_states_per_insn", 19) ||
	       !strncmp(l, "-- END PROG LOAD LOG --", 23) ||
	       !strncmp(l, "cur state:", 10) || !strncmp(l, "old state:", 10) ||
	       !strncmp(l, "; ", 2); /* source line from BTF */
}

/* The statistics lines ("processed ...", "verification time ...") of a log. */
static void add_stats(struct result *r, const char *line)
{
	size_t n = strlen(r->stats);

	if (strncmp(line, "processed ", 10) &&
	    strncmp(line, "verification time ", 18))
		return;
	snprintf(r->stats + n, sizeof(r->stats) - n, "\t%s", line);
}

void parse_log(const char *log, struct result *r)
{
	const char *p = log;

	r->processed = -1;
	r->usec = -1;
	r->last[0] = 0;
	r->stats[0] = 0;
	r->why[0] = 0;
	while (*p) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		char line[512];

		if (n >= sizeof(line))
			n = sizeof(line) - 1;
		memcpy(line, p, n);
		line[n] = 0;
		/* The kernel sometimes ends a message without a newline. */
		{
			char *vt = strstr(line, "verification time ");

			if (vt && vt != line) {
				sscanf(vt, "verification time %ld usec",
				       &r->usec);
				add_stats(r, vt);
				*vt = 0;
			}
		}
		sscanf(line, "processed %ld insns", &r->processed);
		sscanf(line, "verification time %ld usec", &r->usec);
		add_stats(r, line);
		if (n && !is_stats_line(line))
			snprintf(r->last, sizeof(r->last), "%s", line);
		p += n;
		while (*p && *p != '\n')
			p++;
		if (*p)
			p++;
	}
	for (char *c = r->last; *c; c++)
		if (*c == '\t')
			*c = ' ';
}

/* --type: the program type libbpf calls NAME; false when none is. */
static bool prog_type_by_str(const char *name, enum bpf_prog_type *type)
{
	const char *s;

	for (int t = 0; (s = libbpf_bpf_prog_type_str(t)); t++) {
		if (!strcmp(s, name)) {
			*type = t;
			return true;
		}
	}
	return false;
}

/* A name the kernel takes for a map or a program: [A-Za-z0-9_.], 15 long. */
void obj_name(char name[BPF_OBJ_NAME_LEN], const char *from)
{
	size_t i;

	for (i = 0; i < BPF_OBJ_NAME_LEN - 1 && from[i]; i++) {
		char c = from[i];

		name[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
					  (c >= '0' && c <= '9') || c == '.' ?
				  c :
				  '_';
	}
	name[i] = 0;
}

/*
 * --fix: a copy of the object in memory, patched before libbpf opens it.
 */
struct image {
	char *buf;
	size_t size;
};

static int read_all(int fd, char *buf, size_t size)
{
	for (size_t done = 0; done < size;) {
		ssize_t n = read(fd, buf + done, size - done);

		if (n <= 0)
			return n ? -errno : -EIO;
		done += n;
	}
	return 0;
}

static int image_read(const char *file, struct image *im)
{
	struct stat st;
	int fd = open(file, O_RDONLY), err;

	im->buf = NULL;
	if (fd < 0)
		return -errno;
	err = fstat(fd, &st) ? -errno : 0;
	im->size = err ? 0 : st.st_size;
	im->buf = err ? NULL : malloc(im->size + 1);
	if (!err)
		err = im->buf ? read_all(fd, im->buf, im->size) : -ENOMEM;
	close(fd);
	return err;
}

/* The raw header of section IDX of a 64-bit image, NULL when out of it. */
static Elf64_Shdr *image_shdr(struct image *im, size_t idx)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)im->buf;
	size_t off;

	if (im->size < sizeof(*eh) || eh->e_ident[EI_CLASS] != ELFCLASS64)
		return NULL;
	off = eh->e_shoff + idx * eh->e_shentsize;
	if (off + sizeof(Elf64_Shdr) > im->size)
		return NULL;
	return (Elf64_Shdr *)(im->buf + off);
}

/* The index of the section called NAME, 0 when there is none. */
static size_t image_section(struct image *im, const char *name)
{
	Elf *e = elf_memory(im->buf, im->size);
	Elf_Scn *s = NULL;
	size_t shstrndx, idx = 0;
	GElf_Shdr sh;

	if (!e)
		return 0;
	while (!elf_getshdrstrndx(e, &shstrndx) && (s = elf_nextscn(e, s))) {
		const char *n = gelf_getshdr(s, &sh) ?
					elf_strptr(e, shstrndx, sh.sh_name) :
					NULL;

		if (n && !strcmp(n, name)) {
			idx = elf_ndxscn(s);
			break;
		}
	}
	elf_end(e);
	return idx;
}

/* Moves section IDX's contents to DATA, appended at the image's end. */
static int image_replace(struct image *im, size_t idx, const void *data,
			 size_t size)
{
	size_t off = (im->size + 7) & ~(size_t)7;
	char *buf = realloc(im->buf, off + size);
	Elf64_Shdr *sh;

	if (!buf)
		return -ENOMEM;
	memset(buf + im->size, 0, off - im->size);
	memcpy(buf + off, data, size);
	im->buf = buf;
	im->size = off + size;
	sh = image_shdr(im, idx);
	if (!sh)
		return -EINVAL;
	sh->sh_offset = off;
	sh->sh_size = size;
	return 0;
}

static bool image_is_exec(Elf *e, size_t idx, size_t shstrndx)
{
	GElf_Shdr sh;
	const char *n;

	if (!gelf_getshdr(elf_getscn(e, idx), &sh) ||
	    !(sh.sh_flags & SHF_EXECINSTR))
		return false;
	n = elf_strptr(e, shstrndx, sh.sh_name);
	return n && strcmp(n, ".text");
}

/* --fix static: STT_FUNC LOCAL symbols of program sections become GLOBAL. */
static void image_fix_static_syms(struct image *im, Elf *e, GElf_Shdr *sh,
				  size_t shstrndx)
{
	Elf64_Sym *sym = (Elf64_Sym *)(im->buf + sh->sh_offset);
	size_t n = sh->sh_size / sizeof(*sym);

	if (sh->sh_offset + sh->sh_size > im->size)
		return;
	for (size_t i = 0; i < n; i++, sym++) {
		if (ELF64_ST_TYPE(sym->st_info) != STT_FUNC ||
		    ELF64_ST_BIND(sym->st_info) != STB_LOCAL ||
		    !image_is_exec(e, sym->st_shndx, shstrndx))
			continue;
		sym->st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
	}
}

static int image_fix_static(struct image *im)
{
	Elf *e = elf_memory(im->buf, im->size);
	Elf_Scn *s = NULL;
	size_t shstrndx;
	GElf_Shdr sh;

	if (!e || elf_getshdrstrndx(e, &shstrndx) || !image_shdr(im, 0)) {
		if (e)
			elf_end(e);
		return -LIBBPF_ERRNO__FORMAT;
	}
	while ((s = elf_nextscn(e, s)))
		if (gelf_getshdr(s, &sh) && sh.sh_type == SHT_SYMTAB)
			image_fix_static_syms(im, e, &sh, shstrndx);
	elf_end(e);
	return 0;
}

static const struct btf_type *btf_skip_mods(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t)))
		t = btf__type_by_id(btf, t->type);
	return t;
}

/*
 * The "pinning" members of the map definitions in .maps: how many there are;
 * with TYPE, each is made of type TYPE.
 */
static int btf_pinning_members(struct btf *btf, int type)
{
	int count = 0;

	for (__u32 id = 1; id < btf__type_cnt(btf); id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		const struct btf_var_secinfo *vi;

		if (!btf_is_datasec(t) ||
		    strcmp(btf__name_by_offset(btf, t->name_off), ".maps"))
			continue;
		vi = btf_var_secinfos(t);
		for (unsigned i = 0; i < btf_vlen(t); i++, vi++) {
			const struct btf_type *v =
				btf__type_by_id(btf, vi->type);
			const struct btf_type *st;
			struct btf_member *m;

			st = v && btf_is_var(v) ? btf_skip_mods(btf, v->type) :
						  NULL;
			if (!st || !btf_is_struct(st))
				continue;
			m = btf_members(st);
			for (unsigned k = 0; k < btf_vlen(st); k++, m++) {
				if (strcmp(btf__name_by_offset(btf,
							       m->name_off),
					   "pinning"))
					continue;
				if (type)
					m->type = type;
				count++;
			}
		}
	}
	return count;
}

/* The type of a "pinning" of LIBBPF_PIN_NONE: int (*)[0]. */
static int btf_add_pin_none(struct btf *btf)
{
	int id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);

	if (id > 0)
		id = btf__add_array(btf, id, id, 0);
	if (id > 0)
		id = btf__add_ptr(btf, id);
	return id;
}

/* --fix pinning: every map's pinning is LIBBPF_PIN_NONE. */
static int image_fix_pinning(struct image *im)
{
	size_t idx = image_section(im, ".BTF");
	Elf64_Shdr *sh = idx ? image_shdr(im, idx) : NULL;
	struct btf *btf;
	const void *raw;
	__u32 raw_size;
	int err = 0, id;

	if (!sh || sh->sh_offset + sh->sh_size > im->size)
		return 0; /* no BTF, no BTF-defined map */
	btf = btf__new(im->buf + sh->sh_offset, sh->sh_size);
	if (!btf)
		return -errno;
	id = btf_pinning_members(btf, 0) ? btf_add_pin_none(btf) : 0;
	if (id > 0) {
		btf_pinning_members(btf, id);
		raw = btf__raw_data(btf, &raw_size);
		err = raw ? image_replace(im, idx, raw, raw_size) : -ENOMEM;
	}
	btf__free(btf);
	return id < 0 ? id : err;
}

/* The object, with --fix's patches applied to a copy in IM when asked. */
static struct bpf_object *open_object(const char *file, struct image *im)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts);
	const char *base = strrchr(file, '/');
	char name[64];
	int err;

	im->buf = NULL;
	if (!fix_pinning && !fix_static)
		return bpf_object__open_file(file, NULL);
	err = image_read(file, im);
	if (!err && fix_static)
		err = image_fix_static(im);
	if (!err && fix_pinning)
		err = image_fix_pinning(im);
	if (err) {
		errno = -err;
		return NULL;
	}
	snprintf(name, sizeof(name), "%s", base ? base + 1 : file);
	name[strcspn(name, ".")] = 0;
	opts.object_name = name;
	return bpf_object__open_mem(im->buf, im->size, &opts);
}

bool prog_selected(const char *name, const char *sec, const char *want,
		   const char *want_sec)
{
	return (!want || !strcmp(name, want)) &&
	       (!want_sec || !strcmp(sec, want_sec));
}

/* Autoload for NAME (in SEC, when given) and the --aux programs only. */
static struct bpf_program *select_program(struct bpf_object *obj,
					  const char *name, const char *sec)
{
	struct bpf_program *p, *want = NULL;

	bpf_object__for_each_program(p, obj)
	{
		bool me = !want && prog_selected(bpf_program__name(p),
						 bpf_program__section_name(p),
						 name, sec);

		bpf_program__set_autoload(p,
					  me || is_aux(bpf_program__name(p)));
		if (me)
			want = p;
	}
	return want;
}

/*
 * Is p one of obj's programs? (A struct_ops map's initial value holds its
 * members' programs as struct bpf_program pointers, libbpf's shadow type.)
 */
static bool is_program(struct bpf_object *obj, const void *p)
{
	struct bpf_program *q;

	bpf_object__for_each_program(q,
				     obj) if (p == (const void *)q) return true;
	return false;
}

/*
 * A struct_ops map loads every program it uses (libbpf >= 1.4 sets their
 * autoload): keep only want in each map, and create only the maps that
 * use it, so that want loads alone as programs of other types do.
 */
static void struct_ops_alone(struct bpf_object *obj, struct bpf_map *map,
			     const struct bpf_program *want)
{
	size_t size = 0;
	char *data;
	bool used = false;

	if (bpf_map__type(map) != BPF_MAP_TYPE_STRUCT_OPS)
		return;
	/* const before libbpf 1.2; the shadow is the map's own copy */
	data = (char *)bpf_map__initial_value(map, &size);
	for (size_t off = 0; data && off + sizeof(void *) <= size;
	     off += sizeof(void *)) {
		void *p;

		memcpy(&p, data + off, sizeof(p));
		if (p == (const void *)want)
			used = true;
		else if (p && is_program(obj, p))
			memset(data + off, 0, sizeof(p));
	}
	bpf_map__set_autocreate(map, used);
}

/*
 * cilium/ebpf takes a value type on a ring buffer or a perf event array as a
 * hint and gives the kernel the sizes it wants (0 and 0, 4 and 4); libbpf
 * passes the value's size on, which the kernel refuses.
 */
static void set_event_map_sizes(struct bpf_map *map)
{
	__u32 size = 0;

	switch (bpf_map__type(map)) {
	case BPF_MAP_TYPE_PERF_EVENT_ARRAY:
		size = sizeof(__u32);
		/* fallthrough */
	case BPF_MAP_TYPE_RINGBUF:
	case BPF_MAP_TYPE_USER_RINGBUF:
		bpf_map__set_key_size(map, size);
		bpf_map__set_value_size(map, size);
		break;
	default: break;
	}
}

/* Load one program of FILE with libbpf; returns libbpf's error. */
static int libbpf_load(const char *file, const char *name, const char *sec,
		       unsigned level, struct result *r, bool *found)
{
	struct bpf_object *obj;
	struct bpf_program *want;
	struct bpf_map *map;
	struct image im;
	int err;

	*found = true;
	obj = open_object(file, &im);
	if (!obj) {
		err = -errno;
		free(im.buf);
		return err;
	}
	want = select_program(obj, name, sec);
	*found = want != NULL;
	if (!want) {
		bpf_object__close(obj);
		free(im.buf);
		return -ENOENT;
	}
	if (have_type && bpf_program__type(want) != prog_type)
		bpf_program__set_type(want, prog_type);
	bpf_object__for_each_map(map, obj)
	{
		if (fix_pinning)
			bpf_map__set_pin_path(map, NULL);
		set_event_map_sizes(map);
		struct_ops_alone(obj, map, want);
	}
	logbuf[0] = 0;
	bpf_program__set_log_buf(want, logbuf, LOG_SIZE);
	bpf_program__set_log_level(want, level);
	if (extra_flags)
		bpf_program__set_flags(want,
				       bpf_program__flags(want) | extra_flags);
	err = bpf_object__load(obj);
	parse_log(logbuf, r);
	bpf_object__close(obj);
	free(im.buf);
	return err;
}

/* Load one program of FILE with the given log level; returns the error. */
static int load_one(const char *file, const char *name, const char *sec,
		    unsigned level, struct result *r, bool *found)
{
	parse_log("", r);
	warnings[0] = 0;
	if (legacy)
		return legacy_load(file, name, sec, level, r, found);
	return libbpf_load(file, name, sec, level, r, found);
}

static void report(const char *file, const char *name, const char *sec)
{
	struct result r;
	bool found;
	int err;

	err = load_one(file, name, sec, 4, &r, &found);
	if (!found) {
		printf("%s\terror\t-1\t-1\tno program named %s in %s\n", name,
		       name, file);
		return;
	}
	if (!err) {
		printf("%s\taccept\t%ld\t%ld\t%s\n", name, r.processed, r.usec,
		       r.last);
		if (print_stats)
			printf("#stats%s\n", r.stats);
		return;
	}
	if (r.processed < 0 && !r.last[0]) {
		if (r.why[0] || !warnings[0])
			printf("%s\terror\t-1\t-1\t%s\n", name,
			       r.why[0] ? r.why : errstr(-err));
		else
			printf("%s\terror\t-1\t-1\t%s (libbpf: %s)\n", name,
			       errstr(-err), warnings);
		return;
	}
	/* Rejected: load again at level 1 when level 4 gave no message. */
	if (!r.last[0] || level1_always) {
		struct result r1;

		load_one(file, name, sec, 1 | 4, &r1, &found);
		if (r1.last[0])
			memcpy(r.last, r1.last, sizeof(r.last));
	}
	printf("%s\treject\t%ld\t%ld\t%s\n", name, r.processed, r.usec, r.last);
	if (print_stats)
		printf("#stats%s\n", r.stats);
}

/* --log: the level-1 log of one more load, then "--". */
static void report_log(const char *file, const char *name, const char *sec)
{
	struct result r;
	bool found;

	logbuf[0] = 0;
	load_one(file, name, sec, 1, &r, &found);
	if (found)
		fputs(logbuf, stdout);
	puts("--");
}

/* libbpf may crash on odd objects: load each program in a child. */
void isolated_report(const char *file, const char *name, const char *sec)
{
	int st;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		report(file, name, sec);
		if (print_log)
			report_log(file, name, sec);
		fflush(stdout);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0) {
		printf("%s\terror\t-1\t-1\tfork failed\n", name);
		return;
	}
	if (!WIFEXITED(st))
		printf("%s\terror\t-1\t-1\tlibbpf crashed loading the object "
		       "(signal %d)\n",
		       name, WTERMSIG(st));
}

static int drop_caps(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];
	int drop[] = { CAP_PERFMON, CAP_SYS_ADMIN, CAP_NET_ADMIN };

	if (syscall(SYS_capget, &h, d))
		return -errno;
	for (unsigned i = 0; i < sizeof(drop) / sizeof(drop[0]); i++) {
		d[drop[i] / 32].effective &= ~(1u << (drop[i] % 32));
		d[drop[i] / 32].permitted &= ~(1u << (drop[i] % 32));
	}
	if (syscall(SYS_capset, &h, d))
		return -errno;
	return 0;
}

static int names_all(const char *file)
{
	struct bpf_object *obj;
	struct bpf_program *p;
	struct image im;

	if (legacy)
		return legacy_names_all(file);
	obj = open_object(file, &im);
	if (!obj) {
		fprintf(stderr, "kload: %s: %s\n", file, errstr(errno));
		free(im.buf);
		return 2;
	}
	bpf_object__for_each_program(p, obj)
	{
		char *n = strdup(bpf_program__name(p));
		char *s = strdup(bpf_program__section_name(p));

		if (n && s && prog_selected(n, s, NULL, want_section))
			isolated_report(file, n, s);
		free(n);
		free(s);
	}
	bpf_object__close(obj);
	free(im.buf);
	return 0;
}

static bool parse_type(const char *name)
{
	have_type = prog_type_by_str(name, &prog_type);
	if (!have_type)
		fprintf(stderr,
			"kload: --type %s: not a program type libbpf "
			"knows\n",
			name);
	return have_type;
}

/* --fix LIST: pinning, static. */
static bool parse_fix(char *list)
{
	for (char *f = strtok(list, ","); f; f = strtok(NULL, ",")) {
		if (!strcmp(f, "pinning")) {
			fix_pinning = true;
		} else if (!strcmp(f, "static")) {
			fix_static = true;
		} else {
			fprintf(stderr, "kload: --fix %s: pinning or static\n",
				f);
			return false;
		}
	}
	return true;
}

/* Probe bpf(): 0 when it can be used, else 77 (with a message). */
/* --test-flags: the bits of want the kernel takes (testing_prog_flags()). */
static unsigned known_flags(unsigned want)
{
	struct bpf_insn insns[2] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	unsigned known = 0;

	for (unsigned bit = 1; bit && bit <= want; bit <<= 1) {
		LIBBPF_OPTS(bpf_prog_load_opts, opts, .prog_flags = bit);
		int fd;

		if (!(want & bit))
			continue;
		fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, NULL, "GPL",
				   insns, 2, &opts);
		if (fd >= 0) {
			known |= bit;
			close(fd);
		}
	}
	return known;
}

static int probe_bpf(void)
{
	int fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, NULL, 4, 4, 1, NULL);

	if (fd < 0 && (errno == ENOSYS || errno == EPERM)) {
		fprintf(stderr, "kload: bpf() unavailable: %s\n",
			strerror(errno));
		return 77;
	}
	if (fd >= 0)
		close(fd);
	return 0;
}

/*
 * libbpf pins the maps marked LIBBPF_PIN_BY_NAME under /sys/fs/bpf: kload
 * mounts a bpffs of its own there, in a mount namespace of its own, so that
 * pinning works where no bpffs is mounted and leaves nothing behind.
 */
static void private_bpffs(void)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("bpf", "/sys/fs/bpf", "bpf", 0, NULL))
		if (verbose)
			fprintf(stderr, "kload: no bpffs of its own: %s\n",
				strerror(errno));
}

static void usage(void)
{
	fprintf(stderr,
		"usage: kload [--unpriv] [--level1] [--log] [--stats] "
		"[--flags N] [--test-flags N] [--aux PROG]... [--type T] "
		"[--section S] "
		"[--fix pinning,static] [--legacy] [--why] [-v] "
		"FILE [PROG...]\n       kload --probe\n");
}

int main(int argc, char **argv)
{
	bool unpriv = false, probe_only = false, ok = true;
	unsigned test_flags = 0;
	int i = 1, err;

	aux_names = calloc(argc, sizeof(*aux_names));
	if (!aux_names)
		return 2;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--unpriv"))
			unpriv = true;
		else if (!strcmp(argv[i], "--level1"))
			level1_always = true;
		else if (!strcmp(argv[i], "--log"))
			print_log = true;
		else if (!strcmp(argv[i], "--stats"))
			print_stats = true;
		else if (!strcmp(argv[i], "-v"))
			verbose = true;
		else if (!strcmp(argv[i], "--legacy"))
			legacy = true;
		else if (!strcmp(argv[i], "--why"))
			want_why = true;
		else if (!strcmp(argv[i], "--probe"))
			probe_only = true;
		else if (!strcmp(argv[i], "--flags") && i + 1 < argc)
			extra_flags = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--test-flags") && i + 1 < argc)
			test_flags = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--aux") && i + 1 < argc)
			aux_names[aux_count++] = argv[++i];
		else if (!strcmp(argv[i], "--type") && i + 1 < argc)
			ok = ok && parse_type(argv[++i]);
		else if (!strcmp(argv[i], "--section") && i + 1 < argc)
			want_section = argv[++i];
		else if (!strcmp(argv[i], "--fix") && i + 1 < argc)
			ok = ok && parse_fix(argv[++i]);
		else
			break;
	}
	if (!ok)
		return 2;
	if ((i >= argc && !probe_only) || (legacy && !have_type)) {
		usage();
		return 2;
	}
	libbpf_set_print(print_fn);
	elf_version(EV_CURRENT);
	err = probe_bpf();
	if (err || probe_only)
		return err;
	extra_flags |= known_flags(test_flags);
	if (!legacy)
		private_bpffs();
	if (unpriv && drop_caps()) {
		fprintf(stderr, "kload: cannot drop capabilities\n");
		return 2;
	}
	logbuf = malloc(LOG_SIZE);
	if (!logbuf)
		return 2;
	if (access(argv[i], R_OK)) {
		fprintf(stderr, "kload: %s: %s\n", argv[i], strerror(errno));
		return 2;
	}
	if (i + 1 == argc)
		return names_all(argv[i]);
	for (int j = i + 1; j < argc; j++)
		isolated_report(argv[i], argv[j], want_section);
	free(logbuf);
	return 0;
}
