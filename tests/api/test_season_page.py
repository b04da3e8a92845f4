"""The season standings page: linked from the club page, the same table as the API, in both languages."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from tests.api.conftest import Api
from tests.api.test_seasons import attach, club_tournament, club_with_season, finished_tournament


class Table(HTMLParser):
    """The rows of one table (by id) as lists of cell texts, and every link's href."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.inside = False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag == "table" and found.get("id") == self.table_id:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.inside = False
        elif self.inside and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def page(api: Api, path: str, lang: str = "en") -> str:
    answer = api.call("GET", path, query={"lang": lang})
    assert answer.status == 200, answer.body
    assert answer.headers["Content-Type"].startswith("text/html")
    return str(answer.body)


def test_the_season_page_shows_the_api_standings_and_the_club_links_it(api: Api) -> None:
    olga, club, season = club_with_season(api)
    sid = season["id"]
    first = finished_tournament(api, olga, club, 5, ("greedy",))
    second = finished_tournament(api, olga, club, 4, ("random", "greedy"))
    pending = club_tournament(api, olga, club, 2, ("greedy",))
    for tid in (first, second, pending):
        assert attach(api, olga, club, sid, tid).status == 200
    api_rows = api.call("GET", f"/clubs/{club}/seasons/{sid}/standings").body["rows"]

    club_page = Table("members")
    club_page.feed(page(api, f"/web/clubs/{club}"))
    assert f"/web/clubs/{club}/seasons/{sid}" in club_page.links
    assert f"/web/rankings?club={club}" in club_page.links  # the members' ratings

    html = page(api, f"/web/clubs/{club}/seasons/{sid}")
    table = Table("season-standings")
    table.feed(html)
    header, *rows = table.rows
    assert header[:6] == ["#", "Player", "Points", "Played", "Wins", "Best place"]
    assert header[6:] == ["1", "2", "3"]  # one column per event, pending included
    assert [(r[0], r[1], float(r[2])) for r in rows] == [
        (str(a["rank"]), a["name"], a["points"]) for a in api_rows
    ]
    for shown, row in zip(rows, api_rows, strict=True):
        by_event = {s["tournament"]: s for s in row["events"]}
        for cell, tid in zip(shown[6:], (first, second, pending), strict=True):
            score = by_event.get(tid)
            if score is None:
                assert cell == ""
            else:
                number = re.sub(r"[()]", "", cell)
                assert float(number) == score["points"]
                assert cell.startswith("(") is not score["counted"]
    assert f'href="/clubs/{club}/seasons/{sid}/export?format=csv"' in html
    assert "pending" in html

    italian = page(api, f"/web/clubs/{club}/seasons/{sid}", lang="it")
    assert "Miglior piazzamento" in italian
    assert "Spareggi" in italian


def test_a_missing_season_page_is_a_404_page(api: Api) -> None:
    _olga, club, _season = club_with_season(api)
    answer = api.call("GET", f"/web/clubs/{club}/seasons/s_none")
    assert answer.status == 404
    assert "season" in str(answer.body)
