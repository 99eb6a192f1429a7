"""Playing a match: the /<game> commands, challenges, moves, offers, the guided move menus, /next and notes."""
