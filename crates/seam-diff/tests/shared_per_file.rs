//! Doing the review IR's per-file work once for the files both revisions hold alike gives the
//! diff two full analyses give, on a repository where several files changed and unchanged
//! files feel it: they import a renamed export, a file added beside them, a removed file, a
//! changed class, a changed route; and which files count as alike.

use std::collections::BTreeSet;
use std::path::Path;

use seam_lang::project::{ProjectOptions, load_project_from_memory};

mod common;
use common::git;

const FORMAT: &str = "export function formatName(first: string, last: string) {
  if (!first) {
    return last;
  }
  return first + ' ' + last;
}

export function slug(s: string) {
  return s.toLowerCase();
}
";

const USER_SERVICE: &str = "export class UserService {
  find(id: string) {
    return db.users.find(id);
  }
  save(user: { id: string }) {
    return db.users.save(user);
  }
}
";

const USERS_CONTROLLER: &str = "import { UserService } from '../services/user';

export async function getUser(req: any, res: any) {
  const user = await new UserService().find(req.params.id);
  if (!user) {
    return res.status(404).json({ error: 'not found' });
  }
  res.status(200).json({ id: user.id, name: user.name });
}
";

const SERVER: &str = "import express from 'express';
import { getUser } from './src/controllers/users';
const app = express();
app.get('/users/:id', getUser);
app.get('/orders/:id', async (req, res) => {
  const order = await db.orders.find(req.params.id);
  if (!order) {
    return res.status(404).json({ error: 'no order' });
  }
  res.status(200).json({ id: order.id, total: order.total });
});
";

const CLIENT: &str = "export async function loadOrder(id: string) {
  const res = await fetch(`/orders/${id}`);
  if (res.status === 404) {
    return null;
  }
  const body = await res.json();
  return body.total;
}

export async function loadUser(id: string) {
  const res = await fetch(`/users/${id}`);
  const body = await res.json();
  return body.name;
}
";

const ORDERS_JAVA: &str = "package com.acme;

public class Orders {
    private Invoice invoice;

    public int total() {
        if (invoice == null) {
            return 0;
        }
        return invoice.total();
    }
}
";

const INVOICE_JAVA: &str = "package com.acme;

public class Invoice {
    public int total() {
        return 42;
    }
}
";

fn view(i: usize, name: &str) -> String {
    format!(
        "import {{ {name}, slug }} from '../lib/format';

export function render{i}(u: {{ first: string; last: string }}) {{
  if (!u) {{
    return '';
  }}
  return slug({name}(u.first, u.last)) + '{i}';
}}
"
    )
}

/// Both revisions' files: (path, base text, head text); `""` is absent on that side.
fn files() -> Vec<(String, String, String)> {
    let mut f: Vec<(String, String, String)> = Vec::new();
    let mut both = |p: &str, base: &str, head: &str| f.push((p.into(), base.into(), head.into()));
    both(
        "package.json",
        r#"{"name": "generated", "dependencies": {"express": "4.0.0"}}"#,
        r#"{"name": "generated", "dependencies": {"express": "4.0.0"}}"#,
    );
    // A renamed export: one importer follows it, the others still import the old name.
    both(
        "src/lib/format.ts",
        FORMAT,
        &FORMAT.replace("formatName", "formatFullName"),
    );
    both(
        "src/views/view0.ts",
        &view(0, "formatName"),
        &view(0, "formatFullName"),
    );
    for i in 1..6 {
        let v = view(i, "formatName");
        both(&format!("src/views/view{i}.ts"), &v, &v);
    }
    // A changed class its unchanged controller calls.
    both(
        "src/services/user.ts",
        USER_SERVICE,
        &USER_SERVICE.replace(
            "  save(user: { id: string }) {\n",
            "  save(user: { id: string }) {\n    if (!user.id) {\n      throw new Error('no id');\n    }\n",
        ),
    );
    both(
        "src/controllers/users.ts",
        USERS_CONTROLLER,
        USERS_CONTROLLER,
    );
    // A route that stops sending 404 while an unchanged client handles it.
    both(
        "server.ts",
        SERVER,
        &SERVER.replace(
            "  if (!order) {\n    return res.status(404).json({ error: 'no order' });\n  }\n",
            "",
        ),
    );
    both("client.ts", CLIENT, CLIENT);
    // An added file an unchanged file imports; a removed file an unchanged file imported.
    let consumer =
        "import { added } from './new';\n\nexport function useAdded() {\n  return added(1);\n}\n";
    both("src/extra/consumer.ts", consumer, consumer);
    both(
        "src/extra/new.ts",
        "",
        "export function added(x: number) {\n  return x + 1;\n}\n",
    );
    let legacy =
        "import { old } from './old';\n\nexport function useOld() {\n  return old(2);\n}\n";
    both("src/extra/legacy.ts", legacy, legacy);
    both(
        "src/extra/old.ts",
        "export function old(x: number) {\n  return x * 2;\n}\n",
        "",
    );
    // Python: a renamed function an unchanged module imports.
    both("app/__init__.py", "", "");
    let services = "def get_user(user_id):\n    if not user_id:\n        return None\n    return {'id': user_id}\n";
    both(
        "app/services.py",
        services,
        &services.replace("get_user", "fetch_user"),
    );
    let routes = "from app.services import get_user\n\n\ndef show(user_id):\n    user = get_user(user_id)\n    if user is None:\n        raise ValueError('missing')\n    return user\n";
    both("app/routes.py", routes, routes);
    // Java: a type added beside an unchanged class that names it (an implicit import).
    both(
        "src/main/java/com/acme/Orders.java",
        ORDERS_JAVA,
        ORDERS_JAVA,
    );
    both("src/main/java/com/acme/Invoice.java", "", INVOICE_JAVA);
    f
}

fn write_side(dir: &Path, files: &[(String, String, String)], head: bool) {
    for (path, base, after) in files {
        let text = if head { after } else { base };
        let p = dir.join(path);
        if text.is_empty() && !path.ends_with("__init__.py") {
            let _ = std::fs::remove_file(&p);
            continue;
        }
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

#[test]
fn sharing_the_per_file_work_gives_the_diff_of_two_full_analyses() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let files = files();
    git(d, &["init", "-q"]);
    write_side(d, &files, false);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "base"]);
    write_side(d, &files, true);
    git(d, &["add", "-A"]);
    git(d, &["commit", "-qm", "head"]);
    let run = |share_per_file| {
        seam_diff::diff_git_with(
            d,
            "HEAD~1",
            seam_diff::HeadSide::Revision("HEAD"),
            &seam_diff::GitOptions {
                boundaries: true,
                share_per_file,
            },
        )
        .unwrap()
    };
    let shared = run(true);
    let full = run(false);
    assert_eq!(
        seam_diff::to_json(&shared.diff, true),
        seam_diff::to_json(&full.diff, true)
    );
    assert_eq!(
        seam_diff::markdown::render(&shared.diff),
        seam_diff::markdown::render(&full.diff)
    );
    // The unchanged files whose imports resolve alike (views 1–5, the controller, the
    // client, the Python package and routes) were extracted once; the consumer of the added file, the
    // importer of the removed one and the Java class beside the added type were not.
    assert!(
        shared
            .notes
            .contains(&"9 files' Symbols extracted once for both revisions".to_owned()),
        "{:#?}",
        shared.notes
    );
    // The Symbols the changes reached,
    let statuses: Vec<String> = shared.diff["symbols"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let id = e["after"]["id"]
                .as_str()
                .or(e["symbol"]["id"].as_str())
                .unwrap_or("");
            format!("{} {id}", e["status"].as_str().unwrap())
        })
        .collect();
    insta::assert_debug_snapshot!("shared_per_file_statuses", statuses);
    // and the call edges from unchanged files that stopped (or started) resolving.
    insta::assert_snapshot!(
        "shared_per_file_dependencies",
        seam_diff::to_json(&shared.diff["dependencies"], true)
    );
    let b = &shared.diff[seam_diff::BOUNDARY_KEY];
    assert_eq!(b["brokenPairs"][0]["reason"], "deadConsumerBranch", "{b:#}");
    assert_eq!(b["brokenPairs"][0]["consumer"], "client.ts::loadOrder");
}

#[test]
fn alike_files_have_the_same_bytes_and_resolve_alike() {
    let files = files();
    let side = |head: bool| {
        let listed: Vec<(String, Vec<u8>)> = files
            .iter()
            .filter(|(p, b, h)| {
                let text = if head { h } else { b };
                !text.is_empty() || p.ends_with("__init__.py")
            })
            .map(|(p, b, h)| (p.clone(), if head { h } else { b }.clone().into_bytes()))
            .collect();
        load_project_from_memory(Path::new("."), listed, &ProjectOptions::default()).unwrap()
    };
    let (base, head) = (side(false), side(true));
    let same_bytes: BTreeSet<&str> = files
        .iter()
        .filter(|(_, b, h)| b == h)
        .map(|(p, _, _)| p.as_str())
        .collect();
    let alike = seam_diff::alike::alike_models(&base, &head, &same_bytes);
    let alike: Vec<&str> = alike.iter().map(String::as_str).collect();
    assert_eq!(
        alike,
        [
            "app/__init__.py",
            "app/routes.py",
            "client.ts",
            "src/controllers/users.ts",
            "src/views/view1.ts",
            "src/views/view2.ts",
            "src/views/view3.ts",
            "src/views/view4.ts",
            "src/views/view5.ts",
        ]
    );
}
