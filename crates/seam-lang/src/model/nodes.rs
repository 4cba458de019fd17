//! The node types of the model. Kept small and language-neutral: a construct that exists in
//! one language only gets a variant only when boundary analysis or review needs to see it.
use super::ids::*;
use super::name::{Name, ThinName};
use serde::Serialize;

// ---------------------------------------------------------------------------------------------
// Modules: imports and exports
// ---------------------------------------------------------------------------------------------

/// One import statement or import-like call (`require`, dynamic `import()`, Python `import`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Import {
    /// The module specifier as written (`./users`, `express`, Python `a.b` without dots).
    pub specifier: String,
    pub kind: ImportKind,
    /// Python relative level: the number of leading dots (`from ..x import y` is 2); 0 otherwise.
    pub level: u32,
    /// What the import binds; empty for a side-effect import.
    pub names: Vec<ImportedName>,
    /// `import type …` (TS) for the whole statement.
    pub type_only: bool,
    pub span: Span,
    /// The repository file the specifier resolves to (repo-relative), filled by module
    /// resolution after every file is lowered; `None` when unresolved or external.
    pub resolved: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ImportKind {
    /// `import … from 'x'`, Python `import x` / `from x import y`.
    Static,
    /// `import 'x'`: runs the module for its effects.
    SideEffect,
    /// `import('x')`.
    Dynamic,
    /// `require('x')`.
    Require,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportedName {
    pub imported: ImportedItem,
    /// The local name the import binds.
    pub local: String,
    pub binding: Option<BindingId>,
    /// `import { type X }`.
    pub type_only: bool,
    pub span: Span,
    /// The repository file this one name comes from, filled by module resolution with
    /// [`Import::resolved`]; `None` when unresolved or external. Python `from pkg import a`
    /// gives the submodule `pkg/a.py` (or `pkg/a/__init__.py`) when it exists, else the
    /// module the statement names. Every other name (Python `import a.b`, `*`, and every
    /// JS/TS name) gives the import's own file; re-export chains are not followed.
    pub resolved: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "name")]
pub enum ImportedItem {
    /// `import { x }` / `from m import x`.
    Named(String),
    /// `import x from`.
    Default,
    /// `import * as x from`, `const x = require()`, Python `import a.b as x` / `import a`.
    Namespace,
    /// Python `from m import *`.
    All,
}

/// One exported name, or one re-export.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Export {
    /// The name outside the module: a name, `default`, or `*` for `export * from`.
    pub exported: String,
    /// The local name exported, when it is a plain name.
    pub local: Option<String>,
    /// What the export refers to inside this file.
    pub target: ExportTarget,
    /// For a re-export: the module it comes from and the name taken there (`*` for all).
    pub from: Option<ReExport>,
    pub type_only: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReExport {
    pub specifier: String,
    pub imported: String,
    /// Filled by module resolution, like [`Import::resolved`].
    pub resolved: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "id")]
pub enum ExportTarget {
    Binding(BindingId),
    Function(FuncId),
    Class(ClassId),
    TypeDecl(TypeDeclId),
    Expr(ExprId),
    /// A re-export, or a name the lowering could not find.
    None,
}

// ---------------------------------------------------------------------------------------------
// Functions and classes
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Function {
    /// The declared name, or the name the function takes from where it is written: the
    /// variable it initialises, the property or class member it is the value of.
    pub name: Option<String>,
    pub name_source: NameSource,
    pub kind: FunctionKind,
    pub params: Vec<Param>,
    pub is_async: bool,
    pub is_generator: bool,
    pub decorators: Vec<Decorator>,
    pub body: FunctionBody,
    pub return_type: Option<TypeAnnotation>,
    /// Type parameter names as written (`T`, `K extends keyof T`).
    pub type_params: Vec<String>,
    /// The class this function is a member of (methods, accessors, constructors, fields).
    pub class: Option<ClassId>,
    /// The function this one is written inside; `None` at module level.
    pub parent: Option<FuncId>,
    pub is_static: bool,
    pub visibility: Option<Visibility>,
    /// JSDoc `@throws` types / docstring-free: what the declaration says it throws.
    pub doc_throws: Vec<String>,
    pub span: Span,
    /// The span of the name where one is written.
    pub name_span: Option<Span>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum NameSource {
    /// `function f`, `def f`, `class C { m() }`.
    Declared,
    /// `const f = () => …`.
    Variable,
    /// `{ f: () => … }`.
    Property,
    /// `export default function () {}`.
    DefaultExport,
    /// Passed as an argument or otherwise unnamed.
    Anonymous,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FunctionKind {
    Declaration,
    Expression,
    Arrow,
    Method,
    Getter,
    Setter,
    Constructor,
    /// A class field whose initialiser is a function (`handle = () => {}`).
    ClassField,
    /// Python `lambda`.
    Lambda,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum FunctionBody {
    Block(Vec<StmtId>),
    /// An arrow or lambda whose body is one expression.
    Expr(ExprId),
    /// Overloads, abstract methods, `declare function`, interface-like stubs.
    None,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Param {
    pub pattern: PatternId,
    pub default: Option<ExprId>,
    pub kind: ParamKind,
    pub type_annotation: Option<TypeAnnotation>,
    /// A boxed slice (no spare room, 16 bytes): most parameters have none.
    pub decorators: Box<[Decorator]>,
    /// TS parameter property (`constructor(private readonly users: UserService)`): the
    /// parameter is also a field of the class, with this visibility.
    pub property_visibility: Option<Visibility>,
    pub optional: bool,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ParamKind {
    Normal,
    /// `...rest`, Python `*args`.
    Rest,
    /// Python `**kwargs`.
    KeywordRest,
    /// Python parameters after `*` or `*args`.
    KeywordOnly,
    /// Python parameters before `/`.
    PositionalOnly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Visibility {
    Public,
    Protected,
    Private,
    /// JS `#name`.
    HashPrivate,
}

/// A type annotation: the text as written, and a shape when the syntax alone says it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TypeAnnotation {
    /// The annotation as written (a [`Name`]: most are short, and need no block of their own).
    pub text: Name,
    pub shape: TypeRef,
    pub span: Span,
}

/// What a type annotation says, as far as the syntax shows without a type checker.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum TypeRef {
    /// `string`, `str`, `number`, `int`, `float`, `boolean`, `bool`, `null`, `None`, `undefined`,
    /// `any`, `unknown`, `void`, `never`, `object`, `bytes`.
    Keyword {
        name: Name,
    },
    /// A named type with optional arguments: `User`, `Promise<User>`, `list[int]`, `Optional[str]`.
    /// The name is a [`Name`] and the arguments a boxed slice, so that a type is 32 bytes
    /// (48 with a `String` and a `Vec`), and a parameter's annotation 56 (80 before).
    Named {
        name: Name,
        args: Box<[TypeRef]>,
    },
    Literal {
        value: LiteralValue,
    },
    Union {
        variants: Vec<TypeRef>,
    },
    Array {
        items: Box<TypeRef>,
    },
    Tuple {
        items: Vec<TypeRef>,
    },
    Object {
        properties: Vec<TypeProperty>,
    },
    Function,
    /// Anything else (conditional, mapped, indexed access, …).
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TypeProperty {
    pub name: String,
    pub optional: bool,
    pub shape: TypeRef,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decorator {
    /// The callee written as a name chain (`Get`, `app.get`, `router.route`); the whole
    /// expression's text when it is not a chain.
    pub name: String,
    /// The decorator expression (`Get('/x')`, `app.get("/x", status_code=201)`).
    pub expr: ExprId,
    /// Arguments when the decorator is a call; empty otherwise.
    pub args: Vec<Arg>,
    /// The source text without the leading `@`.
    pub raw: String,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Class {
    pub name: Option<String>,
    pub name_source: NameSource,
    /// `extends X` (one) or Python bases (any number), as expressions.
    pub extends: Vec<ExprId>,
    /// `implements A, B` as written.
    pub implements: Vec<String>,
    /// Python keyword bases (`metaclass=…`).
    pub keywords: Vec<Arg>,
    pub members: Vec<ClassMember>,
    /// Python: every statement of the class body in source order, members included as the
    /// statements that declare them (a `def` is its function declaration, `x: int = 0` its
    /// assignment), so docstrings, `if TYPE_CHECKING:` blocks and other non-member statements
    /// are kept. Empty for JS/TS, whose class bodies hold only members. Visitors do not walk
    /// it (members are reached through `members` and their functions); a pass that wants the
    /// body asks for it.
    pub body: Vec<StmtId>,
    pub decorators: Vec<Decorator>,
    pub type_params: Vec<String>,
    pub is_abstract: bool,
    pub parent: Option<FuncId>,
    pub span: Span,
    pub name_span: Option<Span>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClassMember {
    pub name: MemberName,
    pub kind: MemberKind,
    pub is_static: bool,
    pub visibility: Option<Visibility>,
    pub decorators: Vec<Decorator>,
    pub readonly: bool,
    pub optional: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum MemberName {
    /// A plain identifier.
    Ident(String),
    /// A quoted name (`'get-user'() {}`), decoded.
    String(String),
    /// A numeric name as written.
    Number(String),
    /// `#name`, without the `#`.
    Private(String),
    /// `[expr]`.
    Computed(ExprId),
}

impl MemberName {
    /// The name as a string, for every form but a computed one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            MemberName::Ident(s)
            | MemberName::String(s)
            | MemberName::Number(s)
            | MemberName::Private(s) => Some(s),
            MemberName::Computed(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum MemberKind {
    Method {
        function: FuncId,
    },
    Getter {
        function: FuncId,
    },
    Setter {
        function: FuncId,
    },
    Constructor {
        function: FuncId,
    },
    /// A field; `function` is set when its initialiser is a function.
    Property {
        value: Option<ExprId>,
        type_annotation: Option<TypeAnnotation>,
        function: Option<FuncId>,
    },
    /// Static blocks, index signatures and other members with no name to speak of.
    Other,
}

/// An interface, type alias or enum: kept for the review IR.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TypeDecl {
    pub name: String,
    pub kind: TypeDeclKind,
    /// Member names in source order: interface properties and methods, enum members.
    pub members: Vec<String>,
    /// An enum's member values, one per member in `members`' order: the literal it is
    /// initialised with, or the number it takes after a numeric member (`A = 400, B` → 401);
    /// `None` where the value is computed. Empty for every other declaration.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub member_values: Vec<Option<LiteralValue>>,
    pub type_params: Vec<String>,
    /// The declaration's shape where it is an object type or alias with a syntactic shape.
    pub shape: TypeRef,
    pub span: Span,
    pub name_span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum TypeDeclKind {
    Interface,
    TypeAlias,
    Enum,
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum StmtKind {
    Expr {
        expr: ExprId,
    },
    /// `const/let/var` declarations (JS). Python assignments are `Expr` of `Assign`.
    VarDecl {
        kind: VarKind,
        declarators: Box<[VarDeclarator]>,
    },
    FunctionDecl {
        function: FuncId,
    },
    ClassDecl {
        class: ClassId,
    },
    TypeDecl {
        decl: TypeDeclId,
    },
    /// An import statement; the index is into [`crate::model::Model::imports`].
    Import {
        import: u32,
    },
    /// An export statement that wraps a declaration or lists names; what it exports is in
    /// [`crate::model::Model::exports`]. `decl` is the declaration statement it wraps.
    Export {
        decl: Option<StmtId>,
    },
    Block {
        body: Box<[StmtId]>,
    },
    /// `if`; an `else if` chain is an `If` in `alternate`. Python `elif` lowers the same way.
    If {
        test: ExprId,
        consequent: StmtId,
        alternate: Option<StmtId>,
    },
    Switch {
        discriminant: ExprId,
        cases: Box<[SwitchCase]>,
    },
    /// Python `match`.
    Match {
        subject: ExprId,
        cases: Box<[MatchCase]>,
    },
    /// Boxed, like `Loop`: the two are three times the size of the other statements.
    Try(Box<TryStmt>),
    Loop(Box<LoopStmt>),
    Return {
        value: Option<ExprId>,
    },
    /// `throw x`, Python `raise x` (`value` is `None` for a bare re-raise).
    Throw {
        value: Option<ExprId>,
        /// Python `raise x from cause`.
        cause: Option<ExprId>,
    },
    Break {
        label: Option<Name>,
    },
    Continue {
        label: Option<Name>,
    },
    /// JS `with`, Python `with`/`async with`.
    With {
        items: Box<[WithItem]>,
        body: StmtId,
        is_async: bool,
    },
    Labeled {
        label: Name,
        body: StmtId,
    },
    /// Python `assert test, msg`.
    Assert {
        test: ExprId,
        message: Option<ExprId>,
    },
    /// Anything else (`pass`, `debugger`, `del`, `global`, empty statement, declare blocks);
    /// the text is in the span.
    Other,
}

/// `try`, Python `try`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TryStmt {
    pub block: Vec<StmtId>,
    pub handlers: Vec<CatchClause>,
    /// Python `try … else`.
    pub orelse: Option<Vec<StmtId>>,
    pub finalizer: Option<Vec<StmtId>>,
}

/// Every loop: `for`, `for … in/of`, `while`, `do … while`, Python `for` and `while`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoopStmt {
    pub kind: LoopKind,
    /// `for (init; …)` initialiser, as a statement.
    pub init: Option<StmtId>,
    /// The loop variable of for-in/of and Python `for`.
    pub left: Option<PatternId>,
    /// The iterated value of for-in/of and Python `for`.
    pub iterable: Option<ExprId>,
    pub test: Option<ExprId>,
    pub update: Option<ExprId>,
    pub body: StmtId,
    /// Python `for … else` / `while … else`.
    pub orelse: Option<Vec<StmtId>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum VarKind {
    Const,
    Let,
    Var,
    Using,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VarDeclarator {
    pub pattern: PatternId,
    pub init: Option<ExprId>,
    /// Boxed: most declarators have none, and one held inline made every declarator
    /// 104 bytes where 32 do.
    pub type_annotation: Option<Box<TypeAnnotation>>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SwitchCase {
    /// `None` for `default:`.
    pub test: Option<ExprId>,
    pub body: Vec<StmtId>,
    /// True when control can run off the end of this case into the next one (the case body
    /// is empty or does not end in break/return/throw/continue).
    pub falls_through: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatchCase {
    /// The case pattern's expression form when it has one (a literal, a name, a dotted
    /// value); `None` for structural patterns, whose text is in `pattern_span`.
    pub pattern: Option<ExprId>,
    pub pattern_span: Span,
    pub guard: Option<ExprId>,
    pub body: Vec<StmtId>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CatchClause {
    /// The bound name (`catch (e)`, `except X as e`).
    pub param: Option<PatternId>,
    /// Python `except (A, B)` types; empty for JS and bare `except:`.
    pub types: Vec<ExprId>,
    pub body: Vec<StmtId>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LoopKind {
    For,
    ForIn,
    ForOf,
    ForAwaitOf,
    While,
    DoWhile,
    /// Python `for x in y` (and `async for`).
    ForEach,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WithItem {
    pub value: ExprId,
    pub target: Option<PatternId>,
}

// ---------------------------------------------------------------------------------------------
// Expressions
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum ExprKind {
    /// A name; `binding` is the declaration it resolves to in this file, when there is one.
    /// The name is a [`Name`] (16 bytes, inline up to 15): with a `String` every expression
    /// was 8 bytes larger.
    Ident {
        name: Name,
        binding: Option<BindingId>,
    },
    This,
    Super,
    /// `a.b`, `a[b]`, `a?.b`, `a.#b`, Python `a.b` and `a[b]`.
    Member {
        object: ExprId,
        property: MemberProp,
        optional: bool,
    },
    /// A call or `new`. `optional` for `f?.()`.
    Call {
        callee: ExprId,
        args: Box<[Arg]>,
        optional: bool,
        is_new: bool,
    },
    Literal {
        value: LiteralValue,
    },
    /// Template strings and f-strings. Boxed, like the other rare variants larger than the
    /// common ones, so that every expression stays small (serialises as the unboxed fields).
    Template(Box<TemplateExpr>),
    /// Object literals and Python dicts.
    Object {
        props: Box<[ObjectProp]>,
    },
    /// Arrays, Python lists, tuples and sets.
    Array {
        elements: Box<[ArrayElement]>,
        kind: ArrayKind,
    },
    Unary {
        op: UnaryOp,
        arg: ExprId,
    },
    /// `++x`, `x--`.
    Update {
        op: UpdateOp,
        prefix: bool,
        arg: ExprId,
    },
    Binary {
        op: BinaryOp,
        left: ExprId,
        right: ExprId,
    },
    /// `&&`, `||`, `??`, Python `and`/`or`. A Python comparison chain `a < b < c` lowers to
    /// `And` of its pairwise comparisons.
    Logical {
        op: LogicalOp,
        left: ExprId,
        right: ExprId,
    },
    /// `c ? a : b`, Python `a if c else b`.
    Conditional {
        test: ExprId,
        consequent: ExprId,
        alternate: ExprId,
    },
    Assign {
        op: AssignOp,
        target: PatternId,
        value: ExprId,
    },
    Await {
        arg: ExprId,
    },
    Yield {
        arg: Option<ExprId>,
        delegate: bool,
    },
    /// A function expression, arrow, or Python lambda.
    Function {
        function: FuncId,
    },
    Class {
        class: ClassId,
    },
    /// Boxed: an element is three times the size of the other variants, and JSX is a small
    /// share of expressions (serialises exactly as the unboxed element).
    Jsx {
        element: Box<JsxElement>,
    },
    Sequence {
        exprs: Box<[ExprId]>,
    },
    /// Python comprehensions and generator expressions (boxed, like `Template`).
    Comprehension(Box<ComprehensionExpr>),
    /// Anything else (regex-free slices, `import.meta`, walrus targets the model does not
    /// need, …); the text is in the span.
    Other,
}

/// A template string or f-string: `quasis.len() == exprs.len() + 1`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TemplateExpr {
    pub quasis: Vec<String>,
    pub exprs: Vec<ExprId>,
    pub tag: Option<ExprId>,
}

/// A Python comprehension or generator expression.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ComprehensionExpr {
    pub element: ExprId,
    /// For dict comprehensions, the value (`element` is the key).
    pub value: Option<ExprId>,
    pub iterables: Vec<ExprId>,
    pub conditions: Vec<ExprId>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum MemberProp {
    /// A [`Name`], like the other names of common nodes: most member names fit in its 16
    /// bytes, so they need no block of their own.
    Name(Name),
    /// `#name` without the `#`. A [`ThinName`]: a second [`Name`] variant would make the
    /// property, and with it every expression, 8 bytes larger; private names are rare.
    Private(ThinName),
    Computed(ExprId),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Arg {
    /// Python keyword argument name (`status_code=201`).
    pub name: Option<Name>,
    pub value: ExprId,
    /// `...x`, Python `*x`.
    pub spread: bool,
    /// Python `**x`.
    pub keyword_spread: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum LiteralValue {
    /// A [`Name`]: most string literals fit in its 16 bytes, and its first byte tells the
    /// other variants apart, so a literal is 16 bytes.
    String {
        value: Name,
    },
    /// Boxed (serialises as the unboxed fields): a value beside its spelling is 16 bytes, and
    /// a literal, and with it every expression, has no room for them.
    Number(Box<NumberLiteral>),
    BigInt {
        raw: ThinName,
    },
    Bool {
        value: bool,
    },
    /// `null`, Python `None`.
    Null,
    /// `undefined` when written as the identifier `undefined` and not shadowed.
    Undefined,
    /// Boxed: the only variant with two strings, and rare.
    Regex(Box<RegexLiteral>),
}

/// A number literal: `value` is the number (NaN-free for literals); `raw` is the source
/// spelling.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NumberLiteral {
    pub value: f64,
    pub raw: Name,
}

/// A regular expression literal's pattern and flags.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RegexLiteral {
    pub pattern: String,
    pub flags: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum ObjectProp {
    KeyValue {
        key: PropKey,
        value: ExprId,
        /// `{ id }`.
        shorthand: bool,
    },
    /// `...x`, Python `**x` in a dict.
    Spread { value: ExprId },
    /// `{ m() {} }`, getters and setters.
    Method {
        key: PropKey,
        function: FuncId,
        kind: FunctionKind,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum PropKey {
    Ident(Name),
    /// A quoted key or Python string key, decoded.
    String(Name),
    /// A numeric key as written.
    Number(Name),
    Computed(ExprId),
}

impl PropKey {
    /// The key as a static string, when it is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PropKey::Ident(s) | PropKey::String(s) | PropKey::Number(s) => Some(s),
            PropKey::Computed(_) => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum ArrayElement {
    Expr(ExprId),
    Spread(ExprId),
    /// `[a, , b]`.
    Hole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum ArrayKind {
    Array,
    Tuple,
    Set,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UnaryOp {
    /// `!x`, Python `not x`.
    Not,
    Minus,
    Plus,
    BitNot,
    Typeof,
    Void,
    Delete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum UpdateOp {
    Increment,
    Decrement,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum BinaryOp {
    /// `==`, Python `==`.
    Eq,
    /// `!=`, Python `!=`.
    NotEq,
    /// `===`.
    StrictEq,
    /// `!==`.
    StrictNotEq,
    Lt,
    LtEq,
    Gt,
    GtEq,
    Add,
    Sub,
    Mul,
    Div,
    /// Python `//`.
    FloorDiv,
    Rem,
    Exp,
    /// Python `@`.
    MatMul,
    BitAnd,
    BitOr,
    BitXor,
    ShiftLeft,
    ShiftRight,
    ShiftRightUnsigned,
    /// `in`, Python `in`.
    In,
    /// Python `not in`.
    NotIn,
    Instanceof,
    /// Python `is`.
    Is,
    /// Python `is not`.
    IsNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LogicalOp {
    And,
    Or,
    Nullish,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum AssignOp {
    /// `=`; also Python's walrus `:=`.
    Assign,
    /// `+=`, `-=`, … and the logical assignments; the operator is in the source text.
    Compound,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JsxElement {
    /// The tag as written (`div`, `Foo.Bar`); empty for a fragment.
    pub tag: String,
    pub attributes: Vec<JsxAttribute>,
    pub children: Vec<JsxChild>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum JsxAttribute {
    /// `name`, `name="x"`, `name={x}`; `value` is `None` for a bare attribute.
    Named {
        name: String,
        value: Option<ExprId>,
    },
    Spread {
        value: ExprId,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum JsxChild {
    /// Text with whitespace collapsed; whitespace-only text is dropped.
    Text(String),
    /// `{expr}` or a nested element (an `ExprKind::Jsx`).
    Expr(ExprId),
}

// ---------------------------------------------------------------------------------------------
// Patterns and bindings
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pattern {
    pub kind: PatternKind,
    pub span: Span,
}

/// A binding or assignment target.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum PatternKind {
    /// A name; `binding` is what it declares (in a declaration) or resolves to (in an assignment).
    Ident {
        name: Name,
        binding: Option<BindingId>,
    },
    /// `{ a, b: c, d = 1, ...rest }`.
    Object {
        props: Box<[PatternProp]>,
        rest: Option<PatternId>,
    },
    /// `[a, , b = 1, ...rest]`, Python tuple/list targets.
    Array {
        elements: Box<[Option<PatternId>]>,
        rest: Option<PatternId>,
    },
    /// `target = default`.
    Default { target: PatternId, default: ExprId },
    /// An assignment target that is an expression (`a.b = …`, `a[i] = …`).
    Expr { expr: ExprId },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatternProp {
    pub key: PropKey,
    pub value: PatternId,
    pub shorthand: bool,
}

/// A declared name: a parameter, a variable, a function, a class, an import, a catch
/// parameter. Identifier expressions resolve to these.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Binding {
    pub name: Name,
    pub kind: BindingKind,
    /// The function the binding is declared in; `None` for module level.
    pub scope: Option<FuncId>,
    /// Where the value comes from, for variables and parameters.
    pub origin: BindingOrigin,
    /// True when the name is assigned again after its declaration.
    pub reassigned: bool,
    /// The span of the declaring identifier.
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum BindingKind {
    Param {
        function: FuncId,
        index: u32,
    },
    Var {
        kind: VarKind,
    },
    /// A Python name first bound by assignment.
    Assigned,
    Function {
        function: FuncId,
    },
    Class {
        class: ClassId,
    },
    /// `import` / `require` / Python import: `name` indexes `Import::names`.
    Import {
        import: u32,
        name: u32,
    },
    CatchParam,
    /// Loop variables of for-in/of and Python `for`.
    LoopVar,
    /// Python `with … as x`.
    WithTarget,
    TypeDecl {
        decl: TypeDeclId,
    },
}

/// Where a binding's value comes from: the initialiser (or the parameter default) and, for a
/// name inside a destructuring pattern, the path from the whole value down to it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BindingOrigin {
    pub init: Option<ExprId>,
    /// A boxed slice (16 bytes, where a `Vec` is 24): nearly every binding's is empty.
    pub path: Box<[PatternStep]>,
    /// The default written in the pattern for this name (`{ page = 1 }`).
    pub default: Option<ExprId>,
}

impl BindingOrigin {
    pub fn none() -> BindingOrigin {
        BindingOrigin {
            init: None,
            path: Box::default(),
            default: None,
        }
    }

    /// Adds a step to the path (a pattern nested one level deeper).
    pub fn push_step(&mut self, step: PatternStep) {
        let mut path = std::mem::take(&mut self.path).into_vec();
        path.push(step);
        self.path = path.into_boxed_slice();
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase", tag = "type", content = "value")]
pub enum PatternStep {
    /// `{ key }` / `{ key: x }`.
    Key(String),
    /// `[, x]`: position 1.
    Index(u32),
    /// `...rest` (of an object or array).
    Rest,
    /// A computed key, which the path cannot name.
    Computed,
}
