#!/usr/bin/env python3
"""text_chars.py - every character the game can draw, for the web build's
font subset (cmake/TttWeb.cmake) and its test (tests/web/test_web.py).

    python3 scripts/text_chars.py OUT FILE...

FILE is a C source or header (the characters of its string literals, with
their escapes decoded: "\\xE2\\x97\\x80" is one character, U+25C0) or a
gettext catalogue (.po: its messages and translations). OUT gets the
characters, UTF-8, one line, sorted; pyftsubset reads it as --text-file.
A source file is read as it is too, so nothing a literal spells plainly
is missed.
"""
import re
import sys

# A C string literal (no raw strings in C); its escapes.
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
ESCAPE = re.compile(r'\\(x[0-9A-Fa-f]+|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[0-7]{1,3}|.)')
SIMPLE = {'n': 0x0A, 't': 0x09, 'r': 0x0D, 'a': 0x07, 'b': 0x08, 'f': 0x0C, 'v': 0x0B,
          '\\': 0x5C, '"': 0x22, "'": 0x27, '?': 0x3F, 'e': 0x1B}


def decode(body):
    """The text of a C literal's (or a .po string's) body: its bytes, escapes
    decoded, read as UTF-8 (\\u and \\U give their characters directly)."""
    out = bytearray()
    pos = 0
    for m in ESCAPE.finditer(body):
        out += body[pos:m.start()].encode('utf-8')
        e = m.group(1)
        if e[0] == 'x':
            out.append(int(e[1:], 16) & 0xFF)
        elif e[0] in 'uU':
            out += chr(int(e[1:], 16)).encode('utf-8')
        elif e[0] in '01234567':
            out.append(int(e, 8) & 0xFF)
        else:
            out.append(SIMPLE.get(e, ord(e[0]) if ord(e[0]) < 0x80 else 0x3F))
        pos = m.end()
    out += body[pos:].encode('utf-8')
    return out.decode('utf-8', errors='replace')


def characters(paths):
    chars = set()
    for path in paths:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        chars.update(text)
        for m in LITERAL.finditer(text):
            chars.update(decode(m.group(1)))
    return ''.join(sorted(c for c in chars if c.isprintable() and c != '\ufffd' or c == ' '))


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    text = characters(sys.argv[2:])
    with open(sys.argv[1], 'w', encoding='utf-8') as f:
        f.write(text + '\n')


if __name__ == '__main__':
    main()
