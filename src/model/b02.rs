//! The FIDE rating tables of B.02 (FIDE Rating Regulations) art. 8.1, as
//! published, never approximated by a formula: 8.1.1 (fractional score p to
//! rating difference dp) and 8.1.2 (rating difference D to expected score PD).
//! Pure data and look-ups, shared by the rating engine ([`crate::rating`]) and
//! the rating tie-breaks ([`mod@crate::standings`]).
//!
//! Probabilities are integers in hundredths (`57` is 0.57) so that sums of
//! expected scores are exact.

/// B.02 (2022, 2024) table 8.1.2: upper bound of each |D| row and the
/// expected score of the higher-rated player (PD(H)) in hundredths.
/// The row `(3, 50)` covers 0..=3, `(10, 51)` covers 4..=10, and so on;
/// |D| above 735 gives 100.
const PD_ROWS: [(u32, u8); 50] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
];

/// B.02 table 8.1.2: the expected score PD, in hundredths, of a player whose
/// rating exceeds the opponent's by `d` (negative when lower rated).
/// PD(L) = 1 − PD(H), so `pd(-d) == 100 - pd(d)` for every `d`.
pub fn pd(d: i32) -> u8 {
    let gap = d.unsigned_abs();
    let high = PD_ROWS
        .iter()
        .find(|(upper, _)| gap <= *upper)
        .map(|(_, p)| *p)
        .unwrap_or(100);
    if d >= 0 {
        high
    } else {
        100 - high
    }
}

/// B.02 table 8.1.1 (the same figures as B.01 1.4.9): dp for p from 0.50 to
/// 1.00, index = hundredths − 50.
const DP_UPPER: [u16; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// B.02 table 8.1.1: the rating difference dp for a fractional score `p`
/// given in hundredths (0..=100). dp(1 − p) = −dp(p). Values outside 0..=100
/// are clamped.
pub fn dp(p_hundredths: i32) -> i32 {
    let p = p_hundredths.clamp(0, 100);
    let idx = (p - 50).unsigned_abs() as usize;
    let v = DP_UPPER.get(idx).copied().map(i32::from).unwrap_or(800);
    if p >= 50 {
        v
    } else {
        -v
    }
}

/// A fraction `num / den` as hundredths, rounded half up (B.01 practice for
/// table look-ups; B.02 does not say how to round p). `den` must be positive.
pub fn hundredths_half_up(num: i64, den: i64) -> i32 {
    if den <= 0 {
        return 0;
    }
    let scaled = num * 100;
    // floor((scaled + den/2) / den) for non-negative values
    let q = (2 * scaled + den).div_euclid(2 * den);
    q as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_match_the_handbook_edges() {
        assert_eq!(pd(0), 50);
        assert_eq!(pd(3), 50);
        assert_eq!(pd(4), 51);
        assert_eq!(pd(-100), 36);
        assert_eq!(pd(150), 70);
        assert_eq!(pd(-250), 19);
        assert_eq!(pd(50), 57);
        assert_eq!(pd(400), 92);
        assert_eq!(pd(411), 92);
        assert_eq!(pd(412), 93);
        assert_eq!(pd(500), 96);
        assert_eq!(pd(735), 99);
        assert_eq!(pd(736), 100);
        assert_eq!(pd(-736), 0);
    }

    #[test]
    fn dp_table_edges() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(99), 677);
        assert_eq!(dp(80), 240);
        assert_eq!(dp(57), 50);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(43), -50);
        assert_eq!(dp(0), -800);
    }

    #[test]
    fn rounding_half_up() {
        assert_eq!(hundredths_half_up(4, 7), 57);
        assert_eq!(hundredths_half_up(1, 8), 13); // 12.5 -> 13
        assert_eq!(hundredths_half_up(0, 5), 0);
        assert_eq!(hundredths_half_up(5, 5), 100);
    }

    #[test]
    fn rows_are_increasing() {
        for w in PD_ROWS.windows(2) {
            assert!(w[0].0 < w[1].0 && w[0].1 < w[1].1);
        }
        for w in DP_UPPER.windows(2) {
            assert!(w[0] < w[1]);
        }
    }
}
