//! What the build of one summary read of the project: the files whose models it consulted and
//! the facts of the discovery it took over, recorded while it ran ([`extract_recording`]).
//!
//! The point is reuse: a summary of a revision is the summary of an earlier revision, without
//! building it again, when the discovery gave the same unit and the same facts, and no file it
//! consulted changed. Recording is process-wide switched on by a [`Recording`] guard and costs
//! one atomic load per read otherwise.
//!
//! Reads are recorded where they happen: [`crate::files::Files::model`] (every model read goes
//! through it; the field holding the models is private to `files.rs`), and the values the run
//! builds once and hands to every later reader ([`Lazy`], the per-pack memos of
//! [`crate::files::once_per_pack`], the memos that keep answers by question: `passed_callers`,
//! `passed_instances`, `constructed_params`, `sending_helpers`, `configured_functions`, the read
//! memo) keep what their building read ([`Kept`]) and add it to each reader's record, so a
//! value built for one summary and read by another counts for both.
//!
//! What the build reads that does not come from a model is not recorded here: the packs, the
//! manifests and dotenv files (pack detection, `Files::dotenv`), the `.proto` services and the
//! list of files (module resolution and `Files::index_of`). A caller reusing summaries requires
//! those equal between the two revisions.
//!
//! [`extract_recording`]: crate::extract_recording

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use seam_lang::model::{ExprId, FuncId};

/// A fact of the discovery or an entry of a project-wide index a build took: what a reuser
/// works out on its own revision ([`crate::reuse`]) and compares with the recorded value.
/// File indexes in keys assume the two revisions list the same files.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Fact {
    /// The unit itself (route, prefix, handler; a client call's URL): the discovery's.
    Unit,
    /// The exception advice of the pack (by index) a handler's build read.
    ExceptionAdvice(usize),
    /// The call index's entry at (file, call).
    RecognisedCall(usize, ExprId),
    /// The call index's entries of one file.
    RecognisedCallsOfFile(usize),
    /// `callers` at (file, function).
    Callers(usize, FuncId),
    /// `passed sites` named so.
    PassedSites(String),
    /// `declared objects` of the type named so.
    DeclaredObjects(String),
    /// `instance globals` named so.
    InstanceGlobals(String),
    /// `window globals` named so.
    WindowGlobals(String),
    /// Whether any file assigns prototype methods.
    Prototypes,
    /// The page routes named by templates.
    PageRoutes,
}

impl Fact {
    /// The fact's kind, as measurements print it.
    pub fn kind(&self) -> &'static str {
        match self {
            Fact::Unit => "unit",
            Fact::ExceptionAdvice(_) => "exception advice",
            Fact::RecognisedCall(..) => "recognised call",
            Fact::RecognisedCallsOfFile(_) => "recognised calls of a file",
            Fact::Callers(..) => "callers",
            Fact::PassedSites(_) => "passed sites",
            Fact::DeclaredObjects(_) => "declared objects",
            Fact::InstanceGlobals(_) => "instance globals",
            Fact::WindowGlobals(_) => "window globals",
            Fact::Prototypes => "prototypes",
            Fact::PageRoutes => "page routes",
        }
    }
}

/// The hash a fact's value is recorded and compared by: of its debug text, which writes
/// every field (a value's `Debug` is derived throughout the crate).
pub fn hash_of<V: std::fmt::Debug + ?Sized>(value: &V) -> u64 {
    use std::hash::{Hash, Hasher};
    use std::io::Write;
    // Written into the hasher as it is formatted: no text is held.
    struct Sink(std::collections::hash_map::DefaultHasher);
    impl Write for Sink {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.write(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut sink = Sink(std::collections::hash_map::DefaultHasher::new());
    let _ = write!(sink, "{value:?}");
    0u8.hash(&mut sink.0);
    sink.0.finish()
}

/// How many recording runs are under way in the process.
static RECORDING_RUNS: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static CURRENT: RefCell<Option<Consulted>> = const { RefCell::new(None) };
}

/// What one summary's build read.
#[derive(Debug, Clone, Default)]
pub struct Consulted {
    /// The files whose models it read, by index into the run's models.
    pub files: BTreeSet<usize>,
    /// The project-wide indexes it read (their building's reads are in `files` too): for
    /// measuring which of them a finer record would pay for.
    pub indexes: BTreeSet<&'static str>,
    /// The recognised calls it took from the discovery (the call index: a client call's
    /// method, path and body slots, or a store access), by (file, call). Their values depend
    /// on what the discovery read, so a reuser compares them between the revisions.
    pub calls: BTreeSet<(usize, ExprId)>,
    /// The entries of project-wide indexes and the values of the discovery it took, each
    /// with a hash of what it gave ([`hash_of`]); a reuser works each out on its own
    /// revision and compares.
    pub facts: BTreeMap<Fact, u64>,
    /// The records of kept values read (each added once, by address), merged in when the
    /// record ends: a value read thousands of times is merged once.
    pending: Vec<Arc<Consulted>>,
    pending_seen: HashSet<usize>,
}

impl PartialEq for Consulted {
    fn eq(&self, other: &Self) -> bool {
        (&self.files, &self.indexes, &self.calls, &self.facts)
            == (&other.files, &other.indexes, &other.calls, &other.facts)
    }
}

impl Eq for Consulted {}

impl Consulted {
    /// A record of these files and facts.
    pub(crate) fn of(files: BTreeSet<usize>, facts: BTreeMap<Fact, u64>) -> Consulted {
        Consulted {
            files,
            facts,
            ..Consulted::default()
        }
    }

    /// The files it read, as kept work lists them (see [`kept_index`]).
    pub(crate) fn kept_files(&self) -> Vec<u32> {
        self.files.iter().map(|&f| kept_index(f)).collect()
    }

    /// The entries it took with their values, as kept work lists them.
    pub(crate) fn kept_facts(&self) -> Vec<(Fact, u64)> {
        self.facts.iter().map(|(f, v)| (f.clone(), *v)).collect()
    }

    fn merge(&mut self, other: &Consulted) {
        self.files.extend(other.files.iter().copied());
        self.indexes.extend(other.indexes.iter().copied());
        self.calls.extend(other.calls.iter().copied());
        self.facts
            .extend(other.facts.iter().map(|(f, v)| (f.clone(), *v)));
    }

    /// `self` with the records of the kept values it read merged in.
    fn finished(mut self) -> Consulted {
        for kept in std::mem::take(&mut self.pending) {
            self.merge(&kept);
        }
        self.pending_seen = HashSet::new();
        self
    }
}

/// A file's index as kept work lists it: an index past `u32` is one no later run has, so
/// it reads as changed there.
pub(crate) fn kept_index(file: usize) -> u32 {
    u32::try_from(file).unwrap_or(u32::MAX)
}

/// While alive, values built once per run keep what their building read (see the module
/// documentation). Made before the run's `Files`.
pub struct Recording(());

impl Recording {
    pub fn start() -> Recording {
        RECORDING_RUNS.fetch_add(1, Ordering::SeqCst);
        Recording(())
    }
}

impl Drop for Recording {
    fn drop(&mut self) {
        RECORDING_RUNS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a recording run is under way.
pub(crate) fn active() -> bool {
    RECORDING_RUNS.load(Ordering::Relaxed) > 0
}

fn with_current(f: impl FnOnce(&mut Consulted)) {
    if !active() {
        return;
    }
    CURRENT.with(|c| {
        if let Some(c) = c.borrow_mut().as_mut() {
            f(c);
        }
    });
}

/// The model of `file` was read.
pub(crate) fn file(file: usize) {
    with_current(|c| {
        c.files.insert(file);
    });
}

/// A project-wide index was read.
pub(crate) fn index(name: &'static str) {
    with_current(|c| {
        c.indexes.insert(name);
    });
}

/// The call index's entry of (file, call) was read.
pub(crate) fn call(file: usize, call: ExprId) {
    with_current(|c| {
        c.calls.insert((file, call));
    });
}

/// An entry of a project-wide index was looked up (`fact`, giving `value`): the reader
/// depends on that entry, not on every file the index was built from. Recorded as a fact,
/// with a hash of the entry, which a reuser compares with its own revision's.
pub(crate) fn entry<V: std::fmt::Debug + ?Sized>(fact: impl FnOnce() -> Fact, value: &V) {
    with_current(|c| {
        c.facts.insert(fact(), hash_of(value));
    });
}

/// Adds what a kept value's building read to the current record.
pub(crate) fn replay(reads: &Arc<Consulted>) {
    with_current(|c| {
        if c.pending_seen.insert(Arc::as_ptr(reads) as usize) {
            c.pending.push(reads.clone());
        }
    });
}

thread_local! {
    /// The records set aside by [`open`], innermost last.
    static SET_ASIDE: RefCell<Vec<Option<Consulted>>> = const { RefCell::new(Vec::new()) };
}

/// Starts a record of its own for a read that keeps its answer for later readers (the read
/// memo), setting the one under way aside; `true` when it did (in a recording run), and then
/// [`close`] must follow.
pub(crate) fn open() -> bool {
    if !active() {
        return false;
    }
    let before = CURRENT.with(|c| c.borrow_mut().replace(Consulted::default()));
    SET_ASIDE.with(|s| s.borrow_mut().push(before));
    true
}

/// Ends the record [`open`] started: gives it back, and adds it to the record set aside.
pub(crate) fn close() -> Arc<Consulted> {
    let mine = Arc::new(
        CURRENT
            .with(|c| c.borrow_mut().take())
            .unwrap_or_default()
            .finished(),
    );
    let before = SET_ASIDE.with(|s| s.borrow_mut().pop()).flatten();
    CURRENT.with(|c| *c.borrow_mut() = before);
    replay(&mine);
    mine
}

/// Starts a fresh record on this thread in a recording run, giving back the one under way
/// (to pass to [`swap`] after the last step); `None` outside a recording run.
pub(crate) fn fresh() -> Option<Option<Consulted>> {
    active().then(|| CURRENT.with(|c| c.borrow_mut().replace(Consulted::default())))
}

/// Ends the record under way on this thread (given back finished; empty when none was) and
/// puts `next` in its place: a loop whose steps are recorded one by one passes a fresh record
/// at each step and, after the last, the one it set aside before the first.
pub(crate) fn swap(next: Option<Consulted>) -> Consulted {
    CURRENT
        .with(|c| std::mem::replace(&mut *c.borrow_mut(), next))
        .unwrap_or_default()
        .finished()
}

/// Runs `f` with a fresh record and gives it back with `f`'s result; the record under way
/// before (if any) is set aside meanwhile and gets nothing of `f`'s reads.
pub fn recorded<R>(f: impl FnOnce() -> R) -> (R, Consulted) {
    struct Restore(Option<Consulted>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let before = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = before);
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.borrow_mut().replace(Consulted::default())));
    let out = f();
    let reads = CURRENT
        .with(|c| c.borrow_mut().take())
        .unwrap_or_default()
        .finished();
    (out, reads)
}

/// `f`'s result, with what it read in a recording run (then not added to the record under way).
pub(crate) fn recorded_if_active<R>(f: impl FnOnce() -> R) -> (R, Option<Arc<Consulted>>) {
    if active() {
        let (value, reads) = recorded(f);
        (value, Some(Arc::new(reads)))
    } else {
        (f(), None)
    }
}

/// An answer kept for later askers, with what working it out read in a recording run.
pub type Kept<V> = (V, Option<Arc<Consulted>>);

/// A kept answer, its reads added to the record under way.
pub(crate) fn taken<V: Clone>(kept: &Kept<V>) -> V {
    if let Some(reads) = &kept.1 {
        replay(reads);
    }
    kept.0.clone()
}

/// `f`'s answer and, in a recording run, what it read, to keep beside the answer; the reads
/// count for the record under way too.
pub(crate) fn worked_out<R>(f: impl FnOnce() -> R) -> Kept<R> {
    let (value, reads) = recorded_if_active(f);
    if let Some(reads) = &reads {
        replay(reads);
    }
    (value, reads)
}

/// The answer `memo` keeps under `key`, or `compute`'s, worked out without the lock held (the
/// work may ask the same memo another question; another thread may work out the same entry,
/// with the same result) and kept with what it read, which every later asker replays.
pub(crate) fn remembered<K, Q, V>(
    memo: &std::sync::Mutex<std::collections::BTreeMap<K, Kept<V>>>,
    key: &Q,
    compute: impl FnOnce() -> V,
) -> V
where
    K: Ord + std::borrow::Borrow<Q>,
    Q: Ord + ToOwned<Owned = K> + ?Sized,
    V: Clone,
{
    if let Some(known) = memo.lock().ok().and_then(|m| m.get(key).map(taken)) {
        return known;
    }
    let (found, reads) = worked_out(compute);
    if let Ok(mut m) = memo.lock() {
        m.insert(key.to_owned(), (found.clone(), reads));
    }
    found
}

/// A value worked out once per pack (by name), with what working it out read in a recording
/// run (see [`crate::files::once_per_pack`]).
pub type PerPack<T> = std::sync::Mutex<std::collections::BTreeMap<String, Kept<T>>>;

/// A value built once per run on first use, which keeps, during a recording run, what its
/// building read and adds it to the record of every reader.
pub struct Lazy<T> {
    cell: OnceLock<(T, Option<Arc<Consulted>>)>,
    /// The index's name in [`Consulted::indexes`] (empty: a per-file value, not named).
    name: &'static str,
    /// Whether its readers record the entries they look up ([`entry`]) instead of depending
    /// on everything its building read.
    keyed: bool,
}

impl<T> Lazy<T> {
    pub(crate) const fn new(name: &'static str) -> Lazy<T> {
        Lazy {
            cell: OnceLock::new(),
            name,
            keyed: false,
        }
    }

    /// A project-wide index whose every reader records the entry it looks up ([`entry`]).
    pub(crate) const fn keyed(name: &'static str) -> Lazy<T> {
        Lazy {
            cell: OnceLock::new(),
            name,
            keyed: true,
        }
    }

    pub(crate) fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        let (value, reads) = self.cell.get_or_init(|| recorded_if_active(f));
        self.replay(reads.as_ref());
        value
    }

    /// The value, set to `value` (built with `reads`) unless it was set already.
    pub(crate) fn init_with(&self, value: T, reads: Option<Arc<Consulted>>) -> &T {
        let (value, reads) = self.cell.get_or_init(|| (value, reads));
        self.replay(reads.as_ref());
        value
    }

    pub(crate) fn get(&self) -> Option<&T> {
        let (value, reads) = self.cell.get()?;
        self.replay(reads.as_ref());
        Some(value)
    }

    fn replay(&self, reads: Option<&Arc<Consulted>>) {
        if let Some(reads) = reads
            && !self.keyed
        {
            replay(reads);
        }
        if !self.name.is_empty() {
            index(self.name);
        }
    }
}

impl<T> Default for Lazy<T> {
    fn default() -> Self {
        Lazy::new("")
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for Lazy<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.cell.get().map(|(v, _)| v).fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lazy_value_adds_what_its_building_read_to_every_reader() {
        let _run = Recording::start();
        let lazy: Lazy<u32> = Lazy::new("index");
        let (_, first) = recorded(|| {
            file(1);
            lazy.get_or_init(|| {
                file(2);
                7
            })
        });
        let (_, second) = recorded(|| *lazy.get_or_init(|| unreachable!()));
        assert_eq!(first.files, BTreeSet::from([1, 2]));
        assert_eq!(second.files, BTreeSet::from([2]));
        assert_eq!(second.indexes, BTreeSet::from(["index"]));
    }

    #[test]
    fn a_nested_record_is_kept_apart_from_the_one_under_way() {
        let _run = Recording::start();
        let ((_, inner), outer) = recorded(|| {
            file(1);
            let inner = recorded(|| file(2));
            file(3);
            inner
        });
        assert_eq!(inner.files, BTreeSet::from([2]));
        assert_eq!(outer.files, BTreeSet::from([1, 3]));
    }
}
