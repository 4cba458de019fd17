//! Single-file components (`.vue`, `.svelte`): the code is in `<script>` blocks inside markup.
//! The blocks are lowered as TypeScript from a copy of the file in which everything outside
//! them is blanked (spaces, newlines kept), so every offset and line of the model is the
//! component file's own.

use crate::model::{Arg, ExprKind, Language, LiteralValue, MemberProp, Model, Span, StmtKind};

/// The call a submitting form is lowered as: the browser's own request, written as the call
/// `HTMLFormElement.submit(action, method)` at the form's offset, a module-level statement (a
/// pack reads it like any client call).
pub const FORM_SUBMIT: (&str, &str) = ("HTMLFormElement", "submit");

/// The call an external link of a component's markup is lowered as (`<UButton
/// to="/api/auth/github" external>`): the browser leaves the page for that URL of the server.
pub const LINK_NAVIGATE: (&str, &str) = ("HTMLAnchorElement", "navigate");

/// The language a component file's script blocks are lowered as, by extension.
pub fn component_language(path: &str) -> Option<Language> {
    let ext = path.rsplit_once('.').map(|(_, e)| e)?;
    matches!(ext, "vue" | "svelte").then_some(Language::TypeScript)
}

/// The text with everything but the contents of `<script …>…</script>` blocks blanked: each
/// character outside them becomes a space, except line breaks, which stay. `None` when the
/// file has no script block.
pub fn script_blocks_only(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut keep: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("<script") {
        let open = at + found;
        let after = open + "<script".len();
        // `<script>` or `<script lang="ts" setup>`, not `<scripts>`.
        if !lower[after..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
            at = after;
            continue;
        }
        let Some(tag_end) = lower[after..].find('>') else {
            break;
        };
        let start = after + tag_end + 1;
        let Some(close) = lower[start..].find("</script") else {
            break;
        };
        keep.push((start, start + close));
        at = start + close + "</script".len();
    }
    if keep.is_empty() {
        return None;
    }
    Some(blank_outside(text, &keep))
}

/// `text` with every character outside the sorted, disjoint byte ranges `keep` blanked: a space
/// per byte (so every offset stays the file's own), line breaks kept (so every line does).
pub(crate) fn blank_outside(text: &str, keep: &[(usize, usize)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut kept = keep.iter().peekable();
    for (i, ch) in text.char_indices() {
        while kept.peek().is_some_and(|(_, end)| *end <= i) {
            kept.next();
        }
        let inside = kept.peek().is_some_and(|(start, _)| *start <= i);
        if inside || ch == '\n' || ch == '\r' {
            out.push(ch);
        } else {
            for _ in 0..ch.len_utf8() {
                out.push(' ');
            }
        }
    }
    out
}

/// The text with every character but line breaks blanked, byte for byte (a component with
/// forms and no script block lowers as an empty module of the file's own lines).
pub fn blanked(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\n' | '\r' => c.to_string(),
            _ => " ".repeat(c.len_utf8()),
        })
        .collect()
}

/// A `<form>` of a component's markup that submits data: the browser sends a request to its
/// `action` (the page's own URL when absent) with its `method`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkupForm {
    /// Offset of `<form` in the component file.
    pub offset: usize,
    /// Upper case (`POST`).
    pub method: String,
    /// The action as written, split into text and the expressions the markup interpolates
    /// (`/article/{article.slug}?/x` → text, `article.slug`, text); empty when absent.
    pub action: Vec<ActionPart>,
    /// A form's submission, or an external link's navigation (see [`external_links`]).
    pub link: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActionPart {
    Text(String),
    /// The source of an interpolated expression.
    Expr(String),
}

/// The forms of a component's markup (outside its script and style blocks) that submit with
/// a method other than GET: a GET form navigates to a page rather than sending data.
pub fn submitting_forms(text: &str) -> Vec<MarkupForm> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("<form") {
        let open = at + found;
        let after = open + "<form".len();
        at = after;
        if !lower[after..].starts_with(|c: char| c == '>' || c == '/' || c.is_ascii_whitespace())
            || inside_block(&lower, open)
        {
            continue;
        }
        let (attributes, end) = tag_attributes(text, after);
        at = end;
        let attribute = |names: &[&str]| {
            attributes
                .iter()
                .find(|(n, _)| names.iter().any(|x| n.eq_ignore_ascii_case(x)))
                .map(|(_, v)| v.clone())
        };
        let method = attribute(&["method"])
            .map(|m| m.trim().to_ascii_uppercase())
            .unwrap_or_else(|| "GET".into());
        if method == "GET" || !method.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let action = match (
            attribute(&["action"]),
            attribute(&[":action", "v-bind:action"]),
        ) {
            (_, Some(bound)) => vec![ActionPart::Expr(bound.trim().to_owned())],
            (Some(written), None) => action_parts(&written),
            (None, None) => Vec::new(),
        };
        out.push(MarkupForm {
            offset: open,
            method,
            action,
            link: false,
        });
    }
    out
}

/// The elements of a component's markup that leave the page for a path of the server: an
/// element marked `external` whose `to` or `href` is a path (`<UButton to="/api/auth/github"
/// external>`, `<NuxtLink href="/auth/login" external>`), which the browser requests with GET
/// instead of routing inside the app. Plain links are left out: most go to the app's own
/// pages, which no server route answers.
pub fn external_links(text: &str) -> Vec<MarkupForm> {
    let mut out: Vec<MarkupForm> = Vec::new();
    if !text.contains("external") {
        return out;
    }
    let lower = text.to_ascii_lowercase();
    // Only the tags that spell `external` are read.
    for (mark, _) in text.match_indices("external") {
        let Some(open) = text[..mark].rfind('<') else {
            continue;
        };
        let name_start = open + 1;
        let name_end = text[name_start..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == ':'))
            .map_or(text.len(), |i| name_start + i);
        if name_end == name_start || inside_block(&lower, open) {
            continue;
        }
        let (attributes, end) = tag_attributes_at(text, name_end);
        if end <= mark {
            continue;
        }
        let external = attributes
            .iter()
            .any(|(n, v, _)| n == "external" && (v.is_empty() || v == "true"));
        // The request is placed at its URL's attribute, where a reader looks for it.
        let target = attributes
            .iter()
            .find(|(n, _, _)| n == "to" || n == "href")
            .map(|(_, v, at)| (v.trim().to_owned(), *at))
            .filter(|(t, _)| t.starts_with('/') && !t.starts_with("//"));
        if let (true, Some((target, at))) = (external, target)
            && out.last().is_none_or(|f| f.offset != at)
        {
            out.push(MarkupForm {
                offset: at,
                method: "GET".into(),
                action: action_parts(&target),
                link: true,
            });
        }
    }
    out
}

/// Adds each form to the model as the statement `HTMLFormElement.submit(action, method)`
/// (see [`FORM_SUBMIT`]): the action a template of its text and interpolated expressions
/// (unresolved names), `""` when absent.
pub fn lower_forms(model: &mut Model, forms: &[MarkupForm]) {
    for form in forms {
        let at = u32::try_from(form.offset).unwrap_or(u32::MAX);
        let span = Span {
            start: at,
            end: at.saturating_add(5),
        };
        let string = |model: &mut Model, value: &str| {
            model.push_expr(
                ExprKind::Literal {
                    value: LiteralValue::String {
                        value: value.into(),
                    },
                },
                span,
            )
        };
        let action = match &form.action[..] {
            [] => string(model, ""),
            [ActionPart::Text(t)] => string(model, t),
            parts => {
                let mut quasis = vec![String::new()];
                let mut exprs = Vec::new();
                for part in parts {
                    match part {
                        ActionPart::Text(t) => quasis.last_mut().expect("one").push_str(t),
                        ActionPart::Expr(e) => {
                            // `article.slug` is the hole `{slug}`, as a member read is.
                            let dotted =
                                e.chars().all(|c| c.is_alphanumeric() || "_$.".contains(c));
                            let name = match e.rsplit('.').next() {
                                Some(last) if dotted && !last.is_empty() => last,
                                _ => "value",
                            };
                            exprs.push(model.push_expr(
                                ExprKind::Ident {
                                    name: name.into(),
                                    binding: None,
                                },
                                span,
                            ));
                            quasis.push(String::new());
                        }
                    }
                }
                model.push_expr(
                    ExprKind::Template(Box::new(crate::model::TemplateExpr {
                        quasis,
                        exprs,
                        tag: None,
                    })),
                    span,
                )
            }
        };
        let method = string(model, &form.method);
        let (class, method_name) = if form.link {
            LINK_NAVIGATE
        } else {
            FORM_SUBMIT
        };
        let object = model.push_expr(
            ExprKind::Ident {
                name: class.into(),
                binding: None,
            },
            span,
        );
        let callee = model.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Name(method_name.into()),
                optional: false,
            },
            span,
        );
        let args = [action, method]
            .into_iter()
            .map(|value| Arg {
                name: None,
                value,
                spread: false,
                keyword_spread: false,
            })
            .collect();
        let call = model.push_expr(
            ExprKind::Call {
                callee,
                args,
                optional: false,
                is_new: false,
            },
            span,
        );
        let stmt = model.push_stmt(StmtKind::Expr { expr: call }, span);
        model.body.push(stmt);
    }
}

/// Whether `offset` lies inside a `<script>` or `<style>` block.
fn inside_block(lower: &str, offset: usize) -> bool {
    ["script", "style"].iter().any(|tag| {
        let before = &lower[..offset];
        match before.rfind(&format!("<{tag}")) {
            Some(open) => !before[open..].contains(&format!("</{tag}")),
            None => false,
        }
    })
}

/// The attributes of a tag from just after its name, and the offset after its `>`. Values may
/// be quoted, unquoted or a `{…}` expression (whose braces and quotes are balanced, so an
/// arrow's `>` inside one does not end the tag).
fn tag_attributes(text: &str, from: usize) -> (Vec<(String, String)>, usize) {
    let (attributes, end) = tag_attributes_at(text, from);
    (
        attributes.into_iter().map(|(n, v, _)| (n, v)).collect(),
        end,
    )
}

/// As [`tag_attributes`], each attribute with the offset of its name.
pub(super) fn tag_attributes_at(text: &str, from: usize) -> (Vec<(String, String, usize)>, usize) {
    let bytes = text.as_bytes();
    let mut i = from;
    let mut out = Vec::new();
    let skip_ws = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    loop {
        i = skip_ws(i);
        if i >= bytes.len() {
            return (out, i);
        }
        match bytes[i] {
            b'>' => return (out, i + 1),
            b'/' => {
                i += 1;
                continue;
            }
            b'{' => {
                // `{...spread}` or a shorthand `{name}`: no name to read.
                i = balanced_end(bytes, i);
                continue;
            }
            _ => {}
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && !b"=>/".contains(&bytes[i]) {
            i += 1;
        }
        let name = text[start..i].to_owned();
        i = skip_ws(i);
        if bytes.get(i) != Some(&b'=') {
            out.push((name, String::new(), start));
            continue;
        }
        i = skip_ws(i + 1);
        let value = match bytes.get(i) {
            Some(&q @ (b'"' | b'\'')) => {
                let end = text[i + 1..]
                    .find(q as char)
                    .map_or(bytes.len(), |e| i + 1 + e);
                let v = text[i + 1..end].to_owned();
                i = (end + 1).min(bytes.len());
                v
            }
            Some(b'{') => {
                let end = balanced_end(bytes, i);
                let v = text[i..end].to_owned();
                i = end;
                v
            }
            _ => {
                let vs = i;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'>' {
                    i += 1;
                }
                text[vs..i].to_owned()
            }
        };
        out.push((name, value, start));
    }
}

/// The offset after the `}` closing the `{` at `open`, skipping quoted strings.
fn balanced_end(bytes: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    let mut quote: Option<u8> = None;
    while i < bytes.len() {
        let b = bytes[i];
        match quote {
            Some(_) if b == b'\\' => i += 1,
            Some(q) if b == q => quote = None,
            Some(_) => {}
            None => match b {
                // Comments in an expression may hold quotes and braces of their own.
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    i = bytes[i..]
                        .iter()
                        .position(|&c| c == b'\n')
                        .map_or(bytes.len(), |n| i + n);
                    continue;
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    i = bytes[i + 2..]
                        .windows(2)
                        .position(|w| w == b"*/")
                        .map_or(bytes.len(), |n| i + 2 + n + 2);
                    continue;
                }
                b'"' | b'\'' | b'`' => quote = Some(b),
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            },
        }
        i += 1;
    }
    bytes.len()
}

/// A written action split at the markup's `{expr}` interpolations.
fn action_parts(written: &str) -> Vec<ActionPart> {
    let bytes = written.as_bytes();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'{' {
            let end = balanced_end(bytes, i);
            if !text.is_empty() {
                out.push(ActionPart::Text(std::mem::take(&mut text)));
            }
            let inner = written[i + 1..end.saturating_sub(1).max(i + 1)].trim();
            out.push(ActionPart::Expr(inner.to_owned()));
            i = end;
            continue;
        }
        let ch = written[i..].chars().next().unwrap_or(' ');
        text.push(ch);
        i += ch.len_utf8();
    }
    if !text.is_empty() {
        out.push(ActionPart::Text(text));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_script_blocks_remain_at_their_offsets() {
        let vue = "<template>\n  <p>{{ n }}</p>\n</template>\n<script setup lang=\"ts\">\nconst n = 1;\n</script>\n<style>p{}</style>\n";
        let blanked = script_blocks_only(vue).expect("a script block");
        assert_eq!(blanked.len(), vue.len());
        assert_eq!(blanked.lines().count(), vue.lines().count());
        let at = vue.find("const n").unwrap();
        assert_eq!(&blanked[at..at + 12], "const n = 1;");
        assert!(!blanked.contains("template"));
        assert!(!blanked.contains("style"));
        assert!(!blanked.contains("<script"));
    }

    #[test]
    fn several_blocks_non_ascii_markup_and_no_block() {
        let svelte = "<script context=\"module\">export const a = 1;</script>\n<h1>é ✓</h1>\n<script>let b = 2;</script>";
        let blanked = script_blocks_only(svelte).expect("script blocks");
        assert_eq!(blanked.len(), svelte.len());
        assert!(blanked.contains("export const a = 1;") && blanked.contains("let b = 2;"));
        assert!(!blanked.contains('é'));
        assert_eq!(script_blocks_only("<template><div/></template>"), None);
        assert_eq!(script_blocks_only("<scripts>x</scripts>"), None);
        assert_eq!(
            component_language("src/App.vue"),
            Some(Language::TypeScript)
        );
        assert_eq!(component_language("src/App.tsx"), None);
    }

    #[test]
    fn external_links_are_get_requests_at_their_url_attribute() {
        let text = "<template>\n<NuxtLink to=\"/settings\">S</NuxtLink>\n<UButton\n  to=\"/api/auth/github\"\n  external\n/>\n<a href=\"/api/out\" external=\"true\">x</a>\n<UButton to=\"https://x.example.com\" external />\n<a href=\"//cdn.example.com\" external>y</a>\n</template>\n<script>const external = 1;</script>";
        let links = external_links(text);
        let found: Vec<(usize, &str, bool)> = links
            .iter()
            .map(|l| {
                let line = text[..l.offset].matches('\n').count() + 1;
                let url = match &l.action[..] {
                    [ActionPart::Text(t)] => t.as_str(),
                    _ => "?",
                };
                (line, url, l.link)
            })
            .collect();
        assert_eq!(
            found,
            [(4, "/api/auth/github", true), (7, "/api/out", true)]
        );
        assert!(links.iter().all(|l| l.method == "GET"));
    }

    #[test]
    fn submitting_forms_with_their_method_and_action() {
        let svelte = "<script>let a;</script>\n<form\n  use:enhance={() => {\n  // don't reset\n  return ({ update }) => update(); /* it's } */ }}\n  method=\"POST\"\n  action=\"/article/{a.slug}?/like\"\n>\n</form>\n<form action=\"/search\"></form>\n<FORM method=post>x</FORM>\n<formfield method=\"post\"></formfield>";
        let forms = submitting_forms(svelte);
        assert_eq!(
            forms,
            [
                MarkupForm {
                    offset: svelte.find("<form\n").unwrap(),
                    method: "POST".into(),
                    action: vec![
                        ActionPart::Text("/article/".into()),
                        ActionPart::Expr("a.slug".into()),
                        ActionPart::Text("?/like".into()),
                    ],
                    link: false,
                },
                MarkupForm {
                    offset: svelte.find("<FORM").unwrap(),
                    method: "POST".into(),
                    action: vec![],
                    link: false,
                },
            ]
        );
        let vue = "<template><form method=\"delete\" :action=\"`/items/${id}`\"></form></template>";
        assert_eq!(
            submitting_forms(vue)[0].action,
            [ActionPart::Expr("`/items/${id}`".into())]
        );
        // A form inside a script block is code's text, not markup.
        assert!(
            submitting_forms("<script>const t = '<form method=\"post\">';</script>").is_empty()
        );
    }
}
