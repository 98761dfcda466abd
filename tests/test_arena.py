"""The arena command: intervals, percentiles, a pairing's report and the command line."""
from __future__ import annotations

import argparse
import math

import pytest
from hypothesis import given, settings, strategies as st

from game.tools import arena
from tests.support import carries, examples
from tests.test_draws import PULLING, TO_STANDOFF


def test_wilson_interval_matches_the_textbook_figures():
    low, high = arena.wilson(15, 20)
    assert (round(low, 3), round(high, 3)) == (0.531, 0.888)
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.wilson(20, 20)[1] == 1.0


def test_p95_is_the_nearest_rank():
    assert arena.p95(list(range(1, 101))) == 95
    assert arena.p95([]) == 0.0
    assert arena.p95([0.5]) == 0.5


def test_a_pairing_alternates_seats_and_reports_every_game():
    report = arena.run_pairing("pulling_strings", ("random", "random"), games=4, jobs=1, seed=3)
    assert len(report.results) == 4
    assert all(r.score in (0.0, 0.5, 1.0) and r.decisions > 0 for r in report.results)
    line = report.line()
    assert "random v random" in line and " 4 " in line


def test_detail_lists_each_game_with_its_seed_result_and_ending(capsys):
    assert arena.main(["tug_of_war", "random", "random", "--games", "3", "--jobs", "1",
                       "--seed", "4", "--detail"]) == 0
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("  game")]
    assert [l.split("(")[1].split(")")[0] for l in lines] == ["seed 4", "seed 5", "seed 6"]
    assert all(("random won;" in l or "random lost;" in l or "random drew;" in l)
               and l.split("; ", 1)[1] for l in lines)


def test_games_are_reproducible_from_their_seed():
    first = arena.play_game("tug_of_war", ("random", "random"), seed=5, first_seat=1)
    again = arena.play_game("tug_of_war", ("random", "random"), seed=5, first_seat=1)
    assert (first.score, first.decisions, first.turns) == (again.score, again.decisions,
                                                           again.turns)


@pytest.mark.parametrize("argv", [[], ["strands"], ["chess", "hard", "easy"],
                                  ["strands", "hard", "wizard"], ["--games", "0", "--table"],
                                  ["pulling_strings", "hard", "greedy", "--standoff", "-1"]])
def test_bad_command_lines_exit_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        arena.main(argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err


class _Clock:
    """A clock that moves only when told: every read adds `step` seconds."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


@pytest.mark.parametrize("game_id", ["strands", "moriarty"])
def test_a_bot_reads_its_seconds_on_its_budgets_clock(game_id):
    # A clock that stands still leaves the iterations to end the search; one that leaps ends
    # it at the first look, whatever the wall clock says.
    from game.bots import Bot, knowledge_for
    from game.match import Match
    match = Match(game_id, {}, 3)
    while match.state.awaiting == () or len(match.state.legal_moves(match.state.awaiting[0])) < 2:
        state = match.state
        if state.awaiting == ():
            match.resolve_chance()
        else:
            match.play(state.legal_moves(state.awaiting[0])[0], state.awaiting[0])
    seat = match.state.awaiting[0]
    level = knowledge_for(game_id).levels()["medium"]
    counts = []
    for step in (0.0, 1000.0):
        bot = Bot(knowledge_for(game_id), level.timed_by(_Clock(step)), seed=1)
        bot.choose(match.observe(seat), seat, ())
        counts.append(bot.last_iterations)
    assert counts[0] > counts[1] > 0


def test_uct_reads_its_seconds_on_the_clock_it_is_given():
    from game.match import Match
    from game.tools.uct import PlainUCT
    state = Match("strands", {}, 3).state
    seat = state.awaiting[0]
    leaping = PlainUCT(1.0, 1, _Clock(1000.0))  # a whole second on the wall clock
    leaping.choose(state.observe(seat), seat)
    assert leaping.last_iterations == 16  # one batch, then its own clock says time is up


def test_the_cpu_clock_plays_a_pairing(capsys):
    assert arena.main(["tug_of_war", "medium", "greedy", "--games", "2", "--jobs", "1",
                       "--clock", "cpu", "--scale", "0.2"]) == 0
    assert "medium v greedy" in capsys.readouterr().out


def test_each_game_is_reported_as_it_ends_and_the_run_keeps_its_order():
    for jobs in (1, 2):
        heard: list[int] = []
        report = arena.run_pairing("tug_of_war", ("random", "random"), games=4, jobs=jobs,
                                   seed=7, on_game=lambda k, result: heard.append(k))
        assert sorted(heard) == [0, 1, 2, 3]
        assert report.seeds == (7, 8, 9, 10)
        alone = [arena.play_game("tug_of_war", ("random", "random"), 7 + k, k % 2)
                 for k in range(4)]
        assert [r.decisions for r in report.results] == [r.decisions for r in alone]


def test_a_run_tells_each_game_on_stderr_as_it_ends(capsys):
    assert arena.main(["tug_of_war", "random", "random", "--games", "2", "--jobs", "1"]) == 0
    err = capsys.readouterr().err.splitlines()
    assert [line.split("]")[0] for line in err] == ["  [tug_of_war 1/2", "  [tug_of_war 2/2"]


class _Scripted:
    """Pulls the script to a real standoff (test_draws.TO_STANDOFF), then one end for ever."""

    def __init__(self, then: str) -> None:
        self.script, self.then, self.turn = TO_STANDOFF.split(), then, 0

    def choose(self, observation, seat, history=()):
        text = self.script[self.turn][seat] if self.turn < len(self.script) else self.then
        self.turn += 1
        return PULLING.parse_move(text)


@pytest.mark.parametrize("standoff", [0, 1, 5, 12])
def test_a_standoff_ends_drawn_after_its_still_turns_or_runs_to_the_limit(standoff,
                                                                          monkeypatch):
    monkeypatch.setattr(arena, "make_player",
                        lambda name, other, game_id, seed, setup: _Scripted(name))
    # without the repetition ruling, which would end the standoff at its fifth still turn
    result = arena.play_game("pulling_strings", ("b", "r"), seed=1, first_seat=0,
                             options={"repetition": False}, setup=arena.Setup(standoff=standoff))
    assert result.score == 0.5
    turns_played = result.decisions // 2
    if standoff == 1:  # the opening pulls, b and m, move nothing: one still turn already
        assert turns_played == 1 and result.ending.endswith("stood still for 1 turn")
    elif standoff:
        carries(result.ending, "standoff", f"{standoff} turns")
        assert turns_played == 28 + standoff  # the board last moved at the script's turn 28
    else:
        assert turns_played == 200 and "turn limit" in result.ending


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(1, 10_000), st.integers(1, 6), st.sampled_from(["random", "greedy"]))
def test_a_standoff_only_cuts_a_game_short_and_calls_it_a_draw(seed, still, player):
    # Same seed, same players: the game with a standoff rule is the game without, cut short
    # where the board stood still long enough, and drawn there.
    played = arena.play_game("pulling_strings", (player, "random"), seed, seed % 2)
    cut = arena.play_game("pulling_strings", (player, "random"), seed, seed % 2,
                          setup=arena.Setup(standoff=still))
    if cut.ending.startswith("a standoff"):
        assert cut.score == 0.5 and still < cut.turns <= played.turns
        assert cut.decisions <= played.decisions
    else:
        assert (cut.score, cut.decisions, cut.ending) == (played.score, played.decisions,
                                                           played.ending)


def test_python_m_game_arena_is_the_arena_command():
    """`python -m game.arena` (the short name) runs the same command as game.tools.arena."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "game.arena", "strands", "random", "random",
                           "--games", "2", "--jobs", "1"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "strands" in done.stdout and "random v random" in done.stdout


@settings(max_examples=examples(6), deadline=None)
@given(game_id=st.sampled_from(["moriarty", "strands", "synch", "tug_of_war"]),
       seed=st.integers(0, 10_000), first_seat=st.integers(0, 1))
def test_a_recorded_game_reads_back_as_played(tmp_path_factory, game_id, seed, first_seat):
    from game.tools.arena_records import read_folder
    folder = tmp_path_factory.mktemp("records")
    setup = arena.Setup(record_dir=str(folder))
    played = arena.play_game(game_id, ("random", "greedy"), seed, first_seat, setup=setup)
    [game] = list(read_folder(folder))
    assert game.players[first_seat] == "random" and game.players[1 - first_seat] == "greedy"
    outcome = game.final.outcome
    assert outcome is not None
    assert played.score == (0.5 if outcome.winner is None else float(outcome.winner == first_seat))
    assert game.final.turn == played.turns
    assert all(seat in (0, 1) for _, seat, _ in game.history)
    assert len(game.history) <= played.decisions


def test_record_folder_is_an_arena_option(tmp_path, capsys):
    assert arena.main(["tug_of_war", "random", "random", "--games", "2", "--jobs", "1",
                       "--record", str(tmp_path / "kept")]) == 0
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == [
        "tug_of_war-random-v-random-1.json", "tug_of_war-random-v-random-2.json"]


def test_a_record_file_name_holds_no_character_a_file_system_refuses(tmp_path):
    match = arena.Match("tug_of_war", {}, 7)
    path = arena.write_record(match, ("uct:hard", "hard~a=1/2"), 0, str(tmp_path))
    assert path.name == "tug_of_war-uct_hard-v-hard~a=1_2-7.json" and path.exists()


@settings(max_examples=examples(100), deadline=None)
@given(value=st.text(st.characters(blacklist_characters="~"), max_size=8)
       | st.sampled_from(["nan", "inf", "-inf", "1e999", "0x1"]))
def test_a_setting_that_is_no_finite_number_is_refused_by_name(value):
    """`hard~NAME=VALUE` takes a finite number; anything else is refused, naming the value."""
    name = f"hard~concealment={value}"
    try:
        number = float(value)
    except ValueError:
        number = math.nan
    if math.isfinite(number):
        assert arena.check_player(name) == name
        return
    with pytest.raises(argparse.ArgumentTypeError, match="is not a number"):
        arena.check_player(name)


def test_the_short_command_imports_without_running_the_arena():
    """`game.arena.__main__` runs the arena only as a program, so importing it starts nothing."""
    import importlib
    module = importlib.import_module("game.arena.__main__")
    assert "game.tools.arena" in module.__doc__ and not hasattr(module, "main")
