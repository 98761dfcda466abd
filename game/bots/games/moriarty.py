"""Search knowledge for Moriarty: every line searched a few plies deep, and a belief over the
opponent's Bonus Colour, read from play.

Once the tokens are placed, the bot searches every line to a depth (`DepthSearch`: the other's
choices at their best, each secret slide solved as a matrix game) and values the leaves by the
match totals plus the board; a leaf where a token is on row 0 or 9 is valued as the game would
end, since the player ahead then ends it at their next choice. The placing of the tokens is
sampled (Monte Carlo search with short playouts in which the player ahead ends the game).

The bot never sees the opponent's colour. It starts from "any of the four" and, after each
public choice the opponent makes this game (a Pivot picked, an Active Token taken, a slide
revealed), weighs each colour by how likely that choice was for a player favouring it, as a
searching player or a one-turn-ahead one would make it (`moriarty_colour`; Medium's belief
reads every choice so; Hard's reads the slides, each as a one-turn-ahead player would make it:
a searching player hides its colour at its pivots and takes, not at its slides, which push its
colour home; and the pivots and takes only as far as they tell more than a hiding player's
would, `choice_reading`). It then searches one world per colour, in proportion to the belief, and
weighs each move's value across the worlds, so it declares Moriarty only when the expected
points say so. Inside the search nobody declares (a world knows both colours, and a
declaration there would be a certainty no player has); at the root the bot's own declarations
are scored across the worlds. Hard also prices what each slide would add to such a reading of
its own colour (`slide_concealment`), as both levels price their pivots and takes.

Issue 36: Hard's slide lost to a one-turn rule. `hard-but-slide-greedy` in the arena
(`game/tools/hybrids.py`) plays as Hard but slides by greedy's count (its own colour known,
the other's weighed by Hard's belief, the other's slide guessed evenly). Hard, then reading
the colour warily from every choice, scored 30.9% [18.0, 47.7] against it (9-3-22 over 34
one-game matches, every budget x0.1, processor clock); the issue saw 5 of 6 lost at full
budget. Over 14 of those games, at the end, the hybrid's own colour stood 6.0 rows a game on
its side against 1.0 for each of its other colours, while Hard's stood 3.4 against 2.2, and
Hard's belief about the hybrid's colour stayed near even (its wary reading found the hybrid's
pivots and takes, which are Hard's, a searching player's, and so spread the colour evenly).
Settings tried against the slide hybrid (off in every level; same budget and matches; Hard's
W-D-L): `slide_even` (the slide best against an even guess, from the search's matrix) 1-0-6
over two runs; `slide_plies` 1 (the slide searched one ply) 1-0-2; `unseen` (the other
searched as not knowing our colour) 2-0-6; `unseen` with `concealment` 0 0-0-5;
`concealment` 0 2-0-6; `mixed_reader` (the wary belief also reads a player who slides one
turn ahead) 0-0-4; `colour_model` (the reading's model knows the other's colour) 5-3-12, and
with `mixed_reader` 3-3-6; `fused` (below the root our mix cannot depend on the world) 0-0-6;
`reading` 0 0-2-7 (the reading helps); `end_margin` 4 0-0-2; `prior_visits` 1e6 (the matrix
half the one-turn count) 6-0-8 over two runs. None reached 50%; all stay as settings
(`hard~NAME=NUMBER` in the arena).

The belief was the lever. Hard told the hybrid's colour (a measuring harness only, declarations
barred) beat it 17-3-0 over 20 (x0.1). Over Hard's slides in 8 games against the hybrid and
Medium and 6 against Hard, the mean belief in the other's true colour was: the wary belief 0.23
(hybrid), 0.29 (Medium), 0.24 (Hard), a uniform guess being 0.25; read from the slides alone
(`slide_reading`) 0.67, 0.51, 0.53; the board alone (a colour's points on the other's side,
weighed 0.3 a point) 0.36, 0.32, 0.32. The searching kind took a slide as certain (odds 1), so
the model averaging favoured it over any kind that read slides: `fair_slides` gives it a
coin's odds there, 0.37, 0.49, 0.18 with `mixed_reader` (with `slide_reading`, it weighs a
coin-flipping slider beside the one-turn-ahead one). Measured, all one-game matches over 20
at x0.1 on the processor clock (Hard's p95 294-305 ms at that scale), Hard's W-D-L:

- `slide_reading` v the shipped hybrid 18-2-0, 95.0% [76.4, 99.1] (12 declarations, all
  right); v the hybrid built on it (which reads Hard's slides too) 14-0-6, 70.0% [48.1, 85.5];
  v Medium 13-1-6, 67.5% [45.7, 83.7] (6 declarations, 2 wrong).
- with `slide_concealment` 0.5 as well: v that hybrid 17-2-1, 90.0% [69.9, 97.2] (the hybrid
  declared 6 times, all wrong: Hard's slides point a slide reader at another colour); v Medium
  11-1-8, 57.5% [36.4, 76.2] (7 declarations, 5 wrong: Medium's slides, mixed and loosened by
  its temperature, misled the reading); v greedy 18-1-1, 92.5% [73.1, 98.2]; v the predictor
  20-0-0, 100% [83.9, 100].
- with `declare_confidence` 0.98 as well (adopted into Hard): v the hybrid built on it 20-0-0,
  100% [83.9, 100] (13 declarations, all right; the hybrid's 3 all wrong); v Medium 14-3-3,
  77.5% [55.7, 90.4] (3 declarations, all right); v the Hard before it 10-0-0 (n=10); v the
  predictor 14-3-3, 77.5% [55.7, 90.4] (6 declarations, all right: declaring at 0.9 it had
  made 16, all right, and won all 20). At full budget v the hybrid built on it 2-0-0 (seeds
  101-102; Hard thought 1,730 ms mean, p95 2,618 ms).
  V greedy 18-1-1, 92.5% [73.1, 98.2] (14 declarations, all right).
- `fair_slides` with the slide reading and its concealment, declaring at 0.9: v the hybrid
  built on it 18-0-2, 90.0% [69.9, 97.2] (the hybrid's 4 declarations all wrong); v Medium
  11-2-7, 60.0% [38.7, 78.1] (1 declaration); v the predictor 11-3-6, 62.5% [40.9, 80.0].
- the Hard before (wary belief, declaring at 0.9) v Medium on the same seeds 14-0-6, 70.0%
  [48.1, 85.5]; v greedy 20-0-0, 100% [83.9, 100] (14 declarations, all right); v the
  predictor 17-2-1, 90.0% [69.9, 97.2] (6 declarations, all right).

Adopted for the hybrid (30.9% to 100%) and Medium (70.0% to 77.5%), though against greedy
(100% to 92.5%) and the predictor (90.0% to 77.5%) the new Hard scored lower, by 2 and 3 games
in 20, well inside the intervals: over the three outside players 46-7-7 against 51-2-7. Worth
measuring over more games. `declare_confidence` 0.95 beside the other two: v Medium 12-1-7,
62.5% [40.9, 80.0] (4 declarations, 2 wrong), v the predictor 18-2-0, 95.0% [76.4, 99.1] (14
declarations, all right): the threshold trades Medium's misleading slides against a simple
player's telling ones; 0.98 keeps Medium above its 70% target. A reading that knew which kind
of slider it faces would need no such trade (next to try).

At full budget in three-game matches, v the slide hybrid built on this Hard (seeds 1-20): 19-0-1,
95.0% [76.4, 99.1]; Hard thought 1,585 ms mean, p95 2,621 ms. Hard declared 21 times, 18 right.
The hybrid, whose declarations are Hard's but read from Hard's slides, declared 26 times and was
wrong every time: a slide priced by `slide_concealment` points a slide reader at another colour,
so this reading at 0.98 is misled by any player who slides as Hard does. Between two Hards that
costs both sides alike; against a player who bluffs at the slides it would cost Hard alone.
Next lever: a reading that weighs a concealing slider beside the telling one. V Medium at full
budget in three-game matches (seeds 1-20): 18-0-2, 90.0% [69.9, 97.2]; Hard declared 12 times,
10 right, Medium 13 times, 2 right; Hard thought 1,563 ms mean, p95 2,619 ms, Medium 46 ms, 276.
In one-game matches v place-random (seeds 1-20) Hard scored 6-2-12, 35.0% [18.1, 56.7], and all
13 declarations made were wrong (Hard 9, the hybrid 4). `declare_agreement` (name only a colour
that also leads the other's board; off in every level) with ties allowed, the same games: 9-2-9,
50.0% [29.9, 70.1], but its 6 declarations were still all wrong (the hybrid's 8: 1 right), some
in rounds 3 to 5 when the board's counts were level; v greedy 17-1-2, 87.5% [66.9, 96.0], 10
declarations, all right. With the colour leading alone: 9-1-10, 47.5% [27.9, 68.0], 4
declarations, all wrong (the hybrid's 8: 2 right). Not adopted: the board is no second witness,
since each slide moves a token and so the board says what the slides said. The lever left is a
reading that models a concealing slider (its choice for each colour priced as
`slide_giveaway` prices Hard's own), or one that learns within a match, from the colours shown
at each game's end, whether the other's slides told the truth.

That last lever is adopted (`slide_pretender` 0.05). Slides alone cannot tell a pretending
slider (one who slides as a one-turn-ahead player of another colour would, as Hard's concealing
slides do) from a telling one, so the reading weighs a pretending kind beside the telling one,
one player in twenty before play, and each game of the match already scored shows which kind
the other is (`ColourReader.slide_kinds`). Before a scored game, the belief in any colour stays
at or below 0.95, so Hard names none from slides. Measured by reading recorded play (x0.1, no
declarations; `python -m game.tools.read_slides`): over 60 seats of Hard's slides in one-game
matches the telling reading's mean belief in the true colour was 0.18 (a uniform guess: 0.25),
and it first reached 0.98 in a wrong colour 15 times, the right one twice; against greedy's
slides 8 right, the predictor's 8, Medium's 3, none wrong. Over 24 three-game matches (seeds
101-106 against each of Hard, greedy, Medium and the predictor), reaching 0.98 wrong against
Hard's slides by game of the match: 10, 8 and 12 (1 right), and with the pretending share 0,
1 and 0; right ones kept in games 2 and 3 (greedy 2 and 3, the predictor 2 and 3, Medium 0 and
1, against 2 and 3, 2 and 3, 2 and 1 without it) and none in game 1 (3, 1 and 1 without it).
The mean belief in Hard's true colour by game: 0.15, 0.22, 0.24 (without: 0.14, 0.13, 0.10).
Also fixed: a declaration read the belief from the searched worlds' weights, which leave out
colours under `MIN_WEIGHT` and share out their weight, so Hard named a colour at a belief of
about 0.91-0.95, not 0.98 (over those 60 seats: 20 wrong, not 15). It now needs the belief as
read. At full budget (one-game matches, seeds 1-20, processor clock), this Hard v
`hard-but-place-random` built on it: 9-2-9, 50.0% [29.9, 70.1], no declaration on either side
(the Hard before: 6-2-12, 35.0%, 13 declarations, all wrong); Hard thought 1,304 ms mean, p95
2,617 ms. V Medium in three-game matches (seeds 1-20): 18-0-2, 90.0% [69.9, 97.2], as before;
Hard declared 3 times, all in a match's second or third game, all right (before: 12, 10 right),
Medium 15 times, 1 right; Hard thought 1,564 ms mean, p95 2,620 ms, Medium 41 ms, p95 275 ms.
V the slide hybrid built on it, three-game matches (seeds 1-20): 18-1-1, 92.5% [73.1, 98.2]
(before: 19-0-1); Hard declared 17 times, all right and all after a scored game (before: 21, 18
right), the hybrid never (before: 26, all wrong); Hard thought 1,443 ms mean, p95 2,619 ms.
V greedy, three-game matches (seeds 1-10): 9-0-1, 90.0% [59.6, 98.2], the loss 45 to 48;
Hard declared 13 times, all right, all in a match's second or third game. V the predictor,
three-game matches (seeds 1-9): 7-1-1, 83.3% [50.7, 96.1]; Hard declared 4 times, all right,
all in a match's third game; Hard thought 1,488 ms mean, p95 2,619 ms.

At full budget the pivot hybrid (`hard-but-pivot-greedy`, one-game matches, seeds 1-40) beat
this Hard: 13-2-25, 35.0% [22.1, 50.5] (no declaration on either side over seeds 19-40; Hard
thought 1,530 ms mean, p95 2,622 ms there). At a tenth of the budget, where Hard searches a
Pivot six plies deep rather than nine, it had been 9-0-11. Over 35 Pivot choices of two games
between Hards (x0.1, seeds 1-2) read at full budget, greedy's pick was Hard's in 12 and within
0.05 of its value in all but 3; early in a game what parted them was `concealment`, whose price
of 0.01-0.07 a pivot moved Hard off the pivot its search valued highest. Levers against it at
full budget (seeds from 1, Hard's W-D-L): `pivot_plies` 6 0-2-5, 3 4-1-6 (over 7 and 11 games);
`unseen` (the hybrid built on it) 1-1-5; `concealment` 0 (the hybrid built on it) 9-3-8, 52.5%
[32.0, 72.1] over 20, Hard thinking 1,426 ms mean, p95 2,617 ms. But concealment 0 v Medium,
three-game matches (seeds 1-10): 6-0-4, 60.0% [31.3, 83.2] against 9-0-1 for this Hard on the
same seeds; Medium declared 5 times, all right (against this Hard, over seeds 1-20: 15 times, 1
right). Hiding the colour at pivots and takes is what keeps a reader of every choice (Medium)
from naming it, and it is pure cost against a player who reads the slides alone (Hard's kind),
who never names a colour in a match's first game. Not adopted; the lever left is a price that
follows the other's reading: learnt from the match (whether the other's declarations, or its
choices once its colour is shown, follow a reading of pivots) or set by the stakes of being
named. `concealment` 0.1 (both sides), whole rows: v the pivot hybrid 21-0-19, 52.5% [37.5,
67.1] over seeds 1-40 (this Hard 13-2-25), no declaration on either side over seeds 14-40, Hard
thinking 1,168 ms mean, p95 2,423 ms there; v Medium in three-game matches 14-1-5, 72.5% [50.6,
87.2] over seeds 1-20 (this Hard 18-0-2), Medium declaring 9 times over seeds 10-20, 4 right,
each of the 4 a match Hard lost. The price between gains 17.5 points against the hybrid and
gives up 17.5 against Medium, and still misses the hybrid's target of 60%: not adopted. The
price has to follow the other's reading, or the stakes of being read, not sit between.
`conceal_step` 0.1 (`concealment` 0.3 priced on the rise in the chance of being named, a
logistic step at Medium's declaring belief, so that early pivots cost little; both sides): v
Medium in three-game matches 17-0-3, 85.0% [64.0, 94.8] over seeds 1-20, Medium declaring 6
times, 1 right, Hard thinking 1,199 ms mean, p95 2,331 ms; v the pivot hybrid 2-1-8 over seeds
1-11, stopped there: it conceals as the line does. `soft_reply` 0.5 (`game/bots/exact.py`: the
other's open choices in the search valued halfway between their best and their mean, as greedy's
uniform guess does; both sides): v the pivot hybrid 16-2-22, 42.5% [28.5, 57.8] over seeds 1-40
(9-1-7 on seeds 1-17, 7-1-15 after), no declarations, Hard thinking 1,152 ms mean, p95 2,319 ms;
v Medium in three-game matches 17-1-2, 87.5% [66.9, 96.0] (Medium declared 16 times, 2 right).
Not adopted. Hard v `hard-but-pivot-random` (shipped, seeds 1-24, stopped): 16-3-5, 72.9% [52.9,
86.6], so the Pivot matters and greedy's one-turn pick is as good as Hard's.

Why the pivot hybrid beat Hard was Hard's reading, not its Pivot. Greedy's one-turn Pivot tells
its colour: v Medium in three-game matches at full budget (seeds 1-20) `hard-but-pivot-greedy`
scored 8-1-11, 42.5% [23.8, 63.6], Medium declaring 15 times, 13 right (this Hard, same seeds:
18-0-2, Medium's 15 declarations 1 right). Hard read the colour from slides alone, so pivots
that told it cost the hybrid nothing against Hard. `choice_reading` (the slide reading also
weighs the pivots and takes, each kind of choice as a whole by whichever model explains it
better: a hiding searcher's, which says nothing of the colour, or a one-turn-ahead player's;
`ColourReader.choice_evidence`), both sides, full budget: v the pivot hybrid 32-2-6, 82.5%
[68.0, 91.3] over seeds 1-40 in one-game matches (Hard declared 17 times, 16 right; the hybrid,
reading Hard's hiding pivots the same way, 9 times, all wrong), Hard thinking 1,226 ms mean,
p95 2,609 ms; v Medium in three-game matches 18-0-2, 90.0% [69.9, 97.2] over seeds 1-20 (Hard
declared 7 times, 5 right, one of the 2 wrong in a match's first game; Medium 23 times, 2
right), Hard thinking 1,296 ms mean, p95 2,611 ms. Also tried, not adopted: `pivot_ties` 0.02
(Pivots valued within 0.02 of the best told apart by a one-turn-ahead player's expectation,
`near_tie`) 5-0-4 v the pivot hybrid over seeds 1-9, stopped for the reading above; Hard v
Hard at full budget 3-1-5 over seeds 1-9 (one-game matches), the spread of a row where nothing
differs. The cost of the reading: a player who hides its colour at its pivots as Hard does can
point it at another colour, and it names that colour in a match's first game (the hybrid's 9
wrong declarations above) where the slide reading alone never named one.
More rows of it, both sides on it, full budget: v the slide hybrid 19-1-0, 97.5% [80.0, 99.7]
over seeds 1-20 in one-game matches (Hard declared twice, right; the hybrid 9 times, all wrong);
v the pivot hybrid in three-game matches 8-0-2, 80.0% [49.0, 94.3] over seeds 1-10 (Hard 13
declarations, 9 right; the hybrid 3, all wrong); v greedy in three-game matches 10-0-0 over
seeds 1-10 (23 declarations, all right; the Hard before 9-0-1 with 13); v the predictor in
three-game matches 6-0-0 over seeds 1-6 (15 declarations, all right). Adopted into Hard
(`choice_reading` 1). Next: learn from each scored game whether the other's pivots told the
truth, as `slide_kinds` does for slides, so that a player who hides as Hard does stops
misleading the reading after a match's first game.

That is `choice_pretender` (adopted into Hard at 0.05): per kind of choice (pivots, takes) the
reading weighs a player who hides its colour there, one who tells it and one who points at
another colour (one player in twenty before play), and each scored game of the match, whose
colours are shown, says which of the three the other was (`ColourReader.choice_kinds`). Read
from recorded play (x0.1, nobody declaring, 24 three-game matches, seeds 101-106 against each of
Hard, the pivot hybrid, greedy and Medium; `python -m game.tools.read_slides --readings choices
learnt --shares 0.05 --against hard hard-but-pivot-greedy greedy medium`): reading Hard's own
choices (30 seats a game) the belief first reached 0.98 in a wrong colour 9, 12 and 8 times in
games 1, 2 and 3 of the match (in the right one 2, 1, 1); learning the kinds, 8, 4 and 3 (right
1, 0, 0). Greedy's (6 seats): right 5, 6, 4 before, 5, 6, 5 after, never wrong. The pivot
hybrid's: right 3, 4, 2 and wrong 1, 1, 0 before; right 2, 3, 3 and wrong 0, 1, 0 after.
Medium's: right 0, 1, 1 and wrong 1, 1, 0 before; right 0, 0, 1, never wrong, after. In a
match's first game nothing is learnt yet (the one change is the pretending share, which moves
each kind's evidence by at most a factor of 0.95), so there Hard's concealing choices still
point the reading at a wrong colour (8 of 30 seats). A reading that takes a pretender as one
at every kind at once (slides, pivots and takes, a share of 0.08; tried offline only) cut those
first-game wrong ones to 2 and the later ones to 1 and 0, but named the pivot hybrid's colour
in no first game (3 before) and greedy's in 1 (5 before): a player who tells at its pivots and
hides at its slides reads as a pretender. Not built. At full budget v Medium in three-game
matches (seeds 1-14, stopped for time): 12-0-2, 85.7% [60.1, 96.0].

What the choice reading costs in a match's first game, at full budget in one-game matches
(seeds 1-40, both sides on it): v `hard-but-end-greedy` 12-2-26, 32.5% [20.1, 48.0], Hard
declaring 19 times, 1 right, the hybrid 5 times, none right; v `hard-but-edge-greedy` 20-1-19,
51.2% [36.3, 65.9], Hard 15 times, 2 right, the hybrid 8, none right. Between players who hide
as Hard does, 44 of 47 first-game declarations were wrong: those rows measure the reading, not
the ending or the Edge. Hard's pivots and takes are played against the colour it believes the
other holds (a token of it kept off the other's side looks, one turn ahead, like a token of
one's own brought home), so they point a one-turn-ahead reading at the reader's own colour or
at another, and its slides agree with them (naming only a colour the slides alone also put
first changed none of the 24 recorded matches' wrong ones). `declare_after_scored` (off)
names no colour before a game of the match is scored. Both sides on it, one-game matches, full
budget: v end-greedy 12-2-6, 65.0% [43.3, 81.9] over seeds 1-20 (this Hard 7-2-11 on those
seeds), no declarations, Hard thinking 1,075 ms mean, p95 2,224 ms; but v pivot-greedy 10-2-8,
55.0% [34.2, 74.2] over seeds 1-20, Hard thinking 1,054 ms mean, p95 2,087 ms (this Hard 32-2-6
over 40, winning on first-game declarations read from the hybrid's telling pivots). It trades
one row for the other, so it is not adopted. Tried offline on the 24 recorded matches, none
separating a hider from a teller in a first game: a reading threshold (at 0.999, 3 wrong
readings of Hard's choices and 3 right ones of greedy's remain); a player who plays as a
one-turn-ahead player of the reader's own colour (7 of Hard's 15 wrong readings named it),
weighed at half the telling kind: Hard's first-game wrong ones 8 to 5, greedy's right ones 5
to 2.

That player was the wrong one to weigh: Hard plays against the colour it *believes* the other
holds, and that belief can be read, since it comes from public play. `choice_denier` (adopted
into Hard at 0.33) reads each pivot and take beside what the player then believed of the
reader's colour (the reader's own reading of its earlier choices, `ColourReader.beliefs_held`):
as a one-turn-ahead player who plays against that colour and for its own, or as a denier, who
plays only against it and so shows nothing (a third of the hiding kind before play); and a
position met again counts once, since a bot repeats its choice there (a game that circles had
counted one choice fifteen times). Read from the 24 recorded matches (`read_slides --readings
learnt beliefs --shares 0.05`), the first-game wrong readings of Hard's choices at 0.98 fell
from 8 to 4 of 30 seats (5 with the beliefs alone, 5 with the denier read at the one-turn-ahead
sharpness) and in games 2 and 3 from 4 and 3 to 4 and 0; greedy's right ones 5, 6, 5 to 4, 6, 5;
the pivot hybrid's 2, 3, 3 to 2, 2, 2 (wrong 0, 1, 0 as before); Medium's 0, 0, 1 to 0, 0, 1. At
full budget, both sides on it, one-game matches over seeds 1-20: v end-greedy 10-1-9, 52.5%
[32.0, 72.1] (this Hard before: 7-2-11 on those seeds), Hard declaring 6 times, 1 right, the
hybrid 3 times, none right; v pivot-greedy 15-1-4, 77.5% [55.7, 90.4], Hard 8 declarations, 7
right, the hybrid 4, 1 right; Hard thinking 1,035-1,068 ms mean, p95 2,203-2,229 ms. V Medium in
three-game matches over seeds 1-12: 12-0-0, 100% [75.7, 100] (Hard 4 declarations, all right;
Medium 8, all wrong), Hard thinking 1,154 ms mean, p95 2,334 ms. Reading what the other
believed as Hard itself now reads, denier and all (`choice_consistent`, both sides, off), did
worse v end-greedy: 7-2-11, 40.0% [21.9, 61.3] over seeds 1-20, Hard declaring 5 times, none
right. With `choice_denier` adopted (`--hybrids moriarty`, one-game matches, full budget):
end-greedy over seeds 21-40 6-3-11, so 16-4-20, 45.0% [30.7, 60.2] over 1-40 (Hard declaring
11 times, 1 right; the hybrid 4 times, none right), think 1,011 ms mean, p95 2,177 ms;
edge-greedy over seeds 1-20 11-2-7, 60.0% [38.7, 78.1] (Hard 4 declarations, the hybrid 5, all
wrong; the Hard before 12-1-7 on those seeds), think 1,030 ms mean, p95 2,154 ms; pivot-greedy
over seeds 21-40 14-1-5, so 29-2-9, 75.0% [59.8, 85.8] over 1-40 (Hard 13 declarations, 12
right), think 1,042 ms mean, p95 2,209 ms. Naming a colour in a first game only when the slides
alone believe it at 0.88 (`declare_slide_floor`, off; offline it kept the 6 right first-game
readings of the recorded matches and dropped 3 of Hard's 4 wrong ones) changed nothing at full
budget: v end-greedy, seeds 1-12 played the same games as without it, the same 3 wrong
declarations among them (stopped there). Recorded at full budget (12 one-game matches of
Hard against Hard and the pivot hybrid, nobody declaring, and 10 as the arena plays them against
the end hybrid), the wrong first-game readings of a Hard-like player came with pivots that were
the best one turn ahead for the named colour in only 2 of 5, 2 of 5 and 2 of 7 distinct
positions, where the pivot hybrid's right one had 3 of 3 and greedy's (x0.1) 4 of 4 to 6 of 7:
read at a rationality of 1.5 with a fifth of choices noise, a searcher's near-best pivots look
like telling. `choice_sharpness` 8 reads the teller as all but always playing the best
(`told_given`, a tenth of choices noise): offline, full budget, the wrong first-game readings
fell from 5 to 2 and the right ones rose from 1 to 2 (x0.1: the pivot hybrid's right ones 2
to 4, Hard's wrong ones 4 as before, greedy's right 4 as before). At full budget, both sides on it,
one-game matches over seeds 1-20: v end-greedy 11-0-9, 55.0% [34.2, 74.2] (Hard declaring once,
wrong; the hybrid 4 times, all wrong; this Hard 10-1-9 on those seeds), Hard thinking 1,052 ms
mean, p95 2,162 ms; v pivot-greedy 18-2-0, 95.0% [76.4, 99.1] (Hard 4 declarations, all right;
the hybrid 6, all wrong; this Hard 15-1-4), 1,055 ms mean, p95 2,187 ms. Over seeds 21-40:
v end-greedy 9-1-10 (Hard 4 declarations, 1 right; the hybrid 1, wrong), so 20-1-19, 51.2%
[36.3, 65.9] over 1-40 (this Hard 45.0%); v pivot-greedy 16-0-4 (Hard 8, all right), so 34-2-4,
87.5% [73.9, 94.5] over 1-40 (this Hard 75.0%); Hard thinking 1,025-1,055 ms mean, p95
2,132-2,206 ms. Adopted into Hard (`choice_sharpness` 8). The end row stays under 60%: a
Hard-like player's first-game declarations are still mostly wrong (9 of the 10 made over the
40, where 14 of 15 before). V Medium in three-game matches, seeds 1-20: 19-0-1, 95.0% [76.4,
99.1] (Hard declared 11 times, 9 right, both wrong ones in a match's third game; Medium 14,
none right), Hard thinking 1,150-1,166 ms mean, p95 2,262-2,368 ms. The figures before this
paragraph are for the Hard of their day.

The bonus hybrid (`hard-but-bonus-greedy`, which picks a colour with the most tokens starting
on its side) at full budget, one-game matches over seeds 1-40: 18-2-20, 47.5% [32.9, 62.5]. All
10 declarations were wrong (5 each side) and in 8 of them the other held the one colour with
both tokens on its side. Where one colour had both there (37 games of each), the hybrid picked
it every time and Hard 28 times. `home_reading` (off in every level; a share of players who pick
such a colour, the belief starting there and learning from the match's scored games which kind
the other is, `ColourReader.home_prior`): offline, over those 40 records, Hard's reading first
reached 0.98 in the first game in a right colour 0, 6 and 8 times and in a wrong one 9, 6 and 6
times at shares 0, 0.3 and 0.5. Both sides at 0.5, full budget: v the bonus hybrid 22-1-17,
56.2% [41.0, 70.4] (19 declarations, 13 wrong: Hard 6, 2 right; the hybrid 13, 4 right), Hard
thinking 1,181 ms mean, p95 2,615 ms; v the end hybrid 9-2-9, 50.0% [29.9, 70.1] over seeds 1-20
(shipped Hard 11-0-9 there; 9 declarations, 1 right), 1,204 ms mean, p95 2,615 ms. Not adopted:
a home prior reads a player who picks its home colour always, not one who does three times in
four, and between Hards it adds wrong readings as fast as right ones. A larger margin for a
first-game declaration (tried offline, not built): re-asked at full budget at the bonus row's 10
wrong declarations, Hard still made all 10 at a margin of 0.2 and 8 at 0.35 (the two dropped
were made 9-10 points ahead); carrying on was valued near even where the rest were made.

Why a hider's choices read as telling: at the 28 first-game readings that reached 0.98 in the
bonus and edge rows' 80 full-budget records, the other's pivots and takes (each position once)
had been one turn ahead's best for *some* colour at 67-100% of its choices, and for the colour
named at 53-100%; a sharp teller explains a good player's choices far better than the fitted
searcher, which spreads its odds. `choice_drifter` (off in every level) reads beside the teller
a *drifter*, a hider who makes each choice as a teller of a colour drawn afresh would, so that a
choice best for every colour tells none and only one best for one colour alone tells it. Offline
(`python -m game.tools.first_readings`, over those and the two home-reading rows' records, 140
one-game matches), the first-game readings that first reached 0.98: right 4, wrong 49 with
Hard's reading; right 4, wrong 35 at a drifter share of 0.33; right 3, wrong 29 at 0.6. Of
tellers' (three-game matches at a tenth of the budget, nobody declaring, `read_slides --readings
sharp drifting`, 8 matches each against greedy, the pivot hybrid and the predictor): right
first-game readings 14, 13 and 12; over all three games, and Medium's too, right 52, 49 and 48,
wrong 12, 10 and 10 (Hard's own choices at that budget were read wrongly in 4 of 48 first games
at every share). Not adopted: it trades a right reading of a teller for a few wrong ones of a
hider, and between Hards both sides gain alike, so the rows at the Hard-v-Hard spread stay
there; no arena row was run on it.

The bonus hybrid always holds its home colour and Hard did three times in four, so a home
prior read both alike. `bonus_mix` (a share of Bonus Colour picks spread evenly over the colours,
`secret_mix`) makes Hard's pick the one of the two a home prior cannot count on, while Hard reads
the hybrid's habit (`home_reading` 0.5; one scored game away from home and a home prior reads a
player as picking any colour). At the last board of recorded games (414 seats with one home
colour), the home colour would have scored 3.9 points more than the others (sd 6.1), so a pick
away from home is not free. Both sides at `home_reading` 0.5 and `bonus_mix` 0.33, full budget,
three-game matches over seeds 1-20: v the bonus hybrid 13-0-7, 65.0% [43.3, 81.9] (Hard as
shipped 6-1-13 on those seeds); Hard declared 5 times, 4 right, the hybrid 9 times, 3 right; Hard
thinking 1,215 ms mean, p95 2,615 ms; 3,880 s on 2 cores. V Medium, same format: 18-0-2, 90.0%
[69.9, 97.2] (Hard declared 11 times, all right; Medium 27, 1 right), 1,320 ms mean, p95 2,617
ms. V Hard as it was, seeds 1-12: 9-0-3, 75.0% [46.8, 91.1] (7 declarations, 2 right; the old
Hard 5, 1 right), 1,229 ms mean, p95 2,616 ms. One-game matches v the bonus hybrid, seeds 1-20:
13-2-5, 70.0% [48.1, 85.5] (shipped Hard 9-0-11 there; Hard declared twice, both wrong, the
hybrid 8 times, 1 right), 1,276 ms mean, p95 2,618 ms. Adopted into Hard.
"""
from __future__ import annotations

import math
import random
from typing import Mapping, Sequence

from game.bots.games.moriarty_colour import COLOURS, ColourReader, ahead_values, points_by_colour
from game.bots.knowledge import Knowledge, squash, terminal_value, unseal
from game.bots.levels import Budget, Level
from game.core import Move, State, tuple_with
from game.rules.moriarty import (ACTIVE, BONUS, DIRECTION, END, OVER, PASS, PIVOT, SETUP, Declare,
                                 EndGame, MoriartyState, PickPivot, Take)

MIN_WEIGHT = 0.03  # worlds less likely than this are not searched
DECLARE_CONFIDENCE = 0.8  # the belief in a colour before naming it: wrong guesses are costly
MARGIN = 0.05  # how much better a declaration must look than the moves that carry on
SURE_THING = 1e-6  # an ending is preferred to a move that looks exactly as good


def _banked_lead(state: MoriartyState, seat: int) -> int:
    """How far `seat` would lead the match if the game were scored now."""
    return (state.totals[seat] + state.board_points(seat)) \
        - (state.totals[1 - seat] + state.board_points(1 - seat))


def naming_chance(belief: float, width: float) -> float:
    """The chance that a reader holding `belief` in a colour names it: a logistic step of this
    `width` centred on the belief at which a reader of every choice declares (Medium's)."""
    x = max(-60.0, min(60.0, (belief - DECLARE_CONFIDENCE) / width))  # a narrow step stays finite
    return 1.0 / (1.0 + math.exp(-x))


def board_leads(state: State, seat: int, colour: int) -> bool:
    """True if `colour` has more of `seat`'s board points than any other colour (a tie, as at
    the start when every count is 0, says nothing)."""
    assert isinstance(state, MoriartyState)
    counts = points_by_colour(state, seat)[:COLOURS]
    return all(counts[colour] > n for k, n in enumerate(counts) if k != colour)


class GameKnowledge(Knowledge):
    """What the search knows of Moriarty."""

    playout_depth = 10
    uses_history = True
    declare_confidence = DECLARE_CONFIDENCE  # a level may ask for more, or less
    search_plies = 3  # a level may look further (see `levels`)
    deepening_step = 3  # a round: a Pivot, a token, the slides
    concealment = 0.0  # the value a level gives up to keep its colour from showing, per unit
    wary = 0.0  # 1: believe only what a one-turn-ahead player's choices say (`ColourReader`)
    slide_even = 0.0  # 1: slide as the best against an even guess of the other's slide
    unseen = 0.0  # 1: in the search the other chooses not knowing this bot's colour
    mixed_reader = 0.0  # 1: a wary belief also reads a player who slides one turn ahead
    slide_plies = 0.0  # above 0: a search from a slide goes only this deep
    pivot_plies = 0.0  # above 0: a search from a Pivot choice goes only this deep
    colour_model = 0.0  # 1: read the other as a one-turn-ahead player who knows its colour
    end_margin = 0.0  # above 0: the last game's ending valued by its margin at this scale
    fair_slides = 0.0  # 1: the belief's searching player slides as a coin would (`log_weights`)
    slide_reading = 0.0  # 1: the belief reads the other's colour from its slides alone
    slide_pretender = 0.0  # above 0: the share of players whose slides point at a colour they
    # do not hold, before the match's scored games show which kind the other is (`slide_kinds`)
    slide_concealment = 0.0  # the value a slide gives up per unit it adds to a slide reading
    # of this bot's colour (`secret_cost`)
    declare_agreement = 0.0  # 1: name only a colour that also leads the other's side of the
    # board (a slide reading alone is misled by a player who conceals as Hard does)
    conceal_step = 0.0  # above 0: `concealment` prices the rise in the chance of being named
    # (`naming_chance`, a step this wide at a reader's declaring belief), not in the belief
    choice_reading = 0.0  # 1: a slide reading also reads the pivots and takes, each kind by
    # whichever model explains it better (`ColourReader.choice_evidence`)
    choice_pretender = 0.0  # above 0: the share of players whose pivots, or takes, point at a
    # colour they do not hold; that reading then learns from the match's scored games whether
    # the other's pivots, and its takes, hid its colour, told it or pointed at another
    # (`ColourReader.choice_kinds`)
    choice_denier = 0.0  # above 0: the share of hiders who play against the colour they believe
    # the other holds; that reading then reads each pivot and take beside that belief (read as
    # this level reads) and counts a position met again once (`ColourReader.beliefs_held`)
    choice_consistent = 0.0  # 1: with `choice_denier`, what the other believed is read as this
    # level reads, with its denier (not without; v end-greedy 40.0% where without 52.5%)
    choice_sharpness = 0.0  # above 0: with `choice_denier`, a teller at pivots and takes is read
    # as all but always playing the best choice one turn ahead, at this rationality
    # (`told_given`); a searcher who only sometimes plays so is then not read as telling
    declare_slide_floor = 0.0  # above 0: before a game of the match is scored, name only a
    # colour the slides alone believe this much (`ColourReader.belief` from slides)
    declare_after_scored = 0.0  # 1: name a colour only once a game of the match is scored (its
    # colours shown, so the reading knows which kind the other is)
    home_reading = 0.0  # above 0: the share of players who pick a Bonus Colour with the most
    # tokens starting on their side; the belief starts there, learning from the match's scored
    # games which kind the other is (`ColourReader.home_prior`)
    choice_drifter = 0.0  # above 0: with `choice_denier`, the share of hiders read as *drifters*,
    # who make each pivot and take as a teller of some colour would, drawn afresh each time: a
    # good player's choices are best for one colour or another, and tell none of them
    # (`ColourReader.choice_kinds`)
    bonus_mix = 0.0  # above 0: the share of Bonus Colour picks made uniformly at random, so
    # a player who reads home colours (`home_reading`) cannot count on this level's pick
    pivot_ties = 0.0  # above 0: Pivots valued within this much of the best are told apart by
    # what a one-turn-ahead player expects of them (`near_tie`)

    def __init__(self) -> None:
        self.colours = ColourReader()

    def levels(self) -> dict[str, Level]:
        """Moriarty's levels: Easy and Medium pick loosely among near-equal moves (Medium less
        so), which keeps each a step below the next; Hard looks three rounds ahead, reads the
        other's colour from its slides (and from its pivots and takes where they tell it, as
        one who all but always plays the best one turn ahead tells it, beside what the other
        then believed of Hard's colour, learning from each scored game which of them told the
        truth, and starting from the colours with the most tokens on the other's side, as far
        as the other has been one who picks those), hides its own there, picks its Bonus
        Colour at random a third of the time so that no habit tells it, and names a colour
        only when all but sure of it."""
        return {
            "easy": Level("easy", Budget(120, 0.25), temperature=0.5,
                          traits=(("declare_confidence", 0.9), ("search_plies", 3))),
            "medium": Level("medium", Budget(1000, 0.8), temperature=0.3,
                            traits=(("concealment", 0.3), ("search_plies", 3), ("reading", 0.8))),
            "hard": Level("hard", Budget(12000, 2.6),
                          traits=(("concealment", 0.3), ("search_plies", 9), ("reading", 0.8),
                                  ("wary", 1.0), ("declare_confidence", 0.98),
                                  ("slide_reading", 1.0), ("slide_concealment", 0.5),
                                  ("slide_pretender", 0.05), ("choice_reading", 1.0),
                                  ("choice_pretender", 0.05), ("choice_denier", 0.33),
                                  ("choice_sharpness", 8.0), ("home_reading", 0.5),
                                  ("bonus_mix", 0.33))),
        }

    def worlds(self, observation: State, seat: int, history: Sequence = (),
               ) -> list[tuple[float, State]]:
        """One world per colour the opponent may hold, weighed by the belief."""
        assert isinstance(observation, MoriartyState)
        base = unseal(observation)
        if observation.phase in (SETUP, BONUS) or observation.bonus[1 - seat] is not None:
            return [(1.0, base)]
        probabilities = self.belief(observation, seat, history)
        kept = [(p, c) for c, p in enumerate(probabilities) if p >= MIN_WEIGHT]
        total = sum(p for p, _ in kept)
        return [(p / total, base.replace(bonus=tuple_with(base.bonus, 1 - seat, c)))
                for p, c in kept]

    def belief(self, observation: State, seat: int, history: Sequence = ()) -> list[float]:
        """This level's belief over the opponent's Bonus Colour (`ColourReader.belief`)."""
        assert isinstance(observation, MoriartyState)
        return self.colours.belief(history, seat, observation, self.wary > 0.0,
                                   self.mixed_reader > 0.0, self.fair_slides > 0.0,
                                   self.slide_reading > 0.0, self.slide_pretender,
                                   self.choice_reading > 0.0, self.choice_pretender,
                                   self.choice_denier, self.choice_consistent > 0.0,
                                   self.choice_sharpness, self.home_reading,
                                   self.choice_drifter)

    def public_worlds(self, view: State) -> list[tuple[float, State]]:
        """An onlooker knows neither Bonus Colour while a game is played: every pair of
        colours, equally likely."""
        assert isinstance(view, MoriartyState)
        base = unseal(view)
        if base.phase in (SETUP, BONUS) or None not in base.bonus:
            return [(1.0, base)]
        pairs = [(mine, theirs) for mine in range(COLOURS) for theirs in range(COLOURS)]
        return [(1.0 / len(pairs), base.replace(bonus=pair)) for pair in pairs]

    def shares_tree(self, worlds: Sequence[tuple[float, State]]) -> bool:
        """The worlds differ only in the opponent's Bonus Colour, which changes the score and
        never a legal move, once the tokens are placed."""
        return all(self.searches_all(world) for _, world in worlds)

    def unseen_worlds(self, world: State, seat: int) -> list[tuple[float, State]]:
        """For a level with `unseen`: the world with this seat's colour unknown (valued as any
        of the four alike, `leaf_values`)."""
        bonus = world.bonus  # type: ignore[attr-defined]
        if self.unseen <= 0.0 or None in bonus:
            return []
        return [(1.0, world.replace(bonus=tuple_with(bonus, seat, None)))]

    def in_world(self, state: State, world: State) -> State:
        """`state` with the world's Bonus Colours."""
        bonus = world.bonus  # type: ignore[attr-defined]
        return state if state.bonus == bonus else state.replace(bonus=bonus)  # type: ignore

    @property
    def weighs_moves(self) -> bool:
        """True when this level prices what its choices tell the opponent."""
        return self.concealment > 0.0

    def doubt(self, move: Move, worlds: Sequence[tuple[float, State]], seat: int,
              history: Sequence = ()) -> float | None:
        """A declaration needs a belief of `declare_confidence` in the colour named (a wrong one
        hands the opponent every point on the board; the belief as read, not the worlds'
        weights, which share out the weight of colours too unlikely to search) and a margin
        over carrying on, since the belief may be wrong; an ending wins a tie (its points are
        sure). A level that conceals its colour pays for each pivot or take by what it gives
        away."""
        if isinstance(move, Declare):
            belief = sum((weight for weight, world in worlds
                          if world.bonus[1 - seat] == move.colour),  # type: ignore[attr-defined]
                         0.0)
            if history:  # the worlds leave out unlikely colours, sharing out their weight
                belief = min(belief, self.belief(worlds[0][1], seat, history)[move.colour])
            if belief < self.declare_confidence:
                return None
            if self.declare_after_scored > 0.0 and not worlds[0][1].history:  # type: ignore
                return None
            if self.declare_slide_floor > 0.0 and not worlds[0][1].history:  # type: ignore
                slides = self.colours.belief(history, seat, worlds[0][1],  # type: ignore
                                             self.wary > 0.0, self.mixed_reader > 0.0,
                                             self.fair_slides > 0.0, True, self.slide_pretender)
                if slides[move.colour] < self.declare_slide_floor:
                    return None
            if self.declare_agreement > 0.0 and not board_leads(worlds[0][1], 1 - seat,
                                                               move.colour):
                return None
            return MARGIN
        if isinstance(move, EndGame):
            return -SURE_THING
        if self.concealment > 0.0 and isinstance(move, (PickPivot, Take)):
            # only a cost: a move that would lower their belief is not worth more for it, or
            # a bluff could outbid a sure ending
            world = worlds[0][1]
            assert isinstance(world, MoriartyState)
            if self.conceal_step > 0.0:
                before, after = self.colours.belief_shift(history, seat, world, move)
                rise = naming_chance(after, self.conceal_step) \
                    - naming_chance(before, self.conceal_step)
                return self.concealment * max(0.0, rise)
            return self.concealment * max(0.0, self.colours.giveaway(history, seat, world, move))
        return 0.0

    def near_tie(self, values: Mapping[Move, float], worlds: Sequence[tuple[float, State]],
                 seat: int, history: Sequence = ()) -> Move | None:
        """For a level with `pivot_ties`, when the best move is a Pivot: of the Pivots valued
        (priced as `doubt` prices them) within that much of it, the one a one-turn-ahead player
        of this bot's colour expects most of (`ahead_values`); the search's finer differences
        there rest on its model of a reply that knows this bot's colour."""
        if self.pivot_ties <= 0.0 or not values:
            return None
        top = max(values, key=values.__getitem__)
        close = [m for m, v in values.items() if isinstance(m, PickPivot)
                 and v >= values[top] - self.pivot_ties]
        world = worlds[0][1]
        assert isinstance(world, MoriartyState)
        mine = world.bonus[seat]
        if len(close) < 2 or mine is None or not isinstance(top, PickPivot):
            return None
        return max(close, key=lambda m: (ahead_values(world, seat, m)[mine], values[m]))

    def secret_cost(self, state: State, seat: int, move: Move, history: Sequence = ()) -> float:
        """For a level with `slide_concealment`: what a slide adds to the other's reading of
        this bot's colour from its slides, at that price (only a cost, as for a pivot)."""
        if self.slide_concealment <= 0.0 or state.phase != DIRECTION:  # type: ignore[attr-defined]
            return 0.0
        assert isinstance(state, MoriartyState)
        return self.slide_concealment * max(0.0, self.colours.slide_giveaway(history, seat, state,
                                                                             move))

    def plies_from(self, root: State) -> int:
        """`search_plies`, or from a slide or a Pivot choice `slide_plies` or `pivot_plies`
        where a level sets it."""
        phase = root.phase  # type: ignore[attr-defined]
        if self.slide_plies > 0 and phase == DIRECTION:
            return int(self.slide_plies)
        if self.pivot_plies > 0 and phase == PIVOT:
            return int(self.pivot_plies)
        return self.search_plies

    def secret_mix(self, state: State) -> float:
        """At the Bonus Colour pick, for a level with `bonus_mix`."""
        return self.bonus_mix if state.phase == BONUS else 0.0  # type: ignore[attr-defined]

    def answers_evenly(self, state: State) -> bool:
        """At a slide, for a level with `slide_even`."""
        return self.slide_even > 0.0 and state.phase == DIRECTION  # type: ignore[attr-defined]

    def candidate_moves(self, state: State, seat: int, previous: Move | None) -> Sequence[Move]:
        """Every legal move but a declaration (which, inside a world, would be clairvoyant)."""
        moves = state.legal_moves(seat)
        return [m for m in moves if not isinstance(m, Declare)] or moves

    def searches_all(self, state: State) -> bool:
        """Every line is searched once the tokens are placed (placing them is sampled)."""
        return self.search_plies > 0 and state.phase != SETUP  # type: ignore[attr-defined]

    def leaf_value(self, state: State) -> float:
        """The evaluation, or the game as it would end now: while a token is on row 0 or 9 the
        player ahead ends the game at their next choice, and each player has one before the
        tokens move again, but the taker of an Active Token, who has only their own."""
        assert isinstance(state, MoriartyState)
        value = self.value(state)
        if state.phase not in (PIVOT, ACTIVE) or not state.can_end:
            return value
        ended = self.value(state.apply(END).state)
        if state.phase == PIVOT:
            return ended
        return max(value, ended) if state.actors[0] == 0 else min(value, ended)

    def leaf_values(self, state: State, worlds: Sequence[tuple[float, State]]) -> list[float]:
        """`leaf_value` in each colour world, from one count of the board's points by colour
        (the worlds differ only in which colour each seat multiplies)."""
        assert isinstance(state, MoriartyState)
        if state.phase in (SETUP, BONUS, OVER) or None in state.bonus:
            return super().leaf_values(state, worlds)
        counts = [points_by_colour(state, seat) for seat in (0, 1)]
        extra = 2 + state.game_index  # a Bonus Colour's token counts 3, 4 or 5 times
        ending = state.phase in (PIVOT, ACTIVE) and state.can_end
        last_game = state.game_index + 1 >= state.games
        values = []
        for _, world in worlds:
            bonus = world.bonus  # type: ignore[attr-defined]
            board = [counts[s][COLOURS] + extra * (counts[s][COLOURS] / COLOURS if bonus[s] is None
                                                   else counts[s][bonus[s]]) for s in (0, 1)]
            now = squash(state.totals[0] + board[0] - state.totals[1] - board[1], 12.0)
            if not ending:
                values.append(now)
                continue
            lead = state.totals[0] + board[0] - state.totals[1] - board[1]
            if not last_game:
                ended = squash(lead, 12.0)
            elif self.end_margin > 0.0:  # the margin counts: the other's colour is a guess
                ended = squash(lead, self.end_margin)
            else:
                ended = 0.5 + 0.5 * ((lead > 0) - (lead < 0))
            if state.phase == PIVOT:
                values.append(ended)
            else:
                values.append(max(now, ended) if state.actors[0] == 0 else min(now, ended))
        return values

    def playout_move(self, state: State, seat: int, rng: random.Random) -> Move:
        """A random move that never declares Moriarty; the player ahead ends the game."""
        moves = state.legal_moves(seat)
        if PASS in moves:
            return PASS
        if END in moves and _banked_lead(state, seat) > 0:  # type: ignore[arg-type]
            return END
        quiet = [m for m in moves if not isinstance(m, (Declare, EndGame))]
        return rng.choice(quiet or moves)

    def opponent_views(self, worlds: Sequence[tuple[float, State]], seat: int,
                       ) -> list[tuple[float, State]] | None:
        """For a level with `colour_model`, once colours are chosen: each world with this
        seat's colour hidden, as the other sees it."""
        if self.colour_model <= 0.0 or any(
                w.phase in (SETUP, BONUS) for _, w in worlds):  # type: ignore[attr-defined]
            return None
        return [(weight, world.replace(bonus=tuple_with(world.bonus, seat, None)))  # type: ignore
                for weight, world in worlds]

    def seen_value(self, state: State) -> float:
        """Seat 0's chances as a simple player sees them: the match totals plus the board's
        points, each Bonus Colour counted where it is known."""
        assert isinstance(state, MoriartyState)
        if state.is_terminal:
            return terminal_value(state)
        lead = state.totals[0] - state.totals[1]
        if state.phase not in (SETUP, BONUS):
            lead += state.board_points(0) - state.board_points(1)
        return squash(lead, 12.0)

    def reading_value(self, state: State) -> float:
        """Seat 0's chances as a simple player sees them, both Bonus Colours unknown: the match
        totals plus the board's plain points."""
        assert isinstance(state, MoriartyState)
        if state.is_terminal:
            return terminal_value(state)
        plain = state if state.bonus == (None, None) else state.replace(bonus=(None, None))
        lead = state.totals[0] - state.totals[1]
        if state.phase not in (SETUP, BONUS):
            lead += plain.board_points(0) - plain.board_points(1)
        return squash(lead, 12.0)

    def value(self, state: State) -> float:
        """The evaluation, or a finished match's result (by its margin, for `end_margin`)."""
        if state.is_terminal and self.end_margin > 0.0:
            totals = state.totals  # type: ignore[attr-defined]
            return squash(totals[0] - totals[1], self.end_margin)
        return super().value(state)

    def evaluate(self, state: State) -> float:
        """Seat 0's chances from the match totals plus the board as it would score now."""
        assert isinstance(state, MoriartyState)
        if state.phase in (SETUP, BONUS) or None in state.bonus:
            lead = state.totals[0] - state.totals[1]
        else:
            lead = (state.totals[0] + state.board_points(0)) \
                - (state.totals[1] + state.board_points(1))
        return squash(lead, 12.0)
