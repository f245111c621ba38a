"""Prefect 3 orchestration only: thin tasks over ``pipeline/`` and ``corpus/``."""
