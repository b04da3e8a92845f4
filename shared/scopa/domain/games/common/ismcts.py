"""Information-set Monte Carlo tree search, game-neutral: one tree over the searching seat's information set.

Single-observer ISMCTS: every iteration draws one determinisation (a guess at every hidden card that
agrees with what the seat has seen and, through the game's adapter, with what the other players' plays
suggest), walks the tree choosing only among the moves legal in that guess, adds one node, plays the rest
out with a cheap policy, and credits every node on the path with the reward of the seat that moved into
it. A child's exploration term counts how often it was *available*, not how often its parent was visited,
since in another guess the same move may not exist (another seat's hand differs from guess to guess).

Seats the adapter does not search (``Adapter.fixed``: the other sides, say, played by a policy that sees
their guessed hands) still leave their moves in the tree, as observations: the nodes below are the
information sets reached after seeing that move.

The adapter (:class:`Adapter`) knows the game: how to guess, which moves are legal, how to play one, how
to play out, and which moves look best (the order in which children are added: progressive widening
opens them one by one as a node's visits grow, so a node with many moves tries the promising ones first).

Budgets are counted in work units reported by the adapter (about one simulated card play each), never
in milliseconds: for a view and a seed the search, and so the move, is always the same.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

S = TypeVar("S")
M = TypeVar("M", bound=Hashable)

#: A node opens at most ``WIDEN_BASE + WIDEN_SLOPE * visits ** WIDEN_POWER`` children.
WIDEN_BASE = 2.0
WIDEN_SLOPE = 1.0
WIDEN_POWER = 0.5


class Adapter(Protocol[S, M]):
    """What the search needs from a game. States are mutable: ``determinize`` returns a fresh one."""

    def determinize(self, iteration: int) -> S:
        """A complete position consistent with the searching seat's knowledge (a fresh object)."""
        ...

    def to_move(self, state: S) -> int:
        """The seat to move, or -1 where the tree stops (the game, or the searched horizon, is over)."""
        ...

    def fixed(self, state: S) -> M | None:
        """The move of a seat the tree does not search (played by the adapter's policy), or None."""
        ...

    def moves(self, state: S) -> Sequence[M]:
        """The legal moves of the seat to move, best first by the game's prior judgement."""
        ...

    def play(self, state: S, move: M) -> None:
        """Apply ``move`` in place."""
        ...

    def rollout(self, state: S) -> tuple[Sequence[float], float]:
        """Play on from ``state`` (may consume it): the reward of every seat, and the work it took."""
        ...


@dataclass(slots=True)
class Node(Generic[M]):
    """A node of the tree: the move into it, who made it, and that seat's statistics."""

    move: M | None
    seat: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[M, Node[M]] | None = None


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[M]):
    """The root's children after a search: ``(move, visits, mean reward)``, most visited first."""

    children: tuple[tuple[M, int, float], ...]
    iterations: int
    work: float

    @property
    def best(self) -> M:
        return self.children[0][0]


def search(
    adapter: Adapter[S, M],
    budget: float,
    *,
    exploration: float = 0.7,
    node_cost: float = 1.0,
    min_iterations: int = 8,
    max_iterations: int = 100_000,
    paired_root: bool = False,
    max_root: int = 8,
) -> SearchResult[M]:
    """Search until ``budget`` work units are spent (at least ``min_iterations``); the root's statistics.

    ``node_cost`` is what walking one tree level costs, in the adapter's units. With ``paired_root``
    every guess is played below each root move still in the race (at most ``max_root``, the prior's
    best), so root moves are compared on the same guesses (card luck cancels), and the race is run by
    sequential halving: after each round the worse half drops out. ``determinize(i)`` must then return
    the same guess for the same ``i``.
    """
    if paired_root:
        return _paired(adapter, budget, exploration, node_cost, min_iterations, max_iterations, max_root)
    root: Node[M] = Node(None, -1, children={})
    work = 0.0
    iterations = 0
    while iterations < max_iterations and (iterations < min_iterations or work < budget):
        state = adapter.determinize(iterations)
        path: list[Node[M]] = []
        depth = _descend(adapter, root, state, path, exploration)
        rewards, spent = adapter.rollout(state)
        work += spent + node_cost * depth
        for child in path:
            child.visits += 1
            child.total += rewards[child.seat]
        iterations += 1
    return _result(root, iterations, work)


def _paired(
    adapter: Adapter[S, M],
    budget: float,
    exploration: float,
    node_cost: float,
    min_iterations: int,
    max_iterations: int,
    max_root: int,
) -> SearchResult[M]:
    first = adapter.determinize(0)
    seat = adapter.to_move(first)
    moves = list(adapter.moves(first))[:max_root]
    root: Node[M] = Node(None, -1, children={m: Node(m, seat, children={}) for m in moves})
    assert root.children is not None
    nodes = root.children
    alive = list(moves)
    rounds = max(1, (len(alive) - 1).bit_length())
    work = 0.0
    guesses = 0
    for r in range(rounds):
        round_end = budget * (r + 1) / rounds
        while guesses < max_iterations and (guesses < min_iterations or work < round_end):
            for move in alive:
                state = adapter.determinize(guesses)
                adapter.play(state, move)
                node = nodes[move]
                path = [node]
                depth = 1 + _descend(adapter, node, state, path, exploration)
                rewards, spent = adapter.rollout(state)
                work += spent + node_cost * depth
                for child in path:
                    child.visits += 1
                    child.total += rewards[child.seat]
            guesses += 1
        alive.sort(key=lambda m: -nodes[m].total / max(1, nodes[m].visits))
        if r < rounds - 1:
            alive = alive[: (len(alive) + 1) // 2]
    found = _result(root, guesses, work)
    best = alive[0]
    ordered = sorted(found.children, key=lambda c: c[0] != best)
    return SearchResult(tuple(ordered), guesses, work)


def _result(root: Node[M], iterations: int, work: float) -> SearchResult[M]:
    stats = [
        (move, child.visits, child.total / child.visits if child.visits else 0.0)
        for move, child in (root.children or {}).items()
    ]
    stats.sort(key=lambda s: (-s[1], -s[2]))
    return SearchResult(tuple(stats), iterations, work)


def _descend(adapter: Adapter[S, M], node: Node[M], state: S, path: list[Node[M]], exploration: float) -> int:
    """Walk down from ``node`` in ``state`` (played along), opening at most one node; the levels walked."""
    log = math.log
    sqrt = math.sqrt
    depth = 0
    while True:
        seat = adapter.to_move(state)
        if seat < 0:
            return depth
        children = node.children
        if children is None:
            children = node.children = {}
        forced = adapter.fixed(state)
        if forced is not None:  # a seat played by the policy: the tree only records what it did
            child = children.get(forced)
            if child is None:
                child = children[forced] = Node(forced, seat)
            adapter.play(state, forced)
            path.append(child)
            node = child
            continue
        legal = adapter.moves(state)
        opened = WIDEN_BASE + WIDEN_SLOPE * node.visits**WIDEN_POWER
        best: Node[M] | None = None
        new_move: M | None = None
        best_score = -math.inf
        seen = 0
        for move in legal:
            child = children.get(move)
            if child is None:
                if new_move is None and seen < opened:
                    new_move = move
                continue
            seen += 1
            child.available += 1
            score = child.total / child.visits + exploration * sqrt(log(child.available) / child.visits)
            if score > best_score:
                best, best_score = child, score
        depth += 1
        if new_move is not None and (best is None or seen < opened):
            child = children[new_move] = Node(new_move, seat, available=1)
            adapter.play(state, new_move)
            path.append(child)
            return depth
        assert best is not None
        assert best.move is not None
        adapter.play(state, best.move)
        path.append(best)
        node = best
