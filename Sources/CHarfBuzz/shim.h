#ifndef TYPEFIT_CHARFBUZZ_SHIM_H
#define TYPEFIT_CHARFBUZZ_SHIM_H
// HarfBuzz's own OpenType font functions: advances unhinted, straight from
// the font's tables, as hb-shape computes them by default and as iOS lays
// out text.
#include <hb.h>
#include <hb-ot.h>
#endif
