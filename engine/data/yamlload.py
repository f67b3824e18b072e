"""Safe YAML loading that remembers where every value came from.

Data files are written by hand, so every mistake must point at a line and
column. They may also come from strangers, so loading refuses anything that
could execute code, exhaust memory or recurse without bound: the document is
built from the parser's event stream with an explicit stack, tags are limited
to the plain JSON-like ones, and anchors and aliases are not supported at all.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, cast

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import (AliasEvent, CollectionEndEvent, CollectionStartEvent, DocumentStartEvent,
                         Event, MappingStartEvent, NodeEvent, ScalarEvent)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from ..common.errors import N_, DataError, Location, Path, Phrase
from ..common.safetext import character_name, first_unsafe, visible
from .safefile import FileTooLarge, UnreadableFile, read_bounded, too_large
from .yamlproblems import describe

_Loader: type[yaml.CSafeLoader] | type[yaml.SafeLoader]
try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # PyYAML built without libyaml
    from yaml import SafeLoader as _Loader

MAX_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64
#: values in one file: dozens of times what a rich game needs, and quick to refuse
MAX_VALUES = 50_000

Position = tuple[int, int]

_YAML_TAG = "tag:yaml.org,2002:"
_STR = _YAML_TAG + "str"
_SCALAR_TAGS = frozenset(_YAML_TAG + name for name in ("str", "int", "float", "bool", "null"))
_MAP_TAGS = frozenset({"!", _YAML_TAG + "map"})
_SEQ_TAGS = frozenset({"!", _YAML_TAG + "seq"})
_BOM = b"\xef\xbb\xbf"
# libyaml reports reader errors as offsets into the UTF-8 bytes, the pure
# Python reader as offsets into the decoded text.
_READER_COUNTS_BYTES = _Loader is not yaml.SafeLoader

_resolver = Resolver()
_INT = _YAML_TAG + "int"
#: whole numbers YAML 1.1 reads other than a reader would: 012 is 10, 1:30 is 90
#: a whole number as written; YAML 1.1 reads every other form of one otherwise than it
#: reads (0x15 and 025 and 0:21 as 21, 2_1 as 21)
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_constructor = SafeConstructor()


@dataclass(frozen=True)
class Document:
    """Plain data loaded from a file, with the position of every value and key."""

    data: Any
    file: str
    positions: Mapping[Path, Position]
    key_positions: Mapping[Path, Position] = field(default_factory=dict)
    quoted: frozenset[Path] = frozenset()
    #: SHA-256 of the bytes read (``data/shipped.py`` knows the shipped files by it)
    digest: str = ""
    #: of a scalar written over several lines, where each line's text starts in its value:
    #: (offset in the value, line, column)
    lines: Mapping[Path, tuple[tuple[int, int, int], ...]] = field(default_factory=dict)

    def value_place(self, path: Sequence[str | int], offset: int = 0) -> tuple[int, int]:
        """The line and column of the character at ``offset`` in a scalar's value (after
        an opening quote; in a scalar folded over several lines, on the line it is on)."""
        path = tuple(path)
        anchors = self.lines.get(path)
        if anchors:
            start, line, column = max((a for a in anchors if a[0] <= offset),
                                      default=anchors[0])
            return line, column + offset - start
        location = self.locate(path)
        return location.line, location.column + (path in self.quoted) + offset

    def locate(self, path: Sequence[str | int]) -> Location:
        """Where the value at ``path`` starts, or its nearest recorded ancestor.

        Validators report paths that may not exist (a missing key), so the
        closest enclosing value is the most useful place to point at.
        """
        path = tuple(path)
        for end in range(len(path), -1, -1):
            position = self.positions.get(path[:end])
            if position is not None:
                return Location(self.file, position[0], position[1], path)
        return Location(self.file, 1, 1, path)

    def key_location(self, path: Sequence[str | int]) -> Location:
        """Where the key of the mapping entry at ``path`` starts.

        An unknown or misspelt key is best shown at the key itself rather
        than at its value, which may be many lines further down.
        """
        path = tuple(path)
        position = self.key_positions.get(path)
        if position is None:
            return self.locate(path)
        return Location(self.file, position[0], position[1], path)


def load_yaml(path: str | os.PathLike[str], display_name: str | None = None) -> Document:
    """Load a YAML data file: a regular file of at most `MAX_BYTES`, read without blocking."""
    file = display_name if display_name is not None else os.fspath(path)
    try:
        raw = read_bounded(path, MAX_BYTES)
    except FileTooLarge as error:
        raise DataError(Location(file), error.message, error.params) from None
    except UnreadableFile as error:
        raise DataError(Location(file), N_("cannot read the file: {reason}"),
                        {"reason": Phrase(error.message, error.params)}) from None
    return load_yaml_text(raw, file)


def load_yaml_text(text: str | bytes, file: str) -> Document:
    """Load YAML from text or UTF-8 bytes; ``file`` names it in locations."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(raw) > MAX_BYTES:
        raise _too_large(file, len(raw))
    raw = raw.removeprefix(_BOM)
    text = _decode(raw, file)
    try:
        document = _Builder(file).build(raw, text)
    except _ParserDepthLimit:
        # Recent libyaml stops at its own nesting limit while reading ahead, before
        # handing over a single event; the pure Python parser hands them over one
        # by one, so our own limit applies and names the first level too deep.
        document = _Builder(file, yaml.SafeLoader).build(raw, text)
    return replace(document, digest=hashlib.sha256(raw).hexdigest())


def _too_large(file: str, size: int) -> DataError:
    error = too_large(size, MAX_BYTES)
    return DataError(Location(file), error.message, error.params)


def _decode(raw: bytes, file: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _byte_position(raw, error.start)
        message = N_("the file is not valid UTF-8 text")
        raise DataError(Location(file, line, column), message) from None


def _byte_position(raw: bytes, offset: int) -> Position:
    """1-based line and character column of a byte offset whose preceding bytes are valid UTF-8."""
    line_start = raw.rfind(b"\n", 0, offset) + 1
    column = len(raw[line_start:offset].decode("utf-8", "replace")) + 1
    return raw.count(b"\n", 0, offset) + 1, column


def _excerpt(text: str, limit: int = 40) -> str:
    """Shorten a value quoted in a message so one bad scalar cannot flood the output."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _mark_position(mark: Any) -> Position:
    return mark.line + 1, mark.column + 1


def _tag_text(tag: str) -> str:
    """The tag as it is usually written, e.g. ``!!python/object`` rather than its full URI."""
    return "!!" + tag.removeprefix(_YAML_TAG) if tag.startswith(_YAML_TAG) else tag


@dataclass
class _Frame:
    """A mapping or sequence still being filled."""

    value: dict[str, Any] | list[Any]
    path: Path
    key: str | None = None
    key_lines: dict[str, int] = field(default_factory=dict)


class _ParserDepthLimit(Exception):
    """libyaml refused a document for nesting deeper than it allows."""


class _Builder:
    """Turns a parser event stream into plain data and positions, without recursion."""

    def __init__(self, file: str, loader: type | None = None) -> None:
        self.file = file
        self.loader = loader or _Loader
        self.stack: list[_Frame] = []
        self.positions: dict[Path, Position] = {}
        self.key_positions: dict[Path, Position] = {}
        self.root: Any = None
        self.quoted: set[Path] = set()
        self.lines: dict[Path, tuple[tuple[int, int, int], ...]] = {}
        self.source: list[str] = []
        self.documents = 0

    def build(self, raw: bytes, text: str) -> Document:
        # a generator (closed below), though PyYAML's stubs call it an Iterator
        self.source = text.splitlines()
        events = cast(Generator[Event, None, None], yaml.parse(text, Loader=self.loader))
        try:
            for event in events:
                self.handle(event)
        except yaml.MarkedYAMLError as error:
            if self.loader is not yaml.SafeLoader and "nesting depth" in str(error.problem):
                raise _ParserDepthLimit from None
            raise self.syntax_error(error) from None
        except yaml.reader.ReaderError as error:
            raise self.reader_error(error, raw, text) from None
        finally:
            events.close()
        return Document(self.root, self.file, self.positions, self.key_positions,
                        frozenset(self.quoted), lines=self.lines)

    def handle(self, event: Event) -> None:
        if isinstance(event, DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.error(event, N_("the file contains more than one YAML document"))
        elif isinstance(event, AliasEvent):
            raise self.error(event, N_("aliases are not supported in data files"))
        elif isinstance(event, NodeEvent) and event.anchor is not None:
            message = N_("anchors are not supported in data files")
            raise self.error(event, message, anchor=event.anchor)
        elif isinstance(event, ScalarEvent):
            self.scalar(event)
        elif isinstance(event, CollectionStartEvent):
            self.start_collection(event)
        elif isinstance(event, CollectionEndEvent):
            self.stack.pop()

    def waiting_for_key(self) -> _Frame | None:
        """The innermost mapping if the next scalar is one of its keys."""
        frame = self.stack[-1] if self.stack else None
        if frame is not None and isinstance(frame.value, dict) and frame.key is None:
            return frame
        return None

    def scalar(self, event: ScalarEvent) -> None:
        frame = self.waiting_for_key()
        if frame is not None:
            self.key(frame, event)
        else:
            value = self.scalar_value(event)
            path = self.attach(event, value)
            if event.style in ("'", '"'):
                self.quoted.add(path)
            start, end = event.start_mark, event.end_mark
            if start and end and end.line > start.line and isinstance(value, str):
                self.lines[path] = self.line_starts(event, value)

    def line_starts(self, event: ScalarEvent, value: str) -> tuple[tuple[int, int, int], ...]:
        """Where the text of each line of a scalar written over several lines starts in
        its value (a block scalar's lines after its header; the others' continuation
        lines without their indentation), as ``Document.lines`` keeps them."""
        start, end, quoted = event.start_mark, event.end_mark, event.style in ("'", '"')
        assert start is not None and end is not None  # the parser marks every event
        block = event.style in (">", "|")
        found: list[tuple[int, int, int]] = []
        offset = 0
        for number in range(start.line + block, min(end.line, len(self.source) - 1) + 1):
            line = self.source[number][:end.column] if number == end.line \
                else self.source[number]
            begin = start.column + quoted if number == start.line \
                else len(line) - len(line.lstrip())
            text = line[begin:].rstrip()
            if quoted and number == end.line:
                text = text[:-1].rstrip()  # the closing quote
            at = value.find(text, offset) if text else -1
            if at >= 0:
                found.append((at, number + 1, begin + 1))
                offset = at + len(text)
        return tuple(found)

    def key(self, frame: _Frame, event: ScalarEvent) -> None:
        """Keys keep their source text, so ``3:`` and ``"3":`` are the same key."""
        if event.tag not in (None, "!") and event.tag not in _SCALAR_TAGS:
            raise self.unsupported_tag(event)
        key = event.value
        path = frame.path + (key,)
        self.check_characters(event, path)
        first_line = frame.key_lines.get(key)
        if first_line is not None:
            raise self.error(
                event,
                N_("duplicate key '{key}'; it was first used on line {line}"),
                path=path,
                key=key,
                line=first_line,
            )
        position = _mark_position(event.start_mark)
        frame.key_lines[key] = position[0]
        self.key_positions[path] = position
        frame.key = key

    def scalar_value(self, event: ScalarEvent) -> Any:
        """Construct the value with PyYAML's own safe rules for the allowed tags."""
        tag = event.tag
        if tag is None or tag == "!":
            tag = _resolver.resolve(ScalarNode, event.value, event.implicit)
            if tag not in _SCALAR_TAGS:
                tag = _STR  # timestamps and YAML 1.1 oddities such as "=" stay text
        elif tag not in _SCALAR_TAGS:
            raise self.unsupported_tag(event)
        start, end = event.start_mark, event.end_mark
        node = ScalarNode(tag, event.value, start, end, event.style)  # type: ignore[arg-type]  # libyaml's Mark
        if tag == _STR:
            self.check_characters(event)
        if tag == _INT and event.tag is None and not _PLAIN_INT.fullmatch(event.value):
            raise self.error(event, N_("'{value}' would be read as the number {number} (0x "
                                       "means base 16, 0b base 2, a leading 0 base 8, a colon "
                                       "base 60, and _ is left out): write the number in "
                                       "plain digits, or a text in quotes"),
                             value=_excerpt(event.value),
                             number=SafeConstructor.yaml_constructors[tag](
                                 _constructor, ScalarNode(tag, event.value)))
        try:
            return SafeConstructor.yaml_constructors[tag](_constructor, node)
        except (ValueError, KeyError, yaml.YAMLError):
            raise self.error(
                event,
                N_("'{value}' is not a valid value for the tag {tag}"),
                value=_excerpt(event.value),
                tag=_tag_text(tag),
            ) from None

    def check_characters(self, event: ScalarEvent, path: Path | None = None) -> None:
        """Refuse a text a terminal would obey or that hides what it says (written as an
        escape such as ``"\\e"`` in a quoted string; the reader refuses them raw)."""
        index = first_unsafe(event.value)
        if index is not None:
            raise self.error(event, N_("the text holds a control or invisible character, "
                                       "{character}, as its character number {position}"),
                             path=path, character=character_name(event.value[index]),
                             position=index + 1)

    def start_collection(self, event: CollectionStartEvent) -> None:
        if self.waiting_for_key() is not None:
            message = N_("a mapping key must be a single value, not a mapping or a list")
            raise self.error(event, message)
        if len(self.stack) >= MAX_DEPTH:
            raise self.error(event, N_("nesting is deeper than {limit} levels"), limit=MAX_DEPTH)
        is_mapping = isinstance(event, MappingStartEvent)
        allowed = _MAP_TAGS if is_mapping else _SEQ_TAGS
        if event.tag is not None and event.tag not in allowed:
            raise self.unsupported_tag(event)
        value: dict[str, Any] | list[Any] = {} if is_mapping else []
        path = self.attach(event, value)
        self.stack.append(_Frame(value, path))

    def attach(self, event: NodeEvent, value: Any) -> Path:
        """Put a new value into its parent (or make it the root) and record its position."""
        if len(self.positions) >= MAX_VALUES:
            raise self.error(event, N_("the file holds more than {limit} values"),
                             limit=MAX_VALUES)
        path = self.next_path()
        if self.stack:
            frame = self.stack[-1]
            if isinstance(frame.value, dict):
                assert frame.key is not None
                frame.value[frame.key] = value
                frame.key = None
            else:
                frame.value.append(value)
        else:
            self.root = value
        self.positions[path] = _mark_position(event.start_mark)
        return path

    def next_path(self) -> Path:
        """The document path the next value will take."""
        if not self.stack:
            return ()
        frame = self.stack[-1]
        if isinstance(frame.value, dict):
            return frame.path if frame.key is None else frame.path + (frame.key,)
        return frame.path + (len(frame.value),)

    def unsupported_tag(self, event: ScalarEvent | CollectionStartEvent) -> DataError:
        assert event.tag is not None
        message = N_("the tag {tag} is not supported in data files")
        return self.error(event, message, tag=_tag_text(event.tag))

    def error(
        self, event: Event, message: str, path: Path | None = None, **params: Any
    ) -> DataError:
        line, column = _mark_position(event.start_mark)
        where = self.next_path() if path is None else path
        return DataError(Location(self.file, line, column, where), message, params)

    def syntax_error(self, error: yaml.MarkedYAMLError) -> DataError:
        mark = error.problem_mark or error.context_mark
        line, column = _mark_position(mark) if mark is not None else (1, 1)
        path = self.stack[-1].path if self.stack else ()
        context_line = error.context_mark.line + 1 if error.context_mark is not None else None
        message, params = describe(error.problem or "", error.context or "", context_line, line)
        return DataError(Location(self.file, line, column, path), message, params)

    def reader_error(self, error: yaml.reader.ReaderError, raw: bytes, text: str) -> DataError:
        if _READER_COUNTS_BYTES and self.loader is _Loader:
            offset = error.position
        else:
            offset = len(text[: error.position].encode("utf-8"))
        line, column = _byte_position(raw, offset)
        return DataError(
            Location(self.file, line, column),
            N_("the file holds a character YAML does not accept: {character}"),
            {"character": f"U+{error.character:04X}"
             if isinstance(error.character, int) else visible(str(error.character))},
        )
