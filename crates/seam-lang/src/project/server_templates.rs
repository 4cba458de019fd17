//! Server-rendered page templates (`.html` with Django/Jinja tags, Nunjucks `.njk`, Handlebars
//! `.hbs`, whose `{{ … }}` outputs read the same way): the pages a backend renders
//! hand URLs to their scripts through element attributes (`<div id="events"
//! data-status-url="{% url 'hc-status-single' check.code %}">`, read by a script as
//! `document.getElementById("events").dataset.statusUrl`). The template's code is not lowered
//! (its tags are not a script); each element attribute that can carry a URL (`data-*`, `href`)
//! becomes the module-level statement `HTMLElement.attribute(selector, name, value)` at the
//! attribute's offset, which extraction indexes and reads like any value. A form that submits
//! with a method other than GET (`<form action="{% url 'x' %}" method="post">`) is lowered as
//! its submission, `HTMLFormElement.submit(action, method)`, as a component's form is.
//!
//! FreeMarker templates (`.ftl`, `.ftlh`, `.ftlx`: Spring and other Java servers' pages) are
//! read the same way, with their own syntax ([`Syntax::FreeMarker`]): `${…}` is an output,
//! `<#…>`/`<@…>` directives and macros, `<#-- … -->` a comment. A script the template writes
//! into only through outputs is still the script the browser runs, with those values unknown:
//! an output inside a quoted string (`var base_url = '${request.contextPath}';`) makes the
//! string a JavaScript template literal whose substitution is the output's name
//! (`` `${request.contextPath}` ``), one in code is that name (`var id = ${jobId};` reads as
//! `var id =   jobId ;`), each of the same length so offsets and lines stay the template's.

use crate::model::{
    Arg, ExprId, ExprKind, Language, LiteralValue, MemberProp, Model, Span, StmtKind,
};

/// The call each attribute is lowered as (see the module comment).
pub const ELEMENT_ATTRIBUTE: (&str, &str) = ("HTMLElement", "attribute");

/// The template language a server template is written in, by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    /// `{{ … }}` outputs, `{% … %}` tags, `{# … #}` comments (Django, Jinja).
    Django,
    /// `${…}` outputs, `<#…>` directives, `<@…>` macro calls, `<#-- … -->` comments.
    FreeMarker,
}

impl Syntax {
    pub fn of(path: &str) -> Syntax {
        match path.rsplit_once('.').map(|(_, e)| e) {
            Some("ftl" | "ftlh" | "ftlx") => Syntax::FreeMarker,
            _ => Syntax::Django,
        }
    }
}

/// The language a server template's model has (its statements are calls, written as a
/// script's would be), by extension.
pub fn template_language(path: &str) -> Option<Language> {
    let ext = path.rsplit_once('.').map(|(_, e)| e)?;
    matches!(
        ext,
        "html"
            | "htm"
            | "jinja"
            | "jinja2"
            | "j2"
            | "njk"
            | "hbs"
            | "handlebars"
            | "ftl"
            | "ftlh"
            | "ftlx"
    )
    .then_some(Language::JavaScript)
}

/// Whether a page's bytes hold a template tag (`{% … %}`): a page a server renders, not one
/// served as written.
pub fn holds_template_tags(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| w == b"{%")
}

/// One attribute of an element that may carry a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkupAttribute {
    /// Offset of the attribute's name in the file.
    pub offset: usize,
    /// The element as a compound selector: `tag#id.class1.class2` (classes written with
    /// template tags left out).
    pub selector: String,
    /// `data-status-url`, `href`.
    pub name: String,
    pub value: Vec<ValuePart>,
    /// For the `action` of a form that submits with a method other than GET: that method.
    /// The attribute is then lowered as the form's submission (see [`lower_attributes`]).
    pub submits: Option<String>,
}

/// A piece of an attribute value as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ValuePart {
    Text(String),
    /// `{{ check.url }}`: an output of the template's context, named by its last segment.
    Output(String),
    /// `{% url 'name' check.code %}`: a tag with its arguments (a quoted one as `'x'`).
    Tag {
        name: String,
        args: Vec<String>,
    },
}

/// The `data-*` and `href` attributes of the template's elements (outside script and style
/// blocks and comments), the `src` of its `<script>` tags and the attributes named in `more`
/// (lower case), whose value is not empty.
pub fn url_attributes(text: &str, syntax: Syntax, more: &[String]) -> Vec<MarkupAttribute> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(found) = text[at..].find('<') {
        let open = at + found;
        at = open + 1;
        if text[open..].starts_with("<!--")
            || syntax == Syntax::FreeMarker && text[open..].starts_with("<#--")
        {
            at = text[open..]
                .find("-->")
                .map_or(text.len(), |e| open + e + 3);
            continue;
        }
        let name_end = open
            + 1
            + bytes[open + 1..]
                .iter()
                .position(|b| !b.is_ascii_alphanumeric() && *b != b'-')
                .unwrap_or(bytes.len() - open - 1);
        let tag = text[open + 1..name_end].to_ascii_lowercase();
        if tag.is_empty() || !tag.as_bytes()[0].is_ascii_alphabetic() {
            continue;
        }
        let (attributes, end) = super::components::tag_attributes_at(text, name_end);
        at = end;
        if tag == "script" || tag == "style" {
            let close = format!("</{tag}");
            at = text[end..]
                .to_ascii_lowercase()
                .find(&close)
                .map_or(text.len(), |c| end + c);
        }
        let mut selector = tag.clone();
        let value_of = |n: &str| {
            attributes
                .iter()
                .find(|(a, _, _)| a.eq_ignore_ascii_case(n))
                .map(|(_, v, _)| v.as_str())
        };
        if let Some(id) = value_of("id").filter(|v| plain(v)) {
            selector.push('#');
            selector.push_str(id.trim());
        }
        // `table {% if rw %}rw{% endif %}`: the written classes, a conditional one included.
        let written: Vec<String> = value_parts(value_of("class").unwrap_or(""), syntax)
            .into_iter()
            .filter_map(|p| match p {
                ValuePart::Text(t) => Some(t),
                _ => None,
            })
            .collect();
        for class in written.join(" ").split_whitespace() {
            if plain(class) {
                selector.push('.');
                selector.push_str(class);
            }
        }
        // `<form action="{% url 'bookmarks.new' %}" method="post">`: the browser sends the
        // form there (a GET form navigates to a page; one with no action, or an action relative
        // to the page (`.`, `?next=x`, `edit/`), posts to whatever page rendered it, which the
        // template does not say).
        if tag == "form"
            && let Some(action) = value_of("action").filter(|a| !relative_to_page(a))
        {
            let method = value_of("method")
                .map(|m| m.trim().to_ascii_uppercase())
                .unwrap_or_else(|| "GET".into());
            if method != "GET" && method.chars().all(|c| c.is_ascii_alphabetic()) {
                out.push(MarkupAttribute {
                    offset: open,
                    selector: selector.clone(),
                    name: "action".into(),
                    value: value_parts(action, syntax),
                    submits: Some(method),
                });
            }
        }
        for (name, value, offset) in &attributes {
            let lower = name.to_ascii_lowercase();
            // A script's `src` says which scripts run on the page the template renders.
            let script_src = tag == "script" && lower == "src";
            if (lower.starts_with("data-")
                || lower == "href"
                || script_src
                || more.contains(&lower))
                && !value.trim().is_empty()
            {
                out.push(MarkupAttribute {
                    offset: *offset,
                    selector: selector.clone(),
                    name: lower,
                    value: value_parts(value, syntax),
                    submits: None,
                });
            }
        }
    }
    out
}

/// The template with everything but its inline scripts blanked (as
/// [`super::components::script_blocks_only`] does for a component): the `<script>` blocks
/// with no `src` and a JavaScript `type` (or none), whose text holds no template syntax
/// (`{{ … }}`, `{% … %}`, `{# … #}`: a script the template writes into is not the script the
/// browser runs). `None` when it has no such block. In a FreeMarker template a script holding
/// a directive or macro call (`<#if>`, `<@x/>`) is left out, and one holding only outputs is
/// kept with each output rewritten as JavaScript of the same length (see the module comment).
pub fn inline_scripts_only(text: &str, syntax: Syntax) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut keep: Vec<(usize, usize)> = Vec::new();
    // Kept scripts whose text is rewritten: (offset, new text of the same length).
    let mut rewritten: Vec<(usize, String)> = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("<script") {
        let open = at + found;
        let after = open + "<script".len();
        if !lower[after..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
            at = after;
            continue;
        }
        let (attributes, start) = super::components::tag_attributes_at(text, after);
        let Some(close) = lower[start..].find("</script") else {
            break;
        };
        at = start + close + "</script".len();
        let value_of = |n: &str| {
            attributes
                .iter()
                .find(|(a, _, _)| a.eq_ignore_ascii_case(n))
                .map(|(_, v, _)| v.trim().to_ascii_lowercase())
        };
        let javascript = value_of("type").is_none_or(|t| {
            matches!(
                t.as_str(),
                "" | "text/javascript" | "application/javascript" | "module"
            )
        });
        let body = &text[start..start + close];
        if value_of("src").is_some() || !javascript || body.trim().is_empty() {
            continue;
        }
        match syntax {
            Syntax::Django if !["{{", "{%", "{#"].iter().any(|t| body.contains(t)) => {
                keep.push((start, start + close));
            }
            Syntax::FreeMarker => {
                if let Some(script) = freemarker_script(body) {
                    if script != body {
                        rewritten.push((start, script));
                    }
                    keep.push((start, start + close));
                }
            }
            Syntax::Django => {}
        }
    }
    if keep.is_empty() {
        return None;
    }
    let mut out = super::components::blank_outside(text, &keep);
    for (start, script) in rewritten {
        out.replace_range(start..start + script.len(), &script);
    }
    Some(out)
}

/// Where a FreeMarker output stands in a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OutputIn {
    Code,
    /// A string quoted with `'` or `"` opening at this offset.
    Quoted(usize),
    /// A template literal (the output is a substitution as written).
    Template,
}

/// A FreeMarker script's text as the JavaScript the browser runs, with each `${…}` output
/// read as the name it outputs; `None` when the script holds a directive or a macro call, or
/// an output that cannot be rewritten in place (unclosed, empty, or in a string holding a
/// backquote). The result has the script's length and line breaks.
fn freemarker_script(body: &str) -> Option<String> {
    if ["<#", "</#", "<@", "</@"].iter().any(|t| body.contains(t)) {
        return None;
    }
    if !body.contains("${") {
        return Some(body.to_owned());
    }
    let bytes = body.as_bytes();
    let mut outputs: Vec<(usize, usize, OutputIn)> = Vec::new();
    // The quoted strings holding an output: (opening quote, closing quote).
    let mut quoted: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = body[i..].find('\n').map_or(bytes.len(), |e| i + e);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = body[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |e| i + 2 + e + 2);
            }
            b'$' if bytes.get(i + 1) == Some(&b'{') => {
                let end = output_end(bytes, i)?;
                outputs.push((i, end, OutputIn::Code));
                i = end;
            }
            q @ (b'\'' | b'"' | b'`') => {
                let open = i;
                let within = if q == b'`' {
                    OutputIn::Template
                } else {
                    OutputIn::Quoted(open)
                };
                let (mut held, mut backquoted) = (false, false);
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => return None,
                        Some(b'\\') => i += 2,
                        Some(b'\n') if q != b'`' => return None,
                        Some(&c) if c == q => break,
                        Some(b'$') if bytes.get(i + 1) == Some(&b'{') => {
                            let end = output_end(bytes, i)?;
                            outputs.push((i, end, within));
                            held = true;
                            i = end;
                        }
                        Some(b'`') => {
                            backquoted = true;
                            i += 1;
                        }
                        Some(_) => i += 1,
                    }
                }
                if held && backquoted {
                    return None;
                }
                if held && q != b'`' {
                    quoted.push((open, i));
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    let mut out = body.as_bytes().to_vec();
    for (start, end, within) in outputs {
        let inner = &body[start + 2..end - 1];
        let name_len = name_prefix(inner);
        if inner.is_empty() {
            return None;
        }
        // The name the output writes (`request.contextPath`), the rest blanked; an output
        // that starts with no name (`${"x"}`) is the unknown name `_`.
        for (k, b) in out[start + 2..end - 1].iter_mut().enumerate() {
            if k >= name_len {
                *b = b' ';
            }
        }
        if name_len == 0 {
            out[start + 2] = b'_';
        }
        if within == OutputIn::Code {
            out[start] = b' ';
            out[start + 1] = b' ';
            out[end - 1] = b' ';
        }
    }
    for (open, close) in quoted {
        out[open] = b'`';
        out[close] = b'`';
    }
    String::from_utf8(out).ok()
}

/// The offset just past the `}` closing the output that opens (`${`) at `start`, skipping
/// the strings and braces of its expression.
fn output_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = start + 2;
    while let Some(&c) = bytes.get(i) {
        match c {
            b'{' => depth += 1,
            b'}' if depth == 0 => return Some(i + 1),
            b'}' => depth -= 1,
            b'"' | b'\'' => {
                let close = bytes[i + 1..].iter().position(|&b| b == c)?;
                i += close + 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The length of the dotted name an output's expression starts with (`request.contextPath`
/// in `request.contextPath!''`), 0 when it starts with none.
fn name_prefix(inner: &str) -> usize {
    let bytes = inner.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut end = 0;
    let mut i = 0;
    loop {
        if !bytes
            .get(i)
            .is_some_and(|&b| b.is_ascii_alphabetic() || b == b'_')
        {
            return end;
        }
        while bytes.get(i).is_some_and(|&b| word(b)) {
            i += 1;
        }
        end = i;
        if bytes.get(i) != Some(&b'.') {
            return end;
        }
        i += 1;
    }
}

/// Text with no template syntax in it.
fn plain(s: &str) -> bool {
    !s.contains(['{', '}', '%', '<', '>'])
}

/// A value split at its `{{ … }}` outputs and `{% … %}` tags (FreeMarker: its `${…}`
/// outputs).
fn value_parts(value: &str, syntax: Syntax) -> Vec<ValuePart> {
    if syntax == Syntax::FreeMarker {
        return freemarker_value_parts(value);
    }
    let mut out = Vec::new();
    let mut rest = value;
    loop {
        let next = [rest.find("{{"), rest.find("{%")]
            .into_iter()
            .flatten()
            .min();
        let Some(start) = next else {
            if !rest.is_empty() {
                out.push(ValuePart::Text(rest.to_owned()));
            }
            return out;
        };
        if start > 0 {
            out.push(ValuePart::Text(rest[..start].to_owned()));
        }
        let output = rest[start..].starts_with("{{");
        let close = if output { "}}" } else { "%}" };
        let Some(len) = rest[start + 2..].find(close) else {
            out.push(ValuePart::Text(rest[start..].to_owned()));
            return out;
        };
        let inner = rest[start + 2..start + 2 + len].trim();
        if output {
            // `check.url|safe`: the value before its filters, named by its last segment; a
            // call of a function the template's context holds (`url_for('edit', id=b.id)`)
            // is written like a tag, its arguments as words.
            let value = inner.split('|').next().unwrap_or("").trim();
            out.push(match output_call(value) {
                Some((name, args)) => ValuePart::Tag { name, args },
                None => ValuePart::Output(last_segment(value)),
            });
        } else {
            let mut words = words(inner).into_iter();
            let name = words.next().unwrap_or_default();
            out.push(ValuePart::Tag {
                name,
                args: words.collect(),
            });
        }
        rest = &rest[start + 2 + len + 2..];
    }
}

/// A FreeMarker value split at its `${…}` outputs, each named by the last segment of the
/// value before its built-ins and default (`${user.id?c}`, `${name!''}`).
fn freemarker_value_parts(value: &str) -> Vec<ValuePart> {
    let mut out = Vec::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        if start > 0 {
            out.push(ValuePart::Text(rest[..start].to_owned()));
        }
        let inner = rest[start + 2..start + len].trim();
        out.push(match output_call(inner) {
            Some((name, args)) => ValuePart::Tag { name, args },
            None => ValuePart::Output(last_segment(inner.split(['?', '!']).next().unwrap_or(""))),
        });
        rest = &rest[start + len + 1..];
    }
    if !rest.is_empty() {
        out.push(ValuePart::Text(rest.to_owned()));
    }
    out
}

/// `url_for('edit', book_id=book.id)`: the function's name and its arguments as written
/// (`'edit'`, `book_id=book.id`), split at the commas between them. `None` for anything else.
fn output_call(value: &str) -> Option<(String, Vec<String>)> {
    let open = value.find('(')?;
    let name = value[..open].trim();
    let inside = value[open + 1..].strip_suffix(')')?;
    if name.is_empty()
        || !name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        || !name.chars().all(|c| c.is_alphanumeric() || c == '_')
    {
        return None;
    }
    let mut args = Vec::new();
    let (mut depth, mut quote, mut start) = (0usize, None, 0);
    for (i, c) in inside.char_indices() {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => depth = depth.checked_sub(1)?,
            (None, ',') if depth == 0 => {
                args.push(inside[start..i].trim().to_owned());
                start = i + 1;
            }
            _ => {}
        }
    }
    if quote.is_some() || depth != 0 {
        return None;
    }
    let last = inside[start..].trim();
    if !last.is_empty() {
        args.push(last.to_owned());
    }
    Some((name.to_owned(), args))
}

/// The words of a tag's contents; a quoted one kept with its quotes.
fn words(inner: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = inner.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = inner.len();
        if c == '\'' || c == '"' {
            end = inner[i + 1..]
                .find(c)
                .map_or(inner.len(), |e| i + 1 + e + 1);
        } else if let Some(e) = inner[i..].find(char::is_whitespace) {
            end = i + e;
        }
        out.push(inner[i..end].to_owned());
        while chars.peek().is_some_and(|(j, _)| *j < end) {
            chars.next();
        }
    }
    out
}

/// `pk=object.pk` as the keyword and its value; `None` for a plain argument (`a==b` is one).
fn keyword_argument(arg: &str) -> Option<(&str, &str)> {
    let (name, value) = arg.split_once('=')?;
    let name = name.trim();
    let value = value.trim();
    (!value.is_empty()
        && !value.starts_with('=')
        && name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_'))
    .then_some((name, value))
}

fn last_segment(value: &str) -> String {
    let last = value.rsplit('.').next().unwrap_or("").trim();
    if !last.is_empty() && last.chars().all(|c| c.is_alphanumeric() || c == '_') {
        last.to_owned()
    } else {
        "value".to_owned()
    }
}

/// Adds each attribute to the model as `HTMLElement.attribute(selector, name, value)`: the
/// value a template of its text, each output an unresolved name, each tag the call
/// `tag(args)` (a quoted argument a string, any other an unresolved name).
pub fn lower_attributes(model: &mut Model, attributes: &[MarkupAttribute]) {
    for attribute in attributes {
        let at = u32::try_from(attribute.offset).unwrap_or(u32::MAX);
        let span = Span {
            start: at,
            end: at.saturating_add(u32::try_from(attribute.name.len()).unwrap_or(0)),
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
        let ident = |model: &mut Model, name: &str| {
            model.push_expr(
                ExprKind::Ident {
                    name: name.into(),
                    binding: None,
                },
                span,
            )
        };
        let arg = |value: ExprId| Arg {
            name: None,
            value,
            spread: false,
            keyword_spread: false,
        };
        let mut pieces = Vec::new();
        for part in &attribute.value {
            pieces.push(match part {
                ValuePart::Text(t) => string(model, t),
                ValuePart::Output(name) => ident(model, name),
                ValuePart::Tag { name, args } => {
                    let callee = ident(model, name);
                    let args = args
                        .iter()
                        .map(|a| {
                            // `pk=object.pk`: a keyword argument.
                            let (name, a) = match keyword_argument(a) {
                                Some((name, value)) => (Some(name.to_owned()), value),
                                None => (None, a.as_str()),
                            };
                            let quoted = a.len() >= 2
                                && (a.starts_with('\'') && a.ends_with('\'')
                                    || a.starts_with('"') && a.ends_with('"'));
                            Arg {
                                name: name.map(crate::model::Name::from),
                                ..arg(if quoted {
                                    string(model, &a[1..a.len() - 1])
                                } else {
                                    ident(model, &last_segment(a))
                                })
                            }
                        })
                        .collect();
                    model.push_expr(
                        ExprKind::Call {
                            callee,
                            args,
                            optional: false,
                            is_new: false,
                        },
                        span,
                    )
                }
            });
        }
        // One piece is the value; several are concatenated left to right.
        let value = pieces
            .into_iter()
            .reduce(|left, right| {
                model.push_expr(
                    ExprKind::Binary {
                        op: crate::model::BinaryOp::Add,
                        left,
                        right,
                    },
                    span,
                )
            })
            .unwrap_or_else(|| string(model, ""));
        // A submitting form's action: `HTMLFormElement.submit(action, method)`, as a
        // component's form is lowered.
        let ((class, member), args) = match &attribute.submits {
            Some(method) => {
                let method = string(model, method);
                (
                    super::components::FORM_SUBMIT,
                    vec![arg(value), arg(method)],
                )
            }
            None => {
                let selector = string(model, &attribute.selector);
                let name = string(model, &attribute.name);
                (
                    ELEMENT_ATTRIBUTE,
                    vec![arg(selector), arg(name), arg(value)],
                )
            }
        };
        let object = ident(model, class);
        let callee = model.push_expr(
            ExprKind::Member {
                object,
                property: MemberProp::Name(member.into()),
                optional: false,
            },
            span,
        );
        let call = model.push_expr(
            ExprKind::Call {
                callee,
                args: args.into(),
                optional: false,
                is_new: false,
            },
            span,
        );
        let stmt = model.push_stmt(StmtKind::Expr { expr: call }, span);
        model.body.push(stmt);
    }
}

/// Whether a form's action names no place of its own: empty, or relative to the page that
/// renders the form (`.`, `./`, `?next=x`, `edit/`), which the template does not say.
fn relative_to_page(action: &str) -> bool {
    let action = action.trim();
    !(action.starts_with('/')
        || action.starts_with('{')
        || action.starts_with("http://")
        || action.starts_with("https://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_attributes_with_their_element_and_template_tags() {
        let html = "<!-- <a href=\"/x\"> -->\n<div id=\"events\" class=\"col {% if a %}on{% endif %}\"\n data-status-url=\"{% url 'hc-status-single' check.code %}\">\n<script>var a = '<a href=\"/no\">';</script>\n<tr data-url=\"{{ check.url|safe }}\" {% if on %}class=\"on\"{% endif %}>\n<a href=\"/docs/\">\n<script src=\"{% static 'js/details.js' %}\"></script>";
        let found = url_attributes(html, Syntax::Django, &[]);
        let got: Vec<(&str, &str, &Vec<ValuePart>)> = found
            .iter()
            .map(|a| (a.selector.as_str(), a.name.as_str(), &a.value))
            .collect();
        assert_eq!(
            got,
            vec![
                (
                    "div#events.col.on",
                    "data-status-url",
                    &vec![ValuePart::Tag {
                        name: "url".into(),
                        args: vec!["'hc-status-single'".into(), "check.code".into()],
                    }]
                ),
                ("tr.on", "data-url", &vec![ValuePart::Output("url".into())]),
                ("a", "href", &vec![ValuePart::Text("/docs/".into())]),
                (
                    "script",
                    "src",
                    &vec![ValuePart::Tag {
                        name: "static".into(),
                        args: vec!["'js/details.js'".into()],
                    }]
                ),
            ]
        );
        assert_eq!(html[found[0].offset..].find("data-status-url"), Some(0));
        assert_eq!(
            template_language("templates/base.html"),
            Some(Language::JavaScript)
        );
        assert_eq!(template_language("src/app.js"), None);
    }

    #[test]
    fn attributes_the_packs_name_are_lowered_too() {
        let html = "<button hx-post=\"{% url 'api-key' %}\" hx-target=\"#k\" HX-GET=\"/x\">";
        let names = |more: &[String]| -> Vec<String> {
            url_attributes(html, Syntax::Django, more)
                .into_iter()
                .map(|a| a.name)
                .collect()
        };
        assert_eq!(names(&[]), Vec::<String>::new());
        assert_eq!(
            names(&["hx-get".into(), "hx-post".into()]),
            vec!["hx-post".to_owned(), "hx-get".to_owned()]
        );
    }

    #[test]
    fn a_page_with_template_tags_is_rendered_by_a_server() {
        assert!(holds_template_tags(b"<form action=\"{% url 'x' %}\">"));
        assert!(!holds_template_tags(
            b"<div id=\"app\"></div><script>window.A = '{x}';</script>"
        ));
    }

    #[test]
    fn an_output_calling_a_function_is_written_as_a_tag() {
        let html = "<form action=\"{{ url_for('edit-book.edit_book', book_id=book.id) }}\" method=\"post\">\n<a href=\"{{url_for('web.index')|safe}}\">\n<a data-x=\"{{ f(a, 'b,c') }}\">";
        let values: Vec<Vec<ValuePart>> = url_attributes(html, Syntax::Django, &[])
            .into_iter()
            .map(|a| a.value)
            .collect();
        let tag = |name: &str, args: &[&str]| ValuePart::Tag {
            name: name.into(),
            args: args.iter().map(|a| (*a).to_owned()).collect(),
        };
        assert_eq!(
            values,
            vec![
                vec![tag(
                    "url_for",
                    &["'edit-book.edit_book'", "book_id=book.id"]
                )],
                vec![tag("url_for", &["'web.index'"])],
                vec![tag("f", &["a", "'b,c'"])],
            ]
        );
        assert_eq!(output_call("check.url"), None);
        assert_eq!(output_call("f(a"), None);
        assert_eq!(output_call("f('a)"), None);
    }

    #[test]
    fn inline_scripts_without_template_syntax_are_kept() {
        let html = "<p>{{ a }}</p>\n<script>var x = 1;</script>\n<script src=\"/a.js\"></script>\n<script>var u = \"{{ url }}\";</script>\n<script type=\"text/template\"><b></b></script>\n<script type=\"module\">go()</script>";
        let kept = inline_scripts_only(html, Syntax::Django).unwrap();
        assert_eq!(kept.len(), html.len());
        assert_eq!(kept.lines().nth(1).map(str::trim), Some("var x = 1;"));
        assert_eq!(kept.lines().nth(5).map(str::trim), Some("go()"));
        for line in [0, 2, 3, 4] {
            assert_eq!(kept.lines().nth(line).map(str::trim), Some(""));
        }
        assert_eq!(
            inline_scripts_only("<script>{% if a %}x(){% endif %}</script>", Syntax::Django),
            None
        );
    }

    #[test]
    fn a_form_posting_relative_to_its_page_says_nowhere() {
        let html = "<form action=\".\" method=\"post\">\n<form action=\"?next=/\" method=\"post\">\n<form action=\"edit/\" method=\"post\">\n<form action=\"https://example.com/x\" method=\"post\">";
        let actions: Vec<String> = url_attributes(html, Syntax::Django, &[])
            .into_iter()
            .filter(|a| a.submits.is_some())
            .map(|a| a.selector)
            .collect();
        assert_eq!(actions, vec!["form".to_owned()]);
    }

    #[test]
    fn a_submitting_forms_action_is_its_submission() {
        let html = "<form id=\"f\" action=\"{% url 'app:tags.new' %}?next={{ request.path }}\" method=\"post\">\n<form action=\"/search\">\n<form method=\"post\">";
        let found = url_attributes(html, Syntax::Django, &[]);
        let forms: Vec<(&str, &str, Option<&str>, usize)> = found
            .iter()
            .map(|a| {
                (
                    a.selector.as_str(),
                    a.name.as_str(),
                    a.submits.as_deref(),
                    a.offset,
                )
            })
            .collect();
        // The GET form navigates and the form with no action posts to its own page: neither.
        assert_eq!(forms, vec![("form#f", "action", Some("POST"), 0)]);
        assert_eq!(
            found[0].value,
            vec![
                ValuePart::Tag {
                    name: "url".into(),
                    args: vec!["'app:tags.new'".into()],
                },
                ValuePart::Text("?next=".into()),
                ValuePart::Output("path".into()),
            ]
        );
    }

    #[test]
    fn freemarker_outputs_are_read_as_the_names_they_write() {
        let ftl = "<#-- <a href=\"/no\"> -->\n<link href=\"${request.contextPath}/static/a.css\">\n<a data-id=\"${job.id?c}\">\n<script>\n\tvar base_url = '${request.contextPath}';\n\tvar I18n = ${I18nUtil.getMultString()};\n\tvar n = \"${a!''}x\", t = `${b}`; // '${c}\n</script>\n<script><#if on>go()</#if></script>\n<script>var u = '${x}`';</script>";
        let values: Vec<(String, Vec<ValuePart>)> = url_attributes(ftl, Syntax::FreeMarker, &[])
            .into_iter()
            .map(|a| (a.name, a.value))
            .collect();
        assert_eq!(
            values,
            vec![
                (
                    "href".to_owned(),
                    vec![
                        ValuePart::Output("contextPath".into()),
                        ValuePart::Text("/static/a.css".into())
                    ]
                ),
                ("data-id".to_owned(), vec![ValuePart::Output("id".into())]),
            ]
        );
        let kept = inline_scripts_only(ftl, Syntax::FreeMarker).unwrap();
        assert_eq!(kept.len(), ftl.len());
        let lines: Vec<&str> = kept.lines().map(str::trim_end).collect();
        assert_eq!(lines[4], "\tvar base_url = `${request.contextPath}`;");
        assert_eq!(lines[5], "\tvar I18n =   I18nUtil.getMultString   ;");
        assert_eq!(lines[6], "\tvar n = `${a   }x`, t = `${b}`; // '${c}");
        // A directive, and a string holding a backquote beside an output: left out.
        assert_eq!(lines[8].trim(), "");
        assert_eq!(lines[9].trim(), "");
        assert_eq!(
            freemarker_script("var u = ${\"x\"};").as_deref(),
            Some("var u =   _   ;")
        );
        assert_eq!(freemarker_script("var u = '${x';"), None);
        assert_eq!(Syntax::of("templates/job.list.ftl"), Syntax::FreeMarker);
        assert_eq!(Syntax::of("templates/base.html"), Syntax::Django);
    }
}
