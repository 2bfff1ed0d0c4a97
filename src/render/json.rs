//! JSON output shared by every JSON rendering: pretty printed, and one shape
//! for a value that cannot be serialised.

use serde::Serialize;

/// `v` as pretty JSON (no final newline). Should serialisation fail (a bug:
/// the rendered types serialise by construction), the document is
/// `{"error": "<why>"}` instead.
pub(crate) fn pretty<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string_pretty(v).unwrap_or_else(|e| {
        let why = serde_json::Value::String(e.to_string());
        format!("{{\"error\": {why}}}")
    })
}
