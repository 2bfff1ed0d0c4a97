//! The app's uploads, in memory only: bounded by their estimated bytes and by
//! age, each client's most recent upload kept before anyone else's older
//! ones, and a short memory of the ids that went (and why) so that a page
//! can say "this upload expired" instead of a bare 404.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How much the store may hold and for how long.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// Sum of the uploads' estimated sizes.
    pub(crate) bytes: usize,
    /// An upload unused this long goes, unless it is its client's latest.
    pub(crate) idle: Duration,
    /// A client's latest upload unused this long goes too.
    pub(crate) idle_latest: Duration,
}

/// Ids that went, remembered to explain a late visit.
const GONE_KEPT: usize = 4096;

/// Why an upload is no longer here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Why {
    /// Unused longer than the limit.
    Age,
    /// Pushed out by newer uploads (the store is bounded by bytes).
    Space,
}

/// What a lookup found.
pub(crate) enum Lookup<T> {
    Found(Arc<T>),
    /// The id was issued here, then dropped: when and why.
    Gone {
        why: Why,
        ago: Duration,
    },
    Unknown,
}

struct Entry<T> {
    value: Arc<T>,
    size: usize,
    client: String,
    used: Instant,
}

pub(crate) struct Store<T> {
    limits: Limits,
    map: HashMap<String, Entry<T>>,
    bytes: usize,
    /// Each client's most recent upload id.
    latest: HashMap<String, String>,
    gone: HashMap<String, (Why, Instant)>,
    gone_order: VecDeque<String>,
}

impl<T> Store<T> {
    pub(crate) fn new(limits: Limits) -> Store<T> {
        Store {
            limits,
            map: HashMap::new(),
            bytes: 0,
            latest: HashMap::new(),
            gone: HashMap::new(),
            gone_order: VecDeque::new(),
        }
    }

    /// The sum of the estimated sizes held.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }

    pub(crate) fn get(&mut self, id: &str, now: Instant) -> Lookup<T> {
        if let Some(e) = self.map.get_mut(id) {
            e.used = now;
            return Lookup::Found(e.value.clone());
        }
        match self.gone.get(id) {
            Some(&(why, at)) => Lookup::Gone {
                why,
                ago: now.saturating_duration_since(at),
            },
            None => Lookup::Unknown,
        }
    }

    /// Keep `value` (of about `size` bytes) under `id` for `client`, after
    /// making room: the expired first, then the least recently used uploads
    /// that are not their client's latest, then (only when that is not
    /// enough) other clients' latest ones, oldest first.
    pub(crate) fn insert(
        &mut self,
        id: String,
        client: String,
        value: T,
        size: usize,
        now: Instant,
    ) {
        self.expire(now);
        // the client's previous upload is an ordinary one from now on
        self.latest.insert(client.clone(), id.clone());
        while self.bytes + size > self.limits.bytes && !self.map.is_empty() {
            let victim = self
                .lru(|store, k, e| store.latest.get(&e.client).is_none_or(|l| l != k))
                .or_else(|| self.lru(|_, _, _| true));
            match victim {
                Some(k) => self.remove(&k, Why::Space, now),
                None => break,
            }
        }
        self.bytes += size;
        self.map.insert(
            id,
            Entry {
                value: Arc::new(value),
                size,
                client,
                used: now,
            },
        );
    }

    /// Drop what has been unused too long.
    pub(crate) fn expire(&mut self, now: Instant) {
        let old: Vec<String> = self
            .map
            .iter()
            .filter(|(k, e)| {
                let idle = now.saturating_duration_since(e.used);
                let latest = self.latest.get(&e.client).is_some_and(|l| l == *k);
                idle >= if latest {
                    self.limits.idle_latest
                } else {
                    self.limits.idle
                }
            })
            .map(|(k, _)| k.clone())
            .collect();
        for k in old {
            self.remove(&k, Why::Age, now);
        }
    }

    fn lru(&self, keep: impl Fn(&Self, &String, &Entry<T>) -> bool) -> Option<String> {
        self.map
            .iter()
            .filter(|(k, e)| keep(self, k, e))
            .min_by_key(|(_, e)| e.used)
            .map(|(k, _)| k.clone())
    }

    fn remove(&mut self, id: &str, why: Why, now: Instant) {
        let Some(e) = self.map.remove(id) else {
            return;
        };
        self.bytes = self.bytes.saturating_sub(e.size);
        if self.latest.get(&e.client).is_some_and(|l| l == id) {
            self.latest.remove(&e.client);
        }
        if self.gone_order.len() >= GONE_KEPT {
            if let Some(k) = self.gone_order.pop_front() {
                self.gone.remove(&k);
            }
        }
        self.gone_order.push_back(id.to_string());
        self.gone.insert(id.to_string(), (why, now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(bytes: usize) -> Limits {
        Limits {
            bytes,
            idle: Duration::from_secs(60),
            idle_latest: Duration::from_secs(600),
        }
    }

    fn found<T>(l: Lookup<T>) -> bool {
        matches!(l, Lookup::Found(_))
    }

    /// #34 item 4: 50 clients uploading in turn pushed each other's uploads
    /// out (a cap of 32 by count); each client's latest one now stays while
    /// the bytes allow, and older ones go first.
    #[test]
    fn store_keeps_each_clients_latest_upload_before_older_ones() {
        let t0 = Instant::now();
        let mut s = Store::new(limits(100));
        let at = |i: u64| t0 + Duration::from_millis(i);
        for c in 0..10 {
            s.insert(format!("old{c}"), format!("c{c}"), (), 5, at(2 * c));
            s.insert(format!("new{c}"), format!("c{c}"), (), 5, at(2 * c + 1));
        }
        assert_eq!(s.bytes(), 100);
        // one more client: the least recently used old upload goes; new0,
        // older than old1..old9, stays as its client's latest
        s.insert("new10".into(), "c10".into(), (), 5, at(30));
        assert!(s.bytes() <= 100);
        for c in 0..=10 {
            assert!(found(s.get(&format!("new{c}"), t0)), "new{c}");
        }
        assert!(matches!(
            s.get("old0", t0),
            Lookup::Gone {
                why: Why::Space,
                ..
            }
        ));
        assert!(matches!(s.get("never", t0), Lookup::Unknown));
    }

    #[test]
    fn store_is_bounded_by_bytes_even_when_every_upload_is_a_latest_one() {
        let t0 = Instant::now();
        let mut s = Store::new(limits(50));
        for c in 0..20 {
            s.insert(format!("u{c}"), format!("c{c}"), (), 10, t0);
            assert!(s.bytes() <= 50);
        }
        assert_eq!(s.len(), 5);
        assert!(found(s.get("u19", t0)));
    }

    #[test]
    fn store_expires_unused_uploads_by_age_and_says_so() {
        let t0 = Instant::now();
        let mut s = Store::new(limits(1000));
        s.insert("a".into(), "c".into(), (), 1, t0);
        s.insert("b".into(), "c".into(), (), 1, t0);
        s.expire(t0 + Duration::from_secs(61));
        assert!(matches!(
            s.get("a", t0 + Duration::from_secs(70)),
            Lookup::Gone { why: Why::Age, ago } if ago == Duration::from_secs(9)
        ));
        // the client's latest lasts longer
        assert!(found(s.get("b", t0 + Duration::from_secs(61))));
        s.expire(t0 + Duration::from_secs(61 + 600));
        assert!(!found(s.get("b", t0 + Duration::from_secs(700))));
        assert_eq!(s.bytes(), 0);
    }
}
