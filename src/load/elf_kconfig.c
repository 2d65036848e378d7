// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * __kconfig externs, as libbpf's bpf_object__resolve_externs: laid out in
 * one read-only ".kconfig" map by descending alignment, then ascending
 * size, then name; filled from the target kernel's config (CONFIG_*) and
 * release (LINUX_KERNEL_VERSION, LINUX_HAS_*). With every value known the
 * map's contents are constants, so the branches for other kernels are
 * dead code, as in the kernel after libbpf's load; otherwise the contents
 * stay unknown and every branch is verified.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "util/btf_types.h"
#include "load/elf_priv.h"
#include "platform/kconfig.h"

enum kcfg_kind {
	KCFG_UNKNOWN,
	KCFG_BOOL,
	KCFG_TRISTATE,
	KCFG_CHAR,
	KCFG_CHAR_ARR,
	KCFG_INT
};

static int cmp_kcfg(const void *a, const void *b)
{
	const struct ekcfg *x = a, *y = b;

	if (x->align != y->align)
		return x->align > y->align ? -1 : 1;
	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Alignment of a kconfig value type (libbpf's btf__align_of trusts ids). */
static int kcfg_align(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, NULL);
	int depth;

	for (depth = 0; t && depth < 8; depth++) {
		if (btf_is_int(t) || btf_is_enum(t) || btf_is_enum64(t))
			return t->size >= 8 ? 8 : t->size ? (int)t->size : -1;
		if (btf_is_ptr(t))
			return 8;
		if (!btf_is_array(t))
			return -1;
		t = bc_btf_skip_mods(btf, btf_array(t)->type, NULL);
	}
	return -1;
}

/* libbpf's find_kcfg_type. */
static enum kcfg_kind kcfg_kind(const struct btf *btf, uint32_t id,
				bool *is_signed, int depth)
{
	const struct btf_type *t = bc_btf_skip_mods(btf, id, NULL);
	const char *name;

	if (!t || depth > 8)
		return KCFG_UNKNOWN;
	name = btf__name_by_offset(btf, t->name_off);
	if (btf_is_int(t)) {
		if (btf_int_encoding(t) & BTF_INT_BOOL)
			return t->size == 1 ? KCFG_BOOL : KCFG_UNKNOWN;
		*is_signed = btf_int_encoding(t) & BTF_INT_SIGNED;
		if (t->size == 1)
			return KCFG_CHAR;
		return t->size > 8 || (t->size & (t->size - 1)) ? KCFG_UNKNOWN :
								  KCFG_INT;
	}
	if (btf_is_enum(t) || btf_is_enum64(t))
		return name && !strcmp(name, "libbpf_tristate") &&
				       (btf_is_enum64(t) || t->size == 4) ?
			       KCFG_TRISTATE :
			       KCFG_UNKNOWN;
	if (btf_is_array(t) && btf_array(t)->nelems &&
	    kcfg_kind(btf, btf_array(t)->type, is_signed, depth + 1) ==
		    KCFG_CHAR)
		return KCFG_CHAR_ARR;
	return KCFG_UNKNOWN;
}

static bool is_weak(const struct eloader *L, const char *name)
{
	for (size_t i = 1; i < L->nsym; i++)
		if (L->syms[i].shndx == SHN_UNDEF &&
		    !strcmp(L->syms[i].name, name))
			return L->syms[i].bind == STB_WEAK;
	return false;
}

/* The map's layout: each extern's offset, and the total size. */
static uint32_t kcfg_layout(struct eloader *L)
{
	uint32_t off = 0;

	qsort(L->kcfg, L->kcfg_cnt, sizeof(*L->kcfg), cmp_kcfg);
	for (uint32_t i = 0; i < L->kcfg_cnt; i++) {
		off = (off + L->kcfg[i].align - 1) / L->kcfg[i].align *
		      L->kcfg[i].align;
		L->kcfg[i].off = off;
		off += L->kcfg[i].size;
	}
	return off;
}

static int read_externs(struct eloader *L, const struct btf_type *ds)
{
	const struct btf *btf = L->obj->btf;
	const struct btf_var_secinfo *vi = btf_var_secinfos(ds);
	uint32_t n = btf_vlen(ds);

	L->kcfg = bc_xcalloc(n ? n : 1, sizeof(*L->kcfg));
	for (uint32_t i = 0; i < n; i++) {
		const struct btf_type *v = btf__type_by_id(btf, vi[i].type);
		struct ekcfg *k = &L->kcfg[i];
		long long sz;
		int al;

		if (!v || !btf_is_var(v))
			return bc_elf_fail(
				L, "BTF '.kconfig': entry %u is not a variable",
				i);
		k->name = btf__name_by_offset(btf, v->name_off);
		sz = btf__resolve_size(btf, v->type);
		al = kcfg_align(btf, v->type);
		if (!k->name || sz <= 0 || sz > 4096 || al <= 0 || al > 8)
			return bc_elf_fail(L, "BTF '.kconfig': bad extern %u",
					   i);
		k->size = sz;
		k->align = al;
		k->type = v->type;
		k->weak = is_weak(L, k->name);
		if (kcfg_kind(btf, k->type, &(bool){ false }, 0) ==
		    KCFG_UNKNOWN)
			return bc_elf_fail(
				L, "extern (kcfg) '%s': type is unsupported",
				k->name);
	}
	L->kcfg_cnt = n;
	return 0;
}

/* ---- values ---- */

struct kval {
	struct eloader *L;
	const struct ekcfg *k;
	enum kcfg_kind kind;
	bool is_signed;
	uint8_t *dst;
};

static int kcfg_bad(struct kval *v, const char *value, const char *what)
{
	return bc_elf_fail(v->L, "extern (kcfg) '%s': value '%s' %s",
			   v->k->name, value, what);
}

/* libbpf's set_kcfg_value_tri. */
static int set_tri(struct kval *v, const char *value)
{
	char c = value[0];

	switch (v->kind) {
	case KCFG_BOOL:
		if (c == 'm')
			return kcfg_bad(v, value,
					"implies tristate or char type");
		v->dst[0] = c == 'y';
		return 0;
	case KCFG_TRISTATE: {
		uint32_t t = c == 'y' ? 1 : c == 'm' ? 2 : 0;

		memcpy(v->dst, &t, 4);
		return 0;
	}
	case KCFG_CHAR: v->dst[0] = (uint8_t)c; return 0;
	default:
		return kcfg_bad(v, value,
				"implies bool, tristate, or char type");
	}
}

/* libbpf's set_kcfg_value_str. */
static int set_str(struct kval *v, const char *value)
{
	size_t len = strlen(value);

	if (v->kind != KCFG_CHAR_ARR)
		return kcfg_bad(v, value, "implies char array type");
	if (len < 2 || value[len - 1] != '"')
		return kcfg_bad(v, value, "is not a valid string");
	len -= 2;
	if (len >= v->k->size)
		len = v->k->size - 1;
	memcpy(v->dst, value + 1, len);
	v->dst[len] = 0;
	return 0;
}

static bool num_fits(const struct kval *v, uint64_t x)
{
	unsigned bits = v->k->size * 8;

	if (bits >= 64)
		return true;
	if (v->is_signed)
		return x + (1ull << (bits - 1)) < (1ull << bits);
	return !(x >> bits);
}

/* libbpf's set_kcfg_value_num (little endian, as the target). */
static int set_num(struct kval *v, const char *value, uint64_t x)
{
	if (v->kind != KCFG_INT && v->kind != KCFG_CHAR && v->kind != KCFG_BOOL)
		return kcfg_bad(v, value,
				"implies integer, char, or boolean type");
	if (v->kind == KCFG_BOOL && x > 1)
		return kcfg_bad(v, value, "isn't boolean compatible");
	if (!num_fits(v, x))
		return kcfg_bad(v, value, "doesn't fit");
	for (uint32_t i = 0; i < v->k->size && i < 8; i++)
		v->dst[i] = (uint8_t)(x >> (8 * i));
	return 0;
}

static int set_config(struct kval *v, const char *value)
{
	char *end;
	uint64_t x;

	if (strchr("ynm", value[0]) && value[0])
		return set_tri(v, value);
	if (value[0] == '"')
		return set_str(v, value);
	errno = 0;
	x = strtoull(value, &end, 0);
	if (errno || *end)
		return kcfg_bad(v, value, "isn't a valid integer");
	return set_num(v, value, x);
}

/* The LINUX_* externs libbpf fills in itself. */
static bool is_virtual(const char *name)
{
	return !strcmp(name, "LINUX_KERNEL_VERSION") ||
	       !strcmp(name, "LINUX_HAS_BPF_COOKIE") ||
	       !strcmp(name, "LINUX_HAS_SYSCALL_WRAPPER");
}

/* The value of a virtual extern for the target; false if not known. */
static bool virtual_value(const struct bc_kconfig *kc, const char *name,
			  uint64_t *x)
{
	const char *wrapper, *kprobes;
	bool config = !bc_kconfig_read(kc, NULL);

	if (!strcmp(name, "LINUX_KERNEL_VERSION")) {
		*x = kc->version;
		return kc->version != 0;
	}
	if (!strcmp(name, "LINUX_HAS_BPF_COOKIE")) { /* helper of 5.15 */
		*x = kc->version >= 0x050f00;
		return kc->version != 0;
	}
	/* LINUX_HAS_SYSCALL_WRAPPER: libbpf probes it with a kprobe on
	 * __x64_sys_bpf, so it needs kprobes too; x86-64 has had the
	 * wrapper since 4.17 */
	wrapper = bc_kconfig_value(kc, "CONFIG_ARCH_HAS_SYSCALL_WRAPPER");
	kprobes = bc_kconfig_value(kc, "CONFIG_KPROBES");
	*x = config ? wrapper && wrapper[0] == 'y' && kprobes &&
			      kprobes[0] == 'y' :
		      kc->version >= 0x041100;
	return config || kc->version;
}

static void note_extern(struct eloader *L, const struct ekcfg *k,
			const char *value, const char *from)
{
	struct bc_object *o = L->obj;
	struct bc_extern *x;

	o->externs = bc_xrealloc(o->externs,
				 (o->extern_cnt + 1) * sizeof(*o->externs));
	x = &o->externs[o->extern_cnt++];
	x->name = bc_xstrdup(k->name);
	x->value = value ? bc_xstrdup(value) : NULL;
	x->from = bc_xstrdup(from);
}

/*
 * One extern's value into dst; 1 when it cannot be known here (no
 * config read), 0 set, -EINVAL when libbpf would refuse the object.
 */
static int resolve_one(struct eloader *L, const struct bc_kconfig *kc,
		       struct kval *v)
{
	const struct ekcfg *k = v->k;
	char num[32], from[320];
	const char *value;
	struct bc_err err;
	uint64_t x;

	if (!strncmp(k->name, "CONFIG_", 7)) {
		if (!kc->path) {
			note_extern(L, k, NULL, "not known: no kernel config");
			return 1;
		}
		if (bc_kconfig_read(kc, &err))
			return bc_elf_fail(L, "%s", err.msg);
		value = bc_kconfig_value(kc, k->name);
		if (value) {
			note_extern(L, k, value, kc->path);
			return set_config(v, value);
		}
	} else if (is_virtual(k->name)) {
		if (!virtual_value(kc, k->name, &x)) {
			note_extern(L, k, NULL, "not known: no kernel release");
			return 1;
		}
		snprintf(num, sizeof(num), "%#" PRIx64, x);
		snprintf(from, sizeof(from), "kernel release %s", kc->release);
		note_extern(L, k, num, from);
		return set_num(v, num, x);
	} else if (strncmp(k->name, "LINUX_", 6) || !k->weak) {
		return bc_elf_fail(
			L, "extern (kcfg) '%s': unrecognized virtual extern",
			k->name);
	}
	if (!k->weak)
		return bc_elf_fail(L, "extern '%s' (strong): not resolved%s%s",
				   k->name, kc->path ? " in " : "",
				   kc->path ? kc->path : "");
	note_extern(L, k, "0", "weak, not set");
	return 0;
}

static void resolve_values(struct eloader *L, struct bc_map *m, int *err)
{
	const struct bc_kconfig *kc = L->kconfig;
	uint8_t *init = bc_xcalloc(1, m->value_size);
	bool known = kc != NULL;

	for (uint32_t i = 0; i < L->kcfg_cnt && !*err; i++) {
		struct kval v = { L, &L->kcfg[i], KCFG_UNKNOWN, false,
				  init + L->kcfg[i].off };
		int r;

		v.kind = kcfg_kind(L->obj->btf, L->kcfg[i].type, &v.is_signed,
				   0);
		if (!kc) {
			note_extern(L, v.k, NULL,
				    "not known: no target kernel");
			continue;
		}
		r = resolve_one(L, kc, &v);
		if (r < 0)
			*err = r;
		else if (r)
			known = false;
	}
	if (known && !*err) {
		m->init = init;
		m->init_size = m->value_size;
	} else {
		free(init);
	}
}

int bc_elf_kconfig_map(struct eloader *L)
{
	const struct btf *btf = L->obj->btf;
	struct bc_map *m;
	uint32_t size;
	int id, err = 0;

	L->kcfg_map = -1;
	if (!btf)
		return 0;
	id = btf__find_by_name_kind(btf, ".kconfig", BTF_KIND_DATASEC);
	if (id < 0)
		return 0;
	if (read_externs(L, btf__type_by_id(btf, id)))
		return -EINVAL;
	if (!L->kcfg_cnt)
		return 0;
	size = kcfg_layout(L);
	L->kcfg_map = bc_elf_add_map(L, BC_NO_OFF);
	m = &L->obj->maps[L->kcfg_map];
	m->name = bc_xstrdup(".kconfig");
	m->origin = BC_MAP_GLOBAL;
	m->type = BPF_MAP_TYPE_ARRAY;
	m->key_size = 4;
	m->value_size = size;
	m->max_entries = 1;
	m->readonly = true;
	m->map_flags = BPF_F_MMAPABLE | BPF_F_RDONLY_PROG;
	resolve_values(L, m, &err);
	return err ? -EINVAL : 0;
}
