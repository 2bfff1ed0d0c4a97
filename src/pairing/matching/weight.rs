//! Edge-weight arithmetic used by the weighted solver, and the fixed-width
//! signed integer [`Wide`] for weights wider than 128 bits.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, BitAnd, BitOr, Neg, Shl, Shr, Sub};

/// The arithmetic the weighted solver needs from an edge weight.
///
/// Weights are signed integers. The solver works internally with doubled
/// weights so that every dual variable stays an integer; it adds and
/// subtracts dual values and halves even values. Implementations must be
/// exact (no rounding) and must behave as two's-complement integers.
///
/// Headroom: with `M` the largest absolute edge weight, every dual stays
/// within `8 * M` in magnitude when maximum cardinality is not requested;
/// the solver also stores duals relative to the sum of its dual steps
/// (itself within `8 * M`), so keep `32 * M` representable. With
/// `max_cardinality = true` the vertex duals may become negative; keep
/// `4 * (n + 8) * M` representable. For `i64` and `n = 1000` that means
/// weights below about 2^51; a [`Wide`] weight should keep `log2(n) + 6`
/// spare bits above its highest field.
pub trait Weight:
    Copy + Ord + fmt::Debug + Add<Output = Self> + Sub<Output = Self> + Send + Sync + 'static
{
    /// The additive identity.
    const ZERO: Self;
    /// The value one.
    const ONE: Self;
    /// `2 * self`.
    fn double(self) -> Self;
    /// `self / 2`, rounding towards negative infinity (exact on even values,
    /// which is the only way the solver uses it).
    fn halve(self) -> Self;
}

impl Weight for i64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline]
    fn double(self) -> Self {
        self * 2
    }
    #[inline]
    fn halve(self) -> Self {
        self >> 1
    }
}

impl Weight for i128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    #[inline]
    fn double(self) -> Self {
        self * 2
    }
    #[inline]
    fn halve(self) -> Self {
        self >> 1
    }
}

/// A fixed-width signed integer of `64 * LIMBS` bits in two's complement
/// (little-endian limbs), for lexicographically stacked edge weights.
///
/// Arithmetic (`+`, `-`, unary `-`) wraps on overflow in release builds and
/// panics in debug builds, like the primitive integers; [`Wide::checked_add`]
/// and [`Wide::checked_sub`] report overflow instead. Shifts are logical for
/// `<<` and arithmetic (sign-extending) for `>>`; shifting by the full width
/// or more gives zero (or all sign bits for `>>`).
///
/// Building a weight field by field, most significant field first:
///
/// ```
/// use chess_arbiter::pairing::matching::Wide;
/// type W = Wide<4>; // 256 bits
/// let pairs = W::from_u64(3);
/// let colours = W::from_u64(5);
/// let w = (pairs << 20) | colours; // `pairs` in bits 20.., `colours` in bits 0..20
/// assert_eq!(w, W::from_u64((3 << 20) | 5));
/// assert_eq!(w >> 20, pairs);
/// ```
#[derive(Clone, Copy)]
pub struct Wide<const LIMBS: usize>(pub [u64; LIMBS]);

/// Limb by limb: the derived comparison of the arrays calls `memcmp`,
/// which showed as a seventh of the matcher's time (slack tests are
/// equality tests).
impl<const LIMBS: usize> PartialEq for Wide<LIMBS> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0u64;
        for i in 0..LIMBS {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}

impl<const LIMBS: usize> Eq for Wide<LIMBS> {}

/// The limbs, as equality compares them.
impl<const LIMBS: usize> std::hash::Hash for Wide<LIMBS> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<const LIMBS: usize> Wide<LIMBS> {
    /// Zero.
    pub const ZERO: Self = Wide([0; LIMBS]);
    /// The number of bits.
    pub const BITS: u32 = 64 * LIMBS as u32;

    /// The value of an unsigned 64-bit integer.
    pub const fn from_u64(x: u64) -> Self {
        let mut l = [0u64; LIMBS];
        if LIMBS > 0 {
            l[0] = x;
        }
        Wide(l)
    }

    /// The value of a signed 64-bit integer.
    pub const fn from_i64(x: i64) -> Self {
        let fill = if x < 0 { u64::MAX } else { 0 };
        let mut l = [fill; LIMBS];
        if LIMBS > 0 {
            l[0] = x as u64;
        }
        Wide(l)
    }

    /// The value of a signed 128-bit integer, or `None` if it does not fit
    /// (only possible when `LIMBS < 2`).
    pub fn from_i128(x: i128) -> Option<Self> {
        let fill = if x < 0 { u64::MAX } else { 0 };
        let mut l = [fill; LIMBS];
        let lo = x as u64;
        let hi = (x >> 64) as u64;
        match LIMBS {
            0 => return if x == 0 { Some(Wide(l)) } else { None },
            1 => {
                if i128::from(lo as i64) != x {
                    return None;
                }
                l[0] = lo;
            }
            _ => {
                l[0] = lo;
                l[1] = hi;
            }
        }
        Some(Wide(l))
    }

    /// The value as `i128`, or `None` if it does not fit.
    pub fn to_i128(self) -> Option<i128> {
        if LIMBS == 0 {
            return Some(0);
        }
        let neg = self.is_negative();
        let fill = if neg { u64::MAX } else { 0 };
        if self.0.iter().skip(2).any(|&l| l != fill) {
            return None;
        }
        let lo = u128::from(self.0[0]);
        let hi = if LIMBS > 1 {
            u128::from(self.0[1])
        } else {
            u128::from(fill)
        };
        let v = ((hi << 64) | lo) as i128;
        // For LIMBS > 2 the sign of the two low limbs must match the fill.
        if LIMBS > 2 && (v < 0) != neg {
            return None;
        }
        Some(v)
    }

    /// The largest value, `2^(BITS-1) - 1`.
    pub const fn max_value() -> Self {
        let mut l = [u64::MAX; LIMBS];
        if LIMBS > 0 {
            l[LIMBS - 1] = u64::MAX >> 1;
        }
        Wide(l)
    }

    /// The smallest value, `-2^(BITS-1)`.
    pub const fn min_value() -> Self {
        let mut l = [0; LIMBS];
        if LIMBS > 0 {
            l[LIMBS - 1] = 1 << 63;
        }
        Wide(l)
    }

    /// `2^k`; zero if `k >= BITS`. (`2^(BITS-1)` is the negative minimum.)
    pub fn pow2(k: u32) -> Self {
        Self::from_u64(1) << k
    }

    /// True if the value is below zero.
    #[inline]
    pub fn is_negative(self) -> bool {
        LIMBS > 0 && (self.0[LIMBS - 1] >> 63) == 1
    }

    /// True if the value is zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Addition modulo `2^BITS`, and whether signed overflow occurred.
    #[inline]
    pub fn overflowing_add(self, rhs: Self) -> (Self, bool) {
        let mut out = [0u64; LIMBS];
        let mut carry = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(rhs.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *o = s2;
            carry = c1 | c2;
        }
        let r = Wide(out);
        let ov = self.is_negative() == rhs.is_negative() && r.is_negative() != self.is_negative();
        (r, ov)
    }

    /// Subtraction modulo `2^BITS`, and whether signed overflow occurred.
    #[inline]
    pub fn overflowing_sub(self, rhs: Self) -> (Self, bool) {
        let mut out = [0u64; LIMBS];
        let mut borrow = false;
        for (i, o) in out.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(rhs.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *o = s2;
            borrow = b1 | b2;
        }
        let r = Wide(out);
        let ov = self.is_negative() != rhs.is_negative() && r.is_negative() != self.is_negative();
        (r, ov)
    }

    /// `self + rhs`, or `None` on signed overflow.
    pub fn checked_add(self, rhs: Self) -> Option<Self> {
        match self.overflowing_add(rhs) {
            (r, false) => Some(r),
            _ => None,
        }
    }

    /// `self - rhs`, or `None` on signed overflow.
    pub fn checked_sub(self, rhs: Self) -> Option<Self> {
        match self.overflowing_sub(rhs) {
            (r, false) => Some(r),
            _ => None,
        }
    }

    /// Addition modulo `2^BITS`.
    pub fn wrapping_add(self, rhs: Self) -> Self {
        self.overflowing_add(rhs).0
    }

    /// Subtraction modulo `2^BITS`.
    pub fn wrapping_sub(self, rhs: Self) -> Self {
        self.overflowing_sub(rhs).0
    }

    /// Negation modulo `2^BITS` (`MIN` maps to itself).
    pub fn wrapping_neg(self) -> Self {
        Self::ZERO.wrapping_sub(self)
    }

    /// `x << shift`: a field of value `x` whose lowest bit is `shift`.
    /// Combine disjoint fields with `|` (or `+`).
    pub fn field(x: u64, shift: u32) -> Self {
        Self::from_u64(x) << shift
    }

    /// The number of significant bits of the absolute value (0 for zero).
    pub fn bit_len(self) -> u32 {
        let m = if self.is_negative() {
            self.wrapping_neg()
        } else {
            self
        };
        for i in (0..LIMBS).rev() {
            if m.0[i] != 0 {
                return 64 * i as u32 + (64 - m.0[i].leading_zeros());
            }
        }
        0
    }

    /// Bit `k` (0 = least significant) of the two's-complement representation.
    pub fn bit(self, k: u32) -> bool {
        let i = (k / 64) as usize;
        i < LIMBS && (self.0[i] >> (k % 64)) & 1 == 1
    }

    /// Divides the non-negative magnitude in place by a small divisor and
    /// returns the remainder (used for decimal formatting).
    fn divrem_small(limbs: &mut [u64; LIMBS], d: u64) -> u64 {
        let mut rem: u128 = 0;
        for l in limbs.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*l);
            *l = (cur / u128::from(d)) as u64;
            rem = cur % u128::from(d);
        }
        rem as u64
    }
}

impl<const LIMBS: usize> Default for Wide<LIMBS> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const LIMBS: usize> From<u64> for Wide<LIMBS> {
    fn from(x: u64) -> Self {
        Self::from_u64(x)
    }
}

impl<const LIMBS: usize> From<i64> for Wide<LIMBS> {
    fn from(x: i64) -> Self {
        Self::from_i64(x)
    }
}

impl<const LIMBS: usize> Ord for Wide<LIMBS> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..LIMBS).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const LIMBS: usize> PartialOrd for Wide<LIMBS> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `Add` / `Sub` through the overflowing operation, which must not overflow
/// (checked in debug builds).
macro_rules! checked_op {
    ($tr:ident, $f:ident, $over:ident, $what:literal) => {
        impl<const LIMBS: usize> $tr for Wide<LIMBS> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let (r, ov) = self.$over(rhs);
                debug_assert!(!ov, concat!("Wide ", $what, " overflowed"));
                r
            }
        }
    };
}
checked_op!(Add, add, overflowing_add, "addition");
checked_op!(Sub, sub, overflowing_sub, "subtraction");

impl<const LIMBS: usize> Neg for Wide<LIMBS> {
    type Output = Self;
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}

/// `BitOr` / `BitAnd`, limb by limb.
macro_rules! limbwise_op {
    ($tr:ident, $f:ident, $op:tt) => {
        impl<const LIMBS: usize> $tr for Wide<LIMBS> {
            type Output = Self;
            fn $f(self, rhs: Self) -> Self {
                let mut out = self.0;
                for (o, r) in out.iter_mut().zip(rhs.0.iter()) {
                    *o $op r;
                }
                Wide(out)
            }
        }
    };
}
limbwise_op!(BitOr, bitor, |=);
limbwise_op!(BitAnd, bitand, &=);

impl<const LIMBS: usize> Shl<u32> for Wide<LIMBS> {
    type Output = Self;
    fn shl(self, k: u32) -> Self {
        let mut out = [0u64; LIMBS];
        let limbs = (k / 64) as usize;
        let bits = k % 64;
        for i in (limbs..LIMBS).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            out[i] = v;
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> Shr<u32> for Wide<LIMBS> {
    type Output = Self;
    fn shr(self, k: u32) -> Self {
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let mut out = [fill; LIMBS];
        let limbs = (k / 64) as usize;
        let bits = k % 64;
        for (i, o) in out.iter_mut().enumerate() {
            let src = i + limbs;
            if src >= LIMBS {
                break;
            }
            let hi = if src + 1 < LIMBS {
                self.0[src + 1]
            } else {
                fill
            };
            *o = if bits == 0 {
                self.0[src]
            } else {
                (self.0[src] >> bits) | (hi << (64 - bits))
            };
        }
        Wide(out)
    }
}

impl<const LIMBS: usize> Weight for Wide<LIMBS> {
    const ZERO: Self = Wide([0; LIMBS]);
    const ONE: Self = Wide::from_u64(1);
    #[inline]
    fn double(self) -> Self {
        self + self
    }
    #[inline]
    fn halve(self) -> Self {
        self >> 1
    }
}

impl<const LIMBS: usize> fmt::Display for Wide<LIMBS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let neg = self.is_negative();
        // The magnitude of MIN does not fit as a positive value, but its
        // two's-complement bit pattern read unsigned is exactly 2^(BITS-1).
        let mut mag = if neg && *self != Self::min_value() {
            self.wrapping_neg().0
        } else {
            self.0
        };
        let mut chunks = Vec::new();
        loop {
            chunks.push(Self::divrem_small(&mut mag, 10_000_000_000_000_000_000));
            if mag.iter().all(|&l| l == 0) {
                break;
            }
        }
        let mut digits = String::new();
        let mut it = chunks.iter().rev();
        if let Some(first) = it.next() {
            digits.push_str(&first.to_string());
        }
        for c in it {
            digits.push_str(&format!("{c:019}"));
        }
        f.pad_integral(!neg, "", &digits)
    }
}

impl<const LIMBS: usize> fmt::Debug for Wide<LIMBS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Wide({self})")
    }
}
