"""The text form of actions: ``move noble:Henri to:London``.

Used by the local table, scenarios and the command registry. Arguments are ``name:value``
pairs (quote values with spaces: ``to:"King's Lynn"``); bare values fill the parameters in
the order the spec declares them. Values are converted by the parameter's type, and every
mistake is refused with what would be accepted.
"""

from __future__ import annotations

import shlex
from typing import Any

from engine.core.actions import Action
from engine.core.errors import Refusal, RuleError, UnknownAction
from engine.core.specs import ActionSpec, Param, ParamType

TRUE = {"true", "yes", "y", "1", "on", "accept"}
FALSE = {"false", "no", "n", "0", "off", "decline"}


def convert(spec: ActionSpec, param: Param, raw: Any) -> Any:
    """Convert one raw value (text, or already typed) to the parameter's type."""
    where = f"{spec.kind} {param.name}"
    if param.type is ParamType.INT:
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise RuleError("commands", f"{where} takes a whole number", code=Refusal.BAD_TYPE, legal="a number")
        try:
            value: Any = int(raw)
        except ValueError:
            raise RuleError("commands", f"{where} takes a whole number, not {raw!r}", code=Refusal.BAD_TYPE,
                            legal="a number") from None
    elif param.type is ParamType.BOOL:
        if isinstance(raw, bool):
            value = raw
        elif str(raw).lower() in TRUE:
            value = True
        elif str(raw).lower() in FALSE:
            value = False
        else:
            raise RuleError("commands", f"{where} takes yes or no, not {raw!r}", code=Refusal.BAD_TYPE, legal=["yes", "no"])
    elif param.type is ParamType.LIST:
        items = raw if isinstance(raw, list | tuple) else [p.strip() for p in str(raw).split(",") if p.strip()]
        value = tuple(str(i) for i in items)
    else:
        value = str(raw)
    if param.choices and value not in param.choices:
        raise RuleError("commands", f"{where} cannot be {value!r}", code=Refusal.BAD_CHOICE, legal=list(param.choices))
    return value


def build(spec: ActionSpec, values: dict[str, Any]) -> Action:
    """An action from already-split values, checked against the spec."""
    known = {p.name for p in spec.params}
    unknown = sorted(set(values) - known)
    if unknown:
        raise RuleError("commands", f"{spec.kind} has no parameter {unknown[0]!r}", code=Refusal.BAD_PARAM,
                        legal=[p.name for p in spec.params] or "no parameters")
    args: dict[str, Any] = {}
    for param in spec.params:
        if param.name in values and values[param.name] not in (None, ""):
            args[param.name] = convert(spec, param, values[param.name])
        elif param.required:
            raise RuleError("commands", f"{spec.kind} needs {param.name}", code=Refusal.MISSING_PARAM,
                            legal=usage(spec))
    return Action.of(spec.kind, **args)


def parse(line: str, actions: dict[str, ActionSpec]) -> Action:
    """Parse ``kind name:value ...`` against the game's action specs."""
    try:
        words = shlex.split(line)
    except ValueError as err:
        raise RuleError("commands", f"cannot read {line!r}: {err}", code=Refusal.SYNTAX) from None
    if not words:
        raise RuleError("commands", "empty command", code=Refusal.SYNTAX, legal=sorted(actions))
    kind, rest = words[0], words[1:]
    spec = actions.get(kind)
    if spec is None:
        raise UnknownAction(kind, list(actions))
    values: dict[str, Any] = {}
    positional = [p.name for p in spec.params]
    for word in rest:
        name, sep, value = word.partition(":")
        if sep and name in positional:
            values[name] = value
            continue
        if sep and name.isidentifier():
            raise RuleError("commands", f"{spec.kind} has no parameter {name!r}", code=Refusal.BAD_PARAM,
                            legal=usage(spec))
        free = [n for n in positional if n not in values]
        if not free:
            raise RuleError("commands", f"{spec.kind}: too many values ({word!r})", code=Refusal.SYNTAX, legal=usage(spec))
        values[free[0]] = word
    return build(spec, values)


def usage(spec: ActionSpec) -> str:
    parts = [spec.kind]
    for p in spec.params:
        parts.append(f"{p.name}:<{p.type.value}>" if p.required else f"[{p.name}:<{p.type.value}>]")
    return " ".join(parts)
