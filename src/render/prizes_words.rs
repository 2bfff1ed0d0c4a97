//! The words of the prize engine's reasons in a language: each sentence is a
//! message of the catalogue (`prize-rule-*`, `prize-reason-*`, ...), its
//! figures the data's ([`LineReason`], [`OnePrizeChoice`], [`RemovalNote`],
//! [`Reduction`], [`RuleNote`]), amounts, places and ordinals in the
//! language's form (`crate::render::i18n`), award, category and tie-break
//! names as the language gives them.

use crate::render::i18n::{self, Lang};
use crate::standings::prizes::statement::RuleNote;
use crate::standings::prizes::{
    Boundary, CategoryStatement, LineReason, Money, MovedUp, OnePrizeChoice, Preference, Reduction,
    RemovalNote, RoundingMode, Sharing, TaxNote, TiedAwards, ValueBasis,
};
use crate::standings::TieBreakSpec;
use crate::tr;

/// An award as the regulation names it: `trophy` → 獎盃, `medal` → 獎牌,
/// `certificate` → 獎狀, `goods` → 獎品 in zh-TW; an award the catalogue
/// does not name stays as the profile wrote it.
pub fn award_name(item: &str, lang: Lang) -> String {
    match item {
        "trophy" => tr!(lang, "award-trophy"),
        "medal" => tr!(lang, "award-medal"),
        "certificate" => tr!(lang, "award-certificate"),
        "goods" => tr!(lang, "award-goods"),
        other => other.to_string(),
    }
}

/// `1000` basis points → `"10"`, `1250` → `"12.5"`.
pub fn percent_text(bp: u32) -> String {
    let whole = bp / 100;
    let frac = bp % 100;
    if frac == 0 {
        whole.to_string()
    } else if frac.is_multiple_of(10) {
        format!("{whole}.{}", frac / 10)
    } else {
        format!("{whole}.{frac:02}")
    }
}

/// What the words of a statement need besides the reason itself: the
/// language, the currency label and the categories (for their names in the
/// language; empty: every category by the name the data gives).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Words<'a> {
    pub(crate) lang: Lang,
    pub(crate) currency: &'a str,
    pub(crate) categories: &'a [CategoryStatement],
}

impl<'a> Words<'a> {
    /// English with `currency`, categories by their plain names.
    pub(crate) fn english(currency: &'a str) -> Words<'a> {
        Words {
            lang: Lang::ENGLISH,
            currency,
            categories: &[],
        }
    }

    fn lang(&self) -> Lang {
        self.lang
    }

    /// `45,000` (the language's digit grouping).
    pub(crate) fn number(&self, m: Money) -> String {
        i18n::group_digits(self.lang, m)
    }

    /// `NT$45,000`.
    pub(crate) fn amount(&self, m: Money) -> String {
        i18n::amount(self.lang, self.currency, m)
    }

    /// `1st-3rd`; `第1至3名`.
    pub(crate) fn places(&self, places: &[u32]) -> String {
        i18n::places(self.lang, places)
    }

    /// Items of a list: `a, b`; `a、b`.
    pub(crate) fn list(&self, items: &[String]) -> String {
        items.join(&tr!(self.lang(), "prize-list-sep"))
    }

    /// A category's name in the language (its plain name when the statement
    /// has no such category).
    pub(crate) fn category(&self, name: &str) -> String {
        self.categories
            .iter()
            .find(|c| c.name == name)
            .map_or(name, |c| c.names.shown(&c.name, self.lang.tag()))
            .to_string()
    }

    /// What separated two groups: `points`, a tie-break (by its short name
    /// in the language, as standings head its column: `BH-M1`, `WIN+F`,
    /// `布赫茲-M1`; never the profile's code), `lot` or `category order`.
    pub(crate) fn separator(&self, label: &str) -> String {
        let lang = self.lang();
        match label {
            "points" => tr!(lang, "prize-sep-points"),
            "lot" => tr!(lang, "prize-sep-lot"),
            "category order" => tr!(lang, "prize-sep-category-order"),
            code => TieBreakSpec::parse(code).map_or_else(
                |_| code.to_string(),
                |spec| crate::render::standings::short_label(&spec, "", lang),
            ),
        }
    }

    /// A tie-break's legend line, `BH-M1 = Buchholz Median-1 (C.07 art. 8.1,
    /// 14)`: its short name and its C.07 name in the language (a code that
    /// does not read is shown as written).
    pub(crate) fn tiebreak_legend(&self, code: &str) -> String {
        let lang = self.lang();
        let Ok(spec) = TieBreakSpec::parse(code) else {
            return code.to_string();
        };
        let label = spec.label(&crate::standings::CustomTieBreak::builtins());
        let full = if lang == Lang::ENGLISH {
            label.full
        } else {
            crate::render::standings::tiebreak_name(&spec, &label.full, lang).1
        };
        format!("{} = {full}", self.separator(code))
    }

    /// Clauses joined by the language's clause separator (`; `, `；`).
    fn clauses(&self, parts: Vec<String>) -> String {
        parts
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(&tr!(self.lang(), "prize-clause-sep"))
    }

    /// One prize rule as a sentence.
    pub(crate) fn rule(&self, n: &RuleNote) -> String {
        let lang = self.lang();
        match n {
            RuleNote::Sharing { sharing } => match sharing {
                Sharing::Pooled => tr!(lang, "prize-rule-pooled"),
                Sharing::Hort { keep_percent } => {
                    tr!(lang, "prize-rule-hort", keep = keep_percent.to_string())
                }
                Sharing::None => tr!(lang, "prize-rule-no-sharing"),
            },
            RuleNote::Rounding { rounding } => {
                let unit = if rounding.unit == 1 {
                    tr!(lang, "prize-unit-whole")
                } else {
                    tr!(
                        lang,
                        "prize-unit-multiples",
                        unit = rounding.unit.to_string()
                    )
                };
                match rounding.mode {
                    RoundingMode::Down => tr!(lang, "prize-rule-rounding-down", unit = unit),
                    RoundingMode::Nearest => {
                        tr!(lang, "prize-rule-rounding-nearest", unit = unit)
                    }
                }
            }
            RuleNote::OnePrizePerPlayer { value, priority } => {
                let names: Vec<String> = priority.iter().map(|c| self.category(c)).collect();
                tr!(
                    lang,
                    "prize-rule-one-prize",
                    basis = match value {
                        ValueBasis::Gross => "gross",
                        ValueBasis::Net => "net",
                    },
                    count = names.len(),
                    priority = self.list(&names)
                )
            }
            RuleNote::Cumulative => tr!(lang, "prize-rule-cumulative"),
            RuleNote::TiedAwards { tied_awards } => match tied_awards {
                TiedAwards::ListedOrder => tr!(lang, "prize-rule-awards-listed"),
                TiedAwards::BestPlace => tr!(lang, "prize-rule-awards-best"),
            },
            RuleNote::ProRata { pro_rata } => {
                tr!(lang, "prize-rule-pro-rata", min = pro_rata.min_players)
            }
            RuleNote::Tax { tax, currency } => tr!(
                lang,
                "prize-rule-tax",
                rate = percent_text(tax.rate_bp),
                threshold = i18n::amount(lang, currency, tax.min_gross)
            ),
        }
    }

    /// `whole NT$`, `multiples of NT$100`.
    fn unit(&self, unit: Money) -> String {
        let lang = self.lang();
        if unit != 1 {
            tr!(lang, "prize-unit-multiples", unit = self.amount(unit))
        } else if self.currency.is_empty() {
            tr!(lang, "prize-unit-whole")
        } else {
            tr!(lang, "prize-unit-whole-currency", currency = self.currency)
        }
    }

    /// A prize's worth: `NT$7,500 + medal`.
    fn value(&self, gross: Money, awards: &[String]) -> String {
        let mut parts = Vec::new();
        if gross > 0 {
            parts.push(self.amount(gross));
        }
        parts.extend(awards.iter().map(|a| award_name(a, self.lang)));
        if parts.is_empty() {
            tr!(self.lang(), "prize-value-nothing")
        } else {
            parts.join(" + ")
        }
    }

    fn cash_list(&self, cash: &[Money]) -> String {
        cash.iter()
            .map(|&c| self.number(c))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn tax(&self, tax: &Option<TaxNote>) -> String {
        let Some(t) = tax else {
            return String::new();
        };
        let (rate, gross, min) = (
            percent_text(t.rate_bp),
            self.number(t.gross),
            self.number(t.min_gross),
        );
        if t.withheld() {
            tr!(
                self.lang(),
                "prize-reason-tax",
                rate = rate,
                gross = gross,
                min = min
            )
        } else {
            tr!(self.lang(), "prize-reason-no-tax", gross = gross, min = min)
        }
    }

    /// `7.5 points, behind #3 on points, ahead of #5 on BH/M1`.
    fn boundary(&self, b: &Boundary) -> String {
        let lang = self.lang();
        let mut parts = Vec::new();
        if let Some(p) = b.points {
            parts.push(tr!(lang, "prize-reason-points", points = p.to_string()));
        }
        if let Some((who, label)) = &b.behind {
            parts.push(tr!(
                lang,
                "prize-reason-behind",
                player = who.to_string(),
                tiebreak = self.separator(label)
            ));
        }
        if let Some((who, label)) = &b.ahead_of {
            parts.push(tr!(
                lang,
                "prize-reason-ahead",
                player = who.to_string(),
                tiebreak = self.separator(label)
            ));
        }
        parts.join(&tr!(lang, "prize-clause-comma"))
    }

    fn moved_up(&self, m: &Option<MovedUp>) -> String {
        let Some(m) = m else {
            return String::new();
        };
        let above: Vec<String> = m.removed_above.iter().map(|p| format!("#{p}")).collect();
        tr!(
            self.lang(),
            "prize-reason-moved-up",
            rank = i18n::ordinal(self.lang, m.ranked),
            players = self.list(&above)
        )
    }

    /// Why a prize line pays what it pays.
    pub(crate) fn line_reason(&self, r: &LineReason) -> String {
        let lang = self.lang();
        match r {
            LineReason::Place {
                place,
                boundary,
                moved_up,
                listed_order,
                tax,
            } => {
                let head = tr!(
                    lang,
                    "prize-reason-place",
                    place = i18n::ordinal(lang, *place),
                    boundary = self.boundary(boundary)
                );
                // an empty boundary still leaves the place's clause
                let mut s = head;
                for c in [
                    self.moved_up(moved_up),
                    if *listed_order {
                        tr!(lang, "prize-reason-listed-order")
                    } else {
                        String::new()
                    },
                    self.tax(tax),
                ] {
                    if !c.is_empty() {
                        s.push_str(&tr!(lang, "prize-clause-sep"));
                        s.push_str(&c);
                    }
                }
                s
            }
            LineReason::Pooled {
                places,
                points,
                boundary,
                cash,
                pool,
                share,
                rounding,
                awards,
                moved_up,
                tax,
            } => {
                let k = places.len();
                let context = self.boundary(boundary);
                let head = tr!(
                    lang,
                    "prize-reason-pooled",
                    places = self.places(places),
                    count = k,
                    points = points.to_string(),
                    context = if context.is_empty() {
                        String::new()
                    } else {
                        tr!(lang, "prize-paren", text = context)
                    }
                );
                let money = if *pool > 0 {
                    let mut s = tr!(
                        lang,
                        "prize-reason-pool",
                        cash = self.cash_list(cash),
                        pool = self.amount(*pool),
                        share = self.amount(*share)
                    );
                    if let Some(n) = rounding {
                        let inner = tr!(
                            lang,
                            "prize-reason-rounded",
                            pool = self.number(*pool),
                            count = k,
                            mode = match n.mode {
                                RoundingMode::Down => "down",
                                RoundingMode::Nearest => "nearest",
                            },
                            unit = self.unit(n.unit),
                            remainder = self.number(n.remainder)
                        );
                        s.push_str(&tr!(lang, "prize-paren", text = inner));
                    }
                    s
                } else {
                    tr!(lang, "prize-reason-no-cash")
                };
                let awards = match awards {
                    Some(TiedAwards::ListedOrder) => tr!(lang, "prize-reason-awards-listed"),
                    Some(TiedAwards::BestPlace) => tr!(lang, "prize-reason-awards-best"),
                    None => String::new(),
                };
                self.clauses(vec![
                    head,
                    money,
                    awards,
                    self.moved_up(moved_up),
                    self.tax(tax),
                ])
            }
            LineReason::Hort {
                places,
                points,
                keep_percent,
                cash,
                pool,
                shares,
                remainder,
                tax,
            } => {
                let details: Vec<String> = shares
                    .iter()
                    .map(|(p, gross)| format!("#{p} {}", self.number(*gross)))
                    .collect();
                let head = tr!(
                    lang,
                    "prize-reason-hort",
                    places = self.places(places),
                    count = places.len(),
                    points = points.to_string(),
                    keep = keep_percent.to_string(),
                    rest = (100 - keep_percent).to_string(),
                    cash = self.cash_list(cash),
                    pool = self.amount(*pool),
                    shares = self.list(&details)
                );
                let rem = if *remainder != 0 {
                    tr!(
                        lang,
                        "prize-reason-hort-remainder",
                        remainder = self.number(*remainder)
                    )
                } else {
                    String::new()
                };
                self.clauses(vec![head, rem, self.tax(tax)])
            }
        }
    }

    /// Why a player was removed from a category (one prize per player).
    pub(crate) fn choice(&self, c: &OnePrizeChoice) -> String {
        let lang = self.lang();
        let kept_in = self.category(&c.kept_in);
        let why = match c.why {
            Preference::HigherValue => tr!(lang, "prize-why-higher-value"),
            Preference::HigherAwardValue => tr!(lang, "prize-why-higher-awards"),
            Preference::Priority => tr!(lang, "prize-why-priority", category = &kept_in),
        };
        tr!(
            lang,
            "prize-choice",
            lost = self.places(&c.lost.places),
            lost_value = self.value(c.lost.gross, &c.lost.awards),
            category = &kept_in,
            kept = self.places(&c.kept.places),
            kept_value = self.value(c.kept.gross, &c.kept.awards),
            why = why
        )
    }

    /// The note on a removed player's ranking row.
    pub(crate) fn removal_note(&self, n: &RemovalNote) -> String {
        match n {
            RemovalNote::Choice(c) => self.choice(c),
            RemovalNote::TakenIn(category) => tr!(
                self.lang(),
                "prize-taken-in",
                category = self.category(category)
            ),
        }
    }

    /// Why a small category's cash prizes were reduced.
    pub(crate) fn reduction(&self, r: &Reduction) -> String {
        let list: Vec<String> = r.reason.reduced.iter().map(|&c| self.number(c)).collect();
        tr!(
            self.lang(),
            "prize-reduction",
            n = r.players,
            min = r.min_players,
            unit = self.unit(r.reason.unit),
            list = list.join(" / ")
        )
    }

    /// Why an empty category's prizes are not paid.
    pub(crate) fn unawarded(&self, cash: Money) -> String {
        if cash > 0 {
            tr!(
                self.lang(),
                "prize-unawarded-cash",
                cash = self.amount(cash)
            )
        } else {
            tr!(self.lang(), "prize-unawarded")
        }
    }
}
