"""A hand-written Fief view in the documented shape (docs/fief-view.md), round 3, Phase 5."""

from __future__ import annotations

import copy
from typing import Any

from renderer.fief.mapdata import load

FAMILIES = {
    "red": ("ann", "Red", "#D55E00", "R"),
    "blue": ("bob", "Blue", "#0072B2", "B"),
    "green": ("cat", "Green", "#009E73", "G"),
}


def family(fid: str, nobles: list[str]) -> dict[str, Any]:
    seat, name, colour, letter = FAMILIES[fid]
    return {"seat": seat, "name": name, "colour": colour, "letter": letter, "nobles": nobles,
            "stockpile": {"knight": 5, "men": 8, "archer": 3, "bombard": 2, "trebuchet": 1},
            "pigeons": 2, "treasures": 1, "votes": 2, "ring": True, "spouse_of": None}


def noble(name: str, sex: str, fam: str, city: str | None, titles: list[str] | None = None,
          captor: str | None = None) -> dict[str, Any]:
    return {"name": name, "sex": sex, "family": fam, "city": city, "outskirts": False, "captor": captor,
            "titles": titles or [], "retainer": {"id": "mata", "name": "Mata", "text": "swap a card",
                                                 "spent": False} if name == "Henri" else None,
            "spouse": None, "heresy": False, "relics": []}


def empty_city(region: str) -> dict[str, Any]:
    return {"region": region, "controller": None, "building": None, "abbey": None, "mill": False, "troops": {},
            "nobles": [], "captives": [], "siege": None, "invaders": [], "relic": None}


def stack(count: int, **extra: Any) -> dict[str, Any]:
    entry = {"count": count, "bombards": 0, "trebuchets": 0, "trebuchets_building": 0, "new": 0,
             "outskirts": False}
    entry.update(extra)
    return entry


def public_view() -> dict[str, Any]:
    cities = {name: empty_city(c["region"]) for name, c in load()["cities"].items()}
    cities["London"].update(controller="red", building="fortified", mill=True, nobles=["henri", "alienor"],
                            troops={"red": stack(5, bombards=1)})
    cities["York"].update(controller="blue", building="stronghold", mill=True, nobles=["hugh"],
                          troops={"blue": stack(3)}, relic={"face_down": True})
    cities["Exeter"].update(relic={"face_down": True})
    cities["Norwich"].update(relic={"id": "holy_grail"}, building="abbey",
                             abbey={"id": "norwich_abbey", "abbess": None})
    cities["Canterbury"].update(relic={"face_down": True}, controller="green", building="royal_abbey",
                                nobles=["lucia"], troops={"green": stack(2)})
    cities["Oxford"].update(controller="green", building="stronghold", troops={"green": stack(4, trebuchets=1),
                                                                                "red": stack(3)},
                            siege={"by": "red", "trebuchets": 1, "building": 1}, nobles=["godfrey"],
                            captives=["estrid"])
    cities["Durham"].update(invaders=["a1"], troops={"blue": stack(1)})
    cities["Coventry"].update(controller="blue", building="royal_stronghold", mill=True)
    nobles = {
        "henri": noble("Henri", "m", "red", "London", ["lord:VI"]),
        "alienor": noble("Alienor", "f", "red", "London"),
        "hugh": noble("Hugh", "m", "blue", "York", ["archbishop:york"]),
        "lucia": noble("Lucia", "f", "green", "Canterbury", ["sovereign_queen"]),
        "godfrey": noble("Godfrey", "m", "red", "Oxford"),
        "estrid": noble("Estrid", "f", "blue", None, captor="green"),
        "anabel": noble("Anabel", "f", "green", None, captor="bandits"),
    }
    return {
        "game": "fief", "round": 3, "phase": 5, "step": "move", "label": "Round 3, Phase 5: Movement",
        "first_player": "bob", "turn": {"seat": "ann", "family": "red"}, "order": ["blue", "green", "red"],
        "families": {"red": family("red", ["henri", "alienor", "godfrey"]), "blue": family("blue", ["hugh", "estrid"]),
                     "green": family("green", ["lucia", "anabel"])},
        "seats": {"ann": {"families": ["red"], "hand_size": 3, "vp": 1},
                  "bob": {"families": ["blue"], "hand_size": 2, "vp": 1},
                  "cat": {"families": ["green"], "hand_size": 4, "vp": 2}},
        "nobles": nobles,
        "cities": cities,
        "invaders": {"armies": {"a1": {"city": "Durham", "leader": True, "foot": 4, "captives": [],
                                       "outskirts": False}}, "in_box": 3},
        "seas": {"I": [], "II": [{"card": "plague", "active": True, "by": None, "tallage": None, "tithe": None}],
                 "III": [], "IV": [{"card": "famine", "active": False, "by": None, "tallage": None, "tithe": None}],
                 "V": [{"card": "harvest", "active": True, "by": "blue", "tallage": None, "tithe": None}],
                 "VI": [{"card": "tax", "active": True, "by": "red", "tallage": "VI", "tithe": None}]},
        "disaster_track": {"face_down": 2, "slots": 3},
        "decks": {"character": 14, "character_under": [], "fortune": 11, "fortune_top": "disaster",
                  "fortune_discard": [], "retainer": 20},
        "fiefdoms": {"VI": {"rank": "duchy", "holder": "henri", "family": "red", "fortified": "London", "cost": 0},
                     "I": {"rank": "county", "holder": None, "family": None, "fortified": None, "cost": 0}},
        "clergy": {"york": {"title": "archbishop", "holder": "hugh"}, "exeter": {"title": "bishop", "holder": None}},
        "sovereign": "lucia", "queen": None, "prince": None, "relic_vp": None,
        "vp": {"red": 1, "blue": 1, "green": 2}, "disasters_delayed": False, "result": None,
    }


def private_view(seat: str = "ann") -> dict[str, Any]:
    view = copy.deepcopy(public_view())
    view["cities"]["London"]["troops"]["red"]["types"] = {"knight": 2, "men": 2, "archer": 1, "crossbow": 0}
    view["cities"]["Oxford"]["troops"]["red"]["types"] = {"knight": 1, "men": 2, "archer": 0, "crossbow": 0}
    view["me"] = {"seat": seat, "families": ["red"],
                  "hand": [{"id": "c1", "kind": "noble", "name": "Philippa", "deck": "character"},
                           {"id": "f3", "kind": "tax", "name": "Tax", "deck": "fortune"},
                           {"id": "f9", "kind": "ambush", "name": "Ambush", "deck": "fortune"}],
                  "hand_limit": 3, "shillings": 12, "draws": {"taken": 0, "characters": 0, "limit": 2}}
    return view
