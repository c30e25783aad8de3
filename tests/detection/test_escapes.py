from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st

from redactor.detection.escapes import decoded_with_origins, may_hold_references


def test_references_are_read_and_each_character_knows_where_it_was_written() -> None:
    text = "call &#43;1 984&#x2D;555&#45;0134, Ma&iuml;wenn \\u0040home"
    decoded, origins = decoded_with_origins(text) or ("", [])
    assert decoded == "call +1 984-555-0134, Maïwenn @home"
    assert len(origins) == len(decoded) + 1 and origins[-1] == len(text)
    start = decoded.index("984-555-0134")
    assert text[origins[start]:origins[start + len("984-555-0134")]] == "984&#x2D;555&#45;0134"


def test_what_is_no_reference_is_left_as_written() -> None:
    for text in ("no references", "q?a=1&copy=2", "&madeup; word", "a\\\\u0040b", "&#0; &#1114112; &#xD800;",
                 "\\u00zz"):
        assert decoded_with_origins(text) is None, text


@given(st.lists(st.sampled_from(["a", "&amp;", "&#43;", "&#x40;", "\\u0041", "&lt;", " ", "é", "&", ";", "&bogus;"])))
def test_each_decoded_character_maps_back_to_what_wrote_it(parts: list[str]) -> None:
    text = "".join(parts)
    result = decoded_with_origins(text)
    if result is None:
        return
    decoded, origins = result
    assert len(origins) == len(decoded) + 1 and origins == sorted(origins) and origins[-1] == len(text)
    assert may_hold_references(text)
    for index, char in enumerate(decoded):
        written = text[origins[index]:origins[index + 1]]
        assert written == char or html.unescape(written) == char or written == f"\\u{ord(char):04x}", (written, char)


def test_a_calendar_is_read_unfolded_and_unescaped() -> None:
    text = ('BEGIN:VEVENT\r\nATTENDEE;CN="Okafor\\, C\r\n hidinma":mailto:c.okafor@gmail.c\r\n\tom\r\n'
            "NOTE:a\\nb\\;c\r\nEND:VEVENT")
    decoded, origins = decoded_with_origins(text) or ("", [])
    assert decoded == ('BEGIN:VEVENT\r\nATTENDEE;CN="Okafor, Chidinma":mailto:c.okafor@gmail.com\r\n'
                       "NOTE:a\nb;c\r\nEND:VEVENT")
    assert len(origins) == len(decoded) + 1 and origins == sorted(origins) and origins[-1] == len(text)
    start = decoded.index("Chidinma")
    assert text[origins[start]:origins[start + len("Chidinma")]] == "C\r\n hidinma"
    # outside a calendar, a line that starts with a blank and a backslash before a comma are what they are
    assert decoded_with_origins("line one\r\n indented\\, kept") is None


@given(st.lists(st.sampled_from(["a", "\r\n ", "\n\t", "\\,", "\\;", "\\n", "\\\\", "&#43;", "\r\n", " ", ","])))
def test_each_character_of_a_calendar_maps_back_to_what_wrote_it(parts: list[str]) -> None:
    text = "BEGIN:VCARD\r\n" + "".join(parts)
    result = decoded_with_origins(text)
    if result is None:
        return
    decoded, origins = result
    assert len(origins) == len(decoded) + 1 and origins == sorted(origins) and origins[-1] == len(text)
    for index, char in enumerate(decoded):
        written = text[origins[index]:origins[index + 1]]
        assert char in written.replace("\\n", "\n") or html.unescape(written).startswith(char), (written, char)
