//! Call resolution (spec §10, aburi-notes §2.6, and beyond): settles each call's
//! [`Lookup`] against the whole repository's Symbols, fills `calls[].resolved`, and counts
//! the census of `stats.callResolution`.
//!
//! Order of evidence, first answer wins:
//! 1. the callee's head is a parameter or local of the caller → `localScope` (unless the
//!    local holds `new C()` of a repository class, which is followed like a field);
//! 2. `this.m()` / `self.m()` → `C.m` or `C::m` of the enclosing class;
//!    `this.f.m()` where `f` is a constructor parameter property or an annotated field whose
//!    type names a class of the repository → that class's `m`;
//! 3. a name declared at the top of the caller's file → that Symbol (`head.tail`, static
//!    `head::tail`);
//! 4. an imported name → the target file's Symbol, following named and `*` re-exports
//!    (up to [`MAX_REEXPORT_HOPS`]), default exports and namespace imports (a Python
//!    submodule imported from its package is one); an import that
//!    resolved to no repository file → `external`;
//! 5. otherwise `noMatch`; a receiver that is a call result, a subscript or `super` is
//!    `dynamic`;
//! 6. `ambiguous`: a name bound by several imports (conditional imports) that reach
//!    different Symbols, or a member call on a field typed as a union of several
//!    repository classes that each have the member. When only one of the ways resolves,
//!    the call resolves to it; when none does, the first bucket in the order localScope,
//!    external, dynamic, ambiguous, noMatch is kept.
//!
//! The same lookups settle class heritage (`extends` → `inherit`, `implements` →
//! `implement` dependencies) with [`Index::dropped_ok`] set, since interfaces and DTO base
//! classes are dropped Symbols.
//!
//! A candidate must be a kept (not dropped) Symbol.

use std::cell::RefCell;
use std::collections::BTreeMap;

use seam_ir::review::{CallResolutionStats, make_symbol_id};

use crate::extract::{Bucket, ClassRef, FileFacts, ImportItem, ImportRef, Lookup};

/// How many re-export hops an import is followed through.
pub const MAX_REEXPORT_HOPS: usize = 8;

/// What resolution needs of every file and Symbol.
pub struct Index<'a> {
    /// Symbol id → dropped (borrowed from the drafts: tens of thousands of ids).
    pub symbols: rustc_hash::FxHashMap<&'a str, bool>,
    /// File → (language, facts).
    pub files: BTreeMap<String, (&'a str, &'a FileFacts)>,
    /// Whether a dropped Symbol is a candidate: not for calls (a call reaches behaviour),
    /// yes for `extends`/`implements` (an interface or a DTO base class is dropped).
    pub dropped_ok: bool,
    /// When set, every file whose Symbols or export facts a lookup consults is added here
    /// (a file the index does not hold included): what a file's outcomes depend on beyond
    /// its own drafts and the list of files ([`crate::memo`]).
    pub consulted: Option<RefCell<Vec<String>>>,
}

impl Index<'_> {
    fn consult(&self, file: &str) {
        if let Some(consulted) = &self.consulted {
            let mut consulted = consulted.borrow_mut();
            if consulted.last().is_none_or(|last| last != file) {
                consulted.push(file.to_owned());
            }
        }
    }

    /// The files consulted since the last call (sorted, each once).
    pub fn take_consulted(&self) -> Vec<String> {
        let mut files = self
            .consulted
            .as_ref()
            .map(|c| std::mem::take(&mut *c.borrow_mut()))
            .unwrap_or_default();
        files.sort_unstable();
        files.dedup();
        files
    }

    fn kept(&self, language: &str, file: &str, qname: &str) -> Option<String> {
        // Nearly every lookup is ASCII: then NFC changes nothing, and the id is the three
        // parts joined. Every id the index holds was made by `make_symbol_id` from a file
        // without `:` or `#`, so when `file` has neither, the joined string names a Symbol
        // exactly when `make_symbol_id` would give that Symbol's id; a miss is a miss either
        // way (a part `make_symbol_id` refuses makes no id the index holds).
        let id = if language.is_ascii()
            && file.is_ascii()
            && qname.is_ascii()
            && !language.contains(':')
            && !file.contains([':', '#'])
        {
            let mut id = String::with_capacity(language.len() + file.len() + qname.len() + 2);
            id.push_str(language);
            id.push(':');
            id.push_str(file);
            id.push('#');
            id.push_str(qname);
            id
        } else {
            make_symbol_id(language, file, qname).ok()?
        };
        match self.symbols.get(id.as_str()) {
            Some(false) => Some(id),
            Some(true) if self.dropped_ok => Some(id),
            _ => None,
        }
    }

    /// `head.tail…`, or `head::tail…` for a static member.
    fn member_candidates(&self, file: &str, head: &str, tail: &[String]) -> Option<String> {
        self.consult(file);
        let (language, _) = self.files.get(file)?;
        if tail.is_empty() {
            return self.kept(language, file, head);
        }
        let dotted = format!("{head}.{}", tail.join("."));
        if let Some(id) = self.kept(language, file, &dotted) {
            return Some(id);
        }
        let mut static_name = format!("{head}::{}", tail[0]);
        for t in &tail[1..] {
            static_name.push('.');
            static_name.push_str(t);
        }
        self.kept(language, file, &static_name)
    }

    /// The (file, qualified name) an imported name refers to; `Err` with the bucket when it
    /// cannot be followed.
    fn import_target(&self, import: &ImportRef, hops: usize) -> Result<(String, String), Bucket> {
        let Some(file) = &import.file else {
            return Err(Bucket::External);
        };
        self.consult(file);
        let Some((_, facts)) = self.files.get(file.as_str()) else {
            return Err(Bucket::NoMatch);
        };
        match &import.item {
            ImportItem::Default => match &facts.default_export {
                Some(q) => Ok((file.clone(), q.clone())),
                None => Err(Bucket::NoMatch),
            },
            ImportItem::Namespace => Ok((file.clone(), String::new())),
            ImportItem::Named(name) => {
                if hops < MAX_REEXPORT_HOPS {
                    if let Some((_, from, imported)) = facts
                        .reexports
                        .iter()
                        .find(|(exported, _, _)| exported == name)
                    {
                        let next = ImportRef {
                            file: Some(from.clone()),
                            item: if imported == "default" {
                                ImportItem::Default
                            } else {
                                ImportItem::Named(imported.clone())
                            },
                        };
                        return self.import_target(&next, hops + 1);
                    }
                    let (language, _) = self.files[file.as_str()];
                    if self.kept(language, file, name).is_none() {
                        for star in &facts.star_reexports {
                            let next = ImportRef {
                                file: Some(star.clone()),
                                item: ImportItem::Named(name.clone()),
                            };
                            if let Ok(found) = self.import_target(&next, hops + 1) {
                                return Ok(found);
                            }
                        }
                    }
                }
                Ok((file.clone(), name.clone()))
            }
        }
    }

    fn class_target(&self, class: &ClassRef) -> Result<(String, String), Bucket> {
        match class {
            ClassRef::Local { file, name } => Ok((file.clone(), name.clone())),
            ClassRef::Either(_) => Err(Bucket::Ambiguous),
            ClassRef::Imported(import) => match self.import_target(import, 0)? {
                (_, name) if name.is_empty() => Err(Bucket::NoMatch),
                found => Ok(found),
            },
        }
    }

    /// Settles one lookup.
    pub fn resolve(&self, lookup: &Lookup) -> Result<String, Bucket> {
        match lookup {
            Lookup::Unresolved(bucket) => Err(*bucket),
            Lookup::File { file, head, tail } => self
                .member_candidates(file, head, tail)
                .ok_or(Bucket::NoMatch),
            Lookup::Package { file, head, tail } => {
                let dir = file.rsplit_once('/').map_or("", |(d, _)| d);
                self.consult(file);
                let language = self.files.get(file).map(|(l, _)| *l);
                self.member_candidates(file, head, tail)
                    .or_else(|| {
                        self.files
                            .iter()
                            .filter(|(f, (l, _))| {
                                Some(*l) == language
                                    && f.rsplit_once('/').map_or("", |(d, _)| d) == dir
                            })
                            .find_map(|(f, _)| self.member_candidates(f, head, tail))
                    })
                    .ok_or(Bucket::NoMatch)
            }
            Lookup::Import { import, tail } => {
                let (file, base) = self.import_target(import, 0)?;
                let found = if base.is_empty() {
                    match tail.split_first() {
                        // A name the module declares, or one it re-exports (a Go package's
                        // front file re-exports what its other files declare).
                        Some((head, rest)) => {
                            self.member_candidates(&file, head, rest).or_else(|| {
                                let next = ImportRef {
                                    file: Some(file.clone()),
                                    item: ImportItem::Named(head.clone()),
                                };
                                match self.import_target(&next, 0) {
                                    Ok((f, name)) if f != file => {
                                        self.member_candidates(&f, &name, rest)
                                    }
                                    _ => None,
                                }
                            })
                        }
                        None => None,
                    }
                } else {
                    self.member_candidates(&file, &base, tail)
                };
                found.ok_or(Bucket::NoMatch)
            }
            Lookup::Member {
                class: ClassRef::Either(classes),
                member,
            } => {
                let ways: Vec<Lookup> = classes
                    .iter()
                    .map(|class| Lookup::Member {
                        class: class.clone(),
                        member: member.clone(),
                    })
                    .collect();
                self.resolve(&Lookup::Either(ways))
            }
            Lookup::Either(ways) => {
                let mut found: Vec<String> = Vec::new();
                let mut bucket: Option<Bucket> = None;
                for way in ways {
                    match self.resolve(way) {
                        Ok(id) if !found.contains(&id) => found.push(id),
                        Ok(_) => {}
                        Err(b) => bucket = Some(bucket.map_or(b, |a| a.min(b))),
                    }
                }
                match found.len() {
                    1 => found.pop().ok_or(Bucket::NoMatch),
                    0 => Err(bucket.unwrap_or(Bucket::NoMatch)),
                    _ => Err(Bucket::Ambiguous),
                }
            }
            Lookup::Member { class, member } => {
                let (file, name) = self.class_target(class)?;
                self.member_candidates(&file, &name, std::slice::from_ref(member))
                    .ok_or(Bucket::NoMatch)
            }
        }
    }
}

/// Adds one settled call to the census.
pub fn count(stats: &mut CallResolutionStats, outcome: &Result<String, Bucket>) {
    stats.total_calls += 1;
    match outcome {
        Ok(_) => stats.resolved_calls += 1,
        Err(Bucket::LocalScope) => stats.unresolved.local_scope += 1,
        Err(Bucket::External) => stats.unresolved.external += 1,
        Err(Bucket::Dynamic) => stats.unresolved.dynamic += 1,
        Err(Bucket::Ambiguous) => stats.unresolved.ambiguous += 1,
        Err(Bucket::NoMatch) => stats.unresolved.no_match += 1,
    }
}
