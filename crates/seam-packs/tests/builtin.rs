/// Every folder under `packs/` is a built-in pack, in folder-name order, named as its folder.
#[test]
fn builtin_packs_load() {
    let packs = seam_packs::builtin_packs().unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = packs.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "angular-http",
            "astro",
            "axios",
            "chi",
            "ctfd-js",
            "ctfd-js-pages",
            "cypress",
            "django",
            "drizzle",
            "echo",
            "express",
            "fastapi",
            "fastify",
            "fetch",
            "fiber",
            "flask",
            "generated-client",
            "gin",
            "go-http-client",
            "gorilla-mux",
            "hono",
            "hono-client",
            "html-forms",
            "httpx",
            "jax-rs",
            "jquery",
            "koa",
            "medusa",
            "medusa-test-utils",
            "nestjs",
            "net-http",
            "nextjs",
            "nextjs-pages",
            "nitro",
            "ofetch",
            "openapi-fetch",
            "playwright",
            "prisma",
            "react-router",
            "requests",
            "resty",
            "spring-declarative-client",
            "spring-mvc",
            "spring-rest-client",
            "sqlalchemy",
            "supertest",
            "sveltekit",
            "trpc-openapi",
            "ts-rest",
            "typeorm",
        ]
    );
    for (folder, _) in seam_packs::load::BUILTIN_PACK_FILES {
        assert!(
            names.contains(folder),
            "packs/{folder}/pack.yaml names another pack"
        );
    }
}
