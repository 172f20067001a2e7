#!/usr/bin/env python3
"""The numbers plural forms are measured with, from ICU's plural rules read
through PyICU (apt-get install python3-icu), not typefit's code: for each
language, the CLDR category of every candidate (0-110 and
1,000,000-1,000,110), and per category the number typefit documents (its
README: 1,000,000 when of the category, else the largest candidate). Writes
samples.tsv: language, category, number.

Run from the repository root: /usr/bin/python3 Fixtures/plurals/make-plural-oracle.py
"""
import os

import icu

HERE = os.path.dirname(os.path.abspath(__file__))
LANGUAGES = ["en", "de", "fr", "ru", "pl", "cs", "ar", "ja", "ko", "zh-Hans"]
CANDIDATES = list(range(0, 111)) + list(range(1_000_000, 1_000_111))


def main():
    rows = []
    for language in LANGUAGES:
        rules = icu.PluralRules.forLocale(icu.Locale(language.replace("-", "_")))
        numbers = {}
        for number in CANDIDATES:
            category = rules.select(number)
            if numbers.get(category) == 1_000_000:
                continue
            if number == 1_000_000 or category not in numbers or number > numbers[category]:
                numbers[category] = number
        for category in sorted(numbers):
            rows.append((language, category, str(numbers[category])))
    with open(os.path.join(HERE, "samples.tsv"), "w", encoding="utf-8") as out:
        out.write(f"# ICU {icu.ICU_VERSION} through PyICU: language, category, the number measured\n")
        for row in rows:
            out.write("\t".join(row) + "\n")


if __name__ == "__main__":
    main()
