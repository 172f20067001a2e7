#ifndef TYPEFIT_CFONTCONFIG_SHIM_H
#define TYPEFIT_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#include <fontconfig/fcfreetype.h>
#endif
