#ifndef TYPEFIT_CHARFBUZZ_SHIM_H
#define TYPEFIT_CHARFBUZZ_SHIM_H
// HarfBuzz's types and constants. The library itself is not linked: typefit
// opens it on first use (see FontRegistry/ShapingLibraries.swift), so the
// header is included by its path under /usr/include rather than through
// pkg-config, whose flags would link it.
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>
#endif
