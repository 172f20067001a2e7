#ifndef TYPEFIT_CUNIBREAK_SHIM_H
#define TYPEFIT_CUNIBREAK_SHIM_H
// libunibreak: Unicode line breaking (UAX #14).
#include <stddef.h>
#include <linebreak.h>
#endif
