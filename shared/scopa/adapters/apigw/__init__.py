"""API Gateway adapters: :mod:`.push` sends to WebSocket connections through the management API."""
