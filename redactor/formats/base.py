"""Reading traces from disk and writing them back in the same layout and JSON style."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, Protocol, TypedDict

from redactor.errors import InputError

Layout = Literal["json", "jsonl"]
BINARY_SNIFF_BYTES = 8192


@dataclass(frozen=True)
class JsonStyle:
    """Enough of the original formatting to write the file back the way it was written."""

    indent: int | str | None = None  # spaces, or the tab string of a tab-indented file
    compact: bool = False  # separators (",", ":") instead of (", ", ": ")
    ensure_ascii: bool = False
    trailing_newline: bool = True
    bom: bool = False
    escape_slash: bool = False  # every "/" written "\/" (PHP's json_encode, some Java writers)
    escape_html: bool = False  # "<", ">", "&" written "\u003c"... (Go's encoding/json)
    escape_line_separators: bool = False  # U+2028/U+2029 written "\u2028" (Go, JavaScript's JSON writers)
    newline: str = "\n"  # "\r\n" for a file written with Windows line ends

    def dumps(self, value: Any) -> str:
        separators = (",", ":") if self.compact else ((",", ": ") if self.indent is not None else (", ", ": "))
        text = self.escaped(json.dumps(value, indent=self.indent, separators=separators,
                                        ensure_ascii=self.ensure_ascii))
        if self.indent is not None and self.newline != "\n":
            text = text.replace("\n", self.newline)  # (a string's line breaks are escaped: only layout)
        return text

    def escaped(self, text: str) -> str:
        """`text` (JSON) with this writer's optional escapes."""
        # These characters only ever occur inside JSON strings, so replacing them everywhere is exact.
        if self.escape_slash:
            text = text.replace("/", "\\/")
        if self.escape_html:
            text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        if self.escape_line_separators:
            text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
        if not self.ensure_ascii:
            text = escape_lone_surrogates(text)
        return text


_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_lone_surrogates(json_text: str) -> str:
    """`json_text` (written with `ensure_ascii=False`) with each lone surrogate escaped. A string may hold
    one (`\ud83d`, half an emoji cut by a truncation, parses); written raw it is no UTF-8, and the file
    could not be read back. Surrogates only occur inside strings, so replacing them everywhere is exact."""
    if _SURROGATE.search(json_text) is None:
        return json_text
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json_text)


def line_end_of(text: str) -> str:
    """"\r\n" when every line of `text` ends so (a file written on Windows, or by a CRLF-normalising
    checkout), else "\n"."""
    lines = text.count("\n")
    return "\r\n" if lines and text.count("\r\n") == lines else "\n"


class _DuplicateKey(ValueError):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document = dict(pairs)
    if len(document) != len(pairs):
        raise _DuplicateKey("duplicate key")
    return document


def parses_losslessly(data: bytes, layout: Layout) -> bool:
    """Whether the parsed records hold everything in `data`. A repeated key keeps only its last
    value when parsed: the earlier one was never analysed, so such bytes must not be written back
    (the re-serialised records, which drop it, are written instead)."""
    text = data.decode("utf-8", "surrogatepass").removeprefix("\ufeff")
    documents = [line for line in text.split("\n") if line.strip()] if layout == "jsonl" else [text]
    try:
        for document in documents:
            json.loads(document, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey:
        return False
    return True


class WriterEscapes(TypedDict):
    escape_slash: bool
    escape_html: bool
    escape_line_separators: bool


def writer_escapes(text: str) -> WriterEscapes:
    """The optional escapes the writer of `text` always used: a backslash before every "/",
    `u003c`-style escapes for every "<", ">", "&", or for the line and paragraph separators (raw, they
    end a line for many line readers). Only when no character of the kind is left bare."""
    escape_slash = "\\/" in text and "/" not in text.replace("\\/", "")
    html = ("\\u003c", "\\u003e", "\\u0026")
    escape_html = any(code in text for code in html) and not any(char in text for char in "<>&")
    escape_line_separators = ("\\u2028" in text or "\\u2029" in text) and "\u2028" not in text and "\u2029" not in text
    return {"escape_slash": escape_slash, "escape_html": escape_html, "escape_line_separators": escape_line_separators}


@dataclass
class TraceFile:
    relpath: str  # relative to the trace root ("" when the trace is a single file)
    layout: Layout
    records: list[Any]
    style: JsonStyle
    line_numbers: list[int] = field(default_factory=list)  # jsonl: source line of each record
    blank_lines: list[int] = field(default_factory=list)  # jsonl: blank lines kept as they were
    # The bytes the file was read from, and whether a record has changed since: a file in which
    # nothing was redacted is written back byte for byte (hand-formatted JSON included).
    original: bytes | None = None
    modified: bool = True
    respell_numbers: bool = False  # a number of `original` is written another way by Python (`1e5`)

    def to_bytes(self) -> bytes:
        if not self.modified and self.original is not None and parses_losslessly(self.original, self.layout):
            return self.original
        if self.original is not None:
            patched = self._patched_original()
            if patched is not None:
                return patched
        newline = self.style.newline
        if self.layout == "json":
            text = self.style.dumps(self.records[0])
            if self.style.trailing_newline:
                text += newline
        else:
            lines = [self.style.dumps(record) for record in self.records]
            for position in self.blank_lines:
                lines.insert(position, "")
            text = newline.join(lines) + (newline if self.style.trailing_newline else "")
        if self.original is not None and self.respell_numbers:
            text = written_like(text, self.original.decode("utf-8", "surrogatepass").removeprefix("\ufeff"))
        data = text.encode("utf-8")
        return (b"\xef\xbb\xbf" + data) if self.style.bom else data

    def _patched_original(self) -> bytes | None:
        """The original bytes with only the changed strings rewritten (see `written_over`), or None."""
        assert self.original is not None
        text = self.original.decode("utf-8", "surrogatepass")
        bom = text.startswith("\ufeff")
        text = text.removeprefix("\ufeff")
        if self.layout == "json":
            patched = written_over(text, self.records[0], self.style)
        else:
            # Cut at "\n" only, as `_read_jsonl` numbered the lines (`splitlines` would also cut at a raw
            # U+2028 or U+0085 inside a string, and pair a record with another record's line).
            lines = text.split("\n")
            if len(self.line_numbers) != len(self.records) or len(lines) < len(self.records):
                return None
            for record, number in zip(self.records, self.line_numbers, strict=True):
                line = lines[number - 1]
                body = line.removesuffix("\r")
                new_body = written_over(body, record, self.style)
                if new_body is None:
                    return None
                lines[number - 1] = new_body + line[len(body):]
            patched = "\n".join(lines)
        if patched is None:
            return None
        data = patched.encode("utf-8")
        return (b"\xef\xbb\xbf" + data) if bom else data


_STRING_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"')


def written_over(source_text: str, value: Any, style: JsonStyle) -> str | None:
    """`source_text` (one JSON document) with each string that differs in `value` (the same document,
    redacted) written anew in the file's style, and every other byte as it was: the layout of any writer
    (Jackson's `"key" : value`, `[ 1, 2 ]`), escapes, number spellings and line ends survive. Redaction
    changes strings only, so the texts' strings pair up in order; None when they do not (a repeated key
    was dropped), and the document must then be written anew."""
    # The redacted document written in one line by the C encoder in the file's escapes: its string literals
    # are the redacted document's strings in order (layout does not matter here, only the literals).
    new_literals = _STRING_TOKEN.findall(style.escaped(json.dumps(value, ensure_ascii=style.ensure_ascii)))
    old_literals = list(_STRING_TOKEN.finditer(source_text))
    if len(old_literals) != len(new_literals):
        return None
    pieces: list[str] = []
    position = 0
    for old, new in zip(old_literals, new_literals, strict=True):
        written = old.group(0)
        if written == new or json.loads(written) == json.loads(new):
            continue  # unchanged (perhaps escaped otherwise: `\u00E9` where the encoder writes `\u00e9`)
        pieces.append(source_text[position:old.start()])
        pieces.append(new)
        position = old.end()
    pieces.append(source_text[position:])
    return "".join(pieces)


@dataclass
class Trace:
    """One recorded run: a single file, or a Chronicle trace directory (redacted as one unit)."""

    root: Path
    is_directory: bool
    format_name: str
    files: list[TraceFile]

    def path_of(self, trace_file: TraceFile) -> Path:
        return self.root / trace_file.relpath if self.is_directory else self.root

    def all_records(self) -> list[Any]:
        return [record for trace_file in self.files for record in trace_file.records]


class TraceFormat(Protocol):
    """A known envelope format: how to recognise it and what in it is structure."""

    name: str
    structural_keys: frozenset[str]
    structural_paths: tuple[str, ...]
    # Structural keys that hold a log message when their value has spaces (structlog's `event`):
    # then the value is content like any other.
    message_keys: frozenset[str]
    timestamp_keys: tuple[str, ...]

    def matches(self, record: Any) -> bool: ...

    def validate(self, record: Any) -> str | None:
        """Return a problem description if a redacted record no longer fits the format's schema."""
        ...


def decode_text(path: Path, data: bytes) -> tuple[str, bool]:
    """Bytes -> text, refusing what is not a UTF-8 text file. Returns (text, had_bom)."""
    if not data.strip():
        raise InputError(str(path), "empty file")
    if b"\x00" in data[:BINARY_SNIFF_BYTES]:
        raise InputError(str(path), "binary file (NUL bytes), not a JSON trace")
    bom = data.startswith(b"\xef\xbb\xbf")
    try:
        text = data[3:].decode("utf-8") if bom else data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"invalid UTF-8 at byte {exc.start}") from None
    return text, bom


# An exponent of three digits or more: the only way a JSON number can overflow a float.
_HUGE_EXPONENT = re.compile(r"[0-9][eE]\+?0*[1-9][0-9]{2}")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(literal: str) -> float:
    value = float(literal)
    if math.isinf(value):
        raise ValueError("number out of float range")
    return value


_NEGATIVE_ZERO = re.compile(r"-0(?![\d.eE])")


class NumberSpelling:
    """A `parse_float` hook that notes whether Python would write a number of the text back another
    way (`1e5` as `100000.0`, `1.50` as `1.5`, `-0` as `0`): only then must `written_like` restore
    the numbers' spelling, which costs a pass over the text."""

    def __init__(self, text: str) -> None:
        self.respelled = _NEGATIVE_ZERO.search(text) is not None  # (an integer: no parse_float call)

    def __call__(self, literal: str) -> float:
        value = _finite_float(literal)
        if not self.respelled and repr(value) != literal:
            self.respelled = True
        return value


def loads_strict(text: str, spelling: NumberSpelling | None = None, unique_keys: bool = False) -> Any:
    """`json.loads` refusing what could not be written back as the same JSON: NaN and Infinity
    literals, and numbers that overflow a float (`1e400` would come back as `Infinity`). Integers
    over Python's 4300-digit limit raise ValueError too. With `spelling`, it notes respelled numbers;
    with `unique_keys`, an object that repeats a key raises ValueError (its earlier value would be lost)."""
    parse_float = spelling or (_finite_float if _HUGE_EXPONENT.search(text) else None)
    return json.loads(text, parse_constant=_no_constant, parse_float=parse_float,
                      object_pairs_hook=_no_duplicate_keys if unique_keys else None)


def parse_json(path: Path, text: str, where: str = "", spelling: NumberSpelling | None = None) -> Any:
    try:
        return loads_strict(text, spelling)
    except RecursionError:
        raise InputError(str(path), f"JSON nested too deeply{where}") from None
    except json.JSONDecodeError as exc:
        position = f"line {exc.lineno} column {exc.colno}"
        raise InputError(str(path), f"not valid JSON{where}: {exc.msg} at {position}") from None
    except ValueError:
        raise InputError(str(path), f"a number that cannot be written back unchanged{where} (NaN, Infinity, "
                                    "beyond float range, or over 4300 digits)") from None


def sniff_style(text: str, bom: bool) -> JsonStyle:
    newline = line_end_of(text)
    if newline != "\n":
        return replace(sniff_style(text.replace(newline, "\n"), bom), newline=newline)
    stripped = text.lstrip()
    indent: int | str | None = None
    if stripped[:1] in "{[" and "\n" in stripped[:2]:
        second_line = stripped.split("\n", 2)[1]
        leading = second_line[:len(second_line) - len(second_line.lstrip(" \t"))]
        if leading and set(leading) == {" "}:
            indent = len(leading)
        elif leading and set(leading) == {"\t"}:
            indent = leading
    compact = indent is None and _first_separator(stripped.split("\n", 1)[0]) == ":"
    ensure_ascii = text.isascii() and "\\u" in text
    return JsonStyle(indent=indent, compact=compact, ensure_ascii=ensure_ascii,
                     trailing_newline=text.endswith("\n"), bom=bom, **writer_escapes(text))


# A JSON string literal: what is inside one (an escaped document, `\"role\": \"user\"`) says
# nothing about how the document around it is written.
STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')


# A string literal (skipped) or a number literal (group 1). Possessive: one pass, no backtracking.
_STRING_OR_NUMBER = re.compile(r'"(?:[^"\\]++|\\.)*+"|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)')


def _is_canonical(literal: str) -> bool:
    """Whether Python writes the number back as it was written (`1.5`, `42`; not `1.50`, `1e5`, `-0`)."""
    if "." not in literal and "e" not in literal and "E" not in literal:
        return literal != "-0"
    return repr(float(literal)) == literal


def written_like(new_text: str, source_text: str) -> str:
    """`new_text`, a re-serialised document, with its numbers written as `source_text` wrote them.

    Python writes `1e5` as `100000.0` and `1.50` as `1.5`. Redaction never changes a number nor the
    shape around one, so both texts hold the same numbers in the same order; where they do not pair up
    (a repeated key dropped one), `new_text` is returned as it is."""
    source_numbers = [n for n in _STRING_OR_NUMBER.findall(source_text) if n]
    if all(_is_canonical(n) for n in source_numbers):
        return new_text
    new_numbers = [n for n in _STRING_OR_NUMBER.findall(new_text) if n]
    if len(new_numbers) != len(source_numbers) or any(
        float(a) != float(b) for a, b in zip(new_numbers, source_numbers, strict=True)
    ):
        return new_text
    originals = iter(source_numbers)
    return _STRING_OR_NUMBER.sub(lambda m: next(originals) if m.group(1) else m.group(0), new_text)


def _first_separator(line: str) -> str | None:
    """How the first member of the line's first object is written after its key: ":" (compact),
    ": " or None (no member)."""
    for literal in STRING_LITERAL.finditer(line):
        rest = line[literal.end():literal.end() + 2]
        if rest.startswith(":"):
            return ": " if rest == ": " else ":"
    return None


def read_trace_file(path: Path, relpath: str) -> TraceFile:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read: {exc.strerror}") from None
    text, bom = decode_text(path, data)
    trace_file = _parse_trace_text(path, relpath, text, bom)
    trace_file.original = data
    return trace_file


def _parse_trace_text(path: Path, relpath: str, text: str, bom: bool) -> TraceFile:
    if path.suffix == ".jsonl" or (path.suffix != ".json" and _looks_like_jsonl(text)):
        return _read_jsonl(path, relpath, text, bom)
    spelling = NumberSpelling(text)
    try:
        value = parse_json(path, text, spelling=spelling)
    except InputError:
        if path.suffix == ".json" and _looks_like_jsonl(text):
            return _read_jsonl(path, relpath, text, bom)
        raise
    if not isinstance(value, (dict, list)):
        raise InputError(str(path), "a trace must be a JSON object or array")
    return TraceFile(relpath=relpath, layout="json", records=[value], style=sniff_style(text, bom),
                     respell_numbers=spelling.respelled)


def _looks_like_jsonl(text: str) -> bool:
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) > 1 and all(line.lstrip().startswith("{") and line.rstrip().endswith("}") for line in lines)


def parse_jsonl_line(
    path: Path, number: int, line: str, spelling: NumberSpelling | None = None
) -> dict[str, Any] | None:
    """One JSONL line -> its record, or None for a blank line. Errors name the file and line."""
    if not line.strip():
        return None
    record = parse_json(path, line, where=f" (line {number})", spelling=spelling)
    if not isinstance(record, dict):
        raise InputError(str(path), f"line {number}: each JSONL record must be a JSON object")
    return record


def _read_jsonl(path: Path, relpath: str, text: str, bom: bool) -> TraceFile:
    records: list[Any] = []
    line_numbers: list[int] = []
    blank_lines: list[int] = []
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    style: JsonStyle | None = None
    spelling = NumberSpelling(text)
    for number, line in enumerate(lines, start=1):
        record = parse_jsonl_line(path, number, line, spelling)
        if record is None:
            blank_lines.append(number - 1)
            continue
        if style is None:
            style = sniff_style(line + ("\n" if text.endswith("\n") else ""), bom)
        records.append(record)
        line_numbers.append(number)
    if not records:
        raise InputError(str(path), "empty file")
    assert style is not None
    style = JsonStyle(indent=None, compact=style.compact, ensure_ascii=text.isascii() and "\\u" in text,
                      trailing_newline=text.endswith("\n"), bom=bom, newline=line_end_of(text), **writer_escapes(text))
    return TraceFile(relpath=relpath, layout="jsonl", records=records, style=style,
                     line_numbers=line_numbers, blank_lines=blank_lines, respell_numbers=spelling.respelled)
