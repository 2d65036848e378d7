// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* bpfcheck run: run a program in the interpreter. */
#include <errno.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "interp/interp.h"
#include "interp/oracle.h"
#include "platform/progtypes.h"
#include "search/verify.h"
#include "witness.h"

enum {
	OPT_PACKET = OPT_CMD_BASE,
	OPT_PACKET_HEX,
	OPT_CTX,
	OPT_REPEAT,
	OPT_MAP,
	OPT_JSON,
	OPT_NO_VERIFY,
	OPT_ORACLE,
	OPT_MEM,
	OPT_SHOW_MAPS,
	OPT_LIMIT,
	OPT_SEED,
	OPT_REPLAY,
	OPT_SEARCH_WITNESS,
	OPT_BUDGET,
	OPT_STACK_INIT,
};

static void help(FILE *f)
{
	fprintf(f,
		"Usage: bpfcheck run [OPTIONS] FILE\n\n"
		"Run a program in the interpreter (like the kernel's BPF_PROG_TEST_RUN,\n"
		"without root) and print r0, the instructions executed and the packet\n"
		"after the run when the program changed it.\n\n"
		"Options:\n"
		"  --packet FILE       packet bytes for xdp/tc/socket filter programs\n"
		"  --packet-hex HEX    packet bytes as hex (\"aabb01...\", spaces allowed)\n"
		"  --ctx FILE          context bytes (tracing programs; skb/xdp fields)\n"
		"  --mem HEX           run as bpf_conformance does: r1 points at a copy\n"
		"                      of these bytes, r2 holds their length\n"
		"  --repeat N          run N times (maps persist between runs)\n"
		"  --map NAME=KEY:VALUE  store an entry before the run; KEY and VALUE\n"
		"                      are numbers (stored little-endian) or hex:BYTES;\n"
		"                      a program array VALUE may be a program name,\n"
		"                      a map-of-maps VALUE a map name\n"
		"  --show-maps         print map contents after the run\n"
		"  --limit N           stop after N instructions (default 10000000,\n"
		"                      or the verifier's worst-case bound when that\n"
		"                      is larger: at most 4294967296, the most\n"
		"                      verify accepts by default)\n"
		"  --seed N            seed of bpf_get_prandom_u32\n"
		"  --json              print the result as JSON\n"
		"  --no-verify         do not verify before running\n"
		"  --replay FILE       run the witness in FILE (of 'verify --witness')\n"
		"                      without verifying, and show its fault: the\n"
		"                      insn, its source line, the region and offset\n"
		"  --search-witness FILE  search an input that makes the program\n"
		"                      fault anywhere (no verification); write it\n"
		"                      to FILE\n"
		"  --budget MS         the search's time (default 300 ms)\n"
		"  --stack-init        the search's runs fault at a read of stack\n"
		"                      bytes never written (Linux refuses those to\n"
		"                      a loader without CAP_PERFMON)\n"
		"  --oracle            check every register at every executed\n"
		"                      instruction against what the verifier\n"
		"                      claimed there (a soundness check)\n" CLI_INPUT_HELP
		"  -h, --help          this help\n\n"
		"A witness FILE is text, one key a line, a block per program:\n"
		"  program NAME        starts the block of program NAME\n"
		"  packet HEX          the packet's bytes (none: an empty packet)\n"
		"  ctx HEX             the context's bytes (none: the default)\n"
		"  map NAME KEY VALUE  an entry stored before the run, in hex\n"
		"  seed N              the seed of bpf_get_prandom_u32\n"
		"  prandom V...        its first results (then the seed's)\n"
		"  ringbuf-full        every ring buffer reservation fails\n"
		"  stack-init          a read of stack bytes never written faults\n"
		"  fault TEXT          what the run does (not read back)\n"
		"and '#' comments. A replay checks, beyond every run's checks,\n"
		"registers read before any write and references held at exit.\n\n"
		"Exit status: 0 the program ran, 1 it faulted (or was rejected),\n"
		"2 bad input or usage.\n");
}

struct map_set {
	char *name;
	const char *key, *val;
};

struct run_opts {
	const char *packet_file, *packet_hex, *ctx_file, *mem_hex;
	const char *replay, *search_witness; /* --replay, --search-witness */
	uint64_t budget_ms; /* --budget */
	bool stack_init; /* --stack-init */
	unsigned long repeat;
	struct map_set *sets;
	size_t nsets, capsets;
	bool json, no_verify, show_maps;
	bool oracle; /* check registers against the claims */
	struct bc_claims *claims;
	const struct bc_prog *verified;
	bool has_bound; /* the verifier's worst-case bound */
	uint64_t bound;
	uint64_t limit, seed;
};

/* HEX as a user types it: "0x" before it, spaces, ':' or '-' between */
static int parse_hex(const char *s, uint8_t **out, size_t *len)
{
	if (!strncmp(s, "0x", 2) || !strncmp(s, "0X", 2))
		s += 2;
	return bc_hex_decode(s, " \t\n\v\f\r:-", out, len);
}

/* Encode a --map KEY or VALUE into exactly size bytes. */
static int encode(const struct bc_object *obj, const struct bc_rtmap *m,
		  const char *s, uint32_t size, bool is_val, uint8_t *out)
{
	uint8_t *b;
	size_t n;
	char *e;
	uint64_t v;
	uint32_t i;

	memset(out, 0, size);
	if (!strncmp(s, "hex:", 4)) {
		if (parse_hex(s + 4, &b, &n))
			return -EINVAL;
		if (n > size) {
			free(b);
			return -E2BIG;
		}
		memcpy(out, b, n);
		free(b);
		return 0;
	}
	if (is_val && m->type == BPF_MAP_TYPE_PROG_ARRAY)
		for (i = 0; i < obj->prog_cnt; i++)
			if (!strcmp(obj->progs[i].name, s)) {
				memcpy(out, &i, BC_MIN(size, 4));
				return 0;
			}
	if (is_val && bc_rtmap_of_maps(m->type))
		for (i = 0; i < obj->map_cnt; i++)
			if (!strcmp(obj->maps[i].name, s)) {
				memcpy(out, &i, BC_MIN(size, 4));
				return 0;
			}
	errno = 0;
	v = strtoull(s, &e, 0);
	if (*s == '-')
		v = (uint64_t)strtoll(s, &e, 0);
	if (e == s || *e || errno)
		return -EINVAL;
	if (size < 8 && v >> (size * 8) && (int64_t)v >= 0)
		return -E2BIG;
	memcpy(out, &v, BC_MIN(size, 8));
	return 0;
}

static int apply_sets(const struct bc_object *obj, struct bc_rtmaps *maps,
		      const struct run_opts *o)
{
	size_t i;

	for (i = 0; i < o->nsets; i++) {
		const struct map_set *s = &o->sets[i];
		struct bc_rtmap *m = bc_rtmaps_find(maps, s->name);
		uint8_t *k, *v;
		int r;

		if (!m) {
			cli_error("--map: no map named '%s'", s->name);
			return EXIT_BADINPUT;
		}
		k = bc_xcalloc(1, m->key_size + 8);
		v = bc_xcalloc(1, m->value_size + 8);
		r = encode(obj, m, s->key, m->key_size, false, k);
		if (r)
			cli_error("--map %s: bad key '%s' (%s)", s->name,
				  s->key,
				  r == -E2BIG ? "too big for the key" :
						"a number or hex:BYTES");
		if (!r) {
			r = encode(obj, m, s->val, m->value_size, true, v);
			if (r)
				cli_error("--map %s: bad value '%s' (%s)",
					  s->name, s->val,
					  r == -E2BIG ?
						  "too big for the value" :
						  "a number or hex:BYTES");
		}
		if (!r) {
			r = bc_rtmap_update(m, k, v, BPF_ANY);
			if (r)
				cli_error("--map %s: update failed: %s",
					  s->name, strerror(-r));
		}
		free(k);
		free(v);
		if (r)
			return EXIT_BADINPUT;
	}
	return 0;
}

static void print_hex(FILE *f, const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(f, "%02x", p[i]);
}

static void dump_bytes(const uint8_t *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i % 16 == 0)
			printf("  %04zx:", i);
		printf(" %02x", p[i]);
		if (i % 16 == 15 || i + 1 == n)
			putchar('\n');
	}
}

static bool all_zero(const uint8_t *p, size_t n)
{
	while (n--)
		if (*p++)
			return false;
	return true;
}

static void show_maps(struct bc_rtmaps *maps, bool json)
{
	uint32_t i, j, scratch;
	bool first_map = true;

	if (json)
		printf(", \"maps\": [");
	for (i = 0; i < maps->cnt; i++) {
		struct bc_rtmap *m = &maps->maps[i];
		bool first = true;

		if (json) {
			printf("%s{\"name\": ", first_map ? "" : ", ");
			cli_json_str(stdout, m->name);
			printf(", \"entries\": [");
		} else {
			printf("map %s:%s\n", m->name,
			       m->events ? "" :
					   (m->vals ? "" : " (no values)"));
		}
		first_map = false;
		for (j = 0; j < m->max_entries; j++) {
			const void *k;
			void *v;

			if (!bc_rtmap_slot(m, j, &k, &v, &scratch))
				continue;
			if (!m->hashed && !m->live &&
			    all_zero(v, m->value_size))
				continue;
			if (json) {
				printf("%s{\"key\": \"", first ? "" : ", ");
				print_hex(stdout, k, m->key_size);
				printf("\", \"value\": \"");
				print_hex(stdout, v, m->value_size);
				printf("\"}");
			} else {
				printf("  ");
				print_hex(stdout, k, m->key_size);
				printf(" = ");
				print_hex(stdout, v, m->value_size);
				putchar('\n');
			}
			first = false;
		}
		if (json)
			printf("], \"events\": %u}", m->events);
		else if (m->events)
			printf("  %u records\n", m->events);
	}
	if (json)
		printf("]");
}

static void print_result(const struct bc_prog *p, const struct run_opts *o,
			 const struct bc_run_result *res, unsigned long runs,
			 uint64_t total, struct bc_rtmaps *maps)
{
	const char *act = bc_progtype_action_name(p->type, res->r0);

	if (o->json) {
		printf("{\"program\": ");
		cli_json_str(stdout, p->name);
		printf(", \"r0\": %llu, \"r0_hex\": \"0x%llx\"",
		       (unsigned long long)res->r0,
		       (unsigned long long)res->r0);
		if (act)
			printf(", \"action\": \"%s\"", act);
		printf(", \"insns_executed\": %llu, \"runs\": %lu, \"insns_total\": %llu",
		       (unsigned long long)res->insns, runs,
		       (unsigned long long)total);
		if (o->has_bound)
			printf(", \"worst_case_insns\": %llu",
			       (unsigned long long)o->bound);
		printf(", \"tail_calls\": %u, \"events\": %llu",
		       res->tail_calls, (unsigned long long)res->events);
		if (res->packet) {
			printf(", \"packet_changed\": %s",
			       res->packet_changed ? "true" : "false");
			if (res->packet_changed) {
				printf(", \"packet\": \"");
				print_hex(stdout, res->packet, res->packet_len);
				printf("\"");
			}
		}
		if (o->mem_hex && res->mem) {
			printf(", \"mem\": \"");
			print_hex(stdout, res->mem, res->mem_len);
			printf("\"");
		}
		if (o->show_maps)
			show_maps(maps, true);
		printf("}\n");
		return;
	}
	printf("r0 = %llu (0x%llx%s%s)\n", (unsigned long long)res->r0,
	       (unsigned long long)res->r0, act ? ", " : "", act ? act : "");
	printf("insns executed: %llu\n", (unsigned long long)res->insns);
	if (res->tail_calls)
		printf("tail calls: %u\n", res->tail_calls);
	if (res->events)
		printf("events: %llu\n", (unsigned long long)res->events);
	if (runs > 1)
		printf("runs: %lu, insns executed in all: %llu\n", runs,
		       (unsigned long long)total);
	if (res->packet && res->packet_changed) {
		printf("packet after the run (%zu bytes):\n", res->packet_len);
		dump_bytes(res->packet, res->packet_len);
	}
	if (o->show_maps)
		show_maps(maps, false);
}

static int read_bytes(const char *path, uint8_t **data, size_t *len)
{
	struct bc_err err;

	bc_err_init(&err);
	if (bc_read_file(path, data, len, &err)) {
		cli_error("%s", err.msg);
		return EXIT_BADINPUT;
	}
	return 0;
}

static int run_prog(const char *path, struct bc_object *obj,
		    const struct bc_prog *p, struct run_opts *o)
{
	struct bc_run_input in = { 0 };
	struct bc_run_result res = { 0 };
	uint8_t *pkt = NULL, *ctx = NULL, *mem = NULL;
	struct bc_vm_opts vo = { .insn_limit = o->limit,
				 .seed = o->seed,
				 .events = stderr };

	struct bc_oracle orc = { .prog = o->verified, .claims = o->claims };

	if (o->claims) {
		vo.hook = bc_oracle_hook;
		vo.hook_arg = &orc;
	}
	struct bc_rtmaps *maps = NULL;
	struct bc_vm *vm = NULL;
	struct bc_err err;
	unsigned long i;
	int rc = 0;

	if (o->packet_file)
		rc = read_bytes(o->packet_file, &pkt, &in.packet_len);
	else if (o->packet_hex &&
		 parse_hex(o->packet_hex, &pkt, &in.packet_len))
		rc = cli_usage_error("run",
				     "--packet-hex: '%s' is not hex bytes",
				     o->packet_hex);
	if (!rc && o->ctx_file)
		rc = read_bytes(o->ctx_file, &ctx, &in.ctx_len);
	if (!rc && o->mem_hex) {
		if (parse_hex(o->mem_hex, &mem, &in.mem_len))
			rc = cli_usage_error("run",
					     "--mem: '%s' is not hex bytes",
					     o->mem_hex);
		in.mem_mode = true;
	}
	if (rc)
		goto out;
	if (!in.mem_mode && in.packet_len > BC_INTERP_MAX_PACKET) {
		cli_error(
			"%s: packet of %zu bytes is longer than the %u bytes a run takes",
			o->packet_file ? o->packet_file : "--packet-hex",
			in.packet_len, BC_INTERP_MAX_PACKET);
		rc = EXIT_BADINPUT;
		goto out;
	}
	in.packet = pkt;
	in.ctx = ctx;
	in.mem = mem;
	bc_err_init(&err);
	if (bc_rtmaps_new(obj, &maps, &err)) {
		cli_error("%s: %s", path, err.msg);
		rc = EXIT_BADINPUT;
		goto out;
	}
	rc = apply_sets(obj, maps, o);
	if (rc)
		goto out;
	vm = bc_vm_new(obj, maps, &vo);
	for (i = 0; i < o->repeat; i++) {
		bc_run_result_free(&res);
		bc_err_init(&err);
		if (bc_vm_run(vm, p, &in, &res, &err)) {
			cli_error("%s: %s: %s", path, p->name, err.msg);
			rc = EXIT_REJECT;
			goto out;
		}
		/* the oracle: no run may exceed the verifier's bound (a
		 * tail call runs other programs, outside the bound) */
		if (!bc_oracle_bound_ok(&res, o->has_bound, o->bound)) {
			cli_error(
				"%s: %s: executed %llu instructions, more than "
				"the verifier's worst-case bound of %llu (a "
				"bpfcheck bug: please report it)",
				path, p->name, (unsigned long long)res.insns,
				(unsigned long long)o->bound);
			rc = EXIT_REJECT;
			goto out;
		}
	}
	print_result(p, o, &res, o->repeat, bc_vm_insn_count(vm), maps);
out:
	bc_run_result_free(&res);
	bc_vm_free(vm);
	bc_rtmaps_free(maps);
	free(pkt);
	free(ctx);
	free(mem);
	return rc;
}

static int parse_u64(const char *opt, const char *s, uint64_t *v)
{
	char *e;

	errno = 0;
	*v = strtoull(s, &e, 0);
	if (e == s || *e || errno || *s == '-')
		return cli_usage_error("run", "%s: '%s' is not a number", opt,
				       s);
	return 0;
}

static int add_set(struct run_opts *o, const char *arg)
{
	const char *eq = strchr(arg, '='), *colon;
	struct map_set *s;

	colon = eq ? strchr(eq + 1, ':') : NULL;
	if (colon && !strncmp(eq + 1, "hex:", 4)) /* hex:KEY:VALUE */
		colon = strchr(eq + 5, ':');
	if (!eq || !colon || eq == arg)
		return cli_usage_error(
			"run", "--map: '%s' is not NAME=KEY:VALUE", arg);
	BC_GROW(o->sets, o->capsets, o->nsets + 1);
	s = &o->sets[o->nsets++];
	s->name = bc_xstrndup(arg, eq - arg);
	s->key = NULL;
	s->val = colon + 1;
	/* key text lives between '=' and ':' */
	s->key = bc_xstrndup(eq + 1, colon - eq - 1);
	return 0;
}

static void free_sets(struct run_opts *o)
{
	size_t i;

	for (i = 0; i < o->nsets; i++) {
		free(o->sets[i].name);
		free((char *)o->sets[i].key);
	}
	free(o->sets);
}

static int parse_args(int argc, char **argv, struct cli_input *in,
		      struct run_opts *o)
{
	static const struct option opts[] = {
		CLI_INPUT_OPTIONS,
		{ "packet", required_argument, NULL, OPT_PACKET },
		{ "packet-hex", required_argument, NULL, OPT_PACKET_HEX },
		{ "ctx", required_argument, NULL, OPT_CTX },
		{ "repeat", required_argument, NULL, OPT_REPEAT },
		{ "map", required_argument, NULL, OPT_MAP },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "no-verify", no_argument, NULL, OPT_NO_VERIFY },
		{ "oracle", no_argument, NULL, OPT_ORACLE },
		{ "mem", required_argument, NULL, OPT_MEM },
		{ "show-maps", no_argument, NULL, OPT_SHOW_MAPS },
		{ "limit", required_argument, NULL, OPT_LIMIT },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "replay", required_argument, NULL, OPT_REPLAY },
		{ "search-witness", required_argument, NULL,
		  OPT_SEARCH_WITNESS },
		{ "budget", required_argument, NULL, OPT_BUDGET },
		{ "stack-init", no_argument, NULL, OPT_STACK_INIT },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	uint64_t v;
	int c, r;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "h" CLI_INPUT_SHORT, opts, NULL)) !=
	       -1) {
		if (cli_input_option(in, c, optarg))
			continue;
		switch (c) {
		case OPT_PACKET: o->packet_file = optarg; break;
		case OPT_PACKET_HEX: o->packet_hex = optarg; break;
		case OPT_CTX: o->ctx_file = optarg; break;
		case OPT_MEM: o->mem_hex = optarg; break;
		case OPT_REPLAY: o->replay = optarg; break;
		case OPT_STACK_INIT: o->stack_init = true; break;
		case OPT_SEARCH_WITNESS: o->search_witness = optarg; break;
		case OPT_JSON: o->json = true; break;
		case OPT_NO_VERIFY: o->no_verify = true; break;
		case OPT_ORACLE: o->oracle = true; break;
		case OPT_SHOW_MAPS: o->show_maps = true; break;
		case OPT_MAP:
			if ((r = add_set(o, optarg)))
				return r;
			break;
		case OPT_REPEAT:
			if ((r = parse_u64("--repeat", optarg, &v)))
				return r;
			if (!v || v > 100000000)
				return cli_usage_error(
					"run",
					"--repeat: N must be 1..100000000");
			o->repeat = v;
			break;
		case OPT_LIMIT:
			if ((r = parse_u64("--limit", optarg, &o->limit)))
				return r;
			break;
		case OPT_BUDGET:
			if ((r = parse_u64("--budget", optarg, &o->budget_ms)))
				return r;
			if (!o->budget_ms || o->budget_ms > 600000)
				return cli_usage_error(
					"run",
					"--budget: MS must be 1..600000");
			break;
		case OPT_SEED:
			if ((r = parse_u64("--seed", optarg, &o->seed)))
				return r;
			break;
		case 'h': help(stdout); return -1;
		default:
			return cli_usage_error("run", "unknown option '%s'",
					       argv[optind - 1]);
		}
	}
	if (o->packet_file && o->packet_hex)
		return cli_usage_error(
			"run", "--packet and --packet-hex exclude each other");
	if ((o->replay || o->search_witness) &&
	    (o->packet_file || o->packet_hex || o->ctx_file || o->mem_hex ||
	     o->nsets || o->oracle || (o->replay && o->search_witness)))
		return cli_usage_error("run",
				       "--replay and --search-witness take "
				       "their input from the witness");
	if (optind != argc - 1)
		return cli_usage_error("run", optind == argc ?
						      "missing FILE" :
						      "expected one FILE");
	return 0;
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o = { .repeat = 1 };
	struct cli_input in = { 0 };
	const struct bc_prog *p = NULL;
	struct bpfcheck_object *h;
	struct bc_object *obj;
	uint32_t i, n = 0;
	int rc;

	rc = parse_args(argc, argv, &in, &o);
	if (rc) {
		free_sets(&o);
		return rc < 0 ? 0 : rc;
	}
	h = cli_open(argv[optind], &in, NULL);
	obj = cli_model(h);
	if (!obj) {
		free_sets(&o);
		return EXIT_BADINPUT;
	}
	if (o.replay) {
		rc = witness_replay(argv[optind], o.replay, obj, &in, o.json);
		goto out;
	}
	for (i = 0; i < obj->prog_cnt; i++)
		if (cli_selected(&in, argv[optind], obj->progs[i].name,
				 obj->progs[i].section) &&
		    !n++)
			p = &obj->progs[i];
	if (n > 1) {
		cli_error("%s: %u programs match; choose one with --prog NAME",
			  argv[optind], n);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if (o.search_witness) {
		rc = witness_search_any(o.search_witness, p,
					(unsigned)o.budget_ms, o.stack_init,
					o.json);
		goto out;
	}
	/*
	 * Verify first (not in --mem mode: the conformance suite's programs
	 * get raw memory in r1, which no program type describes).
	 */
	if (o.oracle && (o.no_verify || o.mem_hex)) {
		rc = cli_usage_error("run",
				     "--oracle checks what the verifier "
				     "claimed: not with --no-verify or --mem");
		goto out;
	}
	if (!o.no_verify && !o.mem_hex) {
		struct bc_verify_result vr;
		struct bc_verify_opts vopts = { 0 };

		if (o.oracle) {
			o.claims = bc_claims_new(p->insn_cnt);
			o.verified = p;
			vopts.claims = o.claims;
		}
		bc_verify(p, &vopts, &vr);
		if (!vr.accepted) {
			if (vr.error_insn >= 0)
				cli_error(
					"%s: %s rejected by the verifier: insn "
					"%lld: %s (--no-verify runs it anyway)",
					argv[optind], p->name,
					(long long)vr.error_insn, vr.error);
			else
				cli_error("%s: %s rejected by the verifier: %s "
					  "(--no-verify runs it anyway)",
					  argv[optind], p->name, vr.error);
			rc = EXIT_REJECT;
			goto out;
		}
		o.has_bound = vr.has_worst_case;
		o.bound = vr.worst_case_insns;
		/* a long loop (a may_goto budget) may run past the default
		 * limit and still within what was proven, which verify
		 * caps (BC_MAX_WORST_CASE) */
		if (!o.limit && o.has_bound &&
		    o.bound > BC_INTERP_DEFAULT_LIMIT)
			o.limit = o.bound;
	}
	rc = run_prog(argv[optind], obj, p, &o);
out:
	bc_claims_free(o.claims);
	bpfcheck_object_close(h);
	free_sets(&o);
	return rc;
}
