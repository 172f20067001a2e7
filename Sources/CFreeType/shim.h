#ifndef TYPEFIT_CFREETYPE_SHIM_H
#define TYPEFIT_CFREETYPE_SHIM_H
// <ft2build.h> only defines the header macros; the includes below are what
// actually export declarations to Swift.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_IDS_H
#include FT_FONT_FORMATS_H
#include FT_BDF_H
#include FT_OUTLINE_H

// FT_HAS_MULTIPLE_MASTERS is a function-like macro, which Swift cannot import.
static inline int CFreeType_hasMultipleMasters(FT_Face face) {
    return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0;
}
// The face-flag macros are function-like too.
static inline int CFreeType_isScalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int CFreeType_isItalic(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0; }
#endif
