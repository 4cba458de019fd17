//! PHP namespaces and `use` imports.
//!
//! A PHP file declares its namespace (`namespace App\Http\Controllers;`, the model's dotted
//! `package`) and any number of classes and functions in it. `use App\Models\Post;` (the
//! import's dotted specifier `App.Models.Post`) names the file that declares `Post` in the
//! namespace `App\Models`, found through [`PhpNamespaces`], an index of every PHP file's
//! exports by namespace. When no file declares it, Composer's PSR-4 autoload map does:
//! `"App\\": "app/"` maps `App\Models\Post` to `app/Models/Post.php` when that file exists.
//!
//! A class of the file's own namespace needs no import: a name the file uses that nothing in
//! it binds, and that another file of the same namespace declares, is bound by an implicit
//! import of that file (as for Kotlin packages).
use super::kotlin::bind_implicit_import;
use crate::model::*;
use crate::project::{Manifest, ManifestKind};
use std::collections::{BTreeMap, BTreeSet};

/// Top-level names of the project's PHP files by namespace, and the PSR-4 autoload prefixes of
/// its composer.json files.
#[derive(Debug, Default)]
pub struct PhpNamespaces {
    /// (dotted namespace, name) → the declaring files, sorted by path.
    names: BTreeMap<(String, String), Vec<String>>,
    /// (dotted namespace prefix, folder), longest prefix first.
    psr4: Vec<(String, String)>,
    files: BTreeSet<String>,
}

impl PhpNamespaces {
    pub fn new(models: &[Model], manifests: &[Manifest]) -> PhpNamespaces {
        let mut names: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
        let mut files = BTreeSet::new();
        for m in models.iter().filter(|m| m.language == Language::Php) {
            files.insert(m.path.clone());
            let namespace = m.package.clone().unwrap_or_default();
            for e in &m.exports {
                names
                    .entry((namespace.clone(), e.exported.to_ascii_lowercase()))
                    .or_default()
                    .push(m.path.clone());
            }
        }
        for f in names.values_mut() {
            f.sort();
            f.dedup();
        }
        let mut psr4 = Vec::new();
        for m in manifests
            .iter()
            .filter(|m| m.kind == ManifestKind::Composer)
        {
            for (key, dir) in &m.variables {
                let Some(prefix) = key.strip_prefix("psr-4:") else {
                    continue;
                };
                let folder = super::concat(&m.dir, dir.trim_start_matches("./"));
                psr4.push((
                    crate::lower::php::dotted(prefix.trim_end_matches('\\')),
                    folder,
                ));
            }
        }
        psr4.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.cmp(b)));
        PhpNamespaces { names, psr4, files }
    }

    /// The file declaring `name` in `namespace`, other than `from`: the one sharing the longest
    /// folder prefix with `from`, then the first by path.
    pub fn file(&self, namespace: &str, name: &str, from: &str) -> Option<&str> {
        let mut best: Option<(usize, &str)> = None;
        for f in self
            .names
            .get(&(namespace.to_owned(), name.to_ascii_lowercase()))?
        {
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

    /// The file a dotted import `App.Models.Post` names.
    pub fn import(&self, dotted: &str, from: &str) -> Option<String> {
        let (namespace, name) = dotted.rsplit_once('.').unwrap_or(("", dotted));
        if let Some(f) = self.file(namespace, name, from) {
            return Some(f.to_owned());
        }
        self.psr4.iter().find_map(|(prefix, folder)| {
            let rest = if prefix.is_empty() {
                dotted
            } else {
                dotted.strip_prefix(prefix.as_str())?.strip_prefix('.')?
            };
            let path = super::concat(folder, &format!("{}.php", rest.replace('.', "/")));
            self.files.contains(&path).then_some(path)
        })
    }

    /// Resolves a PHP model's imports and binds the names of its own namespace.
    pub fn resolve_model(&self, model: &mut Model) {
        let from = model.path.clone();
        for import in &mut model.imports {
            import.resolved = self.import(&import.specifier, &from);
            for name in &mut import.names {
                name.resolved.clone_from(&import.resolved);
            }
        }
        let namespace = model.package.clone().unwrap_or_default();
        let mut wanted: BTreeSet<String> = BTreeSet::new();
        for e in &model.exprs {
            if let ExprKind::Ident {
                name,
                binding: None,
            } = &e.kind
                && name.starts_with(|c: char| c.is_ascii_uppercase())
            {
                wanted.insert(name.to_string());
            }
        }
        for name in wanted {
            let Some(file) = self.file(&namespace, &name, &from).map(str::to_owned) else {
                continue;
            };
            if model.module_binding(&name).is_some() {
                continue;
            }
            bind_implicit_import(model, &name, file);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::php;

    #[test]
    fn imports_namespaces_and_psr4() {
        let files = [
            "routes/api.php",
            "app/Http/Controllers/PostController.php",
            "app/Http/Controllers/Controller.php",
            "app/Models/Post.php",
        ];
        let mut models = vec![
            php::lower(
                files[0],
                "<?php\nuse App\\Http\\Controllers\\PostController;\nuse App\\Models\\{Post, Missing};\nRoute::get('/p', [PostController::class, 'index']);\n",
            )
            .expect("lowers"),
            php::lower(
                files[1],
                "<?php\nnamespace App\\Http\\Controllers;\nclass PostController extends Controller { public function index() { return []; } }\n",
            )
            .expect("lowers"),
            php::lower(
                files[2],
                "<?php\nnamespace App\\Http\\Controllers;\nabstract class Controller {}\n",
            )
            .expect("lowers"),
            // Declared in another namespace than its folder says: PSR-4 finds it by path.
            php::lower(files[3], "<?php\nnamespace Other;\nclass Post {}\n").expect("lowers"),
        ];
        let mut manifest = Manifest::new("composer.json", ManifestKind::Composer);
        manifest
            .variables
            .insert("psr-4:App\\".into(), "app".into());
        let index = PhpNamespaces::new(&models, &[manifest]);
        for m in &mut models {
            index.resolve_model(m);
        }
        let resolved: Vec<Option<&str>> = models[0]
            .imports
            .iter()
            .map(|i| i.resolved.as_deref())
            .collect();
        assert_eq!(
            resolved,
            [
                Some("app/Http/Controllers/PostController.php"),
                Some("app/Models/Post.php"),
                None
            ]
        );
        // `Controller` of the same namespace is bound implicitly.
        assert_eq!(
            models[1].imports.last().and_then(|i| i.resolved.as_deref()),
            Some("app/Http/Controllers/Controller.php")
        );
    }
}
