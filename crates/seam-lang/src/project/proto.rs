//! Protocol Buffers service definitions (`.proto` files): the package, each `service` and its
//! `rpc`s, with the options written on each rpc kept as written (an option's name and its
//! value, a scalar or a message literal such as `{ get: "/v1/{name=items/*}" body: "*" }`).
//! What an option means (an HTTP rule, a method signature) is for the reader of the option,
//! not for this file: seam-lang knows no framework.
//!
//! This is a reader of the service part of the language only, not a compiler: messages,
//! enums, imports and file options are skipped whole (by their braces). A maintained parser
//! exists (`protox-parse`), but it hands option values back as uninterpreted text that would
//! still need this reading, and it brings a descriptor model seam has no other use for.

use serde::Serialize;

/// One `service` of a `.proto` file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoService {
    /// The file's `package` (`""` when it declares none).
    pub package: String,
    pub name: String,
    /// 1-based line of the `service` keyword.
    pub line: u32,
    pub rpcs: Vec<ProtoRpc>,
}

/// One `rpc` of a service.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoRpc {
    pub name: String,
    /// 1-based line of the `rpc` keyword.
    pub line: u32,
    /// The request and response message types, as written (`.pkg.Msg`, `Msg`).
    pub input: String,
    pub output: String,
    pub client_streaming: bool,
    pub server_streaming: bool,
    /// `option (google.api.http) = { … };` is `name: "google.api.http"`; `option
    /// deprecated = true;` is `name: "deprecated"`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<ProtoOption>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoOption {
    /// The option's name without parentheses, sub-fields joined by dots.
    pub name: String,
    pub value: ProtoValue,
    /// 1-based line where the value starts.
    pub line: u32,
}

/// An option's value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ProtoValue {
    /// A string (adjacent literals joined, escapes read), a number, an identifier or `true`.
    Scalar(String),
    /// A message literal: its fields in order, a repeated field once per value (`[a, b]` is
    /// two fields of that name).
    Message(Vec<ProtoField>),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProtoField {
    pub name: String,
    pub value: ProtoValue,
    /// 1-based line of the field's name.
    pub line: u32,
}

impl ProtoValue {
    /// The first value of a field of a message literal.
    pub fn field(&self, name: &str) -> Option<&ProtoField> {
        match self {
            ProtoValue::Message(f) => f.iter().find(|f| f.name == name),
            ProtoValue::Scalar(_) => None,
        }
    }

    /// Every value of a field of a message literal, in order.
    pub fn fields<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a ProtoField> + 'a {
        let fields: &[ProtoField] = match self {
            ProtoValue::Message(f) => f,
            ProtoValue::Scalar(_) => &[],
        };
        fields.iter().filter(move |f| f.name == name)
    }

    pub fn as_scalar(&self) -> Option<&str> {
        match self {
            ProtoValue::Scalar(s) => Some(s),
            ProtoValue::Message(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Str(String),
    Punct(char),
}

/// The services of a `.proto` file's text. Text that is not Protocol Buffers reads as no
/// services; a service cut short keeps the rpcs read before the cut.
pub fn read_services(text: &str) -> Vec<ProtoService> {
    let toks = tokens(text);
    let mut p = Parser { toks, at: 0 };
    let mut package = String::new();
    let mut out = Vec::new();
    while let Some((tok, line)) = p.next() {
        match tok {
            Tok::Word(w) if w == "package" => {
                if let Some((Tok::Word(name), _)) = p.next() {
                    package = name;
                }
            }
            Tok::Word(w) if w == "service" => {
                let Some((Tok::Word(name), _)) = p.next() else {
                    continue;
                };
                if !p.eat('{') {
                    continue;
                }
                let rpcs = p.service_body();
                out.push(ProtoService {
                    package: String::new(),
                    name,
                    line,
                    rpcs,
                });
            }
            Tok::Punct('{') => p.skip_block(),
            _ => {}
        }
    }
    // `package` may come after a service in a file that is still valid Protocol Buffers.
    for s in &mut out {
        s.package.clone_from(&package);
    }
    out
}

struct Parser {
    toks: Vec<(Tok, u32)>,
    at: usize,
}

impl Parser {
    fn next(&mut self) -> Option<(Tok, u32)> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at).map(|(t, _)| t)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// After an opening brace: up to and past its closing brace.
    fn skip_block(&mut self) {
        let mut depth = 1usize;
        while let Some((t, _)) = self.next() {
            match t {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
    }

    /// After `service Name {`: the rpcs, up to and past the closing brace.
    fn service_body(&mut self) -> Vec<ProtoRpc> {
        let mut rpcs = Vec::new();
        while let Some((tok, line)) = self.next() {
            match tok {
                Tok::Punct('}') => break,
                Tok::Punct('{') => self.skip_block(),
                Tok::Word(w) if w == "rpc" => {
                    if let Some(rpc) = self.rpc(line) {
                        rpcs.push(rpc);
                    }
                }
                _ => {}
            }
        }
        rpcs
    }

    /// After `rpc`: `Name (stream? In) returns (stream? Out)` and `;` or an options body.
    fn rpc(&mut self, line: u32) -> Option<ProtoRpc> {
        let Some((Tok::Word(name), _)) = self.next() else {
            return None;
        };
        let (client_streaming, input) = self.message_type()?;
        if self.next()?.0 != Tok::Word("returns".into()) {
            return None;
        }
        let (server_streaming, output) = self.message_type()?;
        let mut options = Vec::new();
        if self.eat('{') {
            while let Some((tok, _)) = self.next() {
                match tok {
                    Tok::Punct('}') => break,
                    Tok::Punct('{') => self.skip_block(),
                    Tok::Word(w) if w == "option" => {
                        if let Some(o) = self.option() {
                            options.push(o);
                        }
                    }
                    _ => {}
                }
            }
        }
        self.eat(';');
        Some(ProtoRpc {
            name,
            line,
            input,
            output,
            client_streaming,
            server_streaming,
            options,
        })
    }

    /// `( stream? Type )`.
    fn message_type(&mut self) -> Option<(bool, String)> {
        if !self.eat('(') {
            return None;
        }
        let Some((Tok::Word(mut ty), _)) = self.next() else {
            return None;
        };
        let mut streaming = false;
        if ty == "stream"
            && let Some(Tok::Word(_)) = self.peek()
        {
            streaming = true;
            let Some((Tok::Word(t), _)) = self.next() else {
                return None;
            };
            ty = t;
        }
        self.eat(')').then_some((streaming, ty))
    }

    /// After `option`: `(full.name).sub = value ;`.
    fn option(&mut self) -> Option<ProtoOption> {
        let mut name = String::new();
        loop {
            match self.next()?.0 {
                Tok::Punct('=') => break,
                Tok::Punct('(') | Tok::Punct(')') => {}
                Tok::Word(w) => name.push_str(&w),
                _ => return None,
            }
        }
        let line = self.toks.get(self.at).map_or(0, |(_, l)| *l);
        let value = self.value()?;
        self.eat(';');
        Some(ProtoOption {
            name: name.trim_matches('.').to_string(),
            value,
            line,
        })
    }

    /// A scalar or a `{ … }` message literal.
    fn value(&mut self) -> Option<ProtoValue> {
        if self.eat('{') {
            return Some(ProtoValue::Message(self.message_fields()));
        }
        match self.next()?.0 {
            Tok::Str(mut s) => {
                while let Some(Tok::Str(more)) = self.peek() {
                    s.push_str(&more.clone());
                    self.at += 1;
                }
                Some(ProtoValue::Scalar(s))
            }
            Tok::Word(w) => Some(ProtoValue::Scalar(w)),
            Tok::Punct('-') => match self.next()?.0 {
                Tok::Word(w) => Some(ProtoValue::Scalar(format!("-{w}"))),
                _ => None,
            },
            Tok::Punct(_) => None,
        }
    }

    /// After `{`: `name: value`, `name { … }` and `name: [v, …]` fields, separated by
    /// nothing, `,` or `;`, up to and past the closing brace.
    fn message_fields(&mut self) -> Vec<ProtoField> {
        let mut fields = Vec::new();
        while let Some((tok, line)) = self.next() {
            let name = match tok {
                Tok::Punct('}') => break,
                Tok::Word(w) => w,
                Tok::Punct('[') => {
                    // An extension or `Any` field name: `[pkg.ext]`.
                    let mut n = String::new();
                    while let Some((t, _)) = self.next() {
                        match t {
                            Tok::Punct(']') => break,
                            Tok::Word(w) => n.push_str(&w),
                            Tok::Punct(c) => n.push(c),
                            Tok::Str(s) => n.push_str(&s),
                        }
                    }
                    n
                }
                _ => continue,
            };
            self.eat(':');
            if self.eat('[') {
                while !self.eat(']') {
                    let Some(value) = self.value() else {
                        break;
                    };
                    fields.push(ProtoField {
                        name: name.clone(),
                        value,
                        line,
                    });
                    self.eat(',');
                }
            } else if let Some(value) = self.value() {
                fields.push(ProtoField { name, value, line });
            }
            if !self.eat(',') {
                self.eat(';');
            }
        }
        fields
    }
}

/// The tokens of `text` with their 1-based lines: words (identifiers, dotted names, numbers),
/// string literals (escapes read) and single punctuation characters; comments dropped.
fn tokens(text: &str) -> Vec<(Tok, u32)> {
    let mut out = Vec::new();
    let mut line = 1u32;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                        break;
                    }
                }
            }
            '/' if chars.peek() == Some(&'*') => {
                chars.next();
                let mut prev = ' ';
                for c in chars.by_ref() {
                    if c == '\n' {
                        line += 1;
                    }
                    if prev == '*' && c == '/' {
                        break;
                    }
                    prev = c;
                }
            }
            '"' | '\'' => {
                let start = line;
                let mut s = String::new();
                while let Some(d) = chars.next() {
                    match d {
                        d if d == c => break,
                        '\\' => match chars.next() {
                            Some('n') => s.push('\n'),
                            Some('t') => s.push('\t'),
                            Some(e) => s.push(e),
                            None => break,
                        },
                        '\n' => {
                            line += 1;
                            s.push(d);
                        }
                        d => s.push(d),
                    }
                }
                out.push((Tok::Str(s), start));
            }
            c if c.is_alphanumeric() || c == '_' || c == '.' => {
                let mut w = String::from(c);
                while let Some(&d) = chars.peek() {
                    if d.is_alphanumeric() || d == '_' || d == '.' {
                        w.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push((Tok::Word(w), line));
            }
            c => out.push((Tok::Punct(c), line)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"syntax = "proto3";
// A comment { with a brace
package shop.v1;
import "google/api/annotations.proto";
message Item { string name = 1; message Inner { int32 x = 1; } }
service ItemService {
  option (google.api.default_host) = "shop.example.com";
  rpc GetItem(GetItemRequest) returns (Item) {
    option (google.api.http) = {
      get: "/v1/{name=items/*}"
      additional_bindings { get: "/v1/" "{name=shelves/*/items/*}" }
    };
  }
  /* block
     comment */
  rpc Watch(stream WatchRequest) returns (stream .shop.v1.Event);
  rpc Tag(TagRequest) returns (Item) {
    option (google.api.http) = { post: "/v1/items:tag", body: "*",
      additional_bindings: [{ put: "/v1/tags" }, { patch: "/v1/tags" }] };
    option deprecated = true;
  }
}
"#;

    #[test]
    fn services_rpcs_and_options() {
        let services = read_services(TEXT);
        assert_eq!(services.len(), 1);
        let s = &services[0];
        assert_eq!(
            (s.package.as_str(), s.name.as_str(), s.line),
            ("shop.v1", "ItemService", 6)
        );
        let names: Vec<_> = s.rpcs.iter().map(|r| (r.name.as_str(), r.line)).collect();
        assert_eq!(names, [("GetItem", 8), ("Watch", 16), ("Tag", 17)]);

        let get = &s.rpcs[0];
        assert_eq!(
            (get.input.as_str(), get.output.as_str()),
            ("GetItemRequest", "Item")
        );
        assert_eq!(get.options.len(), 1);
        let http = &get.options[0];
        assert_eq!((http.name.as_str(), http.line), ("google.api.http", 9));
        let rule = &http.value;
        assert_eq!(
            rule.field("get").and_then(|f| f.value.as_scalar()),
            Some("/v1/{name=items/*}")
        );
        let extra = rule.field("additional_bindings").unwrap();
        assert_eq!(extra.line, 11);
        assert_eq!(
            extra.value.field("get").and_then(|f| f.value.as_scalar()),
            Some("/v1/{name=shelves/*/items/*}")
        );

        let watch = &s.rpcs[1];
        assert!(watch.client_streaming && watch.server_streaming);
        assert_eq!(watch.output, ".shop.v1.Event");
        assert!(watch.options.is_empty());

        let tag = &s.rpcs[2];
        assert_eq!(tag.options.len(), 2);
        let rule = &tag.options[0].value;
        assert_eq!(
            rule.field("body").and_then(|f| f.value.as_scalar()),
            Some("*")
        );
        let extra: Vec<_> = rule
            .fields("additional_bindings")
            .map(|f| f.value.clone())
            .collect();
        assert_eq!(extra.len(), 2);
        assert_eq!(
            extra[1].field("patch").and_then(|f| f.value.as_scalar()),
            Some("/v1/tags")
        );
        assert_eq!(tag.options[1].name, "deprecated");
        assert_eq!(tag.options[1].value, ProtoValue::Scalar("true".into()));
    }

    #[test]
    fn text_that_is_not_proto_reads_as_nothing() {
        assert!(read_services("").is_empty());
        assert!(read_services("service {").is_empty());
        let cut = read_services("package p; service S { rpc A(X) returns (Y); rpc B(");
        assert_eq!(cut[0].rpcs.len(), 1);
        assert_eq!(cut[0].package, "p");
    }
}
