"""Pure stages of the pipeline: OCR, cleaning, segmentation, emission.

No file, network or Prefect imports here except in the OCR engines, which talk to Tesseract
and read PDF bytes handed to them. Each stage is ``verb_noun(value, *, config) -> value``.
"""

__version__ = "0.1.0"
