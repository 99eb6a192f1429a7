"""Background work: everything that happens by the clock or in worker processes."""
