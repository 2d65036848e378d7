// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The causal path of a rejection (causal.h): a dynamic slice of the
 * failing path. One pass forward over its history links each instruction
 * to the ones that wrote what it read (registers per frame, stack slots
 * at known offsets); the slice is what the faulting instruction's values
 * came from, and a conditional jump belongs to the path when it compared
 * a value derived from the slice (a packet pointer's copy checked against
 * data_end, a lookup's result checked for NULL), bringing in what it
 * compared with.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "asm/disasm.h"
#include "util/util.h"
#include "verifier/causal.h"
#include "verifier/global.h"
#include "verifier/precision.h"

/* History entries looked at, the nearest to the fault. */
#define CP_WINDOW (1u << 16)
#define CP_SRCS	  4
/* With no value to follow (a register never written): the path's last
 * turns, the conditional jumps nearest to the fault. */
#define CP_LAST_TURNS 4
/* Rounds of jumps bringing in what they compared. */
#define CP_ROUNDS 4
/* A register's writer: none seen (-1: since the function's entry, or
 * before the window), or the function's entry (-2): an argument it was
 * verified with (the program's context) */
#define CP_NONE	 (-1)
#define CP_ENTRY (-2)

/* CN_BACK: a goto back (a loop's), a turn when nothing else is */
enum { CN_OTHER, CN_DEF, CN_BRANCH, CN_BACK };

/* One executed instruction, and the nodes that wrote what it read. */
struct cnode {
	int32_t src[CP_SRCS];
	uint8_t kind;
	bool mark; /* in the slice: the fault depends on what it wrote */
	bool taint; /* what it wrote derives from the slice */
	bool rel; /* a jump on the path */
	bool entry; /* read an argument of the function's entry */
};

/* The node that last wrote each register and stack slot, or -1. */
struct cdefs {
	int32_t reg[BC_MAX_CALL_FRAMES][BC_MAX_REG];
	int32_t slot[BC_MAX_CALL_FRAMES][BC_SLOTS];
};

struct cwalk {
	const struct venv *e;
	/* the window: history entries [start, end); the instruction at
	 * fault is entry end when fault, else the one about to run (a
	 * limit or a loop found when the search came back to fault_pc) */
	size_t start, end;
	bool fault;
	uint32_t fault_pc;
	/* where each frame's function was entered in the window (-1: before
	 * it), and the entry the slice reaches, when it does (-1) */
	int64_t entry_pc[BC_MAX_CALL_FRAMES];
	int64_t entry;
	struct cnode *n; /* n[i - start] for history entry i */
	struct cdefs d;
};

static const struct vhist *hist_at(const struct cwalk *w, size_t i)
{
	return &w->e->hist[i];
}

static const struct bpf_insn *insn_at(const struct cwalk *w, size_t i)
{
	return &w->e->prog->insns[w->e->hist[i].pc];
}

static void add_src(struct cnode *n, int32_t s)
{
	n->entry |= s == CP_ENTRY;
	if (s < 0)
		return;
	for (int k = 0; k < CP_SRCS; k++) {
		if (n->src[k] == s)
			return;
		if (n->src[k] < 0) {
			n->src[k] = s;
			return;
		}
	}
}

static void frame_reset(struct cdefs *d, unsigned f)
{
	memset(d->reg[f], 0xff, sizeof(d->reg[f]));
	memset(d->slot[f], 0xff, sizeof(d->slot[f]));
}

static void clobber_args(struct cdefs *d, unsigned f)
{
	memset(&d->reg[f][1], 0xff, 5 * sizeof(d->reg[f][1]));
}

/* Entry i runs in another frame than the entry before: a call or return. */
static void change_frame(struct cwalk *w, size_t i)
{
	unsigned f = hist_at(w, i)->frame, pf = hist_at(w, i - 1)->frame;
	struct cdefs *d = &w->d;

	if (f >= BC_MAX_CALL_FRAMES || pf >= BC_MAX_CALL_FRAMES || f == pf)
		return;
	if (f > pf) {
		for (unsigned k = pf + 1; k <= f; k++) {
			frame_reset(d, k);
			w->entry_pc[k] = -1;
		}
		w->entry_pc[f] = hist_at(w, i)->pc;
		/* a bpf-to-bpf call passes r1-r5; a callback's come from
		 * its helper */
		if (f == pf + 1 && bc_is_pseudo_call(insn_at(w, i - 1)))
			memcpy(&d->reg[f][1], &d->reg[pf][1],
			       5 * sizeof(d->reg[f][1]));
		return;
	}
	d->reg[f][0] = d->reg[pf][0]; /* the callee's return value */
	clobber_args(d, f);
}

static uint8_t note_alu(struct cwalk *w, unsigned f, const struct bpf_insn *in,
			struct cnode *n, int32_t node)
{
	uint8_t op = bc_op(in);

	if (in->dst_reg >= BC_MAX_REG)
		return CN_OTHER;
	if (op != BPF_MOV)
		add_src(n, w->d.reg[f][in->dst_reg]);
	if (bc_srcbit(in) && op != BPF_NEG && op != BPF_END &&
	    in->src_reg < BC_MAX_REG)
		add_src(n, w->d.reg[f][in->src_reg]);
	w->d.reg[f][in->dst_reg] = node;
	return CN_DEF;
}

/* A load: a fill reads the slots' writers; other memory is a new value. */
static uint8_t note_load(struct cwalk *w, const struct vhist *h,
			 const struct bpf_insn *in, struct cnode *n,
			 int32_t node)
{
	if ((h->flags & VH_FILL) && h->sframe < BC_MAX_CALL_FRAMES)
		for (int k = h->slot; k <= h->slot_last && k < BC_SLOTS; k++)
			add_src(n, w->d.slot[h->sframe][k]);
	if (in->dst_reg < BC_MAX_REG)
		w->d.reg[h->frame][in->dst_reg] = node;
	return CN_DEF;
}

/* A store writes stack slots at a known offset (a spill: its source). */
static uint8_t note_store(struct cwalk *w, const struct vhist *h,
			  const struct bpf_insn *in, struct cnode *n,
			  int32_t node)
{
	unsigned sf = h->sframe;

	if (!(h->flags & (VH_SPILL | VH_SPILL_IMM | VH_STW)) ||
	    sf >= BC_MAX_CALL_FRAMES)
		return CN_OTHER;
	if ((h->flags & VH_SPILL) && in->src_reg < BC_MAX_REG)
		add_src(n, w->d.reg[h->frame][in->src_reg]);
	for (int k = h->slot; k <= h->slot_last && k < BC_SLOTS; k++)
		w->d.slot[sf][k] = node;
	return CN_DEF;
}

/* A helper, kfunc or global function writes r0; a subprogram entered
 * is followed into (change_frame) and defines nothing itself. */
static uint8_t note_call(struct cwalk *w, size_t i, int32_t node)
{
	unsigned f = hist_at(w, i)->frame;

	if (bc_is_pseudo_call(insn_at(w, i)) && i + 1 < w->e->hist_n &&
	    hist_at(w, i + 1)->frame > f)
		return CN_OTHER;
	w->d.reg[f][0] = node;
	clobber_args(&w->d, f);
	return CN_DEF;
}

static uint8_t note_atomic(struct cwalk *w, unsigned f,
			   const struct bpf_insn *in, int32_t node)
{
	if (in->imm == BPF_CMPXCHG)
		w->d.reg[f][0] = node;
	else if ((in->imm & BPF_FETCH) && in->src_reg < BC_MAX_REG)
		w->d.reg[f][in->src_reg] = node;
	else
		return CN_OTHER;
	return CN_DEF;
}

static void add_node(struct cwalk *w, size_t i)
{
	const struct vhist *h = hist_at(w, i);
	const struct bpf_insn *in = insn_at(w, i);
	int32_t node = (int32_t)(i - w->start);
	struct cnode *n = &w->n[node];
	unsigned f = h->frame;

	memset(n->src, 0xff, sizeof(n->src));
	if (f >= BC_MAX_CALL_FRAMES)
		return;
	switch (bc_insn_kind(in)) {
	case BC_INSN_ALU:
	case BC_INSN_ALU64: n->kind = note_alu(w, f, in, n, node); break;
	case BC_INSN_LDX: n->kind = note_load(w, h, in, n, node); break;
	case BC_INSN_ST:
	case BC_INSN_STX: n->kind = note_store(w, h, in, n, node); break;
	case BC_INSN_ATOMIC: n->kind = note_atomic(w, f, in, node); break;
	case BC_INSN_LDDW:
		w->d.reg[f][in->dst_reg < BC_MAX_REG ? in->dst_reg : 0] = node;
		n->kind = CN_DEF;
		break;
	case BC_INSN_LD_PKT:
		w->d.reg[f][0] = node;
		clobber_args(&w->d, f);
		n->kind = CN_DEF;
		break;
	case BC_INSN_CALL: n->kind = note_call(w, i, node); break;
	case BC_INSN_JMP:
	case BC_INSN_JMP32:
		if (in->dst_reg < BC_MAX_REG)
			add_src(n, w->d.reg[f][in->dst_reg]);
		if (bc_srcbit(in) && in->src_reg < BC_MAX_REG)
			add_src(n, w->d.reg[f][in->src_reg]);
		n->kind = CN_BRANCH;
		break;
	case BC_INSN_JA:
		n->kind = bc_jmp_target(in, h->pc) <= h->pc ? CN_BACK :
							      CN_OTHER;
		break;
	case BC_INSN_MAY_GOTO: n->kind = CN_BRANCH; break;
	case BC_INSN_EXIT:
	case BC_INSN_UNKNOWN: n->kind = CN_OTHER; break;
	}
}

/*
 * The arguments of the function the history starts in, when the window
 * starts there: the program's context, or a global function's
 * arguments (verified on its own, from its prototype).
 */
static void mark_entry_args(struct cwalk *w)
{
	const struct vhist *h = hist_at(w, 0);
	const struct bc_func *g = vg_global_func(w->e, h->pc);
	unsigned args = g ? g->arg_cnt : 1;

	if (w->start || h->frame >= BC_MAX_CALL_FRAMES)
		return;
	for (unsigned r = 1; r <= args && r <= 5; r++)
		w->d.reg[h->frame][r] = CP_ENTRY;
}

static void walk_forward(struct cwalk *w)
{
	for (unsigned f = 0; f < BC_MAX_CALL_FRAMES; f++) {
		frame_reset(&w->d, f);
		w->entry_pc[f] = -1;
	}
	w->entry = -1;
	if (!w->start && hist_at(w, 0)->frame < BC_MAX_CALL_FRAMES)
		w->entry_pc[hist_at(w, 0)->frame] = hist_at(w, 0)->pc;
	mark_entry_args(w);
	for (size_t i = w->start; i < w->end; i++) {
		if (i > w->start)
			change_frame(w, i);
		add_node(w, i);
	}
	if (w->fault && w->end > w->start)
		change_frame(w, w->end);
}

/* The register a message names first ("R2 offset is ..."), or -1. */
static int named_reg(const char *s)
{
	for (const char *p = s; (p = strchr(p, 'R')); p++) {
		char *end;
		long r;

		if ((p > s &&
		     (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    !isdigit((unsigned char)p[1]))
			continue;
		r = strtol(p + 1, &end, 10);
		if (r < BC_MAX_REG && !isalnum((unsigned char)*end))
			return (int)r;
	}
	return -1;
}

/*
 * The registers the fault is about: the one Linux's message names, else
 * an access's pointer, else all the instruction reads.
 */
static uint16_t fault_regs(const struct cwalk *w)
{
	const struct venv *e = w->e;
	const struct bpf_insn *in = insn_at(w, w->end);
	int r = named_reg(e->res->error);

	if (r < 0)
		r = named_reg(e->detail);
	if (r >= 0)
		return (uint16_t)(1u << r);
	switch (bc_insn_kind(in)) {
	case BC_INSN_LDX: return (uint16_t)(1u << in->src_reg);
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_ATOMIC: return (uint16_t)(1u << in->dst_reg);
	default: return e->use ? e->use[hist_at(w, w->end)->pc] : 0;
	}
}

static bool is_leak(const struct venv *e)
{
	return e->cur.ref_cnt &&
	       (strstr(e->res->error, "reference leak") ||
		strstr(e->res->error, "Unreleased reference"));
}

/*
 * The stack slots an access at fault makes through the frame pointer
 * itself (a fill's spill, a store over one), as a mask of frame f's.
 */
static uint64_t fault_slots(const struct cwalk *w)
{
	const struct bpf_insn *in = insn_at(w, w->end);
	int base = bc_insn_kind(in) == BC_INSN_LDX ? in->src_reg : in->dst_reg;
	int64_t lo = in->off, hi = lo + bc_size_bytes(bc_size(in)) - 1;
	uint64_t m = 0;

	switch (bc_insn_kind(in)) {
	case BC_INSN_LDX:
	case BC_INSN_ST:
	case BC_INSN_STX:
	case BC_INSN_ATOMIC: break;
	default: return 0;
	}
	if (base != 10 || lo < -BC_STACK || hi >= 0)
		return 0;
	for (int64_t k = (BC_STACK + lo) / 8; k <= (BC_STACK + hi) / 8; k++)
		m |= 1ull << k;
	return m;
}

/*
 * A number used as a pointer that was a packet pointer: the calls that
 * moved the packet since it was written (they made it a number).
 */
static void mark_pkt_moved(struct cwalk *w, uint16_t regs, unsigned f)
{
	size_t from = w->end;

	if (!strstr(w->e->res->error, "invalid mem access 'scalar'"))
		return;
	for (int r = 0; r < 10; r++)
		if ((regs & (1u << r)) && w->d.reg[f][r] >= 0 &&
		    w->start + (size_t)w->d.reg[f][r] < from)
			from = w->start + (size_t)w->d.reg[f][r];
	for (size_t i = from; i < w->end; i++)
		if (hist_at(w, i)->flags & VH_PKT_MOVED)
			w->n[i - w->start].mark = true;
}

/* A call that takes or drops a lock, RCU or preemption or IRQ state. */
static bool lock_call(const struct cwalk *w, size_t i)
{
	const struct bc_prog *p = w->e->prog;
	char buf[128];

	if (bc_insn_kind(insn_at(w, i)) != BC_INSN_CALL ||
	    bc_disasm_insn(p, p->insns, p->insn_cnt, hist_at(w, i)->pc, buf,
			   sizeof(buf)) < 0)
		return false;
	return strstr(buf, "lock") || strstr(buf, "preempt") ||
	       strstr(buf, "irq");
}

/*
 * A fault about a lock, RCU, preemption or IRQ region: the calls on the
 * path that entered or left one made the state it is about; for a region
 * left open, the jumps since the first too.
 */
static void mark_lock_calls(struct cwalk *w)
{
	static const char *const words[] = { "lock", "rcu", "RCU", "preempt",
					     "irq" };
	const char *m = w->e->res->error;
	size_t first = w->end;
	bool about = false;

	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		about |= strstr(m, words[k]) != NULL;
	for (size_t i = w->start; about && i < w->end; i++) {
		if (!lock_call(w, i))
			continue;
		first = first < i ? first : i;
		w->n[i - w->start].mark = true;
	}
	/* a region left open: as a leak, the way around its end */
	for (size_t i = first; strstr(m, "missing") && i < w->end; i++)
		w->n[i - w->start].rel |= w->n[i - w->start].kind == CN_BRANCH;
}

/* The values of fault_regs and fault_slots: the slice's seeds. */
static void mark_fault_seeds(struct cwalk *w)
{
	unsigned f = hist_at(w, w->end)->frame;
	uint16_t regs;
	uint64_t slots;

	if (f >= BC_MAX_CALL_FRAMES)
		return;
	regs = fault_regs(w);
	slots = fault_slots(w);
	for (int r = 0; r < 10; r++) {
		int32_t d = w->d.reg[f][r];

		if (!(regs & (1u << r)))
			continue;
		if (d >= 0)
			w->n[d].mark = true;
		/* an argument, or a register nothing wrote since */
		else if (d == CP_ENTRY)
			w->entry = hist_at(w, 0)->pc;
		else if (w->entry_pc[f] >= 0)
			w->entry = w->entry_pc[f];
	}
	for (int k = 0; k < BC_SLOTS; k++) {
		if (!(slots & (1ull << k)))
			continue;
		if (w->d.slot[f][k] >= 0)
			w->n[w->d.slot[f][k]].mark = true;
		/* a read of a slot nothing wrote since the function began
		 * (a helper's writes are not in the history: only when
		 * the verifier found it unwritten too) */
		else if (w->entry_pc[f] >= 0 &&
			 strstr(w->e->res->error, "invalid read from stack"))
			w->entry = w->entry_pc[f];
	}
	mark_pkt_moved(w, regs, f);
	mark_lock_calls(w);
}

/*
 * A leak: the calls that acquired the references still held are the
 * slice, and every conditional jump since the first is on the path (the
 * way around the release). Else the values the fault is about.
 */
static void mark_seeds(struct cwalk *w)
{
	const struct bc_vstate *st = &w->e->cur;
	size_t first = w->end;

	if (!is_leak(w->e)) {
		mark_fault_seeds(w);
		return;
	}
	for (uint32_t k = 0; k < st->ref_cnt; k++)
		for (size_t i = w->end; i-- > w->start;) {
			if (hist_at(w, i)->pc != st->refs[k].insn)
				continue;
			w->n[i - w->start].mark = true;
			first = i < first ? i : first;
			break;
		}
	for (size_t i = first; i < w->end; i++)
		if (w->n[i - w->start].kind == CN_BRANCH)
			w->n[i - w->start].rel = true;
}

/* The slice: what the marked nodes read, back to where it was written
 * (a node's sources are older than it: one sweep). */
static void close_marks(struct cwalk *w)
{
	for (size_t k = w->end - w->start; k-- > 0;) {
		const struct cnode *n = &w->n[k];

		if (!n->mark)
			continue;
		if (n->entry)
			w->entry = hist_at(w, 0)->pc;
		for (int s = 0; s < CP_SRCS; s++)
			if (n->src[s] >= 0)
				w->n[n->src[s]].mark = true;
	}
}

/* Jumps that compared a value derived from the slice; what they compared
 * joins it. Returns whether the slice grew. */
static bool mark_jumps(struct cwalk *w)
{
	bool grew = false;

	for (size_t k = 0; k < w->end - w->start; k++) {
		struct cnode *n = &w->n[k];

		n->taint = n->mark;
		for (int s = 0; s < CP_SRCS && !n->taint; s++)
			n->taint = n->src[s] >= 0 && w->n[n->src[s]].taint;
		if (n->kind != CN_BRANCH || !n->taint || n->rel)
			continue;
		n->rel = true;
		for (int s = 0; s < CP_SRCS; s++) {
			if (n->src[s] < 0 || w->n[n->src[s]].mark)
				continue;
			w->n[n->src[s]].mark = true;
			grew = true;
		}
	}
	return grew;
}

static uint32_t step_kind(const struct cwalk *w, size_t i)
{
	const struct cnode *n = &w->n[i - w->start];
	uint32_t pc = hist_at(w, i)->pc;
	/* the instruction that ran next: a jump's way */
	uint32_t next = i + 1 < w->e->hist_n ? hist_at(w, i + 1)->pc :
					       w->fault_pc;

	if (n->kind == CN_BACK)
		return BC_STEP_TAKEN;
	if (n->kind != CN_BRANCH)
		return BC_STEP_DEFINES;
	return next != pc + 1 ? BC_STEP_TAKEN : BC_STEP_NOT_TAKEN;
}

/*
 * The steps, each instruction once (its nearest run), the nearest
 * BC_PATH_MAX, in the order they ran, after the function's entry when
 * an argument is among the values; the fault's own insn, when it ran,
 * is the report's "at" (else it is a loop's, and a step). Returns how
 * many instructions (the entry aside).
 */
static uint32_t collect(const struct cwalk *w, struct bc_verify_result *res)
{
	uint32_t fault = w->fault_pc, cnt = 0;
	uint32_t max = BC_PATH_MAX - (w->entry >= 0);
	uint8_t *seen = bc_xcalloc(w->e->prog->insn_cnt + 1, 1);
	struct bc_path_step near[BC_PATH_MAX];

	for (size_t i = w->end; i-- > w->start && cnt < max;) {
		const struct cnode *n = &w->n[i - w->start];
		uint32_t pc = hist_at(w, i)->pc;

		if (!(n->mark && n->kind == CN_DEF) && !n->rel)
			continue;
		if ((w->fault && pc == fault) || pc >= w->e->prog->insn_cnt ||
		    seen[pc])
			continue;
		seen[pc] = 1;
		near[cnt].insn = pc;
		near[cnt++].kind = step_kind(w, i);
	}
	free(seen);
	res->path_len = cnt + (w->entry >= 0);
	if (w->entry >= 0)
		near[cnt] = (struct bc_path_step){ (uint32_t)w->entry,
						   BC_STEP_ENTRY };
	for (uint32_t k = 0; k < res->path_len; k++)
		res->path[k] = near[res->path_len - 1 - k];
	return cnt;
}

/*
 * No value to follow: the conditional jumps nearest to the fault, the
 * last CP_LAST_TURNS of them (a loop's, once).
 */
static void mark_last_turns(struct cwalk *w)
{
	uint32_t seen[CP_LAST_TURNS];
	unsigned cnt = 0, j;

	for (size_t k = w->end - w->start; k-- > 0 && cnt < CP_LAST_TURNS;) {
		uint32_t pc = hist_at(w, w->start + k)->pc;

		if (w->n[k].kind != CN_BRANCH && w->n[k].kind != CN_BACK)
			continue;
		w->n[k].rel = true;
		for (j = 0; j < cnt && seen[j] != pc; j++)
			;
		if (j == cnt)
			seen[cnt++] = pc;
	}
}

void vc_causal_path(struct venv *e, bool ran)
{
	struct bc_verify_result *res = e->res;
	struct cwalk *w;

	res->path_len = 0;
	if (!e->hist_n || res->error_insn < 0 ||
	    (uint64_t)res->error_insn >= e->prog->insn_cnt)
		return;
	w = bc_xcalloc(1, sizeof(*w));
	w->e = e;
	w->fault_pc = (uint32_t)res->error_insn;
	w->fault = ran && e->hist[e->hist_n - 1].pc == w->fault_pc;
	w->end = e->hist_n - w->fault;
	w->start = w->end > CP_WINDOW ? w->end - CP_WINDOW : 0;
	w->n = bc_xcalloc(w->end - w->start + 1, sizeof(*w->n));
	walk_forward(w);
	if (w->fault) {
		mark_seeds(w);
		close_marks(w);
	}
	for (int round = 0; round < CP_ROUNDS && mark_jumps(w); round++)
		close_marks(w);
	if (!collect(w, res)) {
		mark_last_turns(w);
		collect(w, res);
	}
	free(w->n);
	free(w);
}
