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
}

impl CsNamespaces {
    pub fn new(models: &[Model]) -> CsNamespaces {
        let mut names: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        let mut global_usings = BTreeSet::new();
        for m in models {
            if m.language != Language::CSharp {
                continue;
            }
            let namespace = m.package.clone().unwrap_or_default();
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
            import.resolved = import.specifier.rsplit_once('.').and_then(|(ns, name)| {
                self.csharp.file(ns, name, &from).map(str::to_owned)
            });
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
    }
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
}
