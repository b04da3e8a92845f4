from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.briscola_move import BriscolaMove
from ...models.error_body import ErrorBody
from ...models.match_answer import MatchAnswer
from ...models.scopa_move import ScopaMove
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    body: BriscolaMove | ScopaMove,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/matches/{match_id}/moves".format(
            match_id=quote(str(match_id), safe=""),
        ),
    }

    if isinstance(body, ScopaMove):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | MatchAnswer | None:
    if response.status_code == 200:
        response_200 = MatchAnswer.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorBody.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorBody.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorBody.from_dict(response.json())

        return response_415

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
) -> Response[ErrorBody | MatchAnswer]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: BriscolaMove | ScopaMove,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | MatchAnswer]:
    """Play a move at the expected version: a card (Scopa: with its capture), a Briscola bid or call

    Args:
        match_id (str):
        idempotency_key (str | Unset):
        body (BriscolaMove | ScopaMove): One move at the match ``version`` it answers, in the move
            model of the match's game (ScopaMove,
            BriscolaMove: each game brings its own). The match's own game reads it: a body only
            another game's
            model takes is refused as ``invalid_input``, after the checks of seat, turn and version.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MatchAnswer]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: BriscolaMove | ScopaMove,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | MatchAnswer | None:
    """Play a move at the expected version: a card (Scopa: with its capture), a Briscola bid or call

    Args:
        match_id (str):
        idempotency_key (str | Unset):
        body (BriscolaMove | ScopaMove): One move at the match ``version`` it answers, in the move
            model of the match's game (ScopaMove,
            BriscolaMove: each game brings its own). The match's own game reads it: a body only
            another game's
            model takes is refused as ``invalid_input``, after the checks of seat, turn and version.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MatchAnswer
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: BriscolaMove | ScopaMove,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorBody | MatchAnswer]:
    """Play a move at the expected version: a card (Scopa: with its capture), a Briscola bid or call

    Args:
        match_id (str):
        idempotency_key (str | Unset):
        body (BriscolaMove | ScopaMove): One move at the match ``version`` it answers, in the move
            model of the match's game (ScopaMove,
            BriscolaMove: each game brings its own). The match's own game reads it: a body only
            another game's
            model takes is refused as ``invalid_input``, after the checks of seat, turn and version.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MatchAnswer]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient,
    body: BriscolaMove | ScopaMove,
    idempotency_key: str | Unset = UNSET,
) -> ErrorBody | MatchAnswer | None:
    """Play a move at the expected version: a card (Scopa: with its capture), a Briscola bid or call

    Args:
        match_id (str):
        idempotency_key (str | Unset):
        body (BriscolaMove | ScopaMove): One move at the match ``version`` it answers, in the move
            model of the match's game (ScopaMove,
            BriscolaMove: each game brings its own). The match's own game reads it: a body only
            another game's
            model takes is refused as ``invalid_input``, after the checks of seat, turn and version.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MatchAnswer
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
