"""Full names found by their parts (a known given name, then a known family name), with NER off too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redactor.detection.names import full_names, name_lists
from tests.conftest import run_cli


def names_in(text: str) -> list[str]:
    return [text[start:end] for start, end in full_names(text)]


@pytest.mark.parametrize(("text", "expected"), [
    # spaCy-small labels these ORG or PRODUCT, or misses them (presidio-research synth_dataset_v2, red team 16).
    ("The name in the account is not correct, please change it to Tristan Dennis", ["Tristan Dennis"]),
    ("my great great grandmother was called Lily Nolan", ["Lily Nolan"]),
    ("Zoe Young from Flightaware is the keynote speaker", ["Zoe Young"]),
    ("Rolled back to v2.13.3 and paged Caleb Brooks (+1 415 555 0132).", ["Caleb Brooks"]),
    # Second given names, initials, particles and double family names belong to the name.
    ("signed by Mary Ann Smith", ["Mary Ann Smith"]),
    ("Ella H. Smith and Shane M Cooper", ["Ella H. Smith", "Shane M Cooper"]),
    ("la tarjeta de María de la Cruz", ["María de la Cruz"]),
    ("a novel by Gabriel García Márquez", ["Gabriel García Márquez"]),
    ("Hi, I'm Sophie Lang.", ["Sophie Lang"]),
    ("the grievance raised against Svetlana Kuznetsova", ["Svetlana Kuznetsova"]),
])
def test_a_given_name_then_a_family_name_is_a_person(text: str, expected: list[str]) -> None:
    assert names_in(text) == expected


@pytest.mark.parametrize("text", [
    # Both parts ordinary words: no one is named.
    "Rose Gold iPhone", "Sterling Silver ring", "May Day parade", "the Summer Sale starts", "a Grace Period applies",
    # Places and buildings named after people; assistants and products named like people.
    "Victoria Station", "the Charles River", "Lincoln Park", "Jackson Street", "Claude Sonnet 4", "Alexa Skills",
    "Morgan Stanley & Co", "Paul Hastings LLP", "Chiara Benedetti & Co", "Chiara Benedetti & Sons Ltd",
    # One name alone, a list, two lines, lower case, capitals, code.
    "Thanks Sophie", "Sophie, Lang", "Sophie\nLang", "tristan dennis", "TRISTAN DENNIS", "TristanDennis",
    "user@Tristan Dennis", "Hello World", "Get Weather", "New York", "San Francisco",
])
def test_what_is_no_full_name_stays(text: str) -> None:
    assert names_in(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    # Letters beyond Latin-1 and Latin Extended-A: Vietnamese, Romanian, Azerbaijani (Faker writes these
    # locales given name first; none was found before).
    ("Please call Lan Nguyễn tomorrow", ["Lan Nguyễn"]),
    ("Ask Hương Phạm about it", ["Hương Phạm"]),
    ("Ștefan Popescu called", ["Ștefan Popescu"]),
    ("Leyla Əliyeva signed", ["Leyla Əliyeva"]),
    # Two-letter family names: with a diacritic, and the Chinese ones an English text writes.
    ("Duyên Lê confirmed", ["Duyên Lê"]),
    ("Michael Wu and Jennifer Li joined", ["Michael Wu", "Jennifer Li"]),
    # Hyphenated given names; a family name that is a given name too, read as a second given name first.
    ("from Jean-Pierre Dubois", ["Jean-Pierre Dubois"]),
    ("ask Aud-Nora Nielsen", ["Aud-Nora Nielsen"]),
    ("Debra Foster-Jones replied", ["Debra Foster-Jones"]),
    # Family names that are place words too, after a given name no place is named after.
    ("call Christopher Hall back", ["Christopher Hall"]),
    ("Maurice Hill and Nicole Woods", ["Maurice Hill", "Nicole Woods"]),
    # A family name known by its particles (`van der Leek` in the list), Icelandic patronymics, O' and Mc.
    ("Sjoerd van der Leek", ["Sjoerd van der Leek"]),
    ("Benjamín Ívansson and Æsa Daríusdóttir", ["Benjamín Ívansson", "Æsa Daríusdóttir"]),
    ("Gary O'Rafferty and Vicki O'Sullivan", ["Gary O'Rafferty", "Vicki O'Sullivan"]),
    # Gaelic particles written apart (the lists hold `Ó Briain`, not its feminine `Ní Bhriain`); a given
    # name the lists carry without its fada (`Seán`).
    ("Aoife Ní Bhriain and Seán Ó Súilleabháin called", ["Aoife Ní Bhriain", "Seán Ó Súilleabháin"]),
    ("Siobhán Mac Giolla Phádraig signed", ["Siobhán Mac Giolla Phádraig"]),
    # Unknown family names shaped like one: double-barrelled, or with a family name's ending.
    ("Gordon Ashby-Lyle, Harriet Bjornstad and Tonya Belcourt", ["Gordon Ashby-Lyle", "Harriet Bjornstad",
                                                                "Tonya Belcourt"]),
    # A directory's order: family name, a comma, given name (an initial may follow).
    ("Customer: Hartley, Eleanor (account 4471)", ["Hartley, Eleanor"]),
    ("attendees: Dennis, Tristan; Smith, John A.", ["Dennis, Tristan", "Smith, John A."]),
    # Red team 38: Yoruba and Indian names Faker's locales lack (redactor/data/given_names.txt, family_names.txt)
    ("I'm Oluwaseun Adebayo-Hart, laptop WS-0419", ["Oluwaseun Adebayo-Hart"]),
    ("Candidates Priyanka Raghunathan and Suresh Mehta applied", ["Priyanka Raghunathan", "Suresh Mehta"]),
    # ... and family names known by their beginning: an Arabic article, a glued Dutch particle, a Yoruba element
    ("co-applicant Yusuf Al-Rashidi, lead passenger Anneliese Vandermeer and Benedikt Oyelowo",
     ["Yusuf Al-Rashidi", "Anneliese Vandermeer", "Benedikt Oyelowo"]),
    # Round 39: a nickname in quotes inside a full name; given names Faker's lists lack (NER off found none).
    ('Robert "Bobby" Tables called', ['Robert "Bobby" Tables']),
    ("Margaret ‘Peggy’ Olsen wrote in", ["Margaret ‘Peggy’ Olsen"]),
    ("Contact: Robert “Bob” Smith, +1 415 555 0134", ["Robert “Bob” Smith"]),
    ("Hi, I'm Priyanka Sharma", ["Priyanka Sharma"]),
    ("Deepak Kumar, Thabo Nkosi and Minji Kim", ["Deepak Kumar", "Thabo Nkosi", "Minji Kim"]),
    ("Chioma Okonkwo and Hisham Haddad", ["Chioma Okonkwo", "Hisham Haddad"]),
    # Red team 41: a couple joined by `&` (a firm's `&` needs no full name after it); a roster's family name
    # shaped like one before its comma.
    ("For the Chiara Benedetti & Tomás Villanueva wedding on Sept 12", ["Chiara Benedetti", "Tomás Villanueva"]),
    ("teacher: Dombrowski, Keith", ["Dombrowski, Keith"]),
    # (red team 42: the county and district names after a town's comma leave a roster's names, English or not)
    ("Roster: Kowalczyk, Anna; Pemberton, Alice; Ashworth, Emily",
     ["Kowalczyk, Anna", "Pemberton, Alice", "Ashworth, Emily"]),
    # Red team 43: a Vietnamese name family name first, marked by its middle `Van` or `Thi`; Thai given names and
    # family names by their elements (`-sak`, `-suk`); Pakistani and Sotho family names
    ("KYC for Tran Van Minh and Nguyễn Thị Lan", ["Tran Van Minh", "Nguyễn Thị Lan"]),
    ("signed: Nguyen Thi Thu Trang", ["Nguyen Thi Thu Trang"]),
    ("Somchai Prasertsak and Kanokwan Srisuk", ["Somchai Prasertsak", "Kanokwan Srisuk"]),
    ("Imran Qureshi, Naveed Siddiqui and Thabo Mokoena", ["Imran Qureshi", "Naveed Siddiqui", "Thabo Mokoena"]),
    # Red team 49: Central Asian given names; a patronymic where the family name stands
    ("Customer Daniya Rahimova called; Aigerim Nurlanovna and Rustam Karimovich too",
     ["Daniya Rahimova", "Aigerim Nurlanovna", "Rustam Karimovich"]),
])
def test_names_of_more_locales_and_shapes(text: str, expected: list[str]) -> None:
    assert names_in(text) == expected


@pytest.mark.parametrize("text", [
    "Meet at the Albert Hall at 5", "Victoria Park", "Primrose Hill Station", "the Lincoln Park office",
    "Carnegie Hall", "Holly Green", "Will Wu", "a Person of interest", "the Reason field",
    # A town and its state or country; ordinary words.
    "Jackson, Georgia", "Austin, Texas", "Paris, Kentucky", "Portland, Oregon", "Chester, Virginia",
    "Apple, Orange", "Green, Red", "Thanks, John", "Hello, Maria",
    "Mason Jar", "Nova Scotia", "Stella Artois", "Amber Alert", "Julia Computing", "Chase Bank",
    # Quoted words between capitalised ones that name no one (round 39's nickname rule); a retailer.
    'The Queen "Mary" Hotel', 'Click "Save" Button', "Press 'Enter' Key", 'Set "Enabled" True for Mark "Done" Today',
    "Vijay Sales store",
    # Red team 42: English towns are shaped like English family names, and counties and London districts are given
    # names (a depot list, a league table, a borough; the shaped family name before a comma is round 41's).
    "Maidstone, Kent", "Canterbury, Kent", "Ashford, Kent", "Tiverton, Devon", "Stockton, Cleveland",
    "Everton, Chelsea and Arsenal", "Islington, Camden", "Brighton, Chelsea, Burnley",
    # (red team 43) `Van` or `Thi` after a Vietnamese family name, then no known given name, or a place after it
    "Le Van Gogh Museum", "Do Van Halen", "the Ho Van Street", "Bui Thi Hospital", "Nguyen Van A",
    "Tran Van Minh Street",
])
def test_places_named_after_people_stay(text: str) -> None:
    assert names_in(text) == []


def test_the_lists_come_from_many_locales_and_leave_out_common_words() -> None:
    lists = name_lists()
    assert {"tristan", "sophie", "maría", "ludwig", "priya", "aisha"} <= lists.given
    assert {"dennis", "nolan", "cruz", "okafor", "nguyen"} <= lists.family
    # Cyrillic and Greek lists romanised, gendered family-name lists included (red team 20: `Svetlana
    # Kuznetsova`, in Latin letters, was kept with NER off)
    assert {"kuznetsova", "ivanov", "papadopoulos"} <= lists.family
    assert "claude" not in lists.given and "street" not in lists.family
    assert len(lists.given) > 10_000 and len(lists.family) > 10_000


def test_the_extra_names_are_kept_and_none_is_a_common_word() -> None:
    """Rounds 38 and 39: names Faker lacks (`redactor/data/given_names.txt`, `family_names.txt`) reach the lists,
    none of them an ordinary word (the filters would drop it silently: the files must not hold one)."""
    from redactor.detection.names import extra_family_names, extra_given_names
    from redactor.detection.pii import ignorable_capitalised_words

    lists, given, family = name_lists(), extra_given_names(), extra_family_names()
    assert {"priyanka", "oluwaseun", "thabo", "minji", "hisham"} <= given <= lists.given
    assert {"adebayo", "agyeman"} <= family <= lists.family
    assert not (given | family) & (lists.word_like | ignorable_capitalised_words())


@pytest.mark.parametrize("flags", [(), ("--no-ner",)], ids=["ner", "no-ner"])
def test_a_full_name_and_its_parts_leave_the_written_trace(tmp_path: Path, flags: tuple[str, ...]) -> None:
    """Red team 16: `paged Caleb Brooks` in a deploy bot's message was kept with NER off; once the full
    name is known, its parts are replaced where they stand alone too (not `Brooks`: also a word)."""
    source = tmp_path / "run.jsonl"
    records = [
        {"type": "tool.succeeded", "tool": "page_oncall",
         "result": "Rolled back to v2.13.3 and paged Caleb Brennan (+1 415 555 0132)."},
        {"type": "llm.response", "text": "Caleb acknowledged the page; Brennan is on call until 18:00."},
        {"type": "llm.response", "text": "Rose Gold and Sterling Silver are back in stock at Victoria Station."},
    ]
    source.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    result = run_cli("redact", str(source), "-o", str(tmp_path / "out"), "-q", *flags)
    assert result.returncode == 0, result.stderr
    written = (tmp_path / "out" / "run.jsonl").read_text(encoding="utf-8")
    assert "Caleb" not in written and "Brennan" not in written
    out = [json.loads(line) for line in written.splitlines()]
    assert out[0]["tool"] == "page_oncall" and "paged <PERSON:" in out[0]["result"]
    assert out[2] == records[2]
