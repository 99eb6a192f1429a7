"""The server's and the players' own settings, stats, profiles and the admins' commands."""
