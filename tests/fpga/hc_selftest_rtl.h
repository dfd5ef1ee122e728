/*
** The C interface of the Verilated FPGA self-test top (rtl/fpga/hc_board_top.sv):
** tests/fpga/hc_selftest_shim.cpp implements it around the Verilated class,
** and nothing else in the test touches C++. The RTL is built for one set of
** parameters, reported by hc_strtl_built(), and one table directory (its
** TableDir parameter, which the build passes to the test too); the tables
** are read by $readmemh when the simulation is created, so a test may write
** the table directory first.
*/
#ifndef HC_SELFTEST_RTL_H
#define HC_SELFTEST_RTL_H

#include <stdint.h>

#include "hc_fpga.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct hc_strtl hc_strtl;

/* The board's pins, sampled after the last clock edge. */
typedef struct hc_strtl_pins {
  int uart_tx, running, pass, fail, heartbeat;
} hc_strtl_pins;

/* What the RTL was built with: its parameters, clock frequency and UART rate. */
void hc_strtl_built(hc_fpga_geom *g, unsigned *clk_hz, unsigned *baud);

/*
** Create the simulation as the board is after configuration: the button
** released, the UART receive line idle (high). Returns HC_OK or HC_ENOMEM.
*/
int hc_strtl_new(hc_strtl **out);

/* Free the simulation; NULL is allowed. */
void hc_strtl_free(hc_strtl *s);

/* Drive the reset button (0: pressed) and the UART receive line. */
void hc_strtl_set_inputs(hc_strtl *s, int btn_n, int uart_rx);

/* Run one clock cycle. */
void hc_strtl_step(hc_strtl *s);

/* The pins after the last cycle. */
void hc_strtl_pins_get(const hc_strtl *s, hc_strtl_pins *p);

#ifdef __cplusplus
}
#endif

#endif /* HC_SELFTEST_RTL_H */
