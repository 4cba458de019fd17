#!/usr/bin/env python3
"""Generates a synthetic source corpus for the front-end benchmark.

    scripts/gen_corpus.py N OUTDIR [--seed S]

Writes N files mixing TypeScript, TSX, JavaScript and Python in realistic shapes: Express
routers with handlers and guards, React components calling fetch/axios, service classes with
dependency injection, FastAPI and Flask modules, and utility modules. Sizes vary between
about 30 and 400 lines. The output depends only on N and the seed. OUTDIR is created; files
already in it are overwritten, others are left alone.
"""
import argparse
import os
import random

KINDS = [
    # (weight, kind, extension)
    (18, "express_router", "ts"),
    (8, "express_router_js", "js"),
    (16, "react_component", "tsx"),
    (14, "service", "ts"),
    (12, "fastapi", "py"),
    (8, "flask", "py"),
    (12, "ts_util", "ts"),
    (6, "js_util", "js"),
    (6, "py_util", "py"),
]

NOUNS = ["user", "order", "invoice", "product", "cart", "payment", "account", "session",
         "report", "ticket", "shipment", "review", "coupon", "profile", "team", "project"]
VERBS = ["get", "list", "create", "update", "delete", "archive", "sync", "refresh", "export"]
FIELDS = ["id", "name", "email", "status", "total", "createdAt", "updatedAt", "ownerId",
          "amount", "currency", "title", "description", "count", "enabled", "tags"]


def cap(s):
    return s[:1].upper() + s[1:]


def snake(s):
    out = []
    for c in s:
        if c.isupper():
            out.append("_" + c.lower())
        else:
            out.append(c)
    return "".join(out)


def express_handler(r, noun, i, ts):
    verb = r.choice(VERBS)
    method = {"get": "get", "list": "get", "create": "post", "update": "put",
              "delete": "delete"}.get(verb, "post")
    path = f"/{noun}s" + ("/:id" if verb in ("get", "update", "delete") else "")
    req = "req: Request, res: Response" if ts else "req, res"
    guard = r.choice(["requireAuth", "requireAdmin", "rateLimit(100)"])
    fields = r.sample(FIELDS, 3)
    lines = [
        f"router.{method}('{path}/{i}', {guard}, async ({req}) => {{",
        f"  const {{ {', '.join(fields[:2])} }} = req.body ?? {{}};",
        f"  if (!req.user) {{",
        f"    return res.status(401).json({{ error: 'unauthorized' }});",
        f"  }}",
        f"  if (!{fields[0]}) {{",
        f"    return res.status(400).json({{ error: 'missing {fields[0]}' }});",
        f"  }}",
        f"  try {{",
        f"    const result = await {noun}Service.{verb}{cap(noun)}(req.params.id, {{ {fields[0]}, {fields[1]} }});",
        f"    if (result === null) {{",
        f"      return res.status(404).json({{ error: '{noun} not found' }});",
        f"    }}",
        f"    res.status({201 if method == 'post' else 200}).json({{ data: result, {fields[2]}: result.{fields[2]} ?? null }});",
        f"  }} catch (err) {{",
        f"    logger.error(`{verb} {noun} failed: ${{String(err)}}`);",
        f"    res.status(500).json({{ error: 'internal' }});",
        f"  }}",
        f"}});",
        "",
    ]
    return lines


def express_router(r, n_lines, ts):
    noun = r.choice(NOUNS)
    out = []
    if ts:
        out += ["import { Router, Request, Response } from 'express';",
                f"import {{ {noun}Service }} from '../services/{noun}Service';",
                "import { requireAuth, requireAdmin, rateLimit } from '../middleware/auth';",
                "import { logger } from '../lib/logger';", ""]
    else:
        out += ["const { Router } = require('express');",
                f"const {{ {noun}Service }} = require('../services/{noun}Service');",
                "const { requireAuth, requireAdmin, rateLimit } = require('../middleware/auth');",
                "const { logger } = require('../lib/logger');", ""]
    out += ["const router = Router();", ""]
    i = 0
    while len(out) < n_lines - 3:
        out += express_handler(r, noun, i, ts)
        i += 1
    out += ["export default router;" if ts else "module.exports = router;", ""]
    return out


def react_component(r, n_lines):
    noun = r.choice(NOUNS)
    comp = cap(noun) + r.choice(["List", "Panel", "Card", "Table", "Form"])
    fields = r.sample(FIELDS, 4)
    client = r.choice(["fetch", "axios"])
    out = ["import React, { useEffect, useState, useCallback } from 'react';"]
    if client == "axios":
        out.append("import axios from 'axios';")
    out += [f"import {{ formatDate, classNames }} from '../utils/format';", "",
            f"interface {cap(noun)} {{"]
    out += [f"  {f}: {r.choice(['string', 'number', 'boolean', 'string | null'])};" for f in fields]
    out += ["}", "", f"type Props = {{ initialPage?: number; onSelect?: (item: {cap(noun)}) => void }};", "",
            f"export function {comp}({{ initialPage = 1, onSelect }}: Props) {{",
            f"  const [items, setItems] = useState<{cap(noun)}[]>([]);",
            "  const [page, setPage] = useState(initialPage);",
            "  const [error, setError] = useState<string | null>(null);", ""]
    i = 0
    first = None
    while len(out) < n_lines - 16:
        verb = r.choice(VERBS)
        first = first or f"{verb}{i}"
        if client == "fetch":
            call = [f"    const res = await fetch(`/api/{noun}s/{verb}?page=${{page}}&n={i}`, {{ method: '{r.choice(['GET', 'POST'])}', headers: {{ 'Content-Type': 'application/json' }} }});",
                    "    if (!res.ok) {",
                    "      setError(`request failed: ${res.status}`);",
                    "      return;",
                    "    }",
                    "    const body = await res.json();"]
        else:
            call = [f"    const {{ data: body }} = await axios.{r.choice(['get', 'post'])}(`/api/{noun}s/{verb}`, {{ params: {{ page, n: {i} }} }});"]
        out += [f"  const {verb}{i} = useCallback(async () => {{", "    setError(null);"] + call + [
            f"    setItems((prev) => (page > 1 ? [...prev, ...body.items] : body.items));",
            "  }, [page]);", ""]
        i += 1
    out += ["  useEffect(() => {", f"    void {first}();" if first else "", "  }, [page]);", "",
            "  return (",
            f"    <section className={{classNames('{noun}-list', {{ error: !!error }})}}>",
            "      {error && <p role=\"alert\">{error}</p>}",
            "      <ul>",
            "        {items.map((item) => (",
            f"          <li key={{String(item.{fields[0]})}} onClick={{() => onSelect?.(item)}}>",
            f"            {{String(item.{fields[1]})}} <small>{{formatDate(new Date())}}</small>",
            "          </li>",
            "        ))}",
            "      </ul>",
            "      <button onClick={() => setPage((p) => p + 1)}>More</button>",
            "    </section>",
            "  );",
            "}", ""]
    return out


def service(r, n_lines):
    noun = r.choice(NOUNS)
    cls = cap(noun) + "Service"
    fields = r.sample(FIELDS, 4)
    out = ["import { Injectable, Inject } from '@nestjs/common';",
           "import type { Repository } from '../db/repository';",
           "import { EventBus } from '../events/bus';", "",
           f"export interface {cap(noun)}Record {{"]
    out += [f"  {f}: {r.choice(['string', 'number', 'Date', 'boolean'])};" for f in fields]
    out += ["}", "", "@Injectable()", f"export class {cls} {{",
            "  private readonly cache = new Map<string, unknown>();", "",
            "  constructor(",
            f"    @Inject('{noun}Repo') private readonly repo: Repository<{cap(noun)}Record>,",
            "    private readonly bus: EventBus,",
            "  ) {}", ""]
    while len(out) < n_lines - 2:
        verb = r.choice(VERBS)
        f = r.choice(fields)
        out += [f"  async {verb}{cap(noun)}{len(out)}(id: string, patch: Partial<{cap(noun)}Record> = {{}}): Promise<{cap(noun)}Record | null> {{",
                "    const cached = this.cache.get(id);",
                "    if (cached && Object.keys(patch).length === 0) {",
                f"      return cached as {cap(noun)}Record;",
                "    }",
                "    const existing = await this.repo.findOne({ where: { id } });",
                "    if (!existing) return null;",
                f"    switch (patch.{f} === undefined ? 'keep' : 'change') {{",
                "      case 'change':",
                f"        existing.{f} = patch.{f} as never;",
                f"        await this.bus.publish('{noun}.{verb}', {{ id, {f}: existing.{f} }});",
                "        break;",
                "      default:",
                "        break;",
                "    }",
                "    this.cache.set(id, existing);",
                "    return existing;",
                "  }", ""]
    out += ["}", ""]
    return out


def fastapi(r, n_lines):
    noun = r.choice(NOUNS)
    fields = r.sample(FIELDS, 4)
    out = ["from typing import Optional", "",
           "from fastapi import APIRouter, Depends, HTTPException, status",
           "from pydantic import BaseModel", "",
           "from ..db import get_session", "from ..auth import current_user", "",
           f"router = APIRouter(prefix=\"/{noun}s\", tags=[\"{noun}\"])", "", "",
           f"class {cap(noun)}In(BaseModel):"]
    out += [f"    {snake(f)}: {r.choice(['str', 'int', 'float', 'Optional[str]'])}" for f in fields]
    out += ["", ""]
    i = 0
    while len(out) < n_lines - 2:
        verb = r.choice(VERBS)
        method = r.choice(["get", "post", "put", "delete"])
        out += [f"@router.{method}(\"/{{item_id}}/{verb}{i}\", status_code=status.HTTP_200_OK)",
                f"async def {verb}_{noun}_{i}(item_id: int, body: Optional[{cap(noun)}In] = None, session=Depends(get_session), user=Depends(current_user)):",
                "    if user is None:",
                "        raise HTTPException(status_code=401, detail=\"unauthorized\")",
                f"    item = await session.get(\"{noun}\", item_id)",
                "    if item is None:",
                f"        raise HTTPException(status_code=404, detail=f\"{noun} {{item_id}} not found\")",
                "    if body is not None:",
                f"        item.update({{k: v for k, v in body.dict().items() if v is not None}})",
                "        await session.commit()",
                f"    return {{\"id\": item_id, \"{snake(fields[0])}\": item.get(\"{snake(fields[0])}\"), \"ok\": True}}",
                "", ""]
        i += 1
    return out


def flask(r, n_lines):
    noun = r.choice(NOUNS)
    out = ["from flask import Blueprint, jsonify, request, abort", "",
           "from .models import db", "from .auth import login_required", "",
           f"bp = Blueprint(\"{noun}s\", __name__, url_prefix=\"/{noun}s\")", "", ""]
    i = 0
    while len(out) < n_lines - 2:
        verb = r.choice(VERBS)
        out += [f"@bp.route(\"/<int:item_id>/{verb}{i}\", methods=[\"{r.choice(['GET', 'POST', 'PUT'])}\"])",
                "@login_required",
                f"def {verb}_{noun}_{i}(item_id):",
                "    payload = request.get_json(silent=True) or {}",
                f"    item = db.session.get(\"{noun}\", item_id)",
                "    if item is None:",
                "        abort(404)",
                "    try:",
                "        for key, value in payload.items():",
                "            setattr(item, key, value)",
                "        db.session.commit()",
                "    except ValueError as exc:",
                "        return jsonify(error=str(exc)), 400",
                "    else:",
                "        return jsonify(id=item_id, status=\"ok\")",
                "    finally:",
                "        db.session.close()",
                "", ""]
        i += 1
    return out


def ts_util(r, n_lines, ts=True):
    out = []
    if ts:
        out += ["export type Maybe<T> = T | null | undefined;", ""]
    i = 0
    while len(out) < n_lines - 1:
        kind = r.randrange(4)
        name = f"{r.choice(VERBS)}{cap(r.choice(NOUNS))}{i}"
        t = (lambda s: s) if ts else (lambda s: "")
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
            out += [f"export async function {name}(url{t(': string')}, retries = 3){t(': Promise<unknown>')} {{",
                    "  let lastError;",
                    "  while (retries-- > 0) {",
                    "    try {",
                    "      const res = await fetch(url);",
                    "      if (res.ok) return await res.json();",
                    "      lastError = new Error(`HTTP ${res.status}`);",
                    "    } catch (e) {",
                    "      lastError = e;",
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


def generate(kind, r, n_lines):
    if kind == "express_router":
        return express_router(r, n_lines, True)
    if kind == "express_router_js":
        return express_router(r, n_lines, False)
    if kind == "react_component":
        return react_component(r, n_lines)
    if kind == "service":
        return service(r, n_lines)
    if kind == "fastapi":
        return fastapi(r, n_lines)
    if kind == "flask":
        return flask(r, n_lines)
    if kind == "ts_util":
        return ts_util(r, n_lines, True)
    if kind == "js_util":
        return ts_util(r, n_lines, False)
    return py_util(r, n_lines)


DIRS = {
    "express_router": "server/routes", "express_router_js": "server/legacy",
    "react_component": "web/src/components", "service": "server/services",
    "fastapi": "api/app/routers", "flask": "api/app/views", "ts_util": "shared/src",
    "js_util": "web/src/lib", "py_util": "api/app/util",
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int, help="number of files")
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    r = random.Random(args.seed)
    weights = [w for w, _, _ in KINDS]
    total_bytes = 0
    for i in range(args.n):
        _, kind, ext = r.choices(KINDS, weights=weights)[0]
        # Mostly small and medium files, a tail of large ones: 30-400 lines.
        n_lines = min(400, max(30, int(r.lognormvariate(4.6, 0.6))))
        lines = generate(kind, r, n_lines)
        group = i // 200
        directory = os.path.join(args.outdir, f"pkg{group:03d}", DIRS[kind])
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, f"{kind}_{i:05d}.{ext}")
        text = "\n".join(lines) + "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        total_bytes += len(text.encode("utf-8"))
    print(f"wrote {args.n} files, {total_bytes / 1e6:.1f} MB, to {args.outdir}")


if __name__ == "__main__":
    main()
