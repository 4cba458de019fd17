//! C# namespaces and using directives.
//!
//! A C# file's namespace need not match its folder and one file declares any number of types
//! (a partial class spreads over several), so names are found through the [`CsNamespaces`]
//! index: every top-level type a C# file exports, under the namespace the file declares. A
//! name a file uses that nothing in it binds is looked up, in order, in the file's own
//! namespace and the namespaces enclosing it (`A.B.C`, `A.B`, `A`), in the namespaces of its
//! `using` directives, and in those of every `global using` of the project; the first that
//! declares it gives an implicit import of that file (specifier `Name`, span empty), as for
//! Java and Kotlin. `using X = A.B.C;` names the file declaring `C` in `A.B`.
//!
//! Extension methods: a call `x.M(a)` of a method `M` that no class of the file declares, where
//! a static class of a namespace the file sees declares the extension method `M(this T x, …)`,
//! is that static method's call `C.M(x, a)`: the model is rewritten so, and the later stages
//! follow it as any static call (`app.MapTodosApi()` is `TodosApi.MapTodosApi(app)`).
use super::Resolver;
use super::kotlin::bind_implicit_import;
use crate::model::*;
use std::collections::{BTreeMap, BTreeSet};

/// Top-level types of the project's C# files by namespace, and the project's global usings.
#[derive(Debug, Default)]
pub struct CsNamespaces {
    /// (namespace, name) → the declaring files, sorted by path.
    names: BTreeMap<(String, String), Vec<String>>,
    /// The namespaces `global using` directives import, project-wide.
    global_usings: Vec<String>,
    /// Extension method name → (namespace, static class, declaring file).
    extensions: BTreeMap<String, Vec<(String, String, String)>>,
}

impl CsNamespaces {
    pub fn new(models: &[Model]) -> CsNamespaces {
        let mut names: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        let mut global_usings = BTreeSet::new();
        let mut extensions: BTreeMap<String, Vec<(String, String, String)>> = BTreeMap::new();
        for m in models {
            if m.language != Language::CSharp {
                continue;
            }
            let namespace = m.package.clone().unwrap_or_default();
            for f in &m.functions {
                let (Some(name), Some(class)) = (&f.name, f.class) else {
                    continue;
                };
                let Some(class_name) = &m.class(class).name else {
                    continue;
                };
                if f.is_static && f.params.first().is_some_and(|p| is_this_param(m, p)) {
                    extensions.entry(name.clone()).or_default().push((
                        namespace.clone(),
                        class_name.clone(),
                        m.path.clone(),
                    ));
                }
            }
            for e in &m.exports {
                names
                    .entry((namespace.clone(), e.exported.clone()))
                    .or_default()
                    .push(m.path.clone());
            }
            for import in &m.imports {
                let text = m
                    .source
                    .get(import.span.start as usize..import.span.end as usize)
                    .unwrap_or("");
                if text.trim_start().starts_with("global ")
                    && import
                        .names
                        .iter()
                        .all(|n| matches!(n.imported, ImportedItem::All))
                {
                    global_usings.insert(import.specifier.clone());
                }
            }
        }
        for files in names.values_mut() {
            files.sort();
            files.dedup();
        }
        CsNamespaces {
            names,
            global_usings: global_usings.into_iter().collect(),
            extensions,
        }
    }

    /// The file declaring `name` in `namespace`, other than `from`: the one sharing the
    /// longest folder prefix with `from`, then the first by path.
    pub fn file(&self, namespace: &str, name: &str, from: &str) -> Option<&str> {
        let mut best: Option<(usize, &str)> = None;
        for f in self.names.get(&(namespace.to_owned(), name.to_owned()))? {
            if f == from {
                continue;
            }
            let shared = super::java::common_dir_prefix(from, f);
            if best.is_none_or(|(s, _)| shared > s) {
                best = Some((shared, f));
            }
        }
        best.map(|(_, f)| f)
    }
}

impl Resolver<'_> {
    /// Resolves a C# model's aliases and binds the names it uses to the files of the
    /// namespaces it sees.
    pub(super) fn resolve_csharp_model(&self, model: &mut Model) {
        let from = model.path.clone();
        let mut namespaces: Vec<String> = Vec::new();
        if let Some(own) = &model.package {
            let mut ns = own.as_str();
            loop {
                namespaces.push(ns.to_owned());
                match ns.rsplit_once('.') {
                    Some((parent, _)) => ns = parent,
                    None => break,
                }
            }
        }
        namespaces.push(String::new());
        for import in &mut model.imports {
            let wildcard = import
                .names
                .iter()
                .any(|n| matches!(n.imported, ImportedItem::All));
            if wildcard {
                namespaces.push(import.specifier.clone());
                continue;
            }
            import.resolved = import
                .specifier
                .rsplit_once('.')
                .and_then(|(ns, name)| self.csharp.file(ns, name, &from).map(str::to_owned));
            for name in &mut import.names {
                name.resolved.clone_from(&import.resolved);
            }
        }
        namespaces.extend(self.csharp.global_usings.iter().cloned());
        let mut wanted: BTreeSet<String> = BTreeSet::new();
        for e in &model.exprs {
            if let ExprKind::Ident {
                name,
                binding: None,
            } = &e.kind
            {
                wanted.insert(name.to_string());
            }
        }
        for name in wanted {
            if model.module_binding(&name).is_some() {
                continue;
            }
            let found = namespaces
                .iter()
                .find_map(|ns| self.csharp.file(ns, &name, &from));
            if let Some(file) = found {
                bind_implicit_import(model, &name, file.to_owned());
            }
        }
        self.extension_calls(model, &namespaces);
    }

    /// Rewrites each call of an extension method the file sees into the static call.
    fn extension_calls(&self, model: &mut Model, namespaces: &[String]) {
        if self.csharp.extensions.is_empty() {
            return;
        }
        let own_methods: BTreeSet<&str> = model
            .functions
            .iter()
            .filter(|f| f.class.is_some())
            .filter_map(|f| f.name.as_deref())
            .collect();
        let mut rewrites = Vec::new();
        for (i, e) in model.exprs.iter().enumerate() {
            let ExprKind::Call {
                callee,
                args,
                is_new: false,
                ..
            } = &e.kind
            else {
                continue;
            };
            let ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } = &model.expr(*callee).kind
            else {
                continue;
            };
            if own_methods.contains(name.as_str()) {
                continue;
            }
            let Some(candidates) = self.csharp.extensions.get(name.as_str()) else {
                continue;
            };
            // The extension of a namespace the file sees, the nearest first.
            let Some((_, class, file)) = namespaces
                .iter()
                .find_map(|ns| candidates.iter().find(|(n, _, _)| n == ns))
            else {
                continue;
            };
            // `C.M(x)` written out already: the object is the class itself.
            if matches!(&model.expr(*object).kind, ExprKind::Ident { name: n, .. } if n == class) {
                continue;
            }
            let mut new_args = vec![Arg {
                name: None,
                value: *object,
                spread: false,
                keyword_spread: false,
            }];
            new_args.extend(args.iter().cloned());
            rewrites.push((
                ExprId::from_index(i),
                *callee,
                name.to_string(),
                class.clone(),
                file.clone(),
                new_args,
            ));
        }
        for (call, callee, name, class, file, args) in rewrites {
            let at = model.expr(callee).span;
            let binding = model.module_binding(&class);
            let class_expr = model.push_expr(
                ExprKind::Ident {
                    name: class.as_str().into(),
                    binding,
                },
                Span::new(at.start, at.start),
            );
            if let Some(e) = model.exprs.get_mut(callee.index()) {
                e.kind = ExprKind::Member {
                    object: class_expr,
                    property: MemberProp::Name(name.into()),
                    optional: false,
                };
            }
            if let Some(e) = model.exprs.get_mut(call.index())
                && let ExprKind::Call { args: a, .. } = &mut e.kind
            {
                *a = args.into();
            }
            if binding.is_none() && !model.path.eq(&file) {
                bind_implicit_import(model, &class, file);
            }
        }
    }
}

/// True when a parameter is written `this T x` (an extension method's receiver).
fn is_this_param(m: &Model, p: &Param) -> bool {
    m.source
        .get(p.span.start as usize..p.span.end as usize)
        .is_some_and(|t| t.trim_start().starts_with("this "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::csharp;

    #[test]
    fn names_resolve_through_namespaces_usings_and_global_usings() {
        let files = vec![
            "Api/Controllers/ItemsController.cs".to_owned(),
            "Api/Models/Item.cs".to_owned(),
            "Api/Services/Catalog.cs".to_owned(),
            "Api/GlobalUsings.cs".to_owned(),
            "Api/Controllers/Base.cs".to_owned(),
            "Shared/Paging.cs".to_owned(),
        ];
        let mut models = vec![
            csharp::lower(
                &files[0],
                "using Shop.Models;\nusing P = Shop.Shared.Paging;\nnamespace Shop.Api.Controllers;\nclass ItemsController : Base { object F() => new Item(Catalog.All(), new P()); }\n",
            )
            .expect("lowers"),
            csharp::lower(&files[1], "namespace Shop.Models { public record Item(int Id); }\n")
                .expect("lowers"),
            csharp::lower(&files[2], "namespace Shop.Services;\nstatic class Catalog { }\n")
                .expect("lowers"),
            csharp::lower(&files[3], "global using Shop.Services;\n").expect("lowers"),
            csharp::lower(&files[4], "namespace Shop.Api;\nclass Base { }\n").expect("lowers"),
            csharp::lower(&files[5], "namespace Shop.Shared;\nclass Paging { }\n").expect("lowers"),
        ];
        let mut r = Resolver::new(&files, &[]);
        r.csharp = CsNamespaces::new(&models);
        for m in &mut models {
            r.resolve_model(m);
        }
        let resolved: BTreeMap<&str, Option<&str>> = models[0]
            .imports
            .iter()
            .map(|i| (i.specifier.as_str(), i.resolved.as_deref()))
            .collect();
        // The alias names the file of its type; the namespace import stays a namespace.
        assert_eq!(resolved["Shop.Shared.Paging"], Some("Shared/Paging.cs"));
        assert_eq!(resolved["Shop.Models"], None);
        // `Base` from the enclosing namespace, `Item` through `using`, `Catalog` through the
        // project's global using.
        assert_eq!(resolved["Base"], Some("Api/Controllers/Base.cs"));
        assert_eq!(resolved["Item"], Some("Api/Models/Item.cs"));
        assert_eq!(resolved["Catalog"], Some("Api/Services/Catalog.cs"));
    }

    #[test]
    fn extension_method_calls_become_static_calls() {
        let files = vec![
            "Api/Program.cs".to_owned(),
            "Api/Apis/TodosApi.cs".to_owned(),
        ];
        let mut models = vec![
            csharp::lower(
                &files[0],
                "using Shop.Apis;\nvar app = WebApplication.CreateBuilder(args).Build();\napp.MapTodos(\"/x\");\napp.Run();\n",
            )
            .expect("lowers"),
            csharp::lower(
                &files[1],
                "namespace Shop.Apis;\npublic static class TodosApi { public static void MapTodos(this IEndpointRouteBuilder app, string p) { } }\n",
            )
            .expect("lowers"),
        ];
        let mut r = Resolver::new(&files, &[]);
        r.csharp = CsNamespaces::new(&models);
        for m in &mut models {
            r.resolve_model(m);
        }
        let m = &models[0];
        let StmtKind::Expr { expr } = &m.stmt(m.body[2]).kind else {
            panic!()
        };
        let ExprKind::Call { callee, args, .. } = &m.expr(*expr).kind else {
            panic!()
        };
        assert_eq!(args.len(), 2);
        assert!(
            matches!(&m.expr(args[0].value).kind, ExprKind::Ident { name, .. } if name == "app")
        );
        let ExprKind::Member { object, .. } = &m.expr(*callee).kind else {
            panic!()
        };
        let ExprKind::Ident {
            name,
            binding: Some(b),
        } = &m.expr(*object).kind
        else {
            panic!("the class, bound")
        };
        assert_eq!(name, "TodosApi");
        let BindingKind::Import { import, .. } = m.binding(*b).kind else {
            panic!()
        };
        assert_eq!(
            m.imports[import as usize].resolved.as_deref(),
            Some("Api/Apis/TodosApi.cs")
        );
        // `app.Run()` is no extension of the project: unchanged.
        let StmtKind::Expr { expr } = &m.stmt(m.body[3]).kind else {
            panic!()
        };
        let ExprKind::Call { args, .. } = &m.expr(*expr).kind else {
            panic!()
        };
        assert!(args.is_empty());
    }
}
