//! The one seeded random generator of the crate: xoshiro256** from
//! `rand_xoshiro`, seeded through SplitMix64 (`SeedableRng::seed_from_u64`).
//! Both algorithms are fixed by their papers, so a seed gives the same numbers
//! on every platform and in every version: generated tournaments, drawn lots
//! and made-up FIDE lists can be reproduced from the seed written beside them.
//!
//! Secrets (session ids, CSRF tokens, upload ids) never come from here: they come
//! from the operating system (`getrandom`).

use rand_core::{Rng as _, SeedableRng};
use rand_xoshiro::Xoshiro256StarStar;

/// A reproducible stream of random numbers from a 64-bit seed.
#[derive(Debug, Clone)]
pub struct Seeded(Xoshiro256StarStar);

impl Seeded {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> Seeded {
        Seeded(Xoshiro256StarStar::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `[0, 1)` (the top 53 bits).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        p > 0.0 && self.unit() < p
    }

    /// In `0..n` (`0` when `n` is 0), by the remainder: the bias is below
    /// `n / 2^64`, far under anything a tournament can show.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }

    /// Uniform in `lo..=hi` (`lo` when `hi <= lo`).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        let span = hi.abs_diff(lo).saturating_add(1);
        lo.wrapping_add(self.below(span) as i64)
    }

    /// An index in `0..n` (`0` when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// `items` in a random order (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference values of xoshiro256** seeded through SplitMix64 with seed 0,
    /// computed from the two papers' definitions (the generator the crate used
    /// before it took `rand_xoshiro` gives the same): a change of crate or
    /// version that changed them would change every generated file.
    #[test]
    fn a_seed_gives_the_published_algorithm() {
        fn splitmix(x: &mut u64) -> u64 {
            *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = *x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        for seed in [0, 1, 42, u64::MAX] {
            let mut x = seed;
            let mut s = [
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
            ];
            let mut ours = Seeded::new(seed);
            for _ in 0..100 {
                let want = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
                let t = s[1] << 17;
                s[2] ^= s[0];
                s[3] ^= s[1];
                s[1] ^= s[2];
                s[0] ^= s[3];
                s[2] ^= t;
                s[3] = s[3].rotate_left(45);
                assert_eq!(ours.next_u64(), want, "seed {seed}");
            }
        }
    }

    #[test]
    fn ranges_stay_inside_and_shuffles_keep_the_items() {
        let mut r = Seeded::new(7);
        for _ in 0..1000 {
            let v = r.range(-3, 4);
            assert!((-3..=4).contains(&v));
            assert!(r.unit() < 1.0);
            assert!(r.index(5) < 5);
        }
        assert_eq!(r.range(9, 2), 9);
        let n = 20_000;
        let mean: f64 = (0..n).map(|_| r.unit()).sum::<f64>() / f64::from(n);
        assert!((mean - 0.5).abs() < 0.01, "{mean}");
        assert_eq!(r.index(0), 0);
        let mut v: Vec<u32> = (0..50).collect();
        r.shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
