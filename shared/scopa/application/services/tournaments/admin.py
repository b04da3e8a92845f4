"""Administration: a tournament's creation, its settings, and the organizer's actions (start, pause,
cancel, advance now, a hand-made pairing, a corrected result), each audited."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from scopa.application.auth import Caller
from scopa.application.clock import Clock, iso
from scopa.application.errors import BadRequest, Conflict, Forbidden, NotFound
from scopa.application.idempotency import Once, create_or_find
from scopa.application.ports.changes import ChangeFeed
from scopa.application.ports.tournaments import TournamentRepository
from scopa.application.ports.webhooks import EventSink
from scopa.application.services import webhooks as hook_events
from scopa.application.services.clubs import ClubService
from scopa.application.services.matches import game_rules
from scopa.application.services.pipeline import Pipeline, changed
from scopa.application.services.pipeline.common import in_request
from scopa.application.services.players import clean_name
from scopa.application.services.tournaments.access import (
    TournamentAccess,
    organizer_action,
    team_size,
)
from scopa.application.services.tournaments.results import (
    Advanced,
)
from scopa.domain.games import GAMES
from scopa.domain.tournaments.admission import field_at_start
from scopa.domain.tournaments.planner import PlanningError, check_manual
from scopa.domain.tournaments.records import (
    AuditEntry,
    RoundRecord,
    TournamentRecord,
)
from scopa.domain.tournaments.settings import TournamentSettings


class TournamentAdmin(TournamentAccess):
    """A tournament's organizers at work: creation, settings, start, pause, cancel and the rest."""

    def __init__(
        self,
        repo: TournamentRepository,
        clock: Clock,
        clubs: ClubService,
        pipeline: Pipeline,
        changes: ChangeFeed | None = None,
        events: EventSink | None = None,
    ) -> None:
        super().__init__(repo, clock, clubs, changes, events)
        self.pipeline = pipeline

    def create(
        self,
        caller: Caller,
        name: str,
        settings: TournamentSettings,
        club_id: str | None = None,
        open_registration: bool = True,
        idempotency_key: str | None = None,
        on_created: Callable[[TournamentRecord], None] | None = None,
    ) -> TournamentRecord:
        if caller.role == "anonymous":
            caller.require_player()  # 401: no token at all
        if club_id is not None:
            self.clubs.get(club_id)
            if not self.clubs.can_manage(caller, club_id):
                raise Forbidden(
                    "only the club's organizers create its tournaments", code="not_club_organizer"
                )
        elif not caller.can_organize:
            raise Forbidden("only organizers create tournaments", code="not_an_organizer")
        if settings.entry_policy == "club" and club_id is None:
            raise BadRequest("the 'club' entry policy needs a club", code="club_required")
        self._check_rules(settings)
        # With a key, the id comes from the key (see scopa.application.idempotency): a retry whose first run
        # did create the tournament answers it as it stands; ``on_created`` is told only of a real creation.
        body: dict[str, Any] = {"name": name, "settings": settings.model_dump(mode="json")}
        body.update(club_id=club_id, open_registration=open_registration)
        once = Once.of("create_tournament", caller.player_id or "anonymous", idempotency_key, body)
        now = iso(self.clock.now())
        t = TournamentRecord(
            id=once.id("t_", 12) if once else "t_" + secrets.token_hex(6),
            name=clean_name(name),
            club_id=club_id,
            created_by=caller.player_id or "admin",
            created_at=now,
            updated_at=now,
            settings=settings.model_dump(mode="json"),
            status="registration" if open_registration else "draft",
            lot_seed=secrets.token_hex(16),
            deal_seed=secrets.token_hex(32),
            origin=once.origin if once else None,
        )
        audit = AuditEntry(now, caller.player_id or "admin", "created", {"status": t.status})
        stored = create_or_find(
            once,
            lambda: self.repo.create_tournament(t, audit),
            lambda: self.repo.get_tournament(t.id),
            self.clock.now(),
        )
        if stored is not None:
            return stored
        self._published(t.id, t.version)
        if on_created is not None:
            on_created(t)
        return t

    def _check_rules(self, settings: TournamentSettings) -> None:
        game = GAMES[settings.game]
        rules = game_rules(game, settings.preset, settings.rule_options())
        if game.players(rules) not in (2, 4):
            raise BadRequest(
                "tournaments are played one against one or two against two", code="unsupported_rules"
            )

    @organizer_action
    def update_settings(
        self, caller: Caller, tournament_id: str, settings: TournamentSettings
    ) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status not in ("draft", "registration"):
            raise Conflict("settings are fixed once the tournament has started", code="tournament_started")
        self._check_rules(settings)
        if settings.entry_policy == "club" and t.club_id is None:
            raise BadRequest("the 'club' entry policy needs a club", code="club_required")
        old = t.rules
        if t.entries and team_size(old) != team_size(settings):
            raise Conflict(
                "entries exist: the number of players per side cannot change", code="entries_exist"
            )
        return self._change(t, caller, "settings_changed", {}, settings=settings.model_dump(mode="json"))

    @organizer_action
    def open_registration(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "draft":
            raise Conflict(f"the tournament is {t.status}, not a draft", code="not_a_draft")
        return self._change(t, caller, "registration_opened", {}, status="registration")

    def start(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self._start(caller, tournament_id)
        self._audit(t.id, caller, "started", {"rounds": t.rounds_planned})
        self.pipeline.advance(
            t.id, remaining=in_request()
        )  # not made again with the start: a conflict here is the pipeline's
        return self.get(t.id)

    @organizer_action
    def _start(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status not in ("draft", "registration"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_started")
        bundle = self.bundle(tournament_id)
        if len(field_at_start(t.rules, bundle.entries).ready) < 2:
            raise Conflict(
                "a tournament needs at least two entrants to start (approved, and checked in if asked)",
                code="too_few_entrants",
            )
        return self.pipeline.start(t, actor=caller.player_id or "admin")

    @organizer_action
    def pause(self, caller: Caller, tournament_id: str, paused: bool) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "running":
            raise Conflict(f"the tournament is {t.status}, not running", code="not_running")
        return self._change(t, caller, "paused" if paused else "resumed", {}, paused=paused)

    @organizer_action
    def cancel(self, caller: Caller, tournament_id: str) -> TournamentRecord:
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status in ("finished", "cancelled"):
            raise Conflict(f"the tournament is already {t.status}", code="tournament_over")
        return self._change(t, caller, "cancelled", {}, status="cancelled")

    def advance(self, caller: Caller, tournament_id: str) -> Advanced:
        """Run the pipeline for this tournament now (what the schedule does every minute)."""
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if t.status != "running":
            raise Conflict(f"the tournament is {t.status}, not running", code="not_running")
        if t.paused:
            raise Conflict("the tournament is paused; resume it first", code="paused")
        steps = self.pipeline.advance(tournament_id, release_next=True, remaining=in_request())
        if changed(steps):  # an advance that found nothing to do is no change to audit
            self._audit(tournament_id, caller, "advanced", {"steps": steps})
        return Advanced(steps, self.get(tournament_id))

    @organizer_action
    def override_pairing(
        self, caller: Caller, tournament_id: str, number: int, tables: list[tuple[str, str]], byes: list[str]
    ) -> TournamentRecord:
        """Pair the next round by hand; the pipeline uses it instead of the pairing system."""
        bundle = self.bundle(tournament_id)
        t = bundle.tournament
        self._require_manager(caller, t)
        refused = t.rules.format_rules.hand_pairing_refused
        if refused is not None:
            raise BadRequest(refused, code="invalid_pairing")
        if t.status not in ("registration", "running"):
            raise Conflict(f"the tournament is {t.status}", code="tournament_over")
        if number != t.current_round + 1:
            raise Conflict(
                f"only the next round ({t.current_round + 1}) can be paired by hand",
                code="round_already_paired",
                details={"next_round": t.current_round + 1},
            )
        try:
            pairing = check_manual(tables, byes, bundle.entries, number)
        except PlanningError as exc:
            raise BadRequest(str(exc), code="invalid_pairing") from None
        override = {
            "round": number,
            "tables": [[x.first, x.second] for x in pairing.tables],
            "byes": list(pairing.byes),
        }
        return self._change(t, caller, "pairing_overridden", {"round": number}, override=override)

    @organizer_action
    def correct_result(
        self,
        caller: Caller,
        tournament_id: str,
        number: int,
        table_no: int,
        result: tuple[float, float],
        reason: str,
    ) -> RoundRecord:
        """Set a table's result by hand (a wrong result, a dispute): written with its audit entry."""
        t = self.get(tournament_id)
        self._require_manager(caller, t)
        if sorted(result) not in ([0.0, 1.0], [0.5, 0.5], [0.0, 0.0]):
            raise BadRequest("a result is [1, 0], [0, 1], [0.5, 0.5] or [0, 0]", code="invalid_result")
        rnd = self.repo.get_round(tournament_id, number)
        if rnd is None:
            raise NotFound(f"no round {number}", code="round_not_found")
        table = next((x for x in rnd.tables if x.table == table_no), None)
        if table is None:
            raise NotFound(f"no table {table_no} in round {number}", code="table_not_found")
        before = table.result
        after = [float(result[0]), float(result[1])]
        if before == after and table.reason == "corrected":
            # Already so corrected: a repeated request changes nothing (nor does a write that committed
            # although its answer was lost, made again by organizer_action).
            return rnd
        table.result = after
        table.reason = "corrected"
        expected = rnd.version
        rnd.version += 1
        audit = AuditEntry(
            iso(self.clock.now()),
            caller.player_id or "admin",
            "result_corrected",
            {"round": number, "table": table_no, "before": before, "after": table.result, "reason": reason},
        )
        self.repo.save_round(tournament_id, rnd, expected, audit)
        self.events.publish(hook_events.recorded(t, rnd, [table], audit.at, corrected=True))
        return rnd

    def audit(
        self, tournament_id: str, limit: int, cursor: str | None
    ) -> tuple[list[AuditEntry], str | None]:
        self.get(tournament_id)
        return self.repo.list_audit(tournament_id, limit, cursor)
