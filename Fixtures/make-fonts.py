#!/usr/bin/env python3
"""Generate typefit's fixture fonts.

Every font the tests load is made here, so the tests never depend on the fonts
of the machine they run on and no third-party font licence applies. The glyphs
are plain rectangles: what matters to typefit is the naming (families,
PostScript names, localized names, collections, named instances), not looks.

Needs fontTools (`pip install fonttools`). Output is deterministic: the head
table's timestamps are pinned, so re-running gives byte-identical files.

Usage: python3 Fixtures/make-fonts.py   (writes Fixtures/fonts and Fixtures/broken)
"""
import os
import sys

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from fontTools.ttLib.ttCollection import TTCollection
from fontTools.ttLib.tables._f_v_a_r import NamedInstance

HERE = os.path.dirname(os.path.abspath(__file__))
FONTS = os.path.join(HERE, "fonts")
BROKEN = os.path.join(HERE, "broken")
UPM = 1000
# 2024-01-01 in the head table's epoch (seconds since 1904-01-01).
FIXED_TIME = 3786825600

# Printable ASCII, each glyph a box whose width varies with the code point so
# that later measuring tests see different advances.
CHARS = [chr(c) for c in range(0x21, 0x7F)]


def glyph_name(ch):
    return "uni%04X" % ord(ch)


def box(width, height):
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0))
    pen.lineTo((50, height))
    pen.lineTo((width - 50, height))
    pen.lineTo((width - 50, 0))
    pen.closePath()
    return pen.glyph()


def build(family, style, psname, weight, italic=False, localized=None,
          drop_psname=False, full_name=None, typographic=None, extra_chars=(),
          extra_glyphs=None, marks=(), fea=None, width_class=5):
    """Return a TTFont for one static face.

    extra_chars: more code points to map (each a box of its own width);
    extra_glyphs: unmapped glyphs {name: advance} (ligatures, positional
    forms); marks: code points drawn with no advance; fea: OpenType feature
    code compiled into GSUB/GPOS."""
    extra_glyphs = extra_glyphs or {}
    extra = [cp for cp in extra_chars if cp not in marks]
    order = ([".notdef", "space"] + [glyph_name(c) for c in CHARS]
             + ["uni%04X" % cp for cp in extra] + ["uni%04X" % cp for cp in marks] + list(extra_glyphs))
    f = FontBuilder(UPM, isTTF=True)
    f.setupGlyphOrder(order)
    cmap = {0x20: "space"}
    cmap.update({ord(c): glyph_name(c) for c in CHARS})
    cmap.update({cp: "uni%04X" % cp for cp in list(extra) + list(marks)})
    f.setupCharacterMap(cmap)
    stem = 40 + (weight - 100) // 8
    glyphs = {".notdef": box(500, 700), "space": TTGlyphPen(None).glyph()}
    metrics = {".notdef": (500, 50), "space": (250, 0)}
    for c in CHARS:
        w = 400 + (ord(c) % 7) * 50 + stem
        glyphs[glyph_name(c)] = box(w, 700)
        metrics[glyph_name(c)] = (w, 50)
    for cp in extra:
        w = 450 + (cp % 11) * 37
        glyphs["uni%04X" % cp] = box(w, 700)
        metrics["uni%04X" % cp] = (w, 50)
    for cp in marks:
        glyphs["uni%04X" % cp] = box(200, 300)
        metrics["uni%04X" % cp] = (0, 0)
    for name, w in extra_glyphs.items():
        glyphs[name] = box(w, 700)
        metrics[name] = (w, 50)
    f.setupGlyf(glyphs)
    f.setupHorizontalMetrics(metrics)
    f.setupHorizontalHeader(ascent=800, descent=-200)
    names = {
        "familyName": family,
        "styleName": style,
        "uniqueFontIdentifier": "typefit-fixture:" + psname,
        "fullName": full_name or f"{family} {style}",
        "psName": psname,
        "version": "Version 1.000",
    }
    if typographic:
        names["typographicFamily"] = typographic[0]
        names["typographicSubfamily"] = typographic[1]
    if localized:
        # Localized names go in as {lang: value} dicts.
        names = {k: ({"en": v} | localized.get(k, {})) if k in localized else v
                 for k, v in names.items()}
    f.setupNameTable(names, mac=False)
    fs_selection = 0x01 if italic else (0x20 if weight >= 700 else 0x40)
    f.setupOS2(usWeightClass=weight, usWidthClass=width_class, fsSelection=fs_selection,
               sTypoAscender=800, sTypoDescender=-200, usWinAscent=800,
               usWinDescent=200, achVendID="TYPF")
    f.setupPost(italicAngle=-12 if italic else 0)
    f.setupHead(created=FIXED_TIME, modified=FIXED_TIME,
                macStyle=(0x01 if weight >= 700 else 0) | (0x02 if italic else 0))
    font = f.font
    if fea:
        from fontTools.feaLib.builder import addOpenTypeFeaturesFromString
        addOpenTypeFeaturesFromString(font, fea)
    if drop_psname:
        font["name"].names = [n for n in font["name"].names if n.nameID != 6]
    return font


def save(font, name, directory=FONTS):
    path = os.path.join(directory, name)
    pin(font)
    font.save(path, reorderTables=True)
    return path


def pin(font):
    """fontTools stamps head.modified with the current time on save unless
    told not to: pin it for byte-identical output across runs."""
    font.recalcTimestamp = False
    font["head"].modified = FIXED_TIME


def variable_font():
    """A variable font with a weight axis and three named instances.

    Light and Bold carry their own PostScript names (fvar postScriptNameID);
    Regular and Black do not, so a name must be synthesized for Black
    (fontconfig folds Regular into the default face, which has name ID 6).
    """
    font = build("Typefit Flex", "Regular", "TypefitFlex-Regular", 400)
    f = FontBuilder(font=font)
    name = font["name"]
    light = name.addName("Light", minNameID=256)
    bold = name.addName("Bold", minNameID=256)
    black = name.addName("Black", minNameID=256)
    regular = name.addName("Regular", minNameID=256)
    light_ps = name.addName("TypefitFlex-Light", minNameID=256)
    bold_ps = name.addName("TypefitFlex-Bold", minNameID=256)
    f.setupFvar(
        axes=[("wght", 100, 400, 900, "Weight")],
        instances=[],
    )
    fvar = font["fvar"]
    for sub, ps, value in ((light, light_ps, 300), (regular, 0xFFFF, 400),
                           (bold, bold_ps, 700), (black, 0xFFFF, 900)):
        inst = NamedInstance()
        inst.subfamilyNameID = sub
        inst.postscriptNameID = ps
        inst.coordinates = {"wght": value}
        fvar.instances.append(inst)
    f.setupGvar({})
    return font


def wide_variable_font():
    """A variable font with weight and width axes: its variable face spans a
    width range, its named instances sit at widths (Condensed with its own
    PostScript name, Bold Expanded without)."""
    font = build("Typefit Wide", "Regular", "TypefitWide-Regular", 400)
    f = FontBuilder(font=font)
    name = font["name"]
    regular = name.addName("Regular", minNameID=256)
    condensed = name.addName("Condensed", minNameID=256)
    bold_expanded = name.addName("Bold Expanded", minNameID=256)
    condensed_ps = name.addName("TypefitWide-Condensed", minNameID=256)
    f.setupFvar(axes=[("wght", 100, 400, 900, "Weight"), ("wdth", 75, 100, 125, "Width")], instances=[])
    fvar = font["fvar"]
    for sub, ps, weight, width in ((regular, 0xFFFF, 400, 100), (condensed, condensed_ps, 400, 75),
                                   (bold_expanded, 0xFFFF, 700, 125)):
        inst = NamedInstance()
        inst.subfamilyNameID = sub
        inst.postscriptNameID = ps
        inst.coordinates = {"wght": weight, "wdth": width}
        fvar.instances.append(inst)
    f.setupGvar({})
    return font


def main():
    os.makedirs(FONTS, exist_ok=True)
    os.makedirs(BROKEN, exist_ok=True)

    # A family with two weights and an italic, named as an app would ship it.
    save(build("Typefit Sans", "Regular", "TypefitSans-Regular", 400), "TypefitSans-Regular.ttf")
    save(build("Typefit Sans", "Bold", "TypefitSans-Bold", 700), "TypefitSans-Bold.ttf")
    save(build("Typefit Sans", "Italic", "TypefitSans-Italic", 400, italic=True), "TypefitSans-Italic.ttf")

    # Condensed faces that share the family name (as DejaVu Sans Condensed
    # does): normal width must win every face choice. Their names sort
    # before the normal faces', so list order alone would pick them.
    save(build("Typefit Sans", "Condensed", "TypefitSans-Condensed", 400, width_class=3),
         "TypefitSans-Condensed.ttf")
    save(build("Typefit Sans", "SemiBold Condensed", "TypefitSans-SemiBoldCondensed", 600, width_class=3),
         "TypefitSans-SemiBoldCondensed.ttf")

    # An icon font whose name ID 6 has spaces, as Material Design Icons
    # ships: Core Text (and so UIFont(name:)) takes it as stored, FreeType
    # refuses it and fontconfig makes "Typefit-Icons" from the family.
    save(build("Typefit Icons", "Regular", "Typefit Icons", 400), "TypefitIcons.ttf")

    # A collection: two faces in one .ttc, listed with indices 0 and 1.
    coll = TTCollection()
    coll.fonts = [
        build("Typefit Serif", "Regular", "TypefitSerif-Regular", 400),
        build("Typefit Serif", "Bold", "TypefitSerif-Bold", 700),
    ]
    for font in coll.fonts:
        pin(font)
    coll.save(os.path.join(FONTS, "TypefitSerif.ttc"))

    # A variable font with named instances (Black without a PostScript name of
    # its own: Core Text names it TypefitFlex-Regular_Black).
    save(variable_font(), "TypefitFlex-VF.ttf")
    # And one with a width axis.
    save(wide_variable_font(), "TypefitWide-VF.ttf")

    # A family with an English and a Japanese name (fontconfig lists both).
    # It also draws a few ideographs: the fixture configuration's fallback
    # for CJK text set in a Latin face.
    save(build("Typefit Gothic", "Regular", "TypefitGothic-Regular", 400,
               localized={"familyName": {"ja": "タイプフィット ゴシック"},
                          "fullName": {"ja": "タイプフィット ゴシック Regular"}},
               extra_chars=CJK),
         "TypefitGothic-Regular.ttf")

    # Its bold, kept out of fonts/ (whose listing the tests count): with it
    # beside fonts/, text in a bold Latin face falls back to this face for
    # ideographs, as fontconfig sorts at the run's weight.
    fallback = os.path.join(HERE, "fallback")
    os.makedirs(fallback, exist_ok=True)
    save(build("Typefit Gothic", "Bold", "TypefitGothic-Bold", 700, extra_chars=CJK),
         "TypefitGothic-Bold.ttf", directory=fallback)

    # A face with no PostScript name at all (name ID 6 removed).
    save(build("Typefit Anon", "Regular", "TypefitAnon-Regular", 400, drop_psname=True),
         "TypefitAnon-Regular.ttf")

    # Broken inputs, kept out of fonts/ so the registry tests see clean data.
    with open(os.path.join(BROKEN, "garbage.ttf"), "wb") as fh:
        fh.write(b"this is not a font, just text with a font's extension\n" * 4)
    open(os.path.join(BROKEN, "empty.otf"), "wb").close()
    with open(os.path.join(FONTS, "TypefitSans-Regular.ttf"), "rb") as fh:
        data = fh.read()
    with open(os.path.join(BROKEN, "truncated.ttf"), "wb") as fh:
        fh.write(data[:100])
    formats()
    # Fonts for measuring text, kept out of fonts/ so the listing fixtures
    # stay as they are.
    text = os.path.join(HERE, "text")
    os.makedirs(text, exist_ok=True)
    save(script_font(), "TypefitScript-Regular.ttf", text)
    save(world_font(), "TypefitWorld-Regular.ttf", text)
    save(blank_font(), "TypefitBlank-Regular.ttf", text)
    # Apart from text/, whose fonts the fallback fixtures list.
    words = os.path.join(HERE, "words")
    os.makedirs(words, exist_ok=True)
    save(spaced_font(), "TypefitSpaced-Regular.ttf", words)
    emoji_fonts()
    name_fonts()
    app_folder()
    optical_fonts()
    optical_outline_font()
    khmer_stand_ins()
    system_font_stand_ins()
    cascade_fonts()
    android_system_fonts()
    merged_instance_font()
    bitmap_emoji_font()


BDF_TEMPLATE = """STARTFONT 2.1
FONT -typefit-Typefit Pixel-{weight}-R-Normal--8-80-75-75-C-60-{registry}-{encoding}
SIZE 8 75 75
FONTBOUNDINGBOX 6 8 0 -1
STARTPROPERTIES 8
FOUNDRY "typefit"
FAMILY_NAME "Typefit Pixel"
WEIGHT_NAME "{weight}"
SLANT "R"
PIXEL_SIZE 8
POINT_SIZE 80
CHARSET_REGISTRY "{registry}"
CHARSET_ENCODING "{encoding}"
ENDPROPERTIES
CHARS 2
STARTCHAR space
ENCODING 32
SWIDTH 750 0
DWIDTH 6 0
BBX 6 8 0 -1
BITMAP
00
00
00
00
00
00
00
00
ENDCHAR
STARTCHAR A
ENCODING 65
SWIDTH 750 0
DWIDTH 6 0
BBX 6 8 0 -1
BITMAP
30
48
84
84
FC
84
84
00
ENDCHAR
ENDFONT
"""


ARABIC = [0x0627, 0x0628, 0x062D, 0x0631, 0x0644, 0x0645, 0x0647, 0x064A]  # ا ب ح ر ل م ه ي
HEBREW = [0x05D5, 0x05DC, 0x05DD, 0x05E9]                                   # ו ל ם ש
DEVANAGARI = [0x0928, 0x092E, 0x0938, 0x0924, 0x0939, 0x0926, 0x0940]       # न म स त ह द ी
DEVANAGARI_MARKS = [0x0947, 0x094D]                                         # े ्
THAI = [0x0E2A, 0x0E27, 0x0E14, 0x0E35, 0x0E04, 0x0E23, 0x0E1A]             # ส ว ด ี ค ร บ
THAI_MARKS = [0x0E31, 0x0E48]                                               # ั ่
CJK = [0x65E5, 0x672C, 0x8A9E, 0x4E2D, 0x6587, 0x3001, 0x3002]             # 日 本 語 中 文 、 。


def script_font():
    """A face for measuring: Latin with a kerning pair and an fi ligature,
    Arabic with initial, medial and final forms of their own widths, Hebrew,
    Devanagari and Thai with marks, and CJK ideographs. Its numbers are
    checked against hb-shape on the same file."""
    dual = [cp for cp in ARABIC if cp not in (0x0627, 0x0631)]  # alef and reh join on the right only
    forms = {}
    for cp in ARABIC:
        forms["uni%04X.fina" % cp] = 420 + (cp % 5) * 40
        if cp in dual:
            forms["uni%04X.init" % cp] = 300 + (cp % 5) * 30
            forms["uni%04X.medi" % cp] = 260 + (cp % 5) * 20
    forms["f_i"] = 700
    fea = """
languagesystem DFLT dflt;
languagesystem latn dflt;
languagesystem arab dflt;
feature kern { pos A V -80; pos V A -80; pos T o -60; } kern;
feature liga { sub f i by f_i; } liga;
feature init { %s } init;
feature medi { %s } medi;
feature fina { %s } fina;
""" % (
        " ".join("sub uni%04X by uni%04X.init;" % (cp, cp) for cp in dual),
        " ".join("sub uni%04X by uni%04X.medi;" % (cp, cp) for cp in dual),
        " ".join("sub uni%04X by uni%04X.fina;" % (cp, cp) for cp in ARABIC),
    )
    # Glyph names for ASCII letters in feature code: A V T o f i.
    for ch in "AVTofi":
        fea = fea.replace(" %s " % ch, " %s " % glyph_name(ch)).replace(" %s;" % ch, " %s;" % glyph_name(ch))
    return build("Typefit Script", "Regular", "TypefitScript-Regular", 400,
                 extra_chars=ARABIC + HEBREW + DEVANAGARI + DEVANAGARI_MARKS + THAI + THAI_MARKS + CJK,
                 marks=DEVANAGARI_MARKS + THAI_MARKS, extra_glyphs=forms, fea=fea)


def spaced_font():
    """A face whose kerning reads the space (T before it, A after it): a
    word's width then depends on the words around it, and typefit must not
    shape such a face word by word. Its numbers are checked against
    hb-shape on the same file."""
    fea = """
languagesystem DFLT dflt;
languagesystem latn dflt;
feature kern { pos %s space -120; pos space %s -90; } kern;
""" % (glyph_name("T"), glyph_name("A"))
    return build("Typefit Spaced", "Regular", "TypefitSpaced-Regular", 400, fea=fea)


def world_font():
    """A face for the line-break oracle: every character of
    text/line-break-strings.tsv (Thai, Lao, Khmer, Myanmar, Japanese,
    Chinese, Korean, Latin), each a box of its own width, combining marks
    (Unicode category Mn) without advance."""
    import unicodedata
    points = set()
    with open(os.path.join(HERE, "text", "line-break-strings.tsv"), encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or "\t" not in line:
                continue
            points.update(ord(c) for c in line.rstrip("\n").split("\t", 1)[1])
    points -= {ord(c) for c in CHARS} | {0x20}
    marks = sorted(cp for cp in points if unicodedata.category(chr(cp)) == "Mn")
    spacing = sorted(cp for cp in points if cp not in marks)
    return build("Typefit World", "Regular", "TypefitWorld-Regular", 400,
                 extra_chars=spacing + marks, marks=marks)


TIFINAGH = [0x2D30, 0x2D63, 0x2D53, 0x2D4D]  # ⴰ ⵣ ⵓ ⵍ


def blank_font():
    """A face that maps letters to glyphs with no outline and no advance
    (Runic ᚠ ᚢ ᚦ), as some fonts map scripts they do not draw: their
    letters must be reported, never measured 0 wide in silence."""
    blanks = [0x16A0, 0x16A2, 0x16A6]
    font = build("Typefit Blank", "Regular", "TypefitBlank-Regular", 400, extra_chars=blanks)
    for cp in blanks:
        font["glyf"]["uni%04X" % cp] = TTGlyphPen(None).glyph()
        font["hmtx"].metrics["uni%04X" % cp] = (0, 0)
    return font


EMOJI = [0x1F4F1, 0x2764]  # 📱 (emoji presentation), ❤ (text presentation unless U+FE0F follows)


def emoji_fonts():
    """Two faces with the same two emoji, kept in Fixtures/emoji: a
    monochrome one (boxes 450 + (cp % 11) * 37 wide) and a colour one (COLR
    and CPAL tables, which fontconfig reports as color=True; every glyph
    900 wide, U+FE0F mapped with no advance). The fallback tests put the
    monochrome face first in the cascade: an emoji-presentation cluster
    must still go to the colour face, as Core Text's cascade prefers Apple
    Color Emoji."""
    from fontTools.colorLib.builder import buildCOLR, buildCPAL
    out = os.path.join(HERE, "emoji")
    os.makedirs(out, exist_ok=True)
    save(build("Typefit Mono Emoji", "Regular", "TypefitMonoEmoji-Regular", 400, extra_chars=EMOJI),
         "TypefitMonoEmoji-Regular.ttf", out)
    colour = build("Typefit Color Emoji", "Regular", "TypefitColorEmoji-Regular", 400,
                   extra_chars=EMOJI + [0xFE0F], marks=[0xFE0F])
    for cp in EMOJI:
        colour["hmtx"].metrics["uni%04X" % cp] = (900, 50)
    colour["CPAL"] = buildCPAL([[(1.0, 0.2, 0.2, 1.0)]])
    colour["COLR"] = buildCOLR({"uni%04X" % cp: [("uni%04X" % cp, 0)] for cp in EMOJI})
    save(colour, "TypefitColorEmoji-Regular.ttf", out)


def named(font, records):
    """Replaces a font's family, style and full names with `records`:
    (nameID, platformID, langID, string); Windows records are Unicode BMP
    (encoding 1), Macintosh ones Roman (encoding 0)."""
    table = font["name"]
    table.names = [n for n in table.names if n.nameID not in (1, 2, 4, 16, 17, 21, 22)]
    for name_id, platform, lang, text in records:
        table.setName(text, name_id, platform, 1 if platform == 3 else 0, lang)
    return font


def name_fonts():
    """Faces whose names Core Text and fontconfig read differently, kept in
    Fixtures/names (the listing fixtures stay as they are):

    - WWS names: ID 1 = ID 16 = "Typefit Wws", ID 17 "XBold", ID 21
      "Typefit Wws W04", ID 22 "ExtraBold" (fontconfig lists the WWS family
      first; Core Text reports the typographic one);
    - Macintosh and Windows English ID 1 that differ: Windows "Typefit
      System", Macintosh ".Typefit NS Display" (a hidden family, as Apple's
      system fonts are);
    - a style stored in Catalan and Chinese before English (language IDs
      0x403 and 0x404 below 0x409): Core Text reports the English "Bold";
    - a typographic family beside the legacy one: ID 1 "Typefit Ramp
      Light", ID 16 "Typefit Ramp", ID 2 "Regular", ID 17 "Light".

    expected-names.tsv records, per file, the names as fontTools reads the
    records by the rule docs/REFERENCE.md documents (computed here, apart
    from typefit)."""
    out = os.path.join(HERE, "names")
    os.makedirs(out, exist_ok=True)
    fonts = {
        "TypefitWws-XBold.ttf": named(build("Typefit Wws", "Bold", "TypefitWws-XBold", 800), [
            (1, 3, 0x409, "Typefit Wws"), (2, 3, 0x409, "Bold"), (4, 3, 0x409, "Typefit Wws XBold"),
            (16, 3, 0x409, "Typefit Wws"), (17, 3, 0x409, "XBold"),
            (21, 3, 0x409, "Typefit Wws W04"), (22, 3, 0x409, "ExtraBold")]),
        "TypefitSystem-Display.ttf": named(build("Typefit System", "Regular", ".TypefitNSDisplay", 400), [
            (1, 3, 0x409, "Typefit System"), (2, 3, 0x409, "Regular"), (4, 3, 0x409, "Typefit System"),
            (1, 1, 0, ".Typefit NS Display"), (2, 1, 0, "Regular"), (4, 1, 0, ".Typefit NS Display")]),
        "TypefitLingua-Bold.ttf": named(build("Typefit Lingua", "Bold", "TypefitLingua-Bold", 700), [
            (1, 3, 0x409, "Typefit Lingua"), (2, 3, 0x403, "Negreta"), (2, 3, 0x404, "\u7c97\u9ad4"),
            (2, 3, 0x409, "Bold"), (4, 3, 0x409, "Typefit Lingua Bold")]),
        "TypefitRamp-Light.ttf": named(build("Typefit Ramp", "Light", "TypefitRamp-Light", 300), [
            (1, 3, 0x409, "Typefit Ramp Light"), (2, 3, 0x409, "Regular"), (4, 3, 0x409, "Typefit Ramp Light"),
            (16, 3, 0x409, "Typefit Ramp"), (17, 3, 0x409, "Light")]),
    }
    rows = []
    for file, font in sorted(fonts.items()):
        save(font, file, out)
        rows.append((file,) + core_text_names(TTFont(os.path.join(out, file))))
    with open(os.path.join(out, "expected-names.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# file\tfamily\tstyle\tfull name (Core Text's rule over fontTools' reading of the records)\n")
        for row in rows:
            fh.write("\t".join(row) + "\n")


def core_text_names(font):
    """Family (ID 16, else 1), style (17, else 2) and full name (4): of an
    ID's records the Macintosh English one, then Windows US English, then
    any Windows English; without English, the first record."""
    table = font["name"]

    def pick(ids):
        for name_id in ids:
            records = [r for r in table.names if r.nameID == name_id]
            for test in (lambda r: r.platformID == 1 and r.platEncID == 0 and r.langID == 0,
                         lambda r: r.platformID == 3 and r.langID == 0x409,
                         lambda r: r.platformID == 3 and r.langID & 0x3FF == 0x09,
                         lambda r: r.platformID == 0):
                for record in records:
                    if test(record):
                        return record.toUnicode().strip(" ")
        for name_id in ids:
            for record in table.names:
                if record.nameID == name_id:
                    return record.toUnicode().strip(" ")
        return ""

    return pick([16, 1]), pick([17, 2]), pick([4])


def app_folder():
    """An app's Fonts folder as Xcode projects keep it: fonts in group
    folders (Brand/, Extra/), the same PostScript name in two files (iOS
    registers one of them), and a web page's WOFF font beside them."""
    out = os.path.join(HERE, "app", "Fonts")
    for sub in ("Brand", "Extra", "Web"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    save(build("Typefit Brand", "Regular", "TypefitBrand-Regular", 400),
         os.path.join("Brand", "TypefitBrand-Regular.ttf"), out)
    save(build("Typefit Brand", "Bold", "TypefitBrand-Bold", 700),
         os.path.join("Brand", "TypefitBrand-Bold.ttf"), out)
    # The same name ID 6 in a second file (an older copy under another name).
    save(build("Typefit Brand", "Bold", "TypefitBrand-Bold", 700, full_name="Typefit Brand Bold Old"),
         os.path.join("Extra", "TypefitBrand-Bold-Old.ttf"), out)
    web = build("Typefit Brand", "Regular", "TypefitBrandWeb-Regular", 400)
    web.flavor = "woff"
    save(web, os.path.join("Web", "TypefitBrandWeb-Regular.woff"), out)


def formats():
    """Other formats typefit must recognise by content: WOFF, WOFF2, a BDF bitmap
    font in Unicode, and a BDF in a legacy character set, which fontconfig
    does not list. (FreeType reads gzip-compressed PCF, not BDF; PCF is
    checked on real fonts by `make agreement`.)"""
    out = os.path.join(HERE, "formats")
    os.makedirs(out, exist_ok=True)
    woff = TTFont(os.path.join(FONTS, "TypefitSans-Bold.ttf"))
    woff.flavor = "woff"
    pin(woff)
    woff.save(os.path.join(out, "TypefitSans-Bold.woff"))
    # The icon font whose name ID 6 has spaces, as WOFF and WOFF2: typefit
    # reads the name from the compressed name table alone (zlib; Brotli,
    # needs python3-brotli).
    for flavor in ("woff", "woff2"):
        icons = TTFont(os.path.join(FONTS, "TypefitIcons.ttf"))
        icons.flavor = flavor
        pin(icons)
        icons.save(os.path.join(out, "TypefitIcons." + flavor))
    bold = BDF_TEMPLATE.format(weight="Bold", registry="ISO10646", encoding="1").encode()
    with open(os.path.join(out, "TypefitPixel-Bold.bdf"), "wb") as fh:
        fh.write(bold)
    legacy = BDF_TEMPLATE.format(weight="Medium", registry="ISO8859", encoding="2").encode()
    with open(os.path.join(out, "TypefitPixel-Latin2.bdf"), "wb") as fh:
        fh.write(legacy)


def tracking_table(sizes, values):
    """An Apple trak table with one normal track (horizontal only):
    `values` in font units at each of `sizes` (points)."""
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    entry = TrackTableEntry({size: value for size, value in zip(sizes, values)}, nameIndex=256)
    trak.horizData = TrackData({0.0: entry})
    trak.vertData = TrackData()
    return trak


OPTICAL_TRACKING = ([8.0, 14.0, 24.0, 72.0], [40, 0, -20, -50])


def optical_master(family, psname, weight, scale):
    """A face whose advances are `scale` times build()'s (a master of an
    optical-size axis: small sizes wide, large ones tight)."""
    font = build(family, "Regular", psname, weight)
    for glyph, (advance, lsb) in list(font["hmtx"].metrics.items()):
        font["hmtx"].metrics[glyph] = (round(advance * scale), lsb)
    return font


def optical_variable(family, psname, stat, largest=72, trak=True):
    """A variable font with an optical-size axis (opsz 8..14..72, advances
    1.25x at 8 and 0.75x at 72) and a weight axis (wght 400..700, +60 units
    at 700), a named Bold instance, a trak table and, when `stat`, a STAT
    table: the measurements at a point size follow Core Text's rule
    (opsz and trak applied for fonts with STAT)."""
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor, InstanceDescriptor
    from fontTools import varLib
    doc = DesignSpaceDocument()
    for tag, name, low, default, high in (("wght", "Weight", 400, 400, 700), ("opsz", "Optical size", 8, 14, largest)):
        axis = AxisDescriptor()
        axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = tag, name, low, default, high
        doc.addAxis(axis)
    for weight, opsz, scale in ((400, 14, 1.0), (400, 8, 1.25), (400, largest, 0.75), (700, 14, 1.0)):
        source = SourceDescriptor()
        source.font = optical_master(family, psname, weight, scale)
        source.location = {"Weight": weight, "Optical size": opsz}
        source.name = "%s-%d-%d" % (psname, weight, opsz)
        doc.addSource(source)
    for style, weight in (("Regular", 400), ("Bold", 700)):
        instance = InstanceDescriptor()
        instance.styleName = style
        instance.familyName = family
        instance.location = {"Weight": weight, "Optical size": 14}
        doc.addInstance(instance)
    font, _, _ = varLib.build(doc)
    if trak:
        font["trak"] = tracking_table(*OPTICAL_TRACKING)
    if stat:
        from fontTools.otlLib.builder import buildStatTable
        buildStatTable(font, [
            dict(tag="wght", name="Weight", values=[
                dict(value=400, name="Regular", flags=0x2), dict(value=700, name="Bold")]),
            dict(tag="opsz", name="Optical size", values=[dict(value=14, name="Text", flags=0x2)]),
        ])
    elif "STAT" in font:
        del font["STAT"]
    return font


def optical_fonts():
    """Fonts whose widths depend on the point size, kept in Fixtures/optical
    (Core Text sets opsz to the point size and applies trak for fonts with
    a STAT table; docs/REFERENCE.md cites the sources):

    - TypefitOptical-VF.ttf: opsz and wght axes, trak, STAT;
    - TypefitOpticalPlain-VF.ttf: the same without STAT (measured at the
      default opsz, without tracking);
    - TypefitTracked-Regular.ttf: a static face with trak and STAT;
    - TypefitTrackedPlain-Regular.ttf: trak without STAT;

    and in Fixtures/optical-short, TypefitShortOptical-VF.ttf: opsz
    8..14..28 with STAT and no trak, so every size from 28 pt up is set
    alike (the axis clamped, as DM Sans' ends at 40): `review` draws those
    sizes from one session."""
    short = os.path.join(HERE, "optical-short")
    os.makedirs(short, exist_ok=True)
    save(optical_variable("Typefit Short Optical", "TypefitShortOptical-Regular", True, largest=28, trak=False),
         "TypefitShortOptical-VF.ttf", short)
    out = os.path.join(HERE, "optical")
    os.makedirs(out, exist_ok=True)
    save(optical_variable("Typefit Optical", "TypefitOptical-Regular", True), "TypefitOptical-VF.ttf", out)
    save(optical_variable("Typefit Optical Plain", "TypefitOpticalPlain-Regular", False),
         "TypefitOpticalPlain-VF.ttf", out)
    from fontTools.otlLib.builder import buildStatTable
    tracked = build("Typefit Tracked", "Regular", "TypefitTracked-Regular", 400)
    tracked["trak"] = tracking_table(*OPTICAL_TRACKING)
    buildStatTable(tracked, [dict(tag="wght", name="Weight", values=[dict(value=400, name="Regular", flags=0x2)])])
    save(tracked, "TypefitTracked-Regular.ttf", out)
    plain = build("Typefit Tracked Plain", "Regular", "TypefitTrackedPlain-Regular", 400)
    plain["trak"] = tracking_table(*OPTICAL_TRACKING)
    save(plain, "TypefitTrackedPlain-Regular.ttf", out)



def optical_outline_font():
    """Fixtures/outlines/TypefitOutline-VF.ttf: an optical-size axis (opsz
    8..14..72) whose masters scale each glyph's outline with its advance
    (1.25x at 8, 0.75x at 72), and a STAT table: a drawing at the point
    size's opsz differs from one at the default coordinates, so a test can
    tell which the outlines were drawn at (specimen, review)."""
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
    from fontTools import varLib
    from fontTools.otlLib.builder import buildStatTable
    doc = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = "opsz", "Optical size", 8, 14, 72
    doc.addAxis(axis)
    for opsz, scale in ((14, 1.0), (8, 1.25), (72, 0.75)):
        master = optical_master("Typefit Outline", "TypefitOutline-Regular", 400, scale)
        glyf = master["glyf"]
        for name in master.getGlyphOrder():
            glyph = glyf[name]
            if glyph.numberOfContours > 0:
                glyph.coordinates.scale((scale, 1))
                glyph.recalcBounds(glyf)
                # The left side bearing follows the outline (an hmtx lsb
                # that disagrees with the glyph's xMin shifts it in some
                # FreeType versions and not in others).
                advance, _ = master["hmtx"].metrics[name]
                master["hmtx"].metrics[name] = (advance, glyph.xMin)
        source = SourceDescriptor()
        source.font = master
        source.location = {"Optical size": opsz}
        source.name = "TypefitOutline-%d" % opsz
        doc.addSource(source)
    font, _, _ = varLib.build(doc)
    buildStatTable(font, [dict(tag="opsz", name="Optical size", values=[dict(value=14, name="Text", flags=0x2)])])
    out = os.path.join(HERE, "outlines")
    os.makedirs(out, exist_ok=True)
    save(font, "TypefitOutline-VF.ttf", out)


def system_font_stand_ins():
    """Faces named as Apple names its system font's files, kept in
    Fixtures/system-font, so that the tests find "the system font" without
    Apple's fonts (which typefit never ships): SF Pro Text Regular,
    Semibold and Bold, SF Pro Display Regular and Semibold, each with a trak
    table and no STAT (as Apple's static files have), and Bold with weight
    class 600, as Apple's SF Pro Text Bold has. Boxes, like every fixture;
    Display's are narrower than Text's, so that which one measured shows."""
    out = os.path.join(HERE, "system-font")
    os.makedirs(out, exist_ok=True)
    faces = (("SF Pro Text", "Regular", "SFProText-Regular", 400, 400, 1.0),
             ("SF Pro Text", "Semibold", "SFProText-Semibold", 600, 600, 1.0),
             ("SF Pro Text", "Bold", "SFProText-Bold", 700, 600, 1.0),
             ("SF Pro Display", "Regular", "SFProDisplay-Regular", 400, 400, 0.9),
             ("SF Pro Display", "Semibold", "SFProDisplay-Semibold", 600, 600, 0.9))
    for family, style, psname, stem, weight_class, scale in faces:
        font = optical_master(family, psname, stem, scale)
        font["name"].setName(style, 2, 3, 1, 0x409)
        font["name"].setName("%s %s" % (family, style), 4, 3, 1, 0x409)
        font["OS/2"].usWeightClass = weight_class
        font["trak"] = tracking_table([6.0, 12.0, 17.0, 20.0, 28.0, 80.0], [82, 0, -47, -55, -66, -92])
        save(font, "SF-Pro-%s-%s.ttf" % (family.split()[-1], style), out)



def cascade_fonts():
    """Thai faces named as iOS's face for Thai (Thonburi) and as its open
    stand-in (Noto Sans Thai), kept in Fixtures/cascade/ios and
    Fixtures/cascade/stand-in: the tests put them after Typefit Script
    (which has Thai too) in fontconfig's cascade and check that typefit
    measures Thai in iOS's face, else the stand-in, and says which. Their
    Thai boxes are 1.3x and 1.15x build()'s, so the widths show which face
    drew them."""
    for folder, family, psname, scale in (("ios", "Thonburi", "Thonburi", 1.3),
                                          ("stand-in", "Noto Sans Thai", "NotoSansThai-Regular", 1.15)):
        out = os.path.join(HERE, "cascade", folder)
        os.makedirs(out, exist_ok=True)
        font = build(family, "Regular", psname, 400, extra_chars=THAI, marks=THAI_MARKS)
        for cp in THAI:
            name = "uni%04X" % cp
            advance, lsb = font["hmtx"].metrics[name]
            font["hmtx"].metrics[name] = (round(advance * scale), lsb)
        save(font, psname + ".ttf", out)



KHMER = list(range(0x1780, 0x1786))


def khmer_stand_ins():
    """Fixtures/cascade/khmer: Noto Sans Khmer Regular and Bold, Khmer's
    open stand-in, whose Khmer boxes are 1.1x and 1.4x build()'s. iOS's
    Khmer face (Khmer Sangam MN) has a regular weight only, so a bold run
    is measured in the Regular: the widths show which face drew it."""
    out = os.path.join(HERE, "cascade", "khmer")
    os.makedirs(out, exist_ok=True)
    for style, psname, weight, scale in (("Regular", "NotoSansKhmer-Regular", 400, 1.1),
                                         ("Bold", "NotoSansKhmer-Bold", 700, 1.4)):
        font = build("Noto Sans Khmer", style, psname, weight, extra_chars=KHMER)
        for cp in KHMER:
            name = "uni%04X" % cp
            advance, lsb = font["hmtx"].metrics[name]
            font["hmtx"].metrics[name] = (round(advance * scale), lsb)
        save(font, psname + ".ttf", out)


def android_system_fonts():
    """Fixtures/android/fonts: files named as in a device's /system/fonts,
    their families as Android's fonts name them, for Android's system font
    and fallback chain (--android-fonts, or --fonts-dir for stand-ins):
    Roboto Regular and Medium (Latin), Noto Naskh Arabic and its compact
    UI twin, Noto Sans CJK JP, KR, SC and TC (separate files here;
    one .ttc on a device), and Noto Sans Tifinagh with a rival outside
    the chain. Each script's boxes are scaled by its own
    factor, so that the widths show which face drew them."""
    out = os.path.join(HERE, "android", "fonts")
    os.makedirs(out, exist_ok=True)
    save(build("Roboto", "Regular", "Roboto-Regular", 400), "Roboto-Regular.ttf", out)
    save(build("Roboto", "Medium", "Roboto-Medium", 500), "Roboto-Medium.ttf", out)
    faces = (("Noto Naskh Arabic", "NotoNaskhArabic-Regular", ARABIC, 1.2),
             ("Noto Naskh Arabic UI", "NotoNaskhArabicUI-Regular", ARABIC, 0.9),
             ("Noto Sans CJK JP", "NotoSansCJKjp-Regular", CJK, 1.0),
             ("Noto Sans CJK KR", "NotoSansCJKkr-Regular", CJK, 1.1),
             ("Noto Sans CJK SC", "NotoSansCJKsc-Regular", CJK, 1.2),
             ("Noto Sans CJK TC", "NotoSansCJKtc-Regular", CJK, 1.3),
             # A script of the chain's single-font families, and a font
             # outside the chain that also has it (as DejaVu Sans has
             # Tifinagh): Android draws it in Noto Sans Tifinagh.
             ("Noto Sans Tifinagh", "NotoSansTifinagh-Regular", TIFINAGH, 1.4),
             ("Aegean Rival", "AegeanRival-Regular", TIFINAGH, 2.0))
    for family, psname, chars, scale in faces:
        font = build(family, "Regular", psname, 400, extra_chars=chars)
        for cp in chars:
            name = "uni%04X" % cp
            advance, lsb = font["hmtx"].metrics[name]
            font["hmtx"].metrics[name] = (round(advance * scale), lsb)
        save(font, psname + ".ttf", out)


def merged_instance_font():
    """A variable font whose default coordinates (wght 900) are a named
    instance with a PostScript name of its own, as Fraunces ships:
    name ID 6 TypefitMerged-9ptBlack, instances Regular (400,
    TypefitMerged-Regular) and Black (900, TypefitMerged-Black).
    fontconfig merges Black into the default face; Core Text registers it
    as TypefitMerged-Black. Kept in Fixtures/instances."""
    from fontTools.designspaceLib import AxisDescriptor, DesignSpaceDocument, SourceDescriptor
    from fontTools import varLib
    doc = DesignSpaceDocument()
    axis = AxisDescriptor()
    axis.tag, axis.name, axis.minimum, axis.default, axis.maximum = "wght", "Weight", 400, 900, 900
    doc.addAxis(axis)
    for weight, scale in ((900, 1.2), (400, 1.0)):
        source = SourceDescriptor()
        source.font = optical_master("Typefit Merged", "TypefitMerged-9ptBlack", weight, scale)
        source.location = {"Weight": weight}
        source.name = "master-%d" % weight
        doc.addSource(source)
    font, _, _ = varLib.build(doc)
    name = font["name"]
    font["name"].setName("Black", 2, 3, 1, 0x409)
    fvar = font["fvar"]
    fvar.instances = []
    for style, weight in (("Regular", 400), ("Black", 900)):
        inst = NamedInstance()
        inst.subfamilyNameID = name.addName(style, minNameID=256)
        inst.postscriptNameID = name.addName("TypefitMerged-" + style, minNameID=256)
        inst.coordinates = {"wght": weight}
        fvar.instances.append(inst)
    out = os.path.join(HERE, "instances")
    os.makedirs(out, exist_ok=True)
    save(font, "TypefitMerged-VF.ttf", out)



def tiny_png(width, height, rgba):
    """A PNG of one colour, written by hand (zlib and CRC-32 from the
    standard library), so that the fixtures need no imaging library."""
    import struct
    import zlib

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgba) * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def bitmap_emoji_font():
    """An emoji face drawn by PNG images in an sbix table, as Apple Color
    Emoji is: 📱 a 20x30 px image at 40 ppem with its origin offset (2, -4)
    px; the PNG is also kept as emoji-bitmap/sbix-phone.png for the tests,
    which expect it embedded as it is, 1,000 units per em. Kept out of
    emoji/, whose cascade the fallback tests read."""
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables.sbixStrike import Strike
    from fontTools.ttLib.tables.sbixGlyph import Glyph
    out = os.path.join(HERE, "emoji-bitmap")
    os.makedirs(out, exist_ok=True)
    font = build("Typefit Bitmap Emoji", "Regular", "TypefitBitmapEmoji-Regular", 400, extra_chars=[0x1F4F1])
    font["hmtx"].metrics["uni1F4F1"] = (600, 0)
    png = tiny_png(20, 30, (0x22, 0x88, 0xDD, 0xFF))
    with open(os.path.join(out, "sbix-phone.png"), "wb") as fh:
        fh.write(png)
    sbix = newTable("sbix")
    strike = Strike(ppem=40, resolution=72)
    for name in font.getGlyphOrder():
        strike.glyphs[name] = Glyph(glyphName=name)
    strike.glyphs["uni1F4F1"] = Glyph(glyphName="uni1F4F1", originOffsetX=2, originOffsetY=-4,
                                      graphicType="png ", imageData=png)
    sbix.strikes[40] = strike
    font["sbix"] = sbix
    save(font, "TypefitBitmapEmoji-Regular.ttf", out)
    save(cbdt_emoji_font(), "TypefitCbdtEmoji-Regular.ttf", out)


def cbdt_emoji_font():
    """An emoji face drawn by a PNG in CBLC/CBDT tables, as Noto Color
    Emoji is: 📱 a 20x30 px image at 40 ppem (format 17: bearing (2, 26)
    px), kept as emoji-bitmap/cbdt-phone.png for the tests."""
    from fontTools.ttLib import newTable
    from fontTools.ttLib.tables import C_B_D_T_, E_B_L_C_
    from fontTools.ttLib.tables.BitmapGlyphMetrics import SmallGlyphMetrics
    font = build("Typefit Cbdt Emoji", "Regular", "TypefitCbdtEmoji-Regular", 400, extra_chars=[0x1F4F1])
    png = tiny_png(20, 30, (0xDD, 0x44, 0x22, 0xFF))
    with open(os.path.join(HERE, "emoji-bitmap", "cbdt-phone.png"), "wb") as fh:
        fh.write(png)
    metrics = SmallGlyphMetrics()
    metrics.height, metrics.width, metrics.BearingX, metrics.BearingY, metrics.Advance = 30, 20, 2, 26, 24
    bitmap = C_B_D_T_.cbdt_bitmap_format_17(b"", font)
    bitmap.metrics, bitmap.imageData = metrics, png
    cbdt = newTable("CBDT")
    cbdt.version = 3.0
    cbdt.strikeData = [{"uni1F4F1": bitmap}]
    strike = E_B_L_C_.Strike()
    size = strike.bitmapSizeTable
    size.colorRef = 0
    for direction in ("hori", "vert"):
        line = E_B_L_C_.SbitLineMetrics()
        for field in ("caretSlopeNumerator", "caretSlopeDenominator", "caretOffset", "minOriginSB",
                      "minAdvanceSB", "maxBeforeBL", "minAfterBL", "pad1", "pad2"):
            setattr(line, field, 0)
        line.ascender, line.descender, line.widthMax = 32, -8, 30
        setattr(size, direction, line)
    size.startGlyphIndex = size.endGlyphIndex = font.getGlyphID("uni1F4F1")
    size.ppemX = size.ppemY = 40
    size.bitDepth, size.flags = 32, 1
    index = E_B_L_C_.eblc_index_sub_table_1(b"", font)
    index.indexFormat, index.imageFormat, index.names = 1, 17, ["uni1F4F1"]
    strike.indexSubTables = [index]
    cblc = newTable("CBLC")
    cblc.version = 3.0
    cblc.strikes = [strike]
    font["CBDT"], font["CBLC"] = cbdt, cblc
    return font


if __name__ == "__main__":
    sys.exit(main())
