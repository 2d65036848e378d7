// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The verifier's services to its checkers and its search: errors, the
 * log, register checks, references, forks and checkpoints (env.h).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "platform/kbtf.h"
#include "util/util.h"
#include "verifier/env.h"
#include "verifier/precision.h"

int vc_err(struct venv *e, uint32_t pc, const char *fmt, ...)
{
	va_list ap;

	if (e->failed)
		return -1;
	e->failed = true;
	va_start(ap, fmt);
	vsnprintf(e->res->error, sizeof(e->res->error), fmt, ap);
	va_end(ap);
	e->res->error_insn = pc;
	vlog_printf(e, "%s\n", e->res->error);
	return -1;
}

bool vc_recover_speculative(struct venv *e)
{
	/* before Linux 6.17 the error stands: no nospec fallback */
	if (!e->failed || e->fatal || !e->cur.speculative ||
	    !e->kern->nospec_fallback)
		return false;
	e->failed = false;
	e->res->error[0] = 0;
	e->res->error_insn = -1;
	e->detail[0] = 0;
	return true;
}

/*
 * A line Linux prints above its error (e.g. "invalid access to map value,
 * value_size=64 off=64 size=1"): in the log, and kept for the result.
 */
void vc_log(struct venv *e, const char *fmt, ...)
{
	size_t n = strlen(e->detail);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->detail + n, sizeof(e->detail) - n, fmt, ap);
	va_end(ap);
	vlog_printf(e, "%s", e->detail + n);
}

int vc_check_read(struct venv *e, uint32_t pc, int r)
{
	const struct bc_vreg *reg = vc_reg(e, r);

	if (reg->kind == VK_NOT_INIT)
		return vc_err(e, pc, "R%d !read_ok", r);
	return 0;
}

int vc_check_write(struct venv *e, uint32_t pc, int r)
{
	if (r == 10)
		return vc_err(e, pc, "frame pointer is read only");
	return 0;
}

void vc_for_each_reg(struct venv *e, void (*fn)(struct bc_vreg *, void *),
		     void *arg)
{
	bc_vstate_for_each_reg(&e->cur, fn, arg);
}

struct kill_arg {
	uint32_t ref;
	bool priv;
};

/* A copy of a released reference is invalid (bc_vreg_invalid). */
static void kill_ref_fn(struct bc_vreg *r, void *a)
{
	struct kill_arg *ka = a;

	if (r->ref_id && r->ref_id == ka->ref)
		bc_vreg_invalid(r, ka->priv);
}

void vc_release_ref(struct venv *e, uint32_t ref)
{
	struct bc_vstate *st = &e->cur;
	struct kill_arg ka = { ref, e->priv };

	for (uint32_t i = 0; i < st->ref_cnt; i++) {
		if (st->refs[i].id != ref)
			continue;
		st->refs[i] = st->refs[--st->ref_cnt];
		break;
	}
	vc_for_each_reg(e, kill_ref_fn, &ka);
}

int vc_push(struct venv *e, uint32_t pc)
{
	struct bc_vstate *s;

	if (e->stack_n >= 8192)
		return vc_err_fatal(e, pc,
				    "The sequence of %zu jumps is too complex.",
				    e->stack_n + 1);
	BC_GROW(e->stack, e->stack_cap, e->stack_n + 1);
	s = &e->stack[e->stack_n++];
	bc_vstate_copy(s, &e->cur);
	s->pc = pc;
	s->path_len = e->hist_n;
	vlog_push(e, s);
	if (s->parent)
		s->parent->branches++;
	return 0;
}

int vc_push_spec(struct venv *e, uint32_t pc, int r1, int r2)
{
	struct bc_vstate *s;

	if (e->priv)
		return 0;
	if (vc_push(e, pc))
		return -1;
	s = &e->stack[e->stack_n - 1];
	s->speculative = true;
	if (r1 >= 0)
		bc_vreg_scalar(&s->frames[s->curframe]->regs[r1]);
	if (r2 >= 0)
		bc_vreg_scalar(&s->frames[s->curframe]->regs[r2]);
	return 0;
}

void vc_restore(struct venv *e, struct bc_vstate *saved)
{
	saved->parent = e->cur.parent;
	bc_vstate_free(&e->cur);
	e->cur = *saved;
}

static size_t seen_slot(const struct venv *e, uint32_t pc, uint64_t key)
{
	return (size_t)((key ^ (pc * 0x9e3779b97f4a7c15ull)) *
				0xc4ceb9fe1a85ec53ull >>
			17) &
	       (e->seen_cap - 1);
}

static void seen_add(struct venv *e, struct bc_vchk *c, uint32_t pc)
{
	size_t i;

	if (2 * (e->seen_n + 1) > e->seen_cap) {
		struct bc_vchk **old = e->seen;
		size_t n = e->seen_cap;

		e->seen_cap = n ? 2 * n : 1024;
		e->seen = bc_xcalloc(e->seen_cap, sizeof(*e->seen));
		e->seen_n = 0;
		for (size_t j = 0; j < n; j++)
			if (old[j])
				seen_add(e, old[j], old[j]->st.pc);
		free(old);
	}
	c->st.pc = pc;
	for (i = seen_slot(e, pc, c->key); e->seen[i];
	     i = (i + 1) & (e->seen_cap - 1))
		;
	e->seen[i] = c;
	e->seen_n++;
}

/* Evicted checkpoints are judged by their hash alone. */
const struct bc_vchk *vc_looping(struct venv *e, uint32_t pc, uint64_t key,
				 const uint16_t *live)
{
	if (!e->seen_cap)
		return NULL;
	for (size_t i = seen_slot(e, pc, key); e->seen[i];
	     i = (i + 1) & (e->seen_cap - 1)) {
		struct bc_vchk *c = e->seen[i];

		if (c->key != key || c->st.pc != pc || !c->branches ||
		    c->st.may_goto_depth != e->cur.may_goto_depth ||
		    c->st.iter_depth != e->cur.iter_depth ||
		    c->st.callback_unroll_depth !=
			    e->cur.callback_unroll_depth ||
		    (c->st.speculative && !e->cur.speculative))
			continue;
		if (!c->st.frames[0] ||
		    bc_vstate_subsumes(&c->st, &e->cur, live, BC_SUB_EXACT, 0))
			return c;
	}
	return NULL;
}

struct bc_vchk *vc_checkpoint(struct venv *e, uint32_t pc, uint64_t key)
{
	struct bc_vchk *c = bc_xcalloc(1, sizeof(*c));

	bc_vstate_copy(&c->st, &e->cur);
	vp_checkpoint(e, c, pc);
	c->st.parent = NULL;
	c->parent = e->cur.parent;
	c->branches = 1;
	c->seq = ++e->chk_seq;
	c->next = e->chk[pc];
	e->chk[pc] = c;
	e->cur.parent = c;
	e->last_chk = e->processed;
	e->last_jmps = e->jmps;
	e->states++;
	e->live_states++;
	if (e->live_states > e->res->peak_states)
		e->res->peak_states = e->live_states;
	if (++e->chk_cnt[pc] > e->res->max_states_per_insn)
		e->res->max_states_per_insn = e->chk_cnt[pc];
	c->key = key;
	if (key)
		seen_add(e, c, pc);
	return c;
}

void vc_kbtf_ask(const struct venv *e)
{
	struct venv *w = (struct venv *)e; /* a cache: e is unchanged */

	w->kbtf_parsed = bc_kernel_btf_get(e->obj->kbtf, NULL);
	w->kbtf_asked = true;
	if (e->obj->kbtf && !w->kbtf_parsed)
		e->res->kbtf_unreadable = true;
}

bool vc_kbtf_is_kernels(const struct venv *e)
{
	const struct bc_kernel_btf *kb = e->obj->kbtf;

	if (e->kern == bc_kernel_running())
		return true;
	return kb && kb->path && strcmp(kb->path, BC_KBTF_DEFAULT);
}
