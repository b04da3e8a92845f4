"""Groups feeding a knockout: round robins in groups, then a seeded knockout of the best of each group.

Groups are dealt by seed in a snake (``1 2 3 4`` across the groups, then ``8 7 6 5`` back), so each group
gets one of the top seeds and the groups' strengths are even; there are ``ceil(n / group_size)`` groups
and their sizes differ by at most one. Each group plays a round robin (the Berger tables of
:mod:`~scopa.domain.tournaments.round_robin`); round ``r`` of the tournament is round ``r`` of every group
at once, so a smaller group may finish a round or two early and its entrants wait.

The knockout that follows is the knockout format's bracket, seeded by the group stage: every group's
winner above every runner-up, above every third, and so on (inside a tier by the order the caller gives:
points per table played, then game-point difference per table, since groups may differ in size by one;
then the lower group number, which holds the better top seed). The standard seeding would sometimes pair two
entrants of the same group in the first knockout round; those are moved apart by swapping the lower one
with an entrant of the same tier elsewhere, so the tiers' byes and sections are kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scopa.domain.tournaments.knockout import bracket_slots
from scopa.domain.tournaments.model import RoundPairing, Table
from scopa.domain.tournaments.round_robin import berger_rounds


def split_groups(seeded_ids: Sequence[str], group_size: int) -> list[list[str]]:
    """The groups (each in seeding order) of ``seeded_ids`` (best first), dealt in a snake."""
    if group_size < 2:
        raise ValueError("a group has at least two entrants")
    if len(set(seeded_ids)) != len(seeded_ids):
        raise ValueError("entrant ids must be unique")
    count = max(1, -(-len(seeded_ids) // group_size))
    groups: list[list[str]] = [[] for _ in range(count)]
    for i, entrant in enumerate(seeded_ids):
        row, col = divmod(i, count)
        groups[col if row % 2 == 0 else count - 1 - col].append(entrant)
    return groups


def group_schedules(groups: Sequence[Sequence[str]]) -> list[list[RoundPairing]]:
    """Each group's round robin, round by round."""
    return [berger_rounds(group) for group in groups]


def group_rounds(groups: Sequence[Sequence[str]]) -> int:
    """Rounds of the group stage: the longest group's round robin."""
    return max((len(s) for s in group_schedules(groups)), default=0)


def group_stage_round(groups: Sequence[Sequence[str]], number: int) -> RoundPairing:
    """Round ``number`` of every group at once: group 1's tables first; the groups' byes."""
    tables: list[Table] = []
    byes: list[str] = []
    for schedule in group_schedules(groups):
        if number <= len(schedule):
            tables.extend(schedule[number - 1].tables)
            byes.extend(schedule[number - 1].byes)
    return RoundPairing(tuple(tables), tuple(byes))


def knockout_slots(
    ranked_groups: Sequence[Sequence[str]],
    advance: int,
    strength: Mapping[str, tuple[float, ...]] | None = None,
) -> list[str | None]:
    """The knockout's first-round bracket: the top ``advance`` of each group (``ranked_groups``: each
    group's entrants still in, best first), seeded by :func:`seeded_qualifiers`, moved apart by
    :func:`separate`."""
    seeds = seeded_qualifiers(ranked_groups, advance, strength or {})
    return separate(bracket_slots(seeds), _group_of(ranked_groups), _tier_of(ranked_groups))


def seeded_qualifiers(
    ranked_groups: Sequence[Sequence[str]], advance: int, strength: Mapping[str, tuple[float, ...]]
) -> list[str]:
    """The qualifiers best seed first: winners, then runners-up, ...; inside a tier the higher
    ``strength`` first (missing: level), then the lower group number."""
    out: list[str] = []
    for tier in range(advance):
        here = [(g, group[tier]) for g, group in enumerate(ranked_groups) if tier < len(group)]
        here.sort(key=lambda x: (tuple(-v for v in strength.get(x[1], ())), x[0]))
        out.extend(e for _, e in here)
    return out


def separate(
    slots: Sequence[str | None], group_of: Mapping[str, int], tier_of: Mapping[str, int]
) -> list[str | None]:
    """The bracket with first-round pairs of one group moved apart where a same-tier swap allows it.

    For a pair of one group, the lower-tier entrant (the one seeded below) changes places with an
    entrant of its tier in another pair when neither new pair is then of one group."""
    out = list(slots)
    pairs = range(0, len(out) - 1, 2)

    def clash(k: int) -> bool:
        a, b = out[k], out[k + 1]
        return a is not None and b is not None and group_of.get(a) == group_of.get(b)

    for k in pairs:
        if not clash(k):
            continue
        a, b = out[k], out[k + 1]
        assert a is not None
        assert b is not None
        low = k + 1 if tier_of.get(b, 0) >= tier_of.get(a, 0) else k
        stay = out[2 * k + 1 - low]
        assert stay is not None
        for j in range(len(out)):
            other = out[j]
            if j // 2 == k // 2 or other is None or tier_of.get(other) != tier_of.get(out[low] or ""):
                continue
            partner = out[j ^ 1]
            if group_of.get(other) == group_of.get(stay):
                continue
            if partner is not None and group_of.get(partner) == group_of.get(out[low] or ""):
                continue
            out[low], out[j] = out[j], out[low]
            break
    return out


def _group_of(groups: Sequence[Sequence[str]]) -> dict[str, int]:
    return {e: g for g, group in enumerate(groups) for e in group}


def _tier_of(groups: Sequence[Sequence[str]]) -> dict[str, int]:
    return {e: i for group in groups for i, e in enumerate(group)}
