//! The Swiss-Manager XML import file: `<Players>` with one empty `<Player …/>` element per
//! player and `<Teams>` with `<Team …/>`, all data in attributes (docs/swiss-manager.md
//! §2.4; attribute names as used by two independent generators that feed Swiss-Manager).
//! `TeamCompositions` and `Results` are not written: their attributes are not known
//! beyond `Res`/`ResRtg`.
//!
//! Player attributes: `PlayerUniqueId` (the start number), `Lastname`, `Firstname`,
//! `NatId`, `Gender` (`m`/`f`), `Group`, `Rating`, `Title`, `Federation`, `FIDEId`,
//! `Club`, `TeamUniqueId`, `Type`. Empty values are left out. On reading, unknown
//! attributes are kept in [`XmlPlayer::extra`] and reported.

use quick_xml::events::{BytesDecl, BytesStart, Event};
use quick_xml::{Reader, Writer};

use crate::diag::{codes, Diagnostic, Family, Location};
use crate::model::{Player, PlayerId, Sex, Title, Tournament};

/// One `<Player>` element (wire shape).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XmlPlayer {
    /// `PlayerUniqueId`: the start number.
    pub unique_id: String,
    /// `Lastname`.
    pub lastname: String,
    /// `Firstname`.
    pub firstname: String,
    /// `NatId`: national id.
    pub nat_id: String,
    /// `Gender`: `m` or `f`.
    pub gender: String,
    /// `Group`: the player's group, as written.
    pub group: String,
    /// `Rating`: FIDE rating, as written.
    pub rating: String,
    /// `Title`: FIDE title code, as written.
    pub title: String,
    /// `Federation`: three-letter federation code.
    pub federation: String,
    /// `FIDEId`: FIDE id, as written.
    pub fide_id: String,
    /// `Club`.
    pub club: String,
    /// `TeamUniqueId`: the team the player plays for (a [`XmlTeam::unique_id`]).
    pub team_unique_id: String,
    /// `Type`: the category the player entered (e.g. `U14`), as written.
    pub kind: String,
    /// Attributes not listed above, as read.
    pub extra: Vec<(String, String)>,
}

/// One `<Team>` element.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XmlTeam {
    /// `TeamUniqueId`: the team's number.
    pub unique_id: String,
    /// `TeamLongname`: the full team name.
    pub long_name: String,
    /// `TeamShortname`: the short name.
    pub short_name: String,
    /// Attributes not listed above, as read.
    pub extra: Vec<(String, String)>,
}

/// A whole import file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XmlFile {
    /// The `<Player>` elements, in file order.
    pub players: Vec<XmlPlayer>,
    /// The `<Team>` elements, in file order.
    pub teams: Vec<XmlTeam>,
}

impl XmlPlayer {
    fn attrs(&self) -> [(&'static str, &str); 13] {
        [
            ("PlayerUniqueId", &self.unique_id),
            ("Lastname", &self.lastname),
            ("Firstname", &self.firstname),
            ("NatId", &self.nat_id),
            ("Gender", &self.gender),
            ("Group", &self.group),
            ("Rating", &self.rating),
            ("Title", &self.title),
            ("Federation", &self.federation),
            ("FIDEId", &self.fide_id),
            ("Club", &self.club),
            ("TeamUniqueId", &self.team_unique_id),
            ("Type", &self.kind),
        ]
    }
    fn slot(&mut self, name: &str) -> Option<&mut String> {
        Some(match name {
            "PlayerUniqueId" => &mut self.unique_id,
            "Lastname" => &mut self.lastname,
            "Firstname" => &mut self.firstname,
            "NatId" => &mut self.nat_id,
            "Gender" => &mut self.gender,
            "Group" => &mut self.group,
            "Rating" => &mut self.rating,
            "Title" => &mut self.title,
            "Federation" => &mut self.federation,
            "FIDEId" => &mut self.fide_id,
            "Club" => &mut self.club,
            "TeamUniqueId" => &mut self.team_unique_id,
            "Type" => &mut self.kind,
            _ => return None,
        })
    }
}

impl From<&Player> for XmlPlayer {
    fn from(p: &Player) -> XmlPlayer {
        let (last, first) = match p.name.split_once(',') {
            Some((l, f)) => (l.trim().to_string(), f.trim().to_string()),
            None => (p.name.trim().to_string(), String::new()),
        };
        let label = |k: &str| p.labels.get(k).cloned().unwrap_or_default();
        XmlPlayer {
            unique_id: p.id.to_string(),
            lastname: last,
            firstname: first,
            nat_id: p
                .national_ratings
                .iter()
                .find(|n| !n.id.is_empty())
                .map(|n| n.id.clone())
                .unwrap_or_default(),
            gender: match p.sex {
                Some(Sex::Male) => "m".into(),
                Some(Sex::Female) => "f".into(),
                None => String::new(),
            },
            group: [label("sm.group"), label("sm.Gr")].concat(),
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            title: p
                .title
                .as_ref()
                .map(|t| t.code().to_string())
                .unwrap_or_default(),
            federation: p.federation.clone().unwrap_or_default(),
            fide_id: p.fide_id.clone().unwrap_or_default(),
            club: [label("sm.club"), label("sm.Klub")].concat(),
            team_unique_id: String::new(),
            kind: [label("sm.type"), label("sm.Typ")].concat(),
            extra: Vec::new(),
        }
    }
}

/// A `<Player>` element that cannot become a player: the attribute, what
/// was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerError {
    /// The attribute of the element, e.g. `PlayerUniqueId`.
    pub attribute: &'static str,
    /// What the attribute should hold, e.g. `a positive PlayerUniqueId`.
    pub expected: &'static str,
    /// The attribute's value as written.
    pub found: String,
}

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "expected {}, found {:?}", self.expected, self.found)
    }
}

impl std::error::Error for PlayerError {}

impl From<PlayerError> for crate::Error {
    /// Located at the attribute (the element's position is the caller's).
    fn from(e: PlayerError) -> crate::Error {
        let location = Location {
            field: Some(e.attribute.to_string()),
            ..Location::default()
        };
        crate::Error::new(
            codes::SM_FIELD_SYNTAX,
            Family::Syntax,
            location,
            e.to_string(),
        )
    }
}

impl TryFrom<&XmlPlayer> for Player {
    type Error = PlayerError;
    fn try_from(x: &XmlPlayer) -> Result<Player, PlayerError> {
        let id = x
            .unique_id
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| PlayerError {
                attribute: "PlayerUniqueId",
                expected: "a positive PlayerUniqueId",
                found: x.unique_id.clone(),
            })?;
        let rating = match x.rating.trim() {
            "" | "0" => None,
            r => Some(r.parse::<u16>().map_err(|_| PlayerError {
                attribute: "Rating",
                expected: "a rating",
                found: r.to_string(),
            })?),
        };
        let name = if x.firstname.is_empty() {
            x.lastname.clone()
        } else {
            format!("{}, {}", x.lastname, x.firstname)
        };
        let mut labels = std::collections::BTreeMap::new();
        for (k, v) in [
            ("sm.group", &x.group),
            ("sm.club", &x.club),
            ("sm.type", &x.kind),
            ("sm.team", &x.team_unique_id),
        ] {
            if !v.is_empty() {
                labels.insert(k.to_string(), v.clone());
            }
        }
        let national_ratings = if x.nat_id.is_empty() {
            Vec::new()
        } else {
            vec![crate::model::NationalRating {
                federation: x.federation.clone(),
                id: x.nat_id.clone(),
                ..Default::default()
            }]
        };
        Ok(Player {
            id: PlayerId(id),
            name,
            sex: match x.gender.as_str() {
                "m" | "M" => Some(Sex::Male),
                "f" | "F" | "w" | "W" => Some(Sex::Female),
                _ => None,
            },
            rating,
            title: (!x.title.is_empty()).then(|| Title::from_code(&x.title)),
            federation: (!x.federation.is_empty()).then(|| x.federation.clone()),
            fide_id: (!x.fide_id.is_empty() && x.fide_id != "0").then(|| x.fide_id.clone()),
            national_ratings,
            // SM's type: the category the player entered (docs/profile.md).
            registered_category: (!x.kind.is_empty()).then(|| x.kind.clone()),
            labels,
            ..Default::default()
        })
    }
}

/// The players of `t` as an import file (teams are not carried: the model's teams have no
/// Swiss-Manager ids).
pub fn from_tournament(t: &Tournament) -> XmlFile {
    XmlFile {
        players: t.players.iter().map(XmlPlayer::from).collect(),
        teams: Vec::new(),
    }
}

/// Write `f`: a `<Players>` document, or a `<Teams>` document when there are only teams.
/// Both lists in one file are wrapped in `<SwissManagerImport>`, since the import file
/// has one root.
pub fn write(f: &XmlFile) -> String {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    // Writing into a Vec cannot fail; results are ignored deliberately below via `ok()`.
    let _ = w.write_event(Event::Decl(BytesDecl::new("1.0", Some("utf-8"), None)));
    let both = !f.players.is_empty() && !f.teams.is_empty();
    if both {
        let _ = w.write_event(Event::Start(BytesStart::new("SwissManagerImport")));
    }
    if !f.players.is_empty() || f.teams.is_empty() {
        let _ = w.write_event(Event::Start(BytesStart::new("Players")));
        for p in &f.players {
            let mut e = BytesStart::new("Player");
            for (k, v) in p.attrs() {
                if !v.is_empty() {
                    e.push_attribute((k, v));
                }
            }
            for (k, v) in &p.extra {
                e.push_attribute((k.as_str(), v.as_str()));
            }
            let _ = w.write_event(Event::Empty(e));
        }
        let _ = w.write_event(Event::End(quick_xml::events::BytesEnd::new("Players")));
    }
    if !f.teams.is_empty() {
        let _ = w.write_event(Event::Start(BytesStart::new("Teams")));
        for t in &f.teams {
            let mut e = BytesStart::new("Team");
            for (k, v) in [
                ("TeamUniqueId", &t.unique_id),
                ("TeamLongname", &t.long_name),
                ("TeamShortname", &t.short_name),
            ] {
                if !v.is_empty() {
                    e.push_attribute((k, v.as_str()));
                }
            }
            for (k, v) in &t.extra {
                e.push_attribute((k.as_str(), v.as_str()));
            }
            let _ = w.write_event(Event::Empty(e));
        }
        let _ = w.write_event(Event::End(quick_xml::events::BytesEnd::new("Teams")));
    }
    if both {
        let _ = w.write_event(Event::End(quick_xml::events::BytesEnd::new(
            "SwissManagerImport",
        )));
    }
    let mut s = String::from_utf8_lossy(&w.into_inner()).into_owned();
    s.push('\n');
    s
}

fn attrs_of(e: &BytesStart, pos: u64, diags: &mut Vec<Diagnostic>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    // quick-xml's own duplicate check compares each attribute with every
    // earlier one, quadratic in a hostile element's attributes. A set does it.
    let mut seen = std::collections::HashSet::new();
    for a in e.attributes().with_checks(false) {
        match a {
            Ok(a) => {
                let k = String::from_utf8_lossy(a.key.as_ref()).into_owned();
                if !seen.insert(k.clone()) {
                    diags.push(err_at(
                        pos,
                        format!("expected each attribute once, found {k} again; the first is kept"),
                    ));
                    continue;
                }
                match a.unescape_value() {
                    Ok(v) => out.push((k, v.into_owned())),
                    Err(err) => diags.push(err_at(
                        pos,
                        format!("expected an attribute value for {k}, found {err}"),
                    )),
                }
            }
            Err(err) => diags.push(err_at(pos, format!("expected an attribute, found {err}"))),
        }
    }
    out
}

fn err_at(pos: u64, m: String) -> Diagnostic {
    Diagnostic::error(
        codes::SM_FIELD_SYNTAX,
        Family::Syntax,
        Location {
            field: Some(format!("byte offset {pos}")),
            ..Location::default()
        },
        m,
    )
}

/// Looks like a Swiss-Manager import file?
pub fn sniff(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(400)];
    let s = String::from_utf8_lossy(head);
    s.trim_start().starts_with('<') && (s.contains("<Players") || s.contains("<Teams"))
}

/// Read an import file. Unknown attributes are kept and reported.
pub fn read(text: &str) -> (XmlFile, Vec<Diagnostic>) {
    let mut r = Reader::from_str(text);
    let mut f = XmlFile::default();
    let mut diags = Vec::new();
    loop {
        let pos = r.buffer_position();
        match r.read_event() {
            Ok(Event::Eof) => break,
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.name().as_ref() {
                b"Player" if f.players.len() >= crate::formats::input::MAX_PLAYERS => {
                    // Each empty element would be a player: bounded by count, as
                    // a few bytes of markup would otherwise hold a whole player.
                    diags.push(Diagnostic::error(
                        codes::INPUT_TOO_LARGE,
                        Family::Syntax,
                        Location {
                            field: Some(format!("byte offset {pos}")),
                            ..Location::default()
                        },
                        format!(
                            "expected at most {} players (a TRF's four-digit start numbers), found more `<Player>` elements; reading stopped",
                            crate::formats::input::MAX_PLAYERS
                        ),
                    ));
                    break;
                }
                b"Player" => {
                    let mut p = XmlPlayer::default();
                    for (k, v) in attrs_of(&e, pos, &mut diags) {
                        match p.slot(&k) {
                            Some(s) => *s = v,
                            None => {
                                diags.push(Diagnostic::warning(
                                    codes::SM_UNDECODED,
                                    Family::Syntax,
                                    Location {
                                        field: Some(k.clone()),
                                        ..Location::default()
                                    },
                                    format!("unknown player attribute {k}; kept"),
                                ));
                                p.extra.push((k, v));
                            }
                        }
                    }
                    f.players.push(p);
                }
                b"Team" => {
                    let mut t = XmlTeam::default();
                    for (k, v) in attrs_of(&e, pos, &mut diags) {
                        match k.as_str() {
                            "TeamUniqueId" => t.unique_id = v,
                            "TeamLongname" => t.long_name = v,
                            "TeamShortname" => t.short_name = v,
                            _ => {
                                diags.push(Diagnostic::warning(
                                    codes::SM_UNDECODED,
                                    Family::Syntax,
                                    Location {
                                        field: Some(k.clone()),
                                        ..Location::default()
                                    },
                                    format!("unknown team attribute {k}; kept"),
                                ));
                                t.extra.push((k, v));
                            }
                        }
                    }
                    f.teams.push(t);
                }
                b"Players" | b"Teams" | b"SwissManagerImport" => {}
                other => diags.push(Diagnostic::warning(
                    codes::SM_UNDECODED,
                    Family::Syntax,
                    Location {
                        field: Some(format!("byte offset {pos}")),
                        ..Location::default()
                    },
                    format!(
                        "unknown element {}; skipped",
                        String::from_utf8_lossy(other)
                    ),
                )),
            },
            Ok(_) => {}
            Err(e) => {
                diags.push(err_at(pos, format!("expected well-formed xml, found {e}")));
                break;
            }
        }
    }
    (f, diags)
}

/// Players of an import file as a tournament.
pub fn to_tournament(f: &XmlFile) -> (Tournament, Vec<Diagnostic>) {
    let mut t = Tournament::default();
    let mut diags = Vec::new();
    for (i, x) in f.players.iter().enumerate() {
        match Player::try_from(x) {
            Ok(p) => t.players.push(p),
            Err(m) => diags.push(Diagnostic::error(
                codes::SM_FIELD_SYNTAX,
                Family::Syntax,
                Location {
                    field: Some(format!("player element {}, {}", i + 1, m.attribute)),
                    ..Location::default()
                },
                m.to_string(),
            )),
        }
    }
    (t, diags)
}
