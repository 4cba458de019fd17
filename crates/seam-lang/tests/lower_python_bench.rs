//! A hand-run throughput measurement, not a test (ignored; it asserts nothing):
//! `cargo test -p seam-lang --release --test lower_python_bench -- --ignored --nocapture`
//! Generates a realistic Python module and times parse-only against parse+lower+bind.
use std::time::Instant;

fn generated_module(functions: usize) -> String {
    let mut s = String::from(
        "from __future__ import annotations\nimport os\nfrom typing import Optional\nfrom fastapi import APIRouter\n\nrouter = APIRouter()\n\n",
    );
    for i in 0..functions {
        s.push_str(&format!(
            "class Model{i}(BaseModel):\n    id: int\n    name: Optional[str] = None\n\n\
             @router.get(\"/items/{i}/{{item_id}}\", status_code=200)\n\
             async def handler_{i}(item_id: int, q: str | None = None, *args, **kwargs) -> dict[str, int]:\n\
             \x20   \"\"\"Docstring for {i}.\"\"\"\n\
             \x20   total = 0\n\
             \x20   for k, v in enumerate(args):\n\
             \x20       if k % 2 == 0 and v is not None:\n\
             \x20           total += v * {i}\n\
             \x20       elif 0 < k < 10:\n\
             \x20           continue\n\
             \x20   try:\n\
             \x20       data = {{\"id\": item_id, \"q\": q, **kwargs}}\n\
             \x20   except (KeyError, ValueError) as e:\n\
             \x20       raise HTTPException(status_code=400, detail=f\"bad {{e!r}} in {{item_id}}\") from e\n\
             \x20   items = [x for x in data.values() if x]\n\
             \x20   return {{\"total\": total, \"count\": len(items), \"env\": os.environ.get(\"X_{i}\", \"d\")}}\n\n"
        ));
    }
    s
}

#[test]
#[ignore]
fn measure_python_throughput() {
    let source = generated_module(20_000);
    let mb = source.len() as f64 / 1e6;
    let runs = 3;
    let mut best_parse = f64::MAX;
    let mut best_full = f64::MAX;
    for _ in 0..runs {
        let t = Instant::now();
        let tree = seam_lang::lower::python::parse(&source).unwrap_or_else(|e| panic!("{e}"));
        best_parse = best_parse.min(t.elapsed().as_secs_f64());
        drop(tree);
        let t = Instant::now();
        let model =
            seam_lang::lower::python::lower("big.py", &source).unwrap_or_else(|e| panic!("{e}"));
        best_full = best_full.min(t.elapsed().as_secs_f64());
        assert!(model.diagnostics.is_empty());
        println!(
            "exprs {} stmts {} functions {} bindings {}",
            model.exprs.len(),
            model.stmts.len(),
            model.functions.len(),
            model.bindings.len()
        );
    }
    println!("one file of {mb:.1} MB, {} lines", source.lines().count());
    println!(
        "parse only:        {best_parse:.3} s, {:.1} MB/s",
        mb / best_parse
    );
    println!(
        "parse+lower+bind:  {best_full:.3} s, {:.1} MB/s",
        mb / best_full
    );

    // Many small files: 2,000 files of 20 functions each (about 40 KB).
    let small = generated_module(20);
    let files = 2000;
    let t = Instant::now();
    for _ in 0..files {
        let tree = seam_lang::lower::python::parse(&small).unwrap_or_else(|e| panic!("{e}"));
        drop(tree);
    }
    let parse = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for i in 0..files {
        let model = seam_lang::lower::python::lower(&format!("f{i}.py"), &small)
            .unwrap_or_else(|e| panic!("{e}"));
        drop(model);
    }
    let full = t.elapsed().as_secs_f64();
    let total_mb = small.len() as f64 * files as f64 / 1e6;
    println!("{files} files of {:.1} KB:", small.len() as f64 / 1e3);
    println!(
        "parse only:        {:.0} files/s, {:.1} MB/s",
        files as f64 / parse,
        total_mb / parse
    );
    println!(
        "parse+lower+bind:  {:.0} files/s, {:.1} MB/s",
        files as f64 / full,
        total_mb / full
    );
}
