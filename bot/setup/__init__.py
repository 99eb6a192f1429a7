"""Setup: settings, checks before connecting, the client that wires everything, command translations."""
