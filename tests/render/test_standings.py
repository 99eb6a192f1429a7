"""The standings image: every row drawn, legible at a phone's 400 px, winners marked twice."""
from PIL import Image

from render import common as C
from render.standings import GOLD, WIDTH, StandingRow, standings_image


def rows(n: int) -> list[StandingRow]:
    return [StandingRow(i + 1, f"player {i + 1}", f"{n - i}.0", "4.5", "2.0", "3", withdrawn=i == n - 1,
                        winner=i == 0) for i in range(n)]


def test_one_row_per_player_and_the_winner_in_gold():
    image = standings_image("Final standings of Spring Swiss", ["Player", "Points", "Bh", "SB", "Played"], rows(5))
    assert image.size[0] == WIDTH and image.size[1] > 6 * 40
    colours = {c for _, c in image.getcolors(1 << 20)}
    assert GOLD in colours and C.INK in colours


def test_text_stays_legible_on_a_phone():
    """At 400 px wide (Discord on a phone) the row text is still about 12 px high."""
    image = standings_image("Standings", ["Player", "Points", "Bh", "SB", "Played"], rows(3))
    scale = 400 / image.size[0]
    from render.standings import TEXT_SIZE
    assert TEXT_SIZE * scale >= 11


def test_long_names_are_cut_to_their_column():
    long = StandingRow(1, "x" * 200, "1.0", "0.0", "0.0", "1")
    image = standings_image("t", ["Player", "Points", "Bh", "SB", "Played"], [long])
    assert isinstance(image, Image.Image)


def test_a_row_apart_comes_after_a_gap_with_a_dotted_rule():
    header = ["Player", "Points", "Bh", "SB", "Played"]
    together = standings_image("t", header, rows(3))
    mine = StandingRow(47, "me", "1.0", "0.0", "0.0", "3", apart=True)
    apart = standings_image("t", header, [*rows(2), mine])
    from render.standings import GAP, ROW
    assert apart.size[1] == together.size[1] + GAP
    gap_line = apart.crop((0, apart.size[1] - 24 - ROW - GAP // 2 - 1, WIDTH, apart.size[1] - 24 - ROW - GAP // 2 + 2))
    assert C.MUTED in {c for _, c in gap_line.getcolors(1 << 20)}
