"""Answering interactions: what the bot does for each command, button and menu."""
