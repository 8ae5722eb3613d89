// Generated from the command table (src-tauri/app/src/commands.rs) and the types of its arguments and answers by `WORDCLUB_BLESS=1 cargo test -p wordclub-app --features contract --test contract`. Do not edit: change the Rust types and generate it again.
//
// One function per command: its argument and answer typed by contract.d.ts (`tsc --checkJs`
// checks every call). The only place in ui/js that names a command.
import { call } from './api.js';

/** @returns {Promise<import('./contract').AppInfo>} */
export const app_info = () => call('app_info');

/** @returns {Promise<Array<import('./contract').RulesInfo>>} */
export const rule_sets = () => call('rule_sets');

/**
 * @param {import('./contract').RulesAtTableArgs} args
 * @returns {Promise<import('./contract').RulesInfo>}
 */
export const rules_at_table = (args) => call('rules_at_table', args);

/** @returns {Promise<Array<import('./contract').ListInfo>>} */
export const word_lists = () => call('word_lists');

/**
 * @param {import('./contract').NewMatchArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const new_match = (args) => call('new_match', args);

/**
 * @param {import('./contract').MatchListArgs} args
 * @returns {Promise<import('./contract').MatchList>}
 */
export const match_list = (args) => call('match_list', args);

/**
 * @param {import('./contract').MatchViewArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const match_view = (args) => call('match_view', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const reveal_rack = (args) => call('reveal_rack', args);

/**
 * @param {import('./contract').TilesArgs} args
 * @returns {Promise<import('./contract').PreviewAnswer>}
 */
export const preview = (args) => call('preview', args);

/**
 * @param {import('./contract').TilesArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const play = (args) => call('play', args);

/**
 * @param {import('./contract').ExchangeArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const exchange = (args) => call('exchange', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const pass = (args) => call('pass', args);

/**
 * @param {import('./contract').ResignArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const resign = (args) => call('resign', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').HintShown>}
 */
export const hint = (args) => call('hint', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const computer_turn = (args) => call('computer_turn', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchDetail>}
 */
export const match_detail = (args) => call('match_detail', args);

/**
 * @param {import('./contract').StatsArgs} args
 * @returns {Promise<import('./contract').PlayerStats>}
 */
export const player_stats = (args) => call('player_stats', args);

/**
 * @param {import('./contract').ExportGcgArgs} args
 * @returns {Promise<import('./contract').GcgExport>}
 */
export const export_gcg = (args) => call('export_gcg', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').Analysis>}
 */
export const match_analysis = (args) => call('match_analysis', args);

/**
 * @param {import('./contract').AnalysisMoveArgs} args
 * @returns {Promise<import('./contract').AnalysisMove>}
 */
export const analysis_move = (args) => call('analysis_move', args);

/**
 * @param {import('./contract').AnalysisProgressArgs} args
 * @returns {Promise<import('./contract').Progress>}
 */
export const analysis_progress = (args) => call('analysis_progress', args);

/**
 * @param {import('./contract').CheckWordArgs} args
 * @returns {Promise<import('./contract').CheckWordAnswer>}
 */
export const check_word = (args) => call('check_word', args);

/**
 * @param {import('./contract').DefineArgs} args
 * @returns {Promise<import('./contract').DefineAnswer>}
 */
export const define = (args) => call('define', args);

/** @returns {Promise<import('./contract').Settings>} */
export const get_settings = () => call('get_settings');

/**
 * @param {import('./contract').SettingsPatch} args
 * @returns {Promise<import('./contract').Settings>}
 */
export const update_settings = (args) => call('update_settings', args);

/**
 * @param {import('./contract').AcknowledgeArgs} args
 * @returns {Promise<Array<import('./contract').HistoryNotice>>}
 */
export const acknowledge_history_notice = (args) => call('acknowledge_history_notice', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const rematch = (args) => call('rematch', args);

/**
 * @param {import('./contract').RulesExamplesArgs} args
 * @returns {Promise<import('./contract').RulesExamples>}
 */
export const rules_examples = (args) => call('rules_examples', args);

/**
 * @param {import('./contract').RulesEvidenceArgs} args
 * @returns {Promise<import('./contract').RulesEvidence>}
 */
export const rules_evidence = (args) => call('rules_evidence', args);

/**
 * @param {import('./contract').HeadStartSuggestionArgs} args
 * @returns {Promise<import('./contract').HeadStartSuggestionAnswer>}
 */
export const head_start_suggestion = (args) => call('head_start_suggestion', args);

/**
 * @param {import('./contract').ExportGcgArgs} args
 * @returns {Promise<import('./contract').SavedGcg>}
 */
export const save_gcg = (args) => call('save_gcg', args);

/**
 * @param {import('./contract').TakeBackArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const take_back = (args) => call('take_back', args);

/**
 * @param {import('./contract').ChallengeArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const challenge = (args) => call('challenge', args);

/**
 * @param {import('./contract').MatchIdArgs} args
 * @returns {Promise<import('./contract').MatchView>}
 */
export const let_stand = (args) => call('let_stand', args);

/**
 * @param {import('./contract').ConfirmMatchArgs} args
 * @returns {Promise<import('./contract').MatchClosed>}
 */
export const abandon_match = (args) => call('abandon_match', args);

/**
 * @param {import('./contract').ConfirmMatchArgs} args
 * @returns {Promise<import('./contract').MatchClosed>}
 */
export const delete_match = (args) => call('delete_match', args);

/**
 * @param {import('./contract').ScreenArgs} args
 * @returns {Promise<import('./contract').ScreenAnswer>}
 */
export const remember_screen = (args) => call('remember_screen', args);

/**
 * @param {import('./contract').ClientArgs} args
 * @returns {Promise<import('./contract').ScreenAnswer>}
 */
export const screen_to_reopen = (args) => call('screen_to_reopen', args);

/**
 * @param {import('./contract').TilesArgs} args
 * @returns {Promise<import('./contract').DraftKept>}
 */
export const keep_draft = (args) => call('keep_draft', args);

/** @returns {Promise<import('./contract').SavedHistory>} */
export const export_history = () => call('export_history');

/** @returns {Promise<import('./contract').ImportAnswer>} */
export const import_history = () => call('import_history');

/** @returns {Promise<import('./contract').OurWords>} */
export const our_words = () => call('our_words');

/**
 * @param {import('./contract').OurWordArgs} args
 * @returns {Promise<import('./contract').OurWords>}
 */
export const add_our_word = (args) => call('add_our_word', args);

/**
 * @param {import('./contract').OurWordRemoveArgs} args
 * @returns {Promise<import('./contract').OurWords>}
 */
export const remove_our_word = (args) => call('remove_our_word', args);

/** @returns {Promise<import('./contract').OurWordsFile>} */
export const export_our_words = () => call('export_our_words');

/**
 * @param {import('./contract').OurWordsImportArgs} args
 * @returns {Promise<import('./contract').OurWords>}
 */
export const import_our_words = (args) => call('import_our_words', args);

/** @returns {Promise<Array<import('./contract').OwnListRow>>} */
export const own_lists = () => call('own_lists');

/**
 * @param {import('./contract').OwnListImportArgs} args
 * @returns {Promise<import('./contract').OwnListRow>}
 */
export const import_own_list = (args) => call('import_own_list', args);

/**
 * @param {import('./contract').OwnListIdArgs} args
 * @returns {Promise<Array<import('./contract').OwnListRow>>}
 */
export const remove_own_list = (args) => call('remove_own_list', args);
