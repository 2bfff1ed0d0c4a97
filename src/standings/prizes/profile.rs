//! The tournament profile: an event's regulations as a TOML file.
//!
//! The `[standings]` table (tie-breaks, edition, reference date and the
//! categories) is [`StandingsProfile`], shared with `arbiter standings`; this
//! module adds `[event]`, `[prizes]` and optional extra `[sections.NAME]`
//! (e.g. a blitz side event played with the same categories).
//!
//! ```toml
//! [event]
//! name = "2023 CTCA International Chess Open"
//!
//! [standings]
//! tiebreaks = ["DE", "BH/M1", "BH", "OTHER_WINS_FORFEITS_NO_BYES"]
//! [[standings.categories]]
//! name = "Open"
//! [[standings.categories]]
//! name = "U13 Girls"
//! born_from = 2010-01-01
//! sex = "female"
//!
//! [prizes]
//! currency = "NT$"           # label only
//! sharing = "pooled"         # pooled | hort | none
//! hort_keep_percent = 50     # hort only: share of the own place prize each keeps
//! rounding = "down"          # down | nearest: shares rounded to `rounding_unit`
//! rounding_unit = 1
//! one_prize_per_player = true
//! value = "gross"            # gross | net: what "bigger prize" means
//! priority = ["Open"]        # then this order for prizes of equal value
//! tied_awards = "listed_order"   # or best_place
//! tied_settlement = "one-at-a-time"   # or together
//! award_values = { trophy = 3, medal = 2 }
//! pro_rata = { min_players = 10 }
//! tax = { rate_percent = 10, min_gross = 20000 }
//!
//! [[prizes.tables]]
//! category = "Open"          # a name from [standings.categories]
//! cash = [45000, 30000, 15000]
//! awards = [ { places = "1-3", items = ["trophy"] } ]
//!
//! [sections.blitz]
//! name = "Blitz"
//! # [sections.blitz.standings]: optional; defaults to the main [standings]
//! [sections.blitz.prizes]
//! # same keys as [prizes]
//! ```
//!
//! Every error names the file, line, column and key.

use std::collections::BTreeMap;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::rules::{
    OnePrize, PlacePrize, PrizeRules, ProRata, Rounding, RoundingMode, Sharing, Tax, TiedAwards,
    TiedSettlement, ValueBasis,
};
use crate::diag::{codes, Diagnostic, Family, Location};
use crate::standings::StandingsProfile;

/// A parsed, validated profile.
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    /// `[event] name`: the event's name in plain text (empty when the profile does not name it).
    pub event_name: String,
    /// The main section (top-level `[standings]` and `[prizes]`).
    pub main: Section,
    /// Extra sections by key (`[sections.blitz]`), in key order.
    pub sections: BTreeMap<String, Section>,
}

/// How each section is played (`[play]`, `[sections.KEY.play]`), read by the
/// event file.
pub use crate::model::play::PlaySettings;

/// One playing section: how it is ranked and what it pays.
#[derive(Debug, Clone, PartialEq)]
pub struct Section {
    /// The section's name: `[sections.KEY] name`, else the key; the main section's is the
    /// event's name, else `main`.
    pub name: String,
    /// The section's name by language; the main section's is the event's
    /// (`[event] name = { en = ..., zh-TW = ... }`).
    pub names: crate::model::Names,
    /// `[event] lang`: the language tag the profile asks for, if any (the
    /// same in every section).
    pub lang: Option<String>,
    /// How the section is ranked: `[standings]` (or `[sections.KEY.standings]`, which defaults
    /// to the main one).
    pub standings: StandingsProfile,
    /// How prizes are shared, rounded and taxed: `[prizes]` (or `[sections.KEY.prizes]`).
    pub rules: PrizeRules,
    /// Prize tables, in the order given (also the default priority order).
    pub tables: Vec<PrizeTable>,
    /// How it is played: rounds, system, dates, bye rules.
    pub play: PlaySettings,
}

/// The prize table of one category.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeTable {
    /// The category's name, one declared in `[standings.categories]`.
    pub category: String,
    /// Index 0 is 1st place.
    pub places: Vec<PlacePrize>,
}

impl Profile {
    /// The section `key`, or the main one for `None`.
    pub fn section(&self, key: Option<&str>) -> Option<&Section> {
        match key {
            None => Some(&self.main),
            Some(k) => self.sections.get(k),
        }
    }

    /// Parse `text`; `file` names it in diagnostics. All errors found are returned.
    pub fn from_toml(text: &str, file: &str) -> Result<Profile, Vec<Diagnostic>> {
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let full = e.to_string();
            // The Display text names the key path: "... for key `prizes.sharing`".
            let key = full
                .split_once("for key `")
                .and_then(|(_, rest)| rest.split_once('`'))
                .map(|(k, _)| k.to_string());
            let loc = locate(text, file, e.span(), key.as_deref());
            vec![Diagnostic::error(
                codes::PROFILE_SYNTAX,
                Family::Syntax,
                loc,
                first_line(e.message()),
            )]
        })?;
        let mut errs = Vec::new();
        let (event_names, lang) = raw.event.map(|e| (e.name, e.lang)).unwrap_or_default();
        let event_name = event_names.as_plain().to_string();
        let mut main = build_section(
            text,
            file,
            "",
            if event_name.is_empty() {
                crate::model::Names::plain("main")
            } else {
                event_names.clone()
            },
            raw.standings.clone(),
            raw.prizes,
            &mut errs,
        );
        main.play = raw.play;
        main.lang = lang.clone();
        let mut sections = BTreeMap::new();
        for (key, s) in raw.sections {
            let standings = s.standings.unwrap_or_else(|| raw.standings.clone());
            let mut sec = build_section(
                text,
                file,
                &format!("sections.{key}."),
                s.name
                    .unwrap_or_else(|| crate::model::Names::plain(key.clone())),
                standings,
                s.prizes,
                &mut errs,
            );
            sec.play = s.play;
            sec.lang = lang.clone();
            sections.insert(key, sec);
        }
        if errs.is_empty() {
            Ok(Profile {
                event_name,
                main,
                sections,
            })
        } else {
            Err(errs)
        }
    }
}

fn first_line(s: &str) -> String {
    s.lines()
        .next()
        .unwrap_or("")
        .trim()
        .trim_end_matches('.')
        .to_string()
}

/// File, line and column of a byte span.
fn locate(text: &str, file: &str, span: Option<Range<usize>>, key: Option<&str>) -> Location {
    crate::standings::profile_locate::toml_location(text, file, span, key)
}

// ---------------------------------------------------------------- raw shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    event: Option<RawEvent>,
    #[serde(default)]
    standings: StandingsProfile,
    #[serde(default)]
    prizes: Option<RawPrizes>,
    #[serde(default)]
    sections: BTreeMap<String, RawSection>,
    #[serde(default)]
    play: PlaySettings,
    /// `[entry]`: checked by `arbiter validate --profile` (crate::validate::entry).
    #[serde(default)]
    #[allow(dead_code)]
    entry: Option<toml::Table>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    #[serde(default)]
    name: crate::model::Names,
    /// `lang`: the language of pages and statements (`en`, `zh-TW`), a
    /// BCP 47 tag; `--lang` overrides it.
    #[serde(default)]
    lang: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSection {
    #[serde(default)]
    name: Option<crate::model::Names>,
    #[serde(default)]
    standings: Option<StandingsProfile>,
    #[serde(default)]
    prizes: Option<RawPrizes>,
    #[serde(default)]
    play: PlaySettings,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum RawSharing {
    Pooled,
    Hort,
    None,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrizes {
    #[serde(default)]
    currency: String,
    #[serde(default = "default_sharing")]
    sharing: RawSharing,
    #[serde(default)]
    hort_keep_percent: Option<Spanned<i64>>,
    #[serde(default = "default_rounding")]
    rounding: RoundingMode,
    #[serde(default)]
    rounding_unit: Option<Spanned<i64>>,
    #[serde(default = "default_true")]
    one_prize_per_player: bool,
    #[serde(default = "default_value")]
    value: ValueBasis,
    #[serde(default)]
    priority: Vec<Spanned<String>>,
    #[serde(default = "default_tied_awards")]
    tied_awards: TiedAwards,
    #[serde(default)]
    tied_settlement: TiedSettlement,
    #[serde(default)]
    award_values: BTreeMap<String, u32>,
    #[serde(default)]
    pro_rata: Option<RawProRata>,
    #[serde(default)]
    tax: Option<RawTax>,
    #[serde(default)]
    tables: Vec<RawTable>,
}

fn default_sharing() -> RawSharing {
    RawSharing::Pooled
}
fn default_rounding() -> RoundingMode {
    RoundingMode::Down
}
fn default_true() -> bool {
    true
}
fn default_value() -> ValueBasis {
    ValueBasis::Gross
}
fn default_tied_awards() -> TiedAwards {
    TiedAwards::ListedOrder
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProRata {
    min_players: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTax {
    rate_percent: Spanned<f64>,
    #[serde(default)]
    min_gross: Option<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    /// One category, or several sharing the table (`categories`).
    #[serde(default)]
    category: Option<Spanned<String>>,
    #[serde(default)]
    categories: Vec<Spanned<String>>,
    #[serde(default)]
    cash: Vec<Spanned<i64>>,
    #[serde(default)]
    awards: Vec<RawAward>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAward {
    places: Spanned<String>,
    items: Vec<String>,
}

// ---------------------------------------------------------------- validation

/// Parse `"4"` or `"4-6"` into an inclusive 1-based range.
fn parse_places(s: &str) -> Option<(u32, u32)> {
    let s = s.trim();
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (s, s),
    };
    let a: u32 = a.parse().ok()?;
    let b: u32 = b.parse().ok()?;
    (a >= 1 && a <= b && b <= 1000).then_some((a, b))
}

fn build_section(
    text: &str,
    file: &str,
    prefix: &str,
    names: crate::model::Names,
    standings: StandingsProfile,
    prizes: Option<RawPrizes>,
    errs: &mut Vec<Diagnostic>,
) -> Section {
    let mut err = |span: Range<usize>, key: &str, msg: String| {
        errs.push(Diagnostic::error(
            codes::PROFILE_INVALID,
            Family::Consistency,
            locate(text, file, Some(span), Some(&format!("{prefix}{key}"))),
            msg,
        ));
    };
    let name = names.as_plain().to_string();
    let Some(p) = prizes else {
        return Section {
            name,
            names,
            lang: None,
            standings,
            rules: PrizeRules::default(),
            tables: Vec::new(),
            play: PlaySettings::default(),
        };
    };
    let category_names: Vec<&str> = standings
        .categories
        .iter()
        .map(|c| c.name.as_str())
        .collect();

    let sharing = match p.sharing {
        RawSharing::Pooled => Sharing::Pooled,
        RawSharing::None => Sharing::None,
        RawSharing::Hort => {
            let keep = match &p.hort_keep_percent {
                Some(k) if (0..=100).contains(k.get_ref()) => *k.get_ref() as u32,
                Some(k) => {
                    err(
                        k.span(),
                        "prizes.hort_keep_percent",
                        format!("expected a percentage from 0 to 100, found {}", k.get_ref()),
                    );
                    50
                }
                None => 50,
            };
            Sharing::Hort { keep_percent: keep }
        }
    };
    if let (Some(k), false) = (&p.hort_keep_percent, p.sharing == RawSharing::Hort) {
        err(
            k.span(),
            "prizes.hort_keep_percent",
            "expected sharing = \"hort\" with hort_keep_percent, found another sharing rule".into(),
        );
    }
    let unit = match &p.rounding_unit {
        Some(u) if *u.get_ref() >= 1 => *u.get_ref(),
        Some(u) => {
            err(
                u.span(),
                "prizes.rounding_unit",
                format!(
                    "expected a whole amount of at least 1, found {}",
                    u.get_ref()
                ),
            );
            1
        }
        None => 1,
    };
    let pro_rata = p.pro_rata.as_ref().and_then(|r| {
        let v = *r.min_players.get_ref();
        if (1..=100_000).contains(&v) {
            Some(ProRata {
                min_players: v as u32,
            })
        } else {
            err(
                r.min_players.span(),
                "prizes.pro_rata.min_players",
                format!("expected a number of players of at least 1, found {v}"),
            );
            None
        }
    });
    let tax = p.tax.as_ref().and_then(|t| {
        let rate = *t.rate_percent.get_ref();
        let bp = (rate * 100.0).round();
        if !(0.0..=100.0).contains(&rate) || (rate * 100.0 - bp).abs() > 1e-6 {
            err(
                t.rate_percent.span(),
                "prizes.tax.rate_percent",
                format!(
                    "expected a percentage from 0 to 100 with at most 2 decimals, found {rate}"
                ),
            );
            return None;
        }
        let min_gross = match &t.min_gross {
            Some(m) if *m.get_ref() >= 0 => *m.get_ref(),
            Some(m) => {
                err(
                    m.span(),
                    "prizes.tax.min_gross",
                    format!("expected an amount of at least 0, found {}", m.get_ref()),
                );
                0
            }
            None => 0,
        };
        Some(Tax {
            rate_bp: bp as u32,
            min_gross,
        })
    });

    let mut tables: Vec<PrizeTable> = Vec::new();
    for (ti, t) in p.tables.iter().enumerate() {
        let key = format!("prizes.tables[{ti}]");
        // The categories this table serves, each with its key for errors.
        let mut served: Vec<(&Spanned<String>, String)> = Vec::new();
        if let Some(c) = &t.category {
            served.push((c, format!("{key}.category")));
        }
        for (k, c) in t.categories.iter().enumerate() {
            served.push((c, format!("{key}.categories[{k}]")));
        }
        if served.is_empty() {
            let span = t.awards.first().map(|a| a.places.span()).unwrap_or(0..0);
            err(
                span,
                &key,
                "expected category = \"NAME\" or categories = [\"NAME\", ...], found neither"
                    .into(),
            );
        }
        let first_new = tables.len();
        for (c, ckey) in &served {
            let cat = c.get_ref();
            if !category_names.contains(&cat.as_str()) {
                err(
                    c.span(),
                    ckey,
                    format!(
                        "expected one of the categories in [standings.categories] ({}), found \"{cat}\"",
                        category_names.join(", ")
                    ),
                );
            }
            if tables.iter().any(|x| &x.category == cat) {
                err(
                    c.span(),
                    ckey,
                    format!(
                        "expected one prize table per category, found a second one for \"{cat}\""
                    ),
                );
            }
            tables.push(PrizeTable {
                category: cat.clone(),
                places: Vec::new(),
            });
        }
        let mut places: Vec<PlacePrize> = Vec::new();
        for (i, c) in t.cash.iter().enumerate() {
            let v = *c.get_ref();
            if v < 0 {
                err(
                    c.span(),
                    &format!("{key}.cash[{i}]"),
                    format!("expected an amount of at least 0, found {v}"),
                );
            }
            places.push(PlacePrize {
                cash: v.max(0),
                awards: Vec::new(),
            });
        }
        let mut seen: Vec<u32> = Vec::new();
        for (ai, a) in t.awards.iter().enumerate() {
            let Some((lo, hi)) = parse_places(a.places.get_ref()) else {
                err(
                    a.places.span(),
                    &format!("{key}.awards[{ai}].places"),
                    format!(
                        "expected a place or a range like \"4-6\", found \"{}\"",
                        a.places.get_ref()
                    ),
                );
                continue;
            };
            if let Some(dup) = (lo..=hi).find(|p| seen.contains(p)) {
                err(
                    a.places.span(),
                    &format!("{key}.awards[{ai}].places"),
                    format!("expected each place in one awards entry, found place {dup} twice"),
                );
            }
            seen.extend(lo..=hi);
            while places.len() < hi as usize {
                places.push(PlacePrize::default());
            }
            for pl in lo..=hi {
                if let Some(slot) = places.get_mut(pl as usize - 1) {
                    slot.awards.extend(a.items.iter().cloned());
                }
            }
        }
        for table in tables.iter_mut().skip(first_new) {
            table.places = places.clone();
        }
    }

    let mut priority = Vec::new();
    for (i, pr) in p.priority.iter().enumerate() {
        match tables.iter().position(|t| &t.category == pr.get_ref()) {
            Some(ci) if priority.contains(&ci) => err(
                pr.span(),
                &format!("prizes.priority[{i}]"),
                format!(
                    "expected each category once in the priority order, found \"{}\" twice",
                    pr.get_ref()
                ),
            ),
            Some(ci) => priority.push(ci),
            None => err(
                pr.span(),
                &format!("prizes.priority[{i}]"),
                format!(
                    "expected a category with a prize table ({}), found \"{}\"",
                    tables
                        .iter()
                        .map(|t| t.category.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    pr.get_ref()
                ),
            ),
        }
    }
    let rules = PrizeRules {
        sharing,
        rounding: Rounding {
            unit,
            mode: p.rounding,
        },
        one_prize: if p.one_prize_per_player {
            OnePrize::PerPlayer {
                value: p.value,
                priority,
            }
        } else {
            OnePrize::Cumulative
        },
        tied_awards: p.tied_awards,
        tied_settlement: p.tied_settlement,
        award_values: p.award_values,
        pro_rata,
        tax,
        currency: p.currency,
    };
    Section {
        name,
        names,
        lang: None,
        standings,
        rules,
        tables,
        play: PlaySettings::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[event]
name = "Test Open"

[standings]
tiebreaks = ["DE", "BH/M1"]
[[standings.categories]]
name = "Open"
[[standings.categories]]
name = "U13"
under = 13

[prizes]
currency = "NT$"
priority = ["U13"]
pro_rata = { min_players = 10 }
tax = { rate_percent = 10, min_gross = 20000 }

[[prizes.tables]]
category = "Open"
cash = [300, 200]
awards = [ { places = "1-3", items = ["trophy"] } ]

[[prizes.tables]]
category = "U13"
cash = [100]

[sections.blitz]
name = "Blitz"
[sections.blitz.prizes]
[[sections.blitz.prizes.tables]]
category = "U13"
awards = [ { places = "1", items = ["medal"] } ]
"#;

    #[test]
    fn reads_a_profile() {
        let p = Profile::from_toml(GOOD, "p.toml");
        let p = match p {
            Ok(p) => p,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(p.event_name, "Test Open");
        let m = &p.main;
        assert_eq!(m.tables.len(), 2);
        assert_eq!(
            m.tables[0].places,
            vec![
                PlacePrize {
                    cash: 300,
                    awards: vec!["trophy".into()]
                },
                PlacePrize {
                    cash: 200,
                    awards: vec!["trophy".into()]
                },
                PlacePrize {
                    cash: 0,
                    awards: vec!["trophy".into()]
                },
            ]
        );
        assert_eq!(
            m.rules.tax,
            Some(Tax {
                rate_bp: 1000,
                min_gross: 20000
            })
        );
        assert_eq!(m.rules.pro_rata, Some(ProRata { min_players: 10 }));
        assert_eq!(
            m.rules.one_prize,
            OnePrize::PerPlayer {
                value: ValueBasis::Gross,
                priority: vec![1]
            }
        );
        let b = p.section(Some("blitz"));
        assert_eq!(b.map(|b| b.name.as_str()), Some("Blitz"));
        // The blitz section inherits the main categories.
        assert_eq!(b.map(|b| b.standings.categories.len()), Some(2));
        assert_eq!(b.map(|b| b.tables[0].places[0].cash), Some(0));
    }

    fn errors(text: &str) -> Vec<String> {
        match Profile::from_toml(text, "bad.toml") {
            Ok(_) => vec![],
            Err(e) => e.iter().map(|d| d.to_string()).collect(),
        }
    }

    #[test]
    fn syntax_errors_are_located() {
        let e = errors("[prizes]\nsharing = \"split\"\n");
        assert_eq!(e.len(), 1);
        assert!(
            e[0].starts_with("error: bad.toml, line 2, cols 11-17: unknown variant `split`"),
            "{e:?}"
        );
        let e = errors("[prizes]\ncurrencey = \"NT$\"\n");
        assert!(
            e[0].starts_with("error: bad.toml, line 2, cols 1-9: unknown field `currencey`"),
            "{e:?}"
        );
    }

    #[test]
    fn semantic_errors_are_located_and_collected() {
        let text = GOOD
            .replace("category = \"U13\"\ncash", "category = \"U12\"\ncash")
            .replace("places = \"1-3\"", "places = \"3-1\"")
            .replace("rate_percent = 10,", "rate_percent = 110,");
        let e = errors(&text);
        assert_eq!(e.len(), 4, "{e:#?}");
        assert!(e.iter().any(|m| m.contains("bad.toml, line 17, cols 24-26 (prizes.tax.rate_percent): expected a percentage from 0 to 100 with at most 2 decimals, found 110")), "{e:#?}");
        assert!(e.iter().any(|m| m.contains("line 22, cols 23-27 (prizes.tables[0].awards[0].places): expected a place or a range like \"4-6\", found \"3-1\"")), "{e:#?}");
        assert!(e.iter().any(|m| m.contains("line 25, cols 12-16 (prizes.tables[1].category): expected one of the categories in [standings.categories] (Open, U13), found \"U12\"")), "{e:#?}");
        // The priority list now names a category without a table.
        assert!(e.iter().any(|m| m.contains("line 15, cols 13-17 (prizes.priority[0]): expected a category with a prize table (Open, U12), found \"U13\"")), "{e:#?}");
    }

    #[test]
    fn the_ctca_sample_reads() {
        let text = include_str!("../../../samples/ctca-2023.toml");
        let p = match Profile::from_toml(text, "samples/ctca-2023.toml") {
            Ok(p) => p,
            Err(e) => panic!("{e:?}"),
        };
        // Open and 14 age groups; the Senior group is its own section.
        assert_eq!(p.main.standings.categories.len(), 15);
        assert_eq!(p.main.tables.len(), 15);
        let open = &p.main.tables[0];
        let cash: Vec<i64> = open.places.iter().map(|x| x.cash).collect();
        assert_eq!(cash, [45_000, 30_000, 15_000, 7_500, 4_500, 3_000]);
        // The regulation's awards: Open 4-6 a medal and a certificate; other
        // categories' 4-6 also goods.
        assert_eq!(open.places[0].awards, ["trophy", "certificate"]);
        assert_eq!(open.places[3].awards, ["medal", "certificate"]);
        let u13g = p.main.tables.iter().find(|t| t.category == "U13 Girls");
        assert_eq!(
            u13g.map(|t| t.places[5].awards.clone()),
            Some(vec!["goods".into(), "medal".into(), "certificate".into()])
        );
        assert_eq!(
            u13g.map(|t| t.places.iter().map(|x| x.cash).collect::<Vec<_>>()),
            Some(vec![15_000, 9_000, 6_000, 0, 0, 0])
        );
        assert_eq!(
            p.main.rules.tax,
            Some(Tax {
                rate_bp: 1000,
                min_gross: 20_000
            })
        );
        assert_eq!(p.main.rules.pro_rata, Some(ProRata { min_players: 10 }));
        let senior = p.section(Some("senior"));
        assert_eq!(
            senior.map(|s| s.tables[0]
                .places
                .iter()
                .map(|x| (x.cash, x.awards.contains(&"goods".to_string())))
                .collect::<Vec<_>>()),
            Some(vec![
                (15_000, false),
                (9_000, false),
                (6_000, false),
                (0, true),
                (0, true),
                (0, true)
            ])
        );
        assert_eq!(
            senior.and_then(|s| s.rules.pro_rata),
            Some(ProRata { min_players: 10 })
        );
        let blitz = p.section(Some("blitz"));
        assert_eq!(blitz.map(|b| b.tables.len()), Some(16));
        // Open and Senior 1-6, age groups 1-3: medal, certificate, goods; 4-6 goods.
        assert_eq!(
            blitz.map(|b| b.tables[1].places[5].awards.clone()),
            Some(vec!["medal".into(), "certificate".into(), "goods".into()])
        );
        assert_eq!(
            blitz.map(|b| b.tables[2].places[3].awards.clone()),
            Some(vec!["goods".into()])
        );
        assert!(blitz.is_some_and(|b| b
            .tables
            .iter()
            .all(|t| t.places.iter().all(|x| x.cash == 0))));
        assert_eq!(blitz.map(|b| b.standings.categories.len()), Some(16));
    }

    #[test]
    fn places_ranges() {
        assert_eq!(parse_places("4-6"), Some((4, 6)));
        assert_eq!(parse_places(" 1 "), Some((1, 1)));
        assert_eq!(parse_places("0"), None);
        assert_eq!(parse_places("a-b"), None);
    }

    #[test]
    fn one_table_serves_several_categories_and_priorities_are_unique() {
        let text = r#"
[standings]
categories = [{ name = "Open" }, { name = "A" }, { name = "B" }]
[prizes]
priority = ["B", "A", "B"]
[[prizes.tables]]
category = "Open"
cash = [100]
[[prizes.tables]]
categories = ["A", "B"]
cash = [50, 20]
awards = [{ places = "3", items = ["goods"] }]
"#;
        let e = errors(text);
        assert_eq!(e.len(), 1, "{e:#?}");
        assert!(
            e[0].contains("(prizes.priority[2]): expected each category once in the priority order, found \"B\" twice"),
            "{e:#?}"
        );
        let p = match Profile::from_toml(
            &text.replace("[\"B\", \"A\", \"B\"]", "[\"B\", \"A\"]"),
            "p.toml",
        ) {
            Ok(p) => p,
            Err(e) => panic!("{e:?}"),
        };
        let names: Vec<&str> = p.main.tables.iter().map(|t| t.category.as_str()).collect();
        assert_eq!(names, ["Open", "A", "B"]);
        assert_eq!(p.main.tables[1].places, p.main.tables[2].places);
        assert_eq!(
            p.main.tables[2].places,
            vec![
                PlacePrize {
                    cash: 50,
                    awards: vec![]
                },
                PlacePrize {
                    cash: 20,
                    awards: vec![]
                },
                PlacePrize {
                    cash: 0,
                    awards: vec!["goods".into()]
                },
            ]
        );
        let e = errors(&text.replace("categories = [\"A\", \"B\"]\n", ""));
        assert!(
            e.iter()
                .any(|m| m
                    .contains("(prizes.tables[1]): expected category = \"NAME\" or categories")),
            "{e:#?}"
        );
        let e = errors(&text.replace("[\"A\", \"B\"]", "[\"A\", \"C\"]"));
        assert!(
            e.iter()
                .any(|m| m
                    .contains("(prizes.tables[1].categories[1]): expected one of the categories")),
            "{e:#?}"
        );
    }

    #[test]
    fn tied_settlement_and_tied_awards_keys() {
        let base = "[standings]\ncategories = [{ name = \"Open\" }]\n[prizes]\n";
        let read = |extra: &str| match Profile::from_toml(&format!("{base}{extra}"), "p.toml") {
            Ok(p) => (p.main.rules.tied_settlement, p.main.rules.tied_awards),
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(
            read(""),
            (TiedSettlement::OneAtATime, TiedAwards::ListedOrder)
        );
        assert_eq!(
            read("tied_settlement = \"together\"\ntied_awards = \"best_place\"\n"),
            (TiedSettlement::Together, TiedAwards::BestPlace)
        );
        assert_eq!(
            read("tied_settlement = \"one-at-a-time\"\n"),
            (TiedSettlement::OneAtATime, TiedAwards::ListedOrder)
        );
        let e = errors(&format!("{base}tied_settlement = \"jointly\"\n"));
        assert!(e[0].contains("unknown variant `jointly`"), "{e:?}");
    }
}
