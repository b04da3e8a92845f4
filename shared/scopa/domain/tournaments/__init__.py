"""Tournaments: entrants, pairing systems (Swiss, round robin, knockout), standings and exports."""
