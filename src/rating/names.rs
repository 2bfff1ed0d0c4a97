//! Names as a FIDE report carries them: plain Latin letters. Characters
//! outside that set are reported with the transliteration the tool would
//! apply (German federation practice: ä→ae, ö→oe, ü→ue, ß→ss; other
//! diacritics dropped), never applied silently. A name in a script without
//! a transliteration (Chinese characters) may carry its Latin form after the
//! comma, as registrations in Taiwan write it (`陳美玲, Chen Mei-Ling`): the
//! report takes that form.

/// The replacement of one character, `None` if it has no Latin transliteration.
fn translit_char(c: char) -> Option<&'static str> {
    Some(match c {
        'ä' => "ae",
        'ö' => "oe",
        'ü' => "ue",
        'Ä' => "Ae",
        'Ö' => "Oe",
        'Ü' => "Ue",
        'ß' => "ss",
        'æ' => "ae",
        'Æ' => "Ae",
        'œ' => "oe",
        'Œ' => "Oe",
        'ø' => "o",
        'Ø' => "O",
        'þ' => "th",
        'Þ' => "Th",
        'ð' => "d",
        'Ð' => "D",
        'à' | 'á' | 'â' | 'ã' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'À' | 'Á' | 'Â' | 'Ã' | 'Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'Ç' | 'Ć' | 'Ĉ' | 'Ċ' | 'Č' => "C",
        'ď' | 'đ' => "d",
        'Ď' | 'Đ' => "D",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ĕ' | 'Ė' | 'Ę' | 'Ě' => "E",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'Ĝ' | 'Ğ' | 'Ġ' | 'Ģ' => "G",
        'ĥ' | 'ħ' => "h",
        'Ĥ' | 'Ħ' => "H",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ĩ' | 'Ī' | 'Ĭ' | 'Į' | 'İ' => "I",
        'ĵ' => "j",
        'Ĵ' => "J",
        'ķ' => "k",
        'Ķ' => "K",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'Ĺ' | 'Ļ' | 'Ľ' | 'Ŀ' | 'Ł' => "L",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'Ñ' | 'Ń' | 'Ņ' | 'Ň' => "N",
        'ò' | 'ó' | 'ô' | 'õ' | 'ō' | 'ŏ' | 'ő' => "o",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ō' | 'Ŏ' | 'Ő' => "O",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'Ŕ' | 'Ŗ' | 'Ř' => "R",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'Ś' | 'Ŝ' | 'Ş' | 'Š' | 'Ș' => "S",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'Ţ' | 'Ť' | 'Ŧ' | 'Ț' => "T",
        'ù' | 'ú' | 'û' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'Ù' | 'Ú' | 'Û' | 'Ũ' | 'Ū' | 'Ŭ' | 'Ů' | 'Ű' | 'Ų' => "U",
        'ŵ' => "w",
        'Ŵ' => "W",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'Ý' | 'Ÿ' | 'Ŷ' => "Y",
        'ź' | 'ż' | 'ž' => "z",
        'Ź' | 'Ż' | 'Ž' => "Z",
        '’' | '‘' | '`' | '´' => "'",
        _ => return None,
    })
}

/// Characters a name in the report may carry as they are.
pub(crate) fn is_plain(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, ' ' | ',' | '-' | '\'' | '.')
}

/// What checking a name found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NameCheck {
    /// The characters that are not plain, in order, without repeats.
    pub offending: Vec<char>,
    /// The name with every transliterable character replaced; `None` when
    /// some character has no transliteration.
    pub transliterated: Option<String>,
}

/// Check a name; `None` when it is already plain.
pub(crate) fn check_name(name: &str) -> Option<NameCheck> {
    if name.chars().all(is_plain) {
        return None;
    }
    let mut offending = Vec::new();
    let mut out = String::new();
    let mut ok = true;
    for c in name.chars() {
        if is_plain(c) {
            out.push(c);
            continue;
        }
        if !offending.contains(&c) {
            offending.push(c);
        }
        match translit_char(c) {
            Some(s) => out.push_str(s),
            None => ok = false,
        }
    }
    Some(NameCheck {
        offending,
        transliterated: if ok { Some(out) } else { latin_form(name) },
    })
}

/// The Latin form a name gives beside its characters without
/// transliteration, in FIDE's `Surname, Given` order: `陳美玲, Chen Mei-Ling`
/// gives `Chen, Mei-Ling`. Only when each comma-separated part is wholly in
/// one script and the Latin parts name the person in full (two words or
/// more): `Иванов, Ivan` gives none, since `Ivan` alone is not the name.
///
/// One Latin part is read as romanisations in Taiwan write a name (family
/// name first, as on a passport): its first word is the surname, the rest the
/// given name. Latin parts already separated by a comma (`陳美玲, Chen,
/// Mei-Ling`) are kept in their order.
fn latin_form(name: &str) -> Option<String> {
    let mut latin = Vec::new();
    for part in name.split(',').map(str::trim) {
        let other = |c: char| !is_plain(c) && translit_char(c).is_none();
        if part.chars().all(|c| other(c) || c == ' ') {
            continue;
        }
        if part.chars().any(other) {
            return None;
        }
        latin.push(transliterate(part)?);
    }
    let words = latin.iter().flat_map(|p| p.split_whitespace()).count();
    if words < 2 {
        return None;
    }
    if let [one] = latin.as_slice() {
        let (surname, given) = one.split_once(' ')?;
        return Some(format!("{surname}, {}", given.trim()));
    }
    Some(latin.join(", "))
}

/// The name as a FIDE report carries it, when it is not the name as written:
/// the transliteration ([`check_name`]), which for Chinese characters is the
/// Latin form given beside them ([`latin_form`]). `None` when the name is
/// already plain or has no Latin form.
pub(crate) fn fide_form(name: &str) -> Option<String> {
    check_name(name)?.transliterated
}

/// The transliterated name, or the name unchanged when nothing applies.
pub(crate) fn transliterate(name: &str) -> Option<String> {
    match check_name(name) {
        None => Some(name.to_string()),
        Some(c) => c.transliterated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_and_other_diacritics() {
        assert_eq!(
            transliterate("Müller, Jürgen").as_deref(),
            Some("Mueller, Juergen")
        );
        assert_eq!(
            transliterate("Straße, Lía").as_deref(),
            Some("Strasse, Lia")
        );
        assert_eq!(
            transliterate("Łukasz, Šimon").as_deref(),
            Some("Lukasz, Simon")
        );
        assert_eq!(check_name("Carlsen, Magnus"), None);
        let c = check_name("Иванов, Ivan").unwrap();
        assert_eq!(c.transliterated, None);
        assert_eq!(c.offending.len(), 5);
    }

    #[test]
    fn chinese_characters_with_the_latin_form_after_the_comma() {
        let c = check_name("陳美玲, Chen Mei-Ling").unwrap();
        assert_eq!(c.offending, vec!['陳', '美', '玲']);
        assert_eq!(c.transliterated.as_deref(), Some("Chen, Mei-Ling"));
        // Surname first in one Latin part; a comma already there is kept.
        assert_eq!(
            fide_form("歐陽志明, Ouyang Chih-Ming").as_deref(),
            Some("Ouyang, Chih-Ming")
        );
        assert_eq!(
            fide_form("陳美玲, Chen, Mei-Ling").as_deref(),
            Some("Chen, Mei-Ling")
        );
        assert_eq!(fide_form("Chen, Mei-Ling"), None);
        // Characters alone, or a Latin part that is not the whole name.
        assert_eq!(check_name("王小明").unwrap().transliterated, None);
        assert_eq!(check_name("王小明, Ming").unwrap().transliterated, None);
        assert_eq!(
            check_name("王小明, Wang 小明").unwrap().transliterated,
            None
        );
    }
}
