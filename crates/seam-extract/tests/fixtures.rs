//! Each pack's fixture tree, extracted, against its checked-in summaries (`snapshots/`), and
//! the handler with guards, a nested condition and a dependency call checked field by field.

use seam_ir::summary::BehavioralSummary;

mod support;
use support::{extract, sorted_routes, text};

fn json(s: &BehavioralSummary) -> serde_json::Value {
    serde_json::to_value(s).expect("serialises")
}

fn json_gap_type(g: &seam_ir::summary::Gap) -> String {
    serde_json::to_value(g).expect("serialises")["type"]
        .as_str()
        .unwrap_or("-")
        .to_owned()
}

fn by_id<'a>(summaries: &'a [BehavioralSummary], id: &str) -> &'a BehavioralSummary {
    summaries
        .iter()
        .find(|s| s.identity.id.as_deref() == Some(id))
        .unwrap_or_else(|| panic!("no summary {id}"))
}

/// Django URLconfs: includes by module name, by list and by `(list, app)` tuple, composed
/// across modules (one module included under two prefixes), `re_path` regexes as paths,
/// `urlpatterns +=`, class-based views (`as_view()`) and views wrapped in a decorator call. A
/// list nothing includes that is not `urlpatterns` (`websocket_urlpatterns`) declares no route.
#[test]
fn django_fixture() {
    let run = extract("django", &[]);
    let keys = sorted_routes(&run.summaries, |s| s.location.file.as_str());
    assert_eq!(
        keys,
        [
            "* / shop/views.py",
            "* /api/v1/checks/{code}/pause shop/api/views.py",
            "* /api/v1/metrics/{key} shop/api/views.py",
            "* /api/v1/status/ shop/api/views.py",
            "* /api/v2/checks/{code}/pause shop/api/views.py",
            "* /api/v2/metrics/{key} shop/api/views.py",
            "* /api/v2/status/ shop/api/views.py",
            "* /blog/{slug}/ blog/views.py",
            "* /health/ shop/views.py",
            "* /shop/items/{pk}/ shop/views.py",
            "* /shop/items/{pk}/buy shop/views.py",
            "GET /shop/items/ shop/views.py",
            "POST /shop/items/ shop/views.py",
        ]
    );
}

/// jQuery's Ajax helpers, with no manifest naming jQuery: each call's method and path.
#[test]
fn jquery_fixture() {
    let run = extract("jquery", &[]);
    let keys = sorted_routes(&run.summaries, |s| s.identity.name.as_str());
    assert_eq!(
        keys,
        [
            "DELETE /checks/{code} remove",
            "GET /api/events poll",
            "GET /api/status poll",
            "GET /checks/{code}/status loadStatus",
            "GET /docs/search search",
            "POST /checks/cron_preview preview",
            "POST /checks/{code}/pause pause",
        ]
    );
}

/// Django REST framework: routers included (`include(router.urls)`), spread into a list,
/// added with `+=` and `+`; viewsets expanded by the actions they define, inherit from a project
/// base class or from framework mixins (declared, bodies unread); `lookup_url_kwarg` and
/// `lookup_field`; `@action` routes (detail and list, methods by keyword or position,
/// `url_path` regexes) and `@x.mapping.patch`; a generic view serving its base class's methods; an `APIView` with its own
/// methods answering `Response(…, status=…)`. A viewset no router
/// registers declares nothing.
#[test]
fn drf_fixture() {
    let run = extract("drf", &[]);
    let keys = sorted_routes(&run.summaries, |s| s.location.file.as_str());
    assert_eq!(
        keys,
        [
            "DELETE /api/documents/{doc_id}/ api/urls.py",
            "DELETE /api/documents/{doc_id}/versions/{version_id}/ api/views.py",
            "DELETE /api/orders/{pk}/ api/orders.py",
            "DELETE /api/tags/{pk}/ api/views.py",
            "GET /api/documents/ api/views.py",
            "GET /api/documents/next_asn/ api/views.py",
            "GET /api/documents/{doc_id}/ api/urls.py",
            "GET /api/documents/{doc_id}/notes/ api/views.py",
            "GET /api/health/ api/urls.py",
            "GET /api/health/{pk}/ api/urls.py",
            "GET /api/logs/ api/views.py",
            "GET /api/logs/{pk}/ api/views.py",
            "GET /api/notes/ api/urls.py",
            "GET /api/orders/{pk}/ api/orders.py",
            "GET /api/reports/ api/urls.py",
            "GET /api/reports/{slug}/ api/urls.py",
            "GET /api/tags/ api/urls.py",
            "GET /api/tags/{pk}/ api/urls.py",
            "PATCH /api/documents/{doc_id}/versions/{version_id}/ api/views.py",
            "PATCH /api/tags/{pk}/ api/urls.py",
            "POST /api/documents/reindex/ api/views.py",
            "POST /api/documents/{doc_id}/notes/ api/views.py",
            "POST /api/notes/ api/urls.py",
            "POST /api/tags/ api/urls.py",
            // A subclass of a framework view (ObtainAuthToken): the method it inherits.
            "POST /api/token/ api/urls.py",
            "PUT /api/tags/{pk}/ api/urls.py",
        ]
    );
    // An APIView's own methods answer with `Response(…, status=…)` (200 by default) and the
    // framework's exceptions; viewset actions likewise.
    let statuses = |name: &str, path: &str| -> Vec<String> {
        run.summaries
            .iter()
            .filter(|s| {
                let b = serde_json::to_value(&s.identity.boundary_binding).expect("serialises");
                s.identity.name == name && b["semantics"]["path"] == path
            })
            .flat_map(|s| &s.transitions)
            .map(|t| {
                let o = serde_json::to_value(&t.output).expect("serialises");
                o["statusCode"]["value"].to_string()
            })
            .collect()
    };
    assert_eq!(statuses("get", "/api/orders/{pk}/"), ["410", "404", "200"]);
    assert_eq!(statuses("delete", "/api/orders/{pk}/"), ["204"]);
    assert_eq!(statuses("destroy", "/api/tags/{pk}/"), ["204"]);
    assert_eq!(statuses("list", "/api/logs/"), ["200"]);
}

#[test]
fn mixed_languages_fixture() {
    let run = extract("mixed", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

/// A mount call gives back the router it mounts on: `Router().use(a).use(b)` is one router,
/// and `Router().use("/api", api)` puts `/api` in front of the routes of both children.
#[test]
fn chained_mounts_are_one_router() {
    let run = extract("express-chained", &[]);
    let keys = sorted_routes(&run.summaries, |s| s.location.file.as_str());
    assert_eq!(
        keys,
        [
            "GET /api/auth/google src/routes/users.ts",
            "GET /api/tags src/routes/tags.ts",
            "GET /api/users/me src/routes/users.ts",
            "POST /api/users/login src/routes/users.ts",
        ]
    );
    // The wrapped handler is the inline function; the unreadable one has a gap, no transitions.
    let at_path = |path: &str| {
        run.summaries
            .iter()
            .find(|s| {
                serde_json::to_value(&s.identity.boundary_binding).unwrap()["semantics"]["path"]
                    == path
            })
            .unwrap_or_else(|| panic!("no summary at {path}"))
    };
    let me = at_path("/api/users/me");
    assert_eq!(me.transitions.len(), 1);
    let google = at_path("/api/auth/google");
    assert_eq!(google.location.range.start, 17);
    assert!(google.transitions.is_empty());
    assert_eq!(
        google.gaps[0].description,
        "The route's handler is `passport.authenticate('google', { scope: ['profile'] })`, which seam cannot follow to a function, so what the route sends is not known"
    );
}

/// `const r = require("./x")` of a module whose `module.exports` is a router is that router,
/// and `const { r } = require("./x")` of `module.exports = { r }` is the named one: mounts
/// through both compose their prefixes, two levels deep.
#[test]
fn commonjs_requires_of_routers_compose_mount_prefixes() {
    let run = extract("express-commonjs", &[]);
    let mut ids: Vec<&str> = run
        .summaries
        .iter()
        .filter_map(|s| s.identity.id.as_deref())
        .collect();
    ids.sort_unstable();
    assert_eq!(
        ids,
        [
            "fixture-express-commonjs::app.js::get#GET /health",
            "fixture-express-commonjs::routes/orders.js::delete#DELETE /api/orders/{orderId}",
            "fixture-express-commonjs::routes/orders.js::post#POST /api/orders",
            "fixture-express-commonjs::routes/users.js::get#GET /api/users",
            "fixture-express-commonjs::routes/users.js::get#GET /api/users/{id}",
            "fixture-express-commonjs::routes/users/profile.js::get#GET /api/users/{id}/profile",
            "fixture-express-commonjs::routes/users/profile.js::put#PUT /api/users/{id}/profile",
        ]
    );
}

/// `require` of an ES module gives its namespace, not its `export default`: the router is
/// reached through `.default`.
#[test]
fn a_require_of_an_es_module_reaches_its_default_export_through_default() {
    let run = extract("express-require-esm", &[]);
    let ids: Vec<&str> = run
        .summaries
        .iter()
        .filter_map(|s| s.identity.id.as_deref())
        .collect();
    assert_eq!(
        ids,
        ["fixture-express-require-esm::reports.js::get#GET /reports/daily"]
    );
}

#[test]
fn the_guarded_handler_has_exact_transitions_conditions_ids_effects_and_gaps() {
    let run = extract("express", &[]);
    let s = json(by_id(
        &run.summaries,
        "fixture-express::src/routes/users.ts::get#GET /v1/users/{id}",
    ));
    assert_eq!(
        s["identity"]["boundaryBinding"]["semantics"]["path"],
        "/v1/users/:id"
    );
    let ids: Vec<&str> = s["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    // The 404 id is the spec's example: `negative:!id;positive:!user`.
    assert_eq!(ids.len(), 4);
    assert_eq!(ids[1], "get:response:404:9d39a1a");
    let t404 = &s["transitions"][1];
    assert_eq!(
        t404["conditions"],
        serde_json::json!([
            {"type": "negation", "operand": {"type": "truthinessCheck", "subject": {"type": "derived",
                "from": {"type": "derived", "from": {"type": "input", "inputRef": "req", "path": []},
                         "derivation": {"type": "propertyAccess", "property": "params"}},
                "derivation": {"type": "destructured", "field": "id"}}, "negated": true}},
            {"type": "truthinessCheck", "subject": {"type": "dependency", "name": "db.findById", "accessChain": []}, "negated": true}
        ])
    );
    assert_eq!(
        t404["effects"],
        serde_json::json!([
            {"type": "invocation", "callee": "db.findById", "args": [{"kind": "identifier", "name": "id"}], "async": true, "location": {"start": 12, "end": 12}},
            {"type": "invocation", "callee": "db.audit", "args": [{"kind": "literal", "value": "miss"}], "async": false, "location": {"start": 14, "end": 14}, "count": 2}
        ])
    );
    assert_eq!(
        t404["output"]["statusCode"],
        serde_json::json!({"type": "literal", "value": 404})
    );
    assert_eq!(t404["isDefault"], false);
    // The nested condition: the 200 of `?full=1` sits under both early returns.
    let full = &s["transitions"][2];
    assert_eq!(full["conditions"].as_array().unwrap().len(), 3);
    assert_eq!(full["isDefault"], false);
    assert_eq!(
        full["effects"].as_array().unwrap().len(),
        1,
        "the audit calls of the 404 branch do not reach it"
    );
    assert_eq!(
        s["transitions"][3]["output"]["body"],
        serde_json::json!({"type": "record", "properties": {"id": {"type": "unknown"}}})
    );
    let gaps: Vec<&str> = s["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["callee"].as_str().unwrap())
        .collect();
    assert_eq!(gaps, ["db.findById", "db.audit"]);
    assert_eq!(s["confidence"]["level"], "high");
}

#[test]
fn a_returned_value_no_terminal_reads_is_an_unread_outcome_and_low_confidence() {
    let run = extract("express", &[]);
    let s = json(by_id(
        &run.summaries,
        "fixture-express::src/routes/items.ts::post#POST /v1/items",
    ));
    assert_eq!(s["gaps"][0]["type"], "unreadOutcome");
    assert_eq!(s["confidence"]["level"], "low");
}

#[test]
fn explain_says_which_manifest_and_dependency() {
    let run = extract("express", &[]);
    let lines: Vec<String> = run
        .explain
        .iter()
        .map(|l| format!("{}: {} ({})", l.dir, l.pack, l.reason))
        .collect();
    assert!(
        lines.contains(&"src/routes: express (package.json depends on express)".to_owned()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"src: fetch (applies to every file of its language)".to_owned()),
        "{lines:?}"
    );
}

#[test]
fn forcing_a_pack_runs_only_it() {
    let run = extract("express", &["fetch"]);
    assert!(run.summaries.is_empty());
    assert!(
        run.explain
            .iter()
            .all(|l| l.pack == "fetch" && l.reason == "forced with -f")
    );
}

#[test]
fn no_pack_applies_to_a_python_only_tree() {
    let run = extract("none", &[]);
    assert_eq!(run.files_with_packs, 0);
    assert!(run.summaries.is_empty());
}

#[test]
fn output_is_the_same_on_one_thread_and_many() {
    let many = text(&extract("express", &[]).summaries);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let one = pool.install(|| text(&extract("express", &[]).summaries));
    assert_eq!(many, one);
}

/// Where each client URL goes: an absolute URL keeps its origin (`metadata.http.origin`, also
/// for a loopback host), a URL starting with a value that cannot be read says its origin is
/// `unknown`, and a path or relative URL says nothing (this deployment).
#[test]
fn origins_fixture() {
    let run = extract("origins", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

/// `unfollowedCall` gaps: a call into a project declaration with no body (a declared variable
/// typed with an object type literal, a method of an interface reached through a typed
/// parameter, constructor parameter property or field, an abstract method called on `this`,
/// a Java interface through a typed field) is recorded with its callee; a call into a method
/// with a body is not.
#[test]
fn gaps_fixture() {
    let run = extract("gaps", &[]);
    let mut gaps: Vec<String> = run
        .summaries
        .iter()
        .flat_map(|s| {
            let v = json(s);
            let id = v["identity"]["id"].as_str().unwrap_or("-").to_owned();
            s.gaps
                .iter()
                .filter(|g| json_gap_type(g) == "unfollowedCall")
                .map(move |g| format!("{id} {}", g.callee.as_deref().unwrap_or("-")))
        })
        .collect();
    gaps.sort();
    assert_eq!(
        gaps,
        [
            "fixture-gaps::java/src/main/java/com/example/gaps/OrderController.java::get orders.find",
            "fixture-gaps::src/server.ts::delete#DELETE /users/{id} repo.remove",
            "fixture-gaps::src/server.ts::get#GET /db/{id} db.findById",
            "fixture-gaps::src/users.controller.ts::get this.repo.findById",
            "fixture-gaps::src/users.controller.ts::notifyOne this.audit.record",
            "fixture-gaps::src/users.controller.ts::notifyOne this.notify",
        ]
    );
    insta::assert_snapshot!(text(&run.summaries));
}

/// Go response bodies encoded from structs: a struct of another package named through its
/// import (`auth.Token{…}`), embedded structs whose keys the encoder promotes into the outer
/// object (given in the literal, left out at their zero value, a nil embedded pointer adding
/// nothing), an anonymous struct type written at the literal, and an `omitempty` field the
/// handler sets after the literal (`out.Rotated = &auth.Token{…}`), sent under its JSON name.
#[test]
fn go_struct_bodies_fixture() {
    let run = extract("go-struct-bodies", &[]);
    let mut bodies: Vec<String> = run
        .summaries
        .iter()
        .map(|s| {
            let v = json(s);
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            format!(
                "{} {} {}",
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-"),
                v["transitions"][0]["output"]["body"]
            )
        })
        .collect();
    bodies.sort();
    assert_eq!(
        bodies,
        [
            r#"GET /info {"type":"record","properties":{"version":{"type":"literal","value":"1"},"Count":{"type":"unknown"}}}"#,
            r#"GET /plain {"type":"record","properties":{"id":{"type":"unknown"},"created":{"type":"unknown"},"name":{"type":"literal","value":"n"}}}"#,
            r#"GET /session {"type":"record","properties":{"exp":{"type":"literal","value":1}}}"#,
            r#"GET /user {"type":"record","properties":{"id":{"type":"literal","value":1},"created":{"type":"unknown"},"name":{"type":"literal","value":"n"}}}"#,
            r#"POST /token {"type":"record","properties":{"token":{"type":"literal","value":"t"}}}"#,
            r#"PUT /rotate {"type":"record","properties":{"rotated":{"type":"record","properties":{"token":{"type":"literal","value":"t"}}}}}"#,
        ]
    );
}
