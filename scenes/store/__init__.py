"""What the app keeps on disk: settings, saved games, records, statistics, the log file."""
