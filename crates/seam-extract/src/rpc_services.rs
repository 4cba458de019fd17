//! RPC services declared in `.proto` files (read by `seam_lang::project::proto`) as HTTP
//! routes and client calls, as a pack's `rpc:` section says (`seam_packs::Rpc`).
//!
//! - **Routes.** Each rpc of a service has the pack's `procedure` route (`POST
//!   /{package}.{service}/{rpc}`) and, with `httpRule`, one route per binding of the HTTP rule
//!   the rpc's option of that name holds (`get: "/v1/{name=items/*}"`, `additional_bindings`).
//! - **Handlers.** A handler pack's `serves` call (`Register{service}HandlerServer(ctx, mux,
//!   impl)`) serves the service by `impl`: the method named after each rpc on the type `impl`
//!   is declared with is its handler, read like any handler's body.
//! - **Clients.** A client pack's `clients` call (`createClient(Service, transport)`) makes a
//!   client of the service its descriptor argument names; a call of the client's method named
//!   after an rpc in lowerCamelCase (`client.listItems(req)`) requests that rpc's route,
//!   wherever the client is held (a const exported from one module and imported by others).

use seam_lang::model::{BindingKind, ExprId, ExprKind, ImportedItem, MemberProp};
use seam_lang::project::proto::{ProtoRpc, ProtoService, ProtoValue};
use seam_packs::{Pack, Rpc};

use crate::discover::{ClientUnit, HandlerUnit};
use crate::files::{Def, Files, enclosing_function};

/// The HTTP methods a rule names by its own field; `custom { kind path }` names any other.
const RULE_METHODS: [&str; 5] = ["get", "put", "post", "delete", "patch"];

/// The (method, path) routes of one rpc under the pack's rules.
pub fn routes(rpc_pack: &Rpc, service: &ProtoService, rpc: &ProtoRpc) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Some(template) = &rpc_pack.procedure {
        let filled = template
            .replace("{package}", &service.package)
            .replace("{service}", &service.name)
            .replace("{rpc}", &rpc.name);
        let filled = filled.replace("/.", "/"); // no package: `/Service/Method`
        if let Some((method, path)) = filled.split_once(' ') {
            out.push((method.to_owned(), path.to_owned()));
        }
    }
    if let Some(option) = &rpc_pack.http_rule {
        for o in rpc.options.iter().filter(|o| &o.name == option) {
            rule_routes(&o.value, &mut out, 0);
        }
    }
    out
}

/// The bindings of an HTTP rule: its own and each of its `additional_bindings` (which may not
/// nest further).
fn rule_routes(rule: &ProtoValue, out: &mut Vec<(String, String)>, depth: usize) {
    for method in RULE_METHODS {
        if let Some(path) = rule.field(method).and_then(|f| f.value.as_scalar()) {
            out.push((method.to_ascii_uppercase(), rule_path(path)));
        }
    }
    if let Some(custom) = rule.field("custom") {
        let kind = custom.value.field("kind").and_then(|f| f.value.as_scalar());
        let path = custom.value.field("path").and_then(|f| f.value.as_scalar());
        if let (Some(kind), Some(path)) = (kind, path) {
            out.push((kind.to_ascii_uppercase(), rule_path(path)));
        }
    }
    if depth == 0 {
        for extra in rule.fields("additional_bindings") {
            rule_routes(&extra.value, out, 1);
        }
    }
}

/// An HTTP rule's path template as a route path: a variable bound to a segment pattern
/// (`{name=shelves/*/books/*}`) is the segments it matches, each `*` a parameter (the last
/// named after the field, the ones before it `{field_1}`, `{field_2}`…), `**` a rest
/// parameter; a plain variable (`{id}`) is one parameter. Dots of a field path are `_`.
pub fn rule_path(template: &str) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            break;
        };
        let var = &rest[open + 1..open + close];
        rest = &rest[open + close + 1..];
        let (field, pattern) = var.split_once('=').unwrap_or((var, "*"));
        let field = field.trim().replace('.', "_");
        let segments: Vec<&str> = pattern.split('/').collect();
        let stars = segments.iter().filter(|s| s.contains('*')).count();
        let mut seen = 0;
        let written: Vec<String> = segments
            .iter()
            .map(|s| match *s {
                "*" | "**" => {
                    seen += 1;
                    let name = if seen == stars {
                        field.clone()
                    } else {
                        format!("{field}_{seen}")
                    };
                    if *s == "**" {
                        format!("{{{name}*}}")
                    } else {
                        format!("{{{name}}}")
                    }
                }
                literal => literal.to_owned(),
            })
            .collect();
        out.push_str(&written.join("/"));
    }
    out.push_str(rest);
    out
}

/// The function name a pack's call template gives a service (`Register{service}HandlerServer`).
fn call_name(template: &str, service: &str) -> String {
    template.replace("{service}", service)
}

/// The routes the pack's `serves` calls serve, in the files it runs on: one unit per route
/// of each rpc, the handler being the implementation's method named after the rpc.
pub fn handler_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &std::collections::BTreeSet<usize>,
) -> Vec<HandlerUnit> {
    let mut out = Vec::new();
    let Some(rpc_pack) = &pack.rpc else {
        return out;
    };
    if rpc_pack.serves.is_empty() || files.rpc_services.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for call in files.calls(file) {
            let Some(name) = call.name else {
                continue;
            };
            for serve in &rpc_pack.serves {
                let Some(service) = files
                    .rpc_services
                    .iter()
                    .map(|(_, s)| s)
                    .find(|s| call_name(&serve.call, &s.name) == name)
                else {
                    continue;
                };
                let ExprKind::Call { args, .. } = &model.expr(call.call).kind else {
                    continue;
                };
                let implementation = args.get(serve.argument).map(|a| a.value);
                for rpc in &service.rpcs {
                    let method = implementation
                        .and_then(|i| crate::classes::method_of_value(files, file, i, &rpc.name));
                    for (verb, path) in routes(rpc_pack, service, rpc) {
                        out.push(HandlerUnit {
                            pack: pack_index,
                            file,
                            registration: model.expr(call.call).span,
                            handler_file: method.map_or(file, |(f, _)| f),
                            function: method.map(|(_, func)| func),
                            opaque_handler: if method.is_none() {
                                implementation
                            } else {
                                None
                            },
                            method: Some(verb),
                            path: Some(path),
                            route_status: None,
                            route_default_status: None,
                            route_body: None,
                            export_path: None,
                            unknown_prefixes: Vec::new(),
                            open_mount: None,
                            method_branches: None,
                        });
                    }
                }
            }
        }
    }
    out
}

/// The calls of rpc clients the pack's `clients` calls make, in the files it runs on.
pub fn client_units(
    files: &Files,
    pack_index: usize,
    pack: &Pack,
    on: &std::collections::BTreeSet<usize>,
) -> Vec<ClientUnit> {
    let mut out = Vec::new();
    let Some(rpc_pack) = &pack.rpc else {
        return out;
    };
    if rpc_pack.clients.is_empty() || files.rpc_services.is_empty() {
        return out;
    }
    for &file in on {
        let model = files.model(file);
        for call in files.calls(file) {
            let Some(method_name) = call.name else {
                continue;
            };
            let ExprKind::Call { callee, .. } = &model.expr(call.call).kind else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(_),
                ..
            } = &model.expr(*callee).kind
            else {
                continue;
            };
            let Some(service) = client_service(files, rpc_pack, file, *object) else {
                continue;
            };
            let Some(rpc) = service
                .rpcs
                .iter()
                .find(|r| lower_camel(&r.name) == method_name)
            else {
                continue;
            };
            let span = model.expr(call.call).span;
            for (verb, path) in routes(rpc_pack, service, rpc) {
                out.push(ClientUnit {
                    pack: pack_index,
                    file,
                    call: call.call,
                    function: enclosing_function(model, span),
                    method: Some(verb),
                    path: Some(path),
                    origin: None,
                    layered: false,
                    through: Vec::new(),
                    inner: None,
                    page_relative: false,
                    fallback: false,
                    read_inside: false,
                    failures: None,
                });
            }
        }
    }
    out
}

/// The service a client value was made for: the value is (a name of) a `clients` call whose
/// descriptor argument names a declared service.
fn client_service<'f>(
    files: &'f Files,
    rpc_pack: &Rpc,
    file: usize,
    value: ExprId,
) -> Option<&'f ProtoService> {
    let (file, init) = match files.definition(file, value)? {
        Def::Binding(f, b) => (f, files.model(f).binding(b).origin.init?),
        Def::Expr(f, e) => (f, e),
        _ => return None,
    };
    let model = files.model(file);
    let name = crate::files::callee_name(model, init)?;
    let make = rpc_pack.clients.iter().find(|c| c.call == name)?;
    let ExprKind::Call { args, .. } = &model.expr(init).kind else {
        return None;
    };
    let descriptor = args.get(make.argument)?.value;
    let service_name = descriptor_name(files, file, descriptor)?;
    let mut named = files
        .rpc_services
        .iter()
        .filter(|(_, s)| s.name == service_name);
    let (_, first) = named.next()?;
    // Two services of one name in different packages: not told apart by name alone.
    named.next().is_none().then_some(first)
}

/// The name a service descriptor is exported under: `MemoService` in
/// `import { MemoService } from "./gen/memo_pb"` (the imported name when renamed), or
/// `ns.MemoService` through a namespace import.
fn descriptor_name(files: &Files, file: usize, expr: ExprId) -> Option<String> {
    let model = files.model(file);
    match &model.expr(expr).kind {
        ExprKind::Ident {
            name,
            binding: Some(b),
        } => {
            if let BindingKind::Import { import, name: n } = model.binding(*b).kind {
                let imported = model.imports.get(import as usize)?.names.get(n as usize)?;
                if let ImportedItem::Named(original) = &imported.imported {
                    return Some(original.clone());
                }
            }
            Some(name.to_string())
        }
        ExprKind::Ident { name, .. } => Some(name.to_string()),
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => Some(name.to_string()),
        _ => None,
    }
}

/// An rpc's method name on a generated client: the rpc's name with its first letter lowered
/// (`ListMemos` → `listMemos`).
fn lower_camel(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_paths() {
        assert_eq!(rule_path("/v1/items"), "/v1/items");
        assert_eq!(rule_path("/v1/{id}"), "/v1/{id}");
        assert_eq!(rule_path("/api/v1/{name=memos/*}"), "/api/v1/memos/{name}");
        assert_eq!(
            rule_path("/v1/{book.name=shelves/*/books/*}:publish"),
            "/v1/shelves/{book_name_1}/books/{book_name}:publish"
        );
        assert_eq!(rule_path("/v1/{path=files/**}"), "/v1/files/{path*}");
        assert_eq!(rule_path("/v1/items:batchGet"), "/v1/items:batchGet");
    }

    #[test]
    fn lower_camel_names() {
        assert_eq!(lower_camel("ListMemos"), "listMemos");
        assert_eq!(lower_camel("GetURL"), "getURL");
    }
}
