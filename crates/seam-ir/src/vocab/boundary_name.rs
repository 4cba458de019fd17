//! Boundary names: the strings a storage binding uses for a container or an access path.
//!
//! A name means one of three things, and the braces alone say which:
//!
//! - a **literal** (`orders-v1`) is the name itself;
//! - a **pattern** (`{stage}-orders-v1`) is fixed text with holes a deployment fills in;
//! - a **reference** (`{location.bucket}`, `{ORDER_TABLE}`) is one hole and no fixed text,
//!   saying where to go and ask rather than what the name is.
//!
//! [`BoundaryName::parse`] and the [`std::fmt::Display`] impl are the only reader and the only
//! writer of the brace syntax; everything else here is a view over that pair, so the two can
//! never disagree about which of the three a string is.
//!
//! # The grammar, including the odd strings
//!
//! Reading left to right, a hole is a `{`, then any characters other than `{` and `}`, then a
//! `}`. Everything else is fixed text. So:
//!
//! - `""` is a literal with no text (bindings refuse it; `null` means "not stated").
//! - `{abc` and `abc}` have no hole: they are literals, braces included.
//! - `{{a}` is the text `{` followed by the hole `a`: a pattern.
//! - `{a}}` is the hole `a` followed by the text `}`: a pattern.
//! - `{}` is one hole with an empty label and no text: a reference whose root is empty. It agrees
//!   with nothing (as every reference does) and [`reference_from_name`] returns `None` for it,
//!   since it says nothing anybody could answer.
//! - `{}-orders` is a pattern whose first hole has an empty label.
//! - `{a..b}` is a reference with root `a` and fields `["", "b"]`; the empty field makes
//!   [`reference_from_name`] return `None`, but the string still reads back byte for byte.
//!
//! For every string `s`, `BoundaryName::parse(s).to_string() == s`.

use std::fmt;

/// One piece of a pattern: text the writer stated, or a hole.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NamePart {
    /// Fixed text, exactly as written.
    Text(String),
    /// A hole; the label is what the writer called the parameter (possibly empty).
    Hole(String),
}

/// What a name string means.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoundaryName {
    /// The name itself, with no hole in it.
    Literal(String),
    /// Fixed text and holes; at least one hole and more than one part.
    Pattern(Vec<NamePart>),
    /// A single hole and nothing else: `{root.field.field}`. The parts are kept as written,
    /// empty ones included, so a malformed reference still reads back unchanged.
    Reference {
        /// The value the code starts from (a unit parameter or a deployment variable).
        root: String,
        /// The fields read inside the root, outermost first.
        fields: Vec<String>,
    },
}

/// Where a well-formed reference says to go and ask: every part non-empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reference {
    /// The value the code starts from.
    pub root: String,
    /// The fields to read inside it, outermost first.
    pub fields: Vec<String>,
}

/// Splits a string into text and hole parts, never producing an empty text part.
fn split_parts(name: &str) -> Vec<NamePart> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut rest = name;
    while let Some(open) = rest.find('{') {
        let after_open = &rest[open + 1..];
        // The hole closes at the first `}` provided no `{` comes first.
        let close = after_open.find(['{', '}']);
        match close {
            Some(at) if after_open.as_bytes().get(at) == Some(&b'}') => {
                text.push_str(&rest[..open]);
                if !text.is_empty() {
                    parts.push(NamePart::Text(std::mem::take(&mut text)));
                }
                parts.push(NamePart::Hole(after_open[..at].to_string()));
                rest = &after_open[at + 1..];
            }
            _ => {
                // This `{` opens no hole: it is text, and scanning resumes after it.
                text.push_str(&rest[..=open]);
                rest = after_open;
            }
        }
    }
    text.push_str(rest);
    if !text.is_empty() {
        parts.push(NamePart::Text(text));
    }
    parts
}

impl BoundaryName {
    /// Reads a name string. The exact inverse of the `Display` impl.
    pub fn parse(name: &str) -> BoundaryName {
        let mut parts = split_parts(name);
        if parts.len() == 1
            && let Some(NamePart::Hole(label)) = parts.first()
        {
            let mut pieces = label.split('.').map(str::to_string);
            let root = pieces.next().unwrap_or_default();
            return BoundaryName::Reference {
                root,
                fields: pieces.collect(),
            };
        }
        if parts.iter().any(|part| matches!(part, NamePart::Hole(_))) {
            return BoundaryName::Pattern(std::mem::take(&mut parts));
        }
        BoundaryName::Literal(name.to_string())
    }

    /// Builds the canonical value for a list of parts, as the parser would read their printed
    /// form: adjacent text merges, and text that happens to spell a hole becomes one.
    pub fn from_parts(parts: &[NamePart]) -> BoundaryName {
        let mut printed = String::new();
        for part in parts {
            write_part(&mut printed, part);
        }
        BoundaryName::parse(&printed)
    }

    /// Whether this name says only where to go and ask.
    pub fn is_reference(&self) -> bool {
        matches!(self, BoundaryName::Reference { .. })
    }

    /// How many characters of the name the writer stated rather than left for deploy time.
    /// Counted in Unicode scalar values.
    pub fn fixed_text_length(&self) -> usize {
        match self {
            BoundaryName::Literal(value) => value.chars().count(),
            BoundaryName::Pattern(parts) => parts
                .iter()
                .map(|part| match part {
                    NamePart::Text(text) => text.chars().count(),
                    NamePart::Hole(_) => 0,
                })
                .sum(),
            BoundaryName::Reference { .. } => 0,
        }
    }

    /// The well-formed reference this name states, if it is one with no empty part.
    pub fn reference(&self) -> Option<Reference> {
        match self {
            BoundaryName::Reference { root, fields }
                if !root.is_empty() && fields.iter().all(|field| !field.is_empty()) =>
            {
                Some(Reference {
                    root: root.clone(),
                    fields: fields.clone(),
                })
            }
            _ => None,
        }
    }

    /// Whether two names are the same name (see [`names_agree`]).
    pub fn agrees_with(&self, other: &BoundaryName) -> bool {
        match (self, other) {
            (BoundaryName::Reference { .. }, _) | (_, BoundaryName::Reference { .. }) => false,
            (BoundaryName::Pattern(left), BoundaryName::Pattern(right)) => {
                fixed_parts_line_up(left, right)
            }
            (BoundaryName::Pattern(parts), BoundaryName::Literal(value))
            | (BoundaryName::Literal(value), BoundaryName::Pattern(parts)) => {
                pattern_admits(parts, value)
            }
            (BoundaryName::Literal(left), BoundaryName::Literal(right)) => left == right,
        }
    }
}

fn write_part(out: &mut String, part: &NamePart) {
    match part {
        NamePart::Text(text) => out.push_str(text),
        NamePart::Hole(label) => {
            out.push('{');
            out.push_str(label);
            out.push('}');
        }
    }
}

impl fmt::Display for BoundaryName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoundaryName::Literal(value) => f.write_str(value),
            BoundaryName::Pattern(parts) => {
                let mut out = String::new();
                for part in parts {
                    write_part(&mut out, part);
                }
                f.write_str(&out)
            }
            BoundaryName::Reference { root, fields } => {
                f.write_str("{")?;
                f.write_str(root)?;
                for field in fields {
                    f.write_str(".")?;
                    f.write_str(field)?;
                }
                f.write_str("}")
            }
        }
    }
}

/// Two patterns agree when their fixed parts line up: the same text pieces, with holes in the
/// same places (the labels do not matter, since each side names its parameter its own way).
fn fixed_parts_line_up(left: &[NamePart], right: &[NamePart]) -> bool {
    left.len() == right.len()
        && left.iter().zip(right).all(|pair| match pair {
            (NamePart::Text(a), NamePart::Text(b)) => a == b,
            (NamePart::Hole(_), NamePart::Hole(_)) => true,
            _ => false,
        })
}

/// Whether a literal name has the pattern's fixed text where the pattern says. A hole covers
/// one or more characters of anything, hyphens included. Dynamic programming over
/// (pattern token, name position), so the work is bounded by the product of the two lengths.
fn pattern_admits(parts: &[NamePart], name: &str) -> bool {
    enum Token {
        Char(char),
        Hole,
    }
    let tokens: Vec<Token> = parts
        .iter()
        .flat_map(|part| match part {
            NamePart::Text(text) => text.chars().map(Token::Char).collect::<Vec<_>>(),
            NamePart::Hole(_) => vec![Token::Hole],
        })
        .collect();
    let chars: Vec<char> = name.chars().collect();
    // reachable[j]: the tokens consumed so far can spell exactly chars[..j].
    let mut reachable = vec![false; chars.len() + 1];
    reachable[0] = true;
    for token in &tokens {
        let mut next = vec![false; chars.len() + 1];
        match token {
            Token::Char(expected) => {
                for (j, ch) in chars.iter().enumerate() {
                    if reachable[j] && ch == expected {
                        next[j + 1] = true;
                    }
                }
            }
            Token::Hole => {
                // One or more characters: next[j] if some i < j was reachable.
                let mut seen = false;
                for j in 0..chars.len() {
                    seen |= reachable[j];
                    next[j + 1] = seen;
                }
            }
        }
        reachable = next;
        if !reachable.iter().any(|&r| r) {
            return false;
        }
    }
    reachable[chars.len()]
}

/// Whether two name strings are the same name. Two patterns agree when their fixed parts line
/// up; a pattern and a literal agree when the fixed text is where the pattern says; two literals
/// agree when equal; a reference agrees with nothing, on either side.
pub fn names_agree(a: &str, b: &str) -> bool {
    BoundaryName::parse(a).agrees_with(&BoundaryName::parse(b))
}

/// Whether a name says only that somebody else knows it (a reference), and so pairs with
/// nothing until grounded.
pub fn names_nothing(name: &str) -> bool {
    BoundaryName::parse(name).is_reference()
}

/// How much fixed text a name states; a pass choosing between patterns that both cover a name
/// prefers the longer. References state none.
pub fn fixed_text_length(name: &str) -> usize {
    BoundaryName::parse(name).fixed_text_length()
}

/// How a reference is written: `{root.field.field}`. `None` when a part is empty or contains a
/// `.`, `{` or `}`, since such a string would not read back as the same reference.
pub fn reference_name(root: &str, fields: &[&str]) -> Option<String> {
    let unspellable = |part: &str| part.is_empty() || part.contains(['.', '{', '}']);
    if unspellable(root) || fields.iter().any(|field| unspellable(field)) {
        return None;
    }
    let name = BoundaryName::Reference {
        root: root.to_string(),
        fields: fields.iter().map(|field| field.to_string()).collect(),
    };
    Some(name.to_string())
}

/// The reference a name states, or `None` when the name is a literal or a pattern, or a
/// reference with an empty part (which says nothing anybody could answer).
pub fn reference_from_name(name: &str) -> Option<Reference> {
    BoundaryName::parse(name).reference()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_the_three_kinds() {
        assert_eq!(
            BoundaryName::parse("orders-v1"),
            BoundaryName::Literal("orders-v1".into())
        );
        assert_eq!(
            BoundaryName::parse("{stage}-orders-v1"),
            BoundaryName::Pattern(vec![
                NamePart::Hole("stage".into()),
                NamePart::Text("-orders-v1".into())
            ])
        );
        assert_eq!(
            BoundaryName::parse("{location.bucket}"),
            BoundaryName::Reference {
                root: "location".into(),
                fields: vec!["bucket".into()]
            }
        );
    }

    #[test]
    fn a_hole_covers_hyphens() {
        assert!(pattern_admits(
            &[
                NamePart::Text("orders-".into()),
                NamePart::Hole("region".into())
            ],
            "orders-us-east-1"
        ));
        assert!(!pattern_admits(
            &[
                NamePart::Text("orders-".into()),
                NamePart::Hole("region".into())
            ],
            "orders-"
        ));
    }
}
