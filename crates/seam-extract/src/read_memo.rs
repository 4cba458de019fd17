//! What a value read already gave, kept for the rest of one outermost read. A URL helper may
//! reach the same value many times in one reading (`u.endsWith("/") ? u : u + "/"` reads `u`
//! in both branches, and a helper returning such a value from several `return`s reads each):
//! without a memo the work doubles with every layer, and a front end with a dozen layers of
//! helpers takes seconds per call.
//!
//! The memo lives on the reading thread for one outermost [`Reader::read`](crate::url::Reader)
//! and is dropped when it returns, so nothing outlives the reading that made it (the forms of
//! a request, see [`crate::alternatives`], are separate outermost reads). An entry is keyed by
//! the expression and everything else a read depends on (the substitution of parameters, the
//! class `this` is, the pack's environment patterns); it is reused for a read allowed no more
//! hops than the one that made it, since a read given more hops sees at least as far.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use seam_lang::model::ExprId;

use crate::consulted::{self, Consulted};
use crate::url::{Piece, Reader};

/// An expression of a file, read in one context (a hash of the reader's context).
pub(crate) type Key = (usize, ExprId, u64);

/// A read's allowed hops, what it gave and what it consulted (in a recording run).
type Entry = (usize, Vec<Piece>, Option<Arc<Consulted>>);

#[derive(Default)]
struct Memo {
    /// Reads under way on this thread (0: none, the memo is empty).
    depth: usize,
    /// Per read under way, whether it opened a record of its own (see [`crate::consulted`]).
    opened: Vec<bool>,
    /// Each read's allowed hops, what it gave and, in a recording run, what it consulted (added
    /// to the record of the read that takes it from here).
    entries: HashMap<Key, Entry>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

/// The key of reading `expr` of `file` with `reader`.
pub(crate) fn key(reader: &Reader, file: usize, expr: ExprId) -> Key {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    reader.subst.hash(&mut h);
    reader.this_class.hash(&mut h);
    (reader.environment.as_ptr() as usize).hash(&mut h);
    (file, expr, h.finish())
}

/// What an earlier read of `key` with at least `hops` gave, and otherwise marks a read begun.
pub(crate) fn begin(key: &Key, hops: usize) -> Option<Vec<Piece>> {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if let Some((had, pieces, reads)) = m.entries.get(key)
            && *had >= hops
        {
            if let Some(reads) = reads {
                consulted::replay(reads);
            }
            return Some(pieces.clone());
        }
        m.depth += 1;
        m.opened.push(consulted::open());
        None
    })
}

/// Ends the read [`begin`] marked, keeping what it gave; the outermost read empties the memo.
pub(crate) fn end(key: Key, hops: usize, pieces: &[Piece]) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        m.depth -= 1;
        let reads = match m.opened.pop() {
            Some(true) => Some(consulted::close()),
            _ => None,
        };
        if m.depth == 0 {
            m.entries.clear();
        } else {
            m.entries.insert(key, (hops, pieces.to_vec(), reads));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: usize) -> Key {
        (0, ExprId::from_index(n), 7)
    }

    #[test]
    fn a_read_is_reused_within_the_outermost_read_and_forgotten_after_it() {
        assert_eq!(begin(&key(0), 5), None); // the outermost read
        assert_eq!(begin(&key(1), 4), None);
        end(key(1), 4, &[Piece::Text("/a".into())]);
        // Allowed as many hops or fewer: the same pieces.
        assert_eq!(begin(&key(1), 4), Some(vec![Piece::Text("/a".into())]));
        assert_eq!(begin(&key(1), 2), Some(vec![Piece::Text("/a".into())]));
        // Allowed more hops than the read that made it: read again.
        assert_eq!(begin(&key(1), 6), None);
        end(key(1), 6, &[Piece::Text("/a/b".into())]);
        end(key(0), 5, &[]);
        // The outermost read is over: nothing is kept.
        assert_eq!(begin(&key(1), 1), None);
        end(key(1), 1, &[]);
    }
}
