//! Byte offset → line and column, by binary search over line starts.
use serde::Serialize;

/// A position in a file: 1-based line, 0-based byte column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Position {
    pub line: u32,
    pub column: u32,
}

/// The start offset of every line of a file.
#[derive(Debug, Clone, Default)]
pub struct LineIndex {
    starts: Vec<u32>,
}

impl LineIndex {
    pub fn new(source: &str) -> LineIndex {
        let mut starts = vec![0u32];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                starts.push(u32::try_from(i + 1).unwrap_or(u32::MAX));
            }
        }
        super::fit(&mut starts);
        LineIndex { starts }
    }

    pub fn position(&self, offset: u32) -> Position {
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = self.starts.get(line).copied().unwrap_or(0);
        Position {
            line: u32::try_from(line + 1).unwrap_or(u32::MAX),
            column: offset.saturating_sub(start),
        }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_lines_and_zero_based_columns() {
        let idx = LineIndex::new("ab\ncd\n\nx");
        assert_eq!(idx.position(0), Position { line: 1, column: 0 });
        assert_eq!(idx.position(2), Position { line: 1, column: 2 });
        assert_eq!(idx.position(3), Position { line: 2, column: 0 });
        assert_eq!(idx.position(6), Position { line: 3, column: 0 });
        assert_eq!(idx.position(7), Position { line: 4, column: 0 });
        assert_eq!(
            idx.position(99),
            Position {
                line: 4,
                column: 92
            }
        );
    }
}
