"""Matches: the caller's view of a match, and the published record of a finished one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.answers.common import Closed
from api.game_models import OneGameModel
from scopa.application.ports.players import PlayerKind

if TYPE_CHECKING:
    from scopa.application.services.matches import DealsPage, MatchView
    from scopa.domain.games import GameEngine

DAY_SECONDS = 86_400


def _deal_model(engine: GameEngine) -> type[BaseModel]:
    return engine.deal_model


def effective_rules(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """Every rule of the match: the game's defaults with the stored options (preset and choices) over them."""
    from scopa.domain.games import lookup  # the engines and rule models load on first use

    return lookup(game).effective_rules(options)


class Seat(Closed):
    seat: int
    player_id: str
    name: str
    bot: bool = Field(description="a house bot (played inside the service); false for a bot account")
    kind: PlayerKind = Field(
        description="person; bot: a bot account (an outside program with a token); house_bot: played "
        "inside the service"
    )
    accepted: bool


class MatchResult(Closed):
    winner_side: int
    winners: list[str]
    reason: str
    scores: list[int]


class MoveClock(Closed):
    """The clock as it was given: ``days_per_move`` for a correspondence clock of whole days, and always
    ``seconds_per_move`` (the same clock in seconds)."""

    seconds_per_move: int
    days_per_move: int | None = None

    @classmethod
    def of(cls, seconds: int) -> MoveClock:
        days = seconds // DAY_SECONDS if seconds >= DAY_SECONDS and seconds % DAY_SECONDS == 0 else None
        return cls(seconds_per_move=seconds, days_per_move=days)


class MatchLinks(Closed):
    """Where to reach the match besides the API's own paths."""

    moves: str | None = Field(
        None,
        description="an https URL to post this match's moves to instead of POST /matches/{id}/moves (the "
        "same body, headers and answer; it serves nothing else); null: use the API's path",
    )


class MatchAnswer(Closed):
    """A match as the caller sees it: the seats, whose turn, the clock, the result and the caller's view."""

    id: str
    game: str
    preset: str
    rules: dict[str, Any] = Field(
        description="the effective rule set: every rule, the preset and the chosen options merged"
    )
    options: dict[str, Any] = Field(
        default_factory=dict,
        description="only the rules that differ from the game's defaults (the compact form records use)",
    )
    status: Literal["pending", "active", "finished", "declined", "withdrawn", "expired"]
    version: int
    seats: list[Seat]
    your_seat: int | None
    turn: int | None
    turn_player_id: str | None
    deadline: str | None
    time_control: MoveClock
    created_at: str
    updated_at: str
    result: MatchResult | None
    tournament: dict[str, Any] | None
    seeded: bool = False  # its creator chose the master seed (knew the decks): never rated
    rated: bool = True  # false: a friendly game, never rated
    expires_at: str | None = None  # by when everyone must accept (pending matches only)
    view: dict[str, Any]
    awaiting: list[str] = Field(
        default_factory=list,
        description="player ids whose action the match waits for: the seats not accepted yet (pending), "
        "the player to move (active); [] otherwise",
    )
    awaiting_action: Literal["accept", "move"] | None = None
    timed: bool = Field(True, description="a move clock runs; false: no deadline, never lost on time")
    links: MatchLinks = Field(default_factory=MatchLinks)

    @classmethod
    def of(cls, m: MatchView, moves_url: str | None = None) -> MatchAnswer:
        """The answer for ``m``; ``moves_url``: where its moves may go (:func:`api.context.moves_link`)."""
        from scopa.application.services.players import player_kind  # (which knows the house bots)

        result = m.result
        return cls(
            id=m.id,
            game=m.game,
            preset=m.preset,
            rules=effective_rules(m.game, m.rules),
            options=m.rules,
            status=m.status,
            version=m.version,
            seats=[
                Seat(
                    seat=s.seat,
                    player_id=s.player_id,
                    name=s.name,
                    bot=s.bot,
                    kind=player_kind(s.player_id),
                    accepted=s.accepted,
                )
                for s in m.seats
            ],
            your_seat=m.your_seat,
            turn=m.turn,
            turn_player_id=m.turn_player_id,
            deadline=m.deadline,
            time_control=MoveClock.of(m.move_seconds),
            created_at=m.created_at,
            updated_at=m.updated_at,
            result=MatchResult(
                winner_side=result.winner_side,
                winners=result.winners,
                reason=result.reason,
                scores=result.scores,
            )
            if result is not None
            else None,
            tournament=m.tournament,
            seeded=m.seeded,
            rated=m.rated,
            expires_at=m.expires_at,
            view=m.view,
            awaiting=m.awaiting,
            awaiting_action=m.awaiting_action,
            timed=m.timed,
            links=MatchLinks(moves=moves_url),
        )


class MatchDeals(Closed):
    """A page of a match's finished deals (Briscola: finished games), oldest first; the one under way
    is never listed."""

    deals: Annotated[list[BaseModel], OneGameModel(_deal_model, many=True)]  # each game's deal model
    next_cursor: str | None

    @classmethod
    def of(cls, page: DealsPage) -> MatchDeals:
        """The page in its match's game's deal model (:attr:`GameEngine.deal_model`)."""
        from scopa.domain.games import lookup

        model = lookup(page.game).deal_model
        return cls(deals=[model.model_validate(d) for d in page.deals], next_cursor=page.next_cursor)


class MatchRecord(Closed):
    """The full game record (``scopa replay`` checks it), with the match and its players' ids.

    The deals (Briscola: ``games``), the rules and the result belong to the game and stay open objects;
    ``end`` is there only when the game ended by resignation or on time.
    """

    format: str
    game: str
    rules: dict[str, Any]
    seats: list[str]
    first_dealer: int
    shuffle: str
    master_seed: str
    deals: list[dict[str, Any]] | None = Field(None, exclude_if=lambda deals: deals is None)
    games: list[dict[str, Any]] | None = Field(None, exclude_if=lambda games: games is None)
    result: dict[str, Any]
    end: dict[str, Any] | None = Field(None, exclude_if=lambda end: end is None)
    match_id: str
    player_ids: list[str]

    @classmethod
    def of(cls, record: dict[str, Any]) -> MatchRecord:
        return cls.model_validate(record)
