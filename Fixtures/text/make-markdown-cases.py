#!/usr/bin/env python3
"""Writes markdown-cases.tsv: inline Markdown as a CommonMark parser reads
it, the oracle for typefit's InlineMarkdown (SwiftUI renders a
LocalizedStringKey's inline Markdown with Foundation's CommonMark parser and
GitHub's strikethrough).

The oracle is markdown-it-py (CommonMark 0.31 conformant) with its
strikethrough rule: `pip install markdown-it-py`, then run this script from
the repository's top folder. Each line: the input, the text as drawn, and
the styled runs as UTF-8 byte ranges `start-end:traits` (b bold, i italic,
c code, s strikethrough, l link), tabs and newlines escaped as \\t, \\n.
"""
from markdown_it import MarkdownIt

CASES = [
    "Plain text with no markup",
    "**Bold** text",
    "Some *italic* and _also italic_ words",
    "__strong__ and ***both*** here",
    "Use `code` inline",
    "`` a ` b ``",
    "` padded `",
    "Read the [terms](https://example.com/terms) first",
    '[Privacy](https://example.com "Privacy policy") notice',
    "![logo](logo.png) Example",
    "~~old~~ new",
    "about ~5 minutes",
    "snake_case_name stays",
    "2 * 3 * 4 = 24",
    "a * not emphasis *",
    "**unclosed bold",
    "*a **b** c*",
    "**a *b* c**",
    "*foo**bar**baz*",
    "***strong emph***",
    "**foo*",
    "*foo**",
    "foo**bar**",
    "foo__bar__",
    "_foo_bar_",
    "*(*foo*)*",
    "Escaped \\*stars\\* and \\_under\\_",
    "Tom &amp; Jerry &copy; 2024 &#233;&#xE9;",
    "&unknownentity; stays",
    "Visit <https://example.com> now",
    "Mail <team@example.com>",
    "Not a link: [brackets] and (parens)",
    "[nested **bold** link](https://x.y)",
    "**Heute:** %@ Schritte",
    "Tippe auf **Teilen** und dann auf _Zum Home-Bildschirm_.",
    "«*Citation*» et “**gras**”",
    "日本語の**太字**と*斜体*",
    "Line one\nline **two**",
    "Tab\tthen *italic*",
    "`**not bold**` in code",
    "**bold `code` bold**",
    "_ not_ italic",
    "__init__",
    "price: $5 *each*",
    "*\u00a0nbsp*",
    "a**\"foo\"**",
    "**\"foo\"**bar",
    "x ~~a ~~b~~ c~~ y",
    # Brackets resolved as they close: links hold no links, images may.
    "[a [b](c) d](e)",
    "[![img *x*](i.png)](l)",
    "[a](b) [c](d (e)) [f](<g h>)",
    "[foo <https://example.com/?q=](uri)>",
    "[a `]` b](u)",
    "*[a*](u)",
    "[a](b \"t\" ) and [c](d 'e') and [f](g (h))",
    "[a]( b )",
    "![a](b",
    "** [x](y) **",
]

# CommonMark's pathological inline inputs (commonmark-spec,
# test/pathological_tests.py), at a size whose output fits a test file;
# the full sizes run in `make bench` (scripts/markdown_bench.py).
PATHOLOGICAL = [
    ("nested strong emph", "*a **a " * 60 + "b" + " a** a*" * 60),
    ("many emph closers with no openers", "a_ " * 300),
    ("many emph openers with no closers", "_a " * 300),
    ("many link closers with no openers", "a]" * 300),
    ("many link openers with no closers", "[a" * 300),
    ("mismatched openers and closers", "*a_ " * 300),
    ("openers and closers multiple of 3", "a**b" + "c* " * 300),
    ("link openers and emph closers", "[ a_" * 300),
    ("pattern [ (]( repeated", "[ (](" * 300),
    ("pattern ![[]() repeated", "![[]()" * 300),
    ("hard link/emph case", "**x [a*b**c*](d)"),
    ("nested brackets", "[" * 300 + "a" + "]" * 300),
    ("nested links", "[" * 100 + "a](b)" + "](b)" * 99),
    # markdown-it stops resolving inline syntax past its maxNesting (20);
    # cmark, whose reading Foundation's parser shares, has no such limit.
    # The oracle's case stays below it; the benchmark nests deeper.
    ("nested images", "![" * 15 + "a](b)" + "](b)" * 14),
    ("backticks", "".join("e" + "`" * n for n in range(1, 60))),
    ("unclosed links A", "[a](<b" * 300),
    ("unclosed links B", "[a](b" * 300),
    ("unclosed titles", "[a](b \"" * 300),
    ("nested emphasis", "*" * 300 + "a" + "*" * 300),
    ("nested strikethrough", "~~a " * 200 + "b" + " c~~" * 200),
    ("image openers", "![" * 300),
]

TRAITS = {"strong": "b", "em": "i", "s": "s", "link": "l"}


def render(md, text):
    tokens = md.parseInline(text)[0].children
    out = []
    stack = []

    def emit(piece, extra=""):
        traits = "".join(sorted(set("".join(stack) + extra)))
        out.append((piece, traits))

    for tok in tokens:
        kind = tok.type
        if kind.endswith("_open"):
            stack.append(TRAITS[kind[:-5]])
        elif kind.endswith("_close"):
            stack.pop()
        elif kind in ("text", "text_special"):
            emit(tok.content)
        elif kind == "code_inline":
            emit(tok.content, "c")
        elif kind == "softbreak" or kind == "hardbreak":
            emit("\n")
        elif kind == "image":
            # Alt text is plain: the text of its children, images in it
            # included (their own alt text, not their source).
            def alt(children):
                for child in children or []:
                    if child.type == "image":
                        alt(child.children)
                    else:
                        emit(child.content)
            alt(tok.children)
        elif kind == "html_inline":
            emit(tok.content)
        else:
            raise SystemExit(f"unexpected token {kind} in {text!r}")
    plain = ""
    spans = []
    offset = 0
    for piece, traits in out:
        length = len(piece.encode("utf-8"))
        if length and traits:
            if spans and spans[-1][2] == traits and spans[-1][1] == offset:
                spans[-1][1] = offset + length
            else:
                spans.append([offset, offset + length, traits])
        plain += piece
        offset += length
    return plain, spans


def escape(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def main():
    md = MarkdownIt("commonmark").enable("strikethrough")
    with open("Fixtures/text/markdown-cases.tsv", "w", encoding="utf-8") as out:
        out.write("# input\tdrawn\truns (generated by make-markdown-cases.py with markdown-it-py)\n")
        for case in CASES:
            plain, spans = render(md, case)
            runs = ",".join(f"{a}-{b}:{t}" for a, b, t in spans)
            out.write(f"{escape(case)}\t{escape(plain)}\t{runs}\n")
    with open("Fixtures/text/markdown-pathological.tsv", "w", encoding="utf-8") as out:
        out.write("# name\tinput\tdrawn\truns (generated by make-markdown-cases.py with markdown-it-py)\n")
        for name, case in PATHOLOGICAL:
            plain, spans = render(md, case)
            runs = ",".join(f"{a}-{b}:{t}" for a, b, t in spans)
            out.write(f"{name}\t{escape(case)}\t{escape(plain)}\t{runs}\n")


main()
