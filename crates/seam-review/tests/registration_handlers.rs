//! A registration call classifies the handler it names, wherever the call is (module level or
//! inside a function, in any language): the function, method or class its handler argument
//! reaches (in another file or package too) gets the rule's `extKind`; a handler written in
//! place gives it to the Symbol whose body holds it. Which argument is the handler is the
//! pack's `handler` (`last`, an index, `enclosing`, `none`); RPC packs classify the
//! implementation their `rpc.serves` calls are handed (`rpcServices`).

mod support;

use support::*;

/// (Symbol id, extKind) of every classified Symbol of a pack fixture.
fn classified(name: &str) -> Vec<(String, String)> {
    let doc = scan_dir(&fixture(name), 1);
    doc.symbols
        .iter()
        .filter_map(|s| Some((s.id.clone(), s.ext_kind.clone()?)))
        .collect()
}

fn pairs(expected: &[(&str, &str)]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

/// Named handlers in the same file and in another file of the package; a group names none
/// (`api.Group("/v1", requireKey)`: `requireKey` is middleware); `main` holds the handler
/// written in place (`app.All("/health", func(c *fiber.Ctx) error { … })`).
#[test]
fn go_registrations_inside_functions_classify_their_handlers() {
    assert_eq!(
        classified("fiber-shop"),
        pairs(&[
            ("go:main.go#createItem", "framework:fiber:route"),
            ("go:main.go#deleteItem", "framework:fiber:route"),
            ("go:main.go#getItem", "framework:fiber:route"),
            ("go:main.go#main", "framework:fiber:route"),
        ])
    );
    assert_eq!(
        classified("gin"),
        pairs(&[
            ("go:internal/items/list.go#list", "framework:gin:route"),
            (
                "go:internal/items/routes.go#Register",
                "framework:gin:route"
            ),
            ("go:users.go#createUser", "framework:gin:route"),
            ("go:users.go#getUser", "framework:gin:route"),
            ("go:users.go#health", "framework:gin:route"),
        ])
    );
    // Inside `r.Route("/posts", func(r chi.Router) { … })` too; a mount names no handler.
    // `r.With(middleware.NoCache).Get("/{postID}", getPost)` is called on a call's result,
    // whose callee no rule names.
    assert_eq!(
        classified("chi"),
        pairs(&[
            ("go:main.go#deletePost", "framework:chi:route"),
            ("go:main.go#index", "framework:chi:route"),
            ("go:main.go#listPosts", "framework:chi:route"),
            ("go:main.go#reindex", "framework:chi:route"),
        ])
    );
    // `mux.Handle("/healthz", http.HandlerFunc(healthz))`: through the wrapper call.
    assert_eq!(
        classified("net-http"),
        pairs(&[
            ("go:main.go#createItem", "framework:net-http:route"),
            ("go:main.go#getItem", "framework:net-http:route"),
            ("go:main.go#healthz", "framework:net-http:route"),
            ("go:main.go#main", "framework:net-http:route"),
        ])
    );
}

/// Echo's handler is the second argument (`api.POST("/todos", h.Create, requireAuth)`: the
/// middleware after it is not a handler). `h := handler.New(nil)` holds what a call returns,
/// which is not followed, so only `health` is classified.
#[test]
fn echo_handlers_are_the_argument_the_pack_names() {
    assert_eq!(
        classified("echo"),
        pairs(&[("go:main.go#health", "framework:echo:route")])
    );
}

/// `NewItemServiceHandler(s)` in a method of `ItemServer` (the receiver), and
/// `RegisterItemServiceHandlerServer(ctx, mux, s)` with `s *ItemServer` declared in another
/// file of the package: the implementation is the class.
#[test]
fn rpc_packs_classify_the_implementation_they_serve() {
    assert_eq!(
        classified("connect-go"),
        pairs(&[(
            "go:server/server.go#ItemServer",
            "framework:connect-go:service"
        )])
    );
    assert_eq!(
        classified("grpc-gateway"),
        pairs(&[(
            "go:server/items.go#ItemServer",
            "framework:grpc-gateway:service"
        )])
    );
}

/// `handler: enclosing`: the function that calls `createOpenApiFetchHandler` is the handler.
#[test]
fn an_enclosing_handler_is_the_function_holding_the_call() {
    assert_eq!(
        classified("trpc-openapi"),
        pairs(&[(
            "ts:src/server.ts#openApiHandler",
            "framework:trpc-openapi:handler"
        )])
    );
}

/// A module-level registration is a Symbol of its own and classifies the handler it names
/// too; a plugin function registering routes with handlers written in place holds them.
#[test]
fn javascript_registrations_classify_named_and_enclosing_handlers() {
    let dir = repo(&[
        (
            "package.json",
            r#"{"name":"shop","dependencies":{"express":"4"}}"#,
        ),
        (
            "src/app.ts",
            r#"import express from "express";
import { listItems } from "./items";

const app = express();
app.get("/items", listItems);

export function mount(router: express.Router) {
  router.post("/items", async (req, res) => {
    res.status(201).json({});
  });
  router.delete("/items/:id", removeItem);
}

function removeItem(req: express.Request, res: express.Response) {
  res.sendStatus(204);
}

function notAHandler() {
  return cache.get("items", 1);
}
"#,
        ),
        (
            "src/items.ts",
            "export function listItems(req: any, res: any) {\n  res.json([]);\n}\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let kinds: Vec<(&str, &str)> = doc
        .symbols
        .iter()
        .filter_map(|s| Some((s.id.as_str(), s.ext_kind.as_deref()?)))
        .collect();
    assert_eq!(
        kinds,
        [
            ("ts:src/app.ts#app", "framework:express:app"),
            (
                "ts:src/app.ts#app__get__$items__d0",
                "framework:express:route"
            ),
            ("ts:src/app.ts#mount", "framework:express:route"),
            ("ts:src/app.ts#removeItem", "framework:express:route"),
            ("ts:src/items.ts#listItems", "framework:express:route"),
        ]
    );
}

/// A method value on a parameter typed with a type of the package (`a.GetLists` with
/// `a *App`): the type is declared in one file, its methods in others.
#[test]
fn go_method_values_on_typed_parameters_reach_the_package_methods() {
    let dir = repo(&[
        (
            "go.mod",
            "module example.com/lists\n\ngo 1.22\n\nrequire github.com/labstack/echo/v4 v4.12.0\n",
        ),
        (
            "cmd/main.go",
            "package main\n\ntype App struct {\n\tname string\n}\n\nfunc main() {}\n",
        ),
        (
            "cmd/handlers.go",
            r#"package main

import "github.com/labstack/echo/v4"

func initHTTPHandlers(e *echo.Echo, a *App) {
	g := e.Group("")
	g.GET("/api/lists", a.GetLists)
	g.DELETE("/api/lists/:id", hasID(a.DeleteList))
}

func hasID(next echo.HandlerFunc) echo.HandlerFunc { return next }
"#,
        ),
        (
            "cmd/lists.go",
            r#"package main

import "github.com/labstack/echo/v4"

func (a *App) GetLists(c echo.Context) error { return c.JSON(200, a.name) }

func (a *App) DeleteList(c echo.Context) error { return c.NoContent(204) }
"#,
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let kinds: Vec<(&str, &str)> = doc
        .symbols
        .iter()
        .filter_map(|s| Some((s.id.as_str(), s.ext_kind.as_deref()?)))
        .collect();
    assert_eq!(
        kinds,
        [
            ("go:cmd/lists.go#App.DeleteList", "framework:echo:route"),
            ("go:cmd/lists.go#App.GetLists", "framework:echo:route"),
        ]
    );
}

/// A URLconf's `path(route, view)` names its view (inside a module-level list), imported by
/// name or reached through a submodule imported from its package (`from app import views`,
/// `views.index`).
#[test]
fn django_url_patterns_classify_the_views_they_name() {
    let dir = repo(&[
        ("requirements.txt", "django==5.0\n"),
        ("app/__init__.py", ""),
        (
            "app/urls.py",
            r#"from django.urls import path

from app import views
from app.views import other

urlpatterns = [
    path("a/", views.index, name="a"),
    path("b/", other),
]


def helpers():
    return views.other(None)
"#,
        ),
        (
            "app/views.py",
            "def index(request):\n    return 1\n\n\ndef other(request):\n    return 2\n",
        ),
    ]);
    let doc = scan_dir(dir.path(), 1);
    let kinds: Vec<(&str, &str)> = doc
        .symbols
        .iter()
        .filter_map(|s| Some((s.id.as_str(), s.ext_kind.as_deref()?)))
        .collect();
    assert_eq!(
        kinds,
        [
            ("py:app/views.py#index", "framework:django:route"),
            ("py:app/views.py#other", "framework:django:route"),
        ]
    );
    // The submodule is a namespace for calls too.
    let urls = symbol(&doc, "py:app/urls.py#helpers");
    assert_eq!(
        urls.calls[0].resolved.as_deref(),
        Some("py:app/views.py#other")
    );
}
