//! Word Club rules engine (no I/O).
