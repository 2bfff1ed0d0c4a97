//! Team standings as an aligned text table (Rk, No, Team, MP, GP, then the
//! tie-breaks headed by their short names) and as JSON; the board standings
//! of a team event likewise.

use crate::render::i18n::Lang;
use crate::render::{pad, width};
use crate::standings::team::{EdeBoards, TeamKind, TeamStandings, TeamTieBreak};
use crate::standings::team_boards::BoardStandings;
use crate::tr;

/// `Rk  No  Team  MP  GP  EDE ..` in `lang`, then the tie-break legend
/// (`EDET-P = Extended direct encounter, top board, forfeits as played (C.07
/// art. 13.3)`).
pub fn text(s: &TeamStandings, lang: Lang) -> String {
    let team = tr!(lang, "col-team");
    let name_w = s
        .rows
        .iter()
        .map(|r| width(&r.name))
        .max()
        .unwrap_or(0)
        .max(width(&team));
    let heads: Vec<String> = s.tiebreaks.iter().map(|c| team_short(c, lang)).collect();
    let tb_w: Vec<usize> = heads.iter().map(|h| width(h).max(8)).collect();
    let mut out = tr!(lang, "team-standings-after", round = s.rounds);
    out.push_str("\n\n");
    let line = |cells: [String; 5]| {
        format!(
            "{} {}  {} {} {}",
            pad(&cells[0], 3, true),
            pad(&cells[1], 3, true),
            pad(&cells[2], name_w, false),
            pad(&cells[3], 5, true),
            pad(&cells[4], 6, true)
        )
    };
    out.push_str(&line([
        tr!(lang, "col-rank"),
        tr!(lang, "col-no"),
        team,
        tr!(lang, "col-mp"),
        tr!(lang, "col-gp"),
    ]));
    for (h, w) in heads.iter().zip(&tb_w) {
        out.push_str(&format!(" {}", pad(h, *w, true)));
    }
    out.push('\n');
    for r in &s.rows {
        out.push_str(&line([
            r.rank.to_string(),
            r.team.0.to_string(),
            r.name.clone(),
            r.match_points.to_string(),
            r.game_points.to_string(),
        ]));
        for (v, w) in r.values.iter().zip(&tb_w) {
            out.push_str(&format!(" {}", pad(&v.to_string(), *w, true)));
        }
        out.push('\n');
    }
    if !s.tiebreaks.is_empty() {
        out.push('\n');
        for (code, short) in s.tiebreaks.iter().zip(&heads) {
            out.push_str(&format!("{short} = {}\n", team_full(code, lang)));
        }
    }
    out
}

/// The parts of a team tie-break's name: its family, the score it is
/// computed on and the C.07 art. 14 modifiers (`-C1`, `-M1`, `-P`); `None`
/// for a code that does not read (shown as written).
struct TeamName {
    tb: TeamTieBreak,
    modifiers: String,
}

impl TeamName {
    fn read(code: &str) -> Option<TeamName> {
        let tb = TeamTieBreak::parse(code).ok()?;
        let mut modifiers = String::new();
        if tb.cut_high > 0 {
            modifiers.push_str(&format!("-M{}", tb.cut_high));
        } else if tb.cut_low > 0 {
            modifiers.push_str(&format!("-C{}", tb.cut_low));
        }
        if tb.forfeits_played {
            modifiers.push_str("-P");
        }
        Some(TeamName { tb, modifiers })
    }

    /// The family's code in English, its catalogue short form otherwise.
    fn family(&self, lang: Lang) -> String {
        let ede = |b: EdeBoards| match b {
            EdeBoards::None => "",
            EdeBoards::TopBoard => "T",
            EdeBoards::BottomBoard => "B",
            EdeBoards::CountThenTop => "BT",
            EdeBoards::CountThenBottom => "BB",
        };
        let score = |gp: bool| if gp { "G" } else { "M" };
        if lang == Lang::ENGLISH {
            return match self.tb.kind {
                TeamKind::Primary => "MP".into(),
                TeamKind::GamePoints => "GP".into(),
                TeamKind::MPvGP => "MPvGP".into(),
                TeamKind::Ede(b) => format!("EDE{}", ede(b)),
                TeamKind::Buchholz => "BH".into(),
                TeamKind::SonnebornBerger => "SB".into(),
                TeamKind::Extended {
                    opponent_gp,
                    own_gp,
                } => {
                    format!("E{}{}SB", score(opponent_gp), score(own_gp))
                }
            };
        }
        match self.tb.kind {
            TeamKind::Primary => tr!(lang, "col-mp"),
            TeamKind::GamePoints => tr!(lang, "col-gp"),
            TeamKind::MPvGP => tr!(lang, "tb-team-MPvGP-short"),
            TeamKind::Ede(b) => tr!(lang, "tb-team-EDE-short", boards = ede(b)),
            TeamKind::Buchholz => tr!(lang, "tb-BH-short"),
            TeamKind::SonnebornBerger => tr!(lang, "tb-SB-short"),
            TeamKind::Extended {
                opponent_gp,
                own_gp,
            } => tr!(
                lang,
                "tb-team-ESB-short",
                opponent = score(opponent_gp),
                own = score(own_gp)
            ),
        }
    }

    /// `:GP` where the tie-break is computed on game points.
    fn basis(&self, lang: Lang) -> String {
        let counts = matches!(
            self.tb.kind,
            TeamKind::Buchholz | TeamKind::SonnebornBerger | TeamKind::Ede(_)
        );
        if counts && self.tb.game_points {
            tr!(lang, "tb-team-on-gp")
        } else {
            String::new()
        }
    }
}

/// A team tie-break's short name in `lang`, as it heads a column: the
/// family's code (`EDET`, `BH`, `EMGSB`; in zh-TW its catalogue short form),
/// the score basis (`:GP`) and the C.07 art. 14 modifiers, `-` separated as
/// in individual standings (`BH:GP-C1`). A code that does not read is shown
/// as written.
pub fn team_short(code: &str, lang: Lang) -> String {
    match TeamName::read(code) {
        Some(n) => format!("{}{}{}", n.family(lang), n.basis(lang), n.modifiers),
        None => code.to_string(),
    }
}

/// A team tie-break's full name in `lang` with its C.07 article.
pub fn team_full(code: &str, lang: Lang) -> String {
    let Some(n) = TeamName::read(code) else {
        return code.to_string();
    };
    let (name, article) = match n.tb.kind {
        TeamKind::Primary => (tr!(lang, "tb-team-MP"), "13"),
        TeamKind::GamePoints => (tr!(lang, "tb-team-GP"), "13"),
        TeamKind::MPvGP => (tr!(lang, "tb-team-MPvGP"), "13.1"),
        TeamKind::Ede(_) => (tr!(lang, "tb-team-EDE"), "13.3"),
        TeamKind::Buchholz => (tr!(lang, "tb-BH"), "8.1"),
        TeamKind::SonnebornBerger => (tr!(lang, "tb-SB"), "9.1"),
        TeamKind::Extended { .. } => (tr!(lang, "tb-team-ESB"), "13.2"),
    };
    let mut name = name;
    if !n.basis(lang).is_empty() {
        name = tr!(lang, "tb-team-name-on-gp", name = name);
    }
    if n.tb.cut_high > 0 {
        name = tr!(lang, "tb-median", name = name, n = n.tb.cut_high);
    } else if n.tb.cut_low > 0 {
        name = tr!(lang, "tb-cut", name = name, n = n.tb.cut_low);
    }
    if n.tb.forfeits_played {
        name = tr!(lang, "tb-team-forfeits-played", name = name);
    }
    let article = if n.tb.cut_low > 0 {
        format!("{article}, 14")
    } else {
        article.to_string()
    };
    tr!(lang, "tb-article", name = name, article = article)
}

/// The standings as JSON.
pub fn json(s: &TeamStandings) -> String {
    let mut j = serde_json::to_string_pretty(s).unwrap_or_else(|_| "{}".into());
    j.push('\n');
    j
}

/// One table per board: `Rk  SNo  Name  Rtg  Team  Games  Pts  %`; players
/// below the minimum of games are listed last without a rank.
pub fn boards_text(s: &BoardStandings) -> String {
    let mut out = format!("Board standings after round {}", s.rounds);
    if s.min_games > 0 {
        out.push_str(&format!(" (ranked: at least {} games)", s.min_games));
    }
    out.push('\n');
    for b in &s.boards {
        let name_w = b
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        let team_w = b
            .rows
            .iter()
            .map(|r| r.team_name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        out.push_str(&format!("\nBoard {}\n\n", b.board));
        out.push_str(&format!(
            "{:>3} {:>4}  {:<name_w$} {:>4}  {:<team_w$} {:>5} {:>5} {:>6}\n",
            "Rk", "SNo", "Name", "Rtg", "Team", "Games", "Pts", "%"
        ));
        for r in &b.rows {
            out.push_str(&format!(
                "{:>3} {:>4}  {:<name_w$} {:>4}  {:<team_w$} {:>5} {:>5} {:>6}\n",
                r.rank.map(|k| k.to_string()).unwrap_or_default(),
                r.player.0,
                r.name,
                r.rating.map(|k| k.to_string()).unwrap_or_default(),
                r.team_name,
                r.games,
                r.points.to_string(),
                r.percentage.to_string()
            ));
        }
    }
    out
}

/// The board standings as JSON.
pub fn boards_json(s: &BoardStandings) -> String {
    let mut j = serde_json::to_string_pretty(s).unwrap_or_else(|_| "{}".into());
    j.push('\n');
    j
}
