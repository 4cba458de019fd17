//! Cuts a JSON array into its elements without holding more than one element in memory.
//!
//! The format writes one summary per line, but releases before 0.34.1 indented the array, and a
//! hand-edited file may be laid out any way JSON allows. So instead of splitting on newlines the
//! scanner tracks strings and bracket depth byte by byte, which handles every layout, keeps
//! memory bounded by the largest element, and knows the line each element starts on for error
//! messages. It does not validate JSON: serde_json parses each element afterwards.

use std::io::BufRead;

/// One element of the top-level array, as raw bytes, with the 1-based line it starts on.
pub(crate) struct RawElement {
    pub line: u64,
    pub bytes: Vec<u8>,
}

/// A problem with the array itself (not with one summary inside it).
pub(crate) struct ScanError {
    pub line: u64,
    pub message: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing read yet: expecting `[`.
    BeforeArray,
    /// Just after `[`: an element or `]`.
    FirstElementOrEnd,
    /// Just after `,`: an element.
    Element,
    /// Just after an element: `,` or `]`.
    CommaOrEnd,
    /// After `]`: only whitespace.
    Done,
}

pub(crate) struct ElementScanner<R> {
    reader: R,
    line: u64,
    state: State,
    elements_read: u64,
}

fn io_error(line: u64, error: &std::io::Error) -> ScanError {
    ScanError {
        line,
        message: format!("the file could not be read: {error}"),
    }
}

fn describe(byte: u8) -> String {
    if byte.is_ascii_graphic() {
        format!("`{}`", byte as char)
    } else {
        format!("byte 0x{byte:02x}")
    }
}

impl<R: BufRead> ElementScanner<R> {
    pub fn new(reader: R) -> Self {
        Self {
            reader,
            line: 1,
            state: State::BeforeArray,
            elements_read: 0,
        }
    }

    /// The next byte that is not JSON whitespace, without consuming it; `None` at end of input.
    fn peek_significant(&mut self) -> Result<Option<u8>, ScanError> {
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(self.line, &e)),
            };
            if buffer.is_empty() {
                return Ok(None);
            }
            let mut skipped = 0;
            let mut newlines = 0;
            let mut found = None;
            for &byte in buffer {
                match byte {
                    b' ' | b'\t' | b'\r' => skipped += 1,
                    b'\n' => {
                        skipped += 1;
                        newlines += 1;
                    }
                    other => {
                        found = Some(other);
                        break;
                    }
                }
            }
            self.reader.consume(skipped);
            self.line += newlines;
            if found.is_some() {
                return Ok(found);
            }
        }
    }

    fn skip_byte_order_mark(&mut self) -> Result<(), ScanError> {
        let line = self.line;
        let buffer = self.reader.fill_buf().map_err(|e| io_error(line, &e))?;
        if buffer.starts_with(&[0xEF, 0xBB, 0xBF]) {
            self.reader.consume(3);
        }
        Ok(())
    }

    /// The next element, `None` after the closing `]`.
    pub fn next_element(&mut self) -> Result<Option<RawElement>, ScanError> {
        loop {
            if self.state == State::BeforeArray {
                self.skip_byte_order_mark()?;
            }
            let next = self.peek_significant()?;
            match (self.state, next) {
                (State::BeforeArray, Some(b'[')) => {
                    self.reader.consume(1);
                    self.state = State::FirstElementOrEnd;
                }
                (State::BeforeArray, Some(other)) => {
                    return Err(self.error(format!(
                        "expected `[` to open the array of summaries, found {}",
                        describe(other)
                    )));
                }
                (State::BeforeArray, None) => {
                    return Err(self.error(
                        "the file is empty; expected a JSON array of summaries".to_owned(),
                    ));
                }
                (State::FirstElementOrEnd | State::CommaOrEnd, Some(b']')) => {
                    self.reader.consume(1);
                    self.state = State::Done;
                }
                (State::Element, Some(b']')) => {
                    return Err(self.error(
                        "expected a summary after the comma, found `]`; remove the trailing comma"
                            .to_owned(),
                    ));
                }
                (State::CommaOrEnd, Some(b',')) => {
                    self.reader.consume(1);
                    self.state = State::Element;
                }
                (State::CommaOrEnd, Some(other)) => {
                    return Err(self.error(format!(
                        "expected `,` or `]` after summary {}, found {}",
                        self.elements_read,
                        describe(other)
                    )));
                }
                (State::FirstElementOrEnd | State::Element, Some(_)) => {
                    let element = self.read_element()?;
                    self.elements_read += 1;
                    self.state = State::CommaOrEnd;
                    return Ok(Some(element));
                }
                (State::FirstElementOrEnd | State::Element | State::CommaOrEnd, None) => {
                    return Err(self.error(
                        "the file ends before the array is closed; expected `]`".to_owned(),
                    ));
                }
                (State::Done, None) => return Ok(None),
                (State::Done, Some(other)) => {
                    return Err(self.error(format!(
                        "expected nothing after the closing `]`, found {}",
                        describe(other)
                    )));
                }
            }
        }
    }

    fn error(&self, message: String) -> ScanError {
        ScanError {
            line: self.line,
            message,
        }
    }

    /// Reads one element starting at the current (significant) byte.
    fn read_element(&mut self) -> Result<RawElement, ScanError> {
        let start_line = self.line;
        let mut bytes = Vec::new();
        let mut depth: u64 = 0;
        let mut in_string = false;
        let mut escaped = false;
        let mut first = true;
        // A bare scalar (not a summary, but it must still be cut out to report it) ends at the
        // first delimiter; containers and strings end at their closing byte.
        let mut scalar = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(io_error(self.line, &e)),
            };
            if buffer.is_empty() {
                if scalar {
                    return Ok(RawElement {
                        line: start_line,
                        bytes,
                    });
                }
                return Err(ScanError {
                    line: self.line,
                    message: format!(
                        "the file ends inside summary {} (which starts on line {start_line}); expected it to be closed",
                        self.elements_read + 1
                    ),
                });
            }
            let mut used = 0;
            let mut newlines = 0;
            let mut complete = false;
            for &byte in buffer {
                if first {
                    first = false;
                    match byte {
                        b'{' | b'[' => depth = 1,
                        b'"' => in_string = true,
                        _ => scalar = true,
                    }
                    used += 1;
                    continue;
                }
                if scalar {
                    if matches!(byte, b',' | b']' | b' ' | b'\t' | b'\r' | b'\n') {
                        complete = true;
                        break;
                    }
                    used += 1;
                    continue;
                }
                used += 1;
                if byte == b'\n' {
                    newlines += 1;
                }
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if byte == b'\\' {
                        escaped = true;
                    } else if byte == b'"' {
                        in_string = false;
                        if depth == 0 {
                            complete = true;
                            break;
                        }
                    }
                    continue;
                }
                match byte {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            complete = true;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            bytes.extend_from_slice(&buffer[..used]);
            self.reader.consume(used);
            self.line += newlines;
            if complete {
                return Ok(RawElement {
                    line: start_line,
                    bytes,
                });
            }
        }
    }
}
