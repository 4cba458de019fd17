//! Ruby: `require_relative "x"` names the file `x.rb` beside the requiring file; `require "x"`
//! a file `x.rb` under the repository's `lib/` or `app/` folders (the load path a Rails
//! application and a gem set up), or at the root, when the repository holds one. Constants
//! autoloaded by path (Zeitwerk) are read by the packs that need them.

use super::{Resolver, parent_dir};
use crate::model::Model;

impl Resolver<'_> {
    pub(super) fn resolve_ruby_model(&self, model: &mut Model) {
        let from = parent_dir(&model.path).to_owned();
        for import in &mut model.imports {
            import.resolved = self.resolve_ruby(&from, &import.specifier);
        }
    }

    fn resolve_ruby(&self, dir: &str, specifier: &str) -> Option<String> {
        let with_ext = |p: &str| {
            if p.ends_with(".rb") {
                p.to_owned()
            } else {
                format!("{p}.rb")
            }
        };
        if let Some(rel) = specifier.strip_prefix("./") {
            let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
            for seg in rel.split('/') {
                match seg {
                    "." | "" => {}
                    ".." => {
                        parts.pop()?;
                    }
                    s => parts.push(s),
                }
            }
            let path = with_ext(&parts.join("/"));
            return self.is_file(&path).then_some(path);
        }
        ["lib/", "app/", ""]
            .iter()
            .map(|base| with_ext(&format!("{base}{specifier}")))
            .find(|p| self.is_file(p))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requires_resolve_to_files() {
        let files: Vec<String> = ["app/a.rb", "app/lib/b.rb", "lib/tasks/c.rb"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let resolver = Resolver::new(&files, &[]);
        let mut m = crate::lower::ruby::lower(
            "app/a.rb",
            "require_relative 'lib/b'\nrequire_relative '../lib/tasks/c'\nrequire 'tasks/c'\nrequire 'json'\n",
        )
        .expect("lowers");
        resolver.resolve_ruby_model(&mut m);
        let got: Vec<_> = m.imports.iter().map(|i| i.resolved.as_deref()).collect();
        assert_eq!(
            got,
            [
                Some("app/lib/b.rb"),
                Some("lib/tasks/c.rb"),
                Some("lib/tasks/c.rb"),
                None
            ]
        );
    }
}
