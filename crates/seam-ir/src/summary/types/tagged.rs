//! The one way seam spells a JSON union discriminated by a tag field (`type`, `class`, `name`).
//!
//! Serde's derived internally-tagged enums reject a tag they do not know, and the format says a
//! consumer must keep reading when a newer producer adds an output type, an effect type, an
//! interaction class or a semantics variant. So each union is generated here: known tags
//! deserialize into their typed variant (errors in a known variant are still errors), and an
//! *open* union keeps an unknown tag as `Other(raw JSON)` and writes it back unchanged. A
//! *closed* union rejects an unknown tag with a message naming the tags it accepts.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{DeserializeSeed, Error as _, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The JSON Schema of one variant: an object whose tag field is `tag`, plus the fields of `fields`.
pub(crate) fn variant_schema(tag_key: &str, tag: &str, fields: Option<schemars::Schema>) -> Value {
    let mut schema = serde_json::json!({
        "type": "object",
        "properties": { tag_key: { "const": tag } },
        "required": [tag_key],
    });
    if let (Some(fields), Some(object)) = (fields, schema.as_object_mut()) {
        object.insert("allOf".to_owned(), Value::Array(vec![fields.to_value()]));
    }
    schema
}

/// What a tagged value says its tag is, or a sentence saying why it has none.
pub(crate) fn read_tag<'v>(value: &'v Value, tag_key: &str) -> Result<&'v str, String> {
    match value {
        Value::Object(map) => match map.get(tag_key) {
            Some(Value::String(tag)) => Ok(tag),
            Some(other) => Err(format!("`{tag_key}` should be a string, found {other}")),
            None => Err(format!("missing field `{tag_key}`")),
        },
        other => Err(format!(
            "expected an object with a `{tag_key}` field, found {}",
            json_kind(other)
        )),
    }
}

/// "a string", "an array", …: for error sentences.
pub(crate) fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// What the generated unions share; [`deserialize_tagged`] drives it.
pub(crate) trait TaggedUnion: Sized {
    const NAME: &'static str;
    const TAG_KEY: &'static str;
    /// Reads the variant `tag` from the object's fields after the tag.
    fn read_variant<'de, M: MapAccess<'de>>(tag: &str, rest: M) -> Result<Self, M::Error>;
    /// Reads a whole object whose tag is not its first field.
    fn from_object(value: Value) -> Result<Self, String>;
}

/// Reads a tagged union in one pass when the tag is the object's first field, as every writer
/// of the format puts it: the variant's struct then reads the remaining fields straight from
/// the input. Otherwise the object is gathered into a [`Value`] first and read from that; the
/// result and every error message are the same either way. (When a tag is written twice in
/// one object, the one-pass read goes by the first, the gathered read by the last.)
pub(crate) fn deserialize_tagged<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: TaggedUnion,
{
    deserializer.deserialize_any(TaggedVisitor(PhantomData))
}

struct TaggedVisitor<T>(PhantomData<T>);

impl<T: TaggedUnion> TaggedVisitor<T> {
    fn not_an_object<E: serde::de::Error>(kind: &str) -> E {
        E::custom(format!(
            "{} expected an object with a `{}` field, found {kind}",
            T::NAME,
            T::TAG_KEY
        ))
    }
}

impl<'de, T: TaggedUnion> Visitor<'de> for TaggedVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "an object with a `{}` field", T::TAG_KEY)
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<T, E> {
        Err(Self::not_an_object("a boolean"))
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<T, E> {
        Err(Self::not_an_object("a number"))
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<T, E> {
        Err(Self::not_an_object("a number"))
    }
    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<T, E> {
        // A Value holds a non-finite float as null.
        Err(Self::not_an_object(if value.is_finite() {
            "a number"
        } else {
            "null"
        }))
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<T, E> {
        Err(Self::not_an_object("a string"))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<T, E> {
        Err(Self::not_an_object("null"))
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<T, E> {
        Err(Self::not_an_object("null"))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, _: A) -> Result<T, A::Error> {
        Err(Self::not_an_object("an array"))
    }

    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<T, M::Error> {
        match map.next_key_seed(FirstKey(T::TAG_KEY))? {
            None => Err(M::Error::custom(format!(
                "{} missing field `{}`",
                T::NAME,
                T::TAG_KEY
            ))),
            Some(None) => match map.next_value::<TagText<'de>>()? {
                TagText::Text(tag) => T::read_variant(&tag, map),
                TagText::NotText(other) => Err(M::Error::custom(format!(
                    "{} `{}` should be a string, found {other}",
                    T::NAME,
                    T::TAG_KEY
                ))),
            },
            Some(Some(first_key)) => {
                let mut object = Map::new();
                object.insert(first_key, map.next_value::<Value>()?);
                while let Some((key, value)) = map.next_entry::<String, Value>()? {
                    object.insert(key, value);
                }
                T::from_object(Value::Object(object)).map_err(M::Error::custom)
            }
        }
    }
}

/// Reads an object key: `None` when it is the tag key, else the key itself.
struct FirstKey(&'static str);

impl<'de> DeserializeSeed<'de> for FirstKey {
    type Value = Option<String>;
    fn deserialize<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for FirstKey {
    type Value = Option<String>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok((key != self.0).then(|| key.to_owned()))
    }
    fn visit_string<E: serde::de::Error>(self, key: String) -> Result<Self::Value, E> {
        Ok((key != self.0).then_some(key))
    }
}

/// A tag's value: text, borrowed from the input when it can be, or whatever else was there.
enum TagText<'de> {
    Text(Cow<'de, str>),
    NotText(Value),
}

impl<'de> Deserialize<'de> for TagText<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(TagTextVisitor)
    }
}

struct TagTextVisitor;

impl<'de> Visitor<'de> for TagTextVisitor {
    type Value = TagText<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(TagText::Text(Cow::Borrowed(text)))
    }
    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(TagText::Text(Cow::Owned(text.to_owned())))
    }
    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Self::Value, E> {
        Ok(TagText::Text(Cow::Owned(text)))
    }
    fn visit_bool<E: serde::de::Error>(self, value: bool) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::Bool(value)))
    }
    fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::from(value)))
    }
    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::from(value)))
    }
    fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::from(value)))
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::Null))
    }
    fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
        Ok(TagText::NotText(Value::Null))
    }
    fn visit_some<D: serde::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        Value::deserialize(deserializer).map(TagText::NotText)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(TagText::NotText)
    }
    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Self::Value, M::Error> {
        Value::deserialize(MapAccessDeserializer::new(map)).map(TagText::NotText)
    }
}

/// Reads and drops the remaining fields of an object (a unit variant ignores them).
pub(crate) fn skip_fields<'de, M: MapAccess<'de>>(map: &mut M) -> Result<(), M::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// The whole object of an unknown variant, tag first, for an open union to keep.
pub(crate) fn rebuild_object<'de, M: MapAccess<'de>>(
    tag_key: &str,
    tag: &str,
    mut rest: M,
) -> Result<Value, M::Error> {
    let mut object = Map::new();
    object.insert(tag_key.to_owned(), Value::String(tag.to_owned()));
    while let Some((key, value)) = rest.next_entry::<String, Value>()? {
        object.insert(key, value);
    }
    Ok(Value::Object(object))
}

/// Generates a tagged union. `typed` variants carry a struct holding the other fields; `unit`
/// variants carry none. With `other = Other;` the union is open (see the module docs).
macro_rules! tagged_union {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            tag = $tag_key:literal;
            $(other = $other:ident;)?
            typed {
                $( $(#[$tmeta:meta])* $ttag:literal => $tvariant:ident($tty:ty), )*
            }
            unit {
                $( $(#[$umeta:meta])* $utag:literal => $uvariant:ident, )*
            }
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        pub enum $name {
            $( $(#[$tmeta])* $tvariant($tty), )*
            $( $(#[$umeta])* $uvariant, )*
            $(
                /// A tag from a newer producer, kept exactly as written.
                $other(serde_json::Value),
            )?
        }

        impl $name {
            /// The tag field's value as written (for an unknown variant, the raw tag).
            pub fn tag(&self) -> &str {
                match self {
                    $( Self::$tvariant(_) => $ttag, )*
                    $( Self::$uvariant => $utag, )*
                    $( Self::$other(raw) => raw.get($tag_key).and_then(serde_json::Value::as_str).unwrap_or(""), )?
                }
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                #[derive(serde::Serialize)]
                #[serde(tag = $tag_key)]
                enum Tagged<'a> {
                    $( #[serde(rename = $ttag)] $tvariant(&'a $tty), )*
                    $( #[serde(rename = $utag)] $uvariant, )*
                    #[serde(skip)]
                    #[allow(dead_code)]
                    Unused(std::marker::PhantomData<&'a ()>),
                }
                let tagged = match self {
                    $( Self::$tvariant(inner) => Tagged::$tvariant(inner), )*
                    $( Self::$uvariant => Tagged::$uvariant, )*
                    $( Self::$other(raw) => return serde::Serialize::serialize(raw, serializer), )?
                };
                serde::Serialize::serialize(&tagged, serializer)
            }
        }

        impl $crate::summary::types::tagged::TaggedUnion for $name {
            const NAME: &'static str = stringify!($name);
            const TAG_KEY: &'static str = $tag_key;

            #[allow(unreachable_code, unused_mut)]
            fn read_variant<'de, M: serde::de::MapAccess<'de>>(
                tag: &str,
                mut rest: M,
            ) -> Result<Self, M::Error> {
                use serde::de::Error as _;
                match tag {
                    $( $ttag => <$tty as serde::Deserialize>::deserialize(
                            serde::de::value::MapAccessDeserializer::new(rest),
                        )
                        .map(Self::$tvariant)
                        .map_err(|e| M::Error::custom(format!("{} `{}`: {e}", $tag_key, $ttag))), )*
                    $( $utag => {
                        $crate::summary::types::tagged::skip_fields(&mut rest)?;
                        Ok(Self::$uvariant)
                    } )*
                    unknown => {
                        $( return $crate::summary::types::tagged::rebuild_object($tag_key, unknown, rest)
                            .map(Self::$other); )?
                        Err(M::Error::custom(Self::unknown_tag(unknown)))
                    }
                }
            }

            #[allow(unreachable_code)]
            fn from_object(value: serde_json::Value) -> Result<Self, String> {
                let tag = $crate::summary::types::tagged::read_tag(&value, $tag_key)
                    .map_err(|why| format!("{} {why}", stringify!($name)))?;
                match tag {
                    $( $ttag => serde_json::from_value::<$tty>(value)
                        .map(Self::$tvariant)
                        .map_err(|e| format!("{} `{}`: {e}", $tag_key, $ttag)), )*
                    $( $utag => Ok(Self::$uvariant), )*
                    unknown => {
                        $( let _ = unknown; return Ok(Self::$other(value)); )?
                        Err(Self::unknown_tag(unknown))
                    }
                }
            }
        }

        impl $name {
            fn unknown_tag(unknown: &str) -> String {
                let known: &[&str] = &[$( $ttag, )* $( $utag, )*];
                format!(
                    "{} `{}` is \"{}\", expected one of: {}",
                    stringify!($name), $tag_key, unknown, known.join(", ")
                )
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::summary::types::tagged::deserialize_tagged(deserializer)
            }
        }

        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                let variants: Vec<serde_json::Value> = vec![
                    $( $crate::summary::types::tagged::variant_schema(
                        $tag_key, $ttag, Some(generator.subschema_for::<$tty>())), )*
                    $( $crate::summary::types::tagged::variant_schema($tag_key, $utag, None), )*
                ];
                schemars::json_schema!({ "oneOf": variants })
            }
        }
    };
}

/// Generates a string enum; with `other = Other;` an unknown string is kept as `Other(String)`.
macro_rules! string_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(other = $other:ident;)?
            $( $(#[$vmeta:meta])* $text:literal => $variant:ident, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )+
            $(
                /// A value from a newer producer, kept exactly as written.
                $other(String),
            )?
        }

        impl $name {
            /// Every value this build knows, in the spec's order.
            pub const KNOWN: &'static [&'static str] = &[$( $text, )+];

            /// The wire spelling.
            pub fn as_str(&self) -> &str {
                match self {
                    $( Self::$variant => $text, )+
                    $( Self::$other(raw) => raw, )?
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            #[allow(unreachable_code)]
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error as _;
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                match text.as_ref() {
                    $( $text => Ok(Self::$variant), )+
                    _ => {
                        $( return Ok(Self::$other(text.into_owned())); )?
                        Err(D::Error::custom(format!(
                            "{} is \"{}\", expected one of: {}",
                            stringify!($name), text, Self::KNOWN.join(", ")
                        )))
                    }
                }
            }
        }

        impl schemars::JsonSchema for $name {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($name).into()
            }

            fn json_schema(_generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
                schemars::json_schema!({ "type": "string", "enum": Self::KNOWN })
            }
        }
    };
}

pub(crate) use string_enum;
pub(crate) use tagged_union;
