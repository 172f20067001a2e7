#!/usr/bin/env python3
"""The second reading of cases.tsv: GNU gettext's own check of Objective-C
format strings (`msgfmt --check-format` on an entry flagged objc-format),
which typefit does not write. Writes oracle.tsv: source, translation, and
`ok` or `error` as msgfmt judges the pair.

gettext compares argument types exactly (int is not long long); typefit,
like the issue asks, treats integer lengths as one kind (`%d` and `%lld`
take the same Swift Int on 64-bit iOS). So integer length modifiers are
removed from both strings before msgfmt sees them; everything else
(positions, kinds, missing and extra arguments) is msgfmt's verdict.

Run from the repository root: python3 Fixtures/placeholders/make-oracle.py
"""
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LENGTH = re.compile(r"(%(?:\d+\$)?[-+#0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?)(?:hh|ll|h|l|q|z|t|j)([dDiuUoOxX])")


def normalized(text):
    return LENGTH.sub(r"\1\2", text)


def po_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def verdict(source, translation):
    with tempfile.NamedTemporaryFile("w", suffix=".po", delete=False, encoding="utf-8") as po:
        po.write('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n')
        po.write("#, objc-format\n")
        po.write(f"msgid {po_string(normalized(source))}\nmsgstr {po_string(normalized(translation))}\n")
        path = po.name
    try:
        run = subprocess.run(["msgfmt", "--check-format", "-o", os.devnull, path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    return "ok" if run.returncode == 0 else "error"


def main():
    version = subprocess.run(["msgfmt", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    rows = []
    with open(os.path.join(HERE, "cases.tsv"), encoding="utf-8") as cases:
        for line in cases:
            if line.startswith("#") or not line.strip():
                continue
            source, translation, _ = line.rstrip("\n").split("\t")
            rows.append((source, translation, verdict(source, translation)))
    with open(os.path.join(HERE, "oracle.tsv"), "w", encoding="utf-8") as out:
        out.write(f"# {version}: msgfmt --check-format, objc-format, integer lengths removed\n")
        for row in rows:
            out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
