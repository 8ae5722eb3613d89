//! The move generator's word graph (a minimised GADDAG), in a crate of its own so that the
//! move generator's build script can build the shipped lists' graphs with the same code the
//! move generator loads them with (a build script cannot depend on the crate it serves).
//!
//! - [`Gaddag`]: the graph, built from words ([`Gaddag::build_marked`] marks the words polite
//!   players leave alone, so one graph serves both manners: [`Gaddag::polite`]) and walked by
//!   the generator ([`Gaddag::child`], [`Gaddag::labels`], …).
//! - [`GraphKey`], [`Gaddag::to_bytes`], [`Gaddag::from_bytes`]: a graph's bytes, prebuilt or
//!   kept on disk, keyed by the list's hash, the manners file's hash and [`FORMAT_VERSION`],
//!   so a graph is never used with another list, other manners or an older layout.
//! - [`GraphError`]: a list too large for the layout, bytes that are not a graph of the key.

mod error;
mod filter;
mod format;
mod gaddag;
mod layout;
mod records;

pub use error::GraphError;
pub use format::{GraphKey, FORMAT_VERSION};
pub use gaddag::{Arc, Arcs, Gaddag, Progress, SEPARATOR, SLOT_LIMIT};
