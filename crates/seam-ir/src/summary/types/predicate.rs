//! Conditions on a transition (joined with AND) and on effects.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::tagged::{string_enum, tagged_union};
use super::value::ValueRef;

tagged_union! {
    /// One condition. Structured when the reader could take the expression apart, opaque otherwise.
    pub enum Predicate {
        tag = "type";
        typed {
            "nullCheck" => NullCheck(SubjectCheck),
            "truthinessCheck" => TruthinessCheck(SubjectCheck),
            "comparison" => Comparison(Comparison),
            "typeCheck" => TypeCheck(TypeCheck),
            "propertyExists" => PropertyExists(PropertyExists),
            /// OR (and nested AND) lives inside one predicate.
            "compound" => Compound(Compound),
            "negation" => Negation(Negation),
            /// A call whose result decides the branch (a helper predicate left unexpanded).
            "call" => Call(CallPredicate),
            "opaque" => Opaque(OpaquePredicate),
        }
        unit {}
    }
}

/// `nullCheck` and `truthinessCheck`: a subject and whether the check is negated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SubjectCheck {
    pub subject: ValueRef,
    pub negated: bool,
}

string_enum! {
    pub enum ComparisonOp {
        "eq" => Eq,
        "neq" => Neq,
        "gt" => Gt,
        "gte" => Gte,
        "lt" => Lt,
        "lte" => Lte,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Comparison {
    pub left: ValueRef,
    pub op: ComparisonOp,
    pub right: ValueRef,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TypeCheck {
    pub subject: ValueRef,
    pub expected_type: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PropertyExists {
    pub subject: ValueRef,
    pub property: String,
    pub negated: bool,
}

string_enum! {
    pub enum CompoundOp {
        "and" => And,
        "or" => Or,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Compound {
    pub op: CompoundOp,
    pub operands: Vec<Predicate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Negation {
    pub operand: Box<Predicate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CallPredicate {
    pub callee: String,
    pub args: Vec<ValueRef>,
}

string_enum! {
    /// Why a condition stayed opaque.
    pub enum OpaqueReason {
        "complexExpression" => ComplexExpression,
        "externalFunction" => ExternalFunction,
        "dynamicValue" => DynamicValue,
        "unsupportedSyntax" => UnsupportedSyntax,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpaquePredicate {
    pub source_text: String,
    pub reason: OpaqueReason,
}
