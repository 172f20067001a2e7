"""Dart string literals read, Swift string literals written: shared by
make-intl-date-patterns.py and make-intl-number-data.py."""


def dart_string(body, raw):
    if raw:
        return body
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            n = body[i + 1]
            if n == "u":
                if body[i + 2] == "{":
                    end = body.index("}", i)
                    out.append(chr(int(body[i + 3:end], 16)))
                    i = end + 1
                else:
                    out.append(chr(int(body[i + 2:i + 6], 16)))
                    i += 6
                continue
            out.append({"n": "\n", "t": "\t"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def swift_literal(text):
    out = []
    for c in text:
        if c in '\\"':
            out.append("\\" + c)
        elif ord(c) < 0x20 or ord(c) > 0x7E:
            out.append("\\u{%X}" % ord(c))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'
