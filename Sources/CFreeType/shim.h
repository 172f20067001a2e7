#ifndef TYPEFIT_CFREETYPE_SHIM_H
#define TYPEFIT_CFREETYPE_SHIM_H
// <ft2build.h> only defines the header macros; the includes below are what
// actually export declarations to Swift.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_MULTIPLE_MASTERS_H
#include FT_TRUETYPE_IDS_H
#include FT_TRUETYPE_TABLES_H
#include FT_FONT_FORMATS_H
#include FT_BDF_H
#include FT_OUTLINE_H
#include FT_GZIP_H
#include FT_SYSTEM_H
#include FT_MODULE_H
#include <stdlib.h>

// The face-flag macros are function-like, which Swift cannot import.
static inline int CFreeType_isScalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int CFreeType_isItalic(FT_Face face) { return (face->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0; }
// FT_Gzip_Uncompress wants an FT_Memory, and FT_Library's own is not
// public: one backed by malloc, for inflating a WOFF table.
static void *CFreeType_alloc(FT_Memory memory, long size) { (void)memory; return malloc((size_t)size); }
static void CFreeType_free(FT_Memory memory, void *block) { (void)memory; free(block); }
static void *CFreeType_realloc(FT_Memory memory, long cur, long size, void *block) {
    (void)memory; (void)cur; return realloc(block, (size_t)size);
}
/// Inflates a zlib stream into `output` (`*outputLength` bytes at most;
/// on return, the bytes written). 0 on success, else a FreeType error.
static inline int CFreeType_inflate(unsigned char *output, unsigned long *outputLength,
                                    const unsigned char *input, unsigned long inputLength) {
    struct FT_MemoryRec_ memory = { NULL, CFreeType_alloc, CFreeType_free, CFreeType_realloc };
    FT_ULong length = *outputLength;
    FT_Error error = FT_Gzip_Uncompress(&memory, output, &length, input, inputLength);
    *outputLength = length;
    return error;
}
/// FreeType's version without starting it: a library object with no
/// modules (FT_New_Library), asked, then dropped. FT_Init_FreeType would
/// start every driver, half a MiB of FreeType's code, for three numbers.
/// 0 on success.
static inline int CFreeType_version(int *major, int *minor, int *patch) {
    struct FT_MemoryRec_ memory = { NULL, CFreeType_alloc, CFreeType_free, CFreeType_realloc };
    FT_Library library = NULL;
    if (FT_New_Library(&memory, &library) != 0 || library == NULL) return -1;
    FT_Int a = 0, b = 0, c = 0;
    FT_Library_Version(library, &a, &b, &c);
    FT_Done_Library(library);
    *major = a; *minor = b; *patch = c;
    return 0;
}
#endif
