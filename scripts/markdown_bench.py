#!/usr/bin/env python3
"""`make bench`, Markdown part: CommonMark's pathological inline inputs
(commonmark-spec, test/pathological_tests.py; and the ones a pull request
used against typefit: nested links, ``[` ``, nested `*`) through
`typefit measure --markdown`, each cut to typefit's 20,000-character string
cap, against cmark (the reference C implementation) rendering the same text,
and against typefit measuring a plain string of the same length. Each case
must take under BOUND seconds (a fixed bound on these machines: the
quadratic reader took 79 s on 60 KB); the ratios are for BENCHMARKS.md.

Usage: scripts/markdown_bench.py path/to/typefit
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

from bench import scratch_folder  # beside this script

BOUND = 1.0
CAP = 20_000

CASES = [
    ("nested strong emph", "*a **a " * 3000 + "b" + " a** a*" * 3000),
    ("many emph closers with no openers", "a_ " * 10000),
    ("many emph openers with no closers", "_a " * 10000),
    ("many link closers with no openers", "a]" * 10000),
    ("many link openers with no closers", "[a" * 10000),
    ("mismatched openers and closers", "*a_ " * 5000),
    ("openers and closers multiple of 3", "a**b" + "c* " * 7000),
    ("link openers and emph closers", "[ a_" * 5000),
    ("pattern [ (]( repeated", "[ (](" * 4000),
    ("pattern ![[]() repeated", "![[]()" * 4000),
    ("nested brackets", "[" * 10000 + "a" + "]" * 9999),
    ("nested links", "[" * 4000 + "a](b)" + "](b)" * 3999),
    ("nested images", "![" * 3000 + "a](b)" + "](b)" * 2999),
    ("backticks", "".join("e" + "`" * n for n in range(1, 200))),
    ("code span openers [`", "[`" * 10000),
    ("unclosed links A", "[a](<b" * 3000),
    ("unclosed links B", "[a](b" * 4000),
    ("nested emphasis", "*" * 9999 + "a" + "*" * 9999),
    ("strikethrough", "~~a " * 5000),
]


def hyperfine(command, runs=5):
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run(["hyperfine", "-N", "--style", "none", "-w", "1", "-r", str(runs), "--export-json", out.name,
                        command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return json.load(open(out.name))["results"][0]["median"]


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/typefit"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    fonts = os.path.join(root, "Fixtures", "text")
    tmp = scratch_folder("typefit-bench-markdown-")
    plain = os.path.join(tmp, "plain.txt")
    with open(plain, "w") as fh:
        fh.write("a" * CAP + "\n")
    measure = (f"{binary} measure --markdown --font TypefitScript-Regular --fonts-dir {fonts} --no-installed-fonts "
               f"--style body --category large --format json --strings")
    baseline = hyperfine(f"{measure} {plain}")
    print("| input (cut to 20,000 characters) | typefit measure --markdown | / plain string | cmark | / cmark |")
    print("|---|---:|---:|---:|---:|")
    worst = 0.0
    for name, text in CASES:
        text = text[:CAP]
        path = os.path.join(tmp, name.replace(" ", "-").replace("/", "") + ".txt")
        with open(path, "w") as fh:
            fh.write(text + "\n")
        ours = hyperfine(f"{measure} {path}")
        peer = hyperfine(f"cmark {path}")
        worst = max(worst, ours)
        print(f"| {name} | {ours * 1000:.0f} ms | {ours / baseline:.2f}x | {peer * 1000:.1f} ms | {ours / peer:.1f}x |")
    print(f"\nplain 20,000-character string: {baseline * 1000:.0f} ms; slowest case {worst * 1000:.0f} ms "
          f"(bound {BOUND:.0f} s: {'ok' if worst <= BOUND else 'MISSED'})")
    sys.exit(0 if worst <= BOUND else 1)


main()
