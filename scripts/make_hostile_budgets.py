#!/usr/bin/env python3
"""The inputs whose budgets multiplied (issue "hostile inputs, round two"),
written into a folder for `make bench` and by hand:

  untranslated/C00..C29.xcstrings  30 catalogs of ~60 KB, each an entry in 17
                                   languages and 6,000 entries in none
                                   (100,000 untranslated strings apiece)
  variations.xcstrings             ~77 KB: device x plural variations, each
                                   with a substitution of many forms
  shared.stringsdict               a binary .stringsdict whose 4,000 keys
                                   share one plural dictionary object
  languages.xcstrings              one entry in 20,000 languages and 500
                                   entries in none
  colr/TypefitColorEmoji-Regular.ttf  Fixtures/emoji's colour font with
                                   65,535 COLR layers per base glyph
  missing/res/values*/strings.xml  8,000 Android strings in values/ and 200
                                   languages that translate one of them
                                   (1.6 million keys missing)
  spaced/res/values/strings.xml    one Android string of 40,000 characters
                                   alternating Latin and CJK (a fallback
                                   run every two), measured letter-spaced

Usage: make_hostile_budgets.py FOLDER
"""
import json
import os
import struct
import sys


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def unit(value):
    return {"stringUnit": {"state": "translated", "value": value}}


def language(i):
    # Valid BCP 47: a private-use tag per number.
    return "x-l%d" % i


def untranslated(folder):
    os.makedirs(folder, exist_ok=True)
    languages = ["q" + chr(97 + i // 26) + chr(97 + i % 26) for i in range(17)]
    for c in range(30):
        strings = {"seed": {"localizations": {lang: unit("seed text") for lang in languages}}}
        for i in range(6000):
            strings["k%d" % i] = {}
        catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
        write(os.path.join(folder, "C%02d.xcstrings" % c), json.dumps(catalog, separators=(",", ":")))


def variations(path):
    devices = ["iphone", "ipad", "mac", "applewatch", "appletv", "applevision", "other"]
    plural = ["zero", "one", "two", "few", "many", "other"]
    # Nested substitutions (a's forms name b, b's name c ...): 6^5 forms,
    # past the 256 one string may become, in every device x plural form.
    names = "abcde"
    substitution = {}
    for k, name in enumerate(names):
        tail = " %#@" + names[k + 1] + "@" if k + 1 < len(names) else ""
        forms = {p: unit("%lld " + p + tail) for p in plural}
        substitution[name] = {"argNum": k + 1, "formatSpecifier": "lld", "variations": {"plural": forms}}
    strings = {}
    size = 0
    i = 0
    while size < 77_000:
        device = {d: {"variations": {"plural": {p: unit("%#@a@ " + d) for p in plural}}} for d in devices}
        strings["v%d" % i] = {"localizations": {"en": {"variations": {"device": device}, "substitutions": substitution}}}
        i += 1
        size = len(json.dumps(strings, separators=(",", ":")))
    write(path, json.dumps({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, separators=(",", ":")))


def binary_plist(objects, top):
    """A bplist00 whose objects are given encoded; 2-byte references."""
    out = bytearray(b"bplist00")
    offsets = []
    for obj in objects:
        offsets.append(len(out))
        out += obj
    table = len(out)
    for o in offsets:
        out += struct.pack(">I", o)
    out += bytes(6) + bytes([4, 2]) + struct.pack(">QQQ", len(objects), top, table)
    return bytes(out)


def ascii_string(text):
    data = text.encode("ascii")
    n = len(data)
    if n < 15:
        return bytes([0x50 | n]) + data
    return bytes([0x5F, 0x11]) + struct.pack(">H", n) + data


def dictionary(pairs):
    n = len(pairs)
    head = bytes([0xD0 | n]) if n < 15 else bytes([0xDF, 0x11]) + struct.pack(">H", n)
    return head + b"".join(struct.pack(">H", k) for k, _ in pairs) + b"".join(struct.pack(">H", v) for _, v in pairs)


def shared_stringsdict(path, keys=4000):
    objects = []

    def add(data):
        objects.append(data)
        return len(objects) - 1

    fmt_key = add(ascii_string("NSStringLocalizedFormatKey"))
    spec_type = add(ascii_string("NSStringFormatSpecTypeKey"))
    plural_rule = add(ascii_string("NSStringPluralRuleType"))
    value_type = add(ascii_string("NSStringFormatValueTypeKey"))
    lld = add(ascii_string("lld"))
    fmt = add(ascii_string("%#@a@ %#@b@ %#@c@ %#@d@"))
    forms = []
    for category in ["zero", "one", "two", "few", "many", "other"]:
        forms.append((add(ascii_string(category)), add(ascii_string("%lld " + category))))
    variable = add(dictionary([(spec_type, plural_rule), (value_type, lld)] + forms))
    names = [add(ascii_string(n)) for n in "abcd"]
    shared = add(dictionary([(fmt_key, fmt)] + [(n, variable) for n in names]))
    key_ids = [add(ascii_string("key%d" % i)) for i in range(keys)]
    top = add(dictionary([(k, shared) for k in key_ids]))
    with open(path, "wb") as f:
        f.write(binary_plist(objects, top))


def languages(path, count=20_000, entries=500):
    strings = {"seed": {"localizations": {language(i): unit("t") for i in range(count)}}}
    for i in range(entries):
        strings["e%d" % i] = {}
    write(path, json.dumps({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, separators=(",", ":")))


def colr_font(source, path, layers=65535):
    """`source` (a COLR v0 font) with every base glyph given `layers`
    layers of its first layer's glyph: the table appended, its directory
    entry pointed at it (FreeType does not check checksums)."""
    font = bytearray(open(source, "rb").read())
    tables = struct.unpack(">H", font[4:6])[0]
    for i in range(tables):
        record = 12 + i * 16
        if font[record:record + 4] != b"COLR":
            continue
        offset, length = struct.unpack(">II", font[record + 8:record + 16])
        colr = font[offset:offset + length]
        count, bases, layer_records = struct.unpack(">HII", colr[2:12])
        first_layer = struct.unpack(">H", colr[bases + 2:bases + 4])[0]
        glyph = struct.unpack(">H", colr[layer_records + first_layer * 4:layer_records + first_layer * 4 + 2])[0]
        out = struct.pack(">HHIIH", 0, count, 14, 14 + count * 6, layers)
        for k in range(count):
            out += struct.pack(">HHH", struct.unpack(">H", colr[bases + k * 6:bases + k * 6 + 2])[0], 0, layers)
        out += struct.pack(">HH", glyph, 0) * layers
        while len(font) % 4:
            font.append(0)
        font[record + 8:record + 16] = struct.pack(">II", len(font), len(out))
        font += out
        break
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(font)


def spaced(folder, units=10_000):
    os.makedirs(folder, exist_ok=True)
    write(os.path.join(folder, "strings.xml"),
          '<resources><string name="mixed">%s</string></resources>\n' % ("ab\u65e5\u672c" * units))


def missing(folder, keys=8000, languages=200):
    def values(name, count):
        os.makedirs(os.path.join(folder, name), exist_ok=True)
        write(os.path.join(folder, name, "strings.xml"),
              "<resources>%s</resources>\n" % "".join('<string name="k%d">x</string>' % i for i in range(count)))
    values("values", keys)
    for i in range(languages):
        values("values-q" + chr(97 + i // 26) + chr(97 + i % 26), 1)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    os.makedirs(folder, exist_ok=True)
    untranslated(os.path.join(folder, "untranslated"))
    variations(os.path.join(folder, "variations.xcstrings"))
    shared_stringsdict(os.path.join(folder, "shared.stringsdict"))
    languages(os.path.join(folder, "languages.xcstrings"))
    fixtures = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
    colr_font(os.path.join(fixtures, "emoji", "TypefitColorEmoji-Regular.ttf"),
              os.path.join(folder, "colr", "TypefitColorEmoji-Regular.ttf"))
    spaced(os.path.join(folder, "spaced", "res", "values"))
    missing(os.path.join(folder, "missing", "res"))


if __name__ == "__main__":
    main()
