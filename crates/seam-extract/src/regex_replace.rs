//! Text replaced by a regular expression that only spells fixed text
//! (`base.replace(/\/api\/v1\/$/, '/api/v2/')`): on a value whose text around the match is
//! known, the result is known too. Only literal patterns are read (characters, escaped
//! punctuation, a leading `^` and a trailing `$`); a pattern with classes, groups,
//! alternatives or repetition, a case-insensitive or multi-line flag, or a replacement that
//! refers to the match (`$&`, `$1`) is not, and the call stays unread.

use crate::url::Piece;

/// A regular expression that matches one fixed text, possibly anchored.
#[derive(Debug, PartialEq, Eq)]
pub struct LiteralRegex {
    text: String,
    at_start: bool,
    at_end: bool,
    global: bool,
}

impl LiteralRegex {
    /// The pattern's fixed text and anchors, `None` when it is more than fixed text.
    pub fn parse(pattern: &str, flags: &str) -> Option<LiteralRegex> {
        // `g` replaces every match; `u`, `s` and `d` change nothing for fixed text.
        if !flags.chars().all(|f| matches!(f, 'g' | 'u' | 's' | 'd')) {
            return None;
        }
        let mut body = pattern;
        let at_start = body.starts_with('^');
        if at_start {
            body = &body[1..];
        }
        let at_end = body.ends_with('$') && !body.ends_with("\\$");
        if at_end {
            body = &body[..body.len() - 1];
        }
        let mut text = String::new();
        let mut chars = body.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next()? {
                    // `\d`, `\w`, `\b`, `\1`…: a class or a reference, not a character.
                    e if e.is_ascii_alphanumeric() => return None,
                    e => text.push(e),
                },
                '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '^' | '$' => {
                    return None;
                }
                c => text.push(c),
            }
        }
        (!text.is_empty()).then_some(LiteralRegex {
            text,
            at_start,
            at_end,
            global: flags.contains('g'),
        })
    }

    /// The value after the replacement, `None` when the match depends on text seam could not
    /// read (an anchored match next to a hole, a match that could not be decided).
    pub fn replace(&self, pieces: Vec<Piece>, with: &str) -> Option<Vec<Piece>> {
        if with.contains('$') {
            return None;
        }
        let mut pieces = merged(pieces);
        let texts = pieces.len();
        if self.at_start || self.at_end {
            // The anchored end must be known text, long enough to decide the match.
            let i = if self.at_start {
                0
            } else {
                texts.checked_sub(1)?
            };
            let Some(Piece::Text(t)) = pieces.get_mut(i) else {
                return None;
            };
            let whole = texts == 1;
            let hit = match (self.at_start, self.at_end) {
                (true, true) => whole.then(|| *t == self.text)?,
                (true, false) => t.starts_with(&self.text),
                _ => t.ends_with(&self.text),
            };
            if !hit && t.len() < self.text.len() && !whole {
                return None;
            }
            if hit {
                let at = if self.at_start {
                    0
                } else {
                    t.len() - self.text.len()
                };
                t.replace_range(at..at + self.text.len(), with);
            }
            return Some(pieces);
        }
        for piece in &mut pieces {
            let Piece::Text(t) = piece else { continue };
            if self.global {
                *t = t.replace(&self.text, with);
            } else if let Some(at) = t.find(&self.text) {
                t.replace_range(at..at + self.text.len(), with);
                break;
            }
        }
        Some(pieces)
    }
}

/// Adjacent text pieces as one, so a match across them is found.
fn merged(pieces: Vec<Piece>) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for p in pieces {
        match (out.last_mut(), p) {
            (Some(Piece::Text(last)), Piece::Text(t)) => last.push_str(&t),
            (_, p) => out.push(p),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Piece {
        Piece::Text(s.to_owned())
    }

    #[test]
    fn only_fixed_text_patterns_are_read() {
        let r = LiteralRegex::parse(r"\/api\/v1\/$", "").unwrap();
        assert_eq!(r.text, "/api/v1/");
        assert!(r.at_end && !r.at_start);
        assert!(LiteralRegex::parse(r"\d+", "").is_none());
        assert!(LiteralRegex::parse("a|b", "").is_none());
        assert!(LiteralRegex::parse("v1", "i").is_none());
        assert!(LiteralRegex::parse(r"\$", "").is_some());
    }

    #[test]
    fn an_anchored_match_replaces_the_known_end() {
        let r = LiteralRegex::parse(r"\/api\/v1\/$", "").unwrap();
        let out = r
            .replace(vec![Piece::Env, text("/api"), text("/v1/")], "/api/v2/")
            .unwrap();
        assert_eq!(out, vec![Piece::Env, text("/api/v2/")]);
        // A hole at the anchored end: the match cannot be decided.
        assert_eq!(
            r.replace(vec![text("/api/v1/"), Piece::Hole("x".into())], "/"),
            None
        );
        // Known text that does not end so: unchanged.
        assert_eq!(
            r.replace(vec![Piece::Hole("x".into()), text("/api/v9/")], "/"),
            Some(vec![Piece::Hole("x".into()), text("/api/v9/")])
        );
    }

    #[test]
    fn an_unanchored_match_replaces_the_first_or_every_occurrence() {
        let r = LiteralRegex::parse("-", "").unwrap();
        assert_eq!(
            r.replace(vec![text("a-b-c")], "/"),
            Some(vec![text("a/b-c")])
        );
        let g = LiteralRegex::parse("-", "g").unwrap();
        assert_eq!(
            g.replace(vec![text("a-b-c")], "/"),
            Some(vec![text("a/b/c")])
        );
        assert_eq!(g.replace(vec![text("a-b")], "$&"), None);
    }
}
