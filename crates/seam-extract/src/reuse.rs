//! The summaries of an earlier revision reused for the units whose build would read nothing
//! that changed ([`Prior`], [`crate::extract_packed_reusing`]).
//!
//! A run that keeps its work records what each unit's build read ([`crate::consulted`]): the
//! files whose models it consulted and the facts of the discovery and index entries it took,
//! each with a hash of its value. A later run over another revision of the same project runs
//! the discovery in full, and for each unit it found looks up the earlier run's unit of the
//! same value: when none of the files that build read changed (same bytes, same resolved
//! imports and exports) and every fact, worked out on the new revision, has the recorded value,
//! the build would read the same things and make the same summaries, so the earlier ones are
//! taken. Everything else a build reads (the packs, the options, the manifests, which packs run
//! on which file, the import aliases, the list of files) goes into one [`Prior::context`]
//! hash; a run whose context differs reuses nothing. File indexes are only meaningful between
//! revisions that list the same files, which the context includes.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use seam_ir::summary::NameKind;
use seam_lang::model::{ExprId, FuncId, Model};

use std::sync::Arc;

use crate::consulted::{Consulted, Fact};
use crate::discover::ClientUnit;
use crate::failure_interceptors::HandledFailures;
use crate::files::{ClientFile, KeptCallers, KeptClientFiles, KeptFileCallers};

/// The kept work of one extraction: per unit, what its build read and the summaries it made.
#[derive(Debug, Default)]
pub struct Prior {
    /// What every build reads besides its files and facts (see the module documentation).
    pub(crate) context: u64,
    /// Per file (by index), its [`fingerprint`].
    pub(crate) files: Vec<u64>,
    pub(crate) units: Vec<PriorUnit>,
    /// Per file (by index), its part of the `callers` index with what working it out read,
    /// when the run built that index (`None` for a part that read what cannot be compared).
    pub(crate) callers: Option<KeptCallers>,
    /// Per (client pack, file), the units client discovery found reading the file's calls,
    /// with what reading them read.
    pub(crate) client_files: KeptClientFiles,
    /// The units by their value's hash.
    by_unit: HashMap<u64, Vec<usize>>,
}

/// One unit of a kept extraction.
#[derive(Debug)]
pub(crate) struct PriorUnit {
    /// The hash of the unit's value.
    pub unit: u64,
    /// The files whose models its build read.
    pub files: Vec<u32>,
    /// The facts it took, with their values' hashes.
    pub facts: Vec<(Fact, u64)>,
    pub built: Vec<PriorDone>,
}

/// One summary a kept unit made, as the run holds it (see `crate::Done`).
#[derive(Debug, Clone)]
pub(crate) struct PriorDone {
    /// The summary's JSON text, LZ4-compressed with its length first (shared with the run's
    /// held summaries: a summary taken or kept is not copied).
    pub text: Arc<[u8]>,
    pub file: String,
    pub name_kind: Option<NameKind>,
    pub base_id: String,
    pub label: Option<String>,
    pub sort_span: (u32, u32),
}

/// How many units a run took from a prior run and how many it built.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Reused {
    pub taken: usize,
    pub built: usize,
    /// How many files' parts of the `callers` index it took from the prior run.
    pub file_callers_taken: usize,
    /// For how many (client pack, file) it took the units client discovery found in the file
    /// from the prior run (and did not read the file's calls again).
    pub client_files_taken: usize,
}

/// What a file's model gives a build: its bytes and what module resolution wrote into it
/// (its imports, its exports and the bindings Java's implicit imports add; see
/// `seam_lang::resolve`).
pub(crate) fn fingerprint(model: &Model) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    model.path.hash(&mut h);
    model.source.hash(&mut h);
    crate::consulted::hash_of(&model.imports).hash(&mut h);
    crate::consulted::hash_of(&model.exports).hash(&mut h);
    model.bindings.len().hash(&mut h);
    h.finish()
}

impl Prior {
    pub(crate) fn new(
        context: u64,
        files: Vec<u64>,
        units: Vec<PriorUnit>,
        callers: Option<KeptCallers>,
    ) -> Prior {
        let mut prior = Prior {
            context,
            files,
            units,
            callers,
            client_files: KeptClientFiles::default(),
            by_unit: HashMap::new(),
        };
        prior.index();
        prior
    }

    fn index(&mut self) {
        self.by_unit.clear();
        for (i, u) in self.units.iter().enumerate() {
            self.by_unit.entry(u.unit).or_default().push(i);
        }
    }

    /// How many units it keeps.
    pub fn len(&self) -> usize {
        self.units.len()
    }

    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The kept unit of value `unit` whose build read no file that `changed` and whose facts
    /// all have the value `value_of` gives on the new revision.
    pub(crate) fn reusable(
        &self,
        unit: u64,
        changed: &[bool],
        value_of: impl Fn(&Fact) -> u64,
    ) -> Option<&PriorUnit> {
        self.by_unit
            .get(&unit)?
            .iter()
            .map(|&i| &self.units[i])
            .find(|u| {
                none_changed(&u.files, changed)
                    && u.facts.iter().all(|(fact, v)| value_of(fact) == *v)
            })
    }

    /// The kept work as bytes (read back by [`Prior::decode`]).
    pub fn encode(&self) -> Vec<u8> {
        let mut w = Writer(Vec::new());
        w.bytes(FORMAT);
        w.u64(self.context);
        w.len(self.files.len());
        for &f in &self.files {
            w.u64(f);
        }
        w.len(self.units.len());
        for u in &self.units {
            w.u64(u.unit);
            w.read(&u.files, &u.facts);
            w.len(u.built.len());
            for d in &u.built {
                w.bytes(&d.text);
                w.bytes(d.file.as_bytes());
                let kind = d
                    .name_kind
                    .as_ref()
                    .and_then(|k| serde_json::to_string(k).ok())
                    .unwrap_or_default();
                w.bytes(kind.as_bytes());
                w.bytes(d.base_id.as_bytes());
                match &d.label {
                    Some(l) => {
                        w.u64(1);
                        w.bytes(l.as_bytes());
                    }
                    None => w.u64(0),
                }
                w.u64(u64::from(d.sort_span.0));
                w.u64(u64::from(d.sort_span.1));
            }
        }
        match &self.callers {
            None => w.u64(0),
            Some(parts) => {
                w.u64(1);
                w.len(parts.len());
                for part in parts.iter() {
                    let Some(k) = part else {
                        w.u64(0);
                        continue;
                    };
                    w.u64(1);
                    w.len(k.part.len());
                    for ((file, func), call) in &k.part {
                        w.len(*file);
                        w.len(func.index());
                        w.len(call.index());
                    }
                    w.read(&k.files, &k.facts);
                }
            }
        }
        w.len(self.client_files.len());
        for (&(pack, file), found) in self.client_files.iter() {
            w.len(pack);
            w.len(file);
            w.len(found.units.len());
            for unit in &found.units {
                w.client_unit(unit);
            }
            w.read(&found.files, &found.facts);
        }
        w.0
    }

    /// Kept work written by [`Prior::encode`]; `None` for bytes that are not.
    pub fn decode(bytes: &[u8]) -> Option<Prior> {
        let mut r = Reader(bytes);
        if r.bytes()? != FORMAT {
            return None;
        }
        let context = r.u64()?;
        let files = (0..r.len()?).map(|_| r.u64()).collect::<Option<Vec<_>>>()?;
        let mut units = Vec::new();
        for _ in 0..r.len()? {
            let unit = r.u64()?;
            let (read, facts) = r.read()?;
            let mut built = Vec::new();
            for _ in 0..r.len()? {
                let text: Arc<[u8]> = Arc::from(r.bytes()?);
                let file = r.string()?;
                let kind = r.string()?;
                let name_kind = match kind.is_empty() {
                    true => None,
                    false => Some(serde_json::from_str(&kind).ok()?),
                };
                let base_id = r.string()?;
                let label = match r.u64()? {
                    0 => None,
                    _ => Some(r.string()?),
                };
                let sort_span = (u32::try_from(r.u64()?).ok()?, u32::try_from(r.u64()?).ok()?);
                built.push(PriorDone {
                    text,
                    file,
                    name_kind,
                    base_id,
                    label,
                    sort_span,
                });
            }
            units.push(PriorUnit {
                unit,
                files: read,
                facts,
                built,
            });
        }
        let callers = match r.u64()? {
            0 => None,
            _ => {
                let mut parts = Vec::new();
                for _ in 0..r.len()? {
                    if r.u64()? == 0 {
                        parts.push(None);
                        continue;
                    }
                    let part = (0..r.len()?)
                        .map(|_| {
                            let file = usize::try_from(r.u64()?).ok()?;
                            let func = usize::try_from(r.u64()?).ok()?;
                            let call = usize::try_from(r.u64()?).ok()?;
                            Some(((file, FuncId::from_index(func)), ExprId::from_index(call)))
                        })
                        .collect::<Option<Vec<_>>>()?;
                    let (read, facts) = r.read()?;
                    parts.push(Some(KeptFileCallers {
                        part,
                        files: read,
                        facts,
                    }));
                }
                Some(Arc::new(parts))
            }
        };
        let mut client_files = std::collections::BTreeMap::new();
        for _ in 0..r.len()? {
            let pack = r.index()?;
            let file = r.index()?;
            let units = (0..r.len()?)
                .map(|_| r.client_unit())
                .collect::<Option<Vec<_>>>()?;
            let (read, facts) = r.read()?;
            client_files.insert(
                (pack, file),
                ClientFile {
                    units,
                    files: read,
                    facts,
                },
            );
        }
        let mut prior =
            r.0.is_empty()
                .then(|| Prior::new(context, files, units, callers))?;
        prior.client_files = Arc::new(client_files);
        Some(prior)
    }
}

/// Whether none of the files kept work read (by index) is one `changed` marks; a file past the
/// end of `changed` counts as changed.
pub(crate) fn none_changed(files: &[u32], changed: &[bool]) -> bool {
    files
        .iter()
        .all(|&f| !changed.get(f as usize).copied().unwrap_or(true))
}

/// The first bytes of an encoded [`Prior`]: its format.
const FORMAT: &[u8] = b"seam-prior-3";

/// A kept unit's record as a [`Consulted`] (files and facts; what a reused unit read is what
/// its kept build read).
pub(crate) fn consulted_of(u: &PriorUnit) -> Consulted {
    Consulted::of(
        u.files.iter().map(|&f| f as usize).collect(),
        u.facts.iter().cloned().collect(),
    )
}

struct Writer(Vec<u8>);

impl Writer {
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }

    fn len(&mut self, n: usize) {
        self.u64(n as u64);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.len(b.len());
        self.0.extend_from_slice(b);
    }

    /// What a piece of kept work read: its files and its facts with their values.
    fn read(&mut self, files: &[u32], facts: &[(Fact, u64)]) {
        self.len(files.len());
        for &f in files {
            self.u64(u64::from(f));
        }
        self.len(facts.len());
        for (fact, v) in facts {
            self.fact(fact);
            self.u64(*v);
        }
    }

    fn text(&mut self, text: Option<&str>) {
        match text {
            None => self.u64(0),
            Some(t) => {
                self.u64(1);
                self.bytes(t.as_bytes());
            }
        }
    }

    /// A unit client discovery found (read back by [`Reader::client_unit`]).
    fn client_unit(&mut self, u: &ClientUnit) {
        self.len(u.pack);
        self.len(u.file);
        self.len(u.call.index());
        match u.function {
            None => self.u64(0),
            Some(f) => {
                self.u64(1);
                self.len(f.index());
            }
        }
        self.text(u.method.as_deref());
        self.text(u.path.as_deref());
        self.text(u.origin.as_deref());
        let flags = [u.layered, u.page_relative, u.fallback, u.read_inside];
        self.u64(
            flags
                .iter()
                .enumerate()
                .map(|(i, &on)| u64::from(on) << i)
                .sum(),
        );
        self.len(u.through.len());
        for (file, func) in &u.through {
            self.len(*file);
            self.len(func.index());
        }
        match u.inner {
            None => self.u64(0),
            Some((file, call)) => {
                self.u64(1);
                self.len(file);
                self.len(call.index());
            }
        }
        match &u.failures {
            None => self.u64(0),
            Some(HandledFailures::All) => self.u64(1),
            Some(HandledFailures::Statuses(statuses)) => {
                self.u64(2);
                self.len(statuses.len());
                for &s in statuses {
                    self.u64(u64::from(s));
                }
            }
        }
    }

    fn fact(&mut self, fact: &Fact) {
        let (tag, a, b, name): (u64, u64, u64, &str) = match fact {
            Fact::Unit => (0, 0, 0, ""),
            Fact::ExceptionAdvice(p) => (1, *p as u64, 0, ""),
            Fact::RecognisedCall(f, c) => (2, *f as u64, c.index() as u64, ""),
            Fact::RecognisedCallsOfFile(f) => (3, *f as u64, 0, ""),
            Fact::Callers(f, func) => (4, *f as u64, func.index() as u64, ""),
            Fact::PassedSites(n) => (5, 0, 0, n),
            Fact::DeclaredObjects(n) => (6, 0, 0, n),
            Fact::InstanceGlobals(n) => (7, 0, 0, n),
            Fact::WindowGlobals(n) => (8, 0, 0, n),
            Fact::Prototypes => (9, 0, 0, ""),
            Fact::PageRoutes => (10, 0, 0, ""),
        };
        self.u64(tag);
        self.u64(a);
        self.u64(b);
        self.bytes(name.as_bytes());
    }
}

/// What a piece of kept work read: the files (by index) and the entries with their values.
type WorkRead = (Vec<u32>, Vec<(Fact, u64)>);

struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn u64(&mut self) -> Option<u64> {
        let (head, rest) = self.0.split_first_chunk::<8>()?;
        self.0 = rest;
        Some(u64::from_le_bytes(*head))
    }

    fn len(&mut self) -> Option<usize> {
        let n = usize::try_from(self.u64()?).ok()?;
        // A length longer than what is left is a torn entry.
        (n <= self.0.len()).then_some(n)
    }

    fn bytes(&mut self) -> Option<&'a [u8]> {
        let n = self.len()?;
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    fn string(&mut self) -> Option<String> {
        String::from_utf8(self.bytes()?.to_vec()).ok()
    }

    fn index(&mut self) -> Option<usize> {
        usize::try_from(self.u64()?).ok()
    }

    /// What [`Writer::text`] wrote.
    fn text(&mut self) -> Option<Option<String>> {
        Some(match self.u64()? {
            0 => None,
            _ => Some(self.string()?),
        })
    }

    /// What [`Writer::client_unit`] wrote.
    fn client_unit(&mut self) -> Option<ClientUnit> {
        let pack = self.index()?;
        let file = self.index()?;
        let call = ExprId::from_index(self.index()?);
        let function = match self.u64()? {
            0 => None,
            _ => Some(FuncId::from_index(self.index()?)),
        };
        let method = self.text()?;
        let path = self.text()?;
        let origin = self.text()?;
        let flags = self.u64()?;
        let flag = |i: u32| flags & (1 << i) != 0;
        let through = (0..self.len()?)
            .map(|_| Some((self.index()?, FuncId::from_index(self.index()?))))
            .collect::<Option<Vec<_>>>()?;
        let inner = match self.u64()? {
            0 => None,
            _ => Some((self.index()?, ExprId::from_index(self.index()?))),
        };
        let failures = match self.u64()? {
            0 => None,
            1 => Some(HandledFailures::All),
            2 => Some(HandledFailures::Statuses(
                (0..self.len()?)
                    .map(|_| u16::try_from(self.u64()?).ok())
                    .collect::<Option<_>>()?,
            )),
            _ => return None,
        };
        Some(ClientUnit {
            pack,
            file,
            call,
            function,
            method,
            path,
            origin,
            layered: flag(0),
            through,
            inner,
            page_relative: flag(1),
            fallback: flag(2),
            read_inside: flag(3),
            failures,
        })
    }

    /// What [`Writer::read`] wrote.
    fn read(&mut self) -> Option<WorkRead> {
        let files = (0..self.len()?)
            .map(|_| self.u64().and_then(|f| u32::try_from(f).ok()))
            .collect::<Option<Vec<_>>>()?;
        let facts = (0..self.len()?)
            .map(|_| Some((self.fact()?, self.u64()?)))
            .collect::<Option<Vec<_>>>()?;
        Some((files, facts))
    }

    fn fact(&mut self) -> Option<Fact> {
        let (tag, a, b) = (self.u64()?, self.u64()?, self.u64()?);
        let name = self.string()?;
        let a = usize::try_from(a).ok()?;
        let b = usize::try_from(b).ok()?;
        Some(match tag {
            0 => Fact::Unit,
            1 => Fact::ExceptionAdvice(a),
            2 => Fact::RecognisedCall(a, ExprId::from_index(b)),
            3 => Fact::RecognisedCallsOfFile(a),
            4 => Fact::Callers(a, FuncId::from_index(b)),
            5 => Fact::PassedSites(name),
            6 => Fact::DeclaredObjects(name),
            7 => Fact::InstanceGlobals(name),
            8 => Fact::WindowGlobals(name),
            9 => Fact::Prototypes,
            10 => Fact::PageRoutes,
            _ => return None,
        })
    }
}
