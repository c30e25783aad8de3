"""Letter classes for regexes that read names: Latin capitals and small letters with their accented forms
(Léa, Fernández, Brzęczyszczykiewicz), for use inside a character class (`[{CAPITAL}][{SMALL}]+`).

Python's `[A-Z]` knows no accents and `\\w` knows no case, so the name detectors spell the letters out.
Vietnamese: Ơ, Ư and the letters with two diacritics, U+1EA0-U+1EF9, are in both classes (that block
alternates capital and small letters): `Hương`, `Đức`, `Nguyễn`. Romanian Ș and Ț with
their comma below (`Ștefan`, `Ancuța`), Azerbaijani Ə (`Əliyev`): every Latin letter of Faker's name lists.
"""

from __future__ import annotations

import unicodedata

CAPITAL = "A-ZÀ-ÖØ-ÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽƏƠƯȘȚ\u1ea0-\u1ef9"
SMALL = "a-zß-öø-ÿāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįıĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷźżžəơưșț\u1ea0-\u1ef9"

# Letters no decomposition takes apart: `Łukasz`, `Søren`, `Đức` as an ASCII system writes them.
_FOLDED_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae",
                                 "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ı": "i", "þ": "th", "ð": "d"})


def without_accents(text: str) -> str:
    """`Zieliński` as a form, an ASCII system or a transcript writes it: `Zielinski`."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLDED_LETTERS))
    return "".join(char for char in decomposed if not unicodedata.combining(char))
