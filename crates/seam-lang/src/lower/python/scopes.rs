//! Python's name binding, computed by the lowering itself (there is no semantic library).
//!
//! While lowering, every name that is bound (assignment targets, `def`/`class` names,
//! imports, `for`/`with`/`except` targets, parameters, walrus targets, match captures, `del`,
//! bare annotations) is recorded as a [`Decl`] in the scope it is written in, and every name
//! that is read as a [`Use`]. Scopes are created for the module, each function and lambda,
//! each class body and each comprehension. After the whole file is lowered, [`Scopes::finish`]
//! applies Python's rules:
//!
//! - A name bound anywhere in a function is local to the whole function (even where it is
//!   read before the assignment), unless the function declares it `global` (then it is the
//!   module's) or `nonlocal` (then it is the nearest enclosing function's that binds it).
//! - A read resolves LEGB: the scope itself, then enclosing function and comprehension
//!   scopes, then the module; builtins stay unresolved. Class bodies are skipped when looking
//!   outward, so a method does not see class attributes.
//! - One [`Binding`] per name per scope. Its kind, span and origin come from the first
//!   declaration that assigns it; `reassigned` is set when a second one does. Bare
//!   annotations and `del` declare the name without assigning it.
//! - Module-scope bindings are allocated first, so `Model::module_binding` finds them before
//!   any same-named class attribute or comprehension variable (which also have `scope: None`).
//!
//! Resolution is iterative (a walk up the scope chain per use), so deep nesting costs no stack.
use crate::model::*;
use std::collections::{HashMap, HashSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    Module,
    Function,
    Class,
    Comprehension,
}

#[derive(Debug)]
struct Scope {
    kind: ScopeKind,
    parent: Option<usize>,
    /// The innermost function containing this scope (itself for a function scope).
    func: Option<FuncId>,
    globals: HashSet<String>,
    nonlocals: HashSet<String>,
}

/// Where the lowering put the declaring occurrence, so its binding can be filled in.
#[derive(Debug, Clone, Copy)]
pub enum DeclSite {
    Pattern(PatternId),
    Import { import: u32, name: u32 },
    None,
}

#[derive(Debug)]
pub struct Decl {
    pub scope: usize,
    pub name: String,
    pub kind: BindingKind,
    pub span: Span,
    pub origin: BindingOrigin,
    /// False for declarations that make a name local without giving it a value.
    pub assigns: bool,
    pub site: DeclSite,
}

#[derive(Debug)]
struct Use {
    scope: usize,
    name: String,
    expr: ExprId,
}

#[derive(Debug)]
pub struct Scopes {
    scopes: Vec<Scope>,
    decls: Vec<Decl>,
    uses: Vec<Use>,
}

pub const MODULE_SCOPE: usize = 0;

impl Scopes {
    pub fn new() -> Scopes {
        Scopes {
            scopes: vec![Scope {
                kind: ScopeKind::Module,
                parent: None,
                func: None,
                globals: HashSet::new(),
                nonlocals: HashSet::new(),
            }],
            decls: Vec::new(),
            uses: Vec::new(),
        }
    }

    /// Opens a scope inside `parent`. `func` is the function a function scope belongs to, or
    /// the enclosing function for class and comprehension scopes.
    pub fn push(&mut self, kind: ScopeKind, parent: usize, func: Option<FuncId>) -> usize {
        self.scopes.push(Scope {
            kind,
            parent: Some(parent),
            func,
            globals: HashSet::new(),
            nonlocals: HashSet::new(),
        });
        self.scopes.len() - 1
    }

    pub fn kind(&self, scope: usize) -> ScopeKind {
        self.scopes.get(scope).map_or(ScopeKind::Module, |s| s.kind)
    }

    /// The nearest scope that is not a comprehension: where a walrus inside a comprehension binds.
    pub fn non_comprehension(&self, mut scope: usize) -> usize {
        while let Some(s) = self.scopes.get(scope) {
            match (s.kind, s.parent) {
                (ScopeKind::Comprehension, Some(p)) => scope = p,
                _ => break,
            }
        }
        scope
    }

    pub fn declare(&mut self, decl: Decl) {
        self.decls.push(decl);
    }

    pub fn read(&mut self, scope: usize, name: &str, expr: ExprId) {
        self.uses.push(Use {
            scope,
            name: name.to_string(),
            expr,
        });
    }

    pub fn global(&mut self, scope: usize, name: &str) {
        if let Some(s) = self.scopes.get_mut(scope) {
            s.globals.insert(name.to_string());
        }
    }

    pub fn nonlocal(&mut self, scope: usize, name: &str) {
        if let Some(s) = self.scopes.get_mut(scope) {
            s.nonlocals.insert(name.to_string());
        }
    }

    /// Applies the rules above: creates the bindings in `model`, fills every declaring
    /// pattern, imported name and identifier use. Returns the module-scope bindings in
    /// declaration order.
    pub fn finish(self, model: &mut Model) -> Vec<BindingId> {
        let Scopes {
            scopes,
            decls,
            uses,
        } = self;
        let is_module = |s: usize| scopes.get(s).is_none_or(|x| x.kind == ScopeKind::Module);

        // Names each scope binds itself (not redirected by global/nonlocal).
        let mut locals: Vec<HashSet<&str>> = vec![HashSet::new(); scopes.len()];
        for d in &decls {
            let s = &scopes[d.scope];
            let redirected = (!is_module(d.scope) && s.globals.contains(&d.name))
                || s.nonlocals.contains(&d.name);
            if !redirected {
                locals[d.scope].insert(d.name.as_str());
            }
        }
        // The scope a `nonlocal` name in `scope` refers to.
        let nonlocal_target = |scope: usize, name: &str| -> Option<usize> {
            let mut cur = scopes[scope].parent;
            while let Some(p) = cur {
                let s = &scopes[p];
                match s.kind {
                    ScopeKind::Module => return None,
                    ScopeKind::Function => {
                        if s.globals.contains(name) {
                            return None;
                        }
                        if locals[p].contains(name) {
                            return Some(p);
                        }
                    }
                    ScopeKind::Class | ScopeKind::Comprehension => {}
                }
                cur = s.parent;
            }
            None
        };
        let home = |d: &Decl| -> Option<usize> {
            let s = &scopes[d.scope];
            if !is_module(d.scope) && s.globals.contains(&d.name) {
                Some(MODULE_SCOPE)
            } else if s.nonlocals.contains(&d.name) {
                nonlocal_target(d.scope, &d.name)
            } else {
                Some(d.scope)
            }
        };

        let homes: Vec<Option<usize>> = decls.iter().map(home).collect();
        let mut maps: Vec<HashMap<String, BindingId>> = vec![HashMap::new(); scopes.len()];
        let mut assigned: Vec<bool> = Vec::new();
        let mut module_bindings = Vec::new();
        // Module scope first, then every other scope, each in declaration order.
        let order = (0..decls.len())
            .filter(|&i| homes[i] == Some(MODULE_SCOPE))
            .chain((0..decls.len()).filter(|&i| !matches!(homes[i], Some(MODULE_SCOPE) | None)));
        let order: Vec<usize> = order.collect();
        for i in order {
            let Some(h) = homes[i] else { continue };
            let d = &decls[i];
            let binding = match maps[h].get(&d.name) {
                Some(&b) => {
                    if d.assigns {
                        let slot = &mut model.bindings[b.index()];
                        if assigned[b.index()] {
                            slot.reassigned = true;
                        } else {
                            slot.kind = d.kind.clone();
                            slot.origin = d.origin.clone();
                            slot.span = d.span;
                            assigned[b.index()] = true;
                        }
                    }
                    b
                }
                None => {
                    let b = model.push_binding(Binding {
                        name: d.name.as_str().into(),
                        kind: d.kind.clone(),
                        scope: scopes[h].func,
                        origin: d.origin.clone(),
                        reassigned: false,
                        span: d.span,
                    });
                    assigned.push(d.assigns);
                    maps[h].insert(d.name.clone(), b);
                    if h == MODULE_SCOPE {
                        module_bindings.push(b);
                    }
                    b
                }
            };
            set_site(model, d.site, Some(binding));
        }

        for u in &uses {
            let found = resolve(&scopes, &maps, &nonlocal_target, u.scope, &u.name);
            if let Some(ExprKind::Ident { binding, .. }) =
                model.exprs.get_mut(u.expr.index()).map(|e| &mut e.kind)
            {
                *binding = found;
            }
        }
        module_bindings
    }
}

fn set_site(model: &mut Model, site: DeclSite, binding: Option<BindingId>) {
    match site {
        DeclSite::Pattern(p) => {
            if let Some(Pattern {
                kind: PatternKind::Ident { binding: b, .. },
                ..
            }) = model.patterns.get_mut(p.index())
            {
                *b = binding;
            }
        }
        DeclSite::Import { import, name } => {
            if let Some(n) = model
                .imports
                .get_mut(import as usize)
                .and_then(|i| i.names.get_mut(name as usize))
            {
                n.binding = binding;
            }
        }
        DeclSite::None => {}
    }
}

/// LEGB from `scope`: the scope itself (class bodies included), then enclosing scopes with
/// class bodies skipped, honouring `global`/`nonlocal` declarations met on the way.
fn resolve(
    scopes: &[Scope],
    maps: &[HashMap<String, BindingId>],
    nonlocal_target: &dyn Fn(usize, &str) -> Option<usize>,
    scope: usize,
    name: &str,
) -> Option<BindingId> {
    let mut cur = Some(scope);
    let mut first = true;
    while let Some(s) = cur {
        let sc = &scopes[s];
        if first || sc.kind != ScopeKind::Class {
            if sc.kind != ScopeKind::Module && sc.globals.contains(name) {
                return maps[MODULE_SCOPE].get(name).copied();
            }
            if sc.nonlocals.contains(name) {
                return nonlocal_target(s, name).and_then(|t| maps[t].get(name).copied());
            }
            if let Some(&b) = maps[s].get(name) {
                return Some(b);
            }
        }
        first = false;
        cur = sc.parent;
    }
    None
}
