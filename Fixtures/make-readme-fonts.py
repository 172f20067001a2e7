#!/usr/bin/env python3
"""Cuts the README's real font out of DejaVu Sans: a Latin subset (Basic
Latin and Latin-1, kerning and ligatures kept, hinting dropped) of the
Regular and Bold faces Debian's fonts-dejavu-core ships, small enough to
commit (see Fixtures/readme-fonts/LICENSE). The README's specimen picture
and its CI example are drawn and checked with these.

Needs fontTools (apt-get install python3-fonttools, or pip install
fonttools) and fonts-dejavu-core. Deterministic: the same sources give the
same bytes."""
import os
from fontTools import subset

SOURCE = "/usr/share/fonts/truetype/dejavu"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "readme-fonts")
CHARACTERS = list(range(0x20, 0x7F)) + list(range(0xA0, 0x100)) + [0x2019, 0x201C, 0x201D, 0x2026]


def main():
    os.makedirs(OUT, exist_ok=True)
    for name in ("DejaVuSans", "DejaVuSans-Bold"):
        options = subset.Options()
        options.layout_features = ["kern", "liga", "calt"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.hinting = False
        options.notdef_outline = True
        options.recalc_timestamp = False
        font = subset.load_font(os.path.join(SOURCE, name + ".ttf"), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=CHARACTERS)
        subsetter.subset(font)
        subset.save_font(font, os.path.join(OUT, name + ".ttf"), options)
        print(os.path.join(OUT, name + ".ttf"), os.path.getsize(os.path.join(OUT, name + ".ttf")), "bytes")


if __name__ == "__main__":
    main()
