//! Strings held by the most numerous nodes in the smallest room: a [`Name`] is a boxed `str`
//! (16 bytes, no spare capacity) and a [`ThinName`] a pointer to one (8 bytes). Both read as
//! a `str` (`Deref`, `as_str`, comparisons with `str` and `String`) and serialise as one, so
//! a model reads and prints the same as with `String` fields. They exist for the expression
//! arena: an identifier's name as a `String` and a number literal's spelling beside its value
//! made every expression 8 bytes larger (see `tests/model_sizes.rs`).
use serde::{Serialize, Serializer};
use std::borrow::Borrow;
use std::fmt;
use std::ops::Deref;

macro_rules! name_type {
    ($(#[$doc:meta])* $name:ident, $inner:ty, $wrap:expr) => {
        $(#[$doc])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name($inner);

        impl $name {
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl Borrow<str> for $name {
            fn borrow(&self) -> &str {
                &self.0
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

        impl From<String> for $name {
            fn from(s: String) -> $name {
                let wrap: fn(String) -> $inner = $wrap;
                $name(wrap(s))
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> $name {
                $name::from(s.to_string())
            }
        }

        impl From<&String> for $name {
            fn from(s: &String) -> $name {
                $name::from(s.clone())
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

name_type!(
    /// A name held as a boxed `str`: 16 bytes beside a `String`'s 24, and no spare capacity.
    Name,
    Box<str>,
    String::into_boxed_str
);

name_type!(
    /// A string behind one thin pointer (8 bytes), for a rare field of a small node.
    ThinName,
    Box<Box<str>>,
    |s| Box::new(s.into_boxed_str())
);

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
    fn the_wrappers_are_small() {
        assert_eq!(std::mem::size_of::<Name>(), 16);
        assert_eq!(std::mem::size_of::<ThinName>(), 8);
        assert_eq!(std::mem::size_of::<Option<Name>>(), 16);
    }
}
