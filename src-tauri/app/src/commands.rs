// The command table: every command the app answers, declared once — its name, its argument
// type (none: the command takes no arguments, and any JSON object is accepted as today) and
// its answer type. Everything else is generated from it:
//
// - `COMMANDS` and the dispatcher behind `App::call` (this crate, `dispatch!` in lib.rs; the
//   dispatcher checks each answer type against the `App` method of the same name);
// - the Tauri shell's `#[tauri::command]` wrappers and its invoke handler (`src-tauri/src`);
// - the app manifest and the window's capability, one `allow-<name>` permission per command
//   and nothing else (`src-tauri/build.rs`, which `include!`s this file: so it holds only the
//   macro, with plain comments, and names no type it would have to resolve).
//
// To add a command: write its line here and an `App` method of the same name taking the
// argument type and answering `Result<answer, AppError>`. Nothing else lists commands.
//
// The table is a macro that hands its rows to the macro named by the caller, which matches
// rows of the form `name(ArgumentType) -> AnswerType;` or `name() -> AnswerType;`.

/// The command table (see `src-tauri/app/src/commands.rs`): `command_table!(then)` expands to
/// `then! { name(Args) -> Answer; ... }`, one row per command.
#[macro_export]
macro_rules! command_table {
    ($then:ident) => {
        $then! {
            app_info() -> AppInfo;
            rule_sets() -> Vec<RulesInfo>;
            rules_at_table(RulesAtTableArgs) -> RulesInfo;
            word_lists() -> Vec<ListInfo>;
            new_match(NewMatchArgs) -> MatchView;
            match_list(MatchListArgs) -> MatchList;
            match_view(MatchViewArgs) -> MatchView;
            reveal_rack(MatchIdArgs) -> MatchView;
            preview(TilesArgs) -> PreviewAnswer;
            play(TilesArgs) -> MatchView;
            exchange(ExchangeArgs) -> MatchView;
            pass(MatchIdArgs) -> MatchView;
            resign(ResignArgs) -> MatchView;
            hint(MatchIdArgs) -> HintAnswer;
            computer_turn(MatchIdArgs) -> MatchView;
            match_detail(MatchIdArgs) -> MatchDetail;
            player_stats(StatsArgs) -> PlayerStats;
            export_gcg(ExportGcgArgs) -> GcgExport;
            match_analysis(MatchIdArgs) -> Analysis;
            analysis_move(AnalysisMoveArgs) -> AnalysisMove;
            analysis_progress(AnalysisProgressArgs) -> Progress;
            check_word(CheckWordArgs) -> CheckWordAnswer;
            define(DefineArgs) -> DefineAnswer;
            get_settings() -> Settings;
            update_settings(SettingsPatch) -> Settings;
            acknowledge_history_notice(AcknowledgeArgs) -> Vec<HistoryNotice>;
            rematch(MatchIdArgs) -> MatchView;
            rules_examples(RulesExamplesArgs) -> RulesExamples;
            rules_evidence(RulesEvidenceArgs) -> RulesEvidence;
            head_start_suggestion(HeadStartSuggestionArgs) -> HeadStartSuggestionAnswer;
            save_gcg(ExportGcgArgs) -> SavedGcg;
            take_back(TakeBackArgs) -> MatchView;
            challenge(ChallengeArgs) -> MatchView;
            let_stand(MatchIdArgs) -> MatchView;
            abandon_match(ConfirmMatchArgs) -> MatchClosed;
            delete_match(ConfirmMatchArgs) -> MatchClosed;
            remember_screen(ScreenArgs) -> ScreenAnswer;
            screen_to_reopen(ClientArgs) -> ScreenAnswer;
            keep_draft(TilesArgs) -> DraftKept;
            export_history() -> SavedHistory;
            import_history() -> ImportAnswer;
            our_words() -> OurWords;
            add_our_word(OurWordArgs) -> OurWords;
            remove_our_word(OurWordRemoveArgs) -> OurWords;
            export_our_words() -> OurWordsFile;
            import_our_words(OurWordsImportArgs) -> OurWords;
            own_lists() -> Vec<OwnListRow>;
            import_own_list(OwnListImportArgs) -> OwnListRow;
            remove_own_list(OwnListIdArgs) -> Vec<OwnListRow>;
        }
    };
}
