"""``make run``'s connections send without Nagle's delay.

asyncio turns Nagle off (``TCP_NODELAY``) only on sockets whose protocol number says TCP; the local
server's listening socket was made with protocol 0, so every connection it accepted kept Nagle on. uvicorn
writes an answer's head and body separately, so each answer on a kept-alive connection (a browser's, the
benchmarks', the Python client's) then waited for the client's delayed ACK: about 40 ms, against about 1.
"""

from __future__ import annotations

import socket

from tools.local_server import LocalServer


def test_an_accepted_connection_has_nagle_off() -> None:
    server = LocalServer("127.0.0.1", 0, handler=lambda event, context: {"statusCode": 204})
    with server, server.running():
        client = socket.create_connection(server.server_address, timeout=5)
        try:
            client.sendall(b"GET /health HTTP/1.1\r\nHost: local\r\n\r\n")
            assert client.recv(100).startswith(b"HTTP/1.1 204")
            (connection,) = server.uvicorn.server_state.connections  # kept alive: still open
            accepted = connection.transport.get_extra_info("socket")
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        finally:
            client.close()
