#!/usr/bin/env python3
"""Generate typefit's hostile font corpus (Fixtures/hostile).

Font files come from anywhere; each file here is one way they go wrong, cut
or patched from the fixture fonts that make-fonts.py writes (run that first).
Deterministic: random bytes come from a seeded generator. Cases that cannot
live in git (a FIFO, a symlink loop, a directory named like a font, a sparse
multi-gigabyte file, a file that disappears) are made by the tests.

Fixtures/hostile-names holds fonts whose names are shell code (command
substitution, backticks, `;`, quotes, a newline): a completion script that
evaluates a name runs it. Fixtures/odd-names holds a font whose name ID 6
has a percent sign, a non-ASCII letter and a control character. They need
fontTools (python3-fonttools).

Usage: python3 Fixtures/make-hostile.py
"""
import json
import os
import random
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.path.join(HERE, "fonts")
OUT = os.path.join(HERE, "hostile")


def tables(data):
    """The table directory of a single-font sfnt file: tag -> (record offset, offset, length)."""
    count = struct.unpack(">H", data[4:6])[0]
    result = {}
    for i in range(count):
        rec = 12 + i * 16
        tag = data[rec:rec + 4].decode("latin-1")
        _, offset, length = struct.unpack(">III", data[rec + 4:rec + 16])
        result[tag] = (rec, offset, length)
    return result


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as fh:
        fh.write(data)


def main():
    os.makedirs(OUT, exist_ok=True)
    good = open(os.path.join(FONTS, "TypefitSans-Regular.ttf"), "rb").read()
    t = tables(good)
    name_rec, name_off, name_len = t["name"]

    write("empty.ttf", b"")
    # Cut inside the 12-byte header, inside the table directory, inside the
    # name table (the directory then points past the end of the file).
    write("truncated-header.ttf", good[:7])
    write("truncated-directory.ttf", good[:12 + 16 * 3 + 5])
    write("truncated-name.ttf", good[:name_off + name_len // 2])

    rng = random.Random(20261129)
    for ext in ("ttf", "otf", "ttc", "woff2"):
        write(f"random.{ext}", bytes(rng.getrandbits(8) for _ in range(4096)))

    # A collection header claiming a million faces, then one real font.
    header = b"ttcf" + struct.pack(">IIII", 0x00010000, 1_000_000, 16, 0)
    write("million-faces.ttc", header + good)

    # The name table's directory entry points far outside the file.
    patched = bytearray(good)
    struct.pack_into(">II", patched, name_rec + 8, 0x7FFF0000, name_len)
    write("name-outside-file.ttf", bytes(patched))

    # Windows name records for the family, full name and PostScript name
    # whose UTF-16 holds lone surrogates; the Macintosh records stay valid,
    # so the face is still listed (under its Macintosh names).
    patched = bytearray(good)
    count, storage = struct.unpack(">HH", good[name_off + 2:name_off + 6])
    for i in range(count):
        rec = name_off + 6 + i * 12
        platform, encoding, language, name_id, length, offset = struct.unpack(">HHHHHH", good[rec:rec + 12])
        if platform == 3 and name_id in (1, 4) and length >= 2:
            start = name_off + storage + offset
            patched[start:start + 2] = b"\xd8\x00"  # a high surrogate with no low one after it
    write("bad-utf16-names.ttf", bytes(patched))


# Family (name IDs 1 and 16) and PostScript name (ID 6) of each font in
# Fixtures/hostile-names. Each payload creates a file named pwned-* in the
# shell's working folder if a shell ever evaluates it. PostScript names hold
# no space (`$IFS` stands for one): FreeType 2.13 drops spaces from name ID
# 6 and 2.12 derives another name, and the tests run on both.
HOSTILE_NAMES = [
    ("Inj$(touch pwned-dollar)", "InjDollar"),
    ("Tick`touch pwned-backtick`", "Tick`touch$IFS'pwned-ps-backtick'`"),
    ("Semi;touch pwned-semicolon;x", "Semi;touch$IFS'pwned-ps-semicolon'"),
    ("Quote'\"$(touch pwned-quote)\"'", "Quote'\"x"),
    ("New\n$(touch pwned-newline)", "NewLine"),
    ("Glob *", "Glob*"),
]


def hostile_names():
    from fontTools.ttLib import TTFont

    out = os.path.join(HERE, "hostile-names")
    os.makedirs(out, exist_ok=True)
    for i, (family, psname) in enumerate(HOSTILE_NAMES):
        font = TTFont(os.path.join(FONTS, "TypefitSans-Regular.ttf"), recalcTimestamp=False)
        table = font["name"]
        table.names = [n for n in table.names if n.nameID not in (1, 2, 4, 6, 16, 17)]
        for name_id, text in ((1, family), (2, "Regular"), (4, family + " Regular"), (6, psname)):
            table.setName(text, name_id, 3, 1, 0x409)
        font.save(os.path.join(out, "hostile-%d.ttf" % i), reorderTables=False)


def hostile_outlines():
    """Fixtures/hostile-outlines: Typefit Dense, whose "A" has 12,000
    outline points (more than typefit draws: a crossed box), and Typefit
    Tiny Em, whose unitsPerEm of 1 FreeType refuses although HarfBuzz
    measures it."""
    from fontTools.ttLib import TTFont
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    out = os.path.join(HERE, "hostile-outlines")
    os.makedirs(out, exist_ok=True)
    font = TTFont(os.path.join(FONTS, "TypefitSans-Regular.ttf"), recalcTimestamp=False)
    glyph_a = font.getBestCmap()[ord("A")]
    pen = TTGlyphPen(None)
    # 3,000 small squares of four points each, in a 60 x 50 grid.
    for i in range(3000):
        x, y = (i % 60) * 8, (i // 60) * 14
        pen.moveTo((x, y))
        pen.lineTo((x, y + 6))
        pen.lineTo((x + 6, y + 6))
        pen.lineTo((x + 6, y))
        pen.closePath()
    font["glyf"][glyph_a] = pen.glyph()
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in (1, 2, 4, 6, 16, 17)]
    for name_id, text in ((1, "Typefit Dense"), (2, "Regular"), (4, "Typefit Dense Regular"), (6, "TypefitDense-Regular")):
        table.setName(text, name_id, 3, 1, 0x409)
    font.save(os.path.join(out, "TypefitDense-Regular.ttf"))

    font = TTFont(os.path.join(FONTS, "TypefitSans-Regular.ttf"), recalcTimestamp=False)
    font["head"].unitsPerEm = 1
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in (1, 2, 4, 6, 16, 17)]
    for name_id, text in ((1, "Typefit Tiny Em"), (2, "Regular"), (4, "Typefit Tiny Em Regular"), (6, "TypefitTinyEm-Regular")):
        table.setName(text, name_id, 3, 1, 0x409)
    font.save(os.path.join(out, "TypefitTinyEm-Regular.ttf"))


def odd_names():
    """Fixtures/odd-names: Typefit Odd, whose family and name ID 6 are
    `Typefit 50% \u00e9\x01Odd` (a percent sign, a non-ASCII letter, a
    control character). FreeType 2.12 refuses such a name and fontconfig
    2.14 makes `Typefit-50%-\u00e9\x01Odd` from the family (only its
    exclusive characters become hyphens); FreeType 2.13 drops the excluded
    characters (`Typefit50Odd`). Core Text reports the name as stored, which
    expected-names.tsv records as fontTools reads it back."""
    from fontTools.ttLib import TTFont

    out = os.path.join(HERE, "odd-names")
    os.makedirs(out, exist_ok=True)
    family = "Typefit 50% \u00e9\x01Odd"
    font = TTFont(os.path.join(FONTS, "TypefitSans-Regular.ttf"), recalcTimestamp=False)
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in (1, 2, 4, 6, 16, 17)]
    for name_id, text in ((1, family), (2, "Regular"), (4, family + " Regular"), (6, family)):
        table.setName(text, name_id, 3, 1, 0x409)
    path = os.path.join(out, "TypefitOdd.ttf")
    font.save(path, reorderTables=False)
    stored = TTFont(path)["name"].getName(6, 3, 1, 0x409).toUnicode()
    with open(os.path.join(out, "expected-names.tsv"), "w", encoding="utf-8") as fh:
        # file, then name ID 6 as a JSON string (control characters escaped)
        fh.write("TypefitOdd.ttf\t%s\n" % json.dumps(stored))


if __name__ == "__main__":
    main()
    hostile_names()
    hostile_outlines()
    odd_names()
