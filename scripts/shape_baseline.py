#!/usr/bin/env python3
"""The peer for typefit measure's benchmark: uharfbuzz (HarfBuzz's Python
binding) shaping each string at each point size, as a naive tool would.

Usage: shape_baseline.py FONT STRINGS-FILE SIZES   (sizes comma-separated)
Prints one width in points per (string, size), strings outermost."""
import sys

import uharfbuzz as hb

# The benchmark's scripts by code point (uharfbuzz exposes no Unicode script
# function); anything else is neutral and joins the run before it, as in
# typefit.
RANGES = [
    (0x0041, 0x024F, "Latn"), (0x0590, 0x05FF, "Hebr"), (0x0600, 0x06FF, "Arab"),
    (0x0900, 0x097F, "Deva"), (0x0E00, 0x0E7F, "Thai"), (0x3040, 0x30FF, "Jpan"), (0x4E00, 0x9FFF, "Hani"),
]


def script(ch):
    cp = ord(ch)
    if cp < 0x80 and not ch.isalpha():
        return None
    for low, high, name in RANGES:
        if low <= cp <= high:
            return name
    return None


def runs(text):
    result, start, current = [], 0, None
    for i, ch in enumerate(text):
        s = script(ch)
        if s is None:
            continue
        if current is None:
            current = s
        elif s != current:
            result.append((start, i))
            start, current = i, s
    result.append((start, len(text)))
    return result


def main():
    font_path, strings_path, sizes = sys.argv[1], sys.argv[2], [float(s) for s in sys.argv[3].split(",")]
    font = hb.Font(hb.Face(hb.Blob.from_file_path(font_path)))
    out = []
    strings = [line.rstrip("\n") for line in open(strings_path, encoding="utf-8") if line.strip()]
    for text in strings:
        for size in sizes:
            # Advances in 1/1000 pt: HarfBuzz rounds each to the scale.
            font.scale = (int(size * 1000), int(size * 1000))
            width = 0
            for start, end in runs(text):
                buf = hb.Buffer()
                buf.add_str(text, start, end - start)
                buf.guess_segment_properties()
                hb.shape(font, buf, {})
                width += sum(p.x_advance for p in buf.glyph_positions)
            out.append("%.4f" % (width / 1000))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
