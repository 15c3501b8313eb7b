"""Prompts in words: the question each OKC decision asks, what happens if nobody answers, a label
for every action, the choices offered (likely answer first, Pass last), component flows for
multi-part actions (card placement, orders, Govern), confirmations and the skip rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.core import Action, Decision, GameState
from engine.core.words import Audience, Choice, FlowStep, humanize, join_words, plural
from engine.okc.actions import ACTIONS, TIMING, action_step_options, actions_for, legal
from engine.okc.allies import placement
from engine.okc.cards import kcard, module_kingdom, pack_of
from engine.okc.cards import strength as live_strength
from engine.okc.clash import total
from engine.okc.content.schema import FactionCard
from engine.okc.effects import DONE
from engine.okc.state import Okc
from engine.okc.words.labels import ACTION_LABELS, Label
from engine.okc.words.mat import ability_parts, effect
from engine.okc.words.names import (
    card_dot,
    card_name,
    council_name,
    faction_of,
    faction_short,
    favour_ability,
    kingdom_name,
    location_name,
    location_where,
    okc,
    phrase,
    piece_name,
    region_name,
    region_of,
    strength,
    tactic_name,
    the_region,
    whom,
)

ABSENT = "If you don't answer in time, "
ABSENT_STATES = {"done_negotiating": "you are done negotiating.",
                 "judge": "your verdict is kept: the terms were not broken."}
MAX_OPTIONS = 25
ORDINALS = ("first", "second", "third")
Question = Callable[[GameState, Decision, str, Audience], str]
ChoiceQuestion = Callable[[GameState, str, dict[str, Any], dict[str, Any]], str]
OptionName = Callable[[GameState, str, str], "str | None"]
# Names modules give to the values they offer (Boons): (state, choice kind or param, value) -> name or None.
OPTION_NAMES: list[OptionName] = []
# Decisions a module words entirely (by prompt): maker(state, decision, seat, legal, aud, rest), where
# ``rest(actions)`` words the legal actions the module leaves to the base game.
Maker = Callable[[GameState, Decision, str, list[Action], Audience, Callable[[list[Action]], list[Choice]]],
                 list[Choice]]
MAKERS: dict[str, Maker] = {}
# Modules' actions shown after a step's own choices (an agreement's actions), with their confirmation.
Confirm = Callable[[GameState, str, Action, Audience], "str | None"]
AFTER: dict[str, Confirm] = {}
# Modules' flows (composing an offer): kind -> flow(state, seat, kind, chosen, aud).
Flow = Callable[[GameState, str, str, Mapping[str, Any], Audience], "FlowStep | None"]
FLOWS: dict[str, Flow] = {}
# Modules' names for values of their parameters, as the seat sees them: param -> name(state, seat, value).
ValueName = Callable[[GameState, "str | None", str], "str | None"]
VALUE_NAMES: dict[str, ValueName] = {}
# Modules' effect lines for the values they offer (a Boon, a piece to Visit): (state, kind, value) -> line or None.
OPTION_HINTS: list[OptionName] = []
# Modules' effect lines for their own action kinds (a Boon put on a card): kind -> hint(state, action).
Hint = Callable[[GameState, Action], str]
HINTS: dict[str, Hint] = {}
# Verbs for Kingdom card options in effect choices (default: take the card).
KINGDOM_VERBS = {"town_displace": "Discard"}


def choice_of(g: Okc, seat: str) -> Any:
    return g.choice if g.choice is not None and g.choice.seat == seat else None


def reward_text(state: GameState, loc: str) -> str:
    locs = pack_of(okc(state)).locations
    return phrase(locs[loc].text) if loc in locs else ""


# -- questions ---------------------------------------------------------------------------------

def road_line(state: GameState) -> str:
    g = okc(state)
    shown = [kingdom_name(state, k) for k in g.great_road if k]
    if g.kingdom_deck:
        shown.append(f"{kingdom_name(state, g.kingdom_deck[0])} on the deck")
    return ", ".join(shown)


def choice_question(state: GameState, seat: str, extra: Mapping[str, ChoiceQuestion] | None = None) -> str:
    g = okc(state)
    c = choice_of(g, seat)
    if c is None:
        return "An effect waits on your choice."
    step, ctx = c.step, c.ctx
    if extra and c.kind in extra:
        return extra[c.kind](state, seat, step, ctx)
    where = the_region(state, ctx["region"]) if ctx.get("region") else "this Region"
    n = c.count
    questions = {
        "ambush": f"Ambush: which card do you add face down in {where}?",
        "flank": f"Flank: to which Region does {card_name(state, str(ctx.get('card')))} move?",
        "steal": f"Take {step.get('amount')} {str(step.get('what')).title()} from which rival?",
        "draw": f"How many cards do you draw (up to {step.get('amount')})?",
        "discard": (f"Your hand is over its size: discard {plural(n, 'card')}." if ctx.get("attrition")
                    else f"Discard {plural(n, 'card')} from your hand."),
        "bottom": f"Put up to {plural(n, 'card')} from your hand under your deck, one at a time?",
        "eliminate": f"Which opposing card in {where} is eliminated?",
        "blank": f"Which opposing card in {where} do you blank?",
        "burn": f"Which card from your {'Lost Pile' if step.get('target') == 'lost' else 'hand'} do you burn? "
                "It leaves the game.",
        "move_herald": "Which Herald moves, and to which Location?",
        "swap": "Swap one of your face-down cards with a card from your hand?",
        "peek": "Which face-down card do you look at?",
        "govern": "Govern: put a card with Votes from your hand into a Council?",
        "journey": "Journey: send a card with Lore icons away to gain its Lore?",
        "acquire": f"You have {g.players[seat].lore} Lore: acquire a card from your Site of Power?",
        "unexhaust": "Which exhausted Tactic do you ready again?",
        "recover": "Which card do you bring back from your Lost Pile?",
        "visit": f"At {location_where(state, str(step.get('location', '')))}: do you take the Location's reward "
                 f"({reward_text(state, str(step.get('location', ''))) or 'as printed'}) or Visit a piece standing "
                 "there? Not both.",
    }
    return questions.get(c.kind, "An effect waits on your choice.")


def question(state: GameState, decision: Decision, seat: str, aud: Audience,
             extra: Mapping[str, Question], choices: Mapping[str, ChoiceQuestion] | None = None) -> str:
    g = okc(state)
    prompt = decision.prompt
    if prompt in extra:
        return extra[prompt](state, decision, seat, aud)
    region = the_region(state, g.clash.region) if g.clash is not None else "the Region"
    if prompt.startswith("okc.choice."):
        return choice_question(state, seat, choices)
    if prompt == "okc.bid":
        return (f"Spring bids: choose the card you bid, face down. The strongest bid picks first: a Kingdom card "
                f"from the Great Road ({road_line(state)}) or from a rival, or the card comes back.")
    if prompt == "okc.resolve_bid":
        bid = g.revealed_bids.get(seat)
        mine = f"Your bid, {card_dot(state, bid)}," if bid else "Your bid"
        return f"{mine} picks now: take a Kingdom card from the Great Road or from a rival, or keep the card."
    if prompt == "okc.herald":
        return "Where do you send your Herald? If you win that Location's Region, it brings you Influence."
    if prompt == "okc.region_cards":
        n = min(3, len(g.players[seat].hand))
        what = "one card face down next to each Region" if n == 3 else f"{plural(n, 'card')} face down, one per Region"
        return f"Place {what}: they fight there this Summer."
    if prompt == "okc.spring_actions":
        return "Spring actions: send Supporters, use a Tactic, a Kingdom card or the Favour, or pass."
    if prompt == "okc.day":
        facts = clash_facts(state, aud)
        return (f"The clash in {region}, Day step.{' ' + facts if facts else ''} Send Supporters, use a Tactic, "
                "a command or an ability, or pass.")
    if prompt == "okc.autumn":
        return "Autumn: Govern, Journey, play an Autumn command or use an ability, or pass."
    if prompt == "okc.clash_order":
        return "You are last on the Order Track: which Region clashes first, second and third?"
    if prompt == "okc.tie":
        facts = clash_facts(state, aud)
        return f"The clash in {region} is tied.{' ' + facts if facts else ''} Play one more card face down, or pass."
    if prompt == "okc.claim":
        return f"You won {region}: which Location's rewards do you claim?"
    if prompt == "okc.ally_bid":
        return ("Before the bids: do you bid with one of your Allies? If you do, it is your only bid this round; "
                "if you pass, you bid with a card of your own faction like everyone else.")
    if prompt == "okc.ally_regions":
        return ("Before the Region cards: do you place Allies face down, at most one per Region? You then place "
                "cards of your own faction only where no Ally of yours stands.")
    return "What do you do?"


def clash_facts(state: GameState, aud: Audience) -> str:
    """The clash as it stands, from what the table sees: each side's Active cards with their Strength,
    cards face down, Supporters (first clash only) and the Strength so far ("" with no clash)."""

    g = okc(state)
    if g.clash is None:
        return ""
    reg = next((r for r in g.regions if r.id == g.clash.region), None)
    if reg is None:
        return ""
    first = g.clash.first
    sides = []
    for s in g.order:
        up = [p for p in reg.cards if p.owner == s and p.face_up]
        down = sum(1 for p in reg.cards if p.owner == s and not p.face_up)
        backers = reg.supporters.get(s, 0) if first else 0
        if not (up or down or backers or g.clash.bonus.get(s, 0)):
            continue
        what = [f"{card_name(state, p.card)} ({live_strength(g, p, reg)})" for p in up]
        if down:
            what.append(f"{down} face down")
        if backers:
            what.append(plural(backers, "Supporter"))
        shown = join_words(what) if what else "no card"
        sides.append(f"{whom(state, s, aud)} {'have' if what else 'bring'} {shown}: Strength {total(state, s, reg, first)}")
    return cap_first("; ".join(sides)) + "." if sides else ""


KNOWN_PROMPTS = ("okc.bid", "okc.resolve_bid", "okc.herald", "okc.region_cards", "okc.spring_actions", "okc.day",
                 "okc.autumn", "okc.clash_order", "okc.tie", "okc.claim")


def if_absent(state: GameState, decision: Decision, seat: str, aud: Audience,
              labels: Mapping[str, Label] | None = None) -> str:
    g = okc(state)
    default = decision.default_for(seat)
    prompt = decision.prompt
    if prompt == "okc.bid" and default is not None:
        return ABSENT + "you bid your weakest card."
    if prompt == "okc.region_cards":
        return ABSENT + "the first cards of your hand go face down, in Region order."
    if prompt in ("okc.tie", "okc.spring_actions", "okc.day", "okc.autumn", "okc.ally_bid", "okc.ally_regions"):
        return ABSENT + "you pass."
    if prompt == "okc.resolve_bid":
        return ABSENT + "your bid card comes back to your hand."
    if prompt == "okc.clash_order":
        return ABSENT + "the Regions clash from the top of the board down."
    if default is not None and prompt in ("okc.herald", "okc.claim"):
        return ABSENT + f"you choose {location_where(state, str(default.get('location')))}."
    c = choice_of(g, seat)
    if c is not None and default is not None:
        if c.optional:
            return ABSENT + "you take nothing more from this effect."
        return ABSENT + f"the first choice is taken for you ({option_label(state, seat, str(default.get('option')), aud)})."
    if default is not None:
        if default.kind in ABSENT_STATES:    # a button that names a state, not a verb ("Done negotiating")
            return ABSENT + ABSENT_STATES[default.kind]
        said = label(state, seat, default, aud, labels or {})      # a module's action: its own label
        return ABSENT + f"you {said[:1].lower()}{said[1:]}."
    return ""


# -- labels --------------------------------------------------------------------------------------

# Choice kinds whose options name the player who receives, not the one taken from (modules add theirs).
GIVING_KINDS: set[str] = set()


def option_label(state: GameState, seat: str, option: str, aud: Audience) -> str:
    """A ``choose`` option in words, for the effect waiting on ``seat``."""
    g = okc(state)
    c = choice_of(g, seat)
    kind = c.kind if c is not None else ""
    p = pack_of(g)
    if option == DONE:
        return {"bottom": "Done", "acquire": "Keep my Lore", "govern": "Skip Govern", "journey": "Skip Journey",
                "swap": "No swap"}.get(kind, "Done")
    if kind == "draw":
        n = int(option)
        return f"Draw {plural(n, 'card')}" if n else "Draw none"
    region_ids = {r.id for r in g.regions}
    if option.count(":") == 2 and option.split(":")[0] in region_ids:
        rid, idx, cid = option.split(":")
        reg = next(r for r in g.regions if r.id == rid)
        down = reg.cards[int(idx)].card if int(idx) < len(reg.cards) else ""
        return f"{card_name(state, cid)} in place of {card_name(state, down)} ({region_name(state, rid)})"
    if option.count(":") == 2 and option.split(":")[0] in g.players:
        who, rid, idx = option.split(":")
        mine = [i for i, q in enumerate(next(r for r in g.regions if r.id == rid).cards) if q.owner == who]
        nth = f", card {mine.index(int(idx)) + 1}" if len(mine) > 1 and int(idx) in mine else ""
        return f"{faction_of(state, who)} in the {region_name(state, rid)}{nth}"
    if ">" in option:
        left, right = option.split(">", 1)
        if kind == "move_herald" or left in g.players:
            whose, _, piece = left.partition("/")       # "seat/module": a module's second Herald
            what = piece_name(state, piece) if piece else "Herald"
            return f"{what} of {faction_short(state, whose)} to the {location_name(state, right)}"
        return f"{card_dot(state, left)} into the {council_name(state, right)}"
    if option in p.cards:
        verb = {"discard": "Discard", "bottom": "Put under", "burn": "Burn", "ambush": "Ambush with",
                "eliminate": "Eliminate", "blank": "Blank", "journey": "Journey with", "recover": "Bring back",
                "acquire": "Acquire"}.get(kind, "Choose")
        cost = f" for {p.cards[option].cost} Lore" if kind == "acquire" and p.cards[option].cost is not None else ""
        return f"{verb} {card_dot(state, option)}{cost}"
    if kind == "visit":
        loc = str(c.step.get("location", "")) if c is not None else ""
        if option == "reward":
            return f"Take the {location_name(state, loc)}'s reward" if loc else "Take the Location's reward"
        return f"Visit the {piece_name(state, option)}"
    named = module_name(state, kind, option)     # a module's own words for its choices (a Kingdom card's holder)
    if named is not None:
        return named
    if option in p.kingdom or option in module_kingdom(g.playing):
        return f"{KINGDOM_VERBS.get(kind, 'Take')} {kingdom_name(state, option)}"
    if option in g.players:
        return f"{'To' if kind in GIVING_KINDS else 'From'} {whom(state, option, aud)}"
    if option in p.tactics:
        return f"Ready {tactic_name(state, option)}"
    if any(r.id == option for r in g.regions):
        return f"To {the_region(state, option)}"
    return humanize(option).capitalize()


def module_name(state: GameState, kind: str, value: str) -> str | None:
    """A module's name for a value it offers (a Boon), if a module knows it."""
    for namer in OPTION_NAMES:
        named = namer(state, kind, value)
        if named is not None:
            return named
    return None


def label(state: GameState, seat: str, action: Action, aud: Audience, extra: Mapping[str, Label]) -> str:
    """An action's label: a module's own (``extra``), the base game's (:data:`ACTION_LABELS`), a ``choose``
    option in words, else the action's description."""
    kind = action.kind
    own = extra.get(kind) or ACTION_LABELS.get(kind)
    if own is not None:
        return own(state, seat, action, aud)
    if kind == "choose":
        return option_label(state, seat, str(action.get("option")), aud)
    if kind == "pass":
        return "Pass"
    spec = ACTIONS.get(kind)
    return spec.doc if spec is not None else humanize(kind).capitalize()


def hint(state: GameState, action: Action, seat: str = "") -> str:
    """What a choice does, in one line shown beside its label: a Location's reward, an ability's effect,
    what a card, a Kingdom card, a Tactic or a Boon offered does."""
    g = okc(state)
    p = pack_of(g)
    kind = action.kind
    if kind in HINTS:
        return HINTS[kind](state, action)
    if kind == "claim":
        return cap_first(reward_text(state, str(action.get("location"))))
    if kind in ("herald", "creature"):     # a Legendary Creature is a second Herald (Wild Kingdom)
        return herald_hint(state, seat, str(action.get("location")))
    if kind == "tactic" and action.get("id") in p.tactics:
        return cap_first(phrase(p.tactics[str(action.get("id"))].text))
    if kind == "kingdom" and is_kingdom(state, action.get("card")):
        act = kcard(g, str(action.get("card"))).action
        return cap_first(phrase(act.text)) if act is not None else ""
    if kind == "favour":
        ab = next((a for a in p.favour.abilities if a.id == action.get("ability")), None)
        return cap_first(phrase(ab.text)) if ab is not None else ""
    if kind == "choose":
        c = choice_of(g, seat)
        return option_hint(state, seat, c.kind if c is not None else "", str(action.get("option")))
    cid = action.get("card")
    if kind in ("road", "steal") and is_kingdom(state, cid):
        return kingdom_effect(state, str(cid), bid=True)
    if kind == "govern" and action.get("council") in p.councils:
        return council_effect(state, str(action.get("council")))
    if kind in CARD_KINDS and isinstance(cid, str) and cid:
        return effect_line(state, cid)
    if kind == "ally_place":
        placed = [str(action.get(r.id)) for r in g.regions if action.get(r.id)]
        if len(placed) == 1:
            return effect_line(state, placed[0])
        return "; ".join(f"{card_name(state, c)}: {effect_line(state, c)}" for c in placed)
    return ""


def herald_hint(state: GameState, seat: str, loc: str) -> str:
    """What a Herald (or a creature) at ``loc`` brings: Influence when its owner wins the Region and
    claims that Location, with the Location's reward."""
    g = okc(state)
    bonus = 1 + sum(kcard(g, k).herald for k in g.players[seat].kingdom) if seat in g.players else 1
    rid = region_of(state, loc)
    where = the_region(state, rid) if rid else "its Region"
    reward = reward_text(state, loc)
    return f"Win {where} and claim this Location: +{bonus} Influence" + (f" with its reward ({reward})" if reward
                                                                           else "")


# Actions naming a card whose effect is its hint: a bid, a Kingdom card taken, a card played or sent away.
CARD_KINDS = frozenset({"bid", "road", "steal", "tie", "command", "govern", "journey", "ally"})


def is_kingdom(state: GameState, kid: Any) -> bool:
    g = okc(state)
    return isinstance(kid, str) and (kid in pack_of(g).kingdom or kid in module_kingdom(g.playing))


def option_hint(state: GameState, seat: str, kind: str, option: str) -> str:
    """What an effect's option does: a module's line (a Boon, a piece to Visit) or the thing's own effect."""
    for namer in OPTION_HINTS:
        said = namer(state, kind, option)
        if said is not None:
            return said
    c = choice_of(okc(state), seat)
    if kind == "visit" and option == "reward" and c is not None:
        return cap_first(reward_text(state, str(c.step.get("location", ""))))
    return effect_line(state, option)


def effect_line(state: GameState, value: str) -> str:
    """What a Faction card, a Kingdom card, a Tactic or a Location's reward does, in one line ("" for
    anything else)."""
    g = okc(state)
    p = pack_of(g)
    if value in p.cards:
        return card_effect(p.cards[value])
    if is_kingdom(state, value):
        return kingdom_effect(state, value)
    if value in p.tactics:
        return cap_first(phrase(p.tactics[value].text))
    if value in p.locations:
        return cap_first(reward_text(state, value))
    return ""


# Keywords and traits with what they do, in a few words of our own.
GLOSSES = {"ambush": "Ambush (by Day, add a card from your hand face down)",
           "flank": "Flank (by Day, move to another Region)",
           "deadly": "Deadly (at Night, eliminates every opposing Active card)",
           "invulnerable": "Invulnerable (never eliminated)",
           "resilient": "Resilient (if eliminated, to your discard pile)",
           "pathfinder": "Pathfinder (a Journey sends it to your discard pile)"}
HINT_WIDTH = 100     # what a Discord menu shows of a hint


def card_effect(c: FactionCard) -> str:
    """What a Faction card does, in one line: traits and commands (explained when the line has room),
    Strength bonuses, Votes, and the Lore a Journey with it brings."""

    def line(glossed: bool) -> str:
        parts = ability_parts(c, GLOSSES if glossed else None)
        return "; ".join(parts + ([f"Journey for {c.lore} Lore"] if c.lore else []))

    full = line(True)
    return cap_first(full if len(full) <= HINT_WIDTH else line(False)) or "No ability: its Strength alone"


def council_effect(state: GameState, council: str) -> str:
    """What a Council gives for the Votes in it, tier by tier: "1 Vote: gain 1 Influence; 3 Votes: ..."."""

    c = pack_of(okc(state)).councils[council]
    return cap_first("; ".join(f"{plural(t.votes, 'Vote')}: {effect(t.steps)}" for t in c.tiers)) or \
        cap_first(phrase(c.text))


def kingdom_effect(state: GameState, kid: str, *, bid: bool = False) -> str:
    """A Kingdom card's effect in one line: when gained, its action, Winter, its lasting bonuses; taken
    with a Bidding card (``bid``), whether that card stays under it, Occupying it."""

    k = kcard(okc(state), kid)
    bits = []
    if k.on_gain:
        bits.append(f"When gained: {effect(k.on_gain)}")
    if k.action is not None:
        bits.append(f"{' or '.join(t.title() for t in k.action.timing)} action: {phrase(k.action.text)}")
    if k.winter:
        bits.append(f"Winter: {effect(k.winter)}")
    for n, what in ((k.strength, "Strength in every clash"), (k.votes, "in each Council"),
                    (k.herald, "Influence on each Herald reward")):
        if n:
            bits.append(f"+{plural(n, 'Vote')} {what}" if what.startswith("in ") else f"+{n} {what}")
    if k.kind == "occupy" and bid:
        bits.append("your bid card stays under it, Occupying it")
    return cap_first("; ".join(bits))


def cap_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- choices and flows -----------------------------------------------------------------------------

PASSING = frozenset({"pass", "keep"})
FLOWED = ("deploy", "govern", "journey", "ship")
FLOW_TITLES = {"deploy": "Send Supporters", "govern": "Govern", "journey": "Journey", "place": "Place your cards",
               "ship": "Fly the Near & Far",
               "order": "Set the clash order"}
CHOOSE_TITLES = {"move_herald": "Move a Herald", "govern": "Govern", "swap": "Swap a card", "peek": "Look at a card"}


def is_pass(action: Action) -> bool:
    return action.kind in PASSING or action.kind in ("ally", "ally_place") and not action.args or action.kind == "tie" and not action.get("card") or \
        action.kind == "choose" and action.get("option") == DONE


def confirm(state: GameState, seat: str, action: Action, aud: Audience) -> str | None:
    """Harmful choices for one's own holdings: discarding or burning a card, giving up a reward."""
    g = okc(state)
    c = choice_of(g, seat)
    if action.kind in AFTER:
        return AFTER[action.kind](state, seat, action, aud)
    if action.kind == "choose" and c is not None:
        option = str(action.get("option"))
        if option == DONE and c.kind in ("govern", "journey"):
            return f"Give up the {c.kind.title()} reward?"
        if c.kind == "draw" and option == "0":
            return "Draw no cards at all?"
        if c.kind == "discard" and option != DONE:
            return f"Discard {card_dot(state, option)}?"
        if c.kind == "burn" and option != DONE:
            return f"Burn {card_dot(state, option)}? It leaves the game for good."
    if action.kind == "keep":
        bid = g.revealed_bids.get(seat)
        return f"Take no Kingdom card and keep {card_name(state, bid)}?" if bid else "Take no Kingdom card?"
    if action.kind == "tie" and not action.get("card"):
        return "Pass, and perhaps lose the clash?"
    return None


def style_for(action: Action, first: bool, harmful: bool) -> str:
    if is_pass(action):
        return "pass"
    if harmful:
        return "danger"
    return "primary" if first else "secondary"


LOSING = frozenset({"discard", "burn", "bottom", "journey"})


def rank(state: GameState, seat: str, action: Action) -> tuple[int, int]:
    """Likely answers first: stronger cards before weaker ones (weaker first when the card is lost);
    passing last."""
    if is_pass(action):
        return (2, 0)
    cid = action.get("card") or action.get("option")
    if not (isinstance(cid, str) and cid in pack_of(okc(state)).cards):
        return (0, 0)
    c = choice_of(okc(state), seat)
    losing = action.kind == "journey" or c is not None and c.kind in LOSING
    return (0, strength(state, cid) if losing else -strength(state, cid))


def choices(state: GameState, decision: Decision, seat: str, legal_actions: list[Action], aud: Audience,
            labels: Mapping[str, Label], *, modules: bool = True) -> list[Choice]:
    """The prompt's choices: a module's own for its decisions (:data:`MAKERS`); else the step's own
    choices, then the modules' actions that may come at any time (:data:`AFTER`, secondary, confirmed),
    and passing last."""
    if modules:
        def rest(acts: list[Action]) -> list[Choice]:
            return choices(state, decision, seat, acts, aud, labels, modules=False)

        maker = MAKERS.get(decision.prompt)
        if maker is not None:
            return maker(state, decision, seat, legal_actions, aud, rest)
        later = [a for a in legal_actions if a.kind in AFTER]
        if later:
            own = rest([a for a in legal_actions if a.kind not in AFTER])
            extra = [Choice(label(state, seat, a, aud, labels), a, hint=hint(state, a, seat), style="secondary",
                            confirm=AFTER[a.kind](state, seat, a, aud)) for a in later]
            return [c for c in own if c.style != "pass"] + extra + [c for c in own if c.style == "pass"]
    out: list[Choice] = []
    grouped: dict[str, int] = {}
    single: list[Action] = []
    if decision.prompt == "okc.region_cards" and legal_actions:
        return [Choice(FLOW_TITLES["place"], None, flow="place", style="primary",
                       hint="Card by card, then the Region for each")]
    for a in legal_actions:
        if a.kind in FLOWED or a.kind == "choose" and not is_pass(a) and needs_flow(state, seat):
            grouped[a.kind] = grouped.get(a.kind, 0) + 1
        else:
            single.append(a)
    if len(single) > MAX_OPTIONS - len(grouped):
        kinds = dict.fromkeys(a.kind for a in single if not is_pass(a))   # in legal order: the same buttons every run
        for kind in kinds:
            grouped[kind] = sum(1 for a in single if a.kind == kind)
        single = [a for a in single if is_pass(a)]
    ordered = sorted(single, key=lambda a: rank(state, seat, a))
    lead = [a for a in ordered if not is_pass(a)]
    for a in lead:
        warn = confirm(state, seat, a, aud)
        out.append(Choice(label(state, seat, a, aud, labels), a, hint=hint(state, a, seat),
                          style=style_for(a, not out, bool(warn)), confirm=warn))
    for kind in grouped:
        if grouped[kind] == 1 and kind != "choose":
            a = next(x for x in legal_actions if x.kind == kind)
            out.append(Choice(label(state, seat, a, aud, labels), a, hint=hint(state, a, seat),
                              style="primary" if not out else "secondary", confirm=confirm(state, seat, a, aud)))
        else:
            title = CHOOSE_TITLES.get(getattr(choice_of(okc(state), seat), "kind", ""), "Choose") if kind == "choose" \
                else FLOW_TITLES.get(kind, humanize(kind).capitalize())
            out.append(Choice(title, None, flow=kind,
                              style="primary" if not out else "secondary"))
    for a in ordered:
        if is_pass(a):
            out.append(Choice(label(state, seat, a, aud, labels), a, style="pass", confirm=confirm(state, seat, a, aud)))
    return out


def needs_flow(state: GameState, seat: str) -> bool:
    c = choice_of(okc(state), seat)
    return c is not None and (c.kind in SPLIT or len(c.options) > MAX_OPTIONS - 1)


# Choose options made of parts: (separator, names of the parts).
SPLIT = {"move_herald": (">", ("herald", "location")), "govern": (">", ("card", "council")),
         "swap": (":", ("region", "index", "card"))}


def candidates(state: GameState, seat: str, kind: str) -> tuple[list[str], list[tuple[dict[str, Any], Action]]]:
    """The legal actions of ``kind`` as (parameters asked in order, [(values, action)])."""
    g = okc(state)
    acts = [a for a in legal(state, seat) if a.kind == kind]
    if kind == "order":
        return list(ORDINALS), [({o: r for o, r in zip(ORDINALS, a.get("regions") or (), strict=False)}, a)
                                for a in acts]
    if kind == "choose":
        c = choice_of(g, seat)
        sep, names = SPLIT.get(c.kind if c is not None else "", ("", ("option",)))
        out: list[tuple[dict[str, Any], Action]] = []
        for a in acts:
            opt = str(a.get("option"))
            if opt == DONE:
                out.append(({}, a))
            elif sep and c is not None and c.kind == "swap":
                parts = opt.split(sep)
                out.append(({"placed": f"{parts[0]}:{parts[1]}", "card": parts[2]}, a))
            elif sep:
                out.append((dict(zip(names, opt.split(sep), strict=False)), a))
            else:
                out.append(({"option": opt}, a))
        params = ["placed", "card"] if c is not None and c.kind == "swap" else list(names)
        return params, out
    order = {"deploy": ["region", "count"], "ship": ["region", "count"], "govern": ["card", "council"]}.get(kind)
    if order is None:
        spec = actions_for(g).get(kind)         # a module's action too
        order = [p.name for p in spec.params] if spec is not None else []
    return order, [({p: a.get(p) for p in order if a.get(p) is not None}, a) for a in acts]


def _placed_name(state: GameState, seat: str, value: Any, aud: Audience) -> str:
    rid, idx = str(value).split(":")
    reg = next(r for r in okc(state).regions if r.id == rid)
    return f"{card_dot(state, reg.cards[int(idx)].card)} in the {region_name(state, rid)}"


# A flow step's option text where the action kind and the part asked for decide it.
STEP_VALUES: dict[tuple[str, str], Callable[[GameState, str, Any, Audience], str]] = {
    ("choose", "placed"): _placed_name,
    ("choose", "option"): lambda state, seat, value, aud: option_label(state, seat, str(value), aud),
    ("choose", "herald"): lambda state, seat, value, aud: f"Herald of {faction_short(state, str(value))}",
    ("deploy", "count"): lambda state, seat, value, aud: plural(int(value), "Supporter"),
    ("ship", "count"): lambda state, seat, value, aud: f"With {plural(int(value), 'Supporter')}" if int(value)
    else "The ship alone",
}


def value_name(state: GameState, seat: str, kind: str, param: str, value: Any, aud: Audience) -> str:
    """The option text in a flow step."""
    own = STEP_VALUES.get((kind, param))
    if own is not None:
        return own(state, seat, value, aud)
    if param == "card" and value in pack_of(okc(state)).cards:
        return card_dot(state, str(value))
    return value_label(state, seat, kind, param, value)


def value_hint(state: GameState, seat: str, kind: str, param: str, value: Any) -> str:
    """What a flow step's option does: a card's effect, an effect's option, a Location's reward."""
    if kind == "choose" and param == "option":
        c = choice_of(okc(state), seat)
        return option_hint(state, seat, c.kind if c is not None else "", str(value))
    if kind == "choose" and param == "placed":
        rid, _, idx = str(value).partition(":")
        reg = next((r for r in okc(state).regions if r.id == rid), None)
        return effect_line(state, reg.cards[int(idx)].card) if reg is not None and idx.isdigit() \
            and int(idx) < len(reg.cards) else ""
    if isinstance(value, str) and (param in ("card", "location") or value in pack_of(okc(state)).cards):
        return effect_line(state, value)
    if param == "council" and value in pack_of(okc(state)).councils:
        return council_effect(state, str(value))
    return ""


FlowQuestion = Callable[[GameState, str, Mapping[str, Any]], str]
# A flow step's question: the action kinds that ask their own (by the part asked for), then the parts that
# ask the same whatever the action.
KIND_QUESTIONS: dict[str, FlowQuestion] = {
    "order": lambda state, param, chosen: f"Which Region clashes {param}?",
    "deploy": lambda state, param, chosen: "To which Region?" if param == "region" else
    f"How many Supporters go to {the_region(state, str(chosen.get('region')))}?",
    "ship": lambda state, param, chosen: "Where does the Near & Far fly?" if param == "region" else
    f"How many Supporters fly with it to {the_region(state, str(chosen.get('region')))}?",
    "govern": lambda state, param, chosen: "Which card with Votes?" if param == "card" else
    f"Into which Council does {card_name(state, str(chosen.get('card')))} go?",
}
CARD_QUESTIONS = {"journey": "Journey with which card?", "bid": "Which card do you bid?",
                  "tie": "Which card do you play face down?"}
PARAM_QUESTIONS = {"location": "To which Location?", "placed": "Which of your face-down cards?",
                   "herald": "Which Herald moves?"}


def flow_question(state: GameState, kind: str, param: str, chosen: Mapping[str, Any]) -> str:
    own = KIND_QUESTIONS.get(kind)
    if own is not None:
        return own(state, param, chosen)
    if param in ("card", "option"):
        return CARD_QUESTIONS.get(kind, "Which one?")
    return PARAM_QUESTIONS.get(param, "Which one?")


def flow(state: GameState, seat: str, kind: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
    if kind in FLOWS:
        return FLOWS[kind](state, seat, kind, chosen, aud)
    if kind == "place":
        return place_flow(state, seat, chosen, aud)
    params, cands = candidates(state, seat, kind)
    if not cands or not params:
        return None
    cands = [(v, a) for v, a in cands if all(v.get(k) == w for k, w in chosen.items() if k in params)]
    todo = [p for p in params if p not in chosen and any(p in v for v, _ in cands)]
    if not todo:
        return None
    param = todo[0]
    options: list[Choice] = []
    seen: dict[Any, list[Action]] = {}
    for v, a in cands:
        if param in v:
            seen.setdefault(v[param], []).append(a)
    done = [a for v, a in cands if param not in v]
    if param == "card":
        seen = dict(sorted(seen.items(), key=lambda kv: -strength(state, str(kv[0]))))
    for value, acts in seen.items():
        fixed = tuple(chosen.items()) + ((param, value),)
        if len(acts) == 1:
            a = acts[0]
            options.append(Choice(value_name(state, seat, kind, param, value, aud), a, chosen=fixed,
                                  hint=value_hint(state, seat, kind, param, value),
                                  style=style_for(a, not options, bool(confirm(state, seat, a, aud))),
                                  confirm=confirm(state, seat, a, aud)))
        else:
            options.append(Choice(value_name(state, seat, kind, param, value, aud), None, flow=kind, chosen=fixed,
                                  hint=value_hint(state, seat, kind, param, value),
                                  style="primary" if not options else "secondary"))
    for a in done:
        options.append(Choice(label(state, seat, a, aud, {}), a, style="pass", confirm=confirm(state, seat, a, aud)))
    return FlowStep(kind, param, flow_question(state, kind, param, chosen), tuple(options[:MAX_OPTIONS]))


def place_flow(state: GameState, seat: str, chosen: Mapping[str, Any], aud: Audience) -> FlowStep | None:
    """Card placement (p.21), one card at a time: the card, then the Region it goes next to."""
    g = okc(state)
    if g.step != "region_cards" or g.secret is None or seat not in g.secret.missing():
        return None

    usable, ids, need = placement(g, seat)    # Allies are placed before, never here (Wild Kingdom, Allies)
    hand = sorted(set(usable), key=lambda c: (-strength(state, c), c))
    placed = {r: str(chosen[r]) for r in ids if chosen.get(r)}
    pending = chosen.get("card")
    free = [r for r in ids if r not in placed]
    if pending is None:
        left = [c for c in hand if c not in placed.values()]
        options: list[Choice] = []
        for cid in left:
            if len(placed) + 1 == need and len(free) == 1:
                a = Action.of("place", **placed, **{free[0]: cid})
                options.append(Choice(f"{card_dot(state, cid)} to the {region_name(state, free[0])}", a,
                                      hint=effect_line(state, cid), style="primary" if not options else "secondary"))
            else:
                options.append(Choice(card_dot(state, cid), None, flow="place", hint=effect_line(state, cid),
                                      chosen=tuple(placed.items()) + (("card", cid),),
                                      style="primary" if not options else "secondary"))
        done = ", ".join(f"{card_name(state, c)} to the {region_name(state, r)}" for r, c in placed.items())
        ask = "Which card goes face down next?" if placed else "Which card do you place first?"
        return FlowStep("place", "card", f"{done}. {ask}" if done else ask, tuple(options[:MAX_OPTIONS]))
    options = []
    for r in free:
        now = {**placed, r: str(pending)}
        if len(now) == need:
            options.append(Choice(region_name(state, r), Action.of("place", **now), style="primary" if not options
                                  else "secondary"))
        else:
            # "card" is cleared: the table merges each step's choices into the ones before
            options.append(Choice(region_name(state, r), None, flow="place", chosen=(*now.items(), ("card", None)),
                                  style="primary" if not options else "secondary"))
    return FlowStep("place", "region", f"Next to which Region does {card_name(state, str(pending))} go?",
                    tuple(options))


# -- names for typed values ------------------------------------------------------------------------

def value_label(state: GameState, seat: str | None, kind: str, param: str, value: Any) -> str:
    """The name people see and type for a parameter value."""
    g = okc(state)
    p = pack_of(g)
    if isinstance(value, list | tuple):
        return ", ".join(value_label(state, seat, kind, param, v) for v in value)
    text = str(value)
    if "," in text and kind == "order":
        return ", ".join(region_name(state, r) for r in text.split(","))
    if param in VALUE_NAMES:
        named = VALUE_NAMES[param](state, seat, text)
        if named is not None:
            return named
    if kind == "choose" and seat is not None and (">" in text or text.count(":") == 2 or text == DONE):
        return option_label(state, seat, text, Audience(seat))
    if text in p.cards or text in p.kingdom:
        return card_name(state, text)
    if text in p.tactics:
        return tactic_name(state, text)
    if text in p.locations:
        return location_name(state, text)
    if any(r.id == text for r in p.regions):
        return region_name(state, text)
    if text in p.councils:
        return council_name(state, text)
    if param == "ability":
        return favour_ability(state, text)
    if text in g.players:
        return faction_of(state, text)
    named = module_name(state, param, text)
    return named if named is not None else humanize(text)


# -- skipping ------------------------------------------------------------------------------------

def skippable(state: GameState, decision: Decision, seat: str) -> bool:
    """An action step where passing is all the seat can do, judged from public facts only.

    In Spring and in a Day step every option (Supporters, Tactics, Kingdom cards, the Favour, Day
    commands) is public; in Autumn the hand could hold a card to Govern, Journey or command with, so
    the step is skipped only with an empty hand (its size is public)."""
    g = okc(state)
    if decision.prompt not in ("okc.spring_actions", "okc.day", "okc.autumn") or g.choice is not None:
        return False
    step = g.step
    if step not in TIMING or not g.turn_queue or g.turn_queue[0] != seat:
        return False
    if step == "autumn" and g.players[seat].hand:
        return False
    options = action_step_options(g, seat, step)
    return all(a.kind == "pass" for a in options)


