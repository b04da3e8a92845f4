"""The scheduled tournament pipeline function."""
