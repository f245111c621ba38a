"""I/O at the edges: manifests, sources, the OCR cache, the store of results, the sample corpus."""
