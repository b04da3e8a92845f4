"""Club seasons: events grouped into one table of season points (rules, places, standings, exports)."""
