"""The WebSocket API's function: connections, client messages, topics (docs/live.md)."""
