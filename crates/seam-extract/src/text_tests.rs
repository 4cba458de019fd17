//! Tests code makes of a URL's text (`url.startsWith("http")`, `!path.includes("://")`) and
//! what they say of a URL whose text is partly known: decided when the known text settles
//! them, undecided when a hole could change the answer.

use seam_lang::model::{ExprId, ExprKind, LiteralValue, MemberProp, Model, UnaryOp};

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
        method: method.clone(),
        text: text.clone(),
        negated,
    })
}

impl TextTest {
    /// Whether the test (with its negation) holds for a value read as `pieces`: `None` when
    /// the value's holes could decide it either way.
    pub fn holds(&self, pieces: &[Piece]) -> Option<bool> {
        let known: String = pieces
            .iter()
            .map(|p| match p {
                Piece::Text(t) => t.as_str(),
                _ => "\u{0}",
            })
            .collect();
        let holds = match self.method.as_str() {
            "includes" if known.contains(&self.text) => Some(true),
            // Holes may hold the text: only a value with none decides that it is absent.
            "includes" if !known.contains('\u{0}') => Some(false),
            "startsWith" if !known.starts_with('\u{0}') => Some(known.starts_with(&self.text)),
            "endsWith" if !known.ends_with('\u{0}') => Some(known.ends_with(&self.text)),
            _ => None,
        }?;
        Some(holds != self.negated)
    }
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
        let Some(text_test) = text_test(self.files.model(file), test, false) else {
            return false;
        };
        let mut tested = Vec::new();
        self.read(file, text_test.subject, hops - 1, &mut tested);
        match text_test.holds(&tested) {
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
}
