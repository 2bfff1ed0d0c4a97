//! The site's pages other than the rounds: index, start list, standings,
//! crosstable, players, prizes, rating changes, the check.

use std::collections::BTreeMap;

use minijinja::Environment;
use serde::Serialize;

use super::common::{
    absence_kind, anchor, own_result, player_file, rating_text, render, round_file, tool, Frame,
    NavItem, Page, SiteError, SiteInput, STYLE_CSS,
};
use super::common::{complete, final_standings};
use super::rounds;
use super::standings::{crosstable, standings};
use crate::model::{Color, Player, PlayerId, RoundEntry};
use crate::render::standings::short_name_in;
use crate::tr;

pub(crate) fn frame(input: &SiteInput<'_>) -> Frame {
    let t = input.tournament;
    let lang = input.lang;
    let mut nav = vec![
        NavItem {
            label: tr!(lang, "nav-home"),
            href: "index.html".into(),
            lang: String::new(),
        },
        NavItem {
            label: tr!(lang, "nav-players"),
            href: "players.html".into(),
            lang: String::new(),
        },
    ];
    // One entry for every round (a phone's menu stays one or two lines):
    // the rounds page links each round, and each round page its neighbours.
    let rounds = input.standings.len();
    if rounds > 0 {
        nav.push(NavItem {
            label: tr!(lang, "nav-rounds"),
            href: "rounds.html".into(),
            lang: String::new(),
        });
    }
    if input.next.is_some() {
        nav.push(NavItem {
            label: tr!(lang, "nav-next"),
            href: "next.html".into(),
            lang: String::new(),
        });
    }
    if rounds > 0 {
        nav.push(NavItem {
            label: tr!(lang, "nav-standings"),
            href: "standings.html".into(),
            lang: String::new(),
        });
        nav.push(NavItem {
            label: tr!(lang, "nav-crosstable"),
            href: "crosstable.html".into(),
            lang: String::new(),
        });
    }
    if input.statement.is_some() {
        nav.push(NavItem {
            label: tr!(lang, "nav-prizes"),
            href: "prizes.html".into(),
            lang: String::new(),
        });
    }
    if input.rating.is_some() {
        nav.push(NavItem {
            label: tr!(lang, "nav-rating"),
            href: "rating.html".into(),
            lang: String::new(),
        });
    }
    if input.check.is_some() {
        nav.push(NavItem {
            label: tr!(lang, "nav-check"),
            href: "check.html".into(),
            lang: String::new(),
        });
    }
    for (label, href) in input.extra_nav {
        nav.push(NavItem {
            label: label.clone(),
            href: href.clone(),
            lang: String::new(),
        });
    }
    let place = [t.info.city.as_str(), t.info.federation.as_str()]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    Frame {
        event: if t.info.name.is_empty() {
            tr!(lang, "event-untitled")
        } else {
            t.info.name.clone()
        },
        subtitle: place,
        home: "index.html".into(),
        css: "style.css".into(),
        tool: tool(),
        nav,
        inline_css: None,
        app: input.app,
        live: input.live.map(str::to_string),
        lang: lang.tag().to_string(),
        switch: Vec::new(),
    }
}

/// Every page, in a stable order.
pub(crate) fn all(env: &Environment<'_>, input: &SiteInput<'_>) -> Result<Vec<Page>, SiteError> {
    let mut out = Vec::new();
    for name in names(input) {
        if let Some(text) = one(env, input, &name)? {
            out.push(Page { name, text });
        }
    }
    Ok(out)
}

/// The names of every page of `input`'s site.
pub(crate) fn names(input: &SiteInput<'_>) -> Vec<String> {
    let mut v: Vec<String> = ["style.css", "index.html", "players.html"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for r in 1..=input.standings.len() as u32 {
        v.push(round_file(r));
        v.push(format!("standings-{r}.html"));
    }
    if !input.standings.is_empty() {
        v.push("rounds.html".into());
        v.push("standings.html".into());
        v.push("crosstable.html".into());
    }
    if input.next.is_some() {
        v.push("next.html".into());
    }
    if input.statement.is_some() {
        v.push("prizes.html".into());
    }
    if input.rating.is_some() {
        v.push("rating.html".into());
    }
    if input.check.is_some() {
        v.push("check.html".into());
    }
    for p in &input.tournament.players {
        v.push(player_file(p.id));
    }
    v
}

/// One page by name; `None` when the site has no page of that name.
pub(crate) fn one(
    env: &Environment<'_>,
    input: &SiteInput<'_>,
    name: &str,
) -> Result<Option<String>, SiteError> {
    let mut fr = frame(input);
    fr.switch = input.switch.links(input.lang, name);
    if !input.switch.folder(input.lang).is_empty() {
        fr.css = format!("../{}", fr.css);
    }
    let lang = input.lang;
    let num = |prefix: &str| -> Option<u32> {
        name.strip_prefix(prefix)?
            .strip_suffix(".html")?
            .parse()
            .ok()
    };
    let n = input.standings.len() as u32;
    Ok(Some(match name {
        "style.css" => STYLE_CSS.to_string(),
        "index.html" => index(env, &fr, input)?,
        "players.html" => players(env, &fr, input)?,
        // Final only once every planned round is in: an event followed live
        // (the hall) or reported after a round is not over yet.
        "standings.html" if n > 0 => standings(env, &fr, input, n, complete(input))?,
        "crosstable.html" if n > 0 => crosstable(env, &fr, input)?,
        "rounds.html" if n > 0 => rounds::rounds_page(env, &fr, input)?,
        "next.html" => match input.next {
            Some(p) => rounds::next_page(env, &fr, input, p)?,
            None => return Ok(None),
        },
        "prizes.html" => match input.statement {
            Some(s) => {
                let body = crate::render::prizes_html::html_body_in(s, lang);
                let heading = crate::render::prizes_html::title_in(s, lang);
                // The window title names the event once: base.html adds it.
                let name = crate::render::prizes_html::statement_name_in(s, lang);
                let rest = name.strip_prefix(fr.event.as_str()).unwrap_or(&name).trim();
                let title = if rest.is_empty() {
                    tr!(lang, "page-prizes")
                } else {
                    tr!(lang, "prize-statement", title = rest)
                };
                render(
                    env,
                    "fragment.html",
                    &fr,
                    &title,
                    &Fragment {
                        heading: &heading,
                        body: &body,
                    },
                )?
            }
            None => return Ok(None),
        },
        "rating.html" => match input.rating {
            Some(r) => {
                let mut body = crate::render::rating::html_body_in(r, lang);
                if !input.list_findings.is_empty() {
                    body.push_str(&format!(
                        "<h2>{}</h2>\n<ul class=\"list-findings\" lang=\"en\">\n",
                        tr!(lang, "rating-list-differences")
                    ));
                    for f in input.list_findings {
                        body.push_str(&format!("<li>{}</li>\n", crate::render::html::escape(f)));
                    }
                    body.push_str("</ul>\n");
                }
                let title = tr!(lang, "page-rating");
                render(
                    env,
                    "fragment.html",
                    &fr,
                    &title,
                    &Fragment {
                        heading: &title,
                        body: &body,
                    },
                )?
            }
            None => return Ok(None),
        },
        "check.html" => match input.check {
            Some(c) => super::check::check_page(env, &fr, input, c)?,
            None => return Ok(None),
        },
        _ => {
            if let Some(r) = num("round-").filter(|r| (1..=n).contains(r)) {
                rounds::round_page(env, &fr, input, r)?
            } else if let Some(r) = num("standings-").filter(|r| (1..=n).contains(r)) {
                standings(env, &fr, input, r, false)?
            } else if let Some(id) = num("player-") {
                match input.tournament.player(PlayerId(id)) {
                    Some(p) => player(env, &fr, input, p)?,
                    None => return Ok(None),
                }
            } else {
                return Ok(None);
            }
        }
    }))
}

#[derive(Serialize)]
struct Fragment<'a> {
    heading: &'a str,
    body: &'a str,
}

/// Category names per player, from the final standings: each category's
/// identity (its plain name, for anchors) and its name in the page's language.
fn categories_of(input: &SiteInput<'_>) -> BTreeMap<PlayerId, Vec<(String, String)>> {
    let mut m: BTreeMap<PlayerId, Vec<(String, String)>> = BTreeMap::new();
    if let Some(s) = final_standings(input) {
        for c in &s.categories {
            let shown = c.names.get(input.lang.tag()).to_string();
            for r in &c.rows {
                m.entry(r.player)
                    .or_default()
                    .push((c.name.clone(), shown.clone()));
            }
        }
    }
    m
}

fn index(env: &Environment<'_>, fr: &Frame, input: &SiteInput<'_>) -> Result<String, SiteError> {
    let t = input.tournament;
    let i = &t.info;
    let mut header: Vec<(String, String)> = Vec::new();
    let mut add = |k: String, v: String| {
        if !v.trim().is_empty() {
            header.push((k, v));
        }
    };
    let lang = input.lang;
    add(tr!(lang, "info-event"), i.name.clone());
    add(tr!(lang, "info-place"), fr.subtitle.clone());
    let dates = crate::render::i18n::date_range(lang, i.start_date, i.end_date);
    add(tr!(lang, "info-dates"), dates);
    add(tr!(lang, "info-chief-arbiter"), i.chief_arbiter.clone());
    add(
        tr!(lang, "info-deputy-arbiters"),
        i.deputy_arbiters.join("; "),
    );
    add(tr!(lang, "info-time-control"), i.time_control.clone());
    let played = input.standings.len();
    add(
        tr!(lang, "info-rounds"),
        match t.total_rounds {
            Some(n) => tr!(lang, "info-rounds-of", total = n, played = played),
            None => tr!(lang, "info-rounds-played", played = played),
        },
    );
    add(tr!(lang, "info-system"), i.tournament_type.clone());
    if let Some(s) = final_standings(input) {
        add(
            tr!(lang, "info-tiebreaks"),
            (0..s.tiebreaks.len())
                .map(|k| {
                    format!(
                        "{} ({})",
                        short_name_in(s, k, lang),
                        super::standings::full_name_in(s, k, lang)
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
        );
        add(
            tr!(lang, "info-tiebreak-rules"),
            tr!(
                lang,
                "info-tiebreak-edition",
                edition = super::standings::c07_edition(lang, &s.edition.to_string())
            ),
        );
    }
    add(tr!(lang, "info-players"), t.players.len().to_string());
    #[derive(Serialize)]
    struct RoundLink {
        round: u32,
        href: String,
        standings: String,
        verdict: Option<String>,
        check: String,
    }
    let rounds: Vec<RoundLink> = (1..=played as u32)
        .map(|r| RoundLink {
            round: r,
            href: round_file(r),
            standings: format!("standings-{r}.html"),
            verdict: input.check.and_then(|c| {
                c.rounds
                    .iter()
                    .find(|x| x.round == r)
                    .map(|x| super::rounds::verdict_words(lang, &x.verdict))
            }),
            check: format!("check.html#round-{r}"),
        })
        .collect();
    #[derive(Serialize)]
    struct Cat {
        name: String,
        anchor: String,
    }
    let categories: Vec<Cat> = final_standings(input)
        .map(|s| {
            s.categories
                .iter()
                .map(|c| Cat {
                    name: c.names.get(input.lang.tag()).to_string(),
                    anchor: anchor("cat", &c.name),
                })
                .collect()
        })
        .unwrap_or_default();
    #[derive(Serialize)]
    struct Index {
        event_name: String,
        header: Vec<(String, String)>,
        players: usize,
        rounds: Vec<RoundLink>,
        #[serde(rename = "final")]
        final_: bool,
        complete: bool,
        categories: Vec<Cat>,
        next: bool,
        prizes: bool,
        rating: bool,
        check: bool,
    }
    let page = Index {
        event_name: fr.event.clone(),
        header,
        players: t.players.len(),
        rounds,
        final_: played > 0,
        complete: complete(input),
        categories,
        next: input.next.is_some(),
        prizes: input.statement.is_some(),
        rating: input.rating.is_some(),
        check: input.check.is_some(),
    };
    render(env, "index.html", fr, &tr!(lang, "nav-home"), &page)
}

fn players(env: &Environment<'_>, fr: &Frame, input: &SiteInput<'_>) -> Result<String, SiteError> {
    let cats = categories_of(input);
    #[derive(Serialize)]
    struct Row {
        id: u32,
        title: String,
        name: String,
        href: String,
        fed: String,
        fide_id: String,
        rating: String,
        category: String,
        born: String,
    }
    #[derive(Serialize)]
    struct Players {
        rows: Vec<Row>,
    }
    let rows = input
        .tournament
        .players
        .iter()
        .map(|p| Row {
            id: p.id.0,
            title: p
                .title
                .as_ref()
                .map(|t| t.code().to_string())
                .unwrap_or_default(),
            name: p.name.clone(),
            href: player_file(p.id),
            fed: p.federation.clone().unwrap_or_default(),
            fide_id: p.fide_id.clone().unwrap_or_default(),
            rating: rating_text(Some(p)),
            category: cats
                .get(&p.id)
                .map(|v| {
                    v.iter()
                        .filter(|c| c.0.as_str() != "Open")
                        .map(|c| c.1.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default(),
            born: p.birth.map(|b| b.year.to_string()).unwrap_or_default(),
        })
        .collect();
    render(
        env,
        "players.html",
        fr,
        &tr!(input.lang, "nav-players"),
        &Players { rows },
    )
}

fn player(
    env: &Environment<'_>,
    fr: &Frame,
    input: &SiteInput<'_>,
    p: &Player,
) -> Result<String, SiteError> {
    let t = input.tournament;
    let n = input.standings.len();
    #[derive(Serialize)]
    struct Info {
        id: u32,
        title: String,
        name: String,
        fed: String,
        fide_id: String,
        rating: String,
        born: String,
        categories: Vec<CatLink>,
        points: String,
        rank: String,
    }
    #[derive(Serialize)]
    struct CatLink {
        name: String,
        href: String,
    }
    let cats = categories_of(input);
    let row = final_standings(input).and_then(|s| s.row(p.id));
    let info = Info {
        id: p.id.0,
        title: p
            .title
            .as_ref()
            .map(|t| t.code().to_string())
            .unwrap_or_default(),
        name: p.name.clone(),
        fed: p.federation.clone().unwrap_or_default(),
        fide_id: p.fide_id.clone().unwrap_or_default(),
        rating: rating_text(Some(p)),
        born: p.birth.map(|b| b.year.to_string()).unwrap_or_default(),
        categories: cats
            .get(&p.id)
            .map(|v| {
                v.iter()
                    .map(|(c, shown)| CatLink {
                        name: shown.clone(),
                        href: match input.statement {
                            Some(s) if s.categories.iter().any(|x| &x.name == c) => {
                                format!("prizes.html#{}", anchor("prizes", c))
                            }
                            _ => format!("standings.html#{}", anchor("cat", c)),
                        },
                    })
                    .collect()
            })
            .unwrap_or_default(),
        points: t.score(p, Some(n)).to_string(),
        rank: row
            .map(|r| {
                if r.shared {
                    format!("{}=", r.rank)
                } else {
                    r.rank.to_string()
                }
            })
            .unwrap_or_default(),
    };
    #[derive(Serialize)]
    struct Game {
        round: usize,
        round_href: String,
        colour: String,
        opp_id: String,
        opp_name: String,
        opp_href: String,
        opp_rating: String,
        result: String,
        after: String,
    }
    let games = (1..=n)
        .map(|k| {
            let e = p.round(k);
            let opp = e.opponent().and_then(|o| t.player(o));
            let colour = match e {
                RoundEntry::Played { color, .. } | RoundEntry::Unknown { color, .. } => Some(color),
                RoundEntry::Pending { color, .. } | RoundEntry::Forfeit { color, .. } => color,
                _ => None,
            };
            Game {
                round: k,
                round_href: round_file(k as u32),
                colour: match colour {
                    Some(Color::White) => tr!(input.lang, "colour-white"),
                    Some(Color::Black) => tr!(input.lang, "colour-black"),
                    None => String::new(),
                },
                opp_id: e.opponent().map(|o| o.to_string()).unwrap_or_default(),
                opp_name: match opp {
                    Some(o) => o.name.clone(),
                    None => absence_kind(input.lang, t, p, k as u32),
                },
                opp_href: opp.map(|o| player_file(o.id)).unwrap_or_default(),
                opp_rating: rating_text(opp),
                result: own_result(e, &t.scoring),
                after: t.score(p, Some(k)).to_string(),
            }
        })
        .collect();
    #[derive(Serialize)]
    struct GameRating {
        round: u32,
        opponent: String,
        rating: u16,
        d: String,
        pd: String,
        result: String,
        delta: String,
    }
    #[derive(Serialize)]
    struct Rating {
        k: String,
        k_why: String,
        score: String,
        games: u32,
        expected: String,
        change: String,
        games_detail: Vec<GameRating>,
    }
    let rating = input
        .rating
        .and_then(|rep| {
            rep.players
                .iter()
                .find(|x| x.start_rank == p.id.0)
                .map(|r| (rep, r))
        })
        .map(|(rep, r)| Rating {
            k: r.k.map(|k| k.to_string()).unwrap_or_else(|| "-".into()),
            k_why: crate::render::rating::k_text_in(rep, r, input.lang),
            score: format!("{:.1}", r.score),
            games: r.games,
            expected: r
                .expected
                .map(|e| format!("{e:.2}"))
                .unwrap_or_else(|| "-".into()),
            change: if r.rating.is_some() {
                crate::render::rating::signed(r.change, 2)
            } else {
                "-".into()
            },
            games_detail: r
                .games_detail
                .iter()
                .map(|g| GameRating {
                    round: g.round,
                    opponent: t
                        .player(PlayerId(g.opponent))
                        .map(|o| format!("{} {}", g.opponent, o.name))
                        .unwrap_or_else(|| g.opponent.to_string()),
                    rating: g.opponent_rating,
                    d: g.d_used
                        .map(|d| d.to_string())
                        .unwrap_or_else(|| "-".into()),
                    pd: g
                        .pd
                        .map(|x| format!("{x:.2}"))
                        .unwrap_or_else(|| "-".into()),
                    result: match g.result {
                        x if x >= 1.0 => "1".into(),
                        x if x > 0.0 => "½".into(),
                        _ => "0".into(),
                    },
                    delta: g
                        .delta
                        .map(|x| crate::render::rating::signed(x, 2))
                        .unwrap_or_else(|| "-".into()),
                })
                .collect(),
        });
    let prizes: Vec<String> = input
        .statement
        .map(|s| {
            let mut v = Vec::new();
            for c in &s.categories {
                for l in &c.prizes {
                    for pay in l.players.iter().filter(|x| x.start_rank == p.id) {
                        let lang = input.lang;
                        let awards: Vec<String> = pay
                            .awards
                            .iter()
                            .map(|a| crate::render::prizes::award_name(a, lang))
                            .collect();
                        v.push(tr!(
                            lang,
                            "player-prize",
                            category = c.names.get(lang.tag()),
                            money = crate::render::i18n::group_digits(lang, pay.gross),
                            currency = s.currency.as_str(),
                            awards_count = awards.len(),
                            awards = awards.join(", ")
                        ));
                    }
                }
            }
            v
        })
        .unwrap_or_default();
    #[derive(Serialize)]
    struct Pl {
        p: Info,
        games: Vec<Game>,
        rating: Option<Rating>,
        prizes: Vec<String>,
    }
    let title = format!("{} {}", p.id, p.name);
    render(
        env,
        "player.html",
        fr,
        &title,
        &Pl {
            p: info,
            games,
            rating,
            prizes,
        },
    )
}
