//! Source files in languages seam has no lowering for, counted per language, so that a run can
//! say which part of a repository it did not read: the Elixir, Scala or Swift server behind a
//! TypeScript client is where the routes of its calls are, and a report that only says "no
//! provider" would blame the client.
//!
//! Only languages web servers and clients are written in are named; a repository's C sources or
//! shell scripts are not a side of an HTTP boundary seam could have paired.

use std::collections::BTreeMap;

/// File extensions (as [`super::Project::unroutable`] counts them) and the language they hold.
const LANGUAGES: &[(&str, &str)] = &[
    (".swift", "Swift"),
    (".scala", "Scala"),
    (".ex", "Elixir"),
    (".exs", "Elixir"),
    (".dart", "Dart"),
    (".clj", "Clojure"),
    (".cljs", "Clojure"),
    (".cljc", "Clojure"),
    (".fs", "F#"),
    (".vb", "Visual Basic"),
    (".groovy", "Groovy"),
    (".pl", "Perl"),
    (".pm", "Perl"),
    (".cr", "Crystal"),
    (".erl", "Erlang"),
    (".hs", "Haskell"),
    (".ml", "OCaml"),
];

/// A language seam does not read and how many files of the repository are written in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnreadLanguage {
    pub language: &'static str,
    pub files: u64,
}

/// The languages of `unroutable` (files counted per extension) that seam does not read, the
/// language with the most files first (then by name).
pub fn unread_languages(unroutable: &BTreeMap<String, u64>) -> Vec<UnreadLanguage> {
    let mut by_language: BTreeMap<&'static str, u64> = BTreeMap::new();
    for (ext, language) in LANGUAGES {
        if let Some(&files) = unroutable.get(*ext) {
            *by_language.entry(language).or_insert(0) += files;
        }
    }
    let mut languages: Vec<UnreadLanguage> = by_language
        .into_iter()
        .map(|(language, files)| UnreadLanguage { language, files })
        .collect();
    languages.sort_by(|a, b| b.files.cmp(&a.files).then(a.language.cmp(b.language)));
    languages
}

/// `Elixir (412 files) and Scala (3 files)`: the languages as a reader reads them.
pub fn describe(languages: &[UnreadLanguage]) -> String {
    let parts: Vec<String> = languages
        .iter()
        .map(|l| {
            let noun = if l.files == 1 { "file" } else { "files" };
            format!("{} ({} {noun})", l.language, l.files)
        })
        .collect();
    match parts.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(pairs: &[(&str, u64)]) -> BTreeMap<String, u64> {
        pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
    }

    #[test]
    fn languages_are_counted_most_files_first() {
        let found = unread_languages(&counts(&[
            (".md", 40),
            (".scala", 3),
            (".swift", 412),
            (".ex", 2),
            (".exs", 1),
            (".c", 90),
            // Languages seam reads are not counted here.
            (".php", 7),
        ]));
        assert_eq!(
            found,
            vec![
                UnreadLanguage {
                    language: "Swift",
                    files: 412
                },
                UnreadLanguage {
                    language: "Elixir",
                    files: 3
                },
                UnreadLanguage {
                    language: "Scala",
                    files: 3
                },
            ]
        );
        assert_eq!(
            describe(&found),
            "Swift (412 files), Elixir (3 files) and Scala (3 files)"
        );
    }

    #[test]
    fn nothing_unread_says_nothing() {
        assert!(unread_languages(&counts(&[(".json", 4), ("", 1)])).is_empty());
        assert_eq!(
            describe(&[UnreadLanguage {
                language: "Dart",
                files: 1
            }]),
            "Dart (1 file)"
        );
    }
}
