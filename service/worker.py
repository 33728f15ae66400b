"""gunicorn's native ASGI worker, with a shutdown that cannot drop a connection it has accepted.

On SIGTERM the worker closes its listeners and then waits for the connections it counts. asyncio
sets up each accepted connection in a task, a few loop turns after accept(), and counts it only
then; a connection accepted in the last turn before the close could be missed, and the worker
could exit and close it before reading its request. That is the likely cause of the rare
"Server disconnected without sending a response" that tests/e2e/test_resilience.py saw under
SIGTERM (twice in about 130 runs, once in a full `make test`): a graceful close with nothing
read, which a listener's backlog reset (a connection reset) would not give.
"""

from __future__ import annotations

import asyncio

from gunicorn.workers.gasgi import ASGIWorker

# Setting up a connection takes a few loop turns (microseconds); this leaves room on a loaded host.
ACCEPT_SETTLE_S = 0.1


class SettlingASGIWorker(ASGIWorker):
    async def _shutdown(self):
        for server in self.servers:
            server.close()  # idempotent: the parent's shutdown closes them again
        await asyncio.sleep(ACCEPT_SETTLE_S)  # connections accepted before the close register
        await super()._shutdown()
