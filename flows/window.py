"""The streaming window of a batch: documents are started in manifest order and finished in the
same order, with at most ``limit`` pages in flight (and at most ``limit`` documents open), so the
task runner always has pages queued while the oldest document is finished.

No Prefect here: what starting and finishing a document means is the flow's
(``flows.batch``); this module only decides when.
"""

from __future__ import annotations

import collections
from collections.abc import Callable, Iterable
from typing import TypeVar

Item = TypeVar("Item")
Open = TypeVar("Open")


def stream_window(items: Iterable[Item], *, start: Callable[[Item], Open], finish: Callable[[Open], None],
                  weight: Callable[[Open], int], limit: int,
                  ready: Callable[[Open], bool] = lambda _opened: False) -> None:
    """``start`` every item in order and ``finish`` each started one, oldest first, as soon as
    the started ones weigh more than ``limit`` (pages in flight) or number more than ``limit``;
    the rest are finished at the end. ``weight`` of an open item must not change while it is open.
    Before each item is started, the oldest open ones that are ``ready`` (all their work done)
    are finished: what is done is finished even if the next item is slow to start."""
    window: collections.deque[Open] = collections.deque()
    in_flight = 0
    for item in items:
        while window and ready(window[0]):
            done = window.popleft()
            in_flight -= weight(done)
            finish(done)
        opened = start(item)
        window.append(opened)
        in_flight += weight(opened)
        while window and (in_flight > limit or len(window) > limit):
            done = window.popleft()
            in_flight -= weight(done)
            finish(done)
    while window:
        finish(window.popleft())
