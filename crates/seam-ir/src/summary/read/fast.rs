//! The fast way to read one element: put `$def`/`$ref` back as text, then read the typed
//! summary straight from the bytes, with no `serde_json::Value` in between.
//!
//! It only answers when the answer is sure to be what the general way ([`super::read_element`]:
//! parse to a `Value`, resolve, normalise, read) would give. It returns `None` on anything else
//! and the element is read the general way, which also words every error. So it stops at:
//! anything that is not well-formed JSON, a `\u` escape, a raw control character, a number
//! with an exponent or more than [`MAX_NUMBER_LENGTH`] characters, nesting deeper than
//! [`MAX_DEPTH`], a key with an escape or a key written twice in one object (a `Value` keeps
//! the last, a typed read would complain), a `$ref` to a number not defined (or defined only
//! as a value by the general way), a `$def` of a number defined before, and an empty string
//! anywhere (the version-7 rule that an identity field is never `""` is checked the general
//! way). A summary that is not version 7 fails the typed read (`schemaVersion` must be 7
//! there) and is normalised the general way.

use super::refs::DefTable;
use crate::summary::types::BehavioralSummary;

/// Deeper than this, the general way answers (serde_json stops at 128 either way).
const MAX_DEPTH: u32 = 100;
/// Longer numbers may be out of range for a float, which only a full parse reports.
const MAX_NUMBER_LENGTH: usize = 40;

/// Reads `element` if it can be read the fast way; `None` leaves `defs` as it was.
pub(crate) fn read_fast(
    element: &[u8],
    defs: &mut DefTable,
    expanded: &mut Vec<u8>,
) -> Option<BehavioralSummary> {
    std::str::from_utf8(element).ok()?;
    let mark = defs.mark();
    expanded.clear();
    let mut expander = Expander {
        input: element,
        at: 0,
        out: expanded,
        defs,
        keys: Vec::new(),
    };
    let complete = expander.value(0).is_some() && {
        expander.skip_whitespace();
        expander.at == element.len()
    };
    if complete && let Ok(summary) = serde_json::from_slice::<BehavioralSummary>(expanded) {
        return Some(summary);
    }
    defs.roll_back(mark);
    None
}

struct Expander<'a> {
    input: &'a [u8],
    at: usize,
    out: &'a mut Vec<u8>,
    defs: &'a mut DefTable,
    /// Keys of the objects being read, innermost last, as ranges of `input`.
    keys: Vec<(usize, usize)>,
}

/// What kind of number a token is, as `Value::as_u64` would see it.
enum NumberKind {
    /// A whole number from 1 to `u64::MAX`: a possible `$def`/`$ref` number.
    Positive(u64),
    Other,
}

impl Expander<'_> {
    fn peek(&self) -> Option<u8> {
        self.input.get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    fn expect(&mut self, byte: u8) -> Option<()> {
        self.skip_whitespace();
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Copies one value to `out`, putting back any `$def`/`$ref` inside it.
    fn value(&mut self, depth: u32) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        self.skip_whitespace();
        match self.peek()? {
            b'{' => self.object(depth),
            b'[' => self.array(depth),
            b'"' => {
                let (start, end) = self.string()?;
                self.out.extend_from_slice(&self.input[start..end]);
                Some(())
            }
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            _ => self.number().map(|_| ()),
        }
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        if self.input.get(self.at..self.at + word.len())? != word {
            return None;
        }
        self.at += word.len();
        self.out.extend_from_slice(word);
        Some(())
    }

    /// Checks a string token and returns its range, quotes included. Refuses escapes other
    /// than the two-character ones, raw control characters, and the empty string.
    fn string(&mut self) -> Option<(usize, usize)> {
        let start = self.at;
        self.at += 1;
        loop {
            let byte = self.peek()?;
            self.at += 1;
            match byte {
                b'"' => break,
                b'\\' => {
                    let escaped = self.peek()?;
                    if !matches!(
                        escaped,
                        b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't'
                    ) {
                        return None;
                    }
                    self.at += 1;
                }
                0..=0x1f => return None,
                _ => {}
            }
        }
        (self.at - start > 2).then_some((start, self.at))
    }

    /// Checks and copies a number token.
    fn number(&mut self) -> Option<NumberKind> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let digits_start = self.at;
        let mut whole: Option<u64> = Some(0);
        while let Some(digit @ b'0'..=b'9') = self.peek() {
            whole = whole
                .and_then(|n| n.checked_mul(10))
                .and_then(|n| n.checked_add(u64::from(digit - b'0')));
            self.at += 1;
        }
        let digits = self.at - digits_start;
        if digits == 0 || (digits > 1 && self.input[digits_start] == b'0') {
            return None;
        }
        let mut fraction = false;
        if self.peek() == Some(b'.') {
            fraction = true;
            self.at += 1;
            let fraction_start = self.at;
            while let Some(b'0'..=b'9') = self.peek() {
                self.at += 1;
            }
            if self.at == fraction_start {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) || self.at - start > MAX_NUMBER_LENGTH {
            return None;
        }
        self.out.extend_from_slice(&self.input[start..self.at]);
        Some(match whole {
            Some(n) if !negative && !fraction && n >= 1 => NumberKind::Positive(n),
            _ => NumberKind::Other,
        })
    }

    fn array(&mut self, depth: u32) -> Option<()> {
        self.at += 1;
        self.out.push(b'[');
        self.skip_whitespace();
        if self.peek()? == b']' {
            self.at += 1;
            self.out.push(b']');
            return Some(());
        }
        loop {
            self.value(depth + 1)?;
            self.skip_whitespace();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.out.push(b',');
                }
                b']' => {
                    self.at += 1;
                    self.out.push(b']');
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// Copies an object; when it is a `$def` or a `$ref` (by the rule of [`super::refs`]),
    /// replaces what was copied with the value it stands for.
    fn object(&mut self, depth: u32) -> Option<()> {
        let out_start = self.out.len();
        let keys_start = self.keys.len();
        self.at += 1;
        self.out.push(b'{');
        // Where the special members' values were copied, and the numbers they hold.
        let mut reference: Option<NumberKind> = None;
        let mut definition: Option<NumberKind> = None;
        let mut value_range: Option<(usize, usize)> = None;
        self.skip_whitespace();
        if self.peek()? == b'}' {
            self.at += 1;
            self.out.push(b'}');
            return Some(());
        }
        loop {
            self.skip_whitespace();
            if self.peek()? != b'"' {
                return None;
            }
            let (key_start, key_end) = self.string()?;
            let key = &self.input[key_start..key_end];
            if key.contains(&b'\\') {
                return None;
            }
            let repeated = self.keys[keys_start..]
                .iter()
                .any(|&(s, e)| self.input[s..e] == *key);
            if repeated {
                return None;
            }
            self.keys.push((key_start, key_end));
            self.out.extend_from_slice(key);
            self.expect(b':')?;
            self.out.push(b':');
            self.skip_whitespace();
            let value_start = self.out.len();
            match key {
                b"\"$ref\"" | b"\"$def\"" if matches!(self.peek()?, b'-' | b'0'..=b'9') => {
                    let kind = self.number()?;
                    if key == b"\"$ref\"" {
                        reference = Some(kind);
                    } else {
                        definition = Some(kind);
                    }
                }
                _ => {
                    self.value(depth + 1)?;
                    if key == b"\"$value\"" {
                        value_range = Some((value_start, self.out.len()));
                    }
                }
            }
            self.skip_whitespace();
            match self.peek()? {
                b',' => {
                    self.at += 1;
                    self.out.push(b',');
                }
                b'}' => {
                    self.at += 1;
                    self.out.push(b'}');
                    break;
                }
                _ => return None,
            }
        }
        let members = self.keys.len() - keys_start;
        self.keys.truncate(keys_start);
        match (members, reference, definition, value_range) {
            (1, Some(NumberKind::Positive(number)), _, _) => {
                self.out.truncate(out_start);
                self.defs.copy_text(number, self.out)
            }
            (2, _, Some(NumberKind::Positive(number)), Some((start, end))) => {
                self.defs.define_text(number, &self.out[start..end])?;
                self.out.copy_within(start..end, out_start);
                self.out.truncate(out_start + (end - start));
                Some(())
            }
            _ => Some(()),
        }
    }
}
