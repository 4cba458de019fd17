//! Pug templates (`.pug`): a server-rendered page whose inline scripts are `script.` blocks,
//! the lines indented under the tag. The blocks are lowered as JavaScript from a copy of the
//! file in which every other line is blanked (line breaks kept), so every offset and line of
//! the model is the template's own.

use crate::model::Language;

/// The language a Pug template's script blocks are lowered as, by extension.
pub fn pug_language(path: &str) -> Option<Language> {
    let ext = path.rsplit_once('.').map(|(_, e)| e)?;
    (ext == "pug").then_some(Language::JavaScript)
}

/// The text with everything but the bodies of `script.` blocks blanked (each character a
/// space, line breaks kept). `None` when the template has no such block.
pub fn script_blocks_only(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut any = false;
    // The indentation of the `script.` tag whose block is open.
    let mut block: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start().len();
        let blank = content.trim().is_empty();
        if let Some(tag) = block
            && (blank || indent > tag)
        {
            out.push_str(line);
            any |= !blank;
            continue;
        }
        block = is_script_block_tag(content.trim()).then_some(indent);
        blank_line(line, &mut out);
    }
    any.then_some(out)
}

/// `script.`, `script(type="module").`, `script#id.`: a script tag whose text is the block
/// below it. `script.stripe-button(src=…)` is a tag with a class, and no block.
fn is_script_block_tag(tag: &str) -> bool {
    tag.strip_prefix("script")
        .is_some_and(|rest| rest.starts_with(['.', '(', '#']) && rest.ends_with('.'))
}

fn blank_line(line: &str, out: &mut String) {
    for c in line.chars() {
        match c {
            '\n' | '\r' => out.push(c),
            _ => (0..c.len_utf8()).for_each(|_| out.push(' ')),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_lines_under_a_script_block_tag_are_kept() {
        let text = "block content\n  h1 Hi\n  script.\n    fetch('/x');\n\n    go();\n  p done\n  script.stripe(src='a.js')\n    | not code\n";
        let kept = script_blocks_only(text).expect("a block");
        assert_eq!(kept.len(), text.len());
        assert_eq!(
            kept.lines().collect::<Vec<_>>(),
            [
                "             ",
                "       ",
                "         ",
                "    fetch('/x');",
                "",
                "    go();",
                "        ",
                "                           ",
                "              ",
            ]
        );
    }

    #[test]
    fn a_template_without_script_blocks_has_no_code() {
        assert_eq!(
            script_blocks_only("html\n  body\n    script(src='/a.js')\n"),
            None
        );
    }
}
