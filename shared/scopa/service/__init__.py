"""Application services: players, tokens and matches, over the repository port. No HTTP, no boto3 here."""
