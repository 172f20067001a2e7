#!/usr/bin/python3
"""Writes Fixtures/text/skparagraph-breaks.tsv: for each string of
line-break-strings.tsv and skparagraph-strings.tsv at several widths, the
lines Flutter's SkParagraph gives it in Material 3's bodyMedium (14 px,
letter spacing 0.25 px), with the widths HarfBuzz's own hb-shape gives in
TypefitWorld-Regular.ttf: the oracle `typefit fit --platform flutter-*` is
checked against. Independent of typefit's code: ICU through PyICU, widths
through the hb-shape program, and the wrapping below written from Skia's
own source, not from typefit's:

- skia modules/skunicode/src/SkUnicode_icu.cpp: line breaks from ICU's
  line break iterator with no locale (SkParagraph passes none); a break
  whose rule status is 100-199 is hard; per code point, u_isWhitespace
  marks white space, u_isspace an intra-word space;
- modules/skparagraph/src/ParagraphImpl.cpp: clusters are HarfBuzz's
  (SkShaper asks for monotone graphemes, hb-shape's default level);
  letter spacing is added after every glyph (Run::addSpacesEvenly);
- modules/skparagraph/src/TextWrapper.cpp @ 0340ac75 (lookAhead,
  moveForward, trimStartSpaces) and TextWrapper.h (TextStretch): a line
  grows cluster by cluster while words + clusters + the next cluster pass
  LineBreakerWithLittleRounding (within 0.25 px of the limit, widths are
  rounded to 0.01 first); white space past the edge hangs; a word longer
  than the line is cut where it stops fitting when more than one of its
  glyphs fits there (or the line has no word yet), else it starts the next
  line; the length of "the rest of the word" stops before a cluster that
  ends at a break, as Skia's walk does.

Widths are 32-bit floats, summed as Skia sums them.

Needs python3-icu and libharfbuzz-bin (apt-get install python3-icu
libharfbuzz-bin)."""
import json
import os
import struct
import subprocess

import icu

HERE = os.path.dirname(os.path.abspath(__file__))
FONT = os.path.join(HERE, "TypefitWorld-Regular.ttf")
FONT_SIZE = 14.0  # bodyMedium at font scale 1
LETTER_SPACING = 0.25  # bodyMedium's, in logical pixels
WIDTHS = [40, 70, 110, 170, 260]


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


class Cluster:
    def __init__(self, start, end, width, glyphs, text):
        self.start, self.end, self.width, self.glyphs = start, end, width, glyphs
        chars = text[start:end]
        self.whitespace = all(icu.Char.isWhitespace(c) for c in chars)
        self.intra_word = all(icu.Char.isspace(c) for c in chars)
        self.soft = self.hard = False


def clusters(text):
    """HarfBuzz's clusters (code point offsets) with their widths in px."""
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", FONT, text],
        capture_output=True, text=True, check=True).stdout
    glyphs = json.loads(out)
    upem = 1000
    # hb-shape reports clusters as code point offsets.
    starts = sorted({g["cl"] for g in glyphs})
    bounds = starts + [len(text)]
    result = []
    for k, start in enumerate(starts):
        mine = [g for g in glyphs if g["cl"] == start]
        width = 0.0
        for g in mine:
            # Each glyph's advance, then the spacing after it.
            width = f32(width + f32(g["ax"] * FONT_SIZE / upem))
            width = f32(width + LETTER_SPACING)
        result.append(Cluster(start, bounds[k + 1], width, len(mine), text))
    return result


def mark_breaks(text, cs):
    iterator = icu.BreakIterator.createLineInstance(icu.Locale.getRoot())
    iterator.setText(text)
    # PyICU reports UTF-16 offsets; map them to code points.
    u16_to_cp, u16 = {}, 0
    for i, ch in enumerate(text):
        u16_to_cp[u16] = i
        u16 += 2 if ord(ch) > 0xFFFF else 1
    u16_to_cp[u16] = len(text)
    soft, hard = set(), set()
    for boundary in iterator:
        (hard if 100 <= iterator.getRuleStatus() < 200 else soft).add(u16_to_cp[boundary])
    for c in cs:
        c.soft, c.hard = c.end in soft, c.end in hard


def breaks_line(width, max_width):
    lower, upper = f32(max_width - 0.25), f32(max_width + 0.25)
    if width < lower:
        return False
    if width > upper:
        return True
    v = abs(width)
    if v < 10000:
        rounded = f32(round(f32(width * 100)) * f32(1 / 100))
    elif v < 100000:
        rounded = f32(round(f32(width * 10)) * f32(1 / 10))
    else:
        rounded = float(int(width // 1))
    return rounded > max_width


class Stretch:
    """TextStretch: a run of whole clusters [start, end) and its width."""

    def __init__(self, start=None):
        self.start = self.end = start
        self.width = 0.0

    def empty(self):
        return self.start is None or self.start == self.end

    def extend_cluster(self, k, cs):
        if self.start is None:
            self.start = k
        self.end = k + 1
        self.width = f32(self.width + cs[k].width)

    def extend(self, other):
        if other.empty():
            return
        if self.start is None:
            self.start = other.start
        self.end = other.end
        self.width = f32(self.width + other.width)
        other.start = other.end = None
        other.width = 0.0

    def glyphs(self, cs):
        return sum(cs[k].glyphs for k in range(self.start, self.end)) if not self.empty() else 0


def wrap(text, max_width):
    """Lines and whether one is wider than max_width, as SkParagraph sets
    text in one style with no placeholders, maxLines or ellipsis."""
    cs = clusters(text)
    mark_breaks(text, cs)
    max_width = f32(max_width)
    line_start, lines, overflows = 0, 0, False
    n = len(cs)
    while line_start < n:
        # lookAhead
        words, part = Stretch(), Stretch()
        too_long_word = too_long_cluster = hard_break = False
        k = line_start
        while k < n:
            c = cs[k]
            if not c.hard and breaks_line(f32(f32(words.width + part.width) + c.width), max_width):
                if c.whitespace:
                    part.extend_cluster(k, cs)
                    words.extend(part)
                    k += 1
                    continue
                next_word, short_word, non_breaking = part.width, part.width, None
                f = k
                while f < n:
                    g = cs[f]
                    if g.soft or g.hard or g.whitespace:
                        break
                    if next_word > 0 and next_word <= max_width and g.intra_word:
                        non_breaking, short_word = f, next_word
                    next_word = f32(next_word + g.width)
                    f += 1
                if next_word > max_width:
                    if non_breaking is not None:
                        if not breaks_line(f32(words.width + short_word), max_width):
                            part.end = non_breaking
                            part.width = short_word
                            words.extend(part)
                        else:
                            part = Stretch()
                        break
                    if part.glyphs(cs) > 1 or words.empty():
                        too_long_word = True
                if c.width > max_width:
                    part.extend_cluster(k, cs)
                    too_long_cluster = too_long_word = True
                break
            part.extend_cluster(k, cs)
            if c.soft or c.hard:
                words.extend(part)
            k += 1
            if c.hard:
                hard_break = True
                break
        # moveForward
        line = Stretch(line_start)
        line.start = line.end = line_start
        done = False
        if not words.empty():
            line.extend(words)
            done = not too_long_word
        if not done and not part.empty():
            line.extend(part)
        # Trailing white space hangs: the line's width without it.
        end = line.end
        width = line.width
        while end > line_start and cs[end - 1].whitespace:
            end -= 1
            width = f32(width - cs[end].width)
        if width > max_width and not breaks_line(width, max_width):
            pass
        elif width > max_width:
            overflows = True
        lines += 1
        # trimStartSpaces: the next line starts after the break and the
        # white space that follows a soft break.
        next_start = line.end
        if not hard_break:
            while next_start < n and cs[next_start].whitespace:
                next_start += 1
        if next_start == line_start:
            raise RuntimeError(f"no progress wrapping {text!r} at {max_width}")
        line_start = next_start
    return max(lines, 1), overflows


def main():
    rows = []
    for name in ["line-break-strings.tsv", "skparagraph-strings.tsv"]:
        with open(os.path.join(HERE, name), encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("#") or "\t" not in line:
                    continue
                language, text = line.rstrip("\n").split("\t", 1)
                for width in WIDTHS:
                    count, overflows = wrap(text, width)
                    rows.append(f"{language}\t{text}\t{width}\t{count}\t{str(overflows).lower()}")
    hb = subprocess.run(["hb-shape", "--version"], capture_output=True, text=True).stdout.splitlines()[0].split()[-1]
    with open(os.path.join(HERE, "skparagraph-breaks.tsv"), "w", encoding="utf-8") as fh:
        fh.write(f"# language\ttext\twidth (px, bodyMedium: {FONT_SIZE:g} px, letter spacing {LETTER_SPACING:g})"
                 f"\tlines\toverflows (SkParagraph's wrapping, ICU {icu.ICU_VERSION} via PyICU, hb-shape {hb})\n")
        fh.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
