//! Maven and Gradle build files, read for what detection and components need: a project's
//! name, its dependencies as `group:artifact` coordinates, and its modules. A light text
//! reader, not an XML or Groovy/Kotlin parser: build files are data in practice, and a
//! dependency seam misses only means a pack is not switched on by it.
use super::manifest::Manifest;

/// `pom.xml`: the project's `artifactId` (not the parent's), every `<dependency>`'s
/// `groupId:artifactId`, and `<module>`s as workspaces.
pub fn parse_pom(m: &mut Manifest, text: &str) {
    let text = strip_xml_comments(text);
    let outside_parent = match (text.find("<parent>"), text.find("</parent>")) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &text[..a], &text[b..]),
        _ => text.clone(),
    };
    // The project's own artifactId comes before its <dependencies> and <build>.
    let head_end = [
        "<dependencies>",
        "<dependencyManagement>",
        "<build>",
        "<modules>",
    ]
    .iter()
    .filter_map(|t| outside_parent.find(t))
    .min()
    .unwrap_or(outside_parent.len());
    m.name = elements(&outside_parent[..head_end], "artifactId")
        .into_iter()
        .next();
    for dep in elements(&text, "dependency") {
        let group = elements(&dep, "groupId").into_iter().next();
        let artifact = elements(&dep, "artifactId").into_iter().next();
        if let (Some(g), Some(a)) = (group, artifact) {
            m.dependencies.push(format!("{g}:{a}"));
        }
    }
    m.workspaces = elements(&text, "module");
}

/// `build.gradle(.kts)`: every quoted `group:artifact[:version]` coordinate and every
/// version-catalog reference `libs.a.b.c` (read as the artifact `a-b-c`).
pub fn parse_gradle(m: &mut Manifest, text: &str) {
    for s in quoted(text) {
        let parts: Vec<&str> = s.split(':').collect();
        if parts.len() >= 2
            && parts[..2]
                .iter()
                .all(|p| !p.is_empty() && p.chars().all(is_coordinate_char))
        {
            m.dependencies.push(format!("{}:{}", parts[0], parts[1]));
        }
    }
    let mut rest = text;
    while let Some(i) = rest.find("libs.") {
        let before = rest[..i].chars().next_back();
        let tail = &rest[i + 5..];
        let alias: String = tail
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '.' || *c == '_' || *c == '-')
            .collect();
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '.') && !alias.is_empty() {
            let alias = alias.trim_end_matches('.');
            // `libs.plugins.x` and `libs.versions.x` are not libraries.
            if !alias.starts_with("plugins.") && !alias.starts_with("versions.") {
                m.dependencies.push(alias.replace(['.', '_'], "-"));
            }
        }
        rest = tail;
    }
}

/// `settings.gradle(.kts)`: `rootProject.name` and the `include`d projects (`:a:b` is the
/// directory `a/b`).
pub fn parse_gradle_settings(m: &mut Manifest, text: &str) {
    for line in text.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix("rootProject.name") {
            m.name = quoted(rest).into_iter().next();
        }
    }
    let mut rest = text;
    while let Some(i) = rest.find("include") {
        let tail = &rest[i + "include".len()..];
        let at_word_start = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_' && c != '.');
        let next = tail.chars().next();
        if at_word_start && next.is_some_and(|c| c == '(' || c == ' ' || c == '\t') {
            // The arguments run to the end of the call (or of the line without parentheses).
            let args = match tail.trim_start().strip_prefix('(') {
                Some(inner) => inner.split(')').next().unwrap_or(""),
                None => tail.lines().next().unwrap_or(""),
            };
            for project in quoted(args) {
                let dir = project.trim_start_matches(':').replace(':', "/");
                if !dir.is_empty() {
                    m.workspaces.push(dir);
                }
            }
        }
        rest = tail;
    }
}

fn is_coordinate_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')
}

/// The texts of every `<tag>…</tag>` element, trimmed, in order (not nested in each other).
fn elements(text: &str, tag: &str) -> Vec<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(a) = rest.find(&open) {
        let after = &rest[a + open.len()..];
        let Some(b) = after.find(&close) else {
            break;
        };
        out.push(after[..b].trim().to_owned());
        rest = &after[b + close.len()..];
    }
    out
}

fn strip_xml_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(a) = rest.find("<!--") {
        out.push_str(&rest[..a]);
        match rest[a..].find("-->") {
            Some(b) => rest = &rest[a + b + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The contents of every single- or double-quoted string on the text, in order.
fn quoted(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        if c != '"' && c != '\'' {
            continue;
        }
        let start = i + 1;
        let mut end = None;
        for (j, d) in chars.by_ref() {
            if d == c {
                end = Some(j);
                break;
            }
            if d == '\n' {
                break;
            }
        }
        if let Some(end) = end {
            out.push(text[start..end].to_owned());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::manifest::{ManifestKind, kind_for, parse};

    fn read(path: &str, text: &str) -> super::Manifest {
        let kind = kind_for(path).expect("a manifest");
        parse(path, kind, text).expect("parses")
    }

    #[test]
    fn pom_name_dependencies_and_modules() {
        let m = read(
            "pom.xml",
            r#"<project>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId></parent>
  <groupId>com.example</groupId>
  <artifactId>shop</artifactId>
  <!-- <artifactId>not-this</artifactId> -->
  <modules><module>api</module><module>web</module></modules>
  <dependencies>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-web</artifactId>
    </dependency>
  </dependencies>
</project>"#,
        );
        assert_eq!(m.kind, ManifestKind::Maven);
        assert_eq!(m.name.as_deref(), Some("shop"));
        assert_eq!(
            m.dependencies,
            vec!["org.springframework.boot:spring-boot-starter-web"]
        );
        assert_eq!(m.workspaces, vec!["api", "web"]);
    }

    #[test]
    fn gradle_coordinates_catalog_aliases_and_settings() {
        let m = read(
            "app/build.gradle.kts",
            "plugins { id(\"org.springframework.boot\") version \"3.2.0\" }\ndependencies {\n  implementation(\"org.springframework.boot:spring-boot-starter-web\")\n  implementation 'io.ktor:ktor-server-core:2.3.4'\n  implementation(libs.spring.boot.starter.webflux)\n  implementation(project(\":core\"))\n}\n",
        );
        assert_eq!(m.kind, ManifestKind::Gradle);
        assert_eq!(
            m.dependencies,
            vec![
                "io.ktor:ktor-server-core",
                "org.springframework.boot:spring-boot-starter-web",
                "spring-boot-starter-webflux",
            ]
        );
        let s = read(
            "settings.gradle",
            "rootProject.name = 'shop'\ninclude ':api', ':web:app'\ninclude(\"core\")\n",
        );
        assert_eq!(s.kind, ManifestKind::GradleSettings);
        assert_eq!(s.name.as_deref(), Some("shop"));
        assert_eq!(s.workspaces, vec!["api", "web/app", "core"]);
    }
}
