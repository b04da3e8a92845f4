"""HTTP adapters: :mod:`.webhooks` posts webhook deliveries with the standard library's client."""
