"""Narrators: one per game, pygame-free, and the words' readers never build a Board."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.registry import GAMES
from game.words import NARRATOR_MODULES, narrator_for
from game.words.base import Narrator

ROOT = Path(__file__).resolve().parent.parent

# With pygame unimportable (and so no Board), every game's record is replayed into a replay book
# and a move log, and each seat's phone message is written, all by the game's narrator alone.
SCRIPT = """
import random, sys
sys.modules['pygame'] = None
from game.match import Match
from game.registry import GAMES
from game.words import narrator_for
from game.words.replay_book import ReplayBook
from scenes.play.parts.play_phones import phone_message
for game_id in GAMES:
    match = Match(game_id, seed=7)
    rng = random.Random(7)
    for _ in range(40):
        state = match.state
        if state.is_terminal:
            break
        if state.kind.name == 'CHANCE':
            match.resolve_chance()
            continue
        seat = state.awaiting[0]
        match.play(rng.choice(state.legal_moves(seat)), seat)
    book = ReplayBook.of(match.record())
    assert len(book.logs) == len(match.record().entries) + 1
    words = narrator_for(game_id, match.options)
    for seat in (0, 1):
        message = phone_message(words, match.state.observe(seat), seat, 1, book.logs[-1], True,
                                None)
        assert message['prompt'] and message['game'] == GAMES[game_id].title
assert not any(n == 'pygame' or n.startswith('pygame.') for n in sys.modules if sys.modules[n])
assert 'scenes.boards' not in sys.modules
print('ok')
"""


def test_every_game_has_its_own_narrator():
    assert set(NARRATOR_MODULES) == set(GAMES)
    for game_id in GAMES:
        words = narrator_for(game_id)
        assert isinstance(words, Narrator) and type(words) is not Narrator
        assert words.spec.id == game_id


def test_replays_logs_and_phones_are_told_without_pygame_or_a_board():
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
