"""XML schemas shipped with the exports (see lexml-subset.xsd)."""
