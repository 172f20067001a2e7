#!/usr/bin/env python3
"""Writes the property-list and UTF-16 string fixtures of Fixtures/strings/plists
with Python's own plistlib (an independent writer of Apple's binary and XML
formats): what Xcode puts in a built app (binary .strings and .stringsdict),
a .stringsdict as written in a project (XML), and a UTF-16 .strings file with
escapes CoreFoundation accepts. Deterministic: run it again, get the same bytes.
"""
import os
import plistlib

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "plists")
os.makedirs(here, exist_ok=True)

strings = {"greeting": "Hello", "deeplink": "Deeplink: (%@)", "multi": "Zeile eins\nZeile zwei"}
plurals = {
    "files": {
        "NSStringLocalizedFormatKey": "%#@files@",
        "files": {
            "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
            "NSStringFormatValueTypeKey": "d",
            "one": "%d file",
            "other": "%d files",
        },
    },
    "summary": {
        "NSStringLocalizedFormatKey": "%#@posts@ from %#@people@",
        "posts": {
            "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
            "NSStringFormatValueTypeKey": "lld",
            "zero": "No posts",
            "one": "%lld post",
            "other": "%lld posts",
        },
        "people": {
            "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
            "NSStringFormatValueTypeKey": "lld",
            "one": "%lld person",
            "other": "%lld people",
        },
    },
}

os.makedirs(os.path.join(here, "de.lproj"), exist_ok=True)
with open(os.path.join(here, "de.lproj", "Localizable.strings"), "wb") as f:
    plistlib.dump(strings, f, fmt=plistlib.FMT_BINARY, sort_keys=True)
with open(os.path.join(here, "Plurals.stringsdict"), "wb") as f:
    plistlib.dump(plurals, f, fmt=plistlib.FMT_XML, sort_keys=True)
with open(os.path.join(here, "PluralsBinary.stringsdict"), "wb") as f:
    plistlib.dump(plurals, f, fmt=plistlib.FMT_BINARY, sort_keys=True)
# UTF-16 little-endian with a byte order mark, as older .strings files are
# saved; escapes CoreFoundation reads: an unknown one stands for itself.
text = ('/* escapes */\n"deeplink" = "Deeplink: \\(%@)";\n"octal" = "A\\101\\12B";\n'
        "'single' = 'quoted';\nunquoted = \"\\U00e9t\\u00e9\";\n")
with open(os.path.join(here, "Escapes.strings"), "wb") as f:
    f.write(b"\xff\xfe" + text.encode("utf-16-le"))
