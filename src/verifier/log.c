// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* The verifier log in Linux's format (log.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "util/util.h"
#include "verifier/dynptr.h"
#include "verifier/env.h"
#include "verifier/kfunc.h"
#include "verifier/log.h"

/* veristat's default log buffer: older lines rotate out */
#define VLOG_MAX   (16u << 20)
#define VLOG_FLUSH (64u << 10) /* level 2 writes out as it goes */
#define VLOG_ALIGN 38 /* column of the inline state */

static bool on(const struct venv *e)
{
	return e->log && e->level >= 1;
}

/* Drop the oldest bytes so that n more fit in VLOG_MAX. */
static void rotate(struct vlog *l, size_t n)
{
	size_t drop = l->len + n + 1 > VLOG_MAX / 2 ?
			      l->len + n + 1 - VLOG_MAX / 2 :
			      0;

	drop = drop < l->len ? drop : l->len;
	memmove(l->buf, l->buf + drop, l->len - drop);
	l->len -= drop;
	l->start += drop;
	l->insn_end = l->insn_end >= drop ? l->insn_end - drop : SIZE_MAX;
}

static void vappend(struct venv *e, const char *fmt, va_list ap)
{
	struct vlog *l = &e->lg;
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0 || (size_t)n >= VLOG_MAX / 2)
		return;
	if (l->len + n + 1 > VLOG_MAX)
		rotate(l, n);
	BC_GROW(l->buf, l->cap, l->len + n + 1);
	vsnprintf(l->buf + l->len, n + 1, fmt, ap);
	l->len += n;
}

void vlog_printf(struct venv *e, const char *fmt, ...)
{
	va_list ap;

	if (!on(e))
		return;
	va_start(ap, fmt);
	vappend(e, fmt, ap);
	va_end(ap);
	if (e->level >= 2 && e->lg.len > VLOG_FLUSH &&
	    e->lg.len != e->lg.insn_end)
		vlog_flush(e);
}

/* fp-16=dynptr_ringbuf(id=1,ref_id=2,dynptr_id=1), as Linux 6.18. */
static void log_dynptr(struct venv *e, int k, const struct bc_vreg *s)
{
	vlog_printf(e, " fp%d=dynptr_%s(id=%u", 8 * k - BC_STACK,
		    vd_type_str((uint8_t)s->map), s->id);
	if (s->ref_id)
		vlog_printf(e, ",ref_id=%u", s->ref_id);
	vlog_printf(e, ",dynptr_id=%u)", s->id);
}

/* The stack slot k as Linux prints it: a spilled register, or a
 * character per byte from its highest address down. */
static void log_slot(struct venv *e, const struct bc_vframe *f, int k,
		     uint32_t depth)
{
	static const char byte_char[] = {
		[VS_INVALID] = '?', [VS_MISC] = 'm', [VS_ZERO] = '0', [VS_SPILL] = 'r'
	};
	const uint8_t *t = &f->stype[8 * k];
	/* (only a spill, an iterator or a dynptr holds a register) */
	const struct bc_vreg *s = t[0] >= VS_SPILL ? &f->spill[k] : NULL;
	char buf[320];

	if (t[0] == VS_ITER) { /* its first slot holds the reference */
		if (s->ref_id)
			vlog_printf(e,
				    " fp%d=iter_%s(ref_id=%u,state=%s,"
				    "depth=%u)",
				    8 * k - BC_STACK, vk_iter_kind_name(s),
				    s->ref_id,
				    s->off == VK_ITER_ACTIVE ? "active" :
							       "drained",
				    depth);
		return;
	}
	if (t[0] == VS_DYNPTR) { /* printed at its first (lower) slot */
		if (!s->mem_size)
			log_dynptr(e, k, s);
		return;
	}
	if (t[0] == VS_SPILL) {
		bc_vreg_fmt_obj(&f->spill[k], e->obj, buf, sizeof(buf));
	} else {
		for (int i = 0; i < 8; i++)
			buf[i] = byte_char[t[7 - i] & 3];
		buf[8] = 0;
	}
	vlog_printf(e, " fp%d=%s", 8 * k - BC_STACK, buf);
}

static bool slot_used(const struct bc_vframe *f, int k)
{
	const uint8_t *t = &f->stype[8 * k];

	return t[0] == VS_SPILL || (t[0] == VS_ITER && f->spill[k].ref_id) ||
	       (t[0] == VS_DYNPTR && !f->spill[k].mem_size) ||
	       memchr(t, VS_MISC, 8) || memchr(t, VS_ZERO, 8);
}

static void frame_regs(struct venv *e, const struct bc_vframe *f, uint16_t mask)
{
	char buf[320];

	for (int r = 0; r < BC_MAX_REG; r++) {
		if (!(mask & (1u << r)) || f->regs[r].kind == VK_NOT_INIT)
			continue;
		bc_vreg_fmt_obj(&f->regs[r], e->obj, buf, sizeof(buf));
		vlog_printf(e, " R%d=%s", r, buf);
	}
}

static void log_regs(struct venv *e, uint16_t mask)
{
	frame_regs(e, vc_frame(e), mask);
}

/* " refs=1,2": the references held, as print_verifier_state ends. */
static void log_refs(struct venv *e, const struct bc_vstate *st)
{
	for (uint32_t i = 0; i < st->ref_cnt; i++)
		vlog_printf(e, "%s%u", i ? "," : " refs=", st->refs[i].id);
}

static void frame_state(struct venv *e, const struct bc_vstate *st)
{
	const struct bc_vframe *f = st->frames[st->curframe];

	frame_regs(e, f, 0xffff);
	for (int k = BC_SLOTS - 1; k >= 0; k--)
		if (slot_used(f, k))
			log_slot(e, f, k, st->iter_depth);
	log_refs(e, st);
	vlog_printf(e, "\n");
}

void vlog_state(struct venv *e)
{
	if (on(e))
		frame_state(e, &e->cur);
}

void vlog_scratch_slot(struct venv *e, uint32_t frame, int k)
{
	if (on(e) && frame == e->cur.curframe)
		e->lg.scratched = k + 1;
}

void vlog_states(struct venv *e, const struct bc_vstate *cur,
		 const struct bc_vstate *old)
{
	if (!on(e))
		return;
	vlog_printf(e, "cur state:");
	frame_state(e, cur);
	if (old->frames[old->curframe]) {
		vlog_printf(e, "old state:");
		frame_state(e, old);
	}
}

void vlog_start(struct venv *e)
{
	if (!on(e))
		return;
	vlog_printf(e, "%u:", e->cur.pc);
	vlog_state(e);
}

void vlog_insn_begin(struct venv *e, uint32_t pc)
{
	char buf[256];
	size_t start;

	if (!on(e))
		return;
	/* a branch resumes: its state (level 1 as print_insn_state) */
	if (e->lg.popped && e->level >= 2)
		vlog_printf(e, "\nfrom %u to %u:", e->cur.from, pc);
	else if (e->lg.popped)
		vlog_printf(e, "%u:", pc);
	if (e->lg.popped)
		vlog_state(e);
	e->lg.popped = false;
	if (e->prog->lines) {
		char *text = NULL;
		size_t n = 0;
		FILE *m = open_memstream(&text, &n);

		if (m) {
			bc_disasm_line(m, e->prog, pc, &e->log_line);
			fclose(m);
			vlog_printf(e, "%s", text ? text : "");
			free(text);
		}
	}
	bc_disasm_insn(e->prog, e->prog->insns, e->prog->insn_cnt, pc, buf,
		       sizeof(buf));
	start = e->lg.len;
	vlog_printf(e, "%u: (%02x) %s\n", pc, e->prog->insns[pc].code, buf);
	e->lg.insn_end = e->lg.len;
	e->lg.insn_col = e->lg.len - start - 1;
}

/* The stack slot a store at pc wrote, or -1. */
static int stored_slot(struct venv *e, uint32_t pc)
{
	const struct bpf_insn *in = &e->prog->insns[pc];
	const struct bc_vreg *d = &vc_frame(e)->regs[in->dst_reg & 15];
	int64_t off;

	if ((BPF_CLASS(in->code) != BPF_STX && BPF_CLASS(in->code) != BPF_ST) ||
	    in->dst_reg >= BC_MAX_REG || d->kind != VK_FP ||
	    d->frame != e->cur.curframe || !bc_scalar_is_const(&d->s))
		return -1;
	off = d->off + (int64_t)d->s.var_off.value + in->off;
	if (off < -BC_STACK || off >= 0)
		return -1;
	return (int)((off + BC_STACK) / 8);
}

void vlog_insn_end(struct venv *e, uint32_t pc)
{
	struct vlog *l = &e->lg;
	uint16_t mask;
	int slot;

	if (!on(e) || l->len != l->insn_end || !l->len) {
		l->scratched = 0;
		return;
	}
	mask = (e->use[pc] | e->def[pc]) & 0x7ff;
	slot = l->scratched ? l->scratched - 1 : stored_slot(e, pc);
	l->scratched = 0;
	if (!mask && slot < 0)
		return;
	l->len--; /* the inline state goes on the instruction's line */
	vlog_printf(e, "%*s;",
		    l->insn_col < VLOG_ALIGN ? (int)(VLOG_ALIGN - l->insn_col) :
					       1,
		    "");
	log_regs(e, mask);
	if (slot >= 0)
		log_slot(e, vc_frame(e), slot, e->cur.iter_depth);
	log_refs(e, &e->cur);
	vlog_printf(e, "\n");
}

void vlog_push(struct venv *e, struct bc_vstate *s)
{
	s->log_pos = e->lg.start + e->lg.len;
	s->from = e->cur.pc;
}

void vlog_pop(struct venv *e)
{
	struct vlog *l = &e->lg;

	if (!on(e))
		return;
	/* level 1 keeps only the path being explored (Linux's pop_log) */
	if (e->level == 1 && e->cur.log_pos <= l->start + l->len) {
		if (e->cur.log_pos >= l->start) {
			l->len = e->cur.log_pos - l->start;
		} else { /* the branch point rotated out */
			l->start = e->cur.log_pos;
			l->len = 0;
		}
	}
	l->popped = true;
}

void vlog_safe(struct venv *e, uint32_t pc)
{
	if (!on(e))
		return;
	if (e->lg.popped)
		vlog_printf(e, "\nfrom %u to %u: safe\n", e->cur.from, pc);
	else
		vlog_printf(e, "%u: safe\n", pc);
}

void vlog_flush(struct venv *e)
{
	if (!e->log || !e->lg.len)
		return;
	fwrite(e->lg.buf, 1, e->lg.len, e->log);
	e->lg.start += e->lg.len;
	e->lg.len = 0;
	e->lg.insn_end = SIZE_MAX;
}

void vlog_free(struct venv *e)
{
	free(e->lg.buf);
	e->lg.buf = NULL;
}
