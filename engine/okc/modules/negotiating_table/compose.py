"""Composing a barter or a Trade Agreement by clicks (the prompt's flows ``offer`` and ``agreement``).

Both flows first ask whom the offer is for, then build it one part at a time from a menu that shows
the offer so far: what you hand over and what you ask for (amounts of Influence, Lore and Supporters,
the Favour, cards from hand, Site of Power cards, Kingdom cards and Tactics, as the rules allow: what
another player holds in hand is secret, so only what they show can be asked for, ruling NT4) and, for
an agreement, terms the bot checks (who is bound, to what, until the end of which Year) and words of
the players' own, typed last (a text step: a modal on Discord). The menu sends the offer once it
holds something (an agreement: terms or words).

The parts chosen so far travel in the flow's ``chosen`` values: ``to``, ``give``, ``take`` and
``terms`` (lists of the action's own tokens, so an offer built by clicks is the same action as one
typed), plus the flow's own keys while a part is being chosen (``part``, ``amount``, ``bind``,
``arg``, ``arg2``), cleared (None) once it is added.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import Action, GameState
from engine.core.words import Audience, Choice, FlowStep, join_words, plural
from engine.okc.modules.api import (
    KEYWORDS,
    Okc,
    cap,
    card_dot,
    effect_line,
    kingdom_name,
    location_name,
    pack_of,
    region_name,
    stealable,
    tactic_name,
    who,
    whom,
)
from engine.okc.modules.negotiating_table import alliances
from engine.okc.modules.negotiating_table.agreements import TEXT_LIMIT
from engine.okc.modules.negotiating_table.book import talking
from engine.okc.modules.negotiating_table.deal_words import (
    AMOUNT_NAMES,
    component,
    fit,
    how_much,
    side_words,
    terms_words,
)
from engine.okc.modules.negotiating_table.deal_words import parsed as parsed_terms

MAX_OPTIONS = 25
# Promises the bot checks: what the bound party does not do (or hands over) until the end of a Year.
PROMISES = ("no_command", "no_claim", "no_tactic", "give")
CLEAR = (("part", None), ("amount", None), ("bind", None), ("arg", None), ("arg2", None), ("from", None),
         ("year", None))
PLACEHOLDER = "e.g. You send no Supporters to the Lowlands this Year."


def _tokens(chosen: Mapping[str, Any], key: str) -> list[str]:
    v = chosen.get(key)
    return [str(x) for x in v] if isinstance(v, list | tuple) else []


def amount_of(tokens: list[str], what: str) -> int:
    return sum(int(t.partition(":")[2]) for t in tokens if t.partition(":")[0] == what and
               t.partition(":")[2].isdigit())


def with_amount(tokens: list[str], what: str, n: int) -> tuple[str, ...]:
    """``tokens`` with the amount of ``what`` set to ``n`` (one token, in its place)."""
    out = [t for t in tokens if t.partition(":")[0] != what]
    return tuple(out + [f"{what}:{n}"])


def held(g: Okc, seat: str, what: str) -> int:
    return int(getattr(g.players[seat], what))


def things(g: Okc, seat: str, *, secret: bool) -> list[str]:
    """What ``seat`` could hand over besides amounts: the Favour, cards from hand (only when ``secret``:
    the seat's own offer), Site of Power cards, Kingdom cards that may change hands, Tactics."""
    p = g.players[seat]
    out = ["favour"] if g.favour_holder == seat else []
    out += sorted(set(p.hand)) if secret else []
    return out + list(p.site) + stealable(g, seat) + sorted(p.tactics)


def thing_name(state: GameState, token: str) -> str:
    return component(state, token)


def thing_hint(state: GameState, token: str) -> str:
    """What a card, Kingdom card or Tactic offered in a barter does, in one line (the choice's hint)."""
    if token == "favour":
        uses = join_words((a.name for a in pack_of(state.data).favour.abilities), "or")
        return f"Its holder wins ties; each use buys {uses}" if uses else "Its holder wins ties"
    return effect_line(state, token)


def thing_label(state: GameState, g: Okc, seat: str, token: str) -> str:
    """A component in a menu: cards from hand with their Strength, Site of Power cards said so."""
    p = g.players[seat]
    if token in p.site:
        return f"{card_dot(state, token)} from the Site of Power"
    if token in pack_of(g).cards:
        return card_dot(state, token)
    if token in p.kingdom:
        return f"the Kingdom card {kingdom_name(state, token)}"
    return thing_name(state, token)


def so_far(state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> str:
    """The offer as built so far, in words."""

    to = str(chosen.get("to"))
    give, take = side_words(state, _tokens(chosen, "give")), side_words(state, _tokens(chosen, "take"))
    if kind == "offer":
        return f"Your barter with {whom(state, to, aud)} so far: you hand over {give}, and ask for {take}."
    terms = terms_words(state, parsed_terms(state, seat, to, _tokens(chosen, "terms")), "", aud)
    return (f"Your agreement with {whom(state, to, aud)} so far: you hand over {give} now, and receive {take} now; "
            f"terms: {terms if _tokens(chosen, 'terms') else 'none yet'}.")


def can_offer(g: Okc, seat: str) -> bool:
    return seat in talking(g) and len(g.order) > 1


def agreement_partners(g: Okc, seat: str) -> list[str]:
    """The players ``seat`` may offer a binding agreement to (both need an available card)."""
    if seat not in talking(g) or alliances.free_card(g, seat) is None:
        return []
    return [s for s in g.order if s != seat and alliances.free_card(g, s) is not None]


# -- the flows ---------------------------------------------------------------------------------------

def flow(state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
    """The next step of composing an ``offer`` or an ``agreement`` (None once nothing is left to ask)."""
    g: Okc = state.data
    others = [s for s in g.order if s != seat] if kind == "offer" else agreement_partners(g, seat)
    if kind == "offer" and not can_offer(g, seat) or not others:
        return None
    to = chosen.get("to")
    if to is None or to not in others:
        what = "a barter" if kind == "offer" else "a binding Trade Agreement"
        return FlowStep(kind, "to", f"To whom do you offer {what}?", tuple(
            Choice(cap(who(state, s, aud)), None, flow=kind, chosen=(("to", s),),
                   style="primary" if i == 0 else "secondary") for i, s in enumerate(others)))
    to = str(to)
    if chosen.get("text"):
        return None         # the words are the last part: the agreement is complete
    if chosen.get("amount"):
        return amount_step(state, seat, to, kind, chosen, aud)
    part = chosen.get("part")
    if part in ("give", "take"):
        return part_step(state, seat, to, kind, str(part), chosen, aud)
    if part == "term":
        return term_step(state, seat, to, chosen, aud)
    if part == "text":
        return FlowStep(kind, "text", f"{so_far(state, seat, kind, chosen, aud)} Write the terms in your own "
                        f"words (at most {TEXT_LIMIT} characters): the agreement is sent with them.", (), text=True,
                        max_length=TEXT_LIMIT, placeholder=PLACEHOLDER, button="Write the terms…")
    return menu(state, seat, to, kind, chosen, aud)


def _action(kind: str, to: str, chosen: Mapping[str, Any]) -> Action:
    give, take, terms = _tokens(chosen, "give"), _tokens(chosen, "take"), _tokens(chosen, "terms")
    if kind == "offer":
        return Action.of("offer", to=to, give=give or None, take=take or None)
    return Action.of("agreement", to=to, give=give or None, take=take or None, terms=terms or None)


def menu(state: GameState, seat: str, to: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep:
    """The offer so far, and what may be added to it."""

    g: Okc = state.data
    give, take, terms = _tokens(chosen, "give"), _tokens(chosen, "take"), _tokens(chosen, "terms")
    base = tuple((k, v) for k, v in chosen.items() if k not in dict(CLEAR))
    options: list[Choice] = []
    if kind == "offer" and (give or take):
        options.append(Choice(fit(f"Send it: {side_words(state, give)} for {side_words(state, take)}"),
                              _action(kind, to, chosen), style="primary"))
    if kind == "agreement" and terms:
        options.append(Choice("Send the agreement as it stands", _action(kind, to, chosen), style="primary"))
    if kind == "agreement":
        options.append(Choice("Write terms in your own words, then send…", None, flow=kind,
                              chosen=(*base, ("part", "text")), hint="Judged by the other players if claimed broken"))
        options.append(Choice("Add a term the bot checks…", None, flow=kind, chosen=(*base, ("part", "term")),
                              hint="A promise kept or broken in play: no card with a Command in a Region, no "
                                   "claim of a Location, no use of a Tactic, or something handed over by a Year"))
    now = " now" if kind == "agreement" else ""
    if give_options(state, seat, chosen):
        options.append(Choice(f"Add something you hand over{now}…", None, flow=kind, chosen=(*base, ("part", "give"))))
    if take_options(state, to, chosen):
        options.append(Choice(f"Add something you ask for{now}…", None, flow=kind, chosen=(*base, ("part", "take"))))
    ask = "Add to it, or send it." if options and options[0].action is not None else "What goes into it?"
    if kind == "agreement" and not terms:
        ask += " An agreement needs terms: checkable ones, your own words, or both."
    if g.players[to].hand and kind == "offer":
        ask += " Cards in their hand are secret: only they can offer them."
    return FlowStep(kind, "part", f"{so_far(state, seat, kind, chosen, aud)} {ask}", tuple(options))


def give_options(state: GameState, seat: str, chosen: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(token or ``amount:what``, label) for what ``seat`` may still add to its side."""
    g: Okc = state.data
    give = _tokens(chosen, "give")
    out = [(f"amount:{w}", f"{AMOUNT_NAMES[w][1]}…") for w in AMOUNT_NAMES
           if held(g, seat, w) > amount_of(give, w) and not amount_of(give, w)]
    out += [(t, thing_label(state, g, seat, t)) for t in things(g, seat, secret=True) if t not in give]
    return out


def take_options(state: GameState, to: str, chosen: Mapping[str, Any]) -> list[tuple[str, str]]:
    g: Okc = state.data
    take = _tokens(chosen, "take")
    out = [(f"amount:{w}", f"{AMOUNT_NAMES[w][1]}…") for w in AMOUNT_NAMES
           if held(g, to, w) >= 1 and not amount_of(take, w)]
    out += [(t, thing_label(state, g, to, t)) for t in things(g, to, secret=False) if t not in take]
    return out


def part_step(state: GameState, seat: str, to: str, kind: str, part: str, chosen: Mapping[str, Any],
              aud: Audience) -> FlowStep:
    base = tuple((k, v) for k, v in chosen.items() if k not in dict(CLEAR))
    found = give_options(state, seat, chosen) if part == "give" else take_options(state, to, chosen)
    tokens = _tokens(chosen, part)
    options = []
    for token, label in found[:MAX_OPTIONS]:
        if token.startswith("amount:"):
            options.append(Choice(label, None, flow=kind, chosen=(*base, ("amount", f"{part}:{token[7:]}"))))
        else:
            options.append(Choice(cap(label)[:80], None, flow=kind, chosen=(*base, (part, (*tokens, token)), *CLEAR),
                                  hint=thing_hint(state, token)))
    q = "What do you hand over?" if part == "give" else f"What do you ask {whom(state, to, aud)} for?"
    return FlowStep(kind, part, q, tuple(options))


def amount_step(state: GameState, seat: str, to: str, kind: str, chosen: Mapping[str, Any],
                aud: Audience) -> FlowStep:
    g: Okc = state.data
    part, _, what = str(chosen.get("amount")).partition(":")
    owner = seat if part == "give" else to
    base = tuple((k, v) for k, v in chosen.items() if k not in dict(CLEAR))
    tokens = _tokens(chosen, part)
    most = held(g, owner, what)
    first = int(chosen.get("from") or 1)
    one, many = AMOUNT_NAMES.get(what, (what, what))
    last = most if most - first < MAX_OPTIONS else first + MAX_OPTIONS - 2   # a page of amounts, then "More…"
    options = [Choice(plural(n, one, many), None, flow=kind,
                      chosen=(*base, (part, with_amount(tokens, what, n)), *CLEAR))
               for n in range(first, last + 1)]
    if last < most:
        options.append(Choice(f"More than {last}…", None, flow=kind,
                              chosen=(*base, ("amount", chosen.get("amount")), ("from", last + 1))))
    has = f"you have {held(g, seat, what)}" if part == "give" else \
        f"{who(state, to, aud, start=False)} have {held(g, to, what)}"
    verb = "do you hand over" if part == "give" else "do you ask for"
    return FlowStep(kind, "amount", f"{how_much(what)} {verb}? ({cap(has)}.)", tuple(options))


def give_term(state: GameState, g: Okc, party: str, chosen: Mapping[str, Any],
              keep: tuple[tuple[str, Any], ...]) -> FlowStep:
    """A promise to hand something over: by which Year's Negotiation Step, then what (an amount, or the
    Favour, a card or a Tactic the table sees). The Year comes first so that the last step adds the term."""
    kind = "agreement"
    year, arg = chosen.get("year"), chosen.get("arg")
    base = tuple((k, v) for k, v in chosen.items() if k not in dict(CLEAR))
    terms = _tokens(chosen, "terms")
    if year is None:
        return FlowStep(kind, "year", "By which Year's Negotiation Step must it be handed over?", tuple(
            Choice(f"By Year {y}", None, flow=kind, chosen=(*keep, ("year", y))) for y in range(g.round, g.length + 1)))
    keep = (*keep, ("year", year))

    def added(component: str) -> tuple[tuple[str, Any], ...]:
        return (*base, ("terms", (*terms, term_token(g, party, "give", [component], int(year)))), *CLEAR)

    if arg is None:
        amounts = [Choice(f"{AMOUNT_NAMES[w][1]}…", None, flow=kind, chosen=(*keep, ("arg", w))) for w in AMOUNT_NAMES]
        tiles = [Choice(cap(thing_label(state, g, party, t))[:80], None, flow=kind, chosen=added(t),
                        hint=thing_hint(state, t)) for t in things(g, party, secret=False)]
        return FlowStep(kind, "arg", f"What is to be handed over by Year {year}?",
                        tuple((amounts + tiles)[:MAX_OPTIONS]))
    one, many = AMOUNT_NAMES[str(arg)]
    return FlowStep(kind, "arg2", f"{how_much(str(arg))}?", tuple(
        Choice(plural(n, one, many), None, flow=kind, chosen=added(f"{arg}:{n}")) for n in range(1, MAX_OPTIONS)))


# -- terms ------------------------------------------------------------------------------------------

def term_token(g: Okc, party: str, what: str, args: list[str], year: int) -> str:
    return ":".join([g.players[party].faction, what, *args, str(year)])


def term_step(state: GameState, seat: str, to: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep:
    """A checkable term: who is bound and to what, its details, then until the end of which Year."""
    g: Okc = state.data
    base = tuple((k, v) for k, v in chosen.items() if k not in dict(CLEAR))
    bind = chosen.get("bind")
    kind = "agreement"
    if bind is None:
        options = []
        for party in (to, seat):
            name = "You" if party == seat else cap(who(state, party, aud))
            for what, text in (("no_command", "to reveal no card with a given Command in a Region"),
                               ("no_claim", "to claim no reward of a given Location"),
                               ("no_tactic", "to activate no given Tactic"),
                               ("give", "to hand something over by a given Year")):
                if what == "no_tactic" and not g.players[party].tactics:
                    continue
                options.append(Choice(f"{name} promise {text}", None, flow=kind,
                                      chosen=(*base, ("part", "term"), ("bind", f"{party}|{what}"))))
        return FlowStep(kind, "bind", "Who is bound by the term, and to what?", tuple(options))
    party, _, what = str(bind).partition("|")
    arg, arg2 = chosen.get("arg"), chosen.get("arg2")
    keep = (*base, ("part", "term"), ("bind", bind))
    bound = whom(state, party, aud)     # "you" when the player binds themselves
    if what == "no_command" and arg is None:
        return FlowStep(kind, "arg", f"Which Command may {bound} not reveal?", tuple(
            Choice(k.title(), None, flow=kind, chosen=(*keep, ("arg", k))) for k in KEYWORDS))
    if what == "no_command" and arg2 is None:
        return FlowStep(kind, "arg2", f"In which Region may {bound} not reveal a card with {str(arg).title()}?",
                        tuple(Choice(region_name(state, r.id), None, flow=kind,
                                     chosen=(*keep, ("arg", arg), ("arg2", r.id))) for r in g.regions))
    if what == "no_claim" and arg is None:
        locs = [loc for r in pack_of(g).regions for loc in r.locations]
        return FlowStep(kind, "arg", f"Which Location's reward may {bound} not claim?", tuple(
            Choice(location_name(state, loc), None, flow=kind, chosen=(*keep, ("arg", loc))) for loc in locs))
    if what == "no_tactic" and arg is None:
        return FlowStep(kind, "arg", f"Which Tactic may {bound} not activate?", tuple(
            Choice(tactic_name(state, t), None, flow=kind, chosen=(*keep, ("arg", t)))
            for t in sorted(g.players[party].tactics)))
    if what == "give":
        return give_term(state, g, party, chosen, keep)
    args = [str(arg)] + ([str(arg2)] if what == "no_command" else [])
    terms = _tokens(chosen, "terms")
    options = []
    for year in range(g.round, g.length + 1):
        token = term_token(g, party, what, args, year)
        if token in terms:
            continue
        options.append(Choice(f"Until the end of Year {year}", None, flow=kind,
                              chosen=(*base, ("terms", (*terms, token)), *CLEAR)))
    return FlowStep(kind, "year", "Until when does the term hold?", tuple(options))


# -- autocomplete (``/okc offer give:``) ---------------------------------------------------------------------

def suggest_components(g: Okc, seat: str, param: str) -> list[str]:
    """What ``seat`` may hand over (``give``: every amount it holds, its cards and tiles, cards from hand
    included) or ask for (``take``: what the other players show), one component each; the command takes
    several separated by commas."""
    if param == "give":
        owners, secret = [seat], True
    else:
        owners, secret = [s for s in g.order if s != seat], False
    out: list[str] = []
    for what in AMOUNT_NAMES:
        most = max([held(g, s, what) for s in owners] or [0])
        out += [f"{what}:{n}" for n in range(1, min(most, 10) + 1)]
    for s in owners:
        out += things(g, s, secret=secret)
    return list(dict.fromkeys(out))
