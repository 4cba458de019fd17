//! Paths joined by a library function (`path.Join(uriAdmin, "/login")` in Go): the arguments
//! read one by one and joined with single slashes, empty ones left out, as the function
//! does. Which functions join is core data (`pathJoins` in `core/constants.yaml`).

use crate::url::Piece;

/// The pieces of each argument joined into one path: a slash between two non-empty parts,
/// never two in a row, and no trailing slash (the function cleans the path) unless the
/// path is only `/`.
pub fn join(parts: Vec<Vec<Piece>>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    for part in parts {
        let part: Vec<Piece> = part
            .into_iter()
            .filter(|p| !matches!(p, Piece::Text(t) if t.is_empty()))
            .collect();
        if part.is_empty() {
            continue;
        }
        if !out.is_empty() {
            push_text(&mut out, "/");
        }
        for piece in part {
            match piece {
                Piece::Text(t) => push_text(&mut out, &t),
                other => out.push(other),
            }
        }
    }
    if let Some(Piece::Text(t)) = out.last_mut()
        && t.len() > 1
        && t.ends_with('/')
    {
        t.pop();
    }
    out
}

/// Appends text, merging it with a text piece before it and dropping the slash that would
/// double one already there.
fn push_text(out: &mut Vec<Piece>, text: &str) {
    if let Some(Piece::Text(last)) = out.last_mut() {
        let text = if last.ends_with('/') {
            text.trim_start_matches('/')
        } else {
            text
        };
        last.push_str(text);
        return;
    }
    out.push(Piece::Text(text.to_owned()));
}

#[cfg(test)]
mod tests {
    use super::join;
    use crate::url::Piece::{self, Hole, Text};

    fn t(s: &str) -> Piece {
        Text(s.to_owned())
    }

    #[test]
    fn joins_with_single_slashes_and_drops_empty_parts() {
        assert_eq!(
            join(vec![vec![t("/admin")], vec![t("")]]),
            vec![t("/admin")]
        );
        assert_eq!(
            join(vec![vec![t("/admin")], vec![t("/login")]]),
            vec![t("/admin/login")]
        );
        assert_eq!(
            join(vec![vec![t("/admin/")], vec![t("custom.css")]]),
            vec![t("/admin/custom.css")]
        );
        assert_eq!(join(vec![vec![t("/")], vec![t("")]]), vec![t("/")]);
    }

    #[test]
    fn keeps_holes_between_the_slashes() {
        assert_eq!(
            join(vec![vec![Hole("base".into())], vec![t("/:filepath")]]),
            vec![Hole("base".into()), t("/:filepath")]
        );
        assert_eq!(
            join(vec![vec![t("/u")], vec![Hole("id".into())], vec![t("x/")]]),
            vec![t("/u/"), Hole("id".into()), t("/x")]
        );
    }
}
