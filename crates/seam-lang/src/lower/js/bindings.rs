//! Declared names and identifier resolution.
//!
//! Every declaration the lowering meets creates a [`Binding`] and records which oxc symbol it
//! stands for. Identifier uses are resolved through oxc_semantic (reference → symbol) once the
//! whole file is lowered, so a use before its declaration (hoisting) resolves too.
use super::Lowerer;
use crate::model::{
    Binding, BindingId, BindingKind, BindingOrigin, ExportTarget, ExprId, ExprKind, Model,
    PatternKind,
};
use oxc_ast::ast::{BindingIdentifier, IdentifierReference};
use oxc_syntax::symbol::SymbolId;

impl Lowerer<'_> {
    /// Declares the name of `id` in the current function.
    pub(crate) fn declare(
        &mut self,
        id: &BindingIdentifier<'_>,
        kind: BindingKind,
        origin: BindingOrigin,
    ) -> BindingId {
        let scope = self.current_function();
        self.declare_in(id, kind, origin, scope)
    }

    /// Declares the name of `id` in the given scope (`None`: module level).
    ///
    /// A name declared again (`var x; var x;`, overloads, merged interfaces) keeps one
    /// binding; a name that is both a value and a type (`const X` + `type X`) gets one binding
    /// each, and its uses (always values in the model) resolve to the value.
    pub(crate) fn declare_in(
        &mut self,
        id: &BindingIdentifier<'_>,
        kind: BindingKind,
        origin: BindingOrigin,
        scope: Option<crate::model::FuncId>,
    ) -> BindingId {
        let symbol = id.symbol_id.get();
        let existing = symbol
            .and_then(|s| self.symbol_binding.get(s.index()).copied())
            .flatten();
        let new_is_type = matches!(kind, BindingKind::TypeDecl { .. });
        if let Some(existing) = existing {
            let existing_is_type =
                matches!(self.m.binding(existing).kind, BindingKind::TypeDecl { .. });
            if existing_is_type == new_is_type {
                self.redeclare(existing, kind);
                return existing;
            }
        }
        let binding = self.m.push_binding(Binding {
            name: id.name.as_str().into(),
            kind,
            scope,
            origin,
            reassigned: false,
            span: super::sp(id.span),
        });
        self.binding_symbol.push(symbol);
        if let Some(s) = symbol {
            // The value binding wins the symbol: uses in the model are values.
            let take = existing.is_none() || !new_is_type;
            if take && let Some(slot) = self.symbol_binding.get_mut(s.index()) {
                *slot = Some(binding);
            }
        }
        binding
    }

    /// A second declaration of an existing binding: an overload list ends in the
    /// implementation, which is the function the binding should name.
    fn redeclare(&mut self, existing: BindingId, kind: BindingKind) {
        let (BindingKind::Function { function: old }, BindingKind::Function { function: new }) =
            (&self.m.binding(existing).kind, &kind)
        else {
            return;
        };
        let old_is_stub = matches!(self.m.function(*old).body, crate::model::FunctionBody::None);
        if old_is_stub && *old != *new {
            self.m.bindings[existing.index()].kind = kind;
        }
    }

    /// The symbol an identifier use refers to, if it resolves in this file.
    pub(crate) fn reference_symbol(&self, r: &IdentifierReference<'_>) -> Option<SymbolId> {
        let rid = r.reference_id.get()?;
        self.scoping.get_reference(rid).symbol_id()
    }

    /// An identifier expression; `undefined` that resolves to nothing is the literal.
    pub(crate) fn ident_expr(&mut self, r: &IdentifierReference<'_>) -> ExprId {
        let symbol = self.reference_symbol(r);
        let name = r.name.as_str();
        if name == "undefined" && symbol.is_none() {
            return self.m.push_expr(
                ExprKind::Literal {
                    value: crate::model::LiteralValue::Undefined,
                },
                super::sp(r.span),
            );
        }
        let id = self.m.push_expr(
            ExprKind::Ident {
                name: name.into(),
                binding: None,
            },
            super::sp(r.span),
        );
        if let Some(s) = symbol {
            self.pending_exprs.push((id, s));
        }
        id
    }

    /// An identifier assignment target, resolved like a use.
    pub(crate) fn ident_target(&mut self, r: &IdentifierReference<'_>) -> crate::model::PatternId {
        let id = self.m.push_pattern(
            PatternKind::Ident {
                name: r.name.as_str().into(),
                binding: None,
            },
            super::sp(r.span),
        );
        if let Some(s) = self.reference_symbol(r) {
            self.pending_patterns.push((id, s));
        }
        id
    }

    fn binding_of(&self, s: SymbolId) -> Option<BindingId> {
        self.symbol_binding.get(s.index()).copied().flatten()
    }

    /// Resolves every pending use and computes `reassigned`; returns the finished model.
    pub(crate) fn finish(mut self) -> Model {
        for (expr, s) in std::mem::take(&mut self.pending_exprs) {
            let resolved = self.binding_of(s);
            if let ExprKind::Ident { binding, .. } = &mut self.m.exprs[expr.index()].kind {
                *binding = resolved;
            }
        }
        for (pat, s) in std::mem::take(&mut self.pending_patterns) {
            let resolved = self.binding_of(s);
            if let PatternKind::Ident { binding, .. } = &mut self.m.patterns[pat.index()].kind {
                *binding = resolved;
            }
        }
        for (export, s) in std::mem::take(&mut self.pending_exports) {
            if let Some(b) = self.binding_of(s)
                && let Some(e) = self.m.exports.get_mut(export)
            {
                e.target = ExportTarget::Binding(b);
            }
        }
        for (i, symbol) in self.binding_symbol.iter().enumerate() {
            if let Some(s) = symbol {
                let written = self
                    .scoping
                    .get_resolved_references(*s)
                    .any(|r| r.is_write());
                if let Some(b) = self.m.bindings.get_mut(i) {
                    b.reassigned = written;
                }
            }
        }
        // Imports name their bindings too.
        for b in 0..self.m.bindings.len() {
            if let BindingKind::Import { import, name } = self.m.bindings[b].kind
                && let Some(n) = self
                    .m
                    .imports
                    .get_mut(import as usize)
                    .and_then(|i| i.names.get_mut(name as usize))
            {
                n.binding = Some(BindingId::from_index(b));
            }
        }
        // The arenas were sized from oxc's counts; `lower_file` gives back what was not used
        // (`Model::shrink_to_fit`).
        self.m
    }
}
