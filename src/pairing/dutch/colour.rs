//! Colour allocation, C.04.3 (2017) E.1-E.5 / (2025) 5.2.1-5.2.5.

use super::state::{PlayerState, Strength};
use crate::model::Color;

/// True when `a` ranks above `b`: higher pairing score, then lower pairing number.
pub(crate) fn ranks_above(a: &PlayerState, b: &PlayerState) -> bool {
    (b.pscore, a.index) < (a.pscore, b.index)
}

/// What decides the colour of `a` against `b` before the ranks are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// E.1-E.3 / 5.2.1-5.2.3 give `a` this colour, whatever the ranks.
    Decided(Color),
    /// E.4 / 5.2.4: the higher-ranked player's preference, which is this
    /// colour for both players.
    HigherPreference(Color),
    /// E.5 / 5.2.5: neither player has a preference; the higher-ranked
    /// player's pairing number and the initial colour decide.
    HigherNumber,
}

fn rule(a: &PlayerState, b: &PlayerState) -> Rule {
    match (a.preference, b.preference) {
        // E.1: grant both preferences (or the only one there is).
        (Some(pa), Some(pb)) if pa.color != pb.color => Rule::Decided(pa.color),
        (Some(pa), None) => Rule::Decided(pa.color),
        (None, Some(pb)) => Rule::Decided(pb.color.opposite()),
        (Some(pa), Some(pb)) => {
            // E.2: grant the stronger preference; two absolute ones: the wider CD.
            if pa.strength != pb.strength {
                return Rule::Decided(if pa.strength > pb.strength {
                    pa.color
                } else {
                    pa.color.opposite()
                });
            }
            if pa.strength == Strength::Absolute && a.cd().abs() != b.cd().abs() {
                return Rule::Decided(if a.cd().abs() > b.cd().abs() {
                    pa.color
                } else {
                    pa.color.opposite()
                });
            }
            // E.3: alternate from the latest round in which they had different
            // colours, comparing played games only, aligned from the end.
            for (ca, cb) in a.colors.iter().rev().zip(b.colors.iter().rev()) {
                if ca != cb {
                    return Rule::Decided(ca.opposite());
                }
            }
            // E.4: grant the higher-ranked player's preference.
            Rule::HigherPreference(pa.color)
        }
        (None, None) => Rule::HigherNumber,
    }
}

/// True when the colours of `a` and `b` depend on which of them ranks
/// higher (and, in E.5 / 5.2.5, on that player's pairing number): the
/// allocation reaches 2017 E.4-E.5 / 2025 5.2.4-5.2.5. Otherwise
/// [`color_of`] reads only the two players' colour histories and
/// preferences.
pub(crate) fn rank_decides(a: &PlayerState, b: &PlayerState) -> bool {
    !matches!(rule(a, b), Rule::Decided(_))
}

/// The colour `a` receives against `b`. `initial` is the colour of the
/// first-ranked player in round 1 (drawn by lot).
pub(crate) fn color_of(a: &PlayerState, b: &PlayerState, initial: Color) -> Color {
    match rule(a, b) {
        Rule::Decided(c) => c,
        Rule::HigherPreference(c) => {
            if ranks_above(a, b) {
                c
            } else {
                c.opposite()
            }
        }
        Rule::HigherNumber => {
            // E.5: the higher-ranked player gets the initial colour when
            // their pairing number is odd, the other colour when it is even.
            let (hi, a_is_hi) = if ranks_above(a, b) {
                (a, true)
            } else {
                (b, false)
            };
            let hi_color = if hi.number % 2 == 0 {
                initial
            } else {
                initial.opposite()
            };
            if a_is_hi {
                hi_color
            } else {
                hi_color.opposite()
            }
        }
    }
}

/// Violations of the colour quality criteria if `a` and `b` meet:
/// (topscorer CD beyond ±2, topscorer three in a row, preference not granted,
/// strong preference not granted) = 2017 (C.8, C.9, C.10, C.11) / 2025
/// (\[C10\], \[C11\], \[C12\], \[C13\]).
pub(crate) fn violations(a: &PlayerState, b: &PlayerState, initial: Color) -> [i64; 4] {
    let ca = color_of(a, b, initial);
    let mut v = [0i64; 4];
    for (p, c) in [(a, ca), (b, ca.opposite())] {
        let cd = p.cd() + if c == Color::White { 1 } else { -1 };
        let involves_top = a.topscorer || b.topscorer;
        if involves_top && cd.abs() > 2 {
            v[0] += 1;
        }
        let n = p.colors.len();
        if involves_top && n >= 2 && p.colors[n - 1] == c && p.colors[n - 2] == c {
            v[1] += 1;
        }
        if let Some(pref) = p.preference {
            if pref.color != c {
                v[2] += 1;
                if pref.strength >= Strength::Strong {
                    v[3] += 1;
                }
            }
        }
    }
    v
}

/// C.04.3 C.3 / \[C3\]: two non-topscorers with the same absolute colour
/// preference must not meet.
pub(crate) fn absolute_conflict(a: &PlayerState, b: &PlayerState) -> bool {
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) => {
            pa.strength == Strength::Absolute
                && pb.strength == Strength::Absolute
                && pa.color == pb.color
                && !a.topscorer
                && !b.topscorer
        }
        _ => false,
    }
}
