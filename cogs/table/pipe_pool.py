"""Worker processes the event loop talks to itself, one socket pair each: the render pool's.

``ProcessPoolExecutor`` carries each job across two threads of the bot's process: a feeder
thread pickles and writes it, a result thread reads and unpickles the answer, then wakes the
loop. Under load those threads take the GIL from the loop at every hand-over, and the images
wait on them: ``bench/load.py --think 0.5,2`` at 300 tables with ``RENDER_WORKERS=2`` left the
two cores 15 % idle (docs/benchmarks.md). Here the loop writes a job to the worker's socket
itself (a non-blocking write, buffered by asyncio's transport) and reads the answer when the
socket is readable, as it reads Discord's: no thread, no hand-over.

A frame is 8 bytes of length, then a pickle: ``(job, function, args)`` one way,
``(job, ok, result)`` the other. A worker draws its jobs in the order they came. Each worker
starts by its initializer (the image caches' warm-up), then says it is ready.

A worker that dies (the OOM killer, a segfault in Pillow) closes its socket: its jobs fail with
:class:`WorkerDied`, :meth:`PipePool.run` draws the job in a thread instead, and the next job
starts a fresh worker. A bot killed outright closes the sockets too: its workers then exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from render import heap

log = logging.getLogger(__name__)

START_TIMEOUT = 120.0  # seconds start-up waits for a worker's warm-up (then goes on without waiting)
STOP_TIMEOUT = 2.0  # seconds a worker gets to finish its image and exit at shutdown
_LENGTH = struct.Struct("!Q")
_READY = -1  # the job number of a worker's "started" frame


class WorkerDied(Exception):
    """The worker drawing a job died before answering."""


def _frame(payload: object) -> bytes:
    data = pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(data)) + data


def _receive_exactly(sock: socket.socket, size: int) -> bytes | None:
    chunks, missing = [], size
    while missing:
        chunk = sock.recv(min(missing, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        missing -= len(chunk)
    return b"".join(chunks)


def _socket_of(end: Connection) -> socket.socket:
    """A duplex pipe's end as the socket it is on POSIX (the connection closed)."""
    sock = socket.socket(fileno=os.dup(end.fileno()))
    end.close()
    return sock


def _answer(job: int, function: Callable[..., Any], args: tuple[Any, ...]) -> bytes:
    try:
        return _frame((job, True, function(*args)))
    except Exception as error:  # the bot's process raises it again
        try:
            return _frame((job, False, error))
        except Exception:  # an exception that does not pickle: its words then
            return _frame((job, False, RuntimeError(repr(error))))


def _serve(end: Connection, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's life: start, say so, then answer jobs until the bot's end closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the bot's: it closes the socket
    heap.limit_arenas()
    if initializer is not None:
        initializer(*initargs)
    sock = _socket_of(end)
    sock.sendall(_frame((_READY, True, multiprocessing.current_process().pid)))
    while (header := _receive_exactly(sock, _LENGTH.size)) is not None:
        body = _receive_exactly(sock, _LENGTH.unpack(header)[0])
        if body is None:
            break
        job, function, args = pickle.loads(body)
        sock.sendall(_answer(job, function, args))
    sock.close()


class _Link(asyncio.Protocol):
    """The bot's end of one worker's socket: jobs out, answers in, on the event loop."""

    def __init__(self, process: BaseProcess, sock: socket.socket) -> None:
        self.process, self.sock = process, sock
        self.transport: asyncio.Transport | None = None
        self.ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.pending: dict[int, asyncio.Future[Any]] = {}
        self.alive = True
        self._buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport

    def submit(self, job: int, function: Callable[..., Any], args: tuple[Any, ...]) -> asyncio.Future[Any]:
        if not self.alive or self.transport is None:  # (died while another worker was starting)
            raise WorkerDied(f"worker {self.process.pid} is gone")
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.transport.write(_frame((job, function, args)))  # pickled first: a bad job raises here
        self.pending[job] = answer
        return answer

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        while len(self._buffer) >= _LENGTH.size:
            (size,) = _LENGTH.unpack_from(self._buffer)
            end = _LENGTH.size + size
            if len(self._buffer) < end:
                return
            job, ok, result = pickle.loads(memoryview(self._buffer)[_LENGTH.size : end])
            del self._buffer[:end]
            self._settle(job, ok, result)

    def _settle(self, job: int, ok: bool, result: Any) -> None:
        if job == _READY:
            if not self.ready.done():
                self.ready.set_result(result)
            return
        answer = self.pending.pop(job, None)
        if answer is None or answer.done():  # its caller was cancelled meanwhile
            return
        if ok:
            answer.set_result(result)
        else:
            answer.set_exception(result)

    def connection_lost(self, exc: Exception | None) -> None:
        self.alive = False
        died = WorkerDied(f"worker {self.process.pid} closed its socket ({exc or 'end of file'})")
        for answer in [self.ready, *self.pending.values()]:
            if not answer.done():
                answer.set_exception(died)
        self.pending.clear()
        if not self.ready.cancelled():
            self.ready.exception()  # retrieved: nobody may be waiting for it any more

    def close(self) -> None:
        """Tell the worker to stop now (end of file on its side), then let the transport go."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_WR)
        if self.transport is not None:
            with contextlib.suppress(RuntimeError):  # the loop already closed
                self.transport.close()


class PipePool:
    """``workers`` spawned processes, each started by ``initializer(*initargs)`` (module-level
    functions and picklable arguments: a worker imports them by name), each job given to the
    worker with the fewest in hand."""

    def __init__(
        self, workers: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
    ) -> None:
        self.workers = max(0, workers)
        self.initializer, self.initargs = initializer, initargs
        self._links: list[_Link] = []
        self._jobs = itertools.count()
        self._spawning = asyncio.Lock()  # one caller replaces the missing workers, not each

    def processes(self) -> dict[int, BaseProcess]:
        """The worker processes up now, by pid (none before first use)."""
        return {link.process.pid: link.process for link in self._links if link.alive and link.process.pid}

    async def _spawn(self) -> _Link:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe(duplex=True)  # a socket pair on POSIX
        process = context.Process(
            target=_serve, args=(theirs, self.initializer, self.initargs), daemon=True, name="tsuki-render"
        )
        process.start()
        theirs.close()
        sock = _socket_of(ours)
        link = _Link(process, sock)
        await asyncio.get_running_loop().create_unix_connection(lambda: link, sock=sock)
        self._links.append(link)
        return link

    async def _fill(self) -> list[_Link]:
        """The live workers, with the dead ones replaced."""
        if len(self._links) == self.workers and all(link.alive for link in self._links):
            return self._links
        async with self._spawning:
            for link in [link for link in self._links if not link.alive]:
                self._links.remove(link)
                _reap(link.process)
            while len(self._links) < self.workers:
                await self._spawn()
        return self._links

    async def start(self) -> list[int]:
        """Start every worker now and wait for their warm-ups (start-up), rather than one by one
        under traffic. The workers' pids; those not up in time or dead starting are left out
        (logged: the bot starts anyway)."""
        if not self.workers:
            return []
        links = list(await self._fill())
        done, _ = await asyncio.wait([link.ready for link in links], timeout=START_TIMEOUT)
        pids = []
        for link in links:
            if link.ready not in done:
                log.warning(
                    "render worker %s not warm after %.0f s: going on", link.process.pid, START_TIMEOUT
                )
            elif link.ready.exception() is not None:
                log.error("render worker %s died starting: a fresh one on first use", link.process.pid)
            else:
                pids.append(link.ready.result())
        return pids

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """``function(*args)`` in a worker; in a thread if that worker died (a fresh one next)."""
        links = await self._fill()
        link = min(links, key=lambda each: (not each.alive, len(each.pending)))
        try:
            return await link.submit(next(self._jobs), function, args)
        except WorkerDied:
            log.exception("a render worker died: this image in a thread, a fresh worker next")
        return await asyncio.to_thread(function, *args)

    def shutdown(self) -> None:
        """Stop the workers (the bot's close; tests): their sockets close, each finishes the image
        it is drawing and exits; one that does not is terminated."""
        links, self._links = self._links, []
        for link in links:
            link.close()
        for link in links:
            _reap(link.process)


def _reap(process: BaseProcess) -> None:
    process.join(STOP_TIMEOUT)
    if process.exitcode is None:
        process.terminate()
        with contextlib.suppress(Exception):
            process.join(STOP_TIMEOUT)
