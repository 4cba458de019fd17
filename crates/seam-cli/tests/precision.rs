//! Findings a team can trust: each cause of a false finding seen on real repositories, as a
//! source-code fixture with both sides of the boundary (server and client files). A `silent`
//! case first asserts that the pair was formed (or why it was not), then that nothing fired;
//! its `fires` twin shows the true finding still reported.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/precision")
        .join(rel)
}

/// `seam check --format json --all` on a fixture folder.
fn check(rel: &str) -> Value {
    check_with(rel, &[])
}

/// `seam check --format json --all EXTRA…` on a fixture folder.
fn check_with(rel: &str, extra: &[&str]) -> Value {
    let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
        .args([
            "check",
            "--format",
            "json",
            "--all",
            "--fail-on",
            "none",
            "--no-suppressions",
        ])
        .args(extra)
        .arg(fixture(rel))
        .env("NO_COLOR", "1")
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    match serde_json::from_str(&stdout) {
        Ok(v) => v,
        Err(e) => panic!(
            "seam check did not print JSON ({e}): {stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        ),
    }
}

/// `severity kind: description` per finding, run findings included.
fn findings(report: &Value) -> Vec<String> {
    let rows = |key: &str| -> Vec<String> {
        report[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|f| {
                format!(
                    "{} {}: {}",
                    f["severity"].as_str().unwrap_or("?"),
                    f["kind"].as_str().unwrap_or("?"),
                    f["description"].as_str().unwrap_or("?")
                )
            })
            .collect()
    };
    let mut out = rows("findings");
    out.extend(rows("run"));
    out
}

/// `key provider consumer` per pair.
fn pairs(report: &Value) -> Vec<String> {
    report["pairs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            format!(
                "{} {} {}",
                p["key"].as_str().unwrap_or("?"),
                p["provider"].as_str().unwrap_or("?"),
                p["consumer"].as_str().unwrap_or("?")
            )
        })
        .collect()
}

/// `key reason` per unpairable summary.
fn unpairable(report: &Value) -> Vec<String> {
    report["unmatched"]["unpairable"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|u| {
            format!(
                "{} {}",
                u["key"].as_str().unwrap_or("-"),
                u["reason"].as_str().unwrap_or("?")
            )
        })
        .collect()
}

/// `seam extract` on a fixture folder, as JSON.
fn extract(rel: &str) -> Value {
    let output = match Command::new(env!("CARGO_BIN_EXE_seam"))
        .arg("extract")
        .arg(fixture(rel))
        .output()
    {
        Ok(o) => o,
        Err(e) => panic!("seam did not run: {e}"),
    };
    match serde_json::from_slice(&output.stdout) {
        Ok(v) => v,
        Err(e) => panic!("seam extract did not print JSON: {e}"),
    }
}

#[test]
fn a_status_an_exception_class_carries_is_produced() {
    // `raise NotFound()`, whose class passes 404 to its base: the throw carries it.
    let summaries = extract("exception_status/silent");
    let carried: Vec<u64> = summaries
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|s| s["transitions"].as_array().into_iter().flatten())
        .filter_map(|t| t["output"]["statusWhenUncaught"].as_u64())
        .collect();
    assert_eq!(carried, [404]);
    // The client's 404 branch is live: no dead branch.
    let silent = check("exception_status/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /v1/auth/totp api/main.py::totp_status web/totp.ts::loadTotp"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
}

#[test]
fn a_branch_for_a_status_nothing_sends_is_dead() {
    let fires = check("dead_branch/fires");
    assert_eq!(
        pairs(&fires),
        ["GET /v1/auth/totp api/main.py::totp_status web/totp.ts::loadTotp"]
    );
    assert_eq!(
        findings(&fires),
        ["warning deadConsumerBranch: Consumer expects status 404 but provider never produces it"]
    );
}

#[test]
fn test_files_take_no_part_in_pairing() {
    // A test fixture's call to a path no route serves is no finding: it is test code.
    let silent = check("test_files/silent");
    assert!(pairs(&silent).is_empty());
    assert_eq!(unpairable(&silent), ["GET /api/order/{id} testCode"]);
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Asked for, the test's call is checked like any other.
    let included = check_with("test_files/silent", &["--include-tests"]);
    assert_eq!(
        findings(&included)[0],
        "error restCallUnknownPath: The client calls GET /api/order/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{order_id})"
    );
    // The same call in the application is.
    let fires = check("test_files/fires");
    assert_eq!(
        findings(&fires),
        [
            "error restCallUnknownPath: The client calls GET /api/order/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{order_id})",
            "error nothingPaired: 2 summaries were read (2 with a boundary), but no consumer met a provider, so no boundary was checked and an empty report means nothing."
        ]
    );
}

#[test]
fn nothing_paired_needs_calls_that_could_have_met_a_route() {
    // Every call goes to another host: nothing could pair, and that is no finding.
    let silent = check("nothing_paired/silent");
    assert!(pairs(&silent).is_empty());
    assert!(
        unpairable(&silent).iter().any(|u| u.ends_with(" external")),
        "{:?}",
        unpairable(&silent)
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    let fires = check("nothing_paired/fires");
    assert_eq!(
        findings(&fires),
        [
            "error nothingPaired: 2 summaries were read (2 with a boundary), but no consumer met a provider, so no boundary was checked and an empty report means nothing."
        ]
    );
}

#[test]
fn a_call_after_an_unknown_base_needs_a_route_under_its_leading_segments() {
    // `${base}/api/v1/query` shares only `api` with `/api/orders/{id}`: another service's path.
    let silent = check("unknown_start/silent");
    assert_eq!(
        findings(&silent)
            .iter()
            .filter(|f| f.contains("restCallUnknownPath"))
            .count(),
        0,
        "{:?}",
        findings(&silent)
    );
    let fires = check("unknown_start/fires");
    assert!(
        findings(&fires).contains(&"warning restCallUnknownPath: The client calls GET /api/orders/{id}/refunds, whose start (a host or base path) could not be read; no provider in the analysed code serves a path ending in /api/orders/{id}/refunds, so if the call is meant for this server it fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{order_id})".to_owned()),
        "{:?}",
        findings(&fires)
    );
}

#[test]
fn a_check_that_the_body_is_there_handles_every_failure() {
    // openapi-fetch leaves `data` absent on a failure: `if (!item?.name)` is its failure branch.
    let silent = check("data_absent/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /items/{item_id} api/main.py::read_item web/items.ts::itemName"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    let fires = check("data_absent/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn columns_the_store_fills_in_are_not_unused() {
    // `createdAt @default(now())` and `updatedAt @updatedAt` are kept by the store; `phone`
    // and `active` (a constant default) are used by no code.
    let report = check("store_written");
    assert!(
        pairs(&report)
            .iter()
            .any(|p| p.starts_with("postgresql:User ")),
        "{:?}",
        pairs(&report)
    );
    assert_eq!(
        findings(&report),
        [
            "warning boundaryFieldUnused: prisma/schema.prisma declares active on User (table User), but no code in the run reads, writes or selects by it",
            "warning boundaryFieldUnused: prisma/schema.prisma declares phone on User (table User), but no code in the run reads, writes or selects by it"
        ]
    );
}

#[test]
fn a_model_read_through_a_relation_is_read_whole() {
    // `select: { subscriptions: true }` on a user brings the subscription's rows back whole:
    // none of its columns is unused. The invite is written and read by `id` only.
    let report = check("relation_include");
    assert_eq!(
        findings(&report),
        [
            "warning boundaryFieldUnused: prisma/schema.prisma declares note on Invite (table Invite), but no code in the run reads, writes or selects by it"
        ]
    );
}

#[test]
fn a_failure_caught_and_handled_as_one_is_handled() {
    // `try { await axios.delete(…) } catch { notify(…) }`: the 400 arrives in the catch.
    let silent = check("caught_failure/silent");
    assert_eq!(
        pairs(&silent),
        ["DELETE /v1/access-tokens/revoke api/main.py::revoke web/tokens.ts::revokeToken"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Uncaught, it escapes a function that goes on as if the call had worked.
    let fires = check("caught_failure/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_body_flag_the_provider_sets_per_outcome_tells_them_apart() {
    // `{"success": false}` with the 400, `{"success": true}` with the 200: reading `success`
    // is the consumer's failure check.
    let silent = check("body_flag/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /api/v1/hints/{hint_id} api/main.py::read_hint web/hints.ts::loadHint"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // A 400 whose body leaves the flag out fails the same test.
    let absent = check("body_flag/absent");
    assert_eq!(
        pairs(&absent),
        ["GET /api/v1/hints/{hint_id} api/main.py::read_hint web/hints.ts::loadHint"]
    );
    assert_eq!(findings(&absent), Vec::<String>::new());
    // A 404 whose body sets a field no success sends (`error`), which the consumer tests.
    let present = check("body_flag/present");
    assert_eq!(
        pairs(&present),
        ["GET /api/v1/hints/{hint_id} api/main.py::read_hint web/hints.ts::loadHint"]
    );
    assert_eq!(findings(&present), Vec::<String>::new());
    let fires = check("body_flag/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_response_handed_to_the_caller_is_the_caller_s_to_handle() {
    // `async (…): Promise<Response> => { return await fetch(…) }`: the declared type says the
    // response itself is returned.
    let silent = check("returned_response/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /v1/oauth2/authorize api/main.py::authorize web/authorize.ts::getAuthorizeResponse"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    let fires = check("returned_response/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 401 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_consumer_whose_paths_were_not_read_is_not_judged() {
    // `$.get(url, function (response) { … })` at a module's top level: the success callback
    // is the 2xx branch, but no path of the module was read, so nothing is said.
    let silent = check("unread_paths/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /api/v1/challenges/types api/main.py::challenge_types web/new.js::module"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // In a function whose path was read, the uncaught 404 is still reported.
    let fires = check("unread_paths/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_route_may_live_in_a_submodule_that_is_not_checked_out() {
    // The repository declares `services/billing` as a submodule, and it is not there: the
    // unknown path may be served from it, so the finding says so, one severity lower.
    let report = check("submodule");
    assert_eq!(
        findings(&report),
        [
            "warning restCallUnknownPath: The client calls GET /api/order/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{order_id}); it may be served from what seam could not read: services/billing",
            "error nothingPaired: 2 summaries were read (2 with a boundary), but no consumer met a provider, so no boundary was checked and an empty report means nothing."
        ]
    );
}

#[test]
fn a_request_known_by_its_shape_is_not_judged_for_statuses() {
    // `transport.execute({ url, method })`: paired, but the transport decides how the response
    // and its failures come back, so no status is unhandled here.
    let silent = check("shape_only/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /v1/items/{item_id} api/main.py::read_item web/items.ts::loadItem"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    let fires = check("shape_only/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_variable_segment_meets_the_parameter_route_and_an_all_unknown_path_meets_none() {
    // `/api/items/${id}` could spell `/api/items/feed`, but a value from a variable meets the
    // parameter route; `/${kind}/${id}` has no known segment, so it is unpairable rather than
    // paired with `/status/{name}` (two segments, like it) or reported as an unknown path.
    let report = check("choosing_route");
    assert_eq!(
        pairs(&report),
        ["GET /api/items/{item_id} api/main.py::read_item web/items.ts::loadItem"]
    );
    assert_eq!(unpairable(&report), ["GET /{kind}/{id} unknownDestination"]);
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn failures_a_response_interceptor_handles_are_handled_for_every_call() {
    // `api`'s interceptor tells 401 apart: only 404 is unhandled at loadNote; the module
    // instance's interceptor toasts every failure: loadTags handles 401.
    let report = check("failure_interceptor");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/notes/{id} src/server.ts::get src/notes.ts::loadNote",
            "GET /api/tags src/server.ts::get src/notes.ts::loadTags",
        ]
    );
    assert_eq!(
        findings(&report),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
    let summaries = extract("failure_interceptor");
    let handled: Vec<String> = summaries
        .as_array()
        .into_iter()
        .flatten()
        .filter(|s| s["kind"] == "client")
        .map(|s| {
            format!(
                "{} {}",
                s["identity"]["name"].as_str().unwrap_or("?"),
                s["metadata"]["http"]["failuresHandled"]
            )
        })
        .collect();
    assert_eq!(handled, ["loadNote [401]", "loadTags \"all\""]);
}

#[test]
fn a_route_that_crosses_the_call_both_ways_is_no_route_for_it() {
    // `/api/workspaces/${slug}/dashboard/${id}` meets `/api/workspaces/file-assets/{ws}/{key}`
    // only by its slug spelling `file-assets` and the route's id spelling `dashboard`: the
    // call reaches no route, and the call the project route serves still pairs.
    let report = check("crossing_route");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/workspaces/{slug}/projects/{project_id} api/main.py::read_project web/workspaces.ts::loadProject"
        ]
    );
    assert_eq!(
        findings(&report),
        [
            "error restCallUnknownPath: The client calls GET /api/workspaces/{slug}/dashboard/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/workspaces/file-assets/{workspace_id}/{asset_key}, GET /api/workspaces/{slug}/projects/{project_id})"
        ]
    );
}

#[test]
fn an_unknown_base_most_of_whose_calls_meet_no_route_is_another_service() {
    // `provider.py`'s four calls share a base the deployment configures; one of them
    // (`{base}/payments/{id}`) ends like this server's `GET /api/v1/payments/{payment_hash}`,
    // the other three meet nothing: the base is another service's, and all four are external.
    // `mirror.py`'s base meets three routes of four, so it is this server's and its fourth
    // call a path it does not serve; `ingest.py`'s lone call says nothing against its base.
    let report = check("unknown_base_elsewhere");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/v1/payments/{payment_hash} app/main.py::payment app/mirror.py::status",
            "GET /api/v1/wallet app/main.py::wallet app/mirror.py::balance",
            "POST /api/v1/payments app/main.py::create_payment app/ingest.py::ingest",
            "POST /api/v1/payments app/main.py::create_payment app/mirror.py::pay",
        ]
    );
    assert_eq!(
        unpairable(&report),
        [
            "GET /{provider_endpoint}/balances external",
            "POST /{provider_endpoint}/charges external",
            "GET /{provider_endpoint}/charges/{checking_id} external",
            "GET /{provider_endpoint}/payments/{checking_id} external",
        ]
    );
    assert_eq!(
        findings(&report),
        [
            "warning restCallUnknownPath: The client calls GET /{mirror_endpoint}/api/v1/rates, whose start (a host or base path) could not be read; no provider in the analysed code serves a path ending in /api/v1/rates, so if the call is meant for this server it fails with a 404 or 405 at run time (nearest routes: GET /api/v1/wallet, POST /api/v1/payments, GET /api/v1/payments/{payment_hash})"
        ]
    );
}

#[test]
fn a_value_spelling_the_segment_of_several_routes_is_left_unpairable() {
    // `/api/libraries/${id}/${entityName}` reaches `…/items` or `…/series`, which the code does
    // not say: unpairable, not the first of them, nor the page server's catch-all `*` that
    // meets any path. A value that can spell one route's segment only is that route.
    let report = check("value_spelling_a_route");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/shelves/{id}/books src/server.ts::get src/client.ts::fetchShelf",
            "GET /api/things/{id} src/server.ts::get src/client.ts::getThing",
        ]
    );
    assert_eq!(
        unpairable(&report),
        [
            "GET /api/libraries/{libraryId}/{entityName} unknownDestination",
            "POST /api/feeds/{entityType}/{entityId}/open unknownDestination",
        ]
    );
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn a_loopback_port_no_call_reaches_a_route_through_is_another_program() {
    // `http://127.0.0.1:1984/api/streams` (a sidecar on its own port) meets no route here, nor
    // does any call to port 1984: it is external, not a path this server fails to serve.
    // `http://localhost:5000/api/stats` meets a route, so port 5000 is this server's and
    // `http://127.0.0.1:5000/api/ping` a path it does not serve (once per reading of the call).
    let report = check("same_machine");
    assert_eq!(
        pairs(&report),
        ["GET /api/stats api/main.py::stats api/main.py::summary"]
    );
    assert_eq!(
        unpairable(&report),
        ["GET /api/streams external", "GET /api/streams external"]
    );
    let unserved = "error restCallUnknownPath: The client calls GET /api/ping, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/stats, GET /api/health, GET /api/summary)";
    assert_eq!(findings(&report), [unserved, unserved]);
}

#[test]
fn a_module_whose_calls_almost_never_meet_a_route_is_a_client_of_another_server() {
    // web/cloud.ts makes seven distinct requests under /api/v1/ and only its health check meets
    // a route here: it is a hosted service's client, so the six it sends elsewhere are infos.
    // web/users.ts meets routes with its other calls, so its misspelt path stays an error. And
    // web/spans.ts wraps one endpoint the server does not serve, called from six panels (the
    // wrapper and its six callers are seven calls) but one request, so they stay errors
    // (counting calls made it a "module of another server").
    let report = check("another_server");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/v1/health api/server.ts::get web/cloud.ts::cloudHealth",
            "GET /api/v1/users api/server.ts::get web/users.ts::listUsers",
            "GET /api/v1/users/{id} api/server.ts::get web/users.ts::getUser",
        ]
    );
    let found = findings(&report);
    assert_eq!(
        found[0],
        "error restCallUnknownPath: The client calls GET /api/v1/user/{id}/profile, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/v1/users/{id}, GET /api/v1/users, GET /api/v1/health)"
    );
    let span = "error restCallUnknownPath: The client calls POST /api/v1/spanfilters, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/v1/health, GET /api/v1/users, GET /api/v1/users/{id})";
    assert!(found[1..8].iter().all(|f| f == span), "{found:#?}");
    assert_eq!(
        found[8],
        "info restCallUnknownPath: The client calls GET /api/v1/cloud/billing, which no provider in the analysed code serves (nearest routes: GET /api/v1/users/{id}, GET /api/v1/health, GET /api/v1/users); web/cloud.ts makes 7 distinct requests and 1 of them meet a route of the analysed code, so it is likely a client of another server"
    );
    // Six infos, then the run's own finding: most calls of this small fixture meet nothing.
    assert_eq!(found.len(), 15);
    assert!(found[14].starts_with("warning mostlyUnpaired: 14 of 17 consumer calls"));
    assert!(
        found[8..14]
            .iter()
            .all(|f| f.starts_with("info restCallUnknownPath: The client calls GET /api/v1/cloud/"))
    );
}

#[test]
fn a_guard_on_another_requests_response_is_not_this_ones() {
    // `!roomResponse.ok` tests the second request's response: on that branch the first
    // request's body is its 201, not a failure body (no misread), and the first request's
    // own 400 is still unhandled where nothing tests its response.
    let report = check("another_response");
    assert_eq!(
        pairs(&report),
        [
            "POST /api/docs api/server.ts::post web/upload.ts::upload",
            "POST /api/docs api/server.ts::post web/upload.ts::uploadConst",
            "POST /api/rooms/{id}/docs api/server.ts::post web/upload.ts::upload",
            "POST /api/rooms/{id}/docs api/server.ts::post web/upload.ts::uploadConst",
        ]
    );
    assert_eq!(
        findings(&report),
        [
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_failure_handler_chained_on_the_call_handles_every_failure() {
    // `$.post(url).done(show).fail(report)`: jQuery hands every failure to `.fail`, as a
    // promise hands it to `.catch` (the pack's `metadata.http.rejectionMethods`).
    let silent = check("chained_failure_handler/silent");
    assert_eq!(
        pairs(&silent),
        ["POST /v1/notes/{note_id}/archive api/main.py::archive web/static/notes.js::archiveNote"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // With `.done` alone the 404 reaches no handler.
    let fires = check("chained_failure_handler/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_request_handed_to_a_toast_with_an_error_entry_handles_every_failure() {
    // `toast.promise(archiving, { error })` with axios, which rejects on a failure status:
    // the toast's error message is the branch for every failure.
    let silent = check("toast_promise/silent");
    assert_eq!(
        pairs(&silent),
        ["POST /v1/notes/{note_id}/archive api/main.py::archive web/src/notes.ts::archiveNote"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Without an error entry the toast drops the rejection: the 404 reaches no handler.
    let fires = check("toast_promise/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_wrapper_returning_a_promise_chained_to_a_throw_delivers_failures_as_exceptions() {
    // `if (res.status >= 400) return res.text().then((t) => { throw new Error(t) })`: the
    // wrapper's promise is rejected on every failure, so the consumer's catch handles them.
    let silent = check("chain_rejected/silent");
    assert_eq!(
        pairs(&silent),
        ["POST /v1/notes/{note_id}/archive api/main.py::archive web/src/notes.ts::archiveNote"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // A chain that hands the error text back resolves: the 404 arrives as a value.
    let fires = check("chain_rejected/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_wrapper_that_catches_its_request_handles_every_failure() {
    // `get` chains a `.catch` on the axios call, `del` wraps it in a `try`, and `post` hands
    // `http.post` to a `safe` that sends it with a `.catch`; none throws again, so callers get
    // `{ data: null, error }` and never the failure itself.
    let silent = check("wrapper_catches_request/silent");
    assert_eq!(
        pairs(&silent),
        [
            "DELETE /api/notes/{note_id} api/main.py::delete_note web/src/page.ts::removeNote",
            "GET /api/notes/{note_id} api/main.py::read_note web/src/page.ts::showNote",
            "POST /api/notes api/main.py::create_note web/src/page.ts::addNote"
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // The same catches log and throw again: the 404 reaches callers that go on as if it had
    // worked.
    let fires = check("wrapper_catches_request/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_failure_every_caller_catches_is_handled() {
    // `archiveNote` lets the axios failure escape; its callers chain `.catch` or wrap the
    // awaited call in a `try` with a `catch`.
    let silent = check("caller_catches/silent");
    assert_eq!(
        pairs(&silent),
        ["POST /v1/notes/{note_id}/archive api/main.py::archive web/src/api.ts::archiveNote"]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // One caller awaits it and catches nothing, and nothing calls that caller.
    let fires = check("caller_catches/fires");
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_wrapper_handing_the_body_to_its_callers_is_judged_at_those_callers() {
    // `getUser` returns the parsed body; `showUser` calls it and tests `ok`, which every success
    // sets and the 404's body lacks. The wrapper is not judged on its own: its caller is where
    // the 404 is handled.
    let silent = check("pass_through_wrapper/silent");
    assert_eq!(
        pairs(&silent),
        [
            "GET /api/users/{user_id} api/main.py::read_user web/src/page.ts::showUser",
            "GET /api/users/{user_id} api/main.py::read_user web/src/users.ts::getUser",
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // The same wrapper with no caller in the project: nothing else handles the 404. And a
    // wrapper that drops the response (`recordVisit`, called by `onOpen`) hands its caller
    // nothing to handle: it is judged itself.
    let fires = check("pass_through_wrapper/fires");
    assert_eq!(
        pairs(&fires),
        [
            "GET /api/users/{user_id} api/main.py::read_user web/src/users.ts::getUser",
            "GET /api/users/{user_id} api/main.py::read_user web/src/visits.ts::onOpen",
            "GET /api/users/{user_id} api/main.py::read_user web/src/visits.ts::recordVisit",
        ]
    );
    let consumers: Vec<String> = fires["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            format!(
                "{} {}",
                f["description"].as_str().unwrap_or("?"),
                f["consumer"]["summary"].as_str().unwrap_or("?")
            )
        })
        .collect();
    assert_eq!(
        consumers,
        [
            "Provider produces status 404 but no consumer branch handles it web/src/users.ts::getUser",
            "Provider produces status 404 but no consumer branch handles it web/src/visits.ts::recordVisit",
        ]
    );
}

#[test]
fn a_status_every_served_operation_declares_is_the_servers_error_handling() {
    // Every operation a handler of the repository serves declares the 400 a shared error
    // handler sends (a generated document describing a framework's validation advice); only
    // `GET /health`, which no handler here serves, leaves it out. The 400 is the server's, not
    // a handler's that never sends it.
    let silent = check("shared_error_status/silent");
    assert_eq!(
        pairs(&silent),
        [
            "DELETE /items/{id} api/server.js::delete api/openapi.json::deleteItem",
            "GET /items api/server.js::get api/openapi.json::listItems",
            "GET /items/{id} api/server.js::get api/openapi.json::getItem"
        ]
    );
    assert_eq!(
        findings(&silent),
        [
            "warning contractOperationUnimplemented: api/openapi.json declares GET /health (health), but no handler in the repository serves it, so a client written against the document gets a 404 or 405"
        ]
    );
    // A served operation that leaves the 400 out: the others' 400s are their own to send.
    let fires = check("shared_error_status/fires");
    assert_eq!(
        findings(&fires),
        [
            "error providerContractViolation: Declared response 400 in api/openapi.json is never produced by the handler, so a client branch written for it never runs",
            "error providerContractViolation: Declared response 400 in api/openapi.json is never produced by the handler, so a client branch written for it never runs",
            "warning contractOperationUnimplemented: api/openapi.json declares GET /health (health), but no handler in the repository serves it, so a client written against the document gets a 404 or 405"
        ]
    );
}

#[test]
fn a_wrapper_that_ends_every_failure_in_its_own_fallback_handles_it() {
    // `keys` throws on every failure and catches the throw on the same chain; `update` never
    // tests the status, but the 500 comes with no body, so `res.json()` rejects into its
    // catch; `exportCsv` returns only a successful response and throws after the `if`. Their
    // callers get a fallback value, never the failure. `reset` hands back `res.ok`, which its
    // caller tests.
    let silent = check("caught_in_wrapper/silent");
    assert_eq!(
        pairs(&silent),
        [
            "GET /api/export api/server.js::get web/api.js::exportCsv",
            "GET /api/export api/server.js::get web/page.js::download",
            "GET /api/keys api/server.js::get web/api.js::keys",
            "GET /api/keys api/server.js::get web/page.js::showKeys",
            "POST /api/reset api/server.js::post web/api.js::reset",
            "POST /api/reset api/server.js::post web/page.js::onReset",
            "POST /api/update api/server.js::post web/api.js::update",
            "POST /api/update api/server.js::post web/page.js::save"
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Without the catches the failures reach callers that go on as if the call had worked; an
    // `if` on success that neither returns nor is followed by a throw hands a failure's body on,
    // and a caller that never looks at the `ok` it is handed goes on as if the reset was done.
    let fires = check("caught_in_wrapper/fires");
    assert_eq!(
        finding_consumers(&fires),
        [
            "web/page.js::download",
            "web/page.js::showKeys",
            "web/page.js::onReset",
            "web/page.js::save"
        ]
    );
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 500 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 500 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 500 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 500 but no consumer branch handles it"
        ]
    );
}

/// A function that lets failures escape, called by a callback a component hands to a child
/// form (`<LoginForm submit={performLogin} />`), where the form calls its `submit` prop with a
/// `.catch`: the failure is caught there. Two cards hand the form two different callbacks, so
/// the prop stands for neither alone; each is still called where the form calls it.
#[test]
fn callback_handed_to_a_form_that_catches() {
    let silent = check("handed_callback/silent");
    assert_eq!(
        pairs(&silent),
        [
            "POST /api/ldap/login api/server.js::post web/src/LdapCard.tsx::anonymous",
            "POST /api/ldap/login api/server.js::post web/src/api.ts::doLdapLogin",
            "POST /api/login api/server.js::post web/src/LoginCard.tsx::anonymous",
            "POST /api/login api/server.js::post web/src/api.ts::doLogin"
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // The form that never catches: each 401 goes nowhere.
    let fires = check("handed_callback/fires");
    assert_eq!(
        finding_consumers(&fires),
        ["web/src/api.ts::doLdapLogin", "web/src/api.ts::doLogin"]
    );
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 401 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 401 but no consumer branch handles it"
        ]
    );
}

/// A server address kept in a state store (`create((set) => ({ settings: { address:
/// "https://cloud.example.app" } }))`) is what the user sets: the store's initial value is a
/// default, so the call keeps an unknown start and pairs with this server's route. The same
/// address returned by a plain function is where the call goes: another host.
#[test]
fn a_store_s_initial_state_is_not_the_address() {
    let silent = check("store_default_base/silent");
    assert_eq!(
        pairs(&silent),
        ["GET /api/health api/server.js::get web/health.ts::checkServer"]
    );
    assert_eq!(unpairable(&silent), Vec::<String>::new());
    let fires = check("store_default_base/fires");
    assert_eq!(pairs(&fires), Vec::<String>::new());
    assert_eq!(unpairable(&fires), ["GET /api/health external"]);
}

/// The consumers in `report` a finding names, one per finding, in report order.
fn finding_consumers(report: &Value) -> Vec<String> {
    report["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| f["consumer"]["summary"].as_str().unwrap_or("?").to_owned())
        .collect()
}

#[test]
fn a_body_flag_read_through_a_wrapper_that_parses_the_body_tells_the_failure_apart() {
    // `approve` hands back `res.json()` from a `.then`, `deny` returns `res.json()` itself, and
    // `footer` parses where it asks: each caller destructures or reads the body and tests the
    // flag the provider sets false on its 400 and true on its 200.
    let silent = check("body_flag_through_wrapper/silent");
    assert_eq!(
        pairs(&silent),
        [
            "GET /api/footer api/server.js::get web/page.js::footer",
            "POST /api/users/approve api/server.js::post web/api.js::approve",
            "POST /api/users/approve api/server.js::post web/page.js::onApprove",
            "POST /api/users/deny api/server.js::post web/api.js::deny",
            "POST /api/users/deny api/server.js::post web/page.js::onDeny"
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Reading the body without testing the flag shows the 400's body as if the call had
    // worked.
    let fires = check("body_flag_through_wrapper/fires");
    assert_eq!(
        finding_consumers(&fires),
        ["web/page.js::footer", "web/page.js::onApprove"]
    );
    assert_eq!(
        findings(&fires),
        [
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it",
            "warning unhandledProviderCase: Provider produces status 400 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_catch_all_route_says_nothing_of_which_program_a_loopback_port_is() {
    // `http://127.0.0.1:5001/hub/v1/items` meets only the server's fallback (`app.all("*")`),
    // which meets every path: port 5001 is another program's, so the call is external rather
    // than a request this server answers with its 404.
    let report = check("catch_all_port");
    assert_eq!(
        pairs(&report),
        ["GET /api/items api/server.js::get web/hub.js::items"]
    );
    assert_eq!(unpairable(&report), ["GET /hub/v1/items external"]);
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn a_url_that_is_one_environment_variable_has_an_unknown_path() {
    // `fetch(process.env.TEAMS_WEBHOOK, …)`: the variable holds the whole URL, so the call
    // could go anywhere and meets no route; a variable in front of `/` is the deployment's base,
    // so that call meets the root route.
    let report = check("webhook_setting");
    assert_eq!(
        pairs(&report),
        ["POST / api/server.js::post web/notify.js::shoot"]
    );
    assert_eq!(unpairable(&report), ["POST /{value} unknownDestination"]);
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn options_handed_on_through_a_rest_pattern_keep_their_method() {
    // `fetchJson({ path, method: "PUT" })` into `function fetchJson({ body, path, ...options })`
    // that calls `fetch(path, { ...options })`: the method is the caller's, not GET, so the call
    // does not pair with the GET route of the same path. The same for `const { path, ...init }
    // = request` in the body; a method named beside the rest (and not handed on) stays out of
    // it. A query-string builder (`''` or `?…`) after the path adds no segment: `/item/test`
    // + getQueryString(params) is not `/item/test{value}`, which met `/api/item/:id`.
    let report = check("rest_options");
    assert_eq!(
        pairs(&report),
        [
            "GET /api/item api/server.js::get web/items.ts::listItems",
            "POST /api/item/test api/server.js::post web/items.ts::testItem",
            "PUT /api/item/{id} api/server.js::put web/items.ts::renameItem",
            "PUT /api/item/{id} api/server.js::put web/items.ts::saveItem",
        ]
    );
    assert_eq!(unpairable(&report), Vec::<String>::new());
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn a_key_written_into_local_options_is_read_after_the_write() {
    // `options.url = apiRoot + options.url`, done by a helper the options are handed to or in
    // the function itself, with a root only the page knows: the call's start is unknown and
    // its path ends the route's. A read before the write is the URL the caller passed.
    let report = check("written_key");
    assert_eq!(
        pairs(&report),
        [
            "POST /api/v1/tag api/server.js::post web/calls.js::addTag",
            "PUT /api/v1/config/host api/server.js::put web/calls.js::saveHost",
        ]
    );
    assert_eq!(findings(&report), Vec::<String>::new());
}

#[test]
fn a_format_extension_reaches_a_route_only_where_the_framework_answers_it() {
    // Rails draws every route with an optional `(.:format)`: `/notes.json` is notes#index.
    let silent = check("format_suffix/silent");
    assert_eq!(
        pairs(&silent),
        [
            "GET /notes app/controllers/notes_controller.rb::index app/javascript/notes.js::loadNotes"
        ]
    );
    assert_eq!(findings(&silent), Vec::<String>::new());
    // Express matches the path as written: `/notes.json` meets no route, `/notes` does.
    let fires = check("format_suffix/fires");
    assert_eq!(
        pairs(&fires),
        ["GET /notes server/app.js::get web/notes.js::loadNotes"]
    );
    let unmatched: Vec<&str> = fires["unmatched"]["consumers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["key"].as_str())
        .collect();
    assert_eq!(unmatched, ["GET /notes.json"]);
}
