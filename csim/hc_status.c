/*
** hc_strerror() and hc_status_name(): the two readers of the status table
** of hc_status.h; and hc_printable(), which makes the text a message quotes
** from a file or a command line safe to print.
*/
#include "hc_status.h"

#include <stdio.h>
#include <string.h>

const char *hc_strerror(int code) {
  switch (code) {
#define HC_STATUS_MSG(name, value, msg) \
  case value: return msg;
    HC_STATUS_TABLE(HC_STATUS_MSG)
#undef HC_STATUS_MSG
    default: return "unknown status";
  }
}

const char *hc_status_name(int code) {
  switch (code) {
#define HC_STATUS_NAME(name, value, msg) \
  case value: return #name;
    HC_STATUS_TABLE(HC_STATUS_NAME)
#undef HC_STATUS_NAME
    default: return "HC_?";
  }
}

/*
** The length of the well-formed UTF-8 character at p (n bytes left) that
** is not a control character (U+0080..U+009F), or 0. Overlong forms,
** surrogates and code points above U+10FFFF are not well-formed.
*/
static size_t utf8_len(const unsigned char *p, size_t n) {
  size_t k;
  unsigned lo = 0x80, hi = 0xBF;
  if (p[0] >= 0xC2 && p[0] <= 0xDF) k = 2;
  else if (p[0] >= 0xE0 && p[0] <= 0xEF) k = 3;
  else if (p[0] >= 0xF0 && p[0] <= 0xF4) k = 4;
  else return 0;
  if (p[0] == 0xC2) lo = 0xA0; /* C2 80..9F are the C1 controls */
  if (p[0] == 0xE0) lo = 0xA0;
  if (p[0] == 0xED) hi = 0x9F;
  if (p[0] == 0xF0) lo = 0x90;
  if (p[0] == 0xF4) hi = 0x8F;
  if (n < k || p[1] < lo || p[1] > hi) return 0;
  for (size_t i = 2; i < k; i++)
    if (p[i] < 0x80 || p[i] > 0xBF) return 0;
  return k;
}

/* The printable form of the character at p (n bytes left) into esc[8]:
** *piece points at it, *plen is its length; returns the bytes it stands for. */
static size_t piece_at(const unsigned char *p, size_t n, char *esc, const char **piece, size_t *plen) {
  size_t k = 1;
  *piece = (const char *)p;
  *plen = 1;
  if (p[0] >= 0x20 && p[0] < 0x7F) return 1; /* printable ASCII: itself */
  if (p[0] == '\t' || p[0] == '\n' || p[0] == '\r') {
    *plen = (size_t)snprintf(esc, 8, "\\%c", p[0] == '\t' ? 't' : p[0] == '\n' ? 'n' : 'r');
  } else if ((k = utf8_len(p, n)) != 0) {
    *plen = k;
    return k;
  } else {
    k = 1;
    *plen = (size_t)snprintf(esc, 8, "\\x%02X", p[0]);
  }
  *piece = esc;
  return k;
}

char *hc_printable(char *out, size_t size, const char *s, size_t len) {
  const unsigned char *p = (const unsigned char *)s;
  char esc[8];
  const char *piece;
  size_t plen, total = 0, o = 0;
  if (size == 0) return out;
  for (size_t i = 0; i < len;) {
    i += piece_at(p + i, len - i, esc, &piece, &plen);
    total += plen;
  }
  /* all of it if it fits; else whole characters and "..." */
  const size_t room = total < size ? size - 1 : (size > 3 ? size - 4 : 0);
  for (size_t i = 0; i < len;) {
    const size_t k = piece_at(p + i, len - i, esc, &piece, &plen);
    if (o + plen > room) break;
    memcpy(out + o, piece, plen);
    o += plen;
    i += k;
  }
  if (total >= size && size > 3) o += (size_t)snprintf(out + o, size - o, "...");
  out[o] = '\0';
  return out;
}
