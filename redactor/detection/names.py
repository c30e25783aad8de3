"""Full names found by their parts: a known given name followed by a known family name.

spaCy's small English model misses or mislabels many names that stand in plain sight (`please change
it to Tristan Dennis` is an ORG to it, `Lily Nolan` a PRODUCT), and with NER off only cue rules
(`Name:`, `Dear`, a sign-off) find people at all. Given and family names are a finite, well-known
vocabulary: Faker's person providers carry them for 80-odd locales (MIT; drawn from census and
registry lists). A span is a person when it is a capitalised given name, optionally a second given
name or an initial, and a capitalised family name, each from those lists, and not words of the
kind that make up product, place and company names (see `_is_person`).

The lists are read once per process from the installed package (about 0.2 s), only when a text has
two capitalised words in a row.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from redactor.detection.letters import CAPITAL, SMALL, without_accents

# A name word: a capital, then small letters, possibly an apostrophe or hyphen joining a second
# capitalised part (`O'Brien`, `Nguyen-Tran`) or a prefix glued before one (`McDonald`, `DeLaney`);
# Latin letters with their accented forms (letters.py).
_WORD = re.compile(rf"(?<![\w@.#/\\-])(?:(?:Mc|Mac|De|Di|Da|Du|Le|La|Fitz|O['’]|D['’])?[{CAPITAL}][{SMALL}]+"
                   rf"(?:['’-][{CAPITAL}][{SMALL}]+)?|[{CAPITAL}]\.?)"
                   rf"(?![\w@-]|['’][{SMALL}])")
# What may stand between two words of one name: a space or a tab, nothing else (a comma or a line
# break ends it: `Dennis, Tristan` is a list, `Sophie\nLang` two lines).
_GAP = re.compile(r"[ \t]{1,2}")
# Particles of family names (`Willemine ten Pas`, `Ludwig van Beethoven`, `María de la Cruz`).
_PARTICLES = frozenset({"van", "von", "der", "den", "de", "la", "del", "della", "di", "da", "du", "dos", "das",
                        "ten", "ter", "le", "bin", "ibn", "al"})
_PARTICLE_WORDS = "|".join(sorted(_PARTICLES))
# Irish and Scottish Gaelic particles, written with their capital (`Aoife Ní Bhriain`, `Seán Ó Súilleabháin`,
# `Siobhán Mac Giolla Phádraig`): the name after one is a family name, whether or not a list knows its
# lenited or feminine form (the lists carry `Ó Briain`, never `Ní Bhriain`).
GAELIC_PARTICLES = frozenset({"Ó", "O", "Ní", "Nic", "Mac", "Mhic", "Mic", "Uí", "Ua"})
_GAELIC_SERVANT = frozenset({"Giolla", "Ghiolla"})
_TRAILING_PARTICLES = re.compile(rf"(?:[ \t]+(?i:{_PARTICLE_WORDS}))+$")
_FAMILY_AFTER_PARTICLES = re.compile(
    rf"(?:[ \t]+(?i:{_PARTICLE_WORDS}))*[ \t]+[{CAPITAL}][{CAPITAL}{SMALL}'’-]*[{CAPITAL}{SMALL}](?![\w'’-])")


def end_with_particles_completed(text: str, start: int, end: int) -> int:
    """NER may stop a name at its particles (`Willemijn van der` of `Willemijn van der Heijden`, `WILLEMIJN VAN
    DER`): the family name after them is part of it; particles with no family name after them are not."""
    trailing = _TRAILING_PARTICLES.search(text, start, end)
    if trailing is None:
        return end
    family = _FAMILY_AFTER_PARTICLES.match(text, end)
    return family.end() if family else trailing.start()


# Two capitalised words in a row (particles or an initial between them, or a comma: `Hartley, Eleanor`): the
# cheap test before any list is read.
_CANDIDATE = re.compile(rf"[{CAPITAL}][{SMALL}]+,?[ \t]+(?:(?:{'|'.join(sorted(_PARTICLES))})[ \t]+){{0,2}}"
                        rf"(?:[{CAPITAL}]\.?[ \t]+)?(?:[OD]['’])?[{CAPITAL}][{SMALL}]")
# Family names that end a place or a building's name when they follow a given name: `Victoria
# Station`, `Charles River`, `Lincoln Park`, `Jackson Street` are places named after people.
_PLACE_WORDS = frozenset({
    "street", "road", "lane", "avenue", "way", "park", "river", "lake", "hill", "hills", "bay", "house", "hall",
    "field", "fields", "wood", "woods", "forest", "court", "place", "square", "station", "bridge", "tower",
    "centre", "center", "line", "island", "beach", "valley", "falls", "point", "port", "harbour", "harbor",
    "heights", "gardens", "garden", "grove", "terrace", "college", "university", "school", "hospital",
    "church", "chapel", "airport", "mall", "plaza", "stadium", "arena", "county", "city", "town", "castle",
    "creek", "springs", "mountain", "mount", "canyon", "cove", "meadow", "meadows", "ridge", "dale", "vale",
    "close", "crescent", "drive", "row", "walk", "gate", "cross", "green", "common", "market", "mill", "mills",
})
# Place words that are common family names too (`Christopher Hall`, `Maurice Hill`, `Nicole Woods`): a
# family name after a given name that no place is named after (`Albert Hall`, `Victoria Park` are places;
# `_NOT_A_PERSON_AFTER` also sees `Primrose Hill Station`).
_PLACE_WORD_SURNAMES = frozenset({"church", "cross", "dale", "field", "fields", "green", "hall", "hill", "house",
                                  "lane", "meadows", "mills", "wood", "woods"})
_PLACE_GIVEN_NAMES = frozenset({"victoria", "albert", "lincoln", "washington", "jackson", "madison", "jefferson",
                                "franklin", "stanley", "regent", "wellington", "kensington", "richmond",
                                "hampton", "primrose", "beverly", "forest", "union", "central", "grand", "liberty"})
# Two-letter family names of Chinese and Vietnamese origin as an English text writes them (`Michael Wu`,
# `Jennifer Li`): too short for the lists' minimum, known by name.
_SHORT_FAMILY_NAMES = frozenset({"li", "wu", "yu", "ho", "xu", "ng", "lu", "hu", "vu", "ly"})
# Assistants and products named like people: `Claude Sonnet`, `Devin AI`, `Alexa Skills`.
_PRODUCT_GIVEN_NAMES = frozenset({"claude", "alexa", "siri", "cortana", "devin", "jasper", "grok", "aria",
                                  "bard", "django", "flask", "jenkins", "sonnet", "opus",
                                  "haiku"})
# Forms of address that some locales' lists carry among names (`Sayın Bey`: "Dear Sir" in Turkish).
_FORMS_OF_ADDRESS = frozenset({"sayın", "bey", "beyefendi", "hanım", "hanımefendi", "efendi", "paşa", "herr", "frau",
                               "señor", "señora", "señorita", "signor", "signora", "signorina", "monsieur", "madame",
                               "mademoiselle", "sir", "madam", "lady", "lord", "dame", "don", "doña", "dona", "senhor",
                               "senhora", "pan", "pani", "gospodin", "gospođa", "sheikh", "shri", "sri", "smt"})
# `Al`, `Bo`, `Ed`: articles and abbreviations as often as names; not so with a diacritic (`Lê`, `Vũ`, `Hà`).
_MIN_NAME_LENGTH = 3

GIVEN_AND_FAMILY_DETECTOR = "GivenAndFamilyName"
FULL_NAME_SCORE = 0.85


@dataclass(frozen=True)
class NameLists:
    given: frozenset[str]  # lower case
    family: frozenset[str]  # lower case
    # lower case: names that are ordinary words (redactor/data/name_words.txt) and common English words
    # (Faker's en_US lorem list)
    word_like: frozenset[str]


@lru_cache(maxsize=1)
def name_lists() -> NameLists:
    """Given and family names of every Faker locale (only Latin-script ones can match `_WORD`)."""
    import faker.providers.person as person_providers
    from faker.providers.lorem.en_US import Provider as EnglishLorem

    from redactor.detection.pii import ignorable_capitalised_words, name_words

    given: set[str] = set()
    family: set[str] = set()
    for module in pkgutil.iter_modules(person_providers.__path__):
        provider = importlib.import_module(f"{person_providers.__name__}.{module.name}").Provider
        for klass in provider.__mro__:
            for attribute, value in vars(klass).items():
                into = given if _GIVEN_LIST.fullmatch(attribute) else \
                    family if _FAMILY_LIST.fullmatch(attribute) else None
                if into is not None and isinstance(value, (list, tuple, dict)):
                    into.update(_latin_forms([name for name in value if isinstance(name, str)]))
    given.update(extra_given_names())
    family.update(extra_family_names())
    ignorable = ignorable_capitalised_words() | _FORMS_OF_ADDRESS
    return NameLists(
        given=frozenset(n for n in given if _long_enough(n) and n not in ignorable
                        and n not in _PRODUCT_GIVEN_NAMES),
        family=frozenset(n for n in family if _long_enough(n) and n not in ignorable
                         and n not in _PLACE_WORDS),
        word_like=name_words() | frozenset(word.lower() for word in EnglishLorem.word_list),
    )


# Names Faker's lists lack (see each file's header).
_GIVEN_NAMES_FILE = Path(__file__).resolve().parent.parent / "data" / "given_names.txt"
_FAMILY_NAMES_FILE = Path(__file__).resolve().parent.parent / "data" / "family_names.txt"


def _word_file(path: Path) -> frozenset[str]:
    """One lower-case word a line; `#` starts a comment line."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def extra_given_names() -> frozenset[str]:
    """Common given names Faker's lists lack (`redactor/data/given_names.txt`)."""
    return _word_file(_GIVEN_NAMES_FILE)


def extra_family_names() -> frozenset[str]:
    """Common family names Faker's lists lack (`redactor/data/family_names.txt`)."""
    return _word_file(_FAMILY_NAMES_FILE)


def _long_enough(name: str) -> bool:
    return len(name) >= _MIN_NAME_LENGTH or (len(name) == _MIN_NAME_LENGTH - 1 and not name.isascii())


# The providers' name lists (`first_names_female`, `first_romanized_names`, `last_names_male`, ...; a
# property computing one is no list and is skipped).
_GIVEN_LIST = re.compile(r"(?:first|middle)_(?:romanized_)?names(?:_\w+)?")
_FAMILY_LIST = re.compile(r"(?:\w+_)?last_(?:romanized_)?names(?:_\w+)?")
# Cyrillic and Greek names as an English text writes them (`Кузнецова` -> `kuznetsova`), a simplified
# BGN/PCGN romanisation.
_ROMANISATION = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "yo", "є": "ye", "ж": "zh",
    "з": "z", "и": "i", "і": "i", "ї": "yi", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
    "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch",
    "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "ђ": "dj", "ј": "j", "љ": "lj", "њ": "nj", "ћ": "c",
    "џ": "dz", "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i",
    "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s", "ς": "s",
    "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o", "ά": "a", "έ": "e", "ή": "i", "ί": "i",
    "ό": "o", "ύ": "y", "ώ": "o", "ϊ": "i", "ϋ": "y", "ΐ": "i", "ΰ": "y",
})
_CYRILLIC_OR_GREEK = re.compile("[\u0370-\u03ff\u0400-\u04ff]")


def _latin_forms(names: list[str]) -> Iterable[str]:
    """A list's names in lower case, romanised when the list is in Cyrillic or Greek (a list is in one
    script: its first names tell); a family name written with its particles (`van der Leek`) is known
    by its last word too, as `_WORD` reads one word at a time."""
    lowered = [name.lower() for name in names]
    if _CYRILLIC_OR_GREEK.search("".join(names[:3])) is not None:
        lowered = [name.replace("ου", "ou").replace("ού", "ou").translate(_ROMANISATION) for name in lowered]
    for name in lowered:
        yield name
        *particles, last = name.split(" ")
        if particles and all(particle in _PARTICLES for particle in particles):
            yield last


# A nickname in quotes inside a full name (`Robert "Bobby" Tables`, `Margaret ‘Peggy’ Olsen`): a known given name,
# the nickname, a capitalised family name are one person. (The gate first: a quoted capitalised word between two.)
_NICKNAME_QUOTES = ('"', "“", "‘", "'")
_NICKNAME_GATE = re.compile(rf"[ \t][\"“‘'][{CAPITAL}][{SMALL}]+[\"”’'][ \t]+[{CAPITAL}]")
_NICKNAMED = re.compile(
    rf"(?<![\w@.#/\\'’\"-])(?P<given>[{CAPITAL}][{SMALL}]+)[ \t]+[\"“‘'](?P<nick>[{CAPITAL}][{SMALL}]+)[\"”’'][ \t]+"
    rf"(?P<family>(?:Mc|Mac|O['’])?[{CAPITAL}][{SMALL}]+(?:['’-][{CAPITAL}][{SMALL}]+)?)(?![\w@'’-])")


def _may_hold_nickname(text: str) -> bool:
    return any(quote in text for quote in _NICKNAME_QUOTES) and _NICKNAME_GATE.search(text) is not None


def _nicknamed(text: str, lists: NameLists) -> list[tuple[int, int]]:
    """(start, end) of each full name with a nickname in quotes inside it (see `_NICKNAMED`)."""
    if not _may_hold_nickname(text):
        return []
    from redactor.detection.cues import is_plausible_person
    from redactor.detection.pii import ignorable_capitalised_words

    ignorable = ignorable_capitalised_words()
    found = []
    for match in _NICKNAMED.finditer(text):
        given, family = match.group("given"), match.group("family")
        # (the family name a known one, or the nickname a given name too: `Bobby`, `Peggy`)
        if not _is_given_name(given, lists) or given.lower() in lists.word_like \
                or not (_is_family_name(family, lists)
                        or (_is_given_name(match.group("nick"), lists) and family.lower() not in ignorable)) \
                or not is_plausible_person(f"{given} {family}") \
                or not _is_person(text, [given, family], match.end(), lists):
            continue
        found.append(match.span())
    return found


def may_hold_full_name(text: str) -> bool:
    return _CANDIDATE.search(text) is not None or _may_hold_nickname(text)


def full_names(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of each full name in `text` (see the module's docstring)."""
    if not may_hold_full_name(text):
        return
    lists = name_lists()
    nicknamed = _nicknamed(text, lists)
    yield from nicknamed
    words = [word for word in _WORD.finditer(text)
             if not any(start <= word.start() < end for start, end in nicknamed)]
    index = 0
    while index < len(words):
        firm = _firm_at(text, words, index)
        if firm:
            index += firm  # (and not `Lauren Polo` after `Ralph`)
            continue
        found = _name_at(text, words, index, lists)
        if found is None:
            found = _family_comma_given_at(text, words, index, lists)
        if found is None:
            found = _vietnamese_name_at(text, words, index, lists)
        if found is None:
            index += 1
            continue
        last = found
        yield words[index].start(), words[last].end()
        index = last + 1


def _firm_at(text: str, words: list[re.Match[str]], index: int) -> int:
    """How many words of a firm named after people (`Morgan Stanley`, `Yves Saint Laurent`; see
    pii.person_named_firms) start at `words[index]`, or 0."""
    from redactor.detection.pii import is_person_named_firm, person_named_firm_first_words

    if words[index].group(0).lower() not in person_named_firm_first_words():
        return 0
    for count in (3, 2):
        last = index + count - 1
        if last < len(words) and all(_joined(text, words[i], words[i + 1]) for i in range(index, last)) \
                and is_person_named_firm(" ".join(word.group(0) for word in words[index:last + 1])):
            return count
    return 0


def _joined(text: str, left: re.Match[str], right: re.Match[str]) -> bool:
    """Two words of one name: a space or a tab apart, or one or two particles between them
    (`Willemine ten Pas`, `María de la Cruz`)."""
    gap = text[left.end():right.start()]
    if _GAP.fullmatch(gap):
        return True
    between = gap.split(" ")
    return 3 <= len(between) <= 4 and not between[0] and not between[-1] \
        and all(word in _PARTICLES for word in between[1:-1])


def _name_at(text: str, words: list[re.Match[str]], index: int, lists: NameLists) -> int | None:
    """The index of the last word of a full name starting at `words[index]`, or None."""
    if not _is_given_name(words[index].group(0), lists):
        return None
    chain = [index]
    # More given names or an initial may follow (`Mary Ann Smith`, `Faina D. Yefremova`).
    while chain[-1] + 1 < len(words) and _joined(text, words[chain[-1]], words[chain[-1] + 1]):
        following = words[chain[-1] + 1].group(0)
        if not (_is_initial(following) or _is_given_name(following, lists)):
            break
        chain.append(chain[-1] + 1)
    # The family name after the last of them; or a word read as one more given name is the family name
    # (`Christopher Hall`, `Debra Foster-Jones`: Hall and Foster are given names too).
    for position in reversed(chain):
        family_index = position + 1
        if family_index < len(words) and _joined(text, words[position], words[family_index]) \
                and not _is_initial(words[family_index].group(0)) \
                and _is_family_after(words[position].group(0), words[family_index].group(0), lists):
            break
    else:
        gaelic = _gaelic_family_after(text, words, index)
        if gaelic is None:
            return None
        family_index = gaelic
    # Double family names (`García Márquez`, `Nguyen Tran`).
    last = family_index
    while last + 1 < len(words) and _joined(text, words[last], words[last + 1]) \
            and _is_family_name(words[last + 1].group(0), lists):
        last += 1
    if not _is_person(text, [w.group(0) for w in words[index:last + 1]], words[last].end(), lists):
        return None
    return last


def _gaelic_family_after(text: str, words: list[re.Match[str]], index: int) -> int | None:
    """The index of the family name in `Aoife Ní Bhriain` (a Gaelic particle, then a capitalised word
    right after the given name at `words[index]`), or None. (`Ó` reads as an initial: it is looked at
    before a chain of given names and initials would take it.)"""
    particle, family = index + 1, index + 2
    if family >= len(words) or words[particle].group(0) not in GAELIC_PARTICLES \
            or not (_joined(text, words[index], words[particle]) and _joined(text, words[particle], words[family])) \
            or _is_initial(words[family].group(0)) or words[family].group(0) in GAELIC_PARTICLES:
        return None
    if words[family].group(0) in _GAELIC_SERVANT and family + 1 < len(words) \
            and _joined(text, words[family], words[family + 1]):
        return family + 1  # `Mac Giolla Phádraig` ("son of the servant of Patrick")
    return family


# `Hartley, Eleanor`: a directory's, a CRM's or a roster's order. Not a place and its state or country
# (`Jackson, Georgia`, `Alexandria, Virginia`): given names that are places too.
_COMMA = re.compile(r",[ \t]")
_PLACE_LIKE_GIVEN_NAMES = frozenset({
    # US states, Canadian provinces and Australian states of one word
    "alabama", "alaska", "arizona", "arkansas", "california", "colorado", "connecticut", "delaware", "florida",
    "georgia", "hawaii", "idaho", "illinois", "indiana", "iowa", "kansas", "kentucky", "louisiana", "maine",
    "maryland", "massachusetts", "michigan", "minnesota", "mississippi", "missouri", "montana", "nebraska",
    "nevada", "ohio", "oklahoma", "oregon", "pennsylvania", "tennessee", "texas", "utah", "vermont", "virginia",
    "washington", "wisconsin", "wyoming", "carolina", "dakota", "alberta", "ontario", "quebec", "manitoba",
    "saskatchewan", "yukon", "queensland", "victoria", "tasmania",
    # English counties and London districts that are given names, after a town or another district (`Ashford,
    # Kent`, `Stockton, Cleveland`, `Islington, Camden`, a league table's `Everton, Chelsea and Arsenal`; red team 42)
    "kent", "devon", "cleveland", "chelsea", "camden",
    # countries and cities that are given names somewhere
    "india", "jordan", "chad", "israel", "kenya", "france", "england", "ireland", "scotland", "wales", "china",
    "asia", "africa", "america", "sydney", "paris", "london", "berlin", "vienna", "florence", "adelaide",
    "charlotte", "austin", "savannah", "phoenix", "dallas", "houston", "denver", "orlando", "eugene", "madison",
})


def _family_comma_given_at(text: str, words: list[re.Match[str]], index: int, lists: NameLists) -> int | None:
    """The index of the last word of `Family, Given` (an initial may follow) starting at `words[index]`, or
    None. Both must be known and neither an ordinary word (`Apple, Orange`)."""
    if index + 1 >= len(words) or not _COMMA.fullmatch(text[words[index].end():words[index + 1].start()]):
        return None
    family, given = words[index].group(0), words[index + 1].group(0)
    # (a family name the lists lack but shaped like one counts too: a roster's `Dombrowski, Keith`; red team 41)
    if _is_initial(family) or not (_is_family_name(family, lists) or _shaped_like_family_name(family.lower(), lists)) \
            or not _is_given_name(given, lists):
        return None
    if family.lower() in lists.word_like or given.lower() in lists.word_like \
            or given.lower() in _PLACE_LIKE_GIVEN_NAMES or family.lower() in _PLACE_WORDS:
        return None
    last = index + 1
    if last + 1 < len(words) and _joined(text, words[last], words[last + 1]) and _is_initial(words[last + 1].group(0)):
        last += 1
    if not _is_person(text, [given, family], words[last].end(), lists):
        return None
    return last


def _is_initial(word: str) -> bool:
    return len(word.rstrip(".")) == 1


# A Vietnamese name written family name first, as it is in Vietnam (`Tran Van Minh`, `Nguyễn Thị Lan`): one of
# the common family names, then the middle name that marks a man's or a woman's (`Van`, `Thi`), then one or two
# given names, one of them known (`Ho Van Street`, `Do Van Halen` name no one). Other middle names are given names
# too (`Minh`, `Ngoc`): without `Van` or `Thi` the order says nothing. Red team 43.
_VIETNAMESE_FAMILY_NAMES = frozenset({
    "nguyen", "tran", "le", "pham", "hoang", "huynh", "phan", "vu", "vo", "dang", "bui", "do", "ho", "ngo", "duong",
    "ly", "truong", "dinh", "lam", "mai", "trinh", "luong", "dao", "doan", "cao", "ta", "quach", "lai", "tong",
    "nguyễn", "trần", "lê", "phạm", "hoàng", "huỳnh", "vũ", "võ", "đặng", "bùi", "đỗ", "hồ", "ngô", "dương", "lý",
    "trương", "đinh", "lâm", "trịnh", "lương", "đào", "đoàn",
})
_VIETNAMESE_MIDDLE_NAMES = frozenset({"van", "thi", "văn", "thị"})


def _vietnamese_name_at(text: str, words: list[re.Match[str]], index: int, lists: NameLists) -> int | None:
    """The index of the last word of a Vietnamese full name starting at `words[index]` (see
    `_VIETNAMESE_FAMILY_NAMES`), or None."""
    from redactor.detection.pii import ignorable_capitalised_words

    middle = index + 1
    if middle + 1 >= len(words) or words[index].group(0).lower() not in _VIETNAMESE_FAMILY_NAMES \
            or words[middle].group(0).lower() not in _VIETNAMESE_MIDDLE_NAMES \
            or not _joined(text, words[index], words[middle]):
        return None
    not_names = ignorable_capitalised_words() | lists.word_like
    given: list[str] = []
    last = middle
    # (one given name, or two: `Nguyen Thi Thu Trang`)
    while len(given) < 2 and last + 1 < len(words) and _joined(text, words[last], words[last + 1]):
        word = words[last + 1].group(0)
        if _is_initial(word) or word.lower() in not_names:
            break
        given.append(word.lower())
        last += 1
    if not given or (given[0] not in lists.given and given[-1] not in lists.given):
        return None
    return None if _NOT_A_PERSON_AFTER.match(text, words[last].end()) else last


def _is_family_after(given: str, word: str, lists: NameLists) -> bool:
    """`word` is a family name after the given name `given`: a known one, or (after a given name that is no
    ordinary word) one shaped like a family name, double-barrelled or with a family name's ending."""
    lowered = word.lower()
    if _is_family_name(word, lists) or lowered in _SHORT_FAMILY_NAMES:
        return True
    if given.lower() in lists.word_like or given.lower() in _PLACE_GIVEN_NAMES:
        return False
    return lowered in _PLACE_WORD_SURNAMES or _shaped_like_family_name(lowered, lists)


# Endings of family names across Europe and beyond (`Bjornstad`, `Belcourt`, `Kowalczyk`, `Petrescu`,
# `Papadakis`; English ones too, `-ton`, `-ley`, `-wood`, which some words share: they count only after a
# given name that is no ordinary word, and never for a word of the ordinary-word lists).
# (and Thai family names' elements, as romanised: `Prasertsak`, `Srisuk`, `Chaiyaporn`, `Wongsawat`; red team 43)
# (a patronymic in a family name's place: `Aigerim Nurlanovna`, `Rustam Karimovich`; red team 49)
# (Irish `-igan`, `-ahan` and Japanese `-moto`, `-mura` as romanised: `Declan Brannigan`, `Ayaka Morimoto`; red team 50)
_FAMILY_NAME_ENDING = re.compile(
    r"\w{2,}(?:sson|ssen|sen|stad|strom|ström|berg|stein|mann|feld|court|croix|eau|ault|ski|ska|sky|cki|cka|czyk|wicz"
    r"|ov|ova|ev|eva|ovna|evna|ovich|evich|enko|escu|oglu|oğlu|poulos|opoulos|idis|akis|ian|yan|elli|etti|ucci|ini"
    r"|ovic|ović|ić|vic|igan|agan|egan|ahan|moto|mura|gaard|gård"
    r"|worth|shaw|ington|ton|ley|ford|field|wood|well|bury|borough|dale|stone|more|by|ham|son"
    r"|sak|suk|porn|pong|wong|kul|chai|sawat|siri|thong|phan)"
)


# Beginnings of family names: an Arabic article or kinship word joined by a hyphen (`Al-Rashidi`, `El-Amin`,
# `Abu-Zayd`), a Dutch particle glued on (`Vandermeer`, `Vandenberg`), a Yoruba name's first element (`Oyelowo`,
# `Adeyemi`, `Ogunleye`, `Akinola`).
_FAMILY_NAME_START = re.compile(r"(?:al|el|abu|bin|ibn)-\w{3,}|van(?:der|den|de)\w{3,}"
                                r"|(?:ade|olu|oye|ogun|akin|ayo)\w{3,}")  # (not `ola`: Olaplex)


def _shaped_like_family_name(lowered: str, lists: NameLists) -> bool:
    """An unknown family name: double-barrelled (`Delacroix-Park`, `Ashby-Lyle`), with an ending of
    family names (`Bjornstad`, `Belcourt`) or a beginning (`Al-Rashidi`, `Vandermeer`, `Oyelowo`), and no
    ordinary word (`Person`, `Reason`, `Station`)."""
    if lowered in lists.word_like or lowered in _PLACE_WORDS:
        return False
    parts = lowered.split("-")
    if len(parts) == 2 and all(len(part) >= 3 and part not in lists.word_like for part in parts):
        return True
    return len(lowered) >= 6 and (_FAMILY_NAME_ENDING.fullmatch(lowered) is not None
                                  or _FAMILY_NAME_START.fullmatch(lowered) is not None)


def _is_given_name(word: str, lists: NameLists) -> bool:
    """A known given name, or one joined of known given names (`Jean-Pierre`, `Aud-Nora`, `Mary-Kate`); a
    name the lists carry without its accents (`Seán`, `Siobhán`: they have `sean`, `siobhan`)."""
    lowered = word.lower()
    return lowered in lists.given or ("-" in lowered and all(part in lists.given for part in lowered.split("-"))) \
        or (not lowered.isascii() and without_accents(lowered) in lists.given)


def _is_family_name(word: str, lists: NameLists) -> bool:
    lowered = word.lower()
    return all(_is_family_part(part, lists) for part in lowered.split("-")) or lowered in lists.family \
        or _is_patronymic(lowered, lists)


# Irish and Scottish family names are a known name after `O'`, `Mc` or `Mac` (`O'Rafferty`, `McCrudden`).
_GAELIC_PREFIX = re.compile(r"(?:o['’]|mc|mac)(?P<stem>\w{3,})")


def _is_family_part(lowered: str, lists: NameLists) -> bool:
    if lowered in lists.family:
        return True
    gaelic = _GAELIC_PREFIX.fullmatch(lowered)
    return gaelic is not None and gaelic.group("stem") in lists.family


# Icelandic family names are a parent's name and `son` or `dóttir` (`Jónsdóttir`, `Ívansson`, `Nökkvisson`):
# endless, so they are known by their stem (a given name, in its genitive with an `s` or without).
_PATRONYMIC = re.compile(r"(?P<stem>\w{3,}?)(?:son|dóttir|dottir)")


def _is_patronymic(lowered: str, lists: NameLists) -> bool:
    match = _PATRONYMIC.fullmatch(lowered)
    if match is None or lowered in lists.word_like:
        return False
    stem = match.group("stem")
    return any(form in lists.given or form in lists.family
               for form in (stem, stem[:-1] if stem.endswith("s") else stem))


# A word right after the name that makes it a company's, a product's or a place's name.
_NOT_A_PERSON_AFTER = re.compile(
    r"[ \t]+(?:and[ \t]+(?:Co|Sons|Partners)|(?:Inc|Ltd|LLC|LLP|PLC|Pty|GmbH|AG|SA|Group|Holdings|Corp|"
    r"Corporation|Company|Foundation|Institute|University|College|School|Hospital|Clinic|Bank|Capital|Partners|Associates|Solutions|"
    r"Technologies|Labs|Studios|Records|Airport|International|Intercontinental|National|Memorial|Regional|"
    r"Station|Street|Road|Avenue|Park|Bridge|Center|Centre|Museum|"
    r"Library|Hall|Prize|Award|Trophy|Cup|Festival)\b)"
)


def _is_person(text: str, words: list[str], end: int, lists: NameLists) -> bool:
    from redactor.detection.pii import common_words, is_person_named_firm

    if is_person_named_firm(" ".join(words)):
        return False  # `Morgan Stanley` (see `_firm_at`)

    lowered = [word.lower().rstrip(".") for word in words]
    common = common_words()
    if any(word in common for word in lowered):
        return False
    given, family = lowered[0], lowered[-1]
    # Both parts ordinary words (`Rose Gold`, `Sterling Silver`, `May Day`, `Summer Sale`): no one named.
    if given in lists.word_like and family in lists.word_like:
        return False
    if _NOT_A_PERSON_AFTER.match(text, end) is not None:
        return False
    ampersand = _AMPERSAND_AFTER.match(text, end)
    # `Procter & Gamble`, `Marks & Spencer`: a firm, unless a full name follows it as well (`the Chiara Benedetti &
    # Tomás Villanueva wedding`: a couple; red team 41)
    return ampersand is None or _starts_with_full_name(text[ampersand.end():ampersand.end() + _COUPLE_REACH])


_AMPERSAND_AFTER = re.compile(r"[ \t]+&[ \t]+")
_COUPLE_REACH = 80  # characters after `&` where the second name is read (it holds a name of four words)


def _starts_with_full_name(text: str) -> bool:
    return any(start == 0 for start, _ in full_names(text))


# Accounts that machines, images and CI runners log in as (`/home/runner/`, `/Users/admin/`): no one's name.
_SYSTEM_ACCOUNTS = frozenset({
    "root", "ubuntu", "ec2-user", "runner", "runneradmin", "admin", "administrator", "user", "users", "node", "app",
    "vscode", "jenkins", "circleci", "travis", "builder", "build", "www-data", "postgres", "codespace", "gitpod",
    "docker", "default", "public", "shared", "guest", "home", "dev", "developer", "ci", "github", "git", "vagrant",
    "centos", "debian", "fedora", "alpine", "pi", "opc", "azureuser", "cloudshell", "me", "you", "username",
    "yourname", "your-name", "your_name", "example", "test", "tester", "demo", "service", "deploy", "worker",
})
_USER_NAME_PARTS = re.compile(r"[._ -]+")


def is_personal_user_name(value: str) -> bool:
    """A home directory's user name made of a person's names (`mateus.carvalho`, `Mateus Carvalho`, `jsmith`,
    `pvenkataraman`): two parts, one a known given or family name, or an initial glued to a family name.
    (Not one name alone, `/Users/priya/`: a value in lower case is replaced wherever the trace writes it, in
    host names and identifiers too; a known person's given name there is replaced as their name's part.)"""
    lowered = value.lower()
    if lowered in _SYSTEM_ACCOUNTS:
        return False
    lists = name_lists()
    parts = [part.rstrip("0123456789") for part in _USER_NAME_PARTS.split(lowered) if part]
    if len(parts) >= 2:  # (not `data-science`, `build-agent`: no part an ordinary or a machine's word)
        return any((part in lists.given or part in lists.family) and len(part) >= 3 for part in parts) \
            and not any(part in lists.word_like or part in _SYSTEM_ACCOUNTS for part in parts)
    word = parts[0] if parts else ""
    return len(word) >= 5 and word not in lists.word_like and word not in lists.given \
        and word not in lists.family and word[1:] in lists.family


def full_name_recognizer() -> Any:
    """A presidio recognizer for `full_names` (PERSON)."""
    from presidio_analyzer import EntityRecognizer, RecognizerResult

    class FullNameRecognizer(EntityRecognizer):
        def __init__(self) -> None:
            super().__init__(supported_entities=["PERSON"], name=GIVEN_AND_FAMILY_DETECTOR)

        def load(self) -> None:
            return None

        def analyze(self, text: str, entities: list[str], nlp_artifacts: Any = None) -> list[RecognizerResult]:
            return [RecognizerResult("PERSON", start, end, FULL_NAME_SCORE,
                                     recognition_metadata={"recognizer_name": GIVEN_AND_FAMILY_DETECTOR})
                    for start, end in full_names(text)]

    return FullNameRecognizer()


# A name written again in its own script, in brackets right after the name found (`Park Jun-seo (박준서)`,
# `Oleksandr Hrytsenko (Олександр Грищенко)`; red team 45): one to four words of letters outside the Latin
# script (the words a Latin-script name is written in are the detectors' own to find).
_NATIVE_SCRIPT_ALIAS = re.compile(r"[ \t]*\([ \t]*((?:(?![A-Za-z\u00c0-\u024f])[^\W\d_])+"
                                  r"(?:[ \t·・](?:(?![A-Za-z\u00c0-\u024f])[^\W\d_])+){0,3})[ \t]*\)")


def native_script_aliases(text: str, names: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """The (start, end) of each name's bracketed writing in another script right after it (see
    `_NATIVE_SCRIPT_ALIAS`), for names given by their (start, end) in `text`."""
    for _start, end in names:
        alias = _NATIVE_SCRIPT_ALIAS.match(text, end)
        if alias is not None:
            yield alias.span(1)
