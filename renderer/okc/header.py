"""The OKC boards' header band (renderer/band.py): round, season and step, whose turn, every
player's Influence with who leads and by how much, and on a seat's board its own marker, Influence
and Lore. Drawn large enough to read where Discord shows the board inline (about 550 px wide)."""

from __future__ import annotations

from renderer.band import Row, Seg, header_band, lead_words, place_words
from renderer.okc.read import Board
from renderer.palette import GOLD, Mark
from renderer.scene import Scene


def round_words(b: Board) -> str:
    """"Round 2 of 5 · Summer: Plateau clash": the round, then the view's phase label after its own
    "Round 2, " (the season or the Start of the Year, and the step), in words."""
    words = f"Round {b.round} of {b.rounds}"
    head, comma, rest = b.phase.partition(", ")
    if comma and head.startswith("Round") and rest.strip():
        return f"{words} · {rest.strip().replace('_', ' ')}"
    return f"{words} · {b.season.title()}" if b.season else words


def okc_band(scene: Scene, b: Board, mk: dict[str, Mark], seat: str | None = None) -> int:
    """The band over the board; ``seat`` on that seat's private board."""
    first: list[Seg] = []
    right: list[Seg] = []
    me = b.players.get(seat) if seat is not None else None
    if seat is not None and seat in mk:
        faction = f" · {me.faction}" if me is not None and me.faction else ""
        first.append(Seg("band_you", f"{seat}{faction}", mark=mk[seat], lead="You:", ink=GOLD, who=seat,
                         info={"seat": seat}))
    first.append(Seg("band_round", round_words(b), info={"round": b.round, "season": b.season}))
    if b.result:
        winners = " and ".join(str(s) for s in b.result.get("winners", [])) or "nobody"
        right.append(Seg("band_result", f"Game over: {winners} win{'s' if ' and ' not in winners else ''}",
                         ink=GOLD, info={"winners": list(b.result.get("winners", []))}))
    elif b.turn in mk:
        right.append(Seg("band_turn", b.turn, mark=mk[b.turn], lead="Turn:", who=b.turn, info={"seat": b.turn}))
    scores = [(s, b.players[s].influence) for s in b.seats if s in b.players]
    ranked = sorted(scores, key=lambda kv: (-kv[1], kv[0]))
    second = [Seg("band_score", f"{s} {value}" + (" Influence" if k == 0 else ""), mark=mk[s], who=s,
                  ink=GOLD if s == seat else "#ffffff", info={"value": value})
              for k, (s, value) in enumerate(ranked) if s in mk]
    standing = [Seg("band_lead", lead_words(scores, "Influence"))] if scores else []
    rows: list[Row] = [(first, right), (second, standing)]
    if me is not None:
        place = place_words(scores, str(seat), "Influence")
        rows.append(([Seg("band_own", f"{me.influence} Influence · {me.lore} Lore", ink=GOLD, who=str(seat),
                          info={"influence": me.influence, "lore": me.lore})],
                     [Seg("band_place", f"You: {place}", ink=GOLD)] if place else []))
    return header_band(scene, rows)
