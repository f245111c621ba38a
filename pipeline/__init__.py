"""Pure stages of the pipeline: OCR, cleaning, segmentation, emission.

No file, network or Prefect imports here except in the OCR engines, which talk to Tesseract
and read PDF bytes handed to them. Each stage is ``verb_noun(value, *, config) -> value``.
"""

from pipeline.native import guard as _guard

__version__ = "0.1.0"

# the structuring modules run compiled where a current build is there, else from source
# (pipeline.native; before any of them is imported)
_guard()
