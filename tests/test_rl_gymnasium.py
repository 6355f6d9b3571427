"""The single-agent Gymnasium environment: every registered game and player count."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boomtown.bots import make_bot
from boomtown.engine import CHANCE, IllegalAction, get_ruleset, list_rulesets, replay
from boomtown.rl.gymnasium import BoomtownEnv, register_envs
from boomtown.rl.opponents import model_policy
from game_cases import EVERY_GAME_AND_COUNT
from toy_games import HIGH_CARD

CASES = EVERY_GAME_AND_COUNT


@pytest.mark.parametrize(("game", "players"), CASES)
def test_passes_gymnasium_env_checker(game: str, players: int) -> None:
    check_env(BoomtownEnv(game, players, seat=players - 1), skip_render_check=False)
    # a bot object is reseeded at every reset: the checker's determinism test passes too
    bot = make_bot("random", game, 0, 0)
    check_env(BoomtownEnv(game, players, seat=players // 2, opponents=bot,
                          obs_format="vector"), skip_render_check=True)


@pytest.mark.parametrize("game", list_rulesets())
def test_a_bot_object_plays_the_same_episode_for_the_same_seed(game: str) -> None:
    players = get_ruleset(game).player_counts[0]
    env = BoomtownEnv(game, players, seat=1, opponents=make_bot("random", game, 0, 0))
    run_episode(env, seed=5)
    first = env.game_state.history
    run_episode(env, seed=6)
    assert env.game_state.history != first
    run_episode(env, seed=5)
    assert env.game_state.history == first


def test_registered_ids_make_checked_environments() -> None:
    ids = register_envs()
    assert ids == [f"boomtown/{game}-v0" for game in list_rulesets()]
    made = gymnasium.make(ids[0], players=get_ruleset(list_rulesets()[0]).player_counts[-1])
    check_env(made.unwrapped)
    made.close()


def run_episode(env: BoomtownEnv, seed: int) -> tuple[float, dict[str, Any], int]:
    obs, info = env.reset(seed=seed)
    assert info["game_seed"] == seed
    rng = random.Random(seed)
    steps, reward, terminated = 0, 0.0, False
    while not terminated:
        assert env.game_state.current_player == env.seat  # asked only on its own turns
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        assert legal == env.game_state.legal_action_ids()
        assert env.action_masks().tolist() == obs["action_mask"].astype(bool).tolist()
        obs, r, terminated, truncated, info = env.step(rng.choice(legal))
        assert not truncated
        reward += float(r)
        steps += 1
    return reward, info, steps


@pytest.mark.parametrize(("game", "players"), CASES)
def test_an_episode_ends_with_the_seats_return(game: str, players: int) -> None:
    env = BoomtownEnv(game, players, seat=players // 2, structured_view=False)
    reward, info, steps = run_episode(env, seed=3)
    state = env.game_state
    assert state.is_terminal() and steps > 0
    assert info["returns"] == state.returns()
    assert reward == state.returns()[env.seat]
    assert replay(state.record).returns() == state.returns()
    with pytest.raises(RuntimeError):
        env.step(0)


def highest(legal: Sequence[int], rng: random.Random) -> int:
    return max(legal)  # (the lowest would select and unselect a card forever)


def test_callable_opponents_play_the_other_seats(toy: str) -> None:
    env = BoomtownEnv(toy, 3, seat=1, opponents=highest)
    run_episode(env, seed=8)
    # Replay the record: every decision of seats 0 and 2 was the highest legal id.
    record = env.game_state.record
    state = HIGH_CARD.new_game(3, record.seed, record.options)
    others = 0
    for aid in record.actions:
        seat = state.current_player
        if seat not in (CHANCE, 1):
            assert aid == max(state.legal_action_ids())
            others += 1
        state.apply(aid)
    assert others > 0


def test_opponents_per_seat_and_reproducible_episodes(toy: str) -> None:
    env = BoomtownEnv(toy, 3, seat=0, opponents={2: highest})
    run_episode(env, seed=4)
    first = env.game_state.history
    run_episode(env, seed=4)
    assert env.game_state.history == first  # random opponents draw from seeded generators
    with pytest.raises(ValueError):
        BoomtownEnv(toy, 3, seat=0, opponents={0: highest})
    with pytest.raises(ValueError):
        BoomtownEnv(toy, 3, seat=0, opponents=[highest])


class LastActionBot:
    """A bot in the boomtown.bots protocol: it sees only its seat's observation."""

    name = "last"

    def __init__(self) -> None:
        self.seen: set[int] = set()

    def choose(self, obs: Any) -> Any:
        assert obs.is_my_turn
        self.seen.add(obs.seat)
        return obs.legal_actions()[-1]


def test_bot_objects_and_bot_specs_play_the_other_seats(toy: str) -> None:
    bot = LastActionBot()
    env = BoomtownEnv(toy, 3, seat=2, opponents=bot)
    run_episode(env, seed=5)
    assert bot.seen == {0, 1}
    env = BoomtownEnv(toy, 2, seat=0, opponents="heuristic:samples=1")
    reward, info, _ = run_episode(env, seed=5)
    assert env.game_state.is_terminal() and reward == info["returns"][0]


def test_illegal_actions(toy: str) -> None:
    env = BoomtownEnv(toy, 2, illegal_action="penalize", illegal_penalty=-0.5)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game_state.snapshot()
    obs2, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info) == (-0.5, False, {"illegal_action": True})
    assert env.game_state.snapshot() == before
    assert np.array_equal(obs2["observation"], obs["observation"])

    env = BoomtownEnv(toy, 2)  # default: the episode ends with a penalty of -1
    env.reset(seed=1)
    _, reward, terminated, _, _ = env.step(bad)
    assert (reward, terminated) == (-1.0, True)
    with pytest.raises(RuntimeError):
        env.step(bad)

    env = BoomtownEnv(toy, 2, illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalAction):
        env.step(bad)


def test_opponent_callables_may_take_their_seats_observation() -> None:
    """A callable with an ``observation`` keyword gets what an agent in its seat would: a
    trained copy of the agent can play the other seats."""
    seen: list[tuple[int, dict[str, Any]]] = []
    env = BoomtownEnv("way-out-west", 3, seat=0)

    def copy_of_agent(legal: Sequence[int], rng: random.Random,
                      observation: dict[str, Any]) -> int:
        seat = env.game_state.current_player
        assert np.array_equal(observation["observation"], env.observer.encode(env.game_state, seat))
        assert np.flatnonzero(observation["action_mask"]).tolist() == list(legal)
        seen.append((seat, observation))
        return legal[0]

    env = BoomtownEnv("way-out-west", 3, seat=0, opponents=copy_of_agent)
    run_episode(env, seed=2)
    assert {seat for seat, _ in seen} == {1, 2}


class FirstLegal:
    """A stand-in for a trained model: ``predict`` in sb3-contrib's maskable convention."""

    def __init__(self) -> None:
        self.calls = 0

    def predict(self, observation: np.ndarray, action_masks: np.ndarray,
                deterministic: bool = True) -> tuple[np.ndarray, None]:
        assert observation.dtype == np.float32 and action_masks.dtype == bool
        self.calls += 1
        return np.array(int(np.flatnonzero(action_masks)[0])), None


def test_a_model_plays_the_other_seats() -> None:
    model = FirstLegal()
    env = BoomtownEnv("western-town", 2, seat=1, opponents=model_policy(model),
                      obs_format="vector")
    obs, _ = env.reset(seed=3)
    assert isinstance(obs, np.ndarray) and env.observation_space.contains(obs)
    done = False
    while not done:
        obs, _, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert model.calls > 0 and info["rewards"] == info["returns"]


@pytest.mark.parametrize("scheme", ["win", "rank", "margin"])
def test_reward_schemes(scheme: str) -> None:
    env = BoomtownEnv("way-out-west", 3, seat=2, rewards=scheme)
    reward, info, _ = run_episode(env, seed=4)
    assert reward == info["rewards"][2]
    assert sum(info["rewards"]) == pytest.approx(0.0)
