"""Wording and layout: outcomes and outbox messages as Discord messages (text, embeds, views).

Everything public here is built from what the table marks public (public events, the public
view, status payloads, seat names); private wording (hands, prompts with legal choices) is only
ever used for DMs and ephemeral replies.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import discord

from bot.discord.context import mention
from bot.table import GameInfo, GameStatus, RulesHelp, Status
from bot.table import text as tabletext
from bot.table.helptopics import sections_label
from engine.core import Action

COLOUR = discord.Colour(0x8B5A2B)
LIMIT = 1990


def when(ts: float | None, style: str = "R") -> str:
    return f"<t:{int(ts)}:{style}>" if ts else ""


def split(text: str, limit: int = LIMIT) -> list[str]:
    """Split text into message-sized parts at line breaks."""
    parts: list[str] = []
    current = ""
    for line in text.splitlines() or [""]:
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) + 1 > limit:
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current or not parts:
        parts.append(current)
    return parts


def seats_text(info: GameInfo, *, mentions: bool = True) -> str:
    if not info.seats:
        return "nobody yet"
    return "\n".join(f"{s.position + 1}. **{s.seat}**" + (f" ({mention(s.user_id)})" if mentions else "")
                     + (f" — {tabletext.role_name(info, s.role)}" if s.role else "") for s in info.seats)


def roles_text(info: GameInfo) -> str:
    """Each role the lobby offers and who holds it."""
    return "\n".join(f"{tabletext.role_name(info, r.id)}: " + (f"**{r.seat}**" if r.seat else "free")
                     for r in info.roles)


def lobby_embed(info: GameInfo, *, max_seats: int, min_seats: int) -> discord.Embed:
    state = {GameStatus.LOBBY: "lobby: join, then the creator starts",
             GameStatus.ACTIVE: "started", GameStatus.PAUSED: "paused",
             GameStatus.FINISHED: "over", GameStatus.ABANDONED: "abandoned"}[info.status]
    e = discord.Embed(title=f"{info.title} — game {info.id}", description=f"Status: {state}", colour=COLOUR)
    wanted = info.players or f"{min_seats}-{max_seats}"
    e.add_field(name=f"Seats ({len(info.seats)} of {wanted})", value=seats_text(info)[:1024], inline=False)
    if info.roles:
        e.add_field(name="Colours and factions", value=roles_text(info)[:1024], inline=False)
    if info.options:
        e.add_field(name="Options", value=", ".join(f"{k}={v}" for k, v in sorted(info.options.items())),
                    inline=False)
    e.set_footer(text="Join takes a seat named after you; /game join seat:<name> picks one. "
                      + ("Pick a colour or faction in the menu (or /game role); the rest are dealt at the start. "
                         if info.roles else "")
                      + "Your private board and hand arrive by DM.")
    return e


def status_embed(info: GameInfo, payload: dict[str, Any]) -> discord.Embed:
    """The status message of a game (edited in place): phase, who is awaited, deadlines."""
    users = {s.seat: s.user_id for s in info.seats}
    e = discord.Embed(title=f"{info.title} — game {info.id}", colour=COLOUR)
    status = payload.get("status") or info.status.value
    e.description = f"**{payload.get('phase') or info.phase or 'lobby'}** · {status}"
    result = payload.get("result")
    if result:
        winners = ", ".join(f"{w} ({mention(users.get(w))})" for w in result.get("winners", []))
        e.add_field(name="Game over", value=f"{winners} won: {result.get('reason', '')}"[:1024], inline=False)
    waiting: dict[str, list[str]] = {}
    for w in payload.get("waiting", []):
        if not w.get("blocking"):
            continue
        due = f" · due {when(w.get('due'))}" if w.get("due") else ""
        waiting.setdefault(f"{w.get('prompt')}{due}", []).append(f"{w['seat']} ({mention(users.get(w['seat']))})")
    if waiting:
        e.add_field(name="Waiting on", value="\n".join(f"{', '.join(s)}: {p}" for p, s in waiting.items())[:1024],
                    inline=False)
    elif not result:
        e.add_field(name="Waiting on", value="nobody", inline=False)
    e.set_footer(text=f"state {payload.get('version', 0)} · /game hand for your choices · updated")
    e.timestamp = discord.utils.utcnow()
    return e


def status_reply(st: Status) -> discord.Embed:
    """``/game status``: public facts, plus (shown only to the asker) their legal actions."""
    assert st.game is not None
    info = st.game
    payload = {"status": info.status.value, "phase": info.phase, "result": st.result,
               "waiting": [{"seat": w.seat, "prompt": w.prompt, "blocking": w.blocking, "due": w.due}
                           for w in st.waiting]}
    e = status_embed(info, payload)
    e.add_field(name="Seats", value=seats_text(info)[:1024], inline=False)
    if info.roles:
        e.add_field(name="Colours and factions (/game role)", value=roles_text(info)[:1024], inline=False)
    if st.your_seat:
        e.add_field(name="You", value=f"seat **{st.your_seat}**", inline=False)
    return e


def view_text(view: dict[str, Any], limit: int = 3500) -> str:
    """A view as readable text: key: value lines (nested values as compact JSON)."""
    lines = []
    for k, v in view.items():
        shown = v if isinstance(v, str | int | float | bool) or v is None else json.dumps(v, ensure_ascii=False)
        lines.append(f"**{k}**: {shown}")
    text = "\n".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def action_label(action: Action) -> str:
    """A short button label for an action."""
    if action.kind in ("respond",) and isinstance(action.get("accept"), bool):
        return "Accept" if action.get("accept") else "Decline"
    if action.kind == "accept_offer":
        return f"Accept offer {action.get('offer')}"
    if action.kind == "decline_offer":
        return f"Decline offer {action.get('offer')}"
    values = [", ".join(map(str, v)) if isinstance(v, tuple) else str(v) for _, v in action.args]
    label = action.kind.replace("_", " ").capitalize() + (": " + " · ".join(values) if values else "")
    return label[:80]


def prompt_text(game: GameInfo | None, payload: dict[str, Any], *, public: bool = False) -> str:
    where = f"**{game.title} — game {game.id}**" if game else f"game {payload.get('game_id')}"
    due = f" (due {when(payload.get('due'))})" if payload.get("due") else ""
    if public:
        return f"{where}: {payload.get('prompt')}{due}"
    return f"{where} — your decision: **{payload.get('prompt')}**{due}"


def outgoing_text(m: Any) -> str:
    return tabletext.outgoing_text(m)


#: Discord's embed limits: title 256, description 4096, 25 fields (name 256, value 1024), 6000 in all.
EMBED_TOTAL, EMBED_FIELDS, EMBED_DESCRIPTION = 6000, 25, 4096


def rules_embed(helped: RulesHelp, path: Callable[[str], str]) -> discord.Embed:
    """The rule topics of ``/game rules``: with a topic asked, one field per matching topic (title and
    sections; summary and related commands spelled for Discord by ``path(kind)``); without, the list
    of topic titles. Kept within Discord's limits: topics that do not fit are named in the footer."""
    if not helped.topic:
        embed = discord.Embed(title=f"{helped.title}: rule topics"[:256], colour=COLOUR)
        lines = [f"**{t.title}** · {sections_label(t.sections)}" for t in helped.topics]
        embed.description = _fit_lines(lines, EMBED_DESCRIPTION)
        embed.set_footer(text="/game rules topic:<topic, word or section> gives a short summary. "
                              "Summaries are ours; the rulebook has the full text.")
        return embed
    embed = discord.Embed(title=f"{helped.title}: {helped.topic}"[:256], colour=COLOUR)
    footer = "Summaries are ours; the rulebook has the full text."
    used = len(embed.title or "") + len(footer) + 200  # room for the "more topics" note
    left_out = []
    for t in helped.topics:
        name = f"{t.title} · {sections_label(t.sections)}"[:256]
        value = t.summary
        if t.commands:
            value += "\nCommands: " + ", ".join(f"`{path(k)}`" for k in t.commands)
        value = value if len(value) <= 1024 else value[:1021] + "..."
        if len(embed.fields) >= EMBED_FIELDS or used + len(name) + len(value) > EMBED_TOTAL:
            left_out.append(t.title)
            continue
        embed.add_field(name=name, value=value, inline=False)
        used += len(name) + len(value)
    if left_out:
        footer = f"Also: {', '.join(left_out)}"[:190] + ". " + footer
    embed.set_footer(text=footer)
    return embed


def _fit_lines(lines: list[str], limit: int) -> str:
    """The lines joined, cut at a line boundary to stay within ``limit`` characters."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 4:
            out.append("...")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)[:limit]
