// Generated from the command table (src-tauri/app/src/commands.rs) and the types of its arguments and answers by `WORDCLUB_BLESS=1 cargo test -p wordclub-app --features contract --test contract`. Do not edit: change the Rust types and generate it again.

export type AcknowledgeArgs = { 
/**
 * The `moved_to` of the notice read.
 */
moved_to: string, };

export type Analysis = { analyser_version: number, 
/**
 * The rule set and word list the analysis used: the match's own.
 */
rules_id: string, rules_label: string, list: ListRef, list_name: string, 
/**
 * The version of the kept list of offensive words the named moves leave alone
 * ([`wordclub_lexicon::MANNERS_VERSION`]): the best moves, alternatives and best missed
 * moves are only moves a polite computer may make, so an analysis never names an
 * offensive word as what a player should have played. 0 (and left out of the JSON) in an
 * analysis kept before manners were applied, which named any word.
 */
manners_version?: number, players: Array<PlayerAnalysis>, turns: Array<TurnAnalysis>, };

export type AnalysisMove = { turn: number, scored: ScoredMove, 
/**
 * The tiles to draw as the ghost, by 0-based row and column.
 */
ghost: Array<GhostTile>, };

export type AnalysisMoveArgs = { match_id: number, 
/**
 * The turn whose starting position the move is scored on (1-based).
 */
turn: number, 
/**
 * GCG notation (`8H QUIXOTE`, `.` for a tile on the board), e.g. an alternative's.
 */
move: string, };

export type AnalysisProgressArgs = { 
/**
 * Start the background re-analysis if it is not running.
 */
start?: boolean, };

export type AnalysisStatus = { available: boolean, ready: boolean, analyser_version: number, };

export type AppEvent = { "event": "computer_thinking", match_id: number, seat: number, } | { "event": "computer_moved", match_id: number, seat: number, turn: number, } | { "event": "computer_failed", match_id: number, seat: number, kind: string, message: string, } | { "event": "analysis_progress", progress: Progress, } | { "event": "list_graph", list: string, name: string, percent: number, ready: boolean, };

export type AppInfo = { name: string, version: string, commands: Array<string>, 
/**
 * The first of `history_notices`, as a sentence (`null` when there is none).
 */
history_notice: string | null, 
/**
 * Histories found damaged and moved aside, until the player acknowledges each one
 * (`acknowledge_history_notice`).
 */
history_notices: Array<HistoryNotice>, 
/**
 * Why the match history cannot be used now (it was left as it is), or `null`.
 */
history_error: ErrorBody | null, 
/**
 * Settings files found damaged and kept beside themselves (the app started from the
 * defaults), until the player acknowledges each one (`acknowledge_history_notice` with
 * its `moved_to`).
 */
settings_notices: Array<SettingsNotice>, 
/**
 * When the history was last exported from this device ("Export history"), for the
 * start screen.
 */
last_backup: LastBackup, 
/**
 * WordNet's licence notice (the definitions' source), shown on the Settings screen.
 */
definitions_licence: string, limits: Limits, };

export type BestTurn = { turn: number, notation: string, score: number, };

export type BestTurnView = { seat: number, name: string, notation: string, 
/**
 * The main word it formed and where that word starts, as a move's notation writes it
 * (`ZAX`, `6B` across or `B6` down), as the analysis places its moves.
 */
word: string, at: string, score: number, 
/**
 * The turn in words, as every screen says a best turn (`SATAI at E3 for 13`: the end
 * screen, the statistics): [`best_turn_text`].
 */
text: string, 
/**
 * The turn's number in the match.
 */
turn: number, 
/**
 * Its words outside the list, when it stood with them and nobody challenged it (a match
 * with challenges on; the end screen marks them "not in the list, not challenged" as the
 * scoresheet does): `unchallenged`'s words for this turn, empty for most best turns.
 */
unchallenged: Array<string>, };

export type Can = { exchange: boolean, pass: boolean, 
/**
 * The rule set lets a player resign.
 */
resign: boolean, 
/**
 * The viewer may take this match's hint ([`Standing::hint_kind`]) now.
 */
hint: boolean, 
/**
 * Whoever holds the device may ask for the take-back in [`View::take_back`] now.
 */
take_back: boolean, };

export type Candidate = { 
/**
 * GCG: `8H QUIXOTE`, `.` for a tile already on the board, lower case for a blank.
 */
notation: string, 
/**
 * The main word spelled out (`QUIXOTE`).
 */
word: string, 
/**
 * Where it starts and which way: `8H across`, `H8 down`.
 */
place: string, 
/**
 * Every word it forms, main word first, as the engine's scorer scores them.
 */
words: Array<WordPoints>, score: number, bingo: boolean, 
/**
 * The tiles kept on the rack after it.
 */
leave: string, 
/**
 * Hard's valuation of it (see `players::valuation`).
 */
value: number, };

export type ChallengeArgs = { match_id: number, player: number, };

export type ChallengePenalty = "none" | "lose_turn" | "plus5" | "plus10";

export type ChallengeRule = { penalty: ChallengePenalty, };

export type ChallengeView = { mover: number, mover_name: string, words: Array<string>, 
/**
 * The people who may challenge (every other person still in the match; computers
 * answered as soon as the play was made).
 */
challengers: Array<ChallengerView>, 
/**
 * The play ends the match unless a challenge withdraws it: the cover is the last one.
 */
ends_match: boolean, 
/**
 * A computer moves next: the cover asks "Challenge?" first ("No challenge": `let_stand`).
 */
before_computer: boolean, };

export type ChallengerView = { seat: number, name: string, };

export type ChartView = { 
/**
 * `seat-wins`, `endings`, `length`, `heat-map`, `scores` or `margin`.
 */
id: string, title: string, svg: string, caption: string, description: string, };

export type CheckWordAnswer = { word: string, list: string, valid: boolean, message: string, 
/**
 * The word is one of our words now: added, or blocked at our table (new matches with
 * "Use our words" play it so); `null` when it is neither.
 */
ours: OursLabel | null, 
/**
 * Whom the lookup was recorded for as assistance (the person to move, by name): only
 * from the screen of a match with challenges on; `null` everywhere else.
 */
recorded_for: string | null, };

export type CheckWordArgs = { word: string, 
/**
 * A list by name (`wordclub`, `wordclub@2`, `own:Family`); the current `wordclub` when
 * neither it nor a match is named.
 */
list?: string | null, 
/**
 * The match whose list decides, from its screen (its pinned list, with its own words):
 * in a match with challenges on the lookup is recorded as assistance.
 */
match_id?: number | null, };

export type ClientArgs = { client: string, };

export type ConfirmMatchArgs = { match_id: number, 
/**
 * Must be `true`: the UI asked the player first, naming the match.
 */
confirm?: boolean, };

export type DealArgs = { 
/**
 * Each seat's starting rack, `?` for a blank.
 */
racks?: Array<string> | null, 
/**
 * The first tiles drawn after the deal, in order.
 */
draw_order?: string, };

export type DefineAnswer = { definitions: Array<Definition>, 
/**
 * Where the meanings come from, for the popover's foot.
 */
source: string, };

export type DefineArgs = { words: Array<string>, 
/**
 * The match whose list decides (its pinned version).
 */
match_id?: number | null, 
/**
 * A list by name (`wordclub`, `wordclub@2`), when no match is named.
 */
list?: string | null, };

export type Definition = { 
/**
 * The word asked about, upper case.
 */
word: string, in_list: boolean, status: DefinitionStatus, 
/**
 * The list that decided (its id, name and version).
 */
list_id: string, list_name: string, list_version: string, meanings: Array<Meaning>, 
/**
 * One sentence a person reads: why the word is valid or not, and where the meaning is from.
 */
note: string, 
/**
 * The manners version the labels were applied with (`None`: every gloss shown).
 */
manners_version: number | null, 
/**
 * When the word is one of "our words" in the list that decided (a match's list with the
 * family's additions and blocks): added or blocked, with the family's own note.
 */
ours: OursLabel | null, };

export type DefinitionSource = "wordnet-3.0" | "wordclub-twos-1" | "wordclub-common-1";

export type DefinitionStatus = "defined" | "no_definition" | "not_in_list";

export type Direction = "across" | "down";

export type DraftKept = { tiles: number, };

export type EndInfo = { 
/**
 * The bag is empty and a player uses their last tile.
 */
going_out: boolean, 
/**
 * Every active player passes or exchanges this many times in a row.
 */
scoreless_turns_in_a_row: number | null, resign: boolean, turn_limit: TurnLimit | null, 
/**
 * Tiles left at the end count against scores (going out: the others' go to the one who
 * went out; passes: each loses their own). Named without "rack": a rack field in a view
 * is always a player's tiles.
 */
deduct_tiles_left: boolean, };

export type EndReason = "went_out" | "scoreless_turns" | "resigned" | "turn_limit";

export type ErrorBody = { kind: string, message: string, details: JsonValue | null, };

export type EvidenceTableView = { 
/**
 * The evidence file it comes from (`wordclub-1.2.hard-hard.json`).
 */
file: string, 
/**
 * `2 players: hard, hard`.
 */
heading: string, 
/**
 * Players of different levels (the skill signal), as opposed to one level in every seat.
 */
mixed: boolean, 
/**
 * The computer level in each seat of the first match (the seating rotates match by match).
 */
players: Array<string>, games: number, 
/**
 * The simulated matches' seeds: match `i` played `lab_seed + i` (named apart from a
 * match's own `seed`, which no answer holds while the match is played).
 */
lab_seed: number, list: string, 
/**
 * The command that made the file (run it to regenerate it and compare).
 */
command: string, 
/**
 * Each seat's share of the wins (seat 1 moves first), with its 95% and 99.5% intervals.
 */
seats: Array<SeatShare>, 
/**
 * A fair share: 1 / players.
 */
fair_share: number, 
/**
 * Each player's share of the wins, in `players`' order (on a mixed table: the skill
 * signal, for example Hard against Medium).
 */
per_player: Array<PlayerShare>, moves_per_player: number, 
/**
 * Shares of matches: ended by going out; ended with the board jammed, tiles in the bag.
 */
went_out: number, board_jams: number, charts: Array<ChartView>, };

export type Example = { steps: Array<ExampleStep>, 
/**
 * The sum of the steps' scores.
 */
total: number, };

export type ExampleStep = { 
/**
 * GCG notation (`5D CAT`, `.` for a tile already on the board).
 */
notation: string, words: Array<WordScore>, bingo: number, score: number, 
/**
 * The squares this move covered.
 */
placed: Array<Pos>, 
/**
 * Rows of squares after the move; `null` for an empty one.
 */
board: Array<Array<TileView | null>>, };

export type ExchangeArgs = { match_id: number, 
/**
 * The rack tiles to return, one letter each (`?` for a blank).
 */
tiles: Array<string>, };

export type ExchangeBlocked = { bag: number, 
/**
 * The fewest tiles the bag must hold ([`crate::ExchangePolicy::Chosen`]'s `min_bag`).
 */
min_bag: number, 
/**
 * The bag held too few already when the tiles were dealt (Word Club 1.0 with four
 * players: 32 − 28 = 4): no exchange is possible at any point of this match.
 */
never: boolean, };

export type ExchangeChoice = { 
/**
 * Tiles to return.
 */
tiles: string, 
/**
 * Tiles kept.
 */
keep: string, 
/**
 * The kept tiles' leave value.
 */
value: number, };

export type ExportGcgArgs = { match_id: number, 
/**
 * Needed for an unfinished match: its record shows every player's rack so far.
 */
reveal_racks?: boolean, 
/**
 * Add the post-game analysis as `#note` lines (finished matches only).
 */
analysis?: boolean, };

export type Failed = { match_id: number, kind: string, message: string, };

export type FirstPlayer = { "seat": number } | "random";

export type FixedDeal = "seed" | "deal";

export type GcgExport = { id: number, gcg: string, 
/**
 * The match is unfinished (exported with `reveal_racks: true`; marked `#incomplete`).
 */
incomplete: boolean, 
/**
 * The record carries the post-game analysis as `#note` lines (only said when it does).
 */
analysis: boolean, };

export type GhostTile = { row: number, col: number, letter: string, blank: boolean, };

export type HeadStartSuggestion = { weaker: string, stronger: string, 
/**
 * The seats (of the table as asked) of the weaker level: those the button gives it to.
 */
seats: Array<number>, 
/**
 * What the form fills in: the measured figure, at most `app_info.limits.max_head_start`.
 */
points: number, 
/**
 * The lab's figure as measured (the median deficit), never clipped.
 */
measured: number, 
/**
 * Its 95% interval, the matches per table and their seed (`lab head-start --seed`).
 */
low: number, high: number, games: number, lab_seed: number, 
/**
 * "Suggested head start for Easy against Hard: +62 (the rules lab's median, 95% 55 to
 * 70 over 400 matches)."
 */
text: string, 
/**
 * The button's words: "Give Easy +62".
 */
button: string, };

export type HeadStartSuggestionAnswer = { suggestion: HeadStartSuggestion | null, };

export type HeadStartSuggestionArgs = { rules: string, 
/**
 * Each seat of the table as the form has it: a computer level, or null for a person.
 */
seats: Array<string | null>, };

export type HintKind = "words_from_rack" | "suggest_move";

export type HintRecord = { kind: HintKind, 
/**
 * What it showed; `None` where that is kept from the viewer ([`Turn::without_shown`])
 * or was never recorded (an early `wordclub-cli play` stored `null`). Left out of the
 * JSON when `None`.
 */
shown?: HintShown | null, };

export type HintShown = { "kind": "words", words: Array<string>, groups: Array<WordGroup>, } | { "kind": "move", notation: string, score: number, tiles: Array<HintTile>, } | { "kind": "no_move" } | { "kind": "unrecognised", raw: string, };

export type HintTile = { row: number, col: number, letter: string, blank: boolean, };

export type HintWord = { word: string, 
/**
 * Its face value (a blank scores 0); absent in records of builds that did not score
 * the words.
 */
score?: number | null, };

export type HistoryNotice = { original: string, moved_to: string, reason: string, message: string, };

export type ImportAnswer = { report: ImportReport | null, message: string, };

export type ImportReport = { 
/**
 * Matches in the file.
 */
in_file: number, 
/**
 * New here: added.
 */
added: number, 
/**
 * Here already, the file holding a longer version: its further moves added.
 */
extended: number, 
/**
 * Here already with the same moves or more: nothing changed.
 */
unchanged: number, 
/**
 * Here already, but played differently on the other device: the file's kept beside it
 * as a second match, named "`<players> (from another device)`".
 */
kept_as_second: number, 
/**
 * The ids the added, extended and second matches have in this history.
 */
changed_ids: Array<number>, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

export type LastBackup = { 
/**
 * Unix milliseconds, UTC; `null` when it never was.
 */
at: number | null, };

export type LastMove = { seat: number, name: string, 
/**
 * `play`, `exchange`, `pass` or `resign`.
 */
action: string, notation: string | null, words: Array<string>, score: number, 
/**
 * Tiles exchanged (exchange only): the engine's `Turn::exchanged`.
 */
count: number, 
/**
 * The squares the play covered, along its line (play only).
 */
squares: Array<Pos>, 
/**
 * The line the play runs along, `across` or `down` (a one-tile play: across when its
 * across word has 2+ letters), `null` for other turns.
 */
direction: Direction | null, };

export type LetterScore = { square: string, letter: string, blank: boolean, 
/**
 * The tile's face value (0 for a blank).
 */
value: number, 
/**
 * 2 or 3 on a letter premium covered this turn, else 1.
 */
letter_multiplier: number, 
/**
 * Placed this turn (only these use premiums).
 */
placed: boolean, };

export type Limits = { 
/**
 * The most players at one table (each rule set has its own range within it).
 */
max_players: number, 
/**
 * The longest player name, in characters.
 */
max_name_chars: number, 
/**
 * The largest head start a seat may be given on the new-match form (`new_match`'s
 * `players[].head_start`).
 */
max_head_start: number, 
/**
 * The levels a computer seat may have, weakest first.
 */
computer_levels: Array<string>, 
/**
 * The colours a seat may have (each with its mark), in the order seats get them by
 * default.
 */
seat_colours: Array<SeatColour>, };

export type ListBrief = { id: string, name: string, sha256: string, };

export type ListInfo = { id: string, name: string, version: string, word_count: number, 
/**
 * SHA-256 of the list's text file, lower-case hex.
 */
sha256: string, 
/**
 * Whether this is the version of its id that new matches get (always true for a custom
 * list); an older version stays shipped for the matches pinned to it.
 */
current: boolean, };

export type ListRef = { id: string, sha256: string, };

export type MatchClosed = { match_id: number, 
/**
 * `abandoned` (kept in the history, marked) or `deleted` (gone).
 */
outcome: string, };

export type MatchDetail = { summary: MatchSummary, 
/**
 * The match's own rule set (stored with it), not today's built-in of the same id.
 */
rules: RulesInfo, premiums: Array<Array<string | null>>, letter_values: { [key in string]: number }, 
/**
 * Each seat's colour and mark, as the match view serves them (`PlayerBrief::colour`).
 */
colours: Array<SeatColour>, 
/**
 * Each seat's head start, chosen on the new-match form (0 for none, and for every match
 * recorded before head starts): the detail's Head start row, apart from the rule set's
 * start points.
 */
head_starts: Array<number>, 
/**
 * Each seat's total before its first move (the rule set's start points and the head
 * start): where the replay's chart begins.
 */
start_totals: Array<number>, 
/**
 * The store's turns; while the match is unfinished each hint's `shown` is left out
 * ([`wordclub_engine::Turn::without_shown`]: words from a rack tell what is still on it).
 */
turns: Array<TurnDetail>, 
/**
 * The board after each turn.
 */
boards: Array<TurnBoard>, 
/**
 * The board's rows now.
 */
board: Array<string>, result: MatchResult | null, 
/**
 * Once the match is over: the plays that stood with words outside the list, nobody
 * having challenged them (matches with challenges on).
 */
unchallenged: Array<UnchallengedTurn>, analysis: AnalysisStatus, };

export type MatchIdArgs = { match_id: number, };

export type MatchList = { page: number, pages: number, total: number, matches: Array<MatchSummary>, };

export type MatchListArgs = { 
/**
 * `in_progress`, `finished` or `abandoned`; any when absent.
 */
status?: string | null, 
/**
 * Only matches with a player of this name (ignoring case).
 */
player?: string | null, 
/**
 * Only matches of this rule set id.
 */
rules?: string | null, 
/**
 * `true`: only matches where someone took a hint or a move back; `false`: only
 * unassisted ones.
 */
assisted?: boolean | null, 
/**
 * 1-based; the first page when absent.
 */
page?: number | null, };

export type MatchResult = { reason: EndReason, 
/**
 * The seat that went out (reason `went_out`).
 */
went_out: number | null, scores_before_adjustment: Array<number>, 
/**
 * Per seat: + the others' rack values for going out, − own rack value otherwise.
 */
adjustments: Array<number>, final_scores: Array<number>, 
/**
 * Equal highest scores share the win; a resigned player never wins.
 */
winners: Array<number>, resigned: Array<boolean>, best_turns: Array<BestTurn | null>, 
/**
 * Hints taken per seat.
 */
hints: Array<number>, turns: number, };

export type MatchSummary = { id: number, 
/**
 * Milliseconds since the Unix epoch.
 */
created_at: number, updated_at: number, finished_at: number | null, status: Status, rules: string, 
/**
 * The rule set's full label, version and all ("Word Club 1.3 (candidate, …)").
 */
rules_label: string, 
/**
 * Its plain name as a family knows it ("Family table", the guide's): what the history,
 * the "Continue" entries and the detail's heading show.
 */
rules_name: string, list: string, 
/**
 * The list's display name (its id when the list is no longer shipped).
 */
list_name: string, turns: number, hints: number, 
/**
 * Moves taken back (assistance, like hints); left out when none, so the answers about
 * matches with no take-back stay as they were.
 */
take_backs?: number, 
/**
 * Words looked up from the match screen (assistance, like hints: a match with
 * challenges on); left out when none, so the answers about other matches stay as they
 * were.
 */
looked_up?: number, 
/**
 * The match was played with "our words" (the family's additions and blocks it pinned
 * when it started); left out when not, so the answers about other matches stay as they
 * were.
 */
our_words?: boolean, end_reason: string | null, players: Array<SummaryPlayer>, winners: Array<number>, 
/**
 * `seed` or `deal` when the caller fixed the deal (a test), `null` for the app's shuffle.
 */
fixed_deal: FixedDeal | null, 
/**
 * The name an import gave a match kept beside another version of it ("Ann and Ben (from
 * another device)"); left out for every other match, so their answers stay as they were.
 */
label?: string, };

export type MatchView = { id: number, rules: RulesInfo, list: ListBrief, 
/**
 * Rows of squares; `null` for an empty square.
 */
board: Array<Array<TileView | null>>, 
/**
 * Rows of premium labels (`2L`, `3L`, `2W`, `3W`) or `null`.
 */
premiums: Array<Array<string | null>>, letter_values: { [key in string]: number }, players: Array<PlayerBrief>, bag: number, 
/**
 * Turns played so far (plays, exchanges and passes).
 */
turn: number, turn_limit: number | null, last_move: LastMove | null, 
/**
 * The scoresheet: every turn so far, in the order played, taken-back turns included
 * (`taken_back`, struck through). Sent whole with every view rather than
 * as changes: a classic match against Hard measured 19 KB of view JSON at 10 turns and
 * 38 KB at its end (24 turns), `match_view` answering in under 3 ms over `serve` (debug
 * build), so the UI keeps no copy to keep in step.
 */
turns: Array<TurnRow>, 
/**
 * The take-back open now, when one is (`can.take_back`): who may take their move back
 * and how many turns go with it (their move and the computers' replies after it).
 */
take_back: TakeBackView | null, 
/**
 * The challenge open now, when one is and a person may make it.
 */
challenge: ChallengeView | null, 
/**
 * Once the match is over (empty before): the plays that stood with words outside the
 * list, nobody having challenged them ("not in the list, not challenged").
 */
unchallenged: Array<UnchallengedTurn>, over: boolean, 
/**
 * The rack of the player to move: present only once they revealed it.
 */
rack: Array<TileView> | null, 
/**
 * Unseen tiles from the revealed player's side (the bag and other racks together), or
 * from nobody's side while covered. Only with the tile tracker on: absent when it is off.
 */
unseen: { [key in string]: number } | null, 
/**
 * Of `unseen`, the tiles that left play with resigned players (never drawn again), with
 * `unseen` only.
 */
unseen_left_play: number | null, 
/**
 * The draft the player to move had staged before a reload (`keep_draft`): only with
 * their rack shown, in the same turn.
 */
draft: Array<HintTile> | null, 
/**
 * The cover is up only because the match was (re)opened on this screen, at a table with
 * one person: the screen says `"<name>'s turn"`, not `"Pass to <name>"`.
 */
reopened: boolean, 
/**
 * What the cover says when it has no turn to recap (`recap_start` is the end of
 * `turns`): the match's first move, or a solo round going on (nobody else moves, so
 * nothing happened since its player's last turn). `null` while there is a turn to
 * recap, or nobody to move.
 */
recap_note: string | null, result: ResultView | null, 
/**
 * The seat to move; `None` once the match is over.
 */
to_move: number | null, 
/**
 * Under a turn limit: turns left (for the player to move when the limit is per player).
 */
turns_left: number | null, 
/**
 * For the player to move, the first turn since they last played (1 on their first
 * turn): the cover recaps the turns from there.
 */
recap_from: number | null, 
/**
 * For the player to move, the index in `turns` of the first row since their last turn
 * that stands (0 on their first turn): the cover recaps `turns` from there, taken-back
 * turns included.
 */
recap_start: number | null, 
/**
 * The match's "Allow take-backs" option.
 */
take_backs_allowed: boolean, 
/**
 * The match's challenge rule ([`crate::MatchOptions::challenges`]); `None`: words are
 * checked as they are played.
 */
challenges: ChallengeRule | null, 
/**
 * The match's "Allow hints" option (hint commands are refused when off).
 */
hints_allowed: boolean, 
/**
 * The hint this match gives ([`Match::hint_kind`]): what the hint control is named for
 * (`words_from_rack` "Hint", `suggest_move` "Suggest a move"); `None` when there is none.
 * The player to move may take it when `can.hint`.
 */
hint_kind: HintKind | null, 
/**
 * The match is going on and the viewer is not the player to move with their rack shown:
 * the handoff cover is up.
 */
covered: boolean, 
/**
 * What the viewer may do now: nothing unless they are the player to move with their
 * rack shown.
 */
can: Can, 
/**
 * The most tiles the player to move may exchange now ([`Match::exchange_range`]; 0 when
 * they may not).
 */
exchange_max: number, 
/**
 * Why the player to move may not exchange now (chosen exchanges only), `None` when they
 * may or the rule set has no such exchange ([`Match::exchange_blocked`]): for the
 * screen to say so.
 */
exchange_blocked: ExchangeBlocked | null, 
/**
 * Per seat, the scoring plays made: placements (an exchange or a pass is not one), the
 * Word Tiles round's "scoring plays".
 */
scoring_plays: Array<number>, 
/**
 * The seat that wins the match if the player to move resigns now
 * ([`Match::resign_winner`]): the one other player still in. `None` when the others
 * play on, when nobody else is in (a solo round) and once the match is over. What the
 * Resign question says.
 */
resign_winner: number | null, };

export type MatchViewArgs = { match_id: number, 
/**
 * Set when the match is being (re)opened on screen (start-up, "Continue"): the cover
 * goes back up, since the person at the screen may not be the one who revealed.
 */
cover?: boolean, };

export type Meaning = { 
/**
 * The word defined (upper case): the word itself, or its lemma for an inflection.
 */
lemma: string, 
/**
 * How the word is formed from `lemma` (`None`: it is the lemma itself).
 */
form: WordForm | null, pos: PartOfSpeech, 
/**
 * The senses shown (at most [`MAX_SENSES`] in all the meanings of a word), commonest first.
 */
senses: Array<Sense>, 
/**
 * How many senses the source has for this lemma and part of speech (after dropping names
 * and abbreviations); `senses` may show fewer.
 */
sense_count: number, source: DefinitionSource, };

export type MissedMove = { turn: number, best: Candidate, 
/**
 * What was played instead (`8H CAT`, `exchange`, `pass`).
 */
played: string, played_score: number, points_missed: number, };

export type NewMatchArgs = { rules: string, 
/**
 * A word list id; the rule set's default when absent.
 */
list?: string | null, players: Array<SeatArgs>, 
/**
 * Fixes the shuffle (tests, replays of a scenario); random when absent. Refused unless
 * the app allows fixed deals (never the window).
 */
seed?: number | null, 
/**
 * Fixes the starting racks and the first draws (reproducible scenarios, tests); refused
 * like `seed`.
 */
deal?: DealArgs | null, 
/**
 * "Allow hints" (on when absent): off, the engine refuses hints for this match.
 */
allow_hints?: boolean | null, 
/**
 * "Allow take-backs" (off when absent): on, the player who just moved may take the move
 * back until the next player shows their rack.
 */
allow_take_backs?: boolean | null, 
/**
 * "Challenges" (off when absent): on, a person's play is accepted whatever its words and
 * any other person may challenge it before the next player shows their rack; the value
 * is what a failed challenge costs (`none`, `lose_turn`, `plus5`, `plus10`).
 */
challenges?: ChallengePenalty | null, 
/**
 * Who plays first: a seat of `players` (0-based), or `"random"`; the first seat when
 * absent. The players are recorded in playing order, so the one who starts is seat 0
 * of the match and the others follow round the table as given.
 */
first?: FirstPlayer | null, 
/**
 * "Use our words": the match pins the family's additions and blocks as they are now
 * (`our_words`). Absent: on once the family has any, off while there are none.
 */
use_our_words?: boolean | null, };

export type OnScreen = { client: string, match_id: number | null, };

export type OurWord = { 
/**
 * Upper case A–Z.
 */
word: string, note?: string | null, };

export type OurWordArgs = { word: string, blocked: boolean, note?: string | null, };

export type OurWordRemoveArgs = { word: string, };

export type OurWords = { added: Array<OurWord>, blocked: Array<OurWord>, 
/**
 * What a new match would pin ("Use our words"); `null` while the list is empty.
 */
sha256: string | null, 
/**
 * The longest word the boards take (a longer one is refused).
 */
max_len: number, };

export type OurWordsFile = { text: string, file_name: string, };

export type OurWordsImportArgs = { text: string, };

export type OursLabel = { added: boolean, note: string | null, };

export type OwnListIdArgs = { id: string, };

export type OwnListImportArgs = { name: string, text: string, };

export type OwnListRow = { id: string, name: string, sha256: string, word_count: number, imported_at: number, 
/**
 * The saved matches played on it (removal is refused while there is one).
 */
used_by: Array<number>, };

export type PartOfSpeech = "noun" | "verb" | "adjective" | "adverb" | "interjection" | "pronoun" | "preposition" | "conjunction" | "determiner";

export type PassPolicy = "always" | "only_when_bag_empty";

export type Placement = { square: string, tile: string, };

export type PlayedMove = { "kind": "place", notation: string, word: string, score: number, leave: string, value: number, bingo: boolean, } | { "kind": "exchange", tiles: string, keep: string, value: number, } | { "kind": "pass" };

export type PlayerAnalysis = { seat: number, name: string, turns: number, points_missed: number, 
/**
 * Mean rank of the placements played (None without any).
 */
average_rank: number | null, 
/**
 * Placements that scored the best available.
 */
best_played: number, best_missed: MissedMove | null, 
/**
 * Where the rule set pays a bingo: turns with one available, and bingos played.
 */
bingos_available: number | null, bingos_found: number | null, hints: number, };

export type PlayerBrief = { seat: number, name: string, 
/**
 * The seat's colour and mark, drawn wherever the player is named: the one recorded in
 * the match's start, or (a match recorded before colours) the seat's default.
 */
colour: SeatColour, 
/**
 * The computer level, `null` for a person.
 */
computer: string | null, score: number, 
/**
 * The points this seat started with (the engine's `PlayerView::start_points`): the
 * scoresheet's Start row, drawn when any seat's is not 0.
 */
start_points: number, 
/**
 * The head start the players gave this seat (the engine's `PlayerView::head_start`): its
 * own row on the scoresheet and column on the end screen, and the cover's "Mia starts
 * +60"; 0 for none.
 */
head_start: number, 
/**
 * The seat's total before its first move: `start_points` and `head_start` together,
 * where the score chart's line begins.
 */
start_total: number, rack_count: number, resigned: boolean, hints: number, 
/**
 * Moves this player took back (assistance, like a hint).
 */
take_backs: number, };

export type PlayerRangeInfo = { min: number, max: number, };

export type PlayerRecord = { name: string, kind: SeatKind, 
/**
 * Every match they sat in, whatever its status.
 */
matches: number, finished: number, wins: number, 
/**
 * Over finished matches.
 */
average_score: number | null, best_score: number | null, 
/**
 * Over finished matches: the highest-scoring move, of equal scores the earliest (the
 * match started first, then within it the engine's best turn, the earliest turn).
 */
best_move: string | null, best_move_score: number | null, 
/**
 * The best move in words (`SATAI at E3 for 13`), as the end screen says a best turn:
 * filled by the app from the match itself; the store leaves it `None`.
 */
best_turn: string | null, 
/**
 * Of that move's words, those outside the list that stood unchallenged (a match with
 * challenges on), which the statistics mark "not in the list, not challenged": filled
 * by the app with `best_turn`; the store leaves it empty.
 */
best_turn_unchallenged: Array<string>, hints_taken: number, 
/**
 * Over finished matches: how many the player started with a head start (chosen on the
 * new-match form, apart from the rule set's start points), and those head starts'
 * points in all. The average and best scores count them, as the match's scores do;
 * the statistics show them on a line of their own.
 */
head_start_matches: number, head_start_points: number, };

export type PlayerShare = { player: string, win: number, ci95: [number, number], };

export type PlayerStats = { rules: string | null, players: Array<PlayerRecord>, };

export type Pos = { row: number, col: number, };

export type PremiumGroup = { premium: string, squares: Array<string>, };

export type PreviewAnswer = { legal: boolean, score: number, bingo: number, notation: string | null, words: Array<WordScore>, error: ErrorBody | null, };

export type Progress = { analyser_version: number, 
/**
 * False for a history kept in memory: its matches are analysed when asked for.
 */
background: boolean, running: boolean, 
/**
 * Matches analysed so far in this run, of `total` that needed it at its start.
 */
done: number, total: number, 
/**
 * Finished matches still without an analysis of this version.
 */
missing: number, failed: Array<Failed>, };

export type ResignArgs = { match_id: number, 
/**
 * Must be `true`: the UI asked the player first.
 */
confirm?: boolean, };

export type ResultPlayer = { seat: number, name: string, 
/**
 * Final score (after the adjustment).
 */
score: number, 
/**
 * The score before the end-of-match adjustment (the engine's
 * `MatchResult::scores_before_adjustment`): the end screen's Score column.
 */
score_before_adjustment: number, adjustment: number, resigned: boolean, hints: number, 
/**
 * Moves this player took back.
 */
take_backs: number, };

export type ResultView = { 
/**
 * `went_out`, `scoreless_turns`, `resigned` or `turn_limit`.
 */
reason: EndReason, 
/**
 * The seat that used its last tile with the bag empty (reason `went_out`), else `null`.
 */
went_out: number | null, players: Array<ResultPlayer>, winners: Array<number>, best_turn: BestTurnView | null, 
/**
 * Per seat, the running total after each turn of the match, then the final score
 * (after the end adjustments), so each line ends where the match did.
 */
progression: Array<Array<number>>, };

export type RulesAtTableArgs = { rules: string, players: number, };

export type RulesEvidence = { rules: string, shipped: boolean, 
/**
 * One sentence: where the evidence comes from, or that there is none.
 */
note: string, 
/**
 * The tables measured: one computer level in every seat first, by table size, then the
 * mixed tables (the skill signal).
 */
tables: Array<EvidenceTableView>, };

export type RulesEvidenceArgs = { rules: string, };

export type RulesExamples = { rules: string, 
/**
 * The word list the words are checked in (the rule set's default).
 */
list: string, premiums: Array<Array<string | null>>, examples: Array<Example>, };

export type RulesExamplesArgs = { rules: string, };

export type RulesGuide = { 
/**
 * The plain name the new-match menu shows ("Quick game"): no version, no "candidate".
 */
name: string, 
/**
 * One line on what it is good for.
 */
summary: string, 
/**
 * The table sizes (number of players) this rule set is the app's recommendation for;
 * each size 1–4 has exactly one recommended rule set.
 */
recommended_for: Array<number>, 
/**
 * Why the rule set is as it is, in plain words (the Rules screen, instead of the lab's
 * evidence text); `null` for one that needs no reason.
 */
why: string | null, 
/**
 * Why some seats start with points, said beside the scores and on the first cover
 * whenever a seat's start points are not 0; `null` when the rule set never gives any.
 */
start_points: string | null, 
/**
 * What is unusual at this table size (a rule set made flat for one: a match's own, or a
 * `rules_at_table` answer), such as 1.3's racks of five at four; `null` otherwise.
 */
table_note: string | null, 
/**
 * What the tile tracker's "unseen tiles" are, in this rule set.
 */
unseen: string, };

export type RulesInfo = { id: string, label: string, candidate: boolean, 
/**
 * A round for one player (no opponent, no winner).
 */
solo: boolean, board_size: number, star: Pos, rack_size: number, players: PlayerRangeInfo, computer_seats: boolean, 
/**
 * `chosen` (pick 1..max tiles), `solo` (replace the rack), `none`.
 */
exchange: string, hints: Array<HintKind>, default_list: string, 
/**
 * A candidate's evidence (where it comes from, what the rules lab measured), if any.
 */
evidence: string | null, bingo_bonus: number, 
/**
 * Premium squares by kind (`3W`, `2W`, `3L`, `2L`, in that order; kinds without squares
 * left out), each with its squares named as on the board (`C3`).
 */
premiums: Array<PremiumGroup>, 
/**
 * The star's own premium (`2W` on solo-10 and classic), `null` when it is plain.
 */
star_premium: string | null, 
/**
 * The bag: every kind of tile it holds (A–Z, then `?` for the blank) with its value.
 */
tiles: Array<TileInfo>, bag_size: number, blanks: number, 
/**
 * `chosen` exchanges: the fewest tiles the bag must hold, and the most tiles at once.
 */
exchange_min_bag: number | null, exchange_max_tiles: number | null, 
/**
 * `always`, or `only_when_bag_empty` (solo).
 */
pass: PassPolicy, 
/**
 * How a match ends and what happens to the tiles left then.
 */
end: EndInfo, 
/**
 * The points each seat starts with, in playing order, one per seat up to the most this
 * rule set seats (all 0 for most rule sets): the scoresheet's Start row.
 */
start_points: Array<number>, 
/**
 * The table size this rule set was made flat for (`RuleSet::at_table`): a match's own
 * rule set, or a `rules_at_table` answer, of a rule set that changes with the table;
 * `null` otherwise.
 */
table: number | null, 
/**
 * What the rule set is at each table size it seats, when something changes with the
 * number of players (`by_table`); empty when nothing does.
 */
tables: Array<TableInfo>, 
/**
 * The app's words about this rule set (`guide.rs`: its plain name, what it is good for,
 * the table sizes it is recommended for, what is unusual and why): not the rule set's.
 */
guide: RulesGuide, };

export type SavedGcg = { id: number, path: string | null, message: string, };

export type SavedHistory = { path: string | null, matches: number, message: string, };

export type ScoredMove = { 
/**
 * GCG form: `8H CAT` (across), `H8 CAT` (down), `.` for a letter already on the board,
 * lower case for a blank.
 */
notation: string, direction: Direction, 
/**
 * The tiles placed, sorted along the line.
 */
tiles: Array<Placement>, words: Array<WordScore>, 
/**
 * The bingo bonus earned (0 when none).
 */
bingo: number, 
/**
 * Sum of the words' scores plus the bingo bonus.
 */
score: number, };

export type ScreenAnswer = { match_id: number | null, };

export type ScreenArgs = { 
/**
 * Who is asking: `window` in the app window, a browser's own id over `serve`.
 */
client: string, 
/**
 * The match now on that client's screen; absent or `null` for any other screen.
 */
match_id?: number | null, };

export type SeatArgs = { name: string, 
/**
 * `easy`, `medium` or `hard` for a computer seat; absent or null for a person.
 */
computer?: string | null, 
/**
 * The seat's colour (`app_info.limits.seat_colours`); absent or null: the first one
 * no other seat took, in their order.
 */
colour?: string | null, 
/**
 * The seat's head start, 0 to `app_info.limits.max_head_start` points on top of the rule
 * set's own start points; absent or null: none. Out of range: `bad_head_start`.
 */
head_start?: number | null, };

export type SeatColour = { id: string, 
/**
 * The colour's name, said to screen readers and on the form ("Blue").
 */
name: string, 
/**
 * One character, a different shape per colour.
 */
mark: string, };

export type SeatKind = "human" | "computer";

export type SeatShare = { seat: number, win: number, ci95: [number, number], ci995: [number, number], };

export type Sense = { 
/**
 * The definition (WordNet's gloss without its examples); `None` when withheld.
 */
gloss: string | null, 
/**
 * The usage label, when WordNet gives one (shown whether or not the gloss is).
 */
label: SenseLabel | null, };

export type SenseLabel = "ethnic_slur" | "disparaging" | "vulgar" | "offensive_word";

export type Settings = { 
/**
 * The names entered on the new-match form, in seat order.
 */
player_names: Array<string>, 
/**
 * Beside each of those names, the computer level that seat was given (`None`: a person),
 * so the form sets the same table up again: a solo player meets their computer seat
 * where they left it. As long as `player_names`.
 */
player_levels: Array<string | null>, 
/**
 * Beside each name, the colour that seat was given (`None`: the seat's default), so the
 * table's next match has the same colours. As long as `player_names`.
 */
player_colours: Array<string | null>, 
/**
 * The rule set the new-match form opens on: the one last started, or one chosen in
 * Settings. `None` on a new install until then: the form opens on the rule set the app
 * recommends for the table's size (`guide.rs`), following it as seats are added. An
 * install that kept a default (every earlier build wrote one) keeps it.
 */
default_rules: string | null, theme: Theme, sound: boolean, tile_tracker: boolean, 
/**
 * Computer players never play, and hints never offer, a kept offensive word (the words
 * stay valid for people).
 */
polite_computer: boolean, 
/**
 * The match on each client's screen (`resume.rs`): the window is one client, each
 * browser over `serve` another. Most recent first, at most `ON_SCREEN_CLIENTS`.
 */
on_screen: Array<OnScreen>, };

export type SettingsNotice = { original: string, moved_to: string, reason: string, message: string, };

export type SettingsPatch = { 
/**
 * New names without new levels: every seat a person.
 */
player_names?: Array<string> | null, 
/**
 * One per name (the patch's names, else the kept ones).
 */
player_levels?: Array<string | null> | null, 
/**
 * One per name, like `player_levels`; new names without new colours: every seat its
 * default.
 */
player_colours?: Array<string | null> | null, default_rules?: string | null, theme?: Theme | null, sound?: boolean | null, tile_tracker?: boolean | null, polite_computer?: boolean | null, };

export type StatsArgs = { 
/**
 * A rule set id; every match when absent.
 */
rules?: string | null, };

export type Status = "in_progress" | "finished" | "abandoned";

export type SummaryPlayer = { seat: number, name: string, computer: string | null, score: number, adjustment: number | null, winner: boolean, resigned: boolean, hints: number, };

export type TableInfo = { players: number, board_size: number, star: Pos, rack_size: number, bag_size: number, blanks: number, bingo_bonus: number, 
/**
 * One per seat at this table, in playing order.
 */
start_points: Array<number>, 
/**
 * The fields that differ at this table size from the rule set's own (`board_size`,
 * `star`, `premiums`, `tiles`, `rack_size`, `bingo_bonus`, `exchange`, `leave`,
 * `start_points`).
 */
changes: Array<string>, };

export type TakeBackArgs = { match_id: number, 
/**
 * The seat asking: it must be the player who just moved (the view's `take_back.seat`).
 */
player: number, };

export type TakeBackView = { seat: number, name: string, turns: number, };

export type Theme = "light" | "dark" | "system";

export type TileArg = { row: number, col: number, letter: string, blank?: boolean, };

export type TileInfo = { letter: string, count: number, value: number, };

export type TileView = { letter: string, blank: boolean, };

export type TilesArgs = { match_id: number, tiles: Array<TileArg>, };

export type TurnAnalysis = { turn: number, player: number, 
/**
 * The rack held before the turn (sorted, blanks last).
 */
rack: string, played: PlayedMove, 
/**
 * How many legal placements there were.
 */
moves: number, best_by_score: Candidate | null, best_by_value: Candidate | null, 
/**
 * Up to [`ALTERNATIVES`] placements, best first in list order.
 */
alternatives: Array<Candidate>, 
/**
 * The played placement's rank by score (1 = best; ties share).
 */
rank: number | null, 
/**
 * Its rank by Hard's valuation.
 */
value_rank: number | null, 
/**
 * Best score available − score played (never negative).
 */
points_missed: number, 
/**
 * For an exchange turn (or one where Hard would exchange): the best exchange by leave.
 */
best_exchange: ExchangeChoice | null, 
/**
 * Hard, in this position, would exchange rather than place.
 */
hard_would_exchange: boolean, 
/**
 * A bingo was available (only where the rule set pays one).
 */
bingo_available: boolean | null, hint_taken: boolean, };

export type TurnBoard = { 
/**
 * 1-based, as the turn's `number`.
 */
turn: number, 
/**
 * The rows: `.` for an empty square, upper case letters, lower case for a blank.
 */
rows: Array<string>, 
/**
 * The squares this turn covered (a play; empty otherwise).
 */
placed: Array<Pos>, };

export type TurnChallenge = { 
/**
 * Who challenged.
 */
by: number, 
/**
 * The play's words the list lacks: not empty, the play was withdrawn (the turn scores 0);
 * empty, it stood.
 */
not_in_list: Array<string>, 
/**
 * Points the play's player gained when it stood (the match's +5 or +10), counted in the
 * turn's totals.
 */
bonus: number, };

export type TurnDetail = { 
/**
 * The name of the seat in `turn.player`.
 */
player_name: string, 
/**
 * 1-based, over the whole match.
 */
number: number, player: number, kind: TurnKind, 
/**
 * GCG notation of a placement (`8H CAT`).
 */
notation: string | null, words: Array<WordScore>, bingo: number, score: number, 
/**
 * Number of tiles exchanged (exchange turns only).
 */
exchanged: number, 
/**
 * The line a placement runs along (a one-tile move: across when its across word has
 * 2+ letters, else down); `None` for other turns.
 */
direction: Direction | null, 
/**
 * The squares a placement covered, along its line; empty for other turns.
 */
squares: Array<string>, 
/**
 * Every seat's score after this turn.
 */
totals: Array<number>, 
/**
 * Hints this player took before this turn.
 */
hints: Array<HintRecord>, 
/**
 * How many words this player looked up from the match screen before this turn
 * ([`Event::WordLookedUp`]: assistance, like a hint). Only counted, as hints are on the
 * scoresheet: the words came from the looker's rack. Left out of the JSON when 0.
 */
looked_up?: number, 
/**
 * The turn was taken back ([`Event::TakenBack`]): it stays on the scoresheet, struck
 * through, and counts for nothing (its hints went back to the turn played instead).
 * Left out of the JSON when false, so the answers about matches with no take-back stay
 * as they were.
 */
taken_back?: boolean, 
/**
 * This play was challenged ([`Event::Challenged`]): by whom, and what came of it. Left
 * out of the JSON when it was not.
 */
challenge?: TurnChallenge, 
/**
 * The turn a failed challenge cost its challenger (the match's penalty
 * [`ChallengePenalty::LoseTurn`]): scoreless, like a pass. Left out when false.
 */
lost_turn?: boolean, };

export type TurnKind = "place" | "exchange" | "pass" | "resign";

export type TurnLimit = { turns: number, 
/**
 * `true`: `turns` each (classic-15-ten); `false`: `turns` in total (solo-10).
 */
per_player: boolean, };

export type TurnRow = { 
/**
 * 1-based, over the whole match.
 */
number: number, seat: number, name: string, 
/**
 * The computer level, `null` for a person.
 */
computer: string | null, 
/**
 * `play`, `exchange`, `pass` or `resign`.
 */
action: string, notation: string | null, 
/**
 * Every word the play formed, main word first, with the scorer's breakdown.
 */
words: Array<WordScore>, bingo: number, score: number, 
/**
 * Tiles exchanged (exchange only).
 */
count: number, squares: Array<Pos>, direction: Direction | null, 
/**
 * Every seat's score after this turn.
 */
totals: Array<number>, 
/**
 * Hints this player took during this turn.
 */
hints: number, 
/**
 * Words this player looked up from the match screen during this turn (a match with
 * challenges on): assistance, only counted, like hints.
 */
looked_up: number, 
/**
 * The turn was taken back: shown struck through, it counts for nothing.
 */
taken_back: boolean, 
/**
 * The play was challenged (issue 46): by whom, the words the list lacks (not empty: the
 * play was withdrawn, scoring 0) and the bonus it gained when it stood.
 */
challenge: TurnChallenge | null, 
/**
 * The turn a failed challenge cost this player (scoreless, like a pass).
 */
lost_turn: boolean, };

export type UnchallengedTurn = { turn: number, words: Array<string>, };

export type WordForm = "plural" | "present_tense" | "past_tense" | "present_participle" | "comparative" | "superlative" | "inflection";

export type WordGroup = { length: number, words: Array<HintWord>, };

export type WordPoints = { word: string, score: number, };

export type WordScore = { word: string, start: string, direction: Direction, letters: Array<LetterScore>, 
/**
 * Product of the word premiums covered this turn.
 */
word_multiplier: number, 
/**
 * Σ(value × letter multiplier) × word multiplier.
 */
score: number, };

export type WorkerMessage = { id: number, ok: JsonValue, } | { id: number, error: ErrorBody, } | { event: AppEvent, } | { ready: boolean, } | { fatal: ErrorBody, } | { died: ErrorBody, };

export type WorkerRequest = { id: number, command: string, args: JsonValue, };

/** Each command's argument (`undefined`: it takes none) and answer. */
export type Commands = {
  app_info: { args: undefined; answer: AppInfo };
  rule_sets: { args: undefined; answer: Array<RulesInfo> };
  rules_at_table: { args: RulesAtTableArgs; answer: RulesInfo };
  word_lists: { args: undefined; answer: Array<ListInfo> };
  new_match: { args: NewMatchArgs; answer: MatchView };
  match_list: { args: MatchListArgs; answer: MatchList };
  match_view: { args: MatchViewArgs; answer: MatchView };
  reveal_rack: { args: MatchIdArgs; answer: MatchView };
  preview: { args: TilesArgs; answer: PreviewAnswer };
  play: { args: TilesArgs; answer: MatchView };
  exchange: { args: ExchangeArgs; answer: MatchView };
  pass: { args: MatchIdArgs; answer: MatchView };
  resign: { args: ResignArgs; answer: MatchView };
  hint: { args: MatchIdArgs; answer: HintShown };
  computer_turn: { args: MatchIdArgs; answer: MatchView };
  match_detail: { args: MatchIdArgs; answer: MatchDetail };
  player_stats: { args: StatsArgs; answer: PlayerStats };
  export_gcg: { args: ExportGcgArgs; answer: GcgExport };
  match_analysis: { args: MatchIdArgs; answer: Analysis };
  analysis_move: { args: AnalysisMoveArgs; answer: AnalysisMove };
  analysis_progress: { args: AnalysisProgressArgs; answer: Progress };
  check_word: { args: CheckWordArgs; answer: CheckWordAnswer };
  define: { args: DefineArgs; answer: DefineAnswer };
  get_settings: { args: undefined; answer: Settings };
  update_settings: { args: SettingsPatch; answer: Settings };
  acknowledge_history_notice: { args: AcknowledgeArgs; answer: Array<HistoryNotice> };
  rematch: { args: MatchIdArgs; answer: MatchView };
  rules_examples: { args: RulesExamplesArgs; answer: RulesExamples };
  rules_evidence: { args: RulesEvidenceArgs; answer: RulesEvidence };
  head_start_suggestion: { args: HeadStartSuggestionArgs; answer: HeadStartSuggestionAnswer };
  save_gcg: { args: ExportGcgArgs; answer: SavedGcg };
  take_back: { args: TakeBackArgs; answer: MatchView };
  challenge: { args: ChallengeArgs; answer: MatchView };
  let_stand: { args: MatchIdArgs; answer: MatchView };
  abandon_match: { args: ConfirmMatchArgs; answer: MatchClosed };
  delete_match: { args: ConfirmMatchArgs; answer: MatchClosed };
  remember_screen: { args: ScreenArgs; answer: ScreenAnswer };
  screen_to_reopen: { args: ClientArgs; answer: ScreenAnswer };
  keep_draft: { args: TilesArgs; answer: DraftKept };
  export_history: { args: undefined; answer: SavedHistory };
  import_history: { args: undefined; answer: ImportAnswer };
  our_words: { args: undefined; answer: OurWords };
  add_our_word: { args: OurWordArgs; answer: OurWords };
  remove_our_word: { args: OurWordRemoveArgs; answer: OurWords };
  export_our_words: { args: undefined; answer: OurWordsFile };
  import_our_words: { args: OurWordsImportArgs; answer: OurWords };
  own_lists: { args: undefined; answer: Array<OwnListRow> };
  import_own_list: { args: OwnListImportArgs; answer: OwnListRow };
  remove_own_list: { args: OwnListIdArgs; answer: Array<OwnListRow> };
};
