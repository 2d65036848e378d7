// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Loop forests of clang-compiled programs (tests/cfg/bpf, built at -O1,
 * -O2, -O3 and -O2 -mcpu=v3). The forest is written as a bracket signature:
 * each loop is "(" its children ")", roots and children in header order.
 * -O3 unswitches nested loops (a copy of the outer loop for an empty inner
 * loop), hence its own expectations. Also checks the loop invariants on
 * every loop: header dominates the body, latches in the body with a back
 * edge, exits leave the body, and bc_cfg_loop_at finds the header.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "cfg/cfg_priv.h"
#include "cfg/dom.h"
#include "load/load.h"
#include "prog/prog.h"

struct expect {
	const char *file, *prog;
	const char *sig, *sig_o3; /* sig_o3 NULL: same as sig */
	int min_exits; /* of the (first) root loop, -1 ignore */
	uint32_t irr; /* irreducible cycles */
};

static const struct expect expects[] = {
	{ "loops", "single", "()", NULL, 1, 0 },
	{ "loops", "nested2", "(())", "(())()", 1, 0 },
	{ "loops", "nested3", "((()))", "()((()))()", -1, 0 },
	{ "loops", "siblings", "()()", NULL, 1, 0 },
	{ "loops", "break_continue", "()", NULL, 2, 0 },
	{ "loops", "do_while", "()", NULL, 1, 0 },
	{ "loops", "while_loop", "()", NULL, 2, 0 },
	{ "loops", "cover_letter", "()", NULL, 1, 0 },
	{ "irreducible", "two_entries", "", NULL, -1, 1 },
};

static int fails;

static void sig(const struct bc_cfg *cfg, uint32_t l, char *buf, size_t *o)
{
	buf[(*o)++] = '(';
	for (uint32_t c = 0; c < cfg->loops[l].child_cnt; c++)
		sig(cfg, cfg->loops[l].children[c], buf, o);
	buf[(*o)++] = ')';
}

static bool in_body(const struct bc_loop *L, uint32_t b)
{
	for (uint32_t i = 0; i < L->body_cnt; i++)
		if (L->body[i] == b)
			return true;
	return false;
}

static void invariants(const char *what, const struct bc_cfg *cfg)
{
	for (uint32_t l = 0; l < cfg->loop_cnt; l++) {
		const struct bc_loop *L = &cfg->loops[l];
		bool ok = in_body(L, L->header) &&
			  bc_cfg_loop_at(cfg, cfg->blocks[L->header].first) ==
				  l;

		for (uint32_t i = 0; i < L->body_cnt; i++)
			ok &= bc_cfg_dominates(cfg, L->header, L->body[i]);
		for (uint32_t i = 0; i < L->latch_cnt; i++)
			ok &= in_body(L, L->latches[i]);
		for (uint32_t i = 0; i < L->exit_cnt; i++)
			ok &= in_body(L, L->exits[i].from) &&
			      !in_body(L, L->exits[i].to);
		if (L->parent != BC_NONE)
			ok &= in_body(&cfg->loops[L->parent], L->header) &&
			      L->depth == cfg->loops[L->parent].depth + 1;
		if (!ok) {
			fprintf(stderr, "%s: loop %u breaks an invariant\n",
				what, l);
			fails++;
		}
	}
}

/* Stored idom/ipdom equal Cooper-Harvey-Kennedy on each subprogram. */
static void doms_agree(const char *what, const struct bc_cfg *cfg)
{
	for (uint32_t s = 0; s < cfg->sub_cnt; s++) {
		const struct bc_subprog *sp = &cfg->subs[s];
		uint32_t nb = sp->block_cnt, base = sp->block_first;
		uint32_t *d = malloc(nb * sizeof(uint32_t));
		uint32_t *pd = malloc(nb * sizeof(uint32_t));
		struct bc_csr c;

		bc_cfg_sub_graph(cfg, s, &c);
		bc_dom_chk(&c.g, 0, d);
		bc_pdom_lt(&c.g, nb - 1, pd, true);
		for (uint32_t b = 0; b < nb; b++) {
			const struct bc_block *bl = &cfg->blocks[base + b];

			if (bl->idom !=
				    (d[b] == BC_NONE ? BC_NONE : d[b] + base) ||
			    bl->ipdom != (pd[b] == BC_NONE ? BC_NONE :
							     pd[b] + base)) {
				fprintf(stderr,
					"%s: block %u: dominators differ\n",
					what, base + b);
				fails++;
			}
		}
		bc_csr_free(&c);
		free(d);
		free(pd);
	}
}

static void check(const char *dir, const struct expect *e, const char *lvl)
{
	char path[4096], what[256], buf[256];
	struct bc_object *obj;
	struct bc_err err;
	bool found = false;

	snprintf(path, sizeof(path), "%s/%s.%s.o", dir, e->file, lvl);
	snprintf(what, sizeof(what), "%s.%s.o %s", e->file, lvl, e->prog);
	bc_err_init(&err);
	if (bc_object_open(path, NULL, &obj, &err)) {
		fprintf(stderr, "%s: %s\n", path, err.msg);
		fails++;
		return;
	}
	for (uint32_t i = 0; i < obj->prog_cnt; i++) {
		const struct bc_prog *p = &obj->progs[i];
		const char *want = !strcmp(lvl, "O3") && e->sig_o3 ? e->sig_o3 :
								     e->sig;
		struct bc_cfg *cfg;
		size_t o = 0;

		if (strcmp(p->name, e->prog))
			continue;
		found = true;
		bc_err_init(&err);
		if (bc_cfg_build(p, NULL, &cfg, &err)) {
			fprintf(stderr, "%s: %s\n", what, err.msg);
			fails++;
			break;
		}
		for (uint32_t l = 0; l < cfg->loop_cnt; l++)
			if (cfg->loops[l].parent == BC_NONE)
				sig(cfg, l, buf, &o);
		buf[o] = 0;
		if (strcmp(buf, want)) {
			fprintf(stderr, "%s: loops %s, want %s\n", what, buf,
				want);
			fails++;
		}
		if (e->min_exits >= 0 && cfg->loop_cnt &&
		    cfg->loops[0].exit_cnt < (uint32_t)e->min_exits) {
			fprintf(stderr, "%s: %u exits, want >= %d\n", what,
				cfg->loops[0].exit_cnt, e->min_exits);
			fails++;
		}
		if (cfg->irr_cnt != e->irr) {
			fprintf(stderr, "%s: %u irreducible cycles, want %u\n",
				what, cfg->irr_cnt, e->irr);
			fails++;
		}
		invariants(what, cfg);
		doms_agree(what, cfg);
		bc_cfg_free(cfg);
	}
	if (!found) {
		fprintf(stderr, "%s: no such program\n", what);
		fails++;
	}
	bc_object_free(obj);
}

int main(int argc, char **argv)
{
	static const char *const lvls[] = { "O1", "O2", "O3", "v3" };

	if (argc != 2) {
		fprintf(stderr, "usage: %s OBJDIR\n", argv[0]);
		return 2;
	}
	for (size_t i = 0; i < sizeof(expects) / sizeof(expects[0]); i++)
		for (size_t k = 0; k < 4; k++)
			check(argv[1], &expects[i], lvls[k]);
	if (fails)
		fprintf(stderr, "%d failures\n", fails);
	else
		printf("ok\n");
	return fails ? 1 : 0;
}
