//! REST route paths: normalisation, the pattern grammar, and whether two paths pair.
//!
//! A path the route declares outright keeps its framework spelling in a summary (Express keeps
//! `:id`); a path seam worked out is written in the pattern grammar. Pairing reads both into one
//! structure first.
//!
//! # Normalisation ([`normalize_path`])
//!
//! - `:id` → `{id}`, with Express's modifiers `:id?` → `{id?}`, `:id+` → `{id+}`,
//!   `:id*` → `{id*}`. A `:name` is a parameter only where a segment starts or after `-` or `.`
//!   (`/flights/:from-:to`, `/:file.:ext`); `/v1/users:batchGet` keeps its colon as text.
//!   An Express regex constraint `:id(\d+)` is dropped: the parameter is one segment.
//! - A whole segment `*name` (gin, httprouter, echo, Express 5) is the rest of the path, one or
//!   more segments: `{name+}`; Spring's `{*name}` is zero or more: `{name*}`.
//! - A scheme and host in front (`https://api.example.com/users`) are dropped.
//! - A query or fragment (`?…`, `#…` outside holes and groups) is dropped.
//! - Empty segments go: `//` collapses, a trailing `/` is dropped, and the empty path is `/`.
//!   A path that does not start with `/` is read as if it did.
//! - Static text is lowercased (compared case-insensitively); hole names keep their case.
//! - A group glued to text in one segment is spread over the segment: `/v(1|2)/x` is written
//!   `(/v1|/v2)/x`, which means the same.
//!
//! # The grammar
//!
//! | spelling | meaning |
//! |---|---|
//! | `/users/{id}` | one segment |
//! | `/files/{tenant?}` | zero or one segment |
//! | `/files/{rest+}` | one or more segments |
//! | `/files/{rest*}` or `/files/*` | zero or more segments |
//! | `(/api\|/api/v2)/orders` | one of the options; an option may contain `/`, or be a group itself |
//! | `/img/{name}.png`, `/img/*.png` | a *shaped* segment: text with holes inside one segment |
//!
//! Inside a shaped segment a hole never crosses a `/`: `{x}` and `{x+}` are one or more
//! characters, `{x?}`, `{x*}` and `*` are zero or more.
//!
//! # What cannot be read
//!
//! A segment with regex syntax (`\`, `[`, `]`, `^`, `$`, a stray `)`, `|`, `?` or `#`, an unclosed `{`
//! or `(`) is read as one segment the code fills in, printed `{value}`. A segment whose groups
//! expand to more than [`ALTERNATIVE_CAP`] readings, nest deeper than [`NESTING_CAP`], or would
//! exceed the parse budget is degraded the same way. Nothing here panics on any input.
//!
//! # Pairing ([`paths_pair`])
//!
//! Two paths pair when some request path satisfies both. Each path becomes a small automaton
//! over segments (alternation is branching, `{x*}` a loop), and a depth-first search over pairs
//! of states (position in a, position in b) looks for a common accepted request; the visited set
//! is the memo. Shaped segments are compared by the same search over characters. The work is
//! bounded by [`PAIRING_BUDGET`] state visits; a pair too complex to settle in that budget is
//! reported as not pairing, the way a null identity field pairs with nothing.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// Most readings one segment's groups may expand to before the segment degrades to `{value}`.
pub const ALTERNATIVE_CAP: usize = 256;
/// Deepest group nesting read before a segment degrades to `{value}`.
pub const NESTING_CAP: usize = 16;
/// Most characters of expanded group text the parser reads for one path.
const PARSE_BUDGET_CHARS: usize = 4_000_000;
/// Most state pairs one pairing question may visit.
pub const PAIRING_BUDGET: usize = 1_000_000;

/// How many segments a hole that fills whole segments takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HoleRange {
    /// `{x}`: exactly one.
    One,
    /// `{x?}`: zero or one.
    Optional,
    /// `{x+}`: one or more.
    Many,
    /// `{x*}` or `*`: zero or more.
    Any,
}

impl HoleRange {
    fn suffix(self) -> &'static str {
        match self {
            HoleRange::One => "",
            HoleRange::Optional => "?",
            HoleRange::Many => "+",
            HoleRange::Any => "*",
        }
    }
}

/// One piece of a segment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Piece {
    /// Static text, lowercased.
    Text(String),
    /// A hole inside the segment, with its name as written.
    Hole { name: String, range: HoleRange },
    /// A bare `*` inside a segment that has other pieces.
    Star,
}

/// One step of a parsed path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Node {
    /// Exactly one segment: text, a `{x}` hole, or a shaped mix.
    Segment(Vec<Piece>),
    /// A whole-segment hole taking a variable number of segments; `name` is `None` for `*`.
    Ranged {
        name: Option<String>,
        range: HoleRange,
    },
    /// One of several sequences of segments.
    Alt(Vec<Vec<Node>>),
}

/// A route path read into the pattern grammar.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoutePath {
    nodes: Vec<Node>,
}

/// The one-segment hole an unreadable segment becomes.
fn degraded() -> Node {
    Node::Segment(vec![Piece::Hole {
        name: "value".to_string(),
        range: HoleRange::One,
    }])
}

fn is_name_start(ch: char) -> bool {
    ch.is_ascii_alphabetic() || ch == '_'
}

fn is_name_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '_'
}

/// Whether the `{` at byte `at` opens a hole: a `}` follows before any other `{`. Every pass
/// uses this one rule, so they agree about where holes are.
fn opens_hole(text: &str, at: usize) -> bool {
    text.get(at + 1..)
        .and_then(|rest| {
            rest.find(['{', '}'])
                .map(|close| rest.as_bytes().get(close) == Some(&b'}'))
        })
        .unwrap_or(false)
}

/// Drops `scheme://host` in front of a path.
fn strip_origin(raw: &str) -> &str {
    for scheme in ["http://", "https://"] {
        if raw.len() >= scheme.len()
            && raw.is_char_boundary(scheme.len())
            && raw[..scheme.len()].eq_ignore_ascii_case(scheme)
        {
            let rest = &raw[scheme.len()..];
            return match rest.find('/') {
                Some(at) => &rest[at..],
                None => "/",
            };
        }
    }
    raw
}

/// Rewrites Express parameters to braces and drops a query or fragment.
fn express_to_braces(raw: &str) -> String {
    let chars: Vec<char> = raw.chars().collect();
    let offsets: Vec<usize> = raw.char_indices().map(|(at, _)| at).collect();
    let mut out = String::with_capacity(raw.len());
    let mut in_braces = false;
    let mut paren_depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if in_braces {
            out.push(ch);
            if ch == '}' {
                in_braces = false;
            }
            i += 1;
            continue;
        }
        match ch {
            '{' => {
                in_braces = offsets.get(i).is_some_and(|&at| opens_hole(raw, at));
                out.push(ch);
                i += 1;
            }
            '(' => {
                paren_depth += 1;
                out.push(ch);
                i += 1;
            }
            ')' => {
                paren_depth = paren_depth.saturating_sub(1);
                out.push(ch);
                i += 1;
            }
            '?' | '#' if paren_depth == 0 => break,
            // `*name` filling a whole segment (gin, httprouter, echo, Express 5): the rest of
            // the path under that name. Read as one or more segments: the routers also match
            // the bare directory (`/src/`), but a request that means it names no file, and
            // reading it so would let `/repos/{id}` meet `/repos/lookup/*name`.
            '*' if paren_depth == 0
                && (i == 0 || chars[i - 1] == '/')
                && chars.get(i + 1).copied().is_some_and(is_name_start)
                && {
                    let end = (i + 1..chars.len())
                        .find(|&j| !is_name_char(chars[j]))
                        .unwrap_or(chars.len());
                    matches!(chars.get(end), None | Some('/' | '?' | '#'))
                } =>
            {
                let end = (i + 1..chars.len())
                    .find(|&j| !is_name_char(chars[j]))
                    .unwrap_or(chars.len());
                out.push('{');
                out.extend(&chars[i + 1..end]);
                out.push_str("+}");
                i = end;
            }
            // `:name`, or `:(regex)`: a parameter with a constraint and no name, which is a
            // hole too (read as text, its group would flatten into `:…` and then read as a
            // parameter the second time).
            ':' if chars
                .get(i + 1)
                .copied()
                .is_some_and(|c| is_name_start(c) || c == '(')
                && (i == 0 || matches!(chars[i - 1], '/' | '-' | '.' | '(' | '|')) =>
            {
                let start = i + 1;
                let mut end = start;
                while end < chars.len() && is_name_char(chars[end]) {
                    end += 1;
                }
                let name: String = if end == start {
                    "value".to_owned()
                } else {
                    chars[start..end].iter().collect()
                };
                let mut next = end;
                // A regex constraint: skip to its matching `)`, or to the segment's end.
                if chars.get(next) == Some(&'(') {
                    let mut depth = 0usize;
                    let mut escaped = false;
                    while next < chars.len() {
                        let c = chars[next];
                        next += 1;
                        if escaped {
                            escaped = false;
                        } else if c == '\\' {
                            escaped = true;
                        } else if c == '(' {
                            depth += 1;
                        } else if c == ')' {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                break;
                            }
                        } else if c == '/' && depth > 0 {
                            // Unclosed constraint: it ends with the segment.
                            next -= 1;
                            break;
                        }
                    }
                }
                let modifier = match chars.get(next) {
                    Some(&m @ ('?' | '+' | '*')) => {
                        next += 1;
                        Some(m)
                    }
                    _ => None,
                };
                out.push('{');
                out.push_str(&name);
                if let Some(m) = modifier {
                    out.push(m);
                }
                out.push('}');
                i = next;
            }
            _ => {
                out.push(ch);
                i += 1;
            }
        }
    }
    out
}

/// A chunk of a fragment between top-level slashes, and whether its groups are balanced.
struct Chunk {
    text: String,
    balanced: bool,
}

/// Splits at `/` outside groups and holes.
fn split_chunks(fragment: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut in_braces = false;
    let mut balanced = true;
    for (at, ch) in fragment.char_indices() {
        if in_braces {
            if ch == '}' {
                in_braces = false;
            }
            current.push(ch);
            continue;
        }
        match ch {
            '{' => in_braces = opens_hole(fragment, at),
            '(' => depth += 1,
            ')' => {
                if depth == 0 {
                    balanced = false;
                } else {
                    depth -= 1;
                }
            }
            '/' if depth == 0 => {
                chunks.push(Chunk {
                    text: std::mem::take(&mut current),
                    balanced,
                });
                balanced = true;
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    chunks.push(Chunk {
        text: current,
        balanced: balanced && depth == 0,
    });
    chunks
}

/// Reads one segment with no groups in it.
fn parse_segment(text: &str) -> Node {
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        match ch {
            '{' => {
                let Some(close) = rest.find('}') else {
                    return degraded();
                };
                let inner = &rest[1..close];
                if inner.contains('{') {
                    return degraded();
                }
                if !literal.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut literal).to_lowercase()));
                }
                let (name, range) = match inner.chars().last() {
                    // `{*name}` (Spring, ASP.NET): the rest of the path.
                    _ if inner.len() > 1 && inner.starts_with('*') => (&inner[1..], HoleRange::Any),
                    Some('?') => (&inner[..inner.len() - 1], HoleRange::Optional),
                    Some('+') => (&inner[..inner.len() - 1], HoleRange::Many),
                    Some('*') => (&inner[..inner.len() - 1], HoleRange::Any),
                    _ => (inner, HoleRange::One),
                };
                pieces.push(Piece::Hole {
                    name: name.to_string(),
                    range,
                });
                rest = &rest[close + 1..];
            }
            '*' => {
                if !literal.is_empty() {
                    pieces.push(Piece::Text(std::mem::take(&mut literal).to_lowercase()));
                }
                pieces.push(Piece::Star);
                rest = &rest[1..];
            }
            '}' | '\\' | '[' | ']' | '^' | '$' | '|' | '(' | ')' | '?' | '#' => return degraded(),
            _ => {
                literal.push(ch);
                rest = &rest[ch.len_utf8()..];
            }
        }
    }
    if !literal.is_empty() {
        pieces.push(Piece::Text(literal.to_lowercase()));
    }
    match pieces.as_slice() {
        [Piece::Star] => Node::Ranged {
            name: None,
            range: HoleRange::Any,
        },
        [Piece::Hole { name, range }] if *range != HoleRange::One => Node::Ranged {
            name: Some(name.clone()),
            range: *range,
        },
        _ => Node::Segment(pieces),
    }
}

/// One element of a chunk that has groups: literal text, or a group's options.
enum ChunkPart {
    Text(String),
    Group(Vec<String>),
}

/// Splits a balanced chunk into text and top-level groups, each group into its options.
fn chunk_parts(chunk: &str) -> Vec<ChunkPart> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut options: Vec<String> = Vec::new();
    let mut option = String::new();
    let mut depth = 0usize;
    let mut in_braces = false;
    for (at, ch) in chunk.char_indices() {
        let target = if depth == 0 { &mut text } else { &mut option };
        if in_braces {
            if ch == '}' {
                in_braces = false;
            }
            target.push(ch);
            continue;
        }
        match ch {
            '{' => {
                in_braces = opens_hole(chunk, at);
                target.push(ch);
            }
            '(' if depth == 0 => {
                if !text.is_empty() {
                    parts.push(ChunkPart::Text(std::mem::take(&mut text)));
                }
                depth = 1;
            }
            '(' => {
                depth += 1;
                option.push(ch);
            }
            ')' if depth == 1 => {
                options.push(std::mem::take(&mut option));
                parts.push(ChunkPart::Group(std::mem::take(&mut options)));
                depth = 0;
            }
            ')' => {
                depth = depth.saturating_sub(1);
                option.push(ch);
            }
            '|' if depth == 1 => options.push(std::mem::take(&mut option)),
            _ => target.push(ch),
        }
    }
    if !text.is_empty() {
        parts.push(ChunkPart::Text(text));
    }
    parts
}

struct Parser {
    budget_chars: usize,
}

impl Parser {
    fn parse_fragment(&mut self, fragment: &str, depth: usize) -> Vec<Node> {
        let mut nodes = Vec::new();
        for chunk in split_chunks(fragment) {
            if chunk.text.is_empty() {
                continue;
            }
            if !chunk.balanced {
                // An unclosed or stray group: each segment it covers is read on its own, and
                // any segment with group syntax in it is unreadable.
                for segment in chunk.text.split('/').filter(|s| !s.is_empty()) {
                    if segment.contains(['(', ')', '|']) {
                        nodes.push(degraded());
                    } else {
                        nodes.push(parse_segment(segment));
                    }
                }
                continue;
            }
            if !chunk.text.contains('(') {
                nodes.push(parse_segment(&chunk.text));
                continue;
            }
            match self.expand_chunk(&chunk.text, depth) {
                Some(node) => nodes.extend(node),
                None => nodes.push(degraded()),
            }
        }
        nodes
    }

    /// Spreads a chunk's groups over the chunk and reads each reading as a fragment. The chunk
    /// is first cut before every group whose options all start with `/`: such a group begins a
    /// new segment, so the pieces on either side are read independently and `(/a|/b)(/c|/d)`
    /// stays two choices in sequence rather than four readings.
    fn expand_chunk(&mut self, chunk: &str, depth: usize) -> Option<Vec<Node>> {
        if depth >= NESTING_CAP {
            return None;
        }
        let mut runs: Vec<Vec<ChunkPart>> = vec![Vec::new()];
        for part in chunk_parts(chunk) {
            let starts_segment = matches!(&part, ChunkPart::Group(options)
                if options.iter().all(|option| option.starts_with('/')));
            if starts_segment && runs.last().is_some_and(|run| !run.is_empty()) {
                runs.push(Vec::new());
            }
            if let Some(run) = runs.last_mut() {
                run.push(part);
            }
        }
        let mut nodes = Vec::new();
        for (index, run) in runs.into_iter().enumerate() {
            let prefix = if index == 0 { "/" } else { "" };
            nodes.extend(self.expand_run(run, prefix, depth)?);
        }
        Some(nodes)
    }

    /// Reads one run of a chunk: every combination of its groups' options, each as a fragment.
    fn expand_run(&mut self, run: Vec<ChunkPart>, prefix: &str, depth: usize) -> Option<Vec<Node>> {
        let mut readings = vec![String::from(prefix)];
        for part in run {
            match part {
                ChunkPart::Text(text) => {
                    for reading in &mut readings {
                        reading.push_str(&text);
                    }
                }
                ChunkPart::Group(options) => {
                    if readings.len().saturating_mul(options.len()) > ALTERNATIVE_CAP {
                        return None;
                    }
                    let mut next = Vec::with_capacity(readings.len() * options.len());
                    for reading in &readings {
                        for option in &options {
                            next.push(format!("{reading}{option}"));
                        }
                    }
                    readings = next;
                }
            }
        }
        let total: usize = readings.iter().map(String::len).sum();
        if total > self.budget_chars {
            return None;
        }
        self.budget_chars -= total;
        let mut options: Vec<Vec<Node>> = Vec::with_capacity(readings.len());
        for reading in &readings {
            let nodes = self.parse_fragment(reading, depth + 1);
            if !options.contains(&nodes) {
                options.push(nodes);
            }
        }
        if options.len() == 1 {
            return options.pop();
        }
        Some(vec![Node::Alt(options)])
    }
}

fn write_piece(out: &mut String, piece: &Piece) {
    match piece {
        Piece::Text(text) => out.push_str(text),
        Piece::Hole { name, range } => {
            out.push('{');
            out.push_str(name);
            out.push_str(range.suffix());
            out.push('}');
        }
        Piece::Star => out.push('*'),
    }
}

fn write_nodes(out: &mut String, nodes: &[Node]) {
    for node in nodes {
        match node {
            Node::Segment(pieces) => {
                out.push('/');
                for piece in pieces {
                    write_piece(out, piece);
                }
            }
            Node::Ranged { name: None, .. } => out.push_str("/*"),
            Node::Ranged {
                name: Some(name),
                range,
            } => {
                out.push_str("/{");
                out.push_str(name);
                out.push_str(range.suffix());
                out.push('}');
            }
            Node::Alt(options) => {
                out.push('(');
                for (index, option) in options.iter().enumerate() {
                    if index > 0 {
                        out.push('|');
                    }
                    write_nodes(out, option);
                }
                out.push(')');
            }
        }
    }
}

impl RoutePath {
    /// Reads a route path in either spelling (framework or grammar). Never fails: what cannot be
    /// read becomes a `{value}` segment (see the module documentation).
    pub fn parse(raw: &str) -> RoutePath {
        let mut path = Self::parse_once(raw);
        // Text that flattens out of a group can spell syntax on a second reading (`(:)a`
        // writes `/:a`, a parameter): read the written form again until it stays the same,
        // so the normalised spelling is a fixed point. Only `:`, `(` and `*` can do that (a
        // group dropped in front of `/*a` leaves a catch-all segment).
        for _ in 0..4 {
            let written = path.normalized_path();
            if !written.contains([':', '(', '*']) {
                break;
            }
            let again = Self::parse_once(&written);
            if again.normalized_path() == written {
                break;
            }
            path = again;
        }
        path
    }

    fn parse_once(raw: &str) -> RoutePath {
        let converted = express_to_braces(strip_origin(raw.trim()));
        let mut parser = Parser {
            budget_chars: PARSE_BUDGET_CHARS,
        };
        RoutePath {
            nodes: parser.parse_fragment(&converted, 0),
        }
    }

    /// The normalised spelling, as the key strings use it (`/users/{id}`).
    pub fn normalized_path(&self) -> String {
        let mut out = String::new();
        write_nodes(&mut out, &self.nodes);
        if out.is_empty() {
            out.push('/');
        }
        out
    }

    /// Whether some request path satisfies both this path and `other`.
    pub fn pairs_with(&self, other: &RoutePath) -> bool {
        self.pairs_with_within(other, PAIRING_BUDGET)
            .unwrap_or(false)
    }

    /// Like [`RoutePath::pairs_with`], with an explicit budget of state visits; `None` when the
    /// budget ran out before the question was settled.
    pub fn pairs_with_within(&self, other: &RoutePath, budget: usize) -> Option<bool> {
        let left = Automaton::compile(&self.nodes);
        let right = Automaton::compile(&other.nodes);
        intersect(&left, &right, budget)
    }

    /// How narrowly this path states which requests it serves.
    pub fn specificity(&self) -> Specificity {
        sequence_specificity(&self.nodes)
    }

    /// Whether the path has a hole or group that can take a number of segments other than one,
    /// so it can meet paths whose normalised spelling has a different shape.
    pub fn spans_shapes(&self) -> bool {
        fn spans(nodes: &[Node]) -> bool {
            nodes
                .iter()
                .any(|node| matches!(node, Node::Ranged { .. } | Node::Alt(_)))
        }
        spans(&self.nodes)
    }
}

impl fmt::Display for RoutePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.normalized_path())
    }
}

/// The normalised spelling of a route path (see the module documentation).
pub fn normalize_path(raw: &str) -> String {
    RoutePath::parse(raw).normalized_path()
}

/// `text` with each parameter's name left out (`GET /pets/{petId}` → `GET /pets/{}`), so two
/// spellings that differ only in what a parameter is called compare equal. Braces nested inside
/// a parameter (`{id:[0-9]{2}}`) belong to it.
pub fn unnamed_params(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => {
                if depth == 0 {
                    out.push('{');
                }
                depth += 1;
            }
            '}' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push('}');
                }
            }
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// Whether some request path satisfies both `a` and `b`.
pub fn paths_pair(a: &str, b: &str) -> bool {
    RoutePath::parse(a).pairs_with(&RoutePath::parse(b))
}

/// Whether two REST methods pair: equal ignoring ASCII case, or either is `*` (a handler that
/// answers every method). An empty method names nothing and pairs with nothing.
pub fn methods_pair(a: &str, b: &str) -> bool {
    if a.is_empty() || b.is_empty() {
        return false;
    }
    a == "*" || b == "*" || a.eq_ignore_ascii_case(b)
}

// ---------------------------------------------------------------------------------------------
// Specificity

/// How narrowly a path states which requests it serves. Ordered so that greater means more
/// specific: more fixed segments first, then more shaped segments, then fewer segments that vary
/// in number, then fewer readings. A path with several readings ranks by its loosest one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Specificity {
    /// Segments of static text only (`users` in `/users/{id}`).
    pub fixed_segments: usize,
    /// Segments mixing text and holes (`{name}.png`).
    pub shaped_segments: usize,
    /// Holes taking a variable number of segments (`{x?}`, `{x+}`, `{x*}`, `*`).
    pub variable_holes: usize,
    /// How many readings the groups give (1 without groups; saturating).
    pub alternatives: usize,
}

impl Specificity {
    fn rank(
        &self,
    ) -> (
        usize,
        usize,
        std::cmp::Reverse<usize>,
        std::cmp::Reverse<usize>,
    ) {
        (
            self.fixed_segments,
            self.shaped_segments,
            std::cmp::Reverse(self.variable_holes),
            std::cmp::Reverse(self.alternatives),
        )
    }
}

impl PartialOrd for Specificity {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Specificity {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.rank().cmp(&other.rank())
    }
}

fn sequence_specificity(nodes: &[Node]) -> Specificity {
    let mut total = Specificity {
        fixed_segments: 0,
        shaped_segments: 0,
        variable_holes: 0,
        alternatives: 1,
    };
    for node in nodes {
        match node {
            Node::Segment(pieces) => {
                let holes = pieces.iter().any(|p| !matches!(p, Piece::Text(_)));
                let text = pieces.iter().any(|p| matches!(p, Piece::Text(_)));
                if !holes {
                    total.fixed_segments += 1;
                } else if text || pieces.len() > 1 {
                    total.shaped_segments += 1;
                }
            }
            Node::Ranged { .. } => total.variable_holes += 1,
            Node::Alt(options) => {
                let ranks: Vec<Specificity> =
                    options.iter().map(|o| sequence_specificity(o)).collect();
                let readings: usize = ranks
                    .iter()
                    .fold(0usize, |sum, r| sum.saturating_add(r.alternatives));
                if let Some(loosest) = ranks.iter().min() {
                    total.fixed_segments += loosest.fixed_segments;
                    total.shaped_segments += loosest.shaped_segments;
                    total.variable_holes += loosest.variable_holes;
                }
                total.alternatives = total.alternatives.saturating_mul(readings.max(1));
            }
        }
    }
    total
}

/// The specificity of a route path; `.fixed_segments` is its number of fixed segments.
pub fn specificity(path: &str) -> Specificity {
    RoutePath::parse(path).specificity()
}

/// Of several provider paths, the index of the one a consumer path most likely meant: among
/// those that pair with it, the most specific; ties go to the smallest normalised spelling, then
/// to the earliest index. `None` when no candidate pairs.
pub fn most_specific<S: AsRef<str>>(consumer: &str, candidates: &[S]) -> Option<usize> {
    let consumer = RoutePath::parse(consumer);
    let mut best: Option<(Specificity, String, usize)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        let path = RoutePath::parse(candidate.as_ref());
        if !path.pairs_with(&consumer) {
            continue;
        }
        let rank = path.specificity();
        let spelling = path.normalized_path();
        let better = match &best {
            None => true,
            Some((best_rank, best_spelling, _)) => {
                rank > *best_rank || (rank == *best_rank && spelling < *best_spelling)
            }
        };
        if better {
            best = Some((rank, spelling, index));
        }
    }
    best.map(|(_, _, index)| index)
}

// ---------------------------------------------------------------------------------------------
// Automata and their intersection

/// One token of a segment's character pattern.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum CharToken {
    Char(char),
    /// Exactly one character (never `/`).
    AnyOne,
    /// Zero or more characters (never `/`).
    AnyRun,
}

/// What one transition consumes: exactly one segment.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum SegmentLabel {
    /// Any one segment.
    Any,
    /// One segment whose characters match the tokens.
    Shape(Vec<CharToken>),
}

#[derive(Default)]
struct State {
    epsilon: Vec<usize>,
    edges: Vec<(usize, usize)>,
}

struct Automaton {
    states: Vec<State>,
    labels: Vec<SegmentLabel>,
    accept: usize,
}

impl Automaton {
    fn compile(nodes: &[Node]) -> Automaton {
        let mut automaton = Automaton {
            states: vec![State::default()],
            labels: Vec::new(),
            accept: 0,
        };
        automaton.accept = automaton.sequence(nodes, 0);
        automaton
    }

    fn new_state(&mut self) -> usize {
        self.states.push(State::default());
        self.states.len() - 1
    }

    fn label(&mut self, label: SegmentLabel) -> usize {
        self.labels.push(label);
        self.labels.len() - 1
    }

    fn edge(&mut self, from: usize, label: usize, to: usize) {
        if let Some(state) = self.states.get_mut(from) {
            state.edges.push((label, to));
        }
    }

    fn epsilon(&mut self, from: usize, to: usize) {
        if let Some(state) = self.states.get_mut(from) {
            state.epsilon.push(to);
        }
    }

    /// Compiles a sequence starting at `start`; returns the state it ends in.
    fn sequence(&mut self, nodes: &[Node], start: usize) -> usize {
        let mut at = start;
        let mut previous_any = false;
        for node in nodes {
            match node {
                Node::Segment(pieces) => {
                    let label = self.label(segment_label(pieces));
                    let next = self.new_state();
                    self.edge(at, label, next);
                    at = next;
                    previous_any = false;
                }
                Node::Ranged { range, .. } => {
                    // `{a*}/{b*}` is one `{*}`: skipping the second keeps the search linear.
                    if previous_any && matches!(range, HoleRange::Any | HoleRange::Optional) {
                        continue;
                    }
                    let any = self.label(SegmentLabel::Any);
                    match range {
                        HoleRange::One => {
                            let next = self.new_state();
                            self.edge(at, any, next);
                            at = next;
                        }
                        HoleRange::Optional => {
                            let next = self.new_state();
                            self.edge(at, any, next);
                            self.epsilon(at, next);
                            at = next;
                        }
                        HoleRange::Many => {
                            let next = self.new_state();
                            self.edge(at, any, next);
                            self.edge(next, any, next);
                            at = next;
                        }
                        HoleRange::Any => {
                            let next = self.new_state();
                            self.epsilon(at, next);
                            self.edge(next, any, next);
                            at = next;
                        }
                    }
                    previous_any = matches!(range, HoleRange::Any);
                }
                Node::Alt(options) => {
                    let join = self.new_state();
                    for option in options {
                        let entry = self.new_state();
                        self.epsilon(at, entry);
                        let exit = self.sequence(option, entry);
                        self.epsilon(exit, join);
                    }
                    at = join;
                    previous_any = false;
                }
            }
        }
        at
    }
}

fn segment_label(pieces: &[Piece]) -> SegmentLabel {
    if let [
        Piece::Hole {
            range: HoleRange::One,
            ..
        },
    ] = pieces
    {
        return SegmentLabel::Any;
    }
    let mut tokens = Vec::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => tokens.extend(text.chars().map(CharToken::Char)),
            Piece::Hole { range, .. } => match range {
                HoleRange::One | HoleRange::Many => {
                    tokens.push(CharToken::AnyOne);
                    tokens.push(CharToken::AnyRun);
                }
                HoleRange::Optional | HoleRange::Any => tokens.push(CharToken::AnyRun),
            },
            Piece::Star => tokens.push(CharToken::AnyRun),
        }
    }
    SegmentLabel::Shape(tokens)
}

/// Whether two one-segment labels can stand for the same (non-empty) segment. Charges `budget`
/// for the character-level search; `None` when it runs out.
fn labels_meet(a: &SegmentLabel, b: &SegmentLabel, budget: &mut usize) -> Option<bool> {
    match (a, b) {
        (SegmentLabel::Any, _) | (_, SegmentLabel::Any) => Some(true),
        (SegmentLabel::Shape(left), SegmentLabel::Shape(right)) => {
            if left.iter().all(|t| matches!(t, CharToken::Char(_)))
                && right.iter().all(|t| matches!(t, CharToken::Char(_)))
            {
                return Some(left == right);
            }
            shapes_meet(left, right, budget)
        }
    }
}

/// Whether two segment shapes accept a common non-empty string: a search over
/// (token in a, token in b, consumed anything yet).
fn shapes_meet(a: &[CharToken], b: &[CharToken], budget: &mut usize) -> Option<bool> {
    let width = b.len() + 1;
    let index = |i: usize, j: usize, consumed: bool| (i * width + j) * 2 + usize::from(consumed);
    let mut seen = vec![false; (a.len() + 1) * width * 2];
    let mut queue = vec![(0usize, 0usize, false)];
    seen[index(0, 0, false)] = true;
    while let Some((i, j, consumed)) = queue.pop() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        if i == a.len() && j == b.len() && consumed {
            return Some(true);
        }
        let mut visit = |state: (usize, usize, bool)| {
            let at = index(state.0, state.1, state.2);
            if !seen[at] {
                seen[at] = true;
                queue.push(state);
            }
        };
        let left = a.get(i);
        let right = b.get(j);
        if left == Some(&CharToken::AnyRun) {
            visit((i + 1, j, consumed));
        }
        if right == Some(&CharToken::AnyRun) {
            visit((i, j + 1, consumed));
        }
        if let (Some(left), Some(right)) = (left, right) {
            let same_char = match (left, right) {
                (CharToken::Char(x), CharToken::Char(y)) => x == y,
                _ => true,
            };
            if same_char {
                let next_i = if *left == CharToken::AnyRun { i } else { i + 1 };
                let next_j = if *right == CharToken::AnyRun {
                    j
                } else {
                    j + 1
                };
                visit((next_i, next_j, true));
            }
        }
    }
    Some(false)
}

/// Whether the two automata accept a common sequence of segments: a search over pairs of
/// states, at most `budget` visits.
fn intersect(a: &Automaton, b: &Automaton, budget: usize) -> Option<bool> {
    let mut budget = budget;
    let mut seen = VisitedPairs::new(a.states.len(), b.states.len());
    let mut label_memo: HashMap<(usize, usize), bool> = HashMap::new();
    // Depth first, with the moves that consume a segment on both sides pushed last so they are
    // tried first: two paths that pair are usually found along the diagonal in linear time.
    let mut stack = Vec::new();
    seen.insert(0, 0);
    stack.push((0usize, 0usize));
    while let Some((p, q)) = stack.pop() {
        if budget == 0 {
            return None;
        }
        budget -= 1;
        if p == a.accept && q == b.accept {
            return Some(true);
        }
        let (Some(left), Some(right)) = (a.states.get(p), b.states.get(q)) else {
            continue;
        };
        for &p2 in &left.epsilon {
            if seen.insert(p2, q) {
                stack.push((p2, q));
            }
        }
        for &q2 in &right.epsilon {
            if seen.insert(p, q2) {
                stack.push((p, q2));
            }
        }
        for &(label_a, p2) in &left.edges {
            for &(label_b, q2) in &right.edges {
                let (Some(la), Some(lb)) = (a.labels.get(label_a), b.labels.get(label_b)) else {
                    continue;
                };
                let meets = match cheap_labels_meet(la, lb) {
                    Some(known) => known,
                    None => match label_memo.get(&(label_a, label_b)) {
                        Some(&known) => known,
                        None => {
                            let known = labels_meet(la, lb, &mut budget)?;
                            label_memo.insert((label_a, label_b), known);
                            known
                        }
                    },
                };
                if meets && seen.insert(p2, q2) {
                    stack.push((p2, q2));
                }
            }
        }
    }
    Some(false)
}

/// Settles the common label pairs without a search: a one-segment hole meets anything, and two
/// plain texts meet when equal. `None` when a character-level search is needed.
fn cheap_labels_meet(a: &SegmentLabel, b: &SegmentLabel) -> Option<bool> {
    match (a, b) {
        (SegmentLabel::Any, _) | (_, SegmentLabel::Any) => Some(true),
        (SegmentLabel::Shape(left), SegmentLabel::Shape(right)) => {
            let plain =
                |tokens: &[CharToken]| tokens.iter().all(|t| matches!(t, CharToken::Char(_)));
            if plain(left) && plain(right) {
                Some(left == right)
            } else {
                None
            }
        }
    }
}

/// The pairs of states already reached: a bit per pair while that fits in a few megabytes, a
/// hash set beyond.
enum VisitedPairs {
    Dense { bits: Vec<u64>, width: usize },
    Sparse(HashSet<(usize, usize)>),
}

impl VisitedPairs {
    const DENSE_LIMIT_BITS: usize = 1 << 26;

    fn new(left: usize, right: usize) -> VisitedPairs {
        match left.checked_mul(right) {
            Some(cells) if cells <= Self::DENSE_LIMIT_BITS => VisitedPairs::Dense {
                bits: vec![0; cells.div_ceil(64)],
                width: right,
            },
            _ => VisitedPairs::Sparse(HashSet::new()),
        }
    }

    /// Marks the pair; true when it was not marked before.
    fn insert(&mut self, p: usize, q: usize) -> bool {
        match self {
            VisitedPairs::Dense { bits, width } => {
                let cell = p * *width + q;
                let Some(word) = bits.get_mut(cell / 64) else {
                    return false;
                };
                let mask = 1u64 << (cell % 64);
                let fresh = *word & mask == 0;
                *word |= mask;
                fresh
            }
            VisitedPairs::Sparse(set) => set.insert((p, q)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unnamed_params_leave_out_names_and_nested_braces() {
        assert_eq!(unnamed_params("/playlists/{playlist}"), "/playlists/{}");
        assert_eq!(unnamed_params("GET /a/{id:[0-9]{2}}/b"), "GET /a/{}/b");
        assert_eq!(unnamed_params("/health"), "/health");
    }

    #[test]
    fn express_parameters_become_holes() {
        assert_eq!(normalize_path("/users/:id"), "/users/{id}");
        assert_eq!(normalize_path("/users/:id?"), "/users/{id?}");
        assert_eq!(normalize_path("/users/:id(\\d+)"), "/users/{id}");
        assert_eq!(normalize_path("/flights/:from-:to"), "/flights/{from}-{to}");
        assert_eq!(normalize_path("/v1/users:batchGet"), "/v1/users:batchget");
    }

    #[test]
    fn named_catch_alls_take_the_rest_of_the_path() {
        assert_eq!(
            normalize_path("/repos/lookup/*repo_full_name"),
            "/repos/lookup/{repo_full_name+}"
        );
        assert_eq!(normalize_path("/kobo/{*path}"), "/kobo/{path*}");
        assert!(paths_pair(
            "/repos/lookup/*full_name",
            "/repos/lookup/{owner}/{name}"
        ));
        assert!(!paths_pair("/repos/lookup/*full_name", "/repos/{id}"));
        // A group dropped or left open in front of one leaves `/*a`: read again to the end.
        for raw in ["(/*a", "()*A?"] {
            let once = normalize_path(raw);
            assert_eq!(normalize_path(&once), once, "{raw}");
        }
        assert!(paths_pair("/kobo/{*path}", "/kobo"));
        // A star glued to other text stays a shaped segment.
        assert_eq!(normalize_path("/img/*.png"), "/img/*.png");
        assert_eq!(normalize_path("/a/b*c"), "/a/b*c");
    }

    #[test]
    fn collapsing_consecutive_stars_keeps_meaning() {
        assert!(paths_pair("/{a*}/{b*}/x", "/x"));
        assert!(paths_pair("/{a*}/{b*}/x", "/p/q/x"));
        assert!(!paths_pair("/{a*}/{b*}/x", "/p/q"));
    }
}
