"""AWS Lambda adapters: :mod:`.feed` hands changes to the notifier function."""
