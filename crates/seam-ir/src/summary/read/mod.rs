//! Reading summary files of every published version.
//!
//! [`SummaryReader`] streams: it holds one summary's text at a time plus the `$def` table, so a
//! file too large for one string reads in bounded memory. Each element goes through the same
//! steps, in this order: cut out of the array ([`scanner`]), parsed as JSON, `$def`/`$ref` put
//! back ([`refs`]), normalised to version 7 ([`normalize`]), then read into the typed
//! [`BehavioralSummary`]. What comes out is the same however the file was laid out or shared.
//! A version-7 element goes a faster way when it can ([`fast`]), with the same result.

mod fast;
mod normalize;
mod refs;
mod scanner;

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use crate::summary::error::SummaryReadError;
use crate::summary::types::BehavioralSummary;
use refs::DefTable;
use scanner::{ElementScanner, RawElement};

/// Streams the summaries of one file, in order. Stops after the first error.
pub struct SummaryReader<R> {
    file: String,
    scanner: ElementScanner<R>,
    defs: DefTable,
    index: u64,
    failed: bool,
    /// Reused by the fast way for each element's text with references put back.
    expanded: Vec<u8>,
}

impl SummaryReader<BufReader<File>> {
    /// Opens `path` for streaming.
    pub fn open(path: &Path) -> Result<Self, SummaryReadError> {
        let label = path.display().to_string();
        let file = File::open(path).map_err(|e| {
            SummaryReadError::new(&label, 0, format!("the file could not be opened: {e}"))
        })?;
        Ok(Self::new(BufReader::with_capacity(1 << 20, file), &label))
    }
}

impl<R: BufRead> SummaryReader<R> {
    /// `file` is how errors name the source.
    pub fn new(reader: R, file: &str) -> Self {
        Self {
            file: file.to_owned(),
            scanner: ElementScanner::new(reader),
            defs: DefTable::default(),
            index: 0,
            failed: false,
            expanded: Vec::new(),
        }
    }

    fn read_element(&mut self, element: RawElement) -> Result<BehavioralSummary, SummaryReadError> {
        if let Some(summary) = fast::read_fast(&element.bytes, &mut self.defs, &mut self.expanded) {
            return Ok(summary);
        }
        self.read_element_in_general(element)
    }

    /// Parse to a `Value`, put `$def`/`$ref` back, normalise, read: every version, every error.
    fn read_element_in_general(
        &mut self,
        element: RawElement,
    ) -> Result<BehavioralSummary, SummaryReadError> {
        let ordinal = self.index;
        let mut value: Value = serde_json::from_slice(&element.bytes).map_err(|e| {
            // serde_json counts lines from the element's first line.
            let line = element.line + (e.line() as u64).saturating_sub(1);
            SummaryReadError::new(
                &self.file,
                line,
                format!(
                    "summary {ordinal} is not valid JSON: {}",
                    without_position(&e)
                ),
            )
        })?;
        let at = |message: String| SummaryReadError::new(&self.file, element.line, message);
        self.defs
            .resolve(&mut value)
            .map_err(|why| at(format!("summary {ordinal}: {why}")))?;
        let Value::Object(map) = &mut value else {
            return Err(at(format!(
                "summary {ordinal} is {}; expected a summary object",
                crate::summary::types::tagged::json_kind(&value)
            )));
        };
        normalize::normalize_summary(map).map_err(|why| at(format!("summary {ordinal}: {why}")))?;
        BehavioralSummary::deserialize(value)
            .map_err(|e| at(format!("summary {ordinal} is not a valid summary: {e}")))
    }
}

/// serde_json appends " at line L column C"; the reader reports the line itself.
fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(cut) => text[..cut].to_owned(),
        None => text,
    }
}

impl<R: BufRead> Iterator for SummaryReader<R> {
    type Item = Result<BehavioralSummary, SummaryReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let result = match self.scanner.next_element() {
            Ok(None) => return None,
            Ok(Some(element)) => {
                self.index += 1;
                self.read_element(element)
            }
            Err(e) => Err(SummaryReadError::new(&self.file, e.line, e.message)),
        };
        self.failed = result.is_err();
        Some(result)
    }
}

/// Every summary in `text`; `file` names the source in errors.
pub fn parse_summaries(text: &str, file: &str) -> Result<Vec<BehavioralSummary>, SummaryReadError> {
    SummaryReader::new(text.as_bytes(), file).collect()
}

/// Every summary in the file at `path`.
pub fn read_summary_file(path: &Path) -> Result<Vec<BehavioralSummary>, SummaryReadError> {
    SummaryReader::open(path)?.collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r##"{"kind":"client","location":{"$def":1,"$value":{"file":"src/o.ts","range":{"start":1,"end":2}}},"identity":{"name":"a","exportPath":null,"boundaryBinding":null},"inputs":[],"transitions":[],"gaps":[],"confidence":{"source":"inferred_static","level":"high"},"metadata":{"m":[{"$ref":1},{"$ref":"#/x"},{"$ref":0}]},"schemaVersion":7}"##;

    fn general(text: &str) -> Result<BehavioralSummary, SummaryReadError> {
        let mut reader = SummaryReader::new(&b"[]"[..], "t");
        reader.index = 1;
        reader.read_element_in_general(RawElement {
            line: 1,
            bytes: text.as_bytes().to_vec(),
        })
    }

    fn fast(text: &str) -> Option<BehavioralSummary> {
        let mut defs = DefTable::default();
        fast::read_fast(text.as_bytes(), &mut defs, &mut Vec::new())
    }

    #[test]
    fn the_fast_way_reads_what_the_general_way_reads() {
        let summary = fast(GOOD);
        assert!(summary.is_some());
        assert_eq!(summary, general(GOOD).ok());
        let spaced = GOOD.replace(':', " : ").replace(',', " ,\n ");
        assert_eq!(fast(&spaced), general(GOOD).ok());
    }

    #[test]
    fn the_fast_way_leaves_doubtful_elements_to_the_general_way() {
        let doubtful = [
            // A key written twice: a Value keeps the last.
            GOOD.replace(r#""inputs":[],"#, r#""inputs":[],"inputs":[],"#),
            // An escaped key could spell `$ref`.
            GOOD.replace(r#"{"m":"#, r#"{"\u0024ref":1,"m":"#),
            GOOD.replace(r#""name":"a""#, r#""name":"\u00e9""#),
            GOOD.replace(r#""name":"a""#, r#""name":"""#),
            GOOD.replace(r#""end":2"#, r#""end":2e0"#),
            GOOD.replace(r#"{"$ref":1}"#, r#"{"$ref":2}"#),
            GOOD.replace(r#""schemaVersion":7"#, r#""schemaVersion":6"#),
            GOOD.replace(r#""kind":"client""#, r#""kind":"client"x"#),
        ];
        for text in &doubtful {
            assert_eq!(fast(text), None, "{text}");
        }
        // A failed element leaves no definition behind.
        let mut defs = DefTable::default();
        let bad = GOOD.replace(r#""kind":"client""#, r#""kind":5"#);
        assert!(fast::read_fast(bad.as_bytes(), &mut defs, &mut Vec::new()).is_none());
        let mut copied = Vec::new();
        assert_eq!(defs.copy_text(1, &mut copied), None);
    }
}
