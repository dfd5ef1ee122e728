/*
** The fuzz harnesses without libFuzzer (make test): runs a harness's
** LLVMFuzzerTestOneInput once on every file named, or on every file of
** every directory named (one level: tests/fuzz/corpus/<harness>/ and
** tests/fuzz/regress/<harness>/). Built with gcc and AddressSanitizer and
** UndefinedBehaviorSanitizer like the unit tests, so a seed or a past
** crash that fails again stops the program (abort, or the sanitizer's
** report) with the input's name on stderr. Prints "fuzz: PASS <name>
** <n> inputs" at the end (name: the first argument).
*/
#include <dirent.h>
#include <sys/stat.h>

#include "hc_fuzz.h"

/* Run the harness on the file at path; returns 1 if it was a file. */
static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: %s: cannot open\n", path);
    exit(2);
  }
  size_t len = 0, cap = 4096, got;
  uint8_t *buf = malloc(cap);
  while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0)
    if ((len += got) == cap) buf = realloc(buf, cap *= 2);
  if (!buf || ferror(f)) {
    fprintf(stderr, "replay: %s: read error\n", path);
    exit(2);
  }
  fclose(f);
  fprintf(stderr, "replay: %s\n", path); /* the input a crash below is about */
  uint8_t *exact = malloc(len ? len : 1);   /* exactly len bytes: ASan sees an overread */
  if (len) memcpy(exact, buf, len);
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  free(buf);
  return 1;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Every regular file of dir, in name order; returns how many. */
static int run_dir(const char *dir) {
  DIR *dp = opendir(dir);
  if (!dp) return 0; /* no regressions yet */
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(dp)) != NULL) {
    if (e->d_name[0] == '.') continue;
    names = realloc(names, (n + 1) * sizeof *names);
    names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
    sprintf(names[n++], "%s/%s", dir, e->d_name);
  }
  closedir(dp);
  qsort(names, n, sizeof *names, cmp_str);
  int count = 0;
  for (size_t i = 0; i < n; i++) {
    struct stat sb;
    if (stat(names[i], &sb) == 0 && S_ISREG(sb.st_mode)) count += run_file(names[i]);
    free(names[i]);
  }
  free(names);
  return count;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s NAME FILE|DIR...\n", argv[0]);
    return 2;
  }
  int count = 0;
  for (int i = 2; i < argc; i++) {
    struct stat sb;
    if (stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode)) count += run_dir(argv[i]);
    else count += run_file(argv[i]);
  }
  if (count == 0) { /* a harness must have seeds */
    printf("fuzz: FAIL %s: no inputs\n", argv[1]);
    return 1;
  }
  printf("fuzz: PASS %s %d inputs\n", argv[1], count);
  return 0;
}
