//! A performance check run by hand, not a test of behaviour (it asserts nothing about time):
//!
//! ```text
//! cargo test --release -p seam-lang --test lower_js_perf -- --ignored --nocapture
//! ```
//!
//! It compares the whole JS lowering (parse + semantic + lowering + binding resolution) with
//! oxc's parse + semantic alone on a large generated TypeScript file of realistic shapes, and
//! times the 10 MB minified file of the bad-input tests. Target: lowering ≤ 2× oxc alone.
use seam_lang::lower::js;
use seam_lang::model::Language;
use std::time::{Duration, Instant};

/// One module's worth of realistic TypeScript: imports, an interface, a decorated controller
/// class with async methods, helpers, destructuring, templates, and exports.
fn module_chunk(i: usize) -> String {
    format!(
        r#"import {{ Injectable, Get, Post, Body, Param }} from '@nestjs/common';
import type {{ Request, Response }} from 'express';
import * as path from 'node:path';
const {{ join, resolve }} = require('path');

export interface User{i} {{
  id: string;
  name?: string;
  tags: string[];
  meta: {{ createdAt: Date; score: number | null }};
}}

export type Status{i} = 'active' | 'disabled' | 'pending';

/**
 * Service number {i}.
 * @throws {{NotFoundError}} when the user is missing
 */
@Injectable()
export class UserService{i} extends BaseService implements OnInit {{
  private readonly cache = new Map<string, User{i}>();
  handle = async (req: Request, res: Response) => {{
    const {{ id, page = 1, ...rest }} = req.query as any;
    if (!id) {{
      return res.status(400).json({{ error: `missing id in ${{req.path}}`, page }});
    }} else if (page > 10) {{
      throw new HttpError(422, 'page too large');
    }}
    try {{
      const user = await this.repo.findOne({{ where: {{ id, deleted: false }} }});
      return res.json({{ ...user, extra: rest, n: {i} }});
    }} catch (err) {{
      this.logger?.error?.(`failed ${{id}}`, err);
      throw err;
    }} finally {{
      this.metrics.inc('user.read');
    }}
  }};

  constructor(private readonly repo: Repo<User{i}>, protected logger: Logger) {{
    super();
  }}

  @Get(':id')
  async findOne(@Param('id') id: string): Promise<User{i} | undefined> {{
    const cached = this.cache.get(id);
    if (cached) return cached;
    const rows = await this.repo.query(`select * from users where id = $1`, [id]);
    for (const row of rows) {{
      switch (row.kind) {{
        case 'a':
        case 'b':
          this.cache.set(id, row);
          break;
        default:
          continue;
      }}
    }}
    return rows.map((r: any) => ({{ id: r.id, name: r.name ?? 'unknown', tags: r.tags || [] }}))[0];
  }}

  @Post()
  create(@Body() body: Partial<User{i}>) {{
    const payload = {{ ...body, createdAt: Date.now(), status: 'pending' as Status{i} }};
    return this.repo.insert(payload).then((r) => r.id).catch(() => null);
  }}
}}

export const helper{i} = (items: number[], factor = 2) =>
  items.filter((x) => x % 2 === 0).map((x) => x * factor).reduce((a, b) => a + b, 0);

export function format{i}(u: User{i}): string {{
  let out = '';
  for (let j = 0; j < u.tags.length; j++) {{
    out += `${{u.tags[j]}},`;
  }}
  return out.length > 0 ? out.slice(0, -1) : path.join(u.id, String({i}));
}}
"#
    )
}

fn realistic_ts(target: usize) -> String {
    let mut s = String::with_capacity(target + 8_000);
    let mut i = 0;
    while s.len() < target {
        s.push_str(&module_chunk(i));
        i += 1;
    }
    s
}

fn minified(target: usize) -> String {
    let mut s = String::with_capacity(target + 200);
    let mut i = 0u32;
    while s.len() < target {
        s.push_str(&format!(
            "function f{i}(a,b){{var c=a+b,d={{k:b,v:[c,\"s{i}\"]}};if(c>1){{return g(c,d.k)}}else if(!a){{throw new Error(\"e\")}}for(var j=0;j<c;j++)d.v.push(j);return d}};var x{i}=f{i}(1,{i}),y{i}=x{i}&&x{i}.v?x{i}.v.length:0;"
        ));
        i += 1;
    }
    s
}

fn oxc_only(src: &str, source_type: oxc_span::SourceType) -> usize {
    let allocator = oxc_allocator::Allocator::default();
    let ret = oxc_parser::Parser::new(&allocator, src, source_type).parse();
    let semantic = oxc_semantic::SemanticBuilder::new().build(&ret.program);
    semantic.semantic.scoping().symbols_len()
}

/// The fastest of `runs` runs; what `f` returns is dropped outside the timing (a caller keeps
/// the model, so freeing it is not part of lowering).
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            let kept = f();
            let elapsed = t.elapsed();
            drop(kept);
            elapsed
        })
        .min()
        .unwrap_or_default()
}

fn report(name: &str, src: &str, path: &str, language: Language, st: oxc_span::SourceType) {
    let mb = src.len() as f64 / (1024.0 * 1024.0);
    let oxc = best_of(5, || std::hint::black_box(oxc_only(src, st)));
    let full = best_of(5, || js::lower(path, language, src).expect("lowers"));
    println!(
        "{name}: {mb:.1} MB; oxc parse+semantic {:.1} ms ({:.0} MB/s); parse+lower+bind {:.1} ms ({:.0} MB/s); ratio {:.2}x",
        oxc.as_secs_f64() * 1e3,
        mb / oxc.as_secs_f64(),
        full.as_secs_f64() * 1e3,
        mb / full.as_secs_f64(),
        full.as_secs_f64() / oxc.as_secs_f64()
    );
}

#[test]
#[ignore = "a performance check run by hand in release; see the module doc"]
fn lowering_versus_oxc_alone() {
    let ts = realistic_ts(8 << 20);
    report(
        "realistic TS",
        &ts,
        "big.ts",
        Language::TypeScript,
        oxc_span::SourceType::ts(),
    );
    let min = minified(10 << 20);
    report(
        "minified JS",
        &min,
        "bundle.js",
        Language::JavaScript,
        oxc_span::SourceType::unambiguous().with_jsx(true),
    );
}
