//! The command layer: app state and one function per command.
