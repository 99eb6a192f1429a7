"""The computer player's Dots and Boxes: tiny budgets, so that a test plays every level in moments."""

from ai.profiles import Profile

from . import evaluator

PROFILE = Profile(evaluator=evaluator, budgets={"easy": 4, "medium": 8, "hard": 16}, review_share=0.5)
