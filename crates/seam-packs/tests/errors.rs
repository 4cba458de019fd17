//! A pack file with an error gets a message naming the file, the line and the problem.

use seam_packs::{PackOrigin, load_pack_str};

fn error(text: &str) -> String {
    load_pack_str(
        text,
        ".seam/packs/mine.yaml",
        PackOrigin::Path(".seam/packs/mine.yaml".into()),
    )
    .expect_err("the pack is invalid")
    .to_string()
}

const HEAD: &str = "name: mine\nlanguages: [typescript]\nkind: handler\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";

#[test]
fn yaml_syntax_errors_name_file_and_line() {
    let e = error("name: x\nlanguages: [typescript\nkind: handler\n");
    assert!(e.starts_with(".seam/packs/mine.yaml:"), "{e}");
    assert!(e.contains("pack format"), "{e}");
}

#[test]
fn unknown_keys_are_errors_with_their_line() {
    let e = error(&format!("{HEAD}terminal:\n  - pattern: $R.json($B)\n"));
    assert!(
        e.starts_with(".seam/packs/mine.yaml:6: unknown field `terminal`"),
        "{e}"
    );
}

#[test]
fn a_field_naming_a_metavariable_the_pattern_lacks() {
    let e = error(&format!(
        "{HEAD}terminals:\n  - pattern: $RES.json($BODY)\n    body: $DATA\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:8: `body` names `$DATA`, which the pattern `$RES.json($BODY)` does not bind"
    );
}

#[test]
fn a_pattern_that_is_not_code() {
    let e = error(&format!(
        "{HEAD}terminals:\n  - pattern: $RES.json(($BODY)\n"
    ));
    assert!(
        e.starts_with(".seam/packs/mine.yaml:7: the pattern `$RES.json(($BODY)` is not valid code"),
        "{e}"
    );
}

#[test]
fn mixed_languages_and_unknown_kinds() {
    let e = error(
        "name: m\nlanguages: [typescript, python]\nkind: handler\nbinding: { transport: http, protocol: rest }\ndetect: { always: true }\n",
    );
    assert!(
        e.starts_with(".seam/packs/mine.yaml:2: a pack's patterns are written in one language"),
        "{e}"
    );
    let e = error(
        "name: m\nlanguages: [typescript]\nkind: server\nbinding: { transport: http, protocol: rest }\ndetect: { always: true }\n",
    );
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:3: `kind: server` is not a kind seam knows; write `handler`, `client` or `store`"
    );
}

#[test]
fn a_client_from_a_module_needs_a_plain_call_to_create() {
    let head = "name: mine\nlanguages: [typescript]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";
    let calls = "calls:\n  - pattern: $C.get($U)\n    where: { $C: { client: true } }\n    url: $U\n    method: GET\n";
    let e = error(&format!(
        "{head}clients:\n  - create: lib.make($CONFIG)\n    from: lib\n{calls}"
    ));
    assert!(e.contains("`from` needs a `create` pattern"), "{e}");
    let e = error(&format!("{head}clients:\n  - from: lib\n{calls}"));
    assert!(
        e.contains("needs `import`, `create`, `type`, `parameter` or `injected`"),
        "{e}"
    );
    // An injected client's callback must be a metavariable of its pattern.
    let e = error(&format!(
        "{head}clients:\n  - injected: {{ pattern: \"test($NAME, $FN)\", callback: $CB, property: request }}\n{calls}"
    ));
    assert!(e.contains("$CB"), "{e}");
}

#[test]
fn a_client_made_of_another_names_a_metavariable_of_its_creation() {
    let head = "name: mine\nlanguages: [go]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { go: [mine] }\n";
    let calls = "calls:\n  - pattern: $C.Get($U)\n    where: { $C: { client: true } }\n    url: $U\n    method: GET\n";
    let e = error(&format!(
        "{head}clients:\n  - create: $C.R()\n    of: $X\n{calls}"
    ));
    assert!(
        e.contains("`of` names `$X`, which the pattern `$C.R()` does not bind"),
        "{e}"
    );
    let e = error(&format!(
        "{head}clients:\n  - type: mine.Client\n    of: $C\n{calls}"
    ));
    assert!(
        e.contains("`of` names a metavariable of the entry's `create`"),
        "{e}"
    );
}

#[test]
fn a_file_convention_that_names_no_handler() {
    let e = error(&format!(
        "{HEAD}files:\n  - glob: \"**/routes/**/x.ts\"\n    method: POST\nterminals:\n  - pattern: $RES.json($BODY)\n    status: 200\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:7: the file convention `**/routes/**/x.ts` names no handler: give `exports` or `exportObject`"
    );
}

/// A pattern nested 8,000 calls deep used to overflow the main thread's stack (the process
/// aborted): patterns are parsed with the guards of source files and refused at the depth limit.
#[test]
fn a_pattern_nested_thousands_deep_is_an_error_not_a_crash() {
    let depth = 8_000;
    let pattern = format!("{}$X{}", "f(".repeat(depth), ")".repeat(depth));
    let e = error(&format!("{HEAD}terminals:\n  - pattern: '{pattern}'\n"));
    assert!(
        e.starts_with(".seam/packs/mine.yaml:7: the pattern `f(f(f("),
        "{}",
        &e[..e.len().min(300)]
    );
    assert!(
        e.contains("nested more than 1000 levels deep"),
        "{}",
        &e[..e.len().min(400)]
    );
    assert!(
        e.len() < 600,
        "the message quotes the pattern shortened: {e}"
    );
}

#[test]
fn yaml_nested_thousands_of_brackets_deep_is_refused_at_once() {
    let depth = 80_000;
    let e = error(&format!(
        "{HEAD}description: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:6: the YAML is nested more than 120 brackets deep at line 6, column 134; seam reads at most 120 levels"
    );
}

#[test]
fn a_client_body_and_its_encoders_are_checked() {
    let client = "name: mine\nlanguages: [typescript]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";
    let e = error(&format!(
        "{client}calls:\n  - pattern: send($URL, $OPTIONS)\n    url: $URL\n    method: POST\n    body: {{ option: $OPTS, key: body }}\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:7: `body` names `$OPTS`, which the pattern `send($URL, $OPTIONS)` does not bind"
    );
    let e = error(&format!(
        "{client}calls:\n  - pattern: send($URL)\n    url: $URL\n    method: POST\nbodyEncoders:\n  - \"encode($A, $B)\"\n"
    ));
    assert!(
        e.ends_with(
            "the body encoder `encode($A, $B)` must use exactly one metavariable, the value it encodes"
        ),
        "{e}"
    );
}

const CLIENT_HEAD: &str = "name: mine\nlanguages: [java]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { maven: [com.example:mine] }\n";

#[test]
fn a_declared_client_method_whose_path_the_decorator_does_not_bind() {
    let e = error(&format!(
        "{CLIENT_HEAD}declaredClients:\n  - interface: [\"@Client($$$ARGS)\"]\n    methods:\n      - decorator: \"@Get($PATH)\"\n        method: GET\n        path: $URL\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:11: `path` names `$URL`, which the pattern `@Get($PATH)` does not bind"
    );
}

#[test]
fn a_declared_client_without_methods() {
    let e = error(&format!(
        "{CLIENT_HEAD}declaredClients:\n  - interface: [\"@Client($$$ARGS)\"]\n    methods: []\n"
    ));
    assert!(
        e.starts_with(
            ".seam/packs/mine.yaml:6: each entry under `declaredClients` needs `methods`"
        ),
        "{e}"
    );
}

#[test]
fn declared_clients_in_a_handler_pack() {
    let e = error(&format!(
        "{HEAD}terminals:\n  - pattern: $RES.json($BODY)\n    body: $BODY\ndeclaredClients:\n  - methods:\n      - decorator: \"@Get($PATH)\"\n        method: GET\n        path: $PATH\n"
    ));
    assert!(
        e.contains("`declaredClients` belongs in a client pack"),
        "{e}"
    );
}

#[test]
fn a_builder_chain_read_is_checked() {
    // `chain` names a metavariable of the pattern, as every read does.
    let e = error(&format!(
        "{CLIENT_HEAD}calls:\n  - pattern: $C.newCall($REQUEST)\n    url: {{ chain: $REQ, call: url }}\n    method: GET\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:8: `url` names `$REQ`, which the pattern `$C.newCall($REQUEST)` does not bind"
    );
    // A chain read with nothing to read.
    let e = error(&format!(
        "{CLIENT_HEAD}calls:\n  - pattern: $C.newCall($REQUEST)\n    url: {{ chain: $REQUEST, call: url }}\n    method: {{ chain: $REQUEST }}\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:9: `method: { chain: $REQUEST }` names no call to read: add `call:` (or `methodCalls:` for a method)"
    );
    // Only a client call's URL and method read chains.
    let e = error(&format!(
        "{CLIENT_HEAD}calls:\n  - pattern: $C.newCall($REQUEST)\n    url: {{ chain: $REQUEST, call: url }}\n    method: GET\n    body: {{ chain: $REQUEST, call: post }}\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:10: `body` cannot read a builder chain: `chain:` is read for a client call's `url` and `method` only"
    );
}

#[test]
fn a_module_route_table_naming_what_its_patterns_lack() {
    let e = error(&format!(
        "{HEAD}moduleRoutes:\n  patterns: [\"Routes.register($TABLE)\"]\n  routes: $ROUTES\n  pathKey: path\n  moduleKey: module\n  declares: \"@Module({{ controllers: $C }})\"\n  declared: $C\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:8: `routes` names `$ROUTES`, which the pattern `Routes.register($TABLE)` does not bind"
    );
    let e = error(&format!(
        "{HEAD}moduleRoutes:\n  patterns: [\"Routes.register($ROUTES)\"]\n  routes: $ROUTES\n  pathKey: path\n  moduleKey: module\n  declares: \"@Module({{ controllers: $C }})\"\n  declared: $D\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:12: `declared` names `$D`, which the pattern `@Module({ controllers: $C })` does not bind"
    );
}

#[test]
fn a_configured_base_url_reads_the_config_pattern() {
    let head = "name: mine\nlanguages: [typescript]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";
    let e = error(&format!(
        "{head}clients:\n  - create: $C.$http\n    baseUrl: {{ option: $OPTIONS, key: baseURL }}\n    configured:\n      pattern: \"{{ http: $CONFIG }}\"\n      file: app.config.js\n"
    ));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:10: `baseUrl` names `$OPTIONS`, which the pattern `{ http: $CONFIG }` does not bind"
    );
}

#[test]
fn a_handed_client_is_a_metavariable_or_an_options_key() {
    let head = "name: mine\nlanguages: [javascript, typescript]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";
    let calls = "calls:\n  - pattern: $B.query($U)\n    where: { $B: { client: true } }\n    url: $U\n    method: GET\n";
    let e = error(&format!(
        "{head}clients:\n  - injected:\n      pattern: createApi($C)\n      callback: {{ option: $C, key: endpoints }}\n      client: base\n{calls}"
    ));
    assert!(
        e.contains("`client` names a metavariable of the `injected` pattern"),
        "{e}"
    );
    let e = error(&format!(
        "{head}clients:\n  - injected:\n      pattern: createApi($C)\n      callback: {{ option: $C, key: endpoints }}\n      client: $API\n{calls}"
    ));
    assert!(
        e.contains("`client` names `$API`, which the pattern `createApi($C)` does not bind"),
        "{e}"
    );
    let e = error(&format!(
        "{head}clients:\n  - create: createApi($C)\n    of: base\n{calls}"
    ));
    assert!(
        e.contains("`of` names a metavariable of the entry's `create`"),
        "{e}"
    );
}

#[test]
fn a_client_call_reads_the_metavariables_of_its_alongside_pattern() {
    let client = "name: mine\nlanguages: [typescript]\nkind: client\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [mine] }\n";
    let entry = "calls:\n  - pattern: build($URL)\n    alongside: \"{ method: $METHOD }\"\n    where: { $METHOD: { httpMethod: true } }\n    url: $URL\n";
    let pack = load_pack_str(
        &format!("{client}{entry}    method: $METHOD\n"),
        ".seam/packs/mine.yaml",
        PackOrigin::Path(".seam/packs/mine.yaml".into()),
    )
    .expect("`method` may name a metavariable of `alongside`");
    assert!(pack.calls[0].alongside.is_some());
    let e = error(&format!("{client}{entry}    method: $VERB\n"));
    assert_eq!(
        e,
        ".seam/packs/mine.yaml:11: `method` names `$VERB`, which the pattern `build($URL)` with `{ method: $METHOD }` does not bind"
    );
}

/// A directory's packs are compiled on several threads: they still come back in file-name
/// order, and an invalid file is reported by name (the first invalid one in that order).
#[test]
fn a_pack_directory_keeps_file_order_and_names_the_first_invalid_file() {
    let dir = std::env::temp_dir().join(format!("seam-packs-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pack = |name: &str| {
        format!(
            "name: {name}\nlanguages: [typescript]\nkind: handler\nbinding: {{ transport: http, protocol: rest }}\ndetect: {{ npm: [{name}] }}\nterminals:\n  - pattern: $RES.json($BODY)\n    body: $BODY\n"
        )
    };
    for (i, name) in ["zeta", "alpha", "mid", "beta", "omega"].iter().enumerate() {
        std::fs::write(dir.join(format!("{i}-{name}.yaml")), pack(name)).unwrap();
    }
    let names: Vec<String> = seam_packs::load_pack_dir(&dir)
        .expect("valid packs load")
        .into_iter()
        .map(|p| p.name)
        .collect();
    assert_eq!(names, ["zeta", "alpha", "mid", "beta", "omega"]);

    let bad = "name: bad\nlanguages: [typescript]\nkind: handler\nbinding: { transport: http, protocol: rest }\ndetect: { npm: [bad] }\nterminals:\n  - pattern: $RES.json(($BODY)\n";
    std::fs::write(dir.join("3-bad.yaml"), bad).unwrap();
    std::fs::write(dir.join("4-worse.yaml"), "name: [").unwrap();
    for _ in 0..2 {
        // The second time the pattern's compiled form is remembered: the same error.
        let e = seam_packs::load_pack_dir(&dir)
            .expect_err("an invalid pack")
            .to_string();
        let shown = dir.join("3-bad.yaml").display().to_string();
        assert!(
            e.starts_with(&format!(
                "{shown}:7: the pattern `$RES.json(($BODY)` is not valid code"
            )),
            "{e}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rejection_keeper_naming_a_metavariable_its_pattern_lacks() {
    let client = HEAD.replace("kind: handler", "kind: client");
    let e = error(&format!(
        "{client}keepsRejections:\n  - pattern: \"toast.promise($P, {{ error: $E }})\"\n    promise: $PROMISE\n"
    ));
    assert!(
        e.ends_with("`promise` names `$PROMISE`, which the pattern `toast.promise($P, { error: $E })` does not bind"),
        "{e}"
    );
}

#[test]
fn a_client_pack_with_only_rejection_keepers_loads() {
    let client = HEAD.replace("kind: handler", "kind: client");
    let pack = load_pack_str(
        &format!(
            "{client}keepsRejections:\n  - pattern: \"toast.promise($P, {{ error: $E }})\"\n    promise: $P\n"
        ),
        ".seam/packs/mine.yaml",
        PackOrigin::Path(".seam/packs/mine.yaml".into()),
    )
    .expect("the pack loads");
    assert_eq!(pack.keeps_rejections.len(), 1);
    assert_eq!(pack.keeps_rejections[0].promise, "P");
}
