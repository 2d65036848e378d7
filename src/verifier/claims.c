// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Register claims of the verifier, for the soundness oracle (claims.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"
#include "verifier/claims.h"
#include "verifier/state.h"

struct bc_claims *bc_claims_new(uint32_t insn_cnt)
{
	struct bc_claims *c = bc_xcalloc(1, sizeof(*c));

	c->insn_cnt = insn_cnt;
	c->at = bc_xcalloc(insn_cnt + 1, sizeof(*c->at));
	return c;
}

void bc_claims_reset(struct bc_claims *c)
{
	for (uint32_t i = 0; i < c->insn_cnt; i++) {
		if (c->at[i])
			free(c->at[i]->ss);
		free(c->at[i]);
		c->at[i] = NULL;
	}
}

void bc_claims_free(struct bc_claims *c)
{
	if (!c)
		return;
	bc_claims_reset(c);
	free(c->at);
	free(c);
}

/* The claim at pc if register r has a pointer (ptr) or a scalar claim
 * there and no state held it otherwise, else NULL. */
static const struct bc_claim *claim_at(const struct bc_claims *c, uint32_t pc,
				       int r, bool ptr)
{
	const struct bc_claim *a;
	uint16_t bit;

	if (!c || pc >= c->insn_cnt || r < 0 || r > 10 || !(a = c->at[pc]))
		return NULL;
	bit = 1u << r;
	if (!((ptr ? a->ptr : a->scalar) & bit) ||
	    ((a->other | (a->scalar & a->ptr)) & bit))
		return NULL;
	return a;
}

bool bc_claims_check(const struct bc_claims *c, uint32_t pc, int r, uint64_t v,
		     char *buf, size_t len)
{
	const struct bc_claim *a = claim_at(c, pc, r, false);

	if (!a || bc_scalar_contains(&a->s[r], v))
		return true;
	bc_scalar_fmt(&a->s[r], buf, len);
	return false;
}

static bool in_range(const struct bc_pclaim *p, int64_t off)
{
	return off >= p->omin && off <= p->omax;
}

bool bc_claims_check_ptr(const struct bc_claims *c, uint32_t pc, int r,
			 uint64_t v, const struct bc_claim_bases *b, char *buf,
			 size_t len)
{
	const struct bc_claim *a = claim_at(c, pc, r, true);
	const struct bc_pclaim *p;
	bool ok;

	if (!a)
		return true;
	p = &a->p[r];
	switch (p->kind) {
	case VK_FP:
		if (p->frame > b->depth)
			return true; /* not this call chain */
		ok = in_range(p, (int64_t)(v - b->fp[p->frame]));
		break;
	case VK_CTX: ok = in_range(p, (int64_t)(v - b->ctx)); break;
	case VK_PKT:
		ok = in_range(p, (int64_t)(v - b->data)) &&
		     (p->pkt_ahead == BC_CLAIM_NO_RANGE ||
		      (int64_t)(b->data_end - v) >= p->pkt_ahead);
		break;
	case VK_PKT_META: ok = in_range(p, (int64_t)(v - b->data_meta)); break;
	case VK_PKT_END: ok = v == b->data_end; break;
	case VK_MAP_VALUE:
		ok = b->map_has(b->vm, p->map, v, p->omin, p->omax);
		break;
	default: return true;
	}
	if (ok)
		return true;
	if (p->kind == VK_PKT && p->pkt_ahead != BC_CLAIM_NO_RANGE)
		snprintf(buf, len,
			 "%s(off=%" PRId64 "..%" PRId64 ", %" PRId64
			 " bytes proven past it)",
			 bc_vkind_name(p->kind), p->omin, p->omax,
			 p->pkt_ahead);
	else
		snprintf(buf, len, "%s(off=%" PRId64 "..%" PRId64 ")",
			 bc_vkind_name(p->kind), p->omin, p->omax);
	return false;
}

bool bc_claims_btf_ptr(const struct bc_claims *c, uint32_t pc, int r)
{
	const struct bc_claim *a = pc < c->insn_cnt ? c->at[pc] : NULL;

	return a && (a->btf & (1u << r));
}

bool bc_claims_check_stack(const struct bc_claims *c, uint32_t pc, int f,
			   const uint8_t *stack, char *buf, size_t len)
{
	const struct bc_claim *a;

	if (!c || pc >= c->insn_cnt || !(a = c->at[pc]) || a->sframe != f)
		return true;
	for (int k = 0; k < 64; k++) {
		uint8_t zm = (uint8_t)(a->szero[k / 8] >> (k % 8 * 8));
		uint64_t v;

		if (!zm && !(a->sspill >> k & 1))
			continue;
		memcpy(&v, stack + 8 * k, 8);
		for (int b = 0; zm && b < 8; b++) {
			uint8_t byte = stack[8 * k + b];

			if ((zm >> b & 1) && byte) {
				snprintf(buf, len,
					 "fp%d = %#x is outside the "
					 "claim zero",
					 8 * k + b - 512, byte);
				return false;
			}
		}
		if (!(a->sspill >> k & 1) || bc_scalar_contains(&a->ss[k], v))
			continue;
		int n = snprintf(buf, len, "fp%d = %#llx is outside the claim ",
				 8 * k - 512, (unsigned long long)v);
		if (n > 0 && (size_t)n < len)
			bc_scalar_fmt(&a->ss[k], buf + n, len - n);
		return false;
	}
	return true;
}

static bool claim_checkable(unsigned kind)
{
	switch (kind) {
	case VK_FP:
	case VK_CTX:
	case VK_PKT:
	case VK_PKT_META:
	case VK_PKT_END:
	case VK_MAP_VALUE: return true;
	}
	return false;
}

/* A load through it is the kernel's BPF_PROBE_MEM. */
static bool is_btf_ptr(const struct bc_vreg *v)
{
	return v->kind == VK_BTF_ID || v->kind == VK_BTF_ID_OR_NULL;
}

/* Join pointer v into register r's claim; another kind: no claim. */
static void claim_ptr(struct bc_claim *a, int r, const struct bc_vreg *v)
{
	struct bc_pclaim *p = &a->p[r], n = {
		.kind = v->kind,
		.frame = v->frame,
		.map = v->map,
		.omin = v->off + v->s.smin,
		.omax = v->off + v->s.smax,
		.pkt_ahead = v->kind == VK_PKT && v->range > 0 ?
				     (int64_t)v->range - v->off :
				     BC_CLAIM_NO_RANGE,
	};
	uint16_t bit = 1u << r;

	if (is_btf_ptr(v))
		a->btf |= bit;
	if (!claim_checkable(v->kind) || (a->other & bit)) {
		a->other |= bit;
		return;
	}
	if (!(a->ptr & bit)) {
		a->ptr |= bit;
		*p = n;
		return;
	}
	if (p->kind != n.kind || p->frame != n.frame || p->map != n.map) {
		a->other |= bit;
		return;
	}
	p->omin = n.omin < p->omin ? n.omin : p->omin;
	p->omax = n.omax > p->omax ? n.omax : p->omax;
	if (n.pkt_ahead < p->pkt_ahead)
		p->pkt_ahead = n.pkt_ahead;
}

/* Join the current frame's stack into the claim at pc. */
static void claim_stack(struct bc_claim *a, const struct bc_vframe *f,
			uint64_t slive, uint32_t frame, bool first)
{
	uint64_t spill = 0, zero[8] = { 0 };

	if (!first && a->sframe != frame)
		a->sframe = 0xff;
	if (a->sframe == 0xff)
		return;
	for (int k = 0; k < BC_SLOTS; k++) {
		if (f->stype[8 * k] == VS_SPILL &&
		    f->spill[k].kind == VK_SCALAR && (slive >> k & 1))
			spill |= 1ull << k;
	}
	for (int i = 0; i < BC_STACK; i++)
		if (f->stype[i] == VS_ZERO && (slive >> (i / 8) & 1))
			zero[i / 64] |= 1ull << (i % 64);
	if (first) {
		a->sframe = (uint8_t)frame;
		a->sspill = spill;
		memcpy(a->szero, zero, sizeof(zero));
		if (spill)
			a->ss = bc_xcalloc(BC_SLOTS, sizeof(*a->ss));
		for (int k = 0; k < BC_SLOTS; k++)
			if (spill >> k & 1)
				a->ss[k] = f->spill[k].s;
		return;
	}
	a->sspill &= spill;
	for (int w = 0; w < 8; w++)
		a->szero[w] &= zero[w];
	for (int k = 0; k < BC_SLOTS; k++)
		if (a->sspill >> k & 1)
			bc_scalar_join(&a->ss[k], &f->spill[k].s);
}

void bc_claims_record_btf(struct bc_claims *cl, uint32_t pc,
			  const struct bc_vframe *f)
{
	struct bc_claim *a;

	if (pc >= cl->insn_cnt)
		return;
	if (!cl->at[pc]) {
		cl->at[pc] = bc_xcalloc(1, sizeof(*cl->at[pc]));
		cl->at[pc]->sframe = 0xff;
	}
	a = cl->at[pc];
	for (int r = 0; r <= 10; r++)
		if (is_btf_ptr(&f->regs[r]))
			a->btf |= 1u << r;
}

void bc_claims_record(struct bc_claims *cl, uint32_t pc, uint16_t live,
		      uint64_t slive, const struct bc_vframe *f,
		      uint32_t frameno)
{
	struct bc_claim *a;
	bool first;

	if (pc >= cl->insn_cnt)
		return;
	first = !cl->at[pc];
	if (first)
		cl->at[pc] = bc_xcalloc(1, sizeof(*cl->at[pc]));
	a = cl->at[pc];
	claim_stack(a, f, slive, frameno, first);
	for (int r = 0; r <= 10; r++) {
		const struct bc_vreg *v = &f->regs[r];

		if (!(live & (1u << r)))
			continue;
		if (v->kind != VK_SCALAR) {
			claim_ptr(a, r, v);
		} else if (!(a->scalar & (1u << r))) {
			a->scalar |= 1u << r;
			a->s[r] = v->s;
		} else {
			bc_scalar_join(&a->s[r], &v->s);
		}
	}
}
