//! A guard run on YAML text before it is parsed.
//!
//! The YAML parser (libyaml, under serde_norway) spends time proportional to the flow nesting
//! depth on every token, and only refuses deep nesting after it has scanned the whole input:
//! 160 KB of `[` took 40 s. Every YAML file seam reads from a repository (OpenAPI documents,
//! `.sussignore.yml`, packs, workspace files) is first checked here in one linear pass, so a
//! document nested deeper than [`MAX_FLOW_DEPTH`] brackets is refused at once, with its line
//! and column.
//!
//! The scan follows YAML's tokens closely enough for real files: brackets count outside
//! quoted scalars (a quote opens one only where a scalar can start), comments, and plain
//! scalars outside brackets (`path: /users/{id}` has no nesting). Bracket characters inside a
//! block scalar (`|`, `>`) are counted, which can only refuse a file, never let a deep one
//! through unnoticed in ordinary YAML. The parser's own limit is about the same depth, so a
//! file that parses today is not refused.

/// The deepest flow nesting (`[` and `{`) read.
pub const MAX_FLOW_DEPTH: usize = 120;

/// Where YAML text nests deeper than [`MAX_FLOW_DEPTH`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    /// 1-based.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
}

impl std::fmt::Display for TooDeep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the YAML is nested more than {MAX_FLOW_DEPTH} brackets deep at line {}, column {}; seam reads at most {MAX_FLOW_DEPTH} levels",
            self.line, self.column
        )
    }
}

impl std::error::Error for TooDeep {}

/// Checks the flow nesting of YAML (or JSON) text in one pass; see the module documentation.
pub fn check_nesting(text: &str) -> Result<(), TooDeep> {
    #[derive(PartialEq)]
    enum State {
        Normal,
        Double,
        Single,
        Comment,
        /// A plain scalar outside brackets: runs to the end of the line or ` #`.
        Plain,
    }
    let mut state = State::Normal;
    let mut depth = 0usize;
    let mut line = 1usize;
    let mut column = 0usize;
    // Whether the last significant character lets a scalar start here.
    let mut token_start = true;
    let mut previous = '\n';
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        column += 1;
        if c == '\n' {
            line += 1;
            column = 0;
            if matches!(state, State::Comment | State::Plain) {
                state = State::Normal;
            }
            token_start = true;
            previous = c;
            continue;
        }
        match state {
            State::Double => {
                if c == '\\' {
                    if chars.peek() != Some(&'\n') {
                        chars.next();
                        column += 1;
                    }
                } else if c == '"' {
                    state = State::Normal;
                    token_start = false;
                }
            }
            State::Single => {
                if c == '\'' {
                    state = State::Normal;
                    token_start = false;
                }
            }
            State::Comment => {}
            State::Plain => {
                if c == '#' && (previous == ' ' || previous == '\t') {
                    state = State::Comment;
                } else if c == ':' && chars.peek().is_none_or(|n| n.is_whitespace()) {
                    // `key: value`: the key ends here and a value may start.
                    state = State::Normal;
                    token_start = true;
                }
            }
            State::Normal => match c {
                ' ' | '\t' | '\r' => {}
                '#' if previous.is_whitespace() || column == 1 => state = State::Comment,
                '[' | '{' => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Err(TooDeep { line, column });
                    }
                    token_start = true;
                }
                ']' | '}' => {
                    depth = depth.saturating_sub(1);
                    token_start = false;
                }
                ',' => token_start = true,
                ':' | '-' | '?' if chars.peek().is_none_or(|n| n.is_whitespace()) => {
                    token_start = true;
                }
                '"' if token_start => state = State::Double,
                '\'' if token_start => state = State::Single,
                _ => {
                    if depth == 0 && token_start && !matches!(c, '|' | '>' | '&' | '*' | '!') {
                        state = State::Plain;
                    }
                    token_start = false;
                }
            },
        }
        previous = c;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_yaml_passes() {
        let text = "openapi: 3.0.0\npaths:\n  /users/{id}:\n    get: {responses: {'200': {description: \"ok [\"}}}\n# [[[[\nx: don't [ count\nlist: [a, [b, {c: d}]]\n";
        assert_eq!(check_nesting(text), Ok(()));
    }

    #[test]
    fn deep_flow_nesting_is_refused_where_it_passes_the_limit() {
        let text = format!("a: 1\nb: {}{}\n", "[".repeat(5000), "]".repeat(5000));
        assert_eq!(
            check_nesting(&text),
            Err(TooDeep {
                line: 2,
                column: 4 + MAX_FLOW_DEPTH
            })
        );
        let ok = format!("b: {}{}\n", "[".repeat(100), "]".repeat(100));
        assert_eq!(check_nesting(&ok), Ok(()));
        let json = format!("{}1{}", "{\"a\":".repeat(200), "}".repeat(200));
        assert!(check_nesting(&json).is_err());
    }

    #[test]
    fn quotes_and_comments_hide_brackets_only_where_yaml_does() {
        let hidden = format!(
            "a: \"{}\"\nb: '{}'\n# {}\n",
            "[".repeat(500),
            "{".repeat(500),
            "[".repeat(500)
        );
        assert_eq!(check_nesting(&hidden), Ok(()));
        // An apostrophe inside a flow sequence is not a quote: the brackets after it count.
        let open = format!("a: [x'y, {}", "[".repeat(500));
        assert!(check_nesting(&open).is_err());
    }
}
