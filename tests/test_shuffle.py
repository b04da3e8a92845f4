"""The seeded shuffle: reproducible, verifiable from the revealed seed, and not biased."""

import hashlib
from collections import Counter

from scopa.domain.games.common.shuffle import (
    ALGORITHM,
    SEED_BYTES,
    commitment,
    deal_seed,
    new_master_seed,
    shuffled_deck,
)
from scopa.domain.games.scopa.engine import new_match
from scopa.domain.games.scopa.rules import make_rules


def test_master_seeds_are_fresh_256_bit_secrets() -> None:
    seeds = {new_master_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(len(bytes.fromhex(s)) == SEED_BYTES >= 20 for s in seeds)  # at least 160 bits


def test_the_same_seed_gives_the_same_deck_and_another_seed_another() -> None:
    seed = deal_seed("00" * 32, 0)
    assert shuffled_deck(seed) == shuffled_deck(seed)
    assert sorted(shuffled_deck(seed)) == list(range(40))
    assert shuffled_deck(seed) != shuffled_deck(deal_seed("00" * 32, 1))
    assert shuffled_deck(seed, attempt=1) != shuffled_deck(seed)


def test_commitment_is_sha256_of_algorithm_and_seed() -> None:
    seed = deal_seed("ab" * 32, 3)
    expected = hashlib.sha256(f"{ALGORITHM}:{seed}".encode()).hexdigest()
    assert commitment(seed) == expected


def test_known_answer_so_other_implementations_can_check_theirs() -> None:
    # Pinned output of scopa-shuffle/1: any change to the algorithm must change ALGORITHM too.
    seed = deal_seed("00" * 32, 0)
    assert seed == hashlib.sha256(bytes(32) + b"deal" + bytes(4)).hexdigest()
    assert shuffled_deck(seed)[:10] == _KNOWN_FIRST_TEN


def test_each_deal_publishes_its_commitment_when_it_starts() -> None:
    state = new_match(make_rules("classic"), "cd" * 32)
    assert state.commitments == (commitment(deal_seed("cd" * 32, 0)),)


def test_every_card_lands_in_every_position_about_equally_often() -> None:
    # 4,000 shuffles: each (card, position) cell expects 100; a biased shuffle shows up as a large
    # chi-square. The bound is loose enough never to fail by chance (p < 1e-9 for a fair shuffle).
    counts: Counter[tuple[int, int]] = Counter()
    n = 4000
    for i in range(n):
        for pos, c in enumerate(shuffled_deck(deal_seed("11" * 32, i))):
            counts[(c, pos)] += 1
    expected = n / 40
    chi2 = sum((counts[(c, p)] - expected) ** 2 / expected for c in range(40) for p in range(40))
    dof = 39 * 39
    assert chi2 < dof + 8 * (2 * dof) ** 0.5


# scopa-shuffle/1 on the all-zero master seed, deal 0, attempt 0: Jd Kc 4d 6c 6d Ac 3b 3d 7c Js.
_KNOWN_FIRST_TEN = [7, 19, 3, 15, 5, 10, 32, 2, 16, 27]
