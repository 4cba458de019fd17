//! `--fail-on`: comma-separated clauses `TOKEN` or `TOKEN:>N` (the threshold is after the
//! last colon, so `dropped-toggled:to-dropped:>10` is the token `dropped-toggled:to-dropped`
//! with N = 10). A clause trips when its observed count is above N (above 0 without one);
//! the first clause that trips decides.

use serde_json::Value;

/// Every token `--fail-on` accepts.
pub const TOKENS: [&str; 12] = [
    "added",
    "removed",
    "changed",
    "moved",
    "moved+changed",
    "dropped-toggled",
    "dropped-toggled:to-dropped",
    "dropped-toggled:to-kept",
    "unknown",
    "api-changed",
    "logic-changed",
    "syntax-changed",
];

/// One clause.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    pub token: String,
    pub threshold: u64,
}

/// Parses a `--fail-on` value; the error is a sentence for the user.
pub fn parse(spec: &str) -> Result<Vec<Clause>, String> {
    let mut clauses = Vec::new();
    for raw in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (token, threshold) = match raw.rfind(':') {
            Some(i) if raw[i + 1..].starts_with('>') => {
                let n = &raw[i + 2..];
                let ok = !n.is_empty()
                    && n.bytes().all(|b| b.is_ascii_digit())
                    && (n == "0" || !n.starts_with('0'));
                let value = n.parse::<u64>().ok().filter(|_| ok).ok_or_else(|| {
                    format!(
                        "the --fail-on clause `{raw}` has the threshold `{n}`; write a whole number without leading zeros, as in `{}:>3`",
                        &raw[..i]
                    )
                })?;
                (&raw[..i], value)
            }
            Some(i) if TOKENS.contains(&raw) => {
                let _ = i;
                (raw, 0)
            }
            Some(i) => {
                return Err(format!(
                    "the --fail-on clause `{raw}` compares with `{}`; only `TOKEN` or `TOKEN:>N` is accepted",
                    &raw[i + 1..]
                ));
            }
            None => (raw, 0),
        };
        if !TOKENS.contains(&token) {
            return Err(format!(
                "--fail-on does not know `{token}`; the tokens are {}",
                TOKENS.join(", ")
            ));
        }
        clauses.push(Clause {
            token: token.to_owned(),
            threshold,
        });
    }
    if clauses.is_empty() {
        return Err(
            "--fail-on needs at least one clause, such as `removed` or `api-changed:>5`".to_owned(),
        );
    }
    Ok(clauses)
}

/// The count a token observes in a diff document.
pub fn observed(diff: &Value, token: &str) -> u64 {
    let summary = |f: &str| diff["summary"][f].as_u64().unwrap_or(0);
    let symbols = diff["symbols"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    let count = |pred: &dyn Fn(&Value) -> bool| symbols.iter().filter(|s| pred(s)).count() as u64;
    let delta_flag = |flag: &str| {
        count(&|s| {
            matches!(s["status"].as_str(), Some("changed" | "moved+changed"))
                && s["delta"][flag].as_bool() == Some(true)
        })
    };
    match token {
        "added" => summary("added"),
        "removed" => summary("removed"),
        "changed" => summary("changed"),
        "moved" => summary("moved"),
        "moved+changed" => summary("movedChanged"),
        "dropped-toggled" => summary("droppedToggled"),
        "dropped-toggled:to-dropped" => {
            count(&|s| s["status"] == "dropped-toggled" && s["direction"] == "to-dropped")
        }
        "dropped-toggled:to-kept" => {
            count(&|s| s["status"] == "dropped-toggled" && s["direction"] == "to-kept")
        }
        "unknown" => count(&|s| s["status"] == "unknown"),
        "api-changed" => delta_flag("apiChanged"),
        "logic-changed" => delta_flag("logicChanged"),
        "syntax-changed" => delta_flag("syntaxChanged"),
        _ => 0,
    }
}

/// The first clause that trips, with what it observed.
pub fn tripped<'a>(clauses: &'a [Clause], diff: &Value) -> Option<(&'a Clause, u64)> {
    clauses.iter().find_map(|c| {
        let seen = observed(diff, &c.token);
        (seen > c.threshold).then_some((c, seen))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn grammar() {
        assert_eq!(
            parse("dropped-toggled:to-dropped:>10").unwrap(),
            vec![Clause {
                token: "dropped-toggled:to-dropped".into(),
                threshold: 10
            }]
        );
        assert_eq!(
            parse(" removed , ,api-changed:>0").unwrap(),
            vec![
                Clause {
                    token: "removed".into(),
                    threshold: 0
                },
                Clause {
                    token: "api-changed".into(),
                    threshold: 0
                }
            ]
        );
        assert_eq!(
            parse("dropped-toggled:to-kept").unwrap()[0].token,
            "dropped-toggled:to-kept"
        );
        for bad in [
            "",
            " , ",
            "added:>010",
            "added:>1.5",
            "added:>-1",
            "added:>",
            "added:>=3",
            "added:<3",
            "nonsense",
        ] {
            assert!(parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn thresholds_trip_above_n() {
        let diff = json!({"summary": {"added": 2}, "symbols": []});
        let c = parse("added:>2").unwrap();
        assert!(tripped(&c, &diff).is_none());
        let c = parse("removed,added:>1").unwrap();
        let (clause, seen) = tripped(&c, &diff).unwrap();
        assert_eq!((clause.token.as_str(), seen), ("added", 2));
    }

    #[test]
    fn directional_and_delta_tokens_count_entries() {
        let diff = json!({"summary": {}, "symbols": [
            {"status": "dropped-toggled", "direction": "to-dropped"},
            {"status": "dropped-toggled", "direction": "to-kept"},
            {"status": "changed", "delta": {"apiChanged": true, "logicChanged": false}},
            {"status": "moved+changed", "delta": {"apiChanged": true, "logicChanged": true}},
            {"status": "unknown"}
        ]});
        assert_eq!(observed(&diff, "dropped-toggled:to-dropped"), 1);
        assert_eq!(observed(&diff, "api-changed"), 2);
        assert_eq!(observed(&diff, "logic-changed"), 1);
        assert_eq!(observed(&diff, "unknown"), 1);
    }
}
