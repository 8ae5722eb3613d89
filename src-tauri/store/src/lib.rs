//! SQLite match history.
