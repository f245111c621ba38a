"""Reading labels: the label grammar as data, numerals, the OCR channel model and the text model."""
