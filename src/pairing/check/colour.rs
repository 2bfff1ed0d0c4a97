//! Colour history, colour preference and colour allocation for one board,
//! computed from the rules alone (no optimiser involved).
//!
//! This is an independent oracle for the engine, on purpose: a second
//! implementation of the colour rules of C.04.3 (2017) A.6, E.1-E.5 / (2025)
//! Art. 1.7, 5.2.1-5.2.5 and of the absolute colour rules of C.04.1, written
//! from the handbook and working on the recorded colour histories, not on the
//! engine's player state (`crate::pairing::dutch::state`, whose allocation
//! is `crate::pairing::dutch::colour`). `arbiter check` uses it to judge a
//! recorded round without trusting the engine (absolute colour rules, the
//! preference table of `--explain`) and to name the rule that decides each
//! board whose colours differ; where its allocation disagrees with the
//! engine's, the report says so. Keep the two apart: a shared model would
//! make the cross-check agree with the engine by construction.

use crate::model::{Color, Player, RoundEntry};

/// Strength of a colour preference as the check reports it (serialised in
/// the `--explain` table). C.04.3 (2017) A.6 / (2025) Art. 1.7. The check's
/// own copy, independent of the engine's `dutch::state::Strength`, which
/// orders the engine's colour criteria (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strength {
    /// A mild preference: the colour difference is 0 and the last game had the other colour (2017 A.6.c / 2025 Art. 1.7.3).
    Mild,
    /// A strong preference: a colour difference of +1 or -1 (2017 A.6.b / 2025 Art. 1.7.2).
    Strong,
    /// An absolute preference: a difference beyond ±1 or the same colour twice in a row (2017 A.6.a / 2025 Art. 1.7.1).
    Absolute,
}

/// Why a preference is absolute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AbsoluteReason {
    /// Colour difference above +1 or below -1.
    Difference,
    /// The same colour in the two latest played games.
    TwoInARow,
}

/// A player's colour preference before a round (C.04.3 (2017) A.6 / (2025) Art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Preference {
    /// The colour the player should get.
    pub colour: Color,
    /// How strongly.
    pub strength: Strength,
    /// Why the preference is absolute, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absolute_reason: Option<AbsoluteReason>,
}

/// A player's colour history before a round: played games only
/// (C.04.2 (2017) D.5 / (2026) art. 3.4: unplayed rounds are skipped).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct ColourHistory {
    /// Colours of the played games, oldest first.
    pub played: Vec<Color>,
}

impl ColourHistory {
    /// History from rounds `1..before` of `p`.
    pub fn of(p: &Player, before: u32) -> ColourHistory {
        let n = usize::try_from(before.saturating_sub(1)).unwrap_or(usize::MAX);
        ColourHistory {
            played: p
                .rounds
                .iter()
                .take(n)
                .filter_map(RoundEntry::played_color)
                .collect(),
        }
    }

    /// Colour difference: games with White minus games with Black.
    pub fn difference(&self) -> i32 {
        self.played
            .iter()
            .map(|c| match c {
                Color::White => 1,
                Color::Black => -1,
            })
            .sum()
    }

    /// `WBW-` style string, oldest first.
    pub fn letters(&self) -> String {
        self.played
            .iter()
            .map(|c| match c {
                Color::White => 'W',
                Color::Black => 'B',
            })
            .collect()
    }

    /// The colour preference. C.04.3 (2017) A.6 / (2025) Art. 1.7:
    /// absolute when the difference is beyond ±1 or the last two played games
    /// had the same colour; strong when it is ±1; mild when 0 (alternate from the
    /// last game); none before the first game.
    pub fn preference(&self) -> Option<Preference> {
        let cd = self.difference();
        let last = *self.played.last()?;
        let two_in_a_row =
            self.played.len() >= 2 && self.played.get(self.played.len() - 2) == Some(&last);
        let (colour, strength, reason) = if cd > 1 {
            (
                Color::Black,
                Strength::Absolute,
                Some(AbsoluteReason::Difference),
            )
        } else if cd < -1 {
            (
                Color::White,
                Strength::Absolute,
                Some(AbsoluteReason::Difference),
            )
        } else if two_in_a_row {
            (
                last.opposite(),
                Strength::Absolute,
                Some(AbsoluteReason::TwoInARow),
            )
        } else if cd == 1 {
            (Color::Black, Strength::Strong, None)
        } else if cd == -1 {
            (Color::White, Strength::Strong, None)
        } else {
            (last.opposite(), Strength::Mild, None)
        };
        Some(Preference {
            colour,
            strength,
            absolute_reason: reason,
        })
    }

    /// True if giving `c` next would break C.04.1 (2017) f/g, (2026) art. 6/7:
    /// a colour difference beyond ±2, or the same colour three times in a row.
    pub(crate) fn breaks_absolute_rule(&self, c: Color) -> bool {
        let mut next = self.clone();
        next.played.push(c);
        let n = next.played.len();
        next.difference().abs() > 2 || (n >= 3 && next.played[n - 3..].iter().all(|x| *x == c))
    }
}

/// The colour-allocation rule that decided a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ColourRule {
    /// Both preferences granted (or one player has none).
    BothPreferences,
    /// The stronger preference granted (for two absolute ones, the wider difference).
    StrongerPreference,
    /// Alternate from the latest round in which they had different colours.
    Alternate,
    /// The higher-ranked player's preference granted.
    HigherRankedPreference,
    /// Pairing-number parity of the higher-ranked player and the initial colour.
    InitialColour,
}

impl ColourRule {
    /// The article number in the given edition: (2017) E.1–E.5, (2025) 5.2.1–5.2.5.
    pub fn article(self, edition_2025: bool) -> &'static str {
        match (self, edition_2025) {
            (ColourRule::BothPreferences, false) => "C.04.3 (2017) E.1",
            (ColourRule::StrongerPreference, false) => "C.04.3 (2017) E.2",
            (ColourRule::Alternate, false) => "C.04.3 (2017) E.3",
            (ColourRule::HigherRankedPreference, false) => "C.04.3 (2017) E.4",
            (ColourRule::InitialColour, false) => "C.04.3 (2017) E.5",
            (ColourRule::BothPreferences, true) => "C.04.3 (2025) art. 5.2.1",
            (ColourRule::StrongerPreference, true) => "C.04.3 (2025) art. 5.2.2",
            (ColourRule::Alternate, true) => "C.04.3 (2025) art. 5.2.3",
            (ColourRule::HigherRankedPreference, true) => "C.04.3 (2025) art. 5.2.4",
            (ColourRule::InitialColour, true) => "C.04.3 (2025) art. 5.2.5",
        }
    }

    /// What the rule says, in words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            ColourRule::BothPreferences => "both colour preferences can be granted",
            ColourRule::StrongerPreference => "the stronger colour preference is granted",
            ColourRule::Alternate => {
                "colours alternate from the latest round in which the players had different colours"
            }
            ColourRule::HigherRankedPreference => {
                "the higher-ranked player's colour preference is granted"
            }
            ColourRule::InitialColour => {
                "the higher-ranked player's pairing-number parity and the initial colour decide"
            }
        }
    }
}

/// One side of a board for colour allocation.
#[derive(Debug, Clone)]
pub(crate) struct Side<'a> {
    pub(crate) history: &'a ColourHistory,
    /// The number whose parity E.5 / 5.2.5 uses: the pairing number among
    /// the players taking part, counted as the engine counts it
    /// (`crate::pairing::dutch::effective_numbers`).
    pub(crate) parity_number: u32,
}

/// Allocate colours to a pair. `higher` is the higher-ranked player (A.2: score,
/// then pairing number). Returns the colour of `higher` and the rule that decided.
/// C.04.3 (2017) E.1–E.5 / (2025) Art. 5.2.1–5.2.5.
pub(crate) fn allocate(higher: &Side, lower: &Side, initial: Color) -> (Color, ColourRule) {
    let ph = higher.history.preference();
    let pl = lower.history.preference();
    match (ph, pl) {
        (Some(a), Some(b)) if a.colour != b.colour => {
            return (a.colour, ColourRule::BothPreferences)
        }
        (Some(a), None) => return (a.colour, ColourRule::BothPreferences),
        (None, Some(b)) => return (b.colour.opposite(), ColourRule::BothPreferences),
        (Some(a), Some(b)) => {
            // Same colour wanted: E.2, the stronger preference; between two absolute
            // preferences, the wider colour difference.
            if a.strength != b.strength {
                return if a.strength > b.strength {
                    (a.colour, ColourRule::StrongerPreference)
                } else {
                    (b.colour.opposite(), ColourRule::StrongerPreference)
                };
            }
            if a.strength == Strength::Absolute {
                let (da, db) = (
                    higher.history.difference().abs(),
                    lower.history.difference().abs(),
                );
                if da != db {
                    return if da > db {
                        (a.colour, ColourRule::StrongerPreference)
                    } else {
                        (b.colour.opposite(), ColourRule::StrongerPreference)
                    };
                }
            }
            // E.3: alternate from the most recent round where the colours differed,
            // comparing the played histories aligned on their latest game.
            let (ha, hb) = (&higher.history.played, &lower.history.played);
            for (x, y) in ha.iter().rev().zip(hb.iter().rev()) {
                if x != y {
                    return (x.opposite(), ColourRule::Alternate);
                }
            }
            // E.4
            return (a.colour, ColourRule::HigherRankedPreference);
        }
        (None, None) => {}
    }
    // E.5
    let c = if higher.parity_number % 2 == 1 {
        initial
    } else {
        initial.opposite()
    };
    (c, ColourRule::InitialColour)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::*;

    fn h(s: &str) -> ColourHistory {
        ColourHistory {
            played: s
                .chars()
                .map(|c| if c == 'W' { White } else { Black })
                .collect(),
        }
    }

    #[test]
    fn preferences_follow_a6() {
        assert_eq!(h("").preference(), None);
        let p = h("WW").preference().unwrap();
        assert_eq!((p.colour, p.strength), (Black, Strength::Absolute));
        assert_eq!(p.absolute_reason, Some(AbsoluteReason::Difference));
        let p = h("WBB").preference().unwrap();
        assert_eq!((p.colour, p.strength), (White, Strength::Absolute));
        assert_eq!(p.absolute_reason, Some(AbsoluteReason::TwoInARow));
        let p = h("WBW").preference().unwrap();
        assert_eq!((p.colour, p.strength), (Black, Strength::Strong));
        let p = h("WB").preference().unwrap();
        assert_eq!((p.colour, p.strength), (White, Strength::Mild));
    }

    #[test]
    fn absolute_rule_breaks() {
        assert!(h("WW").breaks_absolute_rule(White));
        assert!(!h("WW").breaks_absolute_rule(Black));
        assert!(h("WBB").breaks_absolute_rule(Black));
        assert!(h("BWBB").breaks_absolute_rule(Black));
        assert!(!h("WB").breaks_absolute_rule(Black));
        assert!(h("WWBWW").breaks_absolute_rule(White));
    }

    #[test]
    fn allocation_rules_in_order() {
        let cases: [(&str, &str, u32, Color, ColourRule); 9] = [
            // E.1: 1 wants White (mild), 2 wants Black (mild).
            ("WB", "BW", 1, White, ColourRule::BothPreferences),
            // E.1: one player without a preference.
            ("WB", "", 1, White, ColourRule::BothPreferences),
            // E.2: 2 strong White beats 1 mild White.
            ("WB", "B", 1, Black, ColourRule::StrongerPreference),
            // E.2: 2 strong Black (WBW) beats 1 mild Black (BW).
            ("BW", "WBW", 1, White, ColourRule::StrongerPreference),
            // E.2: 2 absolute Black (two in a row) beats 1 strong Black.
            ("WBW", "BBWW", 1, White, ColourRule::StrongerPreference),
            // E.3: both mild Black; W/W, B/B, then 1 had W and 2 had B.
            ("BWBW", "WBBW", 1, Black, ColourRule::Alternate),
            // E.4: histories never differ (1 has only BW): higher-ranked preference.
            ("BW", "WBBW", 1, Black, ColourRule::HigherRankedPreference),
            // E.5: no history, odd pairing number gets the initial colour.
            ("", "", 1, White, ColourRule::InitialColour),
            ("", "", 2, Black, ColourRule::InitialColour),
        ];
        for (a, b, n, want, rule) in cases {
            let (ha, hb) = (h(a), h(b));
            let hi = Side {
                history: &ha,
                parity_number: n,
            };
            let lo = Side {
                history: &hb,
                parity_number: 9,
            };
            assert_eq!(allocate(&hi, &lo, White), (want, rule), "{a} vs {b}");
        }
        // Two absolute preferences (topscorers): the wider difference wins.
        let (ha, hb) = (h("WWBW"), h("BWW"));
        let hi = Side {
            history: &ha,
            parity_number: 1,
        };
        let lo = Side {
            history: &hb,
            parity_number: 2,
        };
        assert_eq!(
            allocate(&hi, &lo, White),
            (Black, ColourRule::StrongerPreference)
        );
        assert_eq!(
            allocate(&lo, &hi, White),
            (White, ColourRule::StrongerPreference)
        );
    }
}
