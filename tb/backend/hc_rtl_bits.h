// Bit-field access to the ports of a Verilated model, for the thin C++ shims
// (hc_rtl_shim.cpp, hc_rtl_node_shim.cpp): Verilator gives a port the
// smallest type that holds it, CData, SData, IData or QData (integral), or
// VlWide<N> (an array of 32-bit words) beyond 64 bits, and these read and
// write a field of at most 32 bits in any of them.
#ifndef HC_RTL_BITS_H
#define HC_RTL_BITS_H

#include <cstdint>

#include "verilated.h"

namespace {

// Bit-field access that works for every port type Verilator emits: CData,
// SData, IData, QData (integral) and VlWide<N> (arrays of 32-bit words).
template <typename T>
void put_bits(T &port, unsigned lsb, unsigned width, uint32_t v) {
  const uint64_t mask = ((uint64_t{1} << width) - 1) << lsb;
  uint64_t cur = static_cast<uint64_t>(port);
  cur = (cur & ~mask) | ((static_cast<uint64_t>(v) << lsb) & mask);
  port = static_cast<T>(cur);
}
template <std::size_t N>
void put_bits(VlWide<N> &port, unsigned lsb, unsigned width, uint32_t v) {
  // A field of at most 32 bits spans at most two 32-bit words.
  const unsigned w0 = lsb / 32, sh = lsb % 32;
  const uint64_t mask = ((uint64_t{1} << width) - 1) << sh;
  uint64_t cur = port[w0];
  if (w0 + 1 < N) cur |= static_cast<uint64_t>(port[w0 + 1]) << 32;
  cur = (cur & ~mask) | ((static_cast<uint64_t>(v) << sh) & mask);
  port[w0] = static_cast<uint32_t>(cur);
  if (w0 + 1 < N) port[w0 + 1] = static_cast<uint32_t>(cur >> 32);
}
template <typename T>
uint32_t get_bits(const T &port, unsigned lsb, unsigned width) {
  return static_cast<uint32_t>((static_cast<uint64_t>(port) >> lsb) &
                               ((uint64_t{1} << width) - 1));
}
template <std::size_t N>
uint32_t get_bits(const VlWide<N> &port, unsigned lsb, unsigned width) {
  const unsigned w0 = lsb / 32, sh = lsb % 32;
  uint64_t cur = port[w0];
  if (w0 + 1 < N) cur |= static_cast<uint64_t>(port[w0 + 1]) << 32;
  return static_cast<uint32_t>((cur >> sh) & ((uint64_t{1} << width) - 1));
}

}  // namespace

#endif  // HC_RTL_BITS_H
