"""The Briscola engine: pure functions from a state and a move to the next state.

Seats are numbered in playing order (counter-clockwise), as in Scopa: seat ``s + 1`` plays after seat
``s``. Cards are dealt one at a time from the dealer's right; the next card is turned up, its suit is
trump, and it goes under the stock, so it is the last card drawn. The player at the dealer's right leads.
Any card may be played (no duty to follow suit). The trick goes to the highest trump, else to the highest
card of the suit led; its winner draws first (then the others in playing order) and leads the next trick.
When the cards run out the game is scored; the match goes on with the next dealer until it is decided.

Chiamata: all cards are dealt, nothing is turned up. From the dealer's right each player bids a rank lower
than the last bid (A 3 K Q J 7 6 5 4 2, then points targets from 62 to 120 with the two) or passes for
good; the last one left calls a card of the rank bid, whose suit becomes trump. Its holder is the caller's
secret partner (the caller may call a card of their own: then they play alone). The caller's side needs
61 card points (or the points bid).
"""

from __future__ import annotations

from scopa.domain.games.briscola.cards import MAX_CARDS, POINTS, SUIT, TRICK_ORDER, trick_winner
from scopa.domain.games.briscola.errors import BriscolaRule, IllegalMove
from scopa.domain.games.briscola.rules import SIGNALS, BriscolaRules
from scopa.domain.games.briscola.shuffle import commitment, deal_seed, game_deck, match_seed
from scopa.domain.games.briscola.state import (
    MAX_LEVEL,
    PASS,
    BriscolaState,
    GameScore,
    Move,
    Trick,
    bid_rank_index,
    bid_target,
    bid_text,
)
from scopa.domain.games.common.result import MatchResult

#: ``_new_tuple(Move, fields)`` builds a named tuple without the constructor's argument binding (faster;
#: the hot paths of legal moves and of playing a card use it).
_new_tuple = tuple.__new__

# play_card builds states positionally: this pins the field order it assumes.
_STATE_FIELDS = (
    "rules", "master_seed", "first_dealer", "game_index", "dealer", "deck", "drawn", "trump", "trump_suit",
    "trump_holder", "hands", "trick", "leader", "turn", "tricks", "points", "signals", "bids", "caller",
    "called", "partner", "moves_played", "match_scores", "history", "commitments", "result",
)  # fmt: skip
if BriscolaState._fields != _STATE_FIELDS:  # pragma: no cover - fails at import when the state changes
    raise ImportError("BriscolaState fields changed: update play_card, which builds states positionally")

# --------------------------------------------------------------------------- starting


def new_match(rules: BriscolaRules, master_seed: str | None = None, first_dealer: int = 0) -> BriscolaState:
    """A new match with its first game dealt. Without a seed, a fresh secret seed is drawn."""
    seed = match_seed(rules.players, master_seed, first_dealer)
    n = rules.players
    empty = BriscolaState(
        rules=rules,
        master_seed=seed,
        first_dealer=first_dealer,
        game_index=0,
        dealer=first_dealer,
        deck=(),
        drawn=0,
        trump=-1,
        trump_suit=-1,
        trump_holder=-1,
        hands=(0,) * n,
        trick=(),
        leader=0,
        turn=0,
        tricks=(),
        points=(0,) * n,
        signals=(),
        bids=(),
        caller=-1,
        called=-1,
        partner=-1,
        moves_played=0,
        match_scores=(0,) * rules.sides,
        history=(),
        commitments=(),
        result=None,
    )
    return start_game(empty, 0, first_dealer)


def drawing_order(rules: BriscolaRules, shuffled: list[int]) -> tuple[int, ...]:
    """The shuffled deck in the order cards leave it: the hands, then the stock with the turned card last."""
    dealt = rules.players * rules.hand_size
    if rules.chiamata:
        return tuple(shuffled)
    return (*shuffled[:dealt], *shuffled[dealt + 1 :], shuffled[dealt])


def start_game(state: BriscolaState, index: int, dealer: int) -> BriscolaState:
    rules = state.rules
    n = rules.players
    seed = deal_seed(state.master_seed, index)
    deck = drawing_order(rules, game_deck(seed, rules.decks, rules.removed))
    dealt = n * rules.hand_size
    hands = [0] * n
    for i, c in enumerate(deck[:dealt]):  # one at a time, from the dealer's right
        hands[(dealer + 1 + i) % n] |= 1 << c
    trump = -1 if rules.chiamata else deck[-1]
    leader = (dealer + 1) % n
    return state._replace(
        game_index=index,
        dealer=dealer,
        deck=deck,
        drawn=dealt,
        trump=trump,
        trump_suit=-1 if rules.chiamata else SUIT[trump],
        trump_holder=-1,
        hands=tuple(hands),
        trick=(),
        leader=leader,
        turn=leader,
        tricks=(),
        points=(0,) * n,
        signals=(),
        bids=(),
        caller=-1,
        called=-1,
        partner=-1,
        commitments=(*state.commitments, commitment(seed)),
    )


# --------------------------------------------------------------------------- the auction (chiamata)


def _passed(state: BriscolaState) -> set[int]:
    return {seat for seat, level in state.bids if level == PASS}


def _top_bid(state: BriscolaState) -> int:
    return max((level for _, level in state.bids if level != PASS), default=PASS)


def _next_bidder(state: BriscolaState, after: int, passed: set[int]) -> int:
    n = state.rules.players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if seat not in passed:
            return seat
    return after


# --------------------------------------------------------------------------- moves


def legal_moves(state: BriscolaState) -> list[Move]:
    """Every legal move of the player to move (a play lists each card once, without a signal)."""
    if state.result is not None:
        return []
    if not state.rules.chiamata or state.called >= 0:  # the play (the common case first)
        return _plays(state.hands[state.turn])
    phase = state.phase
    if phase == "auction":
        passed = _passed(state)
        top = _top_bid(state)
        moves = [Move("bid", level=level) for level in range(top + 1, MAX_LEVEL + 1)]
        if not _must_bid(state, passed):
            moves.append(Move("bid", level=PASS))
        return moves
    if phase == "call":
        rank = bid_rank_index(_top_bid(state))
        return [Move("call", card=_face_card(rank, suit)) for suit in range(4)]
    return _plays(state.hands[state.turn])


#: The play of each card without a signal: moves are immutable, so ``legal_moves`` hands out these.
_PLAYS: tuple[Move, ...] = tuple(Move("play", c) for c in range(MAX_CARDS))


def _plays(hand: int) -> list[Move]:
    """The plays of a hand's cards, lowest card first."""
    out = []
    while hand:
        low = hand & -hand
        out.append(_PLAYS[low.bit_length() - 1])
        hand ^= low
    return out


def _face_card(rank_index: int, suit: int) -> int:
    """The first-deck card of a rank (index into TRICK_ORDER) and suit."""
    rank_number = "A234567JQK".index(TRICK_ORDER[rank_index])
    return suit * 10 + rank_number


def _must_bid(state: BriscolaState, passed: set[int]) -> bool:
    """The last player when everyone else has passed without a bid may not pass too."""
    return _top_bid(state) == PASS and len(passed) == state.rules.players - 1


def check_move(state: BriscolaState, move: Move, seat: int | None = None) -> None:
    """Raise :class:`IllegalMove` naming the rule if ``move`` by ``seat`` is not allowed now."""
    phase = state.phase
    if phase == "finished":
        raise IllegalMove(BriscolaRule.GAME_OVER, "the game is over")
    if seat is not None and seat != state.turn:
        raise IllegalMove(BriscolaRule.NOT_YOUR_TURN, f"it is seat {state.turn}'s turn, not seat {seat}'s")
    if move.kind == "bid":
        if phase != "auction":
            raise IllegalMove(BriscolaRule.NOT_BIDDING_NOW, "there is no auction going on")
        if move.level == PASS:
            if _must_bid(state, _passed(state)):
                raise IllegalMove(
                    BriscolaRule.LAST_BIDDER_MUST_BID, "everyone else has passed: the last player must bid"
                )
            return
        top = _top_bid(state)
        if not 0 <= move.level <= MAX_LEVEL or move.level <= top:
            raise IllegalMove(
                BriscolaRule.BID_TOO_LOW,
                f"a bid must go below {bid_text(top)} in the order A 3 K Q J 7 6 5 4 2, then 62..120 points",
            )
        return
    if move.kind == "call":
        if phase != "call":
            raise IllegalMove(
                BriscolaRule.NOT_CALLING_NOW, "a card is called only by the auction's winner after it"
            )
        rank = bid_rank_index(_top_bid(state))
        if not 0 <= move.card < 40 or move.card % 10 != _face_card(rank, 0) % 10:
            raise IllegalMove(
                BriscolaRule.CALLED_CARD_MUST_MATCH_BID,
                f"the called card must be of the rank bid ({TRICK_ORDER[rank]})",
            )
        return
    if phase == "auction":
        raise IllegalMove(BriscolaRule.AUCTION_IN_PROGRESS, "the auction is not over: bid or pass")
    if phase == "call":
        raise IllegalMove(BriscolaRule.CALL_THE_CARD_FIRST, "the auction's winner must call a card first")
    if move.signal is not None:
        if not state.rules.signals:
            raise IllegalMove(BriscolaRule.SIGNALS_NOT_ALLOWED, "signals are not allowed in this game")
        if move.signal not in SIGNALS:
            raise IllegalMove(BriscolaRule.UNKNOWN_SIGNAL, f"signals: {', '.join(SIGNALS)}")
    hand = state.hands[state.turn]
    if not ((0 <= move.card < 80 and hand >> move.card & 1) or _twin_in_hand(hand, move.card) >= 0):
        # Never echo the card: it may be another player's or in the stock.
        raise IllegalMove(
            BriscolaRule.CARD_NOT_IN_HAND, "the card played is not in the hand of the player to move"
        )


def _twin_in_hand(hand: int, card: int) -> int:
    """The other deck's copy of ``card`` when the hand holds it (a card named by its lower-case code)."""
    if not 0 <= card < 80:
        return -1
    twin = card + 40 if card < 40 else card - 40
    return twin if hand >> twin & 1 else -1


def apply_move(
    state: BriscolaState, move: Move, seat: int | None = None, *, validate: bool = True
) -> BriscolaState:
    """The state after ``move``; with ``validate`` an illegal move raises :class:`IllegalMove`."""
    if validate:
        try:
            check_move(state, move, seat)
        except IllegalMove as exc:
            exc.move_number = state.moves_played + 1
            raise
    if move.kind == "bid":
        return _bid(state, move.level)
    if move.kind == "call":
        return _call(state, move.card)
    return play_card(state, move.card, move.signal)


def _bid(state: BriscolaState, level: int) -> BriscolaState:
    bids = (*state.bids, (state.turn, level))
    after = state._replace(bids=bids, moves_played=state.moves_played + 1)
    passed = _passed(after)
    active = [s for s in range(state.rules.players) if s not in passed]
    if len(active) == 1 and _top_bid(after) != PASS:
        return after._replace(caller=active[0], turn=active[0])
    return after._replace(turn=_next_bidder(after, state.turn, passed))


def _call(state: BriscolaState, card: int) -> BriscolaState:
    holder = next(s for s, h in enumerate(state.hands) if h >> card & 1)
    leader = (state.dealer + 1) % state.rules.players
    return state._replace(
        called=card,
        partner=holder,
        trump_suit=SUIT[card],
        leader=leader,
        turn=leader,
        moves_played=state.moves_played + 1,
    )


def play_card(state: BriscolaState, card: int, signal: str | None = None) -> BriscolaState:
    """Play ``card`` (or its twin in the hand) for the seat to move; no check."""
    rules = state.rules
    n = rules.players
    turn = state.turn
    hand = state.hands[turn]
    if not hand >> card & 1:
        card = _twin_in_hand(hand, card)
    hands = list(state.hands)
    hands[turn] = hand & ~(1 << card)
    trick = (*state.trick, card)
    signals = state.signals
    if signal is not None:
        signals = (*signals, (turn, len(state.tricks), signal))
    moves = state.moves_played + 1
    if len(trick) < n:  # built positionally (see _STATE_FIELDS): the hot path of every simulation
        return _new_tuple(
            BriscolaState,
            (*state[:10], tuple(hands), trick, state.leader, (turn + 1) % n, state.tricks, state.points,
             signals, *state[17:21], moves, *state[22:]),
        )  # fmt: skip
    winner = (state.leader + trick_winner(trick, state.trump_suit)) % n
    points = list(state.points)
    points[winner] += sum(map(POINTS.__getitem__, trick))
    drawn = state.drawn
    trump_holder = state.trump_holder
    deck = state.deck
    if drawn < len(deck):  # the winner draws first, then the others in playing order
        for i in range(n):
            drawer = (winner + i) % n
            c = deck[drawn]
            hands[drawer] |= 1 << c
            drawn += 1
            if drawn == len(deck) and not rules.chiamata:
                trump_holder = drawer
    after = _new_tuple(
        BriscolaState,
        (*state[:6], drawn, state.trump, state.trump_suit, trump_holder, tuple(hands), (), winner, winner,
         (*state.tricks, _new_tuple(Trick, (state.leader, trick, winner))), tuple(points), signals,
         *state[17:21], moves, *state[22:]),
    )  # fmt: skip
    if any(hands):
        return after
    return _finish_game(after)


# --------------------------------------------------------------------------- scoring


def score_game(state: BriscolaState) -> GameScore:
    """The finished game's points per side and its winner (-1: a draw).

    Fixed sides: the side with the most card points wins (with two sides and one deck: more than 60);
    equal top points are a draw. Chiamata: points per seat; the caller's side wins with its target (61 or
    the points bid), a 60-60 split without a points bid is a draw, and anything less loses.
    """
    rules = state.rules
    if not rules.chiamata:
        sides = [0] * rules.sides
        for seat, pts in enumerate(state.points):
            sides[rules.side_of(seat)] += pts
        best = max(sides)
        winner = sides.index(best) if sides.count(best) == 1 else -1
        return GameScore(tuple(sides), winner)
    team = tuple(sorted({state.caller, state.partner}))
    team_points = sum(state.points[s] for s in team)
    target = bid_target(_top_bid(state))
    if team_points >= target:
        winner = 0
    elif target == 61 and team_points == 60:
        winner = -1
    else:
        winner = 1
    return GameScore(tuple(state.points), winner, team)


def _finish_game(state: BriscolaState) -> BriscolaState:
    rules = state.rules
    score = score_game(state)
    scores = list(state.match_scores)
    if rules.chiamata:
        for seat, delta in enumerate(_chiamata_deltas(state, score)):
            scores[seat] += delta
    elif rules.match == "best_of":
        if score.winner >= 0:
            scores[score.winner] += 1
    else:
        for side, pts in enumerate(score.points):
            scores[side] += pts
    ended = state._replace(match_scores=tuple(scores), history=(*state.history, score))
    winner, reason = _decide(rules, tuple(scores), len(ended.history))
    if winner is not None:
        return ended._replace(result=MatchResult(winner, reason, tuple(scores)))
    return start_game(ended, state.game_index + 1, (state.dealer + 1) % rules.players)


def _chiamata_deltas(state: BriscolaState, score: GameScore) -> tuple[int, ...]:
    """Match points of one chiamata game: the caller 2, the partner 1, each defender 1 (alone: 4 and 1)."""
    n = state.rules.players
    if score.winner == -1:
        return (0,) * n
    sign = 1 if score.winner == 0 else -1
    deltas = [-sign] * n
    if state.partner == state.caller:
        deltas[state.caller] = 4 * sign
    else:
        deltas[state.caller] = 2 * sign
        deltas[state.partner] = sign
    return tuple(deltas)


def _decide(rules: BriscolaRules, scores: tuple[int, ...], games_played: int) -> tuple[int | None, str]:
    best = max(scores)
    unique = scores.count(best) == 1
    if rules.match == "points":
        assert rules.points_target is not None
        if best >= rules.points_target and unique:
            return scores.index(best), "points"
        return None, ""
    if rules.chiamata:
        if games_played >= rules.games and unique:
            return scores.index(best), "best_of"
        return None, ""
    if best > rules.games // 2:
        return scores.index(best), "best_of"
    return None, ""


def end_match(state: BriscolaState, loser_seat: int, reason: str) -> BriscolaState:
    """End the match now because ``loser_seat`` resigned or ran out of time.

    The other side wins (with more sides, or in chiamata, the best-placed other side; the earlier on a tie).
    """
    if state.result is not None:
        raise IllegalMove(BriscolaRule.GAME_OVER, "the game is over")
    rules = state.rules
    loser = rules.side_of(loser_seat) if not rules.chiamata else loser_seat
    others = [s for s in range(rules.sides) if s != loser]
    winner = max(others, key=lambda s: (state.match_scores[s], -s))
    return state._replace(result=MatchResult(winner, reason, state.match_scores, loser_seat))
