//! The bounds of every number the rules lab takes, each with its reason. A number past its
//! bound is refused with [`LabError::OutOfRange`] (`out_of_range`) before anything is
//! played or allocated.
//!
//! Memory does not grow with the number of matches (they stream into a [`crate::Tally`]),
//! so the bounds on games are about time: past them a run belongs on more machines
//! (`--shard K/N`, then `lab merge`; docs/balance.md).

use crate::LabError;

/// Most matches in one `lab measure` run or one shard of it, and most per variant of a
/// search: Hard against Hard plays about 2,500 9×9 matches a second on two cores (classic
/// about 800), so 10⁷ is an hour of 9×9 and a few hours of classic.
pub const MAX_GAMES: u64 = 10_000_000;

/// Most matches in a search's batch (the sequential test looks after each one).
pub const MAX_BATCH: u64 = MAX_GAMES;

/// Most variants one search tries: at its smallest sensible batch (100 matches) 10⁴
/// variants are 10⁶ matches, about seven minutes of 9×9 on two cores before any stops late.
pub const MAX_VARIANTS: u64 = 10_000;

/// Most threads: each plays one match at a time with its own move generator; more threads
/// than cores only share the cores, and thousands would exhaust the process's threads.
pub const MAX_THREADS: u64 = 256;

/// Most shards one run is split into (`--shard K/N`): a shard per core of a large cluster.
pub const MAX_SHARDS: u64 = 10_000;

/// Most shard files `lab merge` reads at once.
pub const MAX_MERGE_FILES: u64 = MAX_SHARDS;

/// `value` if it lies in `min..=max`, else the typed error naming `what` and why.
pub fn bounded(
    what: &str,
    value: u64,
    min: u64,
    max: u64,
    why: &'static str,
) -> Result<u64, LabError> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(LabError::OutOfRange {
            what: what.to_string(),
            value: value.to_string(),
            min,
            max,
            why,
        })
    }
}

pub const WHY_GAMES: &str =
    "the lab's bound on one run (about an hour of 9×9 on two cores); play more as shards \
     (--shard K/N, then lab merge)";
pub const WHY_VARIANTS: &str =
    "the lab's bound on one search; try fewer values per axis, or search in stages";
pub const WHY_THREADS: &str = "more threads than cores only share the cores";
pub const WHY_SHARDS: &str = "the lab's bound on shards of one run";

/// The number of variants the axes' values make (their product), refused past
/// [`MAX_VARIANTS`] before any variant is built.
pub fn variant_count(lengths: impl IntoIterator<Item = usize>) -> Result<u64, LabError> {
    let mut n: u64 = 1;
    for len in lengths {
        n = n.saturating_mul(len as u64);
    }
    if n > MAX_VARIANTS {
        return Err(LabError::OutOfRange {
            what: "the number of variants (the product of the axes' value counts)".into(),
            value: if n == u64::MAX {
                "more than 18446744073709551615".into()
            } else {
                n.to_string()
            },
            min: 1,
            max: MAX_VARIANTS,
            why: WHY_VARIANTS,
        });
    }
    Ok(n)
}

/// One shard of a run: the `k`th (1-based) of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    pub const WHOLE: Shard = Shard { k: 1, n: 1 };

    /// Reads `K/N` (1 ≤ K ≤ N ≤ [`MAX_SHARDS`]).
    pub fn parse(text: &str) -> Result<Shard, LabError> {
        let bad = || LabError::Search {
            reason: format!(
                "--shard {text:?}: write K/N, this shard's number K from 1 to N of N shards"
            ),
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n = bounded("--shard's N", n, 1, MAX_SHARDS, WHY_SHARDS)?;
        let k = bounded("--shard's K", k, 1, n, "K numbers one of the N shards")?;
        Ok(Shard { k, n })
    }

    /// This shard's part of `0..total`: the `k`th of `n` nearly equal consecutive ranges.
    pub fn range(self, total: u64) -> std::ops::Range<usize> {
        let at = |i: u64| (total as u128 * i as u128 / self.n as u128) as usize;
        at(self.k - 1)..at(self.k)
    }

    /// Whether item `i` (a search's variant) is this shard's: every `n`th, from `k - 1`.
    pub fn owns(self, i: usize) -> bool {
        i as u64 % self.n == self.k - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_game_once_and_are_read_with_their_bounds() {
        for (total, n) in [(10u64, 4u64), (3, 4), (4000, 7), (1, 1)] {
            let mut next = 0;
            for k in 1..=n {
                let r = Shard { k, n }.range(total);
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next as u64, total);
        }
        assert_eq!(Shard::parse("2/4").unwrap(), Shard { k: 2, n: 4 });
        for bad in [
            "0/4",
            "5/4",
            "1/0",
            "1/10001",
            "x/4",
            "3",
            "1/18446744073709551616",
        ] {
            let e = Shard::parse(bad).unwrap_err();
            assert!(
                matches!(e.kind(), "out_of_range" | "bad_search"),
                "{bad}: {e}"
            );
        }
        assert_eq!(Shard::parse("1/10001").unwrap_err().kind(), "out_of_range");
    }

    #[test]
    fn the_variant_count_is_bounded_before_anything_is_built() {
        assert_eq!(variant_count([2, 3]).unwrap(), 6);
        let e = variant_count([1000, 1000, 1000]).unwrap_err();
        assert_eq!(e.kind(), "out_of_range");
        assert!(e.to_string().contains("1000000000"), "{e}");
        let e = variant_count([usize::MAX, usize::MAX]).unwrap_err();
        assert!(e.to_string().contains("more than"), "{e}");
    }
}
