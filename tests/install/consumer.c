// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* A program built against an installed libbpfcheck, with pkg-config only. */
#include <bpfcheck/bpfcheck.h>

#include <stdio.h>

int main(int argc, char **argv)
{
	struct bpfcheck_verdict v = { .sz = sizeof(v) };
	struct bpfcheck_object *obj;
	char err[512];
	size_t i;

	if (argc != 2 || bpfcheck_object_open(argv[1], NULL, &obj, err,
					      sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", argc == 2 ? err : "usage: consumer FILE");
		return 2;
	}
	printf("libbpfcheck %s\n", bpfcheck_version_string());
	for (i = 0; i < bpfcheck_object_prog_count(obj); i++) {
		struct bpfcheck_prog *p = bpfcheck_object_prog(obj, i);

		if (bpfcheck_verify(p, NULL, &v))
			return 2;
		printf("%s %s\n", bpfcheck_prog_name(p),
		       v.accepted ? "accept" : "reject");
	}
	bpfcheck_object_close(obj);
	return 0;
}
