"""Page builders: read the services, shape plain view data, render a template. One function per page.

Pages read as an anonymous visitor would (:data:`ANONYMOUS`): a running match shows only the spectator
view, a finished one its published record. Nothing a page renders depends on a token: the play page is
a shell that its script fills from the JSON API with the player's own token.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from scopa.application import recent
from scopa.application.auth import ANONYMOUS
from scopa.application.clock import iso
from scopa.application.errors import NotFound
from scopa.application.ports.ratings import Order
from scopa.application.ports.tournaments import TournamentBundle
from scopa.application.recent import Recent
from scopa.application.services.players import BOT_LEVELS, bot_players, player_kind
from scopa.application.wiring import ServiceSet
from scopa.domain.games import UnknownGame, lookup
from scopa.domain.tournaments import double_elimination as de
from scopa.domain.tournaments.admission import check_in_opens
from scopa.domain.tournaments.formats import format_names
from scopa.domain.tournaments.planner import double_elimination_state, table_stage, third_place_table
from scopa.domain.tournaments.records import RoundRecord, TableRecord
from scopa.web import games, i18n
from scopa.web.bracket import Pairing, Side, bracket_svg, pairings_of
from scopa.web.chart import Point, line_chart
from scopa.web.games.base import GamePages
from scopa.web.shell import PageOptions, style_of, tr
from scopa.web.shell import page as _page

__all__ = ["PageOptions", "style_of"]  # the routes build the options here

TIEBREAK_LABELS = {
    "buchholz": "Buchholz",
    "buchholz_cut1": "Buchholz cut 1",
    "sonneborn_berger": "Sonneborn-Berger",
    "direct_encounter": "Direct encounter",
    "wins": "Wins",
    "game_point_difference": "Game-point difference",
    "points_scored": "Points scored",
    "lot": "Lot",
}
LEADERBOARD_SIZE = 100
#: Lines each list of a tournament's page shows at most (standings, crosstable, a round's tables, the
#: games under way, the entrants; the CSV export has them all): a page listing 10,000 entrants would
#: pass the 6 MB a Lambda function may answer.
PAGE_ROWS = 200
#: Entrants up to which the hand-pairing tool offers a choice of every entrant for every seat (its size
#: grows with the square: 300 entrants made a 5 MB page); above, the organizer writes lines of two ids.
PAIRING_SELECTS = 40
#: Seconds over which the followers of a big tournament's page reload when its round or status changes
#: (each at a random moment): 10,000 reloads spread over 20 s are 500 a second, not 10,000 at once.
RELOAD_SPREAD = 20


def game_presets(players: int | None = None) -> list[tuple[GamePages, list[dict[str, str]]]]:
    """Every registered game with its rule presets, for the forms (lobby, challenge, wizard) and the rules
    index: a game registered later is offered without a change to them. ``players``: only the presets
    dealt to that many (a seek or a challenge is for two); a game left with none is left out."""
    listed = []
    for g in games.plugins():
        presets = [
            p for p in g.presets() if players is None or _players(g.name, p["name"]) in (players, None)
        ]
        if presets:
            listed.append((g, presets))
    return listed


def _players(game: str, preset: str) -> int | None:
    """How many play ``game``'s ``preset``, from its engine (None: the domain does not know them)."""
    try:
        engine = lookup(game)
    except UnknownGame:
        return None
    options = engine.presets.get(preset)
    return None if options is None else engine.players(engine.effective_rules(options))


# ----------------------------------------------------------------------------------------- home


def home(svc: ServiceSet, opts: PageOptions) -> str:
    recent, _cursor = svc.tournaments.list_tournaments(None, None, 8, None)
    bots = [
        {"id": p.id, "name": p.name, "level": BOT_LEVELS[p.bot][0], "about": BOT_LEVELS[p.bot][1]}
        for p in bot_players()
        if p.bot in BOT_LEVELS
    ]
    pools = [{"id": p.id, "name": p.name} for p in svc.ratings.pools]
    listed = games.playable()
    return _page("home.html", "Scopa", opts, tournaments=recent, bots=bots, pools=pools, games=listed)


# ----------------------------------------------------------------------------------------- accounts, lobby


def account(opts: PageOptions) -> str:
    """Sign up, sign in, sign out, rotate the token: a shell its script fills (the token never in HTML)."""
    return _page("account.html", tr(opts, "Your account"), opts)


def lobby(opts: PageOptions) -> str:
    """The open seeks, followed live; create one; accept another's."""
    return _page("lobby.html", tr(opts, "Lobby"), opts, game_presets=game_presets(players=2))


def inbox(opts: PageOptions) -> str:
    """Invitations to the player, and the player's own open challenges and seeks."""
    return _page("inbox.html", tr(opts, "Inbox"), opts)


def rules_index(opts: PageOptions) -> str:
    """Every game's presets, each linked to its rules help (each game's part is its own fragment)."""
    return _page("rules_index.html", tr(opts, "Rules"), opts, games=game_presets())


def rules(game: str | None, preset: str, opts: PageOptions) -> str:
    """A short rules help for one preset of ``game`` (None: the site's own game), from its rule options."""
    plugin = games.default() if game is None else games.get(game)
    return plugin.rules_page(preset, opts)


# ----------------------------------------------------------------------------------------- rankings


def rankings(svc: ServiceSet, pool_id: str, order: str, club: str | None, opts: PageOptions) -> str:
    by: Order = "glicko" if order == "glicko" else "elo"
    board = svc.ratings.leaderboard(pool_id, by, LEADERBOARD_SIZE, None, True, club or None, None)
    clubs, _cursor = svc.clubs.list_clubs(100, None)
    club_name = next((c.name for c in clubs if c.id == club), None)
    if club and club_name is None:
        club_name = svc.clubs.get(club).name
    return _page(
        "rankings.html",
        f"{tr(opts, 'Rankings')}: {svc.ratings.pool(pool_id).name}"
        + (f" · {club_name}" if club_name else ""),
        opts,
        pool=svc.ratings.pool(pool_id),
        pools=svc.ratings.pools,
        by=by,
        rows=[{**asdict(r), "kind": player_kind(r.player_id)} for r in board.rows],
        clubs=clubs,
        club=club or "",
        club_name=club_name,
    )


def player(svc: ServiceSet, player_id: str, opts: PageOptions) -> str:
    profile = svc.players.get(player_id)
    elo_title = tr(opts, "Elo rating of %(name)s (%(pool)s)")
    pools = []
    for pool in svc.ratings.pools:
        found = svc.ratings.player(profile.id, pool.id, 200).pools
        if not found:
            continue
        entry = found[0]
        history = entry.history
        points = [Point(f"{h.at[:10]} {h.match_id}", h.elo) for h in history]
        start = history[0].elo - history[0].elo_delta if history else None
        ranked = sorted(entry.opponents, key=lambda o: -(o["wins"] + o["losses"] + o["draws"]))
        pools.append(
            {
                **asdict(entry.rating),
                "history": history,
                "pool": pool,
                "chart": line_chart(points, elo_title % {"name": profile.name, "pool": pool.name}, start),
                "recent": list(reversed(history))[:20],
                "opponents": [{**o, "name": _name(svc, o["opponent"])} for o in ranked[:10]],
            }
        )
    matches, _cursor = svc.matches.list_for_player(profile.id, 15, None)
    return _page(
        "player.html",
        profile.name,
        opts,
        profile=profile,
        pools=pools,
        matches=matches,
        game_presets=game_presets(players=2),
        is_bot=profile.id.startswith("bot-"),
        level=BOT_LEVELS.get(profile.bot or "") if profile.id.startswith("bot-") else None,
    )


def _name(svc: ServiceSet, player_id: str) -> str:
    """A player's display name; the id when the profile cannot be read."""
    try:
        return svc.players.get(player_id).name
    except NotFound:
        return player_id


# ----------------------------------------------------------------------------------------- tournaments


def tournaments(svc: ServiceSet, status: str | None, opts: PageOptions) -> str:
    found, _cursor = svc.tournaments.list_tournaments(status or None, None, 50, None)
    title = tr(opts, "Tournaments")
    return _page("tournaments.html", title, opts, tournaments=found, status=status or "")


#: The big tournaments' pages this container rendered lately (:mod:`scopa.application.recent`): about
#: 160 KB each at 10,000 entrants.
RENDERED: Recent[str] = Recent(size=32)


def tournament(svc: ServiceSet, tournament_id: str, opts: PageOptions, fresh: bool = False) -> str:
    """A tournament's page; a big one's (more entrants than a list shows) rendered once per version and
    options and served again for a few seconds, so that its followers' reloads at each wave do not each
    read the tournament's whole partition. ``fresh`` (an organizer's page after an action) renders it
    anew, and keeps that."""
    t = svc.tournaments.get(tournament_id)  # its version: one read of the tournament's item
    if t.entries <= recent.KEPT_ABOVE:
        return _tournament(svc, svc.tournaments.bundle(tournament_id), opts)

    def render() -> str:  # from the tournament as this container read it for this version
        return _tournament(svc, svc.tournaments.kept_bundle(t, fresh), opts)

    return RENDERED.get((id(svc.tournaments.repo), tournament_id, t.version, opts), render, fresh=fresh)


def _tournament(svc: ServiceSet, bundle: TournamentBundle, opts: PageOptions) -> str:
    t = bundle.tournament
    names = {e.id: e.name for e in bundle.entries}
    links = {e.id: f"/web/players/{e.players[0]}" for e in bundle.entries if len(e.players) == 1}
    rows = svc.tournaments.standings_of(bundle).rows  # the partition read once for the whole page
    fmt = t.rules.format_rules
    arena = _arena_view(svc, bundle, names) if fmt.continuous else None
    _header, cross = svc.tournaments.crosstable_of(bundle) if arena is None else (None, [])
    club = svc.clubs.get(t.club_id).name if t.club_id else None
    rounds = [_round_view(bundle, r, names) for r in bundle.rounds]
    entries = sorted(bundle.entries, key=lambda e: (-e.rating, e.id))
    active = [{"id": e.id, "name": e.name} for e in entries if e.status == "active"]
    crosstable = cross_rows(
        [asdict(r) for r in cross[:PAGE_ROWS]],
        knockout=fmt.page.crosstable_marks == "eliminated",
        waiting=fmt.page.crosstable_marks == "waiting",
    )
    game = games.find(t.rules.game)  # its rules help is the game's (no pages: the preset's name alone)
    return _page(
        "tournament.html",
        t.name,
        opts,
        t=t,
        settings=t.rules,
        fmt=fmt,
        game_label=game.label if game else t.rules.game,
        rules_url=game.rules_url(t.rules.preset) if game else None,
        club=club,
        entries=entries[:PAGE_ROWS],
        entry_count=len(entries),
        shown=PAGE_ROWS,
        rounds=rounds,
        standings=[asdict(r) for r in rows[:PAGE_ROWS]],
        standing_count=len(rows),
        tiebreaks=[(name, tr(opts, TIEBREAK_LABELS.get(name, name))) for name in t.rules.tiebreak_order],
        crosstable=crosstable,
        crosstable_count=len(cross),
        round_numbers=[r.number for r in bundle.rounds if r.status == "closed"],
        brackets=_brackets(bundle, names, opts),
        groups=_groups(bundle, opts),
        arena=arena,
        links=links,
        podium=[asdict(r) for r in rows[:3]] if t.status == "finished" else [],
        active=active if len(active) <= PAGE_ROWS else [],  # the entrant form's choices (else an id)
        active_count=len(active),
        pairing_seats=active if len(active) <= PAIRING_SELECTS else [],  # else lines of two ids
        pairing_lines=[(a["id"], b["id"]) for a, b in zip(active[::2], active[1::2], strict=False)],
        pairing_bye=active[-1]["id"] if len(active) % 2 else None,
        table_count=sum(len(r.tables) for r in bundle.rounds),
        requested=[e for e in entries if e.status == "requested"],
        checked_in=[e.name for e in entries if e.status == "active" and e.checked_in_at],
        check_in_opens=opens.isoformat() if (opens := check_in_opens(t.rules)) else None,
        next_round=t.current_round + 1,
        overridden=t.override is not None,
        can_override=fmt.hand_pairing_refused is None and t.status in ("registration", "running"),
        # followers of a big tournament reload over this many seconds, not all in the same one
        reload_spread=RELOAD_SPREAD if len(entries) > PAGE_ROWS else 0,
    )


def new_tournament(svc: ServiceSet, club_id: str | None, opts: PageOptions) -> str:
    """The tournament wizard: a form its script posts to ``POST /tournaments`` with the caller's token."""
    clubs, _cursor = svc.clubs.list_clubs(100, None)
    return _page(
        "new_tournament.html",
        tr(opts, "New tournament"),
        opts,
        clubs=clubs,
        club=club_id or "",
        game_presets=game_presets(),
        formats=list(format_names()),
        tiebreak_choices=[(name, tr(opts, label)) for name, label in TIEBREAK_LABELS.items()],
    )


# ----------------------------------------------------------------------------------------- clubs


def clubs(svc: ServiceSet, opts: PageOptions) -> str:
    """The clubs, newest first, and (for organizers, by the script) the form that founds one."""
    found, _cursor = svc.clubs.list_clubs(100, None)
    return _page("clubs.html", tr(opts, "Clubs"), opts, clubs=found)


def club(svc: ServiceSet, club_id: str, opts: PageOptions) -> str:
    """A club: its members and organizers and its tournaments; the script adds the organizer's forms."""
    found = svc.clubs.get(club_id)
    members, _cursor = svc.clubs.members(club_id, 100, None)
    ordered = sorted(members, key=lambda m: (m.role != "organizer", m.name.casefold(), m.player_id))
    events, _cursor = svc.tournaments.list_tournaments(None, club_id, 50, None)
    seasons, _cursor = svc.seasons.list_seasons(club_id, 50, None)
    return _page(
        "club.html",
        found.name,
        opts,
        club=found,
        members=ordered,
        organizers=[m for m in ordered if m.role == "organizer"],
        tournaments=events,
        seasons=sorted(seasons, key=lambda s: (s.starts_on, s.id), reverse=True),
    )


SEASON_TIEBREAK_LABELS = {
    "wins": "Events won",
    "best": "Best place",
    "played": "Events played",
    "head_to_head": "Head to head",
    "lot": "Lot",
}


def season(svc: ServiceSet, club_id: str, season_id: str, opts: PageOptions) -> str:
    """A club season: its rules, its events and its standings (the club's leaderboard for the season)."""
    from scopa.domain.seasons.standings import TIEBREAKS, finishes_by_event

    found = svc.clubs.get(club_id)
    table = svc.seasons.standings(club_id, season_id)
    club_events, _cursor = svc.tournaments.list_tournaments(None, club_id, 100, None)
    attached = set(table.season.tournaments)
    candidates = [t for t in club_events if t.id not in attached and t.status != "cancelled"]
    return _page(
        "season.html",
        f"{table.season.name} · {found.name}",
        opts,
        club=found,
        season=table.season,
        rules=table.rules,
        events=table.events,
        rows=table.rows,
        scores=finishes_by_event(table.rows),
        tiebreaks=[tr(opts, SEASON_TIEBREAK_LABELS[name]) for name in TIEBREAKS],
        candidates=candidates,  # for the organizers' form (the script shows it to them only)
    )


def _arena_view(svc: ServiceSet, bundle: TournamentBundle, names: dict[str, str]) -> dict[str, Any]:
    """An arena's leaderboard and games under way, for the page (the first :data:`PAGE_ROWS` of each)."""
    view = svc.tournaments.arena_of(bundle)
    return {
        "rows": [asdict(r) for r in view.rows[:PAGE_ROWS]],
        "row_count": len(view.rows),
        "playing": [
            {
                "wave": wave,
                "first": names.get(x.first, x.first),
                "second": names.get(x.second, x.second),
                "games": x.games,
            }
            for wave, x in view.playing[:PAGE_ROWS]
        ],
        "playing_count": len(view.playing),
        "ends_at": iso(view.ends_at) if view.ends_at is not None else None,
        "streaks": view.streaks,
    }


def cross_rows(rows: list[dict[str, Any]], knockout: bool, waiting: bool = False) -> list[dict[str, Any]]:
    """The crosstable's rows with each cell's ``eliminated`` flag: in a knockout, a round after the one an
    entrant lost is not an absence (the history calls it one), the entrant is out. In a double
    elimination or groups' knockout (``waiting``) a round without a table is never an absence either:
    the entrant waits for the other side of its bracket, or is out."""
    for row in rows:
        out = False
        for cell in row["cells"]:
            idle = cell["result"] in ("A", "")
            cell["eliminated"] = idle and (waiting or (knockout and out))
            out = out or cell["result"] in ("0", "-")
    return rows


def _brackets(bundle: TournamentBundle, names: dict[str, str], opts: PageOptions) -> list[tuple[str, Any]]:
    """The brackets the tournament page draws, each with its heading ("" for a single one)."""
    drawing = bundle.tournament.rules.format_rules.page.bracket
    if drawing == "double":
        return _double_elimination(bundle, names, opts)
    if drawing == "single":
        svg = _bracket(bundle, names, opts)
        out: list[tuple[str, Any]] = [("", svg)] if svg is not None else []
        for rnd in bundle.rounds:  # the match for third place, apart: it feeds no round of the bracket
            third = third_place_table(rnd)
            if third is not None:
                a, b = third.first, third.second
                results = {frozenset((a, b)): ({a: third.wins[0], b: third.wins[1]}, _shown_winner(third))}
                title = tr(opts, "Third place")
                column = [pairings_of([a, b], names, results)]
                out.append((title, bracket_svg(column, [f"{tr(opts, 'Round')} {rnd.number}"], label=title)))
        return out
    return []


def _shown_winner(x: TableRecord) -> str | None:
    """Who a bracket box marks as through: the side with more match points (none on a draw)."""
    if x.result is None or x.result[0] == x.result[1]:
        return None
    return x.first if x.result[0] > x.result[1] else x.second


def _groups(bundle: TournamentBundle, opts: PageOptions) -> list[dict[str, Any]]:
    """A groups' knockout's group tables (after the closed rounds), marking who went through."""
    t = bundle.tournament
    tables = t.rules.format_rules.group_tables(t.rules, bundle.entries, bundle.rounds, t.lot_seed)
    if tables is None or not bundle.rounds:  # a format without groups, or before the first round
        return []
    through = {x for r in bundle.rounds if r.slots for x in r.slots if x is not None}
    out = []
    for i, rows in enumerate(tables):
        out.append(
            {
                "name": tr(opts, "Group %(name)s") % {"name": chr(ord("A") + i)},
                "rows": [
                    {**asdict(r), "rank": k, "through": r.entrant in through} for k, r in enumerate(rows, 1)
                ],
            }
        )
    return out


def _double_elimination(
    bundle: TournamentBundle, names: dict[str, str], opts: PageOptions
) -> list[tuple[str, Any]]:
    """The winners' bracket (with the grand final) and the losers' bracket, each as a bracket drawing:
    every match of the structure, filled in as far as the rounds have come."""
    settings = bundle.tournament.rules
    found = double_elimination_state(settings, bundle.entries, bundle.rounds)
    if found is None:
        return []
    state, paired = found
    by_number = {r.number: r for r in bundle.rounds}

    def side(entrant: str | None, slot: de.Slot, wins: dict[str, int], bye: bool) -> Side:
        if entrant is None:
            return Side("")
        name = names.get(entrant, entrant)
        if bye:
            return Side(name, "bye", True)
        return Side(name, str(wins.get(entrant, "")), slot.played and slot.winner == entrant)

    def box(slot: de.Slot) -> Pairing:
        wins: dict[str, int] = {}
        rnd = by_number.get(paired.get(slot.match.key, 0))
        if rnd is not None:
            for x in rnd.tables:
                if {x.first, x.second} == {slot.first, slot.second}:
                    wins = {x.first: x.wins[0], x.second: x.wins[1]}
        bye = slot.known and (slot.first is None) != (slot.second is None)
        return Pairing(side(slot.first, slot, wins, bye), side(slot.second, slot, wins, bye))

    def columns(side_name: str) -> list[list[de.Slot]]:
        out: dict[int, list[de.Slot]] = {}
        for s in state.values():
            if s.match.side == side_name:
                out.setdefault(s.match.round, []).append(s)
        return [out[r] for r in sorted(out)]

    # Columns are headed by the tournament round they are played in (losers' round t: round t + 1); a
    # reset that was not needed is left out.
    finals = [c for c in columns("final") if c[0].match.key == "GF1" or c[0].first is not None]
    winners = columns("winners") + finals
    titles = [f"{tr(opts, 'Round')} {r}" for r in range(1, len(columns("winners")) + 1)]
    titles += [tr(opts, "Grand final"), tr(opts, "Bracket reset")][: len(finals)]
    out = [
        (
            tr(opts, "Winners' bracket"),
            bracket_svg([[box(s) for s in c] for c in winners], titles, label=tr(opts, "Winners' bracket")),
        )
    ]
    losers = columns("losers")
    if losers:
        feeds: list[list[list[int]]] = [[]]
        for r in range(1, len(losers)):
            halves = len(losers[r]) < len(losers[r - 1])
            feeds.append([[2 * i, 2 * i + 1] if halves else [i] for i in range(len(losers[r]))])
        svg = bracket_svg(
            [[box(s) for s in c] for c in losers],
            [f"{tr(opts, 'Round')} {r + 1}" for r in range(1, len(losers) + 1)],
            feeds,
            label=tr(opts, "Losers' bracket"),
        )
        out.append((tr(opts, "Losers' bracket"), svg))
    return out


def _round_view(bundle: TournamentBundle, rnd: RoundRecord, names: dict[str, str]) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "status": rnd.status,
        "byes": [names.get(b, b) for b in rnd.byes],
        "requested_byes": [names.get(b, b) for b in rnd.requested_byes],
        "tables": [
            {
                "table": x.table,
                "first": names.get(x.first, x.first),
                "second": names.get(x.second, x.second),
                "games": x.games,
                "wins": x.wins,
                "points": x.points,
                "result": x.result,
                "forfeit": x.forfeit,
                "reason": x.reason,
                "third_place": table_stage(rnd, x) == "third_place",
            }
            for x in rnd.tables[:PAGE_ROWS]
        ],
        "table_count": len(rnd.tables),
    }


def _bracket(bundle: TournamentBundle, names: dict[str, str], opts: PageOptions) -> Any:
    """The knockout bracket (a groups' knockout's too): the rounds paired so far from their slots, empty
    boxes for the rest."""
    paired = [r for r in bundle.rounds if r.slots]
    if not paired:
        return None
    size = len(paired[0].slots or [])
    first = paired[0].number  # 1, or the first round after the groups
    total = size.bit_length() - 1
    if bundle.tournament.rules.format_rules.page.full_bracket:
        total = max(bundle.tournament.rounds_planned or 0, total)
    columns: list[list[Pairing]] = []
    for k in range(1, total + 1):
        rnd = next((r for r in paired if r.number == first + k - 1), None)
        if rnd is None or rnd.slots is None:
            columns.append([Pairing(Side(""), Side(""))] * max(1, size >> k))
            continue
        results = {}
        for x in rnd.tables:
            results[frozenset((x.first, x.second))] = (
                {x.first: x.wins[0], x.second: x.wins[1]},
                _shown_winner(x),
            )
        columns.append(pairings_of(rnd.slots, names, results))
    titles = [
        tr(opts, "Final")
        if k == total
        else tr(opts, "Semi-finals")
        if k == total - 1
        else f"{tr(opts, 'Round')} {first + k - 1}"
        for k in range(1, total + 1)
    ]
    return bracket_svg(columns, titles)


# ----------------------------------------------------------------------------------------- matches


def match(svc: ServiceSet, match_id: str, step: int | None, opts: PageOptions) -> str:
    """A finished match as a replay at ``step``; a running one as a spectator sees it; drawn by its
    game's page plug-in."""
    seen = svc.matches.get(ANONYMOUS, match_id)
    return games.get(seen.game).match_page(svc, seen, step, opts)


def play(svc: ServiceSet, match_id: str, opts: PageOptions) -> str:
    """The playable table: a shell with the match id; the script reads the player's own view."""
    seen = svc.matches.get(ANONYMOUS, match_id)
    names = [s.name for s in seen.seats]
    title = tr(opts, "Play") + ": " + " v ".join(names)
    return _page("play.html", title, opts, m=seen, names=names, game=games.get(seen.game))


def error(status: int, code: str, message: str, lang: i18n.Lang = "en") -> str:
    opts = PageOptions(lang=lang)
    return _page("error.html", f"{status}: {code}", opts, status=status, code=code, message=message)
