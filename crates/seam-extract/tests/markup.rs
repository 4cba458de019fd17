//! URLs a page's scripts read from the markup a server rendered: element attributes written by
//! page templates (`data-status-url="{% url 'hc-status' check.code %}"`) and read by scripts
//! (`document.getElementById("events").dataset.statusUrl`, `this.dataset.url` in a handler
//! registered on `$("#transfer-btn")`), the template tag naming a route by its `name=`.

mod support;
use support::extract;

/// `file METHOD path line` per client summary, the line of its request (the interaction
/// effect with the summary's own binding).
fn calls(run: &seam_extract::Extraction) -> Vec<String> {
    run.summaries
        .iter()
        .filter_map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            let file = v["location"]["file"].as_str()?;
            let line = v["transitions"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|t| t["effects"].as_array().into_iter().flatten())
                .find(|e| {
                    e["type"] == "interaction"
                        && e["binding"]["semantics"]
                            == v["identity"]["boundaryBinding"]["semantics"]
                })
                .map_or("-".to_owned(), |e| e["location"]["start"].to_string());
            file.ends_with(".js").then(|| {
                format!(
                    "{file} {} {} {line}",
                    sem["method"].as_str().unwrap_or("-"),
                    sem["path"].as_str().unwrap_or("-"),
                )
            })
        })
        .collect()
}

#[test]
fn urls_read_from_template_attributes_are_the_routes_the_templates_name() {
    let run = extract("markup-urls", &[]);
    assert_eq!(
        calls(&run),
        [
            // `dataset.statusUrl` of `#events`: `{% url 'hc-status' check.code %}` (a client
            // path is written without its trailing slash).
            "static/js/details.js GET /checks/{code}/status 5",
            // `href` of `#base-url` (`{% url 'hc-index' %}`, `/`) less its last character, then
            // a query: the empty URL is the page's own, which nothing here says.
            "static/js/details.js GET - 19",
            // `this` in a handler registered on `#transfer-btn`.
            "static/js/details.js GET /checks/{code}/transfer 8",
            // `.integrations tr` chooses the `<tr>` of the table: both `{% url %}` arguments.
            "static/js/details.js POST /checks/{code}/channels/{channel_code}/enabled 12",
            // `{{ check.url }}` is the page's context: a hole, as before.
            "static/js/details.js POST /{url} 16",
            // `$.ajax(url)`: its one argument is the URL, read from `.edit-checks`.
            "static/js/details.js GET /checks/{code}/checks 23",
            // A function another classic script declares (`loadPingDetails`), its URL the
            // `{% url 'hc-ping-details' check.code '0' %}` less `0/`, then `n + "/"`.
            "static/js/details.js GET /checks/{code}/pings/{value} 29",
        ]
    );
}
