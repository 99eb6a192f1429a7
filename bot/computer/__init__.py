"""The computer opponent: its turns through the job queue, and /practice positions against it."""
