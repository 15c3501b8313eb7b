"""The score by round, drawn for the end of a game: Fief's VPs by round, OKC's Influence by Year.

Drawn from the public view (``history``: each seat's score at the end of each round; OKC adds the
tally after its end-of-game changes as a last point, "End") with ``names``: each seat's name as the
thread says it ("Red (Alice)", "The Clans (Bob)"), added by the table. One line per seat in its
colour, with its marker (shape and letter) on every point and a legend giving the final score.

``build_scene(view)`` gives the scene (tests assert on its ``series`` items), ``draw(view, seat)``
the PNG (the signature of every drawer: ``seat`` is ignored, the chart is public).
"""

from __future__ import annotations

from typing import Any

from renderer.fief.public import family_marks
from renderer.fonts import fit
from renderer.paint import render_scene
from renderer.palette import BACKGROUND, GOLD, INK_DARK, INK_LIGHT, PANEL, PANEL_EDGE, Mark, marks
from renderer.scene import Item, Scene
from renderer.widgets import mark, text

WIDTH, HEIGHT = 1100, 640
LEFT, TOP, RIGHT, BOTTOM = 80, 80, 690, 550   # the plot area
LEGEND_X = 720
GRID = "#3a4757"


def seat_marks(view: dict[str, Any], seats: list[str]) -> dict[str, Mark]:
    """Each seat's mark as its game's boards draw it: Fief, its (first) family's; OKC, by sorted seat."""
    if view.get("game") == "fief":
        fm = family_marks(view)
        out: dict[str, Mark] = {}
        for s in seats:
            fams = list((view.get("seats") or {}).get(s, {}).get("families") or [])
            m = fm.get(fams[0]) if fams else None
            out[s] = Mark(s, m.colour, m.shape, m.letter, m.ink) if m else marks(seats)[s]
        return out
    return marks(sorted(seats))


def series(view: dict[str, Any]) -> tuple[list[str], dict[str, list[int]]]:
    """The round labels and each seat's score at each of them."""
    history: list[dict[str, int]] = [dict(r) for r in view.get("history") or []]
    fief = view.get("game") == "fief"
    # At the end the last entry is the last round; a game saved before rounds were kept has fewer entries.
    first = max(1, int(view.get("round") or len(history)) - len(history) + 1) if view.get("result") else 1
    ticks = [f"{'R' if fief else 'Y'}{first + i}" for i in range(len(history))]
    seats = seat_order(view)
    points = {s: [int(r.get(s, 0)) for r in history] for s in seats}
    ending = view.get("ending")
    if not fief and ending:   # OKC: the tally after the end-of-game changes
        players = view.get("players") or {}
        ticks.append("End")
        for s in seats:
            points[s].append(int((players.get(s) or {}).get("influence", 0)))
    return ticks, points


def seat_order(view: dict[str, Any]) -> list[str]:
    if view.get("game") == "fief":
        return sorted(view.get("seats") or {})
    return sorted(view.get("players") or {})


def final_scores(view: dict[str, Any], points: dict[str, list[int]]) -> dict[str, int]:
    if view.get("game") == "fief":
        return {s: int(v.get("vp", 0)) for s, v in (view.get("seats") or {}).items()}
    return {s: int((v or {}).get("influence", 0)) for s, v in (view.get("players") or {}).items()}


def build_scene(view: dict[str, Any]) -> Scene:
    fief = view.get("game") == "fief"
    unit = "VPs" if fief else "Influence"
    scene = Scene(WIDTH, HEIGHT, BACKGROUND)
    ticks, points = series(view)
    seats = list(points)
    mk = seat_marks(view, seats)
    names: dict[str, str] = {str(k): str(v) for k, v in (view.get("names") or {}).items()}
    winners = set((view.get("result") or {}).get("winners") or [])
    title = "Victory points by round" if fief else "Influence by Year"
    text(scene, "title", 30, 22, title, size=30, bold=True)
    top = max([v for vals in points.values() for v in vals] + [3 if fief else 5])
    step = 1 if top <= 8 else 2 if top <= 16 else 5 if top <= 40 else 10
    top = -(-top // step) * step
    scene.add(Item("plot", "rect", LEFT, TOP, RIGHT - LEFT, BOTTOM - TOP, fill=PANEL, outline=PANEL_EDGE, width=2))

    def y_of(v: int) -> int:
        return BOTTOM - round((BOTTOM - TOP) * v / top)

    def x_of(i: int) -> int:
        if len(ticks) <= 1:
            return (LEFT + RIGHT) // 2
        return LEFT + 40 + round((RIGHT - LEFT - 80) * i / (len(ticks) - 1))

    for v in range(0, top + 1, step):
        scene.add(Item("grid", "line", points=((LEFT, y_of(v)), (RIGHT, y_of(v))), fill=GRID, width=1))
        text(scene, "y_tick", LEFT - 12, y_of(v), str(v), size=22, anchor="rm", value=v)
    for i, t in enumerate(ticks):
        text(scene, "x_tick", x_of(i), BOTTOM + 24, t, size=22, bold=True, anchor="mt", index=i)
    text(scene, "axis", LEFT, BOTTOM + 58, "R: round" if fief else "Y: Year; End: after the last changes",
         size=20, ink="#c9d1db")
    # Lines first, then the markers on top; a small sideways nudge per seat keeps equal scores apart.
    for n, s in enumerate(seats):
        nudge = (n - (len(seats) - 1) / 2) * 18
        pts = tuple((x_of(i) + round(nudge), y_of(v)) for i, v in enumerate(points[s]))
        if len(pts) > 1:
            scene.add(Item("series", "line", points=pts, fill=mk[s].colour, outline=INK_DARK, width=5, who=s,
                           info={"values": list(points[s]), "ticks": list(ticks), "cased": True}))
        else:
            scene.add(Item("series", "none", who=s, info={"values": list(points[s]), "ticks": list(ticks)}))
    for s in seats:
        nudge = (seats.index(s) - (len(seats) - 1) / 2) * 18
        for i, v in enumerate(points[s]):
            mark(scene, "point", mk[s], x_of(i) + round(nudge), y_of(v), 26, where=ticks[i], value=v)
    # The legend: marker, name, final score; the winners first and crowned in gold.
    final = final_scores(view, points)
    y = TOP
    text(scene, "legend_title", LEGEND_X, y - 44, "Final score", size=26, bold=True, ink="#f0d890")
    for s in sorted(seats, key=lambda s: (s not in winners, -final.get(s, 0), s)):
        won = s in winners
        scene.add(Item("legend_box", "rect", LEGEND_X - 8, y - 6, WIDTH - LEGEND_X - 16, 82,
                       fill=PANEL, outline=GOLD if won else PANEL_EDGE, width=3 if won else 2, who=s))
        mark(scene, "legend_mark", mk[s], LEGEND_X + 22, y + 34, 36, where="legend")
        name = fit(names.get(s, s), 21, WIDTH - LEGEND_X - 80, True)
        text(scene, "legend", LEGEND_X + 50, y + 4, name, size=21, bold=True, where="legend", who=s)
        score = f"{final.get(s, 0)} {unit if final.get(s, 0) != 1 or not fief else 'VP'}" + (" · wins" if won else "")
        text(scene, "legend_score", LEGEND_X + 50, y + 38, score, size=22, ink=GOLD if won else INK_LIGHT,
             where="legend", who=s, won=won, score=final.get(s, 0))
        y += 94
    return scene


def draw(view: dict[str, Any], seat: str | None = None) -> bytes:
    return render_scene(build_scene(view))
