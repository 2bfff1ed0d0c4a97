//! Exact tie-break values: reduced rationals, converted to `f64` only for output.

use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// An exact rational value (`num / den`, `den > 0`, reduced).
///
/// Scores are tenths, Sonneborn-Berger products hundredths, averages arbitrary
/// fractions; comparing them exactly keeps ranking free of float noise.
#[derive(Debug, Clone, Copy)]
pub struct Value {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Value {
    /// Zero.
    pub const ZERO: Value = Value { num: 0, den: 1 };

    /// `num / den`; a zero denominator gives zero.
    pub fn new(num: i64, den: i64) -> Value {
        if den == 0 {
            return Value::ZERO;
        }
        let (mut n, mut d) = if den < 0 { (-num, -den) } else { (num, den) };
        let g = gcd(n, d);
        if g > 1 {
            n /= g;
            d /= g;
        }
        Value { num: n, den: d }
    }

    /// A whole number.
    pub fn int(i: i64) -> Value {
        Value { num: i, den: 1 }
    }

    /// A score in tenths of a point.
    pub fn tenths(t: i64) -> Value {
        Value::new(t, 10)
    }

    /// The numerator, in lowest terms (the sign is carried here).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator, in lowest terms (always positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// For output only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Round to the nearest integer, .5 up (C.07 art. 10.1, B.02 rounding of averages).
    pub fn round_half_up(self) -> i64 {
        (2 * self.num + self.den).div_euclid(2 * self.den)
    }

    /// The smaller of `self` and `o`.
    pub fn min(self, o: Value) -> Value {
        if o < self {
            o
        } else {
            self
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, o: &Value) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Value {}
impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Value) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Value {
    fn cmp(&self, o: &Value) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, o: Value) -> Value {
        Value::new(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}
impl std::ops::Sub for Value {
    type Output = Value;
    fn sub(self, o: Value) -> Value {
        Value::new(self.num * o.den - o.num * self.den, self.den * o.den)
    }
}
impl std::ops::Mul for Value {
    type Output = Value;
    fn mul(self, o: Value) -> Value {
        Value::new(self.num * o.num, self.den * o.den)
    }
}
impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Value {
    /// Integers without decimals; others with up to two decimals (half up).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            return f.pad(&self.num.to_string());
        }
        let hundredths = Value::new(self.num * 100, self.den).round_half_up();
        let sign = if hundredths < 0 { "-" } else { "" };
        let a = hundredths.unsigned_abs();
        let s = if a.is_multiple_of(10) {
            format!("{sign}{}.{}", a / 100, (a % 100) / 10)
        } else {
            format!("{sign}{}.{:02}", a / 100, a % 100)
        };
        f.pad(&s)
    }
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduces_compares_and_rounds() {
        assert_eq!(Value::new(10, 20), Value::new(1, 2));
        assert!(Value::new(1, 3) < Value::new(34, 100));
        assert_eq!(Value::new(18875, 10).round_half_up(), 1888);
        assert_eq!(Value::new(-3, 2).round_half_up(), -1);
        assert_eq!(Value::new(535, 40).to_string(), "13.38");
        assert_eq!(Value::tenths(125).to_string(), "12.5");
        assert_eq!(Value::int(7).to_string(), "7");
        assert_eq!(Value::new(975, 100).to_string(), "9.75");
    }
}
