#!/usr/bin/python3
"""Writes Fixtures/text/line-breaks.tsv: for each string of
line-break-strings.tsv at several widths, the lines greedy filling needs
over ICU's line break opportunities, with the widths HarfBuzz's own hb-shape
gives in TypefitWorld-Regular.ttf: the oracle `typefit fit` is checked
against. Independent of typefit's code: ICU through PyICU, widths through
the hb-shape program.

Rules, as UILabel lays a label out (README, "Line breaking"):
- break opportunities from ICU's line break iterator for the string's
  language; a hard break (rule status 100-199) ends a line;
- no break between two Hangul characters (UILabel's default strategy
  includes hangulWordPriority);
- greedy: as many pieces as fit; white space at the end of a line hangs
  past the edge (not counted); a piece wider than the line on its own
  overflows on a line of its own.

Needs python3-icu and libharfbuzz-bin (apt-get install python3-icu
libharfbuzz-bin)."""
import json
import os
import subprocess

import icu

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = os.path.join(HERE, "TypefitWorld-Regular.ttf")
POINT_SIZE = 17  # body at Large
WIDTHS = [40, 70, 110, 170, 260]


def breaks(text, language):
    """Break offsets (after which a line may end) in UTF-8 bytes, and which
    are hard."""
    iterator = icu.BreakIterator.createLineInstance(icu.Locale(language))
    iterator.setText(text)
    # PyICU reports UTF-16 offsets; map them to UTF-8 bytes.
    utf16_to_utf8 = {}
    u16 = u8 = 0
    for ch in text:
        utf16_to_utf8[u16] = u8
        u16 += 2 if ord(ch) > 0xFFFF else 1
        u8 += len(ch.encode("utf-8"))
    utf16_to_utf8[u16] = u8
    result = []
    for boundary in iterator:
        hard = 100 <= iterator.getRuleStatus() < 200
        result.append((utf16_to_utf8[boundary], hard))
    # hangulWordPriority: drop soft breaks between two Hangul characters.
    def hangul(ch):
        cp = ord(ch)
        return (0x1100 <= cp <= 0x11FF or 0x3130 <= cp <= 0x318F or 0xA960 <= cp <= 0xA97F
                or 0xAC00 <= cp <= 0xD7FF or 0xFFA0 <= cp <= 0xFFDC)
    byte_to_char = {}
    u8 = 0
    for i, ch in enumerate(text):
        byte_to_char[u8] = i
        u8 += len(ch.encode("utf-8"))
    kept = []
    for offset, hard in result:
        i = byte_to_char.get(offset)
        if not hard and i is not None and i > 0 and hangul(text[i - 1]) and hangul(text[i]):
            continue
        kept.append((offset, hard))
    return kept


def advances(text, language):
    """Per UTF-8 byte, the advance in ems of the cluster starting there."""
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--utf8-clusters", "--cluster-level=1",
         "--language=" + language, FONT, text],
        capture_output=True, text=True, check=True).stdout
    glyphs = json.loads(out)
    upem = 1000
    result = [0.0] * len(text.encode("utf-8"))
    for glyph in glyphs:
        result[glyph["cl"]] += glyph["ax"] / upem
    return result


def lines(text, language, width_points):
    utf8 = text.encode("utf-8")
    ems = advances(text, language)
    limit = width_points / POINT_SIZE + 1e-9
    ends = breaks(text, language)
    if not ends or ends[-1][0] != len(utf8):
        ends.append((len(utf8), True))

    def used(start, end):
        while end > start and utf8[end - 1] in b" \t\n\r":
            end -= 1
        return sum(ems[start:end])

    count, overflows, start, last_fit, k = 1, False, 0, None, 0
    while k < len(ends):
        end, hard = ends[k]
        if used(start, end) <= limit:
            last_fit = end
            if hard and end < len(utf8):
                count, start, last_fit = count + 1, end, None
            k += 1
            continue
        if last_fit is not None:
            count, start, last_fit = count + 1, last_fit, None
        else:
            overflows = True
            if end < len(utf8):
                count, start = count + 1, end
            k += 1
    return count, overflows


def main():
    rows = []
    with open(os.path.join(HERE, "line-break-strings.tsv"), encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or "\t" not in line:
                continue
            language, text = line.rstrip("\n").split("\t", 1)
            for width in WIDTHS:
                count, overflows = lines(text, language, width)
                rows.append(f"{language}\t{text}\t{width}\t{count}\t{str(overflows).lower()}")
    hb = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0].split()[-1]
    with open(os.path.join(HERE, "line-breaks.tsv"), "w", encoding="utf-8") as fh:
        fh.write(f"# language\ttext\twidth (pt, body at {POINT_SIZE} pt)\tlines\toverflows "
                 f"(ICU {icu.ICU_VERSION} via PyICU, hb-shape {hb})\n")
        fh.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
