"""Tournaments, seasons and ladders: their commands, sign-up buttons, standings and announcements."""
