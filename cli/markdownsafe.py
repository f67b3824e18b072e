"""Text from a data file, written into Markdown so that it shows as written.

A rulebook is Markdown: the program's own sentences make its headings and tables. A
text in a rules file (a description, an element's text, a name) is the author's
words, and may list things (lines starting with ``-``, as a worked example's steps
do); but a line starting with ``#`` or ``>``, a line of dashes, a ``|``, backticks or
brackets must not become a heading, a quote, a table cell, code or a link.
Placeholders (``{count}``) are left for the values filled in later.
"""

from __future__ import annotations

import re

#: a placeholder, kept; or a mark that acts anywhere in a line (emphasis, code, links,
#: tables, strike-through, raw HTML) or the backslash that escapes them
_INLINE = re.compile(r"(\{[^{}]*\})|([\\`*_\[\]<>|~])")
#: a line's leading blanks (four make a code block)
_INDENT = re.compile(r"^[ \t]+", re.MULTILINE)
#: a mark that starts a block at the start of a line, other than a list: a heading, a rule
#: or a heading's underline (a quote's ``>`` is escaped anywhere)
_BLOCK = re.compile(r"^(#{1,6}(?=\s|$)|=+(?=\s*$)|-+(?=\s*$))", re.MULTILINE)


def plain(text: str) -> str:
    """``text`` with every Markdown mark escaped, and its lines' indentation dropped."""
    escaped = _INLINE.sub(lambda found: found.group(1) or "\\" + found.group(2),
                          _INDENT.sub("", text))
    return _BLOCK.sub(lambda found: "\\" + found.group(1), escaped)
