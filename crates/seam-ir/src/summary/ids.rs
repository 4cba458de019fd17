//! The two content-derived ids of the format: a summary's `identity.id` and a transition's `id`.

use sha1::{Digest, Sha1};

/// `${workspace}::${file}::${nameOrExportPath}`, without the workspace part when it is unknown.
///
/// This is the base formula: the boundary (`#…`) and line (`@…`) suffixes that settle collisions
/// across a run are added by whoever sees the whole run.
pub fn summary_id(workspace: Option<&str>, file: &str, name_or_export_path: &str) -> String {
    match workspace {
        Some(workspace) => format!("{workspace}::{file}::{name_or_export_path}"),
        None => format!("{file}::{name_or_export_path}"),
    }
}

/// [`summary_id`] from a summary's own fields: the export path joined with `.` when it has a
/// non-empty one, else the name.
pub fn summary_id_from_parts(
    workspace: Option<&str>,
    file: &str,
    name: &str,
    export_path: Option<&[String]>,
) -> String {
    match export_path {
        Some(path) if !path.is_empty() => summary_id(workspace, file, &path.join(".")),
        _ => summary_id(workspace, file, name),
    }
}

/// Whether a guard held or was negated on the path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Polarity {
    Positive,
    Negative,
}

impl Polarity {
    pub fn as_str(self) -> &'static str {
        match self {
            Polarity::Positive => "positive",
            Polarity::Negative => "negative",
        }
    }
}

/// `${functionName}:${terminalKind}:${statusKey}:${hash7}`, where `hash7` is the first seven hex
/// digits of SHA-1 over the ordered conditions written `polarity:sourceText` and joined by `;`.
/// `status_key` is the literal status, `dyn:<sourceText>` for a dynamic one, or `none`.
pub fn transition_id(
    function_name: &str,
    terminal_kind: &str,
    status_key: &str,
    conditions: &[(Polarity, &str)],
) -> String {
    let mut hasher = Sha1::new();
    for (index, (polarity, source_text)) in conditions.iter().enumerate() {
        if index > 0 {
            hasher.update(b";");
        }
        hasher.update(polarity.as_str().as_bytes());
        hasher.update(b":");
        hasher.update(source_text.as_bytes());
    }
    let digest = hex::encode(hasher.finalize());
    let hash7 = digest.get(..7).unwrap_or(&digest);
    format!("{function_name}:{terminal_kind}:{status_key}:{hash7}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_ids_follow_the_formula() {
        assert_eq!(
            summary_id(Some("suss"), "fixtures/express/handlers.ts", "get"),
            "suss::fixtures/express/handlers.ts::get"
        );
        assert_eq!(summary_id(None, "src/a.ts", "run"), "src/a.ts::run");
        let path = vec!["Orders".to_owned(), "list".to_owned()];
        assert_eq!(
            summary_id_from_parts(None, "src/o.ts", "list", Some(&path)),
            "src/o.ts::Orders.list"
        );
        assert_eq!(
            summary_id_from_parts(Some("w"), "src/o.ts", "list", Some(&[])),
            "w::src/o.ts::list"
        );
    }

    #[test]
    fn transition_id_hashes_polarity_and_source_text() {
        // `printf %s 'negative:!id;positive:!user' | sha1sum` gives 9d39a1a8071533f8…, and
        // the spec's example id for this 404 branch of fixtures/express is get:response:404:9d39a1a.
        let id = transition_id(
            "get",
            "response",
            "404",
            &[(Polarity::Negative, "!id"), (Polarity::Positive, "!user")],
        );
        assert_eq!(id, "get:response:404:9d39a1a");
        assert_eq!(
            transition_id("Orders.list", "return", "none", &[]),
            "Orders.list:return:none:da39a3e"
        );
    }
}
