/*
** hc_strerror() and hc_status_name(): the two readers of the status table
** of hc_status.h.
*/
#include "hc_status.h"

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
