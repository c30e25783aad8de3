"""Shared by the tests of regexes written for speed: the texts to compare a fast form with its readable one on."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

ROOT = Path(__file__).resolve().parents[2]
# Characters detector regexes care about: word and non-word characters, spaces, digits, capitals, accented letters,
# the punctuation around numbers, ids and addresses, the `@` forms.
ALPHABET = "aAbBcCdDzZéßü  \t\n.,-/:=@#;%&4x0125789LMNPWXVstrdhnoxvialeu"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, child in value.items():
            yield str(key)
            yield from _strings(child)
    elif isinstance(value, list):
        for child in value:
            yield from _strings(child)


@cache
def corpus_texts() -> tuple[str, ...]:
    """Every string (and its case-folded form) of the example traces and the test corpora."""
    texts: set[str] = set()
    for path in [*(ROOT / "examples").rglob("*.json*"), *(ROOT / "tests" / "data").rglob("*.json*")]:
        raw = path.read_text(encoding="utf-8", errors="replace")
        for line in raw.splitlines() if path.suffix == ".jsonl" else [raw]:
            try:
                found = list(_strings(json.loads(line)))
            except json.JSONDecodeError:
                found = [line]
            texts.update(found)
            texts.update(text.casefold() for text in found)
    from tests.data.secret_samples import SAMPLES

    for sample in SAMPLES.values():  # (every vendor format, alone and in the places a trace writes it)
        texts.update((sample, f"token={sample}", f'"{sample}"', f"\\n{sample}\\n", f"x{sample}", f"{sample}x"))
    return tuple(sorted(texts))


def random_texts(seed: str, count: int = 20_000, longest: int = 14) -> Iterator[str]:
    chance = random.Random(seed)
    for _ in range(count):
        yield "".join(chance.choice(ALPHABET) for _ in range(chance.randint(1, longest)))


def agree_on_generated(sources: list[re.Pattern[str]], agree: Callable[[str], None], examples: int = 30) -> None:
    """`agree(text)` on texts hypothesis writes to match one of `sources` (with random text around the match)."""

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(data=st.data())
    def check(data: Any) -> None:
        agree(data.draw(st.from_regex(data.draw(st.sampled_from(sources)))))

    try:
        check()
    except Unsatisfiable:  # pragma: no cover - the generator could not write a match
        pytest.skip("hypothesis cannot generate a match for these regexes")
