"""The kernel's decision machine: step registration, the run loop, nested decisions, fields."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, NamedTuple

import pytest

from boomtown.engine import CHANCE, TERMINAL, IllegalAction, RulesFault, load_snapshot
from boomtown.engine.actions import families
from boomtown.engine.machine import (
    AUTO,
    CHANCE_STEP,
    DECISION,
    EVERYONE,
    MAX_AUTO_STEPS,
    OTHERS,
    Field,
    Fields,
    Machine,
    MachineState,
    MachineStuck,
    advance,
    array,
    kinds_problem,
    push,
    settle,
    table,
    value,
)
from boomtown.engine.registry import register, unregister
from boomtown.engine.ruleset import Ruleset

# ----------------------------------------------------------- a tiny game
# Each seat in turn picks 1 or 2, or "ask": the next seat must then answer yes or no (a nested
# sub-decision) before the asker picks. A die roll (chance) ends each round; two rounds.
PICK_ONE, PICK_TWO, ASK, YES, NO = 0, 1, 2, 3, 4
FACE = 5  # 5..10: die faces 1..6
SIZE = FACE + 6

TINY = Machine("tiny")


@dataclass(frozen=True)
class TinyOptions:
    loop: bool = False  # the rules loop forever (a fault the machine must catch)


@TINY.decision("Pick 1 or 2, or ask seat {seat}'s neighbour first", kinds=("pick", "ask"))
class Pick(NamedTuple):
    seat: int
    asked: bool

    def legal(self, st: Tiny) -> list[int]:
        return [PICK_ONE, PICK_TWO] if self.asked else [PICK_ONE, PICK_TWO, ASK]

    def choose(self, st: Tiny, aid: int) -> None:
        if aid == ASK:
            push(st, Answer((self.seat + 1) % st.num_players, self.seat), Pick(self.seat, True))
            return
        st.total[self.seat] += aid + 1
        st.log(f"seat {self.seat} picks {aid + 1}")


@TINY.decision("Answer seat {asker}", kinds=("answer",))
class Answer(NamedTuple):
    seat: int
    asker: int

    def legal(self, st: Tiny) -> list[int]:
        return [YES, NO]

    def choose(self, st: Tiny, aid: int) -> None:
        st.answers.append(aid == YES)


@TINY.chance("Roll the die", "Its face is added to the pot")
class Roll(NamedTuple):
    def outcomes(self, st: Tiny) -> list[tuple[int, float]]:
        return [(FACE + face, 1 / 6) for face in range(6)]

    def choose(self, st: Tiny, aid: int) -> None:
        st.pot += aid - FACE + 1


@TINY.auto
class Round(NamedTuple):
    number: int

    def run(self, st: Tiny) -> None:
        if st.looping:
            push(st, Round(self.number))
            return
        if self.number < 2:
            push(st, *(Pick(s, False) for s in range(st.num_players)), Roll(),
                 Round(self.number + 1))


class Tiny(MachineState):
    MACHINE = TINY
    FIELDS = Fields(value("pot"), value("looping"), array("total"), array("answers"),
                    table("secret", hidden=OTHERS), array("deck", hidden=EVERYONE))

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.pot = 0
        self.looping = options.loop
        self.total = [0] * players
        self.answers: list[bool] = []
        self.secret = [[s] for s in range(players)]
        self.deck = [7, 8, 9]
        self.start(Round(0))

    def action_text(self, aid: int) -> str:
        return ("pick 1", "pick 2", "ask", "yes", "no")[aid] if aid < FACE else f"{aid - 4}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"pot": self.pot, "total": list(self.total)}

    def returns(self) -> list[float]:
        return [float(t) for t in self.total]

    def score_breakdown(self) -> dict[str, Any]:
        return {"total": list(self.total)}

    def component_counts(self) -> dict[str, int]:
        return {"cards": len(self.deck) + sum(map(len, self.secret))}


RULESET = Ruleset(
    id="test-machine-tiny", name="Tiny", version=1, player_counts=(2, 3), options_type=TinyOptions,
    action_space_size=SIZE, factory=lambda rs, n, seed, options: Tiny(rs, n, seed, options),
    action_families=families(
        [("pick", "pick", 0), ("ask", "ask", ASK), ("answer", "answer", YES),
         ("die", "chance", FACE)], SIZE),
)


@pytest.fixture
def tiny() -> Any:
    register(RULESET)
    yield RULESET
    unregister(RULESET.id)


def test_the_run_loop_stops_at_decisions_and_chance(tiny: Ruleset) -> None:
    st = tiny.new_game(2, 0)
    assert st.current_player == 0 and st.legal_action_ids() == [PICK_ONE, PICK_TWO, ASK]
    st.apply(PICK_TWO)
    assert st.current_player == 1
    st.apply(PICK_ONE)
    assert st.current_player == CHANCE
    assert st.chance_outcomes()[0][1] == pytest.approx(1 / 6)
    assert st.prompt().title == "Roll the die" and st.prompt().kind == "chance"
    st.apply(FACE + 5)
    assert (st.pot, st.total, st.current_player) == (6, [2, 1], 0)


def test_a_nested_sub_decision_returns_to_its_parent(tiny: Ruleset) -> None:
    st = tiny.new_game(3, 0)
    st.apply(ASK)
    assert st.current_player == 1 and st.prompt().title == "Answer seat 0"
    assert kinds_problem(st, st.legal_action_ids()) is None
    st.apply(YES)
    assert st.current_player == 0 and st.legal_action_ids() == [PICK_ONE, PICK_TWO]
    assert st.prompt(2).title == "Pick 1 or 2, or ask seat 0's neighbour first"
    st.apply(PICK_ONE)
    assert (st.current_player, st.answers, st.total) == (1, [True], [1, 0, 0])


def test_a_game_on_the_machine_plays_to_the_end_and_round_trips(tiny: Ruleset) -> None:
    st = tiny.new_game(2, 4)
    rng = random.Random(2)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.current_player == CHANCE
                 else rng.choice(st.legal_actions()))
        again = load_snapshot(st.snapshot())
        assert again.snapshot() == st.snapshot()
        assert again.legal_action_ids() == st.legal_action_ids()
    assert st.current_player == TERMINAL and st.stack == []


def test_clones_own_their_fields_after_a_move(tiny: Ruleset) -> None:
    st = tiny.new_game(2, 0)
    other = st.clone()
    other.apply(ASK)
    assert st.stack != other.stack and st.current_player == 0
    other.unshare()
    other.secret[0].append(5)
    assert st.secret == [[0], [1]]


def test_determinize_redeals_only_what_the_seat_cannot_see(tiny: Ruleset) -> None:
    st = tiny.new_game(3, 0)
    seen = set()
    for seed in range(30):
        world = st.determinize(1, random.Random(seed))
        assert world.secret[1] == [1] and len(world.deck) == 3
        assert sorted(world.deck + world.secret[0] + world.secret[2]) == [0, 2, 7, 8, 9]
        assert world.deck == sorted(world.deck)
        seen.add(tuple(world.secret[0]))
    assert st.secret == [[0], [1], [2]] and len(seen) > 1


def test_rules_that_loop_are_stuck_and_the_state_is_unchanged(tiny: Ruleset) -> None:
    with pytest.raises(MachineStuck):
        tiny.new_game(2, 0, {"loop": True})
    st = tiny.new_game(2, 0)
    st.apply(PICK_ONE)
    st.apply(PICK_ONE)
    world = st.editable_copy()
    assert isinstance(world, Tiny)
    world.looping = True  # from the next round on
    before = world.snapshot()
    with pytest.raises(RulesFault) as info:
        world.apply(FACE)
    assert isinstance(info.value.cause, MachineStuck)
    assert world.snapshot() == before


# ------------------------------------------------------------ registration
def test_step_types_are_checked_when_registered() -> None:
    machine = Machine("checks")
    with pytest.raises(TypeError, match="NamedTuple"):
        machine.auto(type("Plain", (), {"run": lambda self, st: None}))

    class NoSeat(NamedTuple):
        who: int

        def legal(self, st: Any) -> list[int]:
            return [0]

        def choose(self, st: Any, aid: int) -> None:
            pass

    with pytest.raises(TypeError, match="seat field"):
        machine.decision("Choose")(NoSeat)

    class NoRun(NamedTuple):
        n: int

    with pytest.raises(TypeError, match="needs run"):
        machine.auto(NoRun)

    class Roll(NamedTuple):
        def outcomes(self, st: Any) -> list[tuple[int, float]]:
            return [(0, 1.0)]

        def choose(self, st: Any, aid: int) -> None:
            pass

    with pytest.raises(ValueError, match="title"):
        machine.chance(" ")(Roll)
    machine.chance("Roll", private=True)(Roll)
    with pytest.raises(ValueError, match="twice"):
        machine.chance("Roll")(Roll)
    assert machine.vocabulary() == [("Roll", CHANCE_STEP, "Roll")]
    assert Roll().legal(None) == [0]
    assert Roll().prompt(None, None).private


def test_a_chance_step_may_keep_its_outcome_ids_ready() -> None:
    machine = Machine("ready")
    faces = [(FACE + face, 1 / 6) for face in range(6)]
    ready = [aid for aid, _ in faces]

    @machine.chance("Roll from a table")
    class Table(NamedTuple):
        def outcomes(self, st: Any) -> list[tuple[int, float]]:
            return faces

        def legal(self, st: Any) -> list[int]:
            return ready

        def choose(self, st: Any, aid: int) -> None:
            pass

    assert Table().legal(None) is ready, "the step's own list, not one derived per call"
    assert Roll().legal(None) == ready, "without one, the ids of the outcomes"
    assert Roll().legal(None) is not Roll().legal(None)


def test_a_chance_step_with_only_its_legal_ids_draws_each_alike() -> None:
    machine = Machine("pile")

    @machine.chance("Draw a card")
    class Draw(NamedTuple):
        def legal(self, st: Any) -> list[int]:
            return [4, 9, 17]

        def choose(self, st: Any, aid: int) -> None:
            pass

    state = SimpleNamespace(legal_action_ids=lambda: [4, 9, 17])
    assert Draw().outcomes(state) == [(4, 1 / 3), (9, 1 / 3), (17, 1 / 3)]

    class Neither(NamedTuple):
        def choose(self, st: Any, aid: int) -> None:
            pass

    with pytest.raises(TypeError, match="needs outcomes"):
        machine.chance("Neither legal ids nor outcomes")(Neither)


def test_step_types_carry_their_declaration() -> None:
    assert Pick.STEP.nature == DECISION and Pick.STEP.fields == ("seat", "asked")
    assert Pick.STEP.kinds == ("pick", "ask")
    assert Round.STEP.nature == AUTO
    assert [name for name, _, _ in TINY.vocabulary()] == ["Pick", "Answer", "Roll", "Round"]


def test_frames_round_trip_as_data() -> None:
    frame = Answer(1, 0)
    assert TINY.frame_data(frame) == ["Answer", 1, 0]
    assert TINY.load_frame(["Answer", 1, 0]) == frame
    for bad in (["Nope", 1], ["Answer", 1], [], "Answer"):
        with pytest.raises(ValueError):
            TINY.load_frame(bad)  # type: ignore[arg-type]


def test_a_step_held_in_a_field_round_trips_as_data() -> None:
    nested = Machine("nested")

    @nested.auto
    class Gain(NamedTuple):
        amount: int
        then: Any

        def run(self, st: Any) -> None:
            st.total += self.amount

    @nested.decision("Choose")
    class Offer(NamedTuple):
        seat: int
        options: tuple[tuple[int, Any], ...]

        def legal(self, st: Any) -> list[int]:
            return [aid for aid, _ in self.options]

        def choose(self, st: Any, aid: int) -> None:
            dict(self.options)[aid].run(st)

    frame = Offer(0, ((1, Gain(2, None)), (3, Gain(4, Gain(5, None)))))
    data = nested.frame_data(frame)
    assert data == ["Offer", 0, [[1, {"step": ["Gain", 2, None]}],
                                 [3, {"step": ["Gain", 4, {"step": ["Gain", 5, None]}]}]]]
    loaded = nested.load_frame(json.loads(json.dumps(data)))
    assert loaded == frame and type(loaded.options[1][1].then) is Gain
    with pytest.raises(ValueError, match="not a step"):
        nested.load_frame(["Offer", 0, [[1, {"steps": ["Gain", 2, None]}]]])
    with pytest.raises(ValueError, match="not a step"):
        nested.load_frame(["Offer", 0, [[1, {"step": ["Lose", 2]}]]])


def test_a_field_not_saved_is_copied_but_left_out_of_snapshots() -> None:
    fields = Fields(array("sites"), array("homes", saved=False))
    st = SimpleNamespace(sites=[1, 2], homes=[3])
    assert fields.to_dict(st) == {"sites": [1, 2]}
    copy = SimpleNamespace(**vars(st))
    fields.copy_into(copy)
    copy.homes.append(4)
    assert st.homes == [3] and copy.homes == [3, 4]
    loaded = SimpleNamespace(homes=[9])
    fields.from_dict(loaded, {"sites": [5]})
    assert loaded.sites == [5] and loaded.homes == [9], "the game sets it when loading"


def test_push_runs_steps_in_the_order_given() -> None:
    st = SimpleNamespace(stack=[], current_player=None, pot=0, total=[0, 0], answers=[],
                         num_players=2, log=lambda text: None)
    push(st, Pick(0, False), Answer(1, 0))
    settle(st)
    assert st.current_player == 0
    advance(st, PICK_ONE)
    assert st.current_player == 1 and st.total == [1, 0]
    advance(st, NO)
    assert st.current_player == TERMINAL and st.answers == [False]


# ------------------------------------------------------------------ fields
def test_fields_refuse_bad_declarations() -> None:
    with pytest.raises(ValueError, match="twice"):
        Fields(value("a"), array("a"))
    with pytest.raises(ValueError, match="machine's"):
        Fields(array("stack"))
    with pytest.raises(ValueError, match="cannot be hidden"):
        Fields(array("deck", hidden=OTHERS))
    with pytest.raises(ValueError, match="cannot be hidden"):
        Fields(value("card").__class__("card", "value", EVERYONE))


def test_fields_refuse_bad_data() -> None:
    fields = Fields(value("round"), array("deck"), table("hands"))
    st = SimpleNamespace()
    good = {"round": 1, "deck": [1], "hands": [[2]]}
    fields.from_dict(st, good)
    assert fields.to_dict(st) == good
    for name, bad in (("round", [1]), ("deck", 3), ("deck", [[1]]), ("hands", [1])):
        with pytest.raises(ValueError, match=name):
            fields.from_dict(st, {**good, name: bad})
    with pytest.raises(ValueError, match="missing"):
        fields.from_dict(st, {"round": 1})


def test_an_ordered_hidden_place_keeps_the_drawn_order() -> None:
    fields = Fields(array("deck", hidden=EVERYONE, ordered=True))
    orders = set()
    for seed in range(20):
        st = SimpleNamespace(deck=[1, 2, 3, 4])
        fields.redeal(st, 0, random.Random(seed))
        assert sorted(st.deck) == [1, 2, 3, 4]
        orders.add(tuple(st.deck))
    assert len(orders) > 1 and any(list(o) != sorted(o) for o in orders)


def test_a_redeal_with_nothing_hidden_changes_nothing_and_draws_nothing() -> None:
    fields = Fields(value("round"), array("money"), table("board"))
    st = SimpleNamespace(round=3, money=[5, 2], board=[[1, 2], [3]])
    rng = random.Random(4)
    before = rng.getstate()
    fields.redeal(st, 0, rng)
    assert (st.round, st.money, st.board) == (3, [5, 2], [[1, 2], [3]])
    assert rng.getstate() == before


def test_settle_stops_a_loop_of_automatic_steps_after_the_limit() -> None:
    machine = Machine("loop")
    runs = []

    @machine.auto
    class Again(NamedTuple):
        def run(self, st: Any) -> None:
            runs.append(1)
            push(st, Again())

    st = SimpleNamespace(stack=[Again()], current_player=CHANCE)
    with pytest.raises(MachineStuck):
        settle(st)
    assert len(runs) == MAX_AUTO_STEPS


# ------------------------------------------------- a decision that may be empty
SKIPPY = Machine("skippy")
TAKE, PASS = 0, 1


@SKIPPY.decision("Take a coin from the pile", kinds=("take",), skip_empty=True)
class Take(NamedTuple):
    seat: int

    def legal(self, st: Any) -> list[int]:
        st.asked += 1
        return [TAKE, PASS] if st.pile else []

    def choose(self, st: Any, aid: int) -> None:
        if aid == TAKE:
            st.pile -= 1
            st.coins[self.seat] += 1


class Skippy(MachineState):
    MACHINE = SKIPPY
    FIELDS = Fields(value("pile"), value("asked"), array("coins"))

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.pile = options.pile
        self.asked = 0
        self.coins = [0] * players
        self.start(*(Take(s % players) for s in range(options.turns)))

    def action_text(self, aid: int) -> str:
        return ("take", "pass")[aid]

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "coins": list(self.coins)}

    def returns(self) -> list[float]:
        return [float(c) for c in self.coins]

    def score_breakdown(self) -> dict[str, Any]:
        return {"coins": list(self.coins)}

    def component_counts(self) -> dict[str, int]:
        return {"coins": self.pile + sum(self.coins)}


@dataclass(frozen=True)
class SkippyOptions:
    pile: int = 1
    turns: int = 4


SKIPPY_RULES = Ruleset(
    id="test-machine-skippy",
    name="Skippy",
    version=1,
    player_counts=(2,),
    options_type=SkippyOptions,
    action_space_size=2,
    factory=lambda rs, n, seed, options: Skippy(rs, n, seed, options),
    action_families=families([("take", "take", TAKE)], 2),
)


@pytest.fixture
def skippy() -> Any:
    register(SKIPPY_RULES)
    yield SKIPPY_RULES
    unregister(SKIPPY_RULES.id)


def test_a_skip_empty_decision_is_popped_when_it_has_nothing_to_choose(skippy: Ruleset) -> None:
    st = skippy.new_game(2, 1, SkippyOptions(pile=1, turns=4))
    assert st.current_player == 0 and st.legal_action_ids() == [TAKE, PASS]
    assert st.asked == 1, "settle asked once; legal_action_ids used the list it kept"
    st.apply(TAKE)
    # the pile is empty: the three other Take steps are skipped and the game ends
    assert st.current_player == TERMINAL and st.stack == []
    assert st.asked == 4 and st.coins == [1, 0]


def test_a_skip_empty_decision_with_choices_stops_the_loop(skippy: Ruleset) -> None:
    st = skippy.new_game(2, 1, SkippyOptions(pile=3, turns=3))
    for seat in (0, 1, 0):
        assert st.current_player == seat
        asked = st.asked
        assert st.legal_action_ids() == [TAKE, PASS]
        assert st.asked == asked, "the list settle computed, not a second call"
        st.apply(TAKE)
    assert st.current_player == TERMINAL and st.coins == [2, 1]
    assert Take.STEP.nature == DECISION and Take.STEP.skip_empty
    assert not Pick.STEP.skip_empty


def test_the_kept_legal_list_is_dropped_when_the_position_changes(skippy: Ruleset) -> None:
    st = skippy.new_game(2, 1, SkippyOptions(pile=1, turns=2))
    assert st.settled_legal == [TAKE, PASS]
    edited = st.editable_copy()
    assert edited.settled_legal is None, "an edited copy asks the step again"
    edited.pile = 0
    assert edited.legal_action_ids() == []
    loaded = load_snapshot(st.snapshot())
    assert loaded.settled_legal is None and loaded.legal_action_ids() == [TAKE, PASS]
    assert "settled_legal" not in st.snapshot()["state"], "not part of the position"


def test_settle_stops_a_loop_of_empty_decisions_after_the_limit() -> None:
    st = SimpleNamespace(
        stack=[Take(0)] * (MAX_AUTO_STEPS + 1), current_player=None, pile=0, asked=0
    )
    with pytest.raises(MachineStuck):
        settle(st)


# ------------------------------------------ answers registered by decorator
# A coin game whose state class writes no contract method: the view, the final returns, the
# score breakdown, its prompt and its "not legal" text are functions registered on the machine.
COIN = Machine("test-machine-coin")
HEADS, TAILS = 0, 1


@COIN.decision("Call the coin", kinds=("call",))
class Call(NamedTuple):
    seat: int

    def legal(self, st: Any) -> list[int]:
        return [HEADS, TAILS]

    def choose(self, st: Any, aid: int) -> None:
        st.called = [*st.called, aid]


@COIN.answers("view")
def coin_view(st: Any, seat: int | None) -> dict[str, Any]:
    return {"called": list(st.called), "viewer": seat}


@COIN.answers("returns")
def coin_returns(st: Any) -> list[float]:
    return [1.0 if c == HEADS else 0.0 for c in st.called]


@COIN.answers("score_breakdown")
def coin_breakdown(st: Any) -> dict[str, Any]:
    return {"heads": [int(c == HEADS) for c in st.called]}


@COIN.answers("explain_illegal")
def coin_explain(st: Any, aid: int) -> str:
    return f"a coin has two sides, not {aid}"


class CoinState(MachineState):
    MACHINE = COIN
    FIELDS = Fields(array("called"))

    def __init__(self, ruleset: Any, players: int, seed: int, options: Any) -> None:
        super().__init__(ruleset, players, seed, options)
        self.called: list[int] = []
        self.start(*(Call(s) for s in range(players)))

    def action_text(self, aid: int) -> str:
        return ("heads", "tails")[aid] if aid in (HEADS, TAILS) else f"action {aid}"

    def component_counts(self) -> dict[str, int]:
        return {}


COIN_RULESET = Ruleset(
    id="test-machine-coin", name="Coin", version=1, player_counts=(2,), options_type=TinyOptions,
    action_space_size=3, factory=CoinState,
    action_families=families([("call", "call", 0)], 3),
)


def test_a_state_answers_the_contract_with_the_functions_its_machine_registered() -> None:
    st = COIN_RULESET.new_game(2, 1)
    assert st.returns() == [0.0, 0.0], "every seat has 0 until the end"
    assert st.view(1)["state"]["viewer"] == 1
    assert st.prompt(0).title == "Call the coin", "no prompt answered: the step's own"
    with pytest.raises(IllegalAction, match="two sides, not 2"):
        st.apply(2)
    st.apply(HEADS)
    st.apply(TAILS)
    assert st.current_player == TERMINAL
    assert st.returns() == [1.0, 0.0]
    assert st.score_breakdown() == {"heads": [1, 0]}
    assert st.view(None)["state"]["called"] == [HEADS, TAILS]


def test_answers_are_checked_and_a_missing_one_says_how_to_give_it() -> None:
    machine = Machine("test-machine-unanswered")
    with pytest.raises(ValueError, match="none of view"):
        machine.answers("colour")
    machine.answers("view")(coin_view)
    with pytest.raises(ValueError, match="answered twice"):
        machine.answers("view")(coin_view)
    with pytest.raises(NotImplementedError, match=r"@MACHINE.answers\('returns'\)"):
        machine.answer("returns")


def test_a_game_that_leaves_a_required_answer_unanswered_fails_at_its_first_game() -> None:
    machine = Machine("test-machine-half-answered")
    machine.answers("view")(coin_view)

    class Half(CoinState):
        MACHINE = machine

        def score_breakdown(self) -> dict[str, Any]:  # its own method answers this one
            return {}

    with pytest.raises(NotImplementedError, match="answers no returns: register"):
        Half(COIN_RULESET, 2, 1, None)
    machine.answers("returns")(coin_returns)
    assert Half(COIN_RULESET, 2, 1, None).called == []


def test_declared_lengths_are_checked_when_loading() -> None:
    fields = Fields(array("money", per_seat=2), array("board", size=3),
                    table("hands", per_seat=1), array("log"))
    st = SimpleNamespace(num_players=2)
    good = {"money": [1, 2, 3, 4], "board": [0, 0, 0], "hands": [[1], []], "log": []}
    fields.from_dict(st, good)
    for name, bad in (("money", [1, 2]), ("board", [0]), ("hands", [[1]])):
        with pytest.raises(ValueError, match=f"field {name} holds {len(bad)} values"):
            fields.from_dict(st, {**good, name: bad})
    fields.from_dict(st, {**good, "log": [5, 6, 7]})  # no length declared: any
    with pytest.raises(ValueError, match="one of per_seat, per_pair or size"):
        Fields(Field("round", "value", per_seat=1))
    with pytest.raises(ValueError, match="one of per_seat, per_pair or size"):
        Fields(array("both", per_seat=1, size=3))
    with pytest.raises(ValueError, match="one of per_seat, per_pair or size"):
        Fields(array("both", per_seat=1, per_pair=2))
    seen = Fields(array("seen", per_pair=2))  # 2 values for each (viewer, seat): 8 with 2 seats
    seen.from_dict(st, {"seen": [0] * 8})
    with pytest.raises(ValueError, match="field seen holds 4 values, not 8"):
        seen.from_dict(st, {"seen": [0] * 4})
