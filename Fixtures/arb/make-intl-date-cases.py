#!/usr/bin/python3
"""Writes Fixtures/arb/intl-date-cases.tsv: intl's own expectations for
DateFormat's named constructors (dart-lang/i18n
pkgs/intl/test/date_time_format_test_data.dart, as
date_time_format_test_core.dart's testLocale checks them: 27 January 2012,
20:58:59, in en_US, de_DE, fr_FR, ja_JP, el_GR and de_AT), transcribed with
each name's skeleton (intl's DateFormat constants). The time-zone names
and the quarters with a year, which intl's test leaves out, are left out.

Usage: make-intl-date-cases.py PATH/TO/date_time_format_test_data.dart"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SKELETONS = {
    "DAY": "d", "ABBR_WEEKDAY": "E", "WEEKDAY": "EEEE", "ABBR_STANDALONE_MONTH": "LLL",
    "STANDALONE_MONTH": "LLLL", "NUM_MONTH": "M", "NUM_MONTH_DAY": "Md", "NUM_MONTH_WEEKDAY_DAY": "MEd",
    "ABBR_MONTH": "MMM", "ABBR_MONTH_DAY": "MMMd", "ABBR_MONTH_WEEKDAY_DAY": "MMMEd", "MONTH": "MMMM",
    "MONTH_DAY": "MMMMd", "MONTH_WEEKDAY_DAY": "MMMMEEEEd", "ABBR_QUARTER": "QQQ", "QUARTER": "QQQQ",
    "YEAR": "y", "YEAR_NUM_MONTH": "yM", "YEAR_NUM_MONTH_DAY": "yMd", "YEAR_NUM_MONTH_WEEKDAY_DAY": "yMEd",
    "YEAR_ABBR_MONTH": "yMMM", "YEAR_ABBR_MONTH_DAY": "yMMMd", "YEAR_ABBR_MONTH_WEEKDAY_DAY": "yMMMEd",
    "YEAR_MONTH": "yMMMM", "YEAR_MONTH_DAY": "yMMMMd", "YEAR_MONTH_WEEKDAY_DAY": "yMMMMEEEEd",
    "HOUR24": "H", "HOUR24_MINUTE": "Hm", "HOUR24_MINUTE_SECOND": "Hms", "HOUR": "j", "HOUR_MINUTE": "jm",
    "HOUR_MINUTE_SECOND": "jms", "MINUTE": "m", "MINUTE_SECOND": "ms", "SECOND": "s",
}
LOCALES = {"english": "en_US", "german": "de_DE", "french": "fr_FR", "japanese": "ja_JP", "greek": "el_GR",
           "austrian": "de_AT"}


def main():
    source = open(sys.argv[1], encoding="utf-8").read()
    space = "\u202f"
    rows = []
    for block in re.finditer(r"const (\w+) = \{(.*?)\n\};", source, re.S):
        name, body = block.group(1), block.group(2)
        if name not in LOCALES:
            continue
        for m in re.finditer(r"'([A-Z_0-9 +]+)':\s*'((?:[^'\\]|\\.)*)'", body):
            key, value = m.group(1), m.group(2).replace("${space}", space).replace("\\'", "'")
            value = re.sub(r"\\u([0-9A-Fa-f]{4})", lambda u: chr(int(u.group(1), 16)), value)
            if key in SKELETONS:
                rows.append(f"{LOCALES[name]}\t{SKELETONS[key]}\t{value}")
    with open(os.path.join(HERE, "intl-date-cases.tsv"), "w", encoding="utf-8") as fh:
        fh.write("# locale\tskeleton\texpected (intl's date_time_format_test_data.dart: 2012-01-27 20:58:59)\n")
        fh.write("\n".join(rows) + "\n")
    print(len(rows), "cases")


if __name__ == "__main__":
    main()
