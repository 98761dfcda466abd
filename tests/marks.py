"""What the fast suite (`pytest -m "not slow"`) leaves out, and why: the markers tests/conftest.py
gives each test, and what the fast suite still reaches of the code.

- `subprocess`: starts a process (the app, a bots' worker, Xvfb, git, mypy, a review pool...);
  tests/conftest.py refuses a process to a test of the fast suite, so the fast suite starts none;
- `browser`: drives the phone page in headless Chromium;
- `research`: drives a research tool of game/tools/ (arena, hybrids, readings, tallies) at length;
- `install`: installs Quintet into fresh virtual environments from the package index;
- `slow`: any of those, and a test measured over about a second (`--durations`) on two cores.

A test is named here by file and function (all its parameters alike). tests/test_marks.py checks
that every name is a test that exists and that the fast suite still imports every module of
game/ and scenes/.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = sorted(path.stem for path in (ROOT / "game" / "rules").glob("*.py")
                  if not path.stem.startswith("_") and path.stem != "base")
SLOW_KINDS = ("subprocess", "browser", "research", "install")  # each of them is slow too

# every test of these modules
BY_MODULE: dict[str, str] = {
    "test_phones_browser": "browser",
    "test_bot_worker": "subprocess",
    "test_no_process_left": "subprocess",
    "test_real_window": "subprocess",
}

# every test that uses one of these fixtures
BY_FIXTURE: dict[str, str] = {
    "board_looks": "slow",  # test_state_looks: every state drawn on every board (20 s)
    "played": "research",  # test_read_slides: a tally of many matches (8 s)
    "xvfb": "subprocess",
    "real_worker": "subprocess",
    "browsers": "browser",
}

# tests by file and function
BY_TEST: dict[str, str] = {}


def _table(kind: str, names: str) -> None:
    """Enter a block of tests as `kind`: a file's name, then its functions, indented."""
    file = ""
    for word in names.split():
        if word.endswith(".py"):
            file = word
        else:
            BY_TEST[f"{file}::{word}"] = kind


def marks_of(module: str, test: str, fixtures: list[str]) -> set[str]:
    """The markers a test gets from the tables (a slow kind brings `slow` with it)."""
    found = {BY_TEST[f"{module}.py::{test}"]} if f"{module}.py::{test}" in BY_TEST else set()
    if module in BY_MODULE:
        found.add(BY_MODULE[module])
    found |= {BY_FIXTURE[name] for name in fixtures if name in BY_FIXTURE}
    if found & set(SLOW_KINDS):
        found.add("slow")
    return found


def test_parameters(path: Path) -> dict[str, list[str]]:
    """The test functions of a test file ("function" or "Class::function"), each with its
    parameters' names (the fixtures it asks for itself)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[str, list[str]] = {}

    def add(node: ast.AST, prefix: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                node.name.startswith("test"):
            found[prefix + node.name] = [arg.arg for arg in node.args.args]

    for node in tree.body:
        add(node, "")
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                add(item, f"{node.name}::")
    return found


# ---- what the fast suite reaches ----------------------------------------------------------------
def source_modules() -> dict[str, Path]:
    """Every module of game/ and scenes/ by dotted name (a package by its own name)."""
    found = {}
    for top in ("game", "scenes"):
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imported(tree: ast.AST, known: set[str], top_level_only: bool) -> set[str]:
    """The project modules a file imports (and their packages, which run first): at its top
    level only, or anywhere (a test's function runs when the test does); and those it names
    anywhere as strings to be imported (the registry's lazy parts, f"game.rules.{game_id}")."""
    found: set[str] = set()

    def add(name: str) -> None:
        parts = name.split(".")
        for end in range(1, len(parts) + 1):
            if ".".join(parts[:end]) in known:
                found.add(".".join(parts[:end]))

    def visit(node: ast.AST, inside_function: bool = False) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                visit(child, True)
                continue
            if top_level_only and inside_function and isinstance(child, (ast.Import,
                                                                         ast.ImportFrom)):
                continue
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                add(child.module)
                for alias in child.names:
                    add(f"{child.module}.{alias.name}")
            elif isinstance(child, ast.Constant) and isinstance(child.value, str) and \
                    child.value in known:
                add(child.value)
            elif isinstance(child, ast.JoinedStr) and child.values and \
                    isinstance(child.values[0], ast.Constant) and \
                    str(child.values[0].value).rstrip(".") in known and \
                    str(child.values[0].value).endswith("."):
                # f"game.rules.{game_id}": the package's module of each game
                for game_id in GAME_IDS:
                    if f"{child.values[0].value}{game_id}" in known:
                        add(f"{child.values[0].value}{game_id}")
            visit(child, inside_function)

    visit(tree)
    return found


def reached(test_files: list[Path]) -> set[str]:
    """The modules of game/ and scenes/ that importing and running these test files imports:
    what they import, and what those import at their top level, and so on."""
    modules = source_modules()
    known = set(modules)
    edges = {name: _imported(ast.parse(path.read_text(encoding="utf-8")), known, True)
             for name, path in modules.items()}
    todo: set[str] = set()
    for path in test_files:
        todo |= _imported(ast.parse(path.read_text(encoding="utf-8")), known, False)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo |= edges[name] - seen
    return seen


# measured: over about a second on two cores, or three seconds over all parameters
_table("research", """
test_arena.py
    test_a_standoff_only_cuts_a_game_short_and_calls_it_a_draw
    test_the_cpu_clock_plays_a_pairing
test_bots_moriarty_slides.py
    test_hard_reads_the_colour_of_a_searcher_that_slides_its_colour_home
test_colour_belief.py
    test_a_scored_game_shows_whether_the_pivots_and_takes_told_the_truth
    test_a_scored_game_shows_whether_the_slides_told_the_truth
    test_reading_choices_names_a_one_turn_ahead_player_from_its_pivots_and_takes
    test_the_slide_reading_names_a_one_turn_ahead_player_from_its_slides
test_colour_denier.py
    test_a_player_who_plays_only_against_the_others_colour_is_named_less_surely
test_colour_drifter.py
    test_a_drifter_is_named_less_surely_and_a_teller_still_named
test_colour_sharpness.py
    test_a_player_whose_choices_are_near_a_tellers_but_never_it_is_named_less_surely
test_fit_colour.py
    test_fit_recovers_the_weights_that_made_the_choices
test_hybrids.py
    test_a_hybrid_is_hard_at_every_other_decision_and_the_rule_at_its_own
    test_hybrids_table_runs_every_kind_in_one_pool
    test_the_control_row_plays_hard_against_hard_on_the_hybrids_seeds
test_moriarty_levers.py
    test_a_declaration_needs_the_belief_as_read_not_the_searched_worlds_weight
test_opponents.py
    test_greedy_plays_whole_legal_games
    test_greedy_pulls_an_athlete_off_whenever_it_can
    test_plain_uct_plays_legal_moves
    test_the_arena_plays_and_names_every_kind_of_player
    test_the_predictor_plays_legal_moves
test_read_slides.py
    test_a_match_keeps_each_games_colours_and_each_seats_kind
test_tally.py
    test_a_file_that_is_no_finished_game_is_named_and_left_out
    test_a_tally_of_a_recorded_run_is_the_row_the_arena_printed
    test_an_older_record_is_read_by_its_file_name
    test_runs_of_one_pairing_in_several_folders_make_one_row_in_seed_order
""")

_table("slow", """
test_bad_input.py
    test_move_parsers_return_a_move_or_a_parse_error
test_board_moriarty.py
    test_a_whole_match_by_keys_alone
    test_whole_matches_by_mouse_alone
test_board_pulling_strings.py
    test_a_whole_game_by_keys_until_every_string_is_broken
    test_a_whole_game_by_mouse
test_board_strands.py
    test_a_small_shuffled_board_by_keys
    test_a_whole_game_by_mouse
test_board_synch.py
    test_a_whole_game_by_keys
    test_a_whole_game_by_mouse
test_board_tug_of_war.py
    test_a_whole_game_by_keys_alone
    test_every_stage_of_every_animation_draws
    test_whole_games_by_mouse_alone
test_bots.py
    test_a_kept_subtree_is_reused_only_where_its_moves_are_the_roots
    test_a_rave_search_plays_a_perfect_move_where_it_can_search_to_the_end
    test_tiny_bots_finish_a_game_with_only_legal_moves
test_build.py
    test_the_self_test_passes_from_source_with_a_bot_move_in_every_game
    test_the_spec_leaves_out_nothing_the_app_imports
    test_the_watchdog_ends_a_self_test_that_runs_too_long
test_continue.py
    test_the_menu_reads_the_saves_off_the_frame_loop_after_the_save_being_written
test_depth_search.py
    test_a_bot_ahead_in_the_last_game_ends_it
    test_a_position_reached_by_two_lines_is_valued_once
    test_any_small_game_is_valued_as_the_solver_values_it
    test_worlds_searched_at_once_never_promise_more_than_knowing_the_world
test_display_lost.py
    test_a_display_lost_for_good_exits_with_status_3_and_says_why
test_docs.py
    test_every_command_in_the_docs_runs_a_module_with_options_it_takes
    test_the_readmes_picture_is_made_by_the_screenshot_tool
test_focus_and_hover.py
    test_a_picked_option_is_marked_inside_never_with_the_focus_ring
test_fuzz_rules.py
    test_a_timed_run_shares_the_time
test_fuzz_ui.py
    test_the_command_reports_failures_instead_of_stopping
    test_twenty_thousand_random_events_raise_nothing
test_handoff.py
    test_seat_1_sees_the_same_screen_whatever_seat_0_chose
test_hint_reasons.py
    test_every_comparison_a_hint_makes_holds_against_each_alternative
    test_a_hint_s_comparison_costs_little
test_hints.py
    test_every_claim_a_hint_makes_holds_in_the_position_after_its_turn
    test_hot_seat_moriarty_hints_at_public_turns_keep_the_bonus_colour_off_the_shared_screen
test_home_pairs.py
    test_home_pairs_changes_no_decision_but_the_placing
test_hostile_files.py
    test_a_file_over_its_size_limit_is_refused_by_size
    test_a_refusing_disk_is_said_and_the_old_file_stays
    test_a_symbolic_link_is_written_through_or_named
    test_any_shape_of_file_is_named_kept_and_survived
    test_any_text_in_a_file_or_its_name_is_shown_safely
test_hostile_launch.py
    test_a_launch_with_bad_files_of_a_class_reaches_the_menu
    test_a_launch_with_giant_files_reaches_the_menu
    test_a_launch_with_links_of_every_sort_reaches_the_menu
test_keeping.py
    test_a_finished_game_is_never_lost_whatever_writes_fail
    test_a_game_finished_on_a_full_disk_is_filed_once_there_is_room
test_kiosk.py
    test_the_demo_cycles_through_all_five_games
    test_the_kiosk_opens_on_the_demo_and_its_bots_play
test_kiosk_lively.py
    test_the_demo_gets_no_warning
test_last_moves.py
    test_the_marks_are_each_seat_s_latest_decisions
test_layout.py
    test_no_import_circle_among_the_projects_modules
test_lock_in.py
    test_any_clicks_before_lock_in_seal_only_the_last_selected
test_matrix.py
    test_a_bots_secret_choice_is_hard_to_exploit_on_its_own_matrix
test_no_bot_worker.py
    test_with_dev_shm_full_quintet_vs_easy_opens_and_says_why
test_no_display.py
    test_the_app_ends_with_its_launcher
test_no_early_reveal.py
    test_a_lesson_tells_of_a_move_only_once_it_has_shown
    test_the_countdown_shows_the_same_screen_whatever_was_chosen
test_no_internals_shown.py
    test_no_screen_shows_an_internal_in_generated_play
test_no_process_left.py
    test_killing_the_real_app_while_its_bots_think_leaves_nothing
    test_the_worker_and_tracker_end_however_their_parent_ends
test_opponent_model.py
    test_a_seat_that_must_follow_the_model_chooses_only_what_it_allows
test_options_keys.py
    test_after_any_keys_enter_starts_what_the_screen_shows
test_own_folders.py
    test_a_run_that_touches_the_user_s_folders_fails
    test_a_test_run_leaves_the_user_s_folders_and_the_temporary_folder_alone
    test_the_slow_disk_benchmark_uses_its_own_folders
test_own_secrets.py
    test_every_frame_against_the_computer_shows_yours_and_never_its
    test_moriarty_says_which_way_is_toward_you
    test_your_bonus_colour_shows_against_the_computer_and_its_stays_secret
test_phones_play.py
    test_a_game_without_phones_loads_no_network_stack
    test_a_phone_sees_only_its_own_bonus_colour_in_a_whole_moriarty_game
    test_a_whole_game_on_phones_never_hands_off_and_shows_who_has_locked_in
    test_fifty_connections_and_a_thousand_malformed_messages_leave_the_game_alone
    test_phones_can_be_turned_on_mid_game_from_the_menu_even_over_a_hand_off
    test_while_the_big_screen_holds_the_scores_the_phones_say_so
test_phones_server.py
    test_a_flood_is_cut_off_and_only_the_burst_reaches_the_game
test_plain_words.py
    test_a_finished_games_turn_counter_names_its_last_turn
test_play_vs_bot.py
    test_a_game_against_an_easy_bot_is_played_to_the_end
    test_the_bot_accepts_a_draw_once_the_board_has_stood_still
    test_the_bot_is_given_only_its_own_observation
    test_the_frame_loop_keeps_running_while_a_hard_bot_thinks
    test_two_bots_play_each_other_to_the_end
test_present_follows_changes.py
    test_the_window_shows_what_a_full_redraw_draws_after_generated_play
    test_overlays_and_the_screens_behind_them_leave_no_stale_pixel
    test_a_game_against_the_computer_leaves_no_stale_pixel
test_private_names.py
    test_no_module_reaches_into_another_s_private_names
test_properties.py
    test_every_invariant_holds_at_every_step
test_reading.py
    test_a_reading_bot_and_its_copy_with_the_same_view_mix_alike
    test_confidence_grows_for_a_player_who_follows_the_model_and_not_for_chance
    test_the_response_does_better_than_a_step_toward_the_best_reply
    test_the_safe_response_can_be_punished_by_at_most_the_safety_bound
test_readme_commands.py
    test_the_readmes_commands_work_from_a_clean_copy_with_the_system_python
test_real_window.py
    test_the_app_draws_in_a_real_window_and_saves_a_screenshot
test_replay.py
    test_a_long_records_list_says_there_is_more_and_its_bar_scrolls_it
    test_replay_steps_forward_animated_and_back_by_keys_and_buttons
test_results_wait.py
    test_between_moriarty_s_games_a_summary_waits_for_a_player
    test_no_hand_off_or_results_ever_covers_an_unacknowledged_reveal
    test_the_results_stay_until_dismissed
test_review.py
    test_a_match_draws_its_games_on_the_graph
    test_a_review_knows_no_secret_the_replay_does_not_show
    test_each_marker_sits_on_the_step_that_made_it_and_names_who_it_went_up_for
    test_every_position_has_a_value_and_an_ended_game_ends_at_its_result
    test_strands_playouts_keep_the_opening_rule
    test_the_results_screen_leads_to_the_review
    test_the_review_fits
    test_the_review_shows_progress_then_the_graph_and_jumps_the_replay
    test_the_worker_processes_give_the_same_values
test_review_swings.py
    test_the_marked_swings_are_the_largest_changes_of_the_plotted_line
test_rule_figures.py
    test_the_rules_screen_draws_each_figure_under_its_rule_and_it_moves
    test_the_rules_with_figures_fit
test_settings_feel.py
    test_no_keys_or_clicks_take_a_range_past_its_ends
test_soak.py
    test_a_short_soak_has_visitors_games_and_no_errors
test_stale_words.py
    test_enter_does_the_one_thing_on_offer
    test_no_word_outlives_its_state
test_state_looks.py
    test_each_state_has_its_own_look
    test_moriarty_s_colour_rings_stay_off_the_heading_and_the_names
    test_rings_never_cover_words_on_a_board
    test_rings_never_cover_words_on_the_options_and_settings_screens
    test_strands_spaces_are_ringed_by_hexagons
    test_the_screens_wear_the_boards_looks
test_storage.py
    test_a_writer_killed_mid_write_leaves_the_previous_save_whole
test_style.py
    test_every_public_name_has_a_docstring
test_synch_finish.py
    test_each_seat_s_card_stays_put
test_text_fits.py
    test_each_card_s_learn_button_covers_neither_picture_nor_pitch
    test_each_game_fits_the_named_sizes
    test_play_screens_fit_every_window
    test_settings_records_stats_their_questions_and_still_playing_fit
    test_the_options_screens_fit
    test_the_phones_codes_and_who_has_locked_in_fit
    test_the_review_and_its_small_board_fit
    test_the_rules_and_about_screens_write_no_small_capitals
    test_the_screens_around_a_game_fit
test_tug_dice.py
    test_the_dice_to_re_roll_are_picked_in_any_order
test_tug_of_war.py
    test_eighteen_athletes_per_side_over_random_games
test_turn_loop.py
    test_random_play_keeps_the_rules_of_play
test_two_copies.py
    test_a_second_real_copy_says_quintet_is_already_running
    test_two_processes_counting_at_once_lose_no_count
test_type_roles.py
    test_no_scene_sets_text_at_a_literal_size
test_ui_framework.py
    test_a_whole_game_can_be_typed_at_the_keyboard
test_ui_lessons.py
    test_a_lesson_played_by_clicks_to_its_end_then_the_easy_computer_plays_on
    test_every_step_of_a_lesson_fits_and_shows_its_words_whole
test_undo.py
    test_undo_asks_the_other_player_only_outside_the_asker_s_own_turn
test_words_follow.py
    test_scores_caption_and_turn_change_when_the_animation_ends
    test_the_replay_s_counter_and_log_follow_the_animation
    test_tug_of_war_s_header_changes_after_the_re_roll_lands
""")

# found by the process guard (tests/conftest.py): each starts a process
_table("subprocess", """
test_arena.py
    test_each_game_is_reported_as_it_ends_and_the_run_keeps_its_order
    test_python_m_game_arena_is_the_arena_command
test_can_fail.py
    test_the_command_line_fails_on_a_planted_defect_and_a_clean_file_passes
test_command_line.py
    test_help_lists_every_game_and_level_without_a_banner
    test_no_arguments_mean_what_the_parser_says_and_load_no_argparse
    test_the_app_runs_without_printing_pygames_banner
    test_the_first_frame_needs_no_engine_when_no_game_is_saved
    test_version_prints_the_projects_version
test_disk_faults.py
    test_a_full_disk_is_said_and_the_old_files_stay_whole
    test_read_only_folders_are_said_and_nothing_is_lost
test_display_lost.py
    test_an_error_while_starting_is_written_to_the_log
test_docs.py
    test_every_packaging_tool_the_docs_run_takes_the_options_they_give
test_fit_window.py
    test_a_real_window_on_a_small_display_fits_and_is_named_quintet
test_kill_during_write.py
    test_a_writer_killed_mid_write_leaves_a_whole_version
    test_a_writer_killed_mid_write_through_a_link_keeps_the_link
test_layering.py
    test_every_game_module_imports_with_pygame_unimportable
test_lazy_engine.py
    test_importing_game_and_naming_its_games_loads_no_rules
    test_looking_a_game_up_loads_its_rules_alone
    test_python_m_game_answers_version_without_any_rules
test_log_rotation.py
    test_starting_the_file_log_loads_no_socket_module
test_narrators.py
    test_replays_logs_and_phones_are_told_without_pygame_or_a_board
test_no_display.py
    test_no_display_is_said_on_stderr_with_a_non_zero_status_and_no_lock
test_phones_play.py
    test_quitting_mid_game_tells_the_phones_the_game_has_closed
test_release.py
    test_symbol_versions_are_read_as_readelf_reads_them
test_review.py
    test_a_run_cancelled_returns_at_once
    test_the_benchmark_reports_each_game
test_settings.py
    test_a_bad_command_line_gets_a_clear_message
test_turn_loop.py
    test_the_turn_loop_needs_no_pygame
test_two_copies.py
    test_a_killed_copy_never_leaves_its_lock_behind
test_types.py
    test_the_engine_has_no_type_errors_and_the_app_none_beyond_the_baseline
test_unpacked.py
    test_a_killed_process_leaves_its_folder_to_the_next_sweep
""")

# measured again in the fast suite (over a second and a half under load)
_table("slow", """
test_house_rulings.py
    test_a_bot_behind_never_walks_into_the_repetition
test_plain_words.py
    test_hot_seat_results_name_the_winning_side
test_continue.py
    test_a_finished_game_clears_its_save_and_is_filed
test_bot_choices.py
    test_medium_and_hard_choose_as_recorded
""")
_table("research", """
test_colour_belief.py
    test_a_one_turn_ahead_player_shows_its_colour_within_a_dozen_rounds
""")
