from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.entry import Entry
from ...models.error_body import ErrorBody
from ...models.venue_check_in import VenueCheckIn
from ...types import Response


def _get_kwargs(
    tournament_id: str,
    *,
    body: VenueCheckIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/tournaments/{tournament_id}/venue-check-in".format(
            tournament_id=quote(str(tournament_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Entry | ErrorBody | None:
    if response.status_code == 200:
        response_200 = Entry.from_dict(response.json())

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
) -> Response[Entry | ErrorBody]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: VenueCheckIn,
) -> Response[Entry | ErrorBody]:
    """Check in at the venue with its code (as POST .../check-in; a wrong code is 403)

    Args:
        tournament_id (str):
        body (VenueCheckIn): The code the entrant typed or scanned (case, spaces and dashes do not
            matter).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Entry | ErrorBody]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: VenueCheckIn,
) -> Entry | ErrorBody | None:
    """Check in at the venue with its code (as POST .../check-in; a wrong code is 403)

    Args:
        tournament_id (str):
        body (VenueCheckIn): The code the entrant typed or scanned (case, spaces and dashes do not
            matter).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Entry | ErrorBody
    """

    return sync_detailed(
        tournament_id=tournament_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: VenueCheckIn,
) -> Response[Entry | ErrorBody]:
    """Check in at the venue with its code (as POST .../check-in; a wrong code is 403)

    Args:
        tournament_id (str):
        body (VenueCheckIn): The code the entrant typed or scanned (case, spaces and dashes do not
            matter).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Entry | ErrorBody]
    """

    kwargs = _get_kwargs(
        tournament_id=tournament_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    tournament_id: str,
    *,
    client: AuthenticatedClient,
    body: VenueCheckIn,
) -> Entry | ErrorBody | None:
    """Check in at the venue with its code (as POST .../check-in; a wrong code is 403)

    Args:
        tournament_id (str):
        body (VenueCheckIn): The code the entrant typed or scanned (case, spaces and dashes do not
            matter).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Entry | ErrorBody
    """

    return (
        await asyncio_detailed(
            tournament_id=tournament_id,
            client=client,
            body=body,
        )
    ).parsed
