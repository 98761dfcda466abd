"""The menu screens: main and pause menus, game select, settings, stats, records, rules, dialogs."""
