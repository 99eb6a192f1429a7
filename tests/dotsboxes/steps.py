"""The parts of a Dots and Boxes move for menus and clicks: the first dot, then the second."""

from engines.builder import tokenizer

split = tokenizer([r"(?P<target>[a-z]\d{1,2})", r"-(?P<target>[a-z]\d{1,2})"])
