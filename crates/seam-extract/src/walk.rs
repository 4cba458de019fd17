//! The path walk: every way through a unit's body to a terminal, with the guards that
//! decide it and the calls that can run before it.
//!
//! Statements are walked in order with a path state: the early-return guards passed so far
//! (an earlier `if (c) return/throw` makes `c` a negative condition for what follows), the
//! enclosing branches (if/else, switch case, catch, ternary, `&&`/`||`), and the calls made.
//! A branch's calls stay on the later paths unless the branch always leaves the function.
//! Conditions are ordered early returns first, then enclosing branches outermost first.

use std::collections::BTreeSet;

use seam_ir::summary::Polarity;

use crate::body_reads::{self, Reads};
use seam_lang::model::{
    BinaryOp, BindingId, BindingKind, ExprId, ExprKind, ExprVisitor, FuncId, FunctionBody,
    LogicalOp, MemberProp, Model, PatternId, PatternKind, Span, StmtId, StmtKind, UnaryOp,
    walk_expr_children,
};
use seam_packs::{Captures, Pack, PatternNode, TerminalStatement, match_expr};

/// One guard on a path.
#[derive(Debug, Clone, PartialEq)]
pub struct Guard {
    pub polarity: Polarity,
    pub kind: GuardKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum GuardKind {
    /// A condition expression.
    Expr(ExprId),
    /// Inside a `catch` / `except`: an exception was thrown.
    Catch,
    /// `switch (d) { case t: … }`.
    Case { discriminant: ExprId, test: ExprId },
    /// The project function this call hands the context to sends its response (on some of
    /// its paths).
    Sends(ExprId),
}

/// A call on the path; `awaited` when its result is awaited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallSite {
    pub call: ExprId,
    pub awaited: bool,
}

/// How a path ends.
#[derive(Debug, Clone, PartialEq)]
pub enum End {
    /// A pack terminal matched.
    Terminal { index: usize, captures: Captures },
    /// A `return` (in a unit whose pack declares no terminals).
    Return(Option<ExprId>),
    /// A `throw` no terminal matched.
    Throw(Option<ExprId>),
    /// The body ran to its end.
    FellOff,
    /// A `return` of a value no terminal matched (in a unit whose pack declares terminals).
    Unread(ExprId),
    /// A project function the unit hands its context or response to answers here
    /// (`abortForbidden(c)`, see [`crate::sending_helpers`]).
    Sent(Sent),
}

/// The status a project function sends for the unit, as the call reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Sent {
    /// A number the function fixes.
    Number(f64),
    /// An argument of the call (in the unit's model): the function sends the status it is given.
    Expr(ExprId),
    /// A status seam cannot read.
    Unknown,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PathEnd {
    pub guards: Vec<Guard>,
    /// How many of `guards` (at the front) are early-return guards.
    pub early: usize,
    pub calls: Vec<CallSite>,
    /// Body fields read on the path (client units).
    pub reads: Reads,
    pub end: End,
    pub span: Span,
    /// The status a `part: status` terminal set earlier on the path (terminal index and
    /// captures): it replaces a fixed status of the terminal that ends the path.
    pub status_set: Option<(usize, Captures)>,
}

#[derive(Debug, Clone, Default)]
struct State {
    early: Vec<Guard>,
    ancestors: Vec<Guard>,
    calls: Vec<CallSite>,
    reads: Reads,
    /// Calls that are part of a terminal already recorded (not effects).
    terminal_calls: BTreeSet<ExprId>,
    /// The latest status set by a `part: status` terminal, and whether nothing has been sent
    /// since (then the path sends it when it ends).
    status_set: Option<(usize, Captures)>,
    status_pending: bool,
    /// A response terminal ran on this path.
    sent: bool,
    /// A response was sent on every way to here.
    surely_sent: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continues,
    /// Every way through returns or throws.
    Exits,
    /// A `break`/`continue` ends the enclosing case or loop body.
    Breaks,
}

/// What the walk needs to know.
pub struct Walker<'a> {
    pub model: &'a Model,
    pub pack: &'a Pack,
    pub function: FuncId,
    /// Names holding the response of the unit's call, and names holding its body (clients).
    pub response_names: BTreeSet<BindingId>,
    pub body_names: BTreeSet<BindingId>,
    /// Values that are the body itself: the unit call of a wrapper that parses it, a promise
    /// chain on the request that does (`fetch(u).then((r) => r.json())`).
    pub body_values: BTreeSet<ExprId>,
    pub ends: Vec<PathEnd>,
    /// Inside a function written in the unit (a callback): its returns are not the unit's.
    nested: usize,
    /// The `catch` blocks of the `try`s walked that run on to after them.
    caught_and_continued: Vec<State>,
    /// Calls of project functions that answer for the unit, with what each can send and
    /// whether it sends on every path.
    pub sends: std::collections::BTreeMap<ExprId, (Vec<Sent>, bool)>,
    /// Some way through the function leaves it without sending a response.
    quiet_exit: bool,
    /// The roles of the function's parameters by position, when they are not the pack's (a
    /// project function walked for what it sends through a parameter it is handed).
    pub roles: Option<std::collections::BTreeMap<usize, String>>,
    /// Expressions read in a way that accepts a missing field (see [`crate::body_reads`]).
    tolerant: BTreeSet<ExprId>,
    /// Expressions called (`text.trim` in `text.trim()`).
    called: BTreeSet<ExprId>,
    /// Body fields the tests around the expression walked look at (`body.error` in
    /// `typeof body.error === "string" ? body.error : …`): reading one there is guarded.
    guarded: Vec<String>,
    /// For a response or body name assigned again (`r = call(…)` twice in a function): the
    /// source ranges (start, end offsets) where it holds the unit's response or its body, each
    /// from an assignment to the end of the next. A read of it outside them reads another
    /// call's response.
    pub held_between: std::collections::BTreeMap<BindingId, Vec<(u32, u32)>>,
    /// The positions of the function's parameters its caller hands `nil` / `null` / `None`
    /// (a project function walked for what it sends at one call, `HandleResponse(ctx, nil,
    /// data)`): a test of one against nothing is decided, and only its branch is walked.
    pub nil_params: BTreeSet<usize>,
}

impl<'a> Walker<'a> {
    pub fn new(model: &'a Model, pack: &'a Pack, function: FuncId) -> Walker<'a> {
        Walker {
            model,
            pack,
            function,
            response_names: BTreeSet::new(),
            body_names: BTreeSet::new(),
            body_values: BTreeSet::new(),
            ends: Vec::new(),
            nested: 0,
            caught_and_continued: Vec::new(),
            sends: std::collections::BTreeMap::new(),
            roles: None,
            quiet_exit: false,
            tolerant: BTreeSet::new(),
            called: BTreeSet::new(),
            guarded: Vec::new(),
            held_between: std::collections::BTreeMap::new(),
            nil_params: BTreeSet::new(),
        }
    }

    /// Walks the unit's body and returns every path end.
    pub fn run(self) -> Vec<PathEnd> {
        self.run_with_exits().0
    }

    /// [`Self::run`], and whether some way through the function leaves it without sending a
    /// response (a `return`, a `throw` or its end reached with nothing sent on the way).
    pub fn run_with_exits(mut self) -> (Vec<PathEnd>, bool) {
        let mut state = State::default();
        let model = self.model;
        match &model.function(self.function).body {
            FunctionBody::Block(stmts) => {
                let flow = self.stmts(stmts, &mut state);
                let end_span = model.function(self.function).span;
                let span =
                    seam_lang::model::Span::new(end_span.end.saturating_sub(1), end_span.end);
                if flow != Flow::Exits && !state.surely_sent {
                    self.quiet_exit = true;
                }
                if flow != Flow::Exits && !self.has_terminals() {
                    // A `try { … } catch { … }` whose catch runs on, in a body that runs off
                    // its end, has a path on which the call failed and the catch handled it:
                    // kept apart, so the failure is seen caught rather than merged into the
                    // success path.
                    // Catches under the same guards are one path (two `try`s in a row).
                    let mut caught: Vec<State> = Vec::new();
                    for c in std::mem::take(&mut self.caught_and_continued) {
                        match caught
                            .iter_mut()
                            .find(|k| k.early == c.early && k.ancestors == c.ancestors)
                        {
                            Some(k) => Self::merge_from(k, &c),
                            None => caught.push(c),
                        }
                    }
                    for c in &caught {
                        self.record(c, End::FellOff, span);
                    }
                    self.record(&state, End::FellOff, span);
                } else if flow != Flow::Exits
                    && !self.record_pending_status(&state, span)
                    && !state.sent
                    && let Some(end) =
                        self.statement_terminal(TerminalStatement::Return, None, &state)
                {
                    // Running off the end returns nothing: a return terminal with no pattern
                    // (a returned value is the body) reads it as an empty response.
                    self.record(&state, end, span);
                }
            }
            FunctionBody::Expr(e) => {
                let before = self.ends.len();
                self.expr(*e, &mut state, false);
                if self.ends.len() == before {
                    self.return_value(Some(*e), model.expr(*e).span, &mut state);
                }
            }
            FunctionBody::None => {}
        }
        (self.ends, self.quiet_exit)
    }

    fn has_terminals(&self) -> bool {
        !self.pack.terminals.is_empty()
    }

    fn record(&mut self, state: &State, end: End, span: Span) {
        let mut guards = state.early.clone();
        guards.extend(state.ancestors.iter().cloned());
        self.ends.push(PathEnd {
            early: state.early.len(),
            guards,
            calls: state.calls.clone(),
            reads: state.reads.clone(),
            end,
            span,
            status_set: state.status_set.clone(),
        });
    }

    /// A path that ends having set a status and sent nothing sends that status.
    fn record_pending_status(&mut self, state: &State, span: Span) -> bool {
        match (&state.status_set, state.status_pending) {
            (Some((index, captures)), true) => {
                let end = End::Terminal {
                    index: *index,
                    captures: captures.clone(),
                };
                let mut at = state.clone();
                at.status_set = None;
                self.record(&at, end, span);
                true
            }
            _ => false,
        }
    }

    fn stmts(&mut self, stmts: &[StmtId], state: &mut State) -> Flow {
        for s in stmts {
            match self.stmt(*s, state) {
                Flow::Continues => {}
                other => return other,
            }
        }
        Flow::Continues
    }

    fn branch(&mut self, stmt: StmtId, state: &State, guard: Option<Guard>) -> (Flow, State) {
        let mut inner = state.clone();
        if let Some(g) = guard {
            inner.ancestors.push(g);
        }
        let flow = self.stmt(stmt, &mut inner);
        (flow, inner)
    }

    /// Whether `test` holds, when it compares a parameter the caller hands nothing with
    /// nothing (`err == nil`, `err != nil`, `!err`, `err`), the parameter never assigned in the
    /// function.
    fn decided(&self, test: ExprId) -> Option<bool> {
        if self.nil_params.is_empty() {
            return None;
        }
        let model = self.model;
        let is_nil = |e: ExprId| {
            matches!(
                model.expr(e).kind,
                ExprKind::Literal {
                    value: seam_lang::model::LiteralValue::Null
                }
            )
        };
        match &model.expr(test).kind {
            ExprKind::Binary { op, left, right } => {
                let equal = match op {
                    seam_lang::model::BinaryOp::Eq | seam_lang::model::BinaryOp::StrictEq => true,
                    seam_lang::model::BinaryOp::NotEq | seam_lang::model::BinaryOp::StrictNotEq => {
                        false
                    }
                    _ => return None,
                };
                let compared = (self.nil_param(*left) && is_nil(*right))
                    || (self.nil_param(*right) && is_nil(*left));
                compared.then_some(equal)
            }
            ExprKind::Unary {
                op: seam_lang::model::UnaryOp::Not,
                arg,
            } => self.nil_param(*arg).then_some(true),
            _ => self.nil_param(test).then_some(false),
        }
    }

    /// Whether `expr` names a parameter of the walked function its caller hands nothing, as a
    /// whole, and nothing assigns it another value.
    fn nil_param(&self, expr: ExprId) -> bool {
        let model = self.model;
        let Some(b) = model.resolved_binding(expr) else {
            return false;
        };
        let binding = model.binding(b);
        let BindingKind::Param { function, index } = binding.kind else {
            return false;
        };
        function == self.function
            && binding.origin.path.is_empty()
            && self.nil_params.contains(&(index as usize))
            // Its own parameter pattern is the one place the name is bound.
            && model
                .patterns
                .iter()
                .filter(|p| matches!(&p.kind, seam_lang::model::PatternKind::Ident { binding: Some(x), .. } if *x == b))
                .count()
                <= 1
    }

    /// After a branch that continues, its calls and reads can have run on later paths.
    fn merge_from(state: &mut State, inner: &State) {
        let base = state.calls.len();
        Self::merge_branch(state, inner, base);
    }

    /// [`Self::merge_from`] for a branch walked from a state that had `base` calls: its calls
    /// past those are its own (the other side of an `if`, walked from the same state, may
    /// have been merged already).
    fn merge_branch(state: &mut State, inner: &State, base: usize) {
        for c in &inner.calls[base.min(inner.calls.len())..] {
            state.calls.push(*c);
        }
        state.reads.merge(&inner.reads);
        state
            .terminal_calls
            .extend(inner.terminal_calls.iter().copied());
        // A status set in a branch that continues may hold on later paths (the last set wins).
        state.sent |= inner.sent;
        if inner.status_set != state.status_set {
            state.status_set = inner.status_set.clone();
            state.status_pending = inner.status_pending;
        }
    }

    fn stmt(&mut self, id: StmtId, state: &mut State) -> Flow {
        let model = self.model;
        match &model.stmt(id).kind {
            StmtKind::Expr { expr } => {
                self.expr(*expr, state, false);
                Flow::Continues
            }
            StmtKind::VarDecl { declarators, .. } => {
                for d in declarators {
                    if let Some(init) = d.init {
                        self.expr(init, state, false);
                        self.destructured_reads(d.pattern, init, state);
                    }
                }
                Flow::Continues
            }
            StmtKind::Block { body } => self.stmts(body, state),
            StmtKind::If {
                test,
                consequent,
                alternate,
            } => {
                body_reads::tested_operands(model, *test, &mut self.tolerant);
                self.expr(*test, state, false);
                // A test the caller's arguments decide runs one branch, with no guard.
                if let Some(holds) = self.decided(*test) {
                    return match (holds, alternate) {
                        (true, _) => self.stmt(*consequent, state),
                        (false, Some(alt)) => self.stmt(*alt, state),
                        (false, None) => Flow::Continues,
                    };
                }
                let positive = Guard {
                    polarity: Polarity::Positive,
                    kind: GuardKind::Expr(*test),
                };
                let negative = Guard {
                    polarity: Polarity::Negative,
                    kind: GuardKind::Expr(*test),
                };
                let (then_flow, then_state) =
                    self.branch(*consequent, state, Some(positive.clone()));
                let (else_flow, else_state) = match alternate {
                    Some(alt) => self.branch(*alt, state, Some(negative.clone())),
                    None => (Flow::Continues, state.clone()),
                };
                let then_exits = then_flow == Flow::Exits;
                let else_exits = else_flow == Flow::Exits;
                match (then_exits, else_exits) {
                    (true, true) => Flow::Exits,
                    (true, false) => {
                        // An early return: what follows runs only when the test failed.
                        state.early.push(negative);
                        Self::merge_from(state, &else_state);
                        state.surely_sent |= else_state.surely_sent;
                        state
                            .terminal_calls
                            .extend(then_state.terminal_calls.iter().copied());
                        Self::breaks_or(else_flow)
                    }
                    (false, true) => {
                        state.early.push(positive);
                        Self::merge_from(state, &then_state);
                        state.surely_sent |= then_state.surely_sent;
                        state
                            .terminal_calls
                            .extend(else_state.terminal_calls.iter().copied());
                        Self::breaks_or(then_flow)
                    }
                    (false, false) => {
                        let base = state.calls.len();
                        Self::merge_branch(state, &then_state, base);
                        Self::merge_branch(state, &else_state, base);
                        state.surely_sent |= then_state.surely_sent && else_state.surely_sent;
                        if then_flow == Flow::Breaks && else_flow == Flow::Breaks {
                            Flow::Breaks
                        } else {
                            Flow::Continues
                        }
                    }
                }
            }
            StmtKind::Switch {
                discriminant,
                cases,
            } => {
                self.expr(*discriminant, state, false);
                let tests: Vec<ExprId> = cases.iter().filter_map(|c| c.test).collect();
                let mut all_exit = cases.iter().any(|c| c.test.is_none());
                let mut merged = Vec::new();
                let mut all_sent = true;
                // The unit's last statement: a case that sets a status and runs on ends the
                // unit there, so that status is the case's response (`case http.MethodDelete:
                // w.WriteHeader(204)`), not one a later case may replace.
                let ends_unit = self.nested == 0
                    && matches!(&model.function(self.function).body,
                        FunctionBody::Block(body) if body.last() == Some(&id));
                for case in cases {
                    let mut inner = state.clone();
                    match case.test {
                        Some(test) => inner.ancestors.push(Guard {
                            polarity: Polarity::Positive,
                            kind: GuardKind::Case {
                                discriminant: *discriminant,
                                test,
                            },
                        }),
                        None => {
                            for t in &tests {
                                inner.ancestors.push(Guard {
                                    polarity: Polarity::Negative,
                                    kind: GuardKind::Case {
                                        discriminant: *discriminant,
                                        test: *t,
                                    },
                                });
                            }
                        }
                    }
                    let flow = self.stmts(&case.body, &mut inner);
                    if flow == Flow::Continues
                        && ends_unit
                        && !case.falls_through
                        && inner.status_set != state.status_set
                    {
                        let span = case
                            .body
                            .last()
                            .map_or(model.stmt(id).span, |s| model.stmt(*s).span);
                        if self.record_pending_status(&inner, span) {
                            continue;
                        }
                    }
                    if flow != Flow::Exits && !(case.falls_through && case.body.is_empty()) {
                        all_exit = false;
                    }
                    if !(case.falls_through && case.body.is_empty()) {
                        all_sent &= inner.surely_sent;
                    }
                    merged.push(inner);
                }
                for inner in &merged {
                    Self::merge_from(state, inner);
                }
                // Every case (a default among them) sent a response.
                state.surely_sent |= all_sent && cases.iter().any(|c| c.test.is_none());
                if all_exit {
                    Flow::Exits
                } else {
                    Flow::Continues
                }
            }
            StmtKind::Match { subject, cases } => {
                self.expr(*subject, state, false);
                let mut merged = Vec::new();
                for case in cases {
                    let mut inner = state.clone();
                    if let Some(p) = case.pattern {
                        inner.ancestors.push(Guard {
                            polarity: Polarity::Positive,
                            kind: GuardKind::Case {
                                discriminant: *subject,
                                test: p,
                            },
                        });
                    }
                    self.stmts(&case.body, &mut inner);
                    merged.push(inner);
                }
                for inner in &merged {
                    Self::merge_from(state, inner);
                }
                Flow::Continues
            }
            StmtKind::Try(boxed) => {
                let seam_lang::model::TryStmt {
                    block,
                    handlers,
                    orelse,
                    finalizer,
                } = &**boxed;
                let mut try_state = state.clone();
                let mut flow = self.stmts(block, &mut try_state);
                if flow == Flow::Continues
                    && let Some(o) = orelse
                {
                    flow = self.stmts(o, &mut try_state);
                }
                let mut all_exit = flow == Flow::Exits;
                let mut handler_states = Vec::new();
                for h in handlers {
                    // The calls of the try block may have run before the throw; its body
                    // reads belong to the path that got a response, not to the catch.
                    let mut inner = try_state.clone();
                    inner.ancestors = state.ancestors.clone();
                    inner.early = state.early.clone();
                    inner.reads = state.reads.clone();
                    inner.ancestors.push(Guard {
                        polarity: Polarity::Positive,
                        kind: GuardKind::Catch,
                    });
                    let hflow = self.stmts(&h.body, &mut inner);
                    if hflow != Flow::Exits {
                        all_exit = false;
                    }
                    handler_states.push((hflow, inner));
                }
                if self.nested == 0 {
                    self.caught_and_continued.extend(
                        handler_states
                            .iter()
                            .filter(|(hflow, _)| *hflow == Flow::Continues)
                            .map(|(_, inner)| inner.clone()),
                    );
                }
                let handler_states: Vec<State> =
                    handler_states.into_iter().map(|(_, inner)| inner).collect();
                if handlers.is_empty() {
                    all_exit = flow == Flow::Exits;
                }
                if flow == Flow::Exits {
                    // Only a throw leaves the try block here: its reads stay with its returns.
                    let reads = state.reads.clone();
                    Self::merge_from(state, &try_state);
                    state.reads = reads;
                } else {
                    Self::merge_from(state, &try_state);
                    state.early = try_state.early.clone();
                }
                for inner in &handler_states {
                    Self::merge_from(state, inner);
                }
                if let Some(f) = finalizer {
                    let fflow = self.stmts(f, state);
                    if fflow == Flow::Exits {
                        return Flow::Exits;
                    }
                }
                if all_exit {
                    Flow::Exits
                } else {
                    Flow::Continues
                }
            }
            StmtKind::Loop(boxed) => {
                let seam_lang::model::LoopStmt {
                    init,
                    iterable,
                    test,
                    update,
                    body,
                    orelse,
                    ..
                } = &**boxed;
                if let Some(i) = init {
                    self.stmt(*i, state);
                }
                for e in [iterable, test].into_iter().flatten() {
                    self.expr(*e, state, false);
                }
                let mut inner = state.clone();
                self.stmt(*body, &mut inner);
                if let Some(u) = update {
                    self.expr(*u, &mut inner, false);
                }
                Self::merge_from(state, &inner);
                if let Some(o) = orelse {
                    self.stmts(o, state);
                }
                Flow::Continues
            }
            StmtKind::Return { value } => {
                let span = model.stmt(id).span;
                self.return_value(*value, span, state);
                Flow::Exits
            }
            StmtKind::Throw { value, .. } => {
                let span = model.stmt(id).span;
                let before = self.ends.len();
                if let Some(v) = value {
                    self.expr(*v, state, false);
                }
                if self.nested == 0 && !state.surely_sent {
                    self.quiet_exit = true;
                }
                if self.nested == 0 && self.ends.len() == before {
                    let end = self.statement_terminal(TerminalStatement::Throw, *value, state);
                    let end = end.unwrap_or(End::Throw(*value));
                    self.record(state, end, span);
                }
                Flow::Exits
            }
            StmtKind::Break { .. } | StmtKind::Continue { .. } => Flow::Breaks,
            StmtKind::With { items, body, .. } => {
                for i in items {
                    self.expr(i.value, state, false);
                }
                self.stmt(*body, state)
            }
            StmtKind::Labeled { body, .. } => self.stmt(*body, state),
            StmtKind::Assert { test, .. } => {
                self.expr(*test, state, false);
                Flow::Continues
            }
            StmtKind::Export { decl: Some(d) } => self.stmt(*d, state),
            _ => Flow::Continues,
        }
    }

    fn breaks_or(flow: Flow) -> Flow {
        if flow == Flow::Breaks {
            Flow::Breaks
        } else {
            Flow::Continues
        }
    }

    fn return_value(&mut self, value: Option<ExprId>, span: Span, state: &mut State) {
        let before = self.ends.len();
        if let Some(v) = value {
            self.expr(v, state, false);
        }
        if self.nested > 0 || self.ends.len() != before {
            return;
        }
        if let Some(end) = self.statement_terminal(TerminalStatement::Return, value, state) {
            self.record(state, end, span);
            state.status_pending = false;
            return;
        }
        // A project function walked for what it sends through a parameter returns values that
        // are not responses (`return err == nil`): a status it set is sent all the same.
        if (value.is_none_or(|v| self.is_nothing(v)) || self.roles.is_some())
            && self.record_pending_status(state, span)
        {
            return;
        }
        if !state.surely_sent {
            self.quiet_exit = true;
        }
        if !self.has_terminals() {
            self.record(state, End::Return(value), span);
            return;
        }
        // A handler returning a value nothing reads as an output (unless the framework
        // ignores what handlers return).
        if let Some(v) = value
            && !self.is_nothing(v)
            && !self.pack.returns_ignored
        {
            self.record(state, End::Unread(v), span);
        }
    }

    fn is_nothing(&self, expr: ExprId) -> bool {
        matches!(
            self.model.expr(expr).kind,
            ExprKind::Literal {
                value: seam_lang::model::LiteralValue::Undefined
                    | seam_lang::model::LiteralValue::Null
            } | ExprKind::Unary {
                op: seam_lang::model::UnaryOp::Void,
                ..
            }
        )
    }

    /// A `return`/`throw` terminal of the pack that matches the value.
    fn statement_terminal(
        &self,
        statement: TerminalStatement,
        value: Option<ExprId>,
        _state: &State,
    ) -> Option<End> {
        for (index, t) in self.pack.terminals.iter().enumerate() {
            if t.statement != statement {
                continue;
            }
            let mut captures = Captures::new();
            match (&t.pattern, value) {
                (Some(p), Some(v)) => {
                    if !match_expr(self.model, p, v, &mut captures) {
                        continue;
                    }
                }
                (Some(_), None) => continue,
                (None, Some(v)) => {
                    captures.insert("VALUE".to_owned(), seam_packs::Capture::Expr(v));
                }
                (None, None) => {}
            }
            if self.constraints_hold(&t.constraints, &captures) {
                return Some(End::Terminal { index, captures });
            }
        }
        None
    }

    fn constraints_hold(
        &self,
        constraints: &std::collections::BTreeMap<String, seam_packs::Constraint>,
        captures: &Captures,
    ) -> bool {
        constraints.iter().all(|(name, c)| {
            let Some(cap) = captures.get(name) else {
                return false;
            };
            if let Some(role) = &c.role {
                let Some(e) = cap.expr() else { return false };
                let Some(b) = self.model.resolved_binding(e) else {
                    return false;
                };
                let binding = self.model.binding(b);
                let BindingKind::Param { function, index } = binding.kind else {
                    return false;
                };
                if function != self.function
                    || !binding.origin.path.is_empty()
                    || self.role_at(index as usize) != Some(role.as_str())
                {
                    return false;
                }
            }
            if !c.one_of.is_empty() {
                let seam_packs::Capture::Name(n, _) = cap else {
                    return false;
                };
                if !c.one_of.iter().any(|x| x == n) {
                    return false;
                }
            }
            true
        })
    }

    /// The role of the function's parameter at `index`.
    pub fn role_at(&self, index: usize) -> Option<&str> {
        match &self.roles {
            Some(roles) => roles.get(&index).map(String::as_str),
            None => self.pack.role_at(index),
        }
    }

    /// An expression terminal at this call, if one matches.
    fn expression_terminal(&self, call: ExprId) -> Option<(usize, Captures)> {
        for (index, t) in self.pack.terminals.iter().enumerate() {
            if t.statement != TerminalStatement::Expression {
                continue;
            }
            let Some(p) = &t.pattern else { continue };
            if !anchor_matches(self.model, p, call) {
                continue;
            }
            let mut captures = Captures::new();
            if match_expr(self.model, p, call, &mut captures)
                && self.constraints_hold(&t.constraints, &captures)
            {
                return Some((index, captures));
            }
        }
        None
    }

    fn expr(&mut self, id: ExprId, state: &mut State, awaited: bool) {
        let model = self.model;
        match &model.expr(id).kind {
            ExprKind::Call { callee, args, .. } => {
                if let Some((index, captures)) = self.expression_terminal(id) {
                    for a in args {
                        self.expr(a.value, state, false);
                    }
                    mark_calls(model, id, &mut state.terminal_calls);
                    self.terminal_at(id, index, captures, state);
                    return;
                }
                // Python's `body.get("name")` reads the field `name`, not `get`.
                if model.language == seam_lang::model::Language::Python
                    && let ExprKind::Member {
                        object,
                        property: MemberProp::Name(m),
                        ..
                    } = &model.expr(*callee).kind
                    && m == "get"
                    && let Some(key) = args.first().and_then(|a| string_value(model, a.value))
                    && self.reads_body(*object)
                {
                    state.reads.read(key, self.tolerant.contains(&id));
                    self.expr(*object, state, false);
                    for a in args {
                        self.expr(a.value, state, false);
                    }
                    if !state.terminal_calls.contains(&id) {
                        state.calls.push(CallSite { call: id, awaited });
                    }
                    return;
                }
                // `text.trim()`: a body's method is not one of its fields (JSON holds none).
                self.called.insert(*callee);
                self.expr(*callee, state, false);
                for a in args {
                    if let ExprKind::Function { function } = &model.expr(a.value).kind {
                        self.nested_function(*function, state);
                    } else {
                        self.expr(a.value, state, false);
                    }
                }
                // A project function handed the context answers on some of its paths; the
                // unit's path goes on after it (the function may send nothing).
                if let Some((sent, always)) = self.sends.get(&id).cloned() {
                    let span = model.expr(id).span;
                    let mut at = state.clone();
                    at.terminal_calls.clear();
                    if !always {
                        at.ancestors.push(Guard {
                            polarity: Polarity::Positive,
                            kind: GuardKind::Sends(id),
                        });
                    }
                    for s in sent {
                        self.record(&at, End::Sent(s), span);
                    }
                    if always {
                        state.sent = true;
                        state.surely_sent = true;
                    }
                }
                if !state.terminal_calls.contains(&id) {
                    state.calls.push(CallSite { call: id, awaited });
                }
            }
            ExprKind::Await { arg } => self.expr(*arg, state, true),
            ExprKind::Conditional {
                test,
                consequent,
                alternate,
            } => {
                body_reads::tested_operands(model, *test, &mut self.tolerant);
                self.expr(*test, state, false);
                for (branch, polarity) in [
                    (*consequent, Polarity::Positive),
                    (*alternate, Polarity::Negative),
                ] {
                    let mut inner = state.clone();
                    inner.ancestors.push(Guard {
                        polarity,
                        kind: GuardKind::Expr(*test),
                    });
                    let guarded = self.guarded.len();
                    if polarity == Polarity::Positive {
                        self.guard_fields(*test);
                    }
                    self.expr(branch, &mut inner, false);
                    self.guarded.truncate(guarded);
                    Self::merge_from(state, &inner);
                }
            }
            ExprKind::Logical { op, left, right } => {
                match op {
                    LogicalOp::Or | LogicalOp::Nullish => {
                        body_reads::fallback_operands(model, *left, &mut self.tolerant)
                    }
                    LogicalOp::And => body_reads::tested_operands(model, *left, &mut self.tolerant),
                }
                self.expr(*left, state, false);
                let mut inner = state.clone();
                match op {
                    LogicalOp::And => inner.ancestors.push(Guard {
                        polarity: Polarity::Positive,
                        kind: GuardKind::Expr(*left),
                    }),
                    LogicalOp::Or => inner.ancestors.push(Guard {
                        polarity: Polarity::Negative,
                        kind: GuardKind::Expr(*left),
                    }),
                    LogicalOp::Nullish => {}
                }
                let guarded = self.guarded.len();
                if *op == LogicalOp::And {
                    self.guard_fields(*left);
                }
                self.expr(*right, &mut inner, false);
                self.guarded.truncate(guarded);
                Self::merge_from(state, &inner);
            }
            ExprKind::Member {
                object,
                property,
                optional,
            } => {
                // `body.error?.includes(…)`: the chain goes on only when the field is there.
                if *optional {
                    self.tolerant.insert(*object);
                }
                // `body.name`, and `body["name"]` with a literal key.
                let field = match property {
                    MemberProp::Name(p) => Some(p.to_string()),
                    MemberProp::Computed(k) => string_value(model, *k),
                    _ => None,
                };
                // `res.json().catch(() => ({}))`: a method of the promise the accessor call
                // returns, not a field of the body.
                let promise_method = matches!(model.expr(*object).kind, ExprKind::Call { .. })
                    && matches!(property, MemberProp::Name(p) if matches!(p.as_str(), "then" | "catch" | "finally"));
                if let Some(p) = field
                    && !promise_method
                    && !self.called.contains(&id)
                    && self.reads_body(*object)
                {
                    let tolerant = self.tolerant.contains(&id) || self.guarded.contains(&p);
                    state.reads.read(p, tolerant);
                }
                self.expr(*object, state, false);
                if let MemberProp::Computed(k) = property {
                    self.expr(*k, state, false);
                }
            }
            // `body.code === "linked"`: false when the field is missing, as a test is.
            ExprKind::Binary {
                op: BinaryOp::Eq | BinaryOp::NotEq | BinaryOp::StrictEq | BinaryOp::StrictNotEq,
                left,
                right,
            } => {
                for (side, other) in [(*left, *right), (*right, *left)] {
                    if matches!(model.expr(other).kind, ExprKind::Literal { .. }) {
                        self.tolerant.insert(side);
                        // `typeof body.error === "string"`
                        if let ExprKind::Unary {
                            op: UnaryOp::Typeof,
                            arg,
                        } = &model.expr(side).kind
                        {
                            self.tolerant.insert(*arg);
                        }
                    }
                }
                self.expr(*left, state, false);
                self.expr(*right, state, false);
            }
            ExprKind::Function { .. } | ExprKind::Class { .. } => {}
            // A tagged template calls its tag (`` prisma.$queryRaw`…` ``): a call site, which
            // becomes an effect only when a pack recognises it.
            ExprKind::Template(t) if t.tag.is_some() => {
                let mut children = Children::default();
                walk_expr_children(model, id, &mut children);
                for c in children.exprs {
                    self.expr(c, state, false);
                }
                state.calls.push(CallSite { call: id, awaited });
            }
            ExprKind::Assign { value, .. } => {
                self.expr(*value, state, false);
                if let Some((index, captures)) = self.expression_terminal(id) {
                    self.terminal_at(id, index, captures, state);
                }
            }
            _ => {
                let mut children = Children::default();
                walk_expr_children(model, id, &mut children);
                for c in children.exprs {
                    self.expr(c, state, false);
                }
            }
        }
    }

    /// A matched expression terminal: a `part: status` one sets the status for later; any
    /// other ends a path here.
    fn terminal_at(&mut self, id: ExprId, index: usize, captures: Captures, state: &mut State) {
        if self
            .pack
            .terminals
            .get(index)
            .is_some_and(|t| t.sets_status)
        {
            state.status_set = Some((index, captures));
            state.status_pending = true;
            // The status is answered from here on, whatever follows.
            state.surely_sent = true;
            return;
        }
        let span = self.model.expr(id).span;
        let mut at = state.clone();
        at.terminal_calls.clear();
        // A call that answers only when it fails (`part: failure`): one way ends here, when
        // it fails; the path goes on after it.
        if self.pack.terminals.get(index).is_some_and(|t| t.on_failure) {
            at.ancestors.push(Guard {
                polarity: Polarity::Positive,
                kind: GuardKind::Sends(id),
            });
            self.record(&at, End::Terminal { index, captures }, span);
            return;
        }
        self.record(&at, End::Terminal { index, captures }, span);
        state.status_pending = false;
        state.sent = true;
        state.surely_sent = true;
    }

    /// A callback written in the unit: its terminals count (`.then(u => res.json(u))`), its
    /// returns do not, and its calls do not leak onto later paths.
    fn nested_function(&mut self, function: FuncId, state: &State) {
        let model = self.model;
        let mut inner = state.clone();
        self.nested += 1;
        match &model.function(function).body {
            FunctionBody::Block(stmts) => {
                self.stmts(stmts, &mut inner);
            }
            FunctionBody::Expr(e) => self.expr(*e, &mut inner, false),
            FunctionBody::None => {}
        }
        self.nested -= 1;
    }

    /// The body fields a declaration destructures from the body (`const { success, error } =
    /// await res.json()`): each is read where it is declared. The names may be tested before
    /// use, or never used, so each read accepts the field's absence.
    fn destructured_reads(&mut self, pattern: PatternId, init: ExprId, state: &mut State) {
        let model = self.model;
        let PatternKind::Object { props, .. } = &model.pattern(pattern).kind else {
            return;
        };
        if !self.reads_body(before_catch(model, init)) && !self.reads_body(init) {
            return;
        }
        for prop in props {
            if let Some(key) = prop.key.as_str() {
                state.reads.read(key.to_owned(), true);
            }
        }
    }

    /// Adds the body fields `test` reads to the guarded ones.
    fn guard_fields(&mut self, test: ExprId) {
        let model = self.model;
        let mut todo = vec![test];
        while let Some(e) = todo.pop() {
            if let ExprKind::Member {
                object,
                property: MemberProp::Name(p),
                ..
            } = &model.expr(e).kind
                && self.reads_body(*object)
            {
                self.guarded.push(p.to_string());
            }
            let mut children = Children::default();
            walk_expr_children(model, e, &mut children);
            todo.extend(children.exprs);
        }
    }

    /// Whether `object` is the response body (a name bound to it, or a body accessor on the
    /// response such as `res.data`).
    fn reads_body(&self, object: ExprId) -> bool {
        let model = self.model;
        if self.body_values.contains(&unawaited(model, object)) {
            return true;
        }
        let at = model.expr(object).span.start;
        if let Some(b) = model.resolved_binding(object) {
            return self.body_names.contains(&b) && self.holds_at(b, at);
        }
        if self.held_between.is_empty() {
            return self
                .pack
                .response
                .body
                .iter()
                .any(|p| accessor_on(model, p, object, &self.response_names));
        }
        let live: BTreeSet<BindingId> = self
            .response_names
            .iter()
            .copied()
            .filter(|&b| self.holds_at(b, at))
            .collect();
        self.pack
            .response
            .body
            .iter()
            .any(|p| accessor_on(model, p, object, &live))
    }

    /// Whether the response or body name `b` holds the unit's value at offset `at` (see
    /// [`Self::held_between`]; a name assigned once holds it everywhere).
    pub fn holds_at(&self, b: BindingId, at: u32) -> bool {
        self.held_between
            .get(&b)
            .is_none_or(|ranges| ranges.iter().any(|&(start, end)| start <= at && at < end))
    }
}

/// What `expr` awaits, before a rejection handler chained on it: `await res.json().catch(() =>
/// ({}))` is the body, or the fallback when it does not parse.
pub fn before_catch(model: &Model, expr: ExprId) -> ExprId {
    let value = unawaited(model, expr);
    match crate::files::method_call(model, value) {
        Some((object, "catch", _)) => object,
        _ => value,
    }
}

/// The value an `await` waits for, or `expr` itself when it awaits nothing (`await fetch(…)` is
/// the `fetch(…)` call).
pub fn unawaited(model: &Model, expr: ExprId) -> ExprId {
    match &model.expr(expr).kind {
        ExprKind::Await { arg } => *arg,
        _ => expr,
    }
}

/// Whether the accessor pattern (one metavariable, the response) matches `expr` with the
/// response bound to one of `names`.
pub fn accessor_on(
    model: &Model,
    pattern: &PatternNode,
    expr: ExprId,
    names: &BTreeSet<BindingId>,
) -> bool {
    let mut caps = Captures::new();
    if !match_expr(model, pattern, expr, &mut caps) {
        return false;
    }
    caps.values().any(|c| {
        c.expr()
            .and_then(|e| model.resolved_binding(e))
            .is_some_and(|b| names.contains(&b))
    })
}

fn anchor_matches(model: &Model, pattern: &PatternNode, call: ExprId) -> bool {
    let Some(anchor) = pattern.call_anchor() else {
        return true;
    };
    match &model.expr(call).kind {
        ExprKind::Call { callee, .. } => match &model.expr(*callee).kind {
            ExprKind::Ident { name, .. } => name == anchor,
            ExprKind::Member {
                property: MemberProp::Name(name),
                ..
            } => name == anchor,
            _ => false,
        },
        _ => false,
    }
}

/// Every call inside a terminal's callee chain (`res.status(404)` of `res.status(404).json(x)`).
fn mark_calls(model: &Model, call: ExprId, out: &mut BTreeSet<ExprId>) {
    let mut cur = call;
    loop {
        out.insert(cur);
        let ExprKind::Call { callee, .. } = &model.expr(cur).kind else {
            return;
        };
        let mut obj = *callee;
        loop {
            match &model.expr(obj).kind {
                ExprKind::Member { object, .. } => obj = *object,
                ExprKind::Call { .. } => break,
                _ => return,
            }
        }
        cur = obj;
    }
}

#[derive(Default)]
struct Children {
    exprs: Vec<ExprId>,
}

impl ExprVisitor for Children {
    fn expr(&mut self, id: ExprId) {
        self.exprs.push(id);
    }
    fn pattern(&mut self, _id: PatternId) {}
}

/// The text of a string literal.
fn string_value(model: &Model, expr: ExprId) -> Option<String> {
    match &model.expr(expr).kind {
        ExprKind::Literal {
            value: seam_lang::model::LiteralValue::String { value },
        } => Some(value.to_string()),
        _ => None,
    }
}
