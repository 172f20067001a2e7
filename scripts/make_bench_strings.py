#!/usr/bin/env python3
"""10,000 mixed-script strings for typefit measure's benchmark, from the
characters Fixtures/text/TypefitScript-Regular.ttf draws (seeded: the same
file every time). Usage: make_bench_strings.py OUT [COUNT]"""
import random
import sys

WORDS = {
    "latin": ["Settings", "AVA", "fine", "Tokyo", "office", "Value", "To", "save", "all", "items"],
    "arabic": ["مرحبا", "حلم", "بيه", "مرحبا بالعالم".replace("بالعالم", "حلم")],
    "hebrew": ["שלום", "לו", "שם"],
    "devanagari": ["नमस्ते", "सदी", "नमस्ते सदी"],
    "thai": ["สวัสดี", "ครับ", "สวัสดีครับ"],
    "cjk": ["日本語", "中文", "日本、中文。"],
}


def main():
    out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    rng = random.Random(5)
    kinds = list(WORDS)
    with open(out, "w", encoding="utf-8") as fh:
        for _ in range(count):
            parts = [rng.choice(WORDS[rng.choice(kinds)]) for _ in range(rng.randint(2, 5))]
            fh.write(" ".join(parts) + "\n")


if __name__ == "__main__":
    main()
