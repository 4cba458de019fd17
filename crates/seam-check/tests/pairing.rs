//! Pairing across languages, and what stays unpaired.

mod common;

use common::{check_summaries, fixture, pair_keys};
use seam_check::{CheckInput, CheckMode, SuppressionSet, check};
use seam_ir::summary::read_summary_file;

#[test]
fn python_client_pairs_with_typescript_handler_and_the_reverse() {
    let mut summaries = Vec::new();
    for name in ["clients.json", "server.json"] {
        match read_summary_file(&fixture("mixedLanguage/summaries").join(name)) {
            Ok(mut s) => summaries.append(&mut s),
            Err(e) => panic!("{e}"),
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    let pairs: Vec<(String, String, String)> = report
        .pairs
        .iter()
        .map(|p| (p.key.clone(), p.provider.clone(), p.consumer.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "GET /orders/{order_id}".to_owned(),
                "service/app.py::read_order".to_owned(),
                "web/orders.ts::loadOrder".to_owned()
            ),
            (
                "GET /users/{id}".to_owned(),
                "server/users.ts::getUser".to_owned(),
                "clients/users.py::fetch_user".to_owned()
            ),
        ]
    );
    assert_eq!(report.compared_boundaries, 2);
    // Both clients handle 404 and read fields the 200 body has: they agree.
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    assert!(report.run.is_empty());
    assert!(report.unmatched.providers.is_empty() && report.unmatched.consumers.is_empty());
}

#[test]
fn an_empty_summary_folder_pairs_nothing() {
    let report = check(
        &CheckInput::new(Vec::new(), CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    assert_eq!(report.run.len(), 1);
    assert_eq!(report.run[0].kind, "nothingPaired");
    assert_eq!(
        report.run[0].description,
        "No summaries were read, so no boundary was checked and an empty report means nothing."
    );
    assert!(report.gate_tripped(seam_check::FailOn::Error));
}

/// Where a call goes (`metadata.http.origin`, here as `seam extract` writes it for the source
/// tree `crates/seam-extract/tests/fixtures/origins`): a call to another host never pairs with
/// this repository's routes, even when its path is one of them, and raises no finding; a
/// loopback URL pairs; a URL whose start could not be read pairs only when the path after that
/// start pins one route down, and a path it does not find is a warning, not an error.
#[test]
fn calls_pair_only_with_routes_their_url_can_reach() {
    let report = check_summaries("origins/summaries.json");
    let pairs = pair_keys(&report);
    assert_eq!(
        pairs,
        [
            (
                "GET /account",
                "src/server.ts::get",
                "src/clients.ts::loadLocalAccount"
            ),
            (
                "GET /api/orders/{id}",
                "src/server.ts::get",
                "src/clients.ts::order"
            ),
        ]
    );
    let unpairable: Vec<(&str, Option<&str>, &str)> = report
        .unmatched
        .unpairable
        .iter()
        .map(|u| (u.name.as_str(), u.key.as_deref(), u.reason.as_str()))
        .collect();
    assert_eq!(
        unpairable,
        [
            ("anything", Some("GET /{base}/{id}"), "unknownDestination"),
            ("get", Some("GET /{url}"), "unknownDestination"),
            ("loadGraph", Some("GET /{id}"), "external"),
            ("loadRemoteAccount", Some("GET /account"), "external"),
            (
                "someOrder",
                Some("GET /{base}/orders/{id}"),
                "unknownDestination"
            ),
            // The call to news.ycombinator.com inside the `/news` handler: its client summary
            // and the handler's service-call effect.
            ("anonymous", Some("GET /"), "external"),
            ("get", Some("GET /"), "external"),
        ]
    );
    let consumers: Vec<Option<&str>> = report
        .unmatched
        .consumers
        .iter()
        .map(|c| c.key.as_deref())
        .collect();
    assert_eq!(
        consumers,
        [
            Some("GET /api/invoices"),
            Some("GET /{base}/api/orders/{id}/refunds")
        ]
    );
    let findings: Vec<(&str, &str, &str, &str)> = report
        .findings
        .iter()
        .map(|f| {
            (
                f.severity.as_str(),
                f.kind.as_str(),
                f.consumer.summary.as_str(),
                f.description.as_str(),
            )
        })
        .collect();
    assert_eq!(
        findings,
        [
            (
                "error",
                "restCallUnknownPath",
                "src/clients.ts::loadInvoices",
                "The client calls GET /api/invoices, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{id})"
            ),
            (
                "warning",
                "restCallUnknownPath",
                "src/clients.ts::refunds",
                "The client calls GET /{base}/api/orders/{id}/refunds, whose start (a host or base path) could not be read; no provider in the analysed code serves a path ending in /api/orders/{id}/refunds, so if the call is meant for this server it fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{id})"
            ),
        ]
    );
}

/// The same calls with the origin taken out of the summaries (as a producer that does not
/// record it writes them): the external paths pair with the app's routes, which is what the
/// origin prevents.
#[test]
fn without_an_origin_the_same_paths_pair_with_the_local_routes() {
    let mut summaries = match read_summary_file(&fixture("origins/summaries.json")) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    for s in &mut summaries {
        if let Some(http) = s
            .metadata
            .as_mut()
            .and_then(|m| m.get_mut("http"))
            .and_then(|h| h.as_object_mut())
        {
            http.remove("origin");
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    let consumers: Vec<&str> = report.pairs.iter().map(|p| p.consumer.as_str()).collect();
    assert!(
        consumers.contains(&"src/clients.ts::loadRemoteAccount"),
        "{consumers:?}"
    );
    assert!(consumers.contains(&"src/server.ts::get"), "{consumers:?}");
}

/// A call's hole means a value, not a fixed route segment it could also spell: PATCH
/// `/api/todos/{id}` goes to the PATCH route with a parameter, not to `* /api/todos/stats`,
/// while a call of `/api/todos/stats` itself still goes to the literal route.
#[test]
fn a_call_hole_prefers_a_route_parameter_to_a_literal_segment() {
    let mut summaries = Vec::new();
    for name in ["clients.json", "server.json"] {
        match read_summary_file(&fixture("holeVsLiteral").join(name)) {
            Ok(mut s) => summaries.append(&mut s),
            Err(e) => panic!("{e}"),
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    let pairs: Vec<(String, String)> = report
        .pairs
        .iter()
        .map(|p| (p.consumer.clone(), p.provider.clone()))
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "web/todos.ts::loadStats".to_owned(),
                "server/todos.ts::stats".to_owned()
            ),
            (
                "web/todos.ts::toggle".to_owned(),
                "server/todos.ts::patchTodo".to_owned()
            ),
        ]
    );
}

/// A call's whole value in a segment means the route with a parameter there, not a route
/// beside it that asks the value to hold text (`/{id}.{filetype}`, one resource registered at
/// both): GET `/api/query_results/{id}` goes to the plain route, `/api/query_results/{id}.csv`
/// to the shaped one, and a whole value still meets a shaped route when it is the only one.
#[test]
fn a_call_hole_prefers_a_whole_parameter_to_a_shaped_segment() {
    let mut summaries = Vec::new();
    for name in ["clients.json", "server.json"] {
        match read_summary_file(&fixture("holeVsShaped").join(name)) {
            Ok(mut s) => summaries.append(&mut s),
            Err(e) => panic!("{e}"),
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    let mut pairs: Vec<(&str, &str)> = report
        .pairs
        .iter()
        .map(|p| (p.consumer.as_str(), p.provider.as_str()))
        .collect();
    pairs.sort_unstable();
    assert_eq!(
        pairs,
        [
            ("web/results.ts::download", "server/results.py::export"),
            ("web/results.ts::load", "server/results.py::result"),
            ("web/results.ts::loadCsv", "server/results.py::resultFile"),
        ]
    );
}

/// Routes under a prefix seam could not read (`app.use(process.env.API_MOUNT, api)`, as
/// `seam extract` writes them for the pack fixture `express-unknown-prefix`) pair by the path
/// they know: a call that spells some prefix in front (`/shop/v2/items`) meets `POST /items`,
/// and the pair says so; a call of the known path itself pairs in full; a call whose suffix
/// is no route stays unmatched.
#[test]
fn routes_under_an_unknown_prefix_pair_by_their_known_suffix() {
    let report = check_summaries("unknownPrefix/summaries.json");
    let pairs: Vec<(&str, &str, Option<&str>)> = report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.consumer.as_str(), p.via))
        .collect();
    assert_eq!(
        pairs,
        [
            (
                "GET /admin/stats",
                "src/client.js::stats",
                Some("knownSuffix")
            ),
            ("GET /health/ping", "src/client.js::ping", None),
            ("GET /items", "src/client.js::listItems", None),
            (
                "POST /items",
                "src/client.js::createItem",
                Some("knownSuffix")
            ),
        ]
    );
    let unmatched: Vec<Option<&str>> = report
        .unmatched
        .consumers
        .iter()
        .map(|c| c.key.as_deref())
        .collect();
    assert_eq!(unmatched, [Some("GET /shop/v2/orders")]);
}

/// A route whose whole path seam could not read (`@blueprint.route(rule_for("/login"))`, a
/// helper formatting an environment variable; summaries as `seam extract` writes them for a
/// Flask blueprint and a fetch client) has an unknown prefix and a known path that fixes no
/// segment: it could answer any request, so it pairs with none (it is unpairable, an unknown
/// destination) and `POST /verification_email` does not meet it; `POST /verify` meets its route.
#[test]
fn a_route_whose_whole_path_is_unread_pairs_with_nothing() {
    let report = check_summaries("unknownPrefix/whole-path.json");
    let pairs: Vec<(&str, &str)> = report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.consumer.as_str()))
        .collect();
    assert_eq!(pairs, [("POST /verify", "web/client.js::verify")]);
    let unpairable: Vec<(&str, &str)> = report
        .unmatched
        .unpairable
        .iter()
        .map(|u| (u.id.as_str(), u.reason.as_str()))
        .collect();
    assert_eq!(
        unpairable,
        [("whole-path-web::app/views.py::login", "unknownDestination")]
    );
}

/// A call whose start could not be read (`${this.base}/orders/${id}/items`, as `seam extract`
/// writes it for a client class over an express app; summaries in `fixtures/startUnknown`)
/// and that meets no route in full meets the one route its path ends, the unknown start
/// standing for the route's leading segments (`/api`); a path two routes of different paths
/// end stays unmatched.
#[test]
fn calls_with_an_unknown_start_meet_the_one_route_their_path_ends() {
    let report = check_summaries("startUnknown/summaries.json");
    let pairs = pair_keys(&report);
    assert_eq!(
        pairs,
        [(
            "GET /api/orders/{id}/items",
            "src/server.ts::get",
            "src/client.ts::items"
        )]
    );
    let unmatched: Vec<Option<&str>> = report
        .unmatched
        .consumers
        .iter()
        .map(|c| c.key.as_deref())
        .collect();
    assert_eq!(unmatched, [Some("GET /users/{id}")]);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

/// A call whose start is unknown made inside the handler of the one route its path ends
/// (`requests.get(f"{integration.server_url}/albums")` in the handler of `GET
/// /api/immich/albums`, a FastAPI app with a `requests` script, as `seam extract` writes it)
/// forwards to another server serving that path: it pairs with nothing and is `external`,
/// while a call from elsewhere (`{base}/api/immich/albums` in `sync.py`) still meets the route.
#[test]
fn a_call_inside_the_handler_of_the_route_it_ends_goes_elsewhere() {
    let report = check_summaries("startUnknownProxy/summaries.json");
    assert_eq!(
        pair_keys(&report),
        [(
            "GET /api/immich/albums",
            "app/main.py::albums",
            "app/sync.py::sync_albums"
        )]
    );
    let unpairable: Vec<(&str, Option<&str>, &str)> = report
        .unmatched
        .unpairable
        .iter()
        .map(|u| (u.name.as_str(), u.key.as_deref(), u.reason.as_str()))
        .collect();
    // The call's client summary and the handler's service-call effect.
    assert_eq!(
        unpairable,
        [
            ("albums", Some("GET /albums"), "external"),
            ("albums", Some("GET /albums"), "external"),
        ]
    );
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

/// A call whose start is unknown (`{baseURL}/api/items/${id}` through an instance whose base
/// is a constructor's argument, as `seam extract` writes it for an express app and a client
/// class; summaries in `fixtures/startUnknownRanked`) whose path ends several routes goes to
/// the one that fixes no segment the call leaves to a value (`/api/items/{id}`, not
/// `/api/items/new`); two routes fitting equally well (`/api/users/{id}/posts` and `…/likes`
/// for `…/{list}`) leave it unpairable.
#[test]
fn a_call_with_an_unknown_start_prefers_the_route_its_values_fit() {
    let report = check_summaries("startUnknownRanked/summaries.json");
    let pairs: Vec<(&str, &str)> = report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.consumer.as_str()))
        .collect();
    assert_eq!(
        pairs,
        [
            ("GET /api/items/new", "src/client.ts::newest"),
            ("GET /api/items/{id}", "src/client.ts::item"),
        ]
    );
    let unpairable: Vec<(&str, Option<&str>, &str)> = report
        .unmatched
        .unpairable
        .iter()
        .map(|u| (u.name.as_str(), u.key.as_deref(), u.reason.as_str()))
        .collect();
    assert_eq!(
        unpairable,
        [(
            "userList",
            Some("GET /{baseURL}/api/users/{id}/{list}"),
            "unknownDestination"
        )]
    );
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

/// A call whose start is unknown is checked against routes that spell its first two segments
/// alike (a Flask app and a `requests` script, as `seam extract` writes them; summaries in
/// `fixtures/startUnknownSpelled`): `https://{host}/api/v1/events`, for another service, is
/// not near `/api/{object_type}/{object_id}/acl`, whose parameter only meets `v1`, so nothing
/// is reported; `{base_url}/api/users/you` beside `GET /api/users/me` still is, as a warning.
#[test]
fn an_unknown_start_is_near_only_routes_spelling_its_start() {
    let report = check_summaries("startUnknownSpelled/summaries.json");
    let findings: Vec<(&str, &str, &str)> = report
        .findings
        .iter()
        .map(|f| {
            (
                f.kind.as_str(),
                f.severity.as_str(),
                f.consumer.summary.as_str(),
            )
        })
        .collect();
    assert_eq!(
        findings,
        [("restCallUnknownPath", "warning", "app/notify.py::load_user")]
    );
}

/// A call whose last segment ends in a value glued to its text (`/api/files${path}`, as `seam
/// extract` writes it for an express app; summaries in `fixtures/gluedValues`), meeting no
/// route in full, meets the one route whose path goes on from its fixed part (a catch-all
/// here); several such paths leave it unpairable, not unserved; none leaves it unserved.
#[test]
fn a_value_glued_to_the_last_segment_may_hold_more_segments() {
    let report = check_summaries("gluedValues/summaries.json");
    let pairs: Vec<(&str, &str)> = report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.consumer.as_str()))
        .collect();
    assert_eq!(pairs, [("GET /api/files/*", "src/client.ts::listFiles")]);
    let unpairable: Vec<(&str, &str)> = report
        .unmatched
        .unpairable
        .iter()
        .map(|u| (u.name.as_str(), u.reason.as_str()))
        .collect();
    assert_eq!(unpairable, [("usage", "unknownDestination")]);
    let findings: Vec<(&str, &str)> = report
        .findings
        .iter()
        .map(|f| (f.kind.as_str(), f.consumer.summary.as_str()))
        .collect();
    assert_eq!(findings, [("restCallUnknownPath", "src/client.ts::trash")]);
}

/// A catch-all route (`GET *`, a page server's, as `seam extract` writes it for an express app;
/// summaries in `fixtures/startUnknownCatchAll`) meets every path, so it pins nothing down for
/// a call whose start is unknown: `${this.base}/api/v2` stays unmatched rather than served by
/// the page server, while `${this.base}/items` still meets the one route it ends.
#[test]
fn a_catch_all_route_pins_nothing_for_a_call_with_an_unknown_start() {
    let report = check_summaries("startUnknownCatchAll/summaries.json");
    let pairs: Vec<(&str, &str)> = report
        .pairs
        .iter()
        .map(|p| (p.key.as_str(), p.consumer.as_str()))
        .collect();
    assert_eq!(pairs, [("GET /api/items", "src/client.ts::items")]);
    let unmatched: Vec<Option<&str>> = report
        .unmatched
        .consumers
        .iter()
        .map(|c| c.key.as_deref())
        .collect();
    assert_eq!(unmatched, [Some("GET /api/v2")]);
    assert!(report.findings.is_empty(), "{:?}", report.findings);
}

/// A router extended at run time with routes seam cannot read (`router.extend(plugin_router)`:
/// its routes carry `metadata.http.openMount`, as `seam extract` writes them for the django
/// pack's fixture `drf-plugin-router`; summaries in `fixtures/openMount`): a call under its
/// mount that no route serves may be served by a plugin, so the finding is an info that says
/// so; a call elsewhere that no route serves stays an error.
#[test]
fn a_call_under_a_router_extended_at_run_time_may_be_served_there() {
    let report = check_summaries("openMount/summaries.json");
    let lines = common::lines(&report);
    assert_eq!(
        lines,
        [
            "error restCallUnknownPath - -: The client calls GET /reports/weekly, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: * /reports)",
            "info restCallUnknownPath - -: The client calls GET /api/billing-invoice, which no provider in the analysed code serves (nearest routes: DELETE /api/items/{pk}, GET /api/items, GET /api/items/{pk}); routes are added at run time to the router mounted at /api (seam cannot read them), so one of them may serve it",
        ]
    );
}

/// Routes, and calls whose paths are values only (`fetch(url)` with `url` unread): nothing can
/// pair, and the run says so rather than reporting an empty, clean-looking result.
#[test]
fn calls_whose_destination_was_not_read_do_not_make_an_empty_report_look_clean() {
    let mut summaries = Vec::new();
    for name in ["clients.json", "server.json"] {
        let text = std::fs::read_to_string(fixture("mixedLanguage/summaries").join(name))
            .unwrap_or_default();
        // Every client call's path becomes a value seam could not read.
        let text = text
            .replace("\"path\":\"/users/{user_id}\"", "\"path\":\"/{url}\"")
            .replace("\"path\":\"/orders/{id}\"", "\"path\":\"/{url}\"");
        let dir = std::env::temp_dir().join(format!("seam-unread-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        match read_summary_file(&path) {
            Ok(mut s) => summaries.append(&mut s),
            Err(e) => panic!("{e}"),
        }
    }
    let report = check(
        &CheckInput::new(summaries, CheckMode::SummaryDir),
        &SuppressionSet::none(),
    );
    assert!(report.pairs.is_empty());
    let run: Vec<(&str, &str)> = report
        .run
        .iter()
        .map(|f| (f.kind.as_str(), f.description.as_str()))
        .collect();
    assert_eq!(
        run,
        [(
            "nothingPaired",
            "4 summaries were read (4 with a boundary), but the destination of all 2 consumer calls could not be read (their paths are values only, listed as `unknownDestination` under `unmatched.unpairable`), so no boundary was checked and an empty report means nothing."
        )]
    );
}

/// A call meeting routes the code serves pairs with the declared contracts beside them that
/// fit it as well, not with every one it could reach: `/items/${id}` (summaries in
/// `fixtures/contractsBeside`: an express app serving `/items/new` and `/items/:id`, an
/// OpenAPI document declaring both, a fetch of `/items/${id}`) pairs with the document's
/// `/items/{id}` and not with its `/items/new`.
#[test]
fn a_call_pairs_with_the_contracts_that_fit_it_as_well_as_the_code_route() {
    let report = check_summaries("contractsBeside/summaries.json");
    let pairs = pair_keys(&report);
    assert_eq!(
        pairs,
        [
            (
                "GET /items/new",
                "src/server.js::get",
                "openapi.yaml::newest"
            ),
            (
                "GET /items/{id}",
                "openapi.yaml::getItem",
                "src/client.js::item"
            ),
            (
                "GET /items/{id}",
                "src/server.js::get",
                "openapi.yaml::getItem"
            ),
            (
                "GET /items/{id}",
                "src/server.js::get",
                "src/client.js::item"
            ),
        ]
    );
}

/// `fixtures/contractsBesideSameRoute`: an express app serving `/photos/:uid/approve` and
/// `/batch/photos/approve`, an OpenAPI document declaring both, and a fetch of
/// `${apiUri}/${kind}/${id}/approve` whose start is unknown. The call goes to the code route
/// whose fixed segments it guesses least (`/photos/{uid}/approve`), and beside it to the
/// contract declaring that route's own path, not to the batch operation its values could
/// also spell.
#[test]
fn beside_a_code_route_a_call_pairs_with_the_contract_of_that_route() {
    let report = check_summaries("contractsBesideSameRoute/summaries.json");
    let pairs = pair_keys(&report);
    assert_eq!(
        pairs,
        [
            (
                "POST /batch/photos/approve",
                "src/server.js::post",
                "openapi.yaml::batchApprove"
            ),
            (
                "POST /photos/{uid}/approve",
                "openapi.yaml::approvePhoto",
                "src/client.js::approve"
            ),
            (
                "POST /photos/{uid}/approve",
                "src/server.js::post",
                "openapi.yaml::approvePhoto"
            ),
            (
                "POST /photos/{uid}/approve",
                "src/server.js::post",
                "src/client.js::approve"
            ),
        ]
    );
}
