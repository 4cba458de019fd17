//! Strings held by the most numerous nodes in the smallest room: a [`Name`] is 16 bytes and
//! keeps a name of up to 15 bytes in those bytes (most identifiers: no block of its own),
//! a longer one in a boxed `str`; a [`ThinName`] is a pointer to a boxed `str` (8 bytes).
//! Both read as a `str` (`Deref`, `as_str`, comparisons with `str` and `String`) and
//! serialise as one, so a model reads and prints the same as with `String` fields. They exist
//! for the expression arena: an identifier's name as a `String` and a number literal's
//! spelling beside its value made every expression 8 bytes larger (see
//! `tests/model_sizes.rs`), and a block for every identifier's name was, on a 6,000-file
//! repository, 630,000 blocks.
use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

macro_rules! name_type {
    ($name:ident) => {
        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                self.as_str()
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                self.as_str()
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                self.as_str()
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self.as_str(), f)
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl From<&String> for $name {
            fn from(s: &String) -> $name {
                $name::from(s.as_str())
            }
        }

        impl From<$name> for String {
            fn from(n: $name) -> String {
                n.as_str().to_string()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<String> for $name {
            fn eq(&self, other: &String) -> bool {
                self.as_str() == other.as_str()
            }
        }

        impl PartialEq<$name> for str {
            fn eq(&self, other: &$name) -> bool {
                self == other.as_str()
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.as_str()
            }
        }

        impl PartialEq<$name> for String {
            fn eq(&self, other: &$name) -> bool {
                self.as_str() == other.as_str()
            }
        }
    };
}

/// A name: up to [`Name::INLINE`] bytes kept in its own 16 bytes, a longer one in a boxed
/// `str`. Equal, ordered and hashed as its string (so a `str` finds it in a map).
pub struct Name(Repr);

/// The first byte says where the string is: `1..=16`, inline, its length plus one, in the
/// next 15 bytes; [`HEAP`], in a boxed `str` whose length is in the next 7 bytes (as
/// little-endian) and whose address is in the last 8 (or 4). The first byte is a [`Tag`],
/// whose 17 values leave 239 free for the enums holding a name to tell their variants apart
/// (an `Option<Name>`, a member's property and a string literal are 16 bytes too).
#[repr(C, align(8))]
struct Repr {
    tag: Tag,
    bytes: [u8; 15],
}

/// An inline name's length plus one, or [`Tag::Heap`].
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq)]
#[allow(dead_code)] // built by `Tag::of`, never by name
enum Tag {
    L0 = 1,
    L1,
    L2,
    L3,
    L4,
    L5,
    L6,
    L7,
    L8,
    L9,
    L10,
    L11,
    L12,
    L13,
    L14,
    L15,
    Heap = 0xFF,
}

impl Tag {
    const INLINE: [Tag; 16] = [
        Tag::L0,
        Tag::L1,
        Tag::L2,
        Tag::L3,
        Tag::L4,
        Tag::L5,
        Tag::L6,
        Tag::L7,
        Tag::L8,
        Tag::L9,
        Tag::L10,
        Tag::L11,
        Tag::L12,
        Tag::L13,
        Tag::L14,
        Tag::L15,
    ];

    fn get(self) -> u8 {
        self as u8
    }
}

const HEAP: u8 = Tag::Heap as u8;
/// Where a boxed name's address starts within `Repr::bytes` (the struct's 8th byte).
const ADDRESS: usize = 7;
const _: () = assert!(std::mem::size_of::<usize>() <= 8);

impl Name {
    /// The longest name kept inline.
    pub const INLINE: usize = 15;

    pub fn as_str(&self) -> &str {
        let Repr { tag, bytes } = &self.0;
        if tag.get() == HEAP {
            let (ptr, len) = self.heap_parts();
            // SAFETY: a heap name's pointer and length are those of the boxed `str` it owns
            // (see `From<String>`), alive until `Drop`.
            unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(ptr, len)) }
        } else {
            let len = usize::from(tag.get() - 1);
            // SAFETY: the first `len` bytes of an inline name are a `str`'s bytes, copied
            // whole (see `From<&str>`).
            unsafe { std::str::from_utf8_unchecked(&bytes[..len]) }
        }
    }

    fn heap_parts(&self) -> (*mut u8, usize) {
        let bytes = &self.0.bytes;
        let mut len = [0u8; 8];
        len[..ADDRESS].copy_from_slice(&bytes[..ADDRESS]);
        let mut address = [0u8; std::mem::size_of::<usize>()];
        address.copy_from_slice(&bytes[ADDRESS..ADDRESS + std::mem::size_of::<usize>()]);
        (
            usize::from_ne_bytes(address) as *mut u8,
            u64::from_le_bytes(len) as usize,
        )
    }

    fn inline(s: &str) -> Option<Name> {
        if s.len() > Name::INLINE {
            return None;
        }
        let mut bytes = [0u8; 15];
        bytes[..s.len()].copy_from_slice(s.as_bytes());
        let tag = *Tag::INLINE.get(s.len())?;
        Some(Name(Repr { tag, bytes }))
    }

    fn boxed(s: Box<str>) -> Name {
        let len = s.len() as u64;
        let address = Box::into_raw(s) as *mut u8 as usize;
        let mut bytes = [0u8; 15];
        bytes[..ADDRESS].copy_from_slice(&len.to_le_bytes()[..ADDRESS]);
        bytes[ADDRESS..ADDRESS + std::mem::size_of::<usize>()]
            .copy_from_slice(&address.to_ne_bytes());
        Name(Repr {
            tag: Tag::Heap,
            bytes,
        })
    }
}

impl Drop for Name {
    fn drop(&mut self) {
        if self.0.tag.get() == HEAP {
            let (ptr, len) = self.heap_parts();
            // SAFETY: the parts of the boxed `str` this name owns, given back once.
            drop(unsafe {
                Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, len) as *mut str)
            });
        }
    }
}

impl Clone for Name {
    fn clone(&self) -> Name {
        Name::from(self.as_str())
    }
}

impl Default for Name {
    fn default() -> Name {
        Name::from("")
    }
}

impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Hash for Name {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl From<&str> for Name {
    fn from(s: &str) -> Name {
        Name::inline(s).unwrap_or_else(|| Name::boxed(Box::from(s)))
    }
}

impl From<String> for Name {
    fn from(s: String) -> Name {
        Name::inline(&s).unwrap_or_else(|| Name::boxed(s.into_boxed_str()))
    }
}

name_type!(Name);

/// A string behind one thin pointer (8 bytes), for a rare field of a small node.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ThinName(Box<Box<str>>);

impl ThinName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for ThinName {
    fn from(s: String) -> ThinName {
        ThinName(Box::new(s.into_boxed_str()))
    }
}

impl From<&str> for ThinName {
    fn from(s: &str) -> ThinName {
        ThinName::from(s.to_string())
    }
}

name_type!(ThinName);

#[cfg(test)]
mod tests {
    use super::{Name, ThinName};

    #[test]
    fn names_read_and_print_as_the_string() {
        let name = Name::from("users");
        assert_eq!(name.as_str(), "users");
        assert_eq!(name, "users");
        assert_eq!("users", name);
        assert_eq!(name, String::from("users"));
        assert_eq!(format!("{name}"), "users");
        assert_eq!(format!("{name:?}"), format!("{:?}", "users"));
        assert_eq!(serde_json::to_string(&name).unwrap(), "\"users\"");
        assert_eq!(String::from(name.clone()), "users");
        assert!(name.starts_with("us"));

        let raw = ThinName::from(String::from("1_000"));
        assert_eq!(raw, "1_000");
        assert_eq!(serde_json::to_string(&raw).unwrap(), "\"1_000\"");
        assert_eq!(format!("{raw:?}"), format!("{:?}", "1_000"));
        assert_eq!(ThinName::default(), "");
    }

    #[test]
    fn short_names_are_inline_and_long_ones_boxed() {
        use std::collections::{BTreeSet, HashMap};
        let cases = [
            "",
            "a",
            "fifteen_bytes__",
            "sixteen_bytes___",
            "a much longer name than fifteen bytes",
            "naïve_δ",
            "ünïcödé_ñámés_lóng",
        ];
        let mut by_name = HashMap::new();
        for (i, s) in cases.iter().enumerate() {
            let name = Name::from(*s);
            assert_eq!(name.as_str(), *s);
            assert_eq!(name.len(), s.len());
            assert_eq!(Name::from(s.to_string()), *s);
            let copy = name.clone();
            drop(name);
            assert_eq!(copy, *s, "a clone outlives its original");
            by_name.insert(copy, i);
        }
        for (i, s) in cases.iter().enumerate() {
            assert_eq!(by_name.get(*s), Some(&i), "found by its str: {s:?}");
        }
        let sorted: Vec<&str> = cases
            .iter()
            .map(|s| Name::from(*s))
            .collect::<BTreeSet<_>>()
            .iter()
            .map(|n| cases.iter().find(|c| **c == n.as_str()).copied().unwrap())
            .collect();
        let mut expected = cases.to_vec();
        expected.sort();
        assert_eq!(sorted, expected, "ordered as the strings");
        assert_eq!(Name::default(), "");
        assert_eq!(Some(Name::from("x")).as_deref(), Some("x"));
    }

    #[test]
    fn the_wrappers_are_small() {
        assert_eq!(std::mem::size_of::<Name>(), 16);
        assert_eq!(std::mem::size_of::<ThinName>(), 8);
        assert_eq!(std::mem::size_of::<Option<Name>>(), 16);
    }
}
