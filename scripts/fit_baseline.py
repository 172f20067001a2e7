#!/usr/bin/env python3
"""The Python baseline for typefit fit's benchmark: uharfbuzz (HarfBuzz's
Python binding) shapes each string once, ICU's line break iterator (through
ctypes: libicuuc, whatever its version) gives the break opportunities, and
lines are filled greedily at each size, white space hanging at line ends.
Prints the total line count, which must equal typefit's.

Usage: fit_baseline.py FONT STRINGS WIDTH SIZE...   (sizes space-separated)"""
import ctypes
import ctypes.util
import glob
import re
import sys

import uharfbuzz as hb


def icu():
    paths = sorted(glob.glob("/usr/lib/*/libicuuc.so.[0-9]*") + glob.glob("/usr/lib/libicuuc.so.[0-9]*"))
    for path in paths:
        match = re.search(r"libicuuc\.so\.(\d+)$", path)
        if match:
            lib = ctypes.CDLL(path)
            return lib, "_" + match.group(1)
    sys.exit("fit_baseline: ICU (libicuuc) not found")


def main():
    font_path, strings_path, width = sys.argv[1], sys.argv[2], float(sys.argv[3])
    sizes = [float(s) for s in sys.argv[4:]]
    lib, v = icu()
    ubrk_open = getattr(lib, "ubrk_open" + v)
    ubrk_open.restype = ctypes.c_void_p
    ubrk_open.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int32,
                          ctypes.POINTER(ctypes.c_int)]
    ubrk_set_text = getattr(lib, "ubrk_setText" + v)
    ubrk_set_text.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int32, ctypes.POINTER(ctypes.c_int)]
    ubrk_next = getattr(lib, "ubrk_next" + v)
    ubrk_next.argtypes = [ctypes.c_void_p]
    status = ctypes.c_int(0)
    breaker = ubrk_open(2, b"", None, 0, ctypes.byref(status))  # UBRK_LINE

    blob = hb.Blob.from_file_path(font_path)
    face = hb.Face(blob)
    font = hb.Font(face)
    upem = face.upem
    total = 0
    with open(strings_path, encoding="utf-8") as fh:
        for line in fh:
            text = line.rstrip("\n")
            buf = hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            buf.cluster_level = hb.BufferClusterLevel.MONOTONE_CHARACTERS
            hb.shape(font, buf)
            # Clusters are code point indices; the text is all in the BMP,
            # so they are UTF-16 indices too.
            ems = [0.0] * (len(text) + 1)
            for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
                ems[info.cluster] += pos.x_advance / upem
            encoded = text.encode("utf-16-le")
            units = len(encoded) // 2
            storage = ctypes.create_string_buffer(encoded, len(encoded) + 2)
            ubrk_set_text(breaker, storage, units, ctypes.byref(status))
            ends = []
            while True:
                b = ubrk_next(breaker)
                if b < 0:
                    break
                ends.append(b)
            if not ends or ends[-1] != units:
                ends.append(units)
            for size in sizes:
                limit = width / size + 1e-9
                count, start, last, k = 1, 0, None, 0
                while k < len(ends):
                    end = ends[k]
                    visible = end
                    while visible > start and text[visible - 1] in " \t":
                        visible -= 1
                    if sum(ems[start:visible]) <= limit:
                        last = end
                        k += 1
                        continue
                    if last is not None:
                        count, start, last = count + 1, last, None
                    else:
                        if end < units:
                            count, start = count + 1, end
                        k += 1
                total += count
    print(total)


if __name__ == "__main__":
    main()
