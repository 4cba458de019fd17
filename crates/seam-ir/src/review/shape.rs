//! Invariant #20 on raw JSON: the document has every key the schema requires, of the declared
//! kind, at every depth — checked before the document is typed, so each missing or
//! mistyped key is reported with its path instead of as one parser error.
//!
//! The unknown-`kind` (#8) and unknown-`confidence` (#6) cases are found here too, because a
//! typed document cannot hold them; they are reported under their own numbers.

use serde_json::{Map, Value};

use super::integrity::Breach;

const SYMBOL_KINDS: &[&str] = &[
    "function",
    "method",
    "class",
    "interface",
    "type",
    "const",
    "module",
    "namespace",
    "variable",
    "enum",
    "constructor",
    "call",
];
const CONFIDENCES: &[&str] = &["high", "medium", "low"];
const VISIBILITIES: &[&str] = &["public", "private", "protected", "internal", "package"];
const PLUGIN_TYPES: &[&str] = &["lang", "framework", "effects"];
const RULE_TYPES: &[&str] = &["guard", "throw", "return", "loop", "try", "switch", "match"];
const LOOP_KINDS: &[&str] = &["for", "while", "do"];
const VIAS: &[&str] = &[
    "import",
    "call",
    "inherit",
    "implement",
    "compose",
    "http",
    "event",
    "sql",
];
const DIRECTIONS: &[&str] = &["outbound", "inbound", "bidirectional"];
const SKIP_REASONS: &[&str] = &[
    "over-size",
    "unreadable",
    "unroutable",
    "parse-failed",
    "parse-timeout",
    "extraction-failed",
];

/// What a value must be.
#[derive(Clone, Copy)]
enum Kind {
    Str,
    Bool,
    /// A non-negative integer that fits a line number (u32).
    Line,
    /// A non-negative integer that fits a counter (u64).
    Count,
    Array,
    Object,
}

impl Kind {
    fn describe(self) -> &'static str {
        match self {
            Kind::Str => "a string",
            Kind::Bool => "true or false",
            Kind::Line => "a whole number from 0 to 4294967295",
            Kind::Count => "a non-negative whole number",
            Kind::Array => "an array",
            Kind::Object => "an object",
        }
    }

    fn matches(self, value: &Value) -> bool {
        match self {
            Kind::Str => value.is_string(),
            Kind::Bool => value.is_boolean(),
            Kind::Line => value.as_u64().is_some_and(|n| n <= u64::from(u32::MAX)),
            Kind::Count => value.as_u64().is_some(),
            Kind::Array => value.is_array(),
            Kind::Object => value.is_object(),
        }
    }
}

/// Breaches of #20 (shape) and of #6 / #8 (enums), in that order of importance.
pub(crate) struct ShapeReport {
    pub shape: Vec<Breach>,
    pub enums: Vec<Breach>,
}

/// Walks `document` against the schema's required shape.
pub(crate) fn check_shape(document: &Value) -> ShapeReport {
    let mut walker = Walker {
        shape: Vec::new(),
        enums: Vec::new(),
    };
    walker.document(document);
    ShapeReport {
        shape: walker.shape,
        enums: walker.enums,
    }
}

struct Walker {
    shape: Vec<Breach>,
    enums: Vec<Breach>,
}

impl Walker {
    fn breach(&mut self, message: String) {
        self.shape.push(Breach {
            invariant: 20,
            message,
        });
    }

    fn object<'a>(&mut self, value: &'a Value, path: &str) -> Option<&'a Map<String, Value>> {
        match value.as_object() {
            Some(map) => Some(map),
            None => {
                self.breach(format!("{path} must be an object"));
                None
            }
        }
    }

    /// A required key of kind `kind`; returns it when present and well-kinded.
    fn required<'a>(
        &mut self,
        map: &'a Map<String, Value>,
        key: &str,
        kind: Kind,
        path: &str,
    ) -> Option<&'a Value> {
        match map.get(key) {
            None => {
                self.breach(format!("{path}.{key} is missing"));
                None
            }
            Some(value) => self.kinded(value, kind, &format!("{path}.{key}")),
        }
    }

    /// An optional key; absent is fine, present must be of `kind`.
    fn optional<'a>(
        &mut self,
        map: &'a Map<String, Value>,
        key: &str,
        kind: Kind,
        path: &str,
    ) -> Option<&'a Value> {
        map.get(key)
            .and_then(|value| self.kinded(value, kind, &format!("{path}.{key}")))
    }

    /// A key whose value may be null (`required` says whether the key must be present).
    fn nullable<'a>(
        &mut self,
        map: &'a Map<String, Value>,
        key: &str,
        kind: Kind,
        required: bool,
        path: &str,
    ) -> Option<&'a Value> {
        match map.get(key) {
            None if required => {
                self.breach(format!("{path}.{key} is missing"));
                None
            }
            None | Some(Value::Null) => None,
            Some(value) => self.kinded(value, kind, &format!("{path}.{key}")),
        }
    }

    fn kinded<'a>(&mut self, value: &'a Value, kind: Kind, path: &str) -> Option<&'a Value> {
        if kind.matches(value) {
            Some(value)
        } else {
            self.breach(format!("{path} must be {}", kind.describe()));
            None
        }
    }

    fn strings(&mut self, map: &Map<String, Value>, key: &str, required: bool, path: &str) {
        let value = if required {
            self.required(map, key, Kind::Array, path)
        } else {
            self.optional(map, key, Kind::Array, path)
        };
        if let Some(items) = value.and_then(Value::as_array) {
            for (index, item) in items.iter().enumerate() {
                self.kinded(item, Kind::Str, &format!("{path}.{key}[{index}]"));
            }
        }
    }

    fn one_of(&mut self, value: Option<&Value>, allowed: &[&str], path: &str, invariant: u8) {
        if let Some(text) = value.and_then(Value::as_str)
            && !allowed.contains(&text)
        {
            let breach = Breach {
                invariant,
                message: format!(
                    "{path} is {text:?}, which is not one of {}",
                    allowed.join(", ")
                ),
            };
            if invariant == 20 {
                self.shape.push(breach);
            } else {
                self.enums.push(breach);
            }
        }
    }

    fn objects(
        &mut self,
        map: &Map<String, Value>,
        key: &str,
        path: &str,
        each: fn(&mut Walker, &Map<String, Value>, &str),
    ) {
        self.objects_in(map.get(key), &format!("{path}.{key}"), true, each);
    }

    fn objects_in(
        &mut self,
        value: Option<&Value>,
        path: &str,
        required: bool,
        each: fn(&mut Walker, &Map<String, Value>, &str),
    ) {
        let Some(value) = value else {
            if required {
                self.breach(format!("{path} is missing"));
            }
            return;
        };
        let Some(items) = self
            .kinded(value, Kind::Array, path)
            .and_then(Value::as_array)
        else {
            return;
        };
        for (index, item) in items.iter().enumerate() {
            let item_path = format!("{path}[{index}]");
            if let Some(object) = self.object(item, &item_path) {
                each(self, object, &item_path);
            }
        }
    }

    fn document(&mut self, value: &Value) {
        let Some(map) = self.object(value, "the document") else {
            return;
        };
        let path = "$";
        self.required(map, "$schema", Kind::Str, path);
        self.optional(map, "generatedAt", Kind::Str, path);
        if let Some(generator) = self
            .required(map, "generator", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = "$.generator";
            self.required(generator, "name", Kind::Str, path);
            self.required(generator, "version", Kind::Str, path);
            self.objects(generator, "plugins", path, |w, plugin, path| {
                w.required(plugin, "name", Kind::Str, path);
                let plugin_type = w.required(plugin, "type", Kind::Str, path);
                w.one_of(plugin_type, PLUGIN_TYPES, &format!("{path}.type"), 20);
                w.required(plugin, "version", Kind::Str, path);
                w.nullable(plugin, "grammarRevision", Kind::Str, true, path);
            });
        }
        if let Some(workspace) = self
            .required(map, "workspace", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = "$.workspace";
            self.required(workspace, "root", Kind::Str, path);
            self.strings(workspace, "languages", true, path);
            self.objects(workspace, "managers", path, |w, manager, path| {
                w.required(manager, "tool", Kind::Str, path);
                w.strings(manager, "roots", true, path);
            });
        }
        self.objects(map, "components", path, Walker::component);
        self.objects(map, "symbols", path, Walker::symbol);
        self.objects(map, "dependencies", path, |w, dependency, path| {
            w.required(dependency, "from", Kind::Str, path);
            w.required(dependency, "to", Kind::Str, path);
            let via = w.required(dependency, "via", Kind::Str, path);
            w.one_of(via, VIAS, &format!("{path}.via"), 20);
            let direction = w.required(dependency, "direction", Kind::Str, path);
            w.one_of(direction, DIRECTIONS, &format!("{path}.direction"), 20);
            w.nullable(dependency, "effect", Kind::Str, true, path);
        });
        if let Some(stats) = self
            .required(map, "stats", Kind::Object, path)
            .and_then(Value::as_object)
        {
            self.stats(stats, "$.stats");
        }
    }

    fn component(&mut self, map: &Map<String, Value>, path: &str) {
        self.required(map, "id", Kind::Str, path);
        self.required(map, "name", Kind::Str, path);
        self.strings(map, "roots", true, path);
        self.strings(map, "languages", true, path);
        self.strings(map, "publicApi", false, path);
        self.strings(map, "frameworks", false, path);
        self.nullable(map, "description", Kind::Str, false, path);
    }

    fn symbol(&mut self, map: &Map<String, Value>, path: &str) {
        self.required(map, "id", Kind::Str, path);
        let kind = self.required(map, "kind", Kind::Str, path);
        self.one_of(kind, SYMBOL_KINDS, &format!("{path}.kind"), 8);
        self.nullable(map, "extKind", Kind::Str, true, path);
        self.required(map, "name", Kind::Str, path);
        self.required(map, "language", Kind::Str, path);
        self.nullable(map, "component", Kind::Str, false, path);
        let visibility = self.required(map, "visibility", Kind::Str, path);
        self.one_of(visibility, VISIBILITIES, &format!("{path}.visibility"), 20);
        self.objects(map, "decorators", path, |w, decorator, path| {
            w.required(decorator, "name", Kind::Str, path);
            w.required(decorator, "raw", Kind::Str, path);
            w.strings(decorator, "arguments", true, path);
            w.required(decorator, "boundary", Kind::Bool, path);
            w.required(decorator, "line", Kind::Line, path);
        });
        if let Some(signature) = self
            .nullable(map, "signature", Kind::Object, false, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.signature");
            self.objects(signature, "inputs", &path, |w, input, path| {
                w.required(input, "name", Kind::Str, path);
                w.required(input, "type", Kind::Str, path);
            });
            self.strings(signature, "outputs", true, &path);
            self.strings(signature, "throws", true, &path);
            self.strings(signature, "inferredThrows", false, &path);
            self.required(signature, "async", Kind::Bool, &path);
            self.required(signature, "generator", Kind::Bool, &path);
            self.strings(signature, "typeParameters", true, &path);
        }
        self.objects(map, "rules", path, Walker::rule);
        self.objects(map, "effects", path, Walker::effect);
        self.objects(map, "calls", path, |w, call, path| {
            w.required(call, "target", Kind::Str, path);
            w.required(call, "line", Kind::Line, path);
            w.nullable(call, "resolved", Kind::Str, true, path);
        });
        if let Some(source) = self
            .required(map, "source", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.source");
            self.required(source, "file", Kind::Str, &path);
            self.required(source, "startLine", Kind::Line, &path);
            self.required(source, "endLine", Kind::Line, &path);
            self.nullable(source, "startColumn", Kind::Line, false, &path);
            self.nullable(source, "endColumn", Kind::Line, false, &path);
        }
        if let Some(fingerprint) = self
            .required(map, "fingerprint", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.fingerprint");
            for axis in ["api", "logic", "syntax"] {
                self.required(fingerprint, axis, Kind::Str, &path);
            }
        }
        let confidence = self.required(map, "confidence", Kind::Str, path);
        self.one_of(confidence, CONFIDENCES, &format!("{path}.confidence"), 6);
        self.strings(map, "derivedBy", true, path);
        self.required(map, "dropped", Kind::Bool, path);
        self.nullable(map, "dropReason", Kind::Str, true, path);
    }

    fn rule(&mut self, map: &Map<String, Value>, path: &str) {
        let rule_type = self.required(map, "type", Kind::Str, path);
        self.one_of(rule_type, RULE_TYPES, &format!("{path}.type"), 20);
        self.required(map, "line", Kind::Line, path);
        let carried = match rule_type.and_then(Value::as_str) {
            Some("guard" | "switch" | "match") => "condition",
            Some("throw") => "what",
            Some("return") => "expr",
            Some("loop") => "loopKind",
            _ => "",
        };
        for key in ["condition", "what", "expr", "loopKind"] {
            let value = self.nullable(map, key, Kind::Str, true, path);
            if key == "loopKind" {
                self.one_of(value, LOOP_KINDS, &format!("{path}.loopKind"), 20);
            }
            let present = value.is_some();
            if key == carried && !present && map.contains_key(key) {
                self.breach(format!("{path}.{key} must be a string for this rule type"));
            } else if key != carried && present {
                self.breach(format!("{path}.{key} must be null for this rule type"));
            }
        }
    }

    fn effect(&mut self, map: &Map<String, Value>, path: &str) {
        self.required(map, "id", Kind::Str, path);
        self.required(map, "target", Kind::Str, path);
        self.required(map, "plugin", Kind::Str, path);
        let confidence = self.required(map, "confidence", Kind::Str, path);
        self.one_of(confidence, CONFIDENCES, &format!("{path}.confidence"), 6);
        self.required(map, "derivedBy", Kind::Str, path);
        let propagated = self.optional(map, "propagated", Kind::Bool, path);
        self.strings(map, "derivedFrom", false, path);
        if propagated == Some(&Value::Bool(true)) {
            if map.contains_key("line") {
                self.breach(format!("{path}.line must be absent on a propagated effect"));
            }
            let derived_from = map.get("derivedFrom").and_then(Value::as_array);
            if derived_from.is_none_or(Vec::is_empty) {
                self.breach(format!(
                    "{path}.derivedFrom must list at least one Symbol on a propagated effect"
                ));
            }
        } else {
            self.required(map, "line", Kind::Line, path);
            if map.contains_key("derivedFrom") {
                self.breach(format!(
                    "{path}.derivedFrom must be absent on a locally detected effect"
                ));
            }
        }
    }

    fn stats(&mut self, map: &Map<String, Value>, path: &str) {
        for key in ["totalFiles", "parsedFiles", "keptSymbols", "droppedSymbols"] {
            self.required(map, key, Kind::Count, path);
        }
        if let Some(propagation) = self
            .required(map, "effectPropagation", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.effectPropagation");
            for key in [
                "sccCount",
                "maxSccSize",
                "propagatedEffectCount",
                "symbolsWithPropagatedEffects",
            ] {
                self.required(propagation, key, Kind::Count, &path);
            }
        }
        self.objects_in(
            map.get("effectClassifyTimeouts"),
            &format!("{path}.effectClassifyTimeouts"),
            false,
            |w, timeout, path| {
                w.required(timeout, "plugin", Kind::Str, path);
                w.required(timeout, "symbolId", Kind::Str, path);
                w.required(timeout, "timeoutMs", Kind::Count, path);
            },
        );
        if let Some(lsp) = self
            .optional(map, "lspEnrichment", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.lspEnrichment");
            self.required(lsp, "enabled", Kind::Bool, &path);
            for key in [
                "filesEnriched",
                "filesFellBack",
                "requestsIssued",
                "requestsTimedOut",
                "requestsFailed",
            ] {
                self.required(lsp, key, Kind::Count, &path);
            }
            self.strings(lsp, "languagesDisabled", true, &path);
        }
        if let Some(census) = self
            .optional(map, "callResolution", Kind::Object, path)
            .and_then(Value::as_object)
        {
            let path = format!("{path}.callResolution");
            self.required(census, "totalCalls", Kind::Count, &path);
            self.required(census, "resolvedCalls", Kind::Count, &path);
            if let Some(buckets) = self
                .required(census, "unresolved", Kind::Object, &path)
                .and_then(Value::as_object)
            {
                let path = format!("{path}.unresolved");
                for key in ["localScope", "external", "dynamic", "ambiguous", "noMatch"] {
                    self.required(buckets, key, Kind::Count, &path);
                }
            }
        }
        self.objects_in(
            map.get("skippedFiles"),
            &format!("{path}.skippedFiles"),
            false,
            |w, file, path| {
                w.required(file, "path", Kind::Str, path);
                let reason = w.required(file, "reason", Kind::Str, path);
                w.one_of(reason, SKIP_REASONS, &format!("{path}.reason"), 20);
            },
        );
    }
}
