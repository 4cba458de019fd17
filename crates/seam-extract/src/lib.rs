//! The path engine: turns the units packs discover into v7 behavioural summaries.
//!
//! ```text
//! models + manifests ──detect──► packs per file ──discover──► units
//!   units ──walk──► path ends (guards, calls, terminal) ──assemble──► summaries ──ids──► sorted
//! ```
//!
//! The engine knows no framework: routes, mounts, terminals, client calls and response
//! accessors all come from pack files. Work runs in parallel over units and is sorted before
//! it is returned, so the output is the same on any thread count.

pub mod alternatives;
pub mod answering_handlers;
mod appended_locals;
pub mod assemble;
mod assigned_branches;
mod awaited_callbacks;
pub mod base_assignments;
mod body_reads;
pub mod builder_chains;
pub mod callees;
pub mod class_defaults;
pub mod class_routes;
pub mod classes;
pub mod conditions;
pub mod constructed_params;
pub mod consulted;
pub mod context_values;
pub mod contract_routes;
pub mod declared_clients;
mod declared_objects;
pub mod delegated_handlers;
pub mod destructured_clients;
mod dev_proxies;
pub mod discover;
pub mod exception_advice;
pub mod exception_status;
pub mod failure_answers;
pub mod failure_interceptors;
pub mod files;
pub mod filled_templates;
pub mod folder_modules;
mod handed_clients;
mod handed_functions;
pub mod handed_methods;
pub mod held_routers;
pub mod instance_globals;
mod kept_rejections;
mod key_writes;
pub mod keyed_fields;
pub mod library_constants;
mod list_joins;
pub mod markup;
pub mod method_branches;
pub mod overrides;
mod package_vars;
pub mod page_scripts;
pub mod param_roles;
pub mod parse_failures;
pub mod passed_functions;
pub mod path_joins;
pub mod path_lists;
pub mod prefix_exclusions;
pub mod procedures;
pub mod process_exits;
pub mod project_constants;
pub mod prototypes;
pub mod provenance;
mod read_memo;
pub mod receiver;
pub mod regex_replace;
pub mod request_body;
mod returned_bodies;
pub mod returned_statuses;
mod returns_taken;
pub mod reuse;
mod route_blocks;
pub mod route_lists;
pub mod route_loops;
pub mod route_wrappers;
pub mod router_classes;
pub mod router_factories;
pub mod rpc_services;
pub mod script_globals;
pub mod sending_helpers;
mod settings_objects;
pub mod settings_prefix;
pub mod shape;
pub mod slices;
mod spill;
pub mod storage;
pub mod struct_literals;
pub mod templates;
pub mod tests_summary;
mod text_tests;
pub mod throwing_wrappers;
pub mod unknown_prefix_gaps;
pub mod url;
pub mod walk;
pub mod window_globals;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use rayon::prelude::*;
use seam_ir::summary::*;
use seam_ir::vocab::normalize_path;
use seam_lang::model::{BindingKind, ExprId, ExprKind, FuncId, Model, PatternStep, Span};
use seam_packs::{Detection, Pack, UnitKind};

use crate::assemble::{CallIndex, RecognisedCall, UnitFacts, assemble, handler_inputs, inputs};
use crate::discover::{ClientUnit, HandlerUnit, client_units, handler_units};
use crate::files::Files;
use crate::walk::{Walker, accessor_on, unawaited};

/// Options of one run.
#[derive(Debug, Clone, Default)]
pub struct ExtractOptions {
    /// Pack names given with `-f`: only these run, on every file of their language.
    pub forced: Vec<String>,
}

/// Which pack ran on which directory, and why.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExplainLine {
    /// Repository-relative directory (`""` is the root).
    pub dir: String,
    pub pack: String,
    pub reason: String,
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct Extraction {
    pub summaries: Vec<BehavioralSummary>,
    pub explain: Vec<ExplainLine>,
    /// How many files at least one pack ran on.
    pub files_with_packs: usize,
}

enum Unit {
    Handler(HandlerUnit),
    Client(ClientUnit),
}

/// One list of a kind of entry from every pack, each with the languages of its pack.
fn of_every_pack<T: Clone>(
    packs: &[Pack],
    entries: impl Fn(&Pack) -> &[T],
) -> Vec<(seam_packs::LanguageFamily, T)> {
    packs
        .iter()
        .flat_map(|p| entries(p).iter().map(|e| (p.family, e.clone())))
        .collect()
}

/// Runs every applicable pack over the models and returns the sorted summaries.
pub fn extract(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
) -> Extraction {
    extract_packed(models, detection, packs, options).unpack()
}

/// The summaries of a run, sorted and numbered, each held as its JSON text until
/// [`PackedExtraction::unpack`]: a summary takes about three times the memory of its text, and
/// the models the extraction read (which it no longer needs) are as large again. A caller that
/// drops the models before unpacking never holds both.
pub struct PackedExtraction {
    /// Each summary's id and its text (`identity.id` is set on unpacking).
    held: Vec<(String, Held)>,
    /// Where the texts are (see [`spill`]).
    spill: spill::Spill,
    pub explain: Vec<ExplainLine>,
    /// How many files at least one pack ran on.
    pub files_with_packs: usize,
}

impl PackedExtraction {
    /// How many summaries the run made.
    pub fn len(&self) -> usize {
        self.held.len()
    }

    pub fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// The summaries read back from their text, in order.
    pub fn unpack(self) -> Extraction {
        let spill = &self.spill;
        let effects = Sharing::default();
        let mut summaries: Vec<BehavioralSummary> = self
            .held
            .into_par_iter()
            .map(|(id, held)| {
                let mut s = held.unpack(spill);
                s.identity.id = Some(id);
                for t in &mut s.transitions {
                    for e in &mut t.effects {
                        effects.share(e);
                    }
                }
                s
            })
            .collect();
        drop(effects);
        unknown_prefix_gaps::add(&mut summaries);
        Extraction {
            summaries,
            explain: self.explain,
            files_with_packs: self.files_with_packs,
        }
    }
}

/// A finished summary: its JSON text compressed (LZ4, the text's length first) and written to
/// the run's spill file, or kept in memory where it could not be written, or the summary itself
/// in the one case its text could not be made. The text repeats itself (an effect is written
/// once per transition passing through it, every value with its keys), and the texts of every
/// summary are made while the models are alive, the run's peak (on the generated 6,000-file
/// corpus, compressing lowered it by about 120 MB, spilling by about 40 MB more). A run for a
/// caller that needs the summaries at once ([`extract_whole`]) holds every summary whole.
enum Held {
    Spilled(spill::Spilled),
    /// Shared with the kept work a summary was taken from or is kept in (see
    /// [`reuse::PriorDone`]): one copy of the text for both.
    Text(Arc<[u8]>),
    Whole(Box<BehavioralSummary>),
}

impl Held {
    fn pack(s: BehavioralSummary, spill: &spill::Spill) -> Held {
        match serde_json::to_vec(&s) {
            Ok(text) => {
                let packed = lz4_flex::compress_prepend_size(&text);
                match spill.write(&packed) {
                    Some(place) => Held::Spilled(place),
                    None => Held::Text(packed.into()),
                }
            }
            Err(_) => Held::Whole(Box::new(s)),
        }
    }

    fn unpack(self, spill: &spill::Spill) -> BehavioralSummary {
        let packed = match self {
            Held::Spilled(place) => spill
                .read(place)
                .expect("a summary's text reads back from the spill file. This is a bug in seam")
                .into(),
            Held::Text(packed) => packed,
            Held::Whole(s) => return *s,
        };
        // Written by `pack` from a summary of the same types: reading it back is exact (a test
        // compares every pack fixture's summaries with their read-back copies).
        let text = lz4_flex::decompress_size_prepended(&packed)
            .expect("a summary's own compressed text reads back. This is a bug in seam");
        drop(packed);
        shrunk(
            serde_json::from_slice(&text)
                .expect("a summary's own JSON text reads back. This is a bug in seam"),
        )
    }
}

/// `s` with its lists, and the lists of its transitions and effects, holding no spare room. A
/// list read from JSON text does not know its length and grows by doubling: a list of one
/// effect (440 bytes) would hold room for four. All the summaries of a run are alive together
/// while they are checked.
fn shrunk(mut s: BehavioralSummary) -> BehavioralSummary {
    s.inputs.shrink_to_fit();
    s.gaps.shrink_to_fit();
    for g in &mut s.gaps {
        g.conditions.shrink_to_fit();
    }
    s.transitions.shrink_to_fit();
    for t in &mut s.transitions {
        t.conditions.shrink_to_fit();
        t.effects.shrink_to_fit();
        if let Some(p) = &mut t.provenance {
            p.shrink_to_fit();
        }
        // Each effect is its own until it is shared (in `PackedExtraction::unpack`).
        for e in t.effects.iter_mut().filter_map(Arc::get_mut) {
            match e {
                Effect::Invocation(i) => {
                    i.args.shrink_to_fit();
                    if let Some(p) = &mut i.preconditions {
                        p.shrink_to_fit();
                    }
                }
                Effect::Interaction(i) => {
                    if let Some(p) = &mut i.preconditions {
                        p.shrink_to_fit();
                    }
                }
                _ => {}
            }
        }
    }
    s
}

/// [`extract`] for a caller that needs the summaries while the models are still alive (to
/// write them out at once): each summary is kept as built instead of going through its
/// compressed text, which saves writing and reading back that text. The summaries are
/// [`extract`]'s (a test compares them on every pack fixture).
pub fn extract_whole(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
) -> PackedExtraction {
    extract_run(models, detection, packs, options, false, None, Hold::Whole).extraction
}

/// How a run holds its finished summaries until [`PackedExtraction::unpack`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Hold {
    /// As their compressed text (see [`PackedExtraction`]).
    Text,
    /// As built.
    Whole,
}

/// [`extract`] with the summaries held as text (see [`PackedExtraction`]).
pub fn extract_packed(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
) -> PackedExtraction {
    extract_packed_recording(models, detection, packs, options, false).0
}

/// [`extract`], with what the build of each summary read (in the order of the summaries; see
/// [`consulted`]). The discovery of units (routes, mounts, clients, the call index) runs over
/// the whole project as in every run and is not recorded per summary: a reuser runs it and
/// compares the units and the facts each summary took from it ([`consulted::Consulted::calls`],
/// [`consulted::Consulted::facts`]). The summaries are the same as [`extract`]'s.
pub fn extract_recording(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
) -> (Extraction, Vec<consulted::Consulted>) {
    let (packed, reads) = extract_packed_recording(models, detection, packs, options, true);
    (packed.unpack(), reads)
}

fn extract_packed_recording(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
    record: bool,
) -> (PackedExtraction, Vec<consulted::Consulted>) {
    let run = extract_run(models, detection, packs, options, record, None, Hold::Text);
    (run.extraction, run.reads)
}

/// [`extract_packed`], taking the summaries of the units whose build would read nothing that
/// changed since `prior` (see [`reuse`]) and, with `keep`, recording what each build read and
/// giving this run's work back to be reused by a later one. The summaries are the same as
/// [`extract_packed`]'s; `prior` must come from a run with the same packs and options.
pub fn extract_packed_reusing(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
    prior: Option<&reuse::Prior>,
    keep: bool,
) -> (PackedExtraction, Option<reuse::Prior>, reuse::Reused) {
    let run = extract_run(models, detection, packs, options, keep, prior, Hold::Text);
    (run.extraction, run.prior, run.reused)
}

struct Run {
    extraction: PackedExtraction,
    /// Per summary, what its build read (when recording).
    reads: Vec<consulted::Consulted>,
    /// The run's work, to be reused (when recording).
    prior: Option<reuse::Prior>,
    reused: reuse::Reused,
}

fn extract_run(
    models: &[Model],
    detection: &Detection,
    packs: &[Pack],
    options: &ExtractOptions,
    record: bool,
    prior: Option<&reuse::Prior>,
    hold: Hold,
) -> Run {
    // Made before the run's lazily built values, so each keeps what its building read.
    let _recording = record.then(consulted::Recording::start);
    let mut files = Files::new(models);
    let mut on: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); packs.len()];
    let mut explain = BTreeSet::new();
    let mut files_with_packs = 0;
    for (i, m) in models.iter().enumerate() {
        // A minified bundle's requests and routes are a library's, not the project's.
        if seam_lang::project::looks_bundled(&m.source) {
            continue;
        }
        let imports = m.external_imports();
        let mut choices =
            detection.packs_for(&m.path, m.language, &imports, packs, &options.forced);
        // A pack that only teaches the review IR has nothing to run here.
        choices.retain(|c| packs[c.pack].extracts());
        if !choices.is_empty() {
            files_with_packs += 1;
        }
        for c in choices {
            on[c.pack].insert(i);
            explain.insert(ExplainLine {
                dir: m
                    .path
                    .rsplit_once('/')
                    .map_or(String::new(), |(d, _)| d.to_owned()),
                pack: packs[c.pack].name.clone(),
                reason: c.reason.to_string(),
            });
        }
    }
    let all: BTreeSet<usize> = (0..models.len()).collect();
    files.resolve_aliases(packs, &on);
    files.dotenv = detection.dotenv().clone();
    files.rpc_services = detection.rpc_services().to_vec();
    // What every loaded pack says of all files of its languages, whichever pack runs there.
    files.url_builders = of_every_pack(packs, |p| &p.urls);
    files.page_origins = of_every_pack(packs, |p| &p.page_origins);
    files.environment = of_every_pack(packs, |p| &p.settings);
    files.invocation_rules = of_every_pack(packs, |p| &p.invocations);
    files.rejection_keepers = of_every_pack(packs, |p| &p.keeps_rejections);
    files.settings_objects = of_every_pack(packs, |p| &p.settings_objects);
    files.env_reads = of_every_pack(packs, |p| &p.environment);
    files.markup.packs = packs
        .iter()
        .map(|p| (p.family, p.markup.clone()))
        .filter(|(_, m)| *m != seam_packs::Markup::default())
        .collect();
    // What every build reads besides its files and facts (see `reuse`), and each file's
    // fingerprint: compared with the prior run's, worked out only when reusing or keeping.
    let (context, fingerprints) = if record || prior.is_some() {
        let context = consulted::hash_of(&(
            models.iter().map(|m| &m.path).collect::<Vec<_>>(),
            &on,
            &explain,
            files_with_packs,
            detection,
            &files.aliased,
            options,
            packs,
        ));
        let fingerprints: Vec<u64> = models.par_iter().map(reuse::fingerprint).collect();
        (context, fingerprints)
    } else {
        (0, Vec::new())
    };
    let prior = prior.filter(|p| p.context == context && p.files.len() == fingerprints.len());
    let changed: Vec<bool> = match prior {
        Some(p) => fingerprints
            .iter()
            .zip(&p.files)
            .map(|(a, b)| a != b)
            .collect(),
        None => Vec::new(),
    };
    if let Some(p) = prior
        && let Some(kept) = &p.callers
    {
        files.reuse_file_callers(kept.clone(), changed.clone());
    }
    if let Some(p) = prior {
        files.reuse_client_files(p.client_files.clone(), changed.clone());
    }
    let files = files;

    // Routes first: a client's URL may be written by a page template naming a route.
    let mut handlers: Vec<discover::HandlerUnit> = packs
        .par_iter()
        .enumerate()
        .filter(|(_, pack)| pack.kind == UnitKind::Handler)
        .flat_map_iter(|(pi, pack)| {
            discover::with_path_branches(&files, pack, handler_units(&files, pi, pack, &on[pi]))
                .into_iter()
                .chain(rpc_services::handler_units(&files, pi, pack, &on[pi]))
        })
        .collect();
    settings_prefix::apply(&files, detection, packs, &mut handlers);
    let mut units: Vec<Unit> = handlers.into_iter().map(Unit::Handler).collect();
    files.markup.set_routes(&files, packs, &units);
    units.extend(
        packs
            .par_iter()
            .enumerate()
            .filter(|(_, pack)| pack.kind == UnitKind::Client)
            .flat_map_iter(|(pi, pack)| {
                client_units(&files, pi, pack, &on[pi], &all)
                    .into_iter()
                    .chain(declared_clients::declared_units(&files, pi, pack, &on[pi]))
                    .chain(rpc_services::client_units(&files, pi, pack, &on[pi]))
                    .map(Unit::Client)
            })
            .collect::<Vec<_>>(),
    );
    // A store pack's accesses are found below; they make units of their own.
    let mut units = on_their_pages(
        &files,
        one_reading_per_request(&files, without_shadowed_instances(&files, units)),
    );
    dev_proxies::apply(&files, packs, &mut units);
    let units = units;

    // Every recognised client call, so a call on any path becomes an interaction effect.
    let mut calls: CallIndex = BTreeMap::new();
    for u in &units {
        if let Unit::Client(c) = u {
            let pack = &packs[c.pack];
            calls.insert(
                (c.file, c.call),
                RecognisedCall {
                    recognition: pack.recognition.clone(),
                    transport: pack.transport.clone(),
                    method: c.method.clone(),
                    path: c.path.clone(),
                    storage: None,
                    slots: request_body::body_slots(&files, packs, pack, c.file, c.call),
                },
            );
        }
    }
    let storage_units = index_storage_sites(&files, packs, &on, &units, &mut calls);
    // Each handler pack's exception handlers, read once for all its routes.
    let advice: Vec<exception_advice::Advice> = packs
        .iter()
        .enumerate()
        .map(|(pi, pack)| exception_advice::Advice::read(&files, pack, &on[pi]))
        .collect();

    // Finished summaries' texts go to a temporary file until they are read back.
    let spill = spill::Spill::new();
    // A fact's value on this revision (what a build here would have recorded), each worked
    // out once: many units read the same entries (a file's recognised calls, `callers` of one
    // function, whether any file has prototypes).
    let known: std::sync::Mutex<HashMap<consulted::Fact, u64>> = Default::default();
    let value_of = |fact: &consulted::Fact, unit: u64| -> u64 {
        use consulted::{Fact, hash_of};
        if matches!(fact, Fact::Unit) {
            return unit;
        }
        if let Some(v) = known.lock().ok().and_then(|k| k.get(fact).copied()) {
            return v;
        }
        let v = match fact {
            Fact::Unit => unit,
            Fact::ExceptionAdvice(p) => advice.get(*p).map_or(0, hash_of),
            Fact::RecognisedCall(f, c) => hash_of(&calls.get(&(*f, *c))),
            Fact::RecognisedCallsOfFile(f) => hash_of(&assemble::calls_of_file(&calls, *f)),
            Fact::Callers(..)
            | Fact::PassedSites(_)
            | Fact::DeclaredObjects(_)
            | Fact::InstanceGlobals(_)
            | Fact::WindowGlobals(_)
            | Fact::Prototypes
            | Fact::PageRoutes => files.fact_value(fact).unwrap_or(0),
        };
        if let Ok(mut k) = known.lock() {
            k.insert(fact.clone(), v);
        }
        v
    };
    let taken = std::sync::atomic::AtomicUsize::new(0);
    // Each unit's build (`unit`: the hash of its value, when reusing or recording): the prior
    // run's summaries when it holds the unit and nothing its build read changed, else built,
    // with what it read when recording.
    let run_unit = |unit: u64, build: &dyn Fn() -> Vec<Built>| -> Vec<Done> {
        if let Some(kept) = prior.and_then(|p| p.reusable(unit, &changed, |f| value_of(f, unit))) {
            taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let record = record.then(|| Arc::new((unit, reuse::consulted_of(kept))));
            return kept
                .built
                .iter()
                .map(|d| Done {
                    summary: Held::Text(d.text.clone()),
                    file: d.file.clone(),
                    name_kind: d.name_kind.clone(),
                    base_id: d.base_id.clone(),
                    label: d.label.clone(),
                    sort_span: d.sort_span,
                    consulted: record.clone(),
                })
                .collect();
        }
        if record {
            let (built, reads) = consulted::recorded(build);
            let reads = Arc::new((unit, reads));
            built
                .into_iter()
                .map(|b| Done {
                    consulted: Some(reads.clone()),
                    ..compacted(b, &spill, hold)
                })
                .collect()
        } else {
            build()
                .into_iter()
                .map(|b| compacted(b, &spill, hold))
                .collect()
        }
    };
    let unit_hash = |value: &dyn std::fmt::Debug| -> u64 {
        if record || prior.is_some() {
            consulted::hash_of(value)
        } else {
            0
        }
    };
    let mut built: Vec<Done> = units
        .par_iter()
        .flat_map_iter(|u| match u {
            Unit::Handler(h) => run_unit(unit_hash(h), &|| {
                // The unit itself (route, prefix, handler) is the discovery's.
                consulted::entry(|| consulted::Fact::Unit, h);
                consulted::entry(|| consulted::Fact::ExceptionAdvice(h.pack), &advice[h.pack]);
                per_method(
                    build_handler(&files, detection, packs, &calls, &advice[h.pack], h),
                    h,
                )
            }),
            Unit::Client(c) => run_unit(unit_hash(c), &|| {
                consulted::entry(|| consulted::Fact::Unit, c);
                build_client(&files, detection, packs, &calls, c)
                    .into_iter()
                    .collect()
            }),
        })
        .collect();
    let stored: Vec<Done> = storage_units
        .par_iter()
        .flat_map_iter(|(&(file, function), &pack)| {
            let unit = (file, function, pack);
            run_unit(unit_hash(&unit), &|| {
                consulted::entry(|| consulted::Fact::Unit, &unit);
                vec![build_storage_unit(
                    &files,
                    detection,
                    &packs[pack],
                    &calls,
                    file,
                    function,
                )]
            })
        })
        .collect();
    // Exactly: `extend` alone would double the list's room (every model is still alive).
    built.reserve_exact(stored.len());
    built.extend(stored);
    let taken = taken.into_inner();
    let reused = reuse::Reused {
        taken,
        built: (units.len() + storage_units.len()).saturating_sub(taken),
        file_callers_taken: files.file_callers_taken(),
        client_files_taken: files.client_files_taken(),
    };
    // Each file's part of `callers` with what it read, kept beside the units.
    let (kept_callers, kept_client_files) = if record {
        (files.kept_file_callers(), files.kept_client_files())
    } else {
        (None, BTreeMap::new())
    };
    // What the units were built from is no longer needed: its memory goes before the
    // summaries are sorted and numbered.
    drop((storage_units, advice, calls, units, files));
    built.sort_by(|a, b| {
        (&a.file, a.sort_span, &a.base_id, &a.label).cmp(&(
            &b.file,
            b.sort_span,
            &b.base_id,
            &b.label,
        ))
    });
    let ids = assign_ids(&built);
    let (reads, kept) = if record {
        let reads = built
            .iter()
            .map(|b| {
                b.consulted
                    .as_ref()
                    .map(|c| c.1.clone())
                    .unwrap_or_default()
            })
            .collect();
        (
            reads,
            Some(kept_units(
                &built,
                &spill,
                context,
                fingerprints,
                kept_callers,
                kept_client_files,
            )),
        )
    } else {
        (Vec::new(), None)
    };
    Run {
        extraction: PackedExtraction {
            held: ids
                .into_iter()
                .zip(built)
                .map(|(id, b)| (id, b.summary))
                .collect(),
            explain: explain.into_iter().collect(),
            files_with_packs,
            spill,
        },
        reads,
        prior: kept,
        reused,
    }
}

/// A recording run's work as a [`reuse::Prior`]: per unit (in the order of its first
/// summary), what its build read and the summaries it made. A unit with a summary held whole
/// (its text could not be written) is left out.
fn kept_units(
    built: &[Done],
    spill: &spill::Spill,
    context: u64,
    fingerprints: Vec<u64>,
    callers: Option<Vec<Option<files::KeptFileCallers>>>,
    client_files: BTreeMap<(usize, usize), files::ClientFile>,
) -> reuse::Prior {
    let mut order: Vec<*const (u64, consulted::Consulted)> = Vec::new();
    let mut by_unit: HashMap<*const (u64, consulted::Consulted), (reuse::PriorUnit, bool)> =
        HashMap::new();
    for b in built {
        let Some(record) = &b.consulted else {
            continue;
        };
        let at = Arc::as_ptr(record);
        let (unit, whole) = by_unit.entry(at).or_insert_with(|| {
            order.push(at);
            let (hash, reads) = &**record;
            (
                reuse::PriorUnit {
                    unit: *hash,
                    files: reads.kept_files(),
                    facts: reads.kept_facts(),
                    built: Vec::new(),
                },
                true,
            )
        });
        // The text as written (read back from the spill file where it went there).
        let text = match &b.summary {
            Held::Text(text) => Some(text.clone()),
            Held::Spilled(place) => spill.read(*place).ok().map(Arc::from),
            Held::Whole(_) => None,
        };
        match text {
            Some(text) => unit.built.push(reuse::PriorDone {
                text,
                file: b.file.clone(),
                name_kind: b.name_kind.clone(),
                base_id: b.base_id.clone(),
                label: b.label.clone(),
                sort_span: b.sort_span,
            }),
            None => *whole = false,
        }
    }
    let units = order
        .into_iter()
        .filter_map(|at| by_unit.remove(&at))
        .filter(|(_, whole)| *whole)
        .map(|(u, _)| u)
        .collect();
    let mut prior = reuse::Prior::new(context, fingerprints, units, callers.map(Arc::new));
    prior.client_files = Arc::new(client_files);
    prior
}

/// A summary as its JSON text (see [`PackedExtraction`]) or, with [`Hold::Whole`], as built,
/// with what sorting and numbering the summaries read of it.
fn compacted(b: Built, spill: &spill::Spill, hold: Hold) -> Done {
    Done {
        file: b.summary.location.file.clone(),
        name_kind: b.summary.identity.name_kind.clone(),
        summary: match hold {
            Hold::Text => Held::pack(b.summary, spill),
            Hold::Whole => Held::Whole(Box::new(shrunk(b.summary))),
        },
        base_id: b.base_id,
        label: b.label,
        sort_span: b.sort_span,
        consulted: None,
    }
}

/// A [`Built`] summary, finished.
struct Done {
    summary: Held,
    /// The summary's `location.file` and `identity.nameKind`.
    file: String,
    name_kind: Option<NameKind>,
    base_id: String,
    label: Option<String>,
    sort_span: (u32, u32),
    /// The hash of its unit's value and what the unit's build read, when recording (see
    /// [`consulted`]); shared by the summaries of one unit.
    consulted: Option<Arc<(u64, consulted::Consulted)>>,
}

struct Built {
    summary: BehavioralSummary,
    base_id: String,
    label: Option<String>,
    sort_span: (u32, u32),
}

fn char_offset(model: &Model, byte: u32) -> u64 {
    model
        .source
        .get(..byte as usize)
        .map_or(0, |s| s.chars().count() as u64)
}

fn location(
    model: &Model,
    span: Span,
    export_name: Option<String>,
    workspace: Option<&str>,
) -> SourceLocation {
    let (start, end) = model.line_range(span);
    SourceLocation {
        file: model.path.clone(),
        range: LineRange { start, end },
        span: Some(CharSpan {
            start: char_offset(model, span.start),
            end: char_offset(model, span.end),
        }),
        export_name,
        workspace: workspace.map(str::to_owned),
        module: None,
    }
}

/// The name a file exports a function under, if any.
fn export_name_of(model: &Model, function: FuncId) -> Option<String> {
    model.exports.iter().find_map(|e| {
        let hit = match e.target {
            seam_lang::model::ExportTarget::Function(f) => f == function,
            seam_lang::model::ExportTarget::Binding(b) => match &model.binding(b).kind {
                BindingKind::Function { function: f } => *f == function,
                _ => model.binding(b).origin.init.is_some_and(|i| matches!(model.expr(i).kind, ExprKind::Function { function: f } if f == function)),
            },
            _ => false,
        };
        (hit && e.from.is_none()).then(|| e.exported.clone())
    })
}

fn rest_binding(pack: &Pack, method: &Option<String>, path: &Option<String>) -> BoundaryBinding {
    BoundaryBinding {
        transport: pack.transport.clone(),
        semantics: Semantics::Rest(RestSemantics {
            method: method.clone(),
            path: path.clone(),
            declared_responses: None,
        }),
        recognition: pack.recognition.clone(),
    }
}

fn label_of(method: &Option<String>, path: &Option<String>) -> Option<String> {
    Some(format!(
        "{} {}",
        method.as_ref()?,
        normalize_path(path.as_ref()?)
    ))
}

fn build_handler(
    files: &Files,
    detection: &Detection,
    packs: &[Pack],
    calls: &CallIndex,
    advice: &exception_advice::Advice,
    unit: &HandlerUnit,
) -> Built {
    let pack = &packs[unit.pack];
    let model = files.model(unit.handler_file);
    let Some(function_id) = unit.function else {
        return build_opaque_handler(files, detection, pack, unit);
    };
    let function = model.function(function_id);
    let export_name = export_name_of(model, function_id);
    let (name, name_kind) = match (&function.name, &export_name) {
        (Some(n), _) if function.name_source != seam_lang::model::NameSource::Anonymous => {
            (n.clone(), NameKind::Binding)
        }
        _ => (method_label(&unit.method), NameKind::Label),
    };
    let mut walker = Walker::new(model, pack, function_id);
    walker.sends = sending_helpers::sends_in(files, unit.handler_file, pack, function_id, &|i| {
        pack.role_at(i).map(str::to_owned)
    });
    let (ends, quiet_exit) = walker.run_with_exits();
    let facts = UnitFacts {
        files,
        file: unit.handler_file,
        function: function_id,
        pack,
        name: &name,
        calls,
        route_status: unit.route_status,
        route_body: unit.route_body,
        route_default_status: unit.route_default_status,
        own_call: None,
        advice: Some(advice),
        own_request: None,
    };
    let mut assembled = assemble(&facts, &ends);
    assembled.transitions.extend(advice.indirect_responses(
        files,
        pack,
        unit.handler_file,
        function_id,
        &name,
    ));
    let workspace = detection.workspace_for(&model.path);
    let export_path = match &export_name {
        Some(e) => Some(vec![e.clone()]),
        None => unit.export_path.clone(),
    };
    let export_name = export_name.or_else(|| unit.export_path.as_ref().map(|p| p.join(".")));
    let base_id = summary_id_from_parts(workspace, &model.path, &name, export_path.as_deref());
    let label = label_of(&unit.method, &unit.path);
    Built {
        summary: BehavioralSummary {
            kind: CodeUnitKind::Handler,
            location: location(model, function.span, export_name, workspace),
            identity: CodeUnitIdentity {
                name,
                name_kind: Some(name_kind),
                export_path,
                boundary_binding: Some(rest_binding(pack, &unit.method, &unit.path)),
                deployable_unit: None,
                id: None,
            },
            inputs: {
                let mut list = handler_inputs(model, function_id, pack, unit.path.as_deref());
                param_roles::annotated_roles(
                    files,
                    unit.handler_file,
                    function_id,
                    pack,
                    &mut list,
                );
                list.extend(failure_answers::injections(
                    model,
                    pack,
                    function_id,
                    &|i| pack.role_at(i).map(str::to_owned),
                ));
                list
            },
            transitions: assembled.transitions,
            gaps: assembled.gaps,
            confidence: assembled.confidence,
            definitions: None,
            input_reads: None,
            receiver_class: None,
            metadata: {
                let mut metadata = handler_metadata(pack, unit);
                // A way through the handler that sends nothing answers what the framework
                // sends then: a status the check cannot call never produced.
                if quiet_exit && let Some(status) = pack.quiet_status {
                    add_framework_status(&mut metadata, status);
                }
                // A call the framework answers itself when it fails (a body that does not
                // bind) answers that status for the handler.
                for status in
                    failure_answers::statuses(files, unit.handler_file, pack, function_id, &|i| {
                        pack.role_at(i).map(str::to_owned)
                    })
                {
                    add_framework_status(&mut metadata, status);
                }
                // An exception a function it calls raises answers the status its class
                // carries, through the server's error handling.
                for status in failure_answers::callee_raises(files, unit.handler_file, function_id)
                {
                    add_framework_status(&mut metadata, status);
                }
                metadata
            },
            schema_version: SchemaVersion,
        },
        base_id,
        label,
        sort_span: (function.span.start, unit.registration.start),
    }
}

/// A handler split into one per method it branches on, when its pack says where it reads
/// the method (see [`method_branches`]).
fn per_method(built: Built, unit: &HandlerUnit) -> Vec<Built> {
    let Some(split) = unit
        .method_branches
        .as_ref()
        .and_then(|rule| method_branches::split(&built.summary, rule))
    else {
        return vec![built];
    };
    split
        .into_iter()
        .map(|summary| {
            let method = match summary
                .identity
                .boundary_binding
                .as_ref()
                .map(|b| &b.semantics)
            {
                Some(Semantics::Rest(r)) => r.method.clone(),
                _ => None,
            };
            Built {
                label: label_of(&method, &unit.path),
                summary,
                base_id: built.base_id.clone(),
                sort_span: built.sort_span,
            }
        })
        .collect()
}

/// The name of a handler that has none of its own: its method (`get`; `all` for `*`).
fn method_label(method: &Option<String>) -> String {
    match method.as_deref() {
        None => "handler".to_owned(),
        Some("*") => "all".to_owned(),
        Some(m) => m.to_ascii_lowercase(),
    }
}

/// A route whose handler seam cannot follow to a function (`passport.authenticate("x")`):
/// declared at its registration, with no transitions and a gap saying what was not read.
fn build_opaque_handler(
    files: &Files,
    detection: &Detection,
    pack: &Pack,
    unit: &HandlerUnit,
) -> Built {
    let model = files.model(unit.file);
    let name = method_label(&unit.method);
    let written = unit
        .opaque_handler
        .map(|e| model.text_collapsed(model.expr(e).span))
        .unwrap_or_default();
    let workspace = detection.workspace_for(&model.path);
    let base_id = summary_id_from_parts(workspace, &model.path, &name, None);
    Built {
        summary: BehavioralSummary {
            kind: CodeUnitKind::Handler,
            location: location(model, unit.registration, None, workspace),
            identity: CodeUnitIdentity {
                name,
                name_kind: Some(NameKind::Label),
                export_path: unit.export_path.clone(),
                boundary_binding: Some(rest_binding(pack, &unit.method, &unit.path)),
                deployable_unit: None,
                id: None,
            },
            inputs: Vec::new(),
            transitions: Vec::new(),
            gaps: vec![Gap {
                gap_type: GapType::UnreadOutcome,
                conditions: Vec::new(),
                consequence: GapConsequence::Unknown,
                description: format!(
                    "The route's handler is `{written}`, which seam cannot follow to a function, so what the route sends is not known"
                ),
                callee: None,
                used_as_value: None,
            }],
            confidence: ConfidenceInfo {
                source: ConfidenceSource::InferredStatic,
                level: ConfidenceLevel::Low,
                corroboration: None,
            },
            definitions: None,
            input_reads: None,
            receiver_class: None,
            metadata: handler_metadata(pack, unit),
            schema_version: SchemaVersion,
        },
        base_id,
        label: label_of(&unit.method, &unit.path),
        sort_span: (unit.registration.start, unit.registration.start),
    }
}

/// The pack's metadata for a handler summary; a route under a prefix seam could not read (a
/// base path the deployment sets) gives `metadata.http.unknownPrefix`, the source text of
/// each such prefix, which its path leaves out; a route of a router extended at run time gives
/// `metadata.http.openMount`, the path of its mount.
fn handler_metadata(
    pack: &Pack,
    unit: &HandlerUnit,
) -> Option<indexmap::IndexMap<String, serde_json::Value>> {
    let mut metadata = pack_metadata(pack);
    if !unit.unknown_prefixes.is_empty() {
        set_http(
            &mut metadata,
            "unknownPrefix",
            serde_json::json!(unit.unknown_prefixes),
        );
    }
    if let Some(mount) = &unit.open_mount {
        set_http(&mut metadata, "openMount", serde_json::json!(mount));
    }
    metadata
}

/// Adds `status` to `metadata.http.frameworkStatuses` (statuses the framework sends for the
/// handler), kept sorted without repeats.
fn add_framework_status(
    metadata: &mut Option<indexmap::IndexMap<String, serde_json::Value>>,
    status: u16,
) {
    let mut statuses: Vec<u64> = metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("frameworkStatuses"))
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    statuses.push(u64::from(status));
    statuses.sort_unstable();
    statuses.dedup();
    set_http(metadata, "frameworkStatuses", serde_json::json!(statuses));
}

/// Sets `metadata.http.<field>`.
fn set_http(
    metadata: &mut Option<indexmap::IndexMap<String, serde_json::Value>>,
    field: &str,
    value: serde_json::Value,
) {
    let map = metadata.get_or_insert_with(indexmap::IndexMap::new);
    let http = map
        .entry("http".to_owned())
        .or_insert_with(|| serde_json::json!({}));
    if let Some(obj) = http.as_object_mut() {
        obj.insert(field.to_owned(), value);
    }
}

/// Client calls whose URL is relative to their page (a form with no action, `?/save`): each
/// resolved against the path the routes of its folder are served at (a file-convention route
/// in the same folder: the page's own endpoint); a URL that is only the page's own (`""`,
/// `?/save`) is left without a path when no route says where the page is.
fn on_their_pages(files: &Files, mut units: Vec<Unit>) -> Vec<Unit> {
    let folder = |file: usize| {
        let path = &files.model(file).path;
        path.rsplit_once('/').map_or("", |(d, _)| d).to_owned()
    };
    let mut pages: BTreeMap<String, String> = BTreeMap::new();
    for unit in &units {
        if let Unit::Handler(h) = unit
            && h.export_path.is_some()
            && let Some(path) = &h.path
        {
            let entry = pages.entry(folder(h.file)).or_insert_with(|| path.clone());
            if path.len() < entry.len() {
                *entry = path.clone();
            }
        }
    }
    let script_pages = crate::page_scripts::script_pages(
        files,
        units.iter().filter_map(|u| match u {
            Unit::Handler(h) => Some(h),
            Unit::Client(_) => None,
        }),
    );
    for unit in &mut units {
        if let Unit::Client(c) = unit
            && c.page_relative
        {
            let own = c.path.as_deref().unwrap_or("/").trim_start_matches('/');
            // A script of server-rendered pages: the one page route that loads it.
            if let Some(pages) = script_pages.get(&c.file)
                && let [page] = &pages.iter().collect::<Vec<_>>()[..]
            {
                c.path = Some(crate::page_scripts::resolve(page, own));
                continue;
            }
            c.path = match pages.get(&folder(c.file)) {
                Some(page) if own.is_empty() => Some(page.clone()),
                // `x` on the page `/a/b` is `/a/x`.
                Some(page) => Some(format!(
                    "{}/{own}",
                    page.rsplit_once('/').map_or("", |(p, _)| p)
                )),
                // Nothing says where the page is: `x` is read as `/x`, as before; the page's
                // own URL is not known.
                None if own.is_empty() => None,
                None => c.path.clone(),
            };
        }
    }
    units
}

/// `file::name` of each wrapper a templated call went through, innermost first
/// (`name@line` for a function with no name).
fn through_labels(files: &Files, unit: &ClientUnit) -> Vec<String> {
    unit.through
        .iter()
        .map(|&(file, func)| {
            let model = files.model(file);
            let f = model.function(func);
            match &f.name {
                Some(name) => format!("{}::{name}", model.path),
                None => format!("{}::@{}", model.path, model.line_range(f.span).0),
            }
        })
        .collect()
}

/// The pack's metadata for a client summary; a caller that calls a raising accessor on the
/// response (`resp.raise_for_status()`) gets its failures as exceptions. A URL that says where
/// it goes (an absolute URL's origin, or a start that could not be read) gives
/// `metadata.http.origin`; a call through wrapper templates gives `metadata.http.through`; a
/// client whose response interceptor handles failures gives `metadata.http.failuresHandled`
/// (`"all"`, or the statuses), and so does a consumer that tells failures apart with an `if`
/// on the response's `ok` (`"all"`).
fn client_metadata(
    files: &Files,
    model: &Model,
    pack: &Pack,
    unit: &ClientUnit,
    own_failures: bool,
) -> Option<indexmap::IndexMap<String, serde_json::Value>> {
    let mut metadata = delivery_metadata(files, model, pack, unit, own_failures);
    // A failure that arrives as an exception in a function a library calls and keeps what it
    // throws (a query hook's error state) never reaches code written for a success.
    let delivered_as_exception = metadata
        .as_ref()
        .and_then(|m| m.get("http"))
        .and_then(|h| h.get("failureDelivery"))
        .and_then(serde_json::Value::as_str)
        == Some("exception");
    if delivered_as_exception
        && (kept_by_library(files, unit)
            || crate::kept_rejections::handed_to_keeper(files, unit)
            || caught_in_layer(files, unit)
            || unit
                .function
                .is_some_and(|f| callers_catch(files, (unit.file, f), MAX_CATCHING_CALLERS)))
    {
        set_http(&mut metadata, "failuresHandled", serde_json::json!("all"));
    }
    if delivered_as_exception && returns_call_error(files, model, unit) {
        set_http(&mut metadata, "failuresReturned", serde_json::json!(true));
    }
    metadata
}

/// Whether a Go consumer returns the error its call gives back (`err := c.patch(uri, in, out);
/// return out, err`, `if err != nil { return nil, err }`, `return out, c.get(uri, out)`): with
/// failures delivered as errors, each one goes on to the consumer's caller, as an exception
/// does from a function that catches nothing.
fn returns_call_error(files: &Files, model: &Model, unit: &ClientUnit) -> bool {
    if model.language != seam_lang::model::Language::Go {
        return false;
    }
    let Some(func) = unit.function else {
        return false;
    };
    // The names the call's results are held in, its error among them.
    let held: BTreeSet<seam_lang::model::BindingId> = model
        .bindings
        .iter()
        .enumerate()
        .filter(|(_, b)| b.origin.init.map(|e| unawaited(model, e)) == Some(unit.call))
        .map(|(i, _)| seam_lang::model::BindingId::from_index(i))
        .collect();
    let is_error = |e: ExprId| {
        e == unit.call
            || matches!(&model.expr(e).kind, ExprKind::Ident { binding: Some(b), .. } if held.contains(b))
    };
    files
        .returned_values(unit.file, func)
        .into_iter()
        .any(|v| match &model.expr(v).kind {
            ExprKind::Array { elements, .. } => matches!(
                elements.last(),
                Some(seam_lang::model::ArrayElement::Expr(e)) if is_error(*e)
            ),
            _ => is_error(v),
        })
}

/// Whether a wrapper the request goes through catches the failure of the layer inside it
/// (`FormsApi.update(…).then(…).catch(…)` in a `save()` its callers call, a rejection handler
/// as `.then`'s second argument, or a `try` with a `catch` around the call): an exception
/// never leaves it, so every call through it has its failures handled there; so does the
/// innermost wrapper's catch around the client call it makes (`http.get(url).catch((e) => {
/// error = e })`, returning `{ data, error }`). The consumer's own call is judged by the checker.
fn caught_in_layer(files: &Files, unit: &ClientUnit) -> bool {
    let innermost = match (unit.through.first(), unit.inner) {
        (Some(&(file, func)), Some((inner_file, call))) if file == inner_file => {
            let model = files.model(file);
            rejection_chained(model, model.function(func).span, call)
                || in_try_with_catch(model, func, call)
                || handed_request_caught(files, file, call)
        }
        _ => false,
    };
    innermost
        || unit.through.iter().zip(unit.through.iter().skip(1)).any(
            |(&callee, &(outer_file, outer))| {
                let model = files.model(outer_file);
                let span = model.function(outer).span;
                crate::files::calls(model).any(|call| {
                    let ExprKind::Call { callee: c, .. } = &model.expr(call).kind else {
                        return false;
                    };
                    span.contains(model.expr(call).span)
                        && files
                            .function_of(outer_file, *c)
                            .or_else(|| crate::callees::member_function(files, outer_file, *c, 4))
                            == Some(callee)
                        && (rejection_chained(model, span, call)
                            || in_try_with_catch(model, outer, call))
                })
            },
        )
}

/// Whether `call` hands the request to a project function that sends it and catches its
/// rejection (`request.safe(http.post, url, data)`, with `safe` calling `funcCall(url, data)
/// .catch(…)` or in a `try` with a `catch`, on the function it is handed as a parameter).
fn handed_request_caught(files: &Files, file: usize, call: ExprId) -> bool {
    let model = files.model(file);
    let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
        return false;
    };
    let Some((sf, sender)) = files
        .function_of(file, *callee)
        .or_else(|| crate::callees::member_function(files, file, *callee, 4))
    else {
        return false;
    };
    let sm = files.model(sf);
    let span = sm.function(sender).span;
    let params = files.param_bindings(sf, sender);
    crate::files::calls(sm).any(|c| {
        let ExprKind::Call { callee, .. } = &sm.expr(c).kind else {
            return false;
        };
        span.contains(sm.expr(c).span)
            && matches!(&sm.expr(*callee).kind, ExprKind::Ident { binding: Some(b), .. } if params.contains(b))
            && (rejection_chained(sm, span, c) || in_try_with_catch(sm, sender, c))
    })
}

/// How many callers out a failure the consumer lets escape is followed.
const MAX_CATCHING_CALLERS: usize = 2;

/// Whether every call of the project function `func` (one at least, test files aside) catches
/// what it throws: a rejection handler chained on the call (`doLogout().then(…).catch(notify)`),
/// a `try` with a `catch` around it, or a function that lets it escape to callers that all
/// catch it, `depth` callers out; a call of the parameter the function is handed to counts as
/// one of its calls (see [`handed_functions`]). A failure the consumer lets escape (an API module's
/// `export const getAliases = async (id) => (await get(id)).json()`) is handled there, as
/// a wrapper layer's catch handles it for every call through it. A library call that is given
/// the function and keeps what it throws as its error state (`useAsync(getAliases, [])`, see
/// `seam_packs::Invocation::keeps_failures`) catches it too.
fn callers_catch(files: &Files, func: (usize, FuncId), depth: usize) -> bool {
    let found = files.callers().get(&func);
    consulted::entry(|| consulted::Fact::Callers(func.0, func.1), &found);
    // Where it is called after being handed on as a value (`<Form doLogin={func} />`).
    let handed = crate::handed_functions::calls_of_handed(files, func);
    let calls: Vec<(usize, ExprId)> = found
        .into_iter()
        .flat_map(|c| c.iter().copied())
        .chain(handed)
        .filter(|(file, _)| !crate::tests_summary::is_test_file(&files.model(*file).path))
        .collect();
    !calls.is_empty()
        && calls.iter().all(|&(file, call)| {
            let model = files.model(file);
            let Some(outer) = crate::files::enclosing_function(model, model.expr(call).span) else {
                return false;
            };
            rejection_chained(model, model.function(outer).span, call)
                || in_try_with_catch(model, outer, call)
                || keeps_failures_of(files, file, call, func)
                || (depth > 1
                    && (file, outer) != func
                    && hands_on_failure(model, outer, call)
                    && callers_catch(files, (file, outer), depth - 1))
        })
}

/// Whether a failure of `call` goes on to whoever calls `func`, the function it is made in:
/// the call is awaited there or is what the function returns.
fn hands_on_failure(model: &Model, func: FuncId, call: ExprId) -> bool {
    let is_call = |e: ExprId| unawaited(model, e) == call;
    if let seam_lang::model::FunctionBody::Expr(e) = &model.function(func).body
        && is_call(*e)
    {
        return true;
    }
    let span = model.function(func).span;
    model
        .exprs
        .iter()
        .any(|e| matches!(e.kind, ExprKind::Await { arg } if arg == call) && span.contains(e.span))
        || model.stmts.iter().any(|s| {
            matches!(s.kind, seam_lang::model::StmtKind::Return { value: Some(v) } if is_call(v))
                && crate::files::enclosing_function(model, s.span) == Some(func)
        })
}

/// Whether a rejection handler is chained on `call`'s promise inside `span`: `.catch(h)`, or
/// `.then(ok, h)`, on the call or on `.then`/`.finally` calls chained on it.
fn rejection_chained(model: &Model, span: Span, call: ExprId) -> bool {
    rejection_chained_at(model, span, call).is_some()
}

/// The span of the call that chains a rejection handler on `call`'s promise inside `span`
/// (see [`rejection_chained`]): the whole chain up to that handler, whose rejections it catches.
fn rejection_chained_at(model: &Model, span: Span, call: ExprId) -> Option<Span> {
    // The object a chained method is called on, when `e` is `object.name(…)`.
    let chained = |e: ExprId| match &model.expr(e).kind {
        ExprKind::Call { callee, args, .. } => match &model.expr(*callee).kind {
            ExprKind::Member {
                object,
                property: seam_lang::model::MemberProp::Name(name),
                ..
            } => Some((unawaited(model, *object), name.as_str(), args.len())),
            _ => None,
        },
        _ => None,
    };
    crate::files::calls(model)
        .find(|&c| {
            if !span.contains(model.expr(c).span) {
                return false;
            }
            let Some((mut object, name, argc)) = chained(c) else {
                return false;
            };
            let rejection = (name == "catch" && argc > 0) || (name == "then" && argc >= 2);
            // A handler written there that throws again (`.catch((e) => { undo(); throw e })`,
            // also inside a wrapper such as `action((e) => …)`) hands the failure on.
            let handler_rethrows = |h: ExprId| match &model.expr(h).kind {
                ExprKind::Function { function } => {
                    rethrows_within(model, model.function(*function).span)
                }
                _ => false,
            };
            let rethrows = || match &model.expr(c).kind {
                ExprKind::Call { args, .. } => args
                    .get(if name == "catch" { 0 } else { 1 })
                    .is_some_and(|h| match &model.expr(h.value).kind {
                        ExprKind::Call { args: inner, .. } => {
                            inner.iter().any(|a| handler_rethrows(a.value))
                        }
                        _ => handler_rethrows(h.value),
                    }),
                _ => false,
            };
            if !rejection || rethrows() {
                return false;
            }
            for _ in 0..8 {
                if object == call {
                    return true;
                }
                match chained(object) {
                    Some((inner, "then" | "finally", _)) => object = inner,
                    _ => return false,
                }
            }
            false
        })
        .map(|c| model.expr(c).span)
}

/// Whether code in `span` throws (`throw e`) or returns a rejected promise: a handler that
/// does hands the failure on instead of handling it.
fn rethrows_within(model: &Model, span: Span) -> bool {
    model.stmts.iter().any(|s| {
        span.contains(s.span)
            && match &s.kind {
                seam_lang::model::StmtKind::Throw { .. } => true,
                seam_lang::model::StmtKind::Return { value: Some(v) } => {
                    model.text(model.expr(*v).span).contains("Promise.reject")
                }
                _ => false,
            }
    })
}

/// Whether `call` is inside the block of a `try` of `func` that has a `catch` that does not
/// throw again.
fn in_try_with_catch(model: &Model, func: FuncId, call: ExprId) -> bool {
    in_try_with_catch_around(model, func, call, model.expr(call).span)
}

/// [`in_try_with_catch`], with `also` (code of `func` after the call, an `if` that throws on a
/// failed response) in the same block of that `try`.
fn in_try_with_catch_around(model: &Model, func: FuncId, call: ExprId, also: Span) -> bool {
    let at = model.expr(call).span;
    model.stmts.iter().any(|s| match &s.kind {
        seam_lang::model::StmtKind::Try(boxed) => {
            let seam_lang::model::TryStmt {
                block, handlers, ..
            } = &**boxed;
            !handlers.is_empty()
                && !handlers.iter().any(|h| rethrows_within(model, h.span))
                && crate::files::enclosing_function(model, s.span) == Some(func)
                && crate::files::enclosing_function(model, at) == Some(func)
                && block.iter().any(|&b| model.stmt(b).span.contains(at))
                && block.iter().any(|&b| model.stmt(b).span.contains(also))
        }
        _ => false,
    })
}

/// Whether a function the request goes through is called by a library call that keeps what it
/// throws (see `seam_packs::Invocation::keeps_failures`): the function's caller one layer out
/// calls it that way (the unit's own call for the outermost layer).
fn kept_by_library(files: &Files, unit: &ClientUnit) -> bool {
    // The request made in the function the library calls, with no layer above it.
    if unit.through.is_empty() {
        return unit.function.is_some_and(|f| {
            files.invocations(unit.file).values().any(|i| {
                i.keeps_failures
                    && files.function_of(i.function.0, i.function.1) == Some((unit.file, f))
            })
        });
    }
    unit.through
        .iter()
        .enumerate()
        .any(|(n, &callee)| match unit.through.get(n + 1) {
            // A layer further out: some call inside it invokes this one.
            Some(&(outer_file, outer)) => {
                let model = files.model(outer_file);
                let span = model.function(outer).span;
                files.invocations(outer_file).keys().any(|&call| {
                    span.contains(model.expr(call).span)
                        && keeps_failures_of(files, outer_file, call, callee)
                })
            }
            None => keeps_failures_of(files, unit.file, unit.call, callee),
        })
}

/// Whether `call` (in `file`) is a library call that calls `callee` and keeps what it throws
/// (a query hook given it as its fetcher).
fn keeps_failures_of(files: &Files, file: usize, call: ExprId, callee: (usize, FuncId)) -> bool {
    files.invocations(file).get(&call).is_some_and(|i| {
        i.keeps_failures && files.function_of(i.function.0, i.function.1) == Some(callee)
    })
}

/// The pack's metadata with how the consumer gets failures (see [`client_metadata`]).
fn delivery_metadata(
    files: &Files,
    model: &Model,
    pack: &Pack,
    unit: &ClientUnit,
    own_failures: bool,
) -> Option<indexmap::IndexMap<String, serde_json::Value>> {
    let mut metadata = pack_metadata(pack);
    if let Some(origin) = &unit.origin {
        set_http(&mut metadata, "origin", serde_json::json!(origin));
    }
    if !unit.through.is_empty() {
        set_http(
            &mut metadata,
            "through",
            serde_json::json!(through_labels(files, unit)),
        );
    }
    // A response interceptor of the client handles these failures for every call through it;
    // the consumer's own `if` on the response's `ok` handles every failure.
    match &unit.failures {
        _ if own_failures => {
            set_http(&mut metadata, "failuresHandled", serde_json::json!("all"));
        }
        Some(crate::failure_interceptors::HandledFailures::All) => {
            set_http(&mut metadata, "failuresHandled", serde_json::json!("all"));
        }
        Some(crate::failure_interceptors::HandledFailures::Statuses(statuses)) => {
            set_http(
                &mut metadata,
                "failuresHandled",
                serde_json::json!(statuses),
            );
        }
        None => {}
    }
    // A failure sent with no body is handled where the body's parse is caught, in the
    // innermost wrapper or in the consumer itself.
    let parsed_at = match (unit.through.first(), unit.inner) {
        (Some(&wrapper), Some((inner_file, inner_call))) if wrapper.0 == inner_file => {
            Some((wrapper, inner_call))
        }
        (None, _) => unit.function.map(|f| ((unit.file, f), unit.call)),
        _ => None,
    };
    if let Some((site, call)) = parsed_at
        && crate::parse_failures::catches_failed_parse(files, pack, site, call)
    {
        set_http(&mut metadata, "unparsedHandled", serde_json::json!(true));
    }
    // A wrapper that throws on every failed response hands each failure to its callers as an
    // exception, whatever the client does.
    if let (Some(&wrapper), Some((inner_file, inner_call))) = (unit.through.first(), unit.inner)
        && wrapper.0 == inner_file
        && crate::throwing_wrappers::throws_on_every_failure(files, pack, wrapper, inner_call)
    {
        if crate::throwing_wrappers::reports_every_failure(files, pack, wrapper, inner_call)
            || crate::throwing_wrappers::catches_own_failure(files, pack, wrapper, inner_call)
        {
            set_http(&mut metadata, "failuresHandled", serde_json::json!("all"));
        }
        set_http(
            &mut metadata,
            "failureDelivery",
            serde_json::json!("exception"),
        );
        return metadata;
    }
    // A consumer that throws on every failed response ends each failure where the throw is
    // caught: in its own fallback, as such a wrapper does, or in a call it hands that promise to
    // which keeps its rejection (`fetch(url).then((r) => { if (!r.ok) throw … })` given to
    // `toast.promise(…, { error })`).
    if let Some(func) = unit.function
        && unit.through.is_empty()
    {
        use crate::throwing_wrappers::{catches_own_failure, throws_on_every_failure};
        let site = (unit.file, func);
        if catches_own_failure(files, pack, site, unit.call)
            || (throws_on_every_failure(files, pack, site, unit.call)
                && crate::kept_rejections::handed_to_keeper(files, unit))
        {
            set_http(&mut metadata, "failuresHandled", serde_json::json!("all"));
        }
    }
    // A request handed as it is to a project function that throws on every failure it is
    // given (`await unwrap(client.GET(…))`) gives each failure to its caller as an exception.
    if let Some(func) = unit.function
        && unit.through.is_empty()
        && crate::throwing_wrappers::handed_to_thrower(files, pack, (unit.file, func), unit.call)
    {
        set_http(
            &mut metadata,
            "failureDelivery",
            serde_json::json!("exception"),
        );
        return metadata;
    }
    // A request known by its shape alone may be sent, and its response read, elsewhere; a
    // wrapper's caller does not see the response the wrapper reads.
    if unit.fallback || unit.read_inside {
        set_http(
            &mut metadata,
            "failureDelivery",
            serde_json::json!("unknown"),
        );
        return metadata;
    }
    if pack.response.throws_on_failure.is_empty() {
        return metadata;
    }
    let names = crate::throwing_wrappers::response_bindings(model, unit.call);
    let Some(func) = unit.function else {
        return metadata;
    };
    let span = model.function(func).span;
    let raises = crate::files::calls(model).any(|c| {
        span.contains(model.expr(c).span)
            && pack
                .response
                .throws_on_failure
                .iter()
                .any(|p| accessor_on(model, p, c, &names))
    });
    if raises {
        set_http(
            &mut metadata,
            "failureDelivery",
            serde_json::json!("exception"),
        );
    }
    metadata
}

/// Every store access becomes a storage-access effect wherever it runs; the functions holding
/// one that are not units already become units of their own (function → store pack).
fn index_storage_sites(
    files: &Files,
    packs: &[Pack],
    on: &[BTreeSet<usize>],
    units: &[Unit],
    calls: &mut CallIndex,
) -> BTreeMap<(usize, FuncId), usize> {
    let sites: Vec<(usize, storage::StorageSite)> = packs
        .par_iter()
        .enumerate()
        .filter(|(_, p)| p.kind == UnitKind::Store)
        .flat_map_iter(|(pi, p)| {
            storage::storage_sites(files, p, &on[pi])
                .into_iter()
                .map(move |s| (pi, s))
        })
        .collect();
    let taken: BTreeSet<(usize, FuncId)> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Handler(h) => h.function.map(|f| (h.handler_file, f)),
            Unit::Client(c) => c.function.map(|f| (c.file, f)),
        })
        .collect();
    let mut out = BTreeMap::new();
    for (pi, site) in sites {
        if let Some(f) = site.function
            && !taken.contains(&(site.file, f))
        {
            out.entry((site.file, f)).or_insert(pi);
        }
        calls
            .entry((site.file, site.call))
            .or_insert(RecognisedCall {
                recognition: packs[pi].recognition.clone(),
                transport: packs[pi].transport.clone(),
                method: None,
                path: None,
                storage: Some(Box::new((site.binding, site.interactions))),
                slots: site.slots,
            });
    }
    out
}

/// An unnamed function is named after the named function it is written in
/// (`publish.callback` for the transaction callback inside `publish`).
fn callback_name(model: &Model, func: FuncId) -> String {
    let mut span = model.function(func).span;
    for _ in 0..files::MAX_HOPS {
        let Some(outer) = files::enclosing_function(model, span) else {
            break;
        };
        if let Some(name) = &model.function(outer).name {
            return format!("{name}.callback");
        }
        span = model.function(outer).span;
    }
    "anonymous".to_owned()
}

/// A function that reads or writes a store: its paths, with the accesses as effects.
fn build_storage_unit(
    files: &Files,
    detection: &Detection,
    pack: &Pack,
    calls: &CallIndex,
    file: usize,
    func: FuncId,
) -> Built {
    let model = files.model(file);
    let function = model.function(func);
    let name = function
        .name
        .clone()
        .unwrap_or_else(|| callback_name(model, func));
    let ends = Walker::new(model, pack, func).run();
    let facts = UnitFacts {
        files,
        file,
        function: func,
        pack,
        name: &name,
        calls,
        route_status: None,
        route_body: None,
        route_default_status: None,
        own_call: None,
        advice: None,
        own_request: None,
    };
    let assembled = assemble(&facts, &ends);
    let workspace = detection.workspace_for(&model.path);
    let export_name = export_name_of(model, func);
    let export_path = export_name.clone().map(|e| vec![e]);
    let base_id = summary_id_from_parts(workspace, &model.path, &name, export_path.as_deref());
    Built {
        summary: BehavioralSummary {
            kind: CodeUnitKind::Caller,
            location: location(model, function.span, export_name, workspace),
            identity: CodeUnitIdentity {
                name,
                name_kind: Some(NameKind::Binding),
                export_path,
                boundary_binding: None,
                deployable_unit: None,
                id: None,
            },
            inputs: inputs(model, func, pack, false),
            transitions: assembled.transitions,
            gaps: assembled.gaps,
            confidence: assembled.confidence,
            definitions: None,
            input_reads: None,
            receiver_class: None,
            metadata: pack_metadata(pack),
            schema_version: SchemaVersion,
        },
        base_id,
        label: None,
        sort_span: (function.span.start, function.span.start),
    }
}

/// What the pack says about every summary it makes (how its library delivers failures, …).
fn pack_metadata(pack: &Pack) -> Option<indexmap::IndexMap<String, serde_json::Value>> {
    (!pack.metadata.is_empty()).then(|| {
        pack.metadata
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    })
}

fn build_client(
    files: &Files,
    detection: &Detection,
    packs: &[Pack],
    calls: &CallIndex,
    unit: &ClientUnit,
) -> Option<Built> {
    let pack = &packs[unit.pack];
    let model = files.model(unit.file);
    let call_span = model.expr(unit.call).span;
    let workspace = detection.workspace_for(&model.path);
    let label = label_of(&unit.method, &unit.path);
    // The consumer's own `if` on the response's `ok` handles every failure, and so does a
    // `catch` around the `await` of a callback consumer.
    let mut own_failures = false;
    let (name, transitions, gaps, confidence, span, export_name, inputs_list) = match unit.function
    {
        Some(func) => {
            let function = model.function(func);
            let name = function
                .name
                .clone()
                .unwrap_or_else(|| "anonymous".to_owned());
            let mut walker = Walker::new(model, pack, func);
            response_names(files, pack, unit, &mut walker);
            own_failures = crate::failure_interceptors::branches_on_ok(
                files,
                unit.file,
                func,
                &walker.response_names,
                &ok_flags(files, pack, unit),
            ) || crate::awaited_callbacks::caught_where_awaited(model, func);
            let ends = walker.run();
            let own_request =
                calls
                    .get(&(unit.file, unit.call))
                    .map(|r| crate::assemble::RecognisedCall {
                        method: unit.method.clone(),
                        path: unit.path.clone(),
                        ..r.clone()
                    });
            let facts = UnitFacts {
                files,
                file: unit.file,
                function: func,
                pack,
                name: &name,
                calls,
                route_status: None,
                route_body: None,
                route_default_status: None,
                own_call: Some(unit.call),
                advice: None,
                own_request: own_request.as_ref(),
            };
            let a = assemble(&facts, &ends);
            (
                name,
                a.transitions,
                a.gaps,
                a.confidence,
                function.span,
                export_name_of(model, func),
                inputs(model, func, pack, false),
            )
        }
        None => (
            // A request defined in a table is named after its key.
            crate::handed_clients::holding_key(model, unit.call)
                .unwrap_or_else(|| "module".to_owned()),
            Vec::new(),
            Vec::new(),
            ConfidenceInfo {
                source: ConfidenceSource::InferredStatic,
                level: ConfidenceLevel::High,
                corroboration: None,
            },
            call_span,
            None,
            Vec::new(),
        ),
    };
    let export_path = export_name.clone().map(|e| vec![e]);
    let base_id = summary_id_from_parts(workspace, &model.path, &name, export_path.as_deref());
    Some(Built {
        summary: BehavioralSummary {
            kind: CodeUnitKind::Client,
            location: location(model, span, export_name, workspace),
            identity: CodeUnitIdentity {
                name,
                name_kind: Some(NameKind::Binding),
                export_path,
                boundary_binding: Some(rest_binding(pack, &unit.method, &unit.path)),
                deployable_unit: None,
                id: None,
            },
            inputs: inputs_list,
            transitions,
            gaps,
            confidence,
            definitions: None,
            input_reads: None,
            receiver_class: None,
            metadata: client_metadata(files, model, pack, unit, own_failures),
            schema_version: SchemaVersion,
        },
        base_id,
        label,
        sort_span: (span.start, call_span.start),
    })
}

/// The names that hold the unit call's response (`const res = await fetch(…)`) and its body
/// (`const body = await res.json()`, `const { data } = await http.get(…)`).
fn response_names(files: &Files, pack: &Pack, unit: &ClientUnit, walker: &mut Walker) {
    let model = files.model(unit.file);
    // A call of a wrapper that hands back the body, not the response (`.then((r) => r.json())`):
    // what the call gives is the body itself.
    let gives_body = called_wrapper(files, unit).is_some_and(|(wrapper, inner_call)| {
        crate::returned_bodies::returns_parsed_body(files, pack, wrapper, inner_call)
    });
    if gives_body {
        walker.body_values.insert(unit.call);
    }
    // A paged hook's value (an infinite query's, through the app's hook around it): what the
    // request gives is in `data.pages`, one per page, so `{ data }` of it is no body.
    let paged = paged_result(files, unit);
    // A value parsed where the request is made (`const data = await fetch(u).then((r) =>
    // r.json())`): a name given it whole holds the body.
    for (i, b) in model.bindings.iter().enumerate() {
        if let Some(init) = b.origin.init
            && model.expr(init).span.contains(model.expr(unit.call).span)
            && crate::returned_bodies::chained_body(files, pack, unit.file, init, unit.call)
        {
            walker.body_values.insert(unawaited(model, init));
            if b.origin.path.is_empty() && !b.reassigned {
                walker
                    .body_names
                    .insert(seam_lang::model::BindingId::from_index(i));
            }
        }
    }
    // Each assignment to a plain name: the name, the value, and the assignment's span.
    let assigned: Vec<(seam_lang::model::BindingId, ExprId, Span)> = model
        .exprs
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::Assign { target, value, .. } => match &model.pattern(*target).kind {
                seam_lang::model::PatternKind::Ident {
                    binding: Some(b), ..
                } => Some((*b, *value, e.span)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    // Where a name assigned again holds the value it is given at `from`: up to the end of its
    // next assignment (whose value may still read it).
    let held_from = |b: seam_lang::model::BindingId, from: u32| {
        let next = assigned
            .iter()
            .filter(|&&(other, _, span)| other == b && span.start > from)
            .map(|&(_, _, span)| span.end)
            .min()
            .unwrap_or(u32::MAX);
        (from, next)
    };
    for (i, b) in model.bindings.iter().enumerate() {
        let Some(init) = b.origin.init else { continue };
        if unawaited(model, init) != unit.call {
            continue;
        }
        let id = seam_lang::model::BindingId::from_index(i);
        let held = held_from(id, model.expr(init).span.end);
        match &b.origin.path[..] {
            [] if gives_body => {
                walker.body_names.insert(id);
                if b.reassigned {
                    walker.held_between.entry(id).or_default().push(held);
                }
            }
            [] => {
                walker.response_names.insert(id);
                if b.reassigned {
                    walker.held_between.entry(id).or_default().push(held);
                }
            }
            [PatternStep::Key(k), ..] => {
                // `{ data }` of the response is the body when `$R.data` is a body accessor.
                let is_body = pack.response.body.iter().any(|p| matches!(p, seam_packs::PatternNode::Member { property: seam_packs::pattern::PatternProp::Name(n), .. } if n == k));
                if is_body && !paged && b.origin.path.len() == 1 {
                    walker.body_names.insert(id);
                    if b.reassigned {
                        walker.held_between.entry(id).or_default().push(held);
                    }
                }
            }
            _ => {}
        }
    }
    // A name given the unit's response by a later assignment (`r = call(…)` after an
    // earlier `r = other(…)`): it holds it up to its next assignment. Not for a call through
    // wrappers, which may return anything made of the response.
    for &(b, value, span) in &assigned {
        if unit.through.is_empty()
            && unawaited(model, value) == unit.call
            && !walker.response_names.contains(&b)
        {
            walker.response_names.insert(b);
            walker
                .held_between
                .entry(b)
                .or_default()
                .push(held_from(b, span.end));
        }
    }
    // The body read from a response name where it holds the unit's response.
    let body_of = |walker: &Walker, value: ExprId| {
        if paged {
            return false;
        }
        let target = crate::walk::before_catch(model, value);
        let at = model.expr(target).span.start;
        let live: BTreeSet<seam_lang::model::BindingId> = walker
            .response_names
            .iter()
            .copied()
            .filter(|&r| walker.holds_at(r, at))
            .collect();
        pack.response
            .body
            .iter()
            .any(|p| accessor_on(model, p, target, &live))
    };
    for (i, b) in model.bindings.iter().enumerate() {
        let Some(init) = b.origin.init else { continue };
        if !b.origin.path.is_empty() || !body_of(walker, init) {
            continue;
        }
        let id = seam_lang::model::BindingId::from_index(i);
        walker.body_names.insert(id);
        if b.reassigned {
            walker
                .held_between
                .entry(id)
                .or_default()
                .push(held_from(id, model.expr(init).span.end));
        }
    }
    for &(b, value, span) in &assigned {
        if !walker.body_names.contains(&b) && body_of(walker, value) {
            walker.body_names.insert(b);
            walker
                .held_between
                .entry(b)
                .or_default()
                .push(held_from(b, span.end));
        }
    }
}

/// The one wrapper the unit's call calls, with the request inside it. Not a call the wrapper is
/// only given to (a fetcher handed to a data hook, whose result holds the body under a key).
/// Whether the unit's call gives a paged hook's value (see `seam_packs::Invocation::paged`):
/// the call is such a hook, or calls a function of the project that returns one (`const {
/// data } = useEventsInfinite()` around `return useInfiniteQuery({ queryFn })`).
fn paged_result(files: &Files, unit: &ClientUnit) -> bool {
    let paged_call = |file: usize, call: ExprId| {
        files
            .invocations(file)
            .get(&unawaited(files.model(file), call))
            .is_some_and(|i| i.paged)
    };
    if paged_call(unit.file, unit.call) {
        return true;
    }
    let ExprKind::Call { callee, .. } = &files.model(unit.file).expr(unit.call).kind else {
        return false;
    };
    let Some((file, func)) = files.function_of(unit.file, *callee) else {
        return false;
    };
    let values = files.returned_values(file, func);
    !values.is_empty() && values.iter().all(|&v| paged_call(file, v))
}

fn called_wrapper(files: &Files, unit: &ClientUnit) -> Option<((usize, FuncId), ExprId)> {
    let ([wrapper], Some((inner_file, inner_call))) = (unit.through.as_slice(), unit.inner) else {
        return None;
    };
    let ExprKind::Call { callee, .. } = &files.model(unit.file).expr(unit.call).kind else {
        return None;
    };
    (wrapper.0 == inner_file && files.function_of(unit.file, *callee) == Some(*wrapper))
        .then_some((*wrapper, inner_call))
}

/// The names that hold whether the unit's request succeeded: its call's value, when the wrapper
/// it calls returns only the response's `ok` (`fetch(u).then((r) => r.ok).catch(() => false)`).
fn ok_flags(
    files: &Files,
    pack: &Pack,
    unit: &ClientUnit,
) -> BTreeSet<seam_lang::model::BindingId> {
    let Some((wrapper, inner_call)) = called_wrapper(files, unit) else {
        return BTreeSet::new();
    };
    if !crate::returned_bodies::returns_ok_flag(files, pack, wrapper, inner_call) {
        return BTreeSet::new();
    }
    let model = files.model(unit.file);
    crate::throwing_wrappers::response_bindings(model, unit.call)
        .into_iter()
        .filter(|&b| !model.binding(b).reassigned)
        .collect()
}

/// Summary ids: `workspace::file::name`, the boundary label appended for a label name and for
/// ids that would collide, then `@2`, `@3` for later duplicates (in sorted order).
fn assign_ids(built: &[Done]) -> Vec<String> {
    let with_label = |b: &Done| match &b.label {
        Some(l) => format!("{}#{}", b.base_id, l),
        None => b.base_id.clone(),
    };
    let mut first: Vec<String> = built
        .iter()
        .map(|b| {
            if b.name_kind == Some(NameKind::Label) {
                with_label(b)
            } else {
                b.base_id.clone()
            }
        })
        .collect();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for id in &first {
        *counts.entry(id.clone()).or_default() += 1;
    }
    for (i, b) in built.iter().enumerate() {
        if counts.get(&first[i]).copied().unwrap_or(0) > 1 && b.name_kind != Some(NameKind::Label) {
            first[i] = with_label(b);
        }
    }
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    first
        .into_iter()
        .map(|id| {
            let n = seen.entry(id.clone()).or_default();
            *n += 1;
            if *n == 1 { id } else { format!("{id}@{n}") }
        })
        .collect()
}

/// One request read twice at a call: through a chain of wrapper layers and through the same
/// chain with one more wrapper inside it (`this.request(…)` reaching `fetch(url)` in `request`,
/// where that `fetch` is also the project's own wrapper of the global). The two are one
/// request: the reading whose path has fewer holes stays (the longer chain on a tie).
fn one_reading_per_request(files: &Files, units: Vec<Unit>) -> Vec<Unit> {
    let holes = |c: &ClientUnit| {
        c.path
            .as_deref()
            .map_or(usize::MAX, |p| p.matches('{').count())
    };
    let layered: Vec<&ClientUnit> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Client(c) if c.layered => Some(c),
            _ => None,
        })
        .collect();
    // `a` gives way to `b`: same call, pack and method, one chain inside the other.
    let gives_way = |a: &ClientUnit, b: &ClientUnit| {
        let (short, long) = if a.through.len() < b.through.len() {
            (a, b)
        } else {
            (b, a)
        };
        // The shorter chain read the request at the call of the longer chain's next wrapper
        // (`fetch(url)` in `request`, `fetch` the project's own): a different request made
        // beside it (`signUp` posting itself, then calling `requestEmail`) is not that one.
        let nested = short.through.len() < long.through.len()
            && long.through.ends_with(&short.through)
            && short.inner.is_none_or(|(f, call)| {
                let wrapper = long.through[long.through.len() - short.through.len() - 1];
                match &files.model(f).expr(call).kind {
                    ExprKind::Call { callee, .. } => files.function_of(f, *callee) == Some(wrapper),
                    _ => true,
                }
            });
        let same = (a.file, a.call, a.pack, &a.method) == (b.file, b.call, b.pack, &b.method)
            && a.path != b.path
            && nested;
        same && (holes(a) > holes(b) || (holes(a) == holes(b) && std::ptr::eq(a, short)))
    };
    let mut at_call: BTreeMap<(usize, seam_lang::model::ExprId), Vec<usize>> = BTreeMap::new();
    for (i, c) in layered.iter().enumerate() {
        at_call.entry((c.file, c.call)).or_default().push(i);
    }
    let dropped: BTreeSet<usize> = at_call
        .values()
        .filter(|same| same.len() > 1)
        .flat_map(|same| {
            same.iter()
                .copied()
                .filter(|&a| same.iter().any(|&b| gives_way(layered[a], layered[b])))
                .collect::<Vec<_>>()
        })
        .collect();
    let mut i = 0;
    units
        .into_iter()
        .filter(|u| match u {
            Unit::Client(c) if c.layered => {
                i += 1;
                !dropped.contains(&(i - 1))
            }
            _ => true,
        })
        .collect()
}

/// Whether `longer` is `path` with segments in front: the same segments at its end, a
/// parameter (`{id}`) matching a parameter whatever its name.
fn extends_path(longer: &str, path: &str) -> bool {
    let segments = |p: &'_ str| -> Vec<String> {
        p.split('/')
            .filter(|s| !s.is_empty())
            .map(|s| match s.starts_with('{') && s.ends_with('}') {
                true => "{}".to_owned(),
                false => s.to_owned(),
            })
            .collect()
    };
    let (longer, path) = (segments(longer), segments(path));
    longer.len() > path.len() && !path.is_empty() && longer.ends_with(&path)
}

/// A call a pack matches itself (a generated client's operation) is not also an instance of
/// another pack's wrapper template around it; one call instantiates a template once per
/// request it makes; and a call read from its shape alone (`fallback`) gives way to any other
/// reading of the same call, and to a route registration (`app.route({ method, url, handler
/// })` describes a route, not a request). A wrapper's template instantiated at the call that
/// leaves the method open (the wrapper passes it on in a spread it cannot read) does not
/// outweigh a reading of the call's own shape that knows it (at the call, or followed out to a
/// caller the same way): that reading stays and replaces the instance.
fn without_shadowed_instances(files: &Files, units: Vec<Unit>) -> Vec<Unit> {
    let methodless_instance = |c: &ClientUnit| c.layered && c.method.is_none();
    let knows_method: BTreeSet<(usize, seam_lang::model::ExprId)> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Client(c) if c.fallback && c.method.is_some() => Some((c.file, c.call)),
            _ => None,
        })
        .collect();
    let gives_way =
        |c: &ClientUnit| methodless_instance(c) && knows_method.contains(&(c.file, c.call));
    let read_otherwise: BTreeSet<(usize, seam_lang::model::ExprId)> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Client(c) if !c.fallback && !gives_way(c) => Some((c.file, c.call)),
            _ => None,
        })
        .collect();
    let registrations: BTreeSet<(usize, u32, u32)> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Handler(h) => Some((h.file, h.registration.start, h.registration.end)),
            _ => None,
        })
        .collect();
    let registers = |file: usize, call: seam_lang::model::ExprId| {
        let span = files.model(file).expr(call).span;
        registrations.contains(&(file, span.start, span.end))
    };
    // Where another reading of a call knows where the request goes (an external service's
    // origin), a shape-alone reading of the same call followed out to its callers sends it
    // there too: it is the same request.
    let origins: BTreeMap<(usize, seam_lang::model::ExprId), String> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Client(c) if !c.fallback && !gives_way(c) => {
                Some(((c.file, c.call), c.origin.clone()?))
            }
            _ => None,
        })
        .collect();
    // So does the path that reading knows when it only adds to the shape's (a prefix the
    // function holding the call puts in front, `"/api/v5" + options.path`).
    type MethodAndPath<'u> = (Option<&'u str>, &'u str);
    let mut paths: BTreeMap<(usize, seam_lang::model::ExprId), Vec<MethodAndPath>> =
        BTreeMap::new();
    for u in &units {
        if let Unit::Client(c) = u
            && !c.fallback
            && !gives_way(c)
            && let Some(path) = &c.path
        {
            paths
                .entry((c.file, c.call))
                .or_default()
                .push((c.method.as_deref(), path));
        }
    }
    let prefixed: Vec<Option<String>> = units
        .iter()
        .map(|u| match u {
            Unit::Client(c) if c.fallback && c.layered => {
                let path = c.path.as_deref()?;
                let known = paths.get(&c.inner?)?;
                let mut longer = known
                    .iter()
                    .filter(|(method, known)| {
                        *method == c.method.as_deref() && extends_path(known, path)
                    })
                    .map(|(_, known)| *known);
                let first = longer.next()?;
                longer.all(|p| p == first).then(|| first.to_owned())
            }
            _ => None,
        })
        .collect();
    let units: Vec<Unit> = units
        .into_iter()
        .zip(prefixed)
        .filter(|(u, _)| match u {
            Unit::Client(c) if c.fallback => {
                !read_otherwise.contains(&(c.file, c.call)) && !registers(c.file, c.call)
            }
            Unit::Client(c) => !gives_way(c),
            _ => true,
        })
        .map(|(mut u, prefixed)| {
            if let Unit::Client(c) = &mut u
                && c.fallback
                && c.layered
            {
                if c.origin.is_none()
                    && let Some(origin) = c.inner.and_then(|inner| origins.get(&inner))
                {
                    c.origin = Some(origin.clone());
                }
                if let Some(path) = prefixed {
                    c.path = Some(path);
                }
            }
            u
        })
        .collect();
    let direct: BTreeSet<(usize, seam_lang::model::ExprId)> = units
        .iter()
        .filter_map(|u| match u {
            Unit::Client(c) if !c.layered => Some((c.file, c.call)),
            _ => None,
        })
        .collect();
    let mut seen = BTreeSet::new();
    units
        .into_iter()
        .filter(|u| match u {
            Unit::Client(c) if c.layered => {
                !direct.contains(&(c.file, c.call))
                    && seen.insert((c.file, c.call, c.method.clone(), c.path.clone()))
            }
            _ => true,
        })
        .collect()
}
