"""Quintet's own sound effects, synthesized: `python -m scenes.shell.synth` writes assets/sounds/.

Each effect is a short mono 16-bit clip built from sine sweeps, plucks and filtered noise, so the
sounds are made for Quintet and need no licence beyond the project's.
"""
from __future__ import annotations

import array
import math
import random
import sys
import wave
from pathlib import Path
from typing import Callable

RATE = 22050


def _envelope(i: int, n: int, attack: float = 0.005, release: float = 0.6) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack else 1.0
    tail = (n - i) / n
    return a * (tail ** (1 / max(release, 1e-3)) if release else 1.0)


def tone(seconds: float, f0: float, f1: float | None = None, volume: float = 0.5,
         harmonics: tuple[float, ...] = (1.0,), release: float = 0.6) -> list[float]:
    """A sine sweep from f0 to f1 (or steady) with a few harmonics and a decay."""
    n = int(seconds * RATE)
    f1 = f0 if f1 is None else f1
    out, phase = [], 0.0
    for i in range(n):
        f = f0 + (f1 - f0) * i / n
        phase += 2 * math.pi * f / RATE
        sample = sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics))
        out.append(volume * sample * _envelope(i, n, release=release))
    return out


def noise(seconds: float, volume: float = 0.4, smooth: float = 0.5, seed: int = 1) -> list[float]:
    """Low-passed noise bursts with a decay (rattles, thuds)."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(volume * last * _envelope(i, n, release=0.4))
    return out


def silence(seconds: float) -> list[float]:
    """Nothing, for spacing."""
    return [0.0] * int(seconds * RATE)


def mixdown(*tracks: tuple[float, list[float]]) -> list[float]:
    """Tracks (start seconds, samples) summed into one clip."""
    length = max(int(start * RATE) + len(samples) for start, samples in tracks)
    out = [0.0] * length
    for start, samples in tracks:
        offset = int(start * RATE)
        for i, value in enumerate(samples):
            out[offset + i] += value
    return out


def _dice() -> list[float]:
    parts = [(0.06 * k + random.Random(k).uniform(0, 0.03), noise(0.05, 0.5, 0.3, seed=k))
             for k in range(6)]
    return mixdown(*parts, (0.42, noise(0.08, 0.6, 0.6, seed=9)))


EFFECTS: dict[str, Callable[[], list[float]]] = {
    "click": lambda: tone(0.05, 1400, 900, 0.25, release=0.3),
    "select": lambda: tone(0.09, 660, 880, 0.3, (1.0, 0.3)),
    "deny": lambda: mixdown((0, tone(0.12, 220, 180, 0.35, (1.0, 0.5))),
                            (0.1, tone(0.14, 180, 150, 0.35, (1.0, 0.5)))),
    "handoff": lambda: mixdown((0, tone(0.16, 523, None, 0.3, (1.0, 0.2))),
                               (0.14, tone(0.22, 392, None, 0.3, (1.0, 0.2)))),
    "tick": lambda: tone(0.08, 880, None, 0.3, (1.0, 0.4), release=0.25),
    "reveal": lambda: tone(0.35, 300, 900, 0.35, (1.0, 0.4, 0.2)),
    "pull": lambda: mixdown((0, noise(0.3, 0.25, 0.85, seed=4)), (0, tone(0.3, 180, 320, 0.25))),
    "split": lambda: mixdown((0, tone(0.08, 500, 300, 0.35)), (0.09, tone(0.08, 600, 360, 0.35))),
    "combine": lambda: tone(0.16, 260, 520, 0.35, (1.0, 0.5)),
    "snap": lambda: mixdown((0, noise(0.06, 0.7, 0.1, seed=5)), (0.02, tone(0.2, 120, 60, 0.4))),
    "place": lambda: mixdown((0, noise(0.05, 0.5, 0.7, seed=6)), (0, tone(0.09, 180, 120, 0.4))),
    "slide": lambda: noise(0.25, 0.3, 0.9, seed=7),
    "claim": lambda: mixdown((0, tone(0.1, 660, None, 0.3)), (0.08, tone(0.16, 990, None, 0.3))),
    "dice": _dice,
    "win": lambda: mixdown(*[(0.12 * k, tone(0.4, f, None, 0.25, (1.0, 0.3)))
                             for k, f in enumerate((523, 659, 784, 1047))]),
}


def to_pcm(samples: list[float]) -> bytes:
    """16-bit little-endian PCM of samples clipped to -1..1."""
    data = array.array("h", (int(max(-1.0, min(1.0, s)) * 32000) for s in samples))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def write_all(folder: Path) -> list[Path]:
    """Write every effect as a WAV file in this folder."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in EFFECTS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(to_pcm(make()))
        written.append(path)
    return written


if __name__ == "__main__":
    target = Path(__file__).resolve().parents[2] / "assets" / "sounds"
    for path in write_all(target):
        print(path)
