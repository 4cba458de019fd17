//! The same request written twice in one function: two client summaries, each with its
//! interaction at its own call (identical effects fold into one, which the summary of the
//! later call locates at that call).

mod support;
use support::extract;

#[test]
fn each_call_of_a_repeated_request_is_located_at_its_own_line() {
    let run = extract("repeated-requests", &[]);
    let lines: Vec<String> = run
        .summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            let located: Vec<String> = v["transitions"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|t| t["effects"].as_array().into_iter().flatten())
                .filter(|e| e["type"] == "interaction")
                .map(|e| format!("{}x{}", e["location"]["start"], e["count"]))
                .collect();
            format!(
                "{} {} {}",
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-"),
                located.join(",")
            )
        })
        .collect();
    assert_eq!(lines, ["GET /api/status 2x2", "GET /api/status 3x2"]);
}
