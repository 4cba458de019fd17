#!/usr/bin/env python3
"""Generates a synthetic monorepo for seam's benchmarks.

    scripts/gen_corpus.py N OUTDIR [--seed S]

Writes N source files (TypeScript, TSX, JavaScript, Python) plus the manifests that make them
a monorepo, in shapes a real one has and with both sides of its boundaries present:

  package.json                      workspaces
  packages/server                   Express (package.json names express): app.ts mounts
                                    routes/index.ts under /api, which mounts one router per
                                    area, which mounts one router per resource (TS, and
                                    CommonJS JS under src/legacy); service classes with
                                    constructor-injected typed dependencies that call each
                                    other and their repository classes; containers wiring them
  packages/web                      React (package.json names react, axios): components and
                                    API modules calling the server with fetch('/api/...') and
                                    an axios instance created with baseURL '/api'
  packages/shared                   utility modules
  services/api                      FastAPI (pyproject.toml names fastapi): main.py includes
                                    one router per area under /v1, each including one
                                    APIRouter(prefix=...) per resource; service classes
  clients/py                        Python clients (pyproject.toml names httpx, requests)
                                    calling services/api with httpx.Client(base_url=...) and
                                    requests

Every import points at a file the corpus holds. Most client calls hit a route a server serves
with a status and fields it sends; a few percent are deliberate mismatches (a path nothing
serves, a client handling one failure status and falling through on the others, a body field
the server never sends), so `seam check` has something to find. Source files are 30 to 400
lines (a few wiring files are shorter), about 4 KB on average. The skeleton (app, indexes,
libraries, __init__.py) is about 25 files, so N below that still writes them. The output
depends only on N and the seed. OUTDIR is created; files already in it are overwritten, others are left alone.
"""
import argparse
import json
import os
import random

NOUNS = ["user", "order", "invoice", "product", "cart", "payment", "account", "session",
         "report", "ticket", "shipment", "review", "coupon", "profile", "team", "project",
         "customer", "refund", "webhook", "message", "comment", "document", "plan", "quote"]
AREAS = ["accounts", "billing", "catalog", "support", "logistics", "growth", "identity",
         "content", "analytics", "partners", "ops", "marketplace"]
VERBS = ["get", "list", "create", "update", "delete", "archive", "sync", "refresh", "export"]
FIELDS = ["name", "email", "status", "total", "createdAt", "updatedAt", "ownerId", "amount",
          "currency", "title", "description", "count", "enabled", "tags", "priority", "region"]
ACTIONS = ["archive", "restore", "sync", "export", "refresh", "approve", "reject", "assign",
           "notify", "duplicate", "lock", "unlock"]
SUBRESOURCES = ["history", "events", "stats", "members", "comments", "attachments", "audit",
                "notes"]
TS_TYPES = ["string", "number", "boolean", "string | null"]
PY_TYPES = ["str", "int", "float", "str | None", "bool"]

# Share of the N source files each kind takes; wiring files (app, indexes, containers, libs,
# __init__.py) come out of the same N first.
KIND_WEIGHTS = [
    ("express_router", 13),
    ("express_router_js", 4),
    ("service", 17),  # one per Express router: the routers' weights
    ("repository", 7),
    ("react_component", 15),
    ("web_api", 5),
    ("ts_util", 7),  # in the end whatever N leaves
    ("js_util", 3),
    ("fastapi_router", 11),
    ("py_service", 7),
    ("py_client", 8),
    ("py_util", 4),
]

# Deliberate mismatches, per client call.
P_UNKNOWN_PATH = 0.015
P_UNHANDLED_STATUS = 0.015
P_MISREAD_FIELD = 0.015


def cap(s):
    return s[:1].upper() + s[1:]


def snake(s):
    out = []
    for c in s:
        if c.isupper():
            out.append("_" + c.lower())
        elif c == "-":
            out.append("_")
        else:
            out.append(c)
    return "".join(out)


def camel(slug):
    parts = slug.split("-")
    return parts[0] + "".join(cap(p) for p in parts[1:])


def lines_for(r):
    """Mostly small and medium files, a tail of large ones: 30-400 lines (the target stops
    at 380 because generators finish the block they are in, up to ~20 lines)."""
    return min(380, max(30, int(r.lognormvariate(4.6, 0.6))))


class Resource:
    """One REST resource: a route prefix, a record shape, and the files serving it."""

    def __init__(self, area, slug, noun, fields):
        self.area = area
        self.slug = slug  # "billing-users"
        self.noun = noun  # "user"
        self.ident = camel(slug)  # "billingUsers"
        self.cls = cap(self.ident)  # "BillingUsers"
        self.fields = fields
        self.service_methods = []  # (name, kind) kind: one | many | write
        self.routes = []  # Route


class Route:
    def __init__(self, method, path, statuses, fields, has_id):
        self.method = method  # "get"
        self.path = path  # "/accounts/users/{id}/history" (full, without the server prefix)
        self.statuses = statuses  # sorted list of ints
        self.fields = fields  # fields of the 2xx body
        self.has_id = has_id


def route_candidates():
    out = [("get", "", False), ("post", "", False), ("get", "/:id", True),
           ("put", "/:id", True), ("patch", "/:id", True), ("delete", "/:id", True)]
    out += [("post", f"/:id/{a}", True) for a in ACTIONS]
    out += [("get", f"/:id/{s}", True) for s in SUBRESOURCES]
    return out


def make_resources(r, count, prefix_area_names):
    """`count` resources spread over areas of at most ~12 resources, unique slugs per area."""
    resources = []
    n_areas = max(1, (count + 11) // 12)
    areas = []
    for a in range(n_areas):
        base = prefix_area_names[a % len(prefix_area_names)]
        areas.append(base if a < len(prefix_area_names) else f"{base}{a // len(prefix_area_names) + 1}")
    for i in range(count):
        area = areas[i % n_areas]
        # A resource named like its area would make `from . import accounts` in the area's
        # package ambiguous with the package itself.
        taken = {x.slug for x in resources if x.area == area} | {area}
        noun = r.choice(NOUNS)
        slug = f"{noun}s"
        qualifiers = ["internal", "shared", "archived", "public", "pending", "draft", "legacy"]
        k = 0
        while slug in taken:
            slug = f"{qualifiers[k % len(qualifiers)]}-{noun}s" if k < len(qualifiers) else f"{noun}s-{k}"
            k += 1
        fields = ["id"] + r.sample(FIELDS, 5)
        resources.append(Resource(area, slug, noun, fields))
    return resources, areas


# --- Express server ----------------------------------------------------------------------


def ts_type_of(r, field):
    if field in ("total", "amount", "count", "priority"):
        return "number"
    if field == "enabled":
        return "boolean"
    if field == "tags":
        return "string[]"
    return "string"


def repository_file(r, res, n_lines, ts_record):
    cls = f"{res.cls}Repository"
    rec = f"{res.cls}Record"
    table = snake(res.ident)
    out = ["import { Database } from '../../lib/db';", "",
           f"export interface {rec} {{"]
    out += [f"  {f}: {ts_record[f]};" for f in res.fields]
    out += ["}", "", f"export class {cls} {{",
            "  constructor(private readonly db: Database) {}", "",
            f"  async findById(id: string): Promise<{rec} | null> {{",
            f"    const rows = await this.db.query<{rec}>('SELECT * FROM {table} WHERE id = $1', [id]);",
            "    return rows[0] ?? null;",
            "  }", "",
            f"  async findMany(page: number, size = 50): Promise<{rec}[]> {{",
            "    const offset = Math.max(0, page - 1) * size;",
            f"    return this.db.query<{rec}>('SELECT * FROM {table} ORDER BY id LIMIT $1 OFFSET $2', [size, offset]);",
            "  }", "",
            f"  async insert(record: Partial<{rec}>): Promise<{rec}> {{",
            "    const columns = Object.keys(record);",
            "    const values = columns.map((c) => (record as Record<string, unknown>)[c]);",
            f"    const rows = await this.db.query<{rec}>(`INSERT INTO {table} (${{columns.join(', ')}}) VALUES (${{columns.map((_, i) => '$' + (i + 1)).join(', ')}}) RETURNING *`, values);",
            "    if (rows.length === 0) {",
            f"      throw new Error('insert into {table} returned nothing');",
            "    }",
            "    return rows[0];",
            "  }", "",
            f"  async update(id: string, patch: Partial<{rec}>): Promise<{rec} | null> {{",
            "    const existing = await this.findById(id);",
            "    if (!existing) {",
            "      return null;",
            "    }",
            "    const merged = { ...existing, ...patch };",
            f"    await this.db.execute('UPDATE {table} SET data = $2 WHERE id = $1', [id, JSON.stringify(merged)]);",
            "    return merged;",
            "  }", "",
            "  async remove(id: string): Promise<boolean> {",
            f"    const count = await this.db.execute('DELETE FROM {table} WHERE id = $1', [id]);",
            "    return count > 0;",
            "  }", ""]
    for f in res.fields[1:]:
        if len(out) >= n_lines - 2:
            break
        out += [f"  async findBy{cap(f)}(value: {ts_record[f]}, limit = 100): Promise<{rec}[]> {{",
                f"    const rows = await this.db.query<{rec}>('SELECT * FROM {table} WHERE {snake(f)} = $1 LIMIT $2', [value, limit]);",
                "    return rows.filter((row) => row.id !== undefined);",
                "  }", ""]
    k = 0
    while len(out) < n_lines - 2:
        f = r.choice(res.fields[1:])
        out += [f"  async count{cap(f)}Since{k}(since: Date): Promise<number> {{",
                f"    const rows = await this.db.query<{{ n: number }}>('SELECT count(*) AS n FROM {table} WHERE {snake(f)} IS NOT NULL AND updated_at >= $1', [since.toISOString()]);",
                "    const first = rows[0];",
                "    if (!first) {",
                "      return 0;",
                "    }",
                "    return Number(first.n);",
                "  }", ""]
        k += 1
    out += ["}", ""]
    return out


def service_file(r, res, repo, deps, n_lines):
    """A service class: a typed repository, the event bus and earlier services injected."""
    cls = f"{res.cls}Service"
    rec = f"{repo.cls}Record"
    out = [f"import {{ {repo.cls}Repository, type {rec} }} from '../../repositories/{repo.area}/{repo.ident}Repository';",
           "import { EventBus } from '../../lib/events';",
           "import { logger } from '../../lib/logger';"]
    for d in deps:
        out.append(f"import {{ {d.cls}Service }} from './{d.ident}Service';")
    out += ["", f"export class {cls} {{",
            "  private readonly cache = new Map<string, unknown>();", "",
            "  constructor(",
            f"    private readonly repo: {repo.cls}Repository,",
            "    private readonly events: EventBus,"]
    out += [f"    private readonly {d.ident}: {d.cls}Service," for d in deps]
    out += ["  ) {}", ""]
    noun = cap(res.noun)
    methods = []

    def add(name, kind):
        methods.append((name, kind))
        return name

    # The three every router needs, then more until the file has its size.
    get = add(f"get{noun}", "one")
    out += [f"  async {get}(id: string): Promise<{rec} | null> {{",
            "    const cached = this.cache.get(id);",
            "    if (cached) {",
            f"      return cached as {rec};",
            "    }",
            "    const found = await this.repo.findById(id);",
            "    if (found) {",
            "      this.cache.set(id, found);",
            "    }",
            "    return found;",
            "  }", ""]
    lst = add(f"list{noun}s", "many")
    out += [f"  async {lst}(page = 1): Promise<{rec}[]> {{",
            "    const rows = await this.repo.findMany(page);",
            f"    logger.info(`listed ${{rows.length}} {res.slug} on page ${{page}}`);",
            "    return rows;",
            "  }", ""]
    create = add(f"create{noun}", "write")
    out += [f"  async {create}(input: Partial<{rec}>): Promise<{rec}> {{",
            "    const created = await this.repo.insert(input);",
            f"    await this.events.publish('{res.slug}.created', {{ id: created.id }});",
            "    return created;",
            "  }", ""]
    k = 0
    while len(out) < n_lines - 2:
        verb = r.choice(["update", "archive", "sync", "refresh", "approve", "assign", "export"])
        name = add(f"{verb}{noun}{k or ''}", "one")
        f = r.choice(repo.fields[1:])
        out += [f"  async {name}(id: string, patch: Partial<{rec}> = {{}}): Promise<{rec} | null> {{",
                f"    const existing = await this.{get}(id);",
                "    if (!existing) {",
                "      return null;",
                "    }"]
        if deps and r.random() < 0.7:
            d = r.choice(deps)
            dm = r.choice([m for m, kind in d.service_methods if kind == "one"])
            out += [f"    const related = await this.{d.ident}.{dm}(id);",
                    "    if (related === null) {",
                    f"      logger.warn(`{res.slug} ${{id}} has no related {d.slug}`);",
                    "    }"]
        out += [f"    const updated = await this.repo.update(id, {{ ...patch, {f}: patch.{f} ?? existing.{f} }});",
                "    if (updated) {",
                "      this.cache.set(id, updated);",
                f"      await this.events.publish('{res.slug}.{verb}', {{ id, {f}: updated.{f} }});",
                "    }",
                "    return updated;",
                "  }", ""]
        k += 1
    out += ["}", ""]
    res.service_methods = methods
    return out


TS_STATUS_OK = {"get": 200, "post": 201, "put": 200, "patch": 200, "delete": 200}


def express_route_block(r, res, method, sub, has_id, ts, route_prefix):
    """One handler; returns (lines, Route)."""
    svc = f"{res.ident}Service"
    req = "req: Request, res: Response" if ts else "req, res"
    guard = r.choice(["requireAuth", "requireAdmin", "rateLimit(100)"])
    path = sub if sub else "/"
    one = [m for m, kind in res.service_methods if kind == "one"]
    many = [m for m, kind in res.service_methods if kind == "many"]
    write = [m for m, kind in res.service_methods if kind == "write"]
    statuses = [401, 500]
    lines = [f"router.{method}('{path}', {guard}, async ({req}) => {{",
             "  if (!req.headers.authorization) {",
             "    return res.status(401).json({ error: 'unauthorized' });",
             "  }",
             "  try {"]
    ok = TS_STATUS_OK[method]
    if not has_id and method == "get":
        lines += [f"    const page = Number(req.query.page ?? 1);",
                  f"    const items = await {svc}.{many[0]}(page);",
                  f"    return res.status(200).json({{ items, page, total: items.length }});"]
        fields = ["items", "page", "total"]
    elif not has_id:
        f = res.fields[1]
        lines += [f"    const {{ {f} }} = req.body ?? {{}};",
                  f"    if ({f} === undefined) {{",
                  f"      return res.status(400).json({{ error: 'missing {f}' }});",
                  "    }",
                  f"    const created = await {svc}.{write[0]}(req.body);",
                  f"    return res.status(201).json({{ id: created.id, {f}: created.{f} }});"]
        statuses.append(400)
        fields = ["id", f]
    else:
        call = one[0] if method == "get" and sub == "/:id" else r.choice(one)
        picked = r.sample(res.fields[1:], r.randint(1, 3))
        lines += [f"    const item = await {svc}.{call}(String(req.params.id));",
                  "    if (!item) {",
                  f"      return res.status(404).json({{ error: '{res.noun} not found' }});",
                  "    }"]
        if method == "delete":
            lines += ["    return res.status(200).json({ id: item.id, deleted: true });"]
            fields = ["id", "deleted"]
        else:
            body = ", ".join(["id: item.id"] + [f"{f}: item.{f}" for f in picked])
            lines += [f"    return res.status({ok}).json({{ {body} }});"]
            fields = ["id"] + picked
        statuses.append(404)
    lines += ["  } catch (err) {",
              f"    logger.error(`{method} {res.slug}{path} failed: ${{String(err)}}`);",
              "    return res.status(500).json({ error: 'internal' });",
              "  }",
              "});", ""]
    statuses.append(200 if not (not has_id and method == "post") else 201)
    full = route_prefix + (sub.replace(":id", "{id}") if sub else "")
    return lines, Route(method, full, sorted(set(statuses)), fields, has_id)


def express_router(r, res, n_lines, ts):
    container = f"../../container/{res.area}"
    svc = f"{res.ident}Service"
    # The router builds its service from the area's shared instances: seam follows a name
    # bound to `new C(...)` in the same file, not a `new C(...)` exported by another module.
    shared = ["db", "events"] + [f"{d.ident}Service" for d in res.deps]
    wiring = [f"import {{ {res.cls}Service }} from '../../services/{res.area}/{res.ident}Service';",
              f"import {{ {res.repo.cls}Repository }} from '../../repositories/{res.repo.area}/{res.repo.ident}Repository';",
              f"import {{ {', '.join(shared)} }} from '{container}';"]
    ctor = ", ".join([f"new {res.repo.cls}Repository(db)", "events"] + [f"{d.ident}Service" for d in res.deps])
    if ts:
        out = ["import { Router, Request, Response } from 'express';"] + wiring + [
               "import { requireAuth, requireAdmin, rateLimit } from '../../middleware/auth';",
               "import { logger } from '../../lib/logger';", ""]
    else:
        # ES modules: seam follows `import`/`export default` mounts across files, not
        # `require`/`module.exports` ones (checked with the seam of this commit).
        out = ["import { Router } from 'express';"] + wiring + [
               "import { requireAuth, requireAdmin, rateLimit } from '../../middleware/auth';",
               "import { logger } from '../../lib/logger';", ""]
    out += [f"const {svc} = new {res.cls}Service({ctor});", "const router = Router();", ""]
    candidates = route_candidates()
    prefix = f"/{res.area}/{res.slug}"
    # The collection and item routes first (every resource has them), then a random rest.
    order = candidates[:3] + r.sample(candidates[3:], len(candidates) - 3)
    for method, sub, has_id in order:
        if res.routes and len(out) >= n_lines - 4:
            break
        block, route = express_route_block(r, res, method, sub, has_id, ts, prefix)
        out += block
        res.routes.append(route)
    out += ["export default router;", ""]
    return out


def ts_server_wiring(resources, js_resources, areas):
    """app.ts, routes/index.ts, one index per area, containers, libs: path -> lines."""
    files = {}
    files["src/lib/db.ts"] = [
        "export class Database {",
        "  constructor(private readonly url: string) {}", "",
        "  static fromEnv(): Database {",
        "    return new Database(process.env.DATABASE_URL ?? 'postgres://localhost/app');",
        "  }", "",
        "  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {",
        "    if (sql.length === 0) {",
        "      throw new Error(`empty query against ${this.url}`);",
        "    }",
        "    return params.length >= 0 ? [] : [];",
        "  }", "",
        "  async execute(sql: string, params: unknown[] = []): Promise<number> {",
        "    const rows = await this.query<unknown>(sql, params);",
        "    return rows.length;",
        "  }",
        "}", ""]
    files["src/lib/events.ts"] = [
        "type Listener = (payload: Record<string, unknown>) => Promise<void> | void;", "",
        "export class EventBus {",
        "  private readonly listeners = new Map<string, Listener[]>();", "",
        "  on(topic: string, listener: Listener): void {",
        "    const list = this.listeners.get(topic) ?? [];",
        "    list.push(listener);",
        "    this.listeners.set(topic, list);",
        "  }", "",
        "  async publish(topic: string, payload: Record<string, unknown>): Promise<void> {",
        "    for (const listener of this.listeners.get(topic) ?? []) {",
        "      await listener(payload);",
        "    }",
        "  }",
        "}", ""]
    files["src/lib/logger.ts"] = [
        "type Level = 'info' | 'warn' | 'error';", "",
        "function write(level: Level, message: string): void {",
        "  const line = JSON.stringify({ level, message, at: new Date().toISOString() });",
        "  if (level === 'error') {",
        "    console.error(line);",
        "  } else {",
        "    console.log(line);",
        "  }",
        "}", "",
        "export const logger = {",
        "  info: (message: string) => write('info', message),",
        "  warn: (message: string) => write('warn', message),",
        "  error: (message: string) => write('error', message),",
        "};", ""]
    files["src/middleware/auth.ts"] = [
        "import { Request, Response, NextFunction } from 'express';", "",
        "export function requireAuth(req: Request, res: Response, next: NextFunction) {",
        "  if (!req.headers.authorization) {",
        "    return res.status(401).json({ error: 'unauthorized' });",
        "  }",
        "  next();",
        "}", "",
        "export function requireAdmin(req: Request, res: Response, next: NextFunction) {",
        "  if (req.headers['x-role'] !== 'admin') {",
        "    return res.status(403).json({ error: 'forbidden' });",
        "  }",
        "  next();",
        "}", "",
        "export function rateLimit(perMinute: number) {",
        "  const seen = new Map<string, number>();",
        "  return (req: Request, res: Response, next: NextFunction) => {",
        "    const key = String(req.ip);",
        "    const count = (seen.get(key) ?? 0) + 1;",
        "    seen.set(key, count);",
        "    if (count > perMinute) {",
        "      return res.status(429).json({ error: 'slow down' });",
        "    }",
        "    next();",
        "  };",
        "}", ""]
    by_area = {a: [x for x in resources if x.area == a] for a in areas}
    for area in areas:
        members = by_area[area]
        c = ["import { Database } from '../lib/db';", "import { EventBus } from '../lib/events';"]
        repos = sorted({x.repo.ident: x.repo for x in members}.values(), key=lambda x: x.ident)
        for repo in repos:
            c.append(f"import {{ {repo.cls}Repository }} from '../repositories/{repo.area}/{repo.ident}Repository';")
        for x in members:
            c.append(f"import {{ {x.cls}Service }} from '../services/{area}/{x.ident}Service';")
        c += ["", "export const db = Database.fromEnv();", "export const events = new EventBus();", ""]
        for repo in repos:
            c.append(f"const {repo.ident}Repository = new {repo.cls}Repository(db);")
        c.append("")
        for x in members:
            args = [f"{x.repo.ident}Repository", "events"] + [f"{d.ident}Service" for d in x.deps]
            c.append(f"export const {x.ident}Service = new {x.cls}Service({', '.join(args)});")
        c.append("")
        files[f"src/container/{area}.ts"] = c
        ts_members = [x for x in members if x not in js_resources]
        js_members = [x for x in members if x in js_resources]
        idx = ["import { Router } from 'express';"]
        for x in ts_members:
            idx.append(f"import {x.ident}Router from './{x.ident}';")
        if ts_members or not js_members:
            idx += ["", "const router = Router();"]
            idx += [f"router.use('/{x.slug}', {x.ident}Router);" for x in ts_members]
            idx += ["", "export default router;", ""]
            files[f"src/routes/{area}/index.ts"] = idx
        if js_members:
            j = ["import { Router } from 'express';"]
            j += [f"import {x.ident}Router from './{x.ident}.js';" for x in js_members]
            j += ["", "const router = Router();"]
            j += [f"router.use('/{x.slug}', {x.ident}Router);" for x in js_members]
            j += ["", "export default router;", ""]
            files[f"src/legacy/{area}/index.js"] = j
    top = ["import { Router } from 'express';"]
    legacy_areas = [a for a in areas if any(x in js_resources for x in by_area[a])]
    ts_areas = [a for a in areas if f"src/routes/{a}/index.ts" in files]
    for a in ts_areas:
        top.append(f"import {camel(a)}Routes from './{a}';")
    top += ["", "const api = Router();"]
    top += [f"api.use('/{a}', {camel(a)}Routes);" for a in ts_areas]
    top += ["", "export default api;", ""]
    files["src/routes/index.ts"] = top
    lg = ["import { Router } from 'express';"]
    lg += [f"import {camel(a)}Legacy from './{a}/index.js';" for a in legacy_areas]
    lg += ["", "const legacy = Router();"]
    lg += [f"legacy.use('/{a}', {camel(a)}Legacy);" for a in legacy_areas]
    lg += ["", "export default legacy;", ""]
    files["src/legacy/index.js"] = lg
    files["src/app.ts"] = [
        "import express from 'express';",
        "import api from './routes';",
        "import legacy from './legacy';", "",
        "const app = express();",
        "app.use(express.json());",
        "app.use('/api', api);",
        "app.use('/api', legacy);", "",
        "const port = Number(process.env.PORT ?? 3000);",
        "app.listen(port, () => {",
        "  console.log(`listening on ${port}`);",
        "});", "",
        "export default app;", ""]
    return files


# --- Clients: web (fetch, axios) and Python (httpx, requests) ---------------------------


def pick_call(r, routes):
    """A route to call and what kind of mismatch, if any, to make."""
    route = r.choice(routes)
    x = r.random()
    if x < P_UNKNOWN_PATH:
        return route, "unknown"
    if x < P_UNKNOWN_PATH + P_UNHANDLED_STATUS and 404 in route.statuses:
        return route, "unhandled"
    if x < P_UNKNOWN_PATH + P_UNHANDLED_STATUS + P_MISREAD_FIELD:
        return route, "misread"
    return route, None


def ts_url_path(route, mismatch, id_expr):
    path = route.path
    if mismatch == "unknown":
        path = path + "/details-v2"
    return path.replace("{id}", "${" + id_expr + "}")


def read_field(r, route, mismatch):
    if mismatch == "misread":
        return "displayLabel"
    return r.choice(route.fields)


def fetch_call_lines(r, route, mismatch, indent, fail, done):
    """Lines making one fetch call to the Express server and reading a field of its body."""
    pad = " " * indent
    url = "/api" + ts_url_path(route, mismatch, "id")
    method = route.method.upper()
    opts = f"{{ method: '{method}', headers: {{ 'Content-Type': 'application/json' }}"
    if method in ("POST", "PUT", "PATCH"):
        opts += ", body: JSON.stringify(payload)"
    opts += " }"
    out = [f"{pad}const res = await fetch(`{url}`, {opts});"]
    if mismatch == "unhandled":
        out += [f"{pad}if (res.status === 404) {{", f"{pad}  {fail}", f"{pad}}}"]
    else:
        out += [f"{pad}if (!res.ok) {{", f"{pad}  {fail}", f"{pad}}}"]
    field = read_field(r, route, mismatch)
    out += [f"{pad}const body = await res.json();", f"{pad}{done.format(f'body.{field}')}"]
    return out


def axios_call_lines(r, route, mismatch, indent, fail, done):
    pad = " " * indent
    url = ts_url_path(route, mismatch, "id")
    method = route.method
    args = f"`{url}`, payload" if method in ("post", "put", "patch") else f"`{url}`"
    field = read_field(r, route, mismatch)
    return [f"{pad}try {{",
            f"{pad}  const res = await http.{method}({args});",
            f"{pad}  {done.format(f'res.data.{field}')}",
            f"{pad}}} catch (err) {{",
            f"{pad}  {fail}",
            f"{pad}}}"]


def react_component(r, routes, n_lines, client, tag):
    route0 = r.choice(routes)
    noun = route0.path.split("/")[2].rstrip("s").replace("-", "")
    comp = cap(camel(noun)) + r.choice(["List", "Panel", "Card", "Table", "Form"]) + str(tag)
    out = ["import React, { useEffect, useState, useCallback } from 'react';"]
    if client == "axios":
        out.append("import { http } from '../api/http';")
    out += ["import { formatDate, classNames } from '../utils/format';", "",
            "interface Row {", "  id: string;", "  label: string;", "}", "",
            "type Props = { itemId: string; onSelect?: (row: Row) => void };", "",
            f"export function {comp}({{ itemId, onSelect }}: Props) {{",
            "  const [items, setItems] = useState<Row[]>([]);",
            "  const [selected, setSelected] = useState<unknown>(null);",
            "  const [error, setError] = useState<string | null>(null);", ""]
    first = None
    i = 0
    while len(out) < n_lines - 17 or i == 0:
        route, mismatch = pick_call(r, routes)
        name = f"load{i}"
        first = first or name
        out += [f"  const {name} = useCallback(async (id: string, payload: Record<string, unknown> = {{}}) => {{",
                "    setError(null);"]
        fail = "setError('request failed'); return;" if client == "axios" else "setError(`request failed: ${res.status}`); return;"
        if client == "axios":
            out += axios_call_lines(r, route, mismatch, 4, "setError(String(err)); return;", "setSelected({});")
        else:
            out += fetch_call_lines(r, route, mismatch, 4, fail, "setSelected({});")
        out += ["  }, []);", ""]
        i += 1
    out += ["  useEffect(() => {", f"    void {first}(itemId);", "  }, [itemId]);", "",
            "  return (",
            "    <section className={classNames('list', { error: !!error })}>",
            "      {error && <p role=\"alert\">{error}</p>}",
            "      <pre>{JSON.stringify(selected)}</pre>",
            "      <ul>",
            "        {items.map((item) => (",
            "          <li key={item.id} onClick={() => onSelect?.(item)}>",
            "            {item.label} <small>{formatDate(new Date())}</small>",
            "          </li>",
            "        ))}",
            "      </ul>",
            "      <button onClick={() => setItems([])}>Clear</button>",
            "    </section>",
            "  );",
            "}", ""]
    return out


def web_api_module(r, routes, n_lines, client):
    out = []
    if client == "axios":
        out += ["import { http } from './http';", ""]
    i = 0
    while len(out) < n_lines - 2 or i == 0:
        route, mismatch = pick_call(r, routes)
        name = f"{route.method}{cap(camel(route.path.split('/')[2]))}{i}"
        out.append(f"export async function {name}(id: string, payload: Record<string, unknown> = {{}}): Promise<unknown> {{")
        if client == "axios":
            out += axios_call_lines(r, route, mismatch, 2, "throw new Error(`" + name + " failed: ${String(err)}`);",
                                    "return {};")
        else:
            out += fetch_call_lines(r, route, mismatch, 2, "throw new Error(`" + name + " failed: ${res.status}`);",
                                    "return {};")
        out += ["}", ""]
        i += 1
    return out


# --- FastAPI service ---------------------------------------------------------------------


def py_service_file(r, res, deps, n_lines):
    cls = f"{res.cls}Service"
    table = snake(res.ident)
    out = ["from __future__ import annotations", "", "from ...db import Database"]
    for d in deps:
        out.append(f"from .{snake(d.ident)}_service import {d.cls}Service")
    out += ["", "", f"class {cls}:",
            f"    \"\"\"Reads and writes {res.slug}.\"\"\"", "",
            "    def __init__(self, db: Database" + "".join(f", {snake(d.ident)}: {d.cls}Service" for d in deps) + ") -> None:",
            "        self.db = db"]
    out += [f"        self.{snake(d.ident)} = {snake(d.ident)}" for d in deps]
    out.append("")
    methods = []
    get = f"get_{res.noun}"
    methods.append((get, "one"))
    out += [f"    async def {get}(self, item_id: int) -> dict | None:",
            f"        row = await self.db.fetch_one(\"SELECT * FROM {table} WHERE id = $1\", item_id)",
            "        if row is None:",
            "            return None",
            "        return dict(row)", ""]
    lst = f"list_{res.noun}s"
    methods.append((lst, "many"))
    out += [f"    async def {lst}(self, page: int = 1, size: int = 50) -> list[dict]:",
            "        offset = max(0, page - 1) * size",
            f"        rows = await self.db.fetch_all(\"SELECT * FROM {table} LIMIT $1 OFFSET $2\", size, offset)",
            "        return [dict(row) for row in rows]", ""]
    create = f"create_{res.noun}"
    methods.append((create, "write"))
    out += [f"    async def {create}(self, data: dict) -> dict:",
            "        columns = sorted(data)",
            f"        row = await self.db.fetch_one(\"INSERT INTO {table} RETURNING *\", *[data[c] for c in columns])",
            "        if row is None:",
            f"            raise RuntimeError(\"insert into {table} returned nothing\")",
            "        return dict(row)", ""]
    k = 0
    while len(out) < n_lines - 1:
        verb = r.choice(["update", "archive", "sync", "refresh", "approve", "assign", "export"])
        name = f"{verb}_{res.noun}{'_' + str(k) if k else ''}"
        methods.append((name, "one"))
        f = snake(r.choice(res.fields[1:]))
        out += [f"    async def {name}(self, item_id: int, changes: dict | None = None) -> dict | None:",
                f"        existing = await self.{get}(item_id)",
                "        if existing is None:",
                "            return None"]
        if deps and r.random() < 0.7:
            d = r.choice(deps)
            dm = r.choice([m for m, kind in d.py_methods if kind == "one"])
            out += [f"        related = await self.{snake(d.ident)}.{dm}(item_id)",
                    "        if related is None:",
                    f"            existing[\"{f}\"] = None"]
        out += ["        merged = {**existing, **(changes or {})}",
                f"        await self.db.execute(\"UPDATE {table} SET {f} = $2 WHERE id = $1\", item_id, merged.get(\"{f}\"))",
                "        return merged", ""]
        k += 1
    res.py_methods = methods
    return out


PY_STATUS_OK = {"get": 200, "post": 201, "put": 200, "patch": 200, "delete": 200}


def fastapi_router(r, res, n_lines):
    svc_mod = f"{snake(res.ident)}_service"
    deps_args = ", ".join(["db"] + [f"{snake(d.ident)}_service" for d in res.py_deps])
    out = ["from __future__ import annotations", "",
           "from fastapi import APIRouter, Depends, HTTPException",
           "from pydantic import BaseModel", "",
           "from ...auth import current_user",
           "from ...db import Database",
           f"from ...services.{res.area}.{svc_mod} import {res.cls}Service"]
    for d in res.py_deps:
        out.append(f"from ...services.{d.area}.{snake(d.ident)}_service import {d.cls}Service")
    out += ["", f"router = APIRouter(prefix=\"/{res.slug}\", tags=[\"{res.slug}\"])",
            "db = Database.from_env()"]
    for d in res.py_deps:
        out.append(f"{snake(d.ident)}_service = {d.cls}Service(db)")
    out += [f"service = {res.cls}Service({deps_args})", "", "",
            f"class {res.cls}In(BaseModel):"]
    out += [f"    {snake(f)}: {r.choice(PY_TYPES)} = None" for f in res.fields[1:]]
    out += ["", ""]
    prefix = f"/{res.area}/{res.slug}"
    candidates = route_candidates()
    order = candidates[:3] + r.sample(candidates[3:], len(candidates) - 3)
    one = [m for m, kind in res.py_methods if kind == "one"]
    for method, sub, has_id in order:
        if res.py_routes and len(out) >= n_lines - 4:
            break
        path = sub.replace(":id", "{item_id}")
        fn = f"{method}_{snake(res.ident)}{'_' + path.strip('/').replace('{item_id}', 'item').replace('/', '_') if path else ''}"
        ok = PY_STATUS_OK[method] if has_id or method != "post" else 201
        params = "item_id: int, " if has_id else ""
        if method in ("post", "put", "patch"):
            params += f"body: {res.cls}In, "
        out += [f"@router.{method}(\"{path}\", status_code={ok})",
                f"async def {fn}({params}user=Depends(current_user)):",
                "    if user is None:",
                "        raise HTTPException(status_code=401, detail=\"unauthorized\")"]
        statuses = [401, ok]
        if not has_id and method == "get":
            out += [f"    items = await service.list_{res.noun}s()",
                    "    return {\"items\": items, \"total\": len(items)}"]
            fields = ["items", "total"]
        elif not has_id:
            out += [f"    created = await service.create_{res.noun}(body.dict())",
                    "    return {\"id\": created[\"id\"], \"created\": True}"]
            fields = ["id", "created"]
        else:
            call = one[0] if sub == "/:id" and method == "get" else r.choice(one)
            picked = [snake(f) for f in r.sample(res.fields[1:], r.randint(1, 3))]
            out += [f"    item = await service.{call}(item_id)",
                    "    if item is None:",
                    f"        raise HTTPException(status_code=404, detail=\"{res.noun} not found\")"]
            body = ", ".join(["\"id\": item_id"] + [f"\"{f}\": item.get(\"{f}\")" for f in picked])
            out += [f"    return {{{body}}}"]
            fields = ["id"] + picked
            statuses.append(404)
        out += ["", ""]
        res.py_routes.append(Route(method, prefix + sub.replace(":id", "{id}"), sorted(set(statuses)), fields, has_id))
    return out


def py_wiring(resources, areas):
    files = {}
    files["app/__init__.py"] = ["\"\"\"The API service.\"\"\"", ""]
    files["app/db.py"] = [
        "from __future__ import annotations", "", "import os", "", "",
        "class Database:",
        "    def __init__(self, url: str) -> None:",
        "        self.url = url", "",
        "    @classmethod",
        "    def from_env(cls) -> Database:",
        "        return cls(os.environ.get(\"DATABASE_URL\", \"postgresql://localhost/api\"))", "",
        "    async def fetch_one(self, sql: str, *args: object) -> dict | None:",
        "        rows = await self.fetch_all(sql, *args)",
        "        return rows[0] if rows else None", "",
        "    async def fetch_all(self, sql: str, *args: object) -> list[dict]:",
        "        if not sql:",
        "            raise ValueError(f\"empty query against {self.url}\")",
        "        return []", "",
        "    async def execute(self, sql: str, *args: object) -> int:",
        "        rows = await self.fetch_all(sql, *args)",
        "        return len(rows)", ""]
    files["app/auth.py"] = [
        "from fastapi import Header", "", "",
        "async def current_user(authorization: str | None = Header(default=None)) -> dict | None:",
        "    if not authorization or not authorization.startswith(\"Bearer \"):",
        "        return None",
        "    return {\"token\": authorization.removeprefix(\"Bearer \")}", ""]
    files["app/routers/__init__.py"] = ["\"\"\"Routers, one package per area.\"\"\"", ""]
    files["app/services/__init__.py"] = ["\"\"\"Services, one package per area.\"\"\"", ""]
    main = ["from fastapi import FastAPI", ""]
    used = [a for a in areas if any(x.area == a for x in resources)]
    for a in used:
        main.append(f"from .routers import {a}")
    main += ["", "app = FastAPI(title=\"api\")"]
    main += [f"app.include_router({a}.router, prefix=\"/v1\")" for a in used]
    main += ["", "", "@app.get(\"/health\")", "async def health():", "    return {\"ok\": True}", ""]
    files["app/main.py"] = main
    for a in used:
        members = [x for x in resources if x.area == a]
        init = ["from fastapi import APIRouter", ""]
        init += [f"from . import {snake(x.ident)}" for x in members]
        init += ["", f"router = APIRouter(prefix=\"/{a}\")"]
        init += [f"router.include_router({snake(x.ident)}.router)" for x in members]
        init.append("")
        files[f"app/routers/{a}/__init__.py"] = init
        files[f"app/services/{a}/__init__.py"] = [f"\"\"\"Services of the {a} area.\"\"\"", ""]
    return files


def py_client(r, routes, n_lines, client, tag):
    pick = r.choice(routes)
    area_res = pick.path.split("/")
    cls = cap(camel(area_res[2])) + f"Client{tag}"
    out = ["from __future__ import annotations", "", "import os", ""]
    out += ["import httpx" if client == "httpx" else "import requests", "", ""]
    if client == "requests":
        out += ["BASE_URL = \"http://api:8000/v1\"", "", ""]
    out += [f"class {cls}:",
            "    def __init__(self, token: str | None = None) -> None:",
            "        self.token = token or os.environ.get(\"API_TOKEN\", \"\")"]
    if client == "httpx":
        out.append("        self.client = httpx.Client(base_url=\"http://api:8000/v1\", timeout=10.0)")
    else:
        out.append("        self.session = requests.Session()")
    out.append("")
    i = 0
    while len(out) < n_lines - 1 or i == 0:
        route, mismatch = pick_call(r, routes)
        path = route.path + ("/details-v2" if mismatch == "unknown" else "")
        path = path.replace("{id}", "{item_id}")
        name = f"{route.method}_{snake(camel(route.path.split('/')[2]))}_{i}"
        args = "self, item_id: int" + (", payload: dict | None = None" if route.method in ("post", "put", "patch") else "")
        out.append(f"    def {name}({args}) -> object | None:")
        kw = ", json=payload or {}" if route.method in ("post", "put", "patch") else ""
        if client == "httpx":
            out.append(f"        resp = self.client.{route.method}(f\"{path}\"{kw})")
        else:
            out.append(f"        resp = self.session.{route.method}(f\"{{BASE_URL}}{path}\"{kw}, timeout=10)")
        if mismatch == "unhandled":
            out += ["        if resp.status_code == 404:", "            return None"]
        else:
            if 404 in route.statuses:
                out += ["        if resp.status_code == 404:", "            return None"]
            # A range guard: seam counts `raise_for_status()` as handling nothing (yet).
            guard = "not resp.ok" if client == "requests" else "resp.status_code >= 400"
            out += [f"        if {guard}:",
                    f"            raise RuntimeError(f\"{name} failed with {{resp.status_code}}\")"]
        field = "display_label" if mismatch == "misread" else r.choice(route.fields)
        out += ["        data = resp.json()", f"        return data[\"{field}\"]", ""]
        i += 1
    return out


# --- Utilities (no boundaries) -----------------------------------------------------------


def ts_util(r, n_lines, ts=True):
    out = []
    if ts:
        out += ["export type Maybe<T> = T | null | undefined;", ""]
    t = (lambda s: s) if ts else (lambda s: "")
    i = 0
    while len(out) < n_lines - 1:
        kind = r.randrange(4)
        name = f"{r.choice(VERBS)}{cap(r.choice(NOUNS))}{i}"
        if kind == 0:
            out += [f"export function {name}(input{t(': string')}, opts{t(': { trim?: boolean; max?: number }')} = {{}}){t(': string')} {{",
                    "  let out = opts.trim ? input.trim() : input;",
                    "  for (let i = 0; i < out.length; i++) {",
                    "    if (out.charCodeAt(i) > 127) {",
                    "      out = out.slice(0, i) + out.slice(i + 1);",
                    "      i--;",
                    "    }",
                    "  }",
                    "  return opts.max !== undefined ? out.slice(0, opts.max) : out;",
                    "}", ""]
        elif kind == 1:
            out += [f"export const {name} = (items{t(': Array<Record<string, unknown>>')}, key{t(': string')}) =>",
                    "  items.reduce((acc, item) => {",
                    "    const k = String(item[key] ?? 'unknown');",
                    "    (acc[k] ||= []).push(item);",
                    "    return acc;",
                    f"  }}, {{}}{t(' as Record<string, unknown[]>')});", ""]
        elif kind == 2:
            out += [f"export async function {name}{t('<T>')}(task{t(': () => Promise<T>')}, retries = 3){t(': Promise<T>')} {{",
                    "  let lastError;",
                    "  while (retries-- > 0) {",
                    "    try {",
                    "      return await task();",
                    "    } catch (e) {",
                    "      lastError = e;",
                    "      await new Promise((resolve) => setTimeout(resolve, 100 * (3 - retries)));",
                    "    }",
                    "  }",
                    "  throw lastError;",
                    "}", ""]
        else:
            out += [f"export const {name}Config = {{",
                    f"  endpoint: process.env.{name.upper()}_URL ?? 'http://localhost:{3000 + i}',",
                    "  timeoutMs: 5_000,",
                    "  retry: { attempts: 3, backoff: [100, 500, 2_000] },",
                    "  flags: { beta: false, verbose: process.env.NODE_ENV !== 'production' },",
                    "};", ""]
        i += 1
    return out


def py_util(r, n_lines):
    out = ["import os", "import re", "from dataclasses import dataclass, field", "from typing import Iterable", "", ""]
    i = 0
    while len(out) < n_lines - 1:
        name = f"{r.choice(VERBS)}_{r.choice(NOUNS)}_{i}"
        if i % 2 == 0:
            out += [f"def {name}(items: Iterable[dict], *, key: str = \"id\", limit: int | None = None) -> list[dict]:",
                    "    seen = set()",
                    "    out = []",
                    "    for item in items:",
                    "        k = item.get(key)",
                    "        if k in seen:",
                    "            continue",
                    "        seen.add(k)",
                    "        out.append({**item, \"slug\": re.sub(r\"\\W+\", \"-\", str(k)).lower()})",
                    "        if limit is not None and len(out) >= limit:",
                    "            break",
                    "    return out", "", ""]
        else:
            out += ["@dataclass(frozen=True)",
                    f"class {cap(name.replace('_', ''))}:",
                    "    name: str",
                    "    tags: list[str] = field(default_factory=list)",
                    f"    url: str = os.environ.get(\"{name.upper()}_URL\", \"http://localhost\")",
                    "",
                    "    def describe(self) -> str:",
                    "        return f\"{self.name} ({', '.join(self.tags) or 'untagged'}) at {self.url}\"",
                    "", ""]
        i += 1
    return out


# --- Assembly ----------------------------------------------------------------------------


def counts_for(n, reserved):
    """How many files of each kind, summing to n - reserved (largest remainders)."""
    budget = max(0, n - reserved)
    total = sum(w for _, w in KIND_WEIGHTS)
    raw = [(k, budget * w / total) for k, w in KIND_WEIGHTS]
    counts = {k: int(v) for k, v in raw}
    rest = budget - sum(counts.values())
    for k, v in sorted(raw, key=lambda kv: (-(kv[1] - int(kv[1])), kv[0]))[:rest]:
        counts[k] += 1
    return counts


def manifests():
    return {
        "package.json": {"name": "corpus", "private": True, "workspaces": ["packages/*"]},
        "packages/server/package.json": {
            "name": "@corpus/server", "version": "1.0.0", "private": True, "main": "src/app.ts",
            "dependencies": {"express": "^4.19.2"},
            "devDependencies": {"@types/express": "^4.17.21", "typescript": "^5.4.5"}},
        "packages/web/package.json": {
            "name": "@corpus/web", "version": "1.0.0", "private": True,
            "dependencies": {"axios": "^1.7.2", "react": "^18.3.1", "react-dom": "^18.3.1"},
            "devDependencies": {"typescript": "^5.4.5"}},
        "packages/shared/package.json": {
            "name": "@corpus/shared", "version": "1.0.0", "private": True, "main": "src/index.ts"},
    }


PYPROJECTS = {
    "services/api/pyproject.toml": [
        "[project]", "name = \"corpus-api\"", "version = \"1.0.0\"", "requires-python = \">=3.11\"",
        "dependencies = [\"fastapi>=0.111\", \"pydantic>=2.7\", \"uvicorn>=0.30\"]", ""],
    "clients/py/pyproject.toml": [
        "[project]", "name = \"corpus-client\"", "version = \"1.0.0\"", "requires-python = \">=3.11\"",
        "dependencies = [\"httpx>=0.27\", \"requests>=2.32\"]", ""],
}


def build(n, seed):
    """Every file of the corpus: relative path -> text, in generation order."""
    r = random.Random(seed)
    # Wiring files per area make the reserve depend on the number of areas, which depends on
    # the counts: estimate with the area size (12 resources) and settle.
    reserved = 9
    for _ in range(4):
        c = counts_for(n, reserved)
        ts_res = c["express_router"] + c["express_router_js"]
        py_res = c["fastapi_router"]
        ts_areas = max(1, (ts_res + 11) // 12)
        py_areas = max(1, (py_res + 11) // 12)
        # server: db, events, logger, auth, app, routes/index, legacy/index + per area a
        # container and one or two indexes; web: http, format; python: 5 + 2 per area.
        reserved = 7 + ts_areas * 3 + 2 + 5 + py_areas * 2 + 1
    counts = counts_for(n, reserved)
    files = {}

    # Express resources: one router and one service each; repositories shared when fewer.
    n_ts = max(1, counts["express_router"] + counts["express_router_js"])
    resources, areas = make_resources(r, n_ts, AREAS)
    js_set = set()
    js_every = (n_ts / counts["express_router_js"]) if counts["express_router_js"] else 0
    if js_every:
        for k in range(counts["express_router_js"]):
            js_set.add(resources[int(k * js_every)].ident + "@" + resources[int(k * js_every)].area)
    js_resources = [x for x in resources if x.ident + "@" + x.area in js_set]
    n_repo = max(1, counts["repository"])
    ts_record = {}
    for f in FIELDS + ["id"]:
        ts_record[f] = ts_type_of(r, f) if f != "id" else "string"
    for idx, x in enumerate(resources):
        x.repo = resources[idx % n_repo] if idx >= n_repo else x
    for idx, x in enumerate(resources[:n_repo]):
        files[f"packages/server/src/repositories/{x.area}/{x.ident}Repository.ts"] = repository_file(r, x, lines_for(r), ts_record)
    # Services: each may take up to two earlier services of its area.
    for idx, x in enumerate(resources):
        earlier = [y for y in resources[:idx] if y.area == x.area]
        x.deps = r.sample(earlier, min(len(earlier), r.randint(0, 2)))
        files[f"packages/server/src/services/{x.area}/{x.ident}Service.ts"] = service_file(r, x, x.repo, x.deps, lines_for(r))
    for x in resources:
        ts = x not in js_resources
        path = (f"packages/server/src/routes/{x.area}/{x.ident}.ts" if ts
                else f"packages/server/src/legacy/{x.area}/{x.ident}.js")
        files[path] = express_router(r, x, lines_for(r), ts)
    for path, lines in ts_server_wiring(resources, js_resources, areas).items():
        files["packages/server/" + path] = lines
    routes = [rt for x in resources for rt in x.routes]

    # Web: components and API modules, half fetch, half the axios instance.
    files["packages/web/src/api/http.ts"] = [
        "import axios from 'axios';", "",
        "export const http = axios.create({",
        "  baseURL: '/api',",
        "  timeout: 10_000,",
        "  headers: { 'Content-Type': 'application/json' },",
        "});", ""]
    files["packages/web/src/utils/format.ts"] = [
        "export function formatDate(d: Date): string {",
        "  return d.toISOString().slice(0, 10);",
        "}", "",
        "export function classNames(base: string, flags: Record<string, boolean>): string {",
        "  const on = Object.keys(flags).filter((k) => flags[k]);",
        "  return [base, ...on].join(' ');",
        "}", ""]
    for k in range(counts["react_component"]):
        client = "axios" if r.random() < 0.5 else "fetch"
        lines = react_component(r, routes, lines_for(r), client, k)
        files[f"packages/web/src/components/{lines[_component_line(lines)].split('function ')[1].split('(')[0]}.tsx"] = lines
    for k in range(counts["web_api"]):
        client = "axios" if r.random() < 0.5 else "fetch"
        files[f"packages/web/src/api/endpoints{k:04d}.ts"] = web_api_module(r, routes, lines_for(r), client)
    for k in range(counts["js_util"]):
        files[f"packages/web/src/lib/util{k:04d}.js"] = ts_util(r, lines_for(r), False)

    # FastAPI: one router and one service class per resource.
    n_py = max(1, counts["fastapi_router"])
    py_resources, py_areas = make_resources(r, n_py, AREAS)
    for idx, x in enumerate(py_resources):
        earlier = [y for y in py_resources[:idx] if y.area == x.area]
        x.py_deps = r.sample(earlier, min(len(earlier), r.randint(0, 2)))
        x.py_routes = []
        files[f"services/api/app/services/{x.area}/{snake(x.ident)}_service.py"] = py_service_file(r, x, x.py_deps, lines_for(r))
    for x in py_resources:
        files[f"services/api/app/routers/{x.area}/{snake(x.ident)}.py"] = fastapi_router(r, x, lines_for(r))
    for path, lines in py_wiring(py_resources, py_areas).items():
        files["services/api/" + path] = lines
    # Services beyond one per router: standalone helpers taking the database only.
    for k in range(max(0, counts["py_service"] - n_py)):
        extra = py_resources[k % n_py]
        helper = Resource(extra.area, f"{extra.slug}-report{k}", extra.noun, extra.fields)
        files[f"services/api/app/services/{helper.area}/{snake(helper.ident)}_service.py"] = py_service_file(r, helper, [], lines_for(r))
    py_routes = [rt for x in py_resources for rt in x.py_routes]
    files["clients/py/corpus_client/__init__.py"] = ["\"\"\"Clients of the API service.\"\"\"", ""]
    for k in range(counts["py_client"]):
        client = "httpx" if r.random() < 0.5 else "requests"
        files[f"clients/py/corpus_client/client{k:04d}.py"] = py_client(r, py_routes, lines_for(r), client, k)
    for k in range(counts["py_util"]):
        files[f"services/api/app/util/util{k:04d}.py"] = py_util(r, lines_for(r))
    if counts["py_util"]:
        files["services/api/app/util/__init__.py"] = ["\"\"\"Helpers.\"\"\"", ""]
    # Shared utilities take up the rest, so that the corpus has exactly N source files (the
    # other counts are shares of N, the wiring a function of them).
    for k in range(max(0, n - len(files))):
        files[f"packages/shared/src/util{k:04d}.ts"] = ts_util(r, lines_for(r), True)
    return files


def _component_line(lines):
    for i, line in enumerate(lines):
        if line.startswith("export function "):
            return i
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int, help="number of source files")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    files = build(args.n, args.seed)
    total_bytes = 0
    for rel, lines in files.items():
        path = os.path.join(args.outdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        text = "\n".join(lines) + "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        total_bytes += len(text.encode("utf-8"))
    n_sources = len(files)
    for rel, doc in manifests().items():
        path = os.path.join(args.outdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(doc, indent=2) + "\n")
    for rel, lines in PYPROJECTS.items():
        path = os.path.join(args.outdir, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
    print(f"wrote {n_sources} files, {total_bytes / 1e6:.1f} MB, to {args.outdir}")


if __name__ == "__main__":
    main()
