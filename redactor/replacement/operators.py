"""Replacement through presidio-anonymizer operators, chosen per entity by the policy.

`pseudonymize` is presidio's `custom` operator bound to our keyed HMAC; `replace`, `mask` and
`redact` are presidio's own. Every operator is validated by presidio before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
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
    name = _PRESIDIO_NAME.get(operator)
    if name is None:
        raise ValueError(f"unknown operator {operator!r}")
    validated_operator(name, presidio_params(operator, params, _placeholder_lambda), label=operator)


def validated_operator(presidio_name: str, params: Mapping[str, Any], label: str | None = None) -> Any:
    """presidio's operator `presidio_name`, created by its factory and validated with `params`
    (ValueError with presidio's message, naming `label`, if it rejects them)."""
    from presidio_anonymizer.entities import InvalidParamError
    from presidio_anonymizer.operators import OperatorType

    operator = _operators_factory().create_operator_class(presidio_name, OperatorType.Anonymize)
    try:
        operator.validate(params=dict(params))
    except InvalidParamError as exc:
        raise ValueError(f"operator {label or presidio_name!r}: {exc.err_msg}") from None
    return operator


@cache
def _operators_factory() -> Any:
    from presidio_anonymizer.operators import OperatorsFactory

    return OperatorsFactory()  # type: ignore[no-untyped-call]


def build_operator_config(
    operator: str, params: Mapping[str, Any], token_for: Callable[[str], str]
) -> OperatorConfig:
    from presidio_anonymizer.entities import OperatorConfig

    return OperatorConfig(_PRESIDIO_NAME[operator], presidio_params(operator, params, token_for))


class Anonymizer:
    """presidio-anonymizer's operators applied to resolved, non-overlapping spans.

    Each entity's operator is created and validated by presidio once, on first use, with the
    parameters it will run with (AnonymizerEngine re-creates and re-validates it for every span of
    every string, which was a tenth of a redaction run). The engine's other work, resolving overlaps,
    is done before spans get here. An entity without an operator of its own gets presidio's default
    (`replace`, which writes `<ENTITY_TYPE>`), as AnonymizerEngine would give it.
    """

    def __init__(self, operators: Mapping[str, OperatorConfig]) -> None:
        from presidio_anonymizer.entities import OperatorConfig

        self._operators = dict(operators)
        self._default = OperatorConfig("replace")
        self._bound: dict[str, tuple[Any, dict[str, Any]]] = {}

    def _operator_for(self, entity_type: str) -> tuple[Any, dict[str, Any]]:
        bound = self._bound.get(entity_type)
        if bound is None:
            config = self._operators.get(entity_type, self._default)
            params = {**config.params, "entity_type": entity_type}
            bound = self._bound[entity_type] = (validated_operator(config.operator_name, params), params)
        return bound

    def apply(self, text: str, spans: list[Span]) -> str:
        from redactor.replacement.tokens import escaped_for_markup, is_markup_document

        markup = is_markup_document(text)
        parts: list[str] = []
        position = 0
        for span in sorted(spans, key=lambda s: s.start):
            operator, params = self._operator_for(span.entity_type)
            parts.append(text[position:span.start])
            replacement = str(operator.operate(text=text[span.start:span.end], params=dict(params)))
            parts.append(escaped_for_markup(replacement) if markup else replacement)
            position = span.end
        parts.append(text[position:])
        return "".join(parts)
