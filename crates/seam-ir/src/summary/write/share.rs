//! Value sharing for v7 files: which objects and arrays are written once and referred to after.
//!
//! The rule, applied in document order over the whole file: an object or array (never a whole
//! summary) that is structurally equal to one written earlier, and whose compact JSON is 32 or
//! more characters, becomes `{"$ref":n}`; its first appearance is written as
//! `{"$def":n,"$value":v}`, numbered from 1 in order of first appearance.
//!
//! Nesting, decided to stay simple and deterministic: the value inside a `$def` is written like
//! any other value, so a part of it that also repeats elsewhere gets its own `$def` there and is
//! a `$ref` later. A later copy of a shared value is a single `$ref` and is not looked into, so
//! only occurrences that are actually written count as appearances. This is why appearances
//! are counted by walking each summary the way the writer will, descending into each distinct
//! value at its first appearance only: no `$def` is ever written without a `$ref` to it later.
//!
//! How, in one serialisation per summary: [`Capture`] is a serde_json formatter that writes
//! the compact JSON into a buffer and, as each object or array closes, knows its length (in
//! UTF-16 code units, as JavaScript's `JSON.stringify(v).length` counts it). A closed value of
//! 32 or more is interned ([`Interner`]): its text, in which each large child is already a
//! 5-byte token naming that child's id, is looked up by exact bytes, so equal values get the
//! same id with no chance of a hash collision, and the buffer keeps only the token. What a
//! summary leaves is its top-level text with tokens; the interner holds each distinct large
//! value once. Writing then expands tokens, choosing `$def`, `$ref` or in full by the counts.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};

/// Values shorter than this are written in full every time.
pub const MIN_SHARED_LENGTH: u64 = 32;

/// Starts a token in a captured text. Never a byte of UTF-8, so never a byte of JSON text.
const TOKEN: u8 = 0xFF;
const TOKEN_LENGTH: usize = 5;

fn push_token(text: &mut Vec<u8>, id: u32) {
    text.push(TOKEN);
    text.extend_from_slice(&id.to_le_bytes());
}

/// Splits a captured text into JSON runs and value ids, in order.
fn for_each_part(text: &[u8], mut part: impl FnMut(Part<'_>) -> io::Result<()>) -> io::Result<()> {
    let mut rest = text;
    while let Some(at) = rest.iter().position(|&b| b == TOKEN) {
        if at > 0 {
            part(Part::Json(&rest[..at]))?;
        }
        let id = rest
            .get(at + 1..at + TOKEN_LENGTH)
            .and_then(|bytes| <[u8; 4]>::try_from(bytes).ok())
            .map(u32::from_le_bytes)
            .ok_or_else(|| bug("a captured value ends inside a token"))?;
        part(Part::Value(id))?;
        rest = &rest[at + TOKEN_LENGTH..];
    }
    if !rest.is_empty() {
        part(Part::Json(rest))?;
    }
    Ok(())
}

enum Part<'a> {
    Json(&'a [u8]),
    Value(u32),
}

fn bug(what: &str) -> io::Error {
    io::Error::other(format!("{what}; this is a bug in seam"))
}

/// Hashes a whole key once; the map then uses that hash as is.
#[derive(Default)]
struct PrehashedKey(u64);

impl Hasher for PrehashedKey {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only u64 keys are hashed here; this keeps the trait's contract for anything else.
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// A fast 64-bit hash of a captured text. Only speed depends on it: lookups compare bytes.
fn text_hash(bytes: &[u8]) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut hash = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut array = [0u8; 8];
        array.copy_from_slice(word);
        hash = (hash.rotate_left(23) ^ u64::from_le_bytes(array)).wrapping_mul(K);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    hash = (hash.rotate_left(23) ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    // Final avalanche (murmur3's fmix64) so the low bits the table uses depend on every byte.
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

const NO_ID: u32 = u32::MAX;

/// Every distinct large value of the file, by id, with how often it is written.
#[derive(Default)]
struct Interner {
    /// The captured texts, one after another.
    arena: Vec<u8>,
    /// Where each id's text lies in `arena`.
    spans: Vec<(usize, usize)>,
    /// Same-hash chains: the id interned before this one with the same hash.
    next_same_hash: Vec<u32>,
    /// Hash of a text to the last id interned with that hash, and where its text lies (kept
    /// here too so that a lookup touches one table, not two).
    by_hash: HashMap<u64, (u32, usize, usize), BuildHasherDefault<PrehashedKey>>,
    /// Appearances, counted as the writer will write them.
    appearances: Vec<u32>,
}

impl Interner {
    fn text(&self, id: u32) -> &[u8] {
        self.spans
            .get(id as usize)
            .and_then(|&(start, length)| self.arena.get(start..start + length))
            .unwrap_or(&[])
    }

    fn intern(&mut self, text: &[u8]) -> io::Result<u32> {
        let hash = text_hash(text);
        let head = match self.by_hash.get(&hash) {
            Some(&(id, start, length)) => {
                if self.arena.get(start..start + length) == Some(text) {
                    return Ok(id);
                }
                id
            }
            None => NO_ID,
        };
        let mut candidate = head;
        while candidate != NO_ID {
            if self.text(candidate) == text {
                return Ok(candidate);
            }
            candidate = self.next_same_hash[candidate as usize];
        }
        let id = u32::try_from(self.spans.len())
            .ok()
            .filter(|id| *id != NO_ID)
            .ok_or_else(|| {
                io::Error::other(
                    "more than 4 billion distinct values to share; write this file expanded",
                )
            })?;
        let span = (self.arena.len(), text.len());
        self.spans.push(span);
        self.arena.extend_from_slice(text);
        self.next_same_hash.push(head);
        self.appearances.push(0);
        self.by_hash.insert(hash, (id, span.0, span.1));
        Ok(id)
    }

    /// Counts the values written in `text`, descending into each only the first time. Each
    /// value is looked into once whatever the order, so the counts equal the writer's walk.
    fn count(&mut self, text: &[u8]) -> io::Result<()> {
        let mut pending = Vec::new();
        collect_ids(text, &mut pending)?;
        while let Some(id) = pending.pop() {
            let seen = self
                .appearances
                .get_mut(id as usize)
                .ok_or_else(|| bug("a token names no captured value"))?;
            *seen = seen.saturating_add(1);
            if *seen == 1 {
                collect_ids(self.text(id), &mut pending)?;
            }
        }
        Ok(())
    }
}

fn collect_ids(text: &[u8], ids: &mut Vec<u32>) -> io::Result<()> {
    for_each_part(text, |part| {
        if let Part::Value(id) = part {
            ids.push(id);
        }
        Ok(())
    })
}

/// A serde_json formatter that writes compact JSON into `state.text` and interns each large
/// value as it closes (see the module docs). It ignores the writer serde_json hands it.
struct Capture<'a> {
    interner: &'a mut Interner,
    state: &'a mut CaptureState,
}

#[derive(Default)]
struct CaptureState {
    text: Vec<u8>,
    /// Bytes of JSON that tokens in `text` stand for, beyond the tokens' own bytes.
    hidden: u64,
    /// Of the JSON produced so far, how many more UTF-8 bytes than UTF-16 code units.
    wide: u64,
    /// Per open object or array: where it starts in `text`, `hidden` and `wide` at its start.
    open: Vec<(usize, u64, u64)>,
}

impl Capture<'_> {
    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        self.state.text.extend_from_slice(bytes);
    }

    #[inline]
    fn count_wide(&mut self, fragment: &str) {
        if !fragment.is_ascii() {
            let utf16: usize = fragment.chars().map(char::len_utf16).sum();
            self.state.wide += (fragment.len() - utf16) as u64;
        }
    }

    #[inline]
    fn put_with(&mut self, write: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> io::Result<()> {
        write(&mut self.state.text)
    }

    #[inline]
    fn begin(&mut self, byte: u8) {
        let state = &mut *self.state;
        state
            .open
            .push((state.text.len(), state.hidden, state.wide));
        state.text.push(byte);
    }

    fn end(&mut self, byte: u8) -> io::Result<()> {
        let state = &mut *self.state;
        state.text.push(byte);
        let (start, hidden, wide) = state
            .open
            .pop()
            .ok_or_else(|| bug("a value closes that never opened"))?;
        // The summary itself is never shared: it stays in `text`.
        if state.open.is_empty() {
            return Ok(());
        }
        let bytes = (state.text.len() - start) as u64 + (state.hidden - hidden);
        if bytes - (state.wide - wide) < MIN_SHARED_LENGTH {
            return Ok(());
        }
        let id = self.interner.intern(&state.text[start..])?;
        state.hidden += (state.text.len() - start).saturating_sub(TOKEN_LENGTH) as u64;
        state.text.truncate(start);
        push_token(&mut state.text, id);
        Ok(())
    }
}

/// Serde hands every byte of output to the formatter; each method writes it into `text`.
impl Formatter for Capture<'_> {
    fn write_null<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.put(b"null");
        Ok(())
    }
    fn write_bool<W: ?Sized + Write>(&mut self, _: &mut W, value: bool) -> io::Result<()> {
        self.put(if value { b"true" } else { b"false" });
        Ok(())
    }
    fn write_i8<W: ?Sized + Write>(&mut self, _: &mut W, value: i8) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_i8(out, value))
    }
    fn write_i16<W: ?Sized + Write>(&mut self, _: &mut W, value: i16) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_i16(out, value))
    }
    fn write_i32<W: ?Sized + Write>(&mut self, _: &mut W, value: i32) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_i32(out, value))
    }
    fn write_i64<W: ?Sized + Write>(&mut self, _: &mut W, value: i64) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_i64(out, value))
    }
    fn write_i128<W: ?Sized + Write>(&mut self, _: &mut W, value: i128) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_i128(out, value))
    }
    fn write_u8<W: ?Sized + Write>(&mut self, _: &mut W, value: u8) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_u8(out, value))
    }
    fn write_u16<W: ?Sized + Write>(&mut self, _: &mut W, value: u16) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_u16(out, value))
    }
    fn write_u32<W: ?Sized + Write>(&mut self, _: &mut W, value: u32) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_u32(out, value))
    }
    fn write_u64<W: ?Sized + Write>(&mut self, _: &mut W, value: u64) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_u64(out, value))
    }
    fn write_u128<W: ?Sized + Write>(&mut self, _: &mut W, value: u128) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_u128(out, value))
    }
    fn write_f32<W: ?Sized + Write>(&mut self, _: &mut W, value: f32) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_f32(out, value))
    }
    fn write_f64<W: ?Sized + Write>(&mut self, _: &mut W, value: f64) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_f64(out, value))
    }
    fn write_number_str<W: ?Sized + Write>(&mut self, _: &mut W, value: &str) -> io::Result<()> {
        self.put(value.as_bytes());
        Ok(())
    }
    fn begin_string<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.put(b"\"");
        Ok(())
    }
    fn end_string<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.put(b"\"");
        Ok(())
    }
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        _: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        self.count_wide(fragment);
        self.put(fragment.as_bytes());
        Ok(())
    }
    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        _: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        self.put_with(|out| CompactFormatter.write_char_escape(out, escape))
    }
    fn write_byte_array<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        value: &[u8],
    ) -> io::Result<()> {
        self.begin_array(writer)?;
        for (i, byte) in value.iter().enumerate() {
            self.begin_array_value(writer, i == 0)?;
            self.write_u8(writer, *byte)?;
            self.end_array_value(writer)?;
        }
        self.end_array(writer)
    }
    fn begin_array<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.begin(b'[');
        Ok(())
    }
    fn end_array<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.end(b']')
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, _: &mut W, first: bool) -> io::Result<()> {
        if !first {
            self.put(b",");
        }
        Ok(())
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
    fn begin_object<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.begin(b'{');
        Ok(())
    }
    fn end_object<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.end(b'}')
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, _: &mut W, first: bool) -> io::Result<()> {
        if !first {
            self.put(b",");
        }
        Ok(())
    }
    fn end_object_key<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.put(b":");
        Ok(())
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
    fn write_raw_fragment<W: ?Sized + Write>(
        &mut self,
        _: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        // Raw JSON is opaque to the formatter: its length is counted, its inside never shared.
        self.count_wide(fragment);
        self.put(fragment.as_bytes());
        Ok(())
    }
}

/// Builds a shared v7 file: add every summary in order, then write. Holds each distinct large
/// value once and each summary's own remainder, so the typed summaries may be dropped as they
/// are added.
#[derive(Default)]
pub struct SharedFileBuilder {
    interner: Interner,
    /// Every summary's top-level captured text, one after another.
    summaries: Vec<u8>,
    /// Where each summary's text ends in `summaries`.
    ends: Vec<usize>,
    /// Reused between summaries.
    capture: CaptureState,
}

impl SharedFileBuilder {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many summaries have been added.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds the next summary of the file. Any serialisable value is accepted; the format
    /// wants a [`crate::summary::BehavioralSummary`].
    pub fn add<T: Serialize + ?Sized>(&mut self, summary: &T) -> io::Result<()> {
        let state = &mut self.capture;
        state.text.clear();
        state.open.clear();
        state.hidden = 0;
        state.wide = 0;
        let capture = Capture {
            interner: &mut self.interner,
            state,
        };
        summary
            .serialize(&mut serde_json::Serializer::with_formatter(
                io::sink(),
                capture,
            ))
            .map_err(io::Error::other)?;
        if !self.capture.open.is_empty() {
            return Err(bug("a summary's JSON did not close"));
        }
        self.interner.count(&self.capture.text)?;
        self.summaries.extend_from_slice(&self.capture.text);
        self.ends.push(self.summaries.len());
        Ok(())
    }

    /// Writes the whole file: `[`, one summary per line, `]`.
    pub fn write_to<W: Write>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(b"[\n")?;
        let mut numbers = vec![0u64; self.interner.spans.len()];
        let mut next_number = 1u64;
        let mut line = Vec::new();
        let mut start = 0;
        for (index, &end) in self.ends.iter().enumerate() {
            if index > 0 {
                out.write_all(b",\n")?;
            }
            line.clear();
            self.emit(
                &self.summaries[start..end],
                &mut numbers,
                &mut next_number,
                &mut line,
            )?;
            out.write_all(&line)?;
            start = end;
        }
        if !self.ends.is_empty() {
            out.write_all(b"\n")?;
        }
        out.write_all(b"]\n")
    }

    fn emit(
        &self,
        text: &[u8],
        numbers: &mut [u64],
        next_number: &mut u64,
        out: &mut Vec<u8>,
    ) -> io::Result<()> {
        for_each_part(text, |part| match part {
            Part::Json(json) => {
                out.extend_from_slice(json);
                Ok(())
            }
            Part::Value(id) => {
                let slot = id as usize;
                let number = numbers
                    .get(slot)
                    .copied()
                    .ok_or_else(|| bug("a token names no captured value"))?;
                if number != 0 {
                    write!(out, "{{\"$ref\":{number}}}")?;
                    return Ok(());
                }
                if self.interner.appearances.get(slot).copied().unwrap_or(0) >= 2 {
                    let number = *next_number;
                    *next_number += 1;
                    numbers[slot] = number;
                    write!(out, "{{\"$def\":{number},\"$value\":")?;
                    self.emit(self.interner.text(id), numbers, next_number, out)?;
                    out.push(b'}');
                    Ok(())
                } else {
                    self.emit(self.interner.text(id), numbers, next_number, out)
                }
            }
        })
    }
}
