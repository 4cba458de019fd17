//! A client that delivers non-2xx statuses as exceptions (`metadata.http.failureDelivery:
//! "exception"`, as axios does) covers them only in a consumer that catches: without a catch
//! the exception escapes to the caller, and the provider's 404 stays unhandled.

mod common;

use common::{fixture, lines};
use seam_check::{CheckInput, SuppressionSet, check};
use seam_ir::summary::{
    BehavioralSummary, OpaquePredicate, OpaqueReason, Predicate, read_summary_file,
};

fn read(rel: &str) -> Vec<BehavioralSummary> {
    match read_summary_file(&fixture(rel)) {
        Ok(s) => s,
        Err(e) => panic!("{rel} does not read: {e}"),
    }
}

fn delivering_exceptions(mut consumers: Vec<BehavioralSummary>) -> Vec<BehavioralSummary> {
    for c in &mut consumers {
        let metadata = c.metadata.get_or_insert_with(Default::default);
        metadata.insert(
            "http".to_owned(),
            serde_json::json!({ "failureDelivery": "exception", "redirectDelivery": "followed" }),
        );
    }
    consumers
}

fn findings(consumers: Vec<BehavioralSummary>) -> Vec<String> {
    let providers = read("unhandledProviderCase/fires/provider.json");
    lines(&check(
        &CheckInput::two_files(providers, consumers),
        &SuppressionSet::none(),
    ))
}

#[test]
fn an_uncaught_exception_leaves_the_status_unhandled() {
    let consumers = delivering_exceptions(read("unhandledProviderCase/fires/consumer.json"));
    assert_eq!(
        findings(consumers),
        [
            "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

#[test]
fn a_catch_path_handles_every_failure() {
    let mut consumers = delivering_exceptions(read("unhandledProviderCase/fires/consumer.json"));
    let mut caught = consumers[0].transitions[0].clone();
    caught.id = "loadUser:return:none:ccccccc".to_owned();
    caught.is_default = false;
    caught.expected_input = None;
    caught.conditions = vec![Predicate::Opaque(OpaquePredicate {
        source_text: seam_check::http::CATCH_CONDITION.to_owned(),
        reason: OpaqueReason::UnsupportedSyntax,
    })];
    consumers[0].transitions.push(caught);
    assert_eq!(findings(consumers), Vec::<String>::new());
}

/// A response handed to a promise callback that branches on it is handled in code the summary
/// keeps only as text: not reported. A callback that does not branch leaves the 404 unhandled.
#[test]
fn a_branching_then_callback_is_not_judged() {
    let with_callback = |source: &str| {
        let mut consumers = read("unhandledProviderCase/fires/consumer.json");
        let effect: seam_ir::summary::Effect = serde_json::from_value(serde_json::json!({
            "type": "invocation",
            "callee": "fetch(url) .then",
            "args": [{ "kind": "expression", "sourceText": source }],
            "async": false
        }))
        .expect("an invocation effect");
        for t in &mut consumers[0].transitions {
            t.effects.push(effect.clone().into());
        }
        findings(consumers)
    };
    assert_eq!(
        with_callback("function (r) { if (r.success) { show(r) } else { alert(r.errors) } }"),
        Vec::<String>::new()
    );
    assert_eq!(
        with_callback("(r) => render(r.user)"),
        [
            "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

/// A consumer that returns the client call's result and catches nothing passes an exception
/// on to its caller: not judged here. The same consumer whose call is not the returned value
/// keeps the finding.
#[test]
fn returning_the_call_passes_the_failure_to_the_caller() {
    let with_call_at = |line: u32| {
        let mut consumers =
            delivering_exceptions(read("unhandledProviderCase/fires/consumer.json"));
        let effect: seam_ir::summary::Effect = serde_json::from_value(serde_json::json!({
            "type": "interaction",
            "binding": {
                "transport": "http",
                "semantics": { "name": "rest", "method": "GET", "path": "/users/{id}" },
                "recognition": "axios"
            },
            "interaction": { "class": "service-call", "method": "GET" },
            "location": { "start": line, "end": line }
        }))
        .expect("an interaction effect");
        consumers[0].transitions[0].effects.push(effect.into());
        findings(consumers)
    };
    // The transition returns at line 9: a call on line 9 is the returned value.
    assert_eq!(with_call_at(9), Vec::<String>::new());
    assert_eq!(
        with_call_at(7),
        [
            "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it"
        ]
    );
}

/// A rejection handler chained on the client call's promise (`.catch(fn)`, `.then(ok, fail)`)
/// is the branch for every failure status; one chained on another promise is not.
#[test]
fn a_catch_chained_on_the_call_handles_every_failure() {
    let with_chain = |chained: &str, args: usize| {
        let mut consumers =
            delivering_exceptions(read("unhandledProviderCase/fires/consumer.json"));
        let call: seam_ir::summary::Effect = serde_json::from_value(serde_json::json!({
            "type": "interaction",
            "binding": {
                "transport": "http",
                "semantics": { "name": "rest", "method": "GET", "path": "/users/{id}" },
                "recognition": "axios"
            },
            "callee": "UsersApi.get",
            "interaction": { "class": "service-call", "method": "GET" },
            "location": { "start": 7, "end": 7 }
        }))
        .expect("an interaction effect");
        let handler: seam_ir::summary::Effect = serde_json::from_value(serde_json::json!({
            "type": "invocation",
            "callee": chained,
            "args": vec![serde_json::json!({ "kind": "expression", "sourceText": "() => done()" }); args],
            "async": false
        }))
        .expect("an invocation effect");
        consumers[0].transitions[0]
            .effects
            .extend([call, handler].map(std::sync::Arc::new));
        findings(consumers)
    };
    let unhandled = [
        "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it",
    ];
    assert_eq!(
        with_chain("UsersApi.get(id) .then((r) => show(r)) .catch", 1),
        Vec::<String>::new()
    );
    assert_eq!(
        with_chain("UsersApi.get(id) .then", 2),
        Vec::<String>::new()
    );
    assert_eq!(with_chain("UsersApi.get(id) .then", 1), unhandled);
    assert_eq!(with_chain("other.load() .catch", 1), unhandled);
}

/// The consumer catches a rejection of its parse of the body (`fetch(url).then((r) =>
/// r.json()).catch(() => null)`: `metadata.http.unparsedHandled`). A 404 sent with no body
/// fails the parse and ends in that handler; a 404 sent with a JSON body parses and reaches code
/// written for a success, so it stays unhandled.
#[test]
fn a_caught_parse_handles_a_failure_sent_with_no_body() {
    let mut consumers = read("unhandledProviderCase/fires/consumer.json");
    for c in &mut consumers {
        c.metadata.get_or_insert_with(Default::default).insert(
            "http".to_owned(),
            serde_json::json!({ "failureDelivery": "response", "unparsedHandled": true }),
        );
    }
    let with_body = read("unhandledProviderCase/fires/provider.json");
    let mut without_body = with_body.clone();
    for t in &mut without_body[0].transitions {
        if let seam_ir::summary::Output::Response(r) = &mut t.output
            && t.id.contains(":404:")
        {
            r.body = None;
        }
    }
    let run = |providers: Vec<BehavioralSummary>| {
        lines(&check(
            &CheckInput::two_files(providers, consumers.clone()),
            &SuppressionSet::none(),
        ))
    };
    assert_eq!(
        run(with_body),
        [
            "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it"
        ]
    );
    assert!(run(without_body).is_empty());
}
