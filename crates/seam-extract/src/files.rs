//! The models of a run and the cross-file lookups the engine needs: what a name refers to,
//! followed through local variables and through imports into the file they resolve to.

use std::collections::{BTreeMap, BTreeSet};

use crate::consulted::{self, Lazy};

use seam_lang::model::{
    ArrayElement, BindingId, BindingKind, ExportTarget, ExprId, ExprKind, FuncId, FunctionBody,
    ImportKind, ImportedItem, Language, LiteralValue, LogicalOp, MemberProp, Model, PatternStep,
    Span, StmtId, StmtKind,
};

/// How many links (variables, imports, re-exports) a lookup follows before it gives up.
pub const MAX_HOPS: usize = 8;

/// How deep lookups may nest inside each other. A lookup starts a fresh [`MAX_HOPS`]
/// budget where it asks another kind of question (the class of a receiver, the function a
/// value holds), and such questions can ask each other again on code whose names refer back
/// to themselves (`a = a`, minified bundles). A question already being asked further up is
/// not asked again (its answer cannot come from itself), and the whole nest is bounded, so
/// no input can exhaust the stack or take exponential time. Both depend only on the code,
/// never on threads.
const MAX_NESTED_LOOKUPS: usize = 48;

thread_local! {
    static OPEN_LOOKUPS: std::cell::RefCell<Vec<(u8, usize, ExprId)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// One open lookup (a kind of question about one expression), closed when dropped; `None`
/// when the same question is open already or the nest is too deep.
pub(crate) struct NestedLookup(());

impl NestedLookup {
    /// `kind` tells apart the questions asked of one expression.
    pub(crate) fn enter(kind: u8, file: usize, expr: ExprId) -> Option<Self> {
        OPEN_LOOKUPS.with(|open| {
            let mut open = open.borrow_mut();
            let key = (kind, file, expr);
            (open.len() < MAX_NESTED_LOOKUPS && !open.contains(&key)).then(|| {
                open.push(key);
                NestedLookup(())
            })
        })
    }
}

/// Runs `f` with no lookup open, as if it were asked first: what it works out does not depend
/// on the questions this thread has under way, so it may be kept for every asker.
pub(crate) fn with_no_open_lookups<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(Vec<(u8, usize, ExprId)>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let open = std::mem::take(&mut self.0);
            OPEN_LOOKUPS.with(|o| *o.borrow_mut() = open);
        }
    }
    let _restore = Restore(OPEN_LOOKUPS.with(|o| std::mem::take(&mut *o.borrow_mut())));
    f()
}

impl Drop for NestedLookup {
    fn drop(&mut self) {
        OPEN_LOOKUPS.with(|open| open.borrow_mut().pop());
    }
}

/// An `if` statement: its span, test, consequent and alternate.
pub type IfStatement = (Span, ExprId, StmtId, Option<StmtId>);

/// Every model of the run, addressable by index and by path.
pub struct Files<'a> {
    /// Read only through [`Files::model`] (which records the read, see [`crate::consulted`]).
    models: &'a [Model],
    by_path: BTreeMap<&'a str, usize>,
    /// Per file, its call expressions and their callee names, listed the first time a pack
    /// asks.
    calls: Vec<Lazy<FileCalls>>,
    /// Every call of a project function by the function it reaches, built on first use.
    callers: Lazy<Callers>,
    /// Each file's part of `callers` as a run over another revision kept it, and which files
    /// changed since (by index): a part whose working out read no changed file is taken
    /// (see [`Files::reuse_file_callers`]).
    callers_prior: Option<(KeptCallers, Vec<bool>)>,
    /// In a recording run, each file's part of `callers` with what working it out read, set
    /// when `callers` is built; and how many parts were taken from `callers_prior`.
    callers_kept: std::sync::Mutex<Option<Vec<Option<KeptFileCallers>>>>,
    callers_taken: std::sync::atomic::AtomicUsize,
    /// Per (client pack, file), what client discovery found reading the file's calls, as a
    /// run over another revision kept it, and which files changed since (see
    /// [`Files::unchanged_client_file`]).
    client_files_prior: Option<(KeptClientFiles, Vec<bool>)>,
    /// In a recording run, the same of this run (see [`Files::keep_client_file`]).
    client_files_kept: std::sync::Mutex<BTreeMap<(usize, usize), ClientFile>>,
    client_files_taken: std::sync::atomic::AtomicUsize,
    /// Every `new C(…)` of a project class by the class it makes, built on first use.
    constructions: Lazy<Constructions>,
    /// Per file, its instance-field assignments by (class, field), built on first use.
    field_assignments: Vec<Lazy<crate::classes::FieldAssignments>>,
    /// Every method of a named class or type, by (language, type name, method name), built
    /// on first use.
    methods_by_type: Lazy<MethodsByType>,
    /// Object literals by the type the function returning them declares, built on first use.
    declared_objects: Lazy<crate::declared_objects::DeclaredObjects>,
    /// Per file, the values each function's own `return`s give, built on first use.
    returns: Vec<Lazy<BTreeMap<FuncId, Vec<ExprId>>>>,
    /// Per file, the assignment expressions to each name, in source order, built on first use.
    assignments: Vec<Lazy<BTreeMap<BindingId, Vec<ExprId>>>>,
    /// The code's own defaults of environment variables (`process.env.X || "/api"`), by the
    /// directory of the file that writes them, built on first use.
    env_defaults: Lazy<BTreeMap<String, BTreeMap<String, String>>>,
    /// Per file, its `if` statements (span, test, consequent), built on first use.
    ifs: Vec<Lazy<Vec<IfStatement>>>,
    /// Per file, its plain assignments to bare names (see `crate::package_vars`).
    name_assignments: Vec<Lazy<crate::package_vars::NameAssignments>>,
    /// The assignments of the project's Go package-level variables (see `crate::package_vars`).
    package_assignments: Lazy<crate::package_vars::PackageAssignments>,
    /// Per file, the functions that hand a parameter back (see `crate::returns_taken`).
    bare_returns: Vec<Lazy<BTreeMap<FuncId, ExprId>>>,
    /// Per file, each function's parameter bindings in arena order, built on first use.
    params: Vec<Lazy<BTreeMap<FuncId, Vec<BindingId>>>>,
    /// Per file, its module-level names (the first binding of each), built on first use.
    /// (Sorted by name, so no borrowed key ties the index to the models' lifetime.)
    module_bindings: Vec<Lazy<Vec<BindingId>>>,
    /// Per file, its prototype assignments (`C.prototype.m = function …`), read on first use.
    prototypes: Vec<Lazy<crate::prototypes::FilePrototypes>>,
    /// Every `new C(…)` and write of a field on an instance held in a variable, on first use.
    instances: Lazy<crate::prototypes::Instances>,
    /// Whether any file gives a constructor function prototype methods.
    has_prototypes: Lazy<bool>,
    /// The same, by the constructor function each makes (resolved once).
    constructor_uses: Lazy<crate::prototypes::ConstructorUsesIndex>,
    /// Every call through a member (`x.name(…)`), by the member's name, built on first use.
    member_calls: Lazy<BTreeMap<String, Vec<(usize, ExprId)>>>,
    /// Go struct literals and receiver field assignments by struct name, built on first use.
    go_struct_uses: Lazy<crate::struct_literals::StructUses>,
    /// Per client pack (by name): what its project-wide request interceptors put in front of
    /// every URL, worked out on first use.
    pub global_url_prefixes: consulted::PerPack<crate::discover::UrlPrefix>,
    /// Per client pack (by name): its failure interceptors in the project (see
    /// [`crate::failure_interceptors`]), worked out on first use.
    pub failure_interceptors: consulted::PerPack<crate::failure_interceptors::Interceptors>,
    /// Per client pack (by name): the assignments of a client's base URL in the project (see
    /// [`crate::base_assignments`]), worked out on first use.
    pub base_assignments: consulted::PerPack<crate::base_assignments::Assignments>,
    /// Imports module resolution left unresolved that a pack's import aliases resolve
    /// (`$lib/api.js`): (file, import index) → the file imported.
    pub(crate) aliased: BTreeMap<(usize, usize), usize>,
    /// Dotenv variables by directory (see `seam_packs::Detection::dotenv`).
    pub dotenv: BTreeMap<String, BTreeMap<String, String>>,
    /// Every loaded pack's URL builders, with the languages they apply to.
    pub url_builders: Vec<(seam_packs::LanguageFamily, seam_packs::UrlBuilder)>,
    /// Every loaded pack's expressions for the page's own origin, with their languages.
    pub page_origins: Vec<(seam_packs::LanguageFamily, seam_packs::PatternNode)>,
    /// Every loaded pack's reads of a framework's configuration (`settings:`), with the
    /// languages they apply to: a deployment's setting whichever client sends the URL read
    /// from it.
    pub environment: Vec<(seam_packs::LanguageFamily, seam_packs::PatternNode)>,
    /// Every loaded pack's reads of an environment variable (`environment:`), with their
    /// languages.
    pub env_reads: Vec<(seam_packs::LanguageFamily, seam_packs::PatternNode)>,
    /// Every loaded pack's library calls that call a function they are given
    /// (`invocations:`), with their languages.
    pub invocation_rules: Vec<(seam_packs::LanguageFamily, seam_packs::Invocation)>,
    /// Calls that handle a promise's rejection, from every loaded pack (see
    /// `seam_packs::RejectionKeeper`).
    pub rejection_keepers: Vec<(seam_packs::LanguageFamily, seam_packs::RejectionKeeper)>,
    /// Every loaded pack's `settingsObjects` (see [`crate::settings_objects`]).
    pub settings_objects: Vec<(seam_packs::LanguageFamily, seam_packs::SettingsObject)>,
    /// The classes the project loads its configuration from, worked out on first use.
    pub settings_classes: Lazy<Vec<(usize, seam_lang::model::ClassId)>>,
    /// Per file, its calls that call a given function: call → (the function's expression,
    /// what it is called with), built on first use.
    invocations: Vec<Lazy<Invocations>>,
    /// Values scripts read from page templates (see [`crate::markup`]).
    pub markup: crate::markup::Markup,
    /// Top-level functions of classic scripts, built on first use.
    script_globals: Lazy<crate::script_globals::ScriptGlobals>,
    /// The RPC services of the repository's `.proto` files, as (file, service) (see
    /// `seam_packs::Detection::rpc_services`).
    pub rpc_services: Vec<(String, seam_lang::project::proto::ProtoService)>,
    /// Every project class another project class extends, built on first use.
    extended: Lazy<std::collections::BTreeSet<(usize, seam_lang::model::ClassId)>>,
    /// Properties the project's scripts put on `window`, built on first use.
    window_globals: Lazy<crate::window_globals::WindowGlobals>,
    /// The values the project's constructions give constructor parameters, worked out on
    /// first use (see [`crate::constructed_params`]).
    pub constructed_params: std::sync::Mutex<crate::constructed_params::Memo>,
    /// Members every component instance gets (see [`crate::instance_globals`]), built on first
    /// use.
    instance_globals: Lazy<crate::instance_globals::InstanceGlobals>,
    /// The values elements provide for contexts (see [`crate::context_values`]), built on
    /// first use.
    context_values: Lazy<crate::context_values::Provided>,
    /// The functions apps give libraries through configuration elements, by (element,
    /// attribute, key), found on first use (see [`crate::context_values::configured_function`]).
    pub configured_functions: std::sync::Mutex<ConfiguredFunctions>,
    /// Calls and elements by name, where a function's callers pass it functions.
    passed_sites: Lazy<crate::passed_functions::Sites>,
    /// The call sites and elements that reach a function, by function, kept once worked out
    /// (see [`crate::passed_functions`]).
    pub(crate) passed_callers: std::sync::Mutex<crate::passed_functions::Callers>,
    /// The instance classes callers pass for a parameter, by (file, parameter binding), kept
    /// once worked out without meeting a lookup already under way (see
    /// [`crate::classes::passed_instance_classes`]).
    pub(crate) passed_instances: std::sync::Mutex<crate::classes::PassedInstances>,
    /// What project functions send through a parameter they are handed, kept once worked out
    /// (see [`crate::sending_helpers`]).
    pub(crate) sending_helpers: std::sync::Mutex<crate::sending_helpers::Memo>,
}

/// A file's calls that call a function they are given: call → the function and its arguments.
pub type Invocations = BTreeMap<ExprId, Invoked>;

/// A library call that calls a function it is given (see [`seam_packs::Invocation`]).
#[derive(Debug, Clone)]
pub struct Invoked {
    /// The expression of the function it calls (file, expression): in the call's file, or
    /// where the app's configuration element gives it.
    pub function: (usize, ExprId),
    /// What it calls the function with, in order.
    pub args: Vec<ExprId>,
    /// Whether it keeps what the function throws (see `seam_packs::Invocation::keeps_failures`).
    pub keeps_failures: bool,
    /// Whether its value holds what the function returns once per page (see
    /// `seam_packs::Invocation::paged`).
    pub paged: bool,
}

/// See [`Files::configured_functions`].
pub type ConfiguredFunctions =
    BTreeMap<(String, String, String), consulted::Kept<Option<(usize, ExprId)>>>;

/// Calls of project functions, by the (file, function) they reach: (file, call) in file and
/// source order.
pub type Callers = BTreeMap<(usize, FuncId), Vec<(usize, ExprId)>>;

/// One file's part of [`Callers`]: (the function a call of the file reaches, the call), in
/// the order [`Files::add_file_calls`] adds them.
pub type FileCallers = Vec<((usize, FuncId), ExprId)>;

/// A file's part of [`Callers`] as a recording run worked it out, with what that read: the
/// files whose models it consulted and the index entries it took (see [`crate::consulted`]).
/// A run over another revision of the same files takes the part when none of those files
/// changed and every entry has the same value there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptFileCallers {
    pub part: FileCallers,
    pub files: Vec<u32>,
    pub facts: Vec<(consulted::Fact, u64)>,
}

/// Every file's part of [`Callers`] as a recording run kept it, by file (`None`: a part that
/// read what a later run cannot compare).
pub type KeptCallers = std::sync::Arc<Vec<Option<KeptFileCallers>>>;

/// What a client pack's discovery found reading the calls of one file: the units, in the
/// order it found them (a unit may be at a call of another file: a wrapper's caller, a call
/// through an instance), with what reading the file's calls read (see [`KeptFileCallers`]).
/// A file none of whose calls gives a unit keeps an empty list.
#[derive(Debug, Clone, Default)]
pub struct ClientFile {
    pub units: Vec<crate::discover::ClientUnit>,
    pub files: Vec<u32>,
    pub facts: Vec<(consulted::Fact, u64)>,
}

/// [`ClientFile`]s by (client pack, file), as a recording run kept them.
pub type KeptClientFiles = std::sync::Arc<BTreeMap<(usize, usize), ClientFile>>;

/// How many threads work out the files' parts of [`Callers`] (at most the pool's).
const CALLERS_THREADS: usize = 8;

/// `new C(…)` calls by the project class they make (file of the class, class).
pub type Constructions = BTreeMap<(usize, seam_lang::model::ClassId), Vec<(usize, ExprId)>>;

/// Methods by (language, type name, method name): (file, function) in file order, then in
/// the order the file declares them.
pub type MethodsByType =
    BTreeMap<(seam_lang::model::Language, String, String), Vec<(usize, FuncId)>>;

/// A file's calls with the names their callees end in, the names kept beside the calls (one
/// buffer) so a pack skipping most calls by name does not touch the expressions at all.
#[derive(Debug, Default)]
struct FileCalls {
    /// The call and its callee name's range in `names` (`NO_NAME` for no name): 12 bytes a
    /// call, where an `Option` of the range made 16.
    calls: Vec<(ExprId, u32, u32)>,
    names: String,
}

/// The range of a call with no callee name in [`FileCalls::calls`].
const NO_NAME: (u32, u32) = (u32::MAX, u32::MAX);

/// A list's items in a block of the list's exact length (see [`seam_lang::model::fit`]):
/// the indexes live beside the models until every unit is built.
pub(crate) fn fitted<T>(mut list: Vec<T>) -> Vec<T> {
    seam_lang::model::fit(&mut list);
    list
}

/// A call expression and the name its callee ends in (`get` of `router.get(…)`, `fetch` of
/// `fetch(…)`), the name a pattern's callee must have to match it.
#[derive(Debug, Clone, Copy)]
pub struct NamedCall<'a> {
    pub call: ExprId,
    pub name: Option<&'a str>,
}

/// What an expression refers to, after following names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Def {
    /// A declared name whose value is not another name (a variable with an initialiser, a
    /// parameter, a class).
    Binding(usize, BindingId),
    /// An expression that is not a name.
    Expr(usize, ExprId),
    Function(usize, FuncId),
    /// A whole module (a namespace import).
    Module(usize),
}

impl<'a> Files<'a> {
    pub fn new(models: &'a [Model]) -> Files<'a> {
        let by_path = models
            .iter()
            .enumerate()
            .map(|(i, m)| (m.path.as_str(), i))
            .collect();
        Files {
            models,
            by_path,
            calls: models.iter().map(|_| Lazy::default()).collect(),
            callers: Lazy::keyed("callers"),
            callers_prior: None,
            callers_kept: std::sync::Mutex::new(None),
            callers_taken: std::sync::atomic::AtomicUsize::new(0),
            client_files_prior: None,
            client_files_kept: std::sync::Mutex::new(BTreeMap::new()),
            client_files_taken: std::sync::atomic::AtomicUsize::new(0),
            constructions: Lazy::new("constructions"),
            field_assignments: models.iter().map(|_| Lazy::default()).collect(),
            methods_by_type: Lazy::new("methods by type"),
            declared_objects: Lazy::keyed("declared objects"),
            returns: models.iter().map(|_| Lazy::default()).collect(),
            params: models.iter().map(|_| Lazy::default()).collect(),
            ifs: models.iter().map(|_| Lazy::default()).collect(),
            name_assignments: models.iter().map(|_| Lazy::default()).collect(),
            package_assignments: Lazy::new("package assignments"),
            bare_returns: models.iter().map(|_| Lazy::default()).collect(),
            env_defaults: Lazy::new("environment defaults"),
            assignments: models.iter().map(|_| Lazy::default()).collect(),
            module_bindings: models.iter().map(|_| Lazy::default()).collect(),
            prototypes: models.iter().map(|_| Lazy::default()).collect(),
            instances: Lazy::new("instances"),
            constructor_uses: Lazy::new("constructor uses"),
            member_calls: Lazy::new("member calls"),
            go_struct_uses: Lazy::new("Go struct uses"),
            has_prototypes: Lazy::keyed("prototypes"),
            global_url_prefixes: Default::default(),
            failure_interceptors: Default::default(),
            base_assignments: Default::default(),
            aliased: BTreeMap::new(),
            dotenv: BTreeMap::new(),
            url_builders: Vec::new(),
            page_origins: Vec::new(),
            markup: Default::default(),
            script_globals: Lazy::new("script globals"),
            rpc_services: Vec::new(),
            extended: Lazy::new("extended classes"),
            environment: Vec::new(),
            env_reads: Vec::new(),
            invocation_rules: Vec::new(),
            rejection_keepers: Vec::new(),
            settings_objects: Vec::new(),
            settings_classes: Lazy::new("settings classes"),
            invocations: models.iter().map(|_| Lazy::default()).collect(),
            window_globals: Lazy::keyed("window globals"),
            constructed_params: Default::default(),
            instance_globals: Lazy::keyed("instance globals"),
            context_values: Lazy::new("context values"),
            configured_functions: std::sync::Mutex::default(),
            passed_sites: Lazy::keyed("passed sites"),
            passed_callers: std::sync::Mutex::default(),
            passed_instances: std::sync::Mutex::default(),
            sending_helpers: std::sync::Mutex::default(),
        }
    }

    /// Whether a project class extends `class` (then a field its methods read through `this`
    /// may hold what the subclass gives it).
    pub fn is_extended(&self, class: (usize, seam_lang::model::ClassId)) -> bool {
        self.extended
            .get_or_init(|| {
                (0..self.count())
                    .flat_map(|f| {
                        (0..self.model(f).classes.len()).filter_map(move |c| {
                            let id = seam_lang::model::ClassId::from_index(c);
                            crate::classes::parent_class(self, f, id)
                        })
                    })
                    .collect()
            })
            .contains(&class)
    }

    /// Members the project gives every component instance (see [`crate::instance_globals`]).
    pub fn instance_globals(&self) -> &crate::instance_globals::InstanceGlobals {
        self.instance_globals
            .get_or_init(|| crate::instance_globals::index(self))
    }

    /// The values the project's elements provide for contexts (see
    /// [`crate::context_values`]).
    pub fn passed_sites(&self) -> &crate::passed_functions::Sites {
        self.passed_sites
            .get_or_init(|| crate::passed_functions::index(self))
    }

    pub fn context_values(&self) -> &crate::context_values::Provided {
        self.context_values
            .get_or_init(|| crate::context_values::index(self))
    }

    /// Properties the project's scripts assign on `window` (see [`crate::window_globals`]).
    pub fn window_globals(&self) -> &crate::window_globals::WindowGlobals {
        self.window_globals
            .get_or_init(|| crate::window_globals::index(self))
    }

    /// Top-level functions of the project's classic scripts (see [`crate::script_globals`]).
    pub fn script_globals(&self) -> &crate::script_globals::ScriptGlobals {
        self.script_globals
            .get_or_init(|| crate::script_globals::index(self))
    }

    /// How many files the project has.
    pub fn count(&self) -> usize {
        self.models.len()
    }

    /// The URL builders that apply to a file of `language`.
    pub fn url_builders(
        &self,
        language: seam_lang::model::Language,
    ) -> impl Iterator<Item = &seam_packs::UrlBuilder> {
        self.url_builders
            .iter()
            .filter(move |(family, _)| family.includes(language))
            .map(|(_, b)| b)
    }

    /// Whether an expression gives the running page's own origin (`window.location.origin`).
    pub fn is_page_origin(&self, file: usize, expr: ExprId) -> bool {
        let model = self.model(file);
        self.page_origins
            .iter()
            .filter(|(family, _)| family.includes(model.language))
            .any(|(_, p)| seam_packs::match_expr(model, p, expr, &mut seam_packs::Captures::new()))
    }

    /// The settings reads of every loaded pack that apply to a file of `language`.
    pub fn environment(
        &self,
        language: seam_lang::model::Language,
    ) -> impl Iterator<Item = &seam_packs::PatternNode> {
        self.environment
            .iter()
            .filter(move |(family, _)| family.includes(language))
            .map(|(_, e)| e)
    }

    /// A file's instance-field assignments (`this.x = v`, `self.x = v`) by (class, field),
    /// listed once per file rather than once per field read.
    pub fn field_assignments(&self, file: usize) -> &crate::classes::FieldAssignments {
        self.field_assignments[file]
            .get_or_init(|| crate::classes::field_assignments(self.model(file)))
    }

    /// The path part of the URL an environment variable holds, as the repository's nearest
    /// dotenv file (in the file's folder or above) gives it: `/v1` for
    /// `VITE_API_URL=http://localhost:3170/v1`. `None` when no dotenv file sets it, or its URL
    /// has no path.
    ///
    /// Where no dotenv file gives the variable a path, the code's own default for it does: a
    /// `process.env.BASE_PATH || "/api"` written in the nearest directory above `file` (a
    /// Next.js `basePath` in the app's config, say), since a variable left empty or unset
    /// takes that value wherever the code writes the fallback.
    /// Whether a dotenv file (in `file`'s folder or above) sets the variable.
    pub fn dotenv_sets(&self, file: &str, name: &str) -> bool {
        nearest(&self.dotenv, file, name).is_some()
    }

    pub fn dotenv_base_path(&self, file: &str, name: &str) -> Option<String> {
        nearest(&self.dotenv, file, name)
            .and_then(|v| path_of_base(v))
            .or_else(|| nearest(self.env_defaults(), file, name).and_then(|v| path_of_base(v)))
    }

    /// Every `ENV || "text"` (or `??`) the project writes, by directory, where one directory
    /// gives a variable one default.
    fn env_defaults(&self) -> &BTreeMap<String, BTreeMap<String, String>> {
        self.env_defaults.get_or_init(|| {
            let mut found: BTreeMap<String, BTreeMap<String, Option<String>>> = BTreeMap::new();
            for file in 0..self.count() {
                let model = self.model(file);
                for e in &model.exprs {
                    let ExprKind::Logical {
                        op: LogicalOp::Or | LogicalOp::Nullish,
                        left,
                        right,
                    } = &e.kind
                    else {
                        continue;
                    };
                    let ExprKind::Literal {
                        value: LiteralValue::String { value },
                    } = &model.expr(*right).kind
                    else {
                        continue;
                    };
                    let reads = self
                        .env_reads
                        .iter()
                        .filter(|(family, _)| family.includes(model.language))
                        .map(|(_, p)| p);
                    let Some(Some(name)) = env_read(model, reads, *left) else {
                        continue;
                    };
                    let dir = model.path.rsplit_once('/').map_or("", |(d, _)| d);
                    found
                        .entry(dir.to_owned())
                        .or_default()
                        .entry(name)
                        .and_modify(|v| {
                            if v.as_deref() != Some(value.as_str()) {
                                *v = None;
                            }
                        })
                        .or_insert_with(|| Some(value.to_string()));
                }
            }
            found
                .into_iter()
                .map(|(dir, vars)| {
                    let vars = vars
                        .into_iter()
                        .filter_map(|(k, v)| Some((k, v?)))
                        .collect();
                    (dir, vars)
                })
                .collect()
        })
    }
}

/// What `compute` gives for the pack named `pack`, worked out once per run and kept in `memo`
/// (not locked while it is worked out: the work may ask for another pack's).
/// In a recording run, what the work read is kept beside it and added to the record of every
/// asker (see [`crate::consulted`]).
pub fn once_per_pack<T: Clone>(
    memo: &consulted::PerPack<T>,
    pack: &str,
    compute: impl FnOnce() -> T,
) -> T {
    consulted::remembered(memo, pack, compute)
}

/// Whether `expr` reads an environment variable by one of `patterns` (the first that
/// matches): `Some` with the variable's name when the pattern captures one.
pub fn env_read<'p>(
    model: &Model,
    patterns: impl IntoIterator<Item = &'p seam_packs::PatternNode>,
    expr: ExprId,
) -> Option<Option<String>> {
    patterns.into_iter().find_map(|p| {
        let mut c = seam_packs::Captures::new();
        seam_packs::match_expr(model, p, expr, &mut c).then(|| {
            c.values().find_map(|c| match c {
                seam_packs::Capture::Name(n, _) => Some(n.clone()),
                _ => None,
            })
        })
    })
}

/// The value a variable has in the nearest directory at or above `file`'s that gives one.
fn nearest<'m>(
    by_dir: &'m BTreeMap<String, BTreeMap<String, String>>,
    file: &str,
    name: &str,
) -> Option<&'m String> {
    let mut dir = file.rsplit_once('/').map_or("", |(d, _)| d);
    loop {
        if let Some(v) = by_dir.get(dir).and_then(|vars| vars.get(name)) {
            return Some(v);
        }
        if dir.is_empty() {
            return None;
        }
        dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
    }
}

/// The path part of a base URL (`https://host/api/` → `/api`, `/api` → `/api`); `None` when
/// it has none.
fn path_of_base(value: &str) -> Option<String> {
    let path = match value.split_once("://") {
        Some((_, rest)) => &rest[rest.find('/')?..],
        None if value.starts_with('/') => value,
        None => return None,
    };
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    (!path.is_empty()).then(|| path.to_owned())
}

impl<'a> Files<'a> {
    /// Resolves, in the files each pack runs on, the imports its aliases name.
    pub fn resolve_aliases(
        &mut self,
        packs: &[seam_packs::Pack],
        on: &[std::collections::BTreeSet<usize>],
    ) {
        for (pack, files) in packs.iter().zip(on) {
            if pack.import_aliases.is_empty() {
                continue;
            }
            for &file in files {
                let model = self.model(file);
                for (i, imp) in model.imports.iter().enumerate() {
                    if imp.resolved.is_some() {
                        continue;
                    }
                    if let Some(target) =
                        self.aliased_target(&model.path, &imp.specifier, &pack.import_aliases)
                    {
                        self.aliased.insert((file, i), target);
                    }
                }
            }
        }
    }

    /// The file an aliased specifier names: the alias's folder in the nearest folder above the
    /// importing file, with the extensions and index files module resolution tries.
    fn aliased_target(
        &self,
        from: &str,
        specifier: &str,
        aliases: &[(String, String)],
    ) -> Option<usize> {
        let (alias, folder) = aliases.iter().find(|(a, _)| {
            specifier == a
                || specifier
                    .strip_prefix(a.as_str())
                    .is_some_and(|r| r.starts_with('/'))
        })?;
        let rest = &specifier[alias.len()..];
        let mut dir = from.rsplit_once('/').map_or("", |(d, _)| d);
        loop {
            let base = if dir.is_empty() {
                format!("{folder}{rest}")
            } else {
                format!("{dir}/{folder}{rest}")
            };
            for suffix in [
                "",
                ".ts",
                ".js",
                ".tsx",
                ".jsx",
                ".mts",
                ".mjs",
                ".svelte",
                ".vue",
                "/index.ts",
                "/index.js",
            ] {
                if let Some(i) = self.index_of(&format!("{base}{suffix}")) {
                    return Some(i);
                }
            }
            if dir.is_empty() {
                return None;
            }
            dir = dir.rsplit_once('/').map_or("", |(d, _)| d);
        }
    }

    /// The file an import of `file` brings in: module resolution's answer, or a pack alias's.
    pub fn import_target(&self, file: usize, import: usize) -> Option<usize> {
        let imp = self.model(file).imports.get(import)?;
        match imp.resolved.as_deref() {
            Some(path) => self.index_of(path),
            None => self.aliased.get(&(file, import)).copied(),
        }
    }

    /// The prototype assignments of one file.
    pub fn prototypes(&self, file: usize) -> &crate::prototypes::FilePrototypes {
        self.prototypes[file]
            .get_or_init(|| crate::prototypes::FilePrototypes::read(self.model(file)))
    }

    /// Whether any file of the run assigns prototype methods (most projects: none).
    pub fn has_prototypes(&self) -> bool {
        let any = *self
            .has_prototypes
            .get_or_init(|| (0..self.count()).any(|f| self.prototypes(f).any()));
        consulted::entry(|| consulted::Fact::Prototypes, &any);
        any
    }

    /// Where the project makes instances and writes their fields.
    pub fn instances(&self) -> &crate::prototypes::Instances {
        self.instances.get_or_init(|| {
            (0..self.count()).for_each(consulted::file);
            crate::prototypes::Instances::read(self.models)
        })
    }

    /// The package a name is imported from, also through the project's own re-exports of it
    /// (`import CTFd from "./index"` where `index.js` imports `CTFd` from a package and
    /// exports it as its default): the package's specifier. `None` for a project value.
    pub fn imported_package(&self, file: usize, expr: ExprId) -> Option<&'a str> {
        let b = self.model(file).resolved_binding(expr)?;
        self.binding_package(file, b, MAX_HOPS)
    }

    fn binding_package(&self, file: usize, b: BindingId, hops: usize) -> Option<&'a str> {
        let hops = hops.checked_sub(1)?;
        let model = self.model(file);
        let BindingKind::Import { import, name } = model.binding(b).kind else {
            return None;
        };
        let imp = model.imports.get(import as usize)?;
        let Some(target) = self.import_target(file, import as usize) else {
            return Some(imp.specifier.as_str());
        };
        let exported = match &imp.names.get(name as usize)?.imported {
            ImportedItem::Named(n) => n.as_str(),
            ImportedItem::Default => "default",
            _ => return None,
        };
        let target_model = self.model(target);
        let export = target_model
            .exports
            .iter()
            .find(|e| e.exported == exported)?;
        if let Some(from) = &export.from {
            return match from.resolved.as_deref().and_then(|r| self.index_of(r)) {
                None => Some(from.specifier.as_str()),
                Some(_) => None,
            };
        }
        let local = match export.target {
            ExportTarget::Binding(local) => Some(local),
            ExportTarget::Expr(e) => target_model.resolved_binding(e),
            _ => export
                .local
                .as_deref()
                .and_then(|l| target_model.module_binding(l)),
        }?;
        self.binding_package(target, local, hops)
    }

    /// Instances by the constructor function that makes them; `None` while it is being built
    /// on this thread (resolving a constructor never needs an instance's field).
    pub fn constructor_uses(&self) -> Option<&crate::prototypes::ConstructorUsesIndex> {
        thread_local! {
            static BUILDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
        }
        if let Some(done) = self.constructor_uses.get() {
            return Some(done);
        }
        if BUILDING.with(|b| b.get()) {
            return None;
        }
        BUILDING.with(|b| b.set(true));
        let (built, reads) =
            consulted::recorded_if_active(|| crate::prototypes::constructor_uses(self));
        BUILDING.with(|b| b.set(false));
        Some(self.constructor_uses.init_with(built, reads))
    }

    /// Every call of a project function (a name or a member naming it), by the function it
    /// reaches; built once per run, for every pack that looks for wrappers.
    /// The project's calls through a member named `name` (`api.add_org_resource(…)`), in file
    /// and source order.
    pub fn member_calls_named(&self, name: &str) -> &[(usize, ExprId)] {
        self.member_calls
            .get_or_init(|| {
                let mut out: BTreeMap<String, Vec<(usize, ExprId)>> = BTreeMap::new();
                for file in 0..self.count() {
                    let model = self.model(file);
                    for NamedCall { call, name } in self.calls(file) {
                        let Some(name) = name else {
                            continue;
                        };
                        let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
                            continue;
                        };
                        if matches!(model.expr(*callee).kind, ExprKind::Member { .. }) {
                            out.entry(name.to_owned()).or_default().push((file, call));
                        }
                    }
                }
                out.into_iter()
                    .map(|(name, at)| (name, fitted(at)))
                    .collect()
            })
            .get(name)
            .map_or(&[], Vec::as_slice)
    }

    /// The project's Go struct literals and receiver field assignments (see
    /// [`crate::struct_literals::StructUses`]).
    pub fn go_struct_uses(&self) -> &crate::struct_literals::StructUses {
        self.go_struct_uses
            .get_or_init(|| crate::struct_literals::struct_uses(self))
    }

    pub fn callers(&self) -> &Callers {
        self.callers.get_or_init(|| {
            let parts = self.file_callers();
            let mut out = Callers::new();
            for (file, (part, _)) in parts.iter().enumerate() {
                for &(target, call) in part {
                    out.entry(target).or_default().push((file, call));
                }
            }
            if consulted::active()
                && let Ok(mut kept) = self.callers_kept.lock()
            {
                *kept = Some(parts.into_iter().map(|(_, k)| k).collect());
            }
            self.add_collection_calls(&mut out);
            self.add_listed_method_calls(&mut out);
            out.into_iter().map(|(to, at)| (to, fitted(at))).collect()
        })
    }

    /// Takes each file's part of `callers` from `kept` (a recording run's over another
    /// revision listing the same files, see [`Files::kept_file_callers`]) where working it
    /// out read no file `changed` marks and every index entry it took has the same value
    /// here; the other parts are worked out.
    pub(crate) fn reuse_file_callers(&mut self, kept: KeptCallers, changed: Vec<bool>) {
        if kept.len() == self.count() && changed.len() == self.count() {
            self.callers_prior = Some((kept, changed));
        }
    }

    /// Takes what client discovery found in each file from `kept` (a recording run's over
    /// another revision listing the same files) where reading the file's calls read no file
    /// `changed` marks and every index entry it took has the same value here.
    pub(crate) fn reuse_client_files(&mut self, kept: KeptClientFiles, changed: Vec<bool>) {
        if changed.len() == self.count() {
            self.client_files_prior = Some((kept, changed));
        }
    }

    /// The units client pack `pack` found reading the calls of `file` in the run
    /// `client_files_prior` comes from, when nothing reading them read changed: reading them
    /// again would find the same units. The record is added to this run's kept work (in a
    /// recording run).
    pub(crate) fn unchanged_client_file(
        &self,
        pack: usize,
        file: usize,
    ) -> Option<&[crate::discover::ClientUnit]> {
        let (kept, changed) = self.client_files_prior.as_ref()?;
        let found = kept.get(&(pack, file))?;
        if !self.still_holds(&found.files, &found.facts, changed) {
            return None;
        }
        self.client_files_taken
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        if consulted::active() {
            self.keep_client_file(pack, file, found.clone());
        }
        Some(&found.units)
    }

    /// For how many (client pack, file) the units were taken from a run over another
    /// revision.
    pub(crate) fn client_files_taken(&self) -> usize {
        self.client_files_taken
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Keeps what client pack `pack` found reading the calls of `file`, with what that read,
    /// in this run's kept work.
    pub(crate) fn keep_client_file(&self, pack: usize, file: usize, found: ClientFile) {
        if let Ok(mut kept) = self.client_files_kept.lock() {
            kept.insert((pack, file), found);
        }
    }

    /// This run's kept client discovery (see [`Files::keep_client_file`]).
    pub(crate) fn kept_client_files(&self) -> BTreeMap<(usize, usize), ClientFile> {
        self.client_files_kept
            .lock()
            .map(|mut k| std::mem::take(&mut *k))
            .unwrap_or_default()
    }

    /// In a recording run that built `callers`: each file's part with what working it out
    /// read (`None` for a part that read something a later run cannot compare).
    pub(crate) fn kept_file_callers(&self) -> Option<Vec<Option<KeptFileCallers>>> {
        self.callers_kept.lock().ok()?.take()
    }

    /// How many files' parts of `callers` were taken from a run over another revision.
    pub(crate) fn file_callers_taken(&self) -> usize {
        self.callers_taken
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The value of an index entry a file's part of `callers` or a client pack's discovery in
    /// a file took, worked out here (`None` for a kind only the extraction knows: the units, the
    /// recognised calls, the exception advice). A part of `callers` takes no `callers` entry.
    pub(crate) fn fact_value(&self, fact: &consulted::Fact) -> Option<u64> {
        use consulted::{Fact, hash_of};
        Some(match fact {
            Fact::PassedSites(n) => hash_of(&self.passed_sites().get(n.as_str())),
            Fact::DeclaredObjects(n) => hash_of(&self.declared_objects().get(n.as_str())),
            Fact::InstanceGlobals(n) => hash_of(&self.instance_globals().get(n.as_str())),
            Fact::WindowGlobals(n) => hash_of(&self.window_globals().get(n.as_str())),
            Fact::Prototypes => hash_of(&self.has_prototypes()),
            Fact::Callers(f, func) => hash_of(&self.callers().get(&(*f, *func))),
            Fact::PageRoutes => hash_of(&self.markup.routes.get()),
            _ => return None,
        })
    }

    /// Every file's part of `callers`, in file order, with (in a recording run) what working
    /// it out read. The parts are worked out on threads of their own, a file at a time: not
    /// on rayon's, since `callers` is built once for every asker and a rayon thread waiting
    /// for the parts could take up another asker's work, which would wait for `callers`
    /// itself. Each part is worked out with no lookup open, as if asked first, so a part does
    /// not depend on the thread or on which asker came first.
    fn file_callers(&self) -> Vec<(FileCallers, Option<KeptFileCallers>)> {
        let count = self.count();
        let one = |file: usize| {
            with_no_open_lookups(|| {
                if let Some(taken) = self.taken_file_callers(file) {
                    self.callers_taken
                        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    return (taken.part.clone(), Some(taken.clone()));
                }
                if !consulted::active() {
                    return (self.file_calls_part(file), None);
                }
                let (part, reads) = consulted::recorded(|| self.file_calls_part(file));
                let kept = reads.calls.is_empty().then(|| KeptFileCallers {
                    part: part.clone(),
                    files: reads.kept_files(),
                    facts: reads.facts.into_iter().collect(),
                });
                (part, kept)
            })
        };
        let threads = rayon::current_num_threads().min(CALLERS_THREADS);
        let mut parts: Vec<Option<(FileCallers, Option<KeptFileCallers>)>> =
            (0..count).map(|_| None).collect();
        if threads > 1 && count > 1 {
            let next = std::sync::atomic::AtomicUsize::new(0);
            let work = || {
                let mut mine = Vec::new();
                loop {
                    let file = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if file >= count {
                        return mine;
                    }
                    mine.push((file, one(file)));
                }
            };
            std::thread::scope(|scope| {
                let workers: Vec<_> = (0..threads)
                    .filter_map(|_| {
                        std::thread::Builder::new()
                            .stack_size(seam_lang::project::DEFAULT_STACK_SIZE)
                            .spawn_scoped(scope, work)
                            .ok()
                    })
                    .collect();
                for worker in workers {
                    match worker.join() {
                        Ok(done) => {
                            for (file, part) in done {
                                parts[file] = Some(part);
                            }
                        }
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
            });
        }
        // Here too the files no thread took (one thread, or none could start).
        parts
            .into_iter()
            .enumerate()
            .map(|(file, part)| part.unwrap_or_else(|| one(file)))
            .collect()
    }

    /// The kept part of `file` when nothing working it out read changed.
    fn taken_file_callers(&self, file: usize) -> Option<&KeptFileCallers> {
        let (kept, changed) = self.callers_prior.as_ref()?;
        let kept = kept.get(file)?.as_ref()?;
        self.still_holds(&kept.files, &kept.facts, changed)
            .then_some(kept)
    }

    /// Whether kept work that read `files` and took the index entries `facts` reads the same
    /// here: no file it read is one `changed` marks, and every entry has the same value. The
    /// entries are compared outside any record: the comparison is no read of the work.
    fn still_holds(
        &self,
        files: &[u32],
        facts: &[(consulted::Fact, u64)],
        changed: &[bool],
    ) -> bool {
        crate::reuse::none_changed(files, changed)
            && consulted::recorded(|| {
                facts
                    .iter()
                    .all(|(fact, v)| self.fact_value(fact) == Some(*v))
            })
            .0
    }

    /// The calls of project functions one file makes, added to `out`: calls by name or member,
    /// and library calls that call the function they are given (they stand for that call).
    pub fn add_file_calls(&self, file: usize, out: &mut Callers) {
        for (target, call) in self.file_calls_part(file) {
            out.entry(target).or_default().push((file, call));
        }
    }

    /// The calls of project functions one file makes (see [`Files::add_file_calls`]).
    fn file_calls_part(&self, file: usize) -> FileCallers {
        let mut out = FileCallers::new();
        let model = self.model(file);
        for NamedCall { call, .. } in self.calls(file) {
            let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
                continue;
            };
            // A name, a member, or a choice between two (`(retry ? withRetries(send) :
            // send)(url)`) that comes to one function.
            if !matches!(
                model.expr(*callee).kind,
                ExprKind::Ident { .. } | ExprKind::Member { .. } | ExprKind::Conditional { .. }
            ) {
                continue;
            }
            if let Some(target) = self.function_of(file, *callee) {
                out.push((target, call));
            }
        }
        for (&call, invoked) in self.invocations(file) {
            if let Some(target) = self.function_of(invoked.function.0, invoked.function.1) {
                out.push((target, call));
            }
        }
        out
    }

    /// The calls of a file that call a function they are given (`useSWR(key, fetcher)` calls
    /// `fetcher(key)`, see `seam_packs::Invocation`).
    pub fn invocations(&self, file: usize) -> &Invocations {
        self.invocations[file].get_or_init(|| {
            let model = self.model(file);
            let rules: Vec<&seam_packs::Invocation> = self
                .invocation_rules
                .iter()
                .filter(|(family, _)| family.includes(model.language))
                .map(|(_, r)| r)
                .collect();
            let mut out = BTreeMap::new();
            if rules.is_empty() {
                return out;
            }
            for NamedCall { call, .. } in self.calls(file) {
                for rule in &rules {
                    let mut c = seam_packs::Captures::new();
                    if !seam_packs::match_expr(model, &rule.pattern, call, &mut c) {
                        continue;
                    }
                    let function = match &rule.function {
                        // Options in the function's place (`useSWR(key, { refreshInterval })`)
                        // are no function: a later rule may say which one is called.
                        seam_packs::InvokedFunction::Captured(name) => match c
                            .get(name)
                            .and_then(|x| x.expr())
                        {
                            Some(e) if matches!(model.expr(e).kind, ExprKind::Object { .. }) => {
                                continue;
                            }
                            e => e.map(|e| (file, e)),
                        },
                        seam_packs::InvokedFunction::Provided {
                            element,
                            attribute,
                            key,
                        } => crate::context_values::configured_function(
                            self, element, attribute, key,
                        ),
                    };
                    let Some(function) = function else {
                        continue;
                    };
                    let args = rule
                        .args
                        .iter()
                        .map_while(|a| c.get(a).and_then(|x| x.expr()))
                        .collect();
                    out.insert(
                        call,
                        Invoked {
                            function,
                            args,
                            keeps_failures: rule.keeps_failures,
                            paged: rule.paged,
                        },
                    );
                    break;
                }
            }
            out
        })
    }

    /// Functions kept in a collection and called from a loop over it
    /// (`registrars = append(registrars, f)` … `for _, r := range registrars { r(api) }`,
    /// `handlers.push(h)` … `for (const h of handlers) h(app)`): each call of the loop
    /// variable calls every function put in the collection, named there or passed to the
    /// function that puts its parameter there.
    fn add_collection_calls(&self, out: &mut Callers) {
        let direct = out.clone();
        let mut stored: BTreeMap<Def, Vec<(usize, FuncId)>> = BTreeMap::new();
        for file in 0..self.count() {
            let model = self.model(file);
            for NamedCall { call, name } in self.calls(file) {
                let ExprKind::Call { callee, args, .. } = &model.expr(call).kind else {
                    continue;
                };
                // `append(xs, v…)` (Go), `xs.push(v)`, `xs.append(v)`, `xs.add(v)`.
                let (collection, values): (ExprId, Vec<ExprId>) = match &model.expr(*callee).kind {
                    ExprKind::Ident { binding: None, .. }
                        if name == Some("append") && model.language == Language::Go =>
                    {
                        let Some((first, rest)) = args.split_first() else {
                            continue;
                        };
                        (first.value, rest.iter().map(|a| a.value).collect())
                    }
                    ExprKind::Member {
                        object,
                        property: MemberProp::Name(method),
                        ..
                    } if matches!(method.as_str(), "push" | "append" | "add") => {
                        (*object, args.iter().map(|a| a.value).collect())
                    }
                    _ => continue,
                };
                let Some(def @ Def::Binding(..)) = self.definition(file, collection) else {
                    continue;
                };
                for value in values {
                    let targets = self.functions_passed(&direct, file, value);
                    if !targets.is_empty() {
                        stored.entry(def).or_default().extend(targets);
                    }
                }
            }
        }
        if stored.is_empty() {
            return;
        }
        for file in 0..self.count() {
            let model = self.model(file);
            let mut iterables: Option<BTreeMap<BindingId, ExprId>> = None;
            for NamedCall { call, .. } in self.calls(file) {
                let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
                    continue;
                };
                let ExprKind::Ident {
                    binding: Some(b), ..
                } = &model.expr(*callee).kind
                else {
                    continue;
                };
                if !matches!(model.binding(*b).kind, BindingKind::LoopVar) {
                    continue;
                }
                let iterables = iterables.get_or_insert_with(|| element_variables(model));
                let Some(targets) = iterables
                    .get(b)
                    .and_then(|&iterable| self.definition(file, iterable))
                    .and_then(|d| stored.get(&d))
                else {
                    continue;
                };
                for &target in targets {
                    let sites = out.entry(target).or_default();
                    if !sites.contains(&(file, call)) {
                        sites.push((file, call));
                    }
                }
            }
        }
    }

    /// Method calls on the element of a Go loop over a literal list of struct values (`for _,
    /// r := range []Router{&AppRouter{}, &HostRouter{}} { r.InitRouter(g) }`, the list written
    /// in place, held by a variable or returned by a project function): a call of each listed
    /// type's method of that name, as the interface value dispatches to it.
    fn add_listed_method_calls(&self, out: &mut Callers) {
        for file in 0..self.count() {
            let model = self.model(file);
            if model.language != Language::Go {
                continue;
            }
            let mut iterables: Option<BTreeMap<BindingId, ExprId>> = None;
            for NamedCall { call, .. } in self.calls(file) {
                let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
                    continue;
                };
                let ExprKind::Member {
                    object,
                    property: MemberProp::Name(method),
                    ..
                } = &model.expr(*callee).kind
                else {
                    continue;
                };
                let ExprKind::Ident {
                    binding: Some(b), ..
                } = &model.expr(*object).kind
                else {
                    continue;
                };
                if !matches!(model.binding(*b).kind, BindingKind::LoopVar) {
                    continue;
                }
                let iterables = iterables.get_or_insert_with(|| element_variables(model));
                let Some(&iterable) = iterables.get(b) else {
                    continue;
                };
                for target in self.listed_methods(file, iterable, method) {
                    let sites = out.entry(target).or_default();
                    if !sites.contains(&(file, call)) {
                        sites.push((file, call));
                    }
                }
            }
        }
    }

    /// The methods named `method` of the struct types a literal list holds (see
    /// [`Files::add_listed_method_calls`]), each from the package of the literal naming it;
    /// empty when the list is not written out or an element is no struct literal.
    fn listed_methods(&self, file: usize, iterable: ExprId, method: &str) -> Vec<(usize, FuncId)> {
        let Some((lf, list)) = self.literal_value(file, iterable) else {
            return Vec::new();
        };
        let model = self.model(lf);
        let ExprKind::Array { elements, .. } = &model.expr(list).kind else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for element in elements {
            let ArrayElement::Expr(element) = element else {
                return Vec::new();
            };
            let Some((ef, e)) = self.literal_value(lf, *element) else {
                return Vec::new();
            };
            let element_model = self.model(ef);
            if !matches!(element_model.expr(e).kind, ExprKind::Object { .. }) {
                return Vec::new();
            }
            let Some(type_name) =
                crate::classes::literal_type(element_model.text(element_model.expr(e).span))
            else {
                return Vec::new();
            };
            let Some(methods) =
                self.methods_by_type()
                    .get(&(Language::Go, type_name, method.to_owned()))
            else {
                continue;
            };
            let dir = crate::struct_literals::folder_of(&element_model.path);
            if let Some(&found) = methods
                .iter()
                .find(|(f, _)| crate::struct_literals::folder_of(&self.model(*f).path) == dir)
                .or_else(|| methods.first())
                && !out.contains(&found)
            {
                out.push(found);
            }
        }
        out
    }

    /// The literal an expression holds: itself, what a name set once holds, or what a call of a
    /// project function with one returned value gives back, a few hops deep.
    pub(crate) fn literal_value(&self, file: usize, expr: ExprId) -> Option<(usize, ExprId)> {
        let (mut file, mut expr) = (file, expr);
        for _ in 0..MAX_HOPS {
            let model = self.model(file);
            match &model.expr(expr).kind {
                ExprKind::Array { .. } | ExprKind::Object { .. } => return Some((file, expr)),
                ExprKind::Call { callee, .. } => {
                    let (ff, func) = self.function_of(file, *callee)?;
                    let [returned] = self.returned_values(ff, func)[..] else {
                        return None;
                    };
                    (file, expr) = (ff, returned);
                }
                _ => {
                    let def = self.definition(file, expr)?;
                    let next = self.value_of(def)?;
                    if next == (file, expr) {
                        return None;
                    }
                    (file, expr) = next;
                }
            }
        }
        None
    }

    /// The functions a value stands for: the one it names, or, for a parameter, the one each
    /// caller passes there (by the `direct` calls).
    fn functions_passed(
        &self,
        direct: &Callers,
        file: usize,
        value: ExprId,
    ) -> Vec<(usize, FuncId)> {
        if let Some(target) = self.function_of(file, value) {
            return vec![target];
        }
        let model = self.model(file);
        let ExprKind::Ident {
            binding: Some(b), ..
        } = &model.expr(value).kind
        else {
            return Vec::new();
        };
        let BindingKind::Param { function, index } = model.binding(*b).kind else {
            return Vec::new();
        };
        if !model.binding(*b).origin.path.is_empty() {
            return Vec::new();
        }
        direct
            .get(&(file, function))
            .into_iter()
            .flatten()
            .filter_map(|&(cf, call)| {
                let ExprKind::Call { args, .. } = &self.model(cf).expr(call).kind else {
                    return None;
                };
                let arg = args
                    .get(index as usize)
                    .filter(|a| !a.spread && a.name.is_none())?;
                self.function_of(cf, arg.value)
            })
            .collect()
    }

    /// Every `new C(…)` of a project class, by the class it makes; built once per run.
    pub fn constructions(&self) -> &Constructions {
        self.constructions.get_or_init(|| {
            let mut out = Constructions::new();
            for file in 0..self.count() {
                let model = self.model(file);
                for NamedCall { call, .. } in self.calls(file) {
                    let ExprKind::Call {
                        callee,
                        is_new: true,
                        ..
                    } = &model.expr(call).kind
                    else {
                        continue;
                    };
                    if let Some(Def::Binding(cf, b)) = self.definition(file, *callee)
                        && let BindingKind::Class { class } = self.model(cf).binding(b).kind
                    {
                        out.entry((cf, class)).or_default().push((file, call));
                    }
                }
            }
            out
        })
    }

    /// The assignment expressions (`x = …`, `x += …`) whose target is the name bound by `b`,
    /// in arena order.
    pub fn assignments_of(&self, file: usize, b: BindingId) -> &[ExprId] {
        self.assignments[file]
            .get_or_init(|| {
                let model = self.model(file);
                let mut out: BTreeMap<BindingId, Vec<ExprId>> = BTreeMap::new();
                for (i, e) in model.exprs.iter().enumerate() {
                    let ExprKind::Assign { target, .. } = &e.kind else {
                        continue;
                    };
                    if let seam_lang::model::PatternKind::Ident {
                        binding: Some(tb), ..
                    } = &model.pattern(*target).kind
                    {
                        out.entry(*tb).or_default().push(ExprId::from_index(i));
                    }
                }
                out
            })
            .get(&b)
            .map_or(&[], Vec::as_slice)
    }

    /// The `if` statements of a file: span, test, consequent and alternate, in arena order.
    /// The plain assignments to bare names `file` makes (see `crate::package_vars`).
    pub fn name_assignments(&self, file: usize) -> &crate::package_vars::NameAssignments {
        self.name_assignments[file]
            .get_or_init(|| crate::package_vars::name_assignments(self.model(file)))
    }

    /// Each Go package-level variable declared with no value, with the assignments its
    /// package makes to it (built on first use).
    pub fn package_assignments(&self) -> &crate::package_vars::PackageAssignments {
        self.package_assignments
            .get_or_init(|| crate::package_vars::package_assignments(self))
    }

    /// The functions of `file` whose call reads as the parameter they hand back (see
    /// [`crate::returns_taken::bare_parameter_return`]).
    pub fn bare_parameter_returns(&self, file: usize) -> &BTreeMap<FuncId, ExprId> {
        self.bare_returns[file]
            .get_or_init(|| crate::returns_taken::bare_parameter_returns(self, file))
    }

    pub fn if_statements(&self, file: usize) -> &[IfStatement] {
        self.ifs[file].get_or_init(|| {
            let model = self.model(file);
            model
                .stmts
                .iter()
                .filter_map(|s| match &s.kind {
                    StmtKind::If {
                        test,
                        consequent,
                        alternate,
                    } => Some((s.span, *test, *consequent, *alternate)),
                    _ => None,
                })
                .collect()
        })
    }

    /// The parameter bindings of `func` (destructured parts each their own binding), in
    /// arena order.
    pub fn param_bindings(&self, file: usize, func: FuncId) -> &[BindingId] {
        let model = self.model(file);
        self.params[file]
            .get_or_init(|| {
                let mut out: BTreeMap<FuncId, Vec<BindingId>> = BTreeMap::new();
                for (i, b) in model.bindings.iter().enumerate() {
                    if let BindingKind::Param { function, .. } = b.kind {
                        out.entry(function)
                            .or_default()
                            .push(BindingId::from_index(i));
                    }
                }
                out
            })
            .get(&func)
            .map_or(&[], Vec::as_slice)
    }

    /// The values a function returns: its expression body, or the value of each `return` in
    /// its own body (not in functions nested inside it), in arena order.
    /// See [`crate::declared_objects`].
    pub fn declared_objects(&self) -> &crate::declared_objects::DeclaredObjects {
        self.declared_objects
            .get_or_init(|| crate::declared_objects::index(self))
    }

    pub fn returned_values(&self, file: usize, func: FuncId) -> Vec<ExprId> {
        let model = self.model(file);
        match &model.function(func).body {
            seam_lang::model::FunctionBody::Expr(e) => vec![*e],
            seam_lang::model::FunctionBody::Block(_) => self.returns[file]
                .get_or_init(|| returns_by_function(model))
                .get(&func)
                .cloned()
                .unwrap_or_default(),
            seam_lang::model::FunctionBody::None => Vec::new(),
        }
    }

    /// The module-level binding of `name` in a file (the first one the file declares).
    pub fn module_binding(&self, file: usize, name: &str) -> Option<BindingId> {
        let model = self.model(file);
        let sorted = self.module_bindings[file].get_or_init(|| {
            let mut out: Vec<BindingId> = (0..model.bindings.len())
                .filter(|&i| model.bindings[i].scope.is_none())
                .map(BindingId::from_index)
                .collect();
            // Stable: the first binding of a name stays first among its equals.
            out.sort_by(|a, b| model.binding(*a).name.cmp(&model.binding(*b).name));
            out.dedup_by(|later, first| model.binding(*later).name == model.binding(*first).name);
            out
        });
        sorted
            .binary_search_by(|b| model.binding(*b).name.as_str().cmp(name))
            .ok()
            .map(|i| sorted[i])
    }

    /// Every method of every named class or type of the project (see [`MethodsByType`]).
    pub fn methods_by_type(&self) -> &MethodsByType {
        self.methods_by_type.get_or_init(|| {
            let mut out = MethodsByType::new();
            for (file, model) in (0..self.count()).map(|f| (f, self.model(f))) {
                for class in &model.classes {
                    let Some(type_name) = &class.name else {
                        continue;
                    };
                    for member in &class.members {
                        if let (seam_lang::model::MemberKind::Method { function }, Some(name)) =
                            (&member.kind, member.name.as_str())
                        {
                            out.entry((model.language, type_name.clone(), name.to_owned()))
                                .or_default()
                                .push((file, *function));
                        }
                    }
                }
            }
            out
        })
    }

    /// The calls of a file in arena (source) order, with their callee names: every pack walks
    /// this list instead of every expression of the file.
    pub fn calls(&self, file: usize) -> impl Iterator<Item = NamedCall<'_>> + '_ {
        let listed = self.calls[file].get_or_init(|| {
            let model = self.model(file);
            let mut out = FileCalls::default();
            for call in calls(model) {
                let range = callee_name(model, call).and_then(|name| {
                    let start = u32::try_from(out.names.len()).ok()?;
                    out.names.push_str(name);
                    let end = u32::try_from(out.names.len()).ok()?;
                    (end != u32::MAX).then_some((start, end))
                });
                let (start, end) = range.unwrap_or(NO_NAME);
                out.calls.push((call, start, end));
            }
            FileCalls {
                calls: fitted(out.calls),
                names: out.names.as_str().to_owned(),
            }
        });
        listed.calls.iter().map(|&(call, start, end)| NamedCall {
            call,
            name: ((start, end) != NO_NAME)
                .then(|| listed.names.get(start as usize..end as usize))
                .flatten(),
        })
    }

    pub fn model(&self, file: usize) -> &'a Model {
        consulted::file(file);
        &self.models[file]
    }

    pub fn index_of(&self, path: &str) -> Option<usize> {
        self.by_path.get(path).copied()
    }

    /// What `expr` in `file` refers to.
    pub fn definition(&self, file: usize, expr: ExprId) -> Option<Def> {
        self.definition_hops(file, expr, MAX_HOPS)
    }

    fn definition_hops(&self, file: usize, expr: ExprId, hops: usize) -> Option<Def> {
        let model = self.model(file);
        // `window.CTFd`: what another script of the page put there.
        if let Some((vf, ve)) = crate::window_globals::assigned_value(self, file, expr) {
            return self.definition_hops(vf, ve, hops.checked_sub(1)?);
        }
        match &model.expr(expr).kind {
            ExprKind::Ident {
                binding: Some(b), ..
            } => self.binding_def(file, *b, hops),
            ExprKind::Ident {
                name,
                binding: None,
            } => {
                // Python module-level names are not always bound by the lowering.
                // A name a Python module takes with `from m import *` is that module's.
                let bound = self
                    .module_binding(file, name)
                    .map(|b| (file, b))
                    .or_else(|| self.star_imported(file, name));
                match bound {
                    Some((f, b)) => self.binding_def(f, b, hops),
                    None => {
                        match crate::script_globals::global(self, file, name, model.expr(expr).span)
                        {
                            Some((f, b)) => self.binding_def(f, b, hops),
                            // A browser global another script set (`window.CTFd = CTFd`).
                            None => crate::window_globals::value_named(self, file, name).and_then(
                                |(vf, ve)| self.definition_hops(vf, ve, hops.checked_sub(1)?),
                            ),
                        }
                    }
                }
            }
            ExprKind::Member {
                object,
                property: MemberProp::Name(name),
                ..
            } => match self.definition_hops(file, *object, hops.checked_sub(1)?) {
                Some(Def::Module(target)) => self.export_def(target, name, hops - 1),
                // `self.client` / `this.base`: the value the class gives the field, if one.
                object_def => match crate::classes::instance_field(self, file, expr)
                    .or_else(|| crate::prototypes::instance_field(self, file, expr))
                    // A member the framework gives every component (`this.download`).
                    .or_else(|| crate::instance_globals::value(self, file, expr))
                {
                    Some((f, e)) => Some(Def::Expr(f, e)),
                    // A Go method value (`h.GetUser`) through a name of a declared type.
                    None if model.language == seam_lang::model::Language::Go => {
                        match crate::classes::method_value(self, file, expr) {
                            Some((f, func)) => Some(Def::Function(f, func)),
                            None => object_def.map(|_| Def::Expr(file, expr)),
                        }
                    }
                    // `this.api.router`: a field of the instance another field (or a longer
                    // chain) holds, as the constructor of that instance's class sets it; so is
                    // `items.router` of a Python name holding an instance (`items =
                    // ItemsRouter()`).
                    None if object_def.is_some()
                        && match model.expr(*object).kind {
                            ExprKind::Member { .. } => true,
                            ExprKind::Ident { .. } => {
                                model.language == seam_lang::model::Language::Python
                            }
                            _ => false,
                        } =>
                    {
                        match crate::classes::class_of_receiver(self, file, *object)
                            .and_then(|class| crate::classes::field_of_class(self, class, name))
                        {
                            Some((f, e)) => Some(Def::Expr(f, e)),
                            None => Some(Def::Expr(file, expr)),
                        }
                    }
                    None => object_def.map(|_| Def::Expr(file, expr)),
                },
            },
            ExprKind::Function { function } => Some(Def::Function(file, *function)),
            _ => Some(Def::Expr(file, expr)),
        }
    }

    /// What a binding refers to.
    pub fn binding_def(&self, file: usize, binding: BindingId, hops: usize) -> Option<Def> {
        let hops = hops.checked_sub(1)?;
        let model = self.model(file);
        let b = model.binding(binding);
        match &b.kind {
            BindingKind::Import { import, name } => {
                let imp = model.imports.get(*import as usize)?;
                let target = self.import_target(file, *import as usize)?;
                let imported = imp.names.get(*name as usize)?;
                match &imported.imported {
                    ImportedItem::Named(n) => self
                        .export_def(target, n, hops)
                        .or_else(|| self.submodule(target, n).map(Def::Module)),
                    ImportedItem::Default => self.export_def(target, "default", hops),
                    // `const r = require("./x")` is whatever `./x` assigns to `module.exports`.
                    ImportedItem::Namespace if imp.kind == ImportKind::Require => self
                        .commonjs_value(target, hops)
                        .or(Some(Def::Module(target))),
                    ImportedItem::Namespace | ImportedItem::All => Some(Def::Module(target)),
                }
            }
            BindingKind::Function { function } => Some(Def::Function(file, *function)),
            BindingKind::Var { .. } | BindingKind::Assigned
                if b.origin.path.is_empty() && !b.reassigned =>
            {
                match b.origin.init {
                    Some(init) => match &model.expr(init).kind {
                        ExprKind::Ident { .. } | ExprKind::Member { .. } => {
                            match self.definition_hops(file, init, hops) {
                                Some(Def::Expr(..)) | None => Some(Def::Binding(file, binding)),
                                Some(other) => Some(other),
                            }
                        }
                        ExprKind::Function { function } => Some(Def::Function(file, *function)),
                        _ => Some(Def::Binding(file, binding)),
                    },
                    None => Some(Def::Binding(file, binding)),
                }
            }
            // `const { setupApiRoute } = helpers` of a required module: its export.
            BindingKind::Var { .. }
                if !b.reassigned
                    && matches!(&b.origin.path[..], [seam_lang::model::PatternStep::Key(_)]) =>
            {
                let destructured = match (&b.origin.path[..], b.origin.init) {
                    ([seam_lang::model::PatternStep::Key(key)], Some(init)) => {
                        match self.definition_hops(file, init, hops) {
                            Some(Def::Module(target)) => self.export_def(target, key, hops),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                destructured.or(Some(Def::Binding(file, binding)))
            }
            _ => Some(Def::Binding(file, binding)),
        }
    }

    /// What the module `file` exports as `name`.
    pub fn export_def(&self, file: usize, name: &str, hops: usize) -> Option<Def> {
        let hops = hops.checked_sub(1)?;
        let model = self.model(file);
        if let Some(export) = model.exports.iter().find(|e| e.exported == name) {
            if let Some(from) = &export.from {
                let target = self.index_of(from.resolved.as_deref()?)?;
                return self.export_def(target, &from.imported, hops);
            }
            return match export.target {
                ExportTarget::Binding(b) => self.binding_def(file, b, hops),
                ExportTarget::Function(f) => Some(Def::Function(file, f)),
                ExportTarget::Expr(e) => self.definition_hops(file, e, hops),
                // A class is reached through the name that declares it (a resource class
                // registered in another module).
                ExportTarget::Class(_) => self
                    .module_binding(file, export.local.as_deref().unwrap_or(name))
                    .and_then(|b| self.binding_def(file, b, hops)),
                // An enum is a value too (`Code.Gone` in an importing module); other type
                // declarations are types only.
                ExportTarget::TypeDecl(d)
                    if model.type_decl(d).kind == seam_lang::model::TypeDeclKind::Enum =>
                {
                    self.module_binding(file, export.local.as_deref().unwrap_or(name))
                        .and_then(|b| self.binding_def(file, b, hops))
                }
                ExportTarget::TypeDecl(_) => None,
                ExportTarget::None => export
                    .local
                    .as_deref()
                    .and_then(|l| self.module_binding(file, l))
                    .and_then(|b| self.binding_def(file, b, hops)),
            };
        }
        // `export * from "./client"` passes on every name of the module it names.
        if name != "default"
            && let Some(found) = model
                .exports
                .iter()
                .filter(|e| e.exported == "*")
                .filter_map(|e| e.from.as_ref()?.resolved.as_deref())
                .filter_map(|resolved| self.index_of(resolved))
                .find_map(|target| self.export_def(target, name, hops))
        {
            return Some(found);
        }
        // Python: every module-level name is importable, those it takes with `from m import
        // *` too.
        if let Some(b) = self.module_binding(file, name) {
            return self.binding_def(file, b, hops);
        }
        let (f, b) = self.star_imported(file, name)?;
        self.binding_def(f, b, hops)
    }

    /// The module-level binding of `name` in the module a Python module takes it from with
    /// `from m import *`, following such imports in turn (a package's `__init__.py` passing
    /// on each of its modules with `from .views import *`): of several, the last import, as
    /// Python binds them in order. A name with a leading underscore is not taken.
    pub fn star_imported(&self, file: usize, name: &str) -> Option<(usize, BindingId)> {
        if name.starts_with('_') || self.model(file).language != seam_lang::model::Language::Python
        {
            return None;
        }
        let mut seen = BTreeSet::from([file]);
        self.star_imported_from(file, name, &mut seen, MAX_HOPS)
    }

    fn star_imported_from(
        &self,
        file: usize,
        name: &str,
        seen: &mut BTreeSet<usize>,
        depth: usize,
    ) -> Option<(usize, BindingId)> {
        let depth = depth.checked_sub(1)?;
        let model = self.model(file);
        for (index, import) in model.imports.iter().enumerate().rev() {
            if !import
                .names
                .iter()
                .any(|n| matches!(n.imported, ImportedItem::All))
            {
                continue;
            }
            let Some(target) = self.import_target(file, index) else {
                continue;
            };
            if !seen.insert(target) {
                continue;
            }
            if let Some(b) = self.module_binding(target, name) {
                return Some((target, b));
            }
            if let Some(found) = self.star_imported_from(target, name, seen, depth) {
                return Some(found);
            }
        }
        None
    }

    /// What a module assigns as a whole to `module.exports` (or TS `export =`), when that is
    /// one value rather than an object literal; `None` leaves the module itself as what a
    /// `require` of it gives. An object literal stays the module: the lowering already records
    /// each of its properties as a named export, so `require("./x").name` finds them there.
    fn commonjs_value(&self, file: usize, hops: usize) -> Option<Def> {
        let model = self.model(file);
        let export = model
            .exports
            .iter()
            .find(|e| e.exported == "default" && e.from.is_none())?;
        let written = model
            .source
            .get(export.span.start as usize..export.span.end as usize)?;
        if !is_whole_module_assignment(written) {
            return None;
        }
        if let ExportTarget::Expr(e) = export.target
            && matches!(model.expr(e).kind, ExprKind::Object { .. })
        {
            return None;
        }
        // `module.exports = require("./routes")` (a folder's `index.js` passing on a module):
        // what that module exports, as a `require` of it gives.
        if let ExportTarget::Expr(e) = export.target
            && let Some(target) = self.required_module(file, e)
        {
            let hops = hops.checked_sub(1)?;
            return self
                .commonjs_value(target, hops)
                .or(Some(Def::Module(target)));
        }
        self.export_def(file, "default", hops)
    }

    /// The repository module a `require("./x")` call names, resolved.
    fn required_module(&self, file: usize, expr: ExprId) -> Option<usize> {
        let model = self.model(file);
        if !matches!(model.expr(expr).kind, ExprKind::Call { .. }) {
            return None;
        }
        let span = model.expr(expr).span;
        let import = model
            .imports
            .iter()
            .find(|i| i.kind == ImportKind::Require && i.span == span)?;
        self.index_of(import.resolved.as_deref()?)
    }

    /// A module beside a package's `__init__.py` (`from app.routers import users` names the
    /// file `app/routers/users.py`, or the package `app/routers/users/__init__.py`).
    fn submodule(&self, package: usize, name: &str) -> Option<usize> {
        let path = self.model(package).path.as_str();
        // Module resolution may already have gone to the submodule itself.
        let stem = path
            .strip_suffix("/__init__.py")
            .or_else(|| path.strip_suffix(".py"))
            .unwrap_or(path);
        if stem.rsplit('/').next() == Some(name) {
            return Some(package);
        }
        let dir = path.strip_suffix("__init__.py")?;
        self.index_of(&format!("{dir}{name}.py"))
            .or_else(|| self.index_of(&format!("{dir}{name}/__init__.py")))
    }

    /// The initialiser a definition stands for: the variable's initialiser or the expression.
    pub fn value_of(&self, def: Def) -> Option<(usize, ExprId)> {
        match def {
            Def::Expr(f, e) => Some((f, e)),
            Def::Binding(f, b) => {
                let binding = self.model(f).binding(b);
                match (&binding.origin.path[..], binding.origin.init) {
                    ([], init) => init
                        .map(|i| (f, i))
                        .or_else(|| crate::package_vars::assigned_value(self, f, b)),
                    // `const [path, params] = [url, options]`: that element.
                    ([PatternStep::Index(i)], Some(init)) => {
                        crate::templates::array_element(self, (f, init), *i as usize, MAX_HOPS)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The function an expression refers to (an inline function, a declared one, a variable
    /// holding one, or an import of one; a key of an object literal, a factory's returned
    /// closure, a method of the receiver's class: see [`crate::callees`]).
    pub fn function_of(&self, file: usize, expr: ExprId) -> Option<(usize, FuncId)> {
        self.function_of_hops(file, expr, MAX_HOPS)
    }

    pub fn function_of_hops(
        &self,
        file: usize,
        expr: ExprId,
        hops: usize,
    ) -> Option<(usize, FuncId)> {
        let hops = hops.checked_sub(1)?;
        let _nest = NestedLookup::enter(0, file, expr)?;
        let def = self.definition(file, expr)?;
        // A call written in place (`asyncHandler(fn)`) is not a reference to the closure it
        // returns: callers that unwrap wrappers read its arguments instead.
        if def == Def::Expr(file, expr)
            && matches!(self.model(file).expr(expr).kind, ExprKind::Call { .. })
        {
            return None;
        }
        crate::callees::function_of_def(self, def, hops)
    }
}

impl Files<'_> {
    /// The function a definition stands for, also through calls that wrap one
    /// (`defineHandler(async (event) => …)`, `wrap(options, fn)`, `cached(wrap(fn))`): of such
    /// a call, the last argument that is (or wraps) a function, up to [`MAX_HOPS`] calls deep.
    pub fn function_through_calls(&self, def: Def) -> Option<(usize, FuncId)> {
        self.function_through_calls_hops(def, MAX_HOPS)
    }

    fn function_through_calls_hops(&self, def: Def, hops: usize) -> Option<(usize, FuncId)> {
        match def {
            Def::Function(f, func) => return Some((f, func)),
            Def::Binding(f, b) => {
                if let BindingKind::Function { function } = &self.model(f).binding(b).kind {
                    return Some((f, *function));
                }
            }
            _ => {}
        }
        let hops = hops.checked_sub(1)?;
        let (file, expr) = self.value_of(def)?;
        let model = self.model(file);
        let mut expr = expr;
        while let ExprKind::Await { arg } = &model.expr(expr).kind {
            expr = *arg;
        }
        let ExprKind::Call {
            args,
            is_new: false,
            ..
        } = &model.expr(expr).kind
        else {
            return None;
        };
        args.iter()
            .rev()
            .filter(|a| a.name.is_none() && !a.spread && !a.keyword_spread)
            .find_map(|a| {
                let def = self.definition(file, a.value)?;
                self.function_through_calls_hops(def, hops)
            })
    }
}

/// Whether the text of a `default` export is `module.exports = …` or TS `export = …` (the
/// module's whole value) rather than an ES `export default …`, which a `require` sees only as
/// the `default` property of the module.
fn is_whole_module_assignment(written: &str) -> bool {
    let cjs = written
        .strip_prefix("module")
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix('.'))
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix("exports"))
        .map(str::trim_start)
        .is_some_and(|rest| rest.starts_with('='));
    let ts_export_equals = written
        .strip_prefix("export")
        .map(str::trim_start)
        .is_some_and(|rest| rest.starts_with('='));
    cjs || ts_export_equals
}

/// The innermost function of `model` whose span contains `span`.
pub fn enclosing_function(model: &Model, span: Span) -> Option<FuncId> {
    model.enclosing_function(span)
}

/// Every function's own `return` values in one pass over a model's statements: a `return`
/// belongs to the innermost function around it.
fn returns_by_function(model: &Model) -> BTreeMap<FuncId, Vec<ExprId>> {
    let mut out: BTreeMap<FuncId, Vec<ExprId>> = BTreeMap::new();
    for s in &model.stmts {
        if let StmtKind::Return { value: Some(v) } = s.kind
            && let Some(func) = enclosing_function(model, s.span)
        {
            out.entry(func).or_default().push(v);
        }
    }
    out.into_iter().map(|(f, v)| (f, fitted(v))).collect()
}

/// Whether `func` hands the result of `call` to its caller: a returned value that is the call,
/// awaits it, or chains on it with calls that pass something on (`call.pipe(map(…))`,
/// `call.then(f)`), directly or through a local assigned from it. The caller then receives the
/// response (or the failure it delivers), so its call is where the request is handled. A read
/// of the response (`res.data`, `res.json()`) is handled where it is read.
pub fn returns_value_of(files: &Files, file: usize, func: FuncId, call: ExprId) -> bool {
    files
        .returned_values(file, func)
        .into_iter()
        .any(|v| flows_from(files, file, v, call, 0))
}

/// Whether `func` returns what it reads of the body of the response `call` gives: a returned
/// value that is such a read (`return response.json()`, `return res.data`), awaits one, is a
/// local assigned from one, or is a call given one (`return deserialize(await res.json())`).
/// `body_of` says of an expression which expression's body it reads (the pack's `response.body`
/// accessors). The caller receives the body, so its call is where the data is used.
pub fn returns_body_of(
    files: &Files,
    file: usize,
    func: FuncId,
    call: ExprId,
    body_of: &dyn Fn(ExprId) -> Option<ExprId>,
) -> bool {
    let model = files.model(file);
    let reads = |e: ExprId| body_of(e).is_some_and(|r| flows_from(files, file, r, call, 0));
    files
        .returned_values(file, func)
        .into_iter()
        .any(|v| leads_to(model, v, &reads, true))
}

/// Whether `v` is, through awaits and locals assigned once, an expression `reads` accepts;
/// `calls` says whether a call given such an expression counts (one level:
/// `deserialize(result)`).
pub(crate) fn leads_to(
    model: &Model,
    mut v: ExprId,
    reads: &dyn Fn(ExprId) -> bool,
    calls: bool,
) -> bool {
    for _ in 0..8 {
        if reads(v) {
            return true;
        }
        match &model.expr(v).kind {
            ExprKind::Await { arg } => v = *arg,
            ExprKind::Ident {
                binding: Some(b), ..
            } => {
                let binding = model.binding(*b);
                match binding.origin.init {
                    Some(init) if !binding.reassigned && binding.origin.path.is_empty() => v = init,
                    _ => return false,
                }
            }
            ExprKind::Call { args, .. } if calls => {
                return args.iter().any(|a| leads_to(model, a.value, reads, false));
            }
            _ => return false,
        }
    }
    false
}

/// Whether a value `func` returns is, or holds anywhere inside it, what `call` gives (an object
/// keeping it under a key, a closure that uses it): the caller gets what the call made.
pub fn returns_holding(files: &Files, file: usize, func: FuncId, call: ExprId) -> bool {
    let model = files.model(file);
    files.returned_values(file, func).into_iter().any(|v| {
        let span = model.expr(v).span;
        flows_from(files, file, v, call, 0)
            || model.exprs.iter().enumerate().any(|(i, e)| {
                e.span.start >= span.start
                    && e.span.end <= span.end
                    && matches!(
                        e.kind,
                        ExprKind::Ident {
                            binding: Some(_),
                            ..
                        }
                    )
                    && flows_from(files, file, ExprId::from_index(i), call, 0)
            })
    })
}

/// Whether `expr` is `call`, or an await, a chaining method call or a local whose value is it.
fn flows_from(files: &Files, file: usize, expr: ExprId, call: ExprId, hops: usize) -> bool {
    let model = files.model(file);
    if expr == call {
        return true;
    }
    if hops > 8 {
        return false;
    }
    if settled_by(model, expr, call) {
        return true;
    }
    match &model.expr(expr).kind {
        ExprKind::Await { arg } => flows_from(files, file, *arg, call, hops + 1),
        // A method given nothing reads the response (`res.json()`); one given a function or an
        // operator passes the stream on.
        ExprKind::Call { callee, args, .. } if !args.is_empty() => {
            match &model.expr(*callee).kind {
                ExprKind::Member { object, .. } => flows_from(files, file, *object, call, hops + 1),
                _ => false,
            }
        }
        ExprKind::Ident {
            binding: Some(b), ..
        } => {
            let binding = model.binding(*b);
            !binding.reassigned
                && binding.origin.path.is_empty()
                && binding
                    .origin
                    .init
                    .is_some_and(|init| flows_from(files, file, init, call, hops + 1))
        }
        // A field the request is kept in (`this._all ??= this.list()`, `if (!this._all)
        // this._all = this.list(…); return this._all`): assigned from the call itself.
        ExprKind::Member {
            object,
            property: MemberProp::Name(field),
            ..
        } if matches!(model.expr(*object).kind, ExprKind::This) => {
            crate::classes::class_of_receiver(files, file, *object)
                .and_then(|(_, class)| {
                    files
                        .field_assignments(file)
                        .get(&(class, field.to_string()))
                })
                .is_some_and(|assigned| {
                    assigned
                        .iter()
                        .any(|&(_, value)| flows_from(files, file, value, call, hops + 1))
                })
        }
        _ => false,
    }
}

/// Whether `func` returns a deferred `call` settles (see [`settled_by`]).
pub fn returns_settled_deferred(files: &Files, file: usize, func: FuncId, call: ExprId) -> bool {
    let model = files.model(file);
    files
        .returned_values(file, func)
        .into_iter()
        .any(|v| settled_by(model, v, call))
}

/// Whether `expr` is a deferred the call settles, or its promise: a local made by a call
/// (`Q.defer()`, `$.Deferred()`) and handed to `call` (`this.request(…, deferred)`), returned
/// as `deferred.promise` or itself. The caller receives what the request resolves it with.
fn settled_by(model: &Model, expr: ExprId, call: ExprId) -> bool {
    let held = match &model.expr(expr).kind {
        ExprKind::Member { object, .. } => *object,
        _ => expr,
    };
    let ExprKind::Ident {
        binding: Some(b), ..
    } = &model.expr(held).kind
    else {
        return false;
    };
    let binding = model.binding(*b);
    let made_by_call = !binding.reassigned
        && matches!(binding.kind, BindingKind::Var { .. })
        && binding.origin.path.is_empty()
        && binding
            .origin
            .init
            .is_some_and(|i| matches!(model.expr(i).kind, ExprKind::Call { .. }));
    let ExprKind::Call { args, .. } = &model.expr(call).kind else {
        return false;
    };
    made_by_call
        && args.iter().any(|a| {
            matches!(&model.expr(a.value).kind,
                ExprKind::Ident { binding: Some(x), .. } if x == b)
        })
}

/// The statements of a function's block body (empty for an expression body).
pub fn block_body(model: &Model, func: FuncId) -> &[seam_lang::model::StmtId] {
    match &model.function(func).body {
        FunctionBody::Block(stmts) => stmts,
        _ => &[],
    }
}

/// True when the function has a body to follow.
pub fn has_body(model: &Model, func: FuncId) -> bool {
    !matches!(model.function(func).body, FunctionBody::None)
}

/// The name a call's callee ends in: the function's name or the member's property name.
pub fn callee_name(model: &Model, call: ExprId) -> Option<&str> {
    let ExprKind::Call { callee, .. } = &model.expr(call).kind else {
        return None;
    };
    match &model.expr(*callee).kind {
        ExprKind::Ident { name, .. } => Some(name),
        ExprKind::Member {
            property: MemberProp::Name(name),
            ..
        } => Some(name),
        _ => None,
    }
}

/// A method call `object.name(args)` (not `new`): its object, the method's name and the
/// arguments.
pub fn method_call(
    model: &Model,
    expr: ExprId,
) -> Option<(ExprId, &str, &[seam_lang::model::Arg])> {
    let ExprKind::Call {
        callee,
        args,
        is_new: false,
        ..
    } = &model.expr(expr).kind
    else {
        return None;
    };
    let ExprKind::Member {
        object,
        property: seam_lang::model::MemberProp::Name(name),
        ..
    } = &model.expr(*callee).kind
    else {
        return None;
    };
    Some((*object, name.as_str(), &args[..]))
}

/// Every call expression of a model, in arena order (which is source order within a file).
pub fn calls(model: &Model) -> impl Iterator<Item = ExprId> + '_ {
    model
        .exprs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, ExprKind::Call { .. }))
        .map(|(i, _)| ExprId::from_index(i))
}

/// The call expressions written inside a function (its nested functions included), in arena
/// order.
pub fn calls_inside(model: &Model, func: FuncId) -> impl Iterator<Item = ExprId> + '_ {
    let span = model.function(func).span;
    calls(model).filter(move |&call| span.contains(model.expr(call).span))
}

/// Whether a statement is a declaration that does nothing when reached.
pub fn is_declaration(model: &Model, stmt: seam_lang::model::StmtId) -> bool {
    matches!(
        model.stmt(stmt).kind,
        StmtKind::FunctionDecl { .. } | StmtKind::ClassDecl { .. } | StmtKind::TypeDecl { .. }
    )
}

/// The loop variables that hold each element of what a `for … of`/`for … in`/`range` loop
/// iterates, mapped to the iterated expression: the one variable of the loop, or in Go the
/// second of `for _, v := range xs` (the first is the index).
fn element_variables(model: &Model) -> BTreeMap<BindingId, ExprId> {
    let mut out = BTreeMap::new();
    for s in &model.stmts {
        let StmtKind::Loop(l) = &s.kind else {
            continue;
        };
        let (Some(left), Some(iterable)) = (&l.left, &l.iterable) else {
            continue;
        };
        let element = match &model.pattern(*left).kind {
            seam_lang::model::PatternKind::Ident {
                binding: Some(b), ..
            } if model.language != Language::Go => Some(*b),
            seam_lang::model::PatternKind::Array {
                elements,
                rest: None,
            } if model.language == Language::Go && elements.len() == 2 => {
                elements[1].and_then(|p| match &model.pattern(p).kind {
                    seam_lang::model::PatternKind::Ident {
                        binding: Some(b), ..
                    } => Some(*b),
                    _ => None,
                })
            }
            _ => None,
        };
        if let Some(b) = element {
            out.insert(b, *iterable);
        }
    }
    out
}

/// Whether `span` lies inside a loop statement of the model (a value assigned there changes
/// on every turn).
pub fn in_loop(model: &Model, span: Span) -> bool {
    model
        .stmts
        .iter()
        .any(|s| matches!(s.kind, StmtKind::Loop(_)) && s.span.contains(span))
}

/// Whether the expression `expr` reads the name `b` anywhere inside it (not inside functions
/// written there).
pub fn mentions_binding(model: &Model, expr: ExprId, b: seam_lang::model::BindingId) -> bool {
    struct Finder<'m> {
        model: &'m Model,
        b: seam_lang::model::BindingId,
        found: bool,
    }
    impl seam_lang::model::ExprVisitor for Finder<'_> {
        fn expr(&mut self, id: ExprId) {
            if self.found {
                return;
            }
            if matches!(self.model.expr(id).kind, ExprKind::Ident { binding: Some(x), .. } if x == self.b)
            {
                self.found = true;
                return;
            }
            seam_lang::model::walk_expr_children(self.model, id, self);
        }
    }
    let mut finder = Finder {
        model,
        b,
        found: false,
    };
    seam_lang::model::ExprVisitor::expr(&mut finder, expr);
    finder.found
}

#[cfg(test)]
mod tests {
    use super::is_whole_module_assignment;

    #[test]
    fn module_exports_and_export_equals_are_the_whole_module_and_export_default_is_not() {
        assert!(is_whole_module_assignment("module.exports = router"));
        assert!(is_whole_module_assignment("module . exports=router"));
        assert!(is_whole_module_assignment("export = router;"));
        assert!(!is_whole_module_assignment("export default router;"));
        assert!(!is_whole_module_assignment(
            "module.exports.router = router"
        ));
        assert!(!is_whole_module_assignment("exports.router = router"));
        assert!(!is_whole_module_assignment(""));
    }
}
