"""The commands of Fief: England as ActionSpecs. The table service turns each into a
``/fief <kind>`` slash command and a local-table command; autocomplete comes from
``Rules.suggest`` (the values of the legal actions)."""

from __future__ import annotations

from engine.core import ActionSpec, Param, ParamType, specs

S, N, B, L = ParamType.STR, ParamType.INT, ParamType.BOOL, ParamType.LIST


TREBUCHET = "with no Trebuchet in your stockpile: the city whose Trebuchet you destroy for the siege (7.9)"


def _p(name: str, kind: ParamType = S, doc: str = "", required: bool = True) -> Param:
    return Param(name, kind, doc, required)


ACTIONS = specs(
    ActionSpec("start", "Choose your family's starting city", (_p("city", doc="a city of a free region"),),
               "13.6"),
    ActionSpec("propose_marriage", "Propose a marriage between one of your nobles and another family's",
               (_p("noble", doc="your unmarried noble"), _p("spouse", doc="the other family's unmarried noble")), "9.0"),
    ActionSpec("discard", "Discard a card from your hand (before drawing)", (_p("card"),), "2.0"),
    ActionSpec("draw", "Draw a card", (_p("deck", doc="character or fortune"),), "2.0"),
    ActionSpec("done", "End your turn in this step", (), "1.0"),
    ActionSpec("play_noble", "Place a new noble on your Family Board and the map",
               (_p("card"), _p("city")), "2.11"),
    ActionSpec("play_abbess", "Appoint an Abbess and found her Abbey",
               (_p("card"), _p("noble"), _p("city")), "2.13"),
    ActionSpec("play_clergy", "Make a nobleman Bishop or Archbishop", (_p("card"), _p("noble")), "2.14"),
    ActionSpec("play_harvest", "Play Bountiful Harvest on a region", (_p("card"), _p("region")), "2.7"),
    ActionSpec("play_weather", "Play Good Weather on a region (an Opportunity card)",
               (_p("card"), _p("region")), "2.7", anytime=True),
    ActionSpec("play_tax", "Play a Tax card: Tallage a region and/or Tithe a district",
               (_p("card"), _p("tallage", required=False), _p("tithe", required=False)), "2.8"),
    ActionSpec("give_retainer", "Give, swap or sell a retainer to another noble",
               (_p("giver"), _p("receiver"), _p("price", N, required=False)), "2.12"),
    ActionSpec("mata", "Mata: swap a card of your hand for a random card of another player",
               (_p("noble"), _p("target", ParamType.SEAT), _p("card")), "2.12", secret=True),
    ActionSpec("muster", "Sergeant: a free Men-at-Arms joins this noble", (_p("noble"),), "2.12"),
    ActionSpec("plague_losses", "Choose the troops the Plague takes", (_p("units", L),), "2.5"),
    ActionSpec("bestow", "Give a title to one of your nobles", (_p("region"), _p("noble")), "4.8"),
    ActionSpec("release", "Choose where a freed captive goes", (_p("noble"), _p("city")), "7.6"),
    ActionSpec("scorch", "Destroy your Mill for 2 shillings", (_p("city"),), "3.4"),
    ActionSpec("pay_ransom", "Pay a captive's full ransom", (_p("captive"), _p("city", required=False)), "7.7"),
    ActionSpec("offer_ransom", "Offer a family captor less than the full ransom",
               (_p("captive"), _p("amount", N), _p("city", required=False)), "7.7", secret=True),
    ActionSpec("buy", "Buy units: type@city, e.g. knight@London,men@London",
               (_p("units", L),), "4.0", secret=True),
    ActionSpec("build", "Build a stronghold, mill or royal_stronghold", (_p("what"), _p("city")), "4.2"),
    ActionSpec("rebuild_abbey", "Raise a destroyed Abbey again, free", (_p("abbey"), _p("city")), "2.13"),
    ActionSpec("construct", "Pay 5 for a siege Trebuchet", (_p("city"),), "7.9"),
    ActionSpec("buy_title", "Buy a Fiefdom Lord title for a noble",
               (_p("region"), _p("noble"), _p("fortify", required=False)), "4.3"),
    ActionSpec("grant_title", "King's Will: give an unclaimed title for free",
               (_p("region"), _p("noble"), _p("fortify", required=False)), "4.5"),
    ActionSpec("transfer_title", "Hand one of a lord's titles to another noble of the family",
               (_p("region"), _p("to")), "4.6"),
    ActionSpec("pigeon", "Send a Carrier Pigeon between Strongholds/Abbeys in different cities",
               (_p("sender"), _p("to"), _p("shillings", N, required=False), _p("card", required=False)),
               "2.15", anytime=True, secret=True),
    ActionSpec("pigeon_offer", "Offer an exchange by Carrier Pigeon to a noble in the same city",
               (_p("sender"), _p("to"), _p("give_shillings", N, required=False), _p("give_cards", L, required=False),
                _p("take_shillings", N, required=False), _p("take_cards", L, required=False)),
               "2.15", anytime=True, secret=True),
    ActionSpec("accept_offer", "Accept an exchange offered to you", (_p("offer", N),), "2.15", anytime=True),
    ActionSpec("decline_offer", "Decline (or withdraw) an exchange", (_p("offer", N),), "2.15", anytime=True),
    ActionSpec("respond", "Answer a request", (_p("request", N), _p("accept", B)), "requests"),
    # -- Part II: movement, battles, sieges, pillage (warplay.py) --
    ActionSpec("move", "Move a noble one step, with troops and Bombards picked up here",
               (_p("noble"), _p("to", doc="a city by road, a port by sea, or the Royal Abbey/Stronghold"),
                _p("troops", L, "units taking part, e.g. knight,men,bombard", required=False),
                _p("via", doc="road, sea, sherwood or royal (default: the road if there is one)", required=False),
                _p("cavalcade", B, "ride as a Cavalcade (a noble with knights) and fight at once", required=False)),
               "5.0", secret=True),
    ActionSpec("battle", "Declare a battle against another family in a city",
               (_p("city"), _p("against", doc="the family attacked"),
                _p("target", doc="a noble your archers aim at", required=False)), "7.0"),
    ActionSpec("besiege", "Besiege walls you are too weak to attack (no melee die after the penalty)",
               (_p("city"), _p("trebuchet", doc=TREBUCHET, required=False)), "7.9"),
    ActionSpec("losses", "Choose the troops (and nobles) your side loses to the hits taken",
               (_p("units", L, required=False), _p("slay", L, "nobles slain by hits left over", required=False)),
               "7.5"),
    ActionSpec("battle_next", "After a battle round: continue, surrender, truce, break, siege, stop or end",
               (_p("choice"), _p("destroy", B, "destroy your own engines here first", required=False),
                _p("target", doc="a noble your archers aim at next round", required=False),
                _p("trebuchet", doc=TREBUCHET, required=False)), "7.8"),
    ActionSpec("spoils", "Winner's spoils: absorb the beaten side's engines or destroy them",
               (_p("absorb", B),), "7.2"),
    ActionSpec("bandits", "Robbed in Sherwood: pay the Bandits (mandatory if you can) or stay their captive",
               (_p("pay", B),), "13.4"),
    ActionSpec("interdict", "King's Interdiction: spend a Carrier Pigeon to free a captive of the Bandits",
               (_p("captive"),), "13.4", anytime=True),
    ActionSpec("join", "Join a side of the battle fought in your family's city, or betray your side for the other",
               (_p("family", doc="your family joining"), _p("side", doc="the family leading the side joined")),
               "7.0", anytime=True),
    ActionSpec("transfer_control", "Hand control of a city you hold to another family there",
               (_p("city"), _p("to", doc="the family receiving it")), "5.1", anytime=True),
    ActionSpec("danegeld", "Pay 5 shillings for an invader army in your noble's city to leave England",
               (_p("army"), _p("noble")), "6.9"),
    ActionSpec("intervene", "Send a Bishop, Archbishop or Abbess to the invaders (d6: 1-3 they leave, 4-6 slain)",
               (_p("army"), _p("noble")), "6.10"),
    ActionSpec("lift_siege", "End your siege of a city (its Trebuchets return)", (_p("city"),), "7.9"),
    ActionSpec("pillage", "Pillage a city you control: mill, abbey, engines or own_engines",
               (_p("city"), _p("what")), "7.10"),
)
