"""Swiss pairing: one exact matching for club-size fields, score groups walked greedily for large ones.

Criteria, in priority order (a lower criterion never buys back a higher one):

1. no forbidden pair (partners, clubmates, ... as the organizer set them) unless no pairing without one
   exists;
2. no rematch (two entrants who met before) unless it is unavoidable;
3. an odd field gives exactly one bye: nobody gets a second bye before everyone has had one, and the bye
   goes to the lowest score possible;
4. score groups kept together: first the fewest floaters (entrants paired with someone of another
   score), then the smallest sum of score differences over the tables;
5. among the bye candidates left, the lowest ranked of its score group;
6. who floats: the lowest ranked of the group floating down, the highest ranked of the group floating up;
7. inside a score group, top half against bottom half (Dutch style: 1 v 5, 2 v 6, ... in a group of 8);
8. who leads the first deal at a table: the lower ``first_balance``; tie: the one who did not lead first
   in its last round; tie: the higher ranked.

Ranking is score (high first), then rating (high first), then id, so every tie is broken by id and the
result does not depend on the order the entrants are given in. Nothing here is random.

Fields of up to :data:`EXACT_FIELD` entrants are paired by one exact matching of the whole field under
criteria 1-7 (:func:`_exact_round`; 8 is decided table by table afterwards), every round. The exact
solver is networkx ``max_weight_matching(maxcardinality=True)`` on the complete graph, one integer weight
per table, tiered so that each criterion outweighs everything below it summed over a whole round
(:data:`TIERS`). An odd field adds a dummy vertex whose partner gets the bye, so the bye goes to whoever
lets the rest pair best; the others are then paired again without it, so that Dutch order counts
positions in the groups as they are once the bye is out.

Maximum-weight matching is cubic and in pure Python takes seconds at 150 entrants; a club platform may
pair thousands. So above :data:`EXACT_FIELD` a fast path takes the bye first and the exact solver only
sees small subsets:

* the bye is taken first (the lowest ranked among those with the fewest byes);
* score groups are walked from the top. Entrants that could not be paired in their group (a *floater*)
  are carried down. Criterion 4 counts floaters first, so a carried floater does not disturb an even
  group (which would push one of its members down in turn): it passes through and meets the top of the
  next group that needs a partner (an odd one). Without history this gives the minimum number of
  floaters, one per odd group, and the same total score difference as the Dutch cascade;
* inside a group the top half is matched to the bottom half in order (S1[i] v S2[i]) by taking, for each
  S1 entrant, the first free S2 entrant it may meet, and, when there is none, an augmenting path of
  bounded length (a chain of transpositions) that re-seats earlier pairs. A group of up to
  :data:`EXACT_GROUP` that still leaves someone out is solved exactly (most pairs inside the group, the
  lowest ranked left over, Dutch order among equals);
* the greedy pass never makes a rematch or a forbidden pair; whoever is left at the bottom is the hard
  case: the leftovers are re-solved exactly together with the tables that can free a partner for them
  (those holding someone a leftover may meet, nearest in score first, then the bottom tables growing
  upward: 8, 16, 32, ... tables, up to :data:`TAIL_CAP` entrants) until the subset pairs cleanly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter

from scopa.domain.tournaments.model import PairingQuality, RoundPairing, SwissEntrant, Table

EXACT_FIELD = 64  # fields up to this size are paired by one exact matching of the whole field, always
EXACT_GROUP = 24  # score groups up to this size are solved exactly when the greedy order leaves anyone out
TAIL_CAP = 64  # the exact fallback of a large field grows up to this many entrants (about 0.2 s)
PATH_BUDGET = 64  # entrants an augmenting-path search may visit before it gives up

Pair = tuple[int, int]
Fits = Callable[[int, int], bool]


@dataclass(frozen=True)
class _Field:
    """The entrants in rank order (index 0 ranks first), with what they may not be paired with.

    The entrants' own opponent sets are used as they are (copying them would cost more than the whole
    greedy pass on a large field); every check looks both ways, so one side's record of a game is enough.
    """

    entrants: tuple[SwissEntrant, ...]
    ids: tuple[str, ...]
    scores: tuple[float, ...]
    forbidden: tuple[frozenset[str], ...]
    bad: tuple[frozenset[str], ...]  # opponents or forbidden: the pairs the greedy pass never makes
    min_byes: int

    @staticmethod
    def build(entrants: Sequence[SwissEntrant], forbidden: Collection[frozenset[str]]) -> _Field:
        # Three stable sorts by one attribute each (id, then rating and score, high first) give the order
        # of the key (-score, -rating, id) about three times faster than one sort on that tuple.
        order = sorted(entrants, key=attrgetter("id"))
        order.sort(key=attrgetter("rating"), reverse=True)
        order.sort(key=attrgetter("score"), reverse=True)
        ranked = tuple(order)
        # List comprehensions and C-level maps (not generators): this runs over every entrant.
        ids = tuple(map(attrgetter("id"), ranked))
        if len(set(ids)) != len(ids):
            raise ValueError("entrant ids must be unique")
        banned: dict[str, set[str]] = {}
        for pair in forbidden:
            if len(pair) == 2:
                a, b = pair
                banned.setdefault(a, set()).add(b)
                banned.setdefault(b, set()).add(a)
        none: frozenset[str] = frozenset()
        opponents = tuple(map(attrgetter("opponents"), ranked))
        if banned:
            forbidden_of = tuple([frozenset(banned[x]) if x in banned else none for x in ids])
            bad = tuple([o | f if f else o for o, f in zip(opponents, forbidden_of, strict=True)])
        else:
            forbidden_of, bad = (none,) * len(ids), opponents
        return _Field(
            entrants=ranked,
            ids=ids,
            scores=tuple(map(attrgetter("score"), ranked)),
            forbidden=forbidden_of,
            bad=bad,
            min_byes=min(map(attrgetter("byes"), ranked), default=0),
        )

    def __len__(self) -> int:
        return len(self.entrants)

    def fits(self, a: int, b: int) -> bool:
        """Neither a rematch nor a forbidden pair."""
        return self.ids[b] not in self.bad[a] and self.ids[a] not in self.bad[b]

    def met(self, a: int, b: int) -> bool:
        return self.ids[b] in self.entrants[a].opponents or self.ids[a] in self.entrants[b].opponents

    def banned(self, a: int, b: int) -> bool:
        return self.ids[b] in self.forbidden[a]

    def clean(self, pairs: Sequence[Pair]) -> bool:
        return all(self.fits(a, b) for a, b in pairs)


def pair_swiss(
    entrants: Sequence[SwissEntrant], forbidden: Collection[frozenset[str]] = ()
) -> tuple[RoundPairing, PairingQuality]:
    """Pair the next Swiss round of the active ``entrants`` (see the module docstring for the criteria)."""
    field = _Field.build(entrants, forbidden)
    n = len(field)
    if n <= EXACT_FIELD:
        # Club-size fields: the whole round, bye included, is paired exactly under every criterion.
        return _finish(field, *_exact_round(field))
    bye = _choose_bye(field) if n % 2 else None
    tables, leftovers = _greedy(field, [i for i in range(n) if i != bye])
    if leftovers:
        tables, bye = _repair_tail(field, tables, leftovers, bye)
    return _finish(field, tables, bye)


def pair_swiss_exact(
    entrants: Sequence[SwissEntrant], forbidden: Collection[frozenset[str]] = ()
) -> tuple[RoundPairing, PairingQuality]:
    """The same criteria solved by one exact matching of the whole field: the reference, cubic in size.

    For benchmarks and checks only: it takes 0.4 s at 128 entrants, 3 s at 256, and grows as the cube.
    """
    field = _Field.build(entrants, forbidden)
    return _finish(field, *_exact_round(field))


# --------------------------------------------------------------------------- the bye


def _choose_bye(field: _Field) -> int:
    """The lowest-ranked entrant among those with the fewest byes (criterion 3)."""
    return max(i for i, e in enumerate(field.entrants) if e.byes == field.min_byes)


# --------------------------------------------------------------------------- the greedy pass


def _greedy(field: _Field, players: list[int]) -> tuple[list[Pair], list[int]]:
    """Walk the score groups top-down; return the tables in the order formed and who is left over."""
    fits = field.fits
    scores = field.scores
    groups: list[list[int]] = []
    for i in players:
        if groups and scores[groups[-1][0]] == scores[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    tables: list[Pair] = []
    carried: list[int] = []  # floaters from the groups above, in rank order
    for group in groups:
        residents = list(group)
        if carried and len(residents) % 2 == 1:
            # An odd group needs one partner from outside: the carried floater nearest in score meets the
            # highest-ranked resident it may meet.
            match = next(
                ((f, r) for f in reversed(carried) for r in residents if fits(f, r)),
                None,
            )
            if match is not None:
                tables.append(match)
                carried.remove(match[0])
                residents.remove(match[1])
        pairs, unmatched = _pair_group(field, residents)
        tables.extend(pairs)
        # Whoever is still unpaired here may meet each other (no new floater is made by that); the rest
        # floats down.
        pairs, carried = _pair_in_order(fits, sorted(carried + unmatched))
        tables.extend(pairs)
    return tables, carried


def _pair_in_order(fits: Fits, players: list[int]) -> tuple[list[Pair], list[int]]:
    """Each player, in rank order, with the first later one it may meet; returns the pairs and the rest."""
    pairs: list[Pair] = []
    rest: list[int] = []
    free = list(players)
    while free:
        x = free.pop(0)
        for j, y in enumerate(free):
            if fits(x, y):
                pairs.append((x, y))
                del free[j]
                break
        else:
            rest.append(x)
    return pairs, rest


def _pair_group(field: _Field, residents: list[int]) -> tuple[list[Pair], list[int]]:
    """One score group: top half against bottom half; returns the pairs and who is left over."""
    size = len(residents)
    if size < 2:
        return [], residents
    top, bottom = residents[: size // 2], residents[size // 2 :]
    pairs, unmatched = _match_halves(field.fits, top, bottom)
    if len(unmatched) > size % 2:
        if size <= EXACT_GROUP:
            return _exact_group(field, residents)
        more, unmatched = _pair_in_order(field.fits, unmatched)
        pairs.extend(more)
    return pairs, unmatched


def _match_halves(fits: Fits, top: list[int], bottom: list[int]) -> tuple[list[Pair], list[int]]:
    """S1 against S2 in order; an S1 entrant with no free S2 partner re-seats earlier pairs if it can.

    Taking the first free compatible S2 entrant is the Dutch transposition order done greedily; the
    augmenting path (bounded by :data:`PATH_BUDGET`) is the local repair: S1[i] takes an S2 entrant that
    S1[j] held, and S1[j] moves to another, and so on until someone free is reached.
    """
    partner: dict[int, int] = {}  # S2 entrant -> its S1 partner
    free = list(bottom)  # S2 entrants still free, in rank order
    left: list[int] = []

    def take_free(x: int) -> int | None:
        for j, y in enumerate(free):
            if fits(x, y):
                del free[j]
                return y
        return None

    def augment(x: int, seen: set[int]) -> int | None:
        """An S2 entrant for ``x``, freeing one from its partner recursively; None if none in budget."""
        y = take_free(x)
        if y is not None:
            return y
        for y in bottom:
            if len(seen) >= PATH_BUDGET:
                break
            if y in seen or not fits(x, y):
                continue
            seen.add(y)
            other = augment(partner[y], seen)
            if other is not None:
                partner[other] = partner[y]
                return y
        return None

    for x in top:
        y = take_free(x)
        if y is None:
            y = augment(x, set())
        if y is None:
            left.append(x)
        else:
            partner[y] = x
    pairs = sorted((x, y) for y, x in partner.items())
    return pairs, sorted(left + free)


def _exact_group(field: _Field, residents: list[int]) -> tuple[list[Pair], list[int]]:
    """A small group solved exactly: most pairs, the lowest ranked left over, then Dutch order."""
    import networkx as nx  # here, not at import: only pairing needs it (about 0.25 s of a cold start)

    size = len(residents)
    half = size // 2
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(size))
    edges: list[tuple[int, int, tuple[int, ...]]] = []
    for p in range(size):
        for q in range(p + 1, size):
            if field.fits(residents[p], residents[q]):
                # pairing the lower ranked costs more (so they are the ones left over), then the
                # distance from S1[i] v S2[i]
                edges.append((p, q, (p + q, abs(q - p - half))))
    if edges:
        weights = _tiered([c for _, _, c in edges], half)
        graph.add_weighted_edges_from((p, q, w) for (p, q, _), w in zip(edges, weights, strict=True))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((residents[min(p, q)], residents[max(p, q)]) for p, q in matching)
    paired = {x for pair in pairs for x in pair}
    return pairs, [r for r in residents if r not in paired]


# --------------------------------------------------------------------------- the exact solver


def _exact_round(field: _Field) -> tuple[list[Pair], int | None]:
    """The whole field paired exactly: the bye first chosen by a matching of everyone (with the dummy),
    then the others paired again without it, so that Dutch order counts positions without the bye.

    The second matching cannot lose anything above Dutch order: once the bye is fixed, those tiers are
    the same in both, and the first matching was already the best of them for that bye.
    """
    everyone = list(range(len(field)))
    if len(field) % 2 == 0:
        return _exact(field, everyone, with_bye=False)
    tables, bye = _exact(field, everyone, with_bye=True)
    if bye is None or len(field) < 5:
        return tables, bye
    tables, _ = _exact(field, [i for i in everyone if i != bye], with_bye=False)
    return tables, bye


def _exact(field: _Field, players: list[int], *, with_bye: bool) -> tuple[list[Pair], int | None]:
    """Minimum-penalty pairing of ``players`` (one of them gets the bye when ``with_bye``).

    Each table's penalty is a vector, compared tier by tier (see :data:`TIERS`); the bye is a table with a
    dummy vertex, so whoever receives it is chosen by the same matching as everyone else's opponent.
    """
    import networkx as nx  # as in _exact_group: only the pairing path pays for it

    players = sorted(players)
    dummy = len(field)
    units = _score_units(field.scores)
    lowest = min((units[p] for p in players), default=0)
    position: dict[int, tuple[int, int]] = {}  # player -> (position in its score group, group size)
    start = 0
    for k in range(len(players) + 1):
        if k == len(players) or field.scores[players[k]] != field.scores[players[start]]:
            for p in range(start, k):
                position[players[p]] = (p - start, k - start)
            start = k
    edges: list[tuple[int, int, tuple[int, ...]]] = []
    for p, a in enumerate(players):
        for b in players[p + 1 :]:
            pos_a, size_a = position[a]
            if field.scores[a] == field.scores[b]:
                float_, diff, rank, dutch = 0, 0, 0, abs(abs(position[b][0] - pos_a) - size_a // 2)
            else:
                # a (the higher score) floats down, b up: the lowest ranked of a's group and the highest
                # ranked of b's, so a pairs outside its group only when those below it cannot
                float_, diff, dutch = 2, abs(units[a] - units[b]), 0
                rank = size_a - 1 - pos_a + position[b][0]
            banned, met = int(field.banned(a, b)), int(field.met(a, b))
            edges.append((a, b, (banned, met, 0, 0, float_, diff, 0, rank, dutch)))
        if with_bye:
            repeated = int(field.entrants[a].byes > field.min_byes)
            below = position[a][1] - 1 - position[a][0]  # entrants of its own score ranked below it
            edges.append((a, dummy, (0, 0, repeated, units[a] - lowest, 0, 0, below, 0, 0)))
    if not edges:
        return [], None
    graph: nx.Graph[int] = nx.Graph()
    weights = _tiered([c for _, _, c in edges], (len(players) + 1) // 2)
    graph.add_weighted_edges_from((a, b, w) for (a, b, _), w in zip(edges, weights, strict=True))
    pairs: list[Pair] = []
    bye: int | None = None
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        lo, hi = min(a, b), max(a, b)
        if hi == dummy:
            bye = lo
        else:
            pairs.append((lo, hi))
    return sorted(pairs), bye


# The penalty tiers of one table, most important first (each outweighs all lower tiers summed over the
# round): the names are those of docs/pairing.md.
TIERS = (
    "forbidden pair",
    "rematch",
    "repeated bye",
    "bye above the lowest score (in score units)",
    "floaters",
    "score difference (in score units)",
    "bye above the lowest ranked of its score",
    "floaters' ranks: above the lowest of the group floating down, below the highest floating up",
    "distance from Dutch order",
)


def _repair_tail(
    field: _Field, tables: list[Pair], leftovers: list[int], bye: int | None
) -> tuple[list[Pair], int | None]:
    """Re-solve the leftovers exactly with the tables most likely to free a partner for them.

    The tables are taken in this order: those with an entrant a leftover (or the bye) may meet, nearest in
    score first; then the others from the bottom up (the last formed first). 8, 16, 32, ... of them, until
    the subset pairs cleanly or reaches :data:`TAIL_CAP` entrants.
    """
    waiting = leftovers + ([bye] if bye is not None else [])
    scores = field.scores

    def priority(k: int) -> tuple[int, float, int]:
        near = [abs(scores[x] - scores[w]) for x in tables[k] for w in waiting if field.fits(x, w)]
        return (0, min(near), -k) if near else (1, 0.0, -k)

    order = sorted(range(len(tables)), key=priority)
    most = min(len(tables), max(0, (TAIL_CAP - len(waiting)) // 2))  # tables the subset may take
    count = min(8, most)
    while True:
        chosen = set(order[:count])
        subset = waiting + [x for k in chosen for x in tables[k]]
        solved, new_bye = _exact(field, subset, with_bye=bye is not None)
        if count == most or field.clean(solved):
            return [t for k, t in enumerate(tables) if k not in chosen] + solved, new_bye
        count = min(2 * count, most)


def _tiered(components: Sequence[tuple[int, ...]], tables: int) -> list[int]:
    """One positive integer weight per edge; each tier outweighs every lower tier summed over ``tables``."""
    width = len(components[0])
    unit = [0] * width
    scale = 1
    for k in reversed(range(width)):
        unit[k] = scale
        scale *= tables * max(c[k] for c in components) + 1
    return [scale - sum(u * x for u, x in zip(unit, c, strict=True)) for c in components]


def _score_units(scores: Sequence[float]) -> list[int]:
    """Scores as integers with the same differences (half points become 1, whole points 2, ...)."""
    fractions = [Fraction(s).limit_denominator(10_000) for s in scores]
    denominator = math.lcm(*(f.denominator for f in fractions)) if fractions else 1
    return [int(f * denominator) for f in fractions]


# --------------------------------------------------------------------------- the result


def _leads_first(field: _Field, a: int, b: int) -> bool:
    """Whether ``a`` leads the first deal against ``b`` (the last criterion): the lower first balance;
    tie: the one who did not lead first in its last round; tie: the higher ranked."""
    ea, eb = field.entrants[a], field.entrants[b]
    if ea.first_balance != eb.first_balance:
        return ea.first_balance < eb.first_balance
    la, lb = ea.last_first is True, eb.last_first is True
    return lb if la != lb else a < b


def _finish(field: _Field, pairs: list[Pair], bye: int | None) -> tuple[RoundPairing, PairingQuality]:
    # Written for speed (it sees every table of a 100,001-entrant field): no call per table but the two
    # the result needs.
    ids, scores, entrants, banned = field.ids, field.scores, field.entrants, field.forbidden
    tables = []
    rematches = forbidden = floaters = 0
    difference = 0.0
    for a, b in sorted((a, b) if a < b else (b, a) for a, b in pairs):
        ea, eb = entrants[a], entrants[b]
        x, y = ids[a], ids[b]
        if ea.first_balance != eb.first_balance:
            a_first = ea.first_balance < eb.first_balance
        else:
            la, lb = ea.last_first is True, eb.last_first is True
            a_first = lb if la != lb else True  # a < b: a ranks higher
        tables.append(Table(x, y) if a_first else Table(y, x))
        if y in ea.opponents or x in eb.opponents:
            rematches += 1
        if banned[a] and y in banned[a]:
            forbidden += 1
        if scores[a] != scores[b]:
            floaters += 2
            difference += abs(scores[a] - scores[b])
    quality = PairingQuality(
        rematches=rematches,
        forbidden=forbidden,
        floaters=floaters,
        score_difference=difference,
        repeated_byes=int(bye is not None and field.entrants[bye].byes > 0),
    )
    return RoundPairing(tuple(tables), (ids[bye],) if bye is not None else ()), quality
