"""What happens by the clock: deadlines, reminders, vacations, daily digests, paced sends."""
