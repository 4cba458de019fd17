//! Where each value of a parsed document sits in its text, by JSON pointer.
//!
//! serde_norway gives values without positions, so the lines come from a second, structural
//! pass over the text that the parser has already accepted: a tokenizer for JSON, and for YAML
//! a block-structure scan (indentation, `- ` items, `key:` entries, block and flow scalars
//! skipped whole). A value the scan cannot place (inside a flow collection, under a complex
//! key) is answered with the nearest ancestor it did place, so a location is never invented.

use std::collections::BTreeMap;

/// First and last line (1-based) of every value, keyed by JSON pointer (`""` is the root).
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    spans: BTreeMap<String, (u32, u32)>,
}

/// `~` → `~0`, `/` → `~1` (RFC 6901).
pub fn escape_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The pointer of `key` under `parent`.
pub fn child_pointer(parent: &str, key: &str) -> String {
    format!("{parent}/{}", escape_token(key))
}

impl LineIndex {
    /// The lines of the value at `pointer`, or of its nearest placed ancestor; `(1, 1)` when
    /// not even the root was placed (an empty document).
    pub fn span(&self, pointer: &str) -> (u32, u32) {
        let mut current = pointer;
        loop {
            if let Some(span) = self.spans.get(current) {
                return *span;
            }
            match current.rfind('/') {
                Some(cut) => current = &current[..cut],
                None => return (1, 1),
            }
        }
    }

    pub fn line(&self, pointer: &str) -> u32 {
        self.span(pointer).0
    }

    fn record(&mut self, pointer: String, start: u32, end: u32) {
        self.spans.entry(pointer).or_insert((start, end.max(start)));
    }

    /// Indexes a JSON text the JSON parser has accepted. Never panics on any input.
    pub fn json(text: &str) -> LineIndex {
        JsonScan::default().run(text)
    }

    /// Indexes a YAML text in block style. Never panics on any input.
    pub fn yaml(text: &str) -> LineIndex {
        yaml_index(text)
    }
}

// ---------------------------------------------------------------------------------------------
// JSON

enum JsonFrame {
    Object {
        pointer: String,
        start: u32,
        key: Option<(String, u32)>,
    },
    Array {
        pointer: String,
        start: u32,
        next: usize,
    },
}

#[derive(Default)]
struct JsonScan {
    index: LineIndex,
    stack: Vec<JsonFrame>,
}

impl JsonScan {
    /// The pointer and first line of the value that starts now on `line`.
    fn value_start(&mut self, line: u32) -> (String, u32) {
        match self.stack.last_mut() {
            Some(JsonFrame::Object { pointer, key, .. }) => match key.take() {
                Some((k, key_line)) => (child_pointer(pointer, &k), key_line),
                None => (pointer.clone(), line),
            },
            Some(JsonFrame::Array { pointer, next, .. }) => {
                let p = format!("{pointer}/{next}");
                *next += 1;
                (p, line)
            }
            None => (String::new(), line),
        }
    }

    fn expects_key(&self) -> bool {
        matches!(self.stack.last(), Some(JsonFrame::Object { key: None, .. }))
    }

    fn run(mut self, text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut line: u32 = 1;
        // Set after a key's string, cleared by the `:`; a string met while a key is pending
        // is that key's value.
        let mut after_key = false;
        while i < bytes.len() {
            let b = bytes[i];
            match b {
                b'\n' => {
                    line += 1;
                    i += 1;
                }
                b' ' | b'\t' | b'\r' | b',' => i += 1,
                b':' => {
                    after_key = false;
                    i += 1;
                }
                b'"' => {
                    let start_line = line;
                    let mut j = i + 1;
                    while j < bytes.len() && bytes[j] != b'"' {
                        if bytes[j] == b'\\' {
                            j += 1;
                        } else if bytes[j] == b'\n' {
                            line += 1;
                        }
                        j += 1;
                    }
                    let end = j.min(bytes.len().saturating_sub(1));
                    let raw = text.get(i..=end).unwrap_or("\"\"");
                    if self.expects_key() && !after_key {
                        let key: String = serde_json::from_str(raw).unwrap_or_default();
                        if let Some(JsonFrame::Object { key: slot, .. }) = self.stack.last_mut() {
                            *slot = Some((key, start_line));
                        }
                        after_key = true;
                    } else {
                        let (pointer, start) = self.value_start(start_line);
                        self.index.record(pointer, start, line);
                    }
                    i = j + 1;
                }
                b'{' | b'[' => {
                    let (pointer, start) = self.value_start(line);
                    self.stack.push(if b == b'{' {
                        JsonFrame::Object {
                            pointer,
                            start,
                            key: None,
                        }
                    } else {
                        JsonFrame::Array {
                            pointer,
                            start,
                            next: 0,
                        }
                    });
                    i += 1;
                }
                b'}' | b']' => {
                    if let Some(frame) = self.stack.pop() {
                        let (pointer, start) = match frame {
                            JsonFrame::Object { pointer, start, .. } => (pointer, start),
                            JsonFrame::Array { pointer, start, .. } => (pointer, start),
                        };
                        self.index.record(pointer, start, line);
                    }
                    i += 1;
                }
                _ => {
                    // A number, true, false or null: up to the next delimiter.
                    let mut j = i;
                    while j < bytes.len()
                        && !matches!(bytes[j], b',' | b'}' | b']' | b'\n' | b' ' | b'\t' | b'\r')
                    {
                        j += 1;
                    }
                    let (pointer, start) = self.value_start(line);
                    self.index.record(pointer, start, line);
                    i = j.max(i + 1);
                }
            }
        }
        self.index
    }
}

// ---------------------------------------------------------------------------------------------
// YAML

struct YamlEntry {
    indent: usize,
    pointer: String,
    start: u32,
    is_item: bool,
    next_index: usize,
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches(' ').len()
}

fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// Splits `key: value` into the key (unquoted) and the text after the colon; `None` when the
/// line is not a simple mapping entry.
fn split_key(rest: &str) -> Option<(String, &str)> {
    let bytes = rest.as_bytes();
    let first = *bytes.first()?;
    let (key, after) = match first {
        b'"' => {
            let mut j = 1;
            while j < bytes.len() && bytes[j] != b'"' {
                if bytes[j] == b'\\' {
                    j += 1;
                }
                j += 1;
            }
            let raw = rest.get(..=j)?;
            let key = serde_json::from_str::<String>(raw)
                .unwrap_or_else(|_| raw.trim_matches('"').to_owned());
            (key, rest.get(j + 1..)?)
        }
        b'\'' => {
            let mut j = 1;
            loop {
                if j >= bytes.len() {
                    return None;
                }
                if bytes[j] == b'\'' {
                    if bytes.get(j + 1) == Some(&b'\'') {
                        j += 2;
                        continue;
                    }
                    break;
                }
                j += 1;
            }
            let key = rest.get(1..j)?.replace("''", "'");
            (key, rest.get(j + 1..)?)
        }
        b'?' | b'[' | b'{' | b'*' | b'!' | b'|' | b'>' | b'#' | b'%' | b'@' | b'`' => return None,
        _ => {
            let mut found = None;
            for (j, &c) in bytes.iter().enumerate() {
                if c == b'#' && j > 0 && bytes[j - 1] == b' ' {
                    break;
                }
                if c == b':' && (j + 1 == bytes.len() || bytes[j + 1] == b' ') {
                    found = Some(j);
                    break;
                }
            }
            let j = found?;
            (rest[..j].trim_end().to_owned(), &rest[j..])
        }
    };
    let after = after.trim_start_matches(' ');
    let value = after.strip_prefix(':')?;
    if !(value.is_empty() || value.starts_with(' ')) {
        return None;
    }
    Some((key, value.trim_start_matches(' ')))
}

/// Whether a flow collection or quoted scalar that starts in `text` closes on the same line:
/// returns the bracket depth and open quote left over after scanning it.
fn scan_flow(text: &str, mut depth: i32, mut quote: Option<u8>) -> (i32, Option<u8>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match quote {
            Some(b'"') => {
                if c == b'\\' {
                    i += 1;
                } else if c == b'"' {
                    quote = None;
                }
            }
            Some(_) => {
                if c == b'\'' {
                    if bytes.get(i + 1) == Some(&b'\'') {
                        i += 1;
                    } else {
                        quote = None;
                    }
                }
            }
            None => match c {
                b'"' | b'\'' => quote = Some(c),
                b'[' | b'{' => depth += 1,
                b']' | b'}' => depth -= 1,
                b'#' if i == 0 || bytes[i - 1] == b' ' => break,
                _ => {}
            },
        }
        i += 1;
    }
    (depth, quote)
}

fn yaml_index(text: &str) -> LineIndex {
    let mut index = LineIndex::default();
    let lines: Vec<&str> = text.lines().collect();
    let mut stack: Vec<YamlEntry> = Vec::new();
    let mut root_next_index = 0usize;
    let mut last_content: u32 = 1;
    let mut root_seen = false;

    fn close(
        stack: &mut Vec<YamlEntry>,
        index: &mut LineIndex,
        end: u32,
        keep: impl Fn(&YamlEntry) -> bool,
    ) {
        while let Some(top) = stack.last() {
            if keep(top) {
                break;
            }
            if let Some(entry) = stack.pop() {
                index.record(entry.pointer, entry.start, end);
            }
        }
    }

    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let lineno = u32::try_from(i + 1).unwrap_or(u32::MAX);
        i += 1;
        if is_blank_or_comment(raw) {
            continue;
        }
        let indent = indent_of(raw);
        let mut rest = &raw[indent..];
        if indent == 0
            && (rest.starts_with("---") || rest.starts_with("...") || rest.starts_with('%'))
        {
            continue;
        }
        root_seen = true;
        let mut col = indent;

        // `- ` items, possibly several on one line (`- - a`).
        while rest == "-" || rest.starts_with("- ") {
            close(&mut stack, &mut index, last_content, |top| {
                top.indent < col || (top.indent == col && !top.is_item)
            });
            let position = match stack.last_mut() {
                Some(parent) => {
                    parent.next_index += 1;
                    (parent.pointer.clone(), parent.next_index - 1)
                }
                None => {
                    root_next_index += 1;
                    (String::new(), root_next_index - 1)
                }
            };
            stack.push(YamlEntry {
                indent: col,
                pointer: format!("{}/{}", position.0, position.1),
                start: lineno,
                is_item: true,
                next_index: 0,
            });
            let after = &rest[1..];
            let spaces = indent_of(after);
            col += 1 + spaces;
            rest = &after[spaces..];
        }

        if let Some((key, value)) = split_key(rest) {
            close(&mut stack, &mut index, last_content, |top| top.indent < col);
            let parent = stack.last().map(|e| e.pointer.as_str()).unwrap_or("");
            let pointer = child_pointer(parent, &key);
            stack.push(YamlEntry {
                indent: col,
                pointer,
                start: lineno,
                is_item: false,
                next_index: 0,
            });
            last_content = lineno;
            let value = value.trim_start_matches(['&', '!']).trim_start();
            if value.starts_with('|') || value.starts_with('>') {
                // A block scalar: every following line indented deeper than the key, or blank.
                while i < lines.len() && (lines[i].trim().is_empty() || indent_of(lines[i]) > col) {
                    if !lines[i].trim().is_empty() {
                        last_content = u32::try_from(i + 1).unwrap_or(u32::MAX);
                    }
                    i += 1;
                }
                continue;
            }
            skip_open_flow(value, &lines, &mut i, &mut last_content);
            continue;
        }
        // A scalar item (`- a`) or a continuation line: skip any flow or quote it opens.
        skip_open_flow(rest, &lines, &mut i, &mut last_content);
        last_content = last_content.max(lineno);
    }
    close(&mut stack, &mut index, last_content, |_| false);
    if root_seen {
        let total = u32::try_from(lines.len()).unwrap_or(u32::MAX);
        index.record(String::new(), 1, total);
    }
    index
}

/// When `value` opens a flow collection or a quoted scalar it does not close, skips the lines
/// up to where it closes.
fn skip_open_flow(value: &str, lines: &[&str], i: &mut usize, last_content: &mut u32) {
    let starts_flow = value.starts_with('[')
        || value.starts_with('{')
        || value.starts_with('"')
        || value.starts_with('\'');
    if !starts_flow {
        return;
    }
    let (mut depth, mut quote) = scan_flow(value, 0, None);
    while (depth > 0 || quote.is_some()) && *i < lines.len() {
        (depth, quote) = scan_flow(lines[*i], depth, quote);
        *i += 1;
        *last_content = u32::try_from(*i).unwrap_or(u32::MAX);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_keys_items_and_block_scalars_are_placed() {
        let text = "openapi: 3.0.3\npaths:\n  /users/{id}:\n    parameters:\n      - name: id\n        in: path\n    get:\n      description: |\n        get: not a key\n      responses:\n        \"200\":\n          description: ok\n  '/a''b':\n    post: {x: [1,\n      2]}\n    put:\n      responses: {}\n";
        let index = LineIndex::yaml(text);
        assert_eq!(index.span("/paths/~1users~1{id}/get"), (7, 12));
        assert_eq!(index.line("/paths/~1users~1{id}/parameters/0/in"), 6);
        assert_eq!(index.line("/paths/~1users~1{id}/get/responses/200"), 11);
        assert_eq!(index.line("/paths/~1a'b/post"), 14);
        assert_eq!(index.line("/paths/~1a'b/put"), 16);
        // Inside a flow mapping: the nearest placed ancestor.
        assert_eq!(index.line("/paths/~1a'b/post/x"), 14);
        assert_eq!(index.line("/paths/~1users~1{id}/get/description/get"), 8);
    }

    #[test]
    fn yaml_compact_sequences_under_a_key() {
        let text = "required:\n- a\n- b\nnext:\n  - x: 1\n    y: 2\n  - x: 3\n";
        let index = LineIndex::yaml(text);
        assert_eq!(index.line("/required/1"), 3);
        assert_eq!(index.line("/next"), 4);
        assert_eq!(index.line("/next/1/x"), 7);
        assert_eq!(index.line("/next/0/y"), 6);
    }

    #[test]
    fn json_keys_and_items_are_placed() {
        let text = "{\n  \"paths\": {\n    \"/a~b\": {\n      \"get\": {\"x\": [1, {\"y\": \"}\"}]}\n    }\n  },\n  \"z\": null\n}";
        let index = LineIndex::json(text);
        assert_eq!(index.span("/paths/~1a~0b"), (3, 5));
        assert_eq!(index.line("/paths/~1a~0b/get/x/1/y"), 4);
        assert_eq!(index.line("/z"), 7);
        assert_eq!(index.span(""), (1, 8));
    }

    #[test]
    fn nothing_panics_on_odd_text() {
        for text in [
            "",
            "\"",
            "{",
            "- - -",
            "'a",
            "a: \"b",
            "? x\n: y",
            "[[[",
            "a:\n  - |\n",
            "\u{feff}x: 1",
        ] {
            let _ = LineIndex::yaml(text);
            let _ = LineIndex::json(text);
        }
    }
}
