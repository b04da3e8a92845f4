from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.player_ratings_answer import PlayerRatingsAnswer
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: str,
    *,
    pool: None | str | Unset = UNSET,
    points: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_pool: None | str | Unset
    if isinstance(pool, Unset):
        json_pool = UNSET
    else:
        json_pool = pool
    params["pool"] = json_pool

    params["points"] = points

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/players/{player_id}/ratings".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | PlayerRatingsAnswer | None:
    if response.status_code == 200:
        response_200 = PlayerRatingsAnswer.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorBody.from_dict(response.json())

        return response_400

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
) -> Response[ErrorBody | PlayerRatingsAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    pool: None | str | Unset = UNSET,
    points: int | Unset = 100,
) -> Response[ErrorBody | PlayerRatingsAnswer]:
    """A player's ratings per pool, the rating history (a point per rated match), records by opponent

    Args:
        player_id (str):
        pool (None | str | Unset):
        points (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PlayerRatingsAnswer]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        pool=pool,
        points=points,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    pool: None | str | Unset = UNSET,
    points: int | Unset = 100,
) -> ErrorBody | PlayerRatingsAnswer | None:
    """A player's ratings per pool, the rating history (a point per rated match), records by opponent

    Args:
        player_id (str):
        pool (None | str | Unset):
        points (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PlayerRatingsAnswer
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        pool=pool,
        points=points,
    ).parsed


async def asyncio_detailed(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    pool: None | str | Unset = UNSET,
    points: int | Unset = 100,
) -> Response[ErrorBody | PlayerRatingsAnswer]:
    """A player's ratings per pool, the rating history (a point per rated match), records by opponent

    Args:
        player_id (str):
        pool (None | str | Unset):
        points (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | PlayerRatingsAnswer]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        pool=pool,
        points=points,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: str,
    *,
    client: AuthenticatedClient | Client,
    pool: None | str | Unset = UNSET,
    points: int | Unset = 100,
) -> ErrorBody | PlayerRatingsAnswer | None:
    """A player's ratings per pool, the rating history (a point per rated match), records by opponent

    Args:
        player_id (str):
        pool (None | str | Unset):
        points (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | PlayerRatingsAnswer
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            pool=pool,
            points=points,
        )
    ).parsed
