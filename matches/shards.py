"""Which servers a bot process serves: Discord's shard of a guild is
``(guild_id >> 22) % shard_count``; matches outside a server count as shard 0."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids {self.ids} do not lie in 0..{self.count - 1}")

    @classmethod
    def parse(cls, count: int, ids: str | None) -> Shards:
        """``ids`` like ``"0-3"``, ``"4,5,7"`` or ``"0-1,6"``; empty: all of them."""
        if not ids or not ids.strip():
            return cls(count, tuple(range(count)))
        chosen: list[int] = []
        for part in ids.split(","):
            low, dash, high = part.strip().partition("-")
            if not low.isdigit() or (dash and not high.isdigit()):
                raise ValueError(f"{ids!r} is not a list of shard ids like 0-3 or 0,2,5")
            chosen.extend(range(int(low), int(high) + 1) if dash else [int(low)])
        return cls(count, tuple(sorted(set(chosen))))

    def serves(self, guild_id: int | None) -> bool:
        return self.shard_of(guild_id) in self.ids

    def shard_of(self, guild_id: int | None) -> int:
        return 0 if guild_id is None else (guild_id >> 22) % self.count

    def sql(self, column: str = "guild_id") -> tuple[str, tuple]:
        """A condition on ``column`` (and its parameters) true for the matches of these shards."""
        if len(self.ids) == self.count:
            return "1 = 1", ()
        marks = ", ".join("?" * len(self.ids))
        condition = f"(({column} >> 22) % ?) IN ({marks})"
        if 0 in self.ids:
            condition = f"({column} IS NULL OR {condition})"
        return condition, (self.count, *self.ids)
