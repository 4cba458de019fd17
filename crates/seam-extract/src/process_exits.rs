//! Exit outcomes of process units: a file that ends its process with `process.exit(n)`
//! (JavaScript, TypeScript) or `sys.exit(n)` (Python) is one unit, a `worker` whose boundary
//! is the process (`unit-invocation`, deployment target `process`, instance name the file),
//! with one transition per exit call: the `exit` output with its code, under the `if` tests
//! that lead to the call (negated on an `else` branch).
//!
//! These summaries are made for intent checking (an intent's `exit: {code: n}` outcome on a
//! `unit-invocation` boundary with `deploymentTarget: process`); `seam extract` does not write
//! them.

use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, CodeUnitIdentity, CodeUnitKind, ConfidenceInfo,
    ConfidenceLevel, ConfidenceSource, ExitOutput, LineRange, Negation, Output, Polarity,
    Predicate, SchemaVersion, Semantics, SourceLocation, Transition, UnitInvocationSemantics,
    transition_id,
};
use seam_lang::model::{ExprId, ExprKind, FuncId, Model, StmtKind};

use crate::conditions::Scope;
use crate::files::enclosing_function;

/// The deployment target of a process unit's boundary.
pub const PROCESS_TARGET: &str = "process";

fn is_exit_call(model: &Model, callee: ExprId) -> bool {
    match model.member_chain(callee).as_deref() {
        Some(["process", "exit"]) => model.language.is_js_family(),
        Some(["sys", "exit"]) => model.language == seam_lang::model::Language::Python,
        Some(["System", "exit"]) => model.language == seam_lang::model::Language::Java,
        _ => false,
    }
}

/// The `if` tests leading to `call`, outermost first, with whether the call is on the `else`
/// side.
fn guards(model: &Model, call: ExprId) -> Vec<(ExprId, bool)> {
    let span = model.expr(call).span;
    let mut out: Vec<(u32, ExprId, bool)> = Vec::new();
    for stmt in &model.stmts {
        let StmtKind::If {
            test,
            consequent,
            alternate,
        } = &stmt.kind
        else {
            continue;
        };
        if model.stmt(*consequent).span.contains(span) {
            out.push((stmt.span.start, *test, false));
        } else if let Some(alternate) = alternate
            && model.stmt(*alternate).span.contains(span)
        {
            out.push((stmt.span.start, *test, true));
        }
    }
    out.sort_by_key(|(start, _, _)| *start);
    out.into_iter()
        .map(|(_, test, negated)| (test, negated))
        .collect()
}

/// One `worker` summary per file that calls `process.exit` / `sys.exit`.
pub fn extract_process_units(models: &[Model]) -> Vec<BehavioralSummary> {
    let mut out = Vec::new();
    for model in models {
        let exits: Vec<(ExprId, Option<ExprId>)> = model
            .exprs
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match &e.kind {
                ExprKind::Call { callee, args, .. } if is_exit_call(model, *callee) => {
                    Some((ExprId::from_index(i), args.first().map(|a| a.value)))
                }
                _ => None,
            })
            .collect();
        if exits.is_empty() {
            continue;
        }
        let name = model
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&model.path)
            .split('.')
            .next()
            .unwrap_or("main")
            .to_owned();
        let mut transitions = Vec::new();
        for (call, code) in exits {
            let span = model.expr(call).span;
            let scope = Scope {
                model,
                function: enclosing_function(model, span).unwrap_or(FuncId::from_index(usize::MAX)),
            };
            let mut conditions = Vec::new();
            let mut texts = Vec::new();
            for (test, negated) in guards(model, call) {
                let predicate = scope.predicate(test);
                texts.push((
                    if negated {
                        Polarity::Negative
                    } else {
                        Polarity::Positive
                    },
                    model.text_collapsed(model.expr(test).span),
                ));
                conditions.push(if negated {
                    Predicate::Negation(Negation {
                        operand: Box::new(predicate),
                    })
                } else {
                    predicate
                });
            }
            let code_value = code.map(|c| scope.value(c));
            let status_key = code
                .map(|c| model.text_collapsed(model.expr(c).span))
                .unwrap_or_else(|| "0".to_owned());
            let pairs: Vec<(Polarity, &str)> =
                texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
            let (start, end) = model.line_range(span);
            let id = transition_id(&name, "exit", &status_key, &pairs);
            if transitions.iter().any(|t: &Transition| t.id == id) {
                continue;
            }
            transitions.push(Transition {
                id,
                is_default: conditions.is_empty(),
                conditions,
                output: Output::Exit(ExitOutput { code: code_value }),
                effects: Vec::new(),
                location: LineRange { start, end },
                confidence: None,
                expected_input: None,
                provenance: None,
                metadata: None,
            });
        }
        let last = model.lines.position(model.source.len() as u32).line;
        out.push(BehavioralSummary {
            kind: CodeUnitKind::Worker,
            location: SourceLocation {
                file: model.path.clone(),
                range: LineRange {
                    start: 1,
                    end: last.max(1),
                },
                span: None,
                export_name: None,
                workspace: None,
                module: None,
            },
            identity: CodeUnitIdentity {
                name,
                name_kind: None,
                export_path: None,
                boundary_binding: Some(BoundaryBinding {
                    transport: PROCESS_TARGET.to_owned(),
                    semantics: Semantics::UnitInvocation(UnitInvocationSemantics {
                        deployment_target: PROCESS_TARGET.to_owned(),
                        instance_name: Some(model.path.clone()),
                    }),
                    recognition: PROCESS_TARGET.to_owned(),
                }),
                deployable_unit: None,
                id: None,
            },
            inputs: Vec::new(),
            transitions,
            gaps: Vec::new(),
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
        });
    }
    out
}
