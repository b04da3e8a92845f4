"""What the table holds about a match, and whether it is a state the engine could have reached."""

from __future__ import annotations

from api import context
from scopa.application.ports.matches import Match
from scopa.domain.games.common.cards import parse_card
from scopa.domain.games.scopa import engine
from scopa.domain.games.scopa.state import Move, ScopaState, parse_mask_string


def load(match_id: str) -> Match:
    """The stored match (the repository's consistent read)."""
    match = context.services().stores.matches.get_match(match_id)
    assert match is not None, match_id
    return match


def assert_valid(match_id: str) -> Match:
    """The stored state decodes, re-encodes to itself, and is what replaying the stored moves gives.

    Replaying from the seed is the strong check: a move applied twice, lost, or written over another
    request's state would make the log and the state disagree.
    """
    match = load(match_id)
    state = ScopaState.from_json(match.state)
    assert state.to_json() == match.state
    replayed = engine.new_match(state.rules, state.master_seed, state.first_dealer)
    for entry in match.moves:
        seat, _, text = entry.partition(":")
        played, _, taken = text.partition(">")
        replayed = engine.apply_move(replayed, Move(parse_card(played), parse_mask_string(taken)), int(seat))
    assert replayed.to_json() == match.state, "the stored state is not the replay of the stored moves"
    return match
