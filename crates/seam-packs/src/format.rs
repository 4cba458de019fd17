//! The pack file as written: the YAML structure, field by field. `README.md` in this crate
//! documents every field for pack authors; [`crate::pack`] is what a loaded pack compiles to.
//!
//! Unknown keys are errors, so a misspelt key is reported instead of silently ignored.

use serde::Deserialize;
use std::collections::BTreeMap;

/// One pack file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PackFile {
    /// The pack's name: what `-f NAME` selects and what `recognition` says by default.
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    /// `javascript`, `typescript` (both read the JS family) or `python`.
    pub languages: Vec<String>,
    /// `handler` (the pack discovers the providing side) or `client` (call sites).
    pub kind: String,
    pub binding: BindingFile,
    pub detect: DetectFile,
    /// Expressions that create a router or application object (`express.Router()`), each
    /// optionally with the prefix the router gives its own routes (`APIRouter(prefix=$P)`).
    #[serde(default)]
    pub routers: Vec<RouterFile>,
    /// A route's path that does not start with `/` is appended to its router's prefix as
    /// written (Echo: `Group("/user")` with `GET("s", …)` serves `/users`), not as a segment.
    #[serde(default)]
    pub append_paths: bool,
    /// The text a route path's segment starts with to make it an optional parameter named by
    /// the rest (Beego: `?:` in `/api/get-user/?:id`, read as `/api/get-user/{id?}`).
    #[serde(default)]
    pub optional_parameter_prefix: Option<String>,
    /// A request goes to the first route registered for its method and path: a later
    /// registration of the same method and path on the same router, in the same file, is never
    /// reached (Express: `router.get("/", all)` before `router.get(["/", "/:id"], one)`).
    #[serde(default)]
    pub first_match_wins: bool,
    /// The framework ignores what a handler returns (Ruby methods return their last
    /// expression whatever they mean): a returned value no terminal reads is not an output.
    #[serde(default)]
    pub returns_ignored: bool,
    /// Texts that make a generated file (`// Code generated … DO NOT EDIT.`, skipped unread
    /// otherwise) read: a generator's server glue holding the route registrations the pack
    /// reads (`type ServerInterfaceWrapper struct`).
    #[serde(default)]
    pub read_generated: Vec<String>,
    /// The status the framework answers when a handler ends having sent nothing (Go's
    /// `net/http` and gin: 200, headers and an empty body).
    #[serde(default)]
    pub quiet_status: Option<u16>,
    /// Calls in a handler the framework answers itself when they fail, before the handler's
    /// own code goes on (gin's `c.Bind(&v)` answers 400 to a body that does not bind; Hono's
    /// `c.req.valid("json")` reads what a validator middleware answered 400 for): the status
    /// is one the handler may answer, in `metadata.http.frameworkStatuses`.
    #[serde(default)]
    pub failure_answers: Vec<FailureAnswerFile>,
    /// Reads of values code run before the handler put on its context (Hono's `c.var.api`,
    /// `c.get("user")`, set by a middleware): each is an `injection` input of the handler, as
    /// a dependency is, since that code may answer for the handler.
    #[serde(default)]
    pub injected: Vec<InjectedValueFile>,
    /// Prefixes put in front of every route of the pack in the directory (and below) of the
    /// file where they are found (`app.setGlobalPrefix($P)`, `{ basePath: $P }` in a config).
    #[serde(default)]
    pub global_prefixes: Vec<GlobalPrefixFile>,
    /// Where URI versioning is switched on (`$APP.enableVersioning({ type: VersioningType.URI })`):
    /// routes whose class prefix names a `$VERSION` get the segment `<segment><version>` in
    /// front, in the directory (and below) of the file where it is found.
    #[serde(default)]
    pub uri_versioning: Option<UriVersioningFile>,
    /// Route tables that put a path in front of the classes a module declares
    /// (`RouterModule.register([{ path, module, children }])`).
    #[serde(default)]
    pub module_routes: Option<ModuleRoutesFile>,
    /// Calls that mount a child router under a prefix (`$PARENT.use($PREFIX, $CHILD)`).
    #[serde(default)]
    pub mounts: Vec<MountFile>,
    /// Calls that register a handler for a method and a path.
    #[serde(default)]
    pub routes: Vec<RouteFile>,
    /// Trees of procedures (RPC routers of named procedures) served as routes under a prefix:
    /// a route pattern with no `receiver` is served where the tree holding it is.
    #[serde(default)]
    pub procedures: Option<ProceduresFile>,
    /// Decorated functions that are handlers (`@$APP.get($PATH)`); read from the next packs on.
    #[serde(default)]
    pub decorated: Vec<DecoratedFile>,
    /// Decorators whose type the project declares, itself decorated with one `decorated` reads
    /// (`@RequestMapping(method = GET) @interface ApiGetMapping`): their uses are routes.
    #[serde(default)]
    pub composed_decorators: Option<ComposedDecoratorsFile>,
    /// Client packs: clients declared as interfaces (`@FeignClient`, `@HttpExchange`), each
    /// decorated method of a marked interface one call.
    #[serde(default)]
    pub declared_clients: Vec<DeclaredClientFile>,
    /// Routes declared as elements of a list (`urlpatterns = [path("x/", view)]`), lists
    /// included in other lists under a prefix, across modules.
    #[serde(default)]
    pub route_lists: Option<RouteListsFile>,
    /// Routes declared by calls nested in blocks (Rails' `routes.draw do … end`): scopes,
    /// resources expanded to their actions, and handlers found by naming convention.
    #[serde(default)]
    pub route_blocks: Option<RouteBlocks>,
    /// Routes whose handlers are methods of controller classes, named by the class and the
    /// method's name; groups of routes under a prefix; resource routes (Laravel's
    /// `Route::get('/x', [C::class, 'm'])`, `Route::prefix('x')->group(…)`,
    /// `Route::resource('photos', C::class)`).
    #[serde(default)]
    pub class_routes: Option<ClassRoutesFile>,
    /// Files whose exports are handlers (`app/**/route.ts` exporting `GET`).
    #[serde(default)]
    pub files: Vec<FileConventionFile>,
    /// Where a registered route's handler reads the request's method: a handler registered
    /// for several methods (`Methods("GET", "POST")`) that branches on it (`if r.Method ==
    /// "GET" { …; return }`) gives each method's route the paths that method takes only.
    #[serde(default)]
    pub method_branches: Option<MethodBranchesFile>,
    /// Where a registered route's handler reads the request's path and method when it
    /// dispatches on them itself (`if r.Method == "GET" && r.URL.Path == "/v1/users" { return
    /// s.listUsers(w, r) }`): each branch is a route, answered by the function it calls.
    #[serde(default)]
    pub path_branches: Option<PathBranchesFile>,
    /// How file-convention directory names become path segments, tried in order.
    #[serde(default)]
    pub segments: Vec<SegmentFile>,
    /// The role of each handler parameter, by position.
    #[serde(default)]
    pub inputs: InputsFile,
    /// How an output comes out of a handler.
    #[serde(default)]
    pub terminals: Vec<TerminalFile>,
    /// Objects client calls go through: a module import or an instance a factory makes.
    #[serde(default)]
    pub clients: Vec<ClientObjectFile>,
    /// Client call sites (`fetch($URL, $OPTS)`, `$CLIENT.get($URL)`).
    #[serde(default)]
    pub calls: Vec<CallFile>,
    /// Typed RPC clients whose member chain spells the path (`client.posts[":id"].$get()`):
    /// a call of one of `methods` on a chain of members that starts at a client object of
    /// the pack.
    #[serde(default)]
    pub member_calls: Vec<MemberCallFile>,
    /// Request interceptors registered on a client instance that rewrite each request's URL
    /// (`$CLIENT.interceptors.request.use($HANDLER)` whose handler sets `config.url`).
    #[serde(default)]
    pub url_interceptors: Vec<UrlInterceptorFile>,
    /// Response interceptors whose failure handler every failed request through the client
    /// reaches (`$CLIENT.interceptors.response.use($OK, $FAILED)`): the statuses it tells
    /// apart, or every failure when it tells none apart, are handled for each call.
    #[serde(default)]
    pub failure_interceptors: Vec<FailureInterceptorFile>,
    /// Assignments that set a client's base URL after it is made
    /// (`axios.defaults.baseURL = "/api"`): every call through that client goes under it.
    #[serde(default)]
    pub base_assignments: Vec<BaseAssignmentFile>,
    /// Import specifiers the framework resolves itself, through a configuration file it
    /// generates at build time and a repository does not hold (SvelteKit's `$lib` →
    /// `src/lib`): alias → folder, relative to the nearest folder above the importing file
    /// that holds it.
    #[serde(default)]
    pub import_aliases: std::collections::BTreeMap<String, String>,
    /// Numbers the library names (`HttpStatus.NOT_FOUND: 404`): a status written as one of
    /// these dotted names reads as its number.
    #[serde(default)]
    pub constants: BTreeMap<String, i64>,
    /// Methods that answer for an exception a route throws, and exception classes that carry
    /// their own status (see `ExceptionHandlersFile`).
    #[serde(default)]
    pub exception_handlers: Option<ExceptionHandlersFile>,
    /// Settings keys whose value goes in front of every route of the module that reads them
    /// (`server.servlet.context-path`), most outer first.
    #[serde(default)]
    pub settings_prefix: Vec<String>,
    /// How a caller reads the response of a client call.
    #[serde(default)]
    pub response: ResponseFile,
    /// Handler packs: routes a contract of operations declares and an implementation object
    /// serves, key by key (`tsr.router(contract, { getPost: handler })`).
    #[serde(default)]
    pub contracts: Vec<ContractRoutesFile>,
    /// RPC services declared in the repository's `.proto` files: the calls that serve an
    /// implementation of one (handler packs) or make a client of one (client packs), and the
    /// routes each rpc has over HTTP.
    #[serde(default)]
    pub rpc: Option<crate::pack::Rpc>,
    /// Expressions that read an environment variable (`process.env.$NAME`): a base URL read
    /// from one contributes nothing to the path.
    #[serde(default)]
    pub environment: Vec<String>,
    /// Reads of a framework's configuration (`$APP.config[$KEY]`): a deployment's setting
    /// like an environment variable, in every file of the pack's languages whichever client
    /// sends the URL read from it.
    #[serde(default)]
    pub settings: Vec<String>,
    /// Where a framework's configuration takes its values from a project object
    /// (`$APP.config.from_object($OBJECT)`): a setting read by a literal key is that object's
    /// attribute of that name, when the object is a class of the project.
    #[serde(default)]
    pub settings_objects: Vec<SettingsObjectFile>,
    /// Expressions that build a URL from other values (`new URL($PATH, $BASE)`,
    /// `$URL.toString()`): a URL read through one is read through its parts. Every loaded pack's
    /// builders apply to every file of its languages, whichever client sends the URL.
    #[serde(default)]
    pub urls: Vec<UrlBuilderFile>,
    /// Library calls that call a function they are given with values they are given
    /// (`useSWR(key, fetcher)` calls `fetcher(key)`): the call stands for that call of the
    /// function, so a wrapper's template is instantiated there. Every loaded pack's entries
    /// apply to every file of its languages, as `urls` do.
    #[serde(default)]
    pub invocations: Vec<InvocationFile>,
    /// Calls that take a request's promise and handle its rejection (`toast.promise(p, {
    /// error })`): a request whose failures arrive as rejections, handed to one as it is (or
    /// through a local holding it), never reaches code written for a success. Every loaded
    /// pack's entries apply to every file of its languages, as `urls` do.
    #[serde(default)]
    pub keeps_rejections: Vec<RejectionKeeperFile>,
    /// Expressions that give the running page's own origin (`window.location.origin`): a URL
    /// built on one is absolute and goes to this deployment. Every loaded pack's entries apply
    /// to every file of its languages, as `urls` do.
    #[serde(default)]
    pub page_origins: Vec<String>,
    /// Dev-server proxies (`devServer.proxy` in `vue.config.js`, `server.proxy` in
    /// `vite.config.ts`): a request whose path starts with a proxied prefix reaches the server
    /// with that prefix rewritten, for every client call in the config file's folder and below.
    #[serde(default)]
    pub dev_proxies: Vec<DevProxyFile>,
    /// Values handed from server-rendered markup to scripts: element attributes a script reads
    /// and the template tags that write a route's URL by its name (see `MarkupFile`).
    #[serde(default)]
    pub markup: Option<MarkupFile>,
    /// Expressions that encode a request body (`JSON.stringify($BODY)`), one metavariable
    /// each, the value encoded: a body sent through one is read as that value. Every loaded
    /// pack's encoders apply to every client call of its languages.
    #[serde(default)]
    pub body_encoders: Vec<String>,
    /// Copied into the `metadata` of every summary the pack makes, namespaced as the summary
    /// format wants (`http: { failureDelivery: exception }`), so the checker reads what the
    /// library does without knowing it by name.
    #[serde(default)]
    pub metadata: BTreeMap<String, serde_json::Value>,
    /// Store packs: calls that read or write a table or collection (see [`crate::store`]).
    #[serde(default)]
    pub accesses: Vec<crate::store::AccessFile>,
    /// Store packs: where else the code holds a client (`this.prisma`, a transaction callback).
    #[serde(default)]
    pub client_sources: crate::store::ClientSourcesFile,
    /// What the library means to the review IR (see [`crate::review`]).
    #[serde(default)]
    pub review: Option<crate::review::ReviewFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BindingFile {
    /// `http`.
    pub transport: String,
    /// `rest`.
    pub protocol: String,
    /// What summaries say recognised them; the pack name when absent.
    #[serde(default)]
    pub recognition: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DetectFile {
    /// package.json dependency names.
    #[serde(default)]
    pub npm: Vec<String>,
    /// Python distribution names (requirements, pyproject, Pipfile).
    #[serde(default)]
    pub pypi: Vec<String>,
    /// Go module paths (go.mod `require`); a major-version subpath (`/v4`) matches too.
    #[serde(default)]
    pub go: Vec<String>,
    /// Rust crate names (a file `use`s them: `axum`, `reqwest`; `-` is read as `_`).
    #[serde(default)]
    pub cargo: Vec<String>,
    /// Composer package names `vendor/package` (composer.json `require`, `require-dev`).
    #[serde(default)]
    pub composer: Vec<String>,
    /// Maven coordinates `group:artifact` (pom.xml `<dependency>`, Gradle `implementation(…)`);
    /// a name without a group matches the artifact (Gradle version-catalog aliases).
    #[serde(default)]
    pub maven: Vec<String>,
    /// Ruby gem names (Gemfile `gem 'rails'`, Gemfile.lock).
    #[serde(default)]
    pub gem: Vec<String>,
    /// NuGet package names (`<PackageReference Include="…">` of a .csproj); a project on the
    /// web SDK (`Sdk="Microsoft.NET.Sdk.Web"`) lists `Microsoft.AspNetCore.App`.
    #[serde(default)]
    pub nuget: Vec<String>,
    /// The pack applies to every file of its languages (a global such as `fetch`).
    #[serde(default)]
    pub always: bool,
}

/// A router pattern: the bare pattern, or the pattern with the metavariables holding the
/// router's own prefix and the router it serves under.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum RouterFile {
    Pattern(String),
    WithPrefix(RouterWithPrefixFile),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouterWithPrefixFile {
    pub pattern: String,
    /// The metavariable holding the router's own prefix.
    #[serde(default)]
    pub prefix: Option<String>,
    /// The metavariable holding a router the new one serves under, as if mounted there
    /// without a prefix (Flask-RESTX `Api($BLUEPRINT)`).
    #[serde(default)]
    pub parent: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GlobalPrefixFile {
    pub pattern: String,
    /// The metavariable holding the prefix.
    pub prefix: String,
    /// A glob over file names (`next.config.{js,mjs,ts}`) the pattern is looked for in; needed
    /// when the pattern is not a call. Absent: every file the pack runs on.
    #[serde(default)]
    pub file: Option<String>,
    /// The metavariable holding a list of routes left without the prefix: each a path (any
    /// method), or an object whose `path` and `method` keys hold them.
    #[serde(default)]
    pub exclude: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MountFile {
    pub pattern: String,
    /// The metavariable holding the router the child is mounted on; absent when the call
    /// itself is that router (`RouterFunctions.nest(path("/api"), child)`, one of the pack's
    /// `routers` patterns too).
    #[serde(default)]
    pub parent: Option<String>,
    #[serde(default)]
    pub prefix: Option<String>,
    /// The metavariable holding the child; for a `$$$` list the last router in it is the child.
    pub child: String,
    /// When the child is a function (a plugin), the position of its parameter that is the
    /// router inside it (`app.register(async (api) => { api.get(…) }, { prefix })`).
    #[serde(default)]
    pub plugin_parameter: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteFile {
    pub pattern: String,
    /// The metavariable that must be a router object; absent when the pattern names no receiver.
    #[serde(default)]
    pub receiver: Option<String>,
    /// A pattern the receiver must match after peeling chained registrations
    /// (`$R.route($PATH)` for `router.route(p).get(h).post(h)`).
    #[serde(default)]
    pub receiver_pattern: Option<String>,
    /// The HTTP method: a metavariable bound to a method name, a literal (`GET`, `*`), or a
    /// (dotted) key of the object a metavariable holds.
    pub method: ValueFile,
    /// Method names a metavariable may bind to; `all` means every method (`*`).
    #[serde(default)]
    pub methods: Vec<String>,
    /// The metavariable holding the path, or a key of the object it holds (a dotted key
    /// reaches into nested objects: `{ option: $META, key: openapi.path }`); a route whose
    /// object has no such key is not a route. Absent: the route is at its router's own path
    /// (gorilla/mux `sub.Methods("GET").HandlerFunc(h)` on `r.Path("/x").Subrouter()`).
    #[serde(default)]
    pub path: Option<ValueFile>,
    /// The metavariable holding the handlers; the last one is the unit, earlier ones middleware.
    pub handlers: String,
    /// The names of the chained calls peeled to reach `receiverPattern` (`.input(s).output(s)`
    /// between `.meta(m)` and `.query(h)`); absent: the route's `methods`.
    #[serde(default)]
    pub chain: Vec<String>,
    /// The path may start with the method and a space (`"GET /items/{id}"`, Go 1.22's
    /// ServeMux): that method replaces `method`.
    #[serde(default)]
    pub method_in_path: bool,
    /// The handlers are a chain of method routers (axum's `get(h).post(h2)`): one route per
    /// link, whose method is the link's callee name (one of `methods`) and whose handler is
    /// its last argument.
    #[serde(default)]
    pub method_routers: bool,
    /// The route serves every path under its path, not the path alone (gorilla/mux
    /// `r.PathPrefix("/files").Handler(h)`): its path is written with a trailing `/*`, zero or
    /// more segments (`/files/*`), the route grammar's catch-all.
    #[serde(default)]
    pub path_prefix: bool,
    /// The call is a route only where its handler answers the request itself: some way
    /// through it sends a response (a terminal of the pack, or a project function it hands
    /// its context to) and it never reads its `next` input. A middleware registration under a
    /// path (Hono's `app.use("/api/jobs/*", handler)`) is then a route for every method there;
    /// a middleware that passes the request on (or one seam cannot follow) is none.
    #[serde(default)]
    pub handler_answers: bool,
    /// What bound metavariables must be for the call to be this route (`$PATH: { pathLiteral:
    /// true }`: koa-router's `router.get(name, path, h)` against `router.get(path, mw, h)`).
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
    /// The metavariable holding a text that maps methods to methods of the handler's type
    /// (`"GET,POST:List;PUT:Update"`, `*` for every method): one route per method written,
    /// answered by the method of that name of the type the handler is a value of
    /// (`&ItemController{}`), which replaces `method`.
    #[serde(default)]
    pub actions: Option<String>,
}

/// Procedure trees (see `PackFile::procedures`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProceduresFile {
    /// Calls that make a router of procedures out of an object (`router({ get: getRoute })`);
    /// each names the object in `members`. A member is a procedure, another such router, or
    /// an object literal of members.
    pub routers: Vec<String>,
    /// The metavariable holding the object of members.
    pub members: String,
    /// Calls that merge routers into one (`mergeRouters(a, b)`): each router in `merged` is
    /// walked as if its members were written in the merged router.
    #[serde(default)]
    pub merges: Vec<String>,
    /// The `$$$` metavariable of the `merges` patterns holding the routers merged.
    #[serde(default)]
    pub merged: Option<String>,
    /// When set, each procedure is a route at the serve call's prefix followed by one segment:
    /// the keys leading to it in the tree joined with this text (`post.byId` for `"."`).
    #[serde(default)]
    pub keys: Option<String>,
    /// Calls that serve a tree under a prefix (`createOpenApiFetchHandler({ endpoint, router })`).
    pub serve: Vec<ServeFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ServeFile {
    pub pattern: String,
    /// The metavariable holding the router served.
    pub router: String,
    /// The metavariable holding the prefix it is served under; without it (and without
    /// `folder`), the tree is served at the root.
    #[serde(default)]
    pub prefix: Option<String>,
    /// The prefix is the path of the serving file's folder below the last folder of this name
    /// (`pages` for `pages/api/trpc/[trpc].ts`: `/api/trpc`).
    #[serde(default)]
    pub folder: Option<String>,
}

/// One string or a list of them.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    pub fn items(&self) -> Vec<&str> {
        match self {
            OneOrMany::One(s) => vec![s.as_str()],
            OneOrMany::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UriVersioningFile {
    pub pattern: String,
    /// Text in front of the version in its path segment (`v` for `/v1`).
    #[serde(default)]
    pub segment: String,
    /// The key of the call's first argument (an options object) whose value is the version of
    /// every route that declares none (`defaultVersion`).
    #[serde(default)]
    pub default_version: Option<String>,
}

/// A route table over modules: each entry an object whose `pathKey` holds a path, whose
/// `moduleKey` names a module class and whose `childrenKey` holds entries nested under it
/// (or module classes served at its path). Every class the module declares (bound by
/// `declares` on the module class's decorator) serves its routes under the joined paths.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ModuleRoutesFile {
    /// Calls that take the table (`RouterModule.register($ROUTES)`).
    pub patterns: Vec<String>,
    /// The metavariable the patterns bind to the table (a list, or a constant holding one).
    pub routes: String,
    pub path_key: String,
    pub module_key: String,
    #[serde(default)]
    pub children_key: Option<String>,
    /// A decorator pattern on the module class binding the list of classes it declares
    /// (`@Module({ controllers: $CONTROLLERS })`).
    pub declares: String,
    /// The metavariable `declares` binds to that list.
    pub declared: String,
}

/// Route tables written as calls nested in blocks (see the pack README, "Route blocks").
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlocks {
    /// The route table files, from the application's root (`config/routes.rb`).
    pub tables: Vec<String>,
    /// A call reading another route file in place (`draw(:admin)`), and where that file is
    /// (`config/routes/{name}.rb`, from the application's root).
    #[serde(default)]
    pub draw: Option<RouteBlockDraw>,
    /// Calls declaring one route of their method (`get "/x", to: "c#a"`).
    pub verbs: Vec<String>,
    /// A call declaring a route of the methods its `via` option lists (`match`).
    #[serde(default)]
    pub any_verb: Option<String>,
    /// A call declaring the route at the scope's own path with the method `GET` (`root`).
    #[serde(default)]
    pub root: Option<String>,
    /// Option names: the target (`to: "c#a"`), its action and controller given apart, the
    /// methods of `any_verb`, the value meaning every method, a resource's id parameter, the
    /// actions kept or left out, a scope's path, module and controller, and an option placing
    /// a verb's route on a resource's member or collection (`on: :member`).
    pub options: RouteBlockOptions,
    /// The text between a target's controller and action (`#`).
    pub target_separator: String,
    /// Calls whose block nests routes under a path and module (`namespace :api`: both the
    /// name), under the options they give (`scope path: "/x", module: "m"`), or under a
    /// controller (`controller :users`); `transparent` ones change nothing (`constraints`).
    pub scopes: Vec<RouteBlockScope>,
    /// Calls whose block holds a resource's member routes (`member`, path `/:id/x`) and its
    /// collection routes (`collection`, path `/x`); `member`/`collection` are also the
    /// values of the `on` option.
    pub member: String,
    pub collection: String,
    /// Resource calls (`resources :posts`) and the actions each declares.
    pub resources: Vec<RouteBlockResource>,
    /// Where a controller's class is: its file (`app/controllers/{controller}_controller.rb`,
    /// from the application's root; `{controller}` is `admin/users`) and its name
    /// (`{Controller}Controller`; `{Controller}` is the last part in camel case).
    pub controller_file: String,
    pub controller_class: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlockDraw {
    pub call: String,
    pub file: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlockOptions {
    pub to: String,
    pub action: String,
    pub controller: String,
    pub via: String,
    pub all: String,
    pub param: String,
    pub only: String,
    pub except: String,
    pub path: String,
    pub module: String,
    pub on: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlockScope {
    pub call: String,
    /// The first argument is both a path segment and a module (`namespace :api`).
    #[serde(default)]
    pub name: bool,
    /// The first argument is a path (`scope "/x"`).
    #[serde(default)]
    pub path: bool,
    /// The first argument is a controller (`controller :users`).
    #[serde(default)]
    pub controller: bool,
    /// Options only (`constraints`, `defaults`): the block's routes are as outside it.
    #[serde(default)]
    pub transparent: bool,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlockResource {
    pub call: String,
    /// A singular resource (`resource :profile`): no id, and its controller is the plural
    /// of its name.
    #[serde(default)]
    pub singular: bool,
    pub actions: Vec<RouteBlockAction>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteBlockAction {
    pub name: String,
    pub methods: Vec<String>,
    /// After the resource's path; `{id}` is the id parameter.
    pub path: String,
}

/// Route lists: list literals whose elements declare routes or include other lists.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteListsFile {
    /// Element patterns, tried in order; the first that matches an element reads it.
    pub entries: Vec<RouteListEntryFile>,
    /// Handler expressions that stand for a class whose methods are the handlers
    /// (`$VIEW.as_view($$$ARGS)`): the metavariable holding the class is `class`.
    #[serde(default)]
    pub class_handlers: Vec<ClassHandlerFile>,
    /// Method names of a handler class that serve that method (`get`, `post`).
    #[serde(default)]
    pub methods: Vec<String>,
    /// Framework classes a handler class may extend, by name, with the method names (of
    /// `methods`) each serves through code the repository does not hold.
    #[serde(default)]
    pub class_bases: std::collections::BTreeMap<String, Vec<String>>,
    /// Calls registering a class of actions on a router object under a prefix
    /// (`router.register("items", ItemViewSet)`).
    #[serde(default)]
    pub router_registrations: Vec<RouterRegistrationFile>,
    /// Routers made under a registration of another router (`NestedSimpleRouter(parent,
    /// "projects", lookup="project")`): their registrations are served under that
    /// registration's detail route.
    #[serde(default)]
    pub nested_routers: Vec<NestedRouterFile>,
    /// The property of a router object that stands, in a list or an include, for every
    /// registration of that router (`router.urls`).
    #[serde(default)]
    pub router_urls: Option<String>,
    /// Methods of a router object that add routes from elsewhere (`router.extend(other)`):
    /// when what they add cannot be read (a router a plugin supplies at run time), the router
    /// is open, and a call under its mount that no route serves may be served by one of those.
    #[serde(default)]
    pub router_extensions: Vec<String>,
    /// How a registered class expands into routes.
    #[serde(default)]
    pub viewsets: Option<ViewsetsFile>,
    /// The names the framework serves a root list under (`urlpatterns`). When set, a list
    /// no other list includes declares routes only when it is bound to one of these names;
    /// a list bound to another name (`websocket_urlpatterns`, read by another server) declares
    /// none. A list bound to no name stays a root.
    #[serde(default)]
    pub root_names: Vec<String>,
    /// A class attribute listing the (lower-case) method names a handler class serves
    /// (`http_method_names = ["get"]`), in the class or the nearest project ancestor declaring
    /// it: the class's routes, and the actions a registration of it makes, are limited to them.
    #[serde(default)]
    pub allowed_methods: Option<String>,
    /// Decorators of a function handler that name the methods it serves (`@api_view(["POST"])`,
    /// `@require_POST`); the first that matches one of its decorators gives its methods
    /// instead of the entry's.
    #[serde(default)]
    pub method_decorators: Vec<MethodDecoratorFile>,
    /// Calls that make a route list of their arguments (`i18n_patterns(path(…), path(…))`):
    /// the call is read as a list of the elements `elements` binds.
    #[serde(default)]
    pub list_calls: Vec<ListCallFile>,
}

/// A call whose arguments are a route list's elements (see `RouteListsFile::list_calls`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ListCallFile {
    pub pattern: String,
    pub elements: String,
}

/// A decorator naming a function handler's methods: the metavariable holding a list of method
/// names (or one name), or the methods themselves.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MethodDecoratorFile {
    pub pattern: String,
    pub methods: MethodsFile,
}

/// `$METHODS` (what the pattern binds) or a list written in the pack (`[GET, HEAD]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum MethodsFile {
    Meta(String),
    Fixed(Vec<String>),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouterRegistrationFile {
    pub pattern: String,
    /// The metavariable holding the router object.
    pub router: String,
    /// The metavariable holding the prefix.
    pub prefix: String,
    /// The metavariable holding the registered class.
    pub viewset: String,
}

/// A router made under another router's registration (see `RouteListsFile::nested_routers`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NestedRouterFile {
    pub pattern: String,
    /// The metavariable holding the parent router.
    pub parent: String,
    /// The metavariable holding the prefix of the parent's registration the router sits under.
    pub parent_prefix: String,
    /// The metavariable holding the name given to the parent's detail parameter.
    pub lookup: String,
    /// How the parent's detail parameter is named: `{lookup}` is the name the call gives and
    /// `{parentLookup}` the parameter the parent's registered class names its detail route by.
    pub parameter: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ViewsetsFile {
    /// Class attributes naming the detail route's parameter, tried in order.
    #[serde(default)]
    pub lookup: Vec<String>,
    /// The detail parameter when no attribute names one.
    pub default_lookup: String,
    /// Standard actions: the method name, the HTTP method, and whether it is a detail route
    /// (`prefix/{lookup}/`) or a list route (`prefix/`).
    pub actions: Vec<ViewsetActionFile>,
    /// Framework classes, by name, with the standard actions each provides.
    #[serde(default)]
    pub bases: std::collections::BTreeMap<String, Vec<String>>,
    /// Extra actions declared by a decorator on a method.
    #[serde(default)]
    pub extra_actions: Option<ExtraActionsFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ViewsetActionFile {
    pub name: String,
    pub method: String,
    pub detail: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ExtraActionsFile {
    /// The decorator's callee name (`action`; `decorators.action` also matches).
    pub decorator: String,
    /// Keyword arguments: detail (a boolean), methods (a list of names; default GET) and the
    /// path segment (default: the method's name; read as a regular expression).
    pub detail: String,
    pub methods: String,
    pub url_path: String,
    /// `@<action>.<mapping>.<method>` on another method adds that HTTP method to the action.
    #[serde(default)]
    pub mapping: Option<String>,
    /// The keyword arguments in the order the decorator also takes them by position
    /// (`@action(["post"], detail=False)` gives `methods` first).
    #[serde(default)]
    pub positional: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteListEntryFile {
    pub pattern: String,
    /// The metavariable holding the path (a prefix for an include).
    pub path: String,
    /// An include: the metavariable holding the child (a list, a name holding one, or a
    /// module's dotted name, which stands for that module's own top-level lists).
    #[serde(default)]
    pub child: Option<String>,
    /// A route: the metavariable holding the handler.
    #[serde(default)]
    pub handler: Option<String>,
    /// The path is a regular expression (`^items/(?P<id>[0-9]+)/$`).
    #[serde(default)]
    pub regex: bool,
    /// The method a function handler serves (default `*`: it dispatches on the method itself).
    #[serde(default)]
    pub method: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClassHandlerFile {
    pub pattern: String,
    pub class: String,
    /// The metavariable holding a mapping of HTTP methods to the class's methods that answer
    /// them (`ViewSet.as_view({"get": "list"})`); when it binds one written out, the class
    /// serves those methods only.
    #[serde(default)]
    pub actions: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DecoratedFile {
    pub decorator: String,
    #[serde(default)]
    pub receiver: Option<String>,
    pub method: String,
    #[serde(default)]
    pub methods: Vec<String>,
    /// The metavariable holding the path; absent for a decorator with none (`@Get()`).
    #[serde(default)]
    pub path: String,
    /// Decorators on the enclosing class that add a prefix, tried in order
    /// (`@Controller({ path: $PREFIX, version: $VERSION })`, `@Controller($PREFIX)`): `$PREFIX`
    /// holds the prefix (else the first expression bound), `$VERSION` a URI version.
    #[serde(default)]
    pub class_prefix: Option<OneOrMany>,
    /// The status the route declares (`status_code=$STATUS`): terminals with `route: true`
    /// report it instead of their own.
    #[serde(default)]
    pub status: Option<String>,
    /// The body the route declares (`response_model=$MODEL`): terminals with `route: true`
    /// report it instead of the returned value's shape.
    #[serde(default)]
    pub body: Option<String>,
    /// `function` (default): the decorated function is the unit. `class`: the decorator is on
    /// a class and each of its methods named in `methods` is a unit for that method.
    #[serde(default)]
    pub target: Option<String>,
    /// Another decorator of the same function that declares its status (`@HttpCode($STATUS)`);
    /// its first metavariable is the status. Terminals with `route: true` report it.
    #[serde(default)]
    pub status_decorator: Option<String>,
    /// Another decorator of the same function that declares its path when the matched one
    /// has none (JAX-RS `@GET` beside `@Path($PATH)`); its first metavariable is the path.
    #[serde(default)]
    pub path_decorator: Option<String>,
    /// Another decorator of the same function that declares its URI version
    /// (`@Version($VERSION)`), in place of the class's; its first metavariable is the version.
    #[serde(default)]
    pub version_decorator: Option<String>,
    /// The status terminals with `route: true` report when nothing declares one (201 for a
    /// POST route in NestJS).
    #[serde(default)]
    pub default_status: Option<i64>,
    /// The path may start with the method and a space (Feign's `@RequestLine("GET /x/{id}")`):
    /// that method replaces `method`.
    #[serde(default)]
    pub method_in_path: bool,
    /// The class prefix is read from the nearest project base class that has one when the
    /// class has none itself (ASP.NET Core's `[Route]` on a base controller).
    #[serde(default)]
    pub inherit_class_prefix: bool,
    /// A path that starts with `/` or `~/` is not under the class prefix (ASP.NET Core's
    /// rooted templates; `~` is dropped).
    #[serde(default)]
    pub rooted_paths: bool,
    /// Tokens of the class prefix and the path standing for names (`[controller]`, `[action]`).
    #[serde(default)]
    pub name_tokens: Option<NameTokensFile>,
}

/// Tokens that stand for the enclosing class's or the handler function's name in a route
/// template (ASP.NET Core's `[controller]` and `[action]`), each with a suffix the name
/// drops (`ItemsController` is `Items`; `GetAsync` is `Get`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct NameTokensFile {
    #[serde(default)]
    pub class: Option<String>,
    #[serde(default)]
    pub class_suffix: Option<String>,
    #[serde(default)]
    pub function: Option<String>,
    #[serde(default)]
    pub function_suffix: Option<String>,
}

/// Exception handlers: a method marked by one of `decorators` answers for the exception
/// types its decorator names as class literals (`@ExceptionHandler({A.class, B.class})`), or
/// else the types of its parameters. One in a class marked by `advice` answers for every
/// route; one in any other class for that class's routes. Its status is `status` on the
/// method, else what its returns say through the pack's `terminals`. An exception no handler
/// gives a status to answers with the status its class (or a project ancestor) carries: a
/// `status` decorator on the class, or the argument at `statusBases[base]` of the `super(…)`
/// call of a class extending that library base. A throw on a route's path (in the handler,
/// a function written inside it, or a project function it calls) answering with a status is
/// a response with that status.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ExceptionHandlersFile {
    pub decorators: Vec<String>,
    #[serde(default)]
    pub advice: Vec<String>,
    /// Decorators declaring a status (their first metavariable), on a handler method or an
    /// exception class.
    #[serde(default)]
    pub status: Vec<String>,
    /// Library exception classes whose constructor takes the status, by the argument's
    /// position.
    #[serde(default)]
    pub status_bases: BTreeMap<String, usize>,
}

/// A client declared as an interface: the interface's decorators say it is one (and its
/// prefix, through each method entry's `classPrefix`); each of its methods with a decorator of
/// `methods` is one call, at that decorator's method and path.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DeclaredClientFile {
    /// Decorators of the interface, any one of which makes it a declared client. Absent: any
    /// interface or class whose methods carry a decorator of `methods`.
    #[serde(default)]
    pub interface: Option<OneOrMany>,
    /// The method decorators, read as the entries of `decorated` are (`decorator`, `method`,
    /// `path`, `classPrefix`), the first that matches each decorator.
    pub methods: Vec<DecoratedFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FileConventionFile {
    /// A glob over repository-relative paths (`**/app/**/route.{ts,js}`); the segments the
    /// last `**` takes are the route's path.
    pub glob: String,
    /// Exported names that are handlers, each the method it serves (`GET`); `default` serves
    /// `method`. A `default` export that is a call (`defineHandler(async (e) => …)`) is the
    /// last of its arguments that is a function, unwrapped through nested calls.
    #[serde(default)]
    pub exports: Vec<String>,
    /// The method of a `default` export (`*` when it branches on the method itself), and of
    /// each handler of `exportObject`.
    #[serde(default)]
    pub method: Option<String>,
    /// A file name may end in `.<method>` before its extension (`[id].patch.ts`): when that
    /// suffix is one of these names, it is the method of the `default` export (upper-cased)
    /// and not part of the path; a name without one serves `method`.
    #[serde(default)]
    pub method_suffixes: Vec<String>,
    /// An exported object whose properties are handlers (`export const actions = { default:
    /// fn, save: fn }`): each property that is a function serves `method` at the file's path
    /// (a query such as `?/save` is no part of a path; the property's name is in the
    /// summary's `exportPath`).
    #[serde(default)]
    pub export_object: Option<String>,
    /// Text in front of the route's path (`/api` for `pages/api/**`).
    #[serde(default)]
    pub prefix: Option<String>,
    /// The file's name without its extension is the route's last segment, except these
    /// names (`index`), which add nothing.
    #[serde(default)]
    pub file_name_segment: bool,
    #[serde(default)]
    pub index_names: Vec<String>,
    /// The method each named export serves, when it is not the export's name upper-cased
    /// (`loader: GET`, `action: POST`).
    #[serde(default)]
    pub export_methods: std::collections::BTreeMap<String, String>,
    /// A file that also exports one of these names is not a route file (a page whose
    /// `default` export is its component, beside its `loader`).
    #[serde(default)]
    pub unless_exports: Vec<String>,
    /// Names split into path segments at this text (`share.$slug.tsx` → `share`, `$slug`),
    /// except inside `[` `]`, which escape it (`sitemap[.]xml`). The file's name is split
    /// too (unless it is one of `indexNames`).
    #[serde(default)]
    pub separator: Option<String>,
    /// With `separator`: a directory whose name ends with this (`api+`) adds the segments of
    /// its name and holds route files of any name; a file directly in any other directory is
    /// a route only when its name is one of `indexNames` (`users.$id/route.tsx`).
    #[serde(default)]
    pub flat_folder_suffix: Option<String>,
    /// A handler of method `*` that compares this property of the input with this role to
    /// method names (`req.method === "GET"`, `switch (req.method)`) is one route per method it
    /// names, each with the paths that method takes.
    #[serde(default)]
    pub method_branches: Option<MethodBranchesFile>,
}

/// Where a handler reads the request's method: `{ role: request, property: method }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MethodBranchesFile {
    pub role: String,
    pub property: String,
}

/// How a use of a composed decorator gives its path: its first positional argument, or the
/// first of these named arguments it has (`{ pathArguments: [value, path] }`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ComposedDecoratorsFile {
    #[serde(default)]
    pub path_arguments: Vec<String>,
}

/// Where a handler reads the request's path and method to dispatch on them:
/// `{ role: request, path: URL.Path, method: Method, regexTests: [...], regexMakers: [...] }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PathBranchesFile {
    /// The role of the input holding the request.
    pub role: String,
    /// The property of the request holding its whole path, dotted (`URL.Path`, `url`).
    pub path: String,
    /// The property of the request holding its method.
    #[serde(default)]
    pub method: Option<String>,
    /// Tests of the path against a regular expression (`$REGEX.MatchString($PATH)`).
    #[serde(default)]
    pub regex_tests: Vec<RegexTestFile>,
    /// Calls that make a regular expression from its text (`regexp.MustCompile($TEXT)`).
    #[serde(default)]
    pub regex_makers: Vec<RegexMakerFile>,
}

/// A test of a value against a regular expression: `pattern` binds the expression (`regex`)
/// and the value tested (`subject`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegexTestFile {
    pub pattern: String,
    pub regex: String,
    pub subject: String,
}

/// A call making a regular expression: `pattern` binds its text (`text`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegexMakerFile {
    pub pattern: String,
    pub text: String,
}

/// How a directory or file name becomes a path segment: `from` has one `$NAME` between
/// fixed text (`[...$NAME]`), `to` is what the segment becomes (`{$NAME+}`; empty drops it).
/// A `from` with no `$NAME` matches that exact name (`$` → `{path*}`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SegmentFile {
    pub from: String,
    pub to: String,
    /// Also rewrite each occurrence inside a longer name (`@[user]` → `@{user}`), when no
    /// rule matches the whole name.
    #[serde(default)]
    pub within: bool,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InputsFile {
    /// Roles by parameter position (`[request, response, next]`); `~` for a parameter with no role.
    #[serde(default)]
    pub positional: Vec<Option<String>>,
    /// Roles by what a parameter's default value is (`Header()` → headers).
    #[serde(default)]
    pub defaults: Vec<InputDefaultFile>,
    /// The role of a parameter whose name is a hole of the route's path (`{id}` → `id`).
    #[serde(default)]
    pub path_parameters: Option<String>,
    /// The role of a parameter annotated with a class of the project (a model: `item: ItemIn`),
    /// when nothing above gave it one.
    #[serde(default)]
    pub class_parameters: Option<String>,
    /// The role of any other parameter that is not annotated or is annotated with a keyword
    /// type (`q: str`, `limit: int = 10`, `tags: list[str]`); its field is its name.
    #[serde(default)]
    pub plain_parameters: Option<String>,
    /// Roles by the generic type a parameter is declared with, named by its last segment
    /// (`Json: body` for `Json(user): Json<User>` and `item: web::Json<Item>`).
    #[serde(default)]
    pub types: BTreeMap<String, String>,
}

/// A parameter role read from the parameter's default (`x_tenant_id: str = Header()`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InputDefaultFile {
    pub pattern: String,
    pub role: String,
    /// Which request field the parameter is: `name` (its own name), `header` (its name with
    /// `_` written `-`), or a metavariable of the pattern holding the field's name. Absent: none.
    #[serde(default)]
    pub field: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TerminalFile {
    /// The code the terminal is written as. For `statement: return` and `statement: throw` it
    /// is matched against the returned or thrown value; absent there, any value matches.
    #[serde(default)]
    pub pattern: Option<String>,
    /// `expression` (default), `return` or `throw`.
    #[serde(default)]
    pub statement: Option<String>,
    /// `response` (default), `throw` or `return`.
    #[serde(default)]
    pub output: Option<String>,
    /// The status: a metavariable (`$STATUS`) or a number.
    #[serde(default)]
    pub status: Option<ScalarFile>,
    #[serde(default)]
    pub body: Option<String>,
    /// For a throw output: the metavariable holding the exception's constructor.
    #[serde(default)]
    pub exception: Option<String>,
    #[serde(default)]
    pub message: Option<String>,
    /// `status`: the terminal does not send; it sets the status (`reply.code(201)`,
    /// `ctx.status = 404`) that later terminals on the path with a fixed status report
    /// instead, and that is sent when the path ends with nothing else sent. `failure`: the
    /// call sends its status only when it fails (`c.Bind(&v)` in gin answers 400 on a body it
    /// cannot bind), and the path goes on after it.
    #[serde(default)]
    pub part: Option<String>,
    /// When the route declares a status or body (`status:`/`body:` under `decorated`), it
    /// replaces this terminal's.
    #[serde(default)]
    pub route: bool,
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
}

/// One entry of `failureAnswers`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FailureAnswerFile {
    /// The call (`$C.Bind($$$ARGS)`).
    pub pattern: String,
    /// The status the framework answers when it fails.
    pub status: u16,
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
}

/// One entry of `injected`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InjectedValueFile {
    /// The read (`$C.var.$NAME`, `$C.get($NAME)`).
    pub pattern: String,
    /// The metavariable naming the value (a property name or a string literal).
    pub name: String,
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
}

/// A scalar that is a number, a literal string, or a `$METAVARIABLE`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ScalarFile {
    Number(i64),
    Text(String),
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ConstraintFile {
    /// The metavariable is a parameter of the unit with this role.
    #[serde(default)]
    pub role: Option<String>,
    /// The metavariable is a client object of this pack (see `clients`).
    #[serde(default)]
    pub client: bool,
    /// The metavariable is a name among these.
    #[serde(default)]
    pub one_of: Vec<String>,
    /// The metavariable is literal text (a string or template) that starts with `/`: a path
    /// written at the call, which a generated client's shape can be known by alone.
    #[serde(default)]
    pub path_literal: bool,
    /// The metavariable is an object whose value cannot be followed in the project (a
    /// parameter, a hook's or a context's result): nothing says it is not the pack's client.
    #[serde(default)]
    pub opaque: bool,
    /// The metavariable is a string naming an HTTP method (`"GET"`, `'post'`): a request
    /// described as an object is known by its shape when its method is written out.
    #[serde(default)]
    pub http_method: bool,
    /// The metavariable reads as text the code fixes at least in part (a string, a template,
    /// an attribute the page's markup writes), not an object: `$.ajax(url)` beside
    /// `$.ajax(options)`.
    #[serde(default)]
    pub text: bool,
    /// The metavariable reads as text holding a `/` (a path), not a bare name: an SWR key
    /// `"api/users"` beside a cache key `"me"` that a fetcher of its own stands behind.
    #[serde(default)]
    pub path: bool,
    /// The metavariable is not a function the project defines without parameters: an SWR
    /// fetcher written `() => client.get(…)` makes its own request, and the key it would be
    /// handed is only a cache key.
    #[serde(default)]
    pub takes_arguments: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClientObjectFile {
    /// The module whose import is itself a client (`axios`).
    #[serde(default)]
    pub import: Option<String>,
    /// A call that makes an instance (`axios.create($CONFIG)`).
    #[serde(default)]
    pub create: Option<String>,
    /// Where the instance's base URL is: `{ option: $CONFIG, key: baseURL }`; on a `type`
    /// entry, `unknown` (instances made out of sight may carry one).
    #[serde(default)]
    pub base_url: Option<ValueFile>,
    /// The module whose export the `create` pattern's callee names (`openapi-fetch`): the
    /// call matches through any local name of that import (`import make from "m"`, `import
    /// { createClient as make } from "m"`), and only through it.
    #[serde(default)]
    pub from: Option<String>,
    /// A type name (`HttpClient`): a parameter, class field or constructor parameter
    /// property whose declared type is this name is a client (with no base URL).
    #[serde(default, rename = "type")]
    pub type_name: Option<String>,
    /// A parameter name (`$http`): a parameter so named is a client, a service the framework
    /// injects by the name of the parameter that takes it (AngularJS's `function ($http) {…}`).
    #[serde(default)]
    pub parameter: Option<String>,
    /// A call that hands a callback its client, as a test runner hands a test its fixtures
    /// (`test($NAME, $FN)`): the property `property` of the callback's first parameter
    /// (`async ({ request }) => …`) is a client.
    #[serde(default)]
    pub injected: Option<InjectedClientFile>,
    /// A metavariable of `create` that must itself be a client: the call makes a request or
    /// a client from another one (`$C.R()`, `$REQ.SetBody($B)`), which keeps its base URL;
    /// or a key of an options object the pattern binds (`{ option: $CONFIG, key: baseQuery }`:
    /// the client the options name, whose base URL the new one carries).
    #[serde(default)]
    pub of: Option<ValueFile>,
    /// Where the options of a client made out of sight are written (a framework's module
    /// configured in its config file): the `baseUrl` read takes its metavariable from the
    /// first match of `pattern` in the nearest file named `file` at or above the call's folder.
    #[serde(default)]
    pub configured: Option<ConfiguredClientFile>,
}

/// See `ClientObjectFile::configured`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ConfiguredClientFile {
    /// An expression in the config file (`{ axios: $CONFIG }`).
    pub pattern: String,
    /// More expressions read alike, tried after `pattern` (each binding the same metavariable).
    #[serde(default)]
    pub or: Vec<String>,
    /// The config file's name, a glob (`nuxt.config.{js,ts}`). Left out, the options are
    /// looked for in the file that makes the client, and a base they do not give (none found,
    /// or one seam cannot read in full) leaves the start of each URL unknown.
    #[serde(default)]
    pub file: Option<String>,
}

/// See `ClientObjectFile::injected`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InjectedClientFile {
    pub pattern: String,
    /// Where the callback is: a metavariable (`$FN`), or a key of an options object
    /// (`{ option: $OPTIONS, key: testSuite }`).
    pub callback: ValueFile,
    /// The property of the callback's first parameter that is the client; left out, the
    /// first parameter itself is (`endpoints: (builder) => …`).
    #[serde(default)]
    pub property: Option<String>,
    /// Which parameter of the callback is the client (without `property`), counted from 0:
    /// left out, the first (`queryFn: async (arg, api, extra, baseQuery) => …` hands its
    /// fourth, `parameter: 3`).
    #[serde(default)]
    pub parameter: Option<u32>,
    /// The client the call hands on, whose base URL the handed one carries: a metavariable
    /// (`$API`) or a key of an options object (`{ option: $CONFIG, key: baseQuery }`), each
    /// read as a client of the pack. Left out, the handed client has no base URL.
    #[serde(default)]
    pub client: Option<ValueFile>,
}

/// See `PackFile::contracts`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ContractRoutesFile {
    /// The call that serves a contract with an implementation (`tsr.router($C, $H)`).
    pub pattern: String,
    /// The metavariable holding the contract: an object of operations (or a call whose first
    /// object argument is one, `c.router({ … })`), nested routers being objects of their own.
    pub contract: String,
    /// The metavariable holding the implementation: an object whose keys are the contract's.
    pub handlers: String,
    /// The keys of an operation that hold its method and its path.
    pub method: String,
    pub path: String,
}

/// A library call that calls a function it is given (see `PackFile::invocations`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct InvocationFile {
    pub pattern: String,
    /// The metavariable holding the function the library calls. Left out with `provided`.
    #[serde(default)]
    pub function: Option<String>,
    /// The function the library calls is the one the app gives every such call through a
    /// configuration element (`<SWRConfig value={{ fetcher }}>`): the element's tag, the
    /// attribute holding an object, and that object's key.
    #[serde(default)]
    pub provided: Option<ProvidedFunctionFile>,
    /// The metavariables holding what it is called with, in order.
    #[serde(default)]
    pub args: Vec<String>,
    /// The library catches what the function throws and keeps it as the hook's error state
    /// (`error`, `isError`, `onError`): a failure the function turns into an exception never
    /// reaches code written for a success.
    #[serde(default)]
    pub keeps_failures: bool,
    /// The hook's value holds what the function returns once per page (an infinite query's
    /// `data.pages`): no one place of it is the response's body, so reading `data` off it reads
    /// no body field.
    #[serde(default)]
    pub paged: bool,
}

/// A call that handles the rejection of a promise it is given (see
/// `PackFile::keeps_rejections`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RejectionKeeperFile {
    pub pattern: String,
    /// The metavariable holding the promise.
    pub promise: String,
    /// Methods that hand on what they are called on, failures included, besides a promise's
    /// `then` and `finally` (an Observable's `pipe`).
    #[serde(default)]
    pub through: Vec<String>,
}

/// A function an app gives a library through a configuration element (see
/// `InvocationFile::provided`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ProvidedFunctionFile {
    /// The element's tag (`SWRConfig`).
    pub element: String,
    /// The attribute holding an object literal (`value`).
    pub attribute: String,
    /// The key of that object holding the function (`fetcher`).
    pub key: String,
}

/// A URL builder (see `PackFile::urls`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UrlBuilderFile {
    pub pattern: String,
    /// The metavariable holding the URL, absolute or relative to `base`.
    pub url: String,
    /// The metavariable holding the base a relative URL resolves against.
    #[serde(default)]
    pub base: Option<String>,
    /// The URL is joined to the base as a path, one slash between them (Fern's
    /// `core.url.join(base, "users/me")` keeps the base's own path), instead of resolved
    /// against it as a browser does (where `users/me` replaces the base's last segment).
    #[serde(default)]
    pub joined: bool,
}

/// Values that pass from a server's page templates to the page's scripts through element
/// attributes. Every loaded pack's entries apply to every file of the project (a template is
/// markup, whichever backend renders it).
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MarkupFile {
    /// Script expressions reading an attribute of a page element
    /// (`document.getElementById($ID).dataset.$NAME`): the value is the attribute's in the
    /// project's templates.
    #[serde(default)]
    pub reads: Vec<MarkupReadFile>,
    /// Calls that register a function as the handler of the elements a selector chooses
    /// (`$($SELECTOR).click($HANDLER)`): in it, `this` is such an element.
    #[serde(default)]
    pub handlers: Vec<MarkupHandlerFile>,
    /// Template tags (lowered as calls, see seam-lang's server templates) that write the URL
    /// of a route given its name (`{% url 'name' args %}` is `url($NAME, $$$ARGS)`).
    #[serde(default)]
    pub route_urls: Vec<RouteUrlFile>,
    /// The keyword argument of a route list entry that names the route (`name`).
    #[serde(default)]
    pub route_names: Option<String>,
    /// A module-level variable of the file registering routes whose string value is the
    /// namespace of the names given there (Django's `app_name = "dcim"`: the route named
    /// `site_list` is also `dcim:site_list`, which a template writes when several apps use
    /// the same name).
    #[serde(default)]
    pub route_namespace: Option<String>,
    /// A route its registration does not name is named after its handler function (Flask's
    /// endpoint, `def edit_book` → `edit_book`).
    #[serde(default)]
    pub function_names: bool,
    /// Routers that give their routes' names a namespace: the pattern making one and the
    /// metavariable holding its name (`Blueprint($NAME, $$$ARGS)`: a route named `edit_book`
    /// registered on `Blueprint("editbook", …)` is `editbook.edit_book`).
    #[serde(default)]
    pub router_names: Vec<RouterNameFile>,
    /// Further attributes of a server template's elements that carry a URL, lowered as its
    /// `data-*` and `href` attributes are (`HTMLElement.attribute(selector, name, value)`):
    /// htmx's `hx-post`, whose element sends a request there.
    #[serde(default)]
    pub attributes: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouterNameFile {
    pub pattern: String,
    /// The metavariable holding the router's name.
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MarkupReadFile {
    pub pattern: String,
    /// The metavariable holding a CSS selector choosing the element (`$("#log")`).
    #[serde(default)]
    pub selector: Option<String>,
    /// The metavariable holding the element's id (`getElementById`). With neither, the
    /// element is the `this` of a handler (see `MarkupFile::handlers`).
    #[serde(default)]
    pub id: Option<String>,
    /// The metavariable holding the attribute's name (`getAttribute("href")`).
    #[serde(default)]
    pub attribute: Option<String>,
    /// The metavariable holding a data key (`dataset.statusUrl`, `.data("status-url")`): the
    /// attribute `data-status-url`.
    #[serde(default)]
    pub data: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MarkupHandlerFile {
    pub pattern: String,
    pub selector: String,
    pub handler: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteUrlFile {
    pub pattern: String,
    /// The metavariable holding the route's name.
    pub name: String,
    /// The `$$$` metavariable holding the route's parameters in order: a literal one is
    /// written into the path.
    #[serde(default)]
    pub arguments: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SettingsObjectFile {
    pub pattern: String,
    /// The metavariable holding the object (a class, or a name holding one).
    pub object: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FailureInterceptorFile {
    pub pattern: String,
    /// The metavariable holding the client instance the interceptor is registered on; absent
    /// when the framework runs it for every request of the pack's clients (an Angular
    /// `HttpInterceptor`).
    #[serde(default)]
    pub client: Option<String>,
    /// The metavariable holding the function a failed response is handed to.
    pub handler: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct BaseAssignmentFile {
    /// The assignment (`$CLIENT.defaults.baseURL = $BASE`).
    pub pattern: String,
    /// The metavariable holding the client: the package's own object (its import) or an
    /// instance the project makes.
    pub client: String,
    /// The metavariable holding the base URL assigned.
    pub base: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UrlInterceptorFile {
    pub pattern: String,
    /// The metavariable holding the client instance the interceptor is registered on; absent
    /// for an interceptor registered for every client of the pack in the project
    /// (`provideHttpClient(withInterceptors([…]))`).
    #[serde(default)]
    pub client: Option<String>,
    /// The metavariable holding the interceptor function (a `$$$` list: each of them).
    pub handler: String,
    /// The property of the handler's first parameter that holds the request's URL (`url`).
    pub url: String,
    /// The property of the handler's first parameter that holds the request's base URL
    /// (`baseURL`): a handler assigning it (`config.baseURL = api + "/api"`) puts that
    /// value in front of the URL of every call through a client that has no base of its own.
    #[serde(default)]
    pub base: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CallFile {
    pub pattern: String,
    #[serde(default, rename = "where")]
    pub where_: BTreeMap<String, ConstraintFile>,
    pub url: ValueFile,
    pub method: ValueFile,
    /// A call known by its shape alone (a request described as an object): any other reading
    /// of the same call, by any pack, directly or through a wrapper, wins over this one.
    #[serde(default)]
    pub fallback: bool,
    /// The call defines a request the library makes later (an endpoint of a table of
    /// definitions): the consumer is the call itself, named after the object key holding it,
    /// with no paths of the function it is written in.
    #[serde(default)]
    pub definition: bool,
    /// The call defines a table of requests the library makes later (AngularJS's
    /// `$resource(url, params, { findApp: { method: 'GET', url: … } })`): `table` names the
    /// metavariable holding the object, `entry` the one each of its properties' values binds
    /// for `url` and `method`; each property is a consumer of its own, named after its key.
    #[serde(default)]
    pub entries: Option<EntriesFile>,
    /// The request body the call sends (`$BODY`, or `{ option: $OPTIONS, key: body }`).
    #[serde(default)]
    pub body: Option<ValueFile>,
    /// Another expression the function around the call must hold (a request described over
    /// several statements: the options object with its method beside the URL the call makes);
    /// its metavariables join the pattern's.
    #[serde(default)]
    pub alongside: Option<String>,
    /// The function around the call describes the request and hands it out: see
    /// `ClientCall::handed_out`.
    #[serde(default)]
    pub handed_out: bool,
    /// A pattern (or a list of them) the same call must not match: a call of the entry's
    /// shape that also has one describes something else (an API description's `{ method,
    /// path, responses }` registered for documentation is no request).
    #[serde(default)]
    pub unless: Option<OneOrMany>,
    /// Where the call is given a callback for its failures (`{ option: $OPTIONS, key: error }`,
    /// `$.ajax({ url, error })`): a call given one handles every failure status there.
    #[serde(default)]
    pub failure_callback: Option<ValueFile>,
}

/// See `CallFile::entries`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct EntriesFile {
    pub table: String,
    pub entry: String,
}

/// See `PackFile::member_calls`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MemberCallFile {
    /// The member called, by name, and the HTTP method it sends (`$get: GET`).
    pub methods: BTreeMap<String, String>,
    /// A member whose name starts with this text is a path parameter (`":id"` → `{id}`).
    #[serde(default)]
    pub parameter_prefix: Option<String>,
    /// When set, the members make one path segment joined with this text (`post.byId` for
    /// `"."`) instead of one segment each.
    #[serde(default)]
    pub separator: Option<String>,
    /// Called members that keep what the request throws as their own error state (a
    /// react-query hook's `error`): their failures are handled.
    #[serde(default)]
    pub keeps_failures: Vec<String>,
    /// Members named here are the path's root (`index` → `/`), not one of its segments.
    #[serde(default)]
    pub index: Vec<String>,
}

/// A value a pack reads: a literal, a metavariable, a key of an options object, or a call
/// of a builder chain.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum ValueFile {
    Scalar(ScalarFile),
    Option {
        option: String,
        key: String,
        #[serde(default)]
        default: Option<String>,
    },
    Chain(ChainFile),
}

/// `{ chain: $REQUEST, call: url }`: the first argument of the last `.url(…)` in the builder
/// chain `$REQUEST` holds; `methodCalls: [get, post]` reads the method from which of these the
/// chain calls last (`.post(body)`), `call` then naming a call whose argument is the method.
/// Calls made on the name holding the object, as statements before it is sent
/// (`c.setopt(pycurl.URL, u)` … `c.perform()`), belong to its chain.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ChainFile {
    pub chain: String,
    #[serde(default)]
    pub call: Option<String>,
    #[serde(default)]
    pub method_calls: Vec<String>,
    #[serde(default)]
    pub default: Option<String>,
    /// `key: pycurl.URL`: the value is the second argument of the last `call` whose first
    /// argument is written as this key (`c.setopt(pycurl.URL, u)`).
    #[serde(default)]
    pub key: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ResponseFile {
    /// Reads of the status off the response `$R` (`$R.status`).
    #[serde(default)]
    pub status: Vec<String>,
    /// Reads of "the status is 2xx" (`$R.ok`).
    #[serde(default)]
    pub ok: Vec<String>,
    /// Reads of the body (`$R.json()`, `$R.data`).
    #[serde(default)]
    pub body: Vec<String>,
    /// Reads of the status off a caught error `$E` (`$E.response.status`).
    #[serde(default)]
    pub error_status: Vec<String>,
    /// Calls on the response that raise on a non-2xx (`$R.raise_for_status()`): a caller
    /// that makes one gets failures as exceptions.
    #[serde(default)]
    pub throws_on_failure: Vec<String>,
    /// Reads of the body that reject when it is not JSON (`$R.json()`): a response sent with
    /// no body (`res.sendStatus(500)`) fails there.
    #[serde(default)]
    pub parses_json: Vec<String>,
}

/// A dev-server proxy table (see `PackFile::dev_proxies`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DevProxyFile {
    /// A glob over file names the pattern is looked for in (`vue.config.{js,ts}`).
    pub file: String,
    /// An expression holding the table (`{ proxy: $PROXY }`).
    pub pattern: String,
    /// The metavariable holding the table: an object whose keys are the proxied prefixes.
    pub proxy: String,
    /// The key of an entry whose object maps a regular expression (as text) to its
    /// replacement (`pathRewrite: { '^/api': '' }`).
    #[serde(default)]
    pub path_rewrite: Option<String>,
    /// The key of an entry whose function rewrites the path with one `replace` call
    /// (`rewrite: (p) => p.replace(/^\/api/, '')`).
    #[serde(default)]
    pub rewrite: Option<String>,
}

/// `classRoutes:` (see the pack README).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ClassRoutesFile {
    /// A class alone as a route's handler stands for its method of this name (`__invoke`).
    #[serde(default)]
    pub invokable: Option<String>,
    /// A text handler `"Class@method"` names the method after this separator.
    #[serde(default)]
    pub separator: Option<String>,
    /// A handler written as an options array holds the handler under this key (`['uses' =>
    /// 'C@m', 'as' => 'name']`).
    #[serde(default)]
    pub handler_key: Option<String>,
    #[serde(default)]
    pub groups: Vec<RouteGroupFile>,
    #[serde(default)]
    pub resources: Vec<ResourceFile>,
    /// Route files served under a prefix when no group names them (`routes/api.php: api`).
    #[serde(default)]
    pub default_file_prefixes: BTreeMap<String, String>,
    /// Calls whose argument is a route file's path read as that path (`base_path`).
    #[serde(default)]
    pub path_functions: Vec<String>,
}

/// A call whose function argument (or route file) registers routes under a prefix.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RouteGroupFile {
    pub pattern: String,
    /// The function (or the route file's path).
    pub child: String,
    /// An options object whose keys give the prefix and the controller.
    #[serde(default)]
    pub options: Option<String>,
    #[serde(default)]
    pub prefix_key: Option<String>,
    /// The options key whose text is the namespace of the group's `"Class@method"` handlers
    /// (nested inside the namespace of the groups around it).
    #[serde(default)]
    pub namespace_key: Option<String>,
    /// Calls of these names in the chain the pattern's call is made on give prefixes
    /// (`Route::prefix('api')->middleware('x')->group(…)`).
    #[serde(default)]
    pub chain_prefix: Vec<String>,
    /// Calls of these names in the chain name the controller class of the group's routes.
    #[serde(default)]
    pub chain_controller: Vec<String>,
}

/// A call declaring the standard routes of a controller class.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ResourceFile {
    pub pattern: String,
    /// The resource's name (`photos`, nested `albums.songs`).
    pub name: String,
    pub controller: String,
    /// Chained calls limiting the actions to those listed / leaving those listed out.
    #[serde(default)]
    pub only: Vec<String>,
    #[serde(default)]
    pub except: Vec<String>,
    pub actions: Vec<ResourceActionFile>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ResourceActionFile {
    pub name: String,
    pub methods: Vec<String>,
    /// `""` for the collection, `{param}` for one member, more text after it.
    pub path: String,
}
