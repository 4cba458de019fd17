//! The per-thread tree-sitter parser every tree-sitter lowering uses: creating a parser
//! allocates, and one thread parses its files one after another.

use std::cell::RefCell;
use std::thread::LocalKey;

use tree_sitter::{Language, Parser, Tree};

use super::LowerError;

/// A thread's parser for one grammar, made on first use.
pub type ParserSlot = RefCell<Option<Parser>>;

/// Parses `source` with the thread's parser in `slot`, set to `grammar` (named `name` in
/// errors) the first time.
pub fn parse_with(
    slot: &'static LocalKey<ParserSlot>,
    grammar: impl FnOnce() -> Language,
    name: &str,
    source: &str,
) -> Result<Tree, LowerError> {
    slot.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut parser = Parser::new();
            parser.set_language(&grammar()).map_err(|e| {
                LowerError::ParseFailed(format!("the {name} grammar could not be loaded: {e}"))
            })?;
            *slot = Some(parser);
        }
        let parser = slot
            .as_mut()
            .ok_or_else(|| LowerError::ParseFailed(format!("no {name} parser")))?;
        parser
            .parse(source, None)
            .ok_or_else(|| LowerError::ParseFailed(format!("the {name} parser returned no tree")))
    })
}
