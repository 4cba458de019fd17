//! Tests code makes of a URL's text (`url.startsWith("http")`, `!path.includes("://")`,
//! `path.match(/^http/)`, `/^https?:/.test(url)`) and what they say of a URL whose text is
//! partly known: decided when the known text settles them, undecided when a hole (or the part
//! of a pattern after its fixed start) could change the answer.

use seam_lang::model::{BinaryOp, ExprId, ExprKind, LiteralValue, MemberProp, Model, UnaryOp};

use crate::url::{Piece, Reader};

/// `subject.method("text")`, possibly negated.
#[derive(Debug, Clone)]
pub struct TextTest {
    /// The expression whose text is tested.
    pub subject: ExprId,
    /// `includes`, `startsWith` or `endsWith`.
    pub method: String,
    pub text: String,
    /// The test is written negated (`!url.includes(…)`), or stands for its `else` branch.
    pub negated: bool,
    /// `text` is all the test asks for; false for a pattern that asks for more after it
    /// (`/^https?:/` needs `http` and then more): then only a value without `text` decides.
    pub whole: bool,
}

/// The text test `test` makes, negated when `negated` (its `else` branch is meant).
pub fn text_test(model: &Model, mut test: ExprId, mut negated: bool) -> Option<TextTest> {
    while let ExprKind::Unary {
        op: UnaryOp::Not,
        arg,
    } = &model.expr(test).kind
    {
        negated = !negated;
        test = *arg;
    }
    let ExprKind::Call { callee, args, .. } = &model.expr(test).kind else {
        return None;
    };
    let ExprKind::Member {
        object,
        property: MemberProp::Name(method),
        ..
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    let regex = |e: ExprId| match &model.expr(e).kind {
        ExprKind::Literal {
            value: LiteralValue::Regex(r),
        } => anchored_start(&r.pattern, &r.flags),
        _ => None,
    };
    // `url.match(/^http/)`, `/^http/.test(url)`.
    let pattern_test = match method.as_str() {
        "match" => args
            .first()
            .and_then(|a| regex(a.value))
            .map(|start| (*object, start)),
        "test" => regex(*object)
            .zip(args.first())
            .map(|(start, a)| (a.value, start)),
        _ => None,
    };
    if let Some((subject, (text, whole))) = pattern_test {
        return Some(TextTest {
            subject,
            method: "startsWith".to_owned(),
            text,
            negated,
            whole,
        });
    }
    if !matches!(method.as_str(), "includes" | "startsWith" | "endsWith") {
        return None;
    }
    let ExprKind::Literal {
        value: LiteralValue::String { value: text },
    } = &model.expr(args.first()?.value).kind
    else {
        return None;
    };
    Some(TextTest {
        subject: *object,
        method: method.to_string(),
        text: text.to_string(),
        negated,
        whole: true,
    })
}

/// The fixed text a regular expression anchored at the start (`^http`, `^https?:\/\/`) asks
/// a value to begin with, and whether that is all it asks. `None` for a pattern not anchored,
/// with no fixed start, or matched ignoring case.
fn anchored_start(pattern: &str, flags: &str) -> Option<(String, bool)> {
    if flags.contains('i') {
        return None;
    }
    let mut chars = pattern.strip_prefix('^')?.chars().peekable();
    let mut text = String::new();
    let mut whole = true;
    while let Some(c) = chars.next() {
        let literal = match c {
            '\\' => match chars.next() {
                Some(e) if "/.-:?+*()[]{}|^$\\".contains(e) => e,
                _ => {
                    whole = false;
                    break;
                }
            },
            c if c.is_alphanumeric() || "-_:/@#&=%,;~!'\"<>".contains(c) => c,
            // `s?`, `s*`: the character before may be absent, so it is no part of the start.
            '?' | '*' => {
                text.pop();
                whole = false;
                break;
            }
            _ => {
                whole = false;
                break;
            }
        };
        text.push(literal);
    }
    (!text.is_empty()).then_some((text, whole))
}

impl TextTest {
    /// Whether the test (with its negation) holds for a value read as `pieces`: `None` when
    /// the value's holes could decide it either way.
    pub fn holds(&self, pieces: &[Piece]) -> Option<bool> {
        // A value written as a path segment (`/features/${id}`) is one segment, as pairing
        // reads it: it holds no `?` or `#`, which would end the path.
        let delimiter = matches!(self.text.as_str(), "?" | "#");
        let known: String = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Piece::Text(t) => t.as_str(),
                Piece::Hole(_) if delimiter && is_segment(pieces, i) => "",
                _ => "\u{0}",
            })
            .collect();
        let holds = match self.method.as_str() {
            "includes" if known.contains(&self.text) => Some(true),
            // Holes may hold the text: only a value with none decides that it is absent.
            "includes" if !known.contains('\u{0}') => Some(false),
            "startsWith" => {
                let fixed = known.split('\u{0}').next().unwrap_or("");
                if fixed.starts_with(&self.text) {
                    // A pattern that asks for more after its start stays open.
                    self.whole.then_some(true)
                } else if fixed.len() < known.len() && self.text.starts_with(fixed) {
                    // A hole right after what is fixed could supply the rest.
                    None
                } else {
                    Some(false)
                }
            }
            "endsWith" if !known.ends_with('\u{0}') => Some(known.ends_with(&self.text)),
            _ => None,
        }?;
        Some(holds != self.negated)
    }
}

/// Whether the hole at `at` is a path segment's value: text ending in `/` before it, and no
/// `?` or `#` in the text before it (the path has not ended).
fn is_segment(pieces: &[Piece], at: usize) -> bool {
    let before = &pieces[..at];
    let Some(Piece::Text(last)) = before.last() else {
        return false;
    };
    last.ends_with('/')
        && before
            .iter()
            .all(|p| !matches!(p, Piece::Text(t) if t.contains(['?', '#'])))
}

impl Reader<'_> {
    /// Reads the branch of a conditional whose test is a text test that the tested value's
    /// known text decides; false (nothing read) when it is no such test or the value's holes
    /// leave it open.
    pub(crate) fn read_decided_branch(
        &self,
        file: usize,
        test: ExprId,
        (consequent, alternate): (ExprId, ExprId),
        hops: usize,
        out: &mut Vec<Piece>,
    ) -> bool {
        match self.decided_test(file, test, hops - 1) {
            Some(holds) => {
                self.read(
                    file,
                    if holds { consequent } else { alternate },
                    hops - 1,
                    out,
                );
                true
            }
            None => false,
        }
    }

    /// Whether a text test holds for the value the reading gives its subject; `None` when it
    /// is no text test or the value leaves it open.
    pub(crate) fn decided_test(&self, file: usize, test: ExprId, hops: usize) -> Option<bool> {
        if let Some(equal) = self.decided_comparison(file, test, hops) {
            return Some(equal);
        }
        let text_test = text_test(self.files.model(file), test, false)?;
        let mut tested = Vec::new();
        self.read(file, text_test.subject, hops, &mut tested);
        text_test.holds(&tested)
    }
}

impl Reader<'_> {
    /// `kind === Kind.EPICS` (or `==`, `!==`, `!=`) where the reading fixes both sides' text
    /// (a form of the request reads `kind` as one of its values): whether the test holds.
    fn decided_comparison(&self, file: usize, test: ExprId, hops: usize) -> Option<bool> {
        let ExprKind::Binary { op, left, right } = &self.files.model(file).expr(test).kind else {
            return None;
        };
        let equal_holds = match op {
            BinaryOp::Eq | BinaryOp::StrictEq => true,
            BinaryOp::NotEq | BinaryOp::StrictNotEq => false,
            _ => return None,
        };
        let left = self.constant_hops(file, *left, hops)?;
        let right = self.constant_hops(file, *right, hops)?;
        Some((left == right) == equal_holds)
    }
}

#[cfg(test)]
mod tests {
    use super::{TextTest, anchored_start};
    use crate::url::Piece;

    #[test]
    fn anchored_patterns_give_their_fixed_start() {
        assert_eq!(anchored_start("^http", ""), Some(("http".to_owned(), true)));
        assert_eq!(
            anchored_start("^https?:\\/\\/", ""),
            Some(("http".to_owned(), false))
        );
        assert_eq!(
            anchored_start("^\\/api\\/", ""),
            Some(("/api/".to_owned(), true))
        );
        assert_eq!(anchored_start("^\\d+", ""), None);
        assert_eq!(anchored_start("http", ""), None);
        assert_eq!(anchored_start("^http", "i"), None);
    }

    fn starts(text: &str, whole: bool) -> TextTest {
        TextTest {
            subject: seam_lang::model::ExprId::from_index(0),
            method: "startsWith".to_owned(),
            text: text.to_owned(),
            negated: false,
            whole,
        }
    }

    #[test]
    fn a_start_is_decided_by_the_fixed_text_unless_a_hole_could_complete_it() {
        let text = |t: &str| Piece::Text(t.to_owned());
        let hole = || Piece::Hole("x".to_owned());
        assert_eq!(starts("http", true).holds(&[text("/docs")]), Some(false));
        assert_eq!(starts("http", true).holds(&[text("https://a")]), Some(true));
        // A pattern asking for more than its start: only a value without it decides.
        assert_eq!(starts("http", false).holds(&[text("https://a")]), None);
        assert_eq!(starts("http", false).holds(&[text("/docs")]), Some(false));
        // A hole right after `ht` could make `http`; a hole first could be anything.
        assert_eq!(starts("http", true).holds(&[text("ht"), hole()]), None);
        assert_eq!(starts("http", true).holds(&[hole(), text("/x")]), None);
        assert_eq!(
            starts("http", true).holds(&[text("/a"), hole()]),
            Some(false)
        );
    }

    #[test]
    fn a_path_segment_value_holds_no_query() {
        let text = |t: &str| Piece::Text(t.to_owned());
        let hole = || Piece::Hole("x".to_owned());
        let includes = |t: &str| TextTest {
            subject: seam_lang::model::ExprId::from_index(0),
            method: "includes".to_owned(),
            text: t.to_owned(),
            negated: false,
            whole: true,
        };
        assert_eq!(
            includes("?").holds(&[text("/features/"), hole()]),
            Some(false)
        );
        assert_eq!(
            includes("?").holds(&[text("/a/"), hole(), text("/b?c=")]),
            Some(true)
        );
        assert_eq!(includes("?").holds(&[text("/a?q="), hole()]), Some(true));
        // A value after the path ended, one glued to a segment, or the whole URL may hold one.
        assert_eq!(includes("#").holds(&[text("/a/?q=/"), hole()]), None);
        assert_eq!(includes("?").holds(&[text("/users"), hole()]), None);
        assert_eq!(includes("?").holds(&[hole()]), None);
        // Other text a segment's value may hold.
        assert_eq!(includes("x").holds(&[text("/a/"), hole()]), None);
    }
}
