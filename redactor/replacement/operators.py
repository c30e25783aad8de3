"""Replacement through presidio-anonymizer operators, chosen per entity by the policy.

`pseudonymize` is presidio's `custom` operator bound to our keyed HMAC; `replace`, `mask` and
`redact` are presidio's own. Every operator is validated by presidio before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from presidio_anonymizer.entities import OperatorConfig

    from redactor.detection.base import Span

_PRESIDIO_NAME = {"pseudonymize": "custom", "replace": "replace", "mask": "mask", "redact": "redact"}


# Defaults for the parameters presidio requires, so a policy only names what it changes.
_DEFAULT_PARAMS: dict[str, dict[str, Any]] = {
    "mask": {"masking_char": "*", "chars_to_mask": 100, "from_end": False},
    "replace": {"new_value": "<REDACTED>"},
}


def _placeholder_lambda(text: str) -> str:
    return text


def presidio_params(operator: str, params: Mapping[str, Any], token_for: Callable[[str], str]) -> dict[str, Any]:
    """The parameters presidio's operator takes for one of our operators."""
    if operator == "pseudonymize":
        return {"lambda": token_for}
    return {**_DEFAULT_PARAMS.get(operator, {}), **params}


def validate_operator(operator: str, params: Mapping[str, Any]) -> None:
    """Raise ValueError if presidio-anonymizer rejects the operator or its parameters."""
    from presidio_anonymizer.entities import InvalidParamError
    from presidio_anonymizer.operators import OperatorsFactory, OperatorType

    name = _PRESIDIO_NAME.get(operator)
    if name is None:
        raise ValueError(f"unknown operator {operator!r}")
    factory = OperatorsFactory()  # type: ignore[no-untyped-call]
    presidio_operator = factory.create_operator_class(name, OperatorType.Anonymize)
    try:
        presidio_operator.validate(presidio_params(operator, params, _placeholder_lambda))
    except InvalidParamError as exc:
        raise ValueError(f"operator {operator!r}: {exc.err_msg}") from None


def build_operator_config(
    operator: str, params: Mapping[str, Any], token_for: Callable[[str], str]
) -> OperatorConfig:
    from presidio_anonymizer.entities import OperatorConfig

    return OperatorConfig(_PRESIDIO_NAME[operator], presidio_params(operator, params, token_for))


class Anonymizer:
    """Applies presidio-anonymizer to one string with pre-resolved, non-overlapping spans."""

    def __init__(self, operators: Mapping[str, OperatorConfig]) -> None:
        from presidio_anonymizer import AnonymizerEngine

        self._engine = AnonymizerEngine()  # type: ignore[no-untyped-call]
        self._operators = dict(operators)

    def apply(self, text: str, spans: list[Span]) -> str:
        from presidio_anonymizer.entities import RecognizerResult

        results = [RecognizerResult(s.entity_type, s.start, s.end, s.score) for s in spans]
        # Overlaps were resolved by the engine already; don't let presidio merge across spaces.
        engine_result = self._engine.anonymize(
            text, results, operators=self._operators, merge_entities_with_spaces=False
        )
        return str(engine_result.text)
