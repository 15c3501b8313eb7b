"""Why an OKC action is refused: the codes of the Old King's Crown and its Wild Kingdom modules
(``RuleError.code``), one member per distinct reason. The reasons every game shares (a bad option,
the game over, a seat not awaited) are :class:`engine.core.errors.Refusal`'s; the table reads both
alike (members are strings: ``OkcRefusal.PHASE == "phase"``)."""

from __future__ import annotations

from engine.core.errors import RefusalCode


class OkcRefusal(RefusalCode):
    """The OKC layer's refusal codes (base game, then the Wild Kingdom modules)."""

    # the year and the turn (p.12-p.34)
    PHASE = "phase"  # not an action of this step or season
    ORDER = "order"  # another seat acts first on the Order Track
    ONCE = "once"  # an Autumn action already taken this Autumn
    CHOICE_PENDING = "choice_pending"  # an effect waits on someone's choice first
    NO_CHOICE = "no_choice"  # no effect waits on this seat's choice
    COUNT = "count"  # the wrong number of cards for the step
    REGIONS = "regions"  # the Clash markers must name each Region once
    REGION = "region"  # not a Region this can go to now
    NOT_IN_HAND = "not_in_hand"
    NOT_ON_ROAD = "not_on_road"  # the card is not on the Great Road
    NOT_HELD = "not_held"  # no opponent holds that Kingdom card
    NO_SPACE = "no_space"  # both Occupy spaces are full
    NO_OCCUPANT = "no_occupant"  # a Kingdom card received needs an Occupant from hand
    NO_LOCATION = "no_location"  # no such Location, or not one that may be chosen
    NOT_WINNER = "not_winner"  # only the clash's winner claims
    NO_COMMAND = "no_command"  # no unused Day command on that card
    NO_COUNCIL = "no_council"
    NO_LORE = "no_lore"  # not enough Lore to spend
    NO_CARD = "no_card"  # no card of the kind asked for
    NO_PLAYER = "no_player"  # no player the effect can target
    BAD_PACK = "bad_pack"  # a content pack that fails its checks
    # Allies (Wild Kingdom)
    ALLY = "ally"  # an Ally bid not declared before the bids
    ALLY_REGION = "ally_region"  # an Ally of the seat already stands by that Region
    NO_ALLY = "no_ally"
    # Wild Kingdom modules and their pieces
    NO_MODULE = "no_module"  # the action belongs to a module not in this game
    NOT_YOURS = "not_yours"  # a piece or Boon that belongs to someone else
    PLACED = "placed"  # the piece already stands in a Region this round
    SAME_LOCATION = "same_location"  # a Herald and a Legendary Creature never share a Location
    # the Negotiating Table: offers, agreements, alliances and Outrage
    DONE = "done"  # the seat said it is done negotiating this Spring
    WAITING = "waiting"  # agreed already; the other party must agree too
    BAD_COMPONENT = "bad_component"  # nothing that can be bartered
    BAD_AMOUNT = "bad_amount"
    BAD_TERM = "bad_term"  # a term the bot cannot check or does not know
    BAD_PARTY = "bad_party"  # a term binds one of the two parties
    BAD_ROUND = "bad_round"  # a last round outside the game
    BAD_REASON = "bad_reason"  # a reason for a barter the table cannot tell
    NO_TERMS = "no_terms"
    NO_TEXT = "no_text"  # an agreement with no terms in the players' own words
    LONG_TEXT = "long_text"  # terms in the players' own words past the limit
    NO_AGREEMENT = "no_agreement"
    NOTHING_OWED = "nothing_owed"
    NO_ALLIANCE = "no_alliance"
    NOT_ALLY = "not_ally"
    JUDGING = "judging"  # a claim on that agreement is already being judged
    NOT_ARBITER = "not_arbiter"
    NO_VOTE = "no_vote"
    NO_VOTES = "no_votes"
    BAD_VOTE = "bad_vote"
    BAD_VERDICT = "bad_verdict"  # say whether the terms were broken or kept
