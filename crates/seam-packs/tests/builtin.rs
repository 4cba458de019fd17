#[test]
fn builtin_packs_load() {
    let packs = seam_packs::builtin_packs().unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<&str> = packs.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "express",
            "fetch",
            "axios",
            "jquery",
            "ofetch",
            "angular-http",
            "openapi-fetch",
            "prisma",
            "fastify",
            "koa",
            "hono",
            "trpc-openapi",
            "nestjs",
            "nextjs",
            "react-router",
            "nextjs-pages",
            "generated-client",
            "fastapi",
            "requests",
            "httpx",
            "flask",
            "django",
            "nitro",
            "sveltekit",
            "medusa",
        ]
    );
}
