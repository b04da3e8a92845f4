"""Rating pools: the default pools, which games they rate, and the settings' checks."""

from __future__ import annotations

import pytest

from scopa.domain.games import GAMES
from scopa.domain.games.scopa.rules import PRESETS, make_rules
from scopa.domain.ratings.pools import (
    DEFAULT_POOLS,
    EloConfig,
    Glicko2Config,
    RatingPool,
    pool_for,
    pools_by_id,
)


def test_the_default_pools() -> None:
    scopa, scopone = DEFAULT_POOLS[:2]
    assert (scopa.id, scopa.players_per_side, scopa.players) == ("scopa", 1, 2)
    assert (scopone.id, scopone.players_per_side, scopone.players) == ("scopone", 2, 4)
    assert scopa.presets == ("classic", "scopa_d_assi", "re_bello", "napola", "scopa_a_quindici", "cirulla")
    assert {"scopone", "scopone_scientifico"} <= set(scopone.presets)
    assert set(scopa.presets) | set(scopone.presets) == set(PRESETS)
    assert scopa.elo == EloConfig()
    assert scopa.glicko == Glicko2Config()


def test_every_preset_in_a_pool_is_playable_with_that_many_players() -> None:
    for pool in DEFAULT_POOLS:
        game = GAMES[pool.game]
        for preset in pool.presets:
            rules = game.validate_rules(preset, {"players": pool.players})
            assert game.players(rules) == pool.players
            if pool.game == "scopa":
                assert make_rules(preset, {"players": pool.players}).sides == 2


@pytest.mark.parametrize(
    ("preset", "players", "pool"),
    [
        ("classic", 2, "scopa"),
        ("scopa", 2, "scopa"),  # alias of classic
        ("escoba", 2, "scopa"),  # alias of scopa_a_quindici
        ("asso_piglia_tutto", 2, "scopa"),
        ("cirulla", 2, "scopa"),
        ("napola", 2, "scopa"),
        ("classic", 4, "scopone"),  # the partnership game
        ("cirulla", 4, "scopone"),
        ("scopone", 4, "scopone"),
        ("scopone_scientifico", 4, "scopone"),
        ("classic", 3, None),  # three alone: not rated
        ("scopone", 2, None),  # scopone's deal for two is no pool's game
        ("briscola", 2, None),
    ],
)
def test_pool_for(preset: str, players: int, pool: str | None) -> None:
    found = pool_for(preset, players)
    assert (found.id if found else None) == pool


def test_pool_for_takes_other_pools() -> None:
    blitz = RatingPool("blitz", "Blitz", ("classic",), 1, EloConfig(k_new=32))
    assert pool_for("classic", 2, (blitz,)) is blitz
    assert pool_for("cirulla", 2, (blitz,)) is None


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="K factor"):
        EloConfig(k_top=0)
    with pytest.raises(ValueError, match="cap"):
        EloConfig(cap=0)
    with pytest.raises(ValueError, match="negative"):
        EloConfig(provisional_games=-1)
    with pytest.raises(ValueError, match="positive"):
        Glicko2Config(tau=0)
    with pytest.raises(ValueError, match="positive"):
        Glicko2Config(initial_rd=-5)
    with pytest.raises(ValueError, match="players_per_side"):
        RatingPool("x", "X", ("classic",), 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no preset"):
        RatingPool("x", "X", (), 1)
    with pytest.raises(ValueError, match="two pools have the id 'scopa'"):
        pools_by_id([DEFAULT_POOLS[0], DEFAULT_POOLS[0]])
    assert Glicko2Config().period_seconds == 7 * 86_400
