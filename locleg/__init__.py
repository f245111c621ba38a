"""The ``locleg`` command line."""
