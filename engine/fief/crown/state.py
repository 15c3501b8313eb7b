"""The state of Phase 1's politics (9.1-9.3, 13.3): the election under way, Parliament's vote, the
Royal Tax still to share out and the deeds that earn the Order of the Garter this round.

Secrets: which of a family's two vote markers is FOR and which is DECOY (9.1), each family's
Parliament vote (9.2) and the shillings of the Royal Tax not yet shared out stay out of the public
view (views.py) and are shuffled by ``permute_hidden``; the candidates a family placed markers on,
who has voted and the Burghers activated are public. Votes pledged in a deal (deals.py) are known to
the two players who struck it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Politics:
    candidates: list[str] = field(default_factory=list)          # nobles declared this election (9.1)
    ballots: dict[str, list[str]] = field(default_factory=dict)  # family -> [FOR target, DECOY target], "" unplaced
    parliament_round: int = 0                                    # round Parliament was last convened (9.2)
    votes: dict[str, bool] = field(default_factory=dict)         # family -> votes FOR the Royal Tax (hidden)
    burghers: dict[str, int] = field(default_factory=dict)       # family -> Burgher votes added (11.2, public)
    tax_left: int = 0                                            # Royal Tax shillings not yet shared out (hidden)
    garter_round: int = 0                                        # round the last Garter was awarded (13.3)
    deeds: list[str] = field(default_factory=list)               # Lords who earned the Garter this round (13.3)
    pledges: dict[str, str] = field(default_factory=dict)        # seat -> candidate or tax_for/tax_against pledged
