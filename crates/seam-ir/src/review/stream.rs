//! The streaming canonical writer: a [`Document`] serialised straight into an
//! [`std::io::Write`], with no intermediate `serde_json::Value` and no copy of the document.
//!
//! It writes exactly the bytes [`super::canonical::canonical_json`] writes for
//! `serde_json::to_value(document)`: every key of every record in UTF-16 code-unit order
//! (all keys are ASCII, so that is byte order, spelled out per record below), Class A keys
//! always written and Class B keys omitted as the serde attributes of [`super::types`]
//! say, every string in NFC with `JSON.stringify` escaping, 2-space pretty form or compact,
//! no trailing newline. Keys are the fixed field names, so `canonical-key-collision` cannot
//! arise here. Array order is the caller's: [`super::canonical::write_canonical`] only
//! streams a document that is already canonical (and canonicalizes a copy otherwise).
//! A test compares these bytes with the `Value`-based writer's on documents that exercise
//! every optional key.

use std::io::{self, Write};

use super::text::nfc_cow;
use super::types::{
    Call, CallResolutionStats, Component, Confidence, Decorator, Dependency, Direction, Document,
    Effect, EffectClassifyTimeout, EffectOrigin, EffectPropagationStats, Fingerprint, Generator,
    Input, LspEnrichmentStats, PluginRef, PluginType, Rule, RuleKind, Signature, SkippedFile,
    SourceRange, Stats, Symbol, UnresolvedCallBuckets, Workspace, WorkspaceManager,
};

/// Writes `document` as it stands (no sorting, no checks) in canonical JSON.
pub(crate) fn write_document<W: Write>(
    document: &Document,
    pretty: bool,
    out: W,
) -> io::Result<()> {
    let mut w = JsonWriter::new(out, pretty);
    w.document(document)?;
    w.flush()?;
    w.out.flush()
}

/// Bytes gathered before they are handed to the underlying writer.
const CHUNK: usize = 1 << 16;

/// Spaces for indentation, sliced to the depth (deeper levels write it more than once).
const SPACES: &[u8; 64] = b"                                                                ";

/// Tracks nesting for commas and indentation; every record is written key by key.
struct JsonWriter<W: Write> {
    out: W,
    /// Every piece is appended here (cheaper than a `write_all` per piece) and passed on in
    /// chunks of about [`CHUNK`] bytes.
    buf: Vec<u8>,
    pretty: bool,
    depth: usize,
    /// Whether the innermost open object or array has no entry yet.
    first: bool,
    scratch: [u8; 20],
}

impl<W: Write> JsonWriter<W> {
    fn new(out: W, pretty: bool) -> Self {
        JsonWriter {
            out,
            buf: Vec::with_capacity(CHUNK * 2),
            pretty,
            depth: 0,
            first: true,
            scratch: [0; 20],
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    fn newline_indent(&mut self) {
        if self.pretty {
            self.buf.push(b'\n');
            let mut width = self.depth * 2;
            while width > 0 {
                let n = width.min(SPACES.len());
                self.buf.extend_from_slice(&SPACES[..n]);
                width -= n;
            }
        }
    }

    /// The separator and indentation before an entry of the open object or array; hands a
    /// full chunk to the writer.
    fn entry(&mut self) -> io::Result<()> {
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        if !self.first {
            self.buf.push(b',');
        }
        self.first = false;
        self.newline_indent();
        Ok(())
    }

    fn open(&mut self, bracket: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(bracket);
        self.depth += 1;
        self.first = true;
        Ok(())
    }

    /// Closes an object or array that holds at least one entry.
    fn close(&mut self, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        self.newline_indent();
        self.buf.extend_from_slice(bracket);
        self.first = false;
        Ok(())
    }

    fn key(&mut self, key: &str) -> io::Result<()> {
        self.entry()?;
        self.buf.push(b'"');
        self.buf.extend_from_slice(key.as_bytes());
        self.buf
            .extend_from_slice(if self.pretty { b"\": " } else { b"\":" });
        Ok(())
    }

    fn string(&mut self, s: &str) -> io::Result<()> {
        let plain = s
            .bytes()
            .all(|b| (0x20..0x80).contains(&b) && b != b'"' && b != b'\\');
        if plain {
            // ASCII without escapes (nearly every string): already NFC, written as is.
            self.buf.push(b'"');
            self.buf.extend_from_slice(s.as_bytes());
            self.buf.push(b'"');
            return Ok(());
        }
        let s = nfc_cow(s);
        let bytes = s.as_bytes();
        self.buf.push(b'"');
        // Runs that need no escape are copied in one piece.
        let mut start = 0;
        for (i, &b) in bytes.iter().enumerate() {
            let short: &[u8] = match b {
                b'"' => b"\\\"",
                b'\\' => b"\\\\",
                0x08 => b"\\b",
                0x0C => b"\\f",
                b'\n' => b"\\n",
                b'\r' => b"\\r",
                b'\t' => b"\\t",
                0x00..=0x1F => b"",
                _ => continue,
            };
            self.buf.extend_from_slice(&bytes[start..i]);
            if short.is_empty() {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.buf.extend_from_slice(b"\\u00");
                self.buf.push(HEX[usize::from(b >> 4)]);
                self.buf.push(HEX[usize::from(b & 0xF)]);
            } else {
                self.buf.extend_from_slice(short);
            }
            start = i + 1;
        }
        self.buf.extend_from_slice(&bytes[start..]);
        self.buf.push(b'"');
        Ok(())
    }

    fn number(&mut self, n: u64) -> io::Result<()> {
        let mut at = self.scratch.len();
        let mut n = n;
        loop {
            at -= 1;
            self.scratch[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(&self.scratch[at..]);
        Ok(())
    }

    fn boolean(&mut self, b: bool) -> io::Result<()> {
        self.buf
            .extend_from_slice(if b { b"true" } else { b"false" });
        Ok(())
    }

    fn null(&mut self) -> io::Result<()> {
        self.buf.extend_from_slice(b"null");
        Ok(())
    }

    fn opt_string(&mut self, s: Option<&str>) -> io::Result<()> {
        match s {
            Some(s) => self.string(s),
            None => self.null(),
        }
    }

    fn opt_number(&mut self, n: Option<u32>) -> io::Result<()> {
        match n {
            Some(n) => self.number(u64::from(n)),
            None => self.null(),
        }
    }

    /// `[]` when empty, otherwise one entry per item.
    fn array<T>(
        &mut self,
        items: &[T],
        mut item: impl FnMut(&mut Self, &T) -> io::Result<()>,
    ) -> io::Result<()> {
        if items.is_empty() {
            self.buf.extend_from_slice(b"[]");
            return Ok(());
        }
        self.open(b"[")?;
        for x in items {
            self.entry()?;
            item(self, x)?;
        }
        self.close(b"]")
    }

    fn strings(&mut self, items: &[String]) -> io::Result<()> {
        self.array(items, |w, s| w.string(s))
    }

    // Records. Keys are written in code-unit order; the comment on each names the keys a
    // record may omit (Class B).

    fn document(&mut self, d: &Document) -> io::Result<()> {
        // Class B: generatedAt.
        self.open(b"{")?;
        self.key("$schema")?;
        self.string(&d.schema)?;
        self.key("components")?;
        self.array(&d.components, Self::component)?;
        self.key("dependencies")?;
        self.array(&d.dependencies, Self::dependency)?;
        if let Some(at) = &d.generated_at {
            self.key("generatedAt")?;
            self.string(at)?;
        }
        self.key("generator")?;
        self.generator(&d.generator)?;
        self.key("stats")?;
        self.stats(&d.stats)?;
        self.key("symbols")?;
        self.array(&d.symbols, Self::symbol)?;
        self.key("workspace")?;
        self.workspace(&d.workspace)?;
        self.close(b"}")
    }

    fn generator(&mut self, g: &Generator) -> io::Result<()> {
        self.open(b"{")?;
        self.key("name")?;
        self.string(&g.name)?;
        self.key("plugins")?;
        self.array(&g.plugins, Self::plugin)?;
        self.key("version")?;
        self.string(&g.version)?;
        self.close(b"}")
    }

    fn plugin(&mut self, p: &PluginRef) -> io::Result<()> {
        self.open(b"{")?;
        self.key("grammarRevision")?;
        self.opt_string(p.grammar_revision.as_deref())?;
        self.key("name")?;
        self.string(&p.name)?;
        self.key("type")?;
        self.string(match p.plugin_type {
            PluginType::Lang => "lang",
            PluginType::Framework => "framework",
            PluginType::Effects => "effects",
        })?;
        self.key("version")?;
        self.string(&p.version)?;
        self.close(b"}")
    }

    fn workspace(&mut self, ws: &Workspace) -> io::Result<()> {
        self.open(b"{")?;
        self.key("languages")?;
        self.strings(&ws.languages)?;
        self.key("managers")?;
        self.array(&ws.managers, Self::manager)?;
        self.key("root")?;
        self.string(&ws.root)?;
        self.close(b"}")
    }

    fn manager(&mut self, m: &WorkspaceManager) -> io::Result<()> {
        self.open(b"{")?;
        self.key("roots")?;
        self.strings(&m.roots)?;
        self.key("tool")?;
        self.string(&m.tool)?;
        self.close(b"}")
    }

    fn component(&mut self, c: &Component) -> io::Result<()> {
        // Class B: frameworks, publicApi (omitted when empty).
        self.open(b"{")?;
        self.key("description")?;
        self.opt_string(c.description.as_deref())?;
        if !c.frameworks.is_empty() {
            self.key("frameworks")?;
            self.strings(&c.frameworks)?;
        }
        self.key("id")?;
        self.string(&c.id)?;
        self.key("languages")?;
        self.strings(&c.languages)?;
        self.key("name")?;
        self.string(&c.name)?;
        if !c.public_api.is_empty() {
            self.key("publicApi")?;
            self.strings(&c.public_api)?;
        }
        self.key("roots")?;
        self.strings(&c.roots)?;
        self.close(b"}")
    }

    fn dependency(&mut self, d: &Dependency) -> io::Result<()> {
        self.open(b"{")?;
        self.key("direction")?;
        self.string(match d.direction {
            Direction::Outbound => "outbound",
            Direction::Inbound => "inbound",
            Direction::Bidirectional => "bidirectional",
        })?;
        self.key("effect")?;
        self.opt_string(d.effect.as_deref())?;
        self.key("from")?;
        self.string(&d.from)?;
        self.key("to")?;
        self.string(&d.to)?;
        self.key("via")?;
        self.string(d.via.as_str())?;
        self.close(b"}")
    }

    fn symbol(&mut self, s: &Symbol) -> io::Result<()> {
        self.open(b"{")?;
        self.key("calls")?;
        self.array(&s.calls, Self::call)?;
        self.key("component")?;
        self.opt_string(s.component.as_deref())?;
        self.key("confidence")?;
        self.confidence(s.confidence)?;
        self.key("decorators")?;
        self.array(&s.decorators, Self::decorator)?;
        self.key("derivedBy")?;
        self.strings(&s.derived_by)?;
        self.key("dropReason")?;
        self.opt_string(s.drop_reason.as_deref())?;
        self.key("dropped")?;
        self.boolean(s.dropped)?;
        self.key("effects")?;
        self.array(&s.effects, Self::effect)?;
        self.key("extKind")?;
        self.opt_string(s.ext_kind.as_deref())?;
        self.key("fingerprint")?;
        self.fingerprint(&s.fingerprint)?;
        self.key("id")?;
        self.string(&s.id)?;
        self.key("kind")?;
        self.string(s.kind.as_str())?;
        self.key("language")?;
        self.string(&s.language)?;
        self.key("name")?;
        self.string(&s.name)?;
        self.key("rules")?;
        self.array(&s.rules, Self::rule)?;
        self.key("signature")?;
        match &s.signature {
            Some(signature) => self.signature(signature)?,
            None => self.null()?,
        }
        self.key("source")?;
        self.source(&s.source)?;
        self.key("visibility")?;
        self.string(s.visibility.as_str())?;
        self.close(b"}")
    }

    fn confidence(&mut self, c: Confidence) -> io::Result<()> {
        self.string(match c {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        })
    }

    fn call(&mut self, c: &Call) -> io::Result<()> {
        self.open(b"{")?;
        self.key("line")?;
        self.number(u64::from(c.line))?;
        self.key("resolved")?;
        self.opt_string(c.resolved.as_deref())?;
        self.key("target")?;
        self.string(&c.target)?;
        self.close(b"}")
    }

    fn decorator(&mut self, d: &Decorator) -> io::Result<()> {
        self.open(b"{")?;
        self.key("arguments")?;
        self.strings(&d.arguments)?;
        self.key("boundary")?;
        self.boolean(d.boundary)?;
        self.key("line")?;
        self.number(u64::from(d.line))?;
        self.key("name")?;
        self.string(&d.name)?;
        self.key("raw")?;
        self.string(&d.raw)?;
        self.close(b"}")
    }

    fn effect(&mut self, e: &Effect) -> io::Result<()> {
        // Class B: derivedFrom and propagated (propagated entries), line (local ones).
        self.open(b"{")?;
        self.key("confidence")?;
        self.confidence(e.confidence)?;
        self.key("derivedBy")?;
        self.string(&e.derived_by)?;
        if let EffectOrigin::Propagated { derived_from } = &e.origin {
            self.key("derivedFrom")?;
            self.strings(derived_from)?;
        }
        self.key("id")?;
        self.string(&e.id)?;
        if let EffectOrigin::Local { line } = &e.origin {
            self.key("line")?;
            self.number(u64::from(*line))?;
        }
        self.key("plugin")?;
        self.string(&e.plugin)?;
        if matches!(e.origin, EffectOrigin::Propagated { .. }) {
            self.key("propagated")?;
            self.boolean(true)?;
        }
        self.key("target")?;
        self.string(&e.target)?;
        self.close(b"}")
    }

    fn fingerprint(&mut self, f: &Fingerprint) -> io::Result<()> {
        self.open(b"{")?;
        self.key("api")?;
        self.string(&f.api)?;
        self.key("logic")?;
        self.string(&f.logic)?;
        self.key("syntax")?;
        self.string(&f.syntax)?;
        self.close(b"}")
    }

    fn rule(&mut self, r: &Rule) -> io::Result<()> {
        // All six keys always written; the ones the rule type does not carry are null.
        let (condition, what, expr, loop_kind) = match &r.kind {
            RuleKind::Guard { condition }
            | RuleKind::Switch { condition }
            | RuleKind::Match { condition } => (Some(condition.as_str()), None, None, None),
            RuleKind::Throw { what } => (None, Some(what.as_str()), None, None),
            RuleKind::Return { expr } => (None, None, Some(expr.as_str()), None),
            RuleKind::Loop { loop_kind } => (None, None, None, Some(loop_kind.as_str())),
            RuleKind::Try => (None, None, None, None),
        };
        self.open(b"{")?;
        self.key("condition")?;
        self.opt_string(condition)?;
        self.key("expr")?;
        self.opt_string(expr)?;
        self.key("line")?;
        self.number(u64::from(r.line))?;
        self.key("loopKind")?;
        self.opt_string(loop_kind)?;
        self.key("type")?;
        self.string(r.kind.type_name())?;
        self.key("what")?;
        self.opt_string(what)?;
        self.close(b"}")
    }

    fn signature(&mut self, s: &Signature) -> io::Result<()> {
        // Class B: inferredThrows (omitted when empty).
        self.open(b"{")?;
        self.key("async")?;
        self.boolean(s.is_async)?;
        self.key("generator")?;
        self.boolean(s.is_generator)?;
        if !s.inferred_throws.is_empty() {
            self.key("inferredThrows")?;
            self.strings(&s.inferred_throws)?;
        }
        self.key("inputs")?;
        self.array(&s.inputs, Self::input)?;
        self.key("outputs")?;
        self.strings(&s.outputs)?;
        self.key("throws")?;
        self.strings(&s.throws)?;
        self.key("typeParameters")?;
        self.strings(&s.type_parameters)?;
        self.close(b"}")
    }

    fn input(&mut self, i: &Input) -> io::Result<()> {
        self.open(b"{")?;
        self.key("name")?;
        self.string(&i.name)?;
        self.key("type")?;
        self.string(&i.type_text)?;
        self.close(b"}")
    }

    fn source(&mut self, s: &SourceRange) -> io::Result<()> {
        self.open(b"{")?;
        self.key("endColumn")?;
        self.opt_number(s.end_column)?;
        self.key("endLine")?;
        self.number(u64::from(s.end_line))?;
        self.key("file")?;
        self.string(&s.file)?;
        self.key("startColumn")?;
        self.opt_number(s.start_column)?;
        self.key("startLine")?;
        self.number(u64::from(s.start_line))?;
        self.close(b"}")
    }

    fn stats(&mut self, s: &Stats) -> io::Result<()> {
        // Class B: callResolution, effectClassifyTimeouts (when empty), lspEnrichment,
        // skippedFiles (when absent or empty).
        self.open(b"{")?;
        if let Some(c) = &s.call_resolution {
            self.key("callResolution")?;
            self.call_resolution(c)?;
        }
        self.key("droppedSymbols")?;
        self.number(s.dropped_symbols)?;
        if !s.effect_classify_timeouts.is_empty() {
            self.key("effectClassifyTimeouts")?;
            self.array(&s.effect_classify_timeouts, Self::timeout)?;
        }
        self.key("effectPropagation")?;
        self.propagation(&s.effect_propagation)?;
        self.key("keptSymbols")?;
        self.number(s.kept_symbols)?;
        if let Some(lsp) = &s.lsp_enrichment {
            self.key("lspEnrichment")?;
            self.lsp(lsp)?;
        }
        self.key("parsedFiles")?;
        self.number(s.parsed_files)?;
        if let Some(skipped) = s.skipped_files.as_ref().filter(|s| !s.is_empty()) {
            self.key("skippedFiles")?;
            self.array(skipped, Self::skipped)?;
        }
        self.key("totalFiles")?;
        self.number(s.total_files)?;
        self.close(b"}")
    }

    fn call_resolution(&mut self, c: &CallResolutionStats) -> io::Result<()> {
        self.open(b"{")?;
        self.key("resolvedCalls")?;
        self.number(c.resolved_calls)?;
        self.key("totalCalls")?;
        self.number(c.total_calls)?;
        self.key("unresolved")?;
        self.buckets(&c.unresolved)?;
        self.close(b"}")
    }

    fn buckets(&mut self, u: &UnresolvedCallBuckets) -> io::Result<()> {
        self.open(b"{")?;
        self.key("ambiguous")?;
        self.number(u.ambiguous)?;
        self.key("dynamic")?;
        self.number(u.dynamic)?;
        self.key("external")?;
        self.number(u.external)?;
        self.key("localScope")?;
        self.number(u.local_scope)?;
        self.key("noMatch")?;
        self.number(u.no_match)?;
        self.close(b"}")
    }

    fn timeout(&mut self, t: &EffectClassifyTimeout) -> io::Result<()> {
        self.open(b"{")?;
        self.key("plugin")?;
        self.string(&t.plugin)?;
        self.key("symbolId")?;
        self.string(&t.symbol_id)?;
        self.key("timeoutMs")?;
        self.number(t.timeout_ms)?;
        self.close(b"}")
    }

    fn propagation(&mut self, p: &EffectPropagationStats) -> io::Result<()> {
        self.open(b"{")?;
        self.key("maxSccSize")?;
        self.number(p.max_scc_size)?;
        self.key("propagatedEffectCount")?;
        self.number(p.propagated_effect_count)?;
        self.key("sccCount")?;
        self.number(p.scc_count)?;
        self.key("symbolsWithPropagatedEffects")?;
        self.number(p.symbols_with_propagated_effects)?;
        self.close(b"}")
    }

    fn lsp(&mut self, l: &LspEnrichmentStats) -> io::Result<()> {
        self.open(b"{")?;
        self.key("enabled")?;
        self.boolean(l.enabled)?;
        self.key("filesEnriched")?;
        self.number(l.files_enriched)?;
        self.key("filesFellBack")?;
        self.number(l.files_fell_back)?;
        self.key("languagesDisabled")?;
        self.strings(&l.languages_disabled)?;
        self.key("requestsFailed")?;
        self.number(l.requests_failed)?;
        self.key("requestsIssued")?;
        self.number(l.requests_issued)?;
        self.key("requestsTimedOut")?;
        self.number(l.requests_timed_out)?;
        self.close(b"}")
    }

    fn skipped(&mut self, f: &SkippedFile) -> io::Result<()> {
        self.open(b"{")?;
        self.key("path")?;
        self.string(&f.path)?;
        self.key("reason")?;
        self.string(f.reason.as_str())?;
        self.close(b"}")
    }
}
