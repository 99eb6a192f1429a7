"""OpenSkill ratings: direction, symmetry, scale and replay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matches.competitions import RatedGame, Skill, rate, replay, replay_history, skill


def test_a_new_player_shows_1500_and_is_provisional():
    new = Skill()
    assert new.display == 1500
    assert new.provisional and new.games == 0
    assert abs(new.ordinal) < 1e-9


def test_winner_gains_loser_drops():
    a, b = rate([Skill(), Skill()], [1, 2])
    assert a.mu > 25 > b.mu
    assert a.display > b.display
    assert a.games == b.games == 1


def test_a_tie_between_equals_is_symmetric():
    a, b = rate([Skill(), Skill()], [1, 1])
    assert a.mu == pytest.approx(25) and b.mu == pytest.approx(25)
    assert a.sigma == pytest.approx(b.sigma) and a.sigma < skill.SIGMA


def test_order_does_not_matter():
    strong, weak = Skill(30, 4), Skill(22, 6)
    x = rate([strong, weak], [2, 1])
    y = rate([weak, strong], [1, 2])
    assert (x[0].mu, x[0].sigma, x[1].mu, x[1].sigma) == pytest.approx((y[1].mu, y[1].sigma, y[0].mu, y[0].sigma))
    assert x[1].mu > 22 and x[0].mu < 30  # the upset moves both


def test_a_tie_lifts_the_weaker_player():
    strong, weak = rate([Skill(30, 4), Skill(22, 4)], [1, 1])
    assert strong.mu < 30 and weak.mu > 22


def test_four_player_ranking_orders_the_changes():
    after = rate([Skill()] * 4, [1, 2, 3, 4])
    mus = [s.mu for s in after]
    assert mus == sorted(mus, reverse=True) and mus[0] > 25 > mus[3]
    tied = rate([Skill()] * 4, [1, 1, 3, 4])
    assert tied[0].mu == pytest.approx(tied[1].mu)


def test_three_players_and_bad_input():
    after = rate([Skill()] * 3, [2, 1, 3])
    assert after[1].mu > after[0].mu > after[2].mu
    with pytest.raises(ValueError):
        rate([Skill()], [1])
    with pytest.raises(ValueError):
        rate([Skill()] * 5, [1, 2, 3, 4, 5])
    with pytest.raises(ValueError):
        rate([Skill()] * 2, [1])


def test_provisional_until_five_games():
    s = Skill()
    for _i in range(5):
        assert s.provisional
        s = rate([s, Skill()], [1, 2])[0]
    assert not s.provisional and s.games == 5


def test_display_scale_reads_like_elo_between_settled_players():
    # mu apart by 100 / scale: about a 64 % expected score
    assert pytest.approx(29.48, abs=0.01) == skill.DISPLAY_SCALE
    assert Skill(25 + 100 / skill.DISPLAY_SCALE, 0).display - Skill(25, 0).display == 100


@settings(max_examples=20, deadline=None)
@given(
    games=st.lists(
        st.tuples(
            st.lists(st.integers(0, 6), min_size=2, max_size=4, unique=True),
            st.lists(st.integers(1, 4), min_size=4, max_size=4),
        ),
        max_size=25,
    )
)
def test_replay_is_rating_in_order(games):
    played = [RatedGame(tuple(players), tuple(places[: len(players)])) for players, places in games]
    skills: dict[int, Skill] = {}
    for g in played:
        after = rate([skills.get(p, Skill()) for p in g.players], g.places)
        skills.update(zip(g.players, after))
    assert replay(played) == skills
    history = list(replay_history(played))
    assert len(history) == len(played)
    for g, changes in history:
        assert [c.player for c in changes] == list(g.players)
        assert all(c.after.games == c.before.games + 1 for c in changes)


def test_replay_continues_from_given_skills():
    start = {1: Skill(30, 3, 10)}
    out = replay([RatedGame((1, 2), (2, 1))], start)
    assert out[1].mu < 30 and out[1].games == 11 and out[2].games == 1
    assert start == {1: Skill(30, 3, 10)}
