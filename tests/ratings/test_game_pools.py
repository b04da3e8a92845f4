"""Rating pools are per game and per team size: Scopa's pools unchanged, Briscola's beside them."""

from __future__ import annotations

from scopa.domain.games.briscola.rules import PRESETS as BRISCOLA_PRESETS
from scopa.domain.games.briscola.rules import make_rules
from scopa.domain.ratings.pools import DEFAULT_POOLS, pool_for, pools_by_id


def pool_id(preset: str, players: int, game: str = "scopa") -> str | None:
    pool = pool_for(preset, players, game=game)
    return None if pool is None else pool.id


def test_scopa_pools_are_unchanged_and_the_default_game_is_scopa() -> None:
    assert pool_id("classic", 2) == "scopa"
    assert pool_id("scopone", 4) == "scopone"
    assert pool_id("classic", 4) == "scopone"
    assert pool_id("classic", 3) is None
    assert pool_id("scopa", 2) == "scopa"  # an alias of classic


def test_briscola_pools_by_team_size() -> None:
    assert pool_id("classic", 2, "briscola") == "briscola-1v1"
    assert pool_id("best_of_three", 2, "briscola") == "briscola-1v1"
    assert pool_id("partnership", 4, "briscola") == "briscola-2v2"
    assert pool_id("classic", 4, "briscola") == "briscola-2v2"
    for unrated in ("three_players", "chiamata", "six_players", "eight_players"):
        assert pool_id(unrated, make_rules(unrated).players, "briscola") is None
    # A Briscola preset never falls into a Scopa pool, nor the other way round.
    assert pool_id("scopone", 4, "briscola") is None
    assert pool_id("nine_cards", 2) is None
    assert {p.game for p in DEFAULT_POOLS} == {"scopa", "briscola"}
    assert len(pools_by_id(DEFAULT_POOLS)) == 4
    for pool in DEFAULT_POOLS:
        if pool.game == "briscola":
            assert set(pool.presets) <= set(BRISCOLA_PRESETS)
