/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
/*
 * Dominators on a generic flow graph given as CSR arrays, so the same code
 * serves programs and the random-graph tests:
 *   - Lengauer-Tarjan with path compression and balanced linking (1979);
 *   - Cooper-Harvey-Kennedy iterative (the test oracle);
 *   - DFS pre/post numbers of the dominator tree for O(1) dominance;
 *   - Stoltz's irreducibility test and the irreducible cycles themselves.
 * Nodes are 0..n-1; unreachable nodes get idom BC_NONE and pre/post BC_NONE.
 */
#ifndef BC_DOM_H
#define BC_DOM_H

#include <stdbool.h>
#include <stdint.h>

#ifndef BC_NONE
#define BC_NONE UINT32_MAX
#endif

struct bc_graph {
	uint32_t n;
	const uint32_t *succ_off; /* n + 1 entries */
	const uint32_t *succ;
	const uint32_t *pred_off; /* n + 1 entries */
	const uint32_t *pred;
};

/* A graph that owns its arrays (malloc), built from an edge list. */
struct bc_csr {
	struct bc_graph g;
	uint32_t *mem;
};

void bc_csr_build(struct bc_csr *c, uint32_t n, const uint32_t *src,
		  const uint32_t *dst, uint32_t m);
void bc_csr_free(struct bc_csr *c);

/* idom[v] for every node; idom[root] = BC_NONE. */
void bc_dom_lt(const struct bc_graph *g, uint32_t root, uint32_t *idom);
void bc_dom_chk(const struct bc_graph *g, uint32_t root, uint32_t *idom);

/* Preorder/postorder numbers of the dominator tree. */
void bc_dom_number(uint32_t n, uint32_t root, const uint32_t *idom,
		   uint32_t *pre, uint32_t *post);

static inline bool bc_dom_test(const uint32_t *pre, const uint32_t *post,
			       uint32_t a, uint32_t b)
{
	return pre[a] != BC_NONE && pre[b] != BC_NONE && pre[a] <= pre[b] &&
	       post[b] <= post[a];
}

/*
 * Post-dominators need every node to reach the exit. Nodes that cannot
 * (infinite loops) are given a virtual edge to the exit: repeatedly take
 * the highest-numbered node that cannot reach the exit yet (for a program,
 * the last block in instruction order, usually a loop's latch), add the
 * edge node -> exit, and mark everything that now reaches the exit.
 * Writes those nodes to extra (capacity n) and returns their count.
 */
uint32_t bc_pdom_virtual_edges(const struct bc_graph *g, uint32_t exit,
			       uint32_t *extra);
/*
 * Post-dominator tree: idom of the reverse graph rooted at exit, with the
 * virtual edges above. ipdom[exit] = BC_NONE.
 */
void bc_pdom_lt(const struct bc_graph *g, uint32_t exit, uint32_t *ipdom,
		bool use_chk);

/* Stoltz: does a DFS from root meet a retreating edge s->t, t not dom s? */
bool bc_stoltz_irreducible(const struct bc_graph *g, uint32_t root,
			   const uint32_t *pre, const uint32_t *post);
/*
 * Irreducible cycles: the non-trivial strongly connected components of the
 * graph without its back edges (edges whose target dominates their
 * source). A graph is reducible exactly when there are none; each one has
 * at least two entries. scc[v] = cycle index or BC_NONE. Returns the
 * number of cycles.
 */
uint32_t bc_irreducible_sccs(const struct bc_graph *g, uint32_t root,
			     const uint32_t *pre, const uint32_t *post,
			     uint32_t *scc);

#endif
