"""Toy games on the boomtown kernel, for the engine and conformance tests.

High Card, 2-4 players, a deck of the cards 1..20:

* deal: three cards to each seat, one chance draw per card (hands are hidden);
* each round every seat in turn, starting with seat ``round % players``, may select up to two
  cards of its hand (one decision per card, privately, undoable), then ends its turn: the
  selected cards are discarded face up and replaced by chance draws;
* then every seat secretly commits one card; the commitments are revealed together (a sealed
  step) and the highest card wins the round (the lowest with the ``low_wins`` house rule);
* the winner takes 2 points or rolls the die (a chance point) and scores its face.

After ``rounds`` rounds (default 2) ``returns()`` are the points.

Action ids: 0..19 a card (its value is id + 1) to be dealt, drawn, selected or committed;
20..25 a die face; 26 "end turn"; 27 "take 2 points"; 28 "roll the die".

The subclasses below each break exactly one rule of the contract; :data:`BROKEN` maps their
ruleset ids to the conformance check that must catch them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from boomtown.engine import CHANCE, TERMINAL, Ruleset, State
from boomtown.engine.actions import Prompt, families
from boomtown.engine.catalogue import Catalogue, Entry
from boomtown.engine.registry import register, unregister

CARDS = 20
DIE = 20
END_TURN, TAKE, ROLL = 26, 27, 28
SIZE = 29
HAND = 3
MAX_SELECT = 2


@dataclass(frozen=True)
class HighCardOptions:
    rounds: int = 2
    low_wins: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= HAND:
            raise ValueError(f"rounds must be 1..{HAND}, not {self.rounds}")


class HighCard(State):
    def __init__(self, ruleset: Ruleset, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.phase = "deal"  # deal, exchange, draw, commit, choose, die, over
        self.deck = list(range(CARDS))  # sorted; draws are chance outcomes
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.selected: list[list[int]] = [[] for _ in range(players)]
        self.commits: list[int | None] = [None] * players
        self.discard: list[int] = []
        self.points = [0] * players
        self.wins = [0] * players
        self.round = 0
        self.actor = 0  # seat in its exchange turn, receiving draws, or choosing
        self.turns = 0
        self.draws = 0
        self.revealed: list[int] | None = None
        self.winner: int | None = None

    # ------------------------------------------------------------ contract
    @property
    def current_player(self) -> int:
        if self.phase in ("deal", "draw", "die"):
            return CHANCE
        if self.phase == "commit":
            return self.commits.index(None)
        if self.phase == "over":
            return TERMINAL
        return self.actor

    def _compute_legal_ids(self) -> list[int]:
        if self.phase in ("deal", "draw"):
            return list(self.deck)
        if self.phase == "die":
            return list(range(DIE, DIE + 6))
        if self.phase == "exchange":
            chosen = self.selected[self.actor]
            room = len(chosen) < min(MAX_SELECT, len(self.deck))
            return [c for c in self.hands[self.actor] if room or c in chosen] + [END_TURN]
        if self.phase == "commit":
            return list(self.hands[self.current_player])
        return [TAKE, ROLL]  # choose

    def action_text(self, aid: int) -> str:
        if 0 <= aid < CARDS:
            verb = {"deal": "deal", "draw": "draw", "commit": "commit"}.get(self.phase, "card")
            if self.phase == "exchange":
                verb = "unselect" if aid in self.selected[self.actor] else "select"
            return f"{verb} {aid + 1}"
        if DIE <= aid < DIE + 6:
            return f"die shows {aid - DIE + 1}"
        return {END_TURN: "end turn", TAKE: "take 2 points", ROLL: "roll the die"}.get(
            aid, f"action {aid}"
        )

    def _chance_distribution(self) -> list[tuple[int, float]]:
        if self.phase == "die":
            return [(DIE + face, 1 / 6) for face in range(6)]
        return [(card, 1 / len(self.deck)) for card in self.deck]

    def _apply_id(self, aid: int) -> None:
        n = self.num_players
        if self.phase == "deal":
            self._give(sum(map(len, self.hands)) % n, aid, "is dealt")
            if all(len(hand) == HAND for hand in self.hands):
                self._start_round()
        elif self.phase == "draw":
            self._give(self.actor, aid, "draws")
            self.draws -= 1
            if self.draws == 0:
                self._next_turn()
        elif self.phase == "exchange":
            seat, chosen = self.actor, self.selected[self.actor]
            if aid == END_TURN:
                self._end_turn(seat)
            else:
                verb = "unselects" if aid in chosen else "selects"
                if aid in chosen:
                    chosen.remove(aid)
                else:
                    chosen.append(aid)
                    chosen.sort()
                self.log(f"seat {seat} {verb} {aid + 1}", frozenset({seat}))
        elif self.phase == "commit":
            seat = self.current_player
            self.hands[seat].remove(aid)
            self.commits[seat] = aid
            self.log(f"seat {seat} commits {aid + 1}", frozenset({seat}), f"seat {seat} commits")
            if None not in self.commits:
                self._reveal()
        elif self.phase == "choose":
            if aid == TAKE:
                self._score(2)
            else:
                self.log(f"seat {self.actor} rolls the die")
                self.phase = "die"
        else:  # die
            self._score(aid - DIE + 1)

    # ------------------------------------------------------------- helpers
    def _give(self, seat: int, card: int, verb: str) -> None:
        self.deck.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort()
        self.log(f"seat {seat} {verb} {card + 1}", frozenset({seat}), f"seat {seat} {verb} a card")

    def _start_round(self) -> None:
        self.phase, self.actor, self.turns = "exchange", self.round % self.num_players, 0

    def _end_turn(self, seat: int) -> None:
        chosen = self.selected[seat]
        if not chosen:
            self.log(f"seat {seat} keeps the hand")
            self._next_turn()
            return
        for card in chosen:
            self.hands[seat].remove(card)
        self.discard.extend(chosen)
        self.log(f"seat {seat} discards {', '.join(str(c + 1) for c in chosen)}")
        self.draws, self.selected[seat], self.phase = len(chosen), [], "draw"

    def _next_turn(self) -> None:
        self.turns += 1
        if self.turns == self.num_players:
            self.phase = "commit"
        else:
            self.phase, self.actor = "exchange", (self.actor + 1) % self.num_players

    def _reveal(self) -> None:
        self.seal()
        cards = [c for c in self.commits if c is not None]
        best = (min if self.options.low_wins else max)(cards)
        self.winner = self.actor = cards.index(best)
        self.revealed = cards
        self.discard.extend(cards)
        self.commits = [None] * self.num_players
        shown = ", ".join(f"seat {s} {c + 1}" for s, c in enumerate(cards))
        self.log(f"reveal: {shown}; seat {self.winner} wins the round")
        self.phase = "choose"

    def _score(self, points: int) -> None:
        assert self.winner is not None
        self.points[self.winner] += points
        self.wins[self.winner] += 1
        self.log(f"seat {self.winner} scores {points}")
        self.round += 1
        if self.round == self.options.rounds:
            self.phase = "over"
            self.log("game over")
        else:
            self._start_round()

    # ------------------------------------------------------------- views
    def _prompt(self, seat: int | None) -> Prompt:
        if self.phase == "deal":
            dealt = sum(map(len, self.hands))
            return Prompt(CHANCE, "Deal a card", for_seat=dealt % self.num_players)
        if self.phase == "draw":
            return Prompt(CHANCE, "Draw a replacement card", for_seat=self.actor)
        if self.phase == "die":
            return Prompt(CHANCE, "Roll the die", "Its face is the points", for_seat=self.winner)
        if self.phase == "exchange":
            chosen = len(self.selected[self.actor])
            return Prompt(self.actor, "Select up to two cards to exchange",
                          "Then end your turn", progress=f"{chosen} of {MAX_SELECT} selected")
        if self.phase == "commit":
            return Prompt(self.current_player, "Commit a card in secret",
                          "Revealed when everyone has committed")
        return Prompt(self.actor, "Take 2 points or roll the die", subjects=(f"seat:{self.actor}",))

    def _describe(self, aid: int) -> tuple[tuple[str, ...], str]:
        if aid < CARDS:
            return (f"card:{aid + 1}@hand",), ""
        if aid in (TAKE, ROLL):
            return (f"seat:{self.actor}",), ""
        return (), ""

    def _view(self, seat: int | None) -> dict[str, Any]:
        commit = None if seat is None else self.commits[seat]
        return {
            "seats": [f"seat:{s}" for s in range(self.num_players)],
            "hand_ids": [] if seat is None else [f"card:{c + 1}@hand" for c in self.hands[seat]],
            "phase": self.phase,
            "round": self.round,
            "actor": self.actor,
            "deck": len(self.deck),
            "hand_sizes": [len(hand) for hand in self.hands],
            "hand": [c + 1 for c in self.hands[seat]] if seat is not None else None,
            "selected": [c + 1 for c in self.selected[seat]] if seat is not None else None,
            "committed": [c is not None for c in self.commits],
            "my_commit": None if commit is None else commit + 1,
            "discard": [c + 1 for c in self.discard],
            "revealed": None if self.revealed is None else [c + 1 for c in self.revealed],
            "winner": self.winner,
            "points": list(self.points),
        }

    def returns(self) -> list[float]:
        if self.phase != "over":
            return [0.0] * self.num_players
        return [float(p) for p in self.points]

    def score_breakdown(self) -> dict[str, Any]:
        return {"points": list(self.points), "rounds_won": list(self.wins)}

    def component_counts(self) -> dict[str, int]:
        held = sum(len(hand) for hand in self.hands)
        committed = sum(c is not None for c in self.commits)
        return {"cards": len(self.deck) + held + committed + len(self.discard)}

    # ------------------------------------------------- copy, hidden, data
    def _copy_into(self, other: State) -> None:
        assert isinstance(other, HighCard)
        other.deck = list(self.deck)
        other.hands = [list(hand) for hand in self.hands]
        other.selected = [list(chosen) for chosen in self.selected]
        other.commits = list(self.commits)
        other.discard = list(self.discard)
        other.points = list(self.points)
        other.wins = list(self.wins)
        other.revealed = None if self.revealed is None else list(self.revealed)

    def _determinize(self, seat: int, rng: random.Random) -> State:
        other = self.clone()
        assert isinstance(other, HighCard)
        other.unshare()  # clones are copy-on-write: take private fields before changing them
        others = [s for s in range(self.num_players) if s != seat]
        pool = list(self.deck)
        for s in others:
            pool += self.hands[s]
            commit = self.commits[s]
            if commit is not None:
                pool.append(commit)
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            other.hands[s] = sorted(pool[:size])
            del pool[:size]
            if self.commits[s] is not None:
                other.commits[s] = pool.pop()
            if self.selected[s]:
                other.selected[s] = sorted(rng.sample(other.hands[s], len(self.selected[s])))
        other.deck = sorted(pool)
        other._legal_cache = None
        return other

    def _to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "deck": list(self.deck),
            "hands": [list(hand) for hand in self.hands],
            "selected": [list(chosen) for chosen in self.selected],
            "commits": list(self.commits),
            "discard": list(self.discard),
            "points": list(self.points),
            "wins": list(self.wins),
            "round": self.round,
            "actor": self.actor,
            "turns": self.turns,
            "draws": self.draws,
            "revealed": None if self.revealed is None else list(self.revealed),
            "winner": self.winner,
        }

    def _from_dict(self, data: dict[str, Any]) -> None:
        self.phase = data["phase"]
        self.deck = list(data["deck"])
        self.hands = [list(hand) for hand in data["hands"]]
        self.selected = [list(chosen) for chosen in data["selected"]]
        self.commits = list(data["commits"])
        self.discard = list(data["discard"])
        self.points = list(data["points"])
        self.wins = list(data["wins"])
        self.round, self.actor = data["round"], data["actor"]
        self.turns, self.draws = data["turns"], data["draws"]
        self.revealed = None if data["revealed"] is None else list(data["revealed"])
        self.winner = data["winner"]


# ------------------------------------------------------------ broken games
class LeakyView(HighCard):
    """Fault: every view shows every hand."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["hands"] = [[c + 1 for c in hand] for hand in self.hands]
        return view


class SharedClone(HighCard):
    """Fault: ``_copy_into`` forgets the hands, so a clone shares them with its original."""

    def _copy_into(self, other: State) -> None:
        hands = self.hands
        super()._copy_into(other)
        assert isinstance(other, HighCard)
        other.hands = hands  # not copied


class NondeterministicReplay(HighCard):
    """Fault: the discard pile is shuffled with the global ``random`` module."""

    def _reveal(self) -> None:
        super()._reveal()
        random.shuffle(self.discard)


class BadChance(HighCard):
    """Fault: card draws have probabilities 1 / (deck + 1): they sum to less than 1."""

    def _chance_distribution(self) -> list[tuple[int, float]]:
        if self.phase == "die":
            return super()._chance_distribution()
        return [(card, 1 / (len(self.deck) + 1)) for card in self.deck]


class MaskMismatch(HighCard):
    """Fault: a hand-made mask that forgets the highest legal id."""

    def legal_mask(self) -> list[bool]:
        mask = [False] * SIZE
        for aid in self.legal_action_ids()[:-1]:
            mask[aid] = True
        return mask


class MutatingIllegal(HighCard):
    """Fault: an illegal attempt costs a point, taken before IllegalAction is raised."""

    def explain_illegal(self, aid: int) -> str:
        self.points[max(self.current_player, 0)] -= 1
        return super().explain_illegal(aid)


class ComponentLeak(HighCard):
    """Fault: one committed card never reaches the discard pile."""

    def _reveal(self) -> None:
        super()._reveal()
        self.discard.pop()


class MissingSeal(HighCard):
    """Fault: the reveal is not sealed, so the last committer may undo after seeing it."""

    def seal(self) -> None:
        pass


class GenericPrompt(HighCard):
    """Fault: the commit prompt says nothing about the decision."""

    def _prompt(self, seat: int | None) -> Prompt:
        if self.phase == "commit":
            return Prompt(self.current_player, "Choose an action")
        return super()._prompt(seat)


class GhostTarget(HighCard):
    """Fault: taking the points targets a seat that no view shows."""

    def _describe(self, aid: int) -> tuple[tuple[str, ...], str]:
        return (("seat:9",), "") if aid == TAKE else super()._describe(aid)


class Uncatalogued(HighCard):
    """Fault: the view names a card the catalogue does not have."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {**super()._view(seat), "joker": "card:joker"}


class FaultyRules(HighCard):
    """Fault: a bug in the rules: taking the 2 points in round 2 scores them, then divides by
    zero (a half-applied action, as a real rules bug would leave it)."""

    def _apply_id(self, aid: int) -> None:
        if aid == TAKE and self.round == 1:
            self.points[self.actor] += 2
            self.log("half an action")
            self.points[self.actor] //= 0
        super()._apply_id(aid)


def make_ruleset(cls: type[HighCard], game_id: str, with_catalogue: bool = True) -> Ruleset:
    def factory(ruleset: Ruleset, players: int, seed: int, options: Any) -> State:
        return cls(ruleset, players, seed, options)

    return Ruleset(
        id=game_id,
        name=f"High Card ({cls.__name__})",
        version=1,
        player_counts=(2, 3, 4),
        options_type=HighCardOptions,
        action_space_size=SIZE,
        action_families=FAMILIES,
        catalogue_factory=catalogue if with_catalogue else None,
        factory=factory,
        description=cls.__doc__ or "",
        returns_range=(-1000.0, 1000.0),  # returns are the points scored
    )


def catalogue() -> Catalogue:
    return Catalogue("toy-high-card", [
        Entry(f"card:{v}", "card", f"card {v}", f"Worth {v} in the showdown.") for v in range(1, 21)
    ])


FAMILIES = families(
    [("card", "card", 0), ("die", "chance", DIE), ("end-turn", "pass", END_TURN),
     ("take", "score", TAKE), ("roll", "score", ROLL)],
    SIZE,
)
HIGH_CARD = make_ruleset(HighCard, "toy-high-card")

#: Broken ruleset id -> (ruleset, the conformance check that must catch it).
BROKEN: dict[str, tuple[Ruleset, str]] = {
    "toy-no-catalogue": (make_ruleset(HighCard, "toy-no-catalogue", False), "catalogue"),
} | {
    game_id: (make_ruleset(cls, game_id), check)
    for game_id, cls, check in [
        ("toy-leaky-view", LeakyView, "view-leak"),
        ("toy-shared-clone", SharedClone, "clone-independence"),
        ("toy-nondeterministic", NondeterministicReplay, "determinism"),
        ("toy-bad-chance", BadChance, "chance-distribution"),
        ("toy-mask-mismatch", MaskMismatch, "mask"),
        ("toy-mutating-illegal", MutatingIllegal, "illegal-rejected"),
        ("toy-component-leak", ComponentLeak, "component-counts"),
        ("toy-missing-seal", MissingSeal, "undo"),
        ("toy-faulty-rules", FaultyRules, "terminates"),
        ("toy-generic-prompt", GenericPrompt, "prompt"),
        ("toy-ghost-target", GhostTarget, "targets"),
        ("toy-uncatalogued", Uncatalogued, "catalogue"),
    ]
}

ALL_TOYS: list[Ruleset] = [HIGH_CARD, *(rs for rs, _ in BROKEN.values())]


@contextmanager
def registered(*rulesets: Ruleset) -> Iterator[None]:
    """Register rulesets (all toys by default) for the duration of a ``with`` block."""
    chosen = rulesets or tuple(ALL_TOYS)
    for ruleset in chosen:
        register(ruleset)
    try:
        yield
    finally:
        for ruleset in chosen:
            unregister(ruleset.id)
