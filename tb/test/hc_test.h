/*
** A small test framework for the C testbenches, shaped after cocotb: tests
** are registered where they are written with HC_TEST(name) and run in the
** order they are written (file by file, line by line); TESTCASE (a comma
** list of names) or COCOTB_TEST_FILTER (a POSIX extended regex) pick a
** subset; RANDOM_SEED or COCOTB_RANDOM_SEED replays a run, and the seed in
** use is logged at start; WAVES=1 gives every backend a test opens its own
** FST, build/waves/SUITE/TEST.fst and TEST_2.fst, TEST_3.fst, ... for the
** second and later ones; results go to a JUnit file; log lines carry the
** simulation cycle; a summary closes the run with "N passed, N failed".
*/
#ifndef HC_TEST_H
#define HC_TEST_H

#include <stdint.h>

#include "hc_backend.h"
#include "hc_driver.h"

typedef struct hc_test_ctx hc_test_ctx;
typedef void (*hc_test_fn)(hc_test_ctx *t);

struct hc_test_ctx {
  const char *name;
  uint64_t seed;       /* this test's seed, derived from the run's seed */
  uint64_t rng;        /* state of hc_test_rand */
  hc_cfg cfg;          /* the configuration tests run on */
  hc_sim sim;          /* both when RTL is linked in, else model */
  int failed;
  char msg[1024];      /* the first failure */
  hc_driver *drv;      /* the driver the log prefix takes its cycle from */
  hc_backend *owned_be[4];
  hc_driver *owned_drv[4];
  unsigned nowned;     /* open now */
  unsigned nopened;    /* opened in this test: numbers the waveforms */
};

/* Add a test; called by HC_TEST's constructor before main. */
void hc_test_register(const char *name, hc_test_fn fn, const char *file, int line);

#define HC_TEST(fn)                                                            \
  static void fn(hc_test_ctx *t);                                              \
  __attribute__((constructor)) static void fn##_register(void) {               \
    hc_test_register(#fn, fn, __FILE__, __LINE__);                             \
  }                                                                            \
  static void fn(hc_test_ctx *t)

/* Record a failure (the first one is kept) and return from the test. */
void hc_test_fail(hc_test_ctx *t, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

#define HC_CHECK(t, cond, ...)                                                 \
  do {                                                                         \
    if (!(cond)) {                                                             \
      hc_test_fail((t), __FILE__, __LINE__, __VA_ARGS__);                      \
      return;                                                                  \
    }                                                                          \
  } while (0)

/* HC_CHECK for a helper that returns a value: returns ret on failure. */
#define HC_CHECK_RET(t, cond, ret, ...)                                        \
  do {                                                                         \
    if (!(cond)) {                                                             \
      hc_test_fail((t), __FILE__, __LINE__, __VA_ARGS__);                      \
      return (ret);                                                            \
    }                                                                          \
  } while (0)

/* Log a line prefixed with the cycle of the current driver and the test. */
void hc_log(hc_test_ctx *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Uniform 64-bit random numbers from the test's seed. */
uint64_t hc_test_rand(hc_test_ctx *t);
/* Uniform in [0, n). */
unsigned hc_test_randn(hc_test_ctx *t, unsigned n);

/*
** Open a backend of the test's kind for cfg (with a waveform of its own
** when WAVES=1) and a driver on it; both are freed when the test ends. A cfg
** that the linked RTL cannot run falls back to... nothing: the test fails,
** with the reason. Returns the driver or NULL (after recording the failure).
*/
hc_driver *hc_test_driver(hc_test_ctx *t, const hc_cfg *cfg);

/* Free the test's latest driver and its backend now (a test that runs many
** networks one after the other); its waveform is complete. */
void hc_test_close_driver(hc_test_ctx *t);

/*
** Run drv until all messages are delivered (at most max_cycles), then check
** the lockstep counters and that nothing was lost, duplicated or corrupted.
** Returns 1 when all is well, else records the failure and returns 0.
*/
int hc_test_drain_and_check(hc_test_ctx *t, hc_driver *drv, uint64_t max_cycles);

#endif /* HC_TEST_H */
