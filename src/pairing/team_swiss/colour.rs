//! Colour preferences (C.04.6 art. 1.7) and the colour allocation of a
//! paired match (art. 4). A team's colour is its first board's colour.

use serde::Serialize;

use crate::model::Color;

use super::state::TeamState;
use super::RoundContext;

/// Which colour preferences the competition uses (C.04.6 art. 1.7: type A
/// unless the rules of the competition choose type B or no preference).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum PreferenceType {
    /// No colour preferences: only art. 4.3.1 and 4.3.5-4.3.9 allocate colours.
    None,
    /// Simple colour preferences (art. 1.7.1), the default.
    #[default]
    A,
    /// Strong and mild colour preferences (art. 1.7.2).
    B,
}

/// A team's colour preference for the round being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Preference {
    /// The colour preferred.
    pub colour: Color,
    /// A strong preference (type B, art. 1.7.2); type A preferences are
    /// simple and not strong.
    pub strong: bool,
}

/// The colour preference of `s` when pairing a round (C.04.6 art. 1.7).
pub fn preference(s: &TeamState, ctx: &RoundContext) -> Option<Preference> {
    let played: Vec<Color> = s.played_colours().collect();
    // no match played yet: no preference (art. 1.7.2, and type A alike)
    let last = *played.last()?;
    let cd = s.colour_difference();
    let last_two =
        |c: Color| played.len() >= 2 && played[played.len() - 2..].iter().all(|x| *x == c);
    // art. 1.7.1 (type A) and the strong preference of art. 1.7.2 (type B)
    let simple = if cd < -1 || ((cd == 0 || cd == -1) && last_two(Color::Black)) {
        Some(Color::White)
    } else if cd > 1 || ((cd == 0 || cd == 1) && last_two(Color::White)) {
        Some(Color::Black)
    } else {
        None
    };
    match ctx.preference {
        PreferenceType::None => None,
        PreferenceType::A => simple.map(|colour| Preference {
            colour,
            strong: false,
        }),
        PreferenceType::B => {
            if let Some(colour) = simple {
                return Some(Preference {
                    colour,
                    strong: true,
                });
            }
            // art. 1.7.2: mild -- CD of -1 / +1, or CD 0 alternating from
            // the last match when the round is not the last one
            let colour = match cd {
                -1 => Color::White,
                1 => Color::Black,
                0 if !ctx.is_last_round() => last.opposite(),
                _ => return None,
            };
            Some(Preference {
                colour,
                strong: false,
            })
        }
    }
}

/// Which of `a` and `b` is the first team (C.04.6 art. 4.2): the higher
/// primary score (4.2.1), then the higher secondary score unless the rules
/// leave it out (4.2.2), then the smaller pairing number (4.2.3). True when
/// `a` is the first team.
pub fn a_is_first(a: &TeamState, b: &TeamState, ctx: &RoundContext) -> bool {
    let key = |s: &TeamState| {
        (
            std::cmp::Reverse(s.primary),
            std::cmp::Reverse(if ctx.secondary_for_colours {
                s.secondary
            } else {
                crate::model::Points::ZERO
            }),
            s.team,
        )
    };
    key(a) <= key(b)
}

/// The colour of `a` in its match against `b` (C.04.6 art. 4.3, rules
/// applied in their order of priority), with the article that decided.
pub fn allocate(a: &TeamState, b: &TeamState, ctx: &RoundContext) -> (Color, &'static str) {
    let first_is_a = a_is_first(a, b, ctx);
    let (f, o) = if first_is_a { (a, b) } else { (b, a) };
    let for_a = |first_colour: Color| {
        if first_is_a {
            first_colour
        } else {
            first_colour.opposite()
        }
    };
    let (pf, po) = (preference(f, ctx), preference(o, ctx));
    // 4.3.1: both teams yet to play: the first team takes the initial colour
    // when its pairing number is odd, the other colour when it is even
    if f.played_colours().next().is_none() && o.played_colours().next().is_none() {
        let c = if f.team.0 % 2 == 1 {
            ctx.initial_colour
        } else {
            ctx.initial_colour.opposite()
        };
        return (for_a(c), "C.04.6 art. 4.3.1");
    }
    match (pf, po) {
        // 4.3.2: only one team has a preference
        (Some(p), None) => return (for_a(p.colour), "C.04.6 art. 4.3.2"),
        (None, Some(p)) => return (for_a(p.colour.opposite()), "C.04.6 art. 4.3.2"),
        // 4.3.3: opposite preferences
        (Some(p), Some(q)) if p.colour != q.colour => {
            return (for_a(p.colour), "C.04.6 art. 4.3.3")
        }
        // 4.3.4 (type B): only one strong preference
        (Some(p), Some(q)) if p.strong != q.strong => {
            let c = if p.strong {
                p.colour
            } else {
                q.colour.opposite()
            };
            return (for_a(c), "C.04.6 art. 4.3.4");
        }
        _ => {}
    }
    // 4.3.5: the lower colour difference gets White
    let (df, dfo) = (f.colour_difference(), o.colour_difference());
    if df != dfo {
        let c = if df < dfo { Color::White } else { Color::Black };
        return (for_a(c), "C.04.6 art. 4.3.5");
    }
    // 4.3.6: alternate from the latest round where one team had White and
    // the other Black
    let n = f.history.len().min(o.history.len());
    for r in (0..n).rev() {
        if let (Some(x), Some(y)) = (f.history[r], o.history[r]) {
            if x != y {
                return (for_a(x.opposite()), "C.04.6 art. 4.3.6");
            }
        }
    }
    // 4.3.7: the first team's preference
    if let Some(p) = pf {
        return (for_a(p.colour), "C.04.6 art. 4.3.7");
    }
    // 4.3.8: alternate the first team's colour from its last match
    if let Some(c) = f.played_colours().next_back() {
        return (for_a(c.opposite()), "C.04.6 art. 4.3.8");
    }
    // 4.3.9: alternate the other team's colour from its last match
    if let Some(c) = o.played_colours().next_back() {
        return (for_a(c), "C.04.6 art. 4.3.9");
    }
    (for_a(ctx.initial_colour), "C.04.6 art. 4.3.1")
}
