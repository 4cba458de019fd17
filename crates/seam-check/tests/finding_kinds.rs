//! Each finding kind fires on its fixture and stays silent on the agreeing variant. Fixtures are
//! hand-written v7 summaries: `tests/fixtures/<kind>/<variant>/{provider,consumer}.json`.

mod common;

use common::{check_pair, lines};
use seam_check::SuppressionSet;

fn findings(dir: &str) -> Vec<String> {
    lines(&check_pair(dir, &SuppressionSet::none()))
}

#[test]
fn unhandled_provider_case_status_form() {
    assert_eq!(
        findings("unhandledProviderCase/fires"),
        [
            "warning unhandledProviderCase getUser:response:404:2222222 -: Provider produces status 404 but no consumer branch handles it"
        ]
    );
    assert!(findings("unhandledProviderCase/silent").is_empty());
}

#[test]
fn unhandled_provider_case_range_form() {
    assert_eq!(
        findings("unhandledProviderCase/range-fires"),
        [
            "warning unhandledProviderCase getUser:response:none:3333333 -: Provider produces statuses in the 5XX range but no consumer branch handles any of them"
        ]
    );
    // `!res.ok` covers the whole 5XX class.
    assert!(findings("unhandledProviderCase/range-silent").is_empty());
}

#[test]
fn unhandled_provider_case_sub_case_form() {
    assert_eq!(
        findings("unhandledProviderCase/subcase-fires"),
        [
            "warning unhandledProviderCase getUser:response:200:4444444 -: Provider has 2 distinct cases for status 200 but consumer does not distinguish between them (transition getUser:response:200:4444444 has conditions the consumer ignores)"
        ]
    );
    assert!(findings("unhandledProviderCase/subcase-silent").is_empty());
    // The bodies differ only in `admin`, which this consumer never reads: nothing to tell.
    assert!(findings("unhandledProviderCase/subcase-unread").is_empty());
    // The field the consumer reads is a literal on one case and a value the reader could not
    // see on the other (`{ message: result.message }`): nothing says the two differ.
    assert!(findings("unhandledProviderCase/subcase-unknown").is_empty());
    // Two 400s whose bodies differ only in the message of the field the consumer reads and
    // throws with (one written out, one built from the error): each case gets its own
    // message, nothing is misread.
    assert!(findings("unhandledProviderCase/subcase-messages").is_empty());
    // The empty page writes its count out (`meta: { total: 0 }`, `items: []`), the others give
    // values the reader could not see (`meta: { total }`): nothing inside says they differ.
    assert!(findings("unhandledProviderCase/subcase-nested-unknown").is_empty());
}

#[test]
fn misread_provider_response() {
    assert_eq!(
        findings("misreadProviderResponse/fires"),
        [
            "error misreadProviderResponse getUser:response:200:1111111 loadUser:return:none:aaaaaaa: The consumer's fall-through path reads \"displayName\", but the 200 body the provider sends does not include it, and neither does any other response, so the read comes back undefined and no error says so."
        ]
    );
    assert!(findings("misreadProviderResponse/silent").is_empty());
    // A read that accepts the field's absence (`unknown | undefined`: a fallback, a test, an
    // optional chain) is not a misread; the plain read beside it still is.
    assert_eq!(
        findings("misreadProviderResponse/tolerant"),
        [
            "error misreadProviderResponse getUser:response:200:1111111 loadUser:return:none:aaaaaaa: The consumer's fall-through path reads \"nickname\", but the 200 body the provider sends does not include it, and neither does any other response, so the read comes back undefined and no error says so."
        ]
    );
}

#[test]
fn dead_consumer_branch() {
    assert_eq!(
        findings("deadConsumerBranch/fires"),
        [
            "warning deadConsumerBranch - loadUser:return:none:eeeeeee: Consumer expects status 410 but provider never produces it"
        ]
    );
    assert!(findings("deadConsumerBranch/silent").is_empty());
}

#[test]
fn low_confidence() {
    assert_eq!(
        findings("lowConfidence/fires"),
        [
            "info lowConfidence getUser:response:dyn:err.code:6666666 -: Provider transition getUser:response:dyn:err.code:6666666 has an opaque status code, so whether the consumer handles it cannot be verified"
        ]
    );
    assert!(findings("lowConfidence/silent").is_empty());
}

#[test]
fn rest_call_unknown_path() {
    let report = check_pair("restCallUnknownPath/fires", &SuppressionSet::none());
    assert_eq!(
        lines(&report),
        [
            "error restCallUnknownPath - -: The client calls DELETE /api/orders/{id}, which no provider in the analysed code serves, so the request fails with a 404 or 405 at run time (nearest routes: GET /api/orders/{id}, PATCH /api/orders/{id}, GET /api/orders)"
        ]
    );
    assert_eq!(report.findings[0].provider.summary, "server/orders.ts::get");
    assert_eq!(
        report.findings[0].consumer.summary,
        "web/orders.ts::deleteOrder"
    );
    // A call under a prefix no provider serves is another service's, not a wrong path.
    assert!(findings("restCallUnknownPath/silent").is_empty());
}

#[test]
fn provider_contract_violation() {
    assert_eq!(
        findings("providerContractViolation/fires"),
        [
            "error providerContractViolation - -: Declared response 404 is never produced by the handler",
            "error providerContractViolation getUser:response:401:aaaaaa1 -: Handler produces status 401 which is not declared in the contract",
            "warning deadConsumerBranch - loadUser:return:none:bbbbbbb: Consumer expects status 404 but provider never produces it",
        ]
    );
    assert!(findings("providerContractViolation/silent").is_empty());
    // A declared error status is only "never produced" when no path raises (the framework
    // turns an exception into a status seam cannot see), and a declared 5xx never is: getItem
    // raises, listItems does not.
    assert_eq!(
        findings("providerContractViolation/error-paths"),
        [
            "error providerContractViolation - -: Declared response 400 is never produced by the handler"
        ]
    );
}

#[test]
fn consumer_contract_violation() {
    assert_eq!(
        findings("consumerContractViolation/fires"),
        // The document's 500 is the server's shared error handling, not this handler's to send.
        Vec::<String>::new()
    );
    // With the handler in the run, the client is checked against the handler, not the spec.
    assert!(findings("consumerContractViolation/silent").is_empty());
    // A third-party API: the spec is all there is, so the client is checked against it as
    // against a provider.
    assert_eq!(
        findings("consumerContractViolation/third-party"),
        [
            "error misreadProviderResponse getUserById:response:200:c0200000 loadUser:return:none:aaaaaaa: The consumer's fall-through path reads \"email\", but the 200 body the provider sends does not include it, and neither does any other response, so the read comes back undefined and no error says so.",
            "warning deadConsumerBranch - loadUser:return:none:ccccccc: Consumer expects status 418 but provider never produces it",
            "warning unhandledProviderCase getUserById:response:404:c0404000 -: Provider produces status 404 but no consumer branch handles it",
            "warning unhandledProviderCase getUserById:response:500:c0500000 -: Provider produces status 500 but no consumer branch handles it",
        ]
    );
}

#[test]
fn contract_disagreement() {
    assert_eq!(
        findings("contractDisagreement/fires"),
        [
            "warning contractDisagreement - -: Sources disagree on status 500 at GET /users/{id}: declared by [api/openapi.yaml::getUserById], not declared by [gateway/openapi.json::getUserById], so clients and handlers built from different sources disagree on it"
        ]
    );
    assert!(findings("contractDisagreement/silent").is_empty());
}

#[test]
fn every_kind_documents_its_four_sections() {
    for kind in seam_check::KINDS {
        for section in [
            "## What it finds",
            "## Why it matters",
            "## Example",
            "## How to fix or suppress",
        ] {
            assert!(kind.doc.contains(section), "{} lacks {section}", kind.name);
        }
        assert!(kind.doc.starts_with(&format!("# {} (", kind.name)));
    }
}

#[test]
fn the_table_declares_each_kind_once_sorted_and_as_documented() {
    let names: Vec<&str> = seam_check::KINDS.iter().map(|k| k.name).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(names, sorted, "KINDS is sorted and names each kind once");
    for kind in seam_check::KINDS {
        // The documentation's heading states the severity the table declares.
        assert!(
            kind.doc
                .starts_with(&format!("# {} ({}", kind.name, kind.severity.as_str())),
            "{}: the heading and the table disagree on the severity",
            kind.name
        );
        assert!(seam_check::kind_info(kind.name).is_some());
    }
}

#[test]
fn a_suppression_may_name_every_kind_the_table_declares() {
    for kind in seam_check::KINDS {
        let rules = format!(
            "version: 1\nrules:\n  - kind: {}\n    scope: broad\n    reason: accepted for the test\n",
            kind.name
        );
        let parsed = seam_check::suppressions::parse_suppressions(&rules, "test", false);
        assert!(parsed.is_ok(), "{}: {:?}", kind.name, parsed.err());
    }
}
