// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * CO-RE relocations (.BTF.ext core_relo subsection), applied against the
 * target kernel's BTF with libbpf's semantics:
 *   core_relo: u32 rec_size, then per section
 *           { u32 sec_name_off, u32 num_info, records[num_info] }
 *   record: u32 insn_off (bytes), type_id (local BTF), access_str_off,
 *           kind (enum bpf_core_relo_kind)
 * The access string "0:1:2" indexes the root as an array, then members
 * and array elements; it is matched by name in the target's types of the
 * same kind and essential name (the name up to "___"). Every candidate
 * that matches must give the same value. A relocation that cannot be
 * resolved poisons its instruction (a call to helper 0xbad2310, as
 * libbpf), which fails the program only if it is reachable.
 */
#include <bpf/btf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/insn.h"
#include "util/btf_types.h"
#include "load/elf_priv.h"
#include "platform/kbtf.h"

#define BTF_EXT_MAGIC 0xeB9F
#define CORE_REC_MIN  16
#define MAX_SPEC      64

enum core_kind {
	FIELD_BYTE_OFFSET,
	FIELD_BYTE_SIZE,
	FIELD_EXISTS,
	FIELD_SIGNED,
	FIELD_LSHIFT_U64,
	FIELD_RSHIFT_U64,
	TYPE_ID_LOCAL,
	TYPE_ID_TARGET,
	TYPE_EXISTS,
	TYPE_SIZE,
	ENUMVAL_EXISTS,
	ENUMVAL_VALUE,
	TYPE_MATCHES,
	CORE_KINDS
};

static const char *const kind_names[CORE_KINDS] = {
	"byte_off",	"byte_sz",    "field_exists",	"signed",
	"lshift_u64",	"rshift_u64", "local_type_id",	"target_type_id",
	"type_exists",	"type_size",  "enumval_exists", "enumval_value",
	"type_matches",
};

/* A parsed access string on one BTF: the path and where it ends. */
struct spec {
	const struct btf *btf;
	uint32_t root; /* the root type id */
	uint32_t n; /* accessors, raw[0] the array index */
	uint32_t raw[MAX_SPEC];
	uint32_t type[MAX_SPEC]; /* the type each accessor indexes */
	const char *name[MAX_SPEC]; /* member name ("" array element) */
	uint64_t bit_off;
	bool last_member; /* the last accessor is a member */
};

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* Length of the essential name: up to a "___" flavour suffix. */
static size_t ess_len(const char *n)
{
	const char *f = strstr(n, "___");

	return f ? (size_t)(f - n) : strlen(n);
}

static bool ess_eq(const char *a, const char *b)
{
	size_t la = ess_len(a);

	return la == ess_len(b) && !strncmp(a, b, la);
}

/* Where an access ends: in member midx of owner, or an element (-1). */
struct fpos {
	const struct btf *btf;
	uint64_t bit_off;
	uint32_t owner; /* composite holding the member */
	int midx; /* member index, -1: array element or root */
	uint32_t type; /* the type accessed */
};

/* "0:1:2" into raw[]; false when malformed. */
static bool parse_access(const char *s, uint32_t *raw, uint32_t *n)
{
	char *end;

	*n = 0;
	while (*s) {
		unsigned long v = strtoul(s, &end, 10);

		if (end == s || *n == MAX_SPEC || v > INT32_MAX)
			return false;
		raw[(*n)++] = (uint32_t)v;
		s = end;
		if (*s == ':')
			s++;
		else if (*s)
			return false;
	}
	return *n > 0;
}

/* Walk the local type by the raw indices (libbpf's bpf_core_parse_spec). */
static bool local_walk(struct spec *sp, struct fpos *pos)
{
	const struct btf_type *t;
	uint32_t id = sp->root;
	int64_t sz = btf__resolve_size(sp->btf, id);

	if (sz < 0)
		return false;
	*pos = (struct fpos){ .btf = sp->btf,
			      .midx = -1,
			      .type = id,
			      .bit_off = (uint64_t)sp->raw[0] * sz * 8 };
	for (uint32_t i = 1; i < sp->n; i++) {
		t = bc_btf_skip_mods(sp->btf, id, &id);
		sp->type[i] = id;
		if (t && btf_is_composite(t)) {
			const struct btf_member *m =
				btf_members(t) + sp->raw[i];

			if (sp->raw[i] >= btf_vlen(t))
				return false;
			sp->name[i] = btf__name_by_offset(sp->btf, m->name_off);
			if (!sp->name[i])
				return false;
			pos->bit_off += btf_member_bit_offset(t, sp->raw[i]);
			pos->owner = id;
			pos->midx = (int)sp->raw[i];
			id = m->type;
		} else if (t && btf_is_array(t)) {
			id = btf_array(t)->type;
			sz = btf__resolve_size(sp->btf, id);
			if (sz < 0)
				return false;
			sp->name[i] = "";
			pos->bit_off += (uint64_t)sp->raw[i] * sz * 8;
			pos->midx = -1;
		} else {
			return false;
		}
		pos->type = id;
	}
	return true;
}

/* libbpf's bpf_core_fields_are_compat. */
static bool fields_compat(const struct btf *lb, uint32_t lid,
			  const struct btf *tb, uint32_t tid)
{
	for (int depth = 0; depth < 32; depth++) {
		const struct btf_type *l = bc_btf_skip_mods(lb, lid, &lid);
		const struct btf_type *t = bc_btf_skip_mods(tb, tid, &tid);

		if (!l || !t)
			return false;
		if (btf_is_composite(l) && btf_is_composite(t))
			return true;
		if (btf_kind(l) != btf_kind(t) &&
		    !(btf_is_any_enum(l) && btf_is_any_enum(t)))
			return false;
		switch (btf_kind(l)) {
		case BTF_KIND_PTR:
		case BTF_KIND_FLOAT: return true;
		case BTF_KIND_FWD:
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64: {
			const char *a = bc_btf_type_name(lb, lid);
			const char *b = bc_btf_type_name(tb, tid);

			return !*a || !*b || ess_eq(a, b);
		}
		case BTF_KIND_INT:
			return btf_int_offset(l) == 0 && btf_int_offset(t) == 0;
		case BTF_KIND_ARRAY:
			lid = btf_array(l)->type;
			tid = btf_array(t)->type;
			continue;
		default: return false;
		}
	}
	return false;
}

/*
 * Find member name in target composite id, through anonymous members
 * (libbpf's bpf_core_match_member); adds its bit offset to pos.
 */
static bool match_member(const struct btf *lb, uint32_t lmtype,
			 const char *name, struct fpos *pos, uint32_t id,
			 int depth)
{
	const struct btf_type *t = bc_btf_skip_mods(pos->btf, id, &id);

	if (!t || !btf_is_composite(t) || depth > 32)
		return false;
	for (uint32_t i = 0; i < btf_vlen(t); i++) {
		const struct btf_member *m = btf_members(t) + i;
		const char *mn = btf__name_by_offset(pos->btf, m->name_off);
		uint64_t save = pos->bit_off;

		pos->bit_off += btf_member_bit_offset(t, i);
		if (!mn || !*mn) {
			if (match_member(lb, lmtype, name, pos, m->type,
					 depth + 1))
				return true;
		} else if (!strcmp(mn, name) &&
			   fields_compat(lb, lmtype, pos->btf, m->type)) {
			pos->owner = id;
			pos->midx = (int)i;
			pos->type = m->type;
			return true;
		}
		pos->bit_off = save;
	}
	return false;
}

/* A flexible array: no elements, the last member of its struct. */
static bool flex_array(const struct fpos *pos, const struct btf_type *arr)
{
	const struct btf_type *o = btf__type_by_id(pos->btf, pos->owner);

	return !btf_array(arr)->nelems && pos->midx >= 0 && o &&
	       (uint32_t)pos->midx == btf_vlen(o) - 1u;
}

/* Match the local field access in the target type cid (bpf_core_spec_match). */
static bool target_walk(const struct spec *sp, uint32_t cid, struct fpos *pos)
{
	const struct btf *tb = pos->btf;
	const struct btf_type *t;
	uint32_t cur = cid;
	int64_t sz = btf__resolve_size(tb, cid);

	if (sz < 0)
		return false;
	*pos = (struct fpos){ .btf = tb,
			      .midx = -1,
			      .type = cid,
			      .bit_off = (uint64_t)sp->raw[0] * sz * 8 };
	for (uint32_t i = 1; i < sp->n; i++) {
		const struct btf_type *lt =
			btf__type_by_id(sp->btf, sp->type[i]);

		if (btf_is_composite(lt)) {
			const struct btf_member *m =
				btf_members(lt) + sp->raw[i];

			if (!*sp->name[i])
				continue; /* anonymous: found by name below */
			if (!match_member(sp->btf, m->type, sp->name[i], pos,
					  cur, 0))
				return false;
			cur = pos->type;
			continue;
		}
		t = bc_btf_skip_mods(tb, cur, &cur);
		if (!t || !btf_is_array(t))
			return false;
		if (sp->raw[i] >= btf_array(t)->nelems && !flex_array(pos, t))
			return false;
		cur = btf_array(t)->type;
		sz = btf__resolve_size(tb, cur);
		if (sz < 0)
			return false;
		pos->bit_off += (uint64_t)sp->raw[i] * sz * 8;
		pos->midx = -1;
		pos->type = cur;
	}
	return true;
}

/* libbpf's bpf_core_calc_field_relo; *msz the field's size (0: none). */
static bool field_value(const struct fpos *p, int kind, uint64_t *val,
			uint32_t *msz)
{
	const struct btf_type *o, *mt;
	uint32_t bits = 0, bsz, boff, mid;
	int64_t sz;

	*msz = 0;
	if (p->midx < 0) { /* an array element or the root */
		sz = btf__resolve_size(p->btf, p->type);
		if (sz < 0 ||
		    (kind != FIELD_BYTE_OFFSET && kind != FIELD_BYTE_SIZE))
			return false;
		*val = kind == FIELD_BYTE_OFFSET ? p->bit_off / 8 :
						   (uint64_t)sz;
		*msz = kind == FIELD_BYTE_OFFSET ? (uint32_t)sz : 0;
		return true;
	}
	o = btf__type_by_id(p->btf, p->owner);
	mt = bc_btf_skip_mods(p->btf, p->type, &mid);
	bits = btf_member_bitfield_size(o, p->midx);
	if (bits) {
		bsz = mt->size;
		boff = p->bit_off / 8 / bsz * bsz;
		while (p->bit_off + bits - boff * 8 > bsz * 8) {
			if (bsz >= 8)
				return false;
			bsz *= 2;
			boff = p->bit_off / 8 / bsz * bsz;
		}
	} else {
		sz = btf__resolve_size(p->btf, mid);
		if (sz < 0)
			return false;
		bsz = (uint32_t)sz;
		boff = p->bit_off / 8;
		bits = bsz * 8;
	}
	switch (kind) {
	case FIELD_BYTE_OFFSET:
		*val = boff;
		*msz = btf_member_bitfield_size(o, p->midx) ? 0 : bsz;
		return true;
	case FIELD_BYTE_SIZE: *val = bsz; return true;
	case FIELD_SIGNED:
		*val = (btf_is_any_enum(mt) && btf_kflag(mt)) ||
		       (btf_is_int(mt) &&
			(btf_int_encoding(mt) & BTF_INT_SIGNED));
		return true;
	case FIELD_LSHIFT_U64:
		*val = 64 - (p->bit_off + bits - boff * 8);
		return true;
	case FIELD_RSHIFT_U64: *val = 64 - bits; return true;
	}
	return false;
}

/* One relocation record. */
struct relo {
	uint32_t insn_off, type_id, kind;
	const char *access;
};

/* The target's candidate for the local root type (same kind, essential name). */
static uint32_t candidate(const struct btf *lb, uint32_t lid,
			  const struct btf *tb)
{
	const struct btf_type *l = btf__type_by_id(lb, lid);
	const char *n = bc_btf_type_name(lb, lid);
	char ess[128];
	int id;

	if (!l || !*n || ess_len(n) >= sizeof(ess))
		return 0;
	snprintf(ess, sizeof(ess), "%.*s", (int)ess_len(n), n);
	id = btf__find_by_name_kind(tb, ess, btf_kind(l));
	if (id <= 0 && btf_is_any_enum(l))
		id = btf__find_by_name_kind(tb, ess,
					    btf_is_enum(l) ? BTF_KIND_ENUM64 :
							     BTF_KIND_ENUM);
	return id > 0 ? (uint32_t)id : 0;
}

/* The value of enumerator i of enum id, and its name. */
static bool enumerator(const struct btf *b, uint32_t id, uint32_t i,
		       const char **name, uint64_t *val)
{
	const struct btf_type *t = btf__type_by_id(b, id);

	if (!t || i >= btf_vlen(t))
		return false;
	if (btf_is_enum(t)) {
		*name = btf__name_by_offset(b, btf_enum(t)[i].name_off);
		*val = (uint64_t)(int64_t)btf_enum(t)[i].val;
	} else if (btf_is_enum64(t)) {
		*name = btf__name_by_offset(b, btf_enum64(t)[i].name_off);
		*val = btf_enum64_value(btf_enum64(t) + i);
	} else {
		return false;
	}
	return *name != NULL;
}

/* ENUMVAL_*: the local enumerator raw[0] by name in the target enum. */
static int enum_value(const struct spec *sp, const struct btf *tb, uint32_t cid,
		      int kind, uint64_t *val)
{
	const char *ln, *tn;
	uint64_t v;

	if (!enumerator(sp->btf, sp->root, sp->raw[0], &ln, &v))
		return -1;
	for (uint32_t i = 0; cid && enumerator(tb, cid, i, &tn, &v); i++) {
		if (!ess_eq(ln, tn))
			continue;
		*val = kind == ENUMVAL_EXISTS ? 1 : v;
		return 0;
	}
	if (kind != ENUMVAL_EXISTS)
		return -1;
	*val = 0;
	return 0;
}

/* TYPE_*: from the candidate, if any. */
static int type_value(const struct spec *sp, const struct btf *tb, uint32_t cid,
		      int kind, uint64_t *val)
{
	int64_t sz;

	switch (kind) {
	case TYPE_ID_LOCAL: *val = sp->root; return 0;
	case TYPE_EXISTS: *val = cid != 0; return 0;
	case TYPE_ID_TARGET: *val = cid; return cid ? 0 : -1;
	case TYPE_SIZE:
		sz = cid ? btf__resolve_size(tb, cid) : -1;
		*val = (uint64_t)sz;
		return sz < 0 ? -1 : 0;
	}
	return -1; /* TYPE_MATCHES: not modelled */
}

/* The relocated value of r against tb; *msz a load's new size (0: keep). */
static int relo_value(const struct btf *lb, const struct btf *tb,
		      const struct relo *r, uint64_t *val, uint32_t *msz,
		      uint32_t *lsz)
{
	struct spec sp = { .btf = lb, .root = r->type_id };
	struct fpos lp, tp = { .btf = tb };
	uint32_t cid = candidate(lb, r->type_id, tb);

	*msz = *lsz = 0;
	if (!parse_access(r->access, sp.raw, &sp.n))
		return -1;
	if (r->kind >= TYPE_ID_LOCAL && r->kind <= TYPE_SIZE)
		return type_value(&sp, tb, cid, r->kind, val);
	if (r->kind == TYPE_MATCHES)
		return -1;
	if (r->kind == ENUMVAL_EXISTS || r->kind == ENUMVAL_VALUE)
		return enum_value(&sp, tb, cid, r->kind, val);
	if (!local_walk(&sp, &lp))
		return -1;
	if (!cid || !target_walk(&sp, cid, &tp)) {
		*val = 0;
		return r->kind == FIELD_EXISTS ? 0 : -1;
	}
	if (r->kind == FIELD_EXISTS) {
		*val = 1;
		return 0;
	}
	if (!field_value(&tp, r->kind, val, msz))
		return -1;
	if (r->kind == FIELD_BYTE_OFFSET) {
		uint64_t lv;

		if (!field_value(&lp, r->kind, &lv, lsz))
			return -1;
	}
	return 0;
}

/* libbpf's bpf_core_poison_insn: reachable, it is an unknown helper. */
static void poison(struct bpf_insn *in, size_t left)
{
	if (bc_is_lddw(in) && left >= 2)
		poison(in + 1, 1);
	memset(in, 0, sizeof(*in));
	in->code = BPF_JMP | BPF_CALL;
	in->imm = BC_CORE_POISON;
}

static int size_code(uint32_t bytes)
{
	switch (bytes) {
	case 1: return BPF_B;
	case 2: return BPF_H;
	case 4: return BPF_W;
	case 8: return BPF_DW;
	}
	return -1;
}

/* libbpf's bpf_core_patch_insn; false when the insn cannot take val. */
static bool patch(struct bpf_insn *in, size_t left, uint64_t val, uint32_t msz,
		  uint32_t lsz)
{
	int sc;

	switch (bc_class(in)) {
	case BPF_ALU:
	case BPF_ALU64:
		if (BPF_SRC(in->code) != BPF_K)
			return false;
		in->imm = (int32_t)val;
		return true;
	case BPF_LDX:
	case BPF_ST:
	case BPF_STX:
		if (val > INT16_MAX)
			return false;
		in->off = (int16_t)val;
		if (!msz || !lsz || msz == lsz)
			return true;
		sc = size_code(msz);
		if (bc_size_bytes(bc_size(in)) != (int)lsz || sc < 0)
			return false;
		in->code = (uint8_t)(BPF_MODE(in->code) | sc | bc_class(in));
		return true;
	case BPF_LD:
		if (!bc_is_lddw(in) || left < 2)
			return false;
		in[0].imm = (int32_t)(uint32_t)val;
		in[1].imm = (int32_t)(uint32_t)(val >> 32);
		return true;
	}
	return false;
}

/* "byte_off [7] struct task_struct.pid (0:13)", as libbpf names it. */
static char *describe(const struct btf *lb, const struct relo *r)
{
	const struct btf_type *t = btf__type_by_id(lb, r->type_id);
	static const char *const kinds[] = { "",      "int",	"ptr",
					     "array", "struct", "union",
					     "enum",  "fwd",	"typedef" };
	struct spec sp = { .btf = lb, .root = r->type_id };
	struct fpos pos;
	char buf[512];
	size_t n;

	n = (size_t)snprintf(buf, sizeof(buf), "%s [%u] %s %s",
			     r->kind < CORE_KINDS ? kind_names[r->kind] : "?",
			     r->type_id,
			     t && btf_kind(t) < 9 ? kinds[btf_kind(t)] : "",
			     bc_btf_type_name(lb, r->type_id));
	if (r->kind < TYPE_ID_LOCAL && parse_access(r->access, sp.raw, &sp.n) &&
	    local_walk(&sp, &pos))
		for (uint32_t i = 1; i < sp.n && n < sizeof(buf); i++)
			n += (size_t)(*sp.name[i] ?
					      snprintf(buf + n, sizeof(buf) - n,
						       ".%s", sp.name[i]) :
					      snprintf(buf + n, sizeof(buf) - n,
						       "[%u]", sp.raw[i]));
	if (n < sizeof(buf))
		snprintf(buf + n, sizeof(buf) - n, " (%s)", r->access);
	return bc_xstrdup(buf);
}

static struct esec *prog_sec(struct eloader *L, const char *name)
{
	for (size_t i = 1; i < L->nsec; i++)
		if (L->secs[i].kind == ES_PROG &&
		    !strcmp(L->secs[i].name, name))
			return &L->secs[i];
	return NULL;
}

/* Apply relocation r to section s (its instructions are in L->buf). */
static void apply(struct eloader *L, struct esec *s, const struct relo *r)
{
	const struct btf *tb = bc_kernel_btf_get(L->obj->kbtf, NULL);
	struct bpf_insn *in = (struct bpf_insn *)(uintptr_t)s->data;
	uint32_t i = r->insn_off / 8, msz, lsz;
	struct ecore *c;
	uint64_t val;

	s->core = bc_xrealloc(s->core, (s->core_cnt + 1) * sizeof(*s->core));
	c = &s->core[s->core_cnt++];
	c->insn = i;
	c->fail = NULL;
	if (!tb) /* the verifier says a kernel BTF is needed */
		return;
	if (relo_value(L->obj->btf, tb, r, &val, &msz, &lsz) == 0 &&
	    patch(in + i, s->size / 8 - i, val, msz, lsz))
		return;
	c->fail = describe(L->obj->btf, r);
	poison(in + i, s->size / 8 - i);
}

/* One section's records: { sec_name_off, num_info, records[] }. */
static int core_block(struct eloader *L, const uint8_t *p, size_t left,
		      uint32_t rec, size_t *used)
{
	const struct btf *btf = L->obj->btf;
	const char *name = btf__name_by_offset(btf, rd32(p));
	uint32_t n = rd32(p + 4);
	struct esec *s = name ? prog_sec(L, name) : NULL;

	if (!s || !s->data || (uint64_t)n * rec > left - 8 ||
	    s->data < L->buf || s->data + s->size > L->buf + L->len)
		return bc_elf_fail(L,
				   "section '.BTF.ext': bad CO-RE "
				   "relocation block for '%s'",
				   name ? name : "?");
	for (uint32_t k = 0; k < n; k++) {
		const uint8_t *q = p + 8 + (size_t)k * rec;
		struct relo r = { .insn_off = rd32(q),
				  .type_id = rd32(q + 4),
				  .kind = rd32(q + 12) };

		r.access = btf__name_by_offset(btf, rd32(q + 8));
		if (r.insn_off % 8 || r.insn_off / 8 >= s->size / 8 ||
		    !r.access || !btf__type_by_id(btf, r.type_id) ||
		    r.kind >= CORE_KINDS)
			return bc_elf_fail(L,
					   "section '.BTF.ext': bad CO-RE "
					   "relocation %u of '%s'",
					   k, name);
		apply(L, s, &r);
	}
	*used = 8 + (size_t)n * rec;
	return 0;
}

int bc_elf_core(struct eloader *L)
{
	const struct esec *x;
	uint32_t hdr, off, len, rec;
	const uint8_t *p;
	size_t used = 0;

	if (!L->btfext_sec || !L->obj->btf)
		return 0; /* bc_elf_lines checked the header */
	x = &L->secs[L->btfext_sec];
	hdr = rd32(x->data + 4);
	if (hdr < 32)
		return 0; /* no core_relo subsection */
	off = rd32(x->data + 24);
	len = rd32(x->data + 28);
	if (!len)
		return 0;
	if (off > x->size - hdr || len > x->size - hdr - off || len < 4)
		return bc_elf_fail(L,
				   "section '.BTF.ext': CO-RE relocations "
				   "(offset %u, length %u) past the end",
				   off, len);
	p = x->data + hdr + off;
	rec = rd32(p);
	if (rec < CORE_REC_MIN)
		return bc_elf_fail(L,
				   "section '.BTF.ext': bad CO-RE record "
				   "size %u",
				   rec);
	for (size_t at = 4; at < len; at += used) {
		if (len - at < 8)
			return bc_elf_fail(L, "section '.BTF.ext': truncated "
					      "CO-RE relocations");
		if (core_block(L, p + at, len - at, rec, &used))
			return -EINVAL;
	}
	return 0;
}

void bc_elf_prog_core(struct eloader *L, struct bc_prog *p,
		      const struct elf_chunk *ch, size_t n)
{
	for (size_t c = 0; c < n; c++) {
		const struct esec *s = &L->secs[ch[c].sec];
		const struct efunc *f = &s->funcs[ch[c].func];
		uint32_t start = f->off / 8, end = start + f->size / 8;

		for (uint32_t k = 0; k < s->core_cnt; k++) {
			const struct ecore *e = &s->core[k];
			struct bc_core_fail *cf;

			if (e->insn < start || e->insn >= end)
				continue;
			p->core_relos++;
			if (!e->fail)
				continue;
			p->core_fails = bc_xrealloc(p->core_fails,
						    (p->core_fail_cnt + 1) *
							    sizeof(*cf));
			cf = &p->core_fails[p->core_fail_cnt++];
			cf->insn = ch[c].out + e->insn - start;
			cf->why = bc_xstrdup(e->fail);
		}
	}
}
