"""Benchmarks: `python -m bench` (make bench)."""
