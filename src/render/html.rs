//! HTML escaping shared by every HTML rendering.

/// `s` escaped for HTML text and double-quoted attribute values (`&`, `<`,
/// `>`, `"`). The pages quote every attribute with `"`, so `'` stays as it is.
pub(crate) fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_markup_and_double_quotes() {
        assert_eq!(
            escape("<b>\"Tom & Jerry's\"</b>"),
            "&lt;b&gt;&quot;Tom &amp; Jerry's&quot;&lt;/b&gt;"
        );
    }
}
