//! String rules the review IR shares with its JavaScript origin: UTF-16 code-unit order,
//! NFC, the ECMAScript whitespace set, and the §8.2 rule-text cap.

use std::cmp::Ordering;

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfc_quick};

/// Compares two strings by UTF-16 code units, the order of JavaScript's `<` and
/// `Array.prototype.sort` and the order every array and key in the IR uses (spec §1).
///
/// It differs from Rust's `str` order only when an astral character (U+10000 and up, two
/// surrogates starting at 0xD800) meets a BMP character at or above U+E000: Rust puts the
/// astral one after, UTF-16 puts it before.
pub fn utf16_cmp(a: &str, b: &str) -> Ordering {
    // The first differing character decides. Below U+10000 a character is its own code unit;
    // above, its high surrogate (0xD800–0xDBFF) is what compares first, then its low one.
    fn units(c: char) -> (u32, u32) {
        let c = c as u32;
        if c < 0x10000 {
            (c, 0)
        } else {
            let offset = c - 0x10000;
            (0xD800 + (offset >> 10), 0xDC00 + (offset & 0x3FF))
        }
    }
    // Equal bytes are equal characters: skip the common prefix bytewise (ids and paths share
    // long ones), back to the start of the character holding the first differing byte. That
    // start is a character boundary of both strings, since the bytes before it are equal.
    let common = a
        .as_bytes()
        .iter()
        .zip(b.as_bytes())
        .take_while(|(x, y)| x == y)
        .count();
    let mut start = common;
    while !a.is_char_boundary(start) {
        start -= 1;
    }
    match (a[start..].chars().next(), b[start..].chars().next()) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => units(x).cmp(&units(y)),
    }
}

/// True when `s` is already in Unicode NFC.
pub fn is_nfc(s: &str) -> bool {
    // ASCII is always NFC, and nearly every string of a document is ASCII.
    if s.is_ascii() {
        return true;
    }
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => true,
        IsNormalized::No => false,
        IsNormalized::Maybe => s.nfc().eq(s.chars()),
    }
}

/// `s` in NFC (spec §1.2). Canonically equivalent spellings become one; compatibility
/// characters (ﬁ, fullwidth letters) are left alone, as NFC (not NFKC) requires.
pub fn nfc(s: &str) -> String {
    nfc_cow(s).into_owned()
}

/// `s` in NFC, borrowed when it already is.
pub fn nfc_cow(s: &str) -> std::borrow::Cow<'_, str> {
    if is_nfc(s) {
        std::borrow::Cow::Borrowed(s)
    } else {
        std::borrow::Cow::Owned(s.nfc().collect())
    }
}

/// Normalises `s` to NFC in place, allocating only when it changes.
pub fn nfc_in_place(s: &mut String) {
    if !is_nfc(s) {
        *s = s.nfc().collect();
    }
}

/// ECMAScript WhiteSpace plus LineTerminator: the set JavaScript's `\s` and `trim()` use.
///
/// Deliberately not `char::is_whitespace`: Unicode White_Space includes U+0085 (NEL), which
/// JavaScript does not treat as whitespace, and excludes U+FEFF (BOM), which it does.
pub fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{0009}'
            | '\u{000A}'
            | '\u{000B}'
            | '\u{000C}'
            | '\u{000D}'
            | '\u{0020}'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// Replaces every run of JavaScript whitespace with one space and trims both ends
/// (`s.replace(/\s+/g, ' ').trim()`), with no normalisation.
pub fn collapse_whitespace(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for c in s.chars() {
        if is_js_whitespace(c) {
            pending_space = !out.is_empty();
        } else {
            if pending_space {
                out.push(' ');
                pending_space = false;
            }
            out.push(c);
        }
    }
    out
}

/// The fingerprint string form: `s.normalize('NFC').replace(/\s+/g, ' ').trim()`.
pub fn canon(s: &str) -> String {
    collapse_whitespace(&nfc(s))
}

/// Characters kept before the ellipsis by [`rule_text`].
pub const RULE_TEXT_MAX_CHARS: usize = 120;

/// A rule's `condition` / `what` / `expr` string per spec §8.2: NFC, whitespace runs (newlines
/// included) collapsed to one space, trimmed, and when longer than 120 characters cut to
/// the first 120 followed by `...`.
///
/// "Characters" are Unicode scalar values (Rust `char`s), not UTF-16 code units: the schema
/// bounds these fields with `maxLength: 123`, and JSON Schema's `maxLength` counts code
/// points, so 120 + 3 is exactly its bound; cutting by code point also never splits a
/// surrogate pair. A text of exactly 120 characters is kept whole.
pub fn rule_text(s: &str) -> String {
    let collapsed = canon(s);
    match collapsed.char_indices().nth(RULE_TEXT_MAX_CHARS) {
        None => collapsed,
        Some((cut, _)) => {
            let mut out = String::with_capacity(cut + 3);
            out.push_str(&collapsed[..cut]);
            out.push_str("...");
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_order_differs_from_byte_order_for_astral_characters() {
        let astral = "\u{1F600}"; // surrogates D83D DE00
        let high_bmp = "\u{FF21}"; // fullwidth A, 0xFF21
        assert_eq!(astral.cmp(high_bmp), Ordering::Greater);
        assert_eq!(utf16_cmp(astral, high_bmp), Ordering::Less);
        assert_eq!(utf16_cmp("a", "b"), Ordering::Less);
        assert_eq!(utf16_cmp("ab", "a"), Ordering::Greater);
        assert_eq!(utf16_cmp("\u{1F600}", "\u{1F601}"), Ordering::Less);
        assert_eq!(utf16_cmp("\u{10000}", "\u{D7FF}"), Ordering::Greater);
        // Exhaustive agreement with encode_utf16 on a spread of characters.
        let samples = [
            "",
            "a",
            "z",
            "\u{7F}",
            "\u{E9}",
            "\u{D7FF}",
            "\u{E000}",
            "\u{FFFF}",
            "\u{10000}",
            "\u{1F600}",
            "\u{10FFFF}",
        ];
        for x in samples {
            for y in samples {
                let expected = x.encode_utf16().cmp(y.encode_utf16());
                assert_eq!(utf16_cmp(x, y), expected, "{x:?} {y:?}");
                let (xa, ya) = (format!("k{x}a"), format!("k{y}b"));
                assert_eq!(
                    utf16_cmp(&xa, &ya),
                    xa.encode_utf16().cmp(ya.encode_utf16())
                );
            }
        }
        // Characters whose encodings share leading bytes, after a common prefix with
        // multi-byte characters in it: the first differing byte is inside a character.
        let close = [
            "",
            "\u{E9}",
            "\u{EA}",
            "\u{FF21}",
            "\u{FF22}",
            "\u{10000}",
            "\u{10001}",
            "\u{1F600}",
            "\u{1F601}",
            "\u{10FFFF}",
        ];
        for x in close {
            for y in close {
                for tail in ["", "a", "\u{E9}"] {
                    let (xs, ys) = (
                        format!("pa\u{E9}\u{1F600}/{x}"),
                        format!("pa\u{E9}\u{1F600}/{y}{tail}"),
                    );
                    assert_eq!(
                        utf16_cmp(&xs, &ys),
                        xs.encode_utf16().cmp(ys.encode_utf16()),
                        "{xs:?} {ys:?}"
                    );
                    assert_eq!(
                        utf16_cmp(&ys, &xs),
                        ys.encode_utf16().cmp(xs.encode_utf16())
                    );
                }
            }
        }
    }

    #[test]
    fn js_whitespace_set_differs_from_rust() {
        assert!(!is_js_whitespace('\u{0085}'));
        assert!('\u{0085}'.is_whitespace());
        assert!(is_js_whitespace('\u{FEFF}'));
        assert!(!'\u{FEFF}'.is_whitespace());
        assert_eq!(
            collapse_whitespace("\u{FEFF} a \t\n b\u{0085}c  "),
            "a b\u{0085}c"
        );
    }

    #[test]
    fn canon_composes_and_collapses() {
        assert_eq!(canon("  cafe\u{0301}\r\n  x "), "caf\u{00E9} x");
    }

    #[test]
    fn rule_text_cuts_after_120_characters() {
        let exact: String = "é".repeat(120);
        assert_eq!(rule_text(&exact), exact);
        let long: String = "é".repeat(121);
        let cut = rule_text(&long);
        assert_eq!(cut, format!("{}...", "é".repeat(120)));
        assert_eq!(cut.chars().count(), 123);
        // Astral characters count as one each, not two code units.
        let astral: String = "\u{1F600}".repeat(121);
        assert_eq!(rule_text(&astral).chars().count(), 123);
        assert_eq!(rule_text("if (a &&\n    b)"), "if (a && b)");
    }
}
