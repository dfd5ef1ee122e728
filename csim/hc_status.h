/*
** The project's one table of status codes. Every library function that can
** fail returns one of these (HC_OK, 0, for success), whatever its layer:
** the model, the schedule format and loader, the generators and the GF(2)
** library, the testbench drivers and backends, the FPGA table generator.
** Each code has one value, one name and one message; hc_strerror() and
** hc_status_name() read this table, the way SQLite keeps its result codes
** and sqlite3_errstr(). A new code is one new line of HC_STATUS_TABLE.
*/
#ifndef HC_STATUS_H
#define HC_STATUS_H

/* X(name, value, message) */
#define HC_STATUS_TABLE(X)                                                              \
  X(HC_OK, 0, "ok")                                                                     \
  X(HC_EPARAM, 1, "invalid argument: a parameter is out of its documented range")       \
  X(HC_ENOMEM, 2, "out of memory")                                                      \
  X(HC_ENORTL, 3, "no RTL linked, or built for another configuration")                  \
  X(HC_EMISMATCH, 4, "lockstep: RTL and model differ")                                  \
  X(HC_ETIMEOUT, 5, "did not finish in the allowed cycles")                             \
  X(HC_EIO, 6, "a file could not be read or written")                                   \
  X(HC_EFORMAT, 7, "a file has a malformed line or does not fit")                       \
  X(HC_ESYNTAX, 8, "schedule text: malformed line or missing header")                   \
  X(HC_ELINK, 9, "schedule: a packet on a link that does not exist")                    \
  X(HC_ERANGE, 10, "schedule: a segment outside node memory or empty, or own data of a node that does not exist") \
  X(HC_ESEQ, 11, "schedule: a link's packet positions are not 0, 1, ..., n-1")          \
  X(HC_ELENGTH, 12, "schedule: gather and scatter lists carry different word counts, or none") \
  X(HC_EOVERLAP, 13, "schedule: a word of a node is written twice, or is own data and written") \
  X(HC_EUNSOURCED, 14, "schedule: a packet sends a word that is never present at its sender") \
  X(HC_EDEADLOCK, 15, "schedule: the packets wait for each other in a cycle")           \
  X(HC_EFIT, 16, "the schedule does not fit the hardware's tables or banks")            \
  X(HC_EREFUSED, 17, "the hardware refused a configuration write (error bit set)")      \
  X(HC_ESCHED, 18, "the validator or the loader refused the schedule")                  \
  X(HC_ESIZE, 19, "wrong matrix or vector size")                                        \
  X(HC_EPARSE, 20, "malformed matrix or vector text")                                   \
  X(HC_ESINGULAR, 21, "matrix is singular")                                             \
  X(HC_EKIND, 22, "matrix rank does not fit the LCC kind")                              \
  X(HC_EUNKNOWN, 23, "unknown name")                                                    \
  X(HC_ETOOBIG, 24, "problem too large")                                                \
  X(HC_EBUFFER, 25, "output buffer too small")                                          \
  X(HC_EABORT, 26, "enumeration stopped by the callback")                              \
  X(HC_EASSERT, 27, "an RTL assertion failed (Verilator printed its message, file and line)") \
  X(HC_EROUTE, 28, "the RTL routes e-cube only: another routing function runs on the model alone") \
  X(HC_ESTALL, 29, "watchdog: no flit moved for its bound while messages were in flight")  \
  X(HC_ENOWAVE, 30, "this RTL build writes no waveform (node-sharded; the token _H builds the whole network, which does)")

enum hc_status {
#define HC_STATUS_ENUM(name, value, msg) name = value,
  HC_STATUS_TABLE(HC_STATUS_ENUM)
#undef HC_STATUS_ENUM
};

/* The message of status code `code`, or "unknown status" for a value not in
** the table. Never NULL; the string is static. */
const char *hc_strerror(int code);

/* The name of status code `code` ("HC_EDEADLOCK"), or "HC_?" for a value
** not in the table. Never NULL; the string is static. */
const char *hc_status_name(int code);

#include <stddef.h>

/*
** The len bytes at s (NUL bytes included) as text that is safe to print
** in a message, into out[size] (NUL-terminated when size > 0): printable
** ASCII and well-formed UTF-8 other than control characters are kept as
** they are, a tab, newline and carriage return become \t, \n and \r,
** and every other byte (NUL, control characters, bytes that are not
** UTF-8) becomes \xNN. When out is too small the text ends in "..." at
** a whole character. Backslashes are kept, so text already made printable
** passes through unchanged. Returns out. (It lives here because every
** layer that words a message links this file.)
*/
char *hc_printable(char *out, size_t size, const char *s, size_t len);

#endif
