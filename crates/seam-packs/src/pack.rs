//! A loaded pack: the file's fields checked and its patterns compiled once.

use std::collections::BTreeMap;
use std::fmt;

use seam_lang::model::Language;

use crate::pattern::PatternNode;

/// Where a pack came from, for `seam packs` and `--explain`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum PackOrigin {
    /// Embedded in the binary.
    Builtin,
    /// Read from this file.
    Path(String),
}

impl fmt::Display for PackOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackOrigin::Builtin => f.write_str("built-in"),
            PackOrigin::Path(p) => f.write_str(p),
        }
    }
}

/// The languages a pack reads: one family per pack, since its patterns are written in one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LanguageFamily {
    /// JavaScript, TypeScript, JSX, TSX.
    JavaScript,
    Python,
    Java,
    Go,
    Kotlin,
    Rust,
    Ruby,
    Php,
    CSharp,
    /// Java and Kotlin (`languages: [java, kotlin]`): patterns are written in Java, and
    /// Kotlin code lowers to the same model for annotations, calls and instantiations.
    Jvm,
}

impl LanguageFamily {
    pub fn includes(self, language: Language) -> bool {
        match self {
            LanguageFamily::JavaScript => language.is_js_family(),
            LanguageFamily::Python => language == Language::Python,
            LanguageFamily::Java => language == Language::Java,
            LanguageFamily::Go => language == Language::Go,
            LanguageFamily::Kotlin => language == Language::Kotlin,
            LanguageFamily::Rust => language == Language::Rust,
            LanguageFamily::Ruby => language == Language::Ruby,
            LanguageFamily::Php => language == Language::Php,
            LanguageFamily::CSharp => language == Language::CSharp,
            LanguageFamily::Jvm => matches!(language, Language::Java | Language::Kotlin),
        }
    }

    /// True when a file of family `file` is one this family reads (`Jvm` reads Java and
    /// Kotlin files).
    pub fn covers(self, file: LanguageFamily) -> bool {
        self == file
            || (self == LanguageFamily::Jvm
                && matches!(file, LanguageFamily::Java | LanguageFamily::Kotlin))
    }

    /// The language patterns are parsed as (TypeScript is a superset of the JS family).
    pub fn pattern_language(self) -> Language {
        match self {
            LanguageFamily::JavaScript => Language::TypeScript,
            LanguageFamily::Python => Language::Python,
            LanguageFamily::Java | LanguageFamily::Jvm => Language::Java,
            LanguageFamily::Go => Language::Go,
            LanguageFamily::Kotlin => Language::Kotlin,
            LanguageFamily::Rust => Language::Rust,
            LanguageFamily::Ruby => Language::Ruby,
            LanguageFamily::Php => Language::Php,
            LanguageFamily::CSharp => Language::CSharp,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            LanguageFamily::JavaScript => "javascript",
            LanguageFamily::Python => "python",
            LanguageFamily::Java => "java",
            LanguageFamily::Go => "go",
            LanguageFamily::Kotlin => "kotlin",
            LanguageFamily::Rust => "rust",
            LanguageFamily::Ruby => "ruby",
            LanguageFamily::Php => "php",
            LanguageFamily::CSharp => "csharp",
            LanguageFamily::Jvm => "java, kotlin",
        }
    }
}

/// What a pack discovers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// The providing side: handlers registered with a router.
    Handler,
    /// The consuming side: call sites of a client.
    Client,
    /// Reads and writes of a store (see [`crate::store`]).
    Store,
}

/// Manifest dependency names that switch a pack on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DetectRule {
    pub npm: Vec<String>,
    pub pypi: Vec<String>,
    pub go: Vec<String>,
    /// Rust crate names, matched against a file's `use` paths.
    pub cargo: Vec<String>,
    /// Composer package names (`vendor/package`), for composer.json.
    pub composer: Vec<String>,
    /// Maven coordinates (`group:artifact`), for pom.xml and Gradle build files.
    pub maven: Vec<String>,
    /// Ruby gem names, for Gemfile and Gemfile.lock.
    pub gem: Vec<String>,
    /// NuGet package names, for .csproj files (`Microsoft.AspNetCore.App` for the web SDK).
    pub nuget: Vec<String>,
    pub always: bool,
}

/// A value a pack reads off a match.
#[derive(Debug, Clone, PartialEq)]
pub enum ValueRead {
    /// A number written in the pack (`status: 200`).
    Number(i64),
    /// A string written in the pack (`method: GET`).
    Text(String),
    /// What a metavariable bound.
    Meta(String),
    /// A key of the options object a metavariable bound (`{ option: $OPTS, key: method }`),
    /// with the value used when the key is not there (for a URL, `$X` reads what the
    /// metavariable bound).
    Option {
        meta: String,
        key: String,
        default: Option<String>,
    },
    /// A call of the builder chain a metavariable bound (`{ chain: $REQ, call: url }`, read
    /// for a client call's URL and method only): the first argument of the last call named
    /// `call`; for a method, the last of `method_calls` the chain makes names it, else the
    /// argument of `call`, else `default`. With `key`, only a call whose first argument is
    /// written as that key counts, and its second argument is the value
    /// (`c.setopt(pycurl.URL, u)`).
    Chain {
        meta: String,
        call: Option<String>,
        method_calls: Vec<String>,
        default: Option<String>,
        key: Option<String>,
    },
}

/// A condition on what a metavariable bound.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraint {
    /// A parameter of the unit with this input role.
    pub role: Option<String>,
    /// A client object of the pack.
    pub client: bool,
    /// A name among these (for a metavariable after a `.`).
    pub one_of: Vec<String>,
    /// Literal text starting with `/` (a path written at the call).
    pub path_literal: bool,
    /// An object whose value cannot be followed in the project.
    pub opaque: bool,
    /// A string naming an HTTP method.
    pub http_method: bool,
    /// Text the code fixes at least in part, not an object.
    pub text: bool,
    /// Text holding a `/` (a path), not a bare name.
    pub path: bool,
    /// Not a function the project defines without parameters.
    pub takes_arguments: bool,
}

/// A dev-server proxy table (see `DevProxyFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct DevProxy {
    pub pattern: PatternNode,
    /// The config file's name, a glob.
    pub file: String,
    /// The metavariable holding the table.
    pub proxy: String,
    pub path_rewrite: Option<String>,
    pub rewrite: Option<String>,
}

/// A prefix for every route of the pack under the directory where it is found.
#[derive(Debug, Clone, PartialEq)]
pub struct GlobalPrefix {
    pub pattern: PatternNode,
    pub prefix: String,
    /// Only files whose name matches this glob are searched.
    pub file: Option<String>,
    /// The metavariable holding the routes the prefix leaves out.
    pub exclude: Option<String>,
}

/// A call that switches URI versioning on (`app.enableVersioning({ type: URI })`).
#[derive(Debug, Clone, PartialEq)]
pub struct UriVersioning {
    pub pattern: PatternNode,
    /// Text in front of the version in its path segment (`v` for `/v1`).
    pub segment: String,
    /// The key of the call's options object giving the version of routes that declare none.
    pub default_version: Option<String>,
}

/// A route table over modules (`RouterModule.register([{ path, module, children }])`): the
/// classes each module declares serve under the entry's path, nested entries under their
/// parent's.
#[derive(Debug, Clone, PartialEq)]
pub struct ModuleRoutes {
    pub patterns: Vec<PatternNode>,
    /// The metavariable holding the table.
    pub routes: String,
    pub path_key: String,
    pub module_key: String,
    pub children_key: Option<String>,
    /// Matched against the module class's decorators; binds `declared`.
    pub declares: PatternNode,
    pub declared: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mount {
    pub pattern: PatternNode,
    /// `None`: the matched call is itself the parent router.
    pub parent: Option<String>,
    pub prefix: Option<String>,
    pub child: String,
    /// A child that is a function is a plugin: this parameter is the router inside it.
    pub plugin_parameter: Option<u32>,
}

impl Mount {
    /// The parent router's expression in a match of `pattern` on `call`: what `parent` bound,
    /// or the call itself when the mount names no parent.
    pub fn parent_expr(
        &self,
        captures: &crate::matcher::Captures,
        call: seam_lang::model::ExprId,
    ) -> Option<seam_lang::model::ExprId> {
        match &self.parent {
            Some(p) => captures.get(p).and_then(crate::matcher::Capture::expr),
            None => Some(call),
        }
    }

    /// The router a chain walks on to through this mount (`.path(p, b -> …)` gives back its
    /// parent): none for a mount that is itself the router.
    pub fn parent_bound(
        &self,
        captures: &crate::matcher::Captures,
    ) -> Option<seam_lang::model::ExprId> {
        self.parent
            .as_ref()
            .and_then(|p| captures.get(p))
            .and_then(crate::matcher::Capture::expr)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub pattern: PatternNode,
    pub receiver: Option<String>,
    pub receiver_pattern: Option<PatternNode>,
    pub method: ValueRead,
    /// Lower-case method names the method metavariable may bind; `all` is every method.
    pub methods: Vec<String>,
    /// The metavariable holding the path, or the object holding it under `path_key`; empty
    /// when the pattern binds none (the route is at its router's own path).
    pub path: String,
    /// A dotted key of the object `path` holds where the path is (`openapi.path`).
    pub path_key: Option<String>,
    pub handlers: String,
    /// Lower-case names of the chained calls peeled to reach `receiver_pattern`.
    pub chain: Vec<String>,
    /// The path may start with `METHOD ` (see `RouteFile::method_in_path`).
    pub method_in_path: bool,
    /// The handlers are a chain of method routers (see `RouteFile::method_routers`).
    pub method_routers: bool,
    /// The route serves every path under its path (see `RouteFile::path_prefix`).
    pub path_prefix: bool,
    /// A route only where its handler answers (see `RouteFile::handler_answers`).
    pub handler_answers: bool,
    /// What the bound metavariables must be (`pathLiteral`), by metavariable name.
    pub constraints: BTreeMap<String, Constraint>,
    /// The metavariable holding the text mapping methods to the handler type's methods (see
    /// `RouteFile::actions`).
    pub actions: Option<String>,
}

/// Trees of procedures served as routes (see `ProceduresFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct Procedures {
    pub routers: Vec<PatternNode>,
    pub members: String,
    /// Calls that merge routers, with the `$$$` metavariable holding them.
    pub merges: Vec<(PatternNode, String)>,
    /// Each procedure's path is its keys joined with this text (see `ProceduresFile::keys`).
    pub keys: Option<String>,
    pub serve: Vec<Serve>,
}

/// A call that serves a tree of procedures (see `ServeFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct Serve {
    pub pattern: PatternNode,
    /// The metavariable holding the router served.
    pub router: String,
    /// The metavariable holding the prefix.
    pub prefix: Option<String>,
    /// The prefix is the serving file's folder below the last folder of this name.
    pub folder: Option<String>,
}

/// A handler expression that stands for a class (`View.as_view()`).
#[derive(Debug, Clone, PartialEq)]
pub struct ClassHandler {
    pub pattern: PatternNode,
    /// The metavariable holding the class.
    pub class: String,
    /// The metavariable holding a mapping of HTTP methods to the names of the class's methods
    /// that answer them (`{"get": "list", "post": "create"}`).
    pub actions: Option<String>,
}

/// Routes declared as list elements (see `RouteListsFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct RouteLists {
    pub entries: Vec<RouteListEntry>,
    /// Handler expressions that stand for a class.
    pub class_handlers: Vec<ClassHandler>,
    /// Lower-case method names of a handler class that serve that method.
    pub methods: Vec<String>,
    /// Framework classes by name → the (lower-case) methods each serves.
    pub class_bases: std::collections::BTreeMap<String, Vec<String>>,
    pub router_registrations: Vec<RouterRegistration>,
    /// Routers made under a registration of another router.
    pub nested_routers: Vec<NestedRouter>,
    /// The router property standing for its registrations (`urls`).
    pub router_urls: Option<String>,
    /// Router methods adding routes from elsewhere (`extend`).
    pub router_extensions: Vec<String>,
    pub viewsets: Option<Viewsets>,
    /// The names a root list is served under (see `RouteListsFile::root_names`).
    pub root_names: Vec<String>,
    /// The class attribute limiting a handler class's methods (see
    /// `RouteListsFile::allowed_methods`).
    pub allowed_methods: Option<String>,
    /// Decorators naming a function handler's methods, tried in order.
    pub method_decorators: Vec<MethodDecorator>,
    /// (pattern, metavariable holding the elements) of calls read as a route list.
    pub list_calls: Vec<(PatternNode, String)>,
}

/// A decorator naming a function handler's methods (see `MethodDecoratorFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct MethodDecorator {
    pub pattern: PatternNode,
    pub methods: MethodList,
}

/// The methods a decorator names: what a metavariable binds (a list of names or one name),
/// or upper-case methods written in the pack.
#[derive(Debug, Clone, PartialEq)]
pub enum MethodList {
    Meta(String),
    Fixed(Vec<String>),
}

/// A call registering a class of actions on a router under a prefix.
#[derive(Debug, Clone, PartialEq)]
pub struct RouterRegistration {
    pub pattern: PatternNode,
    pub router: String,
    pub prefix: String,
    pub viewset: String,
}

/// A router made under another router's registration (see `NestedRouterFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct NestedRouter {
    pub pattern: PatternNode,
    pub parent: String,
    pub parent_prefix: String,
    pub lookup: String,
    /// The parameter's name, with `{lookup}` and `{parentLookup}` to fill.
    pub parameter: String,
}

/// How a registered class expands into routes (see `ViewsetsFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct Viewsets {
    pub lookup: Vec<String>,
    pub default_lookup: String,
    /// (action name, upper-case HTTP method, detail).
    pub actions: Vec<(String, String, bool)>,
    pub bases: std::collections::BTreeMap<String, Vec<String>>,
    pub extra_actions: Option<ExtraActions>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ExtraActions {
    pub decorator: String,
    pub detail: String,
    pub methods: String,
    pub url_path: String,
    pub mapping: Option<String>,
    /// The keyword arguments in the order the decorator also takes them by position
    /// (`@action(["post"], detail=False)`).
    pub positional: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RouteListEntry {
    pub pattern: PatternNode,
    pub path: String,
    /// Either the child of an include or the handler of a route.
    pub target: RouteListTarget,
    pub regex: bool,
    /// The method a function handler serves.
    pub method: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RouteListTarget {
    Child(String),
    Handler(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Decorated {
    pub decorator: PatternNode,
    pub receiver: Option<String>,
    pub method: ValueRead,
    pub methods: Vec<String>,
    pub path: String,
    /// Class decorators adding a prefix (and a URI version), tried in order.
    pub class_prefix: Vec<PatternNode>,
    /// The metavariable holding the route's declared status.
    pub status: Option<String>,
    /// The metavariable holding the route's declared body.
    pub body: Option<String>,
    /// The decorator is on a class whose methods named in `methods` are the units.
    pub on_class: bool,
    /// A decorator of the same function declaring the status (its first metavariable).
    pub status_decorator: Option<PatternNode>,
    /// A decorator of the same function declaring the path (its first metavariable).
    pub path_decorator: Option<PatternNode>,
    /// A decorator of the same function declaring its URI version, over the class's.
    pub version_decorator: Option<PatternNode>,
    /// The status route terminals report when nothing declares one.
    pub default_status: Option<i64>,
    /// The path may start with the method and a space, which replaces `method`.
    pub method_in_path: bool,
    /// The class prefix is inherited from the nearest project base class with one.
    pub inherit_class_prefix: bool,
    /// A path starting with `/` or `~/` is not under the class prefix.
    pub rooted_paths: bool,
    /// Tokens of the prefix and the path standing for the class's or function's name.
    pub name_tokens: Option<crate::format::NameTokensFile>,
}

/// Exception handlers (see `format::ExceptionHandlersFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct ExceptionHandlers {
    pub decorators: Vec<PatternNode>,
    pub advice: Vec<PatternNode>,
    pub status: Vec<PatternNode>,
    pub status_bases: BTreeMap<String, usize>,
}

/// A client declared as an interface (see `format::DeclaredClientFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct DeclaredClient {
    /// Decorators of the interface that mark it; empty when any class may be one.
    pub interface: Vec<PatternNode>,
    /// Method decorators saying each call's method and path (and the interface's prefix).
    pub methods: Vec<Decorated>,
}

/// How a parameter's request field is named.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldName {
    /// The parameter's own name.
    Name,
    /// The parameter's name with `_` written `-` (a header).
    Header,
    /// A string a metavariable of the default's pattern bound.
    Meta(String),
}

/// A parameter role read from the parameter's default value.
#[derive(Debug, Clone, PartialEq)]
pub struct InputDefault {
    pub pattern: PatternNode,
    pub role: String,
    pub field: Option<FieldName>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct FileConvention {
    pub glob: String,
    pub exports: Vec<String>,
    pub method: Option<String>,
    pub prefix: Option<String>,
    pub file_name_segment: bool,
    pub index_names: Vec<String>,
    /// File-name suffixes (`.get`) that name the method of the default export.
    pub method_suffixes: Vec<String>,
    /// An exported object whose property functions are handlers of `method`.
    pub export_object: Option<String>,
    /// The method of a named export, when not its name upper-cased.
    pub export_methods: BTreeMap<String, String>,
    /// A file also exporting one of these is no route file.
    pub unless_exports: Vec<String>,
    /// Names split into segments at this text, `[…]` escaping it.
    pub separator: Option<String>,
    /// A directory name ending so is a flat folder (see `FileConventionFile`).
    pub flat_folder_suffix: Option<String>,
    /// Where a `*` handler reads the method it branches on (one route per method named).
    pub method_branches: Option<MethodBranches>,
}

/// The property of an input (by role) holding the request's method (`req.method`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MethodBranches {
    pub role: String,
    pub property: String,
}

/// A composed decorator: a decorator whose type the project declares (a Java annotation
/// type), itself decorated with one a `decorated` entry reads with nothing bound
/// (`@RequestMapping(method = RequestMethod.GET) @interface ApiGetMapping`). A use
/// (`@ApiGetMapping("/x")`) is a route of that entry, at the path its first positional argument
/// or the first of `path_arguments` gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComposedDecorators {
    pub path_arguments: Vec<String>,
}

/// Where a handler reads the request's path and method when it dispatches on them itself
/// (`if r.Method == http.MethodGet && r.URL.Path == usersPath { return s.list(w, r) }`).
#[derive(Debug, Clone, PartialEq)]
pub struct PathBranches {
    /// The role of the input holding the request.
    pub role: String,
    /// The property chain of the request holding its whole path (`["URL", "Path"]`).
    pub path: Vec<String>,
    /// The property of the request holding its method.
    pub method: Option<String>,
    pub regex_tests: Vec<RegexTest>,
    pub regex_makers: Vec<RegexMaker>,
}

/// A test of a value against a regular expression (`$REGEX.MatchString($PATH)`).
#[derive(Debug, Clone, PartialEq)]
pub struct RegexTest {
    pub pattern: PatternNode,
    /// The metavariable bound to the regular expression (without `$`).
    pub regex: String,
    /// The metavariable bound to the value tested (without `$`).
    pub subject: String,
}

/// A call making a regular expression from its text (`regexp.MustCompile($TEXT)`).
#[derive(Debug, Clone, PartialEq)]
pub struct RegexMaker {
    pub pattern: PatternNode,
    /// The metavariable bound to the text (without `$`).
    pub text: String,
}

/// A segment rewrite: fixed text around one name (`[...`, `]`) and the template it becomes.
#[derive(Debug, Clone, PartialEq)]
pub struct SegmentRule {
    pub before: String,
    pub after: String,
    /// `to` split at `$NAME`: text before and after the name; `None` when `to` has no name.
    pub to: (String, Option<String>),
    /// Also applies to each occurrence inside a longer name.
    pub within: bool,
    /// Matches only the name `before` itself (a `from` with no `$NAME`).
    pub exact: bool,
}

/// Which statement a terminal is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerminalStatement {
    /// A call anywhere on the path (`res.json(x)`).
    Expression,
    /// The value of a `return`.
    Return,
    /// The value of a `throw` / `raise`.
    Throw,
}

/// What comes out when a terminal runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    Response,
    Throw,
    Return,
}

impl OutputKind {
    /// The terminal kind written in transition ids.
    pub fn as_str(self) -> &'static str {
        match self {
            OutputKind::Response => "response",
            OutputKind::Throw => "throw",
            OutputKind::Return => "return",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Terminal {
    pub pattern: Option<PatternNode>,
    pub statement: TerminalStatement,
    pub output: OutputKind,
    pub status: Option<ValueRead>,
    pub body: Option<String>,
    pub exception: Option<String>,
    pub message: Option<String>,
    /// The terminal only sets the status for what the path sends later (`part: status`).
    pub sets_status: bool,
    /// The call answers with the status only when it fails, and the path goes on after it
    /// (`part: failure`: gin's `c.Bind(&v)` answers 400 on a body it cannot bind).
    pub on_failure: bool,
    /// The route's declared status and body replace this terminal's.
    pub route: bool,
    pub constraints: BTreeMap<String, Constraint>,
}

/// A call the framework answers itself when it fails (`failureAnswers`).
#[derive(Debug, Clone, PartialEq)]
pub struct FailureAnswer {
    pub pattern: PatternNode,
    pub status: u16,
    pub constraints: BTreeMap<String, Constraint>,
}

/// A read of a value code run before the handler put on its context (`injected`).
#[derive(Debug, Clone, PartialEq)]
pub struct InjectedValue {
    pub pattern: PatternNode,
    /// The metavariable naming the value.
    pub name: String,
    pub constraints: BTreeMap<String, Constraint>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClientObject {
    /// The module whose import is a client.
    pub import: Option<String>,
    /// The call that makes an instance.
    pub create: Option<PatternNode>,
    pub base_url: Option<ValueRead>,
    /// The module the `create` pattern's callee is imported from, matched by binding.
    pub from: Option<String>,
    /// A declared type whose values are clients.
    pub type_name: Option<String>,
    /// A parameter name whose parameters are clients (a service injected by name).
    pub parameter: Option<String>,
    pub injected: Option<InjectedClient>,
    /// What of `create` must be a client itself (its base URL carries): a metavariable
    /// (`ValueRead::Meta`) or a key of an options object it binds (`ValueRead::Option`).
    pub of: Option<ValueRead>,
    /// Where the options of a client made out of sight are written; `base_url` reads the
    /// metavariable of its pattern.
    pub configured: Option<ConfiguredClient>,
}

/// A client's options written in a config file (see `ConfiguredClientFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct ConfiguredClient {
    pub pattern: PatternNode,
    /// More patterns read alike, tried after `pattern`.
    pub or: Vec<PatternNode>,
    /// The config file's name, a glob; `None`: the file that makes the client.
    pub file: Option<String>,
}

/// A client handed to a callback (see `InjectedClientFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct InjectedClient {
    pub pattern: PatternNode,
    pub callback: ValueRead,
    /// `None`: the callback's first parameter itself is the client.
    pub property: Option<String>,
    /// Which parameter of the callback is the client when `property` is `None` (0: the first).
    pub parameter: u32,
    /// Where the client handed on is read (a metavariable or an options key), whose base URL
    /// the handed client carries.
    pub client: Option<ValueRead>,
}

/// An assignment of a client's base URL after it is made (see `BaseAssignmentFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct BaseAssignment {
    pub pattern: PatternNode,
    pub client: String,
    pub base: String,
}

/// A request interceptor on a client instance that rewrites the URL (see `UrlInterceptorFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct UrlInterceptor {
    pub pattern: PatternNode,
    /// `None`: every client of the pack in the project.
    pub client: Option<String>,
    pub handler: String,
    pub url: String,
    /// The property holding the request's base URL, when the pack names one.
    pub base: Option<String>,
}

/// Where a framework's configuration takes its values from (see `SettingsObjectFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct SettingsObject {
    pub pattern: PatternNode,
    pub object: String,
}

/// A response interceptor's failure handler (see `FailureInterceptorFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct FailureInterceptor {
    pub pattern: PatternNode,
    /// `None`: registered for every client of the pack.
    pub client: Option<String>,
    pub handler: String,
}

/// Routes of a contract served by an implementation (see `ContractRoutesFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct ContractRoutes {
    pub pattern: PatternNode,
    pub contract: String,
    pub handlers: String,
    pub method: String,
    pub path: String,
}

/// Where the function an invocation calls comes from (see `InvocationFile`).
#[derive(Debug, Clone, PartialEq)]
pub enum InvokedFunction {
    /// The metavariable of the call holding it.
    Captured(String),
    /// The object key of the one configuration element that gives it (see
    /// `ProvidedFunctionFile`).
    Provided {
        element: String,
        attribute: String,
        key: String,
    },
}

/// A library call that calls a function it is given (see `InvocationFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct Invocation {
    pub pattern: PatternNode,
    pub function: InvokedFunction,
    pub args: Vec<String>,
    /// See `InvocationFile::keeps_failures`.
    pub keeps_failures: bool,
    /// See `InvocationFile::paged`.
    pub paged: bool,
}

/// A call that handles the rejection of the promise its `promise` metavariable holds (see
/// `PackFile::keeps_rejections`).
#[derive(Debug, Clone, PartialEq)]
pub struct RejectionKeeper {
    pub pattern: PatternNode,
    pub promise: String,
    /// See `RejectionKeeperFile::through`.
    pub through: Vec<String>,
}

/// An expression that builds a URL from other values (see `UrlBuilderFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct UrlBuilder {
    pub pattern: PatternNode,
    pub url: String,
    pub base: Option<String>,
    /// See `UrlBuilderFile::joined`.
    pub joined: bool,
}

/// Values passed from page templates to scripts (see `MarkupFile`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Markup {
    pub reads: Vec<MarkupRead>,
    pub handlers: Vec<MarkupHandler>,
    pub route_urls: Vec<RouteUrl>,
    pub route_names: Option<String>,
    /// See `MarkupFile::route_namespace`.
    pub route_namespace: Option<String>,
    /// See `MarkupFile::function_names`.
    pub function_names: bool,
    /// See `MarkupFile::router_names`.
    pub router_names: Vec<RouterName>,
    /// See `MarkupFile::attributes` (lower case).
    pub attributes: Vec<String>,
}

/// A router whose name is a namespace of its routes' names (see `RouterNameFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct RouterName {
    pub pattern: PatternNode,
    pub name: String,
}

/// A script's read of an element attribute (see `MarkupReadFile`): the metavariables.
#[derive(Debug, Clone, PartialEq)]
pub struct MarkupRead {
    pub pattern: PatternNode,
    pub selector: Option<String>,
    pub id: Option<String>,
    pub attribute: Option<String>,
    pub data: Option<String>,
}

/// A call making a function the handler of selected elements (see `MarkupHandlerFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct MarkupHandler {
    pub pattern: PatternNode,
    pub selector: String,
    pub handler: String,
}

/// A template tag writing a route's URL by its name (see `RouteUrlFile`).
#[derive(Debug, Clone, PartialEq)]
pub struct RouteUrl {
    pub pattern: PatternNode,
    pub name: String,
    pub arguments: Option<String>,
}

/// A typed RPC client's call whose member chain spells the path (see
/// `PackFile::member_calls`).
#[derive(Debug, Clone, PartialEq)]
pub struct MemberCall {
    /// Called member name → HTTP method.
    pub methods: BTreeMap<String, String>,
    pub parameter_prefix: Option<String>,
    pub index: Vec<String>,
    /// The members make one segment joined with this text.
    pub separator: Option<String>,
    /// Called members whose failures the library keeps as its own error state.
    pub keeps_failures: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ClientCall {
    pub pattern: PatternNode,
    pub constraints: BTreeMap<String, Constraint>,
    pub url: ValueRead,
    pub method: ValueRead,
    /// Known by its shape alone: another reading of the same call wins.
    pub fallback: bool,
    /// Defines a request made later: the consumer is the call, named after its object key.
    pub definition: bool,
    /// Defines a table of requests made later (`CallFile::entries`): the metavariables holding
    /// the table object and each of its properties' values. Each property is a consumer,
    /// named after its key.
    pub entries: Option<(String, String)>,
    /// The request body the call sends: what a transition's `provenance` reads the sent
    /// fields' values from.
    pub body: Option<ValueRead>,
    /// An expression the function around the call must also hold (written in that function,
    /// outside any function nested in it); its metavariables join the pattern's.
    pub alongside: Option<PatternNode>,
    /// The function around the call describes the request and hands it out: whoever calls it
    /// and gets back what it returns (the request's description, a closure that sends it, a
    /// promise of its response) has the request, out to the calls that return it no further,
    /// which are the consumers. With no such call the function itself is the consumer.
    pub handed_out: bool,
    /// Patterns the call must not match as well: a call of the entry's shape that also has
    /// one of them is no request of this entry.
    pub unless: Vec<PatternNode>,
    /// Where the call is given a callback for its failures (`ValueRead::Option`): a call given
    /// one handles every failure status.
    pub failure_callback: Option<ValueRead>,
}

/// How callers read a response; each pattern has one metavariable, the response (or error).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResponseAccessors {
    pub status: Vec<PatternNode>,
    pub ok: Vec<PatternNode>,
    pub body: Vec<PatternNode>,
    pub error_status: Vec<PatternNode>,
    pub throws_on_failure: Vec<PatternNode>,
    /// Reads of the body that reject when it is not JSON (`$R.json()`).
    pub parses_json: Vec<PatternNode>,
}

/// One loaded pack.
#[derive(Debug, Clone, PartialEq)]
pub struct Pack {
    pub name: String,
    pub description: Option<String>,
    pub origin: PackOrigin,
    pub family: LanguageFamily,
    pub kind: UnitKind,
    pub transport: String,
    pub protocol: String,
    pub recognition: String,
    pub detect: DetectRule,
    pub routers: Vec<PatternNode>,
    /// A relative route path is appended to the router's prefix as written (`appendPaths`).
    pub append_paths: bool,
    /// A path segment starting with this text is an optional parameter named by the rest
    /// (`optionalParameterPrefix`).
    pub optional_parameter_prefix: Option<String>,
    /// A later registration of a method and path on the same router is never reached.
    pub first_match_wins: bool,
    /// What a handler returns is not an output unless a terminal reads it.
    pub returns_ignored: bool,
    /// A generated file holding one of these texts is read (`readGenerated`).
    pub read_generated: Vec<String>,
    /// The status the framework answers when a handler ends having sent nothing
    /// (`quietStatus`).
    pub quiet_status: Option<u16>,
    /// Calls the framework answers itself when they fail (`failureAnswers`).
    pub failure_answers: Vec<FailureAnswer>,
    /// Reads of values code run before the handler put on its context (`injected`).
    pub injected: Vec<InjectedValue>,
    /// Per entry of `routers`: the metavariable holding the router's own prefix.
    pub router_prefixes: Vec<Option<String>>,
    /// Per entry of `routers`: the metavariable holding the router it serves under.
    pub router_parents: Vec<Option<String>>,
    pub global_prefixes: Vec<GlobalPrefix>,
    /// Where URI versioning is switched on.
    pub uri_versioning: Option<UriVersioning>,
    /// Route tables over modules (`RouterModule.register(routes)`).
    pub module_routes: Option<ModuleRoutes>,
    pub mounts: Vec<Mount>,
    pub routes: Vec<Route>,
    pub procedures: Option<Procedures>,
    pub decorated: Vec<Decorated>,
    /// Clients declared as interfaces, each annotated method a call.
    pub declared_clients: Vec<DeclaredClient>,
    pub route_lists: Option<RouteLists>,
    /// Route tables written as calls nested in blocks (see [`crate::format::RouteBlocks`]).
    pub route_blocks: Option<crate::format::RouteBlocks>,
    /// Controller-class routes, groups and resources (see [`ClassRoutes`]).
    pub class_routes: Option<ClassRoutes>,
    pub files: Vec<FileConvention>,
    /// Where a registered route's handler reads the request's method.
    pub method_branches: Option<MethodBranches>,
    /// Where a registered route's handler reads the request's path and method to dispatch
    /// on them (each branch a route).
    pub path_branches: Option<PathBranches>,
    /// Decorators whose type the project declares, decorated with one of `decorated`.
    pub composed_decorators: Option<ComposedDecorators>,
    pub segments: Vec<SegmentRule>,
    /// Input role per parameter position.
    pub roles: Vec<Option<String>>,
    pub input_defaults: Vec<InputDefault>,
    /// The role of a parameter named like a hole of the route's path.
    pub path_parameter_role: Option<String>,
    /// The role of a parameter annotated with a class of the project.
    pub class_parameter_role: Option<String>,
    /// The role of a parameter with no annotation or a keyword-type one, none other applying.
    pub plain_parameter_role: Option<String>,
    /// Roles by the last segment of the type's name a parameter is declared with (`Json`).
    pub type_roles: BTreeMap<String, String>,
    pub terminals: Vec<Terminal>,
    pub clients: Vec<ClientObject>,
    pub calls: Vec<ClientCall>,
    pub member_calls: Vec<MemberCall>,
    pub url_interceptors: Vec<UrlInterceptor>,
    pub failure_interceptors: Vec<FailureInterceptor>,
    pub base_assignments: Vec<BaseAssignment>,
    /// Import aliases the framework resolves (see `PackFile::import_aliases`), in name order.
    pub import_aliases: Vec<(String, String)>,
    /// Numbers the library names, by dotted name (see `PackFile::constants`).
    pub constants: BTreeMap<String, i64>,
    /// Exception handlers and exception classes with a status (see
    /// `format::ExceptionHandlersFile`).
    pub exception_handlers: Option<ExceptionHandlers>,
    /// Settings keys prefixing every route of their module (see `PackFile::settings_prefix`).
    pub settings_prefix: Vec<String>,
    pub response: ResponseAccessors,
    pub environment: Vec<PatternNode>,
    /// See `PackFile::settings`.
    pub settings: Vec<PatternNode>,
    /// See `PackFile::settings_objects`.
    pub settings_objects: Vec<SettingsObject>,
    pub urls: Vec<UrlBuilder>,
    /// See `PackFile::invocations`.
    pub invocations: Vec<Invocation>,
    /// See `PackFile::keeps_rejections`.
    pub keeps_rejections: Vec<RejectionKeeper>,
    /// Expressions that give the page's own origin (see `PackFile::page_origins`).
    pub page_origins: Vec<PatternNode>,
    /// Dev-server proxy tables (see `PackFile::dev_proxies`).
    pub dev_proxies: Vec<DevProxy>,
    /// Values passed from page templates to scripts (see `PackFile::markup`).
    pub markup: Markup,
    /// Expressions that encode a request body, one metavariable each (see
    /// `PackFile::body_encoders`).
    pub body_encoders: Vec<PatternNode>,
    pub contracts: Vec<ContractRoutes>,
    /// RPC services served or called (see [`Rpc`]).
    pub rpc: Option<Rpc>,
    /// Summary metadata every summary of this pack carries (see `PackFile::metadata`).
    pub metadata: BTreeMap<String, serde_json::Value>,
    pub accesses: Vec<crate::store::StoreAccess>,
    pub client_sources: crate::store::ClientSources,
    /// What the library means to the review IR; `None` when the pack has no `review:` section.
    pub review: Option<crate::review::Family>,
}

impl Pack {
    /// Whether the pack has anything for extraction (a pack may only teach the review IR).
    pub fn extracts(&self) -> bool {
        match self.kind {
            UnitKind::Handler => !self.terminals.is_empty(),
            UnitKind::Client => {
                !self.calls.is_empty()
                    || !self.member_calls.is_empty()
                    || !self.declared_clients.is_empty()
                    || self.rpc.as_ref().is_some_and(|r| !r.clients.is_empty())
            }
            UnitKind::Store => !self.accesses.is_empty(),
        }
    }

    /// The role of the parameter at `position`, if the pack gives one.
    pub fn role_at(&self, position: usize) -> Option<&str> {
        self.roles.get(position).and_then(|r| r.as_deref())
    }

    /// The position of the parameter with `role`.
    pub fn position_of_role(&self, role: &str) -> Option<usize> {
        self.roles.iter().position(|r| r.as_deref() == Some(role))
    }
}

/// RPC services declared in `.proto` files (`seam_lang::project::proto`), as a pack's `rpc:`
/// section gives them: a handler pack's calls that serve an implementation of a service, a
/// client pack's calls that make a client of one, and the HTTP routes of each rpc.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Rpc {
    /// Handler packs: `Register{service}HandlerServer`, argument 2: the implementation whose
    /// method named after each rpc handles it.
    #[serde(default)]
    pub serves: Vec<RpcCall>,
    /// Client packs: `createClient`, argument 0: the service descriptor; each method of the
    /// client (the rpc's name in lowerCamelCase) calls that rpc.
    #[serde(default)]
    pub clients: Vec<RpcCall>,
    /// The route every rpc has, over `{package}`, `{service}` and `{rpc}`
    /// (`POST /{package}.{service}/{rpc}`).
    #[serde(default)]
    pub procedure: Option<String>,
    /// The rpc option that holds an HTTP rule (`google.api.http`): the method and path of its
    /// `get`/`put`/`post`/`delete`/`patch` (or `custom { kind path }`) field, and of each of its
    /// `additional_bindings`, are routes of the rpc.
    #[serde(default)]
    pub http_rule: Option<String>,
}

/// A call of an [`Rpc`] section.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RpcCall {
    /// The called function's own name (without receiver or package); `{service}` in it stands
    /// for the name of a declared service.
    pub call: String,
    /// The argument (from 0) that holds the implementation or the service descriptor.
    pub argument: usize,
}

/// Routes whose handlers are controller classes' methods (`classRoutes:`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClassRoutes {
    pub invokable: Option<String>,
    pub separator: Option<String>,
    /// An options array holding the handler under this key (`['uses' => 'C@m']`).
    pub handler_key: Option<String>,
    pub groups: Vec<RouteGroup>,
    pub resources: Vec<Resource>,
    pub default_file_prefixes: Vec<(String, String)>,
    pub path_functions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct RouteGroup {
    pub pattern: PatternNode,
    pub child: String,
    pub options: Option<String>,
    pub prefix_key: Option<String>,
    /// The options key naming the namespace of the group's text handlers.
    pub namespace_key: Option<String>,
    pub chain_prefix: Vec<String>,
    pub chain_controller: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    pub pattern: PatternNode,
    pub name: String,
    pub controller: String,
    pub only: Vec<String>,
    pub except: Vec<String>,
    /// (action, methods upper-case, path after the resource's).
    pub actions: Vec<(String, Vec<String>, String)>,
}
