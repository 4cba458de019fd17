//! Benchmark (not a test): writes and reads 100,000 realistic summaries and prints MB/s for
//! each direction and the peak resident memory.
//!
//! `cargo run --release -p seam-ir --example summary_bench [-- COUNT]`

use std::io::BufReader;
use std::time::Instant;

use indexmap::IndexMap;
use seam_ir::summary::*;

fn input(name: &str, path: &[&str]) -> ValueRef {
    ValueRef::Input(InputValue {
        input_ref: name.to_owned(),
        path: path.iter().map(|p| (*p).to_owned()).collect(),
    })
}

fn literal(n: u64) -> ValueRef {
    ValueRef::Literal(LiteralValueRef {
        value: LiteralValue::Number(n.into()),
    })
}

fn record(fields: &[(&str, TypeShape)]) -> TypeShape {
    TypeShape::Record(RecordShape {
        properties: fields
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect::<IndexMap<_, _>>(),
        spreads: None,
    })
}

/// One handler-like summary: a few guarded branches, a DynamoDB read, a call, provenance.
fn summary(index: usize) -> BehavioralSummary {
    let module = index % 500;
    let file = format!("services/orders/src/module{module}/handler{index}.ts");
    let name = format!("handle{index}");
    let table = format!("Orders{}", index % 40);
    let binding = BoundaryBinding::storage(
        "aws-sdk",
        Some("aws.dynamodb"),
        "default",
        Some(&table),
        None,
        "aws-dynamodb",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let read = Effect::Interaction(InteractionEffect {
        binding,
        callee: Some("dynamo.send".to_owned()),
        group_id: None,
        preconditions: None,
        interaction: Interaction::StorageAccess(StorageAccess {
            kind: StorageAccessKind::Read,
            fields: vec!["*".to_owned()],
            operation: Some("GetItemCommand".to_owned()),
            selector: Some(vec!["orderId".to_owned()]),
            relation_path: None,
            relation_key: None,
            container_by_construction: None,
        }),
        location: Some(LineRange { start: 20, end: 25 }),
        count: None,
    });
    let validate = Effect::Invocation(InvocationEffect {
        callee: "validateOrderRequest".to_owned(),
        args: vec![serde_json::json!({"kind": "identifier", "name": "req"})],
        is_async: Some(false),
        summary: Some("services/orders/src/validate.ts::validateOrderRequest".to_owned()),
        declared_at: None,
        args_declared_at: None,
        args_summary: None,
        callee_parameter: None,
        receiver_class: None,
        receiver_constructions: None,
        preconditions: None,
        location: Some(LineRange { start: 18, end: 18 }),
        count: if index.is_multiple_of(3) {
            Some(2)
        } else {
            None
        },
    });
    let id_present = Predicate::TruthinessCheck(SubjectCheck {
        subject: input("req", &["params", "id"]),
        negated: false,
    });
    let error_body = record(&[("error", TypeShape::Text), ("code", TypeShape::Integer)]);
    let order_body = record(&[
        ("id", TypeShape::Text),
        ("total", TypeShape::Number),
        (
            "items",
            TypeShape::Array(ArrayShape {
                items: Box::new(record(&[
                    ("sku", TypeShape::Text),
                    ("qty", TypeShape::Integer),
                ])),
            }),
        ),
        (
            "status",
            TypeShape::Union(UnionShape {
                variants: vec![
                    TypeShape::Literal(LiteralShape {
                        value: ShapeLiteral::Text("open".to_owned()),
                        raw: None,
                    }),
                    TypeShape::Literal(LiteralShape {
                        value: ShapeLiteral::Text("paid".to_owned()),
                        raw: None,
                    }),
                ],
            }),
        ),
    ]);
    let response = |status: u64, body: &TypeShape| {
        Output::Response(ResponseOutput {
            status_code: Some(literal(status)),
            body: Some(body.clone()),
            headers: IndexMap::new(),
        })
    };
    let transition = |kind: &str,
                      status: u64,
                      conditions: Vec<Predicate>,
                      effects: Vec<Effect>,
                      body: &TypeShape,
                      line: u32| {
        let texts: Vec<String> = (0..conditions.len()).map(|i| format!("cond{i}")).collect();
        let chain: Vec<(Polarity, &str)> = texts
            .iter()
            .map(|t| (Polarity::Positive, t.as_str()))
            .collect();
        Transition {
            id: transition_id(&name, kind, &status.to_string(), &chain),
            conditions,
            output: response(status, body),
            effects: effects.into_iter().map(std::sync::Arc::new).collect(),
            location: LineRange {
                start: line,
                end: line,
            },
            is_default: false,
            confidence: None,
            expected_input: None,
            provenance: None,
            metadata: None,
        }
    };
    let mut found = transition(
        "response",
        200,
        vec![id_present.clone()],
        vec![validate.clone(), read.clone()],
        &order_body,
        30,
    );
    found.provenance = Some(vec![ProvenanceEntry {
        at: ProvenanceSite {
            slot: ProvenanceSlot::Selector,
            effect: 1,
            name: "orderId".to_owned(),
        },
        from: vec![input("req", &["params", "id"])],
    }]);
    let transitions = vec![
        transition(
            "response",
            400,
            vec![Predicate::Negation(Negation {
                operand: Box::new(id_present.clone()),
            })],
            vec![],
            &error_body,
            19,
        ),
        transition(
            "response",
            404,
            vec![
                id_present.clone(),
                Predicate::NullCheck(SubjectCheck {
                    subject: ValueRef::Dependency(DependencyValue {
                        name: "dynamo.send".to_owned(),
                        access_chain: vec!["Item".to_owned()],
                    }),
                    negated: false,
                }),
            ],
            vec![validate.clone(), read.clone()],
            &error_body,
            27,
        ),
        found,
    ];
    BehavioralSummary {
        kind: CodeUnitKind::Handler,
        location: SourceLocation {
            file: file.clone(),
            range: LineRange { start: 12, end: 40 },
            span: Some(CharSpan {
                start: 300,
                end: 1400,
            }),
            export_name: Some(name.clone()),
            workspace: Some("shop".to_owned()),
            module: None,
        },
        identity: CodeUnitIdentity {
            name: name.clone(),
            name_kind: Some(NameKind::Binding),
            export_path: Some(vec![name.clone()]),
            boundary_binding: Some(
                BoundaryBinding::rest(
                    "http",
                    Some("GET"),
                    Some(&format!("/orders/{module}/:id")),
                    "express",
                )
                .unwrap_or_else(|e| panic!("{e}")),
            ),
            deployable_unit: None,
            id: Some(summary_id(Some("shop"), &file, &name)),
        },
        inputs: ["req", "res"]
            .iter()
            .enumerate()
            .map(|(i, n)| {
                Input::Parameter(ParameterInput {
                    name: (*n).to_owned(),
                    position: i as u32,
                    role: Some(if i == 0 { "request" } else { "response" }.to_owned()),
                    shape: None,
                    field: None,
                })
            })
            .collect(),
        transitions,
        gaps: vec![],
        confidence: ConfidenceInfo {
            source: ConfidenceSource::InferredStatic,
            level: ConfidenceLevel::High,
            corroboration: None,
        },
        definitions: None,
        input_reads: None,
        receiver_class: None,
        metadata: None,
        schema_version: SchemaVersion,
    }
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_000_000.0
}

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let summaries: Vec<BehavioralSummary> = (0..count).map(summary).collect();
    println!(
        "generated {count} summaries; peak RSS so far {:.0} MB",
        peak_rss_mb()
    );
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));

    for expand in [false, true] {
        let path = dir.path().join(if expand {
            "expanded.json"
        } else {
            "shared.json"
        });
        let started = Instant::now();
        let cpu_started = cpu_seconds();
        write_summary_file(&path, &summaries, WriteOptions { expand })
            .unwrap_or_else(|e| panic!("{e}"));
        let write_time = started.elapsed().as_secs_f64();
        let write_cpu = cpu_seconds() - cpu_started;
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);

        let started = Instant::now();
        let cpu_started = cpu_seconds();
        let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{e}"));
        let mut read = 0usize;
        // Streamed and dropped one by one: what the reader itself costs, not the Vec.
        for summary in SummaryReader::new(BufReader::with_capacity(1 << 20, file), "bench") {
            summary.unwrap_or_else(|e| panic!("{e}"));
            read += 1;
        }
        let read_time = started.elapsed().as_secs_f64();
        let read_cpu = cpu_seconds() - cpu_started;
        assert_eq!(read, count);
        println!(
            "{:<8} file {:>7.1} MB | write {:>6.2} s {:>7.1} MB/s | read {:>6.2} s {:>7.1} MB/s | peak RSS {:.0} MB",
            if expand { "expanded" } else { "shared" },
            mb(size),
            write_time,
            mb(size) / write_time,
            read_time,
            mb(size) / read_time,
            peak_rss_mb()
        );
        println!(
            "{:<8} cpu time (this thread): write {write_cpu:>6.2} s {:>7.1} MB/s | read {read_cpu:>6.2} s {:>7.1} MB/s",
            "",
            mb(size) / write_cpu,
            mb(size) / read_cpu,
        );
    }
}

/// CPU time this thread has run, from the scheduler: steadier than wall time on a busy machine.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|text| {
            text.split_whitespace()
                .next()
                .and_then(|ns| ns.parse::<f64>().ok())
        })
        .map_or(f64::NAN, |ns| ns / 1e9)
}
