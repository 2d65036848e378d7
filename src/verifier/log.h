/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * The verifier log in Linux's format (kernel/bpf/log.c): each instruction
 * with its source line and, inline, the registers and stack slots it
 * touched; at level 1 only the path being explored is kept (a branch's
 * log is cut back when its path ends, as pop_stack does), at level 2
 * everything, with "from X to Y:" where a pending branch resumes.
 */
#ifndef BC_VERIFIER_LOG_H
#define BC_VERIFIER_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct venv;
struct bc_vstate;

/*
 * What is kept of the log: buf holds its last len bytes, which start at
 * position start of everything written (older bytes rotate out, as in a
 * kernel log that is not log_fixed).
 */
struct vlog {
	char *buf;
	size_t len, cap, start;
	size_t insn_end; /* len after the last instruction line */
	size_t insn_col; /* that line's width (for the inline state) */
	bool popped; /* a branch just resumed (level 2 "from") */
	/* 1 + the current frame's stack slot a kfunc changed (an
	 * iterator's), shown with the instruction's state; 0 none */
	int scratched;
};

void vlog_printf(struct venv *e, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "0: R1=ctx() R10=fp0": the state a program starts from. */
void vlog_start(struct venv *e);
/* Before and after instruction pc is checked. */
void vlog_insn_begin(struct venv *e, uint32_t pc);
void vlog_insn_end(struct venv *e, uint32_t pc);
/* Show stack slot k of frame with this instruction's state (a kfunc's). */
void vlog_scratch_slot(struct venv *e, uint32_t frame, int k);
/* The current frame's registers and stack slots, on one line. */
void vlog_state(struct venv *e);
/* Linux's "cur state:" and "old state:" lines of an infinite loop. */
void vlog_states(struct venv *e, const struct bc_vstate *cur,
		 const struct bc_vstate *old);
/* A branch is pushed as s; the current path ends; a branch resumes. */
void vlog_push(struct venv *e, struct bc_vstate *s);
void vlog_pop(struct venv *e);
/* The current state was pruned at pc. */
void vlog_safe(struct venv *e, uint32_t pc);
/* Write what is kept to the log file. */
void vlog_flush(struct venv *e);
void vlog_free(struct venv *e);

#endif
