"""Looking back at matches: animated replays, score charts, the computer's reviews."""
