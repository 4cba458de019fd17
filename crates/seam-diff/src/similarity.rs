//! The similarity primitives of the matcher: the name tokenizer, Jaccard, the last segment and
//! owner of a qualified name, the owner gate and the signature similarity. Each follows the
//! matcher of Aburi's diff (`aburi.diff.v1`) so two tools pair the same Symbols.

use std::collections::BTreeSet;

use seam_ir::review::Signature;

/// Splits a name into lowercase tokens: first on `.`, `:`, `_`, `-`, `/` and whitespace, then
/// at ASCII camel-case boundaries (lower→Upper, letter→digit, digit→letter; `HTTPServer` stays
/// one token), lowercased, repeats removed keeping the first.
pub fn tokenize_name(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let separators = |c: char| matches!(c, '.' | ':' | '_' | '-' | '/') || c.is_whitespace();
    for part in name.split(separators).filter(|p| !p.is_empty()) {
        let mut current = String::new();
        let mut previous: Option<char> = None;
        for c in part.chars() {
            if let Some(p) = previous {
                let boundary = (p.is_ascii_lowercase() && c.is_ascii_uppercase())
                    || (p.is_ascii_alphabetic() && c.is_ascii_digit())
                    || (p.is_ascii_digit() && c.is_ascii_alphabetic());
                if boundary && !current.is_empty() {
                    push_token(&mut out, &current);
                    current.clear();
                }
            }
            current.push(c);
            previous = Some(c);
        }
        if !current.is_empty() {
            push_token(&mut out, &current);
        }
    }
    out
}

fn push_token(out: &mut Vec<String>, token: &str) {
    let lower = token.to_lowercase();
    if !out.contains(&lower) {
        out.push(lower);
    }
}

/// Jaccard similarity of two token lists read as sets: both empty is 1, one empty is 0.
pub fn jaccard<S: AsRef<str>>(a: &[S], b: &[S]) -> f64 {
    let a: BTreeSet<&str> = a.iter().map(AsRef::as_ref).collect();
    let b: BTreeSet<&str> = b.iter().map(AsRef::as_ref).collect();
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    if a.is_empty() || b.is_empty() {
        return 0.0;
    }
    let common = a.intersection(&b).count();
    let union = a.len() + b.len() - common;
    common as f64 / union as f64
}

/// Jaccard over the tokens of two whole qualified names.
pub fn name_similarity(a: &str, b: &str) -> f64 {
    jaccard(&tokenize_name(a), &tokenize_name(b))
}

/// The member part of a qualified name: after the first `::` when there is one, else after
/// the last `.`, else the whole name.
pub fn last_segment(name: &str) -> &str {
    if let Some(i) = name.find("::") {
        return &name[i + 2..];
    }
    match name.rfind('.') {
        Some(i) => &name[i + 1..],
        None => name,
    }
}

/// The owner part of a qualified name: before the first `::` when there is one, else before
/// the last `.`, else empty.
pub fn owner_of(name: &str) -> &str {
    if let Some(i) = name.find("::") {
        return &name[..i];
    }
    match name.rfind('.') {
        Some(i) => &name[..i],
        None => "",
    }
}

/// Two words are the same when equal or when one is the other's plural (`s`, `es`,
/// `y`→`ies`).
pub fn same_word(a: &str, b: &str) -> bool {
    fn plural_of(singular: &str, plural: &str) -> bool {
        plural.strip_prefix(singular) == Some("s")
            || plural.strip_prefix(singular) == Some("es")
            || singular
                .strip_suffix('y')
                .is_some_and(|stem| plural.strip_prefix(stem) == Some("ies"))
    }
    a == b || plural_of(a, b) || plural_of(b, a)
}

/// The owner gate: may a member of owner `a` be the same Symbol as a member of owner `b`?
/// Both empty or equal: yes; one empty: no; otherwise the same number of `.` segments, each
/// pair equal or with token sets of one size (at most 32) that match word for word under
/// [`same_word`].
pub fn owners_compatible(a: &str, b: &str) -> bool {
    if a.is_empty() && b.is_empty() {
        return true;
    }
    if a.is_empty() || b.is_empty() {
        return false;
    }
    if a == b {
        return true;
    }
    let left: Vec<&str> = a.split('.').collect();
    let right: Vec<&str> = b.split('.').collect();
    if left.len() != right.len() {
        return false;
    }
    left.iter().zip(&right).all(|(x, y)| {
        if x == y {
            return true;
        }
        let tx = tokenize_name(x);
        let ty = tokenize_name(y);
        tx.len() == ty.len() && tx.len() <= 32 && perfect_matching(&tx, &ty)
    })
}

/// True when every token of `a` can be given a distinct token of `b` it is the same word as
/// (bipartite matching by augmenting paths; the lists are at most 32 long).
fn perfect_matching(a: &[String], b: &[String]) -> bool {
    fn augment(
        i: usize,
        a: &[String],
        b: &[String],
        seen: &mut [bool],
        owner: &mut [Option<usize>],
    ) -> bool {
        for j in 0..b.len() {
            if seen[j] || !same_word(&a[i], &b[j]) {
                continue;
            }
            seen[j] = true;
            if owner[j].is_none_or(|k| augment(k, a, b, seen, owner)) {
                owner[j] = Some(i);
                return true;
            }
        }
        false
    }
    let mut owner: Vec<Option<usize>> = vec![None; b.len()];
    (0..a.len()).all(|i| {
        let mut seen = vec![false; b.len()];
        augment(i, a, b, &mut seen, &mut owner)
    })
}

/// How alike two signatures are, from 0 to 1: both absent is 1, one absent is 0, otherwise
/// the mean of the input types (position by position), the output types (the same) and the
/// Jaccard of the thrown types.
pub fn signature_similarity(a: Option<&Signature>, b: Option<&Signature>) -> f64 {
    let (a, b) = match (a, b) {
        (None, None) => return 1.0,
        (Some(a), Some(b)) => (a, b),
        _ => return 0.0,
    };
    let inputs_a: Vec<&str> = a.inputs.iter().map(|i| i.type_text.as_str()).collect();
    let inputs_b: Vec<&str> = b.inputs.iter().map(|i| i.type_text.as_str()).collect();
    let outputs_a: Vec<&str> = a.outputs.iter().map(String::as_str).collect();
    let outputs_b: Vec<&str> = b.outputs.iter().map(String::as_str).collect();
    let inputs = positionwise(&inputs_a, &inputs_b);
    let outputs = positionwise(&outputs_a, &outputs_b);
    let throws = jaccard(&a.throws, &b.throws);
    (inputs + outputs + throws) / 3.0
}

/// Share of equal positions; both empty is 1, different lengths 0.
fn positionwise(a: &[&str], b: &[&str]) -> f64 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    if a.len() != b.len() {
        return 0.0;
    }
    let equal = a.iter().zip(b).filter(|(x, y)| x == y).count();
    equal as f64 / a.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use seam_ir::review::Input;

    #[test]
    fn tokenizer_splits_separators_and_ascii_camel_case() {
        assert_eq!(
            tokenize_name("UserService.findById"),
            ["user", "service", "find", "by", "id"]
        );
        assert_eq!(tokenize_name("HTTPServer"), ["httpserver"]);
        assert_eq!(tokenize_name("parseV2Json"), ["parse", "v", "2", "json"]);
        assert_eq!(tokenize_name("a_b-c/d:e f"), ["a", "b", "c", "d", "e", "f"]);
        assert_eq!(tokenize_name("user.User.USER"), ["user"]);
        assert_eq!(tokenize_name("été"), ["été"]);
        assert!(tokenize_name("..").is_empty());
    }

    #[test]
    fn jaccard_edges() {
        let none: [&str; 0] = [];
        assert_eq!(jaccard(&none, &none), 1.0);
        assert_eq!(jaccard(&["a"], &none), 0.0);
        assert_eq!(jaccard(&["a", "b"], &["b", "c"]), 1.0 / 3.0);
    }

    #[test]
    fn segments_and_owners_split_at_first_double_colon_else_last_dot() {
        assert_eq!(last_segment("A::B.c"), "B.c");
        assert_eq!(owner_of("A::B.c"), "A");
        assert_eq!(last_segment("a.b.c"), "c");
        assert_eq!(owner_of("a.b.c"), "a.b");
        assert_eq!(last_segment("f"), "f");
        assert_eq!(owner_of("f"), "");
    }

    #[test]
    fn owner_gate() {
        assert!(owners_compatible("", ""));
        assert!(!owners_compatible("", "A"));
        assert!(owners_compatible("UserRepo", "UserRepo"));
        assert!(owners_compatible("UserRepository", "UsersRepository"));
        assert!(owners_compatible("CategoryStore", "CategoriesStore"));
        assert!(owners_compatible("BoxStore", "BoxesStore"));
        // Abbreviations and nesting changes are refused.
        assert!(!owners_compatible("UserRepo", "UsersRepository"));
        assert!(!owners_compatible("a.B", "B"));
        assert!(!owners_compatible("OrderService", "PaymentService"));
    }

    #[test]
    fn signature_similarity_parts() {
        let sig = |inputs: &[&str], outputs: &[&str], throws: &[&str]| Signature {
            inputs: inputs
                .iter()
                .enumerate()
                .map(|(i, t)| Input {
                    name: format!("p{i}"),
                    type_text: (*t).to_owned(),
                })
                .collect(),
            outputs: outputs.iter().map(|s| (*s).to_owned()).collect(),
            throws: throws.iter().map(|s| (*s).to_owned()).collect(),
            ..Signature::default()
        };
        assert_eq!(signature_similarity(None, None), 1.0);
        assert_eq!(signature_similarity(Some(&sig(&[], &[], &[])), None), 0.0);
        let a = sig(&["string", "number"], &["User"], &[]);
        let b = sig(&["string", "boolean"], &["User"], &[]);
        assert_eq!(
            signature_similarity(Some(&a), Some(&b)),
            (0.5 + 1.0 + 1.0) / 3.0
        );
        let c = sig(&["string"], &["User"], &["E"]);
        assert_eq!(
            signature_similarity(Some(&a), Some(&c)),
            (0.0 + 1.0 + 0.0) / 3.0
        );
    }
}
