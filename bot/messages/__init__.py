"""Composing messages: board posts, turn texts, alt text and who a message may ping."""
