"""Amazon SQS adapters: :mod:`.webhooks` queues webhook deliveries for the webhooks function."""
