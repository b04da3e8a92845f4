from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error_body import ErrorBody
from ...models.recompute_job import RecomputeJob
from ...types import Response


def _get_kwargs(
    pool: str,
    job_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/rankings/{pool}/recompute/{job_id}".format(
            pool=quote(str(pool), safe=""),
            job_id=quote(str(job_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorBody | RecomputeJob | None:
    if response.status_code == 200:
        response_200 = RecomputeJob.from_dict(response.json())

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
) -> Response[ErrorBody | RecomputeJob]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    pool: str,
    job_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | RecomputeJob]:
    """Admin: a recompute job's status (queued, running, done, failed) and its report when done

    Args:
        pool (str):
        job_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecomputeJob]
    """

    kwargs = _get_kwargs(
        pool=pool,
        job_id=job_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    pool: str,
    job_id: str,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | RecomputeJob | None:
    """Admin: a recompute job's status (queued, running, done, failed) and its report when done

    Args:
        pool (str):
        job_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecomputeJob
    """

    return sync_detailed(
        pool=pool,
        job_id=job_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    pool: str,
    job_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[ErrorBody | RecomputeJob]:
    """Admin: a recompute job's status (queued, running, done, failed) and its report when done

    Args:
        pool (str):
        job_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorBody | RecomputeJob]
    """

    kwargs = _get_kwargs(
        pool=pool,
        job_id=job_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    pool: str,
    job_id: str,
    *,
    client: AuthenticatedClient,
) -> ErrorBody | RecomputeJob | None:
    """Admin: a recompute job's status (queued, running, done, failed) and its report when done

    Args:
        pool (str):
        job_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorBody | RecomputeJob
    """

    return (
        await asyncio_detailed(
            pool=pool,
            job_id=job_id,
            client=client,
        )
    ).parsed
