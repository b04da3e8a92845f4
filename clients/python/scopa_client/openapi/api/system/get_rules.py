from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.get_rules_game import GetRulesGame
from ...models.rules import Rules
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    game: GetRulesGame | Unset = "scopa",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_game: str | Unset = UNSET
    if not isinstance(game, Unset):
        json_game = game

    params["game"] = json_game

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/rules",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | Rules | None:
    if response.status_code == 200:
        response_200 = Rules.from_dict(response.json())

        return response_200

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
) -> Response[ErrorBody | Rules]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GetRulesGame | Unset = "scopa",
) -> Response[ErrorBody | Rules]:
    """A game's rule presets and every option with its default

    Args:
        game (GetRulesGame | Unset): the card game: scopa (default) or briscola; presets and
            options belong to the game (GET /rules?game=) Default: 'scopa'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Rules]
    """

    kwargs = _get_kwargs(
        game=game,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    game: GetRulesGame | Unset = "scopa",
) -> ErrorBody | Rules | None:
    """A game's rule presets and every option with its default

    Args:
        game (GetRulesGame | Unset): the card game: scopa (default) or briscola; presets and
            options belong to the game (GET /rules?game=) Default: 'scopa'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Rules
    """

    return sync_detailed(
        client=client,
        game=game,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    game: GetRulesGame | Unset = "scopa",
) -> Response[ErrorBody | Rules]:
    """A game's rule presets and every option with its default

    Args:
        game (GetRulesGame | Unset): the card game: scopa (default) or briscola; presets and
            options belong to the game (GET /rules?game=) Default: 'scopa'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | Rules]
    """

    kwargs = _get_kwargs(
        game=game,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    game: GetRulesGame | Unset = "scopa",
) -> ErrorBody | Rules | None:
    """A game's rule presets and every option with its default

    Args:
        game (GetRulesGame | Unset): the card game: scopa (default) or briscola; presets and
            options belong to the game (GET /rules?game=) Default: 'scopa'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | Rules
    """

    return (
        await asyncio_detailed(
            client=client,
            game=game,
        )
    ).parsed
