"""What a bot knows, read from a seat view only: its hand, the cards seen, and the cards it has not seen.

Briscola has no duty to follow suit, so a player's plays never prove a void: the inference is from what
was seen. Every card played is out; the turned-up trump is in the stock while the stock lasts, then in
the hand of the seat that drew it until it is played; chiamata's called card is in the partner's hand
once the partner is known. Everything else not in the bot's hand is spread over the other hands and the
stock, and the bot's guesses (:mod:`.strong`) respect the hand sizes. In Briscola scoperta every hand
is known.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scopa.domain.games.briscola.cards import FACES, removed_cards
from scopa.domain.games.briscola.cards import parse_card as card_of
from scopa.domain.games.briscola.views import SUIT_NAMES


@dataclass(frozen=True, slots=True)
class Knowledge:
    seat: int
    players: int
    side: tuple[int, ...]  # side per seat; in chiamata -1 where unknown (own team: 0, defenders: 1)
    chiamata: bool
    hand: tuple[int, ...]
    trump_suit: int
    trick: tuple[int, ...]
    leader: int
    hand_sizes: tuple[int, ...]
    stock: int  # cards left to draw (the turned-up trump is the last of them)
    trump_card: int  # -1 in chiamata
    trump_holder: int  # seat that drew the turned-up card and has not played it yet, -1 otherwise
    known: tuple[tuple[int, int], ...]  # (seat, card): cards known to be in another seat's hand
    unseen: tuple[int, ...]  # cards neither in the hand nor played nor placed (trump card, known partner)
    caller: int
    called: int
    partner: int  # -1 while unknown to this seat


def read_view(view: dict[str, Any]) -> Knowledge:
    rules = view["rules"]
    players = int(view["players"])
    decks = int(rules.get("decks", 1))
    seat = int(view["seat"])
    hand = tuple(card_of(c) for c in view["hand"])
    played: set[int] = set()
    for t in view["tricks"]:
        played.update(card_of(c) for c in t["cards"])
    trick = tuple(card_of(e["card"]) for e in view["trick"])
    played.update(trick)
    trump_suit = SUIT_NAMES.index(view["trump_suit"]) if view["trump_suit"] else -1
    trump_card = card_of(view["trump_card"]) if view["trump_card"] else -1
    holder = view.get("trump_drawn_by")
    trump_holder = -1
    if trump_card >= 0 and holder is not None and trump_card not in played and holder != seat:
        trump_holder = int(holder)
    chiamata = bool(rules.get("chiamata", False))
    caller = view.get("caller")
    called = card_of(view["called_card"]) if view.get("called_card") else -1
    partner = view.get("partner")
    partner_seat = int(partner) if partner is not None else -1
    removed = set(removed_cards(players, decks))
    placed = set(hand) | played
    if trump_card >= 0 and (view["stock"] > 0 or trump_holder >= 0):
        placed.add(trump_card)
    known: list[tuple[int, int]] = []
    if trump_holder >= 0:
        known.append((trump_holder, trump_card))
    if called >= 0 and partner_seat >= 0 and called not in played:
        placed.add(called)
        if partner_seat != seat:
            known.append((partner_seat, called))
    for other, cards in enumerate(view.get("open_hands") or []):  # Briscola scoperta: hands face up
        if other != seat:
            for text in cards:
                c = card_of(text)
                if c not in placed:
                    placed.add(c)
                    known.append((other, c))
    unseen = tuple(c for c in range(FACES * decks) if c not in removed and c not in placed)
    if chiamata:
        side = _chiamata_sides(players, seat, caller, partner_seat)
    else:
        n_sides = players if players <= 3 else players // 2
        side = tuple(s % n_sides for s in range(players))
    return Knowledge(
        seat=seat,
        players=players,
        side=side,
        chiamata=chiamata,
        hand=hand,
        trump_suit=trump_suit,
        trick=trick,
        leader=int(view["leader"]),
        hand_sizes=tuple(view["hand_sizes"]),
        stock=int(view["stock"]),
        trump_card=trump_card,
        trump_holder=trump_holder,
        known=tuple(known),
        unseen=unseen,
        caller=int(caller) if caller is not None else -1,
        called=called,
        partner=partner_seat,
    )


def _chiamata_sides(players: int, seat: int, caller: Any, partner: int) -> tuple[int, ...]:
    """Team 0 is the caller and partner, team 1 the defenders; -1 where this seat cannot tell yet."""
    if caller is None:
        return (-1,) * players
    caller = int(caller)
    if partner >= 0:
        return tuple(0 if s in (caller, partner) else 1 for s in range(players))
    return tuple(0 if s == caller else -1 for s in range(players))
