/* Not built by make: a measurement (docs/BENCHMARKS-HISTORY.md, "Session 14").
 *
 *   strace -f -e trace=openat -o /tmp/open.txt typefit list-fonts --no-cache >/dev/null
 *   grep -v ENOENT /tmp/open.txt | grep -oE '"[^"]*\.(ttf|otf|ttc|woff2?|pfb|t1|pfa)"' | tr -d '"' >/tmp/files
 *   cc -O2 -o /tmp/floor scripts/listing_floor.c $(pkg-config --cflags --libs fontconfig libbrotlidec) -lpthread
 *   hyperfine -N fc-list '/tmp/floor /tmp/files' 'typefit list-fonts --no-cache --format json'
 *
 * The floor of a cold listing with Core Text's names, in plain C: fontconfig's
 * start (as fc-list), every face's family, style, PostScript name, file and
 * index read from its pattern and printed, and the name tables typefit must
 * read (the files listed in argv[1]) opened and read: directory, then the
 * name table; a WOFF2 file's Brotli stream decoded up to its end. THREADS=2
 * reads the files on two threads. No naming rules, no JSON, no families. */
#include <fontconfig/fontconfig.h>
#include <brotli/decode.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **files; static int nfiles;
static unsigned long sink;

static unsigned be32(const unsigned char *p) { return (unsigned)p[0]<<24|p[1]<<16|p[2]<<8|p[3]; }

static void readnames(const char *path) {
    int fd = open(path, O_RDONLY|O_CLOEXEC|O_NONBLOCK); if (fd < 0) return;
    unsigned char head[4096]; ssize_t n = pread(fd, head, sizeof head, 0);
    if (n >= 12 && memcmp(head, "wOF2", 4) == 0) {
        off_t size = lseek(fd, 0, SEEK_END); unsigned char *in = malloc(size);
        pread(fd, in, size, 0);
        size_t outsize = 1<<20; unsigned char *out = malloc(outsize);
        /* the stream starts after the table directory: decode it all (prefix ~= all) */
        BrotliDecoderState *s = BrotliDecoderCreateInstance(0,0,0);
        /* WOFF2 table directory: header 48 bytes, then per table a flags
         * byte, an optional tag, UIntBase128 lengths */
        unsigned numTables = in[12]<<8|in[13]; size_t p = 48, total = 0;
        for (unsigned i = 0; i < numTables; i++) {
            unsigned flags = in[p++]; unsigned tagIndex = flags & 0x3f, version = (flags >> 6) & 3;
            if (tagIndex == 0x3f) p += 4;
            unsigned long v = 0; do { v = v << 7 | (in[p] & 0x7f); } while (in[p++] & 0x80);
            int transformed = (tagIndex == 10 || tagIndex == 11) ? version == 0 : version != 0;
            if (transformed) { v = 0; do { v = v << 7 | (in[p] & 0x7f); } while (in[p++] & 0x80); }
            total += v;
        }
        size_t ai = size - p; const uint8_t *ni = in + p; size_t ao = total < outsize ? total : outsize; uint8_t *no = out;
        int r = BrotliDecoderDecompressStream(s, &ai, &ni, &ao, &no, 0);
        if (getenv("DEBUG")) fprintf(stderr, "%s: result %d, decoded %zu of %zu\n", path, r, (size_t)(no - out), total);
        BrotliDecoderDestroyInstance(s); sink += out[0]; free(in); free(out);
    } else if (n >= 12) {
        unsigned off = 0; if (memcmp(head, "ttcf", 4) == 0) off = be32(head+12);
        if (off + 12 <= (unsigned)n) {
            unsigned num = head[off+4]<<8|head[off+5];
            for (unsigned i = 0; i < num && off+12+16*i+16 <= (unsigned)n; i++) {
                const unsigned char *r = head+off+12+16*i;
                if (memcmp(r, "name", 4) == 0) {
                    unsigned len = be32(r+12); unsigned char *t = malloc(len);
                    sink += pread(fd, t, len, be32(r+8)); free(t);
                }
            }
        }
    }
    close(fd);
}

static void *worker(void *arg) {
    long k = (long)arg, step = atoi(getenv("THREADS") ? getenv("THREADS") : "1");
    for (long i = k; i < nfiles; i += step) readnames(files[i]);
    return 0;
}

int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "r"); char line[4096];
    files = malloc(sizeof(char*) * 10000);
    while (fgets(line, sizeof line, f)) { line[strcspn(line, "\n")] = 0; files[nfiles++] = strdup(line); }
    fclose(f);
    int threads = atoi(getenv("THREADS") ? getenv("THREADS") : "1");
    FcConfig *config = FcInitLoadConfigAndFonts();
    pthread_t t[8];
    for (long i = 1; i < threads; i++) pthread_create(&t[i], 0, worker, (void*)i);
    /* the listing on this thread, the files' reading split */
    FcFontSet *set = FcConfigGetFonts(config, FcSetSystem);
    for (int i = 0; i < set->nfont; i++) {
        FcChar8 *fam = 0, *style = 0, *ps = 0, *file = 0; int index = 0;
        FcPatternGetString(set->fonts[i], FC_FAMILY, 0, &fam);
        FcPatternGetString(set->fonts[i], FC_STYLE, 0, &style);
        FcPatternGetString(set->fonts[i], FC_POSTSCRIPT_NAME, 0, &ps);
        FcPatternGetString(set->fonts[i], FC_FILE, 0, &file);
        FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index);
        printf("{\"family\":\"%s\",\"style\":\"%s\",\"postscriptName\":\"%s\",\"file\":\"%s\",\"index\":%d}\n",
               fam, style, ps, file, index);
    }
    worker((void*)0);
    for (long i = 1; i < threads; i++) pthread_join(t[i], 0);
    fprintf(stderr, "%lu\n", sink & 1);
    return 0;
}
