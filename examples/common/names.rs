//! Invented names for the CTCA samples (none is a real player's): mostly
//! Taiwanese, romanised as the FIDE list writes TPE players (Wade-Giles
//! style, given names hyphenated: `Chen, Yi-Ting`), and visitors from the
//! federations that come to Tainan. Some Taiwanese players are entered in
//! Chinese characters with their Latin form after the comma
//! (`陳美玲, Chen Mei-Ling`), as registrations in Taiwan are written; the
//! FIDE rating report takes the Latin letters from that form.
//!
//! Shared by `make_sample_open` and `make_sample_sections` (`#[path]` module).

use chess_arbiter::model::random::Seeded as Rng;

/// A name in Latin letters and in Chinese characters.
type Both = (&'static str, &'static str);

const SURNAMES: [Both; 30] = [
    ("Chen", "陳"),
    ("Lin", "林"),
    ("Huang", "黃"),
    ("Chang", "張"),
    ("Li", "李"),
    ("Wang", "王"),
    ("Wu", "吳"),
    ("Liu", "劉"),
    ("Tsai", "蔡"),
    ("Yang", "楊"),
    ("Hsu", "許"),
    ("Cheng", "鄭"),
    ("Hsieh", "謝"),
    ("Kuo", "郭"),
    ("Hung", "洪"),
    ("Tseng", "曾"),
    ("Chiu", "邱"),
    ("Liao", "廖"),
    ("Lai", "賴"),
    ("Chou", "周"),
    ("Yeh", "葉"),
    ("Su", "蘇"),
    ("Chuang", "莊"),
    ("Lu", "呂"),
    ("Chiang", "江"),
    ("Ho", "何"),
    ("Kao", "高"),
    ("Pan", "潘"),
    ("Fang", "方"),
    ("Shih", "施"),
];
const MEN: [Both; 16] = [
    ("Chih-Hao", "志豪"),
    ("Cheng-Han", "承翰"),
    ("Po-Yu", "柏宇"),
    ("Chun-Kai", "俊凱"),
    ("Kuan-Ting", "冠廷"),
    ("Tzu-Yang", "子揚"),
    ("Yu-Hsiang", "宇翔"),
    ("Wei-Lun", "偉倫"),
    ("Chia-Hao", "家豪"),
    ("Tsung-Han", "宗翰"),
    ("Chien-Hung", "建宏"),
    ("Kai-Wen", "凱文"),
    ("Chun-Yu", "俊宇"),
    ("Wen-Hsiung", "文雄"),
    ("Ming-Hui", "明輝"),
    ("Yen-Ting", "彥廷"),
];
const WOMEN: [Both; 14] = [
    ("Shu-Fen", "淑芬"),
    ("Ya-Ting", "雅婷"),
    ("Hsin-Yi", "欣怡"),
    ("Pei-Shan", "佩珊"),
    ("Yu-Chen", "玉珍"),
    ("Mei-Ling", "美玲"),
    ("Chia-Yi", "佳怡"),
    ("Hui-Min", "慧敏"),
    ("Tzu-Han", "子涵"),
    ("Wan-Ting", "婉婷"),
    ("Yi-Ting", "怡婷"),
    ("Chia-Ying", "佳穎"),
    ("Yu-Hsuan", "語萱"),
    ("Shih-Han", "詩涵"),
];

/// A visiting federation and names as its players are listed.
struct Visitors {
    federation: &'static str,
    surnames: &'static [&'static str],
    men: &'static [&'static str],
    women: &'static [&'static str],
}

const VISITORS: [Visitors; 7] = [
    Visitors {
        federation: "JPN",
        surnames: &[
            "Sato",
            "Suzuki",
            "Takahashi",
            "Tanaka",
            "Watanabe",
            "Ito",
            "Nakamura",
        ],
        men: &["Haruto", "Kenji", "Takumi", "Yuki", "Ren"],
        women: &["Yui", "Sakura", "Aoi", "Hina"],
    },
    Visitors {
        federation: "HKG",
        surnames: &["Wong", "Chan", "Leung", "Cheung", "Lau", "Ng"],
        men: &["Ka Ho", "Wing Kit", "Chun Hei", "Tsz Chun"],
        women: &["Hoi Ying", "Wing Yan", "Ka Man"],
    },
    Visitors {
        federation: "PHI",
        surnames: &[
            "Santos",
            "Reyes",
            "Cruz",
            "Bautista",
            "Mendoza",
            "Villanueva",
        ],
        men: &["Jose", "Mark Anthony", "Paolo", "Rommel", "Jerome"],
        women: &["Janelle", "Kristine", "Bernadette"],
    },
    Visitors {
        federation: "MAS",
        surnames: &["Tan", "Lim", "Ahmad", "Abdullah", "Teh", "Rahman"],
        men: &["Wei Jie", "Faiz", "Kah Hoe", "Syafiq"],
        women: &["Shu Yi", "Nur Aisyah", "Jia Hui"],
    },
    Visitors {
        federation: "KOR",
        surnames: &["Kim", "Lee", "Park", "Choi", "Jung", "Kang"],
        men: &["Min-Jun", "Seo-Jun", "Ji-Hoon", "Hyun-Woo"],
        women: &["Ji-Woo", "Seo-Yeon", "Ha-Eun"],
    },
    Visitors {
        federation: "USA",
        surnames: &["Smith", "Miller", "Nguyen", "Patel", "Carter", "Brooks"],
        men: &["Ethan", "Michael", "Daniel", "Ryan"],
        women: &["Emily", "Grace", "Olivia"],
    },
    Visitors {
        federation: "IND",
        surnames: &["Sharma", "Iyer", "Reddy", "Nair", "Gupta", "Rao"],
        men: &["Arjun", "Aditya", "Pranav", "Karthik"],
        women: &["Divya", "Ananya", "Sneha"],
    },
];

fn one<T: Copy>(rng: &mut Rng, from: &[T]) -> T {
    from[rng.index(from.len())]
}

/// A Taiwanese player's name; in Chinese characters (with the Latin form
/// after the comma) when `chinese`.
fn taiwanese(rng: &mut Rng, female: bool, chinese: bool) -> String {
    let (surname, surname_zh) = one(rng, &SURNAMES);
    let (given, given_zh) = one(rng, if female { &WOMEN } else { &MEN });
    if chinese {
        format!("{surname_zh}{given_zh}, {surname} {given}")
    } else {
        format!("{surname}, {given}")
    }
}

/// A Taiwanese name as [`entrant`] writes it (`Chen, Chih-Hao` or
/// `陳志豪, Chen Chih-Hao`) with the given name replaced by the `k`-th
/// woman's, in the same script; `None` for a visitor's name.
#[allow(dead_code)] // make_sample_open only
pub(crate) fn as_girl(name: &str, k: usize) -> Option<String> {
    let (given, given_zh) = WOMEN[k % WOMEN.len()];
    let (first, latin) = name.split_once(", ")?;
    if let Some((surname, _)) = latin.split_once(' ') {
        let (_, zh) = SURNAMES.iter().find(|(s, _)| *s == surname)?;
        return first
            .starts_with(zh)
            .then(|| format!("{zh}{given_zh}, {surname} {given}"));
    }
    SURNAMES
        .iter()
        .any(|(s, _)| *s == first)
        .then(|| format!("{first}, {given}"))
}

/// A player's name and federation: a visitor with `visitors` percent
/// chance (the federation drawn evenly), else Taiwanese, in Chinese
/// characters with `chinese` percent chance.
pub(crate) fn entrant(
    rng: &mut Rng,
    female: bool,
    visitors: u64,
    chinese: u64,
) -> (String, &'static str) {
    if rng.below(100) < visitors {
        let v = &VISITORS[rng.index(VISITORS.len())];
        let surname = one(rng, v.surnames);
        let given = one(rng, if female { v.women } else { v.men });
        return (format!("{surname}, {given}"), v.federation);
    }
    let zh = rng.below(100) < chinese;
    (taiwanese(rng, female, zh), "TPE")
}

/// A plausible FIDE id for the `k`-th player of an event (unique within
/// it): each federation's ids start from its own base.
pub(crate) fn fide_id(rng: &mut Rng, federation: &str, k: usize) -> String {
    let base: u64 = match federation {
        "TPE" => 5_200_000,
        "PHI" => 5_400_000,
        "MAS" => 5_700_000,
        "HKG" => 5_800_000,
        "KOR" => 4_600_000,
        "JPN" => 7_700_000,
        "USA" => 2_000_000,
        "IND" => 25_000_000,
        _ => 9_000_000,
    };
    (base + (k as u64) * 997 + rng.below(900)).to_string()
}

/// The arbiters of every group of the event (`102`, `112`).
pub(crate) const CHIEF_ARBITER: &str = "IA Chang, Wen-Hsiung";
pub(crate) const DEPUTY_ARBITER: &str = "FA Huang, Shu-Chen";
