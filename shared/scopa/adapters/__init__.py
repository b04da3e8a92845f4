"""Adapters: the application's ports on storage. :mod:`.dynamodb` for AWS, :mod:`.sqlite` for a local club."""
