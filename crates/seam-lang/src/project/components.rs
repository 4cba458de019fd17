//! Single-file components (`.vue`, `.svelte`): the code is in `<script>` blocks inside markup.
//! The blocks are lowered as TypeScript from a copy of the file in which everything outside
//! them is blanked (spaces, newlines kept), so every offset and line of the model is the
//! component file's own.

use crate::model::Language;

/// The language a component file's script blocks are lowered as, by extension.
pub fn component_language(path: &str) -> Option<Language> {
    let ext = path.rsplit_once('.').map(|(_, e)| e)?;
    matches!(ext, "vue" | "svelte").then_some(Language::TypeScript)
}

/// The text with everything but the contents of `<script …>…</script>` blocks blanked: each
/// character outside them becomes a space, except line breaks, which stay. `None` when the
/// file has no script block.
pub fn script_blocks_only(text: &str) -> Option<String> {
    let lower = text.to_ascii_lowercase();
    let mut keep: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while let Some(found) = lower[at..].find("<script") {
        let open = at + found;
        let after = open + "<script".len();
        // `<script>` or `<script lang="ts" setup>`, not `<scripts>`.
        if !lower[after..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
            at = after;
            continue;
        }
        let Some(tag_end) = lower[after..].find('>') else {
            break;
        };
        let start = after + tag_end + 1;
        let Some(close) = lower[start..].find("</script") else {
            break;
        };
        keep.push((start, start + close));
        at = start + close + "</script".len();
    }
    if keep.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut kept = keep.iter().peekable();
    for (i, ch) in text.char_indices() {
        while kept.peek().is_some_and(|(_, end)| *end <= i) {
            kept.next();
        }
        let inside = kept.peek().is_some_and(|(start, _)| *start <= i);
        if inside || ch == '\n' || ch == '\r' {
            out.push(ch);
        } else {
            // Same byte length, so offsets stay those of the component file.
            for _ in 0..ch.len_utf8() {
                out.push(' ');
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_script_blocks_remain_at_their_offsets() {
        let vue = "<template>\n  <p>{{ n }}</p>\n</template>\n<script setup lang=\"ts\">\nconst n = 1;\n</script>\n<style>p{}</style>\n";
        let blanked = script_blocks_only(vue).expect("a script block");
        assert_eq!(blanked.len(), vue.len());
        assert_eq!(blanked.lines().count(), vue.lines().count());
        let at = vue.find("const n").unwrap();
        assert_eq!(&blanked[at..at + 12], "const n = 1;");
        assert!(!blanked.contains("template"));
        assert!(!blanked.contains("style"));
        assert!(!blanked.contains("<script"));
    }

    #[test]
    fn several_blocks_non_ascii_markup_and_no_block() {
        let svelte = "<script context=\"module\">export const a = 1;</script>\n<h1>é ✓</h1>\n<script>let b = 2;</script>";
        let blanked = script_blocks_only(svelte).expect("script blocks");
        assert_eq!(blanked.len(), svelte.len());
        assert!(blanked.contains("export const a = 1;") && blanked.contains("let b = 2;"));
        assert!(!blanked.contains('é'));
        assert_eq!(script_blocks_only("<template><div/></template>"), None);
        assert_eq!(script_blocks_only("<scripts>x</scripts>"), None);
        assert_eq!(
            component_language("src/App.vue"),
            Some(Language::TypeScript)
        );
        assert_eq!(component_language("src/App.tsx"), None);
    }
}
