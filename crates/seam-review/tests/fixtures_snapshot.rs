//! Every pack fixture with an expected review IR (`packs/<pack>/expected/<name>.aburi.ir.json`:
//! a NestJS-style service with constructor injection, an Express app, a FastAPI app, …) scans
//! to it byte for byte; every document validates against aburi.ir.v1.json and passes the 21
//! invariants. `SEAM_BLESS=1` rewrites the snapshots; `SEAM_BLESS=<fixture>` also writes a
//! new one for that fixture.

mod support;

use support::*;

fn check(dir: &std::path::Path, expected_path: &std::path::Path) {
    let text = scan_text(dir);
    if std::env::var_os("SEAM_BLESS").is_some() {
        std::fs::write(expected_path, &text).expect("write snapshot");
    }
    let expected = std::fs::read_to_string(expected_path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", expected_path.display()));
    assert_eq!(
        text,
        expected,
        "{}: the IR differs from the snapshot",
        dir.display()
    );
}

#[test]
fn every_pack_fixture_matches_its_expected_review_ir() {
    let mut fixtures = review_fixtures();
    if let Ok(name) = std::env::var("SEAM_BLESS")
        && !fixtures.iter().any(|(dir, _)| dir.ends_with(&name))
        && name != "1"
    {
        let dir = fixture(&name);
        let expected = dir
            .parent()
            .and_then(|f| f.parent())
            .expect("packs/<pack>/fixtures/<name>")
            .join("expected")
            .join(format!("{name}.aburi.ir.json"));
        fixtures.push((dir, expected));
    }
    assert!(fixtures.len() >= 3, "the review fixtures are missing");
    for (dir, expected) in fixtures {
        check(&dir, &expected);
    }
}

#[test]
fn nest_constructor_injection_resolves_across_files() {
    let doc = scan_dir(&fixture("nest-users"), 2);
    let create = symbol(
        &doc,
        "ts:src/users/users.controller.ts#UsersController.create",
    );
    assert_eq!(create.ext_kind.as_deref(), Some("framework:nestjs:route"));
    assert!(create.decorators[0].boundary);
    assert_eq!(create.calls.len(), 1);
    assert_eq!(
        create.calls[0].resolved.as_deref(),
        Some("ts:src/users/users.service.ts#UsersService.create")
    );
    // Propagated from the service: Prisma writes reach the controller, with no line.
    let write = create
        .effects
        .iter()
        .find(|e| e.id == "db.write")
        .expect("db.write propagated");
    assert_eq!(write.target, "this.prisma.user.create");
    assert_eq!(
        write.origin,
        seam_ir::review::EffectOrigin::Propagated {
            derived_from: vec!["ts:src/users/users.service.ts#UsersService.create".to_owned()]
        }
    );
    let service = symbol(&doc, "ts:src/users/users.service.ts#UsersService.create");
    // catch and finally bodies are walked: `audit` (catch) and `this.touch` (finally).
    let targets: Vec<&str> = service.calls.iter().map(|c| c.target.as_str()).collect();
    assert_eq!(targets, vec!["ConflictError", "audit", "this.touch"]);
    assert_eq!(
        service.signature.as_ref().unwrap().throws,
        vec!["ConflictError".to_owned(), "err".to_owned()]
    );
    let census = doc.stats.call_resolution.as_ref().unwrap();
    assert_eq!((census.total_calls, census.resolved_calls), (8, 5));
}

#[test]
fn express_registrations_are_call_symbols() {
    let doc = scan_dir(&fixture("express-app"), 2);
    let route = symbol(&doc, "ts:src/app.js#app__get__$users$Zid__d0");
    assert_eq!(route.kind, seam_ir::review::SymbolKind::Call);
    assert_eq!(route.ext_kind.as_deref(), Some("framework:express:route"));
    assert_eq!(
        route.calls[0].resolved.as_deref(),
        Some("ts:src/users.js#loadUser")
    );
    let post = symbol(&doc, "ts:src/app.js#app__post__$users__d0");
    assert_eq!(post.effects[0].id, "network.http");
    assert_eq!(post.effects[0].target, "axios.post");
}

#[test]
fn fastapi_routes_and_module_instances_resolve() {
    let doc = scan_dir(&fixture("fastapi-app"), 2);
    let read = symbol(&doc, "py:app/main.py#read_item");
    assert_eq!(read.ext_kind.as_deref(), Some("framework:fastapi:route"));
    assert_eq!(read.decorators[0].name, "get");
    assert_eq!(
        read.calls[0].resolved.as_deref(),
        Some("py:app/service.py#ItemService.get")
    );
    let create = symbol(&doc, "py:app/service.py#ItemService.create");
    let rules: Vec<&str> = create.rules.iter().map(|r| r.kind.type_name()).collect();
    assert_eq!(rules, vec!["loop", "try", "throw"]);
    assert_eq!(
        create.signature.as_ref().unwrap().throws,
        vec!["RuntimeError".to_owned()]
    );
    let item = symbol(&doc, "py:app/main.py#create_item");
    let local: Vec<(&str, &str)> = item
        .effects
        .iter()
        .filter(|e| !e.is_propagated())
        .map(|e| (e.id.as_str(), e.target.as_str()))
        .collect();
    assert_eq!(local, vec![("env.read", "os.environ.get")]);
}

/// Flask views, blueprints and Flask-RESTX resources are Flask's, not FastAPI's (the labels
/// the review IR gave them before each framework's knowledge moved into its own pack).
#[test]
fn flask_symbols_carry_flask_labels() {
    let doc = scan_dir(&fixture("flask"), 2);
    let kind = |id: &str| symbol(&doc, id).ext_kind.clone();
    assert_eq!(
        kind("py:shop/users.py#get_user").as_deref(),
        Some("framework:flask:route")
    );
    assert_eq!(
        kind("py:shop/users.py#bp").as_deref(),
        Some("framework:flask:blueprint")
    );
    assert_eq!(
        kind("py:shop/app.py#app").as_deref(),
        Some("framework:flask:app")
    );
    assert_eq!(doc.components[0].frameworks, vec!["flask".to_owned()]);
    assert!(
        doc.symbols
            .iter()
            .filter_map(|s| s.ext_kind.as_deref())
            .all(|k| !k.starts_with("framework:fastapi:"))
    );
}

/// File-convention handlers get their framework's extKind from the pack's `files:` rules:
/// method-named exports, a default export that wraps a function, an `actions` object.
#[test]
fn file_convention_handlers_are_routes() {
    let next = scan_dir(&fixture("nextjs"), 2);
    let get = symbol(&next, "ts:src/app/api/users/[id]/route.ts#GET");
    assert_eq!(get.ext_kind.as_deref(), Some("framework:next:route"));
    assert!(
        get.derived_by
            .contains(&"framework:next:route:GET".to_owned())
    );
    let nitro = scan_dir(&fixture("nitro"), 2);
    let post = symbol(&nitro, "ts:server/api/todos/index.post.ts#<default>");
    assert_eq!(post.ext_kind.as_deref(), Some("framework:nitro:route"));
    let svelte = scan_dir(&fixture("sveltekit"), 2);
    let actions = symbol(&svelte, "ts:src/routes/login/+page.server.ts#actions");
    assert_eq!(
        actions.ext_kind.as_deref(),
        Some("framework:sveltekit:route")
    );
}

/// Django class-based views and DRF viewsets are classified by their framework base class,
/// as written (`viewsets.ModelViewSet`); DRF `@action` methods by their decorator.
#[test]
fn django_views_are_known_by_their_base_class() {
    let doc = scan_dir(&fixture("drf"), 2);
    let tags = symbol(&doc, "py:api/views.py#TagViewSet");
    assert_eq!(tags.ext_kind.as_deref(), Some("framework:django:viewset"));
    assert!(
        tags.derived_by
            .contains(&"framework:django:viewset:viewsets.ModelViewSet".to_owned())
    );
    let notes = symbol(&doc, "py:api/views.py#NotesView");
    assert_eq!(notes.ext_kind.as_deref(), Some("framework:django:view"));
    let action = symbol(&doc, "py:api/views.py#DocumentViewSet.notes");
    assert_eq!(action.ext_kind.as_deref(), Some("framework:django:action"));
}
