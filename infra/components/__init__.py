"""One construct per concern: data, functions, API, pipeline schedule, monitoring."""
