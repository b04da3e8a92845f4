"""The pipeline tests drive the same in-process API on moto as the API tests: re-use its fixtures."""

from tests.api.conftest import api, clock  # noqa: F401 (fixtures used by name)
