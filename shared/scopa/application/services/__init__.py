"""The application services: players and tokens, matches, clubs, tournaments, the pipeline, ratings."""
