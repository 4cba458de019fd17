//! Exit outcomes of process units: a file that ends its process with `process.exit(n)`
//! (JavaScript, TypeScript), `sys.exit(n)`, `os._exit(n)` or `raise SystemExit(n)` (Python), or
//! `System.exit(n)` (Java) is one unit, a `worker` whose boundary is the process
//! (`unit-invocation`, deployment target `process`, instance name the file), with one
//! transition per exit: the `exit` output with its code (0 when none is given), under the `if`
//! tests that lead to it (negated on an `else` branch).
//!
//! An exit whose code is what a function of the file returns (`sys.exit(main())`,
//! `raise SystemExit(main())`, `process.exit(main())`) gives that function's returns instead:
//! one `return` transition per `return` in its body, and the unit says its returned value is
//! the exit code (`metadata.process.exitCodeFrom: "return"`), so a `return 2` is exit code 2.
//!
//! These summaries are made for intent checking (an intent's `exit: {code: n}` outcome on a
//! `unit-invocation` boundary with `deploymentTarget: process`); `seam extract` does not write
//! them.

use seam_ir::summary::{
    BehavioralSummary, BoundaryBinding, CodeUnitIdentity, CodeUnitKind, ConfidenceInfo,
    ConfidenceLevel, ConfidenceSource, ExitOutput, LineRange, LiteralShape, LiteralValue,
    LiteralValueRef, Negation, Output, Polarity, Predicate, ReturnOutput, SchemaVersion, Semantics,
    ShapeLiteral, SourceLocation, Transition, TypeShape, UnitInvocationSemantics, ValueRef,
    transition_id,
};
use seam_lang::model::{BindingKind, ExprId, ExprKind, FuncId, Language, Model, Span, StmtKind};

use crate::conditions::Scope;
use crate::files::enclosing_function;

/// The deployment target of a process unit's boundary.
pub const PROCESS_TARGET: &str = "process";

fn is_exit_call(model: &Model, callee: ExprId) -> bool {
    match model.member_chain(callee).as_deref() {
        Some(["process", "exit"]) => model.language.is_js_family(),
        // `SystemExit(n)` is the exception `sys.exit` raises; raising it exits the same way.
        Some(["sys", "exit"] | ["os", "_exit"] | ["SystemExit"]) => {
            model.language == Language::Python
        }
        Some(["System", "exit"]) => model.language == Language::Java,
        _ => false,
    }
}

/// Every place the file ends its process: the expression (for its line and guards) and the
/// code expression, when one is given.
fn exits_of(model: &Model) -> Vec<(ExprId, Option<ExprId>)> {
    let mut out: Vec<(ExprId, Option<ExprId>)> = model
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
    // `raise SystemExit` without a call: exit code 0.
    if model.language == Language::Python {
        for stmt in &model.stmts {
            if let StmtKind::Throw {
                value: Some(value), ..
            } = &stmt.kind
                && matches!(&model.expr(*value).kind, ExprKind::Ident { name, .. } if name == "SystemExit")
            {
                out.push((*value, None));
            }
        }
    }
    out.sort_by_key(|(e, _)| model.expr(*e).span.start);
    out
}

/// The function of this file a code expression calls (`main()` in `sys.exit(main())`).
fn returning_function(model: &Model, code: ExprId) -> Option<FuncId> {
    let ExprKind::Call { callee, args, .. } = &model.expr(code).kind else {
        return None;
    };
    if !args.is_empty() {
        return None;
    }
    let binding = model.resolved_binding(*callee)?;
    match model.binding(binding).kind {
        BindingKind::Function { function } => Some(function),
        _ => None,
    }
}

/// The literal a returned expression is, as a shape (`return 2` → the literal 2).
fn returned_shape(model: &Model, value: Option<ExprId>) -> Option<TypeShape> {
    let value = value?;
    match &model.expr(value).kind {
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::Number(number),
        } => crate::conditions::json_number(number.value).map(|n| {
            TypeShape::Literal(LiteralShape {
                value: ShapeLiteral::Number(n),
                raw: None,
            })
        }),
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::String { value },
        } => Some(TypeShape::Literal(LiteralShape {
            value: ShapeLiteral::Text(value.to_string()),
            raw: None,
        })),
        _ => Some(TypeShape::Unknown),
    }
}

/// The `if` tests leading to `span`, outermost first, with whether it is on the `else` side.
fn guards(model: &Model, span: Span) -> Vec<(ExprId, bool)> {
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

/// The condition list and the (polarity, source text) pairs the transition id hashes, for
/// the `if` tests leading to `span`.
fn conditions_at(
    model: &Model,
    scope: &Scope,
    span: Span,
) -> (Vec<Predicate>, Vec<(Polarity, String)>) {
    let mut conditions = Vec::new();
    let mut texts = Vec::new();
    for (test, negated) in guards(model, span) {
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
    (conditions, texts)
}

/// One `worker` summary per file that ends its process.
pub fn extract_process_units(models: &[Model]) -> Vec<BehavioralSummary> {
    let mut out = Vec::new();
    for model in models {
        let exits = exits_of(model);
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
        let mut transitions: Vec<Transition> = Vec::new();
        let mut push = |transition: Transition| {
            if !transitions.iter().any(|t| t.id == transition.id) {
                transitions.push(transition);
            }
        };
        let mut returning: Vec<FuncId> = Vec::new();
        for (site, code) in exits {
            if let Some(func) = code.and_then(|c| returning_function(model, c)) {
                if !returning.contains(&func) {
                    returning.push(func);
                }
                continue;
            }
            let span = model.expr(site).span;
            let scope = Scope {
                model,
                function: enclosing_function(model, span).unwrap_or(FuncId::from_index(usize::MAX)),
                foreign: Default::default(),
            };
            let (conditions, texts) = conditions_at(model, &scope, span);
            // No code given: the process exits with 0.
            let code_value = Some(code.map_or(
                ValueRef::Literal(LiteralValueRef {
                    value: LiteralValue::Number(0.into()),
                }),
                |c| scope.value(c),
            ));
            let status_key = code
                .map(|c| model.text_collapsed(model.expr(c).span))
                .unwrap_or_else(|| "0".to_owned());
            let pairs: Vec<(Polarity, &str)> =
                texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
            let (start, end) = model.line_range(span);
            push(Transition {
                id: transition_id(&name, "exit", &status_key, &pairs),
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
        // The returns of a function whose value is the exit code.
        for &func in &returning {
            let scope = Scope {
                model,
                function: func,
                foreign: Default::default(),
            };
            let function_name = model
                .function(func)
                .name
                .clone()
                .unwrap_or_else(|| name.clone());
            for stmt in &model.stmts {
                let StmtKind::Return { value } = &stmt.kind else {
                    continue;
                };
                if enclosing_function(model, stmt.span) != Some(func) {
                    continue;
                }
                let (conditions, texts) = conditions_at(model, &scope, stmt.span);
                let pairs: Vec<(Polarity, &str)> =
                    texts.iter().map(|(p, t)| (*p, t.as_str())).collect();
                let (start, end) = model.line_range(stmt.span);
                push(Transition {
                    id: transition_id(&function_name, "return", "none", &pairs),
                    is_default: conditions.is_empty(),
                    conditions,
                    output: Output::Return(ReturnOutput {
                        value: returned_shape(model, *value),
                    }),
                    effects: Vec::new(),
                    location: LineRange { start, end },
                    confidence: None,
                    expected_input: None,
                    provenance: None,
                    metadata: None,
                });
            }
        }
        let metadata = (!returning.is_empty()).then(|| {
            let mut metadata = indexmap::IndexMap::new();
            metadata.insert(
                "process".to_owned(),
                serde_json::json!({ "exitCodeFrom": "return" }),
            );
            metadata
        });
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
            metadata,
            schema_version: SchemaVersion,
        });
    }
    out
}
