//! Globs over repository-relative paths: the one matcher for the globs of packs that find
//! handlers or settings by file name (`**/app/**/route.{ts,js}`, `next.config.{js,mjs}`) and
//! of workspace members (`packages/*`, `apps/**`, see [`super::workspaces`]).
//!
//! `**` is any number of whole segments, `*` any run of characters inside one segment, `?`
//! one character, `{a,b}` one of the alternatives. Matching reports the segments the last
//! `**` took: for a file-convention router they are the route's own path.

/// Whether `path` matches `glob`; on a match, the segments the last `**` of the glob took
/// (empty when it has none).
pub fn glob_match(glob: &str, path: &str) -> Option<Vec<String>> {
    let pattern: Vec<&str> = glob.split('/').filter(|s| !s.is_empty()).collect();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let last_globstar = pattern.iter().rposition(|p| *p == "**");
    let mut taken = None;
    if match_segments(&pattern, 0, &segments, 0, last_globstar, &mut taken) {
        Some(taken.map_or_else(Vec::new, |(from, to)| {
            segments[from..to].iter().map(|s| (*s).to_owned()).collect()
        }))
    } else {
        None
    }
}

/// Matches one file name (no `/`) against a one-segment glob.
pub fn name_matches(glob: &str, name: &str) -> bool {
    expand_braces(glob)
        .iter()
        .any(|alt| wildcard(alt.as_bytes(), name.as_bytes()))
}

fn match_segments(
    pattern: &[&str],
    pi: usize,
    segments: &[&str],
    si: usize,
    last_globstar: Option<usize>,
    taken: &mut Option<(usize, usize)>,
) -> bool {
    let Some(p) = pattern.get(pi) else {
        return si == segments.len();
    };
    if *p == "**" {
        // Shortest first for the last `**` would leave the route to earlier ones; the last
        // takes as much as the rest of the glob allows, earlier ones as little.
        let lengths: Vec<usize> = if Some(pi) == last_globstar {
            (0..=segments.len() - si).rev().collect()
        } else {
            (0..=segments.len() - si).collect()
        };
        for n in lengths {
            if match_segments(pattern, pi + 1, segments, si + n, last_globstar, taken) {
                if Some(pi) == last_globstar {
                    *taken = Some((si, si + n));
                }
                return true;
            }
        }
        return false;
    }
    match segments.get(si) {
        Some(s) if name_matches(p, s) => {
            match_segments(pattern, pi + 1, segments, si + 1, last_globstar, taken)
        }
        _ => false,
    }
}

/// `a.{js,ts}` → `a.js`, `a.ts` (one level of braces, which is what packs write).
fn expand_braces(glob: &str) -> Vec<String> {
    let (Some(open), Some(close)) = (glob.find('{'), glob.find('}')) else {
        return vec![glob.to_owned()];
    };
    if close < open {
        return vec![glob.to_owned()];
    }
    let (head, tail) = (&glob[..open], &glob[close + 1..]);
    glob[open + 1..close]
        .split(',')
        .flat_map(|alt| expand_braces(&format!("{head}{alt}{tail}")))
        .collect()
}

fn wildcard(pattern: &[u8], text: &[u8]) -> bool {
    match pattern.split_first() {
        None => text.is_empty(),
        Some((b'*', rest)) => (0..=text.len()).any(|i| wildcard(rest, &text[i..])),
        Some((b'?', rest)) => !text.is_empty() && wildcard(rest, &text[1..]),
        Some((c, rest)) => text.first() == Some(c) && wildcard(rest, &text[1..]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_globstar_takes_the_route_segments() {
        assert_eq!(
            glob_match("**/app/**/route.{ts,js}", "src/app/users/[id]/route.ts"),
            Some(vec!["users".to_owned(), "[id]".to_owned()])
        );
        assert_eq!(
            glob_match("**/app/**/route.{ts,js}", "app/route.js"),
            Some(vec![])
        );
        assert_eq!(
            glob_match("**/app/**/route.{ts,js}", "app/users/page.ts"),
            None
        );
        assert_eq!(
            glob_match(
                "**/pages/api/**/*.{ts,js}",
                "apps/web/pages/api/users/index.ts"
            ),
            Some(vec!["users".to_owned()])
        );
    }

    #[test]
    fn names_match_with_braces_and_stars() {
        assert!(name_matches("next.config.{js,mjs,ts}", "next.config.mjs"));
        assert!(!name_matches("next.config.{js,mjs,ts}", "next.config.json"));
        assert!(name_matches("*.ts", "main.ts"));
        assert!(name_matches("ma?n.ts", "main.ts"));
    }
}
