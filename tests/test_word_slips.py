"""No slips in the words: over generated games, nothing a narrator says has doubled punctuation
("secret.."), a clause or phrase said twice in one text ("Oh declared the game over. Game 1 over
(Oh declared the game over)"; "orange as your Bonus Colour or pink as your Bonus Colour"), or an
American spelling beside the app's British ones ("Center Line" beside "Colour"); and no text the
app ships (its strings, rules, lessons, figures, the players' guide) spells the American way."""
from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

from hypothesis import given, settings, strategies as st

from game.core import NodeKind
from game.registry import GAMES
from game.tools.bench import sample_chance
from game.words import narrator_for
from tests.support import examples

ROOT = Path(__file__).resolve().parents[1]
# American spellings of words the app uses (or may), each with its British form
AMERICAN = {"center": "centre", "centered": "centred", "color": "colour", "colors": "colours",
            "gray": "grey", "favorite": "favourite", "behavior": "behaviour", "honor": "honour",
            "neighbor": "neighbour", "neighboring": "neighbouring", "labeled": "labelled",
            "canceled": "cancelled", "traveled": "travelled", "meter": "metre",
            "theater": "theatre", "analyze": "analyse", "recognize": "recognise",
            "organize": "organise", "realize": "realise", "apologize": "apologise",
            "defense": "defence", "offense": "offence", "catalog": "catalogue",
            "dialog": "dialogue", "favor": "favour", "harbor": "harbour"}
SLIPS = [  # (what, pattern)
    ("doubled full stop", re.compile(r"(?<!\.)\.\.(?!\.)")),
    ("doubled punctuation", re.compile(r"[,;:]\s*[,;:.!?]|[.!?]\s*[,;:]|[!?]\.")),
    ("space before punctuation", re.compile(r"\S\s+[,;:.!?](?:\s|$)")),
    ("double space", re.compile(r"\S  +\S")),
]
PHRASE = 4  # words: a run this long said twice in one clause is a repeat
CLAUSE = 3  # words: a clause this long said twice in one text is a repeat
CLAUSES = re.compile(r"[.;:!?()]|,\s|\s-\s")  # where a clause ends (a list's items are clauses)


def slips(text: str) -> list[str]:
    """What is wrong with one text: doubled punctuation, a clause said twice, a phrase said
    twice in one clause, American spelling."""
    found = [f"{what} in {text!r}" for what, pattern in SLIPS if pattern.search(text)]
    clauses = [re.findall(r"[a-z0-9'-]+", part.lower()) for part in CLAUSES.split(text)]
    long = [tuple(c) for c in clauses if sum(w.isalpha() for w in c) >= CLAUSE]
    found += [f"{' '.join(c)!r} said twice in {text!r}" for c in set(long) if long.count(c) > 1]
    for words in clauses:
        runs = [tuple(words[i:i + PHRASE]) for i in range(len(words) - PHRASE + 1)]
        found += [f"{' '.join(run)!r} twice in {text!r}" for run in set(runs)
                  if runs.count(run) > 1]
        found += [f"American {word!r} in {text!r}" for word in words if word in AMERICAN]
    return found


def said(game_id: str, seed: int, options, rng: random.Random) -> list[str]:
    """Everything the narrator says over one random game: prompts, choices and hinted choices
    (with others as good), the log, what happened, scores, secrets, summaries, the review's
    moments and the result."""
    spec = GAMES[game_id]
    words = narrator_for(game_id, options)
    state = spec.new_game(options)
    texts: list[str] = []
    for _ in range(400):
        if state.is_terminal:
            break
        if state.kind is NodeKind.CHANCE:
            outcome = sample_chance(state, rng)
            texts.append(words.chance_text(str(outcome), state))
            step = state.apply_chance(outcome)
        else:
            moves = {}
            for seat in state.awaiting:
                legal = state.legal_moves(seat)
                move = moves[seat] = rng.choice(legal)
                others = [m for m in legal if m != move]
                alike = rng.sample(others, min(len(others), rng.randint(0, 3)))
                texts += [words.prompt(state, seat), words.touch_prompt(state, seat),
                          words.choice_words(move, state), words.log_text(move, seat, state),
                          words.hint_choice([move], alike, state, seat)]
            if state.kind is NodeKind.SIMULTANEOUS:
                step = state.apply_joint(moves[0], moves[1])
            else:
                (seat, move), = moves.items()
                step = state.apply(move, seat)
        after = step.state
        texts += [words.describe(state, step.events, after),
                  words.moment_words(state, step.events, after), *words.status(after)]
        texts += [words.secret_words(after, seat) for seat in (0, 1)
                  if words.has_secret(after, seat)]
        summary = words.summary(state, step.events, after)
        if summary is not None:
            texts += [str(part) for part in vars(summary).values() if isinstance(part, str)]
        state = after
    if state.is_terminal:
        texts.append(words.result_words(state))
    return [text for text in texts if text]


OPTIONS = {"moriarty": [None, {"games": 1}], "strands": [None, {"side": 5}],
           "synch": [None, {"size": 5, "move_limit": 30}], "pulling_strings": [None],
           "tug_of_war": [None]}


@settings(max_examples=examples(40), deadline=None)
@given(game_id=st.sampled_from(sorted(GAMES)), seed=st.integers(0, 10_000), data=st.data())
def test_the_narrators_say_nothing_twice_and_punctuate_once(game_id, seed, data):
    options = data.draw(st.sampled_from(OPTIONS[game_id]))
    found = [slip for text in said(game_id, seed, options, random.Random(seed))
             for slip in slips(text)]
    assert not found, "\n".join(sorted(set(found))[:10])


def test_the_slip_finder_finds_the_slips_of_issue_65():
    assert slips("Oh declared the game over. Game 1 over (Oh declared the game over): Eks 19.")
    assert slips("orange as your Bonus Colour or pink as your Bonus Colour")
    assert slips("Oh is choosing in secret..")
    assert slips("toward the Center Line")
    assert not slips("Oh is choosing in secret...") and not slips("orange or pink as your Bonus "
                                                                  "Colour")


def shipped_texts() -> list[tuple[str, str]]:
    """(where, text) of every string literal in game/ and scenes/ (but docstrings) and every
    rules, lesson and figure file and guide the players read."""
    found = []
    for folder in ("game", "scenes"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {id(node.body[0].value) for node in ast.walk(tree)  # a developer's
                          if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                               ast.AsyncFunctionDef))  # words, not a player's
                          and node.body and isinstance(node.body[0], ast.Expr)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                        and id(node) not in docstrings:
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.value))
    for pattern in ("assets/rules/*.md", "assets/lessons/*.json", "assets/figures/*.json"):
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".json":
                text = " ".join(_strings(json.loads(text)))
            found.append((str(path.relative_to(ROOT)), text))
    found.append(("docs/players.md", (ROOT / "docs" / "players.md").read_text(encoding="utf-8")))
    return found


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_what_the_app_ships_spells_the_british_way():
    """Words only: a name in code (pygame's `center`, `color=`) is no word a player reads, so
    an identifier-like string (no space) is left out."""
    found = []
    for where, text in shipped_texts():
        if " " not in text.strip():
            continue
        for word in re.findall(r"[A-Za-z]+", text):
            if word.lower() in AMERICAN:
                found.append(f"{where}: {word!r} (British: {AMERICAN[word.lower()]!r})")
    assert not found, "\n".join(found[:20])
