//! Fuzzes the lowerings: any bytes, routed to a language by the first byte, decoded and lowered
//! as the project driver does (`decode_source`, `lower_text_guarded`), must either lower to a
//! model whose spans lie inside the source on character boundaries, or fail with a message.
//! A panic, a stack overflow or a hang is a bug.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seam_lang::model::{Language, Model, Span};
use seam_lang::project::{decode_source, lower_text_guarded};

const LANGUAGES: [(Language, &str); 5] = [
    (Language::TypeScript, "fuzz.ts"),
    (Language::Tsx, "fuzz.tsx"),
    (Language::JavaScript, "fuzz.js"),
    (Language::Jsx, "fuzz.jsx"),
    (Language::Python, "fuzz.py"),
];

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (language, path) = LANGUAGES[usize::from(selector) % LANGUAGES.len()];
    // The same decoding the driver applies: a few stray bytes become `?`, binary is refused.
    let Ok((text, _)) = decode_source(rest.to_vec()) else {
        return;
    };
    if let Ok(model) = lower_text_guarded(path, language, &text) {
        check_spans(&model);
    }
});

fn check_span(model: &Model, span: Span, what: &str) {
    let (start, end) = (span.start as usize, span.end as usize);
    assert!(
        start <= end && end <= model.source.len(),
        "{what} span {start}..{end} outside a source of {} bytes",
        model.source.len()
    );
    assert!(
        model.source.is_char_boundary(start) && model.source.is_char_boundary(end),
        "{what} span {start}..{end} splits a character"
    );
}

fn check_spans(model: &Model) {
    for e in &model.exprs {
        check_span(model, e.span, "expression");
    }
    for s in &model.stmts {
        check_span(model, s.span, "statement");
    }
    for p in &model.patterns {
        check_span(model, p.span, "pattern");
    }
    for i in &model.imports {
        check_span(model, i.span, "import");
    }
    for e in &model.exports {
        check_span(model, e.span, "export");
    }
    for d in &model.diagnostics {
        check_span(model, d.span, "diagnostic");
    }
}
