from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.match_deals import MatchDeals
from ...types import UNSET, Response, Unset


def _get_kwargs(
    match_id: str,
    *,
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["limit"] = limit

    json_cursor: None | str | Unset
    if isinstance(cursor, Unset):
        json_cursor = UNSET
    else:
        json_cursor = cursor
    params["cursor"] = json_cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/matches/{match_id}/deals".format(
            match_id=quote(str(match_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | MatchDeals | None:
    if response.status_code == 200:
        response_200 = MatchDeals.from_dict(response.json())

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
) -> Response[ErrorBody | MatchDeals]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
) -> Response[ErrorBody | MatchDeals]:
    """The match's finished deals, oldest first, with a cursor (anyone may read them)

    Args:
        match_id (str):
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MatchDeals]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        limit=limit,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
) -> ErrorBody | MatchDeals | None:
    """The match's finished deals, oldest first, with a cursor (anyone may read them)

    Args:
        match_id (str):
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MatchDeals
    """

    return sync_detailed(
        match_id=match_id,
        client=client,
        limit=limit,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
) -> Response[ErrorBody | MatchDeals]:
    """The match's finished deals, oldest first, with a cursor (anyone may read them)

    Args:
        match_id (str):
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | MatchDeals]
    """

    kwargs = _get_kwargs(
        match_id=match_id,
        limit=limit,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    match_id: str,
    *,
    client: AuthenticatedClient | Client,
    limit: int | Unset = 20,
    cursor: None | str | Unset = UNSET,
) -> ErrorBody | MatchDeals | None:
    """The match's finished deals, oldest first, with a cursor (anyone may read them)

    Args:
        match_id (str):
        limit (int | Unset):  Default: 20.
        cursor (None | str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | MatchDeals
    """

    return (
        await asyncio_detailed(
            match_id=match_id,
            client=client,
            limit=limit,
            cursor=cursor,
        )
    ).parsed
