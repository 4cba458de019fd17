//! Python module names.
//!
//! A module path `a.b` names `a/b.py` or `a/b/__init__.py` (then the `.pyi` forms) under a
//! base directory:
//! - relative imports (`from .x import y`, level ≥ 1): the importing file's package (its
//!   directory), one directory up per extra dot;
//! - absolute imports: the source roots, in this order: the directory above the importing
//!   file's top package (walking up while `__init__.py` exists: where `python -m` or pytest
//!   would put it on `sys.path`), each enclosing `pyproject.toml` directory nearest first and
//!   its `src/`, the repository root and `src/`, then the other `pyproject.toml` directories
//!   and their `src/`. The first root holding the module wins.
//!
//! `from pkg import name` resolves to the submodule `pkg/name.py` (or `pkg/name/__init__.py`)
//! when the statement imports exactly one name and that submodule exists, else to `pkg`
//! itself (the statement's `Import::resolved` keeps this long-standing rule, which callers
//! rely on). Each name's own target is `ImportedName::resolved`: for `from pkg import a, b`
//! the submodule of each name that is one, and `pkg` for each name that is not. A namespace package (a directory without `__init__.py`) has no file: `import ns`
//! stays unresolved, `from ns import mod` resolves to the submodule.
use super::{Resolver, concat, parent_dir};

impl Resolver<'_> {
    /// The project file a Python import resolves to. `module` is the dotted name without the
    /// leading dots, `level` the number of dots, `single_name` the one name a `from` import
    /// takes (when it takes exactly one).
    pub fn resolve_python(
        &self,
        from: &str,
        module: &str,
        level: u32,
        single_name: Option<&str>,
    ) -> Option<String> {
        let rel_path = module
            .split('.')
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>();
        if module.split('.').any(str::is_empty) && !module.is_empty() {
            return None;
        }
        let rel_path = rel_path.join("/");
        if level > 0 {
            let mut dir = parent_dir(from);
            for _ in 1..level {
                if dir.is_empty() {
                    return None;
                }
                dir = parent_dir(dir);
            }
            return self.resolve_under(&concat(dir, &rel_path), module.is_empty(), single_name);
        }
        if module.is_empty() {
            return None;
        }
        self.python_roots(from)
            .iter()
            .find_map(|root| self.resolve_under(&concat(root, &rel_path), false, single_name))
    }

    /// `base` is the module's path without extension; `is_package_only` when the import
    /// named a package by dots alone (`from . import x`).
    fn resolve_under(
        &self,
        base: &str,
        is_package_only: bool,
        single_name: Option<&str>,
    ) -> Option<String> {
        if let Some(name) = single_name
            && self.is_dir(base)
            && let Some(sub) = self.module_file(&concat(base, name), false)
        {
            return Some(sub);
        }
        self.module_file(base, is_package_only)
    }

    fn module_file(&self, base: &str, package_only: bool) -> Option<String> {
        let mut candidates = Vec::with_capacity(4);
        if !package_only && !base.is_empty() {
            candidates.push(format!("{base}.py"));
        }
        candidates.push(concat(base, "__init__.py"));
        if !package_only && !base.is_empty() {
            candidates.push(format!("{base}.pyi"));
        }
        candidates.push(concat(base, "__init__.pyi"));
        candidates.into_iter().find(|c| self.is_file(c))
    }

    /// The source roots for an absolute import from `from`, most likely first.
    fn python_roots(&self, from: &str) -> Vec<String> {
        let mut roots: Vec<String> = Vec::new();
        let push = |roots: &mut Vec<String>, r: String| {
            if !roots.contains(&r) && self.is_dir(&r) {
                roots.push(r);
            }
        };
        let mut top = parent_dir(from);
        while !top.is_empty() && self.is_file(&concat(top, "__init__.py")) {
            top = parent_dir(top);
        }
        push(&mut roots, top.to_string());
        let mut enclosing: Vec<&str> = self
            .pyproject_dirs
            .iter()
            .copied()
            .filter(|d| crate::project::is_within(from, d))
            .collect();
        enclosing.sort_by_key(|d| std::cmp::Reverse(d.len()));
        for d in &enclosing {
            push(&mut roots, d.to_string());
            push(&mut roots, concat(d, "src"));
        }
        push(&mut roots, String::new());
        push(&mut roots, "src".to_string());
        for d in &self.pyproject_dirs {
            push(&mut roots, d.to_string());
            push(&mut roots, concat(d, "src"));
        }
        roots
    }
}
