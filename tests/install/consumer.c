// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A program built against an installed libbpfcheck, with pkg-config only. */
#include <bpfcheck/bpfcheck.h>

#include <errno.h>
#include <stdio.h>

int main(int argc, char **argv)
{
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	BPFCHECK_OPTS(bpfcheck_verify_opts, vo, .predict_linux = true);
	struct bpfcheck_verify_opts bad = { .sz = 0 };
	struct bpfcheck_object *obj;
	size_t i;

	/* the open's error is printed by the library */
	if (argc != 2 || bpfcheck_object_open(argv[1], NULL, &obj) < 0) {
		if (argc != 2)
			fprintf(stderr, "usage: consumer FILE\n");
		return 2;
	}
	printf("libbpfcheck %s\n", bpfcheck_version_string());
	for (i = 0; i < bpfcheck_object_prog_count(obj); i++) {
		struct bpfcheck_prog *p = bpfcheck_object_prog(obj, i);

		/* an options struct without its size is refused */
		if (bpfcheck_verify(p, &bad, &v) != -EINVAL ||
		    bpfcheck_verify(p, &vo, &v))
			return 2;
		printf("%s %s\n", bpfcheck_prog_name(p),
		       v.accepted ? "accept" : "reject");
	}
	bpfcheck_object_close(obj);
	return 0;
}
