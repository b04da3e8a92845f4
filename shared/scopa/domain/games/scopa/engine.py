"""The Scopa engine: pure functions from a state and a move to the next state.

``new_match`` deals the first deal; ``legal_moves`` lists every move with every capture option;
``apply_move`` checks a move, plays it, and when a hand or deal runs out deals the next one, scores the
deal and decides the match. Nothing here does I/O or reads a clock; the only randomness is the seeded
shuffle of :mod:`scopa.domain.games.common.shuffle`.

Seats are numbered in playing order (counter-clockwise): seat ``s + 1`` plays after seat ``s`` and sits
at its right. In the four-player game partners are seats 0 and 2 (side 0) and seats 1 and 3 (side 1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scopa.domain.games.common.cards import BIT, CODES, RANK, RANK_MASK, bits_of, iter_cards, mask_rank_sum
from scopa.domain.games.common.result import MatchResult
from scopa.domain.games.common.shuffle import commitment, deal_seed, match_seed, shuffled_deck
from scopa.domain.games.scopa.captures import TableInfo, ace_sweep_applies, capture_options, plain_captures
from scopa.domain.games.scopa.cards import SETTE_DI_COPPE
from scopa.domain.games.scopa.errors import IllegalMove, Rule
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import DealScore, count_order_items, score_deal
from scopa.domain.games.scopa.state import Bonus, Move, PlayedMove, ScopaState

MAX_REDEALS = 1000  # a void table has probability ~0.3%: a thousand in a row never happens

#: ``_new_tuple(Move, (card, take))`` builds a ``Move`` (likewise ``PlayedMove``, ``ScopaState``) without
#: the named-tuple constructor's argument binding: the same object, built several times faster. The hot
#: paths (a list of moves, a state per move) use it; everything else uses the ordinary constructors.
_new_tuple = tuple.__new__

# apply_move unpacks a state and builds the next one positionally: this pins the field order it assumes.
_STATE_FIELDS = (
    "rules",
    "master_seed",
    "first_dealer",
    "deal_index",
    "dealer",
    "attempt",
    "deck",
    "dealt",
    "hands",
    "table",
    "piles",
    "scopa_log",
    "bonuses",
    "revealed",
    "turn",
    "last_capturer",
    "deal_log",
    "moves_played",
    "scores",
    "deal_totals",
    "last_deal",
    "commitments",
    "result",
    "finished_log",
    "leftovers",
)
if ScopaState._fields != _STATE_FIELDS:  # pragma: no cover - fails at import when the state changes
    raise ImportError("ScopaState fields changed: update apply_move, which builds states positionally")


# --------------------------------------------------------------------------- starting


def new_match(rules: RuleSet, master_seed: str | None = None, first_dealer: int = 0) -> ScopaState:
    """A new match with its first deal dealt. Without a seed, a fresh secret seed is drawn."""
    seed = match_seed(rules.players, master_seed, first_dealer)
    empty_state = ScopaState(
        rules=rules,
        master_seed=seed,
        first_dealer=first_dealer,
        deal_index=0,
        dealer=first_dealer,
        attempt=0,
        deck=(),
        dealt=0,
        hands=(0,) * rules.players,
        table=0,
        piles=(0,) * rules.sides,
        scopa_log=(),
        bonuses=(),
        revealed=0,
        turn=0,
        last_capturer=-1,
        deal_log=(),
        moves_played=0,
        scores=(0,) * rules.sides,
        deal_totals=(),
        last_deal=None,
        commitments=(),
        result=None,
    )
    return _start_deal(empty_state, 0, first_dealer)


def _start_deal(state: ScopaState, deal_index: int, dealer: int) -> ScopaState:
    rules = state.rules
    seed = deal_seed(state.master_seed, deal_index)
    n = rules.players
    attempt = 0
    while True:
        deck = shuffled_deck(seed, attempt)
        hands, pos = _deal_hands(deck, 0, dealer, n, rules.hand_size)
        table = 0
        for c in deck[pos : pos + rules.table_cards]:
            table |= 1 << c
        pos += rules.table_cards
        kings = (table & RANK_MASK[10]).bit_count()
        if rules.void_deal_kings is None or kings < rules.void_deal_kings:
            break
        attempt += 1
        if attempt > MAX_REDEALS:  # pragma: no cover - needs a broken shuffle
            raise RuntimeError("could not deal a valid table")
    leader = (dealer + 1) % n if rules.leader == "dealer_right" else dealer
    piles = [0] * rules.sides
    bonuses: list[Bonus] = []
    last_capturer = -1
    if rules.cirulla_bonuses:
        dealer_points = cirulla_dealer_bonus(table)
        if dealer_points:
            bonuses.append(Bonus(dealer, f"dealer_{15 * dealer_points}", dealer_points))
            piles[dealer % rules.sides] |= table
            table = 0
            last_capturer = dealer
    revealed, hand_bonuses = _cirulla_hand_bonuses(rules, hands, dealer)
    return state._replace(
        deal_index=deal_index,
        dealer=dealer,
        attempt=attempt,
        deck=tuple(deck),
        dealt=pos,
        hands=tuple(hands),
        table=table,
        piles=tuple(piles),
        scopa_log=(),
        bonuses=(*bonuses, *hand_bonuses),
        revealed=revealed,
        turn=leader,
        last_capturer=last_capturer,
        deal_log=(),
        commitments=(*state.commitments, commitment(seed)),
    )


def _deal_hands(
    deck: list[int] | tuple[int, ...], pos: int, dealer: int, n: int, size: int
) -> tuple[list[int], int]:
    """Deal ``size`` cards to each seat, one at a time, starting at the dealer's right.

    The ``i``-th seat served gets every ``n``-th card from ``pos + i``: one slice each, added up as bits.
    """
    end = pos + n * size
    hands = [0] * n
    for i in range(n):
        hands[(dealer + 1 + i) % n] = sum(map(BIT.__getitem__, deck[pos + i : end : n]))
    return hands, end


# --------------------------------------------------------------------------- cirulla bonuses


def cirulla_dealer_bonus(table: int) -> int:
    """Scope the dealer marks for the first table: 1 if it makes 15, 2 if 30 (the 7 of cups is wild)."""
    if not table:
        return 0
    if table >> SETTE_DI_COPPE & 1:
        rest = mask_rank_sum(table & ~BIT[SETTE_DI_COPPE])
        totals = {rest + v for v in range(1, 11)}
    else:
        totals = {mask_rank_sum(table)}
    return 2 if 30 in totals else 1 if 15 in totals else 0


def cirulla_hand_bonus(hand: int) -> tuple[str, int] | None:
    """A three-card hand's bonus: three of a rank scores 10, a total under 10 scores 3 (7 of cups wild)."""
    if hand.bit_count() != 3:
        return None
    wild = bool(hand >> SETTE_DI_COPPE & 1)
    ranks = (
        [RANK[c] for c in iter_cards(hand & ~BIT[SETTE_DI_COPPE])]
        if wild
        else [RANK[c] for c in iter_cards(hand)]
    )
    if len(set(ranks)) == 1:
        return ("hand_10", 10)
    if sum(ranks) + (1 if wild else 0) < 10:
        return ("hand_3", 3)
    return None


def _cirulla_hand_bonuses(
    rules: RuleSet, hands: list[int] | tuple[int, ...], dealer: int
) -> tuple[int, list[Bonus]]:
    if not rules.cirulla_bonuses:
        return 0, []
    revealed = 0
    bonuses = []
    n = rules.players
    for i in range(1, n + 1):  # declared in playing order
        seat = (dealer + i) % n
        found = cirulla_hand_bonus(hands[seat])
        if found:
            bonuses.append(Bonus(seat, *found))
            revealed |= 1 << seat
    return revealed, bonuses


# --------------------------------------------------------------------------- moves


def legal_moves(state: ScopaState) -> list[Move]:
    """Every legal move of the player to play, each capture option a move of its own.

    Moves come card by card (lowest card first), each card's captures in :func:`capture_options` order.
    Under the default capture rules (:func:`~scopa.domain.games.scopa.captures.plain_captures`) that search
    is inlined, as
    this runs once per move of every game and every bot simulation; tests/test_fast_paths.py checks that
    both ways give the same list.
    """
    if state.result is not None:
        return []
    rules = state.rules
    lay_too = not rules.forced_capture
    table = state.table
    hand = state.hands[state.turn]
    plain = plain_captures(rules)
    info = None if plain else TableInfo(table)
    sums = 0  # under the default rules: the totals two or more table cards make (see TableInfo.sum_totals)
    moves: list[Move] = []
    while hand:  # the hand's cards, lowest first (iter_cards, inlined: this runs for every move)
        low = hand & -hand
        hand ^= low
        c = low.bit_length() - 1
        if plain:
            # capture_options under the default rules, inlined: a card of the same rank on the table is
            # the only thing to take, otherwise the sums (the table's TableInfo only when first needed).
            rank = RANK[c]
            singles = table & RANK_MASK[rank]
            if singles:
                options = [singles] if singles & (singles - 1) == 0 else bits_of(singles)
            elif not table:
                options = []
            else:
                if info is None:
                    info = TableInfo(table)
                    sums = info.sum_totals()
                options = info.sets_making(rank, 2) if sums >> rank & 1 else []
        else:
            assert info is not None
            options = capture_options(rules, c, info)
        if options:
            for o in options:
                moves.append(_new_tuple(Move, (c, o)))
            if lay_too:
                moves.append(_new_tuple(Move, (c, 0)))
        else:
            moves.append(_new_tuple(Move, (c, 0)))
    return moves


def check_move(state: ScopaState, move: Move, seat: int | None = None) -> None:
    """Raise :class:`IllegalMove` naming the broken rule if ``move`` by ``seat`` is not allowed now."""
    if state.result is not None:
        raise IllegalMove(Rule.GAME_OVER, "the game is over")
    if seat is not None and seat != state.turn:
        raise IllegalMove(Rule.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn, not seat {seat}'s")
    played = move.card
    if not (0 <= played < 40 and state.hands[state.turn] >> played & 1):
        # Never echo the card: it may be another player's or in the stock (messages name no hidden card).
        raise IllegalMove(Rule.CARD_NOT_IN_HAND, "the card played is not in the hand of the player to move")
    if move.take & ~state.table:
        raise IllegalMove(Rule.CARD_NOT_ON_TABLE, "a card to take is not on the table")
    rules = state.rules
    info = TableInfo(state.table)
    options = capture_options(rules, played, info)
    name = CODES[played]
    if move.take == 0:
        if options and rules.forced_capture:
            example = " ".join(CODES[c] for c in iter_cards(options[0]))
            raise IllegalMove(
                Rule.MUST_CAPTURE,
                f"{name} can capture ({example}), so it may not be laid on the table; play it to capture "
                "or play another card",
            )
        return
    if move.take in options:
        return
    rank = RANK[played]
    taken_sum = sum(RANK[c] for c in iter_cards(move.take))
    if ace_sweep_applies(rules, rank, info) and rules.single_card_precedence:
        raise IllegalMove(Rule.ACE_TAKES_ALL, f"{name} is an ace: it takes every card on the table")
    if rank == 1 and rules.ace_takes_all != "off" and info.by_rank[1] and move.take == state.table:
        raise IllegalMove(
            Rule.ACE_TAKES_ONLY_THE_ACE, "an ace lies on the table, so the ace played takes only an ace"
        )
    adds_up = taken_sum == rank or (rules.capture != "sum" and taken_sum + rank == 15)
    if adds_up and rules.single_card_precedence and info.by_rank[rank] and move.take.bit_count() > 1:
        raise IllegalMove(
            Rule.MUST_TAKE_SINGLE_CARD,
            f"a card of the same rank as {name} lies on the table: it must be taken instead of a sum",
        )
    if adds_up and rules.capture_choice == "fewest_cards":
        raise IllegalMove(Rule.TOO_MANY_CARDS, "a capture with fewer cards is possible and must be taken")
    want = f"{rank}" if rules.capture == "sum" else f"{rank}, or {15 - rank} to make fifteen"
    if rules.capture == "fifteen":
        want = f"{15 - rank} (to make fifteen with {name})"
    raise IllegalMove(
        Rule.CAPTURE_DOES_NOT_ADD_UP,
        f"{name} cannot take {' '.join(CODES[c] for c in iter_cards(move.take))}: "
        f"they add up to {taken_sum}, "
        f"a capture needs {want}",
    )


def apply_move(
    state: ScopaState, move: Move, seat: int | None = None, *, validate: bool = True
) -> ScopaState:
    """The state after ``move``. With ``validate`` (the default) an illegal move raises :class:`IllegalMove`.

    ``validate=False`` is for moves taken from :func:`legal_moves` (bots, simulations), and skips the check.
    """
    if validate:
        try:
            check_move(state, move, seat)
        except IllegalMove as exc:
            exc.move_number = state.moves_played + 1
            raise
    (
        rules,
        master_seed,
        first_dealer,
        deal_index,
        dealer,
        attempt,
        deck,
        dealt,
        hands,
        table,
        piles,
        scopa_log,
        bonuses,
        revealed,
        turn,
        last_capturer,
        deal_log,
        moves_played,
        scores,
        deal_totals,
        last_deal,
        commitments,
        _result,
        finished_log,
        leftovers,
    ) = state
    if finished_log and len(deal_log) + 1 >= rules.players:
        # every seat has now played a card of this deal: the finished deal before it is no longer shown
        finished_log = ()
        leftovers = None
    played_card, take = move
    bit = 1 << played_card
    new_hands = list(hands)
    new_hands[turn] = hand = new_hands[turn] & ~bit
    cards_in_hands = any(new_hands)
    last_card = dealt == len(deck) and not cards_in_hands
    scopa = False
    if take:
        was_table = table
        table &= ~take
        new_piles = list(piles)
        new_piles[turn % rules.sides] |= take | bit
        piles = tuple(new_piles)
        last_capturer = turn
        if not table and not last_card:
            ace_sweep = (
                RANK[played_card] == 1
                and take == was_table
                and ace_sweep_applies(rules, 1, TableInfo(was_table))
            )
            scopa = not ace_sweep or rules.ace_sweep_is_scopa
            if scopa:
                scopa_log = (*scopa_log, (turn, played_card))
    else:
        table |= bit
    if revealed >> turn & 1 and not hand:
        revealed &= ~(1 << turn)
    if not cards_in_hands and dealt < len(deck):  # the next hand, dealt into the same new state
        new_hands, dealt = _deal_hands(deck, dealt, dealer, rules.players, rules.hand_size)
        revealed, hand_bonuses = _cirulla_hand_bonuses(rules, new_hands, dealer)
        if hand_bonuses:
            bonuses = (*bonuses, *hand_bonuses)
        cards_in_hands = True
    nxt = _new_tuple(
        ScopaState,
        (
            rules,
            master_seed,
            first_dealer,
            deal_index,
            dealer,
            attempt,
            deck,
            dealt,
            tuple(new_hands),
            table,
            piles,
            scopa_log,
            bonuses,
            revealed,
            (turn + 1) % rules.players,
            last_capturer,
            (*deal_log, _new_tuple(PlayedMove, (turn, played_card, take, scopa))),
            moves_played + 1,
            scores,
            deal_totals,
            last_deal,
            commitments,
            None,  # result
            finished_log,
            leftovers,
        ),
    )
    return nxt if cards_in_hands else _finish_deal(nxt)


def leftovers_seat(state: ScopaState) -> int:
    """The seat that takes the cards left on the table when the deal ends."""
    rules = state.rules
    last_player = state.deal_log[-1].seat if state.deal_log else state.dealer
    if rules.leftovers_to == "dealer":
        return state.dealer
    if rules.leftovers_to == "last_player" or state.last_capturer < 0:
        return last_player  # nobody captured in the whole deal: the last player takes the rest
    return state.last_capturer


def leftovers_side(state: ScopaState) -> int:
    """The side that takes the cards left on the table when the deal ends."""
    return leftovers_seat(state) % state.rules.sides


def _finish_deal(state: ScopaState) -> ScopaState:
    rules = state.rules
    piles = list(state.piles)
    taker = -1
    if state.table:
        taker = leftovers_seat(state)
        piles[taker % rules.sides] |= state.table
    score = score_deal(rules, tuple(piles), state.scope_by_side(), state.bonus_by_side())
    totals = score.totals
    scores = tuple(s + t for s, t in zip(state.scores, totals, strict=True))
    ended = state._replace(
        table=0,
        piles=tuple(piles),
        scores=scores,
        deal_totals=(*state.deal_totals, totals),
        last_deal=score,
        finished_log=state.deal_log,
        leftovers=(taker, state.table),
    )
    winner, reason = _decide(rules, state.scores, scores, score, state)
    if winner is not None:
        # The last deal's plays stay in deal_log, once: a final state has no deal under way.
        return ended._replace(result=MatchResult(winner, reason, scores), finished_log=())
    return _start_deal(ended, state.deal_index + 1, (state.dealer + 1) % rules.players)


def _decide(
    rules: RuleSet, before: tuple[int, ...], after: tuple[int, ...], score: DealScore, state: ScopaState
) -> tuple[int | None, str]:
    """The winning side and why, or ``(None, "")`` when the game goes on."""

    def count_order() -> list[tuple[int, int]]:
        scopa_sides = [seat % rules.sides for seat, _ in state.scopa_log]
        bonus_items = [(b.seat % rules.sides, b.points) for b in state.bonuses]
        return count_order_items(score, scopa_sides, bonus_items)

    return decide_game(rules, before, after, score.all_coins, count_order)


def decide_game(
    rules: RuleSet,
    before: Sequence[int],
    after: Sequence[int],
    all_coins: int | None,
    count_order: Callable[[], list[tuple[int, int]]],
) -> tuple[int | None, str]:
    """Whether a deal that took the sides from ``before`` to ``after`` points ends the game: the winning
    side and why, or ``(None, "")``. ``all_coins``: the side holding every coin (napola), if any;
    ``count_order``: the deal's points in counting order, asked only for a tie at the top under
    ``count_order`` (the engine and the fast path each build it from what they hold)."""
    if rules.napola_all_coins_wins and all_coins is not None:
        return all_coins, "napola_all_coins"
    if rules.cappotto is not None:
        for side, pts in enumerate(after):
            if pts >= rules.cappotto and all(o == 0 for i, o in enumerate(after) if i != side):
                return side, "cappotto"
    best = max(after)
    if best < rules.target:
        return None, ""
    leaders = [s for s, pts in enumerate(after) if pts == best]
    if len(leaders) == 1:
        return leaders[0], "target"
    if rules.tie_rule == "count_order":
        running = list(before)
        for side, pts in count_order():
            running[side] += pts
            if running[side] >= rules.target and side in leaders:  # only the tied leaders are in the race
                return side, "count_order"
    return None, ""  # a tie at the top: play another deal


def end_match(state: ScopaState, loser_seat: int, reason: str) -> ScopaState:
    """End the match now because ``loser_seat`` resigned or ran out of time.

    With two sides the other side wins; with three, the best-scoring other side (the earlier seat on a
    tie).
    """
    if state.result is not None:
        raise IllegalMove(Rule.GAME_OVER, "the game is over")
    rules = state.rules
    loser = loser_seat % rules.sides
    others = [s for s in range(rules.sides) if s != loser]
    winner = max(others, key=lambda s: (state.scores[s], -s))
    return state._replace(result=MatchResult(winner, reason, state.scores, loser_seat))
