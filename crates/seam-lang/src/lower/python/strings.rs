//! Decoding string and number literals as written: prefixes, escapes, `{{`/`}}` in
//! f-strings, `\r\n`, number spellings.

#[derive(Clone, Copy, Default)]
pub(super) struct Prefix {
    raw: bool,
    bytes: bool,
    format: bool,
}

pub(super) fn prefix_of(start_token: &str) -> Prefix {
    let mut p = Prefix::default();
    for c in start_token.chars() {
        match c.to_ascii_lowercase() {
            'r' => p.raw = true,
            'b' => p.bytes = true,
            // `t"…"` template strings (3.14) have the same holes as f-strings.
            'f' | 't' => p.format = true,
            _ => break,
        }
    }
    p
}

/// Appends the decoded text of a string body to `out`.
pub(super) fn decode_into(body: &str, prefix: Prefix, out: &mut String) {
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                // Python reads `\r\n` and a lone `\r` in source as `\n`.
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
            }
            '{' | '}' if prefix.format && chars.peek() == Some(&c) => {
                chars.next();
                out.push(c);
            }
            '\\' if !prefix.raw => decode_escape(&mut chars, prefix.bytes, out),
            _ => out.push(c),
        }
    }
}

fn decode_escape(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    bytes: bool,
    out: &mut String,
) {
    let Some(c) = chars.next() else {
        out.push('\\');
        return;
    };
    match c {
        '\n' => {}
        '\r' => {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
        }
        '\\' | '\'' | '"' => out.push(c),
        'a' => out.push('\u{7}'),
        'b' => out.push('\u{8}'),
        'f' => out.push('\u{c}'),
        'n' => out.push('\n'),
        'r' => out.push('\r'),
        't' => out.push('\t'),
        'v' => out.push('\u{b}'),
        '0'..='7' => {
            let mut value = c.to_digit(8).unwrap_or(0);
            for _ in 0..2 {
                match chars.peek().and_then(|d| d.to_digit(8)) {
                    Some(d) => {
                        value = value * 8 + d;
                        chars.next();
                    }
                    None => break,
                }
            }
            out.push(char::from_u32(value).unwrap_or('\u{fffd}'));
        }
        'x' => hex_escape(chars, 2, 'x', out),
        'u' if !bytes => hex_escape(chars, 4, 'u', out),
        'U' if !bytes => hex_escape(chars, 8, 'U', out),
        // `\N{NAME}` needs the Unicode name table; keep it as written.
        _ => {
            out.push('\\');
            out.push(c);
        }
    }
}

/// `\xhh`, `\uhhhh`, `\Uhhhhhhhh`; kept as written when the digits are not all there.
fn hex_escape(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    digits: usize,
    letter: char,
    out: &mut String,
) {
    let mut text = String::new();
    while text.len() < digits {
        match chars.peek() {
            Some(d) if d.is_ascii_hexdigit() => {
                text.push(*d);
                chars.next();
            }
            _ => break,
        }
    }
    let decoded = (text.len() == digits)
        .then(|| u32::from_str_radix(&text, 16).ok())
        .flatten()
        .and_then(char::from_u32);
    match decoded {
        Some(ch) => out.push(ch),
        None => {
            out.push('\\');
            out.push(letter);
            out.push_str(&text);
        }
    }
}

/// The value of a Python number literal, best effort: `_` separators, `0x`/`0o`/`0b`,
/// exponents; an imaginary `1j` gives its coefficient. Never NaN or infinite (too large
/// values saturate to `f64::MAX`; what cannot be read is 0).
pub fn number_value(raw: &str) -> f64 {
    let cleaned: String = raw
        .chars()
        .filter(|c| *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let body = cleaned.trim_end_matches(['j', 'l']);
    let radix = |digits: &str, base: u32| -> Option<f64> {
        if digits.is_empty() {
            return None;
        }
        digits.chars().try_fold(0f64, |acc, d| {
            d.to_digit(base)
                .map(|v| acc * f64::from(base) + f64::from(v))
        })
    };
    let value = if let Some(h) = body.strip_prefix("0x") {
        radix(h, 16)
    } else if let Some(o) = body.strip_prefix("0o") {
        radix(o, 8)
    } else if let Some(b) = body.strip_prefix("0b") {
        radix(b, 2)
    } else {
        body.parse::<f64>().ok()
    };
    match value {
        Some(v) if v.is_nan() => 0.0,
        Some(v) if v.is_infinite() => f64::MAX,
        Some(v) => v,
        None => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(body: &str, prefix: &str) -> String {
        let mut out = String::new();
        decode_into(body, prefix_of(prefix), &mut out);
        out
    }

    #[test]
    fn escapes_decode_unless_raw() {
        assert_eq!(decode(r"a\n\t\\\'\x41\u00e9\101\q", "\""), "a\n\t\\'AéA\\q");
        assert_eq!(decode(r"a\n\x41", "r\""), r"a\n\x41");
        assert_eq!(decode(r"\xff\u0041", "b\""), "\u{ff}\\u0041");
        assert_eq!(decode("{{x}}", "f\""), "{x}");
        assert_eq!(decode("{{x}}", "\""), "{{x}}");
        assert_eq!(decode("a\r\nb", "\""), "a\nb");
        assert_eq!(decode("a\\\nb", "\""), "ab");
        assert_eq!(decode(r"\N{DASH}\x4", "\""), r"\N{DASH}\x4");
    }

    #[test]
    fn numbers_read_every_spelling() {
        assert_eq!(number_value("1_000"), 1000.0);
        assert_eq!(number_value("0x1F"), 31.0);
        assert_eq!(number_value("0o17"), 15.0);
        assert_eq!(number_value("0b101"), 5.0);
        assert_eq!(number_value("1e3"), 1000.0);
        assert_eq!(number_value("2.5j"), 2.5);
        assert_eq!(number_value("1e999"), f64::MAX);
        assert_eq!(number_value("0xZZ"), 0.0);
    }
}
