//! Property: any summaries, written (shared or expanded) and read back, are equal to themselves.
//! Small pools of names make values repeat, so `$def`/`$ref` (nested ones included) get used.

use indexmap::IndexMap;
use proptest::prelude::*;
use seam_ir::summary::*;

fn word() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "req",
        "id",
        "user",
        "orders",
        "db.findById",
        "x-tenant",
        "ünï",
        "a\"b\\c\n",
    ])
    .prop_map(str::to_owned)
}

fn maybe_word() -> impl Strategy<Value = Option<String>> {
    prop::option::of(word())
}

fn number() -> impl Strategy<Value = serde_json::Number> {
    prop_oneof![
        (0u64..600).prop_map(serde_json::Number::from),
        (-5i64..0).prop_map(serde_json::Number::from),
        prop::sample::select(vec![0.5f64, 2.25, -1.0e-3]).prop_map(|f| {
            serde_json::Number::from_f64(f).unwrap_or_else(|| serde_json::Number::from(0))
        }),
    ]
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        number().prop_map(serde_json::Value::Number),
        word().prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(serde_json::Value::Array),
            prop::collection::vec((word(), inner), 0..3)
                .prop_map(|pairs| serde_json::Value::Object(pairs.into_iter().collect())),
        ]
    })
}

fn shape() -> impl Strategy<Value = TypeShape> {
    let leaf = prop_oneof![
        Just(TypeShape::Text),
        Just(TypeShape::Integer),
        Just(TypeShape::Null),
        Just(TypeShape::Unknown),
        (
            prop_oneof![
                word().prop_map(ShapeLiteral::Text),
                number().prop_map(ShapeLiteral::Number),
                any::<bool>().prop_map(ShapeLiteral::Bool)
            ],
            maybe_word()
        )
            .prop_map(|(value, raw)| TypeShape::Literal(LiteralShape { value, raw })),
        (word(), maybe_word()).prop_map(|(name, def)| TypeShape::Ref(RefShape {
            name,
            def,
            from: None
        })),
    ];
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            (
                prop::collection::vec((word(), inner.clone()), 0..3),
                prop::option::of(prop::collection::vec(word(), 1..2))
            )
                .prop_map(|(props, spreads)| TypeShape::Record(RecordShape {
                    properties: props.into_iter().collect::<IndexMap<_, _>>(),
                    spreads: spreads.map(|s| s
                        .into_iter()
                        .map(|source_text| ShapeSpread { source_text })
                        .collect()),
                })),
            inner.clone().prop_map(|items| TypeShape::Array(ArrayShape {
                items: Box::new(items)
            })),
            inner
                .clone()
                .prop_map(|values| TypeShape::Dictionary(DictionaryShape {
                    values: Box::new(values)
                })),
            prop::collection::vec(inner, 1..3)
                .prop_map(|variants| TypeShape::Union(UnionShape { variants })),
        ]
    })
}

fn value_ref() -> impl Strategy<Value = ValueRef> {
    let leaf = prop_oneof![
        (word(), prop::collection::vec(word(), 0..2))
            .prop_map(|(input_ref, path)| ValueRef::Input(InputValue { input_ref, path })),
        (word(), prop::collection::vec(word(), 0..2)).prop_map(|(name, access_chain)| {
            ValueRef::Dependency(DependencyValue { name, access_chain })
        }),
        prop_oneof![
            Just(LiteralValue::Null),
            number().prop_map(LiteralValue::Number),
            word().prop_map(LiteralValue::Text),
            any::<bool>().prop_map(LiteralValue::Bool)
        ]
        .prop_map(|value| ValueRef::Literal(LiteralValueRef { value })),
        word().prop_map(|source_text| ValueRef::Unresolved(UnresolvedValue { source_text })),
        word().prop_map(|name| ValueRef::State(StateValue { name })),
    ];
    leaf.prop_recursive(3, 8, 1, |inner| {
        (
            inner,
            prop_oneof![
                word().prop_map(|property| Derivation::PropertyAccess(PropertyAccess { property })),
                word().prop_map(|field| Derivation::Destructured(Destructured { field })),
                Just(Derivation::Awaited),
                (word(), prop::collection::vec(word(), 0..2))
                    .prop_map(|(method, args)| Derivation::MethodCall(MethodCall { method, args })),
                number().prop_map(|n| Derivation::IndexAccess(IndexAccess {
                    index: Index::Number(n)
                })),
            ],
        )
            .prop_map(|(from, derivation)| {
                ValueRef::Derived(DerivedValue {
                    from: Box::new(from),
                    derivation,
                })
            })
    })
}

fn predicate() -> impl Strategy<Value = Predicate> {
    let leaf = prop_oneof![
        (value_ref(), any::<bool>()).prop_map(|(subject, negated)| Predicate::TruthinessCheck(
            SubjectCheck { subject, negated }
        )),
        (value_ref(), any::<bool>())
            .prop_map(|(subject, negated)| Predicate::NullCheck(SubjectCheck { subject, negated })),
        (
            value_ref(),
            prop::sample::select(vec![ComparisonOp::Eq, ComparisonOp::Neq, ComparisonOp::Gte]),
            value_ref()
        )
            .prop_map(|(left, op, right)| Predicate::Comparison(Comparison {
                left,
                op,
                right
            })),
        (value_ref(), word()).prop_map(|(subject, expected_type)| Predicate::TypeCheck(
            TypeCheck {
                subject,
                expected_type
            }
        )),
        (value_ref(), word(), any::<bool>()).prop_map(|(subject, property, negated)| {
            Predicate::PropertyExists(PropertyExists {
                subject,
                property,
                negated,
            })
        }),
        (word(), prop::collection::vec(value_ref(), 0..2))
            .prop_map(|(callee, args)| Predicate::Call(CallPredicate { callee, args })),
        word().prop_map(|source_text| Predicate::Opaque(OpaquePredicate {
            source_text,
            reason: OpaqueReason::ComplexExpression
        })),
    ];
    leaf.prop_recursive(2, 8, 2, |inner| {
        prop_oneof![
            inner
                .clone()
                .prop_map(|operand| Predicate::Negation(Negation {
                    operand: Box::new(operand)
                })),
            prop::collection::vec(inner, 1..3).prop_map(|operands| Predicate::Compound(Compound {
                op: CompoundOp::Or,
                operands
            })),
        ]
    })
}

fn binding() -> impl Strategy<Value = BoundaryBinding> {
    let semantics = prop_oneof![
        (maybe_word(), maybe_word()).prop_map(|(method, path)| Semantics::Rest(RestSemantics {
            method,
            path,
            declared_responses: None
        })),
        (maybe_word(), maybe_word(), maybe_word()).prop_map(
            |(storage_system, container, access_path)| Semantics::Storage(StorageSemantics {
                storage_system,
                scope: "default".to_owned(),
                container,
                access_path
            })
        ),
        (word(), maybe_word()).prop_map(|(message_bus, channel)| Semantics::MessageBus(
            MessageBusSemantics {
                message_bus,
                channel
            }
        )),
        (maybe_word(), word()).prop_map(|(type_name, field_name)| Semantics::GraphqlResolver(
            GraphqlResolverSemantics {
                type_name,
                field_name
            }
        )),
        maybe_word().prop_map(|target| Semantics::Io(IoSemantics { target })),
        json_value().prop_map(|extra| Semantics::Other(
            serde_json::json!({"name": "carrier-pigeon", "extra": extra})
        )),
    ];
    (word(), semantics, word()).prop_map(|(transport, semantics, recognition)| BoundaryBinding {
        transport,
        semantics,
        recognition,
    })
}

fn line_range() -> impl Strategy<Value = Option<LineRange>> {
    prop::option::of((1u32..50).prop_map(|start| LineRange {
        start,
        end: start + 2,
    }))
}

fn count() -> impl Strategy<Value = Option<u32>> {
    prop::option::of(2u32..20)
}

fn interaction() -> impl Strategy<Value = Interaction> {
    prop_oneof![
        (
            any::<bool>(),
            prop::collection::vec(word(), 0..3),
            prop::option::of(prop::collection::vec(word(), 1..2)),
            maybe_word()
        )
            .prop_map(
                |(write, fields, selector, operation)| Interaction::StorageAccess(StorageAccess {
                    kind: if write {
                        StorageAccessKind::Write
                    } else {
                        StorageAccessKind::Read
                    },
                    fields,
                    selector,
                    operation,
                    relation_path: None,
                    relation_key: None,
                    container_by_construction: None
                })
            ),
        (
            word(),
            prop::option::of(json_value()),
            prop::option::of(shape())
        )
            .prop_map(
                |(method, payload, response_shape)| Interaction::ServiceCall(ServiceCall {
                    method,
                    payload,
                    response_shape
                })
            ),
        (prop::option::of(json_value()), maybe_word()).prop_map(|(body, routing_key)| {
            Interaction::MessageSend(MessageSend { body, routing_key })
        }),
        (word(), any::<bool>())
            .prop_map(|(name, defaulted)| Interaction::ConfigRead(ConfigRead { name, defaulted })),
        (word(), any::<bool>()).prop_map(|(via, has_delay)| Interaction::Schedule(Schedule {
            via,
            callback_ref: CallbackRef::Literal,
            has_delay
        })),
        prop::option::of(shape()).prop_map(|payload| Interaction::StreamWrite(StreamWrite {
            payload,
            serialized: StreamSerialization::Json
        })),
        json_value()
            .prop_map(|x| Interaction::Other(serde_json::json!({"class": "telepathy", "x": x}))),
    ]
}

fn effect() -> impl Strategy<Value = Effect> {
    prop_oneof![
        (
            word(),
            prop::collection::vec(json_value(), 0..2),
            prop::option::of(any::<bool>()),
            line_range(),
            count(),
            prop::option::of(prop::collection::vec(predicate(), 1..2))
        )
            .prop_map(|(callee, args, is_async, location, count, preconditions)| {
                Effect::Invocation(InvocationEffect {
                    callee,
                    args,
                    is_async,
                    summary: None,
                    declared_at: None,
                    args_declared_at: None,
                    args_summary: None,
                    callee_parameter: None,
                    receiver_class: None,
                    receiver_constructions: None,
                    preconditions,
                    location,
                    count,
                })
            }),
        (word(), line_range(), count()).prop_map(|(target, location, count)| Effect::Mutation(
            MutationEffect {
                target,
                operation: MutationOperation::Update,
                location,
                count
            }
        )),
        (
            binding(),
            maybe_word(),
            interaction(),
            line_range(),
            count()
        )
            .prop_map(|(binding, callee, interaction, location, count)| {
                Effect::Interaction(InteractionEffect {
                    binding,
                    callee,
                    group_id: None,
                    preconditions: None,
                    interaction,
                    location,
                    count,
                })
            }),
        (word(), prop::option::of(json_value())).prop_map(|(event, payload)| Effect::Emission(
            EmissionEffect {
                event,
                payload,
                location: None,
                count: None
            }
        )),
        json_value().prop_map(|v| Effect::Other(serde_json::json!({"type": "hologram", "v": v}))),
    ]
}

fn output() -> impl Strategy<Value = Output> {
    prop_oneof![
        (
            prop::option::of(value_ref()),
            prop::option::of(shape()),
            prop::collection::vec((word(), value_ref()), 0..2)
        )
            .prop_map(
                |(status_code, body, headers)| Output::Response(ResponseOutput {
                    status_code,
                    body,
                    headers: headers.into_iter().collect()
                })
            ),
        (maybe_word(), maybe_word()).prop_map(|(exception_type, message)| Output::Throw(
            ThrowOutput {
                exception_type,
                message,
                exception_ancestors: None,
                ancestry_incomplete: None,
                status_when_uncaught: None
            }
        )),
        prop::option::of(shape()).prop_map(|value| Output::Return(ReturnOutput { value })),
        Just(Output::Void),
        prop::option::of(value_ref()).prop_map(|code| Output::Exit(ExitOutput { code })),
        (word(), word()).prop_map(|(component, text)| Output::Render(RenderOutput {
            component,
            props: None,
            root: Some(RenderNode::Element(RenderElement {
                tag: "div".to_owned(),
                attrs: None,
                target: None,
                children: vec![RenderNode::Text(RenderText { value: text })]
            }))
        })),
        json_value().prop_map(|v| Output::Other(serde_json::json!({"type": "teleport", "v": v}))),
    ]
}

fn transition() -> impl Strategy<Value = Transition> {
    (
        word(),
        prop::collection::vec(predicate(), 0..3),
        output(),
        prop::collection::vec(effect(), 0..4),
        any::<bool>(),
        prop::option::of(shape()),
    )
        .prop_map(
            |(name, conditions, output, effects, is_default, expected_input)| Transition {
                id: format!("{name}:response:200:abcdef0"),
                conditions,
                output,
                effects: effects.into_iter().map(std::sync::Arc::new).collect(),
                location: LineRange { start: 3, end: 4 },
                is_default,
                confidence: None,
                expected_input,
                provenance: None,
                metadata: None,
            },
        )
}

fn summary() -> impl Strategy<Value = BehavioralSummary> {
    (
        prop::sample::select(vec![
            CodeUnitKind::Handler,
            CodeUnitKind::Client,
            CodeUnitKind::ModuleInit,
            CodeUnitKind::Other("daemon".to_owned()),
        ]),
        word(),
        maybe_word(),
        prop::option::of(binding()),
        prop::collection::vec(transition(), 0..3),
        prop::collection::vec((word(), maybe_word(), prop::option::of(shape())), 0..3),
        prop::option::of(json_value()),
        maybe_word(),
    )
        .prop_map(
            |(kind, name, id, boundary_binding, transitions, params, metadata, callee)| {
                BehavioralSummary {
                    kind,
                    location: SourceLocation {
                        file: "src/app.ts".to_owned(),
                        range: LineRange { start: 1, end: 9 },
                        span: None,
                        export_name: None,
                        workspace: None,
                        module: None,
                    },
                    identity: CodeUnitIdentity {
                        name,
                        name_kind: None,
                        export_path: None,
                        boundary_binding,
                        deployable_unit: None,
                        id,
                    },
                    inputs: params
                        .into_iter()
                        .enumerate()
                        .map(|(i, (name, role, shape))| {
                            Input::Parameter(ParameterInput {
                                name,
                                position: i as u32,
                                role,
                                shape,
                                field: None,
                            })
                        })
                        .collect(),
                    transitions,
                    gaps: vec![Gap {
                        gap_type: GapType::UnfollowedCall,
                        conditions: vec![],
                        consequence: GapConsequence::Unknown,
                        description: "stopped here".to_owned(),
                        callee,
                        used_as_value: None,
                    }],
                    confidence: ConfidenceInfo {
                        source: ConfidenceSource::InferredStatic,
                        level: ConfidenceLevel::Low,
                        corroboration: None,
                    },
                    definitions: None,
                    input_reads: None,
                    receiver_class: None,
                    metadata: metadata.map(|m| [("codeScope".to_owned(), m)].into_iter().collect()),
                    schema_version: SchemaVersion,
                }
            },
        )
}

fn round_trip(
    summaries: &[BehavioralSummary],
    expand: bool,
) -> Result<Vec<BehavioralSummary>, String> {
    let mut out = Vec::new();
    write_summaries(&mut out, summaries, WriteOptions { expand }).map_err(|e| e.to_string())?;
    let text = String::from_utf8(out).map_err(|e| e.to_string())?;
    if expand && text.contains("\"$ref\"") {
        return Err("expanded output contains a reference".to_owned());
    }
    parse_summaries(&text, "round-trip").map_err(|e| e.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn written_summaries_read_back_equal(summaries in prop::collection::vec(summary(), 0..5)) {
        prop_assert_eq!(round_trip(&summaries, false), Ok(summaries.clone()));
        prop_assert_eq!(round_trip(&summaries, true), Ok(summaries));
    }
}
