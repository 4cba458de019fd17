//! `Model::enclosing_function`: the innermost function around a span, found through the
//! file's functions sorted by start, is exactly what a scan of every function gives.
use seam_lang::lower::lower_file;
use seam_lang::model::*;

/// The smallest function holding `span` that is not `span` itself, the lowest id on a tie.
fn scanned(model: &Model, span: Span) -> Option<FuncId> {
    let mut best: Option<(FuncId, u32)> = None;
    for (i, f) in model.functions.iter().enumerate() {
        if f.span.contains(span) && f.span != span && best.is_none_or(|(_, len)| f.span.len() < len)
        {
            best = Some((FuncId::from_index(i), f.span.len()));
        }
    }
    best.map(|(f, _)| f)
}

fn every_span_agrees(path: &str, src: &str) {
    let model = lower_file(
        path,
        Language::from_path(path).expect("a known language"),
        src,
    )
    .expect("the file lowers");
    assert!(
        model.functions.len() > 3,
        "{path}: the sample holds functions"
    );
    let spans = model
        .exprs
        .iter()
        .map(|e| e.span)
        .chain(model.stmts.iter().map(|s| s.span))
        .chain(model.functions.iter().map(|f| f.span))
        .chain((0..src.len() as u32).map(|at| Span::new(at, at)));
    for span in spans {
        assert_eq!(
            model.enclosing_function(span),
            scanned(&model, span),
            "{path}: {span:?}"
        );
    }
}

#[test]
fn js_nested_functions_arrows_and_methods() {
    every_span_agrees(
        "a.ts",
        r#"
const top = fetch("/x");
function outer(a) {
  const inner = (b) => { return () => b + a; };
  function named() { return inner(1)(); }
  return named();
}
class Api {
  base = "/api";
  list = () => this.get(this.base);
  get(path) { return fetch(path).then((r) => r.json()); }
  static make() { return new Api(); }
}
export default { handler(req) { return [1, 2].map((x) => x * 2); } };
"#,
    );
}

#[test]
fn python_nested_defs_lambdas_and_methods() {
    every_span_agrees(
        "a.py",
        r#"
import requests

def outer(a):
    def inner(b):
        return lambda c: a + b + c
    return inner(1)

class Client:
    def get(self, path):
        return requests.get(path, hooks={"response": lambda r, *args: r})

    @staticmethod
    def make():
        return Client()
"#,
    );
}

#[test]
fn go_methods_and_function_literals() {
    every_span_agrees(
        "main.go",
        r#"package main

import "net/http"

type Server struct{ mux *http.ServeMux }

func (s *Server) Routes() {
	s.mux.HandleFunc("/a", func(w http.ResponseWriter, r *http.Request) {
		defer func() { recover() }()
	})
}

func main() {
	s := &Server{mux: http.NewServeMux()}
	s.Routes()
	go func() { http.ListenAndServe(":80", s.mux) }()
}
"#,
    );
}
