//! The TypeScript/JavaScript framework packs (Fastify, Koa, NestJS, Next.js, Hono, generated
//! clients, API class hierarchies): each fixture tree extracted against its checked-in
//! summaries (`snapshots/ts_frameworks__*.snap`), plus exact checks of the patterns each pack
//! exists for.

mod support;
use support::{extract, text};

/// `METHOD path -> [status…]` per summary, in output order: the routes and outcomes at a glance.
fn routes(run: &seam_extract::Extraction) -> Vec<String> {
    run.summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            let statuses: Vec<String> = v["transitions"]
                .as_array()
                .expect("transitions")
                .iter()
                .map(|t| match &t["output"]["statusCode"]["value"] {
                    serde_json::Value::Null => {
                        t["output"]["type"].as_str().unwrap_or("?").to_owned()
                    }
                    n => n.to_string(),
                })
                .collect();
            format!(
                "{} {} -> [{}]",
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-"),
                statuses.join(", ")
            )
        })
        .collect()
}

#[test]
fn fastify_routes_plugins_and_statuses() {
    let run = extract("fastify", &[]);
    assert_eq!(
        routes(&run),
        [
            // A plugin in another file, registered with a prefix.
            "GET /v1/users/:id -> [404, 200]",
            "POST /v1/users -> [201]",
            // A returned value is the 200 body.
            "GET /health -> [200]",
            // route({ method, url, handler }).
            "DELETE /cache -> [403, 204]",
            // route({ method: ["GET", "HEAD"], … }): one route per method.
            "GET /status -> [200]",
            "HEAD /status -> [200]",
            // reply.code(201) then a returned value: the set status wins.
            "POST /api/echo -> [201]",
            // A plugin inside a plugin: both prefixes.
            "GET /api/admin/stats -> [200]",
            // A plugin with no prefix; route options between path and handler.
            "PUT /flags/:name -> [throw]",
        ]
    );
}

#[test]
fn koa_routes_assignments_and_throws() {
    let run = extract("koa", &[]);
    assert_eq!(
        routes(&run),
        [
            "GET /health -> [200]",
            // `ctx.status = 204` and nothing else: the path sends the status alone.
            "DELETE /sessions -> [204]",
            // RPC-style paths under a `use(prefix, router.routes())` mount; ctx.throw(400);
            // `ctx.status = 404` then `ctx.body = …` is one 404 with that body.
            "POST /api/documents.info -> [400, 404, 200]",
            "POST /api/documents.create -> [201]",
            // `new Router({ prefix })` mounted with no prefix of its own.
            "GET /users/:id -> [302, 200]",
        ]
    );
}

#[test]
fn hono_routes_base_path_mounts_and_helpers() {
    let run = extract("hono", &[]);
    assert_eq!(
        routes(&run),
        [
            // A chain of middleware and routes on one sub-app, mounted at /accounts.
            "GET /api/accounts/me -> [200]",
            "POST /api/accounts/logout -> [204]",
            // `new Hono().basePath("/api")`.
            "GET /api/health -> [200]",
            // An HTTPException is a response with its status; c.status(201) before c.json.
            "POST /api/login -> [401, 201]",
            // A sub-app mounted with `app.route("/books", books)` from another file.
            "GET /api/books/:id -> [404, 200]",
            "DELETE /api/books/:id -> [204]",
        ]
    );
}

#[test]
fn api_class() {
    let run = extract("api-class", &[]);
    insta::assert_snapshot!(text(&run.summaries));
}

#[test]
fn api_class_calls_through_subclass_instances_get_the_subclass_route() {
    let run = extract("api-class", &[]);
    let calls: Vec<String> = run
        .summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            format!(
                "{} {} {}",
                v["identity"]["id"].as_str().unwrap_or("-"),
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-")
            )
        })
        .collect();
    assert_eq!(
        calls,
        [
            "fixture-api-class::src/pages/users.ts::loadUsers GET /api/users",
            "fixture-api-class::src/pages/users.ts::loadUser GET /api/users/{id}",
            "fixture-api-class::src/pages/users.ts::loadAdmins GET /api/users",
            "fixture-api-class::src/pages/users.ts::placeOrder POST /api/orders",
        ]
    );
}

#[test]
fn generated_client_operations_are_one_summary_each() {
    let run = extract("generated-client", &[]);
    let ops: Vec<String> = run
        .summaries
        .iter()
        .filter(|s| {
            s.identity
                .boundary_binding
                .as_ref()
                .is_some_and(|b| b.recognition == "generated-client")
        })
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            format!(
                "{} {} {}",
                s.identity.name,
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-")
            )
        })
        .collect();
    assert_eq!(
        ops,
        [
            "healthCheck GET /health",
            "getUser GET /users/{id}",
            "createUser POST /users",
            "deleteUser DELETE /users/{id}",
        ]
    );
}

#[test]
fn nextjs_routes_from_files_segments_groups_and_base_path() {
    let run = extract("nextjs", &[]);
    assert_eq!(
        routes(&run),
        [
            // Handlers re-exported from another module (`export { GET, HEAD } from "@/lib/…"`,
            // `export { default } from "…"`), read where they are written.
            "GET /shop/api/health -> [200]",
            "HEAD /shop/api/health -> [200]",
            "* /shop/api/legacy -> [410]",
            // Pages Router: one route per method the handler branches on (`switch`, `if`),
            // each with its own outcomes; the 405 fallback is no route.
            "DELETE /shop/api/orders/{id} -> [204]",
            "GET /shop/api/orders/{id} -> [200]",
            "GET /shop/api/orders -> [200]",
            "POST /shop/api/orders -> [201]",
            // App Router under src/: `(marketing)` dropped, `[[...slug]]` optional catch-all.
            "GET /shop/docs/{slug*} -> [200]",
            // A `route.tsx` under a dot folder.
            "GET /shop/.well-known/security.txt -> [200]",
            // `export const { GET, POST } = handlers`, `handlers` imported from a module that
            // destructured it from `NextAuth(…)`: a library's call, bodies unknown.
            "GET /shop/api/auth/{nextauth+} -> []",
            "POST /shop/api/auth/{nextauth+} -> []",
            // `export const { GET } = createFromSource(…)`: a library's call, body unknown.
            "GET /shop/api/search -> []",
            // `const handlers = toNextJsHandler(auth); export const { POST, PUT } = handlers`,
            // beside a `GET` written out.
            "POST /shop/api/session/{all+} -> []",
            "PUT /shop/api/session/{all+} -> []",
            "GET /shop/api/session/{all+} -> []",
            "GET /shop/api/users/{id} -> [404, 200]",
            "DELETE /shop/api/users/{id} -> [204]",
            "POST /shop/files/{path+} -> [422, 201]",
        ]
    );
}

#[test]
fn pages_api_handlers_are_one_route_per_method_they_branch_on() {
    let run = extract("pages-api", &[]);
    assert_eq!(
        routes(&run),
        [
            // `switch (req.method)` in a .jsx file.
            "DELETE /api/carts/{id} -> [204]",
            "GET /api/carts/{id} -> [200]",
            // `if`, and `||` naming two methods; the check before the branch is on each.
            "GET /api/carts -> [401, 200]",
            "POST /api/carts -> [401, 201]",
            "PUT /api/carts -> [401, 201]",
            // Only the preflight is set apart: the rest answers every other method.
            "* /api/checkout -> [400, 200]",
            "OPTIONS /api/checkout -> [204]",
            // No method compared: one route for every method (a .tsx file).
            "* /api/health -> [200]",
            // `!== "POST"` rejects the others with 405.
            "POST /api/webhook -> [202]",
        ]
    );
    // The method comparisons hold by construction and are left out.
    let get = run
        .summaries
        .iter()
        .find(|s| {
            s.identity.id.as_deref()
                == Some("fixture-pages-api::pages/api/carts/index.ts::default#GET /api/carts")
        })
        .expect("GET /api/carts");
    let text = serde_json::to_string(&get.transitions).expect("serialises");
    assert!(!text.contains(r#""property":"method""#), "{text}");
}

#[test]
fn nestjs_controllers_prefixes_statuses_and_parameters() {
    let run = extract("nestjs", &[]);
    assert_eq!(
        routes(&run),
        [
            // @Controller({ path, version }) with URI versioning on in main.ts.
            "GET /api/v1/auth/providers -> [200]",
            // @Controller({ path }) with no version.
            "GET /api/ping -> [200]",
            "GET /api/users -> [200]",
            "GET /api/users/:id -> [404, 200]",
            // @Post returns 201 unless @HttpCode says otherwise; HttpException(body, 422).
            "POST /api/users -> [422, 201]",
            // @HttpCode(204) on a method that returns nothing.
            "DELETE /api/users/:id -> [204]",
        ]
    );
    let find_one = serde_json::to_value(&run.summaries[3]).expect("serialises");
    assert_eq!(
        find_one["inputs"],
        serde_json::json!([
            {"type": "parameter", "name": "id", "position": 0, "role": "path", "field": "id", "shape": null},
            {"type": "parameter", "name": "tenant", "position": 1, "role": "headers", "field": "x-tenant", "shape": null}
        ])
    );
}

#[test]
fn explain_on_a_monorepo_says_which_pack_ran_where_and_why() {
    let run = extract("ts-monorepo", &[]);
    let lines: Vec<String> = run
        .explain
        .iter()
        .map(|l| {
            let dir = if l.dir.is_empty() {
                "."
            } else {
                l.dir.as_str()
            };
            format!("{dir}: {} ({})", l.pack, l.reason)
        })
        .collect();
    assert_eq!(
        lines,
        [
            "apps/api/src: angularjs (applies to every file of its language)",
            "apps/api/src: event-source (applies to every file of its language)",
            "apps/api/src: fastify (apps/api/package.json depends on fastify)",
            "apps/api/src: fetch (applies to every file of its language)",
            "apps/api/src: generated-client (applies to every file of its language)",
            "apps/api/src: htmx (applies to every file of its language)",
            "apps/api/src: jquery (applies to every file of its language)",
            "apps/api/src: miniprogram-request (applies to every file of its language)",
            "apps/api/src: xhr (applies to every file of its language)",
            "apps/web/app/api/ping: angularjs (applies to every file of its language)",
            "apps/web/app/api/ping: axios (apps/web/package.json depends on axios)",
            "apps/web/app/api/ping: event-source (applies to every file of its language)",
            "apps/web/app/api/ping: fetch (applies to every file of its language)",
            "apps/web/app/api/ping: generated-client (applies to every file of its language)",
            "apps/web/app/api/ping: htmx (applies to every file of its language)",
            "apps/web/app/api/ping: jquery (applies to every file of its language)",
            "apps/web/app/api/ping: miniprogram-request (applies to every file of its language)",
            "apps/web/app/api/ping: nextjs (apps/web/package.json depends on next)",
            "apps/web/app/api/ping: nextjs-pages (apps/web/package.json depends on next)",
            "apps/web/app/api/ping: xhr (applies to every file of its language)",
            "apps/worker/src: angularjs (applies to every file of its language)",
            "apps/worker/src: event-source (applies to every file of its language)",
            "apps/worker/src: fetch (applies to every file of its language)",
            "apps/worker/src: generated-client (applies to every file of its language)",
            "apps/worker/src: htmx (applies to every file of its language)",
            "apps/worker/src: jquery (applies to every file of its language)",
            "apps/worker/src: koa (apps/worker/package.json depends on @koa/router)",
            "apps/worker/src: miniprogram-request (applies to every file of its language)",
            "apps/worker/src: xhr (applies to every file of its language)",
            "packages/sdk/src: angularjs (applies to every file of its language)",
            "packages/sdk/src: event-source (applies to every file of its language)",
            "packages/sdk/src: fetch (applies to every file of its language)",
            "packages/sdk/src: generated-client (applies to every file of its language)",
            "packages/sdk/src: htmx (applies to every file of its language)",
            "packages/sdk/src: jquery (applies to every file of its language)",
            "packages/sdk/src: miniprogram-request (applies to every file of its language)",
            "packages/sdk/src: xhr (applies to every file of its language)",
        ]
    );
    assert_eq!(
        routes(&run),
        [
            "GET /orders/:id -> [200]",
            "GET /api/ping -> [200]",
            "POST /jobs -> [202]",
            // The SDK's fetch call: its throw on !res.ok and its return.
            "GET /orders/{id} -> [throw, return]",
        ]
    );
}

/// `recognition METHOD path name` per client summary of a pack, in output order.
fn client_calls(run: &seam_extract::Extraction, recognition: &str) -> Vec<String> {
    run.summaries
        .iter()
        .filter(|s| {
            s.identity
                .boundary_binding
                .as_ref()
                .is_some_and(|b| b.recognition == recognition)
        })
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            format!(
                "{} {} {}",
                v["identity"]["id"].as_str().unwrap_or("-"),
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-")
            )
        })
        .collect()
}

/// `file METHOD path <extra>` per summary, in output order, `extra` read from the summary's
/// JSON.
fn calls_by_file(
    run: &seam_extract::Extraction,
    extra: impl Fn(&serde_json::Value) -> String,
) -> Vec<String> {
    run.summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            let sem = &v["identity"]["boundaryBinding"]["semantics"];
            format!(
                "{} {} {} {}",
                v["location"]["file"].as_str().unwrap_or("-"),
                sem["method"].as_str().unwrap_or("-"),
                sem["path"].as_str().unwrap_or("-"),
                extra(&v),
            )
        })
        .collect()
}

/// Clients held in fields typed `HttpClient` (constructor parameter properties, declared
/// fields of a base class) or made by `inject(HttpClient)` (a field initialiser, a constructor
/// assignment); bases read from an imported environment object and a private field.
#[test]
fn angular_http_clients_are_typed_or_injected_fields() {
    let run = extract("angular-http", &[]);
    assert_eq!(
        client_calls(&run, "angular-http"),
        [
            "angular-http-fixture::src/app/services/abstract.service.ts::list GET /api/logs",
            "angular-http-fixture::src/app/services/articles.service.ts::get GET /articles/{slug}",
            "angular-http-fixture::src/app/services/articles.service.ts::create POST /articles",
            "angular-http-fixture::src/app/services/articles.service.ts::update PUT /articles/{slug}",
            "angular-http-fixture::src/app/services/articles.service.ts::destroy DELETE /articles/{slug}",
            "angular-http-fixture::src/app/services/profile.service.ts::get GET /api/profile",
            "angular-http-fixture::src/app/services/profile.service.ts::update PATCH /api/profile",
            "angular-http-fixture::src/app/services/profile.service.ts::run POST /api/tasks/run",
        ]
    );
}

/// JHipster-style services: the URL comes from a helper with an optional parameter
/// (`getEndpointFor(api, microservice?)`), whose `if (microservice)` return a call that leaves
/// the option out never reaches; a base class keeps it in a field initialiser read through
/// `this` by a subclass's methods and by an `httpResource(() => ({ url, params }))` (a GET).
/// A call passing the option reaches both returns and stays unread.
#[test]
fn angular_endpoint_helpers_and_http_resources() {
    let run = extract("angular-endpoint-helper", &[]);
    assert_eq!(
        client_calls(&run, "angular-http"),
        [
            "angular-endpoint-helper-fixture::src/app/admin/health.service.ts::checkHealth GET /management/health",
            "angular-endpoint-helper-fixture::src/app/admin/health.service.ts::gateway GET /{value}",
            "angular-endpoint-helper-fixture::src/app/entities/label.service.ts::module GET /api/labels",
            "angular-endpoint-helper-fixture::src/app/entities/label.service.ts::create POST /api/labels",
            "angular-endpoint-helper-fixture::src/app/entities/label.service.ts::find GET /api/labels/{id}",
        ]
    );
}

/// A functional interceptor registered with `withInterceptors([...])` that clones each request
/// with `url: \`https://host/api${req.url}\`` rewrites every HttpClient call of the project;
/// one that only sets headers does not.
#[test]
fn angular_interceptors_rewrite_every_url() {
    let run = extract("angular-interceptor", &[]);
    assert_eq!(
        client_calls(&run, "angular-http"),
        [
            "angular-interceptor-fixture::src/app/tags.service.ts::getAll GET /api/tags",
            "angular-interceptor-fixture::src/app/tags.service.ts::remove DELETE /api/tags/{slug}",
        ]
    );
    let origins: Vec<String> = run
        .summaries
        .iter()
        .filter_map(|s| {
            let m = serde_json::to_value(s.metadata.as_ref()?).ok()?;
            Some(m["http"]["origin"].as_str()?.to_owned())
        })
        .collect();
    assert_eq!(
        origins,
        ["https://api.example.com", "https://api.example.com"]
    );
}

/// A `.vue` component's script block is read as TypeScript at the component's own lines;
/// `$fetch` calls are client calls (method from the options).
#[test]
fn vue_component_script_blocks_and_fetch_helpers() {
    let run = extract("vue-sfc", &[]);
    assert_eq!(
        client_calls(&run, "ofetch"),
        [
            "vue-sfc-fixture::app/pages/todos.vue::load GET /api/todos",
            "vue-sfc-fixture::app/pages/todos.vue::toggle PATCH /api/todos/{id}",
        ]
    );
    let lines: Vec<u32> = run
        .summaries
        .iter()
        .map(|s| s.location.range.start)
        .collect();
    assert_eq!(lines, [9, 13]);
}

#[test]
fn nitro_routes_from_file_names_suffixes_and_wrapped_default_exports() {
    let run = extract("nitro", &[]);
    assert_eq!(
        routes(&run),
        [
            // `eventHandler(serveFile)`: the wrapped function is followed by name.
            "GET /api/files/{path+} -> [204, 200]",
            // createError({ statusCode }) thrown is a response with that status.
            "PATCH /api/todos/{id} -> [404, 200]",
            "GET /api/todos -> [200]",
            // setResponseStatus(event, 201) then a returned value: the set status wins.
            "POST /api/todos -> [400, 201]",
            // No method suffix: every method; the function is not the last argument.
            "* /api/todos/stats -> [200]",
            // server/routes/: no prefix; a dotted name keeps its dots.
            "POST /auth/logout -> [303]",
            "* /sitemap.xml -> [200]",
        ]
    );
}

/// Clients made by openapi-fetch's `createClient` under any local name, directly or through
/// project factories (two levels, an object spreading the client), imported from another
/// module; the path template is the route; a factory's environment base adds nothing. A
/// receiver whose value cannot be followed, called with a capital method and a written path,
/// is a client too; an object literal or a same-named local factory is not.
#[test]
fn openapi_fetch_clients_through_factories_and_imports() {
    let run = extract("openapi-fetch", &[]);
    assert_eq!(
        client_calls(&run, "openapi-fetch"),
        [
            "openapi-fetch-fixture::src/api/direct.ts::getItem GET /v2/items/{id}",
            // Through a context and an untyped parameter: known by the call's shape.
            "openapi-fetch-fixture::src/hooks/context.ts::useMe GET /v1/me",
            "openapi-fetch-fixture::src/hooks/context.ts::removeItem DELETE /v1/items/{id}",
            "openapi-fetch-fixture::src/hooks/items.ts::listItems GET /v1/items",
            "openapi-fetch-fixture::src/hooks/items.ts::createItem POST /v1/items",
            "openapi-fetch-fixture::src/hooks/items.ts::deleteItem DELETE /v1/items/{id}",
            // A client made in `useMemo(() => createClient(…))`: the one its callback returns.
            "openapi-fetch-fixture::src/hooks/memo.ts::useOrders GET /shop/v1/orders",
            // Through `useMemo`, two project factories and an SDK's spread client.
            "openapi-fetch-fixture::src/hooks/memo_factory.ts::useSeats POST /portal/v1/seats",
        ]
    );
}

#[test]
fn sveltekit_endpoints_and_form_actions() {
    let run = extract("sveltekit", &[]);
    assert_eq!(
        routes(&run),
        [
            // The page's client call (below).
            "GET /profiles/{user} -> [return]",
            // Actions: `(app)` dropped, `@[user]` is `@{user}`; a named action (posted to
            // `?/follow`) is at the page's path, its name in the export path.
            "POST /profile/@{user} -> [401, 200]",
            "POST /profile/@{user} -> [401, 200]",
            "GET /api/items -> [200]",
            "POST /api/items -> [400, 201]",
            "DELETE /api/items/{id} -> [throw, 204]",
            "GET /docs/{lang?}/{rest*} -> [200]",
            // The default action at the page's own path.
            "POST /login -> [400, 303]",
        ]
    );
    // `$lib/http.js` (an alias only SvelteKit's generated tsconfig declares) reaches
    // `src/lib/http.js`, so the page's call through its `get` wrapper is read.
    assert_eq!(
        client_calls(&run, "fetch"),
        [
            "fixture-sveltekit::src/routes/(app)/profile/@[user]/+page.server.js::load GET /profiles/{user}"
        ]
    );
}

#[test]
fn medusa_route_files_export_method_named_arrow_functions() {
    let run = extract("medusa", &[]);
    assert_eq!(
        routes(&run),
        [
            "GET /admin/products/{id} -> [throw, 200]",
            "DELETE /admin/products/{id} -> [200]",
            "GET /admin/products -> [200]",
            "POST /admin/products -> [200]",
            "GET /store/health -> [200]",
        ]
    );
}

/// Client calls behind wrapper layers the project wrote: each call of a wrapper is a
/// consumer with the request its layers build from the caller's arguments (destructured
/// options, a method fixed per layer, a module base URL); a helper that returns a path
/// (`apiPath("/locale")`); a function in an object literal (`Client.fetch`); closures a hook
/// returns (`const { get } = useHttp()`, also memoised with `useCallback`, with a test of the
/// URL's text the caller's URL decides); a class field holding a factory's closure reached
/// through a typed field (`this.client.fetch`), with `GET` when no options are passed. A
/// function whose URL only ends in its parameter (`userById(id)`) stays the consumer, and a
/// base read from the page at run time is an unknown base, not a path segment. A base class's
/// URL builder (`getResourceUrl(id = null, action = null)`, appending with `+=` under `if`s on
/// its parameters) reached through `this` reads the calling subclass's `resourceName` and
/// only the appends the call's arguments switch on.
#[test]
fn client_calls_through_wrapper_layers_are_consumers_at_each_call() {
    let run = extract("client-templates", &[]);
    let calls = calls_by_file(&run, |v| {
        v["metadata"]["http"]["origin"]
            .as_str()
            .unwrap_or("-")
            .to_owned()
    });
    assert_eq!(
        calls,
        [
            "src/pages/articles.js GET /api/tags https://api.example.com",
            "src/pages/articles.js GET /api/articles/{slug} https://api.example.com",
            "src/pages/articles.js POST /api/articles/{slug}/comments https://api.example.com",
            "src/pages/articles.js POST /internal/locale -",
            "src/pages/articles.js GET /users/{id} -",
            // `userById` returns its response: each call is a consumer too.
            "src/pages/articles.js GET /users/1 -",
            "src/pages/articles.js GET /users/2 -",
            // Two returns building the same URL from two deployment variables: that URL.
            "src/pages/checkout.js POST /v1/checkouts/{secret}/opened -",
            // `let url;` given on the branches of `if (path.match(/^http/))`, which each
            // call's path decides; sent through `(c ? send : retry(send))(url, …)`.
            "src/pages/documents.ts POST /api/documents.list -",
            "src/pages/documents.ts POST /v1/jobs https://import.example.com",
            // A table looked up by the caller's key: one consumer per value (and per entry of
            // a table of objects, each with its origin); a key the code fixes picks its value.
            "src/pages/lookups.js GET /api/teams -",
            "src/pages/lookups.js GET /api/users -",
            "src/pages/lookups.js GET /api/users -",
            "src/pages/lookups.js POST /login/token https://github.example.com",
            "src/pages/lookups.js POST /token https://oauth.example.com",
            // Verbs a hook returns through `useCallback`; its `url.startsWith("http")` test is
            // decided by each call's URL: a path takes the base, an absolute URL does not.
            "src/pages/reports.ts GET /api/reports/{reportId} -",
            "src/pages/reports.ts DELETE /api/reports/{reportId} -",
            "src/pages/reports.ts GET /v1/summary https://status.example.com",
            // Options passed on through `const { headers, ...rest } = opts`: the caller's
            // method, GET when it names none, a method given through a local object.
            "src/pages/resources.ts PATCH /api/resources/{path} -",
            "src/pages/resources.ts GET /api/resources -",
            "src/pages/resources.ts DELETE /api/resources/{path} -",
            "src/pages/todos.js GET /api/todos -",
            "src/pages/todos.js POST /api/todos -",
            "src/pages/users.js DELETE /api/v1/users/{id} -",
            "src/pages/users.js POST /checks/{code}/pause unknown",
            "src/sdk/store.ts GET /store/regions -",
            "src/sdk/store.ts GET /store/regions/{id} -",
            "src/sdk/store.ts DELETE /store/regions/{id} -",
            "src/services/resource.service.ts GET /api/documents -",
            "src/services/resource.service.ts GET /api/documents/{id} -",
            "src/services/resource.service.ts GET /api/documents/{id}/metadata -",
        ]
    );
    // Each summary says which wrappers built its request, innermost first (`--explain`).
    let through = |i: usize| {
        serde_json::to_value(&run.summaries[i].metadata).expect("serialises")["http"]["through"]
            .clone()
    };
    assert_eq!(
        through(0),
        serde_json::json!(["src/lib/api.js::send", "src/lib/api.js::get"])
    );
    assert_eq!(through(4), serde_json::Value::Null);
    assert_eq!(
        through(5),
        serde_json::json!(["src/pages/articles.js::userById"])
    );
    assert_eq!(
        through(25),
        serde_json::json!(["src/sdk/client.ts::@13", "src/sdk/client.ts::fetch"])
    );
}

/// A base URL read from an environment variable takes the path part the repository's dotenv
/// template gives it (`VITE_BACKEND_API_URL=http://localhost:3170/v1`), also when an ignore
/// rule (`.env.*`) covers the committed template; the ignored real `.env` is never read, and a
/// URL with no path adds nothing.
#[test]
fn environment_base_urls_take_the_path_their_dotenv_template_gives() {
    let run = extract("dotenv-base", &[]);
    let calls: Vec<String> = ["axios", "fetch"]
        .iter()
        .flat_map(|r| client_calls(&run, r))
        .collect();
    assert_eq!(
        calls,
        [
            "web::web/src/auth.ts::logout GET /v1/auth/logout",
            // A public field of a class nothing extends: its initialiser.
            "web::web/src/search.ts::search GET /v1/team-collection/search/{teamID}",
            // No instance of the extended class is made with `new`: the field is the class's
            // own (see `classes::instance_calls`).
            "web::web/src/search.ts::items GET /v1/items",
            // No dotenv file gives DOCS_BASE_PATH: the app's config writes its default
            // (`process.env.DOCS_BASE_PATH || "/docs-api"`, docs/next.config.mjs).
            "docs::docs/lib/specs.ts::getSpecs GET /docs-api/base-specs",
            "web::web/src/auth.ts::logo GET /logo.svg",
        ]
    );
}

/// A function that returns its request's result (an Angular service method returning the
/// Observable, a helper returning `fetch(…)`) makes each of its calls a consumer too, at the
/// caller, with the request instantiated for the caller's arguments; the call inside stays a
/// consumer. So does one that returns what it read of the body (`return res.json()` in
/// `loadUser`): its caller uses the data. A function that does not return it (`ping`,
/// `track`) does not. An
/// interceptor's rewrite under a test of the URL (`if (!config.url.includes("organization"))`)
/// prefixes only the calls whose URL text passes the test. A service the framework injects
/// (`inject(UsersService)`) is an instance of its class, so an inherited method called through
/// it reads the subclass's fields.
#[test]
fn functions_returning_a_request_are_consumers_at_each_call() {
    let run = extract("returned-requests", &[]);
    let calls = calls_by_file(&run, |v| v["metadata"]["http"]["through"].to_string());
    assert_eq!(
        calls,
        [
            r#"src/app/article.component.ts GET /api/articles/{slug} ["src/app/articles.service.ts::get"]"#,
            r#"src/app/article.component.ts GET /api/tags ["src/app/articles.service.ts::tags"]"#,
            // `all()` keeps its request in a field and returns the field.
            r#"src/app/article.component.ts GET /api/articles ["src/app/articles.service.ts::all"]"#,
            "src/app/articles.service.ts GET /api/articles/{slug} null",
            "src/app/articles.service.ts GET /api/tags null",
            "src/app/articles.service.ts GET /api/articles null",
            "src/app/articles.service.ts POST /api/articles/{slug}/views null",
            // The base method reads the subclass's field only through an instance of it.
            "src/app/resource.service.ts GET /api/{resourceName} null",
            // A field of a class no one makes with `new` (the framework injects it) is its own.
            "src/app/resource.service.ts GET /api/config null",
            // `inject(UsersService)` holds a UsersService: `resourceName` is its.
            r#"src/app/users.component.ts GET /api/users ["src/app/resource.service.ts::list"]"#,
            "src/lib/session.js POST /api/auth/signout-all null",
            "src/lib/session.js POST /api/auth/touch null",
            // `loadUser` returns the body it read, and `ping` nothing: their calls are not
            // consumers.
            "src/lib/users.js GET /api/users/{id} null",
            "src/lib/users.js GET /api/ping null",
            // `signOutAll` awaits its request and drops the result: each call is a consumer
            // too; `touch` sends and forgets (not awaited): its call is not.
            r#"src/pages/sessions.js POST /api/auth/signout-all ["src/lib/session.js::signOutAll"]"#,
            r#"src/pages/user.js GET /api/users/{id} ["src/lib/users.js::loadUser"]"#,
            "src/pages/user.js GET /api/v1/{value}/incidents null",
            "src/pages/user.js GET /api/v1/organizations null",
        ]
    );
}

/// `new Hono().basePath(basePath || "/")` over a base path the deployment sets: the routes
/// start at the part the code fixes, and each says which prefix it left out
/// (`metadata.http.unknownPrefix`); a value inside fixed text stays a hole.
#[test]
fn hono_unknown_base_path_is_left_out() {
    let run = extract("hono-base-path", &[]);
    let unknown: Vec<String> = run
        .summaries
        .iter()
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            v["metadata"]["http"]["unknownPrefix"].to_string()
        })
        .collect();
    assert_eq!(
        routes(&run),
        [
            "POST /api/auth/signout -> [200]",
            "GET /api/health -> [200]",
            "GET /api/{value}/items -> [200]",
        ]
    );
    assert_eq!(unknown, vec![r#"["basePath || \"/\""]"#; 3]);
}

/// tRPC procedures with `.meta({ openapi: { method, path } })` (inline or an imported
/// constant) are routes under the endpoint of each handler serving the router that holds them
/// (one endpoint per branch of `isBeta ? … : …`); a procedure with no `openapi` path, or in no
/// served router, is not a route.
#[test]
fn trpc_openapi_procedures_are_routes_under_the_served_endpoint() {
    let run = extract("trpc-openapi", &[]);
    assert_eq!(
        routes(&run),
        [
            "POST (/api/v2|/api/v2-beta)/item/create -> [200]",
            "GET (/api/v2|/api/v2-beta)/item/{itemId} -> [throw, 200]",
        ]
    );
}

/// React Router / Remix flat file routes: `+` folders, `.` separators, `$param`, `$` splat,
/// `_index` and `_pathless` segments, `[.]` escapes, route folders whose module is
/// `route.tsx`; only resource routes (no `default` component) answer HTTP, `loader` GET and
/// `action` POST; an action a library makes is a route with an unread body.
#[test]
fn react_router_resource_routes() {
    let run = extract("react-router", &[]);
    assert_eq!(
        routes(&run),
        [
            "GET / -> [302]",
            "GET /ingest/{path*} -> [200]",
            // The proxy's own `fetch(request)`, a client call.
            "GET /{request} -> [return]",
            "POST /ingest/{path*} -> [200]",
            "GET /{request} -> [return]",
            "GET /share/{slug}/opengraph -> [200]",
            "GET /api/avatar/{id} -> [404, 200]",
            "POST /api/theme -> []",
            "GET /sitemap.xml -> [200]",
            "GET /users/{id} -> [200]",
        ]
    );
}

/// URLs built with the runtime's URL class (pack `urls:`): a template handed over as a `URL`,
/// an absolute path resolved against a base's origin, a relative one against its folder, a
/// helper returning `url.toString()`, and a base nothing reads.
#[test]
fn urls_built_with_the_url_class_are_read_through_their_parts() {
    let run = extract("url-builders", &[]);
    let calls = calls_by_file(&run, |v| v["metadata"]["http"]["origin"].to_string());
    assert_eq!(
        calls,
        [
            r#"src/clients.ts GET /api/limits "unknown""#,
            r#"src/clients.ts POST /oauth/token "https://api.example.com""#,
            r#"src/clients.ts DELETE /v2/items/{id} "https://api.example.com""#,
            r#"src/clients.ts GET /IPlayer/GetGames/v1 "https://games.example.com""#,
            r#"src/clients.ts PUT /api/upload "unknown""#,
        ]
    );
}

/// The line of the client call a summary stands for: its `interaction` effect.
fn call_line(v: &serde_json::Value) -> String {
    v["transitions"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|t| t["effects"].as_array().into_iter().flatten())
        .find(|e| e["type"] == "interaction")
        .map_or("-".to_owned(), |e| e["location"]["start"].to_string())
}

/// Constructor functions and their prototype methods (swagger-js-codegen's client: an IIFE
/// returning `API`, `API.prototype.get_user_list = function …` calling the shared
/// `this.request(method, domain + path, …, deferred)` and returning `deferred.promise`). Each
/// call through the instance (`App.api.patch_user(…)`, `App.api` an object-literal key holding
/// `new API("/")`) is a consumer at its own line; `this.domain` is the instance's field as the
/// program last sets it (`api.domain = config.urlRoot + "/api/v1"` after construction), and a
/// constructor that stores its parameter (`this.base = base`) reads the one `new Store("/api")`.
#[test]
fn calls_through_constructor_function_prototypes_are_consumers_at_each_call() {
    let run = extract("prototype-client", &[]);
    let calls = calls_by_file(&run, call_line);
    assert_eq!(
        calls,
        [
            // The shared `request` forwards method and URL: its `fetch` is no consumer of its
            // own; each operation's `this.request(…)` is, and so is each call of the operation.
            "src/compat/api.js GET /api/v1/users 43",
            "src/compat/api.js PATCH /api/v1/users/{user_id} 55",
            "src/pages/store.js GET /api/items 11",
            "src/pages/store.js GET /api/items 17",
            "src/pages/users.js PATCH /api/v1/users/{user_id} 4",
            "src/pages/users.js GET /api/v1/users 12",
            "src/pages/users.js PATCH /api/v1/users/me 17",
        ]
    );
}

/// A method that sends what its caller passes (`body: JSON.stringify(data)`) but reads the
/// response itself is a template of the request's content: each call is a consumer too, reached
/// through a key of an object literal a class field holds (`authClient.emailPassword
/// .forgotPassword(…)`). The caller never sees the response, but one that throws on every
/// failure (`if (!response.ok) throw …`) hands each failure on as an exception
/// (`failureDelivery: exception`); a method that awaits its request and drops the result
/// (`signOut()`) says `failureDelivery: unknown`: its caller learns only that the request
/// finished or failed. So does a call of a wrapper that sends to the path its caller passes
/// and reads the response itself (`send("/items", item)` returning `res.ok`'s verdict), while
/// one that returns the response (`sendRaw`) leaves its caller to read it.
#[test]
fn calls_of_wrappers_sending_their_parameters_are_consumers_at_each_call() {
    let run = extract("body-templates", &[]);
    let calls = calls_by_file(&run, |v| {
        format!(
            "{} {}",
            call_line(v),
            v["metadata"]["http"]["failureDelivery"]
                .as_str()
                .unwrap_or("-")
        )
    });
    assert_eq!(
        calls,
        [
            "src/forms/forgot.js POST /api/auth/forgot-password 4 exception",
            "src/forms/forgot.js POST /api/auth/signout 8 unknown",
            "src/forms/items.js POST /api/items 4 unknown",
            "src/forms/items.js PUT /api/items/{id} 10 response",
            "src/lib/auth-client.js POST /api/auth/forgot-password 5 response",
            "src/lib/auth-client.js POST /api/auth/signout 16 response",
        ]
    );
}

/// Service classes over an abstract base (the vikunja frontend's shape): each subclass passes
/// its paths to `super({ getAll: "/labels", … })`, which the base merges into its `paths`
/// field (`Object.assign(this.paths, paths)`); a subclass may also set one key
/// (`this.paths.get = …`) or replace the object. The base's methods fill `{field}`
/// placeholders through a `reduce` of `replace`s. Each call through an instance is a consumer
/// with the path the instance's class gives, also through the base's own layers
/// (`update` → `post`, `get` → `getM`), `super.post(…)` in an override, and an instance
/// wrapped by a call (`shallowReactive(new C())`), and one a library's holder keeps under a
/// member (`ref(new C()).value`, `holders` in the core constants); the base URL ends in a
/// slash either way.
#[test]
fn service_classes_take_their_paths_from_the_subclass_constructor() {
    let run = extract("service-paths", &[]);
    let calls = calls_by_file(&run, |v| {
        v["identity"]["name"].as_str().unwrap_or("-").to_owned()
    });
    assert_eq!(
        calls,
        [
            "src/services/passwordReset.ts POST /api/v1/user/password/reset resetPassword",
            "src/services/reactions.ts POST /api/v1/{kind}/{id}/reactions/delete delete",
            "src/services/totp.ts POST /api/v1/user/settings/totp/enroll enroll",
            "src/stores/auth.ts POST /api/v1/login login",
            "src/stores/labels.ts GET /api/v1/labels loadLabels",
            "src/stores/labels.ts GET /api/v1/labels/{id} loadLabel",
            "src/stores/labels.ts POST /api/v1/labels/{id} saveLabel",
            "src/stores/labels.ts PUT /api/v1/labels addLabel",
            "src/stores/labels.ts DELETE /api/v1/labels/{id} removeLabel",
            "src/views/labelsRef.ts GET /api/v1/labels loadLabelsRef",
            "src/views/labelsRef.ts DELETE /api/v1/labels/{id} removeLabelRef",
            "src/views/reactions.ts PUT /api/v1/{kind}/{id}/reactions react",
            "src/views/reactions.ts POST /api/v1/{kind}/{id}/reactions/delete unreact",
            "src/views/totp.ts GET /api/v1/user/settings/totp loadTotp",
            "src/views/totp.ts POST /api/v1/user/settings/totp/enroll enrollTotp",
            // `resetPassword` hands back the body it reads: `reset` uses the data.
            "src/views/totp.ts POST /api/v1/user/password/reset reset",
        ]
    );
}

/// An absolute URL on the page's own origin (`new URL(path, window.location.origin)`,
/// `${window.location.origin}/…`) takes no axios instance base and stays on this deployment
/// (no origin); a regular expression that spells fixed text rewrites known text
/// (`API.replace(/\/api\/v1\/$/, '/api/v2/')`); another host keeps its origin.
#[test]
fn page_origin_urls_skip_the_instance_base() {
    let run = extract("page-origin-urls", &[]);
    assert_eq!(
        calls_by_file(&run, |v| v["metadata"]["http"]["origin"]
            .as_str()
            .unwrap_or("-")
            .to_owned()),
        [
            "src/calls.ts GET /api/v1/users -",
            "src/calls.ts PUT /api/v2/items/{id} -",
            "src/calls.ts DELETE /api/v2/sessions -",
            "src/calls.ts GET /status https://status.example.com",
        ]
    );
}

/// A global the app's `index.html` sets in an inline script (`window.API_URL = '/api/v1'`)
/// is a setting of the deployment, as a dotenv variable is: a client base read from it takes
/// its path.
#[test]
fn html_page_globals_give_a_base_url_its_path() {
    let run = extract("html-globals", &[]);
    assert_eq!(
        calls_by_file(&run, |_| String::new()),
        ["web/src/main.ts GET /api/v1/info "]
    );
}

/// A Pug template's `script.` blocks are read as JavaScript at the template's own lines; the
/// rest of the template (tags, text, a `script.class(src=…)` tag with no block) is not code.
#[test]
fn pug_template_script_blocks_are_read_at_their_lines() {
    let run = extract("pug-scripts", &[]);
    assert_eq!(
        client_calls(&run, "fetch"),
        ["pug-scripts-fixture::views/chat.pug::anonymous POST /ai/chat"]
    );
    let lines: Vec<String> = run
        .summaries
        .iter()
        .filter(|s| s.location.file.ends_with(".pug"))
        .map(|s| {
            let v = serde_json::to_value(s).expect("serialises");
            call_line(&v)
        })
        .collect();
    assert_eq!(lines, ["10"]);
}

/// A client object another script put on the page's global object (`window.App = App` in a
/// bundle's entry) and read back with `const App = window.App`: calls through it are the
/// wrapper's calls, with the nearest bundle's assignment (the theme's, not the admin's). A
/// call through the global's member written out (`window.App.fetch(…)`, an inline arrow in
/// the admin bundle's object) is a call of that function too.
#[test]
fn clients_put_on_window_are_read_back_from_the_nearest_bundle() {
    let run = extract("window-globals", &[]);
    assert_eq!(
        calls_by_file(&run, |_| String::new()),
        [
            "admin/js/users.js DELETE /admin-root/api/v1/users/{id} ",
            "theme/js/helpers.js POST /ctf/api/v1/comments ",
            "theme/js/helpers.js DELETE /ctf/api/v1/comments/{id} ",
        ]
    );
}

/// Request builder classes (`new GetRequestBuilder("notes/" + alias).sendRequest()`): the
/// constructor stores the URL in a field from its parameter (in a base class, the subclass
/// declaring none), and a method of the base class sends it. A call through the instance made
/// right there, through a name holding it, or through builder methods that give back their own
/// instance (`.withJsonBody(x)`) is a consumer at its own line, with the constructor's
/// arguments in the URL.
#[test]
fn calls_through_request_builder_instances_read_the_constructor_arguments() {
    let run = extract("request-builders", &[]);
    let calls = calls_by_file(&run, call_line);
    assert_eq!(
        calls,
        [
            "src/api/notes.ts GET /api/private/notes/{alias} 4",
            "src/api/notes.ts DELETE /api/private/notes/{alias} 9",
            "src/api/notes.ts POST /api/private/notes/{alias} 13",
        ]
    );
}

/// tRPC: each procedure of a served router is a route at the adapter's endpoint followed by its
/// keys joined with "." (a router nested by key, from another file or in an object literal; the
/// routers `mergeRouters` joins at the root), a query on GET and a mutation on POST; a
/// `TRPCError` answers with its code's status. A router no adapter serves adds no route. The
/// Next.js pages adapter serves at its file's folder.
#[test]
fn trpc_procedures_are_routes_at_the_endpoint_and_dotted_path() {
    let run = extract("trpc-next", &[]);
    let trpc: Vec<String> = routes(&run)
        .into_iter()
        .filter(|r| r.contains("/api/trpc/") && !r.contains("return"))
        .collect();
    assert_eq!(
        trpc,
        [
            // The adapter's own file, a Next.js pages route for every method.
            "* /api/trpc/{trpc} -> []",
            "GET /api/trpc/post.list -> [200]",
            "GET /api/trpc/post.byId -> [404, 200]",
            "POST /api/trpc/post.create -> [409, 200]",
            "GET /api/trpc/account.user.me -> [200]",
            "GET /api/trpc/health -> [200]",
        ]
    );
}

/// tRPC clients: the member chain after the client spells the procedure, after the HTTP link's
/// `url` written in the file that makes the client (a start seam cannot read, `${getBaseUrl()}`
/// before `/api/trpc`, is the origin, unknown, and not a segment of the path); the
/// react-query hooks keep failures as their error state, a vanilla `.mutate()` does not; a
/// `useUtils()` helper's calls (`invalidate`, `fetch`) are no calls.
#[test]
fn trpc_client_member_chains_spell_the_procedure() {
    let run = extract("trpc-next", &[]);
    let calls: Vec<String> = calls_by_file(&run, |v| {
        format!(
            "{} {}",
            v["metadata"]["http"]["origin"], v["metadata"]["http"]["failuresHandled"]
        )
    })
    .into_iter()
    .filter(|c| !c.starts_with("src/server") && !c.contains("[trpc].ts"))
    .collect();
    assert_eq!(
        calls,
        [
            r#"src/pages/post/[id].tsx GET /api/trpc/post.byId "unknown" "all""#,
            r#"src/pages/post/[id].tsx GET /api/trpc/account.user.me "unknown" "all""#,
            r#"src/pages/post/[id].tsx POST /api/trpc/post.create "unknown" "all""#,
            "src/utils/vanilla.ts GET /api/trpc/post.byId null null",
            "src/utils/vanilla.ts POST /api/trpc/post.create null null",
        ]
    );
}

/// tRPC over express (`app.use("/trpc", createExpressMiddleware({ router }))`, `t.router`,
/// `t.procedure`) and the TanStack Query integration's `useTRPC()` options
/// (`useQuery(trpc.greet.queryOptions())`); a query key is no call.
#[test]
fn trpc_express_and_query_options() {
    let run = extract("trpc-express", &[]);
    let calls: Vec<String> = calls_by_file(&run, |v| {
        v["metadata"]["http"]["failuresHandled"].to_string()
    });
    // The link is written elsewhere: the start of the client's URLs is unknown.
    assert_eq!(
        calls,
        [
            r#"src/client.tsx GET {baseUrl}/greet "all""#,
            r#"src/client.tsx POST {baseUrl}/items.add "all""#,
            "src/server.ts GET /trpc/greet null",
            "src/server.ts POST /trpc/items.add null",
        ]
    );
}
