/* The benchmark peer for `typefit fit`: what the work costs in C. Shapes
 * each line of STRINGS once with HarfBuzz's own OpenType functions, finds
 * its line break opportunities with ICU, and fills lines greedily (white
 * space hanging at line ends) at each point size; prints the total line
 * count, which must equal typefit's. Usage: fit_peer FONT STRINGS WIDTH SIZES...
 * Built by `make bench` (scripts/bench.sh). */
#include <hb.h>
#include <hb-ot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: fit_peer FONT STRINGS WIDTH SIZE...\n"); return 2; }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    FILE *in = fopen(argv[2], "r");
    if (!blob || !in) { fprintf(stderr, "fit_peer: cannot read %s\n", blob ? argv[2] : argv[1]); return 2; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_ot_font_set_funcs(font);
    unsigned upem = hb_face_get_upem(face);
    hb_font_set_scale(font, (int) upem, (int) upem);
    double width = atof(argv[3]);
    hb_buffer_t *buffer = hb_buffer_create();
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *breaker = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    static char line[4096];
    static UChar text16[4096];
    static double ems[4096];   /* per UTF-16 unit: the advance of the cluster starting there */
    static int ends[4096];
    long total = 0;
    while (fgets(line, sizeof line, in)) {
        size_t length = strcspn(line, "\n");
        line[length] = 0;
        int32_t units = 0;
        status = U_ZERO_ERROR;
        u_strFromUTF8(text16, 4096, &units, line, (int32_t) length, &status);
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf16(buffer, (const uint16_t *) text16, units, 0, units);
        hb_buffer_guess_segment_properties(buffer);
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
        hb_shape(font, buffer, NULL, 0);
        unsigned count;
        hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
        hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &count);
        memset(ems, 0, sizeof(double) * (size_t) (units + 1));
        for (unsigned i = 0; i < count; i++) ems[info[i].cluster] += (double) pos[i].x_advance / upem;
        int nends = 0;
        ubrk_setText(breaker, text16, units, &status);
        for (int b = ubrk_next(breaker); b != UBRK_DONE; b = ubrk_next(breaker)) ends[nends++] = b;
        if (nends == 0 || ends[nends - 1] != units) ends[nends++] = units;
        for (int s = 4; s < argc; s++) {
            double limit = width / atof(argv[s]) + 1e-9;
            int lines = 1, start = 0, last = -1, k = 0;
            while (k < nends) {
                int end = ends[k], visible = end;
                while (visible > start && (text16[visible - 1] == ' ' || text16[visible - 1] == '\t')) visible--;
                double used = 0;
                for (int i = start; i < visible; i++) used += ems[i];
                if (used <= limit) { last = end; k++; continue; }
                if (last >= 0) { lines++; start = last; last = -1; }
                else { if (end < units) { lines++; start = end; } k++; }
            }
            total += lines;
        }
    }
    printf("%ld\n", total);
    ubrk_close(breaker);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    fclose(in);
    return 0;
}
