"""The Fief board's header band (renderer/band.py): round and phase, whose turn, every family's
victory points with who leads and by how much, and on a seat's board its own family's marker and
shillings. Drawn large enough to read where Discord shows the board inline (about 550 px wide)."""

from __future__ import annotations

from typing import Any

from renderer.band import Row, Seg, header_band, lead_words, place_words
from renderer.palette import GOLD, Mark
from renderer.scene import Scene


def phase_words(view: dict[str, Any]) -> str:
    """"Round 3 of 7 · Phase 5: Movement" (the phase's name from the view's label, without its step)."""
    words = f"Round {view.get('round', 1)} of 7 · Phase {view.get('phase', 0)}"
    label = str(view.get("label") or "")
    _, colon, name = label.partition(": ")
    name = name.partition(" - ")[0].strip()
    return f"{words}: {name}" if colon and name else words


def family_word(view: dict[str, Any], fid: str) -> str:
    f = (view.get("families") or {}).get(fid) or {}
    return str(f.get("name") or fid)


def fief_band(scene: Scene, view: dict[str, Any], fm: dict[str, Mark], seat: str | None = None,
              own: list[str] | None = None) -> int:
    """The band over the map; ``seat`` and its families ``own`` on a private board."""
    families = view.get("families") or {}
    vp = view.get("vp") or {}
    first: list[Seg] = [Seg("band_round", phase_words(view), info={"round": view.get("round"),
                                                                     "phase": view.get("phase")})]
    right: list[Seg] = []
    result = view.get("result")
    turn = view.get("turn") or {}
    if isinstance(result, dict):
        winners = " and ".join(family_word(view, f) for f in result.get("winners") or []) or "nobody"
        first.append(Seg("band_result", f"Game over: {winners} win{'s' if ' and ' not in winners else ''}",
                         ink=GOLD, info={"winners": list(result.get("winners") or [])}))
    elif isinstance(turn, dict) and turn.get("family") in fm:
        fid = str(turn["family"])
        right.append(Seg("band_turn", f"{family_word(view, fid)} ({turn.get('seat') or families[fid].get('seat')})",
                         mark=fm[fid], lead="Turn:", who=fid, info={"seat": turn.get("seat")}))
    if seat is not None:
        me = view.get("me") or {}
        mine = [f for f in own or [] if f in fm]
        for k, fid in enumerate(mine):  # a seat may play more than one family
            last = k == len(mine) - 1
            right.append(Seg("band_you", family_word(view, fid) + (f" · {me.get('shillings', 0)} shillings"
                                                                   if last else ""),
                             mark=fm[fid], lead="You:" if k == 0 else "", who=fid, ink=GOLD,
                             info={"seat": seat, "shillings": me.get("shillings", 0)}))
    scores = [(family_word(view, fid), int(vp.get(fid, 0) or 0)) for fid in sorted(families)]
    ranked = sorted(sorted(families), key=lambda fid: (-int(vp.get(fid, 0) or 0), fid))
    second = [Seg("band_score", f"{family_word(view, fid)} {int(vp.get(fid, 0) or 0)}"
                  + (" VP" if k == 0 else ""), mark=fm[fid], who=fid,
                  ink=GOLD if seat is not None and fid in (own or []) else "#ffffff",
                  info={"value": int(vp.get(fid, 0) or 0)})
              for k, fid in enumerate(ranked) if fid in fm]
    standing: list[Seg] = [Seg("band_lead", lead_words(scores, "VP"))] if scores else []
    if seat is not None and own:
        place = place_words(scores, family_word(view, own[0]), "VP")
        if place:
            standing = [Seg("band_lead", f"You: {place}", ink=GOLD)]
    rows: list[Row] = [(first, right), (second, standing)]
    return header_band(scene, rows)
