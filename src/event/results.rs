//! Results as arbiters write them: `1-0`, `0-1`, `1/2` (`½-½`, `=`, `1/2-1/2`),
//! forfeits `+-`, `-+`, `--`, a game lost by both `0-0`, a game whose result
//! is not known `?`; and a results sheet (CSV: `board,result`, optional
//! `round` and `section` columns, or the same lines pasted as text).

use super::step::BoardResult;

/// One line of a results sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetLine {
    /// Where it came from (`results.csv, line 4`), for messages.
    pub at: String,
    /// The section's key (`None`: the event's first section).
    pub section: Option<String>,
    /// The round (1-based; `None`: the last published round).
    pub round: Option<u32>,
    /// The board (1-based).
    pub board: u32,
    /// The result read.
    pub result: BoardResult,
    /// The result the writer saw on the board when it entered this one
    /// (`Some(None)`: an empty board). When set, a board found otherwise is
    /// not written ([`super::Entered::Conflict`]) and a different value seen
    /// makes this line a correction. `None`: not checked (the command line,
    /// whose corrections need `--correct`).
    pub expected: Option<Option<BoardResult>>,
}

/// Read one result; `None` when it is none of the forms above.
pub fn parse(text: &str) -> Option<BoardResult> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let t = t.replace('½', "1/2").replace(['–', '—', ':'], "-");
    let r = |white, black| Some(BoardResult { white, black });
    match t.to_ascii_lowercase().as_str() {
        "1-0" => r('1', '0'),
        "0-1" => r('0', '1'),
        "1/2" | "=" | "1/2-1/2" | "0.5-0.5" | "=-=" | "d" => r('=', '='),
        "+-" | "+/-" | "1f-0f" => r('+', '-'),
        "-+" | "-/+" | "0f-1f" => r('-', '+'),
        "--" | "-/-" | "0f-0f" => r('-', '-'),
        "0-0" => r('0', '0'),
        "1/2-0" => r('=', '0'),
        "0-1/2" => r('0', '='),
        "?" => r('?', '?'),
        _ => None,
    }
}

/// A result as [`parse`] reads it back (`1-0`, `1/2`, `+-`).
pub fn format(r: BoardResult) -> String {
    match (r.white, r.black) {
        ('1', '0') => "1-0".into(),
        ('0', '1') => "0-1".into(),
        ('=', '=') => "1/2".into(),
        ('+', '-') => "+-".into(),
        ('-', '+') => "-+".into(),
        ('-', '-') => "--".into(),
        ('0', '0') => "0-0".into(),
        ('=', '0') => "1/2-0".into(),
        ('0', '=') => "0-1/2".into(),
        ('?', '?') => "?".into(),
        (w, b) => format!("{w}{b}"),
    }
}

/// What a result request must look like, for messages.
pub const EXPECTED: &str = "a result 1-0, 0-1, 1/2 (or ½-½, =), +-, -+, --, 0-0 or ?";

/// Read a results sheet: comma, semicolon or tab separated, with a header
/// naming `board` and `result` (and optionally `round`, `section`), or
/// without one, `board,result` per line. Blank lines and lines starting with
/// `#` are skipped. Every bad line is reported, each with its line number.
pub fn sheet(text: &str, name: &str) -> Result<Vec<SheetLine>, Vec<String>> {
    let text = text.trim_start_matches('\u{feff}');
    let sep = |l: &str| -> char {
        [';', '\t', ',']
            .into_iter()
            .max_by_key(|c| l.matches(*c).count())
            .unwrap_or(',')
    };
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((first_no, first)) = lines.next() else {
        return Err(vec![format!(
            "{name}: expected lines of board,result, found none"
        )]);
    };
    let s = sep(first);
    let cells = |l: &str| -> Vec<String> { l.split(s).map(|c| c.trim().to_string()).collect() };
    let head = cells(first);
    let col = |names: &[&str]| {
        head.iter()
            .position(|h| names.contains(&h.to_ascii_lowercase().as_str()))
    };
    let (board, result, round, section, skip_first) =
        match (col(&["board", "bd", "table"]), col(&["result", "res"])) {
            (Some(b), Some(r)) => (b, r, col(&["round", "rd"]), col(&["section"]), true),
            _ => (0, 1, None, None, false),
        };
    let mut out = Vec::new();
    let mut errs = Vec::new();
    let all = std::iter::once((first_no, first))
        .filter(|_| !skip_first)
        .chain(lines);
    for (i, l) in all {
        let at = format!("{name}, line {}", i + 1);
        let c = cells(l);
        let get = |k: usize| c.get(k).map(String::as_str).unwrap_or("");
        let b = get(board);
        let Ok(b) = b.parse::<u32>() else {
            errs.push(format!(
                "{at}, column {}: expected a board number, found {b:?}",
                board + 1
            ));
            continue;
        };
        let r = get(result);
        let Some(res) = parse(r) else {
            errs.push(format!(
                "{at}, column {}: expected {EXPECTED}, found {r:?}",
                result + 1
            ));
            continue;
        };
        let rd = match round.map(get).filter(|x| !x.is_empty()) {
            None => None,
            Some(x) => match x.parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    errs.push(format!("{at}: expected a round number, found {x:?}"));
                    continue;
                }
            },
        };
        out.push(SheetLine {
            expected: None,
            at,
            section: section
                .map(get)
                .filter(|x| !x.is_empty())
                .map(str::to_string),
            round: rd,
            board: b,
            result: res,
        });
    }
    if errs.is_empty() {
        Ok(out)
    } else {
        Err(errs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_written_form_reads_and_formats_back() {
        for (text, canon) in [
            ("1-0", "1-0"),
            ("0-1", "0-1"),
            ("1/2", "1/2"),
            ("½-½", "1/2"),
            ("=", "1/2"),
            ("+-", "+-"),
            ("-+", "-+"),
            ("--", "--"),
            ("0-0", "0-0"),
        ] {
            let r = parse(text).unwrap_or_else(|| panic!("{text} should read"));
            assert_eq!(format(r), canon);
            assert_eq!(parse(canon), Some(r));
        }
        assert_eq!(parse("2-0"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn a_sheet_reports_every_bad_line_with_its_number() {
        let text = "board,result,round\n1,1-0,3\n2,x,3\nq,1/2\n";
        let errs = sheet(text, "r.csv").unwrap_err();
        assert_eq!(errs.len(), 2);
        assert!(
            errs[0].starts_with("r.csv, line 3, column 2"),
            "{}",
            errs[0]
        );
        assert!(
            errs[1].starts_with("r.csv, line 4, column 1"),
            "{}",
            errs[1]
        );
        let ok = sheet("1;1-0\n2;=\n", "s").unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(
            ok[1].result,
            BoardResult {
                white: '=',
                black: '='
            }
        );
    }
}
