from http import HTTPStatus
from typing import Any, Literal
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.get_leaderboard_by import GetLeaderboardBy
from ...models.leaderboard_answer import LeaderboardAnswer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    pool: str,
    *,
    by: GetLeaderboardBy | Unset = "elo",
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
    around: Literal["me"] | None | Unset = UNSET,
    club: None | str | Unset = UNSET,
    tournament: None | str | Unset = UNSET,
    provisional: bool | Unset = True,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_by: str | Unset = UNSET
    if not isinstance(by, Unset):
        json_by = by

    params["by"] = json_by

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    json_around: Literal["me"] | None | Unset
    if isinstance(around, Unset):
        json_around = UNSET
    else:
        json_around = around
    params["around"] = json_around

    json_club: None | str | Unset
    if isinstance(club, Unset):
        json_club = UNSET
    else:
        json_club = club
    params["club"] = json_club

    json_tournament: None | str | Unset
    if isinstance(tournament, Unset):
        json_tournament = UNSET
    else:
        json_tournament = tournament
    params["tournament"] = json_tournament

    params["provisional"] = provisional

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/rankings/{pool}".format(
            pool=quote(str(pool), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | LeaderboardAnswer | None:
    if response.status_code == 200:
        response_200 = LeaderboardAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorBody.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorBody.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorBody.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = ErrorBody.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = ErrorBody.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = ErrorBody.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = ErrorBody.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorBody | LeaderboardAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    pool: str,
    *,
    client: AuthenticatedClient,
    by: GetLeaderboardBy | Unset = "elo",
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
    around: Literal["me"] | None | Unset = UNSET,
    club: None | str | Unset = UNSET,
    tournament: None | str | Unset = UNSET,
    provisional: bool | Unset = True,
) -> Response[ErrorBody | LeaderboardAnswer]:
    """A leaderboard: top N with a cursor, ?around=me, per club or tournament, provisional or not

    Args:
        pool (str):
        by (GetLeaderboardBy | Unset):  Default: 'elo'.
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):
        around (Literal['me'] | None | Unset): the caller and the players around
        club (None | str | Unset): a club's id (not with tournament)
        tournament (None | str | Unset): a tournament's id (not with club)
        provisional (bool | Unset): include provisional ratings Default: True.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LeaderboardAnswer]
    """

    kwargs = _get_kwargs(
        pool=pool,
        by=by,
        limit=limit,
        cursor=cursor,
        around=around,
        club=club,
        tournament=tournament,
        provisional=provisional,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    pool: str,
    *,
    client: AuthenticatedClient,
    by: GetLeaderboardBy | Unset = "elo",
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
    around: Literal["me"] | None | Unset = UNSET,
    club: None | str | Unset = UNSET,
    tournament: None | str | Unset = UNSET,
    provisional: bool | Unset = True,
) -> ErrorBody | LeaderboardAnswer | None:
    """A leaderboard: top N with a cursor, ?around=me, per club or tournament, provisional or not

    Args:
        pool (str):
        by (GetLeaderboardBy | Unset):  Default: 'elo'.
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):
        around (Literal['me'] | None | Unset): the caller and the players around
        club (None | str | Unset): a club's id (not with tournament)
        tournament (None | str | Unset): a tournament's id (not with club)
        provisional (bool | Unset): include provisional ratings Default: True.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LeaderboardAnswer
    """

    return sync_detailed(
        pool=pool,
        client=client,
        by=by,
        limit=limit,
        cursor=cursor,
        around=around,
        club=club,
        tournament=tournament,
        provisional=provisional,
    ).parsed


async def asyncio_detailed(
    pool: str,
    *,
    client: AuthenticatedClient,
    by: GetLeaderboardBy | Unset = "elo",
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
    around: Literal["me"] | None | Unset = UNSET,
    club: None | str | Unset = UNSET,
    tournament: None | str | Unset = UNSET,
    provisional: bool | Unset = True,
) -> Response[ErrorBody | LeaderboardAnswer]:
    """A leaderboard: top N with a cursor, ?around=me, per club or tournament, provisional or not

    Args:
        pool (str):
        by (GetLeaderboardBy | Unset):  Default: 'elo'.
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):
        around (Literal['me'] | None | Unset): the caller and the players around
        club (None | str | Unset): a club's id (not with tournament)
        tournament (None | str | Unset): a tournament's id (not with club)
        provisional (bool | Unset): include provisional ratings Default: True.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | LeaderboardAnswer]
    """

    kwargs = _get_kwargs(
        pool=pool,
        by=by,
        limit=limit,
        cursor=cursor,
        around=around,
        club=club,
        tournament=tournament,
        provisional=provisional,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    pool: str,
    *,
    client: AuthenticatedClient,
    by: GetLeaderboardBy | Unset = "elo",
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
    around: Literal["me"] | None | Unset = UNSET,
    club: None | str | Unset = UNSET,
    tournament: None | str | Unset = UNSET,
    provisional: bool | Unset = True,
) -> ErrorBody | LeaderboardAnswer | None:
    """A leaderboard: top N with a cursor, ?around=me, per club or tournament, provisional or not

    Args:
        pool (str):
        by (GetLeaderboardBy | Unset):  Default: 'elo'.
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):
        around (Literal['me'] | None | Unset): the caller and the players around
        club (None | str | Unset): a club's id (not with tournament)
        tournament (None | str | Unset): a tournament's id (not with club)
        provisional (bool | Unset): include provisional ratings Default: True.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | LeaderboardAnswer
    """

    return (
        await asyncio_detailed(
            pool=pool,
            client=client,
            by=by,
            limit=limit,
            cursor=cursor,
            around=around,
            club=club,
            tournament=tournament,
            provisional=provisional,
        )
    ).parsed
