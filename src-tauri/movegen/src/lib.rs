//! Move generator, best move, computer players, simulation.
