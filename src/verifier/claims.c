// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* Register claims of the verifier, for the soundness oracle (vclaims.h). */
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
static const struct bc_claim *claim_at(const struct bc_claims *c,
				       uint32_t pc, int r, bool ptr)
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

bool bc_claims_check(const struct bc_claims *c, uint32_t pc, int r,
		     uint64_t v, char *buf, size_t len)
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
			 uint64_t v, const struct bc_claim_bases *b,
			 char *buf, size_t len)
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
			return true;	/* not this call chain */
		ok = in_range(p, (int64_t)(v - b->fp[p->frame]));
		break;
	case VK_CTX:
		ok = in_range(p, (int64_t)(v - b->ctx));
		break;
	case VK_PKT:
		ok = in_range(p, (int64_t)(v - b->data)) &&
		     (p->pkt_ahead == BC_CLAIM_NO_RANGE ||
		      (int64_t)(b->data_end - v) >= p->pkt_ahead);
		break;
	case VK_PKT_META:
		ok = in_range(p, (int64_t)(v - b->data_meta));
		break;
	case VK_PKT_END:
		ok = v == b->data_end;
		break;
	case VK_MAP_VALUE:
		ok = b->map_has(b->vm, p->map, v, p->omin, p->omax);
		break;
	default:
		return true;
	}
	if (ok)
		return true;
	if (p->kind == VK_PKT && p->pkt_ahead != BC_CLAIM_NO_RANGE)
		snprintf(buf, len, "%s(off=%" PRId64 "..%" PRId64 ", %" PRId64
			 " bytes proven past it)", bc_vkind_name(p->kind),
			 p->omin, p->omax, p->pkt_ahead);
	else
		snprintf(buf, len, "%s(off=%" PRId64 "..%" PRId64 ")",
			 bc_vkind_name(p->kind), p->omin, p->omax);
	return false;
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
				snprintf(buf, len, "fp%d = %#x is outside the "
					 "claim zero", 8 * k + b - 512, byte);
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
