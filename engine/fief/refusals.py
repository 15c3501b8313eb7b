"""Why Fief refuses a command: one member per reason, the ``code`` of every ``RuleError`` the Fief rules raise.

Codes shared with the table and OKC (not your turn, a missing parameter, a bad option) stay in
``engine.core.errors.Refusal``. Members are strings, so ``err.code == "funds"`` holds; the table and the
traces read the value. A comment says what the name alone does not."""

from __future__ import annotations

from engine.core.errors import RefusalCode


class FiefRefusal(RefusalCode):
    """The Fief rules' own refusal codes, by rule area."""

    # -- the round, setup and commands
    BESTOW = "bestow"  # a fallen title given to a noble who may not take it (4.8)
    MUST_MOVE = "must_move"  # a winning Cavalcade that has not moved on (5.2, FAQ)
    NO_TASK = "no_task"
    PROPOSAL_OPEN = "proposal_open"  # the player's own marriage proposal still waits on its answer (9.0)
    RETAINER_GONE = "retainer_gone"  # a retainer exchange that can no longer be carried out (2.12)
    START_CITY = "start_city"
    START_FIRST = "start_first"  # a command before the starting city is chosen (13.6)
    TASK_FIRST = "task_first"  # another family's decision comes first
    WRONG_STEP = "wrong_step"  # a command the current step does not take

    # -- Phase 2: cards (cards/)
    ABBESS_NOBLE = "abbess_noble"  # an Abbess must be an unmarried noblewoman of the family or its ally (2.13)
    ABBEY_CITY = "abbey_city"  # where a new Abbey may stand (2.13)
    CHARACTER_LIMIT = "character_limit"
    CLERGY_NOBLE = "clergy_noble"  # a Bishop or Archbishop card on a noble who may not take it (2.14)
    DECK = "deck"
    DECK_EMPTY = "deck_empty"
    DISCARD_AFTER_DRAW = "discard_after_draw"
    DRAW_LIMIT = "draw_limit"
    FAMILY_FULL = "family_full"  # a family board with no room for another noble (2.11)
    FUNDS = "funds"  # more shillings than the family has
    HAND_LIMIT = "hand_limit"
    HARVEST_REGION = "harvest_region"  # a Bountiful Harvest where it may not go (2.7)
    HERALD_FORTUNE = "herald_fortune"  # the Herald's extra draw from the Character deck (2.12)
    MATA_TARGET = "mata_target"  # Mata aimed at a player with no cards (2.12)
    MUSTER_CITY = "muster_city"  # the Sergeant's noble not in a controlled, unbesieged city (4.0)
    NEW_UNITS_LIMIT = "new_units_limit"  # a city that already took its new units this phase (4.0)
    NO_NOBLE = "no_noble"
    NO_PIGEON = "no_pigeon"
    NO_RETAINER = "no_retainer"
    NOBLE_CITY = "noble_city"  # where a new noble may not be placed (2.11)
    NOT_IN_HAND = "not_in_hand"
    NOT_YOURS = "not_yours"  # a noble of another family
    PIGEON_EMPTY = "pigeon_empty"  # a pigeon carrying nothing (2.15)
    PIGEON_FROM = "pigeon_from"  # a pigeon sent by a noble who is not a free one of the family (2.15)
    PIGEON_ROUTE = "pigeon_route"  # a pigeon between cities without a sender inside walls (2.15)
    PIGEON_TO = "pigeon_to"  # a pigeon to a noble who is not another player's (2.15)
    PLAGUE_COUNT = "plague_count"  # not exactly the troops the Plague takes (2.5)
    PLAGUE_UNITS = "plague_units"  # a Plague loss of troops that are not there (2.5)
    REGION = "region"
    RETAINER = "retainer"  # no unspent retainer of that kind, or a captive noble (2.12)
    STOCKPILE_EMPTY = "stockpile_empty"  # no unit of that kind left in the stockpile
    TALLAGE = "tallage"  # a Tallage on a region the family may not tax (2.8)
    TAX_SPLIT = "tax_split"  # a Tallage and a Tithe in different districts on one Tax card (2.8)
    TAX_TARGET = "tax_target"  # a Tax card naming nothing to tax (2.8)
    TAXED = "taxed"  # a region already taxed this round (2.9)
    TITHE = "tithe"  # a Tithe on a district the family may not tax (2.8)
    TREASURES = "treasures"  # too few Treasure markers for the Tax icons (11.3)
    WEATHER_REGION = "weather_region"  # a Good Weather where it may not go (2.7)

    # -- the crown and Phase 1 (crown/)
    CANDIDATE = "candidate"
    DEAL_CITY = "deal_city"  # a city handed over that the giver does not control or the receiver is not in
    DEAL_GOODS = "deal_goods"  # goods a deal cannot carry
    DEAL_OPEN = "deal_open"  # the player's own deal still waits on its answer
    DEAL_TIME = "deal_time"  # a deal before every family has set up
    DEAL_TO = "deal_to"
    DEAL_VOTE = "deal_vote"  # a pledged vote on no declared candidate or too late
    EMPTY_DEAL = "empty_deal"
    GARTER = "garter"  # no deed to reward with the Garter, or not now (13.3)
    GIFT_NOBLE = "gift_noble"  # the Abbess title given to a noble who may not take it (2.13)
    MARRIAGE = "marriage"  # a couple who may not wed (9.0)
    NO_BURGHER = "no_burgher"  # a Burgher vote without a Burgher, a Treasure or a Lord (11.2)
    NO_MARKER = "no_marker"  # a ballot with no vote marker laid (9.1)
    NO_MARRIAGE = "no_marriage"
    NO_PARLIAMENT = "no_parliament"
    NO_PLAYER = "no_player"
    NOT_CANDIDATE = "not_candidate"
    NOT_CAPTIVE = "not_captive"
    NOT_SOVEREIGN = "not_sovereign"
    PIGEON_CARDS = "pigeon_cards"  # a pigeon between different cities with more than one card (2.15)
    PLEDGED = "pledged"  # a FOR marker pledged by a deal (9.1)
    RELINQUISH_ABBEY = "relinquish_abbey"
    RELINQUISH_CLERIC = "relinquish_cleric"  # no Bishop or Archbishop of the Abbey's district to give leave (2.13)
    RELINQUISH_NOBLE = "relinquish_noble"
    RELINQUISH_OPEN = "relinquish_open"
    RELINQUISH_TIME = "relinquish_time"  # leave asked outside Phase 1's marriages (2.13)
    TAX_AMOUNT = "tax_amount"  # more or less of the Royal Tax than is left to share (9.2)
    VOTE = "vote"

    # -- Phases 3-4 (estates/)
    BUILD_CITY = "build_city"  # a building or mill the city has no room for
    BUILDING = "building"
    CONSTRUCT_DONE = "construct_done"  # the siege's Trebuchets are already built (7.9)
    FORTIFY = "fortify"  # a Stronghold that is not in the Fiefdom (4.4)
    MANDATORY = "mandatory"  # a ransom the family can pay in full and must (7.7)
    NO_HAGGLE = "no_haggle"  # a lower offer to Invaders or Bandits (7.7)
    NO_SIEGE = "no_siege"
    NO_UNITS = "no_units"  # a purchase naming no unit (4.0)
    NOT_ROYAL = "not_royal"
    OFFER_AMOUNT = "offer_amount"  # a ransom offer below the full ransom where haggling is not allowed (7.7)
    REBUILD = "rebuild"  # no destroyed Abbey of the family's Abbess to raise again (2.13)
    RELEASE_CITY = "release_city"  # a city a freed captive may not go to
    SCORCH_CITY = "scorch_city"
    TITLE_CONDITIONS = "title_conditions"  # a title the noble may not buy
    TRANSFER = "transfer"  # no Lord of the family who may hand that title on (4.6)
    TRANSFER_TO = "transfer_to"  # a title handed to a noble outside the family or its ally (4.6)
    UNIT_CITY = "unit_city"  # new units sent to a city the family may not use (4.0)
    UNIT_SYNTAX = "unit_syntax"  # a unit not written as type@city
    UNIT_TYPE = "unit_type"

    # -- the family board (board/)
    BURGHER_NEEDS_LORD = "burgher_needs_lord"  # a Burgher put on the board of a family without a titled Lord (11.2)
    CROSSBOWS_LEFT = "crossbows_left"  # Crossbowmen still wait on the Mercenary card (11.1)
    DRAW_ACTION = "draw_action"  # an Opportunity card during a draw action or setup (10.0)
    EXCALIBUR_DRAW = "excalibur_draw"  # who may try to draw Excalibur (13.2)
    EXCALIBUR_TAKE = "excalibur_take"  # who may take up Excalibur where it lies (13.2)
    FAMINE_REGION = "famine_region"  # the Shinbone's Famine is not where its bearer stands (12.4)
    HIRE_CITY = "hire_city"  # Crossbowmen sent where they may not go (11.1)
    LEND_TO = "lend_to"  # Crossbowmen lent to the player's own family (11.1)
    NO_CHASUBLE = "no_chasuble"
    NO_MERCENARIES = "no_mercenaries"
    NO_RELIC = "no_relic"
    SKULL_NOBLE = "skull_noble"  # the Skull raises only the noble who has just fallen (12.3)
    NOBLE = "noble"  # no such noble, or not a free one of the family
    NOT_BOARD_CARD = "not_board_card"  # a card that does not go on the family board (11.0)
    NOT_YOUR_FAMILY = "not_your_family"
    NOT_YOUR_NOBLE = "not_your_noble"
    OFFER_OPEN = "offer_open"  # the player's own offer of Crossbowmen still waits on its answer (11.1)
    PRICE = "price"  # a price that is not a number of shillings (2.12, 11.1, 12.0)
    RELIC_RECEIVER = "relic_receiver"  # a relic passed to a noble who is not free in the same city (12.0)
    SETUP = "setup"  # a command before every family has set up
    SHILLINGS = "shillings"  # too few shillings to pay the price asked (11.1, 12.0)
    STORMS_MOVE = "storms_move"  # Storms moved by the Chasuble again, or to no neighbouring sea (12.2)

    # -- Opportunity cards (opportunity/)
    AMBUSH_TARGET = "ambush_target"
    BURGHER_LORD = "burgher_lord"  # a Burgher acting for a family without a titled Lord (11.2)
    BURGHER_USED = "burgher_used"  # the Burgher's icon already holds a Treasure this round (11.3)
    CITY = "city"
    CLERIC = "cleric"
    JUSTICE_TARGET = "justice_target"
    LEADER_IN_BATTLE = "leader_in_battle"  # an invader Leader struck while its battle goes on (O-6b)
    LOSSES_FIRST = "losses_first"  # the rebels' hits must be taken before anything else (10.1)
    NO_REBELLION = "no_rebellion"
    NOT_NOW = "not_now"  # a card that waits for a quiet table (ruling O-6)
    NOT_YET = "not_yet"  # the clergy speak before every Rebellion has been added (10.1)
    PASSAGE_ESCAPE = "passage_escape"  # a Passage escape for a noble who is not held (10.2)
    PASSAGE_EVADE = "passage_evade"  # a Passage evasion with no opponent just arrived by road (10.2)
    PASSAGE_GUIDE = "passage_guide"  # a Passage guiding no invader army (10.2)
    PASSAGE_MOVE = "passage_move"  # a Passage for a move outside the family's Movement turn (10.2)
    PASSAGE_USE = "passage_use"  # no such Passage use (10.2)
    PASSAGE_WALLS = "passage_walls"  # a Passage through the tunnels with no walls to get past (7.4)
    PASSAGE_WITHDRAW = "passage_withdraw"  # a Passage withdrawal outside the defender's battle (7.8)
    QUELL_HOW = "quell_how"  # a Rebellion quelled neither by paying nor by pleading (10.1)
    QUELL_PRICE = "quell_price"  # too few shillings to pay the rebels off (10.1)
    REBELLION_CITY = "rebellion_city"  # a city where no Rebellion may be raised (10.1)
    REBELLION_OPEN = "rebellion_open"  # a second Rebellion while one is under way (10.1)
    SPONSOR = "sponsor"  # an Assassination without a valid Sponsor (10.3)
    TARGET = "target"  # no such noble to strike, or one the archers or the card may not aim at
    WITHDRAW_CITY = "withdraw_city"  # a withdrawal to a city that is not next to the battle (7.8)
    WITHDRAW_UNITS = "withdraw_units"  # not one troop (or none) named for each withdrawing noble (10.2)

    # -- Phases 5-7 (war/)
    ABANDON = "abandon"  # a noble leaving behind troops that came with it to the outskirts (5.0)
    ARMY = "army"
    ASKED = "asked"  # a request to pass is already waiting on its answer (5.0)
    BATTLE_CHOICE = "battle_choice"  # a between-rounds choice not open now (7.8)
    BESIEGE = "besiege"
    CAVALCADE_FOE = "cavalcade_foe"  # a Cavalcade with nobody to fight (5.2)
    CAVALCADE_LAST = "cavalcade_last"  # a Cavalcade on the noble's last move (FAQ)
    CAVALCADE_ROAD = "cavalcade_road"
    CAVALCADE_UNITS = "cavalcade_units"  # a Cavalcade with other troops than knights (5.2)
    DESTROY = "destroy"  # tactical destruction without engines or troops (7.2)
    FOUGHT = "fought"  # a second battle against the same family in the same city this phase (7.0)
    IN_BATTLE = "in_battle"  # control handed over while a battle is fought (5.1)
    JOIN = "join"  # joining a side the family is on, or no battle there (7.0)
    LOSSES_NOBLES = "losses_nobles"  # nobles slain other than the hits left over require (7.5)
    LOSSES_SUM = "losses_sum"  # troops removed not worth the best sum of hits (7.5)
    LOSSES_UNITS = "losses_units"  # troops removed that are not in the battle (7.5)
    NO_ENEMY = "no_enemy"
    NO_LEADER = "no_leader"  # clergy intervening with an army that has no Leader (6.10)
    NO_MOVES = "no_moves"
    NO_ROAD = "no_road"  # a destination the noble cannot reach now
    NO_TROOPS = "no_troops"  # nobles with no troops starting a battle (7.0, FAQ)
    NOT_CLERGY = "not_clergy"
    NOT_CONTROLLER = "not_controller"
    PILLAGE = "pillage"  # nothing to pillage there (7.10)
    ROYAL_TROOPS = "royal_troops"  # a Royal move with troops (5.0)
    STORMS = "storms"  # a battle or move where Storms forbid it (2.5)
    TREBUCHET = "trebuchet"  # a Trebuchet taken when no siege begins (7.9)
    UNITS = "units"  # units the noble may not take along (5.0)
    UNITS_GONE = "units_gone"  # units stopped in Sherwood that are gone (13.4)
    VIA = "via"  # no such way to travel (5.0)
