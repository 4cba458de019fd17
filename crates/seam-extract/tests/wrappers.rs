//! Routes registered through a project function that wraps the registration (Python and
//! TypeScript), against their checked-in summaries and exact (method, path, name) lists.

use seam_ir::summary::BehavioralSummary;

mod support;
use support::text;

fn extract(name: &str) -> Vec<BehavioralSummary> {
    support::extract(name, &[]).summaries
}

/// (kind, method, path, name) of every summary, in output order.
fn routes(summaries: &[BehavioralSummary]) -> Vec<String> {
    summaries
        .iter()
        .map(|s| {
            let binding = serde_json::to_value(&s.identity.boundary_binding).expect("serialises");
            format!(
                "{} {} {} {}",
                serde_json::to_value(&s.kind)
                    .expect("serialises")
                    .as_str()
                    .unwrap_or(""),
                binding["semantics"]["method"].as_str().unwrap_or("-"),
                binding["semantics"]["path"].as_str().unwrap_or("-"),
                s.identity.name
            )
        })
        .collect()
}

#[test]
fn python_route_wrapper_registers_once_per_call() {
    let summaries = extract("route-wrappers-py");
    // A loop over a literal list registers once per element (`/ping`, `/people/{id}`), also
    // through a helper whose caller passes the list (`register_all`: `/v2/orders`); a helper
    // calling a helper with its own parameter registers too (`register_orders`: `/v3/orders`).
    assert_eq!(
        routes(&summaries),
        [
            "handler GET /api/health get",
            "handler GET /api/ping get",
            "handler GET /api/users/{id} get",
            "handler GET /api/people/{id} get",
            "handler DELETE /api/users/{id} delete",
            "handler DELETE /api/people/{id} delete",
            "handler POST /api/v3/orders post",
            "handler POST /api/orders post",
            "handler POST /api/v2/orders post",
        ]
    );
    insta::assert_snapshot!(text(&summaries));
}

#[test]
fn typescript_route_wrapper_registers_once_per_call() {
    let summaries = extract("route-wrappers-ts");
    assert_eq!(
        routes(&summaries),
        [
            "handler GET /users/:id getUser",
            "handler GET /orders get",
            "handler GET /internal/health get",
        ]
    );
    insta::assert_snapshot!(text(&summaries));
}

/// (name, role, field) of a summary's parameters.
fn input_roles(s: &BehavioralSummary) -> Vec<String> {
    let inputs = serde_json::to_value(&s.inputs).expect("serialises");
    inputs
        .as_array()
        .map(|list| {
            list.iter()
                .map(|i| {
                    format!(
                        "{} {} {}",
                        i["name"].as_str().unwrap_or("-"),
                        i["role"].as_str().unwrap_or("-"),
                        i["field"].as_str().unwrap_or("-")
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn python_clients_read_base_urls_and_clients_from_instance_fields() {
    let summaries = extract("python-clients");
    assert_eq!(
        routes(&summaries),
        [
            "client GET /api/users/{id} get_user",
            "client GET /api/items list_items",
            "client GET /v2/orders/{order_id} order_total",
            "client POST /v2/orders/{order_id}/cancel cancel",
            // `self.base` is assigned in two methods: an unknown base, not a guess.
            "client GET /ping ping",
        ]
    );
    insta::assert_snapshot!(text(&summaries));
}

/// A URL joined from a list of segments (`"/".join(path_list)`) with segments appended only
/// when the caller passes them (`if object_id is not None`): each call site reads the form its
/// arguments choose.
#[test]
fn python_urls_joined_from_lists_follow_the_arguments_passed() {
    let summaries = extract("python-joined-urls");
    assert_eq!(
        routes(&summaries),
        [
            "client GET /api/v2/meal list_meals",
            // `str(object_id)`: a hole named after the value converted.
            "client GET /api/v2/meal/{object_id} get_meal",
            "client GET /api/v2/meal/{object_id}/nutritional_values meal_values",
        ]
    );
}

#[test]
fn fastapi_plain_parameters_are_query_models_are_body_holes_are_path() {
    let summaries = extract("fastapi-params");
    assert_eq!(
        routes(&summaries),
        [
            "handler GET /items/{item_id} read_item",
            "handler PUT /items/{item_id} update_item",
        ]
    );
    assert_eq!(
        input_roles(&summaries[0]),
        ["item_id path item_id", "q query q", "limit query limit"]
    );
    assert_eq!(
        input_roles(&summaries[1]),
        ["item_id path item_id", "item body -", "notify query notify"]
    );
    insta::assert_snapshot!(text(&summaries));
}
