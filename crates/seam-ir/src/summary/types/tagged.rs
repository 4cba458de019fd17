//! The one way seam spells a JSON union discriminated by a tag field (`type`, `class`, `name`).
//!
//! Serde's derived internally-tagged enums reject a tag they do not know, and the format says a
//! consumer must keep reading when a newer producer adds an output type, an effect type, an
//! interaction class or a semantics variant. So each union is generated here: known tags
//! deserialize into their typed variant (errors in a known variant are still errors), and an
//! *open* union keeps an unknown tag as `Other(raw JSON)` and writes it back unchanged. A
//! *closed* union rejects an unknown tag with a message naming the tags it accepts.

use serde_json::Value;

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

        impl<'de> serde::Deserialize<'de> for $name {
            #[allow(unreachable_code)]
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error as _;
                let value = <serde_json::Value as serde::Deserialize>::deserialize(deserializer)?;
                let tag = $crate::summary::types::tagged::read_tag(&value, $tag_key)
                    .map_err(|why| D::Error::custom(format!("{} {why}", stringify!($name))))?;
                match tag {
                    $( $ttag => serde_json::from_value::<$tty>(value)
                        .map(Self::$tvariant)
                        .map_err(|e| D::Error::custom(format!("{} `{}`: {e}", $tag_key, $ttag))), )*
                    $( $utag => Ok(Self::$uvariant), )*
                    unknown => {
                        $( let _ = unknown; return Ok(Self::$other(value)); )?
                        let known: &[&str] = &[$( $ttag, )* $( $utag, )*];
                        Err(D::Error::custom(format!(
                            "{} `{}` is \"{}\", expected one of: {}",
                            stringify!($name), $tag_key, unknown, known.join(", ")
                        )))
                    }
                }
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
