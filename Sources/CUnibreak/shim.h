#ifndef TYPEFIT_CUNIBREAK_SHIM_H
#define TYPEFIT_CUNIBREAK_SHIM_H
// libunibreak: Unicode line breaking (UAX #14). Its types only: the library
// is opened on first use (FontRegistry/ShapingLibraries.swift).
#include <stddef.h>
#include <linebreak.h>
#endif
