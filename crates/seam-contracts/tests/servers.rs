//! Server URLs in front of every operation's path: the variables' defaults are written in
//! before the URL is read, and only its path is kept.

use std::path::Path;

use seam_contracts::read_openapi_text;
use seam_ir::summary::Semantics;

/// `METHOD path` of every summary the document gives, in order.
fn routes(text: &str) -> Vec<String> {
    let summaries = read_openapi_text(Path::new("openapi.yaml"), "openapi.yaml", text)
        .unwrap_or_else(|e| panic!("{e}"));
    summaries
        .iter()
        .map(
            |s| match s.identity.boundary_binding.as_ref().map(|b| &b.semantics) {
                Some(Semantics::Rest(rest)) => format!(
                    "{} {}",
                    rest.method.as_deref().unwrap_or("*"),
                    rest.path.as_deref().unwrap_or("")
                ),
                other => panic!("not a REST binding: {other:?}"),
            },
        )
        .collect()
}

#[test]
fn a_variable_holding_the_origin_is_not_a_path_segment() {
    let text = "openapi: 3.0.0
info: {title: t, version: '1'}
servers:
  - url: '{server}/api/v1'
    variables:
      server:
        default: http://localhost:5055
paths:
  /issue/{issueId}:
    get:
      responses: {'200': {description: ok}}
  /status:
    get:
      servers:
        - url: 'https://{host}/{version}'
          variables:
            host: {default: example.com}
            version: {default: v2, enum: [v2, v3]}
      responses: {'200': {description: ok}}
";
    assert_eq!(
        routes(text),
        ["GET /api/v1/issue/{issueId}", "GET /(v2|v3)/status"]
    );
}
