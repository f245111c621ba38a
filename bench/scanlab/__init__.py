"""scanlab: an independent generator of scanned-law page images with exact truth text.

Written without looking at the project's own page preparation or damage code,
so it can serve as an evaluation set the preparation was not tuned on.
"""

from .generate import PROFILES, make_page  # noqa: F401
