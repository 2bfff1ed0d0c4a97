//! What a list may cost while it streams: a line of a TXT list or an event of
//! an XML list (a text, a tag, a skipped `<player>` element) is held whole in
//! memory, so each is bounded; a zipped list's inflated size is bounded too,
//! counted as it inflates (the size a member declares is never trusted).

use std::cell::Cell;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

/// The longest line or XML event a list may hold (a list line is about 200
/// bytes, a `<player>` element about 500).
pub(super) const MAX_CHUNK: usize = 1 << 20;

/// A zipped list may inflate to at most this many times the archive's size
/// (FIDE's zipped lists inflate about 5 to 30 times; a run of zeros 1,000
/// times) ...
pub(super) const MAX_RATIO: u64 = 200;
/// ... plus this much, so a small archive of a few players still reads.
pub(super) const INFLATE_SLACK: u64 = 64 << 20;

/// Why a [`Bounded`] reader stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Tripped {
    /// One line or XML event over [`MAX_CHUNK`].
    Chunk,
    /// More bytes in all than the limit.
    Total(u64),
}

/// A `BufRead` that refuses to hand over more than `total` bytes in all, or
/// more than [`MAX_CHUNK`] between two calls of [`Bounded::reset`].
pub(super) struct Bounded<R> {
    inner: R,
    total: Option<u64>,
    read: u64,
    chunk: usize,
    tripped: Rc<Cell<Option<Tripped>>>,
}

impl<R: BufRead> Bounded<R> {
    pub(super) fn new(inner: R, total: Option<u64>) -> Bounded<R> {
        Bounded {
            inner,
            total,
            read: 0,
            chunk: 0,
            tripped: Rc::new(Cell::new(None)),
        }
    }

    /// Where the caller learns why reading stopped, after the reader is gone.
    pub(super) fn tripped(&self) -> Rc<Cell<Option<Tripped>>> {
        Rc::clone(&self.tripped)
    }

    /// A new line or event starts.
    pub(super) fn reset(&mut self) {
        self.chunk = 0;
    }

    fn trip(&self, why: Tripped) -> io::Error {
        self.tripped.set(Some(why));
        let m = match why {
            Tripped::Chunk => format!("a line or element longer than {MAX_CHUNK} bytes"),
            Tripped::Total(t) => format!("more than {t} bytes inflated"),
        };
        io::Error::other(m)
    }
}

impl<R: BufRead> BufRead for Bounded<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if let Some(t) = self.total.filter(|t| self.read > *t) {
            return Err(self.trip(Tripped::Total(t)));
        }
        if self.chunk > MAX_CHUNK {
            return Err(self.trip(Tripped::Chunk));
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.read += amt as u64;
        self.chunk = self.chunk.saturating_add(amt);
        self.inner.consume(amt);
    }
}

impl<R: BufRead> Read for Bounded<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let avail = self.fill_buf()?;
        let n = avail.len().min(out.len());
        out[..n].copy_from_slice(&avail[..n]);
        self.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_over_the_bound_stops_the_reader() {
        let data = vec![b'0'; MAX_CHUNK * 3];
        let mut r = Bounded::new(io::BufReader::new(&data[..]), None);
        let t = r.tripped();
        let mut buf = Vec::new();
        assert!(r.read_until(b'\n', &mut buf).is_err());
        assert!(buf.len() < MAX_CHUNK * 2);
        assert_eq!(t.get(), Some(Tripped::Chunk));
    }

    #[test]
    fn lines_under_the_bound_read_after_reset() {
        let data = format!("{}\n", "1".repeat(1000)).repeat(3000);
        let mut r = Bounded::new(io::BufReader::new(data.as_bytes()), None);
        let mut buf = Vec::new();
        let mut lines = 0;
        loop {
            r.reset();
            buf.clear();
            if r.read_until(b'\n', &mut buf).unwrap_or(0) == 0 {
                break;
            }
            lines += 1;
        }
        assert_eq!(lines, 3000);
    }

    #[test]
    fn more_than_the_total_stops_the_reader() {
        let data = vec![b'\n'; 10_000];
        let mut r = Bounded::new(io::BufReader::with_capacity(100, &data[..]), Some(5_000));
        let t = r.tripped();
        let mut sink = Vec::new();
        assert!(io::copy(&mut r, &mut sink).is_err());
        assert!(sink.len() <= 5_100);
        assert_eq!(t.get(), Some(Tripped::Total(5_000)));
    }
}
