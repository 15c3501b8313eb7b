"""Wording and layout: outcomes and outbox messages as Discord messages (text, embeds, views).

Everything public here is built from what the table marks public (public events, the public
view, status payloads, seat names); private wording (hands, prompts with legal choices) is only
ever used for DMs and ephemeral replies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord.context import mention
from bot.table import Command, GameInfo, GameStatus, Guide, Hand, RulesHelp, SeatInfo, Status
from bot.table import text as tabletext
from bot.table.helptopics import sections_label
from engine.core import CommandGroup

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
    return "\n".join(f"{s.position + 1}. **{s.name or s.seat}**" + (f" ({holder(s)})" if mentions else "")
                     + (f" plays {tabletext.role_name(info, s.role)}" if s.role else "") for s in info.seats)


def holder(s: SeatInfo) -> str:
    """Who plays a seat: the person (a mention), or a computer player and its strength."""
    if s.computer:
        return f"computer player, {s.agent}" + ("" if s.user_id.startswith("computer:") else
                                                f", for {mention(s.user_id)}")
    return mention(s.user_id)


def roles_text(info: GameInfo) -> str:
    """Each role the lobby offers and who holds it."""
    names = {s.seat: s.name or s.seat for s in info.seats}
    return "\n".join(f"{r.label}: " + (f"**{names.get(r.seat, r.seat)}**" if r.seat else "free") for r in info.roles)


def lobby_embed(info: GameInfo, *, max_seats: int, min_seats: int, roles: dict[str, str] | None = None) -> discord.Embed:
    """The lobby message; once the game has started, who plays what (``roles``: seat -> role in words)."""
    state = {GameStatus.LOBBY: "in its lobby: join, then the creator starts",
             GameStatus.ACTIVE: "under way", GameStatus.PAUSED: "paused",
             GameStatus.FINISHED: "over", GameStatus.ABANDONED: "abandoned"}[info.status]
    e = discord.Embed(title=f"{info.title}, game {info.id}", description=f"The game is {state}.", colour=COLOUR)
    if info.status is not GameStatus.LOBBY:
        lines = [f"**{s.name or s.seat}** ({holder(s)})"
                 + (f" plays {(roles or {}).get(s.seat) or tabletext.role_name(info, s.role)}"
                    if (roles or {}).get(s.seat) or s.role else "") for s in info.seats]
        e.add_field(name="Players", value="\n".join(lines)[:1024] or "nobody", inline=False)
        e.set_footer(text="Choices come by direct message; /game status, /game hand and /game log work here "
                          "and in DMs.")
        return e
    wanted = info.players or f"{min_seats} to {max_seats}"
    e.add_field(name=f"Seats ({len(info.seats)} of {wanted})", value=seats_text(info)[:1024], inline=False)
    if info.roles:
        e.add_field(name="Families and factions", value=roles_text(info)[:1024], inline=False)
    if info.notes:
        e.add_field(name="Modules", value="\n".join(info.notes)[:1024], inline=False)
    chosen = {k: v for k, v in sorted(info.options.items()) if str(v) != "" and k != "roles"}
    if chosen:   # as typed in /game new options: (a blank one, such as no modules, is left out)
        e.add_field(name="Options", value=", ".join(
            f"`{k}={str(v).lower() if isinstance(v, bool) else v}`" for k, v in chosen.items())[:1024], inline=False)
    e.set_footer(text="Join takes a seat named after you; the creator may add computer players in the menu. "
                      + ("Pick a family or faction in the menu (or /game role); the rest are dealt at the start. "
                         if info.roles else "")
                      + "Your private board and choices arrive by direct message.")
    return e


def discord_time(ts: float) -> str:
    return f"<t:{int(ts)}:f> (<t:{int(ts)}:R>)"


def status_embed(info: GameInfo, payload: dict[str, Any]) -> discord.Embed:
    """The status message of a game (edited in place): the phase in words, who is awaited, until when."""
    e = discord.Embed(title=f"{info.title}, game {info.id}", colour=COLOUR)
    e.description = "\n".join(tabletext.status_lines(payload, when=discord_time))[:4000] or "Under way."
    e.set_footer(text="Your hand and choices: /game hand · what happened: /game log · updated")
    e.timestamp = discord.utils.utcnow()
    return e


def guide_embed(g: Guide) -> discord.Embed:
    """``/game help`` in one embed: what to do now (the asker's deadline as Discord shows times), then
    the five commands that matter there."""
    e = discord.Embed(title=(f"{g.game.title}, game {g.game.id}: what to do now" if g.game else "What to do now")[:256],
                      colour=COLOUR)
    lines = list(g.now) + ([f"You have until {discord_time(g.due)}."] if g.due else [])
    e.description = "\n".join(lines)[:EMBED_DESCRIPTION]
    e.add_field(name="The commands that matter here",
                value="\n".join(f"`{path}`: {what}" for path, what in g.commands)[:1024] or "-", inline=False)
    e.set_footer(text="Every command: /game rules")
    return e


def status_reply(st: Status) -> discord.Embed:
    """``/game status``: the phase in words, who is awaited and until when, the players; the asker's
    question and choices (the reply is shown to the asker only)."""
    assert st.game is not None
    info = st.game
    e = discord.Embed(title=f"{info.title}, game {info.id}", colour=COLOUR)
    if info.status is GameStatus.LOBBY:
        e.description = "In its lobby."
    elif st.result:
        e.description = "\n".join(st.ending or ("The game is over.",))[:EMBED_DESCRIPTION]
    else:
        waiting = [{"seat": w.seat, "name": w.name or w.seat, "due": w.due} for w in st.waiting if w.blocking]
        e.description = f"**{st.title or info.phase}**\n" + tabletext.waiting_line(waiting, when=discord_time)
    e.add_field(name="Players", value=seats_text(info)[:1024], inline=False)
    if info.roles:
        e.add_field(name="Families and factions (/game role)", value=roles_text(info)[:1024], inline=False)
    if st.question:
        e.add_field(name="Waiting for you (only you see this)", value=st.question[:1024], inline=False)
    if st.choices:
        shown = "\n".join(f"• {c}" for c in st.choices[:15]) + ("\n…" if len(st.choices) > 15 else "")
        e.add_field(name="Your choices", value=shown[:1024], inline=False)
    return e


def hand_embed(hand: Hand) -> discord.Embed:
    """``/game hand``: what only this seat knows, one field per section of the game's words."""
    info = hand.game
    title = f"{info.title}, game {info.id}: what only you know" if info else "What only you know"
    e = discord.Embed(title=title[:256], colour=COLOUR)
    used = len(e.title or "")
    for name, lines in hand.sections[:24]:
        value = "\n".join(lines) or "nothing"
        value = value if len(value) <= 1024 else value[:1020] + "\n…"
        if used + len(name) + len(value) > 5800:
            break
        e.add_field(name=name[:256] or "-", value=value, inline=False)
        used += len(name) + len(value)
    if not hand.sections:
        e.description = "Nothing hidden: everything you hold is on the board."
    return e


def prompt_text(game: GameInfo | None, payload: dict[str, Any], *, public: bool = False) -> str:
    where = f"**{game.title}, game {game.id}**" if game else f"game {payload.get('game_id')}"
    return f"{where}: {payload.get('question') or 'the game waits for you'}"


def outgoing_text(m: Any) -> str:
    return tabletext.outgoing_text(m, when=discord_time)


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


#: At most this many pages (a select holds 25 options).
MAX_PAGES = 25


def rules_pages(helped: RulesHelp, commands: Sequence[Command],
                groups: Sequence[CommandGroup] = ()) -> list[tuple[str, discord.Embed]]:
    """``/game rules`` as pages of one embed, each with the label its select shows: first the topics
    (the matching ones with their summaries, else every title), then the commands asked for, as
    Discord spells them with their rule sections: one page per group of the game (``/fief war``),
    else as many pages as they take. The footer says which page of how many."""
    pages: list[tuple[str, discord.Embed]] = []
    if helped.topics:
        label = f"About {helped.topic}" if helped.topic else "Rule topics"
        pages.append((label, rules_embed(helped, lambda kind: helped.paths.get(kind, f"/{helped.group} {kind}"))))
    wanted = {c.usage for c in helped.commands}
    chosen = [c for c in commands if c.usage() in wanted]

    def line(c: Command) -> str:
        flags = (" (GM)" if c.gm else "") + (" (secret: DM or ephemeral)" if c.secret else "")
        return f"`{c.usage()}`{flags}{f' §{c.section}' if c.section else ''}: {c.doc}"

    about = f" about “{helped.topic}”" if helped.topic else ""
    sets = [(f"/{g.command or helped.group} {g.name}",
             f"{helped.title}: `/{g.command or helped.group} {g.name}`, {g.doc[:1].lower() + g.doc[1:]}",
             [c for c in chosen if c.subgroup == g.name]) for g in groups]
    sets = [x for x in sets if x[2]] if groups else [("Commands", f"{helped.title}: commands{about}", chosen)]
    for label, title, cmds in sets:
        chunks: list[list[str]] = [[]]
        for c in cmds:
            text = line(c)[:1000]
            if sum(len(x) + 1 for x in chunks[-1]) + len(text) > EMBED_DESCRIPTION - 100:
                chunks.append([])
            chunks[-1].append(text)
        for i, chunk in enumerate(chunks):
            embed = discord.Embed(title=title[:256], colour=COLOUR, description="\n".join(chunk))
            pages.append((label if i == 0 else f"{label} ({i + 1})", embed))
    pages = pages[:MAX_PAGES] or [("Rules", discord.Embed(title=f"{helped.title}: rules"[:256], colour=COLOUR,
                                                         description="Nothing to show here yet."))]
    for i, (_, embed) in enumerate(pages):
        note = embed.footer.text if embed.footer and embed.footer.text else "§ = rule section."
        embed.set_footer(text=(f"Page {i + 1} of {len(pages)}. " + note)[:2048] if len(pages) > 1 else note)
    return pages


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
