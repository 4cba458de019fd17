//! Manifests that take in another's dependencies: a requirements file that includes another
//! (`-r requirements/production.txt`, `-c constraints.txt`), a Maven module that depends on a
//! module of the same build (`<artifactId>app-framework</artifactId>`), a Gradle project that
//! depends on another project of the build (`implementation(project(":core"))`). What the
//! included manifest depends on, the including one brings in too, so a directory's packs see
//! the frameworks its build really puts on the class path or in the environment.

use std::collections::{BTreeMap, BTreeSet};

use super::manifest::{Manifest, ManifestKind};

/// The requirement files a requirements file includes (`-r`/`--requirement`,
/// `-c`/`--constraint`), as repository paths resolved against the file's directory.
pub fn requirement_includes(dir: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split(" #").next().unwrap_or("").trim();
        let target = ["-r", "--requirement", "-c", "--constraint"]
            .iter()
            .find_map(|flag| {
                let rest = line.strip_prefix(flag)?;
                let rest = rest.strip_prefix('=').unwrap_or(rest);
                (rest.starts_with([' ', '\t']) || line.contains('='))
                    .then(|| rest.trim())
                    .filter(|t| !t.is_empty())
            });
        if let Some(target) = target
            && !target.contains("://")
            && let Some(path) = joined(dir, target)
        {
            out.push(path);
        }
    }
    out
}

/// The projects of the same build a Gradle build file depends on (`project(":core:api")`),
/// as the directories they are by convention (`core/api`).
pub fn gradle_project_includes(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("project(") {
        let tail = &rest[i + "project(".len()..];
        let tail = tail.trim_start();
        let tail = tail.strip_prefix("path").map_or(tail, |t| {
            t.trim_start().trim_start_matches([':', '=']).trim_start()
        });
        if let Some(quote) = tail.chars().next().filter(|c| *c == '"' || *c == '\'')
            && let Some(end) = tail[1..].find(quote)
        {
            let project = &tail[1..1 + end];
            let dir = project.trim_start_matches(':').replace(':', "/");
            if project.starts_with(':') && !dir.is_empty() {
                out.push(dir);
            }
        }
        rest = tail;
    }
    out
}

/// `dir` joined with a relative path, `..` and `.` resolved; `None` for a path that climbs
/// out of the repository or is absolute.
fn joined(dir: &str, relative: &str) -> Option<String> {
    if relative.starts_with('/') {
        return None;
    }
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in relative.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// Adds to each manifest the dependencies of the manifests it includes, through any number
/// of includes (a cycle is followed once).
pub fn follow(manifests: &mut [Manifest]) {
    let by_path: BTreeMap<&str, usize> = manifests
        .iter()
        .enumerate()
        .map(|(i, m)| (m.path.as_str(), i))
        .collect();
    let maven_by_artifact: BTreeMap<&str, usize> = manifests
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind == ManifestKind::Maven)
        .filter_map(|(i, m)| Some((m.name.as_deref()?, i)))
        .collect();
    let gradle_builds: Vec<(usize, &str)> = manifests
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind == ManifestKind::Gradle)
        .map(|(i, m)| (i, m.dir.as_str()))
        .collect();
    let direct = |i: usize| -> Vec<usize> {
        let m = &manifests[i];
        match m.kind {
            ManifestKind::Requirements => m
                .includes
                .iter()
                .filter_map(|p| by_path.get(p.as_str()).copied())
                .collect(),
            ManifestKind::Maven => m
                .dependencies
                .iter()
                .filter_map(|d| maven_by_artifact.get(d.rsplit(':').next()?).copied())
                .collect(),
            ManifestKind::Gradle => m
                .includes
                .iter()
                .filter_map(|project| {
                    gradle_builds.iter().find_map(|&(j, dir)| {
                        (dir == project || dir.ends_with(&format!("/{project}"))).then_some(j)
                    })
                })
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut taken: Vec<Vec<String>> = vec![Vec::new(); manifests.len()];
    for (i, extra) in taken.iter_mut().enumerate() {
        let mut seen = BTreeSet::from([i]);
        let mut queue = direct(i);
        while let Some(j) = queue.pop() {
            if seen.insert(j) {
                extra.extend(manifests[j].dependencies.iter().cloned());
                queue.extend(direct(j));
            }
        }
    }
    for (m, extra) in manifests.iter_mut().zip(taken) {
        if !extra.is_empty() {
            m.dependencies.extend(extra);
            m.dependencies.sort();
            m.dependencies.dedup();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn manifest(path: &str, kind: ManifestKind, text: &str) -> Manifest {
        super::super::manifest::parse(path, kind, text).expect("parses")
    }

    #[test]
    fn requirement_includes_resolve_against_the_file() {
        assert_eq!(
            requirement_includes(
                "apps/api",
                "# comment\n-r requirements/production.txt\n--requirement=../base.txt\n-c  c.txt # pins\n-e .\nflask\n-r https://x/y.txt\n"
            ),
            [
                "apps/api/requirements/production.txt",
                "apps/base.txt",
                "apps/api/c.txt"
            ]
        );
        assert_eq!(
            requirement_includes("", "-r ../../x.txt"),
            Vec::<String>::new()
        );
    }

    #[test]
    fn gradle_projects_are_directories() {
        assert_eq!(
            gradle_project_includes(
                "dependencies {\n implementation(project(\":core:api\"))\n api project(':common')\n implementation project(path: ':web')\n}"
            ),
            ["core/api", "common", "web"]
        );
    }

    #[test]
    fn a_manifest_brings_in_what_it_includes() {
        let mut manifests = vec![
            manifest(
                "api/requirements.txt",
                ManifestKind::Requirements,
                "-r requirements/production.txt\n",
            ),
            manifest(
                "api/requirements/base.txt",
                ManifestKind::Requirements,
                "Django==4.2\n-r production.txt\n",
            ),
            manifest(
                "api/requirements/production.txt",
                ManifestKind::Requirements,
                "-r base.txt\ngunicorn\n",
            ),
            manifest(
                "admin/pom.xml",
                ManifestKind::Maven,
                "<project><artifactId>admin</artifactId><dependencies><dependency><groupId>com.x</groupId><artifactId>framework</artifactId></dependency></dependencies></project>",
            ),
            manifest(
                "framework/pom.xml",
                ManifestKind::Maven,
                "<project><artifactId>framework</artifactId><dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>",
            ),
            manifest(
                "app/build.gradle.kts",
                ManifestKind::Gradle,
                "dependencies { implementation(project(\":lib\")) }",
            ),
            manifest(
                "lib/build.gradle.kts",
                ManifestKind::Gradle,
                "dependencies { api(\"io.ktor:ktor-server-core:2.3\") }",
            ),
        ];
        follow(&mut manifests);
        let deps = |i: usize| manifests[i].dependencies.clone();
        assert_eq!(deps(0), ["Django", "gunicorn"].map(String::from));
        assert_eq!(deps(1), ["Django", "gunicorn"].map(String::from));
        assert_eq!(
            deps(3),
            [
                "com.x:framework",
                "org.springframework.boot:spring-boot-starter-web"
            ]
            .map(String::from)
        );
        assert_eq!(deps(5), ["io.ktor:ktor-server-core"].map(String::from));
    }
}
