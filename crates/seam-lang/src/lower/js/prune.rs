//! Cutting off code nested deeper than [`MAX_SCOPE_DEPTH`] scopes before scope analysis.
//!
//! oxc_semantic resolves each identifier by walking up the scope chain from where it is used,
//! so a file of deeply nested blocks costs time quadratic in the nesting: 295,000 nested
//! `if (a) {` (2 MB) took 135 s. The lowering keeps nothing that deep anyway (it stops at
//! [`super::MAX_DEPTH`] nested nodes, and every scope is at least one of them), so before
//! semantic analysis the body of every block, function, loop, `switch` or namespace that would
//! open a scope deeper than the limit is emptied, and each place gets a diagnostic. Scope
//! analysis is then linear in the file's size.
//!
//! Not covered: a chain of scopes through parameter defaults (`(a = (b = (…) => 0) => 0) => 0`)
//! keeps its scopes, since a parameter list cannot be emptied without changing its function.

use oxc_allocator::{Allocator, TakeIn};
use oxc_ast::ast::{
    ArrowFunctionBody, BlockStatement, ForInStatement, ForOfStatement, ForStatement, FunctionBody,
    Program, StaticBlock, SwitchStatement, TSModuleBlock,
};
use oxc_ast_visit::{VisitMut, walk_mut};
use oxc_span::Span;
use oxc_syntax::scope::{ScopeFlags, ScopeId};
use std::cell::Cell;

/// The deepest scope whose code is analysed; the code inside a scope deeper than this is not.
pub const MAX_SCOPE_DEPTH: u32 = super::MAX_DEPTH;

/// Empties every scope body nested deeper than [`MAX_SCOPE_DEPTH`]; returns the spans of the
/// constructs emptied (outermost only), in source order.
pub fn prune_deep_scopes<'a>(allocator: &'a Allocator, program: &mut Program<'a>) -> Vec<Span> {
    let mut pruner = Pruner {
        allocator,
        depth: 0,
        pruned: Vec::new(),
    };
    pruner.visit_program(program);
    pruner.pruned
}

struct Pruner<'a> {
    allocator: &'a Allocator,
    /// Scopes open around the node being visited (the program's own included).
    depth: u32,
    pruned: Vec<Span>,
}

impl Pruner<'_> {
    /// True when a scope opened here would be deeper than the limit.
    fn too_deep(&self) -> bool {
        self.depth > MAX_SCOPE_DEPTH
    }
}

impl<'a> VisitMut<'a> for Pruner<'a> {
    fn enter_scope(&mut self, _flags: ScopeFlags, _scope_id: &Cell<Option<ScopeId>>) {
        self.depth += 1;
    }

    fn leave_scope(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn visit_block_statement(&mut self, it: &mut BlockStatement<'a>) {
        if self.too_deep() {
            if !it.body.is_empty() {
                it.body.clear();
                self.pruned.push(it.span);
            }
            return;
        }
        walk_mut::walk_block_statement(self, it);
    }

    fn visit_function_body(&mut self, it: &mut FunctionBody<'a>) {
        // A function's scope is already open here, so the body is one level deeper.
        if self.depth > MAX_SCOPE_DEPTH {
            if !it.statements.is_empty() {
                it.statements.clear();
                self.pruned.push(it.span);
            }
            return;
        }
        walk_mut::walk_function_body(self, it);
    }

    fn visit_arrow_function_body(&mut self, it: &mut ArrowFunctionBody<'a>) {
        if self.depth > MAX_SCOPE_DEPTH && !matches!(it, ArrowFunctionBody::FunctionBody(_)) {
            let span = oxc_span::GetSpan::span(it);
            let _ = it.take_in(&self.allocator);
            self.pruned.push(span);
            return;
        }
        walk_mut::walk_arrow_function_body(self, it);
    }

    fn visit_static_block(&mut self, it: &mut StaticBlock<'a>) {
        if self.too_deep() {
            if !it.body.is_empty() {
                it.body.clear();
                self.pruned.push(it.span);
            }
            return;
        }
        walk_mut::walk_static_block(self, it);
    }

    fn visit_switch_statement(&mut self, it: &mut SwitchStatement<'a>) {
        if self.too_deep() {
            if !it.cases.is_empty() {
                it.cases.clear();
                self.pruned.push(it.span);
            }
            return;
        }
        walk_mut::walk_switch_statement(self, it);
    }

    fn visit_ts_module_block(&mut self, it: &mut TSModuleBlock<'a>) {
        if self.depth > MAX_SCOPE_DEPTH {
            if !it.body.is_empty() {
                it.body.clear();
                self.pruned.push(it.span);
            }
            return;
        }
        walk_mut::walk_ts_module_block(self, it);
    }

    fn visit_for_statement(&mut self, it: &mut ForStatement<'a>) {
        if self.too_deep() {
            let _ = it.body.take_in(&self.allocator);
            self.pruned.push(it.span);
            return;
        }
        walk_mut::walk_for_statement(self, it);
    }

    fn visit_for_in_statement(&mut self, it: &mut ForInStatement<'a>) {
        if self.too_deep() {
            let _ = it.body.take_in(&self.allocator);
            self.pruned.push(it.span);
            return;
        }
        walk_mut::walk_for_in_statement(self, it);
    }

    fn visit_for_of_statement(&mut self, it: &mut ForOfStatement<'a>) {
        if self.too_deep() {
            let _ = it.body.take_in(&self.allocator);
            self.pruned.push(it.span);
            return;
        }
        walk_mut::walk_for_of_statement(self, it);
    }
}
